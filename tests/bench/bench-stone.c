/*
 * bench-stone.c - prints how fast the stone engine is: full restricted-
 * point maps of 15x15 middle games with 60 stones, and play+undo.
 * A benchmark prints figures; it never passes or fails on them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/forbidden.h"
#include "engine/game.h"
#include "engine/stone.h"

#define BENCH_POSITIONS 8
#define BENCH_STONES 60

static double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t
bench_rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/*
 * A plausible game: each stone goes next to (within two points of) a
 * stone already on the board, alternating colours, and no one has a five
 * yet.
 */
static struct game *
bench_position(uint64_t *s)
{
	char err[GAME_ERR_LEN];
	struct game *g = game_new("freestyle", 0, NULL, err, sizeof err);
	const struct stone_board *b;

	if (g == NULL) {
		fprintf(stderr, "bench-stone: %s\n", err);
		exit(1);
	}
	b = stone_game_board(g);
	while (b->stones < BENCH_STONES) {
		struct game_status st;
		struct move m = { -1, 7 * 15 + 7, 0, 0 };

		if (b->stones > 0) {
			int p = (int)(bench_rng(s) % 225), near = 0;

			if (b->cell[p] != STONE_EMPTY)
				continue;
			for (int dx = -2; dx <= 2; dx++) {
				for (int dy = -2; dy <= 2; dy++) {
					int x = p / 15 + dx, y = p % 15 + dy;

					if (x >= 0 && y >= 0 && x < 15 &&
					    y < 15 && b->cell[x * 15 + y] != 0)
						near = 1;
				}
			}
			if (!near)
				continue;
			m.to = (int16_t)p;
		}
		g->variant->apply(g, &m);
		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING)
			g->variant->undo(g);
	}
	return g;
}

static void
bench_maps(struct game **pos)
{
	uint8_t map[STONE_MAX_POINTS];
	long n = 0;
	int restricted = 0;
	double start = bench_now(), elapsed;

	for (int i = 0; i < BENCH_POSITIONS; i++)
		restricted += forbidden_map(stone_game_board(pos[i]), map);
	do {
		for (int k = 0; k < 1000; k++) {
			forbidden_map(stone_game_board(pos[n %
			    BENCH_POSITIONS]), map);
			n++;
		}
		elapsed = bench_now() - start;
	} while (elapsed < 2.0);
	printf("forbidden_map, 15x15 with %d stones (%d positions, %d "
	    "restricted points in all): %.0f maps/s (%.2f us per map)\n",
	    BENCH_STONES, BENCH_POSITIONS, restricted, (double)n / elapsed,
	    elapsed / (double)n * 1e6);
}

/* apply+undo of every legal move in turn, through the variant ops. */
static void
bench_play_undo(const char *variant, const char *option, struct game **pos,
    int judged)
{
	struct move moves[BENCH_POSITIONS][STONE_MAX_POINTS];
	struct game *g[BENCH_POSITIONS];
	int count[BENCH_POSITIONS];
	char err[GAME_ERR_LEN], *opt[1] = { (char *)option };
	long n = 0;
	double start, elapsed;

	for (int i = 0; i < BENCH_POSITIONS; i++) {
		/* The same stones under this variant's rules. */
		g[i] = game_new(variant, option != NULL, opt, err, sizeof err);
		if (g[i] == NULL) {
			fprintf(stderr, "bench-stone: %s\n", err);
			exit(1);
		}
		{
			/* Copy the stones in with gh-setup tokens. */
			char tokbuf[BENCH_STONES][8];
			char *tok[BENCH_STONES + 2];
			const struct stone_board *b =
			    stone_game_board(pos[i]);
			int nt = 0;

			for (int p = 0; p < 225; p++) {
				char text[4];

				if (b->cell[p] == STONE_EMPTY)
					continue;
				stone_point_format(15, p, text);
				snprintf(tokbuf[nt], sizeof tokbuf[nt], "%s:%s",
				    text, b->cell[p] == STONE_BLACK ? "b" :
				    "w");
				tok[nt] = tokbuf[nt];
				nt++;
			}
			tok[nt++] = (char *)"tomove:black";
			if (game_setup(g[i], nt, tok, err, sizeof err) != 0) {
				fprintf(stderr, "bench-stone: %s\n", err);
				exit(1);
			}
		}
		count[i] = g[i]->variant->legal(g[i], moves[i],
		    STONE_MAX_POINTS);
	}
	start = bench_now();
	do {
		for (int i = 0; i < BENCH_POSITIONS; i++) {
			const struct variant *v = g[i]->variant;

			for (int k = 0; k < count[i]; k++) {
				if (judged)
					v->play(g[i], 0, &moves[i][k], err,
					    sizeof err);
				else
					v->apply(g[i], &moves[i][k]);
				v->undo(g[i]);
			}
			n += count[i];
		}
		elapsed = bench_now() - start;
	} while (elapsed < 2.0);
	printf("%s%s%s: %s+undo of Black's moves at 60 stones: %.1f "
	    "million/s\n", variant, option != NULL ? " " : "",
	    option != NULL ? option : "", judged ? "play (judged)" : "apply",
	    (double)n / elapsed / 1e6);
	for (int i = 0; i < BENCH_POSITIONS; i++)
		game_free(g[i]);
}

int
main(void)
{
	struct game *pos[BENCH_POSITIONS];
	uint64_t seed = 0x9e3779b97f4a7c15ull;

	for (int i = 0; i < BENCH_POSITIONS; i++)
		pos[i] = bench_position(&seed);
	bench_maps(pos);
	bench_play_undo("freestyle", NULL, pos, 0);
	bench_play_undo("freestyle", NULL, pos, 1);
	bench_play_undo("renju", NULL, pos, 0);
	bench_play_undo("renju", NULL, pos, 1);
	bench_play_undo("gomoku", "restrict=on", pos, 1);
	for (int i = 0; i < BENCH_POSITIONS; i++)
		game_free(pos[i]);
	return 0;
}
