/*
 * test-view-sysop.c - the sysop menu's view: the figures, as many rows of
 * the answer as fit (with a note when more follow), the result line in
 * its colour, the command line with the cursor, at any terminal size.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-sysop.h"
#include "tests/unit/grid-text.h"

static const char *
row_text(const struct grid *g, int y, char *buf, size_t len)
{
	return grid_text_row(g, y, buf, len);
}

static int
find_row(const struct grid *g, const char *text)
{
	char	 buf[4096];

	for (int y = 0; y < g->sy; y++) {
		if (strstr(row_text(g, y, buf, sizeof buf), text) != NULL)
			return y;
	}
	return -1;
}

START_TEST(test_draw)
{
	static const char *const rows[] = { "alice  user", "bob  guest",
	    "carol  sysop" };
	struct view_sysop	 v;
	struct view_hits	 hits;
	struct grid		*g = grid_create(80, 24);

	memset(&v, 0, sizeof v);
	v.chrome.hall = "gamehall";
	v.chrome.screen = "Sysop";
	v.figures = "3 sessions, 3 people online, 0 tables.";
	v.rows = rows;
	v.nrows = 3;
	v.result = "ok: 3 sessions";
	v.input = "kick bob";
	v.input_cursor = 8;
	view_sysop_draw(g, &v, &hits);
	ck_assert_int_eq(find_row(g, "3 people online"), 1);
	ck_assert_int_eq(find_row(g, "alice  user"), 3);
	ck_assert_int_eq(find_row(g, "carol  sysop"), 5);
	ck_assert_int_eq(find_row(g, "ok: 3 sessions"), 20);
	ck_assert_int_eq(find_row(g, "Command: kick bob"), 21);
	ck_assert_int_eq(find_row(g, "PgDn"), -1);
	ck_assert_int_eq(g->cy, 21);
	ck_assert_int_eq(g->cx, 2 + 9 + 8);
	ck_assert(g->cursor_visible);
	grid_free(g);
}
END_TEST

/* More rows than fit: the last one shown says more follow; scrolled to
 * the end, it does not. */
START_TEST(test_scroll)
{
	const char		*rows[40];
	char			 text[40][16];
	struct view_sysop	 v;
	struct view_hits	 hits;
	struct grid		*g = grid_create(80, 24);
	int			 shown = view_sysop_rows(80, 24);

	for (int i = 0; i < 40; i++) {
		snprintf(text[i], sizeof text[i], "row %02d", i);
		rows[i] = text[i];
	}
	memset(&v, 0, sizeof v);
	v.rows = rows;
	v.nrows = 40;
	view_sysop_draw(g, &v, &hits);
	ck_assert_int_eq(shown, 17);
	ck_assert_int_ne(find_row(g, "row 00"), -1);
	ck_assert_int_ne(find_row(g, "row 15"), -1);
	ck_assert_int_eq(find_row(g, "row 16"), -1);	/* the note's row */
	ck_assert_int_ne(find_row(g, "PgDn for more"), -1);
	v.top = 40 - shown;
	view_sysop_draw(g, &v, &hits);
	ck_assert_int_eq(find_row(g, "row 22"), -1);
	ck_assert_int_ne(find_row(g, "row 39"), -1);
	ck_assert_int_eq(find_row(g, "PgDn for more"), -1);
	grid_free(g);
}
END_TEST

/* Tiny and huge terminals: nothing drawn off the grid, no crash. */
START_TEST(test_sizes)
{
	static const int sizes[][2] = { { 1, 1 }, { 10, 3 }, { 20, 8 },
	    { 500, 200 } };
	static const char *const rows[] = { "a long row of text that is "
	    "wider than a small terminal" };
	struct view_sysop	 v;
	struct view_hits	 hits;

	memset(&v, 0, sizeof v);
	v.rows = rows;
	v.nrows = 1;
	v.result = "error: no session of nobody (see who)";
	v.result_error = 1;
	v.input = "who";
	v.input_cursor = 3;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct grid *g = grid_create(sizes[i][0], sizes[i][1]);

		ck_assert_ptr_nonnull(g);
		view_sysop_draw(g, &v, &hits);
		ck_assert_int_ge(view_sysop_rows(sizes[i][0], sizes[i][1]), 1);
		ck_assert_int_ge(view_sysop_input_width(sizes[i][0]), 4);
		grid_free(g);
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("view-sysop");
	TCase	*tc = tcase_create("view");
	SRunner	*sr;
	int	 failed;

	tcase_add_test(tc, test_draw);
	tcase_add_test(tc, test_scroll);
	tcase_add_test(tc, test_sizes);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
