/*
 * grid.c - the cell grid a view draws a frame into (see grid.h).
 *
 * The one invariant every function keeps: a wide character's left cell holds
 * it and its right cell holds GRID_PAD; a GRID_PAD never stands anywhere
 * else.  Breaking a wide character (writing over either half) blanks the
 * other half, which is also what a terminal does.  And a second one: only a
 * character that is neither a pad nor a space carries marks, and writing a
 * cell takes its marks away.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"

/*
 * Line pieces by kind and directions (GRID_UP 1, GRID_DOWN 2, GRID_LEFT 4,
 * GRID_RIGHT 8).  Double lines have no half pieces; a half is drawn whole.
 */
static const uint32_t grid_line_chars[4][16] = {
	[GRID_LINE_LIGHT] = {
		0, 0x2575, 0x2577, 0x2502, 0x2574, 0x2518, 0x2510, 0x2524,
		0x2576, 0x2514, 0x250c, 0x251c, 0x2500, 0x2534, 0x252c, 0x253c,
	},
	[GRID_LINE_HEAVY] = {
		0, 0x2579, 0x257b, 0x2503, 0x2578, 0x251b, 0x2513, 0x252b,
		0x257a, 0x2517, 0x250f, 0x2523, 0x2501, 0x253b, 0x2533, 0x254b,
	},
	[GRID_LINE_DOUBLE] = {
		0, 0x2551, 0x2551, 0x2551, 0x2550, 0x255d, 0x2557, 0x2563,
		0x2550, 0x255a, 0x2554, 0x2560, 0x2550, 0x2569, 0x2566, 0x256c,
	},
	[GRID_LINE_ROUND] = {
		0, 0x2575, 0x2577, 0x2502, 0x2574, 0x256f, 0x256e, 0x2524,
		0x2576, 0x2570, 0x256d, 0x251c, 0x2500, 0x2534, 0x252c, 0x253c,
	},
};

static const struct grid_cell grid_blank = {
	' ', 0, { GRID_DEFAULT, GRID_DEFAULT, 0 }
};

/*
 * The side table of combining marks.  A cell's marks field is 0 or an id,
 * 1 + the index of its sequence in seq.  Each sequence is stored once (a
 * hash of chains finds it), so a screen of café spends one entry on all
 * its é, and a grid that never shows a mark has no table at all.  Entries
 * of cells written over are not freed one by one: grid_clear empties the
 * table (a view draws a whole frame after a clear), and a full table is
 * compacted (grid_marks_compact) before it grows, if cells lost marks
 * since it last was (a full table of live entries is not walked again for
 * each mark refused).
 */
/* What an idle client's screen costs (grid.h). */
_Static_assert(sizeof (struct grid_cell) == 8, "a cell grew");
_Static_assert(sizeof (struct grid_style) == 4, "a style grew");
_Static_assert(GRID_MARKS_IDS <= UINT16_MAX, "ids are kept in 16 bits");

#define GRID_MARKS_FIRST	8	/* entries of a new table */
#define GRID_MARKS_COMPACT	64	/* a smaller full table just grows */

struct grid_mark {
	uint32_t	cp[GRID_MARKS_MAX];	/* in order, 0 after the last */
	uint16_t	next;			/* next id in its chain, or 0 */
};

struct grid_marks {
	unsigned		 n;	/* entries in use: ids 1..n */
	unsigned		 size;	/* entries allocated, a power of 2 */
	int			 dead;	/* a cell lost its marks since the
					   last compaction: worth another */
	struct grid_mark	*seq;
	uint16_t		*chain;	/* size heads: first id per hash */
};

static struct grid_cell *
grid_at(struct grid *g, int x, int y)
{
	return &g->cells[(size_t)y * g->sx + x];
}

/*
 * Give cell c a style, member by member: the unused bits stay as the blank
 * cell left them (zero), whatever a caller's style holds there, so equal
 * rows are equal bytes and the writer can compare them with memcmp
 * (tty_row_same).
 */
static void
grid_cell_style(struct grid_cell *c, const struct grid_style *style)
{
	c->style.fg = style->fg;
	c->style.bg = style->bg;
	c->style.attr = style->attr;
}

