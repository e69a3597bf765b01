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
 * header and both streams, each sized exactly by a first pass.
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
 * Encode g's characters into out (NULL: only count) and its style runs
 * into runs (NULL: only count); the sizes go to *nbytes and *nruns.
 */
static void
grid_pack_encode(const struct grid *g, uint8_t *out, size_t *nbytes,
    struct grid_pack_run *runs, size_t *nruns)
{
	const struct grid_cell	*c, *prev = NULL;
	uint32_t		 marks[GRID_MARKS_MAX], word, style = 0;
	size_t			 i, ncells = (size_t)g->sx * g->sy;
	size_t			 len = 0, nr = 0;
	uint32_t		 count = 0;
	int			 n, k, repeat = 0;

	for (i = 0; i < ncells; i++, prev = c) {
		c = &g->cells[i];
		word = grid_pack_style_word(c);
		if (nr > 0 && word == style && count < UINT32_MAX)
			count++;
		else {
			if (nr > 0 && runs != NULL)
				runs[nr - 1].count = count;
			if (runs != NULL)
				runs[nr].style = word;
			nr++;
			style = word;
			count = 1;
		}

		n = c->marks != 0 ? grid_cell_marks(g, c, marks) : 0;
		if (n == 0 && prev != NULL && c->ch == prev->ch &&
		    repeat < GRID_PACK_REPEAT_MAX) {
			repeat++;
			continue;
		}
		if (repeat > 0) {
			if (out != NULL)
				out[len] = (uint8_t)(GRID_PACK_LITERAL + repeat);
			len++;
			repeat = 0;
			if (n == 0 && prev != NULL && c->ch == prev->ch) {
				repeat = 1;	/* the run went on past 127 */
				continue;
			}
		}
		if (n == 0 && c->ch < GRID_PACK_LITERAL) {
			if (out != NULL)
				out[len] = (uint8_t)c->ch;
			len++;
			continue;
		}
		if (out != NULL) {
			word = c->ch | (uint32_t)n << 21;
			out[len] = GRID_PACK_LITERAL;
			out[len + 1] = (uint8_t)(word >> 16);
			out[len + 2] = (uint8_t)(word >> 8);
			out[len + 3] = (uint8_t)word;
			for (k = 0; k < n; k++) {
				out[len + 4 + 3 * k] = (uint8_t)(marks[k] >> 16);
				out[len + 5 + 3 * k] = (uint8_t)(marks[k] >> 8);
				out[len + 6 + 3 * k] = (uint8_t)marks[k];
			}
		}
		len += 4 + 3 * (size_t)n;
	}
	if (repeat > 0) {
		if (out != NULL)
			out[len] = (uint8_t)(GRID_PACK_LITERAL + repeat);
		len++;
	}
	if (nr > 0 && runs != NULL)
		runs[nr - 1].count = count;
	*nbytes = len;
	*nruns = nr;
}

struct grid_pack *
grid_pack_new(const struct grid *g)
{
	struct grid_pack	*p;
	size_t			 nbytes, nruns;

	grid_pack_encode(g, NULL, &nbytes, NULL, &nruns);
	p = malloc(sizeof *p + nruns * sizeof *p->runs + nbytes);
	if (p == NULL)
		return NULL;
	p->sx = g->sx;
	p->sy = g->sy;
	p->cx = g->cx;
	p->cy = g->cy;
	p->cursor_visible = g->cursor_visible;
	p->runs = (struct grid_pack_run *)(p + 1);
	p->chars = (uint8_t *)(p->runs + nruns);
	grid_pack_encode(g, p->chars, &p->nbytes, p->runs, &p->nruns);
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
