/*
 * fuzz-tty.c - the writer, checked against libvterm.
 *
 * The input is a script of drawing operations (any cell content at all,
 * including what no drawing function makes) applied to a frame; each frame
 * is diffed against the last and the bytes fed to a libvterm terminal,
 * whose screen must then show the frame.  Capabilities come from the first
 * byte.  Some operations shift bands of rows up or down, as a chat pane
 * scrolls, so the writer's scroll regions are exercised too.  Between
 * frames what the terminal shows is kept packed, as the hall keeps it
 * (screens/grid-pack.c): unpacked, it must be the frame, cell for cell.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

#include "screens/buf.h"
#include "screens/grid.h"
#include "screens/grid-pack.h"
#include "screens/tty.h"
#include "screens/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
fuzz_pushline(int cols, const VTermScreenCell *cells, void *arg)
{
	int	*pushed = arg;

	(*pushed)++;
	return 1;
}

static const VTermScreenCallbacks fuzz_callbacks = {
	.sb_pushline = fuzz_pushline,
};

static const uint32_t fuzz_chars[16] = {
	' ', 'a', '#', 0xe9, 0x25cf, 0x25cb, 0x2500, 0x253c, 0x4e2d, 0xac00,
	0x26ab, 0x9b, 0x301, 0x202e, GRID_PAD, 0x110000,
};

/* What the terminal should show at x,y: a code point and a width. */
static void
fuzz_expect(const struct grid *g, int x, int y, int utf8, uint32_t *ch,
    int *width)
{
	const struct grid_cell	*c = grid_get(g, x, y);
	const struct grid_cell	*n = grid_get(g, x + 1, y);
	const struct grid_cell	*p = grid_get(g, x - 1, y);
	int			 w = utf8_width(c->ch);

	*width = 1;
	if (c->ch == GRID_PAD) {
		if (p != NULL && utf8_width(p->ch) == 2)
			*ch = utf8 ? 0 : (tty_acs_ascii(p->ch) == '?' ? '?' : ' ');
		else
			*ch = ' ';
		return;
	}
	if (w == 2 && (n == NULL || n->ch != GRID_PAD))
		w = -1;
	if (!utf8)
		*ch = w <= 0 ? '?' : (unsigned char)tty_acs_ascii(c->ch);
	else if (w <= 0)
		*ch = '?';
	else {
		*ch = c->ch;
		*width = w;
	}
}

/*
 * The scroll regions (DECSTBM) the bytes set: 1 if one starts at the top
 * row (scrolling it may push lines to libvterm's scrollback, as to
 * xterm's); abort unless the last one is the whole screen again.
 */
static int
fuzz_regions(const struct buf *b)
{
	size_t	i, j;
	int	top = 0, reset = 1;

	for (i = 0; i + 2 < b->len; i++) {
		if (b->data[i] != '\033' || b->data[i + 1] != '[')
			continue;
		for (j = i + 2; j < b->len && ((b->data[j] >= '0' &&
		    b->data[j] <= '9') || b->data[j] == ';'); j++)
			;
		if (j == b->len || b->data[j] != 'r')
			continue;
		reset = j == i + 2;
		if (b->data[i + 2] == ';' || (b->data[i + 2] == '1' &&
		    b->data[i + 3] == ';'))
			top = 1;
	}
	if (!reset)
		abort();
	return top;
}

/* Rows top..bot of g move up n (n > 0) or down -n; the rest blank. */
static void
fuzz_shift(struct grid *g, int top, int bot, int n)
{
	size_t	row = (size_t)g->sx * sizeof *g->cells;
	int	a = n > 0 ? n : -n;

	if (a > bot - top)
		a = bot - top + 1;
	if (n > 0)
		memmove(&g->cells[(size_t)top * g->sx],
		    &g->cells[(size_t)(top + a) * g->sx],
		    (size_t)(bot - top + 1 - a) * row);
	else
		memmove(&g->cells[(size_t)(top + a) * g->sx],
		    &g->cells[(size_t)top * g->sx],
		    (size_t)(bot - top + 1 - a) * row);
	grid_fill(g, 0, n > 0 ? bot - a + 1 : top, g->sx, a, ' ', NULL);
}

static void
fuzz_check(VTerm *vt, const struct grid *g, int utf8)
{
	VTermScreen	*screen = vterm_obtain_screen(vt);
	VTermScreenCell	 cell;
	VTermPos	 pos;
	uint32_t	 ch, got;
	int		 x, y, w;

	for (y = 0; y < g->sy; y++) {
		for (x = 0; x < g->sx; x++) {
			fuzz_expect(g, x, y, utf8, &ch, &w);
			if (ch == 0)
				continue;	/* right half of a wide glyph */
			pos.row = y;
			pos.col = x;
			vterm_screen_get_cell(screen, pos, &cell);
			got = cell.chars[0] == 0 ? ' ' : cell.chars[0];
			if (got != ch || cell.width != w)
				abort();
			if (cell.attrs.bold != !!(grid_get(g, x, y)->style.attr &
			    GRID_BOLD))
				abort();
		}
	}
	vterm_state_get_cursorpos(vterm_obtain_state(vt), &pos);
	if (pos.row != g->cy || pos.col != g->cx)
		abort();
}

