/*
 * test-view-table.c - the table screens drawn into 80x24 and larger grids,
 * checked for what a person would see: coordinates on every side, stones,
 * the marks, a four-player board from each seat, the panel's texts, the
 * create form.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/stone.h"
#include "engine/yonin.h"
#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-table.h"

static char err[GAME_ERR_LEN];

/* Row y as UTF-8 (pads left out). */
static const char *
row_text(const struct grid *g, int y)
{
	static char out[8192];
	size_t len = 0;

	for (int x = 0; x < g->sx; x++) {
		const struct grid_cell *c = grid_get(g, x, y);

		if (c->ch != GRID_PAD)
			len += (size_t)utf8_encode(c->ch, out + len);
	}
	out[len] = '\0';
	return out;
}

/* The row where text shows, or -1. */
static int
find_row(const struct grid *g, const char *text)
{
	for (int y = 0; y < g->sy; y++) {
		if (strstr(row_text(g, y), text) != NULL)
			return y;
	}
	return -1;
}

static void
dump(const struct grid *g)
{
	for (int y = 0; y < g->sy; y++)
		fprintf(stderr, "%2d|%s|\n", y, row_text(g, y));
}

static uint32_t
ch_at(const struct grid *g, int x, int y)
{
	const struct grid_cell *c = grid_get(g, x, y);

	return c != NULL ? c->ch : 0;
}

static struct game *
stone_game(const char *variant, const char *opt, const char *const *moves,
    int n)
{
	char *o[1] = { (char *)opt };
	struct game *gm = game_new(variant, opt != NULL ? 1 : 0, o, err,
	    sizeof err);

	ck_assert_msg(gm != NULL, "%s", err);
	for (int i = 0; i < n; i++) {
		struct game_status st;

		gm->variant->status(gm, &st);
		ck_assert_msg(game_play_text(gm, st.to_move ? "white" : "black",
		    moves[i], err, sizeof err) == 0, "%s: %s", moves[i], err);
	}
	return gm;
}

static void
table_fill(struct view_table *v, struct game *gm, int yonin)
{
	static const char *names[] = { "alice", "bob", "carol", "dave" };
	static const char *sides2[] = { "black", "white" };
	static const char *sides4[] = { "S", "W", "N", "E" };

	memset(v, 0, sizeof *v);
	v->chrome.hall = "gamehall";
	v->chrome.screen = "Table K7P3Q";
	v->chrome.who = "alice";
	v->chrome.online = 2;
	v->chrome.hints = "arrows move  Enter place  Esc lobby";
	v->code = "K7P3Q";
	v->variant = gm->variant->name;
	v->options = "";
	v->share = "ssh -p 2222 -t localhost join K7P3Q";
	v->nseats = yonin ? 4 : 2;
	for (int i = 0; i < v->nseats; i++) {
		v->seat[i].name = names[i];
		v->seat[i].side = yonin ? sides4[i] : sides2[i];
	}
	v->board.game = gm;
	v->board.cursor = -1;
	v->board.selected = -1;
	v->board.hand_seat = -1;
	v->yonin = yonin;
	for (int i = 0; i < 4; i++)
		v->board.names[i] = names[i];
}

/* Where a stone point was drawn (the board at 1,1, as view-table puts
 * it). */
static void
point_at(struct view_table *v, const char *point, int *x, int *y)
{
	const struct stone_board *b = stone_game_board(v->board.game);
	int p = stone_point_parse(b->size, point);

	ck_assert_int_ge(p, 0);
	ck_assert_int_eq(view_board_stone_cell(&v->board, 1, 1, p, x, y), 0);
}

