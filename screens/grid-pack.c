/*
 * grid-pack.c - a grid packed small (see grid-pack.h).
 *
 * Two streams over the cells in row order.  The characters, as bytes:
 *	0x00-0x7f	a cell holding that ASCII character (0 is GRID_PAD);
 *	0x81-0xff	the character of the cell before, again 1 to 127 times;
 *	0x80 c c c	a cell holding the 24 bits c: the code point in the low
 *			21, the number of its marks in the top 3, and after it
 *			that many marks of 3 bytes each.
 * A cell with marks is never repeated (its marks are not).  The styles, as
 * runs of one style word over a count of cells.  One allocation holds the
 * header and both streams, each at its exact size.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid-pack.h"

#define GRID_PACK_LITERAL	0x80
#define GRID_PACK_REPEAT_MAX	127

struct grid_pack_run {
	uint32_t	style;		/* a struct grid_style's bytes */
	uint32_t	count;
};

struct grid_pack {
	int			 sx, sy;
	int			 cx, cy, cursor_visible;
	size_t			 nruns, nbytes;
	struct grid_pack_run	*runs;	/* both in this allocation */
	uint8_t			*chars;
};

static uint32_t
grid_pack_style_word(const struct grid_cell *c)
{
	uint32_t	 w;

	memcpy(&w, &c->style, sizeof w);
	return w;
}

/*
 * The two streams while they are written: one pass over the cells, into
 * room that grows (an ASCII cell takes at most a byte, so the characters
 * rarely outgrow their first size), then one exact allocation.  Counting
 * first and encoding again was twice the work: 35 us an 80x24 frame, a
 * tenth of the loop's part of a move.
 */
struct grid_pack_out {
	uint8_t			*chars;
	size_t			 nbytes, bytes_cap;
	struct grid_pack_run	*runs;
	size_t			 nruns, runs_cap;
	int			 failed;
};

static int
grid_pack_room(void **v, size_t *cap, size_t want, size_t size)
{
	size_t	 n = *cap;
	void	*p;

	if (want <= n)
		return 0;
	while (n < want)
		n = n < 64 ? 64 : n * 2;
	if ((p = realloc(*v, n * size)) == NULL)
		return -1;
	*v = p;
	*cap = n;
	return 0;
}

static void
grid_pack_byte(struct grid_pack_out *o, uint8_t b)
{
	if (o->nbytes == o->bytes_cap && grid_pack_room((void **)&o->chars,
	    &o->bytes_cap, o->nbytes + 1, 1) != 0) {
		o->failed = 1;
		return;
	}
	o->chars[o->nbytes++] = b;
}

static void
grid_pack_24_put(struct grid_pack_out *o, uint32_t v)
{
	grid_pack_byte(o, (uint8_t)(v >> 16));
	grid_pack_byte(o, (uint8_t)(v >> 8));
	grid_pack_byte(o, (uint8_t)v);
}

/* The style runs: each a word over a count of cells. */
static void
grid_pack_styles(const struct grid *g, size_t ncells, struct grid_pack_out *o)
{
	size_t		 i = 0, j;
	uint32_t	 word;

	while (i < ncells) {
		word = grid_pack_style_word(&g->cells[i]);
		for (j = i + 1; j < ncells && j - i < UINT32_MAX &&
		    grid_pack_style_word(&g->cells[j]) == word; j++)
			;
		if (o->nruns == o->runs_cap && grid_pack_room((void **)&o->runs,
		    &o->runs_cap, o->nruns + 1, sizeof *o->runs) != 0) {
			o->failed = 1;
			return;
		}
		o->runs[o->nruns].style = word;
		o->runs[o->nruns].count = (uint32_t)(j - i);
		o->nruns++;
		i = j;
	}
}

