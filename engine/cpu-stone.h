/*
 * cpu-stone.h - the five-in-a-row player's own position: the board with,
 * for every empty point, line and colour, the shape a stone there would
 * make (a five, an open or closed four, three, two), kept up to date as
 * stones go on and off, so that threats, move ordering and the evaluation
 * are table look-ups.
 */
#ifndef ENGINE_CPU_STONE_H
#define ENGINE_CPU_STONE_H

#include "engine/cpu-int.h"
#include "engine/stone.h"

/* What a stone on an empty point makes in one line, weakest first. */
enum {
	CPU_STONE_NONE,
	CPU_STONE_B1,	/* a closed one */
	CPU_STONE_F1,
	CPU_STONE_B2,
	CPU_STONE_F2,
	CPU_STONE_B3,	/* a three that can only become a closed four */
	CPU_STONE_F3,	/* an open three: it can become an open four */
	CPU_STONE_B4,	/* a four: one point makes five */
	CPU_STONE_F4,	/* an open four, or two fours on the line */
	CPU_STONE_FIVE,	/* a winning five (exact where the rules say so) */
	CPU_STONE_OVER,	/* a run of six that does not win */
	CPU_STONE_NPAT
};

/*
 * The shape a stone on an empty point makes in one line, by the window of
 * the ten cells around it (five each side, each empty, own or blocked) as
 * a ternary index: 3^10 windows, for a five that must be exact ([1]) and
 * for one where six wins too ([0]).  Constants of the rules, generated at
 * build time by cpu-stone-gen.c into cpu-stone-table.c; the ternary values
 * of ten bits of a mask make the index.
 */
#define CPU_STONE_NWIN 59049 /* 3^10 */
extern const uint8_t cpu_stone_table[2][CPU_STONE_NWIN];
extern const uint16_t cpu_stone_ternary[1024];

#define CPU_STONE_WIN 20000
#define CPU_STONE_WON(v) ((v) > CPU_STONE_WIN - 1000)
#define CPU_STONE_LOST(v) ((v) < -CPU_STONE_WIN + 1000)
#define CPU_STONE_MAXPLY 64

struct cpu_stone_pos {
	struct stone_board b;
	int size, npts;
	int forbid;          /* Black may not play its restricted points */
	const uint8_t *table[2]; /* each colour's line shapes (exact or not) */
	int to_move;         /* 0 black, 1 white */
	int ply;             /* stones put since the root */
	uint64_t key;
	uint64_t zob[2][STONE_MAX_POINTS];
	uint64_t zob_side;
	int eval[2];         /* sum of the shape weights of each colour */
	int count[2][CPU_STONE_NPAT]; /* lines of each shape, for quick nos */
	int doubles[2];      /* points where c makes two fours */
	uint8_t fours[2][STONE_MAX_POINTS]; /* lines where c makes a four */
	uint8_t threes[2][STONE_MAX_POINTS]; /* ... an open three */
	int combos[2][3];    /* points of a four-three, a double three */
	uint8_t near[STONE_MAX_POINTS]; /* stones within two points */
	uint8_t pat[2][STONE_NDIRS][STONE_MAX_POINTS];
	int16_t stack[STONE_MAX_POINTS];
	/* The shapes a stone changed, as they were: undo puts them back
	 * without looking anything up.  [ply][line point][colour] */
	uint8_t saved[STONE_MAX_POINTS][STONE_NDIRS * 11][2];
};

/* Build the position from a game's board; -1 if g is not a stone game. */
int cpu_stone_pos_init(struct cpu_stone_pos *, const struct game *);
void cpu_stone_put(struct cpu_stone_pos *, int point);
void cpu_stone_undo(struct cpu_stone_pos *);

/* Black's restricted point (only where the rules restrict Black). */
int cpu_stone_forbidden(struct cpu_stone_pos *, int point);
/* May colour c (0, 1) play the empty point? */
int cpu_stone_legal(struct cpu_stone_pos *, int c, int point);

/* The best shape c makes at p over the four lines, and how many lines
 * reach at least `level`. */
int cpu_stone_best(const struct cpu_stone_pos *, int c, int p);
int cpu_stone_count(const struct cpu_stone_pos *, int c, int p, int level);
/* Does c win at once by playing p (a five)? Or make an unstoppable four
 * (open four, double four)? */
int cpu_stone_is_five(const struct cpu_stone_pos *, int c, int p);
int cpu_stone_is_open4(const struct cpu_stone_pos *, int c, int p);
int cpu_stone_is_four(const struct cpu_stone_pos *, int c, int p);

/* The static value of the position for the side to move. */
int cpu_stone_evaluate(const struct cpu_stone_pos *);
/* How promising p is for the side to move (attack plus defence). */
int cpu_stone_order(const struct cpu_stone_pos *, int p);

/* Points where c plays a five (at most max); the count. */
int cpu_stone_fives(const struct cpu_stone_pos *, int c, int *out, int max);
/* The one point where c completes the five the stone on p made. */
int cpu_stone_five_after(const struct cpu_stone_pos *, int c, int p);

/* Threat-space search (cpu-stone-vcf.c) for the side to move: a forced
 * win by fours (VCF) or by threes and fours (VCT).  1 and the first move,
 * or 0. */
int cpu_stone_vcf(struct cpu_stone_pos *, struct cpu_search *, int depth,
    int *move);
int cpu_stone_vct(struct cpu_stone_pos *, struct cpu_search *, int depth,
    int *move);
/* The moves that meet the other side's open three or four, for the side
 * to move: the count (at most max). */
int cpu_stone_defences(struct cpu_stone_pos *, int *out, int max);

/* Alpha-beta (cpu-stone-search.c): the tables of one search. */
struct cpu_stone_ab {
	struct cpu_stone_pos *pos;
	struct cpu_search *s;
	int width;           /* moves tried per node, at most */
	int lmr;             /* late quiet moves searched shallower first */
	int widen;           /* a node whose moves all lose tries up to this
	                        many more before it is called lost (0 none) */
	int killer[CPU_STONE_MAXPLY][2];
	int history[2][STONE_MAX_POINTS];
};

/* The value for the side to move, searched depth plies with PVS. */
int cpu_stone_search(struct cpu_stone_ab *, int depth, int alpha, int beta,
    int ply);
/* The moves worth trying for the side to move, best first: the count.
 * Forced answers only when the other side threatens. */
int cpu_stone_moves(struct cpu_stone_ab *, int *out, int max, int ttmove,
    int ply);
void cpu_stone_sort(int *item, int *value, int n);
/* Pass the turn (for asking what the other side threatens). */
void cpu_stone_pass(struct cpu_stone_pos *);

/* Swap openings (cpu-stone-open.c). */
int cpu_stone_opening(const struct game *, struct cpu_search *,
    struct cpu_result *);
int cpu_stone_choose(const struct game *, struct cpu_search *,
    struct cpu_result *);
/* The root's search for a position (cpu-stone.c), also used to judge an
 * opening: fills res, returns 0 or -1 when there is no move. */
int cpu_stone_root(const struct game *, struct cpu_stone_pos *,
    struct cpu_search *, int level, struct cpu_result *);

#endif
