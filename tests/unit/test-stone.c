/*
 * test-stone.c - the rules of the five-in-a-row family and Connect6
 * (docs/rules.md §1) through the variant interface of engine/game.h.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/forbidden.h"
#include "engine/game.h"
#include "engine/stone.h"
#include "tests/unit/testgame.h"

/* gh-setup with space-separated tokens; 0 or -1 (err kept in *err). */
static int
setup(struct game *g, const char *spec, char *err)
{
	char buf[4096], *tok[512], *save = NULL, e[GAME_ERR_LEN];
	int n = 0;

	snprintf(buf, sizeof buf, "%s", spec);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < 512;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	if (game_setup(g, n, tok, e, sizeof e) != 0) {
		if (err != NULL)
			strcpy(err, e);
		return -1;
	}
	return 0;
}

static void
must_setup(struct game *g, const char *spec)
{
	char err[GAME_ERR_LEN] = "";

	ck_assert_msg(setup(g, spec, err) == 0, "setup %s: %s", spec, err);
}

static int
play(struct game *g, const char *side, const char *point)
{
	char err[GAME_ERR_LEN];

	return game_play_text(g, side, point, err, sizeof err);
}

/* Play "b h8 w h9 ..." pairs, each of which must be accepted. */
static void
plays(struct game *g, const char *seq)
{
	char buf[2048], *save = NULL, *side, *point, err[GAME_ERR_LEN];

	snprintf(buf, sizeof buf, "%s", seq);
	for (side = strtok_r(buf, " ", &save); side != NULL;
	    side = strtok_r(NULL, " ", &save)) {
		point = strtok_r(NULL, " ", &save);
		ck_assert_ptr_nonnull(point);
		ck_assert_msg(game_play_text(g, side, point, err, sizeof err) ==
		    0, "play %s %s: %s", side, point, err);
	}
}

static int
choose(struct game *g, const char *choice)
{
	char err[GAME_ERR_LEN];

	return game_choose_text(g, choice, err, sizeof err);
}

static const char *
status(struct game *g)
{
	static char buf[128];	/* test code: one status at a time */

	g->variant->status_text(g, buf, sizeof buf);
	return buf;
}

static const char *
board(struct game *g)
{
	static char buf[8192];

	g->variant->board(g, buf, sizeof buf);
	return buf;
}

static const char *
record(struct game *g)
{
	static char buf[8192];

	ck_assert_int_ge(game_record(g, buf, sizeof buf), 0);
	return buf;
}

/*
 * Every point of a size x size board but `skip` (a point text, or NULL),
 * coloured so that no colour has more than two in a row in any direction:
 * as gh-setup tokens.
 */
static void
fill_tokens(int size, const char *skip, char *out, size_t len)
{
	size_t at = 0;
	int sp = skip != NULL ? stone_point_parse(size, skip) : -1;

	out[0] = '\0';
	for (int x = 0; x < size; x++) {
		for (int y = 0; y < size; y++) {
			char text[4];
			int n;

			if (x * size + y == sp)
				continue;
			stone_point_format(size, x * size + y, text);
			n = snprintf(out + at, len - at, "%s:%s ", text,
			    (x / 2 + y) % 2 == 0 ? "b" : "w");
			at += (size_t)n;
		}
	}
	snprintf(out + at, len - at, "tomove:%s", "black");
}

START_TEST(test_gomoku_five)
{
	struct game *g = testgame_new("gomoku");

	plays(g, "b h8 w a1 b h9 w a2 b h10 w a3 b h11 w a4");
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b h12");
	ck_assert_str_eq(status(g), "over black five");
	ck_assert_int_ne(play(g, "white", "a5"), 0);
	game_free(g);
}
END_TEST

