/*
 * forbidden.c - the restricted-point judge (docs/rules.md §1.1).
 *
 * Each of the four lines through p is looked up in a table (see
 * forbidden-line.h) that says whether black at p makes a five, an overline,
 * how many fours, and which points would turn the line into a straight
 * four.  Only the last needs more than the table: a three is real only if
 * one of those points is itself allowed with p on the board, which is the
 * same judgement one stone deeper.  That recursion runs on a scratch copy
 * of the board, and only when two or more lines could be threes.
 */
#include <string.h>

#include "engine/forbidden.h"
#include "engine/forbidden-line.h"

/* The judge's own verdict for "allowed because it is a five". */
#define FORBIDDEN_FIVE 4

const char *
forbidden_name(int kind)
{
	switch (kind) {
	case FORBIDDEN_DOUBLE_THREE:
		return "double-three";
	case FORBIDDEN_DOUBLE_FOUR:
		return "double-four";
	case FORBIDDEN_OVERLINE:
		return "overline";
	}
	return NULL;
}

static inline unsigned
forbidden_entry(const struct stone_board *b, int d, int col, int row)
{
	int		 l = stone_line_index(b->size, d, col, row);
	int		 x = stone_line_pos(d, col, row);
	uint32_t	 black = (b->line[0][d][l] >> x) & 0x7ff;
	uint32_t blocked = ((b->line[1][d][l] | b->edge[d][l]) >> x) & 0x7ff;

	return forbidden_line[forbidden_ternary[black] +
	    2 * forbidden_ternary[blocked]];
}

/*
 * Everything the tables decide: the verdict, or -1 when two or more lines
 * may be threes and the recursion has to decide (e[] is then filled in).
 */
static int
forbidden_quick(const struct stone_board *b, int col, int row, unsigned *e)
{
	unsigned	 any = 0;
	int		 fours = 0, maybe = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		e[d] = forbidden_entry(b, d, col, row);
		any |= e[d];
	}
	if (any & FL_FIVE)
		return FORBIDDEN_FIVE;
	if (any & FL_OVER)
		return FORBIDDEN_OVERLINE;
	for (int d = 0; d < STONE_NDIRS; d++) {
		fours += FL_FOURS(e[d]);
		if (FL_THREE(e[d]) != 0)
			maybe++;
	}
	if (fours >= 2)
		return FORBIDDEN_DOUBLE_FOUR;
	if (maybe < 2)
		return FORBIDDEN_NONE;
	return -1;
}

static int forbidden_judge(struct stone_board *, int, int);

/* How many of the candidate lines are real threes (stops counting at 2). */
static int
forbidden_threes(struct stone_board *b, int col, int row, const unsigned *e)
{
	int	 point = col * b->size + row, threes = 0, left = 0;

	for (int d = 0; d < STONE_NDIRS; d++)
		left += FL_THREE(e[d]) != 0;
	stone_board_put(b, point, STONE_BLACK);
	for (int d = 0; d < STONE_NDIRS && threes < 2; d++) {
		unsigned mask = FL_THREE(e[d]);

		if (mask == 0)
			continue;
		if (threes + left < 2)
			break;
		left--;
		for (int i = 0; i < 8; i++) {
			int off = i < 4 ? i - 4 : i - 3;

			if ((mask & (1u << i)) == 0)
				continue;
			/* A straight-four point that is restricted, or that
			 * would rather be a five, does not make p's line a
			 * three. */
			if (forbidden_judge(b, col + off * stone_dir_step[d][0],
			    row + off * stone_dir_step[d][1]) ==
			    FORBIDDEN_NONE) {
				threes++;
				break;
			}
		}
	}
	stone_board_take(b, point);
	return threes;
}

static int
forbidden_judge(struct stone_board *b, int col, int row)
{
	unsigned	 e[STONE_NDIRS];
	int		 v = forbidden_quick(b, col, row, e);

	if (v >= 0)
		return v;
	return forbidden_threes(b, col, row, e) >= 2 ?
	    FORBIDDEN_DOUBLE_THREE : FORBIDDEN_NONE;
}

int
forbidden_at(const struct stone_board *b, int point)
{
	struct stone_board	 scratch;
	unsigned		 e[STONE_NDIRS];
	int col = point / b->size, row = point % b->size, v;

	if (b->cell[point] != STONE_EMPTY)
		return FORBIDDEN_NONE;
	v = forbidden_quick(b, col, row, e);
	if (v == FORBIDDEN_FIVE)
		return FORBIDDEN_NONE;
	if (v >= 0)
		return v;
	scratch = *b;
	return forbidden_threes(&scratch, col, row, e) >= 2 ?
	    FORBIDDEN_DOUBLE_THREE : FORBIDDEN_NONE;
}

int
forbidden_map(const struct stone_board *b, uint8_t *out)
{
	struct stone_board	 scratch;
	int			 size = b->size, n = 0, copied = 0;

	for (int col = 0; col < size; col++) {
		for (int row = 0; row < size; row++) {
			int point = col * size + row, v;
			unsigned e[STONE_NDIRS];

			out[point] = FORBIDDEN_NONE;
			if (b->cell[point] != STONE_EMPTY)
				continue;
			v = forbidden_quick(b, col, row, e);
			if (v < 0) {
				/* The recursion leaves the scratch board as it
				 * found it, so one copy serves the whole map. */
				if (!copied) {
					scratch = *b;
					copied = 1;
				}
				v = forbidden_threes(&scratch, col, row, e) >= 2 ?
				    FORBIDDEN_DOUBLE_THREE : FORBIDDEN_NONE;
			}
			if (v == FORBIDDEN_FIVE)
				v = FORBIDDEN_NONE;
			out[point] = (uint8_t)v;
			n += v != FORBIDDEN_NONE;
		}
	}
	return n;
}