START_TEST(stone_15_in_80x24)
{
	static const char *const mv[] = { "h8", "h9", "i8" };
	struct game *gm = stone_game("gomoku", NULL, mv, 3);
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	int x, y, top, bottom;

	table_fill(&v, gm, 0);
	v.board.cursor = stone_point_parse(15, "j10");
	v.board.show_cursor = 1;
	v.state = "bob to move";
	view_table_draw(g, &v, NULL);
	/* Columns a..o above and below, rows 15..1 on both sides. */
	top = find_row(g, "a b c d e f g h i j k l m n o");
	ck_assert_int_eq(top, 1);
	bottom = top + 16;
	ck_assert_ptr_nonnull(strstr(row_text(g, bottom),
	    "a b c d e f g h i j k l m n o"));
	ck_assert_ptr_nonnull(strstr(row_text(g, top + 1), "15 ┌"));
	ck_assert_ptr_nonnull(strstr(row_text(g, top + 1), "┐ 15"));
	ck_assert_ptr_nonnull(strstr(row_text(g, bottom - 1), " 1 └"));
	ck_assert_ptr_nonnull(strstr(row_text(g, bottom - 1), "┘  1"));
	/* The stones where the coordinates say, the last one in ( ). */
	point_at(&v, "h8", &x, &y);
	ck_assert_uint_eq(ch_at(g, x, y), 0x25cf);
	ck_assert_ptr_nonnull(strstr(row_text(g, y), " 8 "));
	point_at(&v, "h9", &x, &y);
	ck_assert_uint_eq(ch_at(g, x, y), 0x25cb);
	point_at(&v, "i8", &x, &y);
	ck_assert_uint_eq(ch_at(g, x, y), 0x25cf);
	ck_assert_uint_eq(ch_at(g, x - 1, y), '(');
	ck_assert_uint_eq(ch_at(g, x + 1, y), ')');
	/* The cursor: [ ] and the terminal's cursor on it. */
	point_at(&v, "j10", &x, &y);
	ck_assert_uint_eq(ch_at(g, x - 1, y), '[');
	ck_assert_uint_eq(ch_at(g, x + 1, y), ']');
	ck_assert_int_eq(g->cx, x);
	ck_assert_int_eq(g->cy, y);
	ck_assert_int_eq(g->cursor_visible, 1);
	/* The panel and the share line. */
	ck_assert_int_ge(find_row(g, "● alice"), 1);
	ck_assert_int_ge(find_row(g, "bob to move"), 1);
	ck_assert_int_eq(find_row(g, "Share: ssh -p 2222 -t localhost join "
	    "K7P3Q"), 22);
	ck_assert_ptr_nonnull(strstr(row_text(g, 23), "Enter place"));
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(stone_19_fits_80x24)
{
	static const char *const mv[] = { "a1", "s19", "j10" };
	struct game *gm = stone_game("gomoku", "size=19", mv, 3);
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	int x, y;

	table_fill(&v, gm, 0);
	v.result = "black (alice) wins: five";
	view_table_draw(g, &v, NULL);
	ck_assert_int_eq(find_row(g, "a b c d e f g h i j k l m n o p q r s"),
	    1);
	ck_assert_ptr_nonnull(strstr(row_text(g, 21),
	    "a b c d e f g h i j k l m n o p q r s"));
	ck_assert_ptr_nonnull(strstr(row_text(g, 2), "19 "));
	ck_assert_ptr_nonnull(strstr(row_text(g, 20), " 1 "));
	point_at(&v, "a1", &x, &y);
	ck_assert_int_eq(y, 20);
	ck_assert_uint_eq(ch_at(g, x, y), 0x25cf);
	point_at(&v, "s19", &x, &y);
	ck_assert_int_eq(y, 2);
	ck_assert_int_lt(x, 80);
	ck_assert_uint_eq(ch_at(g, x, y), 0x25cb);
	/* Everything else still shows. */
	ck_assert_int_ge(find_row(g, "wins: five"), 1);
	ck_assert_int_eq(find_row(g, "join K7P3Q"), 22);
	ck_assert_ptr_nonnull(strstr(row_text(g, 23), "Esc lobby"));
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(stone_large_terminal)
{
	static const char *const mv[] = { "h8" };
	struct game *gm = stone_game("renju", NULL, mv, 1);
	struct grid *g = grid_create(160, 50);
	struct view_table v;
	int x1, y1, x2, y2;

	table_fill(&v, gm, 0);
	view_table_draw(g, &v, NULL);
	/* The large board: four columns and two rows a point. */
	ck_assert_int_ge(find_row(g, "a   b   c   d"), 1);
	v.board.large = 1;
	view_board_stone_cell(&v.board, 1, 1, stone_point_parse(15, "h8"), &x1,
	    &y1);
	view_board_stone_cell(&v.board, 1, 1, stone_point_parse(15, "i9"), &x2,
	    &y2);
	ck_assert_int_eq(x2 - x1, 4);
	ck_assert_int_eq(y1 - y2, 2);
	ck_assert_uint_eq(ch_at(g, x1, y1), 0x25cf);
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(restricted_points_and_winning_line)
{
	/* Black i8 j8 h9 h10: h8 is a double-three for black. */
	static const char *const mv[] = { "i8", "a1", "j8", "a3", "h9", "a5",
	    "h10", "a7" };
	static const char *const five[] = { "h8", "a1", "i8", "a2", "j8", "a3",
	    "k8", "a4", "l8" };
	struct game *gm = stone_game("gomoku", "restrict=on", mv, 8);
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	int x, y, line[5];

	table_fill(&v, gm, 0);
	v.board.restricted = 1;
	view_table_draw(g, &v, NULL);
	point_at(&v, "h8", &x, &y);
	ck_assert_uint_eq(ch_at(g, x, y), 0xd7);
	/* Not marked when not asked (white to move, or no restrictions). */
	v.board.restricted = 0;
	view_table_draw(g, &v, NULL);
	ck_assert_uint_ne(ch_at(g, x, y), 0xd7);
	game_free(gm);

	gm = stone_game("gomoku", NULL, five, 9);
	table_fill(&v, gm, 0);
	for (int i = 0; i < 5; i++) {
		char p[4];

		snprintf(p, sizeof p, "%c8", 'h' + i);
		line[i] = stone_point_parse(15, p);
	}
	v.board.win = line;
	v.board.nwin = 5;
	view_table_draw(g, &v, NULL);
	point_at(&v, "j8", &x, &y);
	ck_assert(grid_get(g, x, y)->style.attr & GRID_REVERSE);
	point_at(&v, "a1", &x, &y);
	ck_assert(!(grid_get(g, x, y)->style.attr & GRID_REVERSE));
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(panel_texts)
{
	static const char *const mv[] = { "j10", "a1" };
	static const char *const moves[] = { "j10", "a1" };
	static const struct view_chat_line chat[] = {
		{ "12:00", NULL, "alice opened table K7P3Q", 0, 0 },
		{ "12:01", "carol", "good luck", 0, 0 },
	};
	struct game *gm = stone_game("connect6", NULL, mv, 2);
	struct grid *g = grid_create(80, 24);
	struct view_table v;

	table_fill(&v, gm, 0);
	v.seat[0].rating = "1523";
	v.seat[0].host = 1;
	v.seat[1].to_move = 1;
	v.seat[1].away = 1;
	v.watchers = 2;
	v.rated = 1;
	v.timer = 30;
	v.state = "bob: stone 2 of 2";
	v.choice = NULL;
	v.moves = moves;
	v.nmoves = 2;
	v.chat = chat;
	v.nchat = 2;
	v.chrome.status = "a1 is occupied";
	v.chrome.status_error = 1;
	view_table_draw(g, &v, NULL);
	ck_assert_int_ge(find_row(g, "connect6"), 1);
	ck_assert_int_ge(find_row(g, "rated 30 s"), 1);
	ck_assert_int_ge(find_row(g, "● alice 1523 host"), 1);
	ck_assert_int_ge(find_row(g, "▶ ○ bob away"), 1);
	ck_assert_int_ge(find_row(g, "2 watching"), 1);
	ck_assert_int_ge(find_row(g, "stone 2 of 2"), 1);
	ck_assert_int_ge(find_row(g, "1.j10 2.a1"), 1);
	ck_assert_int_ge(find_row(g, "carol: good luck"), 1);
	ck_assert_int_ge(find_row(g, "alice opened table"), 1);
	ck_assert_ptr_nonnull(strstr(row_text(g, 23), "a1 is occupied"));
	/* A swap choice, and a question that takes the status line. */
	v.choice = "bob chooses: black, white or more";
	v.prompt = "Resign this game? y/n";
	v.chatting = 1;
	v.input = "hello";
	v.input_cursor = 5;
	view_table_draw(g, &v, NULL);
	ck_assert_int_ge(find_row(g, "bob chooses: black, white or more"), 1);
	ck_assert_ptr_nonnull(strstr(row_text(g, 23), "Resign this game? y/n"));
	ck_assert_int_ge(find_row(g, "Say: hello"), 1);
	ck_assert_int_eq(g->cursor_visible, 1);
	ck_assert_int_eq(g->cy, find_row(g, "Say: hello"));
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(too_small)
{
	static const char *const mv[] = { "h8" };
	struct game *gm = stone_game("gomoku", NULL, mv, 1);
	struct grid *g = grid_create(60, 20);
	struct view_table v;

	table_fill(&v, gm, 0);
	view_table_draw(g, &v, NULL);
	ck_assert_int_ge(find_row(g, "make the window larger"), 0);
	grid_free(g);
	game_free(gm);
}
END_TEST

/* ---- four-player shogi --------------------------------------------------------- */

/* The text of the square as drawn (three cells: promotion, facing, kind). */
static void
square_text(const struct grid *g, const struct view_board *vb, const char *sq,
    char *out)
{
	int cx, cy;
	size_t len = 0;

	ck_assert_int_eq(view_board_yonin_cell(vb, 1, 1, yonin_square_parse(sq),
	    &cx, &cy), 0);
	for (int i = 0; i < 3; i++)
		len += (size_t)utf8_encode(ch_at(g, cx + i, cy), out + len);
	out[len] = '\0';
}

START_TEST(yonin_from_each_seat)
{
	struct game *gm = game_new("yonin", 0, NULL, err, sizeof err);
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	char sq[16];
	int cx, cy, kx, ky;

	ck_assert_ptr_nonnull(gm);
	table_fill(&v, gm, 1);
	/* From S: S's king at the bottom facing up, files 9..1. */
	v.board.bottom = YONIN_S;
	view_table_draw(g, &v, NULL);
	square_text(g, &v.board, "5i", sq);
	ck_assert_str_eq(sq, " ▲K");
	square_text(g, &v.board, "5a", sq);
	ck_assert_str_eq(sq, " ▼K");
	square_text(g, &v.board, "9e", sq);
	ck_assert_str_eq(sq, " ▶K");
	square_text(g, &v.board, "1e", sq);
	ck_assert_str_eq(sq, " ◀K");
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("5i"), &kx,
	    &ky);
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("5a"), &cx,
	    &cy);
	ck_assert_int_gt(ky, cy);
	ck_assert_int_ge(find_row(g, "9   8   7   6   5   4   3   2   1"), 1);
	ck_assert_ptr_nonnull(strstr(row_text(g, ky + 2), "S alice"));
	ck_assert_ptr_nonnull(strstr(row_text(g, 1), "N carol"));

	/* From N: N's king at the bottom facing up, S's at the top. */
	v.board.bottom = YONIN_N;
	view_table_draw(g, &v, NULL);
	square_text(g, &v.board, "5a", sq);
	ck_assert_str_eq(sq, " ▲K");
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("5a"), &cx,
	    &cy);
	ck_assert_int_eq(cy, ky);
	square_text(g, &v.board, "5i", sq);
	ck_assert_str_eq(sq, " ▼K");
	ck_assert_int_ge(find_row(g, "1   2   3   4   5   6   7   8   9"), 1);
	ck_assert_ptr_nonnull(strstr(row_text(g, 1), "S alice"));

	/* From W: W at the bottom, N on his left facing right. */
	v.board.bottom = YONIN_W;
	view_table_draw(g, &v, NULL);
	square_text(g, &v.board, "9e", sq);
	ck_assert_str_eq(sq, " ▲K");
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("9e"), &cx,
	    &cy);
	ck_assert_int_eq(cy, ky);
	square_text(g, &v.board, "5a", sq);
	ck_assert_str_eq(sq, " ▶K");
	square_text(g, &v.board, "5i", sq);
	ck_assert_str_eq(sq, " ◀K");
	/* Its bottom edge runs along ranks a..i. */
	ck_assert_int_ge(find_row(g, "a   b   c   d   e   f   g   h   i"), 1);

	/* From E. */
	v.board.bottom = YONIN_E;
	view_table_draw(g, &v, NULL);
	square_text(g, &v.board, "1e", sq);
	ck_assert_str_eq(sq, " ▲K");
	square_text(g, &v.board, "5i", sq);
	ck_assert_str_eq(sq, " ▶K");
	grid_free(g);
	game_free(gm);
}
END_TEST

START_TEST(yonin_marks)
{
	struct game *gm = game_new("yonin", 0, NULL, err, sizeof err);
	char *tok[] = { "5i:S:K", "9e:W:K*", "5a:N:K", "1e:E:K", "5e:S:+R",
	    "7c:N:P", "hand:S:G1,P2", "hand:N:R1", "out:W:E", "tomove:N" };
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	uint8_t marks[YONIN_SQUARES];
	struct move mv[64];
	char sq[16];
	int n, cx, cy;

	ck_assert_int_eq(game_setup(gm, 10, tok, err, sizeof err), 0);
	table_fill(&v, gm, 1);
	v.seat[1].out = 1;
	v.board.bottom = YONIN_S;
	/* N's king is in check from the dragon on the file. */
	ck_assert(yonin_checks(gm) & (1u << YONIN_N));
	/* Legal destinations of N's king. */
	memset(marks, 0, sizeof marks);
	n = yonin_legal_from(gm, yonin_square_parse("5a"), mv, 64);
	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n && i < 64; i++)
		marks[mv[i].to] = 1;
	v.board.marks = marks;
	v.board.selected = yonin_square_parse("5a");
	view_table_draw(g, &v, NULL);
	square_text(g, &v.board, "5e", sq);
	ck_assert_str_eq(sq, "+▲R");
	square_text(g, &v.board, "9e", sq);
	ck_assert_str_eq(sq, " ×K");
	square_text(g, &v.board, "5a", sq);
	ck_assert_str_eq(sq, " ▼K");
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("5a"), &cx,
	    &cy);
	ck_assert_int_eq(grid_get(g, cx + 2, cy)->style.bg, GRID_RED);
	ck_assert(grid_get(g, cx + 2, cy)->style.attr & GRID_REVERSE);
	/* Every legal destination shows '*' (they are empty here). */
	for (int i = 0; i < n; i++) {
		view_board_yonin_cell(&v.board, 1, 1, mv[i].to, &cx, &cy);
		ck_assert_uint_eq(ch_at(g, cx + 2, cy), '*');
	}
	/* An empty square that is not a destination. */
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("9i"), &cx,
	    &cy);
	ck_assert_uint_eq(ch_at(g, cx + 2, cy), 0xb7);
	/* Hands. */
	ck_assert_int_ge(find_row(g, "S alice  G1 P2"), 1);
	ck_assert_int_ge(find_row(g, "N carol  R1"), 1);
	ck_assert_int_ge(find_row(g, "W bob out"), 1);
	grid_free(g);
	game_free(gm);
}
END_TEST

