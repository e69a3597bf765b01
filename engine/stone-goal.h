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
 */
#ifndef ENGINE_STONE_GOAL_H
#define ENGINE_STONE_GOAL_H

#include "engine/stone.h"

#define STONE_GOAL_VCF_DEPTH 3

enum stone_goal {
	STONE_GOAL_BLOCK,
	STONE_GOAL_FOUR_THREE,
	STONE_GOAL_VCF,
};

/* Five points of colour c (STONE_BLACK, STONE_WHITE); the first in
 * *first (-1 when none).  Returns how many. */
int	stone_goal_fives(const struct stone_board *, int c, int *first);
/* Whether colour c's last move met the goal (see above). */
int	stone_goal_met(const struct stone_board *, int c, enum stone_goal);

#endif
