/*
 * cpu-c6.h - the Connect6 search's own board: every window of six cells
 * with its stone counts per colour, kept up to date stone by stone, so that
 * the line evaluation, the threats and the six are read off the windows.
 *
 * A window is "live" for a colour when it holds four or five of its stones
 * and none of the other's: the colour completes a six there with the two
 * stones of a turn.  The number of threats is how many stones the other side
 * needs to block every live window (1, 2, or 3 meaning "more than a turn").
 */
#ifndef ENGINE_CPU_C6_H
#define ENGINE_CPU_C6_H

#include <stdint.h>

#include "engine/cpu-int.h"
#include "engine/stone.h"

#define CPU_C6_MAXWIN 1024        /* 924 on 19x19 */
#define CPU_C6_CELLWIN 24         /* windows through a cell, at most */
#define CPU_C6_WIN 30000          /* a six: minus the plies to reach it */
#define CPU_C6_MATE (CPU_C6_WIN - 1000)
#define CPU_C6_HASH_BITS 11        /* pairs of one list, seen once */

/*
 * What a window holding n stones of one colour and none of the other is
 * worth to that colour.  Each step is worth several of the one below: a
 * turn adds two stones, so a three is one turn from a threat and a four is
 * a threat already (the live windows carry the tactics; this the shape).
 */
static const int32_t cpu_c6_weight[7] = { 0, 1, 6, 30, 150, 180, 1000 };
#define CPU_C6_TEMPO 40           /* worth of having the turn */

/* A pair of points packed in 32 bits (the table's move): a + b * 512. */
#define CPU_C6_PAIR(a, b) ((uint32_t)(a) | (uint32_t)(b) << 9)
#define CPU_C6_PA(m) ((int)((m) & 511))
#define CPU_C6_PB(m) ((int)(((m) >> 9) & 511))

struct cpu_c6 {
	int size, npoints;
	int stones;
	uint8_t cell[STONE_MAX_POINTS];   /* 0 empty, colour + 1 */
	uint8_t near[STONE_MAX_POINTS];   /* stones within two points */

	int nwin;
	int16_t wcell[CPU_C6_MAXWIN][6];
	int8_t wdir[CPU_C6_MAXWIN];
	uint8_t wcnt[CPU_C6_MAXWIN][2];
	int16_t pwin[STONE_MAX_POINTS][CPU_C6_CELLWIN];
	uint8_t npwin[STONE_MAX_POINTS];

	/* Live windows per colour, with each window's place in its list. */
	int16_t live[2][CPU_C6_MAXWIN];
	int nlive[2];
	int16_t livepos[CPU_C6_MAXWIN];

	int32_t eval[2];                  /* sum of the windows' weights */
	uint64_t key;
	uint64_t zob[STONE_MAX_POINTS][2];

	/* The search around the board. */
	struct cpu_search *s;
	int cells;                        /* positional cells per node */
	int width;                        /* pairs kept per node */
	int widen;                        /* pairs more where all lose */
	uint32_t hslot[1 << CPU_C6_HASH_BITS];
	uint32_t hstamp[1 << CPU_C6_HASH_BITS];
	uint32_t stamp;
	/* One ranking's change per stone (cpu-c6-gen.c): a cell is in
	 * many of the pairs ranked, and its change is the same in each. */
	int32_t dval[STONE_MAX_POINTS];
	uint8_t dfour[STONE_MAX_POINTS];
	uint32_t dstamp[STONE_MAX_POINTS];
	uint32_t drank;
};

/*
 * Count a node.  A node here costs tens of microseconds (it ranks every
 * pair it considers), so the limits are read every 16 nodes rather than
 * cpu_search_tick()'s 256, which keeps a stop prompt.
 */
static inline int
cpu_c6_tick(struct cpu_c6 *b)
{
	return cpu_search_tick(b->s) ||
	    ((b->s->nodes & 15) == 0 && cpu_search_done(b->s));
}

/* cpu-c6-board.c */
void cpu_c6_init(struct cpu_c6 *, int size);
void cpu_c6_put(struct cpu_c6 *, int p, int c);
void cpu_c6_take(struct cpu_c6 *, int p);
/* The same without the key, the count and the neighbourhood. */
void cpu_c6_put_lite(struct cpu_c6 *, int p, int c);
void cpu_c6_take_lite(struct cpu_c6 *, int p);
int cpu_c6_threats(const struct cpu_c6 *, int c);
int cpu_c6_hits_all(const struct cpu_c6 *, int c, int a, int b);
int cpu_c6_live_empties(const struct cpu_c6 *, int c, int *out, int max);
int cpu_c6_win_cells(const struct cpu_c6 *, int c, int left, int *out);
int cpu_c6_cell_value(const struct cpu_c6 *, int p, int c);
int cpu_c6_static(const struct cpu_c6 *, int c);

/* cpu-c6-gen.c: the pairs worth searching for c at the start of a turn,
 * best first, each with its ordering score; how many. */
struct cpu_c6_pair {
	uint32_t pair;
	int score;
	int threats;  /* c's threats after the pair */
	int leaf;     /* the position after it for c, without search */
};
int cpu_c6_cells(const struct cpu_c6 *, int c, int *out, int max);
int cpu_c6_gen(struct cpu_c6 *, int c, struct cpu_c6_pair *, int max,
    int width);
int cpu_c6_gen_threat(struct cpu_c6 *, int c, struct cpu_c6_pair *, int max,
    int minthreats);

/* cpu-c6-tss.c: a forced win for c by continuous double threats within
 * `depth` turns of c; 1 with the first pair in *pair, 0 none found, -1
 * stopped. */
int cpu_c6_tss(struct cpu_c6 *, int c, int depth, uint32_t *pair);

#endif
