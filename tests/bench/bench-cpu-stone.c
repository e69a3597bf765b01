/*
 * bench-cpu-stone.c - the five-in-a-row player's figures: for each level,
 * on quiet middle games of freestyle and renju, the time to a move, the
 * nodes, nodes per second of processor time and the depth reached; then
 * level N against level N-1 in self-play (games alternating colours from
 * varied openings) with a 95% margin.
 *
 *   bench-cpu-stone [GAMES [MS [VARIANT]]]
 *	games per pairing (20; 0: no self-play), ms per move (2000; 0: node
 *	caps only, as on an idle core), the variant of the self-play (renju)
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

/* About what level 5 searches in its default time on one core. */
#define BENCH_MASTER_NODES 1000000

static struct game *
bench_game(const char *name)
{
	char err[GAME_ERR_LEN];
	struct game *g = game_new(name, 0, NULL, err, sizeof err);

	if (g == NULL) {
		fprintf(stderr, "%s: %s\n", name, err);
		exit(1);
	}
	return g;
}

static int
bench_move(struct game *g, int level, int ms, uint64_t nodes, uint64_t seed,
    struct cpu_tt *tt, struct cpu_result *r)
{
	struct cpu_limits lim;
	struct game_status st;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, level);
	lim.time_ms = ms;
	lim.nodes = nodes;
	lim.seed = seed;
	lim.tt = tt;
	if (cpu_think(g, &lim, NULL, r, err, sizeof err) != 0)
		return -1;
	g->variant->status(g, &st);
	if (r->is_choice)
		return g->variant->choose(g, r->choice, err, sizeof err);
	return g->variant->play(g, st.to_move, &r->move[0], err, sizeof err);
}

/*
 * A varied opening the centre rule allows: Black on the centre, White
 * next to it, then a black and a white stone within two of the centre.
 */
static void
bench_opening(struct game *g, uint64_t *x)
{
	const struct stone_board *b = stone_game_board(g);
	int c = b->size / 2;
	char err[GAME_ERR_LEN];

	for (int i = 0; i < 4; i++) {
		struct game_status st;
		struct move m = { -1, 0, 0, 0 };
		int reach = i == 0 ? 0 : i == 1 ? 1 : 2;

		do {
			*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
			m.to = (int16_t)((c - reach + (int)(*x >> 33) %
			    (2 * reach + 1)) * b->size + c - reach +
			    (int)(*x >> 50) % (2 * reach + 1));
		} while (b->cell[m.to] != STONE_EMPTY);
		g->variant->status(g, &st);
		g->variant->play(g, st.to_move, &m, err, sizeof err);
	}
}

/* Middle games: an opening, then a few moves of quick self-play. */
static struct game *
bench_middle(const char *name, uint64_t seed, struct cpu_tt *tt)
{
	struct game *g = bench_game(name);
	struct cpu_result r;
	uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 7;

	bench_opening(g, &x);
	for (int i = 0; i < 16; i++) {
		struct game_status st;

		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING ||
		    bench_move(g, 2, 0, 0, seed + (uint64_t)i, tt, &r) != 0)
			break;
	}
	return g;
}

/* The first `n` middle games from `seed` on that ask for a search (not a
 * forced block, a five or a threat win), into g[]; how many were found. */
static int
bench_quiet(const char *name, uint64_t seed, struct game **g, int n,
    struct cpu_tt *tt)
{
	int found = 0;

	for (; seed < 200 && found < n; seed++) {
		struct game *pos = bench_middle(name, seed, tt), *copy;
		struct cpu_result r;

		copy = game_copy(pos);
		if (bench_move(copy, 1, 0, 0, 1, tt, &r) == 0 &&
		    r.pv[0] == 'd')
			g[found++] = pos;
		else
			game_free(pos);
		game_free(copy);
	}
	return found;
}

/* Per level, on the same quiet middle games at `ms` a move. */
static void
bench_levels(const char *name, int ms, struct cpu_tt *tt)
{
	struct game *g[6];
	int n = bench_quiet(name, 9, g, 6, tt);

	printf("%s, %d quiet middle games, %d ms a move:\n", name, n, ms);
	for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX; level++) {
		struct level_figures t = { 0 };

		for (int i = 0; i < n; i++) {
			struct game *copy = game_copy(g[i]);
			struct cpu_result r;
			double t0 = level_figures_clock();

			cpu_tt_clear(tt);
			if (bench_move(copy, level, ms, 0, 1, tt, &r) == 0)
				level_figures_add(&t, &r,
				    level_figures_clock() - t0);
			game_free(copy);
		}
		level_figures_print(&t, level);
	}
	for (int i = 0; i < n; i++)
		game_free(g[i]);
	fflush(stdout);
}

/* One game: 1 when `strong` wins, 0.5 a draw, 0 a loss. */
static double
bench_game_play(const char *name, int strong, int weak, int strong_black,
    int ms, uint64_t seed, struct cpu_tt *tt)
{
	struct game *g = bench_game(name);
	struct game_status st;
	double score = 0.5;
	uint64_t x = seed * 0xD1B54A32D192ED03ULL + 3;

	bench_opening(g, &x);
	for (int ply = 0; ply < 400; ply++) {
		struct cpu_result r;
		int level;

		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		level = (st.to_move == 0) == strong_black ? strong : weak;
		/* MS 0: no clock, each level's own node cap (level 5 that of
		 * its default time on one core), the same on any machine. */
		if (bench_move(g, level, ms, ms == 0 && level == CPU_LEVEL_MAX ?
		    BENCH_MASTER_NODES : 0, seed * 1000 + (uint64_t)ply, tt,
		    &r) != 0)
			break;
	}
	g->variant->status(g, &st);
	if (st.phase == GAME_OVER && st.winner >= 0)
		score = (st.winner == 0) == strong_black ? 1.0 : 0.0;
	game_free(g);
	return score;
}

static void
bench_match(const char *name, int games, int ms, struct cpu_tt *tt)
{
	printf("%s self-play, %d games a pairing, %d ms a move:\n", name,
	    games, ms);
	for (int strong = 2; strong <= CPU_LEVEL_MAX; strong++) {
		double sum = 0, p, margin;

		for (int i = 0; i < games; i++) {
			cpu_tt_clear(tt);
			sum += bench_game_play(name, strong, strong - 1, i % 2 == 0,
			    ms, (uint64_t)(i / 2 + 1), tt);
		}
		p = sum / games;
		margin = 1.96 * sqrt(p * (1 - p) / games);
		printf("  level %d vs %d: %.1f/%d = %.0f%% +- %.0f%%\n", strong,
		    strong - 1, sum, games, p * 100, margin * 100);
		fflush(stdout);
	}
}

int
main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 20;
	int ms = argc > 2 ? atoi(argv[2]) : CPU_DEFAULT_TIME_MS;
	struct cpu_tt *tt = cpu_tt_new(CPU_DEFAULT_TT_BYTES);

	if (tt == NULL)
		return 1;
	bench_levels("freestyle", ms, tt);
	bench_levels("renju", ms, tt);
	/* Renju: the restrictions keep Black's first move from deciding
	 * most games between players who both see their threats. */
	if (games > 0)
		bench_match(argc > 3 ? argv[3] : "renju", games, ms, tt);
	cpu_tt_free(tt);
	return 0;
}
