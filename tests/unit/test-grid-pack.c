/*
 * test-grid-pack.c - a packed grid gives back the grid it was packed from,
 * and the writer sends the same bytes against either.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/grid-pack.h"
#include "screens/tty.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

/* b holds what a holds, cell for cell, style bits and cursor too. */
static void
check_same(const struct grid *a, const struct grid *b)
{
	size_t	 i, n = (size_t)a->sx * a->sy;

	ck_assert_int_eq(b->sx, a->sx);
	ck_assert_int_eq(b->sy, a->sy);
	ck_assert_int_eq(b->cx, a->cx);
	ck_assert_int_eq(b->cy, a->cy);
	ck_assert_int_eq(b->cursor_visible, a->cursor_visible);
	for (i = 0; i < n; i++) {
		CHECK(grid_cell_equal(a, &a->cells[i], b, &b->cells[i]));
		CHECK(memcmp(&a->cells[i].style, &b->cells[i].style,
		    sizeof a->cells[i].style) == 0);
		CHECK(grid_cell_marks(a, &a->cells[i], NULL) ==
		    grid_cell_marks(b, &b->cells[i], NULL));
	}
}

static struct grid *
round_trip(const struct grid *g, size_t *bytes)
{
	struct grid_pack	*p = grid_pack_new(g);
	struct grid		*u;

	ck_assert_ptr_nonnull(p);
	if (bytes != NULL)
		*bytes = grid_pack_bytes(p);
	u = grid_pack_unpack(p);
	ck_assert_ptr_nonnull(u);
	grid_pack_free(p);
	check_same(g, u);
	return u;
}

/* Something like a lobby: boxes, names, a list, a highlighted row. */
static void
draw_lobby(struct grid *g, int online)
{
	struct grid_style	 title = { GRID_WHITE, GRID_BLUE, GRID_BOLD };
	struct grid_style	 sel = { GRID_DEFAULT, GRID_DEFAULT, GRID_REVERSE };
	int			 i;

	grid_clear(g, NULL);
	grid_fill(g, 0, 0, g->sx, 1, ' ', &title);
	grid_put(g, 1, 0, &title, "gamehall \xe2\x80\x94 Lobby");
	grid_box(g, 0, 1, 40, g->sy - 2, GRID_LINE_LIGHT, NULL);
	grid_box(g, 40, 1, g->sx - 40, g->sy - 2, GRID_LINE_ROUND, NULL);
	grid_printf(g, 2, 1, NULL, " Online (%d) ", online);
	for (i = 0; i < g->sy - 4; i++)
		grid_printf(g, 2, 2 + i, i == 3 ? &sel : NULL,
		    "guest-%04x%s", i * 7919, i == 5 ? " \xe4\xb8\xad"
		    "\xcc\x81" : (i == 6 ? " caf\x65\xcc\x81" : ""));
	grid_put(g, 42, 2, NULL, "Tables: none yet, n opens one");
	grid_fill(g, 41, 10, 30, 1, 0x2500, NULL);
	grid_put(g, 0, g->sy - 1, &(struct grid_style){ GRID_BLACK,
	    GRID_CYAN, 0 }, " ? help  n new table  t chat  q quit");
	grid_cursor(g, 12, g->sy - 3, 1);
}

START_TEST(test_grid_pack_lobby)
{
	struct grid	*g = grid_create(80, 24), *u;
	size_t		 bytes;

	draw_lobby(g, 9999);
	u = round_trip(g, &bytes);
	/* The point of it: far less than the cells. */
	ck_assert_uint_lt(bytes, grid_bytes(g) / 5);
	grid_free(u);
	grid_free(g);
}
END_TEST

