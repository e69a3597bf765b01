/*
 * level-figures.h - the figures the CPU benches print for each level:
 * time to a move, nodes, nodes per second of processor time (on a shared
 * machine the wall clock counts other people's work too) and the depth of
 * the deepest full iteration, mean and most, over a few positions.
 */
#ifndef TESTS_BENCH_LEVEL_FIGURES_H
#define TESTS_BENCH_LEVEL_FIGURES_H

#include <stdio.h>
#include <time.h>

#include "engine/cpu.h"

struct level_figures {
	int n;
	uint64_t nodes;
	double cpu_s;
	int wall_ms, depth, deepest;
};

static inline double
level_figures_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static inline void
level_figures_add(struct level_figures *t, const struct cpu_result *r,
    double cpu_s)
{
	t->n++;
	t->nodes += r->nodes;
	t->cpu_s += cpu_s;
	t->wall_ms += r->elapsed_ms;
	t->depth += r->depth;
	if (r->depth > t->deepest)
		t->deepest = r->depth;
}

static inline void
level_figures_print(const struct level_figures *t, int level)
{
	if (t->n == 0) {
		printf("  level %d: no positions\n", level);
		return;
	}
	printf("  level %d: %5d ms %8llu nodes  %8.0f nodes/s (processor)  "
	    "depth %4.1f mean, %2d most\n", level, t->wall_ms / t->n,
	    (unsigned long long)(t->nodes / (uint64_t)t->n),
	    t->cpu_s > 0 ? (double)t->nodes / t->cpu_s : 0.0,
	    (double)t->depth / t->n, t->deepest);
	fflush(stdout);
}

#endif
