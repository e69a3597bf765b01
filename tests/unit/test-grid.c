/*
 * test-grid.c - the cell grid and UTF-8 widths.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

/* The characters of row y as UTF-8 (pads left out), for comparisons. */
static const char *
row_text(const struct grid *g, int y)
{
	static char	 out[4096];
	size_t		 len = 0;
	int		 x;

	for (x = 0; x < g->sx; x++) {
		const struct grid_cell *c = grid_get(g, x, y);

		uint32_t		marks[GRID_MARKS_MAX];
		int			i, n;

		if (c->ch == GRID_PAD)
			continue;
		len += utf8_encode(c->ch, out + len);
		n = grid_cell_marks(g, c, marks);
		for (i = 0; i < n; i++)
			len += utf8_encode(marks[i], out + len);
	}
	out[len] = '\0';
	return out;
}

/* The marks on cell x,y as UTF-8 ("" for none). */
static const char *
marks_text(const struct grid *g, int x, int y)
{
	static char	 out[64];
	uint32_t	 marks[GRID_MARKS_MAX];
	size_t		 len = 0;
	int		 i, n;

	n = grid_cell_marks(g, grid_get(g, x, y), marks);
	for (i = 0; i < n; i++)
		len += utf8_encode(marks[i], out + len);
	out[len] = '\0';
	return out;
}

/* Every pad follows a wide character and every wide character has one. */
static void
check_invariant(const struct grid *g)
{
	int	x, y;

	for (y = 0; y < g->sy; y++) {
		for (x = 0; x < g->sx; x++) {
			const struct grid_cell *c = grid_get(g, x, y);
			const struct grid_cell *n = grid_get(g, x + 1, y);

			CHECK(c->ch != 0x1b);
			/* Marks sit on a character: never a pad or a space. */
			if (c->ch == GRID_PAD || c->ch == ' ')
				CHECK(grid_cell_marks(g, c, NULL) == 0);
			if (c->ch == GRID_PAD) {
				CHECK(x > 0);
				CHECK(utf8_width(grid_get(g, x - 1, y)->ch) == 2);
			} else {
				CHECK(utf8_width(c->ch) >= 1);
				if (utf8_width(c->ch) == 2) {
					CHECK(n != NULL);
					CHECK(n->ch == GRID_PAD);
				}
			}
		}
	}
}

START_TEST(test_utf8_decode)
{
	uint32_t	cp;
	size_t		skip;

	ck_assert_int_eq(utf8_decode("A", 1, &cp, &skip), 1);
	ck_assert_uint_eq(cp, 'A');
	ck_assert_int_eq(utf8_decode("\xc3\xa9", 2, &cp, &skip), 2);
	ck_assert_uint_eq(cp, 0xe9);
	ck_assert_int_eq(utf8_decode("\xe4\xb8\xad", 3, &cp, &skip), 3);
	ck_assert_uint_eq(cp, 0x4e2d);
	ck_assert_int_eq(utf8_decode("\xf0\x9f\x98\x80", 4, &cp, &skip), 4);
	ck_assert_uint_eq(cp, 0x1f600);
	/* truncated */
	ck_assert_int_eq(utf8_decode("\xe4\xb8", 2, &cp, &skip), 0);
	/* overlong, surrogate, too large, lone continuation */
	ck_assert_int_eq(utf8_decode("\xc0\xaf", 2, &cp, &skip), -1);
	ck_assert_uint_eq(skip, 1);
	ck_assert_int_eq(utf8_decode("\xe0\x80\xaf", 3, &cp, &skip), -1);
	ck_assert_int_eq(utf8_decode("\xed\xa0\x80", 3, &cp, &skip), -1);
	ck_assert_int_eq(utf8_decode("\xf4\x90\x80\x80", 4, &cp, &skip), -1);
	ck_assert_int_eq(utf8_decode("\xf8\x88\x80\x80\x80", 5, &cp, &skip),
	    -1);
	ck_assert_int_eq(utf8_decode("\x80", 1, &cp, &skip), -1);
	/* a bad continuation: skip the lead only, keep the next byte */
	ck_assert_int_eq(utf8_decode("\xe4\x41", 2, &cp, &skip), -1);
	ck_assert_uint_eq(skip, 1);
	ck_assert_int_eq(utf8_decode("\xe4\xb8\x41", 3, &cp, &skip), -1);
	ck_assert_uint_eq(skip, 2);
}
END_TEST

START_TEST(test_utf8_roundtrip)
{
	char		buf[4];
	uint32_t	cp, back;
	size_t		skip;
	int		n;

	for (cp = 0; cp <= UTF8_MAX; cp += (cp < 0x3000 ? 1 : 37)) {
		n = utf8_encode(cp, buf);
		if (cp >= 0xd800 && cp <= 0xdfff) {
			ck_assert_int_eq(n, 0);
			continue;
		}
		ck_assert_int_eq(n, utf8_len(cp));
		ck_assert_int_eq(utf8_decode(buf, n, &back, &skip), n);
		ck_assert_uint_eq(back, cp);
	}
	ck_assert_int_eq(utf8_encode(0x110000, buf), 0);
}
END_TEST

