/*
 * cpu.h - the computer player: one entry point for every variant.
 *
 * Like the rules, the search is a library: no I/O, no globals, no threads of
 * its own.  cpu_think() works on its own copy of the position, so the caller
 * may run it on a worker thread while the loop keeps the game; it stops
 * within a few milliseconds of cpu_stop_raise() from any thread, and it
 * always answers a legal turn, even when stopped at once.  Given the same
 * seed and a node limit (no time limit) it answers the same turn.
 */
#ifndef ENGINE_CPU_H
#define ENGINE_CPU_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

#define CPU_LEVEL_MIN 1
#define CPU_LEVEL_MAX 5
#define CPU_DEFAULT_TIME_MS 2000
#define CPU_DEFAULT_TT_BYTES (16u << 20)

/* A transposition table: the caller owns it and may reuse it across
 * searches (one per worker thread), so that a hall with many CPU seats holds
 * only as many tables as it has threads thinking. */
struct cpu_tt;
struct cpu_tt *cpu_tt_new(size_t bytes);
void cpu_tt_clear(struct cpu_tt *);
void cpu_tt_free(struct cpu_tt *);
size_t cpu_tt_bytes(const struct cpu_tt *);

struct cpu_limits {
	int level;        /* CPU_LEVEL_MIN..CPU_LEVEL_MAX */
	int time_ms;      /* time for this turn; 0: no time limit */
	uint64_t nodes;   /* node budget; 0: none (the level's own cap holds) */
	uint64_t seed;    /* noise and opening choices */
	struct cpu_tt *tt; /* NULL: cpu_think makes one of tt_bytes and frees it */
	size_t tt_bytes;  /* 0: CPU_DEFAULT_TT_BYTES */
};

/* Raised by the caller (any thread) to end a search early. */
struct cpu_stop {
	atomic_int raised;
};

void cpu_stop_init(struct cpu_stop *);
void cpu_stop_raise(struct cpu_stop *);
int cpu_stop_raised(struct cpu_stop *);

/*
 * What the CPU does with its turn: a choice when the game asks for one
 * (GAME_CHOOSING), otherwise one move, or two for a whole Connect6 turn
 * (the second after the first is played).  Apply them in order with the
 * variant's play() and choose().
 */
struct cpu_result {
	int is_choice;
	unsigned choice;       /* GAME_CHOICE_* */
	int nmoves;            /* 0 with is_choice; else 1 or 2 */
	struct move move[2];
	int score;             /* for the side to move, centi-units; 0 unknown */
	int depth;             /* the deepest full iteration */
	uint64_t nodes;
	int elapsed_ms;
	char pv[64];           /* what it found, for logs ("VCF in 7", ...) */
};

/* The level's defaults: a node cap for the level, the default time. */
void cpu_limits_default(struct cpu_limits *, int level);

/*
 * Think and answer a turn for whoever must act now.  0, or -1 with the
 * reason in err when the game is over (nothing to do).  `stop` may be NULL.
 */
int cpu_think(const struct game *, const struct cpu_limits *,
    struct cpu_stop *, struct cpu_result *, char *err, size_t errlen);

/* Levels by name: "beginner" "easy" "medium" "hard" "master", or "1".."5".
 * Parse: -1 when not a level. */
const char *cpu_level_name(int level);
int cpu_level_parse(const char *);

#endif
