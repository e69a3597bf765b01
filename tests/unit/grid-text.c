/*
 * grid-text.c - a grid's row as UTF-8 (tests/unit/grid-text.h).
 */
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "tests/unit/grid-text.h"

const char *
grid_text_row(const struct grid *g, int y, char *buf, size_t len)
{
	const struct grid_cell	*c;
	size_t			 n = 0;
	char			 enc[4];
	int			 k;

	for (int x = 0; x < g->sx; x++) {
		c = grid_get(g, x, y);
		if (c->ch == GRID_PAD)
			continue;
		k = utf8_encode(c->ch, enc);
		if (n + (size_t)k + 1 > len)
			break;
		memcpy(buf + n, enc, (size_t)k);
		n += (size_t)k;
	}
	buf[n] = '\0';
	return buf;
}
