/*
 * test-tty.c - the writer and terminal capabilities.
 *
 * The writer's bytes are fed to libvterm, a real terminal emulator, and the
 * virtual screen must then equal the frame, cell by cell (glyph, attributes,
 * colours), with the cursor where the frame puts it - for random frames and
 * random changes, in UTF-8 and ASCII, with 256, 16 and no colours; and for
 * frames whose bands of rows moved up or down, which the writer scrolls.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

#include "screens/buf.h"
#include "screens/colour.h"
#include "screens/grid.h"
#include "screens/tty.h"
#include "screens/tty-caps.h"
#include "screens/utf8.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

struct term {
	VTerm		*vt;
	VTermScreen	*screen;
	int		 visible;
	int		 scrolled;	/* lines pushed to the scrollback */
	int		 regions;	/* feeds that set a scroll region */
};

static int
term_settermprop(VTermProp prop, VTermValue *val, void *arg)
{
	struct term	*t = arg;

	if (prop == VTERM_PROP_CURSORVISIBLE)
		t->visible = val->boolean;
	return 1;
}

static int
term_pushline(int cols, const VTermScreenCell *cells, void *arg)
{
	struct term	*t = arg;

	t->scrolled++;
	return 1;
}

static const VTermScreenCallbacks term_callbacks = {
	.settermprop = term_settermprop,
	.sb_pushline = term_pushline,
};

static void
term_open(struct term *t, int sx, int sy)
{
	memset(t, 0, sizeof *t);
	t->vt = vterm_new(sy, sx);
	vterm_set_utf8(t->vt, 1);
	t->screen = vterm_obtain_screen(t->vt);
	vterm_screen_set_callbacks(t->screen, &term_callbacks, t);
	vterm_screen_reset(t->screen, 1);
	t->visible = 1;
}

static void
term_close(struct term *t)
{
	vterm_free(t->vt);
}

/*
 * The scroll regions (DECSTBM) set in b: *top if one starts at the top row
 * and *reset if the last one set is the whole screen again; their number.
 */
static int
scan_regions(const struct buf *b, int *top, int *reset)
{
	size_t	i, j;
	int	n = 0;

	*top = 0;
	*reset = 1;
	for (i = 0; i + 2 < b->len; i++) {
		if (b->data[i] != '\033' || b->data[i + 1] != '[')
			continue;
		for (j = i + 2; j < b->len; j++) {
			if ((b->data[j] < '0' || b->data[j] > '9') &&
			    b->data[j] != ';')
				break;
		}
		if (j == b->len || b->data[j] != 'r')
			continue;
		if (j == i + 2)
			*reset = 1;		/* ESC [ r */
		else {
			*reset = 0;
			n++;
			if (b->data[i + 2] == ';' || (j > i + 3 &&
			    b->data[i + 2] == '1' && b->data[i + 3] == ';'))
				*top = 1;
		}
	}
	return n;
}

/*
 * Feed bytes, checking what a writer may ever send: no controls but ESC,
 * CR, LF, BS; the scroll region reset before the end; and the screen never
 * scrolled as a whole (lines reach the scrollback only from a region at
 * the top row, which libvterm's main screen, like xterm's, keeps).
 */
static void
term_feed(struct term *t, const struct buf *b, const struct tty_caps *caps)
{
	size_t	i;
	int	top, reset;

	CHECK(b->failed == 0);
	for (i = 0; i < b->len; i++) {
		unsigned char c = b->data[i];

		/* Only ESC, CR, LF, BS of the C0 set; no DEL; no C1 bytes
		 * outside UTF-8; nothing above 0x7f in ASCII mode. */
		if (c < 0x20)
			CHECK(c == 0x1b || c == '\r' || c == '\n' ||
			    c == '\b');
		CHECK(c != 0x7f);
		if (!caps->utf8)
			CHECK(c < 0x80);
	}
	if (scan_regions(b, &top, &reset) > 0)
		t->regions++;
	CHECK(reset);
	t->scrolled = 0;
	vterm_input_write(t->vt, b->data, b->len);
	if (!top)
		CHECK(t->scrolled == 0);
}

static int
colour_of(const VTermColor *c, int fg)
{
	if (fg ? VTERM_COLOR_IS_DEFAULT_FG(c) : VTERM_COLOR_IS_DEFAULT_BG(c))
		return GRID_DEFAULT;
	CHECK(VTERM_COLOR_IS_INDEXED(c));
	return c->indexed.idx;
}

static int
expect_colour(const struct tty_caps *caps, int c)
{
	if (c == GRID_DEFAULT || caps->colours == TTY_COLOURS_NONE)
		return GRID_DEFAULT;
	if (caps->colours == TTY_COLOURS_16)
		return colour_256to16(c);
	return c;
}

/*
 * The combining characters libvterm keeps after the first are the cell's
 * marks when the terminal shows them (UTF-8, a character drawn as itself),
 * and none otherwise.
 */
static void
check_marks(const VTermScreenCell *cell, const struct grid *f,
    const struct grid_cell *c, int x, int y, int shown)
{
	uint32_t	marks[GRID_MARKS_MAX];
	int		i, n = shown ? grid_cell_marks(f, c, marks) : 0;

	for (i = 0; i < n; i++) {
		if (cell->chars[1 + i] != marks[i])
			ck_abort_msg("cell %d,%d: mark %d U+%04X, want U+%04X",
			    x, y, i, cell->chars[1 + i], marks[i]);
	}
	if (cell->chars[0] != 0 && cell->chars[1 + n] != 0)
		ck_abort_msg("cell %d,%d: mark %d U+%04X, want none", x, y, n,
		    cell->chars[1 + n]);
}

