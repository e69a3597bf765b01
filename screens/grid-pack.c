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

#include "screens/buf.h"
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
 * The two streams are written in one pass over the cells, each into a
 * growing buffer (screens/buf.h), then copied into one exact allocation.
 * Counting first and encoding again was twice the work: 35 us an 80x24
 * frame, a tenth of the loop's part of a move.
 */
static void
grid_pack_24_put(struct buf *b, uint32_t v)
{
	uint8_t	 w[3] = { (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	buf_add(b, w, sizeof w);
}

static void
grid_pack_count(struct buf *b, int repeat)
{
	buf_addc(b, (char)(GRID_PACK_LITERAL + repeat));
}

/* The style runs: each a word over a count of cells. */
static void
grid_pack_styles(const struct grid *g, size_t ncells, struct buf *b)
{
	struct grid_pack_run	 run;
	size_t			 i = 0, j;

	while (i < ncells) {
		run.style = grid_pack_style_word(&g->cells[i]);
		for (j = i + 1; j < ncells && j - i < UINT32_MAX &&
		    grid_pack_style_word(&g->cells[j]) == run.style; j++)
			;
		run.count = (uint32_t)(j - i);
		buf_add(b, &run, sizeof run);
		i = j;
	}
}

/* The characters: ASCII as itself, repeats as a count, the rest in full. */
static void
grid_pack_chars(const struct grid *g, size_t ncells, struct buf *b)
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
			grid_pack_count(b, repeat);
			repeat = 1;
			continue;
		}
		if (repeat > 0) {
			grid_pack_count(b, repeat);
			repeat = 0;
		}
		if (n == 0 && c->ch < GRID_PACK_LITERAL) {
			buf_addc(b, (char)c->ch);
			continue;
		}
		buf_addc(b, (char)GRID_PACK_LITERAL);
		grid_pack_24_put(b, c->ch | (uint32_t)n << 21);
		for (k = 0; k < n; k++)
			grid_pack_24_put(b, marks[k]);
	}
	if (repeat > 0)
		grid_pack_count(b, repeat);
}

struct grid_pack *
grid_pack_new(const struct grid *g)
{
	struct grid_pack	*p = NULL;
	struct buf		 chars, runs;
	size_t			 ncells = (size_t)g->sx * g->sy, nruns;

	buf_init(&chars);
	buf_init(&runs);
	grid_pack_styles(g, ncells, &runs);
	grid_pack_chars(g, ncells, &chars);
	nruns = runs.len / sizeof *p->runs;
	if (!chars.failed && !runs.failed)
		p = malloc(sizeof *p + runs.len + chars.len);
	if (p != NULL) {
		p->sx = g->sx;
		p->sy = g->sy;
		p->cx = g->cx;
		p->cy = g->cy;
		p->cursor_visible = g->cursor_visible;
		p->nruns = nruns;
		p->nbytes = chars.len;
		p->runs = (struct grid_pack_run *)(p + 1);
		p->chars = (uint8_t *)(p->runs + nruns);
		if (runs.len > 0)
			memcpy(p->runs, runs.data, runs.len);
		if (chars.len > 0)
			memcpy(p->chars, chars.data, chars.len);
	}
	buf_free(&chars);
	buf_free(&runs);
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
