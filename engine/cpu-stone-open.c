/*
 * cpu-stone-open.c - swap and swap2: the first player's three stones come
 * from a small set of openings that leave neither side far ahead (chosen at
 * random, in any of the eight symmetries); swap2's two more stones are the
 * ones after which the search sees the game closest to even; the chooser
 * takes the colour the search prefers, or asks for more when it is close.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-stone.h"

/* Black, white, black, as (col, row) from the centre. */
static const int8_t cpu_stone_openings[][3][2] = {
	{ { 0, 0 }, { 1, 0 }, { -2, 2 } },
	{ { 0, 0 }, { 1, 1 }, { 3, 0 } },
	{ { 0, 0 }, { 0, 1 }, { 2, -3 } },
	{ { 0, 0 }, { 2, 1 }, { -1, -3 } },
	{ { 0, 0 }, { 1, -1 }, { -3, -1 } },
	{ { 0, 0 }, { -1, 2 }, { 3, 1 } },
	{ { 0, 0 }, { 2, 0 }, { 0, 3 } },
	{ { 0, 0 }, { 1, 2 }, { -3, 0 } },
};
#define CPU_STONE_NOPENINGS \
	(int)(sizeof cpu_stone_openings / sizeof cpu_stone_openings[0])

/* Within this of even, the chooser asks for more stones. */
#define CPU_STONE_EVEN 40

static int
cpu_stone_open_point(int size, int o, int i, int sym)
{
	int x = cpu_stone_openings[o][i][0], y = cpu_stone_openings[o][i][1];

	if (sym & 4) {
		int t = x;

		x = y;
		y = t;
	}
	if (sym & 1)
		x = -x;
	if (sym & 2)
		y = -y;
	return (size / 2 + x) * size + size / 2 + y;
}

/* The openings (and symmetries) the stones on the board are the start
 * of, so that a turn split over several calls stays one opening. */
static int
cpu_stone_open_three(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	const struct stone_board *b = stone_game_board(g);
	int match[CPU_STONE_NOPENINGS * 8], n = 0, k = b->stones, pick, p;

	if (k > 2)
		return -1;
	for (int o = 0; o < CPU_STONE_NOPENINGS; o++) {
		for (int sym = 0; sym < 8; sym++) {
			int same = 0;

			for (int i = 0; i < k; i++) {
				p = cpu_stone_open_point(b->size, o, i, sym);
				same += b->cell[p] == (i % 2 ? STONE_WHITE :
				    STONE_BLACK);
			}
			if (same == k)
				match[n++] = o * 8 + sym;
		}
	}
	if (n == 0)
		return -1;
	pick = match[cpu_rand_below(s, n)];
	p = cpu_stone_open_point(b->size, pick / 8, k, pick % 8);
	if (b->cell[p] != STONE_EMPTY)
		return -1;
	res->nmoves = 1;
	res->move[0].from = -1;
	res->move[0].to = (int16_t)p;
	snprintf(res->pv, sizeof res->pv, "opening %d", pick / 8 + 1);
	return 0;
}

/* Swap2's extra stones: the candidate that leaves the game most even. */
static int
cpu_stone_open_more(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	struct cpu_stone_pos *pos;
	struct cpu_stone_ab *ab;
	int moves[16], n, best = -1, bestv = 0;

	if ((pos = malloc(sizeof *pos)) == NULL)
		return -1;
	if ((ab = calloc(1, sizeof *ab)) == NULL ||
	    cpu_stone_pos_init(pos, g) != 0) {
		free(ab);
		free(pos);
		return -1;
	}
	ab->pos = pos;
	ab->s = s;
	ab->width = 10;
	for (int i = 0; i < CPU_STONE_MAXPLY; i++)
		ab->killer[i][0] = ab->killer[i][1] = -1;
	n = cpu_stone_moves(ab, moves, 12, -1, 0);
	for (int i = 0; i < n; i++) {
		int v;

		cpu_stone_put(pos, moves[i]);
		v = abs(cpu_stone_search(ab, 3, -30000, 30000, 1)) +
		    cpu_rand_below(s, 12);
		cpu_stone_undo(pos);
		if (s->stopped)
			break;
		if (best < 0 || v < bestv) {
			bestv = v;
			best = moves[i];
		}
	}
	if (best < 0 && n > 0)
		best = moves[0];
	free(ab);
	free(pos);
	if (best < 0)
		return -1;
	res->nmoves = 1;
	res->move[0].from = -1;
	res->move[0].to = (int16_t)best;
	snprintf(res->pv, sizeof res->pv, "swap2 even %d", bestv);
	return 0;
}

int
cpu_stone_opening(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	struct stone_info info;

	if (stone_game_info(g, &info) != 0)
		return -1;
	if (info.stage == STONE_INFO_THREE)
		return cpu_stone_open_three(g, s, res);
	return cpu_stone_open_more(g, s, res);
}

int
cpu_stone_choose(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	struct cpu_stone_pos *pos;
	struct cpu_result judged;
	struct game_status st;
	int level = s->limits->level, v, mover;
	unsigned mine, theirs;

	g->variant->status(g, &st);
	if ((pos = malloc(sizeof *pos)) == NULL)
		return -1;
	if (cpu_stone_pos_init(pos, g) != 0) {
		free(pos);
		return -1;
	}
	mover = pos->to_move;
	memset(&judged, 0, sizeof judged);
	if (level > 4)
		level = 4;
	v = cpu_stone_root(NULL, pos, s, level < 2 ? 2 : level, &judged) == 0 ?
	    judged.score : 0;
	free(pos);
	/* v is the value for the side to move; the chooser takes a colour. */
	mine = mover == 0 ? GAME_CHOICE_BLACK : GAME_CHOICE_WHITE;
	theirs = mover == 0 ? GAME_CHOICE_WHITE : GAME_CHOICE_BLACK;
	res->is_choice = 1;
	res->nmoves = 0;
	res->score = v;
	if ((st.choices & GAME_CHOICE_MORE) && abs(v) <= CPU_STONE_EVEN)
		res->choice = GAME_CHOICE_MORE;
	else
		res->choice = v >= 0 ? mine : theirs;
	snprintf(res->pv, sizeof res->pv, "choose %+d", v);
	return 0;
}
