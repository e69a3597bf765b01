/*
 * stone-board.c - cells and line masks of a five-in-a-row or Connect6 board.
 */
#include <stdio.h>
#include <string.h>

#include "engine/stone.h"

/* The first and last column a diagonal line holds (rows and columns hold
 * 0 .. size-1). */
static void
stone_board_line_span(int size, int d, int l, int *lo, int *hi)
{
	*lo = 0;
	*hi = size - 1;
	if (d == STONE_DIR_DIAG) {
		int k = l - (size - 1);	/* col - row */

		*lo = k > 0 ? k : 0;
		*hi = k < 0 ? size - 1 + k : size - 1;
	} else if (d == STONE_DIR_ANTI) {
		*lo = l - (size - 1) > 0 ? l - (size - 1) : 0;
		*hi = l < size - 1 ? l : size - 1;
	}
}

void
stone_board_init(struct stone_board *b, int size)
{
	memset(b, 0, sizeof *b);
	b->size = size;
	for (int d = 0; d < STONE_NDIRS; d++) {
		int nlines = d < STONE_DIR_DIAG ? size : 2 * size - 1;

		for (int l = 0; l < STONE_MAX_LINES; l++) {
			int lo, hi;
			uint32_t inside = 0;

			if (l < nlines) {
				stone_board_line_span(size, d, l, &lo, &hi);
				inside = (uint32_t)((1ull << (hi - lo + 1)) - 1) <<
				    (lo + STONE_LINE_PAD);
			}
			b->edge[d][l] = ~inside;
		}
	}
}

void
stone_board_put(struct stone_board *b, int point, int c)
{
	int	 size = b->size, col = point / size, row = point % size;

	b->cell[point] = (uint8_t)c;
	b->stones++;
	for (int d = 0; d < STONE_NDIRS; d++) {
		b->line[c - 1][d][stone_line_index(size, d, col, row)] |=
		    1u << (stone_line_pos(d, col, row) + STONE_LINE_PAD);
	}
}

void
stone_board_take(struct stone_board *b, int point)
{
	int	 size = b->size, col = point / size, row = point % size;
	int	 c = b->cell[point];

	if (c == STONE_EMPTY)
		return;
	b->cell[point] = STONE_EMPTY;
	b->stones--;
	for (int d = 0; d < STONE_NDIRS; d++) {
		b->line[c - 1][d][stone_line_index(size, d, col, row)] &=
		    ~(1u << (stone_line_pos(d, col, row) + STONE_LINE_PAD));
	}
}

int
stone_board_run(const struct stone_board *b, int d, int col, int row, int c)
{
	int		 bit = stone_line_pos(d, col, row) + STONE_LINE_PAD;
	uint32_t m = b->line[c - 1][d][stone_line_index(b->size, d, col, row)];
	uint32_t	 up, down;

	m |= 1u << bit;
	/* Ones from bit upwards, and from bit downwards; bit 31 is always
	 * off the board, so neither mask is all ones. */
	up = ~(m >> bit);
	down = ~(m << (31 - bit));
	return __builtin_ctz(up) + __builtin_clz(down) - 1;
}

int
stone_board_longest(const struct stone_board *b, int point, int c)
{
	int	 col = point / b->size, row = point % b->size, best = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int n = stone_board_run(b, d, col, row, c);

		if (n > best)
			best = n;
	}
	return best;
}

int
stone_board_exact_five(const struct stone_board *b, int point, int c)
{
	int	 col = point / b->size, row = point % b->size;

	for (int d = 0; d < STONE_NDIRS; d++) {
		if (stone_board_run(b, d, col, row, c) == 5)
			return 1;
	}
	return 0;
}

void
stone_point_format(int size, int point, char *buf)
{
	int	 row = point % size + 1;
	char	*at = buf;

	*at++ = (char)('a' + point / size);
	if (row >= 10)
		*at++ = (char)('0' + row / 10);
	*at++ = (char)('0' + row % 10);
	*at = '\0';
}

/* "h8" or "H8"; no letter is skipped (docs/rules.md §1). */
int
stone_point_parse(int size, const char *s)
{
	int	 col, row = 0, n = 0;

	if (s[0] >= 'a' && s[0] <= 'z')
		col = s[0] - 'a';
	else if (s[0] >= 'A' && s[0] <= 'Z')
		col = s[0] - 'A';
	else
		return -1;
	if (s[1] == '0')
		return -1;
	for (s++; *s >= '0' && *s <= '9' && n < 3; s++, n++)
		row = row * 10 + (*s - '0');
	if (n == 0 || *s != '\0' || col >= size || row < 1 || row > size)
		return -1;
	return col * size + row - 1;
}