/* The characters: ASCII as itself, repeats as a count, the rest in full. */
static void
grid_pack_chars(const struct grid *g, size_t ncells, struct grid_pack_out *o)
{
	const struct grid_cell	*c, *prev = NULL;
	uint32_t		 marks[GRID_MARKS_MAX];
	size_t			 i;
	int			 n, k, repeat = 0;

	for (i = 0; i < ncells; i++, prev = c) {
		c = &g->cells[i];
		n = c->marks != 0 ? grid_cell_marks(g, c, marks) : 0;
		if (n == 0 && prev != NULL && c->ch == prev->ch) {
			if (repeat < GRID_PACK_REPEAT_MAX) {
				repeat++;
				continue;
			}
			/* The run goes on past 127: a count, and again. */
			grid_pack_byte(o, (uint8_t)(GRID_PACK_LITERAL + repeat));
			repeat = 1;
			continue;
		}
		if (repeat > 0) {
			grid_pack_byte(o, (uint8_t)(GRID_PACK_LITERAL + repeat));
			repeat = 0;
		}
		if (n == 0 && c->ch < GRID_PACK_LITERAL) {
			grid_pack_byte(o, (uint8_t)c->ch);
			continue;
		}
		grid_pack_byte(o, GRID_PACK_LITERAL);
		grid_pack_24_put(o, c->ch | (uint32_t)n << 21);
		for (k = 0; k < n; k++)
			grid_pack_24_put(o, marks[k]);
	}
	if (repeat > 0)
		grid_pack_byte(o, (uint8_t)(GRID_PACK_LITERAL + repeat));
}

struct grid_pack *
grid_pack_new(const struct grid *g)
{
	struct grid_pack	*p = NULL;
	struct grid_pack_out	 o;
	size_t			 ncells = (size_t)g->sx * g->sy;

	memset(&o, 0, sizeof o);
	if (grid_pack_room((void **)&o.chars, &o.bytes_cap, ncells + 16,
	    1) != 0)
		return NULL;
	grid_pack_styles(g, ncells, &o);
	grid_pack_chars(g, ncells, &o);
	if (!o.failed)
		p = malloc(sizeof *p + o.nruns * sizeof *p->runs + o.nbytes);
	if (p != NULL) {
		p->sx = g->sx;
		p->sy = g->sy;
		p->cx = g->cx;
		p->cy = g->cy;
		p->cursor_visible = g->cursor_visible;
		p->nruns = o.nruns;
		p->nbytes = o.nbytes;
		p->runs = (struct grid_pack_run *)(p + 1);
		p->chars = (uint8_t *)(p->runs + o.nruns);
		if (o.nruns > 0)
			memcpy(p->runs, o.runs, o.nruns * sizeof *p->runs);
		if (o.nbytes > 0)
			memcpy(p->chars, o.chars, o.nbytes);
	}
	free(o.chars);
	free(o.runs);
	return p;
}

void
grid_pack_free(struct grid_pack *p)
{
	free(p);
}

size_t
grid_pack_bytes(const struct grid_pack *p)
{
	return sizeof *p + p->nruns * sizeof *p->runs + p->nbytes;
}

void
grid_pack_cursor(const struct grid_pack *p, int *x, int *y, int *visible)
{
	*x = p->cx;
	*y = p->cy;
	*visible = p->cursor_visible;
}

static uint32_t
grid_pack_24(const uint8_t *b)
{
	return (uint32_t)b[0] << 16 | (uint32_t)b[1] << 8 | b[2];
}

struct grid *
grid_pack_unpack(const struct grid_pack *p)
{
	struct grid	*g;
	size_t		 i = 0, at = 0, r, ncells;
	uint32_t	 word, ch = ' ', count;
	int		 n, k, x, y;
	uint8_t		 b;

	if ((g = grid_create(p->sx, p->sy)) == NULL)
		return NULL;
	ncells = (size_t)p->sx * p->sy;
	while (at < p->nbytes && i < ncells) {
		b = p->chars[at++];
		if (b > GRID_PACK_LITERAL) {
			for (k = b - GRID_PACK_LITERAL; k > 0 && i < ncells; k--)
				g->cells[i++].ch = ch;
			continue;
		}
		if (b < GRID_PACK_LITERAL) {
			g->cells[i++].ch = ch = b;
			continue;
		}
		if (at + 3 > p->nbytes)
			break;
		word = grid_pack_24(p->chars + at);
		at += 3;
		g->cells[i].ch = ch = word & 0x1fffff;
		/* The character first, then its marks: they sit on it. */
		x = (int)(i % p->sx);
		y = (int)(i / p->sx);
		for (n = (int)(word >> 21), k = 0; k < n &&
		    at + 3 <= p->nbytes; k++, at += 3)
			grid_mark(g, x, y, grid_pack_24(p->chars + at));
		i++;
	}
	for (r = 0, i = 0; r < p->nruns; r++) {
		for (count = p->runs[r].count; count > 0 && i < ncells;
		    count--)
			memcpy(&g->cells[i++].style, &p->runs[r].style,
			    sizeof p->runs[r].style);
	}
	g->cx = p->cx;
	g->cy = p->cy;
	g->cursor_visible = p->cursor_visible;
	return g;
}