const struct grid_cell *
grid_get(const struct grid *g, int x, int y)
{
	if (g == NULL || x < 0 || y < 0 || x >= g->sx || y >= g->sy)
		return NULL;
	return &g->cells[(size_t)y * g->sx + x];
}

static unsigned
grid_marks_hash(const uint32_t *cp)
{
	uint32_t	 h = 0x811c9dc5;
	int		 i;

	for (i = 0; i < GRID_MARKS_MAX; i++)
		h = (h ^ cp[i]) * 0x01000193;
	return h ^ h >> 15;
}

/* The sequence of cell c; NULL for none (or an id no table entry has). */
static const struct grid_mark *
grid_marks_of(const struct grid *g, const struct grid_cell *c)
{
	if (c->marks == 0 || g == NULL || g->marks == NULL ||
	    c->marks > g->marks->n)
		return NULL;
	return &g->marks->seq[c->marks - 1];
}

int
grid_cell_marks(const struct grid *g, const struct grid_cell *c,
    uint32_t marks[GRID_MARKS_MAX])
{
	const struct grid_mark	*m;
	int			 n;

	if (c == NULL || (m = grid_marks_of(g, c)) == NULL)
		return 0;
	for (n = 0; n < GRID_MARKS_MAX && m->cp[n] != 0; n++) {
		if (marks != NULL)
			marks[n] = m->cp[n];
	}
	return n;
}

int
grid_marks_equal(const struct grid *ga, const struct grid_cell *a,
    const struct grid *gb, const struct grid_cell *b)
{
	const struct grid_mark	*ma = grid_marks_of(ga, a);
	const struct grid_mark	*mb = grid_marks_of(gb, b);

	if (ma == NULL || mb == NULL)
		return ma == mb;
	return memcmp(ma->cp, mb->cp, sizeof ma->cp) == 0;
}

/* Link every entry into the chain of its hash again. */
static void
grid_marks_rehash(struct grid_marks *m)
{
	unsigned	 id, h;

	memset(m->chain, 0, m->size * sizeof *m->chain);
	for (id = 1; id <= m->n; id++) {
		h = grid_marks_hash(m->seq[id - 1].cp) & (m->size - 1);
		m->seq[id - 1].next = m->chain[h];
		m->chain[h] = (uint16_t)id;
	}
}

/* Room for size entries (a power of 2 >= n).  0, or -1 (unchanged). */
static int
grid_marks_resize(struct grid *g, unsigned size)
{
	struct grid_marks	*m = g->marks;
	struct grid_mark	*seq;
	uint16_t		*chain;

	if (m == NULL) {
		if ((m = calloc(1, sizeof *m)) == NULL)
			return -1;
		g->marks = m;
	}
	seq = realloc(m->seq, size * sizeof *seq);
	if (seq == NULL)
		return -1;
	m->seq = seq;
	chain = realloc(m->chain, size * sizeof *chain);
	if (chain == NULL)
		return -1;	/* seq is only larger: still consistent */
	m->chain = chain;
	m->size = size;
	grid_marks_rehash(m);
	return 0;
}

/* Cell c of g loses its marks (it is written over). */
static void
grid_marks_drop(struct grid *g, struct grid_cell *c)
{
	if (c->marks != 0) {
		c->marks = 0;
		if (g->marks != NULL)
			g->marks->dead = 1;
	}
}

/* Every entry becomes unused (all cells lose their marks). */
static void
grid_marks_empty(struct grid *g)
{
	if (g->marks != NULL && g->marks->n > 0) {
		g->marks->n = 0;
		g->marks->dead = 0;
		memset(g->marks->chain, 0, g->marks->size *
		    sizeof *g->marks->chain);
	}
}

static void
grid_marks_free(struct grid *g)
{
	if (g->marks != NULL) {
		free(g->marks->seq);
		free(g->marks->chain);
		free(g->marks);
		g->marks = NULL;
	}
}

/*
 * Drop the entries no cell uses any more and number the others 1.. again
 * (in their order, cells renumbered to match).  0, or -1 (out of memory:
 * nothing changed).
 */
