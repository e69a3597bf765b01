/*
 * tty.c - the writer: ANSI bytes that bring a terminal from the grid it
 * shows to a new frame (see tty.h for the contract).
 *
 * Each cell is first turned into the glyph the terminal will get (UTF-8 or
 * the ASCII fallback) and the style it can show (colours mapped down).  Two
 * cells that come out the same need no bytes, so a colour change on a
 * no-colour terminal costs nothing.  Bands of rows that moved up or down
 * are first shifted by the terminal (tty-scroll.c).  Then, row by row,
 * every changed glyph is written after the cheapest cursor move and the
 * shortest SGR change.  The ASCII fallback is tty-acs.c, the palette
 * mapped to 16 colours colour.c.
 */
#include <stdlib.h>
#include <string.h>

#include "screens/colour.h"
#include "screens/tty-int.h"
#include "screens/utf8.h"

#define TTY_REWRITE_MAX 12	/* longest run rewritten instead of a move */

/* A character and its marks in UTF-8. */
#define TTY_GLYPH_MAX (4 * (1 + GRID_MARKS_MAX))

/*
 * What one cell sends. width 0: the right half of a wide glyph.  The
 * marks are in bytes, after the character: a change of a mark alone
 * changes the glyph, and the cell is written again.
 */
struct tty_glyph {
	char			bytes[TTY_GLYPH_MAX];
	uint8_t			len;
	uint8_t			width;
	struct grid_style	style;
};

/*
 * The colour the terminal gets for a cell's: the default without colours,
 * the nearest of the 16 on a 16-colour terminal (looked up once a diff:
 * the search is 16 distances and every cell asks).
 */
uint16_t
tty_colour(struct tty_ctx *c, uint16_t colour)
{
	if (colour > 255 || c->caps->colours == TTY_COLOURS_NONE)
		return GRID_DEFAULT;
	if (c->caps->colours != TTY_COLOURS_16 || colour < 16)
		return colour;
	if (c->map16[colour] < 0)
		c->map16[colour] = (int16_t)colour_256to16(colour);
	return (uint16_t)c->map16[colour];
}

static struct grid_style
tty_style(struct tty_ctx *c, const struct grid_style *s)
{
	struct grid_style	 e;

	e.fg = tty_colour(c, s->fg);
	e.bg = tty_colour(c, s->bg);
	e.attr = s->attr & (GRID_BOLD | GRID_UNDERLINE | GRID_REVERSE |
	    GRID_DIM);
	return e;
}

static int
tty_glyph_equal(const struct tty_glyph *a, const struct tty_glyph *b)
{
	int	 i;

	if (a->width != b->width)
		return 0;
	if (a->width == 0)
		return 1;	/* pads: their lead decides */
	if (a->len != b->len || !grid_style_equal(&a->style, &b->style))
		return 0;
	for (i = 0; i < a->len; i++) {
		if (a->bytes[i] != b->bytes[i])
			return 0;
	}
	return 1;
}

/* Decimal n (>= 0) at out; its length.  sprintf is slow here. */
static int
tty_num(char *out, int n)
{
	char	 tmp[12];
	int	 len = 0, i;

	do {
		tmp[len++] = '0' + n % 10;
		n /= 10;
	} while (n > 0);
	for (i = 0; i < len; i++)
		out[i] = tmp[len - 1 - i];
	return len;
}

/* ESC [ a ; b X with defaults (1) left out. */
int
tty_csi_2(char *out, int a, int b, char final)
{
	int	 len = 2;

	out[0] = '\033';
	out[1] = '[';
	if (a != 1)
		len += tty_num(out + len, a);
	if (b != 1) {
		out[len++] = ';';
		len += tty_num(out + len, b);
	}
	out[len++] = final;
	out[len] = '\0';
	return len;
}

/* ESC [ n X, with n omitted when 1 (the default of every move). */
int
tty_csi_n(char *out, int n, char final)
{
	return tty_csi_2(out, n, 1, final);
}

/*
 * Horizontal move from column from (-1: unknown) to to on row y, into out;
 * returns its length, or -1 if there is no relative way.  Rewriting the
 * cells in between is allowed when they all carry the current SGR.
 */
