/*
 * cpu-yonin-match.h - four-player shogi games between the CPU and simple
 * players, shared by tests/unit/test-cpu-yonin.c and
 * tests/bench/bench-cpu-yonin.c.
 */
#ifndef TESTS_CPU_YONIN_MATCH_H
#define TESTS_CPU_YONIN_MATCH_H

#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "engine/game.h"
#include "engine/yonin.h"

/* Who sits in a seat: a CPU level (1..5), or one of these. */
#define MATCH_RANDOM 0
#define MATCH_GREEDY (-1)	/* the biggest capture, else at random */

#define MATCH_RECORD 400	/* plies recorded (the bench's limit is 300) */

struct match {
	int who[YONIN_SEATS];
	uint64_t nodes[YONIN_SEATS];	/* the CPU seats' node limits */
	int timed;			/* the levels' own time limits instead */
	int movelimit;
	int pairs;
	unsigned seed;
	struct cpu_tt *tt;
	int illegal;			/* a CPU answer the rules refused */
	int plies;
	struct game_status end;
	int nout, out[3], by[3];	/* who went out, and by whom */
	/* The game as played, for the bench's trace: each ply's mover and
	 * move, and for a CPU its score and depth (0 for a simple player). */
	struct move rec[MATCH_RECORD];
	int8_t rec_mover[MATCH_RECORD];
	int8_t rec_depth[MATCH_RECORD];
	int16_t rec_score[MATCH_RECORD];
};

static const int match_value[6] = { 0, 0, 6, 9, 5, 1 };

static struct game *
match_game(int pairs, int movelimit)
{
	char lim[32], err[GAME_ERR_LEN];
	char *opt[2] = { lim, "mode=pairs" };

	snprintf(lim, sizeof lim, "movelimit=%d", movelimit);
	return game_new("yonin", pairs ? 2 : 1, opt, err, sizeof err);
}

static unsigned
match_rand(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 16;
}

/* A random or greedy player's move. */
static struct move
match_simple(const struct game *g, int greedy, unsigned *seed)
{
	static struct move list[1024];
	struct yonin_piece p;
	int n = g->variant->legal(g, list, 1024), best = -1, bv = 0;

	if (n > 1024)
		n = 1024;
	if (greedy) {
		int start = (int)(match_rand(seed) % (unsigned)n);

		for (int j = 0; j < n; j++) {
			int i = (start + j) % n;

			if (list[i].from >= 0 && yonin_piece_at(g, list[i].to,
			    &p) && match_value[p.kind] > bv) {
				bv = match_value[p.kind];
				best = i;
			}
		}
	}
	if (best < 0)
		best = (int)(match_rand(seed) % (unsigned)n);
	return list[best];
}

/*
 * The fair head-to-head score of one game between two sides of two seats
 * each (bit s of `mask` set: seat s plays for the first side): every
 * (first, second) pair of players scores 1 to the first side when it
 * ranked better, 1/2 for a tie or an unranked game, 0 when worse; the
 * game's score is the mean of its four pairs.  Ranking first against three
 * weaker players is not asked of anyone, so the measure does not lean on
 * who sits where or how many play a level.
 */
static double
match_pairwise(const struct game_status *end, unsigned mask)
{
	double score = 0;
	int pairs = 0;

	for (int a = 0; a < YONIN_SEATS; a++) {
		if (!(mask >> a & 1))
			continue;
		for (int b = 0; b < YONIN_SEATS; b++) {
			int ra = end->rank[a], rb = end->rank[b];

			if (mask >> b & 1)
				continue;
			pairs++;
			if (ra == 0 || rb == 0 || ra == rb)
				score += 0.5;
			else if (ra < rb)
				score += 1;
		}
	}
	return pairs > 0 ? score / pairs : 0.5;
}

/* Play one game to its end; 0, or -1 when something failed. */
static int
match_play(struct match *m)
{
	struct game *g = match_game(m->pairs, m->movelimit);
	struct game_status st;
	char err[GAME_ERR_LEN];

	if (g == NULL)
		return -1;
	/* Each game from an empty table, so that a game replays alike
	 * whatever was played before it. */
	if (m->tt != NULL)
		cpu_tt_clear(m->tt);
	m->illegal = 0;
	for (m->plies = 0; ; m->plies++) {
		struct move mv;
		int who, score = 0, depth = 0;

		g->variant->status(g, &st);
		if (st.phase == GAME_OVER)
			break;
		who = m->who[st.to_move];
		if (who > 0) {
			struct cpu_limits lim;
			struct cpu_result r;

			cpu_limits_default(&lim, who);
			if (!m->timed) {
				lim.time_ms = 0;
				lim.nodes = m->nodes[st.to_move];
			}
			lim.seed = match_rand(&m->seed);
			lim.tt = m->tt;
			if (cpu_think(g, &lim, NULL, &r, err,
			    sizeof err) != 0 || r.nmoves != 1) {
				game_free(g);
				return -1;
			}
			mv = r.move[0];
			score = r.score;
			depth = r.depth;
		} else
			mv = match_simple(g, who == MATCH_GREEDY, &m->seed);
		if (g->variant->play(g, st.to_move, &mv, err,
		    sizeof err) != 0) {
			m->illegal++;
			game_free(g);
			return -1;
		}
		if (m->plies < MATCH_RECORD) {
			m->rec[m->plies] = mv;
			m->rec_mover[m->plies] = (int8_t)st.to_move;
			m->rec_depth[m->plies] = (int8_t)depth;
			m->rec_score[m->plies] = (int16_t)score;
		}
	}
	m->end = st;
	m->nout = yonin_eliminated(g, m->out, m->by);
	game_free(g);
	return 0;
}

#endif
