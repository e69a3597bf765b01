/*
 * cpu-yonin-mate.h - the four-player shogi mate search: can one player
 * eliminate another by checks alone, each answered by that other, with
 * nobody else getting a turn?
 *
 * Check priority makes such a chain a two-player game: a player who checks
 * the living player before him (counter-clockwise) gets the turn back
 * after the answer, the two between skipped.  Against anyone else the
 * chain is broken at the first answer, so only a mate in one is found
 * there.  The search plays on a game the caller owns (the search's copy)
 * and leaves it as it found it.
 */
#ifndef ENGINE_CPU_YONIN_MATE_H
#define ENGINE_CPU_YONIN_MATE_H

#include <stdint.h>

#include "engine/cpu-int.h"
#include "engine/game.h"

#define CPU_YONIN_MATE_MAXLEN 31	/* plies, attacker's moves and answers */

enum cpu_yonin_mate_result {
	CPU_YONIN_MATE_NO,	/* no mate by checks within the length */
	CPU_YONIN_MATE_YES,	/* proven; the first move is given */
	CPU_YONIN_MATE_UNKNOWN,	/* the budget or the search ran out */
};

/* Running figures, for the bench: summed over the probes of one mate
 * search (see cpu_yonin_mate_figures). */
struct cpu_yonin_mate_figures {
	uint64_t probes;
	uint64_t proven;
	uint64_t unknown;
	uint64_t nodes;
	int last_len;	/* plies of the last mate proven */
};

struct cpu_yonin_mate;

/* A mate search with its own move lists and table; NULL without memory.
 * One per search: it is not shared between threads. */
struct cpu_yonin_mate *cpu_yonin_mate_new(struct cpu_search *);
void cpu_yonin_mate_free(struct cpu_yonin_mate *);

/*
 * Does the player to move in g eliminate `defender` by checks within
 * `maxlen` plies (odd: 1 is a mate in one), spending at most `budget`
 * nodes (each move played is one, counted on the search too)?  On
 * CPU_YONIN_MATE_YES *first is the first check of the shortest mate found.
 */
int cpu_yonin_mate(struct cpu_yonin_mate *, struct game *g, int defender,
    int maxlen, uint64_t budget, struct move *first);

void cpu_yonin_mate_figures(const struct cpu_yonin_mate *,
    struct cpu_yonin_mate_figures *);

#endif