START_TEST(test_utf8_width)
{
	ck_assert_int_eq(utf8_width('a'), 1);
	ck_assert_int_eq(utf8_width(0), -1);
	ck_assert_int_eq(utf8_width(0x1b), -1);
	ck_assert_int_eq(utf8_width(0x7f), -1);
	ck_assert_int_eq(utf8_width(0x9b), -1);
	ck_assert_int_eq(utf8_width(0xe9), 1);		/* é */
	ck_assert_int_eq(utf8_width(0x301), 0);		/* combining acute */
	ck_assert_int_eq(utf8_width(0x200b), 0);	/* zero-width space */
	ck_assert_int_eq(utf8_width(0x202e), 0);	/* RLO */
	ck_assert_int_eq(utf8_width(0x4e2d), 2);	/* 中 */
	ck_assert_int_eq(utf8_width(0xac00), 2);	/* 가 */
	ck_assert_int_eq(utf8_width(0xff21), 2);	/* fullwidth A */
	ck_assert_int_eq(utf8_width(0x1f600), 2);	/* emoji */
	ck_assert_int_eq(utf8_width(0x25cf), 1);	/* ● ambiguous */
	ck_assert_int_eq(utf8_width(0x2500), 1);	/* ─ */
	ck_assert_int_eq(utf8_width(0x738b), 2);	/* 王 (shogi) */
	ck_assert_int_eq(utf8_width(0xd800), -1);
	ck_assert_int_eq(utf8_width(0x110000), -1);
	ck_assert_int_eq(utf8_strwidth("a中b"), 4);
	ck_assert_int_eq(utf8_strwidth("e\xcc\x81"), 1);
	ck_assert_int_eq(utf8_strwidth("\x1b[2J"), 3);	/* ESC counts 0 */
	ck_assert_int_eq(utf8_strwidth("\xff\xfe"), 0);
}
END_TEST

/* utf8_width's shortcuts agree with its tables everywhere. */
START_TEST(test_utf8_width_shortcuts)
{
	uint32_t	cp;

	for (cp = 0xa0; cp <= UTF8_MAX; cp++) {
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		if (utf8_width(cp) != utf8_width_table(cp))
			ck_abort_msg("U+%04X: %d vs %d", cp, utf8_width(cp),
			    utf8_width_table(cp));
	}
}
END_TEST

START_TEST(test_grid_create)
{
	struct grid	*g = grid_create(10, 3);

	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(row_text(g, 0), "          ");
	ck_assert_int_eq(g->cursor_visible, 0);
	ck_assert_ptr_null(grid_create(0, 5));
	ck_assert_ptr_null(grid_create(5, -1));
	ck_assert_ptr_null(grid_create(GRID_MAX_SX + 1, 5));
	ck_assert_ptr_null(grid_get(g, 10, 0));
	ck_assert_ptr_null(grid_get(g, -1, 0));
	ck_assert_int_eq(grid_resize(g, 0, 1), -1);
	ck_assert_int_eq(g->sx, 10);
	ck_assert_int_eq(grid_resize(g, 4, 2), 0);
	ck_assert_int_eq(g->sx, 4);
	ck_assert_str_eq(row_text(g, 1), "    ");
	grid_free(g);
}
END_TEST

START_TEST(test_grid_put)
{
	struct grid		*g = grid_create(10, 2);
	struct grid_style	 red = { GRID_RED, GRID_DEFAULT, GRID_BOLD };

	ck_assert_int_eq(grid_put(g, 1, 0, &red, "héllo"), 5);
	ck_assert_str_eq(row_text(g, 0), " héllo    ");
	ck_assert_uint_eq(grid_get(g, 2, 0)->ch, 0xe9);
	ck_assert_uint_eq(grid_get(g, 2, 0)->style.fg, GRID_RED);
	ck_assert_uint_eq(grid_get(g, 0, 0)->style.fg, GRID_DEFAULT);

	/* clipped at the right edge */
	ck_assert_int_eq(grid_put(g, 7, 1, NULL, "abcdef"), 3);
	ck_assert_str_eq(row_text(g, 1), "       abc");
	/* clipped at the left edge */
	ck_assert_int_eq(grid_put(g, -2, 1, NULL, "xyzw"), 4);
	ck_assert_str_eq(row_text(g, 1), "zw     abc");
	/* outside rows: nothing */
	ck_assert_int_eq(grid_put(g, 0, 5, NULL, "abc"), 0);
	ck_assert_int_eq(grid_put(g, 0, -1, NULL, "abc"), 0);
	/* controls, escapes and invalid bytes are dropped */
	grid_clear(g, NULL);
	grid_put(g, 0, 0, NULL, "a\x1b[2Jb\x07\xff\xc0\xaf" "c\xc2\x9b");
	ck_assert_str_eq(row_text(g, 0), "a[2Jbc    ");
	/* a mark stays on its letter; a format character is dropped */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_put(g, 0, 0, NULL, "e\xcc\x81x\xe2\x80\x8b"
	    "y"), 3);
	ck_assert_str_eq(row_text(g, 0), "e\xcc\x81xy       ");
	/* maxcols */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_putn(g, 0, 0, 3, NULL, "abcdef", 6), 3);
	ck_assert_str_eq(row_text(g, 0), "abc       ");
	ck_assert_int_eq(grid_putn(g, 0, 1, 3, NULL, "ab中", 5), 2);
	ck_assert_str_eq(row_text(g, 1), "ab        ");
	/* printf */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_printf(g, 0, 0, NULL, "%d-%s", 42, "x"), 4);
	ck_assert_str_eq(row_text(g, 0), "42-x      ");
	check_invariant(g);
	grid_free(g);
}
END_TEST

