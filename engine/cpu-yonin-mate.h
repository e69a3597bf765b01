/*
 * cpu-yonin-mate.h - the four-player shogi mate search: can one player,
 * or all the rivals of one player together, eliminate him by checks
 * alone, each answered by him?
 *
 * Check priority makes one attacker's chain a two-player game: a player
 * who checks the living player before him (counter-clockwise) gets the
 * turn back after the answer, the two between skipped.  Against anyone
 * else his chain is broken at the first answer, so only a mate in one is
 * found there.  But the turn the answer hands on goes to another rival,
 * who may check again: the coalition search lets whoever the rules put on
 * move after an answer go on, as long as he is a rival of the defender
 * (in pairs: not his partner) and checks him, so it finds the mates that
 * rivals build together by checks and the chains that pass from one to
 * the next.  The search plays on a game the caller owns (the search's
 * copy), by the rules' own move generator, play and undo, and leaves it
 * as it found it.
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

/*
 * The same with every rival of `defender` attacking (the living seats
 * but him and, in pairs, his partner): the player to move must be one,
 * and each check may come from whichever of them the rules' turn order
 * and check priority put on move.  It finds every mate the one-attacker
 * search finds within the length, and more, at more nodes a length.
 */
int cpu_yonin_mate_coalition(struct cpu_yonin_mate *, struct game *g,
    int defender, int maxlen, uint64_t budget, struct move *first);

void cpu_yonin_mate_figures(const struct cpu_yonin_mate *,
    struct cpu_yonin_mate_figures *);

#endif
