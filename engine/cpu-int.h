/*
 * cpu-int.h - what the families of the search share: the running search
 * (limits, clock, node count, stop flag, random numbers, the table) and the
 * transposition table's entries.
 */
#ifndef ENGINE_CPU_INT_H
#define ENGINE_CPU_INT_H

#include "engine/cpu.h"

/* One entry of the table.  `move` is the family's packing of its best move
 * (a point, a pair of points, a shogi move); `key` the full hash. */
struct cpu_tt_entry {
	uint64_t key;
	uint32_t move;
	int16_t score;
	int8_t depth;
	uint8_t flag; /* CPU_TT_* */
};

enum {
	CPU_TT_NONE,
	CPU_TT_EXACT,
	CPU_TT_LOWER, /* score is a lower bound (a cut) */
	CPU_TT_UPPER, /* score is an upper bound (nothing beat alpha) */
};

struct cpu_search {
	const struct cpu_limits *limits;
	struct cpu_stop *stop;
	int64_t start_us;
	int64_t deadline_us;   /* 0: none */
	uint64_t node_cap;     /* 0: none */
	uint64_t nodes;
	int stopped;           /* set once the limits or the flag ended it */
	uint64_t rng;
	struct cpu_tt *tt;
};

/* The clock, monotonic, in microseconds. */
int64_t cpu_now_us(void);

/*
 * Count a node and say whether the search must end now: the stop flag, the
 * node cap, the deadline.  Cheap: the flag and the clock are read every 256
 * nodes, which keeps the answer to a stop well under 10 ms.
 */
int cpu_search_tick(struct cpu_search *);
/* The same test without counting a node (between iterations). */
int cpu_search_done(struct cpu_search *);
/* Used part of the time, 0..1000 per mille (0 without a deadline). */
int cpu_search_used(const struct cpu_search *);
/*
 * Keep only a share (per mille) of the turn's time for this search: a
 * level below the strongest thinks for part of the time it is given, so
 * that the levels stay apart at any time per move, not only where their
 * node caps bind.
 */
void cpu_search_share(struct cpu_search *, int permille);

/* xorshift64*: deterministic per seed. */
uint64_t cpu_rand(struct cpu_search *);
int cpu_rand_below(struct cpu_search *, int n);

struct cpu_tt_entry *cpu_tt_probe(struct cpu_tt *, uint64_t key);
void cpu_tt_store(struct cpu_tt *, uint64_t key, uint32_t move, int score,
    int depth, int flag);

/* The families.  Each fills res for the side (or chooser) to act, with the
 * same contract as cpu_think; cpu.c checks the answer against the rules. */
int cpu_stone_think(const struct game *, struct cpu_search *,
    struct cpu_result *);
int cpu_c6_think(const struct game *, struct cpu_search *,
    struct cpu_result *);
int cpu_yonin_think(const struct game *, struct cpu_search *,
    struct cpu_result *);

#endif