START_TEST(test_grid_wide)
{
	struct grid	*g = grid_create(6, 1);

	ck_assert_int_eq(grid_put(g, 0, 0, NULL, "中文"), 4);
	ck_assert_uint_eq(grid_get(g, 0, 0)->ch, 0x4e2d);
	ck_assert_uint_eq(grid_get(g, 1, 0)->ch, GRID_PAD);
	ck_assert_uint_eq(grid_get(g, 2, 0)->ch, 0x6587);
	check_invariant(g);

	/* overwrite the right half of 中: its left half blanks */
	grid_set(g, 1, 0, 'x', NULL);
	ck_assert_str_eq(row_text(g, 0), " x文  ");
	check_invariant(g);

	/* overwrite the left half of 文: its right half blanks */
	grid_set(g, 2, 0, 'y', NULL);
	ck_assert_str_eq(row_text(g, 0), " xy   ");
	check_invariant(g);

	/* a wide character straddling two others */
	grid_clear(g, NULL);
	grid_put(g, 0, 0, NULL, "中文");
	grid_set(g, 1, 0, 0x4e00, NULL);
	ck_assert_str_eq(row_text(g, 0), " 一   ");
	check_invariant(g);

	/* a wide character at the last column does not fit */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_set(g, 5, 0, 0x4e2d, NULL), 0);
	ck_assert_uint_eq(grid_get(g, 5, 0)->ch, ' ');
	ck_assert_int_eq(grid_put(g, 4, 0, NULL, "a中"), 2);
	ck_assert_str_eq(row_text(g, 0), "    a ");
	check_invariant(g);

	/* the left edge cuts a wide character in half */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_put(g, -1, 0, NULL, "中ab"), 4);
	ck_assert_str_eq(row_text(g, 0), " ab   ");
	/* fill with a wide character: the odd column is a space */
	grid_fill(g, 0, 0, 5, 1, 0x4e2d, NULL);
	ck_assert_str_eq(row_text(g, 0), "中中  ");
	check_invariant(g);
	grid_free(g);
}
END_TEST

START_TEST(test_grid_fill_restyle)
{
	struct grid		*g = grid_create(5, 4);
	struct grid_style	 blue = { GRID_DEFAULT, GRID_BLUE, 0 };

	grid_fill(g, 1, 1, 3, 2, '#', &blue);
	ck_assert_str_eq(row_text(g, 0), "     ");
	ck_assert_str_eq(row_text(g, 1), " ### ");
	ck_assert_str_eq(row_text(g, 2), " ### ");
	ck_assert_uint_eq(grid_get(g, 2, 2)->style.bg, GRID_BLUE);
	ck_assert_uint_eq(grid_get(g, 0, 2)->style.bg, GRID_DEFAULT);
	/* clipped, even with absurd sizes */
	grid_fill(g, -100, 3, 1000000, 1000000, '.', NULL);
	ck_assert_str_eq(row_text(g, 3), ".....");
	grid_fill(g, 2147483000, 0, 2147483000, 1, '!', NULL);
	ck_assert_str_eq(row_text(g, 0), "     ");
	grid_restyle(g, 0, 3, 2, 1, &blue);
	ck_assert_uint_eq(grid_get(g, 1, 3)->style.bg, GRID_BLUE);
	ck_assert_uint_eq(grid_get(g, 1, 3)->ch, '.');
	ck_assert_uint_eq(grid_get(g, 2, 3)->style.bg, GRID_DEFAULT);
	grid_free(g);
}
END_TEST