static int
grid_marks_compact(struct grid *g)
{
	struct grid_marks	*m = g->marks;
	uint16_t		*renum;
	size_t			 i, ncells = (size_t)g->sx * g->sy;
	unsigned		 id, n = 0;

	if ((renum = calloc(m->n + 1, sizeof *renum)) == NULL)
		return -1;
	for (i = 0; i < ncells; i++) {
		if (g->cells[i].marks <= m->n)
			renum[g->cells[i].marks] = 1;
	}
	for (id = 1; id <= m->n; id++) {
		if (renum[id]) {
			m->seq[n] = m->seq[id - 1];
			renum[id] = (uint16_t)++n;
		}
	}
	renum[0] = 0;
	for (i = 0; i < ncells; i++) {
		id = g->cells[i].marks;
		g->cells[i].marks = id <= m->n ? renum[id] : 0;
	}
	m->n = n;
	m->dead = 0;
	grid_marks_rehash(m);
	free(renum);
	return 0;
}

/*
 * The id of sequence cp (GRID_MARKS_MAX code points, 0 after the last),
 * added if new; 0 if there is no room.  Ids of other sequences may change
 * (a compaction renumbers the cells too).
 */
static unsigned
grid_marks_add(struct grid *g, const uint32_t *cp)
{
	struct grid_marks	*m = g->marks;
	unsigned		 id, h;

	if (m == NULL || m->size == 0) {
		if (grid_marks_resize(g, GRID_MARKS_FIRST) != 0)
			return 0;
		m = g->marks;
	}
	h = grid_marks_hash(cp);
	for (id = m->chain[h & (m->size - 1)]; id != 0;
	    id = m->seq[id - 1].next) {
		if (memcmp(m->seq[id - 1].cp, cp, sizeof m->seq[0].cp) == 0)
			return id;
	}
	if (m->n == m->size || m->n == GRID_MARKS_IDS) {
		if (m->size >= GRID_MARKS_COMPACT && m->dead)
			grid_marks_compact(g);
		/* Grow when compacting freed less than half. */
		if (m->n > m->size / 2 && m->size <= GRID_MARKS_IDS)
			grid_marks_resize(g, m->size * 2);
		if (m->n == m->size || m->n == GRID_MARKS_IDS)
			return 0;
	}
	id = ++m->n;
	memcpy(m->seq[id - 1].cp, cp, sizeof m->seq[0].cp);
	h &= m->size - 1;
	m->seq[id - 1].next = m->chain[h];
	m->chain[h] = (uint16_t)id;
	return id;
}

/* A character that marks may sit on. */
static int
grid_marks_base(uint32_t ch)
{
	return ch != GRID_PAD && !utf8_space(ch) && utf8_width(ch) > 0;
}

int
grid_mark(struct grid *g, int x, int y, uint32_t cp)
{
	struct grid_cell	*c;
	uint32_t		 seq[GRID_MARKS_MAX] = { 0 };
	unsigned		 id;
	int			 n;

	if (x < 0 || y < 0 || x >= g->sx || y >= g->sy || !utf8_mark(cp))
		return 0;
	c = grid_at(g, x, y);
	if (c->ch == GRID_PAD && x > 0)
		c = grid_at(g, x - 1, y);	/* the left half */
	if (!grid_marks_base(c->ch))
		return 0;
	n = grid_cell_marks(g, c, seq);
	if (n >= GRID_MARKS_MAX)
		return 0;
	seq[n] = cp;
	if ((id = grid_marks_add(g, seq)) == 0)
		return 0;
	grid_marks_drop(g, c);	/* its shorter sequence may be unused now */
	c->marks = (uint16_t)id;
	return 1;
}

static void
grid_blank_cells(struct grid *g)
{
	size_t	 i, n = (size_t)g->sx * g->sy;

	for (i = 0; i < n; i++)
		g->cells[i] = grid_blank;
	grid_marks_empty(g);
}

struct grid *
grid_create(int sx, int sy)
{
	struct grid	*g;

	if (sx < 1 || sy < 1 || sx > GRID_MAX_SX || sy > GRID_MAX_SY)
		return NULL;
	g = calloc(1, sizeof *g);
	if (g == NULL)
		return NULL;
	g->cells = calloc((size_t)sx * sy, sizeof *g->cells);
	if (g->cells == NULL) {
		free(g);
		return NULL;
	}
	g->sx = sx;
	g->sy = sy;
	grid_blank_cells(g);
	return g;
}