/* The virtual screen equals frame as this terminal can show it. */
static void
term_check(struct term *t, const struct grid *f, const struct tty_caps *caps)
{
	VTermPos	 pos;
	VTermScreenCell	 cell;
	VTermState	*state = vterm_obtain_state(t->vt);
	int		 x, y;

	for (y = 0; y < f->sy; y++) {
		for (x = 0; x < f->sx; x++) {
			const struct grid_cell	*c = grid_get(f, x, y);
			const struct grid_cell	*n = grid_get(f, x + 1, y);
			uint32_t		 want = c->ch, got;
			int			 wide = 0;

			pos.row = y;
			pos.col = x;
			vterm_screen_get_cell(t->screen, pos, &cell);
			got = cell.chars[0] == 0 ? ' ' : cell.chars[0];
			if (want == GRID_PAD) {
				if (caps->utf8)
					continue;	/* right half */
				want = tty_acs_ascii(grid_get(f, x - 1,
				    y)->ch) == '?' ? '?' : ' ';
			} else if (utf8_width(want) == 2 && n != NULL &&
			    n->ch == GRID_PAD)
				wide = caps->utf8;
			if (!caps->utf8)
				want = (unsigned char)tty_acs_ascii(want);
			if (got != want) {
				ck_abort_msg("cell %d,%d: U+%04X, want U+%04X",
				    x, y, got, want);
			}
			check_marks(&cell, f, c, x, y, caps->utf8 &&
			    utf8_width(c->ch) >= 1 && (utf8_width(c->ch) == 1
			    || wide));
			CHECK((cell.width) == (wide ? 2 : 1));
			CHECK(cell.attrs.bold ==
			    !!(c->style.attr & GRID_BOLD));
			CHECK(!!cell.attrs.underline ==
			    !!(c->style.attr & GRID_UNDERLINE));
			CHECK(cell.attrs.reverse ==
			    !!(c->style.attr & GRID_REVERSE));
			CHECK(colour_of(&cell.fg, 1) ==
			    expect_colour(caps, c->style.fg));
			CHECK(colour_of(&cell.bg, 0) ==
			    expect_colour(caps, c->style.bg));
		}
	}
	vterm_state_get_cursorpos(state, &pos);
	CHECK((pos.row) == (f->cy));
	CHECK((pos.col) == (f->cx));
	CHECK((t->visible) == (f->cursor_visible));
}

static uint32_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 11);
}

static const uint32_t test_chars[] = {
	'a', 'b', 'Z', '0', '#', '.', ' ', ' ', ' ', ' ',
	0xe9, 0x25cf, 0x25cb, 0x2500, 0x2502, 0x253c, 0x250c, 0x2550,
	0x4e2d, 0x738b, 0xac00, 0xb7, 0x26ab, 0x26aa,
};

static struct grid_style
random_style(uint64_t *s)
{
	static const uint16_t	colours[] = { GRID_DEFAULT, GRID_DEFAULT,
	    GRID_RED, GRID_BLUE, GRID_YELLOW + GRID_BRIGHT, 0, 7, 15, 22, 130,
	    196, 231, 232, 244, 255 };
	struct grid_style	st = GRID_STYLE_DEFAULT;
	uint32_t		r = rnd(s);

	if (r % 3 == 0)
		return st;
	st.fg = colours[rnd(s) % (sizeof colours / sizeof colours[0])];
	st.bg = colours[rnd(s) % (sizeof colours / sizeof colours[0])];
	st.attr = rnd(s) % 16;
	return st;
}

/* Change a random part of g: cells, strings, boxes, blanks. */
static void
random_change(struct grid *g, uint64_t *s, int amount)
{
	struct grid_style	st;
	int			i, x, y, op;

	for (i = 0; i < amount; i++) {
		x = rnd(s) % g->sx;
		y = rnd(s) % g->sy;
		st = random_style(s);
		op = rnd(s) % 9;
		switch (op) {
		case 0: case 1: case 2:
			grid_set(g, x, y, test_chars[rnd(s) %
			    (sizeof test_chars / sizeof test_chars[0])], &st);
			break;
		case 3:
			grid_put(g, x, y, &st, "hello 中文 ●○");
			break;
		case 4:
			grid_box(g, x, y, 2 + rnd(s) % 8, 2 + rnd(s) % 5,
			    rnd(s) % 4, &st);
			break;
		case 5:
			grid_fill(g, x, y, rnd(s) % 20, rnd(s) % 4, ' ', NULL);
			break;
		case 6:
			grid_restyle(g, x, y, rnd(s) % 10, 1, &st);
			break;
		case 7:
			grid_hline(g, 0, y, g->sx, GRID_LINE_LIGHT, &st);
			break;
		case 8:	/* combining marks: café, 中́, ที่, 각 as jamo */
			grid_put(g, x, y, &st, rnd(s) % 2 ?
			    "cafe\xcc\x81 \xe4\xb8\xad\xcc\x81\xcc\x88" :
			    "\xe0\xb8\x97\xe0\xb8\xb5\xe0\xb9\x88"
			    "\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8o\xcc\x83");
			grid_mark(g, x, y, 0x323);
			break;
		}
	}
	grid_cursor(g, rnd(s) % g->sx, rnd(s) % g->sy, rnd(s) % 2);
}

static const struct tty_caps test_caps[] = {
	{ 1, TTY_COLOURS_256, 1, 1 }, { 1, TTY_COLOURS_16, 1, 1 }, { 1, TTY_COLOURS_NONE, 1, 1 },
	{ 0, TTY_COLOURS_256, 1, 1 }, { 0, TTY_COLOURS_16, 1, 1 }, { 0, TTY_COLOURS_NONE, 1, 1 },
};

