/*
 * bench-yonin.c - four-player shogi move generation speed: perft from the
 * start position through the variant interface (legal + apply + undo, as
 * gh-perft runs it).  Prints figures; never passes or fails on speed.
 *
 *	bench-yonin [DEPTH]	(default 5)
 *
 * "leaves/s" counts the move sequences found (the moves generated at the
 * last level, each judged fully legal); "positions/s" counts the positions
 * whose moves were generated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/game.h"
#include "engine/yonin.h"

struct counts {
	unsigned long long leaves, positions;
};

static double
clock_now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
now(void)
{
	return clock_now(CLOCK_MONOTONIC);
}

/* CPU time of this process: the figure that other load does not halve. */
static double
cpu_now(void)
{
	return clock_now(CLOCK_PROCESS_CPUTIME_ID);
}

static void
walk(struct game *g, int depth, struct move *buf, struct counts *c)
{
	const struct variant *v = g->variant;
	struct game_status st;
	int n;

	v->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return;
	n = v->legal(g, buf, 1024);
	c->positions++;
	if (depth == 1) {
		c->leaves += (unsigned long long)n;
		return;
	}
	for (int i = 0; i < n; i++) {
		v->apply(g, &buf[i]);
		walk(g, depth - 1, buf + 1024, c);
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
	struct counts c = { 0, 0 };
	double t0, t;

	if (g == NULL || depth < 1 || depth > 8) {
		fprintf(stderr, "bench-yonin: %s\n", g == NULL ? err :
		    "depth is 1 to 8");
		return 1;
	}
	if ((buf = malloc((size_t)depth * 1024 * sizeof *buf)) == NULL)
		return 1;
	for (int d = 1; d <= depth; d++) {
		c.leaves = c.positions = 0;
		walk(g, d, buf, &c);
		printf("yonin perft %d: %llu leaves, %llu positions\n", d,
		    c.leaves, c.positions);
	}
	/* Time the last depth over at least a second. */
	{
		struct counts total = { 0, 0 };
		int runs = 0;
		double c0 = cpu_now(), ct;

		t0 = now();
		do {
			walk(g, depth, buf, &total);
			runs++;
		} while ((t = now() - t0) < 1.0);
		ct = cpu_now() - c0;
		printf("yonin perft %d x %d runs: %.3f s wall, %.3f s cpu\n",
		    depth, runs, t, ct);
		printf("  per wall second: %.2f M leaves/s, %.2f M positions/s\n",
		    (double)total.leaves / t / 1e6,
		    (double)total.positions / t / 1e6);
		printf("  per cpu second:  %.2f M leaves/s, %.2f M positions/s\n",
		    (double)total.leaves / ct / 1e6,
		    (double)total.positions / ct / 1e6);
	}
	/* game_perft (what gh-perft runs) must agree */
	{
		unsigned long long n;

		t0 = now();
		n = (unsigned long long)game_perft(g, depth);
		t = now() - t0;
		printf("game_perft %d: %llu (%.3f s)%s\n", depth, n, t,
		    n == c.leaves ? "" : " DIFFERS");
		if (n != c.leaves)
			return 1;
	}
	free(buf);
	game_free(g);
	return 0;
}