static int
tty_move_h(const struct tty_ctx *c, int from, int to, char *out)
{
	char	 alt[64];
	int	 n, len, best = -1, i;

	if (from < 0)
		return -1;
	if (from == to) {
		out[0] = '\0';
		return 0;
	}
	if (to > from) {
		best = tty_csi_n(out, to - from, 'C');
		if (c->glyphs != NULL && to - from <= TTY_REWRITE_MAX &&
		    c->glyphs[from].width != 0) {
			len = 0;
			for (i = from; i < to; i += c->glyphs[i].width) {
				const struct tty_glyph *g = &c->glyphs[i];

				if (g->width == 0 || i + g->width > to ||
				    !grid_style_equal(&g->style, &c->sgr) ||
				    len + g->len >= best)
					break;	/* or no shorter than CUF */
				memcpy(alt + len, g->bytes, g->len);
				len += g->len;
			}
			if (i == to && len < best) {
				memcpy(out, alt, len);
				out[len] = '\0';
				best = len;
			}
		}
		return best;
	}
	n = from - to;
	if (n <= 3) {
		memset(out, '\b', n);
		out[n] = '\0';
		return n;
	}
	return tty_csi_n(out, n, 'D');
}

void
tty_move(struct tty_ctx *c, int tx, int ty)
{
	char	 best[64], v[64], h[64], h2[64];
	int	 blen, vlen, hlen, h2len, n;

	if (c->cx == tx && c->cy == ty)
		return;
	if (c->cx < 0 && c->cy == ty) {
		/*
		 * The cursor waits to wrap on this row, on the last column
		 * (xterm) or where the last glyph began (libvterm, after a
		 * wide one).  xterm drops the pending wrap on any move, but
		 * libvterm only when the cursor really moves, so a move that
		 * may land where it is would leave the next glyph wrapping.
		 * Move away first: CR (the cursor is past column 0 when the
		 * screen is wider than 2), or down and up.
		 */
		if (c->sx > 2) {
			buf_addc(c->b, '\r');
			c->cx = 0;
			if (tx == 0)
				return;
		} else {
			if (ty + 1 < c->sy)
				buf_adds(c->b, "\n\033[A");
			else if (ty > 0)
				buf_adds(c->b, "\033[A\n");
			blen = tty_csi_n(best, tx + 1, 'G');
			buf_add(c->b, best, blen);
			c->cx = tx;
			return;
		}
	}

	/* Absolute: CUP, with its defaults left out. */
	blen = tty_csi_2(best, ty + 1, tx + 1, 'H');

	if (c->cy >= 0) {
		/* Relative: vertical part, then the cheapest horizontal. */
		n = ty - c->cy;
		if (n == 0)
			vlen = 0;
		else if (n > 0 && n <= 3) {
			memset(v, '\n', n);	/* ty > cy: never the last row */
			vlen = n;
		} else if (n > 0)
			vlen = tty_csi_n(v, n, 'B');
		else
			vlen = tty_csi_n(v, -n, 'A');
		v[vlen] = '\0';

		/* From the column we are at, from column 0 after CR, or CHA. */
		hlen = tty_move_h(c, c->cx, tx, h);
		h2len = tty_move_h(c, 0, tx, h2 + 1);
		if (h2len >= 0) {
			h2[0] = '\r';
			h2len++;
			if (hlen < 0 || h2len < hlen) {
				memcpy(h, h2, h2len + 1);
				hlen = h2len;
			}
		}
		h2len = tty_csi_n(h2, tx + 1, 'G');
		if (hlen < 0 || h2len < hlen) {
			memcpy(h, h2, h2len + 1);
			hlen = h2len;
		}
		if (vlen + hlen < blen) {
			memcpy(best, v, vlen);
			memcpy(best + vlen, h, hlen);
			blen = vlen + hlen;
		}
	}
	buf_add(c->b, best, blen);
	c->cx = tx;
	c->cy = ty;
}

static int
tty_sgr_colour(char *out, uint16_t c, int bg)
{
	int	 len = 0;

	out[len++] = ';';
	if (c == GRID_DEFAULT)
		len += tty_num(out + len, bg ? 49 : 39);
	else if (c < 8)
		len += tty_num(out + len, (bg ? 40 : 30) + c);
	else if (c < 16)
		len += tty_num(out + len, (bg ? 100 : 90) + c - 8);
	else {
		len += tty_num(out + len, bg ? 48 : 38);
		out[len++] = ';';
		out[len++] = '5';
		out[len++] = ';';
		len += tty_num(out + len, c);
	}
	return len;
}

static int
tty_sgr_code(char *out, const char *code)
{
	int	 len = 0;

	out[len++] = ';';
	while (*code != '\0')
		out[len++] = *code++;
	return len;
}

