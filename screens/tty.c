/*
 * tty.c - the writer: ANSI bytes that bring a terminal from the grid it
 * shows to a new frame (see tty.h for the contract).
 *
 * Each cell is first turned into the glyph the terminal will get (UTF-8 or
 * the ASCII fallback) and the style it can show (colours mapped down).  Two
 * cells that come out the same need no bytes, so a colour change on a
 * no-colour terminal costs nothing.  Bands of rows that moved up or down
 * are first shifted by the terminal (see "Scrolling" below).  Then, row by
 * row, every changed glyph is written after the cheapest cursor move and
 * the shortest SGR change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/tty.h"
#include "screens/utf8.h"

#define TTY_REWRITE_MAX 12	/* longest run rewritten instead of a move */

/* What one cell sends. width 0: the right half of a wide glyph. */
struct tty_glyph {
	char			bytes[4];
	uint8_t			len;
	uint8_t			width;
	struct grid_style	style;
};

struct tty_ctx {
	struct buf		*b;
	const struct tty_caps	*caps;
	int			 sx, sy;
	int			 cx, cy;	/* cx -1: pending wrap/unknown */
	struct grid_style	 sgr;		/* what the terminal has now */
	struct tty_glyph	*glyphs;	/* frame row being written */
	int16_t			 map16[256];	/* palette -> 16, -1 unknown */
};

/* The xterm colours of the 16 ANSI ones, to map the palette to them. */
static const uint8_t tty_rgb16[16][3] = {
	{ 0x00, 0x00, 0x00 }, { 0xcd, 0x00, 0x00 }, { 0x00, 0xcd, 0x00 },
	{ 0xcd, 0xcd, 0x00 }, { 0x00, 0x00, 0xee }, { 0xcd, 0x00, 0xcd },
	{ 0x00, 0xcd, 0xcd }, { 0xe5, 0xe5, 0xe5 }, { 0x7f, 0x7f, 0x7f },
	{ 0xff, 0x00, 0x00 }, { 0x00, 0xff, 0x00 }, { 0xff, 0xff, 0x00 },
	{ 0x5c, 0x5c, 0xff }, { 0xff, 0x00, 0xff }, { 0x00, 0xff, 0xff },
	{ 0xff, 0xff, 0xff },
};

static void
tty_rgb256(int c, int rgb[3])
{
	static const int	levels[6] = { 0, 95, 135, 175, 215, 255 };

	if (c < 16) {
		rgb[0] = tty_rgb16[c][0];
		rgb[1] = tty_rgb16[c][1];
		rgb[2] = tty_rgb16[c][2];
	} else if (c < 232) {
		c -= 16;
		rgb[0] = levels[c / 36];
		rgb[1] = levels[(c / 6) % 6];
		rgb[2] = levels[c % 6];
	} else
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (c - 232);
}

/*
 * Nearest of the 16 by "redmean" distance (a cheap approximation of how
 * far apart colours look).  Chromatic colours never map to the greys: a
 * dull red should stay red on a 16-colour terminal, not turn grey.
 */