void
grid_free(struct grid *g)
{
	if (g == NULL)
		return;
	grid_marks_free(g);
	free(g->cells);
	free(g);
}

size_t
grid_bytes(const struct grid *g)
{
	size_t	 n = sizeof *g + (size_t)g->sx * g->sy * sizeof *g->cells;

	if (g->marks != NULL) {
		n += sizeof *g->marks + g->marks->size *
		    (sizeof *g->marks->seq + sizeof *g->marks->chain);
	}
	return n;
}

int
grid_resize(struct grid *g, int sx, int sy)
{
	struct grid_cell	*cells;

	if (sx < 1 || sy < 1 || sx > GRID_MAX_SX || sy > GRID_MAX_SY)
		return -1;
	if (sx * sy != g->sx * g->sy) {
		cells = calloc((size_t)sx * sy, sizeof *cells);
		if (cells == NULL)
			return -1;
		free(g->cells);
		g->cells = cells;
	}
	grid_marks_free(g);	/* rare: give back what the old size needed */
	g->sx = sx;
	g->sy = sy;
	grid_blank_cells(g);
	if (g->cx >= sx)
		g->cx = sx - 1;
	if (g->cy >= sy)
		g->cy = sy - 1;
	return 0;
}

int
grid_copy(struct grid *dst, const struct grid *src)
{
	const struct grid_marks	*sm = src->marks;
	unsigned		 size;

	if (dst == src)
		return 0;
	if ((dst->sx != src->sx || dst->sy != src->sy) &&
	    grid_resize(dst, src->sx, src->sy) != 0)
		return -1;
	/* The table with the same ids, so the cells copy as they are. */
	if (sm == NULL || sm->n == 0)
		grid_marks_empty(dst);
	else {
		if (dst->marks == NULL || dst->marks->size < sm->n) {
			for (size = GRID_MARKS_FIRST; size < sm->n; size *= 2)
				;
			if (grid_marks_resize(dst, size) != 0)
				return -1;
		}
		memcpy(dst->marks->seq, sm->seq, sm->n * sizeof *sm->seq);
		dst->marks->n = sm->n;
		grid_marks_rehash(dst->marks);
	}
	memcpy(dst->cells, src->cells,
	    (size_t)src->sx * src->sy * sizeof *src->cells);
	dst->cx = src->cx;
	dst->cy = src->cy;
	dst->cursor_visible = src->cursor_visible;
	return 0;
}

int
grid_copy_rect(struct grid *dst, const struct grid *src, int x0, int y,
    int w, int n)
{
	uint32_t		 seq[GRID_MARKS_MAX];
	const struct grid_cell	*s;
	struct grid_cell	*d;
	int			 x, r, k, nm;

	if (dst->sx != src->sx || dst->sy != src->sy)
		return -1;
	if (y < 0) {
		n += y;
		y = 0;
	}
	if (n > src->sy - y)
		n = src->sy - y;
	if (x0 < 0) {
		w += x0;
		x0 = 0;
	}
	if (w > src->sx - x0)
		w = src->sx - x0;
	for (r = y; r < y + n; r++) {
		for (x = x0; x < x0 + w; x++) {
			s = &src->cells[(size_t)r * src->sx + x];
			d = grid_at(dst, x, r);
			/* Mark ids are each grid's own: sequences are added
			 * to dst's table again. */
			grid_marks_drop(dst, d);
			d->ch = s->ch;
			grid_cell_style(d, &s->style);
			if (s->marks == 0)
				continue;
			nm = grid_cell_marks(src, s, seq);
			for (k = 0; k < nm; k++)
				grid_mark(dst, x, r, seq[k]);
		}
	}
	return 0;
}

void
grid_clear(struct grid *g, const struct grid_style *style)
{
	struct grid_cell	 blank = grid_blank;
	size_t			 i, n = (size_t)g->sx * g->sy;

	/* One cell made, then copied whole: every frame starts here, and
	 * setting the fields cell by cell was a sixth of a lobby frame. */
	if (style != NULL)
		grid_cell_style(&blank, style);
	for (i = 0; i < n; i++)
		g->cells[i] = blank;
	grid_marks_empty(g);
}

