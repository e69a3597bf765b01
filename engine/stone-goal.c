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

/* Whether some point on one of p's lines, within four of it, passes
 * `test` for colour c: only those points can take part in a five with p. */
static int
stone_goal_lines_any(const struct stone_board *b, int p, int c,
    int (*test)(const struct stone_board *, int, int))
{
	int	 col = p / b->size, row = p % b->size;

	for (int d = 0; d < STONE_NDIRS; d++) {
		for (int k = -4; k <= 4; k++) {
			int x = col + k * stone_dir_step[d][0];
			int y = row + k * stone_dir_step[d][1];

			if (k == 0 || x < 0 || y < 0 || x >= b->size ||
			    y >= b->size)
				continue;
			if (test(b, x * b->size + y, c))
				return 1;
		}
	}
	return 0;
}

static int
stone_goal_is_own(const struct stone_board *b, int q, int c)
{
	return b->cell[q] == c;
}

static int
stone_goal_is_five_point(const struct stone_board *b, int q, int c)
{
	return b->cell[q] == STONE_EMPTY && stone_board_longest(b, q, c) >= 5;
}

/* A point on a line with one of c's stones within four: only such points
 * can make a four. */
static int
stone_goal_near(const struct stone_board *b, int p, int c)
{
	return stone_goal_lines_any(b, p, c, stone_goal_is_own);
}

static int stone_goal_four_wins(struct stone_board *, int c, int depth);

/* c's stone on p made a four: a five point on one of p's lines, within
 * four of it (nowhere else can a new one be). */
static int
stone_goal_four_at(const struct stone_board *b, int p, int c)
{
	return stone_goal_lines_any(b, p, c, stone_goal_is_five_point);
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
	if (stone_goal_fives(b, o, NULL) == 0)
		won = stone_goal_four_wins(b, c, depth - 1);
	stone_board_take(b, block);
	return won;
}

/* c to move, the opponent without a five point: does some four of c's
 * win by fours (stone_goal_fours, depth more)?  b is put back. */
static int
stone_goal_four_wins(struct stone_board *b, int c, int depth)
{
	int	 won = 0;

	for (int p = 0; p < b->size * b->size && !won; p++) {
		if (b->cell[p] != STONE_EMPTY || !stone_goal_near(b, p, c))
			continue;
		stone_board_put(b, p, c);
		if (stone_goal_four_at(b, p, c))
			won = stone_goal_fours(b, c, depth);
		stone_board_take(b, p);
	}
	return won;
}

int
stone_goal_reach(const struct stone_board *b, int c, int len, int stones)
{
	int	 o = stone_goal_other(c), n = b->size;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int dx = stone_dir_step[d][0], dy = stone_dir_step[d][1];

		for (int x = 0; x < n; x++) {
			for (int y = 0; y < n; y++) {
				int ex = x + (len - 1) * dx;
				int ey = y + (len - 1) * dy;
				int own = 0, k;

				if (ex < 0 || ey < 0 || ex >= n || ey >= n)
					continue;
				for (k = 0; k < len; k++) {
					int v = b->cell[(x + k * dx) * n +
					    y + k * dy];

					if (v == o)
						break;
					own += v == c;
				}
				if (k == len && own >= len - stones)
					return 1;
			}
		}
	}
	return 0;
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
	case STONE_GOAL_HOLD:
		return stone_goal_fives(&b, o, NULL) == 0 &&
		    !stone_goal_four_wins(&b, o, STONE_GOAL_VCF_DEPTH);
	case STONE_GOAL_BLOCK_SIX:
		return !stone_goal_reach(&b, o, 6, 2);
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
