/*
 * cpu-c6.c - the Connect6 player: a six when there is one, then a forced
 * win by threat-space search, then alpha-beta over whole turns (pairs) with
 * iterative deepening, the pairs chosen by cpu-c6-gen.c.  The first stone of
 * the game and the second stone of a turn already begun are searched as
 * single stones at the root.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "engine/cpu-c6.h"

#define CPU_C6_INF 32000
#define CPU_C6_NODE_PAIRS 512

/* What each level may spend. */
struct cpu_c6_level {
	uint64_t nodes;  /* its own cap; the time given is only a cap */
	int depth;       /* turns of alpha-beta, at most */
	int cells;       /* positional cells a node pairs up */
	int width;       /* pairs searched per node (twice that at the root) */
	int tss;         /* turns of threat-space search; 0 none */
	int noise;       /* random spread added to the root's scores */
	int guard;       /* root pairs checked against the other's tss */
	int gdepth;      /* turns of that tss */
	int widen;       /* pairs more a node tries before it is lost */
};

/*
 * Levels 1 to 4 are parted by what they search, not by the clock, so
 * that a level plays the same at 200 ms a move as at 2 s and on a busy
 * machine as on an idle one; the time given is only a cap.  A node costs
 * some 45 us (it ranks every pair it considers).  Levels 1 to 3 stop at
 * their depth (one, two, three turns: some 12, 40 and 160 nodes), the
 * caps above that only a ceiling; level 4 stops at 400 nodes, some 20 ms
 * on an idle core.  (Level 4 on 250 or 300 nodes scored only 67-71%
 * against level 3; level 5 scored 64-76% against it at 300 to 600 nodes
 * alike, at 200 ms a move with the load at 4-8 on two cores, so its cap
 * sits where the rung below holds.)  Level 3 reads threat wins of one
 * turn on narrower turns (10 cells, 8 pairs); below it the noise grows,
 * and level 1's is wide (500) so that a beginner wins some games: with
 * 300 level 2 scored about 78% against it, with 500 86-90%.
 *
 * Level 5 takes the time it is given (2 s by default) within a generous
 * cap, keeps 90% of it for the alpha-beta (the check of its choice is
 * one threat search, seldom more), reads threat wins six turns deep and
 * checks its choice against the other side's six turns deep too (the
 * threat search keeps its positions in the table, which makes the deeper
 * steps cheap).  In its lost games it drifted for several turns into a
 * position whose threat sequence was deeper than its horizon; wider
 * turns (16 cells, 12 pairs: 62%) or narrower (12 and 8: 68%) and threat
 * searches of eight turns (72%) did not beat the 14-cell, 10-pair search
 * (71-76%) within the noise; at 1 s a move it scored 87.5% +- 10.4%
 * against level 4 (40 games), so at 200 ms its rung is short of time
 * more than of search.  At 200 ms, with the load near 2, it searched
 * some 4,200 nodes a turn to depth 6 against level 4's 290 to depth 4
 * and scored 75.0-78.8% (80 games); a third of its turns were threat
 * wins or sixes, and it scored less with the first turn (70-72%) than
 * with the second (80-85%).  Extending the turns that must block two
 * threats cost it more depth than it found (43%).  A node of level 5
 * whose pairs all lose tries ten more before it is lost (a loss that is
 * only the width's makes it give up a game it holds), and the ranking
 * keeps the best pairs without sorting them all (cpu-c6-gen.c): at 200
 * ms it searched 5,400-6,800 nodes a turn to depth 7 and scored 84.4% +-
 * 5.6% against level 4 over 160 games, with the load at 2 to 7.
 */
static const struct cpu_c6_level cpu_c6_levels[CPU_LEVEL_MAX + 1] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ 100, 1, 8, 6, 0, 500, 0, 0, 0 },
	{ 200, 2, 10, 8, 1, 120, 0, 0, 0 },
	{ 400, 3, 10, 8, 1, 60, 0, 0, 0 },
	{ 400, 8, 14, 10, 3, 0, 8, 2, 0 },
	{ 1000000, 20, 14, 10, 6, 0, 20, 6, 10 },
};

/* Mate scores are stored as distances from the node, not the root. */
static int
cpu_c6_tt_in(int v, int ply)
{
	if (v > CPU_C6_MATE)
		return v + ply;
	if (v < -CPU_C6_MATE)
		return v - ply;
	return v;
}