static int
tty_sgr_attrs(char *out, unsigned attr)
{
	int	 len = 0;

	if (attr & GRID_BOLD)
		len += tty_sgr_code(out + len, "1");
	if (attr & GRID_DIM)
		len += tty_sgr_code(out + len, "2");
	if (attr & GRID_UNDERLINE)
		len += tty_sgr_code(out + len, "4");
	if (attr & GRID_REVERSE)
		len += tty_sgr_code(out + len, "7");
	return len;
}

/* Change SGR to s by the shorter of a reset or the individual changes. */
void
tty_sgr(struct tty_ctx *c, const struct grid_style *s)
{
	char		 a[80], r[80];
	int		 alen = 0, rlen = 0;
	const unsigned	 bd = GRID_BOLD | GRID_DIM;
	unsigned	 cur = c->sgr.attr, off = cur & ~s->attr, on;

	if (grid_style_equal(&c->sgr, s))
		return;

	/* From a reset: "ESC [ m" alone, or "ESC [ 0;..." */
	memcpy(r, "\033[0", 3);
	rlen = 3;
	rlen += tty_sgr_attrs(r + rlen, s->attr);
	if (s->fg != GRID_DEFAULT)
		rlen += tty_sgr_colour(r + rlen, s->fg, 0);
	if (s->bg != GRID_DEFAULT)
		rlen += tty_sgr_colour(r + rlen, s->bg, 1);
	if (rlen == 3) {
		memcpy(r, "\033[m", 3);
		rlen = 3;
	} else
		r[rlen++] = 'm';

	/* Incremental: 22 clears both bold and dim, so re-add the survivor. */
	memcpy(a, "\033[", 2);
	alen = 2;
	on = s->attr & ~cur;
	if (off & bd) {
		alen += tty_sgr_code(a + alen, "22");
		on |= s->attr & bd;
	}
	if (off & GRID_UNDERLINE)
		alen += tty_sgr_code(a + alen, "24");
	if (off & GRID_REVERSE)
		alen += tty_sgr_code(a + alen, "27");
	alen += tty_sgr_attrs(a + alen, on);
	if (s->fg != c->sgr.fg)
		alen += tty_sgr_colour(a + alen, s->fg, 0);
	if (s->bg != c->sgr.bg)
		alen += tty_sgr_colour(a + alen, s->bg, 1);
	/* Drop the first ';' after ESC [. */
	memmove(a + 2, a + 3, alen - 3);
	alen--;
	a[alen++] = 'm';

	if (alen < rlen)
		buf_add(c->b, a, alen);
	else
		buf_add(c->b, r, rlen);
	c->sgr = *s;
}

/*
 * The glyph cell x of a row of grid g sends; never a control, whatever the
 * grid holds (a stray pad is a space, a wide character without its pad or
 * anything without a width is '?').  Depends on the cell and its two
 * neighbours.  Marks follow their character on a UTF-8 terminal; without
 * UTF-8 they are left out (the letter stays, as é becomes e).
 */
static void
tty_glyph(struct tty_ctx *c, const struct grid *g,
    const struct grid_cell *cells, int sx, int x, struct tty_glyph *gl)
{
	uint32_t	 ch = cells[x].ch, prev, marks[GRID_MARKS_MAX];
	int		 w, i, n;

	gl->style = tty_style(c, &cells[x].style);
	gl->width = 1;
	gl->len = 1;
	if (ch >= 0x20 && ch < 0x7f) {
		gl->bytes[0] = (char)ch;
		if (cells[x].marks != 0 && c->caps->utf8)
			goto marks;
		return;
	}
	if (ch == GRID_PAD) {
		prev = x > 0 ? cells[x - 1].ch : 0;
		if (x == 0 || utf8_width(prev) != 2)
			gl->bytes[0] = ' ';	/* a stray pad */
		else if (c->caps->utf8) {
			gl->width = 0;
			gl->len = 0;
			gl->style = tty_style(c, &cells[x - 1].style);
		} else {
			/* ASCII: "??", or the lead's letter and a space. */
			gl->bytes[0] = tty_acs_ascii(prev) == '?' ? '?' : ' ';
		}
		return;
	}
	w = utf8_width(ch);
	if (w == 2 && (x + 1 >= sx || cells[x + 1].ch != GRID_PAD))
		w = -1;		/* a wide glyph without its pad */
	if (!c->caps->utf8)
		gl->bytes[0] = w <= 0 ? '?' : tty_acs_ascii(ch);
	else if (w <= 0)
		gl->bytes[0] = '?';
	else {
		gl->len = (uint8_t)utf8_encode(ch, gl->bytes);
		gl->width = (uint8_t)w;
		if (cells[x].marks != 0)
			goto marks;
	}
	return;

marks:
	/* Only marks (grid_mark checks them), at most GRID_MARKS_MAX. */
	n = grid_cell_marks(g, &cells[x], marks);
	for (i = 0; i < n; i++)
		gl->len += (uint8_t)utf8_encode(marks[i], gl->bytes + gl->len);
}