START_TEST(test_grid_box)
{
	struct grid	*g = grid_create(7, 5);

	grid_box(g, 0, 0, 7, 5, GRID_LINE_LIGHT, NULL);
	grid_hline(g, 0, 2, 7, GRID_LINE_LIGHT, NULL);
	grid_vline(g, 3, 0, 5, GRID_LINE_LIGHT, NULL);
	ck_assert_str_eq(row_text(g, 0), "┌──┬──┐");
	ck_assert_str_eq(row_text(g, 1), "│  │  │");
	ck_assert_str_eq(row_text(g, 2), "├──┼──┤");
	ck_assert_str_eq(row_text(g, 3), "│  │  │");
	ck_assert_str_eq(row_text(g, 4), "└──┴──┘");

	/* a lone line has whole ends */
	grid_clear(g, NULL);
	grid_hline(g, 1, 1, 4, GRID_LINE_LIGHT, NULL);
	ck_assert_str_eq(row_text(g, 1), " ────  ");
	/* double, heavy and round */
	grid_clear(g, NULL);
	grid_box(g, 0, 0, 3, 2, GRID_LINE_DOUBLE, NULL);
	grid_box(g, 3, 0, 4, 3, GRID_LINE_ROUND, NULL);
	ck_assert_str_eq(row_text(g, 0), "╔═╗╭──╮");
	ck_assert_str_eq(row_text(g, 1), "╚═╝│  │");
	ck_assert_str_eq(row_text(g, 2), "   ╰──╯");
	grid_clear(g, NULL);
	grid_box(g, 0, 0, 3, 3, GRID_LINE_HEAVY, NULL);
	ck_assert_str_eq(row_text(g, 0), "┏━┓    ");
	/* a board from grid_line_cell */
	grid_clear(g, NULL);
	for (int y = 0; y < 3; y++) {
		for (int x = 0; x < 3; x++) {
			unsigned d = 0;

			d |= y > 0 ? GRID_UP : 0;
			d |= y < 2 ? GRID_DOWN : 0;
			d |= x > 0 ? GRID_LEFT : 0;
			d |= x < 2 ? GRID_RIGHT : 0;
			grid_line_cell(g, x, y, d, GRID_LINE_LIGHT, NULL);
		}
	}
	ck_assert_str_eq(row_text(g, 0), "┌┬┐    ");
	ck_assert_str_eq(row_text(g, 1), "├┼┤    ");
	ck_assert_str_eq(row_text(g, 2), "└┴┘    ");
	ck_assert_uint_eq(grid_line_dirs(0x253c), 0xf);
	ck_assert_uint_eq(grid_line_dirs('+'), 0);
	/* boxes partly off the grid and absurd sizes do not crash */
	grid_box(g, -3, -3, 6, 6, GRID_LINE_LIGHT, NULL);
	grid_box(g, 2147483640, 0, 100, 5, GRID_LINE_LIGHT, NULL);
	grid_hline(g, -2147483647, 0, 2147483647, GRID_LINE_LIGHT, NULL);
	grid_vline(g, 0, -5, 2147483647, GRID_LINE_LIGHT, NULL);
	check_invariant(g);
	grid_free(g);
}
END_TEST

START_TEST(test_grid_copy_cursor)
{
	struct grid	*a = grid_create(4, 2), *b = grid_create(9, 9);

	grid_put(a, 0, 1, NULL, "ab中");
	grid_cursor(a, 2, 1, 1);
	ck_assert_int_eq(grid_copy(b, a), 0);
	ck_assert_int_eq(b->sx, 4);
	ck_assert_int_eq(b->sy, 2);
	ck_assert_int_eq(b->cx, 2);
	ck_assert_int_eq(b->cursor_visible, 1);
	ck_assert_str_eq(row_text(b, 1), "ab中");
	grid_cursor(a, 100, -4, 0);
	ck_assert_int_eq(a->cx, 3);
	ck_assert_int_eq(a->cy, 0);
	grid_free(a);
	grid_free(b);
}
END_TEST

START_TEST(test_utf8_mark)
{
	ck_assert_int_eq(utf8_mark(0x301), 1);		/* combining acute */
	ck_assert_int_eq(utf8_mark(0x94d), 1);		/* Devanagari virama */
	ck_assert_int_eq(utf8_mark(0xe48), 1);		/* Thai mai ek */
	ck_assert_int_eq(utf8_mark(0x1161), 1);		/* jamo: vowel a */
	ck_assert_int_eq(utf8_mark(0x11a8), 1);		/* jamo: final g */
	ck_assert_int_eq(utf8_mark(0x20dd), 1);		/* enclosing circle */
	ck_assert_int_eq(utf8_mark('e'), 0);
	ck_assert_int_eq(utf8_mark(0x93e), 0);		/* spacing: a column */
	ck_assert_int_eq(utf8_mark(0x200b), 0);		/* zero-width space */
	ck_assert_int_eq(utf8_mark(0x200d), 0);		/* ZWJ */
	ck_assert_int_eq(utf8_mark(0x202e), 0);		/* RLO */
	ck_assert_int_eq(utf8_mark(0x2066), 0);		/* LRI */
	ck_assert_int_eq(utf8_mark(0xfeff), 0);
	ck_assert_int_eq(utf8_mark(0xfe0f), 0);		/* VS16: emoji look */
	ck_assert_int_eq(utf8_mark(0xe0101), 0);	/* VS18 */
	ck_assert_int_eq(utf8_mark(0xe0041), 0);	/* tag */
	ck_assert_int_eq(utf8_mark(0x1b), 0);
	ck_assert_int_eq(utf8_mark(0x110000), 0);
	ck_assert_int_eq(utf8_space(' '), 1);
	ck_assert_int_eq(utf8_space(0xa0), 1);
	ck_assert_int_eq(utf8_space(0x3000), 1);
	ck_assert_int_eq(utf8_space('a'), 0);
}
END_TEST