/* Make x,y free to be overwritten: blank the other half of a wide
 * character that covers it. */
static void
grid_unwide(struct grid *g, int x, int y)
{
	struct grid_cell	*c = grid_at(g, x, y);

	if (c->ch == GRID_PAD) {
		if (x > 0) {
			grid_at(g, x - 1, y)->ch = ' ';
			grid_marks_drop(g, grid_at(g, x - 1, y));
		}
		c->ch = ' ';
	} else if (x + 1 < g->sx && grid_at(g, x + 1, y)->ch == GRID_PAD)
		grid_at(g, x + 1, y)->ch = ' ';
}

int
grid_set(struct grid *g, int x, int y, uint32_t ch,
    const struct grid_style *style)
{
	struct grid_cell	*c;
	int			 w;

	if (x < 0 || y < 0 || x >= g->sx || y >= g->sy)
		return 0;
	if (style == NULL)
		style = &grid_blank.style;
	w = utf8_width(ch);
	if (w <= 0)
		return 0;
	grid_unwide(g, x, y);
	c = grid_at(g, x, y);
	grid_marks_drop(g, c);
	if (w == 2 && x + 1 >= g->sx) {
		c->ch = ' ';
		grid_cell_style(c, style);
		return 0;
	}
	c->ch = ch;
	grid_cell_style(c, style);
	if (w == 2) {
		grid_unwide(g, x + 1, y);
		c = grid_at(g, x + 1, y);
		c->ch = GRID_PAD;
		grid_cell_style(c, style);
		grid_marks_drop(g, c);
	}
	return w;
}

/*
 * The marks that followed the character grid_putn wrote at x,y (x < 0:
 * none was, or it was a space) go on it in one go, not one entry of the
 * side table per prefix.
 */
static void
grid_putn_marks(struct grid *g, long x, int y, const uint32_t *seq)
{
	unsigned	 id;

	if (x >= 0 && seq[0] != 0 && (id = grid_marks_add(g, seq)) != 0)
		grid_at(g, (int)x, y)->marks = (uint16_t)id;
}

int
grid_putn(struct grid *g, int x, int y, int maxcols,
    const struct grid_style *style, const char *s, size_t len)
{
	uint32_t	cp, seq[GRID_MARKS_MAX] = { 0 };
	size_t		skip;
	int		n, w, nseq = 0;
	long		pos = x;	/* long: x may be far left */
	long		last = -1;	/* where marks go; -1: nowhere */

	if (y < 0 || y >= g->sy || maxcols <= 0)
		return 0;
	while (len > 0) {
		n = utf8_decode(s, len, &cp, &skip);
		if (n == 0)
			break;
		if (n < 0) {
			s += skip;	/* invalid: dropped */
			len -= skip;
			w = -1;
		} else {
			s += n;
			len -= n;
			w = utf8_width(cp);
		}
		if (n > 0 && w == 0 && utf8_mark(cp)) {
			if (last >= 0 && nseq < GRID_MARKS_MAX)
				seq[nseq++] = cp;
			continue;
		}
		/* A mark goes on the character right before it (or before
		 * its other marks), not across anything dropped. */
		if (nseq > 0) {
			grid_putn_marks(g, last, y, seq);
			memset(seq, 0, sizeof seq);
			nseq = 0;
		}
		last = -1;
		if (n < 0 || w <= 0)
			continue;	/* controls, format characters */
		/* Out of room: stop, but only at a character, so the last
		 * one drawn keeps the marks that follow it. */
		if (pos >= g->sx || pos - x >= maxcols)
			break;
		if (pos + w > g->sx) {
			grid_set(g, (int)pos, y, ' ', style);	/* half */
			pos = g->sx;
			break;
		}
		if (pos - x + w > maxcols)
			break;
		if (pos >= 0) {
			grid_set(g, (int)pos, y, cp, style);
			if (!utf8_space(cp))
				last = pos;
		} else if (pos + w > 0)
			grid_set(g, 0, y, ' ', style);	/* cut at the left */
		pos += w;
	}
	grid_putn_marks(g, last, y, seq);
	return pos > x ? (int)(pos - x) : 0;
}