/* ---- the create form --------------------------------------------------------------- */

START_TEST(create_form)
{
	struct grid *g = grid_create(80, 24);
	struct view_table_create v;
	struct view_hits hits;
	const struct view_hit *h;
	int y;

	memset(&v, 0, sizeof v);
	v.chrome.hall = "gamehall";
	v.chrome.screen = "New table";
	v.title = "New table";
	v.nrows = 3;
	v.row[0] = (struct view_create_row){ "Variant", "connect6", 6, 4 };
	v.row[1] = (struct view_create_row){ "Board size", "19x19", 3, 0 };
	v.row[2] = (struct view_create_row){ "Turn timer", "30 s", 3, 1 };
	v.selected = 1;
	v.summary = "connect6 size=19 timer=30";
	v.message = "bad value for size";
	view_table_create_draw(g, &v, &hits);
	ck_assert_int_ge(find_row(g, "Variant"), 1);
	ck_assert_ptr_nonnull(strstr(row_text(g, find_row(g, "Variant")),
	    "< connect6 >"));
	y = find_row(g, "Board size");
	ck_assert_ptr_nonnull(strstr(row_text(g, y), "< 19x19 >"));
	ck_assert(grid_get(g, 10, y)->style.attr & GRID_REVERSE);
	ck_assert_int_ge(find_row(g, "connect6 size=19 timer=30"), 1);
	ck_assert_int_ge(find_row(g, "bad value for size"), 1);
	ck_assert_int_ge(find_row(g, "Enter"), 1);
	/* A click on a row's label picks it. */
	h = view_hits_find(&hits, 10, y);
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(h->id, VIEW_HIT_ROW);
	ck_assert_int_eq(h->index, 1);
	grid_free(g);
}
END_TEST