static int
cpu_c6_tt_out(int v, int ply)
{
	if (v > CPU_C6_MATE)
		return v - ply;
	if (v < -CPU_C6_MATE)
		return v + ply;
	return v;
}

static uint64_t
cpu_c6_key(const struct cpu_c6 *b, int c)
{
	return b->key ^ (c ? 0x6C6C6C6C6C6C6C6CULL : 0x3636363636363636ULL);
}

/* Negamax over whole turns for c, who places two stones now. */
static int
cpu_c6_ab(struct cpu_c6 *b, int c, int depth, int alpha, int beta, int ply)
{
	struct cpu_c6_pair	 list[CPU_C6_NODE_PAIRS];
	struct cpu_tt_entry	*e;
	uint64_t		 key;
	uint32_t		 bestmove = 0;
	int			 n, best = -CPU_C6_INF, a0 = alpha, widened;

	if (cpu_c6_tick(b))
		return 0;
	if (b->nlive[c] > 0)
		return CPU_C6_WIN - ply;
	if (cpu_c6_threats(b, 1 - c) >= 3)
		return -(CPU_C6_WIN - ply - 1);
	if (b->stones + 2 > b->npoints)
		return 0;
	if (depth <= 0)
		return cpu_c6_static(b, c);
	key = cpu_c6_key(b, c);
	if ((e = cpu_tt_probe(b->s->tt, key)) != NULL) {
		int v = cpu_c6_tt_out(e->score, ply);

		if (e->depth >= depth && (e->flag == CPU_TT_EXACT ||
		    (e->flag == CPU_TT_LOWER && v >= beta) ||
		    (e->flag == CPU_TT_UPPER && v <= alpha)))
			return v;
		bestmove = e->move;
	}
	n = cpu_c6_gen(b, c, list, CPU_C6_NODE_PAIRS, b->width);
	widened = b->widen == 0 || n < b->width;
	for (int i = 1; i < n && bestmove != 0; i++) {
		if (list[i].pair == bestmove) {
			struct cpu_c6_pair t = list[i];

			memmove(list + 1, list, (size_t)i * sizeof *list);
			list[0] = t;
			break;
		}
	}
	for (int i = 0; i < n; i++) {
		int pa = CPU_C6_PA(list[i].pair), pb = CPU_C6_PB(list[i].pair);
		int v;

		if (depth == 1) {
			/* The ranking played every pair already. */
			v = cpu_c6_tt_out(list[i].leaf, ply);
			if (v > best) {
				best = v;
				bestmove = list[i].pair;
			}
			continue;
		}
		cpu_c6_put(b, pa, c);
		cpu_c6_put(b, pb, c);
		/* PVS: the first pair is likely the best; the others need
		 * only be shown worse, which a null window does cheaply. */
		if (i == 0 || beta - alpha <= 1)
			v = -cpu_c6_ab(b, 1 - c, depth - 1, -beta, -alpha,
			    ply + 1);
		else {
			v = -cpu_c6_ab(b, 1 - c, depth - 1, -alpha - 1,
			    -alpha, ply + 1);
			if (v > alpha && v < beta && !b->s->stopped)
				v = -cpu_c6_ab(b, 1 - c, depth - 1, -beta,
				    -alpha, ply + 1);
		}
		cpu_c6_take(b, pb);
		cpu_c6_take(b, pa);
		if (b->s->stopped)
			return 0;
		if (v > best) {
			best = v;
			bestmove = list[i].pair;
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
		/* Every pair of the width lost: the loss may be only the
		 * width's (a false loss makes a side give up a game it
		 * holds).  The next pairs in rank, once, before the node is
		 * called lost; the ranking is the board's alone, so the
		 * first n come again in the same order (the table's pair
		 * moved to the front is among them). */
		if (i == n - 1 && !widened && best < -CPU_C6_MATE) {
			widened = 1;
			n = cpu_c6_gen(b, c, list, CPU_C6_NODE_PAIRS,
			    b->width + b->widen);
		}
	}
	if (n == 0)
		return 0;
	cpu_tt_store(b->s->tt, key, bestmove, cpu_c6_tt_in(best, ply), depth,
	    best <= a0 ? CPU_TT_UPPER : best >= beta ? CPU_TT_LOWER :
	    CPU_TT_EXACT);
	return best;
}

/*
 * Run f's part of the search under a share of what is left: a node budget
 * and a slice of the time.  Whether the whole search must end is judged
 * again after, so that running out of the share stops only the part.
 */
struct cpu_c6_share {
	uint64_t cap;
	int64_t deadline;
};

/*
 * `timed`: the level goes by its time (level 5, whose cap is only a
 * ceiling), so the part gets a share of the clock too.  The others share
 * their nodes only and keep the whole turn's time as a ceiling: a share of
 * the clock would cut a part short on a busy machine, and levels 1 to 4
 * must play the same under any load.
 */
static void
cpu_c6_share_begin(struct cpu_c6 *b, struct cpu_c6_share *sh, int permille,
    int timed)
{
	struct cpu_search	*s = b->s;

	sh->cap = s->node_cap;
	sh->deadline = s->deadline_us;
	if (s->node_cap > s->nodes)
		s->node_cap = s->nodes + (s->node_cap - s->nodes) *
		    (uint64_t)permille / 1000 + 1;
	if (timed && s->deadline_us != 0) {
		int64_t now = cpu_now_us();

		if (s->deadline_us > now)
			s->deadline_us = now + (s->deadline_us - now) *
			    permille / 1000;
	}
}

static void
cpu_c6_share_end(struct cpu_c6 *b, struct cpu_c6_share *sh)
{
	struct cpu_search	*s = b->s;

	s->node_cap = sh->cap;
	s->deadline_us = sh->deadline;
	s->stopped = 0;
	cpu_search_done(s);
}

/* How many of c's live windows a stone on p blocks. */
static int
cpu_c6_blocks(const struct cpu_c6 *b, int c, int p)
{
	int	 n = 0;

	for (int i = 0; i < b->nlive[c]; i++) {
		for (int j = 0; j < 6; j++)
			n += b->wcell[b->live[c][i]][j] == p;
	}
	return n;
}

/* The answer, the stone that blocks more of the other's threats first
 * (a caller that plays the first alone has blocked what one can), unless
 * c is -1: a six, in the order given. */
static void
cpu_c6_answer(struct cpu_c6 *b, int c, struct cpu_result *res, int pa,
    int pb)
{
	if (pb >= 0 && c >= 0 && cpu_c6_blocks(b, 1 - c, pb) >
	    cpu_c6_blocks(b, 1 - c, pa)) {
		int t = pa;

		pa = pb;
		pb = t;
	}
	res->nmoves = pb >= 0 ? 2 : 1;
	res->move[0].from = res->move[1].from = -1;
	res->move[0].to = (int16_t)pa;
	res->move[1].to = (int16_t)(pb >= 0 ? pb : pa);
}

/* The root's candidates, one stone or a pair each, as a pair with b = -1
 * for a single stone. */
struct cpu_c6_root {
	int a, b;
	int order;
	int score;
};

static int
cpu_c6_root_cmp(const void *x, const void *y)
{
	const struct cpu_c6_root	*p = x, *q = y;

	if (p->score != q->score)
		return p->score > q->score ? -1 : 1;
	return p->order - q->order;
}

/* Does one stone of the pair alone block every threat of c's opponent? */
static int
cpu_c6_pair_blocks(const struct cpu_c6 *b, int c, uint32_t pair)
{
	return cpu_c6_hits_all(b, 1 - c, CPU_C6_PA(pair), -1) ||
	    cpu_c6_hits_all(b, 1 - c, CPU_C6_PB(pair), -1);
}

/* The candidates for c with `left` stones to place now, best first. */
static int
cpu_c6_root_gen(struct cpu_c6 *b, int c, int left, struct cpu_c6_root *out,
    int max)
{
	int	 n = 0;

	if (left == 2) {
		struct cpu_c6_pair list[CPU_C6_NODE_PAIRS];
		int np = cpu_c6_gen(b, c, list, CPU_C6_NODE_PAIRS,
		    2 * b->width);
		int single = 0;

		/*
		 * Where one stone blocks every threat, the first of the pair
		 * must, at every level: a noisy level would otherwise take
		 * two stones that block only together, and a turn cut after
		 * its first stone would leave the six open.  So only pairs
		 * holding such a stone, when the list has one (cpu_c6_answer
		 * puts it first).
		 */
		if (cpu_c6_threats(b, 1 - c) == 1) {
			for (int i = 0; i < np && !single; i++)
				single = cpu_c6_pair_blocks(b, c, list[i].pair);
		}
		for (int i = 0; i < np && n < max; i++) {
			if (single && !cpu_c6_pair_blocks(b, c, list[i].pair))
				continue;
			out[n].a = CPU_C6_PA(list[i].pair);
			out[n].b = CPU_C6_PB(list[i].pair);
			n++;
		}
	} else {
		int cells[64], nc;

		/* A block is all that counts while the other threatens. */
		if (b->nlive[1 - c] > 0)
			nc = cpu_c6_live_empties(b, 1 - c, cells, 64);
		else
			nc = cpu_c6_cells(b, c, cells, 2 * b->cells);
		for (int i = 0; i < nc && n < max; i++, n++) {
			out[n].a = cells[i];
			out[n].b = -1;
		}
		/* The best block first: the one leaving fewest threats. */
		for (int i = 0; i < n && b->nlive[1 - c] > 0; i++) {
			cpu_c6_put(b, out[i].a, c);
			out[i].score = -cpu_c6_threats(b, 1 - c) * 10000 -
			    cpu_c6_static(b, 1 - c);
			cpu_c6_take(b, out[i].a);
		}
		for (int i = 0; i < n && b->nlive[1 - c] == 0; i++)
			out[i].score = 0;
		for (int i = 0; i < n; i++)
			out[i].order = i;
		qsort(out, (size_t)n, sizeof *out, cpu_c6_root_cmp);
	}
	for (int i = 0; i < n; i++) {
		out[i].order = i;
		out[i].score = -CPU_C6_INF;
	}
	return n;
}

static int
cpu_c6_root_value(struct cpu_c6 *b, int c, const struct cpu_c6_root *r,
    int depth, int alpha, int beta)
{
	int	 v;

	cpu_c6_put(b, r->a, c);
	if (r->b >= 0)
		cpu_c6_put(b, r->b, c);
	v = -cpu_c6_ab(b, 1 - c, depth - 1, -beta, -alpha, 1);
	if (r->b >= 0)
		cpu_c6_take(b, r->b);
	cpu_c6_take(b, r->a);
	return v;
}

/* Does the other side have a forced win after candidate r? -1 stopped. */
static int
cpu_c6_root_refuted(struct cpu_c6 *b, int c, const struct cpu_c6_root *r,
    int depth)
{
	uint32_t	 pair;
	int		 v;

	cpu_c6_put(b, r->a, c);
	if (r->b >= 0)
		cpu_c6_put(b, r->b, c);
	v = cpu_c6_tss(b, 1 - c, depth, &pair);
	if (r->b >= 0)
		cpu_c6_take(b, r->b);
	cpu_c6_take(b, r->a);
	return v;
}

/*
 * Iterative deepening at the root.  Low levels add noise to each
 * candidate's score (never to a won or lost one) and so search every
 * candidate with a full window; the others narrow it as usual.
 */
static int
cpu_c6_root_search(struct cpu_c6 *b, int c, const struct cpu_c6_level *lv,
    struct cpu_c6_root *list, int n, struct cpu_result *res)
{
	int	 best = 0;

	for (int depth = 1; depth <= lv->depth; depth++) {
		int alpha = -CPU_C6_INF, done = 0;

		for (int i = 0; i < n; i++) {
			int v, lo = lv->noise ? -CPU_C6_INF : alpha;

			if (lv->noise || i == 0)
				v = cpu_c6_root_value(b, c, &list[i], depth,
				    lo, CPU_C6_INF);
			else {
				v = cpu_c6_root_value(b, c, &list[i], depth,
				    alpha, alpha + 1);
				if (v > alpha && !b->s->stopped)
					v = cpu_c6_root_value(b, c, &list[i],
					    depth, alpha, CPU_C6_INF);
			}
			if (b->s->stopped)
				break;
			if (lv->noise && v > -CPU_C6_MATE && v < CPU_C6_MATE)
				v += cpu_rand_below(b->s, 2 * lv->noise + 1) -
				    lv->noise;
			list[i].score = v;
			done++;
			if (v > alpha)
				alpha = v;
		}
		if (done == 0)
			break;
		/* A partial iteration still ranks what it searched, the last
		 * one's best first among them; the rest go after. */
		for (int i = done; i < n; i++)
			list[i].score = -CPU_C6_INF;
		qsort(list, (size_t)n, sizeof *list, cpu_c6_root_cmp);
		best = list[0].score;
		res->depth = depth;
		if (done < n || best > CPU_C6_MATE || best < -CPU_C6_MATE)
			break;
		for (int i = 0; i < n; i++)
			list[i].order = i;
	}
	return best;
}

int
cpu_c6_think(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	struct stone_info		 info;
	const struct stone_board	*sb;
	const struct cpu_c6_level	*lv;
	struct cpu_c6			*b;
	struct cpu_c6_root		 list[128];
	struct cpu_c6_share		 sh;
	int c, n, cells[2], level, best = 0, rc = 0, guarded;
	uint32_t			 pair;

	if (stone_game_info(g, &info) != 0 ||
	    info.kind != STONE_INFO_CONNECT6 ||
	    (sb = stone_game_board(g)) == NULL || info.left < 1)
		return -1;
	if ((b = malloc(sizeof *b)) == NULL)
		return -1;
	cpu_c6_init(b, sb->size);
	for (int p = 0; p < b->npoints; p++) {
		if (sb->cell[p] != STONE_EMPTY)
			cpu_c6_put(b, p, sb->cell[p] == STONE_BLACK ? 0 : 1);
	}
	level = s->limits->level;
	if (level < CPU_LEVEL_MIN)
		level = CPU_LEVEL_MIN;
	if (level > CPU_LEVEL_MAX)
		level = CPU_LEVEL_MAX;
	lv = &cpu_c6_levels[level];
	if (s->node_cap == 0 || s->node_cap > lv->nodes)
		s->node_cap = lv->nodes;
	b->s = s;
	b->cells = lv->cells;
	b->width = lv->width;
	b->widen = lv->widen;
	c = info.to_move;

	if ((n = cpu_c6_win_cells(b, c, info.left, cells)) > 0) {
		cpu_c6_answer(b, -1, res, cells[0], n == 2 ? cells[1] : -1);
		if (info.left == 2 && n == 1) {
			/* The six ends the game and the second stone is never
			 * played, but a turn of two names two points. */
			for (int p = 0; p < b->npoints; p++) {
				if (b->cell[p] == 0 && p != cells[0]) {
					cpu_c6_answer(b, -1, res, cells[0], p);
					break;
				}
			}
		}
		res->score = CPU_C6_WIN;
		snprintf(res->pv, sizeof res->pv, "six");
		goto out;
	}
	n = cpu_c6_root_gen(b, c, info.left, list, 128);
	if (n == 0) {
		rc = -1;
		goto out;
	}
	/* The quick answer, should the search be stopped at once. */
	cpu_c6_answer(b, c, res, list[0].a, list[0].b);
	snprintf(res->pv, sizeof res->pv, "static");
	if (b->stones == 0 || n == 1 || cpu_search_done(s))
		goto out;

	/* The threat-space search blocks while it attacks: its pairs answer
	 * every threat of the other side first. */
	if (info.left == 2 && lv->tss > 0) {
		cpu_c6_share_begin(b, &sh, 300, level == CPU_LEVEL_MAX);
		for (int d = 1, r = 0; d <= lv->tss && r >= 0; d++) {
			if ((r = cpu_c6_tss(b, c, d, &pair)) != 1)
				continue;
			cpu_c6_share_end(b, &sh);
			cpu_c6_answer(b, c, res, CPU_C6_PA(pair),
			    CPU_C6_PB(pair));
			res->score = CPU_C6_WIN - 2 * d;
			snprintf(res->pv, sizeof res->pv, "tss win in %d", d);
			goto out;
		}
		cpu_c6_share_end(b, &sh);
	}
	if (cpu_search_done(s))
		goto out;

	/* Read once: the share begun must be the share ended. */
	guarded = lv->guard > 0;
	if (guarded)
		cpu_c6_share_begin(b, &sh, 900, level == CPU_LEVEL_MAX);
	best = cpu_c6_root_search(b, c, lv, list, n, res);
	if (guarded) {
		cpu_c6_share_end(b, &sh);
		/* A pair the other side wins against by threats is not worth
		 * its score; take the best one he cannot. */
		for (int i = 0; i < n && i < lv->guard; i++) {
			int r = cpu_c6_root_refuted(b, c, &list[i],
			    lv->gdepth);

			if (r == 0) {
				if (i > 0) {
					struct cpu_c6_root t = list[i];

					list[i] = list[0];
					list[0] = t;
				}
				break;
			}
			if (r < 0)
				break;
		}
	}
	cpu_c6_answer(b, c, res, list[0].a, list[0].b);
	res->score = best;
	snprintf(res->pv, sizeof res->pv, "depth %d", res->depth);
out:
	free(b);
	return rc;
}