/* Combining marks ride on the character written before them. */
START_TEST(test_grid_marks)
{
	struct grid		*g = grid_create(10, 3);
	struct grid_style	 red = { GRID_RED, GRID_DEFAULT, 0 };
	uint32_t		 m[GRID_MARKS_MAX];

	/* cafe + U+0301: four columns, the mark on the e */
	ck_assert_int_eq(grid_put(g, 0, 0, &red, "cafe\xcc\x81!"), 5);
	ck_assert_str_eq(row_text(g, 0), "cafe\xcc\x81!     ");
	ck_assert_int_eq(grid_cell_marks(g, grid_get(g, 3, 0), m), 1);
	ck_assert_uint_eq(m[0], 0x301);
	ck_assert_int_eq(grid_cell_marks(g, grid_get(g, 4, 0), m), 0);
	ck_assert_uint_eq(grid_get(g, 4, 0)->ch, '!');

	/* at most GRID_MARKS_MAX (4), in order; the rest are dropped */
	grid_put(g, 0, 1, NULL, "e\xcc\x81\xcc\x82\xcc\x83\xcc\x84"
	    "\xcc\x85\xcc\x86x");
	ck_assert_str_eq(marks_text(g, 0, 1), "\xcc\x81\xcc\x82\xcc\x83"
	    "\xcc\x84");
	ck_assert_uint_eq(grid_get(g, 1, 1)->ch, 'x');
	ck_assert_str_eq(marks_text(g, 1, 1), "");

	/* at the start of a string, or after a space: dropped, and what the
	 * grid showed before the string keeps its own */
	grid_clear(g, NULL);
	grid_put(g, 0, 0, NULL, "Z");
	ck_assert_int_eq(grid_put(g, 1, 0, NULL, "\xcc\x81" "a \xcc\x81"
	    "b\xc2\xa0\xcc\x81"), 4);
	ck_assert_str_eq(row_text(g, 0), "Za b\xc2\xa0     ");
	/* after a dropped control or invalid byte: dropped too */
	grid_put(g, 0, 1, NULL, "a\x07\xcc\x81" "b\xff\xcc\x81" "c");
	ck_assert_str_eq(row_text(g, 1), "abc       ");
	/* format characters and variation selectors are not marks */
	grid_put(g, 0, 2, NULL, "a\xe2\x80\xae\xe2\x80\x8d\xef\xb8\x8f"
	    "b");
	ck_assert_str_eq(row_text(g, 2), "ab        ");

	/* a wide character: the marks on its left half, none on the pad */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_put(g, 0, 0, NULL, "\xe4\xb8\xad\xcc\x81x"),
	    3);
	ck_assert_str_eq(marks_text(g, 0, 0), "\xcc\x81");
	ck_assert_str_eq(marks_text(g, 1, 0), "");
	/* a Hangul syllable as conjoining jamo: ᄀ (wide) + ᅡ + ᆨ */
	ck_assert_int_eq(grid_put(g, 4, 0, NULL, "\xe1\x84\x80\xe1\x85\xa1"
	    "\xe1\x86\xa8"), 2);
	ck_assert_str_eq(marks_text(g, 4, 0), "\xe1\x85\xa1\xe1\x86\xa8");
	check_invariant(g);

	/* maxcols and the right edge end the text, not its last marks */
	grid_clear(g, NULL);
	ck_assert_int_eq(grid_putn(g, 0, 0, 4, NULL, "cafe\xcc\x81x", 8), 4);
	ck_assert_str_eq(row_text(g, 0), "cafe\xcc\x81      ");
	ck_assert_int_eq(grid_put(g, 8, 1, NULL, "ae\xcc\x81z"), 2);
	ck_assert_str_eq(marks_text(g, 9, 1), "\xcc\x81");
	/* ... but a wide character cut at the edge leaves a bare space */
	ck_assert_int_eq(grid_put(g, 9, 2, NULL, "\xe4\xb8\xad\xcc\x81"), 1);
	ck_assert_str_eq(marks_text(g, 9, 2), "");
	/* and so does one cut at the left edge; a letter left of column 0
	 * takes its marks with it */
	ck_assert_int_eq(grid_put(g, -1, 2, NULL, "\xe4\xb8\xad\xcc\x81"
	    "e\xcc\x82"), 3);
	ck_assert_str_eq(row_text(g, 2), " e\xcc\x82        ");
	ck_assert_int_eq(grid_put(g, -1, 2, NULL, "e\xcc\x81" "ab"), 3);
	ck_assert_str_eq(row_text(g, 2), "ab        ");
	check_invariant(g);

	/* grid_mark: one mark on the character at x,y (or its left half) */
	grid_clear(g, NULL);
	grid_put(g, 0, 0, NULL, "a\xe4\xb8\xad");
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x301), 1);
	ck_assert_int_eq(grid_mark(g, 2, 0, 0x302), 1);	/* the pad */
	ck_assert_str_eq(marks_text(g, 1, 0), "\xcc\x82");
	ck_assert_int_eq(grid_mark(g, 3, 0, 0x301), 0);	/* a space */
	ck_assert_int_eq(grid_mark(g, 0, 0, 'x'), 0);	/* not a mark */
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x202e), 0);
	ck_assert_int_eq(grid_mark(g, 10, 0, 0x301), 0);
	ck_assert_int_eq(grid_mark(g, 0, -1, 0x301), 0);
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x302), 1);
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x303), 1);
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x304), 1);
	ck_assert_int_eq(grid_mark(g, 0, 0, 0x305), 0);	/* a fifth */
	ck_assert_str_eq(marks_text(g, 0, 0), "\xcc\x81\xcc\x82\xcc\x83"
	    "\xcc\x84");
	grid_free(g);
}
END_TEST