START_TEST(clicks_land_on_points)
{
	static const char *const mv[] = { "h8" };
	struct game *gm = stone_game("gomoku", NULL, mv, 1);
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	struct view_hits hits;
	const struct view_hit *h;
	int x, y;

	table_fill(&v, gm, 0);
	view_table_draw(g, &v, &hits);
	point_at(&v, "k3", &x, &y);
	h = view_hits_find(&hits, x, y);
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(h->id, VIEW_HIT_POINT);
	ck_assert_int_eq(view_table_board_hit(&v, 80, 24, x, y),
	    stone_point_parse(15, "k3"));
	/* The line on its right still counts for k3; outside is nothing. */
	ck_assert_int_eq(view_table_board_hit(&v, 80, 24, x + 1, y),
	    stone_point_parse(15, "k3"));
	ck_assert_int_eq(view_table_board_hit(&v, 80, 24, 70, 22), -1);
	/* Four-player shogi from W: the square under the click. */
	game_free(gm);
	gm = game_new("yonin", 0, NULL, err, sizeof err);
	table_fill(&v, gm, 1);
	v.board.bottom = YONIN_W;
	view_table_draw(g, &v, &hits);
	view_board_yonin_cell(&v.board, 1, 1, yonin_square_parse("9e"), &x, &y);
	ck_assert_int_eq(view_table_board_hit(&v, 80, 24, x + 2, y),
	    yonin_square_parse("9e"));
	grid_free(g);
	game_free(gm);
}
END_TEST