/*
 * The glyphs of a row of frame (fc, now) and of what the terminal shows
 * there (sc, old, a row of c->shown or one without marks; NULL: the row is
 * blank after a clear).  A cell equal in both rows, with equal neighbours,
 * sends the same glyph: copied rather than worked out again.
 */
static void
tty_row_glyphs(struct tty_ctx *c, const struct grid_cell *fc,
    const struct grid_cell *sc, struct tty_glyph *now, struct tty_glyph *old)
{
	const struct grid	*f = c->frame, *s = c->shown;
	int			 x, sx = c->sx, same, same_next;

	for (x = 0; x < sx; x++)
		tty_glyph(c, f, fc, sx, x, &now[x]);
	if (sc == NULL)
		return;
	same = 1;		/* left of column 0 counts as equal */
	same_next = grid_cell_equal(f, &fc[0], s, &sc[0]);
	for (x = 0; x < sx; x++) {
		int same_here = same_next;

		same_next = x + 1 >= sx || grid_cell_equal(f, &fc[x + 1], s,
		    &sc[x + 1]);
		if (same && same_here && same_next)
			old[x] = now[x];
		else
			tty_glyph(c, s, sc, sx, x, &old[x]);
		same = same_here;
	}
}

/*
 * Which cells of a row must be written: those whose glyph changed.  That
 * covers the cells a terminal damages when half of a wide glyph is
 * overwritten, because glyph widths always pair up (a width-2 glyph at x
 * has the only width-0 glyph at x+1, in both rows): if x turns from wide
 * to narrow, x+1 turns from a pad into a glyph of its own, and differs.
 */
static void
tty_row_dirty(const struct tty_glyph *now, const struct tty_glyph *old,
    int sx, uint8_t *dirty)
{
	int	 x;

	for (x = 0; x < sx; x++)
		dirty[x] = !tty_glyph_equal(&now[x], &old[x]);
}

/* Where the row's blank (default-style spaces) tail starts. */
static int
tty_row_blank_tail(const struct tty_glyph *now, int sx)
{
	int	 x;

	for (x = sx; x > 0; x--) {
		const struct tty_glyph *g = &now[x - 1];

		if (g->width != 1 || g->len != 1 || g->bytes[0] != ' ' ||
		    !grid_style_equal(&g->style, &GRID_STYLE_DEFAULT))
			break;
	}
	return x;
}

static void
tty_row(struct tty_ctx *c, int y, const struct tty_glyph *now,
    const struct tty_glyph *old, uint8_t *dirty)
{
	int	 x, left = 0, tail;

	tty_row_dirty(now, old, c->sx, dirty);
	for (x = 0; x < c->sx; x++)
		left += dirty[x];
	tail = tty_row_blank_tail(now, c->sx);
	c->glyphs = (struct tty_glyph *)now;
	for (x = 0; x < c->sx; x++) {
		if (!dirty[x])
			continue;
		/* Erase to the end of the line when that clears 3+ cells. */
		if (left >= 3 && x >= tail) {
			tty_move(c, x, y);
			tty_sgr(c, &GRID_STYLE_DEFAULT);
			buf_add(c->b, "\033[K", 3);
			break;
		}
		left--;
		if (now[x].width == 0)
			continue;
		tty_move(c, x, y);
		tty_sgr(c, &now[x].style);
		buf_add(c->b, now[x].bytes, now[x].len);
		c->cx += now[x].width;
		if (c->cx >= c->sx)
			c->cx = -1;	/* pending wrap: column unknown */
	}
	c->glyphs = NULL;
}