int
grid_put(struct grid *g, int x, int y, const struct grid_style *style,
    const char *s)
{
	return grid_putn(g, x, y, x < 0 ? INT_MAX : g->sx - x, style, s,
	    strlen(s));
}

int
grid_printf(struct grid *g, int x, int y, const struct grid_style *style,
    const char *fmt, ...)
{
	char	 small[512], *p = small;
	va_list	 ap;
	int	 n, cols;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	if ((size_t)n >= sizeof small) {
		p = malloc((size_t)n + 1);
		if (p == NULL)
			return 0;
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	cols = grid_putn(g, x, y, x < 0 ? INT_MAX : g->sx - x, style, p,
	    (size_t)n);
	if (p != small)
		free(p);
	return cols;
}

/* Clip a rectangle to the grid; 0 if nothing is left. */
static int
grid_clip(const struct grid *g, int *x, int *y, int *w, int *h)
{
	long	 x0 = *x, y0 = *y, x1 = x0 + *w, y1 = y0 + *h;

	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 > g->sx)
		x1 = g->sx;
	if (y1 > g->sy)
		y1 = g->sy;
	if (x0 >= x1 || y0 >= y1)
		return 0;
	*x = (int)x0;
	*y = (int)y0;
	*w = (int)(x1 - x0);
	*h = (int)(y1 - y0);
	return 1;
}

void
grid_fill(struct grid *g, int x, int y, int w, int h, uint32_t ch,
    const struct grid_style *style)
{
	int	 i, j, cw;

	if (!grid_clip(g, &x, &y, &w, &h))
		return;
	cw = utf8_width(ch);
	if (cw <= 0)
		return;
	for (j = y; j < y + h; j++) {
		for (i = x; i + cw <= x + w; i += cw)
			grid_set(g, i, j, ch, style);
		if (i < x + w)
			grid_set(g, i, j, ' ', style);	/* odd width left */
	}
}

void
grid_restyle(struct grid *g, int x, int y, int w, int h,
    const struct grid_style *style)
{
	int	 i, j;

	if (!grid_clip(g, &x, &y, &w, &h))
		return;
	if (style == NULL)
		style = &grid_blank.style;
	for (j = y; j < y + h; j++) {
		for (i = x; i < x + w; i++)
			grid_cell_style(grid_at(g, i, j), style);
		/* A wide character is one glyph: its halves share a style. */
		if (grid_at(g, x, j)->ch == GRID_PAD && x > 0)
			grid_cell_style(grid_at(g, x - 1, j), style);
		if (x + w < g->sx && grid_at(g, x + w, j)->ch == GRID_PAD)
			grid_cell_style(grid_at(g, x + w, j), style);
	}
}

/* Directions and kind of a line piece; 0 if ch is not one. */
static unsigned
grid_line_lookup(uint32_t ch, enum grid_line *kind)
{
	int		 k;
	unsigned	 d;

	if (ch < 0x2500 || ch > 0x257f)
		return 0;
	for (k = 0; k < 4; k++) {
		for (d = 1; d < 16; d++) {
			if (grid_line_chars[k][d] == ch) {
				if (kind != NULL)
					*kind = k;
				return d;
			}
		}
	}
	return 0;
}

unsigned
grid_line_dirs(uint32_t ch)
{
	return grid_line_lookup(ch, NULL);
}

/* Light and round lines are one family: they join. */
static int
grid_line_family(enum grid_line kind)
{
	return kind == GRID_LINE_ROUND ? GRID_LINE_LIGHT : (int)kind;
}

void
grid_line_cell(struct grid *g, int x, int y, unsigned dirs,
    enum grid_line kind, const struct grid_style *style)
{
	const struct grid_cell	*c = grid_get(g, x, y);
	enum grid_line		 old;
	unsigned		 have;

	if (c == NULL || (unsigned)kind > GRID_LINE_ROUND)
		return;
	dirs &= 0xf;
	have = grid_line_lookup(c->ch, &old);
	if (have != 0 && grid_line_family(old) == grid_line_family(kind))
		dirs |= have;
	if (dirs == 0)
		return;
	grid_set(g, x, y, grid_line_chars[kind][dirs], style);
}