/* What the terminal shows, packed and unpacked again: the frame. */
static void
fuzz_keep(struct grid **shown, const struct grid *frame)
{
	struct grid_pack	*p;
	struct grid		*g;

	if ((p = grid_pack_new(frame)) == NULL)
		abort();
	g = grid_pack_unpack(p);
	grid_pack_free(p);
	if (g == NULL || g->sx != frame->sx || g->sy != frame->sy ||
	    g->cx != frame->cx || g->cy != frame->cy ||
	    g->cursor_visible != frame->cursor_visible)
		abort();
	for (int y = 0; y < frame->sy; y++) {
		for (int x = 0; x < frame->sx; x++) {
			if (!grid_cell_equal(frame, grid_get(frame, x, y), g,
			    grid_get(g, x, y)))
				abort();
		}
	}
	grid_free(*shown);
	*shown = g;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tty_caps		 caps;
	struct grid		*shown, *frame;
	struct grid_style	 st;
	struct buf		 b;
	VTerm			*vt;
	size_t			 i, j;
	int			 sx, sy, top, pushed = 0;

	if (size < 3)
		return 0;
	caps.utf8 = data[0] & 1;
	caps.colours = (data[0] >> 1) % 3 == 0 ? 0 : ((data[0] >> 1) % 3 == 1 ?
	    16 : 256);
	sx = 1 + data[1] % 40;
	sy = 1 + data[2] % 12;
	data += 3;
	size -= 3;

	shown = grid_create(sx, sy);
	frame = grid_create(sx, sy);
	vt = vterm_new(sy, sx);
	vterm_set_utf8(vt, 1);
	vterm_screen_set_callbacks(vterm_obtain_screen(vt), &fuzz_callbacks,
	    &pushed);
	vterm_screen_reset(vterm_obtain_screen(vt), 1);
	buf_init(&b);
	tty_diff(&b, NULL, frame, &caps);
	vterm_input_write(vt, b.data, b.len);
	grid_copy(shown, frame);

	/* Each 4 bytes: op|char, x, y, style; a frame every 8 operations. */
	for (i = 0; i + 4 <= size; i += 4) {
		int	x = data[i + 1] % sx, y = data[i + 2] % sy;

		st.fg = data[i + 3] & 0x80 ? data[i + 3] : GRID_DEFAULT;
		st.bg = data[i + 3] & 0x40 ? 255 - data[i + 3] : GRID_DEFAULT;
		st.attr = data[i + 3] & 0x0f;
		switch (data[i] >> 4) {
		case 0:	/* raw: anything at all in a cell */
			frame->cells[(size_t)y * sx + x].ch =
			    fuzz_chars[data[i] & 15];
			frame->cells[(size_t)y * sx + x].style = st;
			break;
		case 1:
			grid_put(frame, x, y, &st, "a中b●");
			break;
		case 2:
			grid_box(frame, x, y, 2 + data[i] % 6, 2 + data[i] % 3,
			    data[i] % 4, &st);
			break;
		case 3:
			grid_fill(frame, x, y, data[i] & 15, 2, ' ', NULL);
			break;
		case 4:
			grid_cursor(frame, x, y, data[i] & 1);
			break;
		case 5:	/* rows y..y+h-1 up or down by 1..16 */
		case 6: {
			int h = 1 + data[i + 3] % sy, n = 1 + (data[i] & 15);

			if (y + h > sy)
				h = sy - y;
			fuzz_shift(frame, y, y + h - 1, data[i] >> 4 == 5 ?
			    n : -n);
			break;
		}
		default:
			grid_set(frame, x, y, fuzz_chars[data[i] & 15], &st);
			break;
		}
		if ((i / 4) % 8 == 7 || i + 8 > size) {
			buf_reset(&b);
			tty_diff(&b, shown, frame, &caps);
			if (b.failed)
				abort();
			for (j = 0; j < b.len; j++) {
				unsigned char c = b.data[j];

				if ((c < 0x20 && c != 0x1b && c != '\r' &&
				    c != '\n' && c != '\b') || c == 0x7f ||
				    (!caps.utf8 && c >= 0x80))
					abort();
			}
			top = fuzz_regions(&b);
			pushed = 0;
			vterm_input_write(vt, b.data, b.len);
			/* The screen never scrolls as a whole. */
			if (pushed != 0 && !top)
				abort();
			fuzz_check(vt, frame, caps.utf8);
			fuzz_keep(&shown, frame);
		}
	}
	buf_free(&b);
	vterm_free(vt);
	grid_free(shown);
	grid_free(frame);
	return 0;
}