/* Is the stone at `point` marked as part of the last turn, ( )? */
static int
marked(const struct grid *g, struct view_table *v, const char *point)
{
	int x, y;

	point_at(v, point, &x, &y);
	return ch_at(g, x - 1, y) == '(' && ch_at(g, x + 1, y) == ')';
}

/* Connect6: both stones of the last turn are marked, none of the turn
 * before; halfway through a turn, its first stone alone. */
START_TEST(connect6_last_pair_marked)
{
	static const char *const mv[] = { "j10", "k10", "k11", "l12", "n14" };
	struct grid *g = grid_create(80, 24);
	struct view_table v;
	struct game *gm;

	gm = stone_game("connect6", NULL, mv, 5);
	table_fill(&v, gm, 0);
	view_table_draw(g, &v, NULL);
	ck_assert_msg(marked(g, &v, "l12") && marked(g, &v, "n14"),
	    "black's pair is not marked");
	ck_assert(!marked(g, &v, "k10"));
	ck_assert(!marked(g, &v, "k11"));
	ck_assert(!marked(g, &v, "j10"));
	game_free(gm);

	gm = stone_game("connect6", NULL, mv, 4);
	table_fill(&v, gm, 0);
	view_table_draw(g, &v, NULL);
	ck_assert(marked(g, &v, "l12"));
	ck_assert(!marked(g, &v, "k10"));
	ck_assert(!marked(g, &v, "k11"));
	game_free(gm);

	/* The first move of the game is a turn of one stone. */
	gm = stone_game("connect6", NULL, mv, 1);
	table_fill(&v, gm, 0);
	view_table_draw(g, &v, NULL);
	ck_assert(marked(g, &v, "j10"));
	game_free(gm);
	grid_free(g);
}
END_TEST

static Suite *
view_table_suite(void)
{
	Suite *s = suite_create("view-table");
	TCase *tc = tcase_create("views");

	tcase_add_test(tc, stone_15_in_80x24);
	tcase_add_test(tc, stone_19_fits_80x24);
	tcase_add_test(tc, stone_large_terminal);
	tcase_add_test(tc, restricted_points_and_winning_line);
	tcase_add_test(tc, panel_texts);
	tcase_add_test(tc, too_small);
	tcase_add_test(tc, yonin_from_each_seat);
	tcase_add_test(tc, yonin_marks);
	tcase_add_test(tc, create_form);
	tcase_add_test(tc, clicks_land_on_points);
	tcase_add_test(tc, connect6_last_pair_marked);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(view_table_suite());
	int failed;

	(void)dump;
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