/* Blank, one cell, long runs across rows and past 127, every kind of cell. */
START_TEST(test_grid_pack_edges)
{
	struct grid	*g = grid_create(1, 1), *u;
	int		 x, y;

	u = round_trip(g, NULL);
	grid_free(u);
	grid_set(g, 0, 0, 0x10ffff, &(struct grid_style){ 200, 17,
	    GRID_UNDERLINE });
	u = round_trip(g, NULL);
	grid_free(u);
	grid_free(g);

	g = grid_create(300, 7);
	u = round_trip(g, NULL);	/* 2100 spaces: one run per 128 */
	grid_free(u);
	grid_fill(g, 0, 1, 300, 2, 0x2550, &(struct grid_style){ GRID_RED,
	    GRID_DEFAULT, 0 });
	grid_fill(g, 5, 3, 290, 1, 0x4e2d, NULL);	/* wide: 中 pad 中 */
	for (x = 0; x < 300; x += 3)
		grid_put(g, x, 4, &(struct grid_style){ x % 257, 256 - x % 257,
		    x & 0x0f }, "e\xcc\x81\xcc\xa3");
	for (x = 0; x < 290; x += 2)	/* marks on wide characters */
		grid_put(g, x, 5, NULL, "\xe4\xb8\xad\xcc\x81");
	for (x = 0; x < 300; x++)	/* the same mark, again and again */
		grid_put(g, x, 6, NULL, "o\xcc\x88");
	grid_cursor(g, 299, 6, 0);
	u = round_trip(g, NULL);
	for (y = 0; y < 7; y++)
		for (x = 0; x < 300; x++)
			CHECK(grid_cell_equal(g, grid_get(g, x, y), u,
			    grid_get(u, x, y)));
	grid_free(u);
	grid_free(g);
}
END_TEST

/* Random drawing: whatever is drawn comes back. */
START_TEST(test_grid_pack_random)
{
	static const char *const texts[] = {
		"abc", "\xe4\xb8\xad\xe6\x96\x87", "e\xcc\x81", "\xe2\x97\x8f",
		"     ", "x\xcc\x81\xcc\x82\xcc\x83\xcc\x84", "\xe2\x94\x80",
	};
	struct grid	*g = grid_create(53, 17), *u;
	unsigned	 seed = 4242;
	int		 round, i;

	for (round = 0; round < 200; round++) {
		for (i = 0; i < 40; i++) {
			seed = seed * 1103515245 + 12345;
			grid_put(g, (int)(seed >> 8) % 53, (int)(seed >> 16) % 17,
			    &(struct grid_style){ (seed >> 3) % 257,
			    (seed >> 11) % 257, (seed >> 20) & 0x0f },
			    texts[(seed >> 24) % 7]);
		}
		grid_cursor(g, (int)seed % 53, (int)(seed >> 5) % 17,
		    (int)(seed & 1));
		u = round_trip(g, NULL);
		grid_free(u);
		if (round % 50 == 49)
			grid_clear(g, NULL);
	}
	grid_free(g);
}
END_TEST

/* The writer sends the same bytes against the grid and its unpacked pack. */
START_TEST(test_grid_pack_diff)
{
	struct tty_caps	 caps = { 1, TTY_COLOURS_256, 1, 1 };
	struct grid	*shown = grid_create(80, 24), *frame = grid_create(80, 24);
	struct grid	*u;
	struct buf	 a, b;

	draw_lobby(shown, 41);
	draw_lobby(frame, 42);
	grid_put(frame, 42, 12, NULL, "alice: h\xc3\xa9llo \xe4\xb8\xad");
	u = round_trip(shown, NULL);
	buf_init(&a);
	buf_init(&b);
	tty_diff(&a, shown, frame, &caps);
	tty_diff(&b, u, frame, &caps);
	ck_assert_uint_gt(a.len, 0);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert_int_eq(memcmp(a.data, b.data, a.len), 0);
	/* Nothing changed: nothing sent. */
	buf_reset(&b);
	grid_free(u);
	u = round_trip(frame, NULL);
	tty_diff(&b, u, frame, &caps);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&a);
	buf_free(&b);
	grid_free(u);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

static Suite *
grid_pack_suite(void)
{
	Suite	*s = suite_create("grid-pack");
	TCase	*tc = tcase_create("core");

	tcase_add_test(tc, test_grid_pack_lobby);
	tcase_add_test(tc, test_grid_pack_edges);
	tcase_add_test(tc, test_grid_pack_random);
	tcase_add_test(tc, test_grid_pack_diff);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(grid_pack_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
