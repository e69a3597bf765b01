/*
 * forbidden-ref.h - the slow reference judge of the restricted points.
 */
#ifndef TESTS_UNIT_FORBIDDEN_REF_H
#define TESTS_UNIT_FORBIDDEN_REF_H

#include "engine/stone.h"

/* What ref_judge() returns besides the forbidden_kind values. */
#define REF_FIVE 4

struct ref_board {
	int size;
	int cell[STONE_MAX_SIZE][STONE_MAX_SIZE]; /* [col][row] */
};

/* A black stone on the empty (x = col, y = row): FORBIDDEN_* or REF_FIVE. */
int ref_judge(struct ref_board *, int x, int y);
void ref_from_stone(struct ref_board *, const struct stone_board *);

#endif