/* Writing over a character takes its marks away; restyling keeps them. */
START_TEST(test_grid_marks_overwrite)
{
	struct grid		*g = grid_create(8, 2);
	struct grid_style	 blue = { GRID_DEFAULT, GRID_BLUE, 0 };

	grid_put(g, 0, 0, NULL, "e\xcc\x81" "e\xcc\x81" "e\xcc\x81"
	    "\xe4\xb8\xad\xcc\x81" "e\xcc\x81");
	ck_assert_str_eq(row_text(g, 0), "e\xcc\x81" "e\xcc\x81" "e\xcc\x81"
	    "\xe4\xb8\xad\xcc\x81" "e\xcc\x81" "  ");
	grid_restyle(g, 0, 0, 8, 1, &blue);
	ck_assert_str_eq(marks_text(g, 0, 0), "\xcc\x81");
	grid_set(g, 0, 0, 'e', NULL);			/* the same letter */
	ck_assert_str_eq(marks_text(g, 0, 0), "");
	grid_put(g, 1, 0, NULL, "o");
	ck_assert_str_eq(marks_text(g, 1, 0), "");
	grid_fill(g, 2, 0, 1, 1, 'e', NULL);
	ck_assert_str_eq(marks_text(g, 2, 0), "");
	grid_set(g, 4, 0, 'x', NULL);	/* the pad of 中: 中 goes, marks too */
	ck_assert_uint_eq(grid_get(g, 3, 0)->ch, ' ');
	ck_assert_str_eq(marks_text(g, 3, 0), "");
	grid_hline(g, 5, 0, 1, GRID_LINE_LIGHT, NULL);
	ck_assert_str_eq(marks_text(g, 5, 0), "");
	check_invariant(g);
	/* clear and resize take every mark */
	grid_put(g, 0, 1, NULL, "e\xcc\x81");
	grid_clear(g, NULL);
	ck_assert_str_eq(marks_text(g, 0, 1), "");
	grid_put(g, 0, 1, NULL, "e\xcc\x81");
	ck_assert_int_eq(grid_resize(g, 9, 3), 0);
	ck_assert_str_eq(marks_text(g, 0, 1), "");
	grid_free(g);
}
END_TEST

/* Equal cells of two grids compare equal whatever their side tables. */
START_TEST(test_grid_marks_compare_copy)
{
	struct grid	*a = grid_create(6, 2), *b = grid_create(6, 2);
	struct grid	*c = grid_create(3, 1);

	/* The same text drawn in another order: other table entries. */
	grid_put(a, 0, 0, NULL, "e\xcc\x88" "e\xcc\x81");
	grid_put(b, 1, 0, NULL, "e\xcc\x81");
	grid_put(b, 0, 0, NULL, "e\xcc\x88");
	ck_assert(grid_cell_equal(a, grid_get(a, 0, 0), b, grid_get(b, 0, 0)));
	ck_assert(grid_cell_equal(a, grid_get(a, 1, 0), b, grid_get(b, 1, 0)));
	ck_assert(!grid_cell_equal(a, grid_get(a, 0, 0), b,
	    grid_get(b, 1, 0)));
	/* a mark against none, and two marks against one */
	grid_put(b, 2, 0, NULL, "e");
	grid_put(a, 2, 0, NULL, "e\xcc\x81");
	ck_assert(!grid_cell_equal(a, grid_get(a, 2, 0), b,
	    grid_get(b, 2, 0)));
	ck_assert(!grid_cell_equal(b, grid_get(b, 2, 0), a,
	    grid_get(a, 2, 0)));
	grid_put(b, 2, 0, NULL, "e\xcc\x81\xcc\x81");
	ck_assert(!grid_cell_equal(a, grid_get(a, 2, 0), b,
	    grid_get(b, 2, 0)));
	ck_assert(grid_cell_equal(a, grid_get(a, 3, 0), b, grid_get(b, 3, 0)));

	/* grid_copy takes the marks along, and they stay when the source
	 * changes */
	ck_assert_int_eq(grid_copy(c, a), 0);
	ck_assert_str_eq(row_text(c, 0), row_text(a, 0));
	for (int x = 0; x < 6; x++)
		ck_assert(grid_cell_equal(a, grid_get(a, x, 0), c,
		    grid_get(c, x, 0)));
	grid_clear(a, NULL);
	grid_put(a, 0, 0, NULL, "o\xcc\x83");
	ck_assert_str_eq(row_text(c, 0), "e\xcc\x88" "e\xcc\x81" "e\xcc\x81"
	    "   ");
	/* a copy without marks leaves none behind */
	grid_clear(a, NULL);
	ck_assert_int_eq(grid_copy(c, a), 0);
	ck_assert_str_eq(row_text(c, 0), "      ");
	ck_assert(grid_cell_equal(a, grid_get(a, 0, 0), c, grid_get(c, 0, 0)));
	grid_free(a);
	grid_free(b);
	grid_free(c);
}
END_TEST

/*
 * Many distinct mark sequences written over and over without a clear: the
 * side table is reclaimed and every cell keeps exactly its own marks (the
 * grid has fewer cells than the table has ids, so all of them fit).
 */
