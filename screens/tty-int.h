/*
 * tty-int.h - what the writer (tty.c) shares with its scroll detection
 * (tty-scroll.c): the state of one diff, and the primitives that send
 * cursor moves and SGR through it so both keep it exact.
 */
#ifndef SCREENS_TTY_INT_H
#define SCREENS_TTY_INT_H

#include <stdint.h>
#include <string.h>

#include "screens/tty.h"

struct tty_glyph;

/*
 * One diff in progress: where the cursor is and which SGR is on, and the
 * two grids, whose side tables give their cells' marks.
 */
struct tty_ctx {
	struct buf		*b;
	const struct tty_caps	*caps;
	const struct grid	*frame;
	const struct grid	*shown;		/* NULL: unknown (a redraw) */
	int			 marks;		/* either has a side table */
	int			 sx, sy;
	int			 cx, cy;	/* cx -1: pending wrap/unknown */
	struct grid_style	 sgr;		/* what the terminal has now */
	struct tty_glyph	*glyphs;	/* frame row being written */
	int16_t			 map16[256];	/* palette -> 16, -1 unknown */
};

static inline const struct grid_cell *
tty_grid_row(const struct grid *g, int y)
{
	return &g->cells[(size_t)y * g->sx];
}

/*
 * A row of the frame and a row the terminal shows (of c->shown, or one
 * without marks) are the same, cell for cell.  Every diff asks for every
 * row, and most rows are the bytes they were (the grid keeps a cell's
 * padding zero): one memcmp, then a look at the marks if a grid has any (an
 * id is only a sequence of its own grid's).  Rows whose bytes differ are
 * compared cell by cell.
 */
static inline int
tty_row_same(const struct tty_ctx *c, const struct grid_cell *f,
    const struct grid_cell *s)
{
	int	x;

	if (memcmp(f, s, (size_t)c->sx * sizeof *f) == 0) {
		if (!c->marks)
			return 1;
		for (x = 0; x < c->sx; x++) {
			if (f[x].marks != 0 && !grid_marks_equal(c->frame,
			    &f[x], c->shown, &s[x]))
				return 0;
		}
		return 1;
	}
	for (x = 0; x < c->sx; x++) {
		if (!grid_cell_equal(c->frame, &f[x], c->shown, &s[x]))
			return 0;
	}
	return 1;
}

/* tty.c */
int		tty_csi_n(char *, int, char);
int		tty_csi_2(char *, int, int, char);
uint16_t	tty_colour(struct tty_ctx *, uint16_t);
void		tty_move(struct tty_ctx *, int, int);
void		tty_sgr(struct tty_ctx *, const struct grid_style *);

/* tty-scroll.c */
void		tty_scroll(struct tty_ctx *, const struct grid *,
		    const struct grid_cell **, uint8_t *, struct grid_cell **);

#endif