/* Random frames and random diffs, applied to libvterm. */
START_TEST(test_tty_random)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const int	 sizes[][2] = { { 80, 24 }, { 1, 1 },
	    { 7, 3 }, { 40, 10 }, { 2, 5 }, { 132, 8 } };
	uint64_t		 seed = 0x9e3779b97f4a7c15ULL + _i;
	int			 si, round;

	for (si = 0; si < 6; si++) {
		int		 sx = sizes[si][0], sy = sizes[si][1];
		struct grid	*shown = grid_create(sx, sy);
		struct grid	*frame = grid_create(sx, sy);
		struct buf	 b;
		struct term	 t;

		term_open(&t, sx, sy);
		buf_init(&b);
		random_change(frame, &seed, sx * sy / 4 + 1);
		tty_diff(&b, NULL, frame, caps);
		term_feed(&t, &b, caps);
		term_check(&t, frame, caps);
		grid_copy(shown, frame);

		for (round = 0; round < 60; round++) {
			random_change(frame, &seed, 1 + rnd(&seed) % 12);
			buf_reset(&b);
			tty_diff(&b, shown, frame, caps);
			term_feed(&t, &b, caps);
			term_check(&t, frame, caps);
			grid_copy(shown, frame);
			/* No change: only the cursor may need bytes. */
			buf_reset(&b);
			tty_diff(&b, shown, frame, caps);
			ck_assert_uint_eq(b.len, 0);
		}
		buf_free(&b);
		term_close(&t);
		grid_free(shown);
		grid_free(frame);
	}
}
END_TEST

/* Wide characters overwritten by narrow ones and the reverse. */
START_TEST(test_tty_wide_edits)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	struct grid		*shown = grid_create(8, 2);
	struct grid		*frame = grid_create(8, 2);
	struct buf		 b;
	struct term		 t;
	const char		*steps[] = { "中文字ab", "⚫文字ab", "a中文字b",
	    "ab中文字", "中a文b字", "xxxxxxxx", "中文字中", " 中文字 " };
	size_t			 i;

	term_open(&t, 8, 2);
	buf_init(&b);
	tty_diff(&b, NULL, frame, caps);
	term_feed(&t, &b, caps);
	grid_copy(shown, frame);
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		grid_clear(frame, NULL);
		grid_put(frame, 0, 0, NULL, steps[i]);
		grid_put(frame, 1, 1, NULL, steps[(i + 3) % 8]);
		buf_reset(&b);
		tty_diff(&b, shown, frame, caps);
		term_feed(&t, &b, caps);
		term_check(&t, frame, caps);
		grid_copy(shown, frame);
	}
	buf_free(&b);
	term_close(&t);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

/*
 * The last column and the bottom-right cell never scroll the screen, and a
 * cursor left on a just-written last column does not wrap the next write
 * (libvterm keeps a pending wrap on a "move" to the same cell).
 */
START_TEST(test_tty_edges)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const int	 sizes[][2] = { { 5, 3 }, { 1, 3 }, { 3, 1 },
	    { 2, 2 } };
	struct buf		 b;
	struct term		 t;
	size_t			 si;
	int			 i, sx, sy;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		struct grid	*shown, *frame;

		sx = sizes[si][0];
		sy = sizes[si][1];
		shown = grid_create(sx, sy);
		frame = grid_create(sx, sy);
		term_open(&t, sx, sy);
		buf_init(&b);
		grid_fill(frame, 0, 0, sx, sy, 'x', NULL);
		tty_diff(&b, NULL, frame, caps);
		term_feed(&t, &b, caps);
		term_check(&t, frame, caps);
		grid_copy(shown, frame);
		for (i = 0; i < 30; i++) {
			int x = sx - 1 - i % sx, y = sy - 1 - (i / sx) % sy;

			grid_set(frame, x, y, 'a' + i % 26, NULL);
			grid_set(frame, sx - 1, i % sy, 'A' + i % 26, NULL);
			/* the cursor where the last write went, or nearby */
			grid_cursor(frame, i % 3 ? sx - 1 : x, i % 3 ?
			    i % sy : y, i & 1);
			buf_reset(&b);
			tty_diff(&b, shown, frame, caps);
			term_feed(&t, &b, caps);
			term_check(&t, frame, caps);
			grid_copy(shown, frame);
		}
		buf_free(&b);
		term_close(&t);
		grid_free(shown);
		grid_free(frame);
	}
}
END_TEST

/*
 * The cursor left on a glyph that ends in the last column, then that glyph
 * rewritten: the pending wrap must have been dropped in between.
 */
START_TEST(test_tty_pending_wrap)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const struct {
		int		 sx, sy, x, y;
		const char	*first, *second;
	} cases[] = {
		{ 1, 3, 0, 2, "a", "b" },
		{ 1, 3, 0, 0, "a", "b" },
		{ 7, 3, 6, 1, "x", "y" },
		{ 7, 3, 5, 2, "中", "文" },
		{ 7, 3, 5, 0, "中", "ab" },
		{ 2, 2, 0, 1, "中", "文" },
		{ 2, 1, 1, 0, "x", "y" },
	};
	size_t			 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct grid	*shown = grid_create(cases[i].sx, cases[i].sy);
		struct grid	*frame = grid_create(cases[i].sx, cases[i].sy);
		struct buf	 b;
		struct term	 t;
		int		 step;

		term_open(&t, cases[i].sx, cases[i].sy);
		buf_init(&b);
		tty_diff(&b, NULL, frame, caps);
		term_feed(&t, &b, caps);
		grid_copy(shown, frame);
		for (step = 0; step < 4; step++) {
			grid_put(frame, cases[i].x, cases[i].y, NULL,
			    step & 1 ? cases[i].second : cases[i].first);
			grid_cursor(frame, cases[i].x + (step == 3),
			    cases[i].y, step & 1);
			buf_reset(&b);
			tty_diff(&b, shown, frame, caps);
			term_feed(&t, &b, caps);
			term_check(&t, frame, caps);
			grid_copy(shown, frame);
		}
		buf_free(&b);
		term_close(&t);
		grid_free(shown);
		grid_free(frame);
	}
}
END_TEST