START_TEST(test_grid_marks_many)
{
	enum { SX = 60, SY = 30 };
	struct grid	*g = grid_create(SX, SY);
	static uint32_t	 want[SX * SY][GRID_MARKS_MAX];

	_Static_assert(SX * SY < GRID_MARKS_IDS, "every cell's marks fit");
	uint32_t	 m[GRID_MARKS_MAX];
	unsigned	 seed = 77;
	int		 i, j, k, n, x, y;

	memset(want, 0, sizeof want);
	grid_fill(g, 0, 0, SX, SY, 'o', NULL);
	for (i = 0; i < 300000; i++) {
		seed = seed * 1103515245 + 12345;
		x = (seed >> 8) % SX;
		y = (seed >> 16) % SY;
		if ((seed >> 4) % 16 == 0) {
			grid_set(g, x, y, 'o', NULL);	/* marks go */
			memset(want[y * SX + x], 0, sizeof want[0]);
			continue;
		}
		n = 1 + (seed >> 24) % GRID_MARKS_MAX;
		grid_set(g, x, y, 'o', NULL);
		memset(want[y * SX + x], 0, sizeof want[0]);
		for (j = 0; j < n; j++) {
			seed = seed * 1103515245 + 12345;
			want[y * SX + x][j] = 0x300 + (seed >> 10) % 0x70;
			CHECK(grid_mark(g, x, y, want[y * SX + x][j]) == 1);
		}
	}
	for (y = 0; y < SY; y++) {
		for (x = 0; x < SX; x++) {
			n = grid_cell_marks(g, grid_get(g, x, y), m);
			for (k = 0; k < GRID_MARKS_MAX; k++) {
				CHECK(k < n ? m[k] == want[y * SX + x][k] :
				    want[y * SX + x][k] == 0);
			}
		}
	}
	grid_free(g);
}
END_TEST

/*
 * More different sequences than the side table's GRID_MARKS_IDS ids on one
 * screen: the ones beyond are dropped (the characters stay), quickly, and a
 * clear makes room again.
 */
START_TEST(test_grid_marks_full)
{
	enum { SX = 300, SY = 300 };
	struct grid	*g = grid_create(SX, SY), *c = grid_create(1, 1);
	char		 text[16];
	int		 i, n, with = 0;

	for (i = 0; i < SX * SY; i++) {
		n = 0;
		text[n++] = 'o';
		n += utf8_encode(0x300 + i % 112, text + n);
		n += utf8_encode(0x300 + i / 112 % 112, text + n);
		n += utf8_encode(0x300 + i / 12544, text + n);
		CHECK(grid_putn(g, i % SX, i / SX, 1, NULL, text, n) == 1);
	}
	for (i = 0; i < SX * SY; i++) {
		n = grid_cell_marks(g, grid_get(g, i % SX, i / SX), NULL);
		CHECK(n == 0 || n == 3);
		CHECK(grid_get(g, i % SX, i / SX)->ch == 'o');
		with += n == 3;
	}
	ck_assert_int_eq(with, GRID_MARKS_IDS);
	ck_assert_int_eq(grid_copy(c, g), 0);
	ck_assert_int_eq(strncmp(row_text(c, 0), "o\xcc\x80\xcc\x80\xcc\x80"
	    "o\xcc\x81\xcc\x80\xcc\x80" "o\xcc\x82\xcc\x80\xcc\x80", 21), 0);
	for (i = 0; i < SX * SY; i++) {
		CHECK(grid_cell_equal(g, grid_get(g, i % SX, i / SX), c,
		    grid_get(c, i % SX, i / SX)));
	}
	grid_clear(g, NULL);
	grid_put(g, 0, 0, NULL, "e\xcc\x81");
	ck_assert_str_eq(marks_text(g, 0, 0), "\xcc\x81");
	grid_free(g);
	grid_free(c);
}
END_TEST

/*
 * The packed cell keeps everything a view can give it: every colour in
 * both places and every attribute, the largest code point, a wide
 * character with marks beside styled neighbours; and the same drawing
 * gives the same bytes, so the writer's row compare stays exact.
 */
