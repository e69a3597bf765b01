/*
 * stone-goal.c - judging what a move achieved (stone-goal.h) from the
 * board's runs (stone_board_longest), on a copy of the board.
 */
#include "engine/stone-goal.h"

static int
stone_goal_other(int c)
{
	return c == STONE_BLACK ? STONE_WHITE : STONE_BLACK;
}

int
stone_goal_fives(const struct stone_board *b, int c, int *first)
{
	int	 n = 0;

	if (first != NULL)
		*first = -1;
	for (int p = 0; p < b->size * b->size; p++) {
		if (b->cell[p] != STONE_EMPTY ||
		    stone_board_longest(b, p, c) < 5)
			continue;
		if (n++ == 0 && first != NULL)
			*first = p;
	}
	return n;
}

/* Whether a point is on a line with one of c's stones within four: only
 * such points can make a four. */
static int
stone_goal_near(const struct stone_board *b, int p, int c)
{
	int	 col = p / b->size, row = p % b->size;

	for (int d = 0; d < STONE_NDIRS; d++) {
		for (int k = -4; k <= 4; k++) {
			int x = col + k * stone_dir_step[d][0];
			int y = row + k * stone_dir_step[d][1];

			if (k == 0 || x < 0 || y < 0 || x >= b->size ||
			    y >= b->size)
				continue;
			if (b->cell[x * b->size + y] == c)
				return 1;
		}
	}
	return 0;
}

/*
 * c has just made a four (or more) on b, the opponent to move: does it
 * win by fours within depth more?  b is changed and put back.
 */
static int
stone_goal_fours(struct stone_board *b, int c, int depth)
{
	int	 o = stone_goal_other(c), block, n, won = 0;

	if (stone_goal_fives(b, o, NULL) > 0)
		return 0;		/* he makes five first */
	n = stone_goal_fives(b, c, &block);
	if (n >= 2)
		return 1;
	if (n == 0 || depth <= 0)
		return 0;
	stone_board_put(b, block, o);
	if (stone_goal_fives(b, o, NULL) == 0) {
		for (int p = 0; p < b->size * b->size && !won; p++) {
			if (b->cell[p] != STONE_EMPTY ||
			    !stone_goal_near(b, p, c))
				continue;
			stone_board_put(b, p, c);
			if (stone_goal_fives(b, c, NULL) > 0)
				won = stone_goal_fours(b, c, depth - 1);
			stone_board_take(b, p);
		}
	}
	stone_board_take(b, block);
	return won;
}

int
stone_goal_met(const struct stone_board *now, int c, enum stone_goal goal)
{
	struct stone_board	 b = *now;
	int			 o = stone_goal_other(c), block, n;

	switch (goal) {
	case STONE_GOAL_BLOCK:
		return stone_goal_fives(&b, o, NULL) == 0;
	case STONE_GOAL_VCF:
		return stone_goal_fours(&b, c, STONE_GOAL_VCF_DEPTH);
	case STONE_GOAL_FOUR_THREE:
		break;
	}
	if (stone_goal_fives(&b, o, NULL) > 0)
		return 0;
	n = stone_goal_fives(&b, c, &block);
	if (n >= 2)
		return 1;
	if (n == 0)
		return 0;
	stone_board_put(&b, block, o);
	for (int q = 0; q < b.size * b.size; q++) {
		int two;

		if (b.cell[q] != STONE_EMPTY || !stone_goal_near(&b, q, c))
			continue;
		stone_board_put(&b, q, c);
		two = stone_goal_fives(&b, c, NULL) >= 2 &&
		    stone_goal_fives(&b, o, NULL) == 0;
		stone_board_take(&b, q);
		if (two)
			return 1;
	}
	return 0;
}
