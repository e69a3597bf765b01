/*
 * forbidden.h - Black's restricted points (docs/rules.md §1.1): double-three,
 * double-four and overline, with five first and the recursive false-three
 * rule.  The judge reads only the board; whether a restricted point is
 * blocked or loses is the variant's business (stone.c).
 *
 * The screens mark every restricted point after every move, so the whole
 * map is cheap: forbidden_map() of a 15x15 middle game is some tens of
 * microseconds (tests/bench/bench-stone prints the figure).
 */
#ifndef ENGINE_FORBIDDEN_H
#define ENGINE_FORBIDDEN_H

#include <stdint.h>

#include "engine/stone.h"

enum forbidden_kind {
	FORBIDDEN_NONE = 0,
	FORBIDDEN_DOUBLE_THREE,
	FORBIDDEN_DOUBLE_FOUR,
	FORBIDDEN_OVERLINE,
};

/* "double-three", "double-four", "overline" (NULL for FORBIDDEN_NONE). */
const char *forbidden_name(int kind);

/*
 * What a black stone on the empty point makes: FORBIDDEN_NONE when it is
 * allowed (including when it makes an exact five) or the restricted kind.
 * An occupied point is FORBIDDEN_NONE.
 */
int forbidden_at(const struct stone_board *, int point);

/*
 * Every point at once: out[point] = the kind for each point of the board
 * (size * size entries; occupied points FORBIDDEN_NONE).  Returns how many
 * points are restricted.
 */
int forbidden_map(const struct stone_board *, uint8_t *out);

#endif
