/*
 * cpu-yonin.h - what the four-player shogi search and its evaluation share:
 * a flat copy of the board read through engine/yonin.h, the piece values
 * and the attack test used both to score and to order moves.
 */
#ifndef ENGINE_CPU_YONIN_H
#define ENGINE_CPU_YONIN_H

#include <stdint.h>

#include "engine/game.h"
#include "engine/yonin.h"

/* Cell kinds: the base kinds of yonin.h, then the promoted ones. */
#define CPU_YONIN_PROOK (YONIN_ROOK + 3)
#define CPU_YONIN_PSILVER (YONIN_SILVER + 3)
#define CPU_YONIN_PPAWN (YONIN_PAWN + 3)
#define CPU_YONIN_KINDS 9

/* Owners besides the seats: a piece nobody moves but anyone may take, and
 * an overturned king, which blocks and nothing else. */
#define CPU_YONIN_NOBODY (-1)
#define CPU_YONIN_OVERTURNED (-2)

#define CPU_YONIN_MOVES 1024	/* more than any position has */
#define CPU_YONIN_WIN 20000
#define CPU_YONIN_ELIM 2500	/* a rival put out, in the evaluation */
#define CPU_YONIN_MAXPLY 48	/* the deepest ply of a search */
/* A search score at or below -CPU_YONIN_LOST: the root side goes out
 * (third or fourth place, or its team loses in pairs), a score nearer
 * zero by the plies to it. */
#define CPU_YONIN_LOST (CPU_YONIN_WIN / 3 - CPU_YONIN_MAXPLY)

struct cpu_yonin_board {
	int8_t kind[YONIN_SQUARES];	/* 0 empty, else a cell kind */
	int8_t owner[YONIN_SQUARES];	/* seat, or the two above */
	int8_t facing[YONIN_SQUARES];
	uint8_t prey[YONIN_SQUARES];	/* bit per seat that may take it */
	int8_t king[YONIN_SEATS];	/* square of each living king, -1 */
	uint8_t enemies[YONIN_SEATS];	/* bit per living enemy seat */
	unsigned alive;
	unsigned checks;
	int to_move;
	int pairs;
	int hand[YONIN_SEATS][YONIN_HAND_KINDS];
	int elims[YONIN_SEATS];		/* players each seat eliminated */
};

/* Board values by cell kind and hand values by hand slot (R G S P). */
extern const int cpu_yonin_value[CPU_YONIN_KINDS];
extern const int cpu_yonin_hand_value[YONIN_HAND_KINDS];

void cpu_yonin_read(const struct game *, struct cpu_yonin_board *);
/* May seat take what stands on sq (a living king never, a partner's piece
 * never in pairs)? */
static inline int
cpu_yonin_takes(const struct cpu_yonin_board *b, int seat, int sq)
{
	return b->prey[sq] >> seat & 1;
}
static inline int
cpu_yonin_same(const struct move *a, const struct move *b)
{
	return a->from == b->from && a->to == b->to && a->piece == b->piece &&
	    a->promote == b->promote;
}
/* The living seat `step` seats on from `seat` (1 clockwise, the player
 * after; -1 counter-clockwise, the player before) among `alive` (a bit
 * per seat), -1 if none. */
static inline int
cpu_yonin_seat_next(unsigned alive, int seat, int step)
{
	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (seat + YONIN_SEATS + i * step) & 3;

		if (alive >> p & 1)
			return p;
	}
	return -1;
}
/* The living seat just before `seat`: the one seat's checks chain against
 * (check priority hands the turn back after each of his answers). */
static inline int
cpu_yonin_seat_before(unsigned alive, int seat)
{
	return cpu_yonin_seat_next(alive, seat, -1);
}
/* The living seat just after `seat`: the one whose checks chain against
 * seat. */
static inline int
cpu_yonin_seat_after(unsigned alive, int seat)
{
	return cpu_yonin_seat_next(alive, seat, 1);
}
/* The cell kind seat's move m leaves on its square, and its facing. */
static inline int
cpu_yonin_moved(const struct cpu_yonin_board *b, int seat,
    const struct move *m, int *facing)
{
	int	 kind = m->from >= 0 ? b->kind[m->from] : m->piece;

	if (facing != NULL)
		*facing = m->from >= 0 ? b->facing[m->from] : seat;
	return m->promote ? kind + 3 : kind;
}
/* Does a piece of kind/facing standing on `from` attack `target`, with the
 * square `vacated` read as empty (-1: none)? */
int cpu_yonin_hits(const struct cpu_yonin_board *, int kind, int facing,
    int from, int target, int vacated);
/* Bring the move with the largest key to position i of mv[i..n) (an
 * ordering step); `also` (may be NULL) is kept in step with the moves. */
void cpu_yonin_pick(struct move *mv, int32_t *key, int32_t *also, int i,
    int n);
/* The position's worth for root's side (its team in pairs). */
int cpu_yonin_eval(const struct cpu_yonin_board *, int root);
/* The share of the turn's time (per mille) a level thinks for, in pairs
 * mode or not: where the clock binds, what parts the levels. */
int cpu_yonin_level_share(int level, int pairs);

#endif