START_TEST(test_gomoku_overline)
{
	/* XXX.XX: g8 makes six. */
	const char *pos = "black d8 e8 f8 h8 i8 white a1 a2 a3 a4 b1 b2 "
	    "tomove black";
	struct game *g = testgame_new("gomoku");

	must_setup(g, pos);
	plays(g, "b g8");
	ck_assert_str_eq(status(g), "over black overline");
	game_free(g);

	g = testgame_new("gomoku overline=off");
	must_setup(g, pos);
	plays(g, "b g8");
	ck_assert_str_eq(status(g), "play white");
	/* White's overline does not win either; an exact five does. */
	game_free(g);
	g = testgame_new("gomoku overline=off");
	must_setup(g, "white d8 e8 f8 h8 i8 black a1 a3 a5 a7 a9 c1 tomove "
	    "white");
	plays(g, "w g8");
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b n1 w o8 b n3 w n8 b n5 w m8 b n7 w l8 b n10 w k8");
	ck_assert_str_eq(status(g), "over white five");
	game_free(g);
}
END_TEST

/* The line a win was made with, as text "a1 b2 ...". */
static const char *
win_line(const struct game *g)
{
	static char buf[128];	/* test code: one at a time */
	int points[STONE_MAX_SIZE], n;
	size_t at = 0;

	n = stone_game_win_line(g, points, STONE_MAX_SIZE);
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char p[4];

		stone_point_format(stone_game_board(g)->size, points[i], p);
		at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s",
		    i > 0 ? " " : "", p);
	}
	return buf;
}

START_TEST(test_win_line)
{
	struct game *g = testgame_new("gomoku");

	ck_assert_str_eq(win_line(g), "");
	/* A five made in the middle of its line, with another black run
	 * (three in a column) through the last stone. */
	must_setup(g, "black d8 e8 g8 h8 f7 f6 white a1 a2 a3 a4 c1 "
	    "tomove black");
	plays(g, "b f8");
	ck_assert_str_eq(status(g), "over black five");
	ck_assert_str_eq(win_line(g), "d8 e8 f8 g8 h8");
	game_free(g);

	/* An overline win: all six stones. */
	g = testgame_new("gomoku");
	must_setup(g, "black d8 e8 f8 h8 i8 white a1 a2 a3 a4 b1 b2 "
	    "tomove black");
	plays(g, "b g8");
	ck_assert_str_eq(win_line(g), "d8 e8 f8 g8 h8 i8");
	game_free(g);

	/* Renju: a five beside a six of the other direction is the five;
	 * a loss on a restricted point has no line. */
	g = testgame_new("renju");
	must_setup(g, "black g8 i8 h7 h9 white a1 a2 a3 tomove black");
	plays(g, "b h8");
	ck_assert_str_eq(status(g), "over white forbidden double-three");
	ck_assert_str_eq(win_line(g), "");
	game_free(g);

	/* Connect6: the six on a diagonal. */
	g = testgame_new("connect6");
	must_setup(g, "black a1 b2 c3 d4 e5 white a19 b19 c19 tomove black");
	plays(g, "b f6");
	ck_assert_str_eq(status(g), "over black six");
	ck_assert_str_eq(win_line(g), "a1 b2 c3 d4 e5 f6");
	game_free(g);
}
END_TEST