START_TEST(test_grid_cell_packed)
{
	struct grid		*g = grid_create(300, 3), *h = grid_create(300, 3);
	struct grid_style	 st;
	const struct grid_cell	*c;
	uint16_t		 colour;
	int			 x;

	ck_assert_uint_eq(sizeof (struct grid_cell), 8);
	for (colour = 0; colour <= GRID_DEFAULT; colour++) {
		st = (struct grid_style){ colour, GRID_DEFAULT - colour,
		    colour & 0x0f };
		x = colour;
		ck_assert_int_eq(grid_set(g, x, 0, 'a' + colour % 26, &st), 1);
		c = grid_get(g, x, 0);
		CHECK(c->ch == (uint32_t)('a' + colour % 26));
		CHECK(c->style.fg == colour);
		CHECK(c->style.bg == GRID_DEFAULT - colour);
		CHECK(c->style.attr == (colour & 0x0f));
		CHECK(c->marks == 0);
	}
	st = (struct grid_style){ GRID_RED, GRID_BLUE, GRID_BOLD | GRID_DIM };
	/* The last code point there is (21 bits, whatever its width). */
	ck_assert_int_gt(grid_set(g, 0, 2, 0x10ffff, &st), 0);
	ck_assert_uint_eq(grid_get(g, 0, 2)->ch, 0x10ffff);
	ck_assert_uint_eq(grid_get(g, 0, 2)->style.bg, GRID_BLUE);
	/* 中 with two marks between styled neighbours. */
	ck_assert_int_eq(grid_put(g, 1, 1, &st, "x\xe4\xb8\xad\xcc\x81\xcc\xa3y"), 4);
	ck_assert_uint_eq(grid_get(g, 2, 1)->ch, 0x4e2d);
	ck_assert_uint_eq(grid_get(g, 3, 1)->ch, GRID_PAD);
	ck_assert_str_eq(marks_text(g, 2, 1), "\xcc\x81\xcc\xa3");
	ck_assert_str_eq(marks_text(g, 1, 1), "");
	ck_assert_str_eq(marks_text(g, 4, 1), "");
	for (x = 1; x <= 4; x++) {
		c = grid_get(g, x, 1);
		ck_assert_uint_eq(c->style.fg, GRID_RED);
		ck_assert_uint_eq(c->style.bg, GRID_BLUE);
		ck_assert_uint_eq(c->style.attr, GRID_BOLD | GRID_DIM);
	}
	ck_assert_int_eq(strncmp(row_text(g, 1),
	    " x\xe4\xb8\xad\xcc\x81\xcc\xa3y ", 11), 0);
	/* A restyle keeps the character and its marks. */
	grid_restyle(g, 2, 1, 1, 1, &(struct grid_style){ GRID_GREEN,
	    GRID_DEFAULT, GRID_UNDERLINE });
	ck_assert_uint_eq(grid_get(g, 3, 1)->style.fg, GRID_GREEN);
	ck_assert_uint_eq(grid_get(g, 2, 1)->style.attr, GRID_UNDERLINE);
	ck_assert_str_eq(marks_text(g, 2, 1), "\xcc\x81\xcc\xa3");
	ck_assert_uint_eq(grid_get(g, 4, 1)->style.fg, GRID_RED);
	check_invariant(g);

	/* The same drawing on another grid: the same bytes, row by row. */
	for (colour = 0; colour <= GRID_DEFAULT; colour++)
		grid_set(h, colour, 0, 'a' + colour % 26,
		    &(struct grid_style){ colour, GRID_DEFAULT - colour,
		    colour & 0x0f });
	grid_set(h, 0, 2, 0x10ffff, &st);
	grid_put(h, 1, 1, &st, "x\xe4\xb8\xad\xcc\x81\xcc\xa3y");
	grid_restyle(h, 2, 1, 1, 1, &(struct grid_style){ GRID_GREEN,
	    GRID_DEFAULT, GRID_UNDERLINE });
	ck_assert_int_eq(memcmp(g->cells, h->cells,
	    (size_t)g->sx * g->sy * sizeof *g->cells), 0);
	for (x = 0; x < g->sx; x++)
		CHECK(grid_cell_equal(g, grid_get(g, x, 1), h, grid_get(h, x, 1)));
	grid_free(g);
	grid_free(h);
}
END_TEST

/* Random drawing never breaks the invariant or writes outside. */
START_TEST(test_grid_random)
{
	static const uint32_t	chars[] = { 'a', ' ', 0x4e2d, 0x25cf,
	    0x2500, 0xe9, 0xac00 };
	struct grid		*g = grid_create(13, 5);
	unsigned		 seed = 12345;
	int			 i;

	for (i = 0; i < 20000; i++) {
		int x, y, op;

		seed = seed * 1103515245 + 12345;
		op = (seed >> 8) % 6;
		x = (int)((seed >> 12) % 17) - 2;
		y = (int)((seed >> 18) % 9) - 2;
		switch (op) {
		case 0:
			grid_set(g, x, y, chars[(seed >> 3) % 7], NULL);
			break;
		case 1:
			grid_put(g, x, y, NULL, (seed >> 4) % 2 ? "中a文bc가" :
			    "中\xcc\x81" "a\xcc\x82 \xcc\x83" "b\xe1\x84\x80"
			    "\xe1\x85\xa1");
			break;
		case 2:
			grid_fill(g, x, y, 3, 2, chars[(seed >> 3) % 7], NULL);
			break;
		case 3:
			grid_box(g, x, y, 4, 3, (seed >> 5) % 4, NULL);
			break;
		case 4:
			grid_hline(g, x, y, 5, (seed >> 5) % 4, NULL);
			break;
		case 5:
			grid_restyle(g, x, y, 3, 3, NULL);
			break;
		}
		check_invariant(g);
	}
	grid_free(g);
}
END_TEST

static Suite *
grid_suite(void)
{
	Suite	*s = suite_create("grid");
	TCase	*tc = tcase_create("grid");

	tcase_add_test(tc, test_utf8_decode);
	tcase_add_test(tc, test_utf8_roundtrip);
	tcase_add_test(tc, test_utf8_width);
	tcase_add_test(tc, test_utf8_width_shortcuts);
	tcase_add_test(tc, test_grid_create);
	tcase_add_test(tc, test_grid_put);
	tcase_add_test(tc, test_grid_wide);
	tcase_add_test(tc, test_grid_fill_restyle);
	tcase_add_test(tc, test_grid_box);
	tcase_add_test(tc, test_grid_copy_cursor);
	tcase_add_test(tc, test_utf8_mark);
	tcase_add_test(tc, test_grid_marks);
	tcase_add_test(tc, test_grid_marks_overwrite);
	tcase_add_test(tc, test_grid_marks_compare_copy);
	tcase_add_test(tc, test_grid_marks_many);
	tcase_add_test(tc, test_grid_marks_full);
	tcase_add_test(tc, test_grid_cell_packed);
	tcase_add_test(tc, test_grid_random);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(grid_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
