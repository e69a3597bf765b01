/*
 * stone-goal.h - what a move on a five-in-a-row board achieves, for the
 * hall's lessons and drills: the move is played through the variant (so
 * it is legal), then its goal is judged here from the board's runs.
 *
 * A "five point" of colour c is an empty point where c would make five or
 * more in a row (the lessons and drills play gomoku, where an overline
 * wins).  Judged right after c's move, with the opponent to move:
 *
 *   STONE_GOAL_BLOCK       the opponent has no five point
 *   STONE_GOAL_FOUR_THREE  c has two five points, or one that, once
 *                          the opponent fills it, leaves c a point that
 *                          makes two (an open four)
 *   STONE_GOAL_VCF         c wins by fours alone: two five points, or one
 *                          that, filled, leaves c another four that wins
 *                          the same way (at most STONE_GOAL_VCF_DEPTH
 *                          fours), the opponent never getting a five
 *                          point of his own on the way
 *   STONE_GOAL_HOLD        the opponent has no five point, and no win by
 *                          fours of his own (a four, then the same as
 *                          STONE_GOAL_VCF): c's block held
 *   STONE_GOAL_BLOCK_SIX   Connect6, after c's whole turn: the opponent
 *                          cannot make six in a row with the two stones
 *                          of his next turn
 */
#ifndef ENGINE_STONE_GOAL_H
#define ENGINE_STONE_GOAL_H

#include "engine/stone.h"

#define STONE_GOAL_VCF_DEPTH 3

enum stone_goal {
	STONE_GOAL_BLOCK,
	STONE_GOAL_FOUR_THREE,
	STONE_GOAL_VCF,
	STONE_GOAL_HOLD,
	STONE_GOAL_BLOCK_SIX,
};

/* Five points of colour c (STONE_BLACK, STONE_WHITE); the first in
 * *first (-1 when none).  Returns how many. */
int	stone_goal_fives(const struct stone_board *, int c, int *first);
/* Whether colour c can make `len` in a row by adding `stones` stones: a
 * line of len points with none of the opponent's and at least
 * len - stones of c's. */
int	stone_goal_reach(const struct stone_board *, int c, int len,
	    int stones);
/* Whether colour c's last move met the goal (see above). */
int	stone_goal_met(const struct stone_board *, int c, enum stone_goal);

#endif