/*
 * A line's end joins what it ends on (a box edge becomes a tee) but draws a
 * whole segment over empty cells, so a lone line has no stubby half ends.
 */
static unsigned
grid_line_end(const struct grid *g, int x, int y, unsigned whole,
    unsigned inward, enum grid_line kind)
{
	const struct grid_cell	*c = grid_get(g, x, y);
	enum grid_line		 old;

	if (c != NULL && grid_line_lookup(c->ch, &old) != 0 &&
	    grid_line_family(old) == grid_line_family(kind))
		return inward;
	return whole;
}

void
grid_hline(struct grid *g, int x, int y, int w, enum grid_line kind,
    const struct grid_style *style)
{
	const unsigned	 lr = GRID_LEFT | GRID_RIGHT;
	int		 i, from, to;
	unsigned	 dirs;

	if (w <= 0 || y < 0 || y >= g->sy || (long)x + w <= 0 || x >= g->sx)
		return;
	from = x < 0 ? -x : 0;
	to = (long)x + w > g->sx ? g->sx - x : w;
	for (i = from; i < to; i++) {
		dirs = lr;
		if (w > 1 && i == 0)
			dirs = grid_line_end(g, x, y, lr, GRID_RIGHT, kind);
		else if (w > 1 && i == w - 1)
			dirs = grid_line_end(g, x + i, y, lr, GRID_LEFT, kind);
		grid_line_cell(g, x + i, y, dirs, kind, style);
	}
}

void
grid_vline(struct grid *g, int x, int y, int h, enum grid_line kind,
    const struct grid_style *style)
{
	const unsigned	 ud = GRID_UP | GRID_DOWN;
	int		 i, from, to;
	unsigned	 dirs;

	if (h <= 0 || x < 0 || x >= g->sx || (long)y + h <= 0 || y >= g->sy)
		return;
	from = y < 0 ? -y : 0;
	to = (long)y + h > g->sy ? g->sy - y : h;
	for (i = from; i < to; i++) {
		dirs = ud;
		if (h > 1 && i == 0)
			dirs = grid_line_end(g, x, y, ud, GRID_DOWN, kind);
		else if (h > 1 && i == h - 1)
			dirs = grid_line_end(g, x, y + i, ud, GRID_UP, kind);
		grid_line_cell(g, x, y + i, dirs, kind, style);
	}
}

void
grid_box(struct grid *g, int x, int y, int w, int h, enum grid_line kind,
    const struct grid_style *style)
{
	int	 i, x1, y1;

	if (w < 2 || h < 2 || (long)x + w > INT_MAX || (long)y + h > INT_MAX)
		return;
	x1 = x + w - 1;
	y1 = y + h - 1;
	grid_line_cell(g, x, y, GRID_RIGHT | GRID_DOWN, kind, style);
	grid_line_cell(g, x1, y, GRID_LEFT | GRID_DOWN, kind, style);
	grid_line_cell(g, x, y1, GRID_RIGHT | GRID_UP, kind, style);
	grid_line_cell(g, x1, y1, GRID_LEFT | GRID_UP, kind, style);
	for (i = x + 1 < 0 ? 0 : x + 1; i < x1 && i < g->sx; i++) {
		grid_line_cell(g, i, y, GRID_LEFT | GRID_RIGHT, kind, style);
		grid_line_cell(g, i, y1, GRID_LEFT | GRID_RIGHT, kind, style);
	}
	for (i = y + 1 < 0 ? 0 : y + 1; i < y1 && i < g->sy; i++) {
		grid_line_cell(g, x, i, GRID_UP | GRID_DOWN, kind, style);
		grid_line_cell(g, x1, i, GRID_UP | GRID_DOWN, kind, style);
	}
}

void
grid_cursor(struct grid *g, int x, int y, int visible)
{
	g->cx = x < 0 ? 0 : (x >= g->sx ? g->sx - 1 : x);
	g->cy = y < 0 ? 0 : (y >= g->sy ? g->sy - 1 : y);
	g->cursor_visible = visible != 0;
}
