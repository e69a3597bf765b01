/*
 * grid-pack.h - a grid packed small: what a client keeps of the frame its
 * terminal shows between two frames.
 *
 * The writer needs the grid the terminal shows only while it draws the next
 * frame; in between, an idle client would hold 15 KB of cells (80x24) that
 * are mostly spaces, lines and runs of one style.  A pack keeps them as a
 * byte per ASCII cell, a byte per run of a repeated cell, and the styles as
 * runs: a lobby screen packs to about a tenth.  Packing and unpacking are
 * one pass over the cells each, cheap next to drawing a frame.
 *
 * Unpacked, a pack gives back the same cells (characters, styles and the
 * unused bits, which a packed style keeps), the same marks on the same
 * cells (under ids of the new grid's own side table) and the same cursor.
 */
#ifndef SCREENS_GRID_PACK_H
#define SCREENS_GRID_PACK_H

#include <stddef.h>

#include "screens/grid.h"

struct grid_pack;

/* g packed (g is unchanged); NULL if memory runs out. */
struct grid_pack *grid_pack_new(const struct grid *g);
void		  grid_pack_free(struct grid_pack *);
/* The bytes a pack holds (not malloc's overhead). */
size_t		  grid_pack_bytes(const struct grid_pack *);

/* Where the cursor of the packed grid is, and whether it is shown. */
void		  grid_pack_cursor(const struct grid_pack *, int *x, int *y,
		    int *visible);

/* A new grid with what p holds; NULL if memory runs out. */
struct grid	 *grid_pack_unpack(const struct grid_pack *p);

#endif