/* A one-cell change costs a handful of bytes; no change costs none. */
START_TEST(test_tty_cost)
{
	struct tty_caps		 caps = { 1, TTY_COLOURS_256, 1, 1 };
	struct grid		*shown = grid_create(80, 24);
	struct grid		*frame = grid_create(80, 24);
	struct grid_style	 st = { GRID_BLACK, GRID_YELLOW, 0 };
	struct buf		 b;
	size_t			 full;

	/* A board-like frame: lines on a coloured background. */
	for (int y = 2; y < 21; y++)
		grid_hline(frame, 10, y, 37, GRID_LINE_LIGHT, &st);
	grid_put(frame, 0, 23, NULL, "chat line");
	grid_cursor(frame, 0, 0, 0);
	buf_init(&b);
	tty_diff(&b, NULL, frame, &caps);
	full = b.len;
	grid_copy(shown, frame);

	grid_set(frame, 20, 10, 0x25cf, &st);		/* a stone */
	buf_reset(&b);
	tty_diff(&b, shown, frame, &caps);
	ck_assert_uint_gt(b.len, 0);
	ck_assert_uint_le(b.len, 32);	/* CUP, SGR, ●, reset, home: 25 */
	ck_assert_uint_lt(b.len * 50, full);
	grid_copy(shown, frame);

	/* Same style as its neighbours, cursor visible beside it. */
	grid_set(frame, 21, 10, 0x25cb, &st);
	grid_cursor(frame, 22, 10, 0);
	buf_reset(&b);
	tty_diff(&b, shown, frame, &caps);
	ck_assert_uint_le(b.len, 32);
	grid_copy(shown, frame);

	/* Nothing changed: nothing sent. */
	buf_reset(&b);
	tty_diff(&b, shown, frame, &caps);
	ck_assert_uint_eq(b.len, 0);

	/* A colour-only change costs nothing without colours. */
	caps.colours = TTY_COLOURS_NONE;
	st.bg = GRID_BLUE;
	grid_restyle(frame, 0, 0, 80, 24, &st);
	buf_reset(&b);
	tty_diff(&b, shown, frame, &caps);
	ck_assert_uint_eq(b.len, 0);
	buf_free(&b);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

static size_t
count(const struct buf *b, const char *what)
{
	size_t	n = 0, i, len = strlen(what);

	for (i = 0; i + len <= b->len; i++) {
		if (memcmp(b->data + i, what, len) == 0)
			n++;
	}
	return n;
}

/* SGR only when the style changes; the right codes per colour mode. */
START_TEST(test_tty_sgr)
{
	struct tty_caps		 caps = { 1, TTY_COLOURS_256, 1, 1 };
	struct grid		*frame = grid_create(20, 2);
	struct grid_style	 st = { 196, 21, GRID_BOLD };
	struct buf		 b;

	buf_init(&b);
	grid_put(frame, 0, 0, &st, "aaaaaaaaaa");
	grid_put(frame, 0, 1, &st, "bbbbbbbbbb");
	tty_diff(&b, NULL, frame, &caps);
	/* One SGR for the style (the rows join by rewriting nothing
	 * else), and one reset at the end. */
	ck_assert_uint_eq(count(&b, "38;5;196"), 1);
	ck_assert_uint_eq(count(&b, "48;5;21"), 1);

	buf_reset(&b);
	caps.colours = TTY_COLOURS_16;
	tty_diff(&b, NULL, frame, &caps);
	ck_assert_uint_eq(count(&b, "38;5"), 0);
	ck_assert_uint_eq(count(&b, "91"), 1);		/* bright red */
	ck_assert_uint_eq(count(&b, "44"), 1);		/* 0000ff: blue */

	buf_reset(&b);
	caps.colours = TTY_COLOURS_NONE;
	tty_diff(&b, NULL, frame, &caps);
	ck_assert_uint_eq(count(&b, "38;5"), 0);
	ck_assert_uint_eq(count(&b, "[1m"), 1);		/* bold stays */
	ck_assert_uint_eq(count(&b, ";9"), 0);
	ck_assert_uint_eq(count(&b, "[9"), 0);

	/* dim (which libvterm ignores) is sent as SGR 2 */
	grid_restyle(frame, 0, 0, 20, 2, &(struct grid_style){ GRID_DEFAULT,
	    GRID_DEFAULT, GRID_DIM });
	buf_reset(&b);
	tty_diff(&b, NULL, frame, &caps);
	ck_assert_uint_eq(count(&b, "[2m"), 1);
	buf_free(&b);
	grid_free(frame);
}
END_TEST

START_TEST(test_tty_acs_ascii)
{
	static const struct {
		uint32_t	ch;
		char		want;
	} t[] = {
		{ 'a', 'a' }, { 0x2500, '-' }, { 0x2502, '|' }, { 0x253c, '+' },
		{ 0x250c, '+' }, { 0x2550, '=' }, { 0x25cf, 'X' },
		{ 0x25cb, 'O' }, { 0xe9, 'e' }, { 0xc9, 'E' }, { 0x4e2d, '?' },
		{ 0x1b, '?' }, { 0x9b, '?' },
	};
	size_t	i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_int_eq(tty_acs_ascii(t[i].ch), t[i].want);
}
END_TEST

START_TEST(test_colour_256to16)
{
	static const struct {
		int	c, want;
	} t[] = {
		{ 196, 9 },	/* ff0000 */
		{ 46, 10 },	/* 00ff00 */
		{ 21, 4 },	/* 0000ff ~ 0000ee */
		{ 63, 12 },	/* 5f5fff */
		{ 226, 11 },	/* ffff00 */
		{ 16, 0 },	/* 000000 */
		{ 231, 15 },	/* ffffff */
		{ 232, 0 },	/* near black */
		{ 244, 8 },	/* mid grey */
		{ 88, 1 },	/* dark red: red */
		{ 22, 2 },	/* dark green */
		{ 18, 4 },	/* dark blue */
		{ -1, -1 }, { 256, -1 },
	};
	size_t	i;
	int	c;

	for (c = 0; c < 16; c++)
		ck_assert_int_eq(colour_256to16(c), c);
	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_int_eq(colour_256to16(t[i].c), t[i].want);
}
END_TEST

static struct tty_caps
detect(const char *term, const char *lang, const char *lc_all,
    const char *no_color, const char *colorterm)
{
	struct tty_env	env = { term, lang, lc_all, NULL, no_color, colorterm };
	struct tty_caps	caps;

	tty_caps_detect(&caps, &env);
	return caps;
}

START_TEST(test_tty_caps)
{
	struct tty_caps	c;

	c = detect("xterm-256color", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 256);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("xterm", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 16);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("screen", "C", NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 16);
	ck_assert_int_eq(c.utf8, 0);
	c = detect("tmux-256color", "en_US.UTF-8", NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 256);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("linux", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 16);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("vt100", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 0);
	ck_assert_int_eq(c.utf8, 0);
	c = detect("vt100", "de_DE.utf8", NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("dumb", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 0);
	ck_assert_int_eq(c.utf8, 0);
	/* dumb cannot address the cursor; the VTs get no mouse modes. */
	ck_assert_int_eq(c.cursor, 0);
	ck_assert_int_eq(c.mouse, 0);
	c = detect("vt220", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.cursor, 1);
	ck_assert_int_eq(c.mouse, 0);
	c = detect("vt100-am", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.mouse, 0);
	c = detect("xterm-256color", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.cursor, 1);
	ck_assert_int_eq(c.mouse, 1);
	c = detect(NULL, NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 16);
	ck_assert_int_eq(c.utf8, 0);
	/* LC_ALL wins over LANG */
	c = detect("xterm", "en_US.UTF-8", "POSIX", NULL, NULL);
	ck_assert_int_eq(c.utf8, 0);
	c = detect("xterm", "C", "en_GB.utf8", NULL, NULL);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("xterm", "en_US.ISO-8859-1", NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 0);
	/* NO_COLOR: set and non-empty */
	c = detect("xterm-256color", NULL, NULL, "1", NULL);
	ck_assert_int_eq(c.colours, 0);
	c = detect("xterm-256color", NULL, NULL, "", NULL);
	ck_assert_int_eq(c.colours, 256);
	c = detect("xterm", NULL, NULL, NULL, "truecolor");
	ck_assert_int_eq(c.colours, 256);
	c = detect("rxvt-unicode-256color", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 256);
	c = detect("alacritty", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 1);
	ck_assert_int_eq(c.colours, 16);
	c = detect("ansi", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 0);
	ck_assert_int_eq(c.colours, 16);
	c = detect("", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 0);
	c = detect("xterm-mono", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 0);
	c = detect("vt220-m", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 0);
	c = detect("XTERM-256COLOR", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 256);
	ck_assert_int_eq(c.utf8, 1);
	c = detect("vt100-am", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.utf8, 0);
	/* hostile TERM strings are just unknown */
	c = detect("\x1b]0;pwn\x07", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(c.colours, 16);
}
END_TEST

START_TEST(test_tty_enter_leave)
{
	struct tty_caps	 caps = { 1, TTY_COLOURS_256, 1, 1 };
	struct buf	 b;
	struct term	 t;

	buf_init(&b);
	term_open(&t, 10, 3);
	tty_enter(&b, &caps, TTY_MOUSE);
	ck_assert_uint_eq(count(&b, "\033[?1049h"), 1);
	ck_assert_uint_eq(count(&b, "\033[?1006h"), 1);
	ck_assert_uint_eq(count(&b, "\033[?25l"), 1);
	term_feed(&t, &b, &caps);
	ck_assert_int_eq(t.visible, 0);
	buf_reset(&b);
	tty_leave(&b, &caps);
	ck_assert_uint_eq(count(&b, "\033[?1049l"), 1);
	ck_assert_uint_eq(count(&b, "\033[?1006l"), 1);
	term_feed(&t, &b, &caps);
	ck_assert_int_eq(t.visible, 1);
	term_close(&t);
	buf_free(&b);
}
END_TEST

/* Grids with cells no drawing function makes still give safe output. */
START_TEST(test_tty_hostile_cells)
{
	struct tty_caps	 caps = { 1, TTY_COLOURS_256, 1, 1 };
	struct grid	*g = grid_create(6, 1);
	struct buf	 b;
	size_t		 i;

	g->cells[0].ch = 0x1b;
	g->cells[1].ch = 0x9b;
	g->cells[2].ch = GRID_PAD;		/* a stray pad */
	g->cells[3].ch = 0x4e2d;		/* wide, without its pad */
	g->cells[4].ch = 0x110000;
	g->cells[5].ch = 0x202e;
	g->cells[5].style.fg = 511;	/* the largest a style holds */
	buf_init(&b);
	tty_diff(&b, NULL, g, &caps);
	for (i = 0; i < b.len; i++) {
		if (b.data[i] == 0x1b)
			ck_assert_int_eq(b.data[i + 1], '[');
	}
	ck_assert_uint_eq(count(&b, "?? ???"), 1);
	ck_assert_uint_eq(count(&b, "\xe2\x80\xae"), 0);
	buf_free(&b);
	grid_free(g);
}
END_TEST

/*
 * Combining marks: café typed as e + U+0301 goes out as the letter and its
 * mark, a change of the mark alone rewrites that cell, and a terminal
 * without UTF-8 gets the letters alone, where they always were.
 */
START_TEST(test_tty_marks)
{
	struct tty_caps	 utf8 = { 1, TTY_COLOURS_256, 1, 1 };
	struct tty_caps	 ascii = { 0, TTY_COLOURS_256, 1, 1 };
	struct grid	*shown = grid_create(10, 2), *frame = grid_create(10, 2);
	struct buf	 b;
	struct term	 t;

	buf_init(&b);
	term_open(&t, 10, 2);
	grid_put(frame, 0, 0, NULL, "cafe\xcc\x81!");
	grid_cursor(frame, 5, 0, 1);
	tty_diff(&b, NULL, frame, &utf8);
	ck_assert_uint_eq(count(&b, "cafe\xcc\x81!"), 1);
	term_feed(&t, &b, &utf8);
	term_check(&t, frame, &utf8);
	grid_copy(shown, frame);

	/* Only the mark changes (acute to grave): that cell is rewritten. */
	grid_put(frame, 0, 0, NULL, "cafe\xcc\x80!");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_eq(count(&b, "e\xcc\x80"), 1);
	ck_assert_uint_eq(count(&b, "caf"), 0);
	ck_assert_uint_eq(count(&b, "!"), 0);
	term_feed(&t, &b, &utf8);
	term_check(&t, frame, &utf8);
	grid_copy(shown, frame);

	/* A second mark on the same letter, then none. */
	grid_put(frame, 0, 0, NULL, "cafe\xcc\x80\xcc\xa3!");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_eq(count(&b, "e\xcc\x80\xcc\xa3"), 1);
	term_feed(&t, &b, &utf8);
	term_check(&t, frame, &utf8);
	grid_copy(shown, frame);
	grid_put(frame, 0, 0, NULL, "cafe!");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_gt(b.len, 0);
	ck_assert_uint_eq(count(&b, "\xcc"), 0);
	term_feed(&t, &b, &utf8);
	term_check(&t, frame, &utf8);
	grid_copy(shown, frame);

	/* Nothing changed: nothing sent. */
	grid_put(frame, 0, 0, NULL, "cafe!");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_eq(b.len, 0);

	/*
	 * A mark's number is its own grid's: the same bytes in both rows
	 * (each grid's first sequence) that are different marks are
	 * written, and the same marks under other numbers are not.
	 */
	grid_clear(shown, NULL);
	grid_clear(frame, NULL);
	grid_put(shown, 0, 1, NULL, "e\xcc\x80");
	grid_put(frame, 0, 1, NULL, "e\xcc\x81");
	ck_assert_int_eq(memcmp(grid_get(shown, 0, 1), grid_get(frame, 0, 1),
	    sizeof (struct grid_cell)), 0);
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_eq(count(&b, "e\xcc\x81"), 1);
	grid_clear(shown, NULL);
	grid_clear(frame, NULL);
	grid_put(shown, 0, 1, NULL, "e\xcc\x80" "e\xcc\x81");
	grid_put(frame, 1, 1, NULL, "e\xcc\x81");
	grid_put(frame, 0, 1, NULL, "e\xcc\x80");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &utf8);
	ck_assert_uint_eq(b.len, 0);
	term_close(&t);

	/* ASCII: the letters without their marks, at the same columns. */
	term_open(&t, 10, 2);
	grid_put(frame, 0, 0, NULL, "cafe\xcc\x81!");
	grid_put(frame, 0, 1, NULL, "\xe4\xb8\xad\xcc\x81x");	/* 中́x */
	buf_reset(&b);
	tty_diff(&b, NULL, frame, &ascii);
	ck_assert_uint_eq(count(&b, "cafe!"), 1);
	ck_assert_uint_eq(count(&b, "??x"), 1);
	term_feed(&t, &b, &ascii);	/* checks: no byte above 0x7f */
	term_check(&t, frame, &ascii);
	grid_copy(shown, frame);
	/* ... and a change of a mark alone costs nothing there. */
	grid_put(frame, 0, 0, NULL, "cafe\xcc\x80!");
	buf_reset(&b);
	tty_diff(&b, shown, frame, &ascii);
	ck_assert_uint_eq(b.len, 0);
	term_close(&t);

	buf_free(&b);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

/*
 * Marks on wide characters (a Hangul syllable as conjoining jamo, 中 with
 * a mark), on the last column (pending wrap) and the bottom-right cell,
 * Thai and Hindi signs: libvterm must show each base with its marks.
 */
START_TEST(test_tty_marks_edges)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const char	*lines[] = {
		"\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8 ok",	/* 각 as jamo */
		"\xe0\xb8\x97\xe0\xb8\xb5\xe0\xb9\x88 x",		/* ที่ */
		"\xe0\xa4\xa8\xe0\xa4\xae\xe0\xa4\xb8\xe0\xa5\x8d"
		    "\xe0\xa4\xa4\xe0\xa5\x87",			/* नमस्ते */
		"\xe4\xb8\xad\xcc\x81\xe6\x96\x87",		/* 中́文 */
	};
	struct grid		*shown = grid_create(7, 3), *frame;
	struct buf		 b;
	struct term		 t;
	size_t			 i;

	frame = grid_create(7, 3);
	buf_init(&b);
	term_open(&t, 7, 3);
	tty_diff(&b, NULL, frame, caps);
	term_feed(&t, &b, caps);
	grid_copy(shown, frame);
	for (i = 0; i < 2 * (sizeof lines / sizeof lines[0]); i++) {
		grid_clear(frame, NULL);
		grid_put(frame, 0, 0, NULL, lines[i % 4]);
		grid_put(frame, 1, 1, NULL, lines[(i + 1) % 4]);
		/* e with marks on the last column, and bottom right */
		grid_put(frame, 6, i & 1, NULL, "e\xcc\x81\xcc\xa3");
		grid_put(frame, 5, 2, NULL, i & 1 ? "ae\xcc\x88" : "oe\xcc\x81");
		grid_cursor(frame, i % 7, 2, i & 1);
		buf_reset(&b);
		tty_diff(&b, shown, frame, caps);
		term_feed(&t, &b, caps);
		term_check(&t, frame, caps);
		grid_copy(shown, frame);
	}
	term_close(&t);
	buf_free(&b);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

/* ---- scrolling ---------------------------------------------------------- */

/* A line of random glyphs and styles: rows unlike each other. */
static void
random_line(struct grid *g, int y, uint64_t *s)
{
	struct grid_style	st = random_style(s);
	int			x, w;

	grid_fill(g, 0, y, g->sx, 1, ' ', NULL);
	for (x = 0; x < g->sx; x++) {
		if (rnd(s) % 5 == 0)
			st = random_style(s);
		w = grid_set(g, x, y, test_chars[rnd(s) %
		    (sizeof test_chars / sizeof test_chars[0])], &st);
		if (w == 2)
			x++;
	}
}

/*
 * Rows top..bot of g move up n (n > 0) or down -n, as in a terminal's
 * scroll region; the rows left over become blank.
 */
static void
shift_band(struct grid *g, int top, int bot, int n)
{
	size_t	row = (size_t)g->sx * sizeof *g->cells;
	int	a = n > 0 ? n : -n;

	if (a > bot - top) {
		grid_fill(g, 0, top, g->sx, bot - top + 1, ' ', NULL);
		return;
	}
	if (n > 0) {
		memmove(&g->cells[(size_t)top * g->sx],
		    &g->cells[(size_t)(top + a) * g->sx], (bot - top + 1 - a) *
		    row);
		grid_fill(g, 0, bot - a + 1, g->sx, a, ' ', NULL);
	} else {
		memmove(&g->cells[(size_t)(top + a) * g->sx],
		    &g->cells[(size_t)top * g->sx], (bot - top + 1 - a) * row);
		grid_fill(g, 0, top, g->sx, a, ' ', NULL);
	}
}

/*
 * Diff shown (NULL: unknown) -> frame into t and check the screen; then
 * shown = frame, and diffing again sends nothing.  The bytes it took.
 */
static size_t
step(struct term *t, struct grid *shown, const struct grid *frame,
    const struct tty_caps *caps)
{
	struct buf	b;
	size_t		len;

	buf_init(&b);
	tty_diff(&b, shown, frame, caps);
	term_feed(t, &b, caps);
	term_check(t, frame, caps);
	len = b.len;
	if (shown != NULL) {
		grid_copy(shown, frame);
		buf_reset(&b);
		tty_diff(&b, shown, frame, caps);
		CHECK(b.len == 0);
	}
	buf_free(&b);
	return len;
}

/*
 * Random bands of random screens shifted by random amounts, some lines
 * scrolled in and a few cells changed: the screen must come out right
 * whatever the writer decides, and it must decide to scroll often.
 */
START_TEST(test_tty_scroll_random)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const int	 sizes[][2] = { { 80, 24 }, { 7, 3 },
	    { 40, 10 }, { 2, 5 }, { 132, 8 }, { 1, 4 }, { 20, 2 }, { 9, 1 } };
	uint64_t		 seed = 0x2545f4914f6cdd1dULL + _i;
	int			 si, round, frames = 0, regions = 0;

	for (si = 0; si < 8; si++) {
		int		 sx = sizes[si][0], sy = sizes[si][1], y;
		struct grid	*shown = grid_create(sx, sy);
		struct grid	*frame = grid_create(sx, sy);
		struct term	 t;

		term_open(&t, sx, sy);
		for (y = 0; y < sy; y++)
			random_line(frame, y, &seed);
		step(&t, NULL, frame, caps);
		grid_copy(shown, frame);
		for (round = 0; round < 60; round++) {
			int top, bot, h, n, r = rnd(&seed) % 5;

			h = 1 + rnd(&seed) % sy;
			top = rnd(&seed) % (sy - h + 1);
			if (r == 0)
				top = 0;		/* the top row */
			else if (r == 1)
				top = sy - h;		/* the bottom row */
			else if (r == 2) {
				top = 0;		/* the whole screen */
				h = sy;
			}
			bot = top + h - 1;
			n = 1 + rnd(&seed) % (h / 3 > 0 ? h / 3 : 1);
			if (rnd(&seed) % 4 == 0)
				n = 1 + rnd(&seed) % h;	/* any amount */
			if (rnd(&seed) % 2)
				n = -n;
			shift_band(frame, top, bot, n);
			if (rnd(&seed) % 3 != 0) {	/* new lines come in */
				for (y = 0; y < (n > 0 ? n : -n) &&
				    y < h; y++) {
					random_line(frame, n > 0 ? bot - y :
					    top + y, &seed);
				}
			}
			random_change(frame, &seed, rnd(&seed) % 4);
			step(&t, shown, frame, caps);
		}
		frames += 60;
		regions += t.regions;
		term_close(&t);
		grid_free(shown);
		grid_free(frame);
	}
	/* Most shifted frames are worth a scroll; all come out right. */
	ck_assert_int_gt(regions * 4, frames);
}
END_TEST

/* A screen of lines unlike each other, of wide characters if wide. */
static void
distinct_lines(struct grid *g, int wide)
{
	struct grid_style	st = { GRID_CYAN, GRID_DEFAULT, GRID_BOLD };
	int			x, y;

	grid_clear(g, NULL);
	for (y = 0; y < g->sy; y++) {
		x = grid_printf(g, 0, y, &st, "%d:", y);
		for (; x < g->sx - 2; x++) {
			if (wide)
				x += grid_set(g, x, y, 0x4e00 + (y * 13 +
				    x * 5) % 200, NULL) - 1;
			else
				grid_set(g, x, y, 'a' + (y * 7 + x * 3) % 26,
				    NULL);
		}
	}
}

/*
 * Given shifts, one at a time and two at once: regions at the top and the
 * bottom row, down and up, one-row bands, wide characters.
 */
START_TEST(test_tty_scroll_cases)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	static const struct {
		int	 wide;
		int	 top, bot, n;		/* a first band */
		int	 top2, bot2, n2;	/* a second, or n2 = 0 */
		int	 region;		/* a region used: 1, or not: 0 */
	} cases[] = {
		{ 0, 0, 7, 1, 0, 0, 0, 1 },	/* whole screen up */
		{ 0, 0, 7, -1, 0, 0, 0, 1 },	/* whole screen down */
		{ 0, 0, 4, 1, 0, 0, 0, 1 },	/* from the top row */
		{ 0, 0, 4, -2, 0, 0, 0, 1 },
		{ 0, 3, 7, 1, 0, 0, 0, 1 },	/* to the bottom row */
		{ 0, 3, 7, -1, 0, 0, 0, 1 },
		{ 0, 2, 5, 1, 0, 0, 0, 1 },	/* inside */
		{ 0, 2, 6, 3, 0, 0, 0, 1 },
		{ 0, 0, 3, 1, 5, 7, -1, 1 },	/* two bands */
		{ 0, 0, 2, -1, 4, 7, 2, 1 },
		{ 0, 4, 4, 1, 0, 0, 0, 0 },	/* one row: blanked */
		{ 0, 7, 7, -1, 0, 0, 0, 0 },
		{ 0, 0, 0, 1, 0, 0, 0, 0 },
		{ 0, 2, 3, 1, 0, 0, 0, 1 },	/* two rows */
		{ 0, 6, 7, -1, 0, 0, 0, 1 },
		{ 1, 0, 7, 1, 0, 0, 0, 1 },	/* wide characters */
		{ 1, 1, 6, -1, 0, 0, 0, 1 },
		{ 1, 3, 7, 2, 0, 0, 0, 1 },
	};
	size_t			 i, j, changed;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct grid	*shown = grid_create(24, 8);
		struct grid	*frame = grid_create(24, 8);
		struct term	 t;
		size_t		 len;

		term_open(&t, 24, 8);
		distinct_lines(frame, cases[i].wide);
		step(&t, NULL, frame, caps);
		grid_copy(shown, frame);

		shift_band(frame, cases[i].top, cases[i].bot, cases[i].n);
		if (cases[i].n2 != 0)
			shift_band(frame, cases[i].top2, cases[i].bot2,
			    cases[i].n2);
		grid_put(frame, 2, cases[i].n > 0 ? cases[i].bot :
		    cases[i].top, NULL, "new");
		grid_cursor(frame, 3, 3, 1);
		changed = 0;
		for (j = 0; j < 24 * 8; j++)
			changed += shown->cells[j].ch != frame->cells[j].ch;
		t.regions = 0;
		len = step(&t, shown, frame, caps);
		/* Wide characters all look alike without UTF-8. */
		if (caps->utf8 || !cases[i].wide)
			ck_assert_msg(t.regions == cases[i].region,
			    "case %zu: %d regions", i, t.regions);
		/* Less than rewriting the characters that changed. */
		if (t.regions > 0 && caps->utf8)
			ck_assert_msg(len < changed, "case %zu: %zu bytes, %zu "
			    "changed", i, len, changed);

		/* And back: the reverse shift, then a plain edit. */
		distinct_lines(frame, cases[i].wide);
		step(&t, shown, frame, caps);
		grid_set(frame, 5, 5, 'Q', NULL);
		step(&t, shown, frame, caps);
		term_close(&t);
		grid_free(shown);
		grid_free(frame);
	}
}
END_TEST

