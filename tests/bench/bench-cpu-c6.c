/*
 * bench-cpu-c6.c - prints the Connect6 player's figures: per level, the
 * time to a turn, nodes, nodes per second and the depth reached on middle
 * games, and each level against the one below in short matches
 * (alternating colours, varied openings) with a 95% margin.  A benchmark
 * prints figures; it never passes or fails on them.
 *
 *   bench-cpu-c6 [games per match (16; 0 none) [ms per turn (2000)]]
 *
 * Levels 1-4 stop at their node caps well inside a second; level 5 uses
 * the time, so its match depends on the machine and its load.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/cpu.h"
#include "engine/game.h"
#include "engine/stone.h"
#include "tests/bench/level-figures.h"

static uint64_t
bench_rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static void
bench_play(struct game *g, int p)
{
	struct game_status st;
	struct move m = { -1, (int16_t)p, 0, 0 };
	char err[GAME_ERR_LEN];

	g->variant->status(g, &st);
	if (g->variant->play(g, st.to_move, &m, err, sizeof err) != 0) {
		fprintf(stderr, "bench-cpu-c6: %s\n", err);
		exit(1);
	}
}

/* An opening: the centre, then `turns` random pairs near it. */
static struct game *
bench_opening(uint64_t *s, int turns)
{
	char err[GAME_ERR_LEN];
	struct game *g = game_new("connect6", 0, NULL, err, sizeof err);
	const struct stone_board *b;

	if (g == NULL) {
		fprintf(stderr, "bench-cpu-c6: %s\n", err);
		exit(1);
	}
	b = stone_game_board(g);
	bench_play(g, 9 * 19 + 9);
	for (int i = 0; i < 2 * turns; i++) {
		int p;

		do {
			int col = 9 + (int)(bench_rng(s) % 7) - 3;
			int row = 9 + (int)(bench_rng(s) % 7) - 3;

			p = col * 19 + row;
		} while (b->cell[p] != STONE_EMPTY);
		bench_play(g, p);
	}
	return g;
}

static int
bench_think(struct game *g, int level, int ms, uint64_t nodes, uint64_t seed,
    struct cpu_result *r)
{
	struct cpu_limits lim;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, level);
	lim.time_ms = ms;
	lim.nodes = nodes;
	lim.seed = seed;
	lim.tt_bytes = 1 << 22;
	if (cpu_think(g, &lim, NULL, r, err, sizeof err) != 0) {
		fprintf(stderr, "bench-cpu-c6: %s\n", err);
		return -1;
	}
	return 0;
}

/* One game; the winner's colour, or -1 for a draw (or a turn cap). */
static int
bench_game(int level[2], int ms, uint64_t *s)
{
	struct game *g = bench_opening(s, 2);
	struct game_status st;
	struct cpu_result r;
	int winner = -1;

	for (int turn = 0; turn < 150; turn++) {
		g->variant->status(g, &st);
		if (st.phase == GAME_OVER) {
			winner = st.winner;
			break;
		}
		if (bench_think(g, level[st.to_move], ms, 0, bench_rng(s),
		    &r) != 0)
			break;
		for (int i = 0; i < r.nmoves; i++) {
			g->variant->status(g, &st);
			if (st.phase == GAME_OVER)
				break;
			bench_play(g, r.move[i].to);
		}
	}
	game_free(g);
	return winner;
}

int
main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 16;
	int ms = argc > 2 ? atoi(argv[2]) : CPU_DEFAULT_TIME_MS;
	uint64_t s = 0xC6BE4C4ULL;
	struct cpu_result r;

	/* Per level, on the same middle games (six turns in). */
	printf("middle games (6 turns in), %d ms a turn:\n", ms);
	for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX; level++) {
		struct level_figures t = { 0 };
		uint64_t ps = 0xC6BE4C5ULL;

		for (int i = 0; i < 4; i++) {
			struct game *g = bench_opening(&ps, 6);
			double t0 = level_figures_clock();

			if (bench_think(g, level, ms, 0, 1, &r) == 0)
				level_figures_add(&t, &r,
				    level_figures_clock() - t0);
			game_free(g);
		}
		level_figures_print(&t, level);
	}

	/* Each level against the one below, colours alternating. */
	for (int level = CPU_LEVEL_MIN + 1; level <= CPU_LEVEL_MAX; level++) {
		double score = 0, p, margin;
		int wins = 0, losses = 0, draws = 0;

		for (int i = 0; i < games; i++) {
			int lv[2], strong = i & 1, w;

			lv[strong] = level;
			lv[1 - strong] = level - 1;
			w = bench_game(lv, ms, &s);
			if (w == strong)
				wins++;
			else if (w < 0)
				draws++;
			else
				losses++;
		}
		score = wins + draws / 2.0;
		p = games > 0 ? score / games : 0;
		margin = games > 0 ? 1.96 * sqrt(p * (1 - p) / games) : 0;
		printf("level %d vs %d: +%d -%d =%d, %.0f%% +- %.0f%% "
		    "(%d ms a turn)\n", level, level - 1, wins, losses, draws,
		    100 * p, 100 * margin, ms);
		fflush(stdout);
	}
	return 0;
}