void
tty_diff(struct buf *b, const struct grid *shown, const struct grid *frame,
    const struct tty_caps *caps)
{
	struct tty_ctx		 c;
	struct tty_glyph	*now, *old;
	const struct grid_cell	**srow = NULL;
	struct grid_cell	*blank = NULL;
	uint8_t			*dirty, *differ = NULL;
	int			 y, x, full, was_visible;

	if (shown != NULL && (shown->sx != frame->sx || shown->sy != frame->sy))
		shown = NULL;
	full = shown == NULL;

	now = calloc(frame->sx, sizeof *now);
	old = calloc(frame->sx, sizeof *old);
	dirty = calloc(frame->sx, 1);
	if (!full) {
		srow = calloc(frame->sy, sizeof *srow);
		differ = calloc(frame->sy, 1);
	}
	if (now == NULL || old == NULL || dirty == NULL ||
	    (!full && (srow == NULL || differ == NULL))) {
		b->failed = 1;
		goto out;
	}

	memset(&c, 0, sizeof c);
	c.b = b;
	c.caps = caps;
	c.frame = frame;
	c.shown = shown;
	c.marks = frame->marks != NULL || (shown != NULL &&
	    shown->marks != NULL);
	c.sx = frame->sx;
	c.sy = frame->sy;
	c.sgr = GRID_STYLE_DEFAULT;
	memset(c.map16, 0xff, sizeof c.map16);

	was_visible = full ? -1 : shown->cursor_visible;
	if (!frame->cursor_visible && was_visible != 0)
		buf_adds(b, "\033[?25l");
	if (full) {
		/* Reset first, so the clear uses the default background. */
		buf_adds(b, "\033[m\033[H\033[2J");
		c.cx = c.cy = 0;
		for (x = 0; x < frame->sx; x++) {
			old[x].bytes[0] = ' ';
			old[x].len = 1;
			old[x].width = 1;
			old[x].style = GRID_STYLE_DEFAULT;
		}
	} else {
		c.cx = shown->cx;
		c.cy = shown->cy;
		if (c.cx < 0 || c.cx >= c.sx || c.cy < 0 || c.cy >= c.sy)
			c.cx = c.cy = -1;	/* not a position: use CUP */
		for (y = 0; y < frame->sy; y++) {
			srow[y] = tty_grid_row(shown, y);
			differ[y] = !tty_row_same(&c, tty_grid_row(frame, y),
			    srow[y]);
		}
		tty_scroll(&c, frame, srow, differ, &blank);
	}

	for (y = 0; y < frame->sy; y++) {
		if (!full && !differ[y])
			continue;
		tty_row_glyphs(&c, tty_grid_row(frame, y), full ? NULL :
		    srow[y], now, old);
		tty_row(&c, y, now, old, dirty);
	}

	tty_sgr(&c, &GRID_STYLE_DEFAULT);
	x = frame->cx < 0 ? 0 : (frame->cx >= c.sx ? c.sx - 1 : frame->cx);
	y = frame->cy < 0 ? 0 : (frame->cy >= c.sy ? c.sy - 1 : frame->cy);
	tty_move(&c, x, y);
	if (frame->cursor_visible && was_visible != 1)
		buf_adds(b, "\033[?25h");
out:
	free(now);
	free(old);
	free(dirty);
	free(srow);
	free(differ);
	free(blank);
}

void
tty_mouse(struct buf *b, int on)
{
	if (on)
		buf_adds(b, "\033[?1000h\033[?1006h");
	else
		buf_adds(b, "\033[?1006l\033[?1000l");
}

void
tty_cursor_visible(struct buf *b, int on)
{
	buf_adds(b, on ? "\033[?25h" : "\033[?25l");
}

void
tty_cursor_to(struct buf *b, int x, int y)
{
	char	 out[32];

	buf_add(b, out, (size_t)tty_csi_2(out, y + 1, x + 1, 'H'));
}

void
tty_clear(struct buf *b)
{
	buf_adds(b, "\033[m\033[H\033[2J");
}

void
tty_enter(struct buf *b, const struct tty_caps *caps, int flags)
{
	/* Alternate screen, autowrap on (the writer relies on it). */
	buf_adds(b, "\033[?1049h\033[?7h");
	tty_cursor_visible(b, 0);
	if (flags & TTY_MOUSE)
		tty_mouse(b, 1);
	tty_clear(b);
}

void
tty_leave(struct buf *b, const struct tty_caps *caps)
{
	tty_mouse(b, 0);
	buf_adds(b, "\033[m");
	tty_cursor_visible(b, 1);
	buf_adds(b, "\033[?1049l");
}