/*
 * Issue 4: a one-line chat message in a 15-row full-width chat pane of an
 * 80x24 screen costs each viewer under 200 bytes (about 100 with a scroll
 * region; rewriting every shifted row took over 1000).
 */
START_TEST(test_tty_scroll_cost)
{
	const struct tty_caps	*caps = &test_caps[_i % 6];
	struct grid		*shown = grid_create(80, 24);
	struct grid		*frame = grid_create(80, 24);
	struct grid_style	 title = { GRID_WHITE, GRID_BLUE, GRID_BOLD };
	struct grid_style	 name = { GRID_CYAN, GRID_DEFAULT, GRID_BOLD };
	struct grid_style	 dim = { 244, GRID_DEFAULT, 0 };
	static const char	*who[] = { "alice", "bob", "carol", "dave" };
	struct term		 t;
	char			 text[61];
	size_t			 len;
	int			 y, i, m;

	term_open(&t, 80, 24);
	grid_fill(frame, 0, 0, 80, 1, ' ', &title);
	grid_put(frame, 1, 0, &title, "gamehall - Lobby");
	grid_put(frame, 1, 2, NULL, "T1 renju 1/2 alice      T2 yonin 3/4");
	grid_hline(frame, 0, 4, 80, GRID_LINE_LIGHT, &dim);
	grid_put(frame, 2, 21, &dim, "Say: (press Tab or t to chat)");
	grid_put(frame, 1, 23, &title, "n new  Enter join  q quit");
	grid_cursor(frame, 0, 0, 0);
	/* Chat rows 5..19: "12:34 name: " and text to 60 columns. */
	for (m = 0; m < 20; m++) {
		shift_band(frame, 5, 19, 1);
		for (i = 0; i < 60; i++)
			text[i] = 'a' + (m * 7 + i * i) % 26;
		text[60] = '\0';
		y = grid_printf(frame, 1, 19, &dim, "12:%02d ", m);
		y += grid_put(frame, 1 + y, 19, &name, who[m % 4]);
		grid_putn(frame, 1 + y, 19, 60 - y, NULL, text, 60);
		if (m == 0) {
			step(&t, NULL, frame, caps);
			grid_copy(shown, frame);
		} else if (m >= 15) {	/* the pane is full */
			t.regions = 0;
			len = step(&t, shown, frame, caps);
			ck_assert_int_eq(t.regions, 1);
			ck_assert_uint_lt(len, 200);
		} else
			step(&t, shown, frame, caps);
	}
	term_close(&t);
	grid_free(shown);
	grid_free(frame);
}
END_TEST

static Suite *
tty_suite(void)
{
	Suite	*s = suite_create("tty");
	TCase	*tc = tcase_create("tty");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_tty_random, 0, 12);
	tcase_add_loop_test(tc, test_tty_wide_edits, 0, 6);
	tcase_add_loop_test(tc, test_tty_edges, 0, 6);
	tcase_add_loop_test(tc, test_tty_pending_wrap, 0, 6);
	tcase_add_test(tc, test_tty_cost);
	tcase_add_test(tc, test_tty_sgr);
	tcase_add_test(tc, test_tty_acs_ascii);
	tcase_add_test(tc, test_colour_256to16);
	tcase_add_test(tc, test_tty_caps);
	tcase_add_test(tc, test_tty_enter_leave);
	tcase_add_test(tc, test_tty_hostile_cells);
	tcase_add_test(tc, test_tty_marks);
	tcase_add_loop_test(tc, test_tty_marks_edges, 0, 6);
	tcase_add_loop_test(tc, test_tty_scroll_random, 0, 12);
	tcase_add_loop_test(tc, test_tty_scroll_cases, 0, 6);
	tcase_add_loop_test(tc, test_tty_scroll_cost, 0, 6);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(tty_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
