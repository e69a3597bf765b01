/*
 * bench-yonin.c - four-player shogi move generation speed: perft from the
 * start position through the variant interface (status + legal + apply +
 * undo, as gh-perft runs it).  Prints figures; never passes or fails on
 * speed, only when its counts disagree with game_perft.
 *
 *	bench-yonin [DEPTH]	(default 5)
 *
 * The figures, for perft DEPTH walked in full (no counting of the last
 * level's moves without playing them):
 *
 *	nodes	positions reached by a legal move (apply), whose legal
 *		moves were then generated (legal), then taken back (undo);
 *		the DEPTH-th level's positions are the leaves
 *	moves	the moves those generations listed (the leaves' add up to
 *		perft DEPTH + 1)
 *
 * Both are given per CPU second of this process (other load on the
 * machine does not halve it) and, for comparison, per wall second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/game.h"
#include "engine/yonin.h"

#define ROOM 1024	/* moves per level: more than any position has */

struct counts {
	unsigned long long leaves;	/* positions at the last level */
	unsigned long long nodes;	/* positions reached and generated */
	unsigned long long moves;	/* moves generated in all of them */
	unsigned long long below;	/* moves generated at the leaves */
};

static double
clock_now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The position was reached by a legal move (or is the start, reached = 0):
 * generate its moves, and below the last level play each, go on, undo.
 */
static void
walk(struct game *g, int depth, int reached, struct move *buf,
    struct counts *c)
{
	const struct variant *v = g->variant;
	struct game_status st;
	int n;

	v->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return;
	n = v->legal(g, buf, ROOM);
	if (n > ROOM)
		n = ROOM;	/* cannot happen: ROOM is more than enough */
	if (reached) {
		c->nodes++;
		c->moves += (unsigned long long)n;
	}
	if (depth == 0) {
		c->leaves++;
		c->below += (unsigned long long)n;
		return;
	}
	for (int i = 0; i < n; i++) {
		v->apply(g, &buf[i]);
		walk(g, depth - 1, 1, buf + ROOM, c);
		v->undo(g);
	}
}

int
main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 5;
	char err[GAME_ERR_LEN];
	struct game *g = game_new("yonin", 0, NULL, err, sizeof err);
	struct move *buf;
	struct counts one = { 0, 0, 0, 0 }, total = { 0, 0, 0, 0 };
	unsigned long long p, p1;
	double c0, w0, ct, wt;
	int runs = 0;

	if (g == NULL || depth < 1 || depth > 7) {
		fprintf(stderr, "bench-yonin: %s\n", g == NULL ? err :
		    "depth is 1 to 7");
		return 1;
	}
	if ((buf = malloc((size_t)(depth + 1) * ROOM * sizeof *buf)) == NULL)
		return 1;
	for (int d = 1; d < depth; d++) {
		printf("yonin perft %d: %llu\n", d,
		    (unsigned long long)game_perft(g, d));
	}

	/* One walk to count, checked against game_perft (gh-perft's). */
	walk(g, depth, 0, buf, &one);
	p = (unsigned long long)game_perft(g, depth);
	p1 = (unsigned long long)game_perft(g, depth + 1);
	printf("yonin perft %d: %llu leaves, %llu nodes, %llu moves generated "
	    "(perft %d: %llu)\n", depth, one.leaves, one.nodes, one.moves,
	    depth + 1, one.below);
	if (one.leaves != p || one.below != p1) {
		printf("DIFFERS from game_perft %d = %llu, %d = %llu\n", depth,
		    p, depth + 1, p1);
		return 1;
	}

	/* Time whole walks over at least a CPU second (at most 20 s of
	 * wall time on a busy machine). */
	c0 = clock_now(CLOCK_PROCESS_CPUTIME_ID);
	w0 = clock_now(CLOCK_MONOTONIC);
	do {
		walk(g, depth, 0, buf, &total);
		runs++;
		ct = clock_now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		wt = clock_now(CLOCK_MONOTONIC) - w0;
	} while (ct < 1.0 && wt < 20.0);

	printf("timed %d walks: %.3f s cpu, %.3f s wall\n", runs, ct, wt);
	printf("perft %d: %llu leaves, %.2f million nodes/s (positions whose "
	    "moves were generated)\n", depth, one.leaves,
	    (double)total.nodes / ct / 1e6);
	printf("moves generated per second: %.1f million\n",
	    (double)total.moves / ct / 1e6);
	printf("  (per wall second: %.2f million nodes, %.1f million moves)\n",
	    (double)total.nodes / wt / 1e6, (double)total.moves / wt / 1e6);
	free(buf);
	game_free(g);
	return 0;
}