START_TEST(test_gomoku_options)
{
	char err[GAME_ERR_LEN], buf[256];
	char *bad1[] = { (char *)"size=17" }, *bad2[] = { (char *)"colour=red" };
	char *bad3[] = { (char *)"size" }, *bad4[] = { (char *)"opening=swap" };
	struct game *g;

	ck_assert_ptr_null(game_new("gomoku", 1, bad1, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "17"));
	ck_assert_ptr_null(game_new("gomoku", 1, bad2, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "colour"));
	ck_assert_ptr_null(game_new("gomoku", 1, bad3, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "size"));
	ck_assert_ptr_null(game_new("gomoku", 1, bad4, err, sizeof err));
	ck_assert_ptr_null(game_new("renju", 1, bad1, err, sizeof err));
	ck_assert_ptr_null(game_new("nosuch", 0, NULL, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "nosuch"));

	g = testgame_new("gomoku size=19 overline=off restrict=on");
	g->variant->options(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "size=19 overline=off restrict=on");
	ck_assert_int_eq(play(g, "black", "s19"), 0);
	ck_assert_int_ne(play(g, "white", "t1"), 0);
	game_free(g);
	g = testgame_new("gomoku");
	g->variant->options(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "size=15 overline=on restrict=off");
	ck_assert_int_ne(play(g, "black", "s19"), 0);
	ck_assert_int_ne(play(g, "black", "p1"), 0);
	ck_assert_int_ne(play(g, "black", "h0"), 0);
	ck_assert_int_ne(play(g, "black", "h16"), 0);
	ck_assert_int_ne(play(g, "black", "h08"), 0);
	ck_assert_int_ne(play(g, "black", "pass"), 0);
	ck_assert_int_ne(play(g, "red", "h8"), 0);
	ck_assert_int_ne(play(g, "white", "h8"), 0);	/* not White's turn */
	ck_assert_int_eq(play(g, "B", "I9"), 0);	/* no letter skipped */
	ck_assert_str_eq(board(g), "i9:black");
	ck_assert_int_ne(play(g, "white", "i9"), 0);	/* occupied */
	game_free(g);
	g = testgame_new("renju");
	g->variant->options(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	game_free(g);
}
END_TEST

/* The cross double-three of renju-restricted.gtp c01. */
#define C01 "black g8 i8 h7 h9 tomove black"

START_TEST(test_gomoku_restrict_blocked)
{
	struct game *g = testgame_new("gomoku restrict=on");
	char err[GAME_ERR_LEN];
	struct move m;

	must_setup(g, C01);
	ck_assert_int_eq(g->variant->move_parse(g, "h8", &m, err, sizeof err),
	    0);
	ck_assert_int_ne(g->variant->play(g, 0, &m, err, sizeof err), 0);
	ck_assert_ptr_nonnull(strstr(err, "double-three"));
	ck_assert_str_eq(status(g), "play black");
	ck_assert_int_eq(g->variant->ply(g), 0);
	ck_assert_str_eq(board(g), "g8:black h7:black h9:black i8:black");
	/* Blocked points are not legal moves. */
	{
		struct move all[STONE_MAX_POINTS];
		int n = g->variant->legal(g, all, STONE_MAX_POINTS);

		ck_assert_int_eq(n, 225 - 4 - 1);
		for (int i = 0; i < n; i++)
			ck_assert_int_ne(all[i].to, m.to);
	}
	/* White is never restricted. */
	plays(g, "b a1");
	plays(g, "w h8");
	game_free(g);

	/* Without restrictions the same point is just a move. */
	g = testgame_new("gomoku");
	must_setup(g, C01);
	plays(g, "b h8");
	ck_assert_str_eq(status(g), "play white");
	game_free(g);
}
END_TEST

START_TEST(test_gomoku_restrict_overline)
{
	/* With restrictions Black never wins by overline, even with
	 * overline=on; the point is blocked. */
	struct game *g = testgame_new("gomoku restrict=on overline=on");

	must_setup(g, "black d8 e8 f8 h8 i8 white a1 a2 a3 a4 b1 tomove black");
	ck_assert_int_ne(play(g, "black", "g8"), 0);
	ck_assert_str_eq(status(g), "play black");
	/* White still wins with an overline. */
	game_free(g);
	g = testgame_new("gomoku restrict=on");
	must_setup(g, "white d8 e8 f8 h8 i8 black a1 a3 a5 b2 b4 tomove white");
	plays(g, "w g8");
	ck_assert_str_eq(status(g), "over white overline");
	game_free(g);
}
END_TEST

START_TEST(test_gomoku_blocked_draw)
{
	/*
	 * A full board but d1, where row 1 reads XXX.XX: Black's only point
	 * is an overline.
	 */
	struct game *g = testgame_new("gomoku restrict=on");
	char fill[8192], err[GAME_ERR_LEN] = "", *at;

	fill_tokens(15, NULL, fill, sizeof fill);
	must_setup(g, fill);
	ck_assert_str_eq(status(g), "over draw full");
	fill_tokens(15, "d1", fill, sizeof fill);
	at = strstr(fill, "c1:w ");
	ck_assert_ptr_nonnull(at);
	at[3] = 'b';
	ck_assert_msg(setup(g, fill, err) == 0, "%s", err);
	ck_assert_int_eq(forbidden_at(stone_game_board(g),
	    stone_point_parse(15, "d1")), FORBIDDEN_OVERLINE);
	ck_assert_str_eq(status(g), "over draw blocked");
	ck_assert_int_ne(play(g, "black", "d1"), 0);
	ck_assert_uint_eq(game_perft(g, 1), 0);
	game_free(g);
	/* The same position under renju: Black may play and loses. */
	g = testgame_new("renju");
	ck_assert_msg(setup(g, fill, err) == 0, "%s", err);
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b d1");
	ck_assert_str_eq(status(g), "over white forbidden overline");
	game_free(g);
}
END_TEST

START_TEST(test_full_draw)
{
	const char *variants[] = { "gomoku", "freestyle", "standard",
	    "connect6 size=13", NULL };
	char fill[8192];

	for (int i = 0; variants[i] != NULL; i++) {
		struct game *g = testgame_new(variants[i]);
		int size = stone_game_board(g)->size;

		fill_tokens(size, "a1", fill, sizeof fill);
		must_setup(g, fill);
		ck_assert_str_eq(status(g), "play black");
		plays(g, "b a1");
		ck_assert_str_eq(status(g), "over draw full");
		{
			struct game_status st;

			g->variant->status(g, &st);
			ck_assert_int_eq(st.winner, -1);
			ck_assert_int_eq(st.rank[0], st.rank[1]);
		}
		ck_assert_int_eq(g->variant->undo(g), 0);
		ck_assert_str_eq(status(g), "play black");
		game_free(g);
	}
}
END_TEST

START_TEST(test_freestyle_and_standard)
{
	const char *pos = "black d8 e8 f8 h8 i8 white a1 a2 a3 a4 b1 b2 "
	    "tomove black";
	struct game *g = testgame_new("freestyle");

	must_setup(g, pos);
	plays(g, "b g8");
	ck_assert_str_eq(status(g), "over black overline");
	game_free(g);
	g = testgame_new("standard");
	must_setup(g, pos);
	plays(g, "b g8");
	ck_assert_str_eq(status(g), "play white");
	plays(g, "w c3 b j7 w c4 b j6 w c5 b j5 w c6 b j4");
	ck_assert_str_eq(status(g), "play white");
	plays(g, "w n1 b j3");
	ck_assert_str_eq(status(g), "over black five");
	game_free(g);
	/* No restrictions in freestyle. */
	g = testgame_new("freestyle");
	must_setup(g, C01);
	plays(g, "b h8");
	ck_assert_str_eq(status(g), "play white");
	game_free(g);
}
END_TEST

static const char *
players(struct game *g)
{
	static char buf[64];
	int a = g->variant->player_side(g, 0), b = g->variant->player_side(g, 1);

	snprintf(buf, sizeof buf, "P1=%s P2=%s", a < 0 ? "?" :
	    g->variant->side_name(g, a), b < 0 ? "?" :
	    g->variant->side_name(g, b));
	return buf;
}

START_TEST(test_swap)
{
	struct game *g = testgame_new("freestyle opening=swap");

	ck_assert_str_eq(players(g), "P1=? P2=?");
	ck_assert_int_ne(choose(g, "black"), 0);	/* nothing pending */
	plays(g, "b h8 w h9 b j10");
	ck_assert_str_eq(status(g), "choose P2 black|white");
	ck_assert_int_ne(play(g, "white", "a1"), 0);
	ck_assert_int_ne(choose(g, "more"), 0);	/* swap2 only */
	ck_assert_int_ne(choose(g, "purple"), 0);
	ck_assert_int_eq(choose(g, "black"), 0);
	ck_assert_str_eq(players(g), "P1=white P2=black");
	ck_assert_str_eq(status(g), "play white");
	ck_assert_int_eq(g->variant->ply(g), 4);
	{
		struct move m;
		int side;

		g->variant->history(g, 3, &m, &side);
		ck_assert_int_eq(m.to, -1);
		ck_assert_int_eq(m.piece, GAME_CHOICE_BLACK);
	}
	ck_assert_str_eq(record(g), "freestyle opening=swap moves h8 h9 j10 "
	    "@black");
	/* Undo takes the choice back. */
	ck_assert_int_eq(g->variant->undo(g), 0);
	ck_assert_str_eq(status(g), "choose P2 black|white");
	ck_assert_str_eq(players(g), "P1=? P2=?");
	ck_assert_int_eq(choose(g, "white"), 0);
	ck_assert_str_eq(players(g), "P1=black P2=white");
	plays(g, "w a1");
	ck_assert_str_eq(status(g), "play black");
	game_free(g);
}
END_TEST

START_TEST(test_swap2)
{
	struct game *g = testgame_new("standard opening=swap2");

	plays(g, "b h8 w h9 b j10");
	ck_assert_str_eq(status(g), "choose P2 black|white|more");
	ck_assert_int_eq(choose(g, "more"), 0);
	ck_assert_str_eq(status(g), "play white");
	ck_assert_str_eq(players(g), "P1=? P2=?");
	ck_assert_int_ne(choose(g, "black"), 0);
	plays(g, "w a1");
	ck_assert_int_ne(play(g, "white", "a2"), 0);
	plays(g, "b a2");
	ck_assert_str_eq(status(g), "choose P1 black|white");
	ck_assert_int_ne(choose(g, "more"), 0);
	ck_assert_int_eq(choose(g, "white"), 0);
	ck_assert_str_eq(players(g), "P1=white P2=black");
	ck_assert_str_eq(status(g), "play white");
	ck_assert_str_eq(record(g), "standard opening=swap2 moves h8 h9 j10 "
	    "@more a1 a2 @white");
	game_free(g);

	/* Taking a colour at once. */
	g = testgame_new("freestyle opening=swap2");
	plays(g, "b h8 w h9 b j10");
	ck_assert_int_eq(choose(g, "white"), 0);
	ck_assert_str_eq(players(g), "P1=black P2=white");
	ck_assert_str_eq(status(g), "play white");
	game_free(g);

	/* A table without a swap opening has no choice at all. */
	g = testgame_new("freestyle");
	ck_assert_str_eq(players(g), "P1=black P2=white");
	ck_assert_int_ne(choose(g, "black"), 0);
	game_free(g);
	g = testgame_new("gomoku");
	ck_assert_int_ne(choose(g, "black"), 0);
	game_free(g);
}
END_TEST

START_TEST(test_renju_centre_opening)
{
	struct game *g = testgame_new("renju");
	char err[GAME_ERR_LEN];

	ck_assert_int_ne(game_play_text(g, "black", "a1", err, sizeof err), 0);
	ck_assert_ptr_nonnull(strstr(err, "a1"));
	ck_assert_int_ne(play(g, "black", "h9"), 0);
	ck_assert_int_eq(g->variant->ply(g), 0);
	plays(g, "b h8");
	ck_assert_int_ne(play(g, "white", "h10"), 0);
	ck_assert_int_ne(play(g, "white", "f6"), 0);
	plays(g, "w g9");
	ck_assert_int_ne(play(g, "black", "k8"), 0);
	ck_assert_int_ne(play(g, "black", "e8"), 0);
	plays(g, "b f6");
	plays(g, "w a1");	/* anywhere from the fourth stone */
	ck_assert_uint_eq(game_perft(g, 1), 221);
	game_free(g);

	/* Perft from the start: 1, then 8, then the 5x5 square less two. */
	g = testgame_new("renju");
	ck_assert_uint_eq(game_perft(g, 1), 1);
	ck_assert_uint_eq(game_perft(g, 2), 8);
	ck_assert_uint_eq(game_perft(g, 3), 8 * 23);
	game_free(g);

	/* After a set-up the stones on the board decide. */
	g = testgame_new("renju");
	must_setup(g, "black h8 tomove white");
	ck_assert_int_ne(play(g, "white", "a1"), 0);
	plays(g, "w i9");
	game_free(g);
	g = testgame_new("renju");
	must_setup(g, "black a1 white a2 tomove black");
	ck_assert_int_ne(play(g, "black", "a3"), 0);
	plays(g, "b j10");
	game_free(g);
}
END_TEST

START_TEST(test_renju_restricted_loses)
{
	struct game *g = testgame_new("renju");
	struct game_status st;

	must_setup(g, C01);
	plays(g, "b h8");
	ck_assert_str_eq(status(g), "over white forbidden double-three");
	g->variant->status(g, &st);
	ck_assert_int_eq(st.winner, 1);
	ck_assert_uint_eq(st.winners, 2);
	ck_assert_int_eq(st.rank[1], 1);
	ck_assert_int_eq(st.rank[0], 2);
	/* The move is recorded. */
	ck_assert_int_eq(g->variant->ply(g), 1);
	ck_assert_str_eq(board(g), "g8:black h7:black h8:black h9:black "
	    "i8:black");
	ck_assert_int_eq(g->variant->undo(g), 0);
	ck_assert_str_eq(status(g), "play black");
	/* Restricted points are legal moves in renju (they lose). */
	ck_assert_uint_eq(game_perft(g, 1), 221);
	game_free(g);

	/* An exact five wins even if it makes a double-four elsewhere. */
	g = testgame_new("renju");
	must_setup(g, "black d8 e8 f8 g8 h5 h6 h7 i9 j10 k11 white h4 l12 "
	    "tomove black");
	plays(g, "b h8");
	ck_assert_str_eq(status(g), "over black five");
	game_free(g);

	/* Black's overline loses; White's wins. */
	g = testgame_new("renju");
	must_setup(g, "black d8 e8 f8 h8 i8 white a1 a2 a3 b1 tomove black");
	plays(g, "b g8");
	ck_assert_str_eq(status(g), "over white forbidden overline");
	game_free(g);
	g = testgame_new("renju");
	must_setup(g, "white d8 e8 f8 h8 i8 black a1 a3 b2 b4 c1 tomove white");
	plays(g, "w g8");
	ck_assert_str_eq(status(g), "over white overline");
	game_free(g);
	/* A double-four loses. */
	g = testgame_new("renju");
	must_setup(g, "black c8 e8 g8 i8 white a1 a2 a3 tomove black");
	plays(g, "b f8");
	ck_assert_str_eq(status(g), "over white forbidden double-four");
	game_free(g);
}
END_TEST

START_TEST(test_connect6)
{
	struct game *g = testgame_new("connect6");
	struct game_status st;
	char buf[64];

	g->variant->options(g, buf, sizeof buf);
	ck_assert_str_eq(buf, "size=19");
	g->variant->status(g, &st);
	ck_assert_int_eq(st.to_move, 0);
	ck_assert_int_eq(st.stone_of_turn, 1);
	plays(g, "b j10");
	g->variant->status(g, &st);
	ck_assert_int_eq(st.to_move, 1);
	ck_assert_int_eq(st.stone_of_turn, 1);
	plays(g, "w a1");
	g->variant->status(g, &st);
	ck_assert_int_eq(st.to_move, 1);
	ck_assert_int_eq(st.stone_of_turn, 2);
	ck_assert_int_ne(play(g, "black", "a2"), 0);
	plays(g, "w a2");
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b j11 b j12 w a3 w a4 b j13 b j14");
	/* Five is nothing in Connect6. */
	ck_assert_str_eq(status(g), "play white");
	plays(g, "w a5 w b5 b c1 b c2");
	ck_assert_str_eq(status(g), "play white");
	/* A six on the first stone of a pair ends the game at once. */
	plays(g, "w a6");
	ck_assert_str_eq(status(g), "over white six");
	ck_assert_int_eq(g->variant->undo(g), 0);
	plays(g, "w b1 w b2 b j9");
	ck_assert_str_eq(status(g), "over black six");
	ck_assert_int_ne(play(g, "black", "k1"), 0);
	game_free(g);

	/* Seven in a row wins too; sizes 13 and 15; no others. */
	g = testgame_new("connect6 size=13");
	must_setup(g, "black a1 a2 a3 a5 a6 a7 white m1 m2 m3 tomove black");
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b a4");
	ck_assert_str_eq(status(g), "over black six");
	game_free(g);
	g = testgame_new("connect6 size=15");
	ck_assert_uint_eq(game_perft(g, 2), 225 * 224);
	game_free(g);
	{
		char err[GAME_ERR_LEN], *o[] = { (char *)"size=17" };

		ck_assert_ptr_null(game_new("connect6", 1, o, err, sizeof err));
	}
	/* After a set-up the side to move starts a turn of two. */
	g = testgame_new("connect6 size=13");
	must_setup(g, "black g7 tomove white");
	plays(g, "w a1 w a2");
	ck_assert_str_eq(status(g), "play black");
	plays(g, "b b1");
	ck_assert_str_eq(status(g), "play black");
	game_free(g);
}
END_TEST

START_TEST(test_setup)
{
	struct game *g = testgame_new("gomoku");
	char err[GAME_ERR_LEN];

	plays(g, "b a1");
	ck_assert_int_ne(setup(g, "black h8 h8", err), 0);
	ck_assert_ptr_nonnull(strstr(err, "h8"));
	ck_assert_int_ne(setup(g, "h8", err), 0);
	ck_assert_int_ne(setup(g, "black z9", err), 0);
	ck_assert_ptr_nonnull(strstr(err, "z9"));
	ck_assert_int_ne(setup(g, "black h8 tomove red", err), 0);
	ck_assert_int_ne(setup(g, "black h8 tomove", err), 0);
	ck_assert_int_ne(setup(g, "h8:red", err), 0);
	ck_assert_int_ne(setup(g, "black a1 a2 a3 a4 a5", err), 0);
	ck_assert_ptr_nonnull(strstr(err, "winning"));
	/* Refused set-ups changed nothing. */
	ck_assert_str_eq(board(g), "a1:black");
	ck_assert_int_eq(g->variant->ply(g), 1);
	/* Both token forms; tomove by default from the counts. */
	must_setup(g, "h8:black white h9 black");
	ck_assert_str_eq(board(g), "h8:black h9:white");
	ck_assert_str_eq(status(g), "play black");
	ck_assert_int_eq(g->variant->ply(g), 0);
	must_setup(g, "black h8 g8 white h9");
	ck_assert_str_eq(status(g), "play white");
	must_setup(g, board(g));
	ck_assert_str_eq(board(g), "g8:black h8:black h9:white");
	must_setup(g, "tomove:black");
	ck_assert_str_eq(board(g), "");
	/* Reset forgets the set-up. */
	must_setup(g, "black h8 tomove white");
	g->variant->reset(g);
	ck_assert_str_eq(board(g), "");
	ck_assert_ptr_null(g->setup);
	ck_assert_str_eq(record(g), "gomoku size=15 overline=on restrict=off "
	    "moves");
	game_free(g);
}
END_TEST

START_TEST(test_undo)
{
	struct game *g = testgame_new("gomoku");

	ck_assert_int_ne(g->variant->undo(g), 0);
	plays(g, "b h8 w a1 b h9 w a2 b h10 w a3 b h11 w a4 b h12");
	ck_assert_str_eq(status(g), "over black five");
	ck_assert_int_eq(g->variant->undo(g), 0);
	ck_assert_str_eq(status(g), "play black");
	ck_assert_int_eq(g->variant->ply(g), 8);
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(g->variant->undo(g), 0);
	ck_assert_str_eq(board(g), "");
	ck_assert_int_ne(g->variant->undo(g), 0);
	ck_assert_str_eq(status(g), "play black");
	game_free(g);
}
END_TEST

START_TEST(test_copy)
{
	struct game *g = testgame_new("renju"), *c;

	must_setup(g, "black h8 tomove white");
	plays(g, "w h9");
	c = game_copy(g);
	ck_assert_ptr_nonnull(c);
	plays(g, "b j10");
	ck_assert_str_eq(board(c), "h8:black h9:white");
	ck_assert_str_eq(record(c), "renju setup black h8 tomove white moves h9");
	plays(c, "b g7");
	ck_assert_str_eq(board(g), "h8:black h9:white j10:black");
	game_free(g);
	game_free(c);
}
END_TEST

/* game_record -> game_replay: the same position and the same history. */
static void
round_trip(struct game *g)
{
	char rec[8192], err[GAME_ERR_LEN];
	struct game *r;

	snprintf(rec, sizeof rec, "%s", record(g));
	r = game_replay(rec, err, sizeof err);
	ck_assert_msg(r != NULL, "replay %s: %s", rec, err);
	ck_assert_str_eq(record(r), rec);
	for (;;) {
		char a[8192], b[8192], sa[128], sb[128];
		int ua, ub;

		g->variant->board(g, a, sizeof a);
		r->variant->board(r, b, sizeof b);
		ck_assert_str_eq(a, b);
		g->variant->status_text(g, sa, sizeof sa);
		r->variant->status_text(r, sb, sizeof sb);
		ck_assert_str_eq(sa, sb);
		ck_assert_int_eq(g->variant->ply(g), r->variant->ply(r));
		ua = g->variant->undo(g);
		ub = r->variant->undo(r);
		ck_assert_int_eq(ua, ub);
		if (ua != 0)
			break;
	}
	game_free(r);
}

START_TEST(test_record_round_trip)
{
	struct game *g = testgame_new("standard opening=swap2");

	plays(g, "b h8 w h9 b j10");
	choose(g, "more");
	plays(g, "w a1 b a2");
	choose(g, "black");
	plays(g, "w c3 b d4");
	round_trip(g);
	game_free(g);

	g = testgame_new("renju");
	must_setup(g, C01);
	plays(g, "b h8");
	round_trip(g);
	game_free(g);

	g = testgame_new("connect6 size=13");
	plays(g, "b g7 w a1 w a2 b c3 b c4");
	round_trip(g);
	game_free(g);

	g = testgame_new("gomoku size=19 restrict=on overline=off");
	plays(g, "b j10 w s19 b k11");
	round_trip(g);
	game_free(g);

	{
		char err[GAME_ERR_LEN];

		ck_assert_ptr_null(game_replay("renju moves h8 a1", err,
		    sizeof err));
		ck_assert_ptr_nonnull(strstr(err, "a1"));
		ck_assert_ptr_null(game_replay("renju h8", err, sizeof err));
		ck_assert_ptr_null(game_replay("freestyle opening=swap moves "
		    "@black", err, sizeof err));
	}
}
END_TEST

START_TEST(test_show)
{
	struct game *g = testgame_new("gomoku");
	char buf[4096];

	plays(g, "b h8 w o15");
	ck_assert_int_gt(g->variant->show(g, buf, sizeof buf), 0);
	ck_assert_ptr_nonnull(strstr(buf, "\n 8  . . . . . . . X . . . . . . . 8\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\n15  . . . . . . . . . . . . . .(O)15\n"));
	ck_assert_int_lt(g->variant->show(g, buf, 10), 0);
	game_free(g);
}
END_TEST

static Suite *
stone_suite(void)
{
	Suite *s = suite_create("stone");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_gomoku_five);
	tcase_add_test(tc, test_win_line);
	tcase_add_test(tc, test_gomoku_overline);
	tcase_add_test(tc, test_gomoku_options);
	tcase_add_test(tc, test_gomoku_restrict_blocked);
	tcase_add_test(tc, test_gomoku_restrict_overline);
	tcase_add_test(tc, test_gomoku_blocked_draw);
	tcase_add_test(tc, test_full_draw);
	tcase_add_test(tc, test_freestyle_and_standard);
	tcase_add_test(tc, test_swap);
	tcase_add_test(tc, test_swap2);
	tcase_add_test(tc, test_renju_centre_opening);
	tcase_add_test(tc, test_renju_restricted_loses);
	tcase_add_test(tc, test_connect6);
	tcase_add_test(tc, test_setup);
	tcase_add_test(tc, test_undo);
	tcase_add_test(tc, test_copy);
	tcase_add_test(tc, test_record_round_trip);
	tcase_add_test(tc, test_show);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(stone_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