int
tty_colour_256to16(int c)
{
	int	rgb[3], p[3], i, best = 0, chroma, max, min;
	long	d, bestd = -1, rmean, dr, dg, db;

	if (c < 0 || c > 255)
		return -1;
	if (c < 16)
		return c;
	tty_rgb256(c, rgb);
	max = rgb[0] > rgb[1] ? rgb[0] : rgb[1];
	max = max > rgb[2] ? max : rgb[2];
	min = rgb[0] < rgb[1] ? rgb[0] : rgb[1];
	min = min < rgb[2] ? min : rgb[2];
	chroma = max - min;
	for (i = 0; i < 16; i++) {
		int grey = (i == 0 || i == 7 || i == 8 || i == 15);

		if (chroma >= 80 && grey)
			continue;
		p[0] = tty_rgb16[i][0];
		p[1] = tty_rgb16[i][1];
		p[2] = tty_rgb16[i][2];
		rmean = (rgb[0] + p[0]) / 2;
		dr = rgb[0] - p[0];
		dg = rgb[1] - p[1];
		db = rgb[2] - p[2];
		d = ((512 + rmean) * dr * dr >> 8) + 4 * dg * dg +
		    ((767 - rmean) * db * db >> 8);
		if (bestd < 0 || d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}

static uint16_t
tty_colour(struct tty_ctx *c, uint16_t colour)
{
	if (colour > 255 || c->caps->colours == TTY_COLOURS_NONE)
		return GRID_DEFAULT;
	if (c->caps->colours != TTY_COLOURS_16 || colour < 16)
		return colour;
	if (c->map16[colour] < 0)
		c->map16[colour] = (int16_t)tty_colour_256to16(colour);
	return (uint16_t)c->map16[colour];
}

static struct grid_style
tty_style(struct tty_ctx *c, const struct grid_style *s)
{
	struct grid_style	e;

	e.fg = tty_colour(c, s->fg);
	e.bg = tty_colour(c, s->bg);
	e.attr = s->attr & (GRID_BOLD | GRID_UNDERLINE | GRID_REVERSE |
	    GRID_DIM);
	return e;
}

/* Latin-1 letters without their accents, from U+00C0. */
static const char tty_latin1[] =
    "AAAAAAACEEEEIIII" "DNOOOOOxOUUUUYTs"
    "aaaaaaaceeeeiiii" "dnooooo/ouuuuyty";

char
tty_ascii(uint32_t ch)
{
	unsigned	dirs;

	if (ch >= 0x20 && ch < 0x7f)
		return (char)ch;
	if (ch >= 0xc0 && ch <= 0xff)
		return tty_latin1[ch - 0xc0];
	if ((dirs = grid_line_dirs(ch)) != 0) {
		if ((dirs & (GRID_UP | GRID_DOWN)) == 0)
			return (ch >= 0x2550 ? '=' : '-');
		if ((dirs & (GRID_LEFT | GRID_RIGHT)) == 0)
			return '|';
		return '+';
	}
	switch (ch) {
	case 0xa0:			/* no-break space */
		return ' ';
	case 0xab: case 0xbb:		/* « » */
	case 0x201c: case 0x201d:	/* “ ” */
		return '"';
	case 0xb7:			/* · */
	case 0x2026:			/* … */
		return '.';
	case 0x2018: case 0x2019:	/* ‘ ’ */
		return '\'';
	case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014:
	case 0x2015: case 0x2212:	/* dashes, minus */
	case 0x2504: case 0x2505: case 0x2508: case 0x2509: case 0x254c:
	case 0x254d:			/* dashed horizontal lines */
		return '-';
	case 0x2506: case 0x2507: case 0x250a: case 0x250b: case 0x254e:
	case 0x254f:			/* dashed vertical lines */
		return '|';
	case 0x2571:
		return '/';
	case 0x2572:
		return '\\';
	case 0x2573: case 0xd7:
		return 'x';
	case 0x25cf: case 0x2b24: case 0x26ab:	/* ● ⬤ ⚫ black stones */
		return 'X';
	case 0x25cb: case 0x25ef: case 0x26aa:	/* ○ ◯ ⚪ white stones */
		return 'O';
	case 0x25c9: case 0x25ce: case 0x25cd: case 0x25cc:
		return '@';
	case 0x2022: case 0x2605: case 0x2606: case 0x25c6: case 0x25c7:
	case 0x2727: case 0x2726:		/* • ★ ☆ ◆ ◇ ✦ ✧ */
		return '*';
	case 0x25a0: case 0x25a1: case 0x25aa: case 0x25ab:
		return '#';
	case 0x2190: case 0x25c0: case 0x25c1: case 0x2039:
		return '<';
	case 0x2192: case 0x25b6: case 0x25b7: case 0x203a:
		return '>';
	case 0x2191: case 0x25b2: case 0x25b3:
		return '^';
	case 0x2193: case 0x25bc: case 0x25bd:
		return 'v';
	case 0x2713: case 0x2714:		/* ✓ */
		return 'v';
	case 0x2717: case 0x2718:		/* ✗ */
		return 'x';
	}
	if (ch >= 0x2580 && ch <= 0x259f)	/* block elements */
		return '#';
	if (ch >= 0x2500 && ch <= 0x257f)
		return '+';
	return '?';
}

static int
tty_glyph_equal(const struct tty_glyph *a, const struct tty_glyph *b)
{
	int	i;

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
	char	tmp[12];
	int	len = 0, i;

	do {
		tmp[len++] = '0' + n % 10;
		n /= 10;
	} while (n > 0);
	for (i = 0; i < len; i++)
		out[i] = tmp[len - 1 - i];
	return len;
}

/* ESC [ n X, with n omitted when 1 (the default of every move). */
static int
tty_csi_n(char *out, int n, char final)
{
	int	len = 2;

	out[0] = '\033';
	out[1] = '[';
	if (n != 1)
		len += tty_num(out + len, n);
	out[len++] = final;
	out[len] = '\0';
	return len;
}

/* ESC [ a ; b X with defaults (1) left out. */
static int
tty_csi_2(char *out, int a, int b, char final)
{
	int	len = 2;

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

/*
 * Horizontal move from column from (-1: unknown) to to on row y, into out;
 * returns its length, or -1 if there is no relative way.  Rewriting the
 * cells in between is allowed when they all carry the current SGR.
 */
static int
tty_move_h(const struct tty_ctx *c, int from, int to, char *out)
{
	char	alt[64];
	int	n, len, best = -1, i;

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
				    !grid_style_equal(&g->style, &c->sgr))
					break;
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

static void
tty_move(struct tty_ctx *c, int tx, int ty)
{
	char	best[64], v[64], h[64], h2[64];
	int	blen, vlen, hlen, h2len, n;

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
	int	len = 0;

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
	int	len = 0;

	out[len++] = ';';
	while (*code != '\0')
		out[len++] = *code++;
	return len;
}

static int
tty_sgr_attrs(char *out, unsigned attr)
{
	int	len = 0;

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
static void
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
 * The glyph cell x of a row sends; never a control, whatever the grid holds
 * (a stray pad is a space, a wide character without its pad or anything
 * without a width is '?').  Depends on the cell and its two neighbours.
 */
static void
tty_glyph(struct tty_ctx *c, const struct grid_cell *cells, int sx, int x,
    struct tty_glyph *gl)
{
	uint32_t	ch = cells[x].ch, prev;
	int		w;

	gl->style = tty_style(c, &cells[x].style);
	gl->width = 1;
	gl->len = 1;
	if (ch >= 0x20 && ch < 0x7f) {
		gl->bytes[0] = (char)ch;
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
			gl->bytes[0] = tty_ascii(prev) == '?' ? '?' : ' ';
		}
		return;
	}
	w = utf8_width(ch);
	if (w == 2 && (x + 1 >= sx || cells[x + 1].ch != GRID_PAD))
		w = -1;		/* a wide glyph without its pad */
	if (!c->caps->utf8)
		gl->bytes[0] = w <= 0 ? '?' : tty_ascii(ch);
	else if (w <= 0)
		gl->bytes[0] = '?';
	else {
		gl->len = (uint8_t)utf8_encode(ch, gl->bytes);
		gl->width = (uint8_t)w;
	}
}

/*
 * The glyphs of a row of frame (fc, now) and of what the terminal shows
 * there (sc, old; NULL: the row is blank after a clear).  A cell equal in
 * both rows, with equal neighbours, sends the same glyph: copied rather
 * than worked out again.
 */
static void
tty_row_glyphs(struct tty_ctx *c, const struct grid_cell *fc,
    const struct grid_cell *sc, struct tty_glyph *now, struct tty_glyph *old)
{
	int	x, sx = c->sx, same, same_next;

	for (x = 0; x < sx; x++)
		tty_glyph(c, fc, sx, x, &now[x]);
	if (sc == NULL)
		return;
	same = 1;		/* left of column 0 counts as equal */
	same_next = grid_cell_equal(&fc[0], &sc[0]);
	for (x = 0; x < sx; x++) {
		int same_here = same_next;

		same_next = x + 1 >= sx || grid_cell_equal(&fc[x + 1],
		    &sc[x + 1]);
		if (same && same_here && same_next)
			old[x] = now[x];
		else
			tty_glyph(c, sc, sx, x, &old[x]);
		same = same_here;
	}
}

/* Two rows of sx cells are the same, cell for cell. */
static int
tty_row_same(const struct grid_cell *a, const struct grid_cell *b, int sx)
{
	int	x;

	for (x = 0; x < sx; x++) {
		if (!grid_cell_equal(&a[x], &b[x]))
			return 0;
	}
	return 1;
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
	int	x;

	for (x = 0; x < sx; x++)
		dirty[x] = !tty_glyph_equal(&now[x], &old[x]);
}

/* Where the row's blank (default-style spaces) tail starts. */
static int
tty_row_blank_tail(const struct tty_glyph *now, int sx)
{
	int	x;

	for (x = sx; x > 0; x--) {
		const struct tty_glyph *g = &now[x - 1];

		if (g->width != 1 || g->bytes[0] != ' ' || g->style.attr != 0 ||
		    g->style.fg != GRID_DEFAULT || g->style.bg != GRID_DEFAULT)
			break;
	}
	return x;
}

static void
tty_row(struct tty_ctx *c, int y, const struct tty_glyph *now,
    const struct tty_glyph *old, uint8_t *dirty)
{
	static const struct grid_style	plain = GRID_STYLE_DEFAULT;
	int				x, left = 0, tail;

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
			tty_sgr(c, &plain);
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

/*
 * Scrolling.  A band of full rows that moved up or down - the lobby's chat
 * pane when a line arrives - would cost a rewrite of every row it covers.
 * The terminal can shift it instead: a scroll region (DECSTBM) around the
 * band, the lines scrolled inside it, the region reset.  The cell diff
 * then runs against the shown rows shifted the same way, so it writes only
 * the lines scrolled in and whatever else changed.
 *
 * Finding the shifts: for each shift n, the runs of rows where the frame
 * shows the shown row n below (or above) are candidate regions; each is
 * priced by an estimate of the bytes it saves, the best is taken, and the
 * search is repeated for other bands.  Rows are compared by hash first and
 * the chosen region checked cell for cell, so a collision can only cost a
 * missed scroll, never a wrong screen.
 */
#define TTY_SCROLL_MAX 4	/* regions scrolled in one diff */
#define TTY_SCROLL_NMAX 128	/* longest shift looked for */

struct tty_scroll {
	const struct grid	 *frame;
	const struct grid_cell	**srow;		/* shown rows, as shifted */
	uint8_t			 *differ;	/* row differs from srow */
	const struct grid_cell	 *blank;	/* a row scrolled in */
	int			  first, last;	/* rows that may take part */
	uint64_t		 *fh, *sh;	/* row hashes: frame, srow */
	uint64_t		  bh;		/* hash of the blank row */
	int			 *cost;		/* bytes for srow -> frame */
	int			 *ink;		/* bytes for blank -> frame */
	int			 *pcost, *pink;	/* their sums over first..y-1 */
};

/* A shift: rows top..bot move up n (n > 0) or down -n (n < 0). */
struct tty_shift {
	int	top, bot, n;
	int	gain;		/* bytes it saves, estimated */
};

static const struct grid_cell *
tty_grid_row(const struct grid *g, int y)
{
	return &g->cells[(size_t)y * g->sx];
}

static uint64_t
tty_row_hash(const struct grid_cell *row, int sx)
{
	uint64_t	h = 0x6a09e667f3bcc909ULL, v;
	int		x;

	for (x = 0; x < sx; x++) {
		v = row[x].ch | (uint64_t)row[x].style.fg << 32 |
		    (uint64_t)row[x].style.bg << 48;
		h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
		h ^= (h >> 29) + row[x].style.attr;
	}
	return h;
}

static int
tty_cell_blank(const struct grid_cell *gc)
{
	return gc->ch == ' ' && gc->style.fg == GRID_DEFAULT &&
	    gc->style.bg == GRID_DEFAULT && gc->style.attr == 0;
}

/*
 * Cells a and b look the same on this terminal (nearly: a wide character's
 * fallback depends on its pad), to price changes as the diff will.
 */
static int
tty_cell_looks_same(struct tty_ctx *c, const struct grid_cell *a,
    const struct grid_cell *b)
{
	const unsigned	attrs = GRID_BOLD | GRID_UNDERLINE | GRID_REVERSE |
			    GRID_DIM;

	if (a->ch != b->ch && (c->caps->utf8 ||
	    tty_ascii(a->ch) != tty_ascii(b->ch)))
		return 0;
	if (grid_style_equal(&a->style, &b->style))
		return 1;
	/* As tty_style maps them (not called here: it is hot inlined). */
	return ((a->style.attr ^ b->style.attr) & attrs) == 0 &&
	    tty_colour(c, a->style.fg) == tty_colour(c, b->style.fg) &&
	    tty_colour(c, a->style.bg) == tty_colour(c, b->style.bg);
}

/*
 * Rough bytes to turn row s into row f: one per changed cell, and an erase
 * for any change in f's blank tail.  It only has to rank alternatives, and
 * it errs low on both sides (no moves, no SGR).  A change the terminal
 * cannot show (a colour without colours, an accent without UTF-8) costs
 * nothing, as in the diff.
 */
static int
tty_row_cost(struct tty_ctx *c, const struct grid_cell *f,
    const struct grid_cell *s)
{
	int	x, tail, n = 0, sx = c->sx;

	for (tail = sx; tail > 0; tail--) {
		if (!tty_cell_blank(&f[tail - 1]))
			break;
	}
	for (x = 0; x < tail; x++) {
		if (grid_cell_equal(&f[x], &s[x]))
			continue;
		if (c->caps->utf8 && f[x].ch != s[x].ch)
			n++;			/* the usual case, quickly */
		else
			n += !tty_cell_looks_same(c, &f[x], &s[x]);
	}
	for (; x < sx; x++) {
		if (!grid_cell_equal(&f[x], &s[x]) &&
		    !tty_cell_looks_same(c, &f[x], &s[x]))
			return n + 4;		/* ESC [ K after a move */
	}
	return n;
}

static int
tty_digits(int n)
{
	int	d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* Bytes tty_move sends from home to the start of row y. */
static int
tty_home_to(int y)
{
	if (y == 0)
		return 0;
	if (y <= 3)
		return y;			/* LFs */
	return 3 + tty_digits(y);		/* ESC [ y B */
}

/*
 * Up by n: LFs at the region's bottom, or delete lines (DL) at its top,
 * whichever is shorter.  Down by n: reverse index (RI) at the top for one
 * line, insert lines (IL) for more.  Inside a region both only move the
 * region's lines.
 */
static int
tty_shift_uses_lf(const struct tty_shift *sh)
{
	int	dl = tty_home_to(sh->top) + 2 + (sh->n == 1 ? 0 :
		    tty_digits(sh->n)) + 1;

	return sh->n > 0 && tty_home_to(sh->bot) + sh->n <= dl;
}

/* All the bytes a shift costs: region, move, scroll, region reset. */
static int
tty_shift_overhead(const struct tty_shift *sh)
{
	int	len, n = sh->n > 0 ? sh->n : -sh->n;

	len = 2 + (sh->top == 0 ? 0 : tty_digits(sh->top + 1)) + 1 +
	    tty_digits(sh->bot + 1) + 1;
	if (tty_shift_uses_lf(sh))
		len += tty_home_to(sh->bot) + n;
	else if (sh->n < 0 && n == 1)
		len += tty_home_to(sh->top) + 2;
	else
		len += tty_home_to(sh->top) + 3 + (n == 1 ? 0 : tty_digits(n));
	return len + 3;
}

/* Price the shift of top..bot by n whose scrolled-in rows are b0..b1. */
static void
tty_scroll_try(const struct tty_scroll *s, int top, int bot, int n, int b0,
    int b1, struct tty_shift *best)
{
	struct tty_shift	sh = { top, bot, n, 0 };

	sh.gain = s->pcost[bot + 1] - s->pcost[top] -
	    (s->pink[b1 + 1] - s->pink[b0]) - tty_shift_overhead(&sh);
	if (sh.gain > best->gain)
		*best = sh;
}

/*
 * The most profitable shift inside first..last; best->gain stays 0 if
 * none saves anything.  A shift of n needs the frame's row y to be the
 * shown row y + n (up) or y - n (down); a run of such rows a..b makes the
 * region a..b+n (or a-n..b), whose other n rows come in blank.
 */
static void
tty_scroll_best(const struct tty_scroll *s, struct tty_shift *best)
{
	int	n, y, a, nmax = s->last - s->first;

	if (nmax > TTY_SCROLL_NMAX)
		nmax = TTY_SCROLL_NMAX;
	memset(best, 0, sizeof *best);
	for (n = 1; n <= nmax; n++) {
		for (y = s->first; y + n <= s->last; y++) {
			if (s->fh[y] != s->sh[y + n])
				continue;
			for (a = y; y + n <= s->last; y++) {
				if (s->fh[y] != s->sh[y + n])
					break;
			}
			tty_scroll_try(s, a, y - 1 + n, n, y, y - 1 + n, best);
		}
		for (y = s->first + n; y <= s->last; y++) {
			if (s->fh[y] != s->sh[y - n])
				continue;
			for (a = y; y <= s->last; y++) {
				if (s->fh[y] != s->sh[y - n])
					break;
			}
			tty_scroll_try(s, a - n, y - 1, -n, a - n, a - 1, best);
		}
	}
}

/* The rows the shift keeps really are the frame's (not just by hash). */
static int
tty_scroll_check(const struct tty_scroll *s, const struct tty_shift *sh)
{
	int	y, sx = s->frame->sx;

	if (sh->n > 0) {
		for (y = sh->top; y <= sh->bot - sh->n; y++) {
			if (!tty_row_same(tty_grid_row(s->frame, y),
			    s->srow[y + sh->n], sx))
				return 0;
		}
	} else {
		for (y = sh->top - sh->n; y <= sh->bot; y++) {
			if (!tty_row_same(tty_grid_row(s->frame, y),
			    s->srow[y + sh->n], sx))
				return 0;
		}
	}
	return 1;
}

/*
 * Send a shift.  The region is set with the default SGR (a scrolled-in
 * line takes the current background); setting it homes the cursor, and so
 * does the reset that tty_scroll sends after the last shift.
 */
static void
tty_scroll_send(struct tty_ctx *c, const struct tty_shift *sh)
{
	static const struct grid_style	plain = GRID_STYLE_DEFAULT;
	char				tmp[32];
	int				len, n = sh->n > 0 ? sh->n : -sh->n;

	tty_sgr(c, &plain);
	len = tty_csi_2(tmp, sh->top + 1, sh->bot + 1, 'r');
	buf_add(c->b, tmp, len);
	c->cx = c->cy = 0;
	if (tty_shift_uses_lf(sh)) {
		tty_move(c, 0, sh->bot);
		while (n-- > 0)
			buf_addc(c->b, '\n');
	} else {
		tty_move(c, 0, sh->top);
		if (sh->n < 0 && n == 1)
			buf_add(c->b, "\033M", 2);
		else {
			len = tty_csi_n(tmp, n, sh->n > 0 ? 'M' : 'L');
			buf_add(c->b, tmp, len);
		}
	}
}

/* After a shift: the shown rows, their hashes and costs, shifted too. */
static void
tty_scroll_apply(struct tty_scroll *s, const struct tty_shift *sh)
{
	int	y, from, n = sh->n;

	if (n > 0) {
		for (y = sh->top; y <= sh->bot; y++) {
			from = y + n;
			s->srow[y] = from <= sh->bot ? s->srow[from] : s->blank;
			s->sh[y] = from <= sh->bot ? s->sh[from] : s->bh;
		}
	} else {
		for (y = sh->bot; y >= sh->top; y--) {
			from = y + n;
			s->srow[y] = from >= sh->top ? s->srow[from] : s->blank;
			s->sh[y] = from >= sh->top ? s->sh[from] : s->bh;
		}
	}
	for (y = sh->top; y <= sh->bot; y++) {
		if (s->srow[y] == s->blank) {
			s->cost[y] = s->ink[y];
			s->differ[y] = !tty_row_same(tty_grid_row(s->frame, y),
			    s->blank, s->frame->sx);
		} else {
			s->cost[y] = 0;		/* checked equal */
			s->differ[y] = 0;
		}
	}
}

/*
 * Shift what the terminal shows towards frame where that saves bytes;
 * srow and differ follow.  *blankp is the blank row srow may now point
 * to, for the caller to free.  Out of memory, nothing is shifted.
 */
static void
tty_scroll(struct tty_ctx *c, const struct grid *frame,
    const struct grid_cell **srow, uint8_t *differ, struct grid_cell **blankp)
{
	struct tty_scroll	 s;
	struct tty_shift	 sh;
	struct grid_cell	*blank;
	int			 y, x, i, sx = frame->sx, sy = frame->sy, sent = 0;

	*blankp = NULL;
	memset(&s, 0, sizeof s);
	s.first = -1;
	for (y = 0; y < sy; y++) {
		if (differ[y]) {
			if (s.first < 0)
				s.first = y;
			s.last = y;
		}
	}
	if (s.first < 0 || s.last - s.first < 1)
		return;			/* a region needs two rows */

	blank = calloc(sx, sizeof *blank);
	s.fh = calloc(sy, sizeof *s.fh);
	s.sh = calloc(sy, sizeof *s.sh);
	s.cost = calloc(sy, sizeof *s.cost);
	s.ink = calloc(sy, sizeof *s.ink);
	s.pcost = calloc(sy + 1, sizeof *s.pcost);
	s.pink = calloc(sy + 1, sizeof *s.pink);
	if (blank == NULL || s.fh == NULL || s.sh == NULL || s.cost == NULL ||
	    s.ink == NULL || s.pcost == NULL || s.pink == NULL) {
		free(blank);
		goto out;
	}
	for (x = 0; x < sx; x++) {
		blank[x].ch = ' ';
		blank[x].style = (struct grid_style)GRID_STYLE_DEFAULT;
	}
	*blankp = blank;
	s.frame = frame;
	s.srow = srow;
	s.differ = differ;
	s.blank = blank;
	s.bh = tty_row_hash(blank, sx);
	for (y = s.first; y <= s.last; y++) {
		const struct grid_cell *fr = tty_grid_row(frame, y);

		s.fh[y] = tty_row_hash(fr, sx);
		s.sh[y] = tty_row_hash(srow[y], sx);
		s.cost[y] = differ[y] ? tty_row_cost(c, fr, srow[y]) : 0;
		s.ink[y] = tty_row_cost(c, fr, blank);
	}

	for (i = 0; i < TTY_SCROLL_MAX; i++) {
		for (y = s.first; y <= s.last; y++) {
			s.pcost[y + 1] = s.pcost[y] + s.cost[y];
			s.pink[y + 1] = s.pink[y] + s.ink[y];
		}
		tty_scroll_best(&s, &sh);
		if (sh.gain <= 0 || !tty_scroll_check(&s, &sh))
			break;
		tty_scroll_send(c, &sh);
		tty_scroll_apply(&s, &sh);
		sent = 1;
	}
	if (sent) {
		buf_add(c->b, "\033[r", 3);	/* whole screen; home */
		c->cx = c->cy = 0;
	}
out:
	free(s.fh);
	free(s.sh);
	free(s.cost);
	free(s.ink);
	free(s.pcost);
	free(s.pink);
}

void
tty_diff(struct buf *b, const struct grid *shown, const struct grid *frame,
    const struct tty_caps *caps)
{
	static const struct grid_style	  plain = GRID_STYLE_DEFAULT;
	struct tty_ctx			  c;
	struct tty_glyph		 *now, *old;
	const struct grid_cell		**srow = NULL;
	struct grid_cell		 *blank = NULL;
	uint8_t				 *dirty, *differ = NULL;
	int				  y, x, full, was_visible;

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
	c.sx = frame->sx;
	c.sy = frame->sy;
	c.sgr = plain;
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
			old[x].style = plain;
		}
	} else {
		c.cx = shown->cx;
		c.cy = shown->cy;
		if (c.cx < 0 || c.cx >= c.sx || c.cy < 0 || c.cy >= c.sy)
			c.cx = c.cy = -1;	/* not a position: use CUP */
		for (y = 0; y < frame->sy; y++) {
			srow[y] = tty_grid_row(shown, y);
			differ[y] = !tty_row_same(tty_grid_row(frame, y),
			    srow[y], frame->sx);
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

	tty_sgr(&c, &plain);
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
