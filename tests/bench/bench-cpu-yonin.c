/*
 * bench-cpu-yonin.c - the four-player shogi CPU in figures: nodes per
 * second on one core, the time to the first move at each level, and match
 * results (the share of games it ranks first, with a 95% margin) against
 * random players, greedy capture-first players and the level below.
 *
 *   bench-cpu-yonin [GAMES]    (default 8 games per match)
 *
 * Matches use node limits per move, not the clock, so that the figures do
 * not depend on the machine's load.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/unit/cpu-yonin-match.h"

static const uint64_t bench_nodes[CPU_LEVEL_MAX + 1] = {
	0, 2000, 5000, 10000, 20000, 40000,
};

static void
bench_speed(void)
{
	struct game *g = match_game(0, 0);
	struct cpu_limits lim;
	struct cpu_result r;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, CPU_LEVEL_MAX);
	lim.time_ms = 0;
	lim.nodes = 300000;
	if (g == NULL || cpu_think(g, &lim, NULL, &r, err, sizeof err) != 0) {
		printf("speed: failed\n");
		game_free(g);
		return;
	}
	printf("nodes/s (one core, start position, level 5): %.0f "
	    "(%llu nodes in %d ms, depth %d)\n", r.elapsed_ms > 0 ?
	    r.nodes * 1000.0 / r.elapsed_ms : 0.0,
	    (unsigned long long)r.nodes, r.elapsed_ms, r.depth);
	for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX; level++) {
		cpu_limits_default(&lim, level);
		cpu_think(g, &lim, NULL, &r, err, sizeof err);
		printf("first move, level %d (default limits, %d ms allowed): "
		    "%d ms, %llu nodes, depth %d, pv %s\n", level,
		    lim.time_ms, r.elapsed_ms, (unsigned long long)r.nodes,
		    r.depth, r.pv);
	}
	game_free(g);
}

/*
 * One seat of `level` against three of `other` (a level, MATCH_RANDOM or
 * MATCH_GREEDY), the CPU's seat rotating; prints the share of first
 * places and the mean rank.
 */
static void
bench_match(const char *name, int level, int other, int games,
    struct cpu_tt *tt)
{
	struct match m;
	int first = 0, played = 0, ranks = 0;
	double p, margin;

	memset(&m, 0, sizeof m);
	m.tt = tt;
	m.movelimit = 300;
	for (int i = 0; i < games; i++) {
		int seat = i % YONIN_SEATS;

		for (int s = 0; s < YONIN_SEATS; s++) {
			m.who[s] = other;
			m.nodes[s] = other > 0 ? bench_nodes[other] : 0;
		}
		m.who[seat] = level;
		m.nodes[seat] = bench_nodes[level];
		m.seed = 1000u + (unsigned)i * 7919u;
		if (match_play(&m) != 0) {
			printf("  game %d failed (illegal %d)\n", i, m.illegal);
			continue;
		}
		played++;
		first += m.end.rank[seat] == 1;
		ranks += m.end.rank[seat];
	}
	if (played == 0)
		return;
	p = (double)first / played;
	margin = 1.96 * sqrt(p * (1 - p) / played);
	printf("level %d vs 3 %-9s: first in %d/%d = %.0f%% +- %.0f%% "
	    "(95%%), mean rank %.2f\n", level, name, first, played, 100 * p,
	    100 * margin, (double)ranks / played);
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 8;
	struct cpu_tt *tt = cpu_tt_new(4u << 20);
	char name[16];

	if (tt == NULL || games <= 0)
		return 1;
	bench_speed();
	printf("matches (%d games each, node limits per move:", games);
	for (int l = CPU_LEVEL_MIN; l <= CPU_LEVEL_MAX; l++)
		printf(" L%d %llu", l, (unsigned long long)bench_nodes[l]);
	printf(")\n");
	for (int level = 3; level <= CPU_LEVEL_MAX; level++) {
		bench_match("random", level, MATCH_RANDOM, games, tt);
		bench_match("greedy", level, MATCH_GREEDY, games, tt);
	}
	for (int level = 2; level <= CPU_LEVEL_MAX; level++) {
		snprintf(name, sizeof name, "level %d", level - 1);
		bench_match(name, level, level - 1, games, tt);
	}
	cpu_tt_free(tt);
	return 0;
}
