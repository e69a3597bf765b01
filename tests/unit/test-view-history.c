/*
 * test-view-history.c - the leaderboard and replay views (screens/
 * view-top.c, view-replay.c) at the smallest and a large size: every row
 * where it belongs, nothing unprintable, the move list scrolled to the
 * move shown.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-replay.h"
#include "screens/view-top.h"
#include "screens/views.h"

static const int sizes[][2] = { { 80, 24 }, { 200, 60 } };

/* The row where text is, or -1. */
static int
row_of(const struct grid *g, const char *text)
{
	char	 buf[4096], enc[4];
	size_t	 n;
	int	 x, y, k;

	for (y = 0; y < g->sy; y++) {
		n = 0;
		for (x = 0; x < g->sx; x++) {
			const struct grid_cell *c = grid_get(g, x, y);

			if (c->ch == GRID_PAD)
				continue;
			k = utf8_encode(c->ch, enc);
			if (n + (size_t)k + 1 > sizeof buf)
				break;
			memcpy(buf + n, enc, (size_t)k);
			n += (size_t)k;
		}
		buf[n] = '\0';
		if (strstr(buf, text) != NULL)
			return y;
	}
	return -1;
}

static void
printable(const struct grid *g)
{
	int	 x, y;

	for (y = 0; y < g->sy; y++)
		for (x = 0; x < g->sx; x++) {
			const struct grid_cell *c = grid_get(g, x, y);

			if (c->ch != GRID_PAD)
				ck_assert_int_ge(utf8_width(c->ch), 1);
		}
}

static void
chrome(struct view_chrome *c, const char *screen)
{
	memset(c, 0, sizeof *c);
	c->hall = "gamehall";
	c->screen = screen;
	c->who = "alice";
	c->online = 3;
}

START_TEST(test_top)
{
	static const char *const variants[] = { "gomoku", "renju" };
	struct view_top_row	 rows[3] = {
		{ 1, "ann", "1712", "64", 40, 30, 9, 1, 0 },
		{ 2, "bob", "1540", "70", 35, 15, 20, 0, 1 },
		{ 0, "cyd", "1800?", "240", 2, 2, 0, 0, 0 },
	};
	struct view_top		 v;
	struct view_hits	 hits;
	struct grid		*g;
	int			 i;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Leaderboard");
		v.variants = variants;
		v.nvariants = 2;
		v.variant = 1;
		v.rows = rows;
		v.nrows = 3;
		v.selected = 1;
		v.provisional_rd = 110;
		view_top_draw(g, &v, &hits);
		ck_assert_int_eq(row_of(g, "gamehall - Leaderboard"), 0);
		ck_assert_int_eq(row_of(g, "renju"), 2);
		ck_assert_int_eq(row_of(g, "   1  ann"), 5);
		ck_assert_int_eq(row_of(g, "   2  bob"), 6);
		ck_assert_int_eq(row_of(g, "   -  cyd"), 7);
		ck_assert_int_eq(row_of(g, "1800?"), 7);
		ck_assert_int_eq(row_of(g, "30/9/1"), 5);
		ck_assert_int_eq(row_of(g, "provisional (RD 110"), g->sy - 3);
		ck_assert_int_eq(row_of(g, "Esc back"), g->sy - 2);
		ck_assert(view_hits_find(&hits, 4, 6) != NULL);
		printable(g);
		v.nrows = 0;
		view_top_draw(g, &v, NULL);
		ck_assert_int_ge(row_of(g, "Nobody has played"), 0);
		grid_free(g);
	}
}
END_TEST

START_TEST(test_replay)
{
	static const char *const sizes_board[] = { "renju", "yonin",
	    "gomoku size=19" };
	const char		*moves[80];
	char			 text[80][16], err[GAME_ERR_LEN], name[32];
	char			*opt[2] = { NULL, NULL };
	struct view_replay	 v;
	struct game		*gm;
	struct grid		*g;
	int			 i, k, n;

	for (i = 0; i < 80; i++) {
		snprintf(text[i], sizeof text[i], "m%d", i + 1);
		moves[i] = text[i];
	}
	for (k = 0; k < 3; k++) {
		snprintf(name, sizeof name, "%s", sizes_board[k]);
		n = 0;
		if (strchr(name, ' ') != NULL) {
			opt[0] = strchr(name, ' ') + 1;
			*strchr(name, ' ') = '\0';
			n = 1;
		}
		gm = game_new(name, n, opt, err, sizeof err);
		ck_assert_msg(gm != NULL, "%s", err);
		for (i = 0; i < 2; i++) {
			g = grid_create(sizes[i][0], sizes[i][1]);
			memset(&v, 0, sizeof v);
			chrome(&v.chrome, "Replay");
			v.title = "renju, game #7";
			v.players = "black alice, white bob";
			v.about = "2026-12-01  rated";
			v.result = "black (alice) wins: five";
			v.board.game = gm;
			v.board.cursor = -1;
			v.board.selected = -1;
			v.board.hand_seat = -1;
			v.yonin = k == 1;
			v.moves = moves;
			v.nmoves = 80;
			v.ply = 79;
			view_replay_draw(g, &v, NULL);
			ck_assert_int_eq(row_of(g, "renju, game #7"), 1);
			ck_assert_int_ge(row_of(g, "Move 79 of 80"), 1);
			/* The list is scrolled to the move shown. */
			ck_assert_int_ge(row_of(g, " 79 m79"), 1);
			ck_assert_int_ge(row_of(g, " 80 m80"), 1);
			ck_assert_int_eq(row_of(g, "Esc back"), g->sy - 2);
			printable(g);
			v.ply = 0;
			v.jump = "12";
			view_replay_draw(g, &v, NULL);
			ck_assert_int_ge(row_of(g, "Go to move: 12_"), 1);
			ck_assert_int_ge(row_of(g, "  1 m1"), 1);
			grid_free(g);
		}
		game_free(gm);
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("view-history");
	TCase	*tc = tcase_create("view-history");
	SRunner	*sr;
	int	 failed;

	tcase_add_test(tc, test_top);
	tcase_add_test(tc, test_replay);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
