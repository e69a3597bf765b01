/*
 * grid-text.h - a grid's row as UTF-8, for the view tests to read what a
 * view drew (wide characters once, their pads skipped).
 */
#ifndef TESTS_UNIT_GRID_TEXT_H
#define TESTS_UNIT_GRID_TEXT_H

#include <stddef.h>

#include "screens/grid.h"

/* Row y into buf (len bytes, cut at a whole character); returns buf. */
const char	*grid_text_row(const struct grid *, int y, char *buf,
		    size_t len);

#endif
