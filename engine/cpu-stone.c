/*
 * cpu-stone.c - the five-in-a-row player (gomoku, freestyle, standard,
 * renju).  At the root, in order: a five to play, a five to stop, an open
 * four; then a win by fours (VCF), an answer to an open three, a win by
 * threes and fours (VCT); the moves left are checked against the other
 * side's VCF, and what survives goes to iterative-deepening PVS
 * (cpu-stone-search.c).  Swap openings are cpu-stone-open.c.
 *
 * The levels differ in their node cap, depth, width, noise and in which
 * of the threat searches they run; every level plays
 * its own five and, from level 1 up, stops the other side's five.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-stone.h"

#define CPU_STONE_INF 30000

struct cpu_stone_level {
	uint64_t nodes; /* its own cap (0 none); the time given is a cap too */
	uint64_t exact; /* the cap where both sides need an exact five */
	int depth;      /* plies of PVS, at most */
	int width;      /* moves per node */
	int noise;      /* random spread on the root's values */
	int vcf;        /* fours in a VCF; 0 no VCF */
	int vct;        /* threats in a VCT; 0 no VCT */
	int answer;     /* meets an open three with its answers only */
	int guard;      /* checks its moves against the other's VCF (1), and
	                   its choice against the other's VCT (2) */
	int lmr;        /* late quiet moves reduced (cpu-stone-search.c) */
	int iterate;    /* per mille of its time after which it begins no
	                   deeper iteration (without a node cap only) */
	int widen;      /* moves more a node tries before it is lost */
	int pvs;        /* per mille of what is left that the PVS gets,
	                   where the choice is checked against VCTs after */
};

/*
 * Levels 1 to 4 are parted by what they search, not by the clock: each
 * has a node cap it reaches well inside the default time even on a busy
 * machine, so that a level is as strong at 2 s a move as at 200 ms and
 * does not weaken when the hall is loaded; the time given is only a cap.
 * (Parted by shares of the time, as they were, the rungs narrowed under
 * load: 73-75% for level 4 over level 3 in gomoku and renju.)  The caps
 * are about what each level searched in its old share at 200 ms a move on
 * a loaded machine, then moved apart where a rung was narrow: level 3 on
 * 1,500 nodes scored only 74-78% against level 2 (on 2,500: 82-90%), and
 * level 2 only 68-74% against a level 1 with noise 700 (1,400: 79-84%);
 * level 4 on 8,000 or 10,000 nodes scored 74-86% against level 3.  Level
 * 5 uses its time, so its rung follows the load: at 200 ms a move, with
 * the load near 2 and the bench under nice, it searched 43,000-49,000
 * nodes a move to depth 6-7 against level 4's 8,000-11,000 to depth 4,
 * and scored 74-82% (70-88% in earlier runs with the load at 4-7: a
 * busy machine starves the niced bench, and level 5 with it).  What it
 * loses it loses mostly with the second move: 92-100% with the first in
 * freestyle, gomoku and standard, 50-69% with the second: these rules
 * give the first player a lead that the depths here seldom undo.  At
 * the hall's 2 s it searches tens of times level 4's cap (at 1 s a move
 * it scored 97.5% +- 4.9% in renju).  Below level 4 the VCT is short or
 * none and there is more noise the lower the level, so that a level
 * misses some of the quiet moves and threat lines the one above finds.
 * (Level 3 with a VCT of two scored only 58% against level 4 in renju;
 * without a VCT it scored only 60% in gomoku against a level 2 of three
 * plies.)  Level 2 reads two plies on narrow nodes with much noise, level
 * 1 one ply on six moves with more: with level 2 on one ply, level 1 held
 * it to 61-67%; with level 2 on two plies and less noise (150), level 3
 * scored only 62-70% against it.
 *
 * Where both sides need an exact five (standard, gomoku with overline=off)
 * level 4 has 12,000 nodes: on 10,000 it scored only 74-75% against level
 * 3 in standard; on 12,000, with level 3's noise raised from 10 to 80,
 * 80.0% (80 games, 200 ms a move, seed 1), and level 5 still 81.9%
 * against it.  On 14,000 level 4 scored 83.1% against level 3 but level 5
 * only 71.2% against it (with the load near 7).  The other rules keep
 * 10,000, which clears level 3 there (81-88%) and leaves level 5 its
 * margin; level 3's noise of 80 left its own rung at 80-89%.
 *
 * Level 5 is the search at its strongest: every threat search at its
 * longest (VCTs of seven threats), late quiet moves reduced (LMR, in
 * cpu-stone-search.c), a deeper iteration begun while time is left,
 * and fewer moves a node than level 4, which buys it depth (at the same
 * time, width 14 scored 65% +- 9% in renju against width 20).  In gomoku
 * at 200 ms a move against level 4 on 30% of the time, it scored 74%
 * without these, 75% with LMR, 77% with a later iteration (up to 65% of its time) and 79%
 * with the longer VCT; a VCF at every leaf of the PVS cost it more depth
 * than it found (53%).  Against level 4 on its node caps it still scored
 * only 74-76% in renju: both sides' searches called the same positions
 * lost for themselves (the defence was among the moves the width left
 * out), and level 5 gave up games it held.  A node of level 5 whose moves
 * all lose now tries 16 more before it is lost (cpu-stone-search.c), and
 * it begins a deeper iteration while time is left, with 90% of what the
 * guard left (it stopped at 65% of 80%, some 150 ms of 200): 84.7% +-
 * 5.5% in renju over 160 games at 200 ms, with the load at 2 to 7.
 */
static const struct cpu_stone_level cpu_stone_levels[CPU_LEVEL_MAX + 1] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ 300, 300, 1, 6, 1400, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ 600, 600, 2, 8, 300, 4, 0, 1, 0, 0, 0, 0, 0 },
	{ 2500, 2500, 6, 12, 80, 10, 1, 1, 1, 0, 0, 0, 0 },
	{ 10000, 12000, 10, 16, 0, 20, 3, 1, 2, 0, 0, 0, 800 },
	{ 0, 0, 40, 14, 0, 30, 7, 1, 2, 1, 1000, 16, 900 },
};

/* What level 5 may spend when nothing else limits it. */
#define CPU_STONE_MASTER_NODES 6000000

/* A part of what is left, for one threat search at the root. */
struct cpu_stone_budget {
	uint64_t node_cap;
	int64_t deadline_us;
};

static void
cpu_stone_budget_begin(struct cpu_search *s, struct cpu_stone_budget *b,
    int permille)
{
	b->node_cap = s->node_cap;
	b->deadline_us = s->deadline_us;
	/* A search with a node cap shares its nodes and keeps the whole
	 * turn's time as a ceiling only: a share of the clock would cut a
	 * part short on a busy machine, and levels 1 to 4 must play the same
	 * under any load.  Only a search without one shares its time. */
	if (s->node_cap != 0)
		s->node_cap = s->nodes + (s->node_cap - s->nodes) *
		    (uint64_t)permille / 1000;
	else if (s->deadline_us != 0)
		s->deadline_us = cpu_now_us() + (s->deadline_us -
		    cpu_now_us()) * permille / 1000;
}

static void
cpu_stone_budget_end(struct cpu_search *s, struct cpu_stone_budget *b)
{
	s->node_cap = b->node_cap;
	s->deadline_us = b->deadline_us;
	s->stopped = 0;
	cpu_search_done(s);
}

static void
cpu_stone_answer(const struct cpu_stone_pos *pos, struct cpu_result *res,
    int p, int score, const char *what)
{
	char text[4];

	res->is_choice = 0;
	res->nmoves = 1;
	res->move[0].from = -1;
	res->move[0].to = (int16_t)p;
	res->move[0].piece = 0;
	res->move[0].promote = 0;
	res->score = score;
	stone_point_format(pos->size, p, text);
	snprintf(res->pv, sizeof res->pv, "%s %s", what, text);
}

/* The points the game allows and the side may play without losing (g
 * NULL: every empty point). */
static int
cpu_stone_root_points(const struct game *g, struct cpu_stone_pos *pos,
    uint8_t *ok)
{
	struct move *list;
	int n, count = 0;

	memset(ok, 0, STONE_MAX_POINTS);
	if (g == NULL) {
		/* Judging a position for a choice: any empty point. */
		for (int p = 0; p < pos->npts; p++) {
			if (cpu_stone_legal(pos, pos->to_move, p)) {
				ok[p] = 1;
				count++;
			}
		}
		return count;
	}
	n = g->variant->legal(g, NULL, 0);
	if (n <= 0 || (list = calloc((size_t)n, sizeof *list)) == NULL)
		return 0;
	n = g->variant->legal(g, list, n);
	for (int i = 0; i < n; i++) {
		int p = list[i].to;

		if (p >= 0 && p < pos->npts &&
		    cpu_stone_legal(pos, pos->to_move, p)) {
			ok[p] = 1;
			count++;
		}
	}
	/* Only restricted points left (renju Black): one of them, then. */
	for (int i = 0; i < n && count == 0; i++) {
		ok[list[i].to] = 1;
		count++;
	}
	free(list);
	return count;
}

/* Near the stones and best by shape, or nearest the centre. */
static int
cpu_stone_static(const struct cpu_stone_pos *pos, const uint8_t *ok)
{
	int best = -1, bestv = -1, c = pos->size / 2;

	for (int p = 0; p < pos->npts; p++) {
		int v, dc = abs(p / pos->size - c), dr = abs(p % pos->size - c);

		if (!ok[p])
			continue;
		v = (pos->near[p] ? cpu_stone_order(pos, p) * 64 + 64 : 0) +
		    (32 - (dc > dr ? dc : dr));
		if (v > bestv) {
			bestv = v;
			best = p;
		}
	}
	return best;
}

/* What nothing but the shapes decides: 1 when res is filled. */
static int
cpu_stone_forced(struct cpu_stone_pos *pos, const uint8_t *ok,
    struct cpu_result *res)
{
	int a = pos->to_move, o = 1 - a, f[STONE_MAX_POINTS], nf;

	for (int p = 0; p < pos->npts; p++) {
		if (ok[p] && cpu_stone_is_five(pos, a, p)) {
			cpu_stone_answer(pos, res, p, CPU_STONE_WIN - 1, "five");
			return 1;
		}
	}
	nf = cpu_stone_fives(pos, o, f, STONE_MAX_POINTS);
	for (int i = 0; i < nf; i++) {
		if (ok[f[i]]) {
			cpu_stone_answer(pos, res, f[i], nf > 1 ?
			    -(CPU_STONE_WIN - 2) : 0, "block");
			return 1;
		}
	}
	if (nf > 0) {
		cpu_stone_answer(pos, res, cpu_stone_static(pos, ok),
		    -(CPU_STONE_WIN - 2), "lost");
		return 1;
	}
	for (int p = 0; p < pos->npts; p++) {
		if (ok[p] && cpu_stone_is_open4(pos, a, p)) {
			cpu_stone_answer(pos, res, p, CPU_STONE_WIN - 3, "four");
			return 1;
		}
	}
	return 0;
}

/* A threat search with part of what is left: 1 when it won. */
static int
cpu_stone_root_tss(struct cpu_stone_pos *pos, struct cpu_search *s,
    int (*fn)(struct cpu_stone_pos *, struct cpu_search *, int, int *),
    int depth, const uint8_t *ok, struct cpu_result *res, const char *what)
{
	struct cpu_stone_budget budget;
	int m = -1, won = 0, d, first = fn == cpu_stone_vct ? 1 : depth;
	char text[16];

	/* Deeper step by step: the shortest win is the surest to play. */
	cpu_stone_budget_begin(s, &budget, 300);
	for (d = first; d <= depth && !won && !s->stopped; d++)
		won = fn(pos, s, d, &m);
	cpu_stone_budget_end(s, &budget);
	if (!won || m < 0 || m >= pos->npts || !ok[m])
		return 0;
	snprintf(text, sizeof text, "%s d%d", what, d - 1);
	cpu_stone_answer(pos, res, m, CPU_STONE_WIN - 2 * d, text);
	return 1;
}

/* Keep the moves after which the other side has no VCF. */
static int
cpu_stone_guard(struct cpu_stone_pos *pos, struct cpu_search *s,
    int depth, int *moves, int n)
{
	int kept[STONE_MAX_POINTS], k = 0, m;

	cpu_stone_pass(pos);
	if (!cpu_stone_vcf(pos, s, depth, &m)) {
		cpu_stone_pass(pos);
		return n;
	}
	cpu_stone_pass(pos);
	for (int i = 0; i < n && !s->stopped; i++) {
		cpu_stone_put(pos, moves[i]);
		if (!cpu_stone_vcf(pos, s, depth, &m))
			kept[k++] = moves[i];
		cpu_stone_undo(pos);
	}
	if (k == 0 || s->stopped)
		return n;
	memcpy(moves, kept, (size_t)k * sizeof *kept);
	return k;
}

/*
 * The search's choice k, or the next best after which the other side has
 * no win by threes and fours, if one of the first few is such: the VCT
 * sees further along threats than the search does.
 */
static int
cpu_stone_safe(struct cpu_stone_pos *pos, struct cpu_search *s, int depth,
    const int *moves, const int *value, int n, int k)
{
	int tried = 0, m;

	if (CPU_STONE_WON(value[k]))
		return k;
	for (int i = -1; i < n && tried < 4 && !cpu_search_done(s); i++) {
		int idx = i < 0 ? k : i, lost;

		if ((i >= 0 && i == k) || CPU_STONE_LOST(value[idx]))
			continue;
		tried++;
		cpu_stone_put(pos, moves[idx]);
		/* Deeper step by step: a short win of the other side is found
		 * in a few nodes, where one search seven threats deep can
		 * spend the whole time in a wide branch and find nothing. */
		lost = 0;
		for (int d = 1; d <= depth && !lost && !s->stopped; d++)
			lost = cpu_stone_vct(pos, s, d, &m);
		cpu_stone_undo(pos);
		if (!lost && !s->stopped)
			return idx;
	}
	return k;
}

/* Iterative deepening over the root's moves; the best move's index. */
static int
cpu_stone_deepen(struct cpu_stone_ab *ab, const struct cpu_stone_level *lv,
    int *moves, int *value, int n, struct cpu_result *res)
{
	struct cpu_search *s = ab->s;
	int bestidx = 0;

	for (int depth = 1; depth <= lv->depth; depth++) {
		int alpha = -CPU_STONE_INF, best = -CPU_STONE_INF, idx = -1;
		int score[STONE_MAX_POINTS];

		for (int i = 0; i < n; i++) {
			int v, lo = lv->noise ? -CPU_STONE_INF : alpha;

			cpu_stone_put(ab->pos, moves[i]);
			if (i == 0 || lv->noise)
				v = -cpu_stone_search(ab, depth - 1,
				    -CPU_STONE_INF, -lo, 1);
			else {
				v = -cpu_stone_search(ab, depth - 1, -alpha - 1,
				    -alpha, 1);
				if (v > alpha && !s->stopped)
					v = -cpu_stone_search(ab, depth - 1,
					    -CPU_STONE_INF, -alpha, 1);
			}
			cpu_stone_undo(ab->pos);
			if (s->stopped)
				break;
			score[i] = v;
			if (v > best) {
				best = v;
				idx = i;
			}
			if (v > alpha)
				alpha = v;
		}
		if (idx < 0)
			break;
		if (s->stopped) {
			/* A move searched in full that beat the first is
			 * better at this depth too. */
			if (idx > 0) {
				bestidx = idx;
				value[idx] = best;
			}
			break;
		}
		for (int i = 0; i < n; i++)
			value[i] = score[i];
		/* The best to the front, the rest in their new order. */
		cpu_stone_sort(moves, value, n);
		bestidx = 0;
		res->depth = depth;
		if (CPU_STONE_WON(best) || (CPU_STONE_LOST(best) && n == 1))
			break;
		/* An iteration begun late rarely ends, but the moves it
		 * does search in full against the first still count.  Only
		 * a level without a node cap of its own goes by the clock
		 * here: the others search to their cap, which a busy
		 * machine must not cut short. */
		if (lv->nodes == 0 && s->deadline_us != 0 &&
		    cpu_search_used(s) > lv->iterate)
			break;
		if (cpu_search_done(s))
			break;
	}
	return bestidx;
}

int
cpu_stone_root(const struct game *g, struct cpu_stone_pos *pos,
    struct cpu_search *s, int level, struct cpu_result *res)
{
	const struct cpu_stone_level *lv = &cpu_stone_levels[level];
	struct cpu_stone_budget budget;
	struct cpu_stone_ab *ab;
	uint8_t ok[STONE_MAX_POINTS];
	int moves[STONE_MAX_POINTS], value[STONE_MAX_POINTS], n = 0, k;
	int a = pos->to_move, threat;
	char what[16];

	if (cpu_stone_root_points(g, pos, ok) == 0)
		return -1;
	if (cpu_stone_forced(pos, ok, res))
		return 0;
	if (cpu_search_done(s)) {
		cpu_stone_answer(pos, res, cpu_stone_static(pos, ok), 0,
		    "quick");
		return 0;
	}
	if (lv->vcf && cpu_stone_root_tss(pos, s, cpu_stone_vcf, lv->vcf, ok,
	    res, "VCF"))
		return 0;
	cpu_stone_pass(pos);
	threat = 0;
	for (int p = 0; p < pos->npts && !threat; p++)
		threat = pos->near[p] && cpu_stone_is_open4(pos, 1 - a, p) &&
		    cpu_stone_legal(pos, 1 - a, p);
	cpu_stone_pass(pos);
	if (lv->vct && !threat && cpu_stone_root_tss(pos, s, cpu_stone_vct,
	    lv->vct, ok, res, "VCT"))
		return 0;

	if ((ab = calloc(1, sizeof *ab)) == NULL)
		return -1;
	ab->pos = pos;
	ab->s = s;
	ab->width = lv->width;
	ab->lmr = lv->lmr;
	ab->widen = lv->widen;
	for (int i = 0; i < CPU_STONE_MAXPLY; i++)
		ab->killer[i][0] = ab->killer[i][1] = -1;
	if (threat && lv->answer)
		n = cpu_stone_defences(pos, moves, STONE_MAX_POINTS);
	else {
		int all[STONE_MAX_POINTS], na;

		na = cpu_stone_moves(ab, all, lv->width + 8, -1, 0);
		for (int i = 0; i < na; i++) {
			if (ok[all[i]])
				moves[n++] = all[i];
		}
	}
	k = 0;
	for (int i = 0; i < n; i++) {
		if (ok[moves[i]])
			moves[k++] = moves[i];
	}
	n = k;
	if (n == 0)
		moves[n++] = cpu_stone_static(pos, ok);
	if (lv->guard && n > 1) {
		cpu_stone_budget_begin(s, &budget, 200);
		n = cpu_stone_guard(pos, s, lv->vcf, moves, n);
		cpu_stone_budget_end(s, &budget);
	}
	for (int i = 0; i < n; i++)
		value[i] = 0;
	if (lv->guard >= 2 && n > 1) {
		/* Leave the rest for checking the choice against VCTs. */
		cpu_stone_budget_begin(s, &budget, lv->pvs);
		k = cpu_stone_deepen(ab, lv, moves, value, n, res);
		cpu_stone_budget_end(s, &budget);
		k = cpu_stone_safe(pos, s, lv->vct, moves, value, n, k);
	} else
		k = n > 1 ? cpu_stone_deepen(ab, lv, moves, value, n, res) : 0;
	if (lv->noise && n > 1 && res->depth > 0) {
		int bestv = -CPU_STONE_INF;

		for (int i = 0; i < n; i++) {
			int v = value[i];

			if (!CPU_STONE_LOST(v) && !CPU_STONE_WON(v))
				v += cpu_rand_below(s, lv->noise);
			if (v > bestv) {
				bestv = v;
				k = i;
			}
		}
	}
	free(ab);
	snprintf(what, sizeof what, "d%d %+d", res->depth, value[k]);
	cpu_stone_answer(pos, res, moves[k], value[k], what);
	return 0;
}

/* Must a five be exact for both sides (gomoku without overlines, and
 * standard)? */
static int
cpu_stone_exact_five(const struct stone_info *info)
{
	return info->kind == STONE_INFO_STANDARD ||
	    (info->kind == STONE_INFO_GOMOKU && !info->overline);
}

int
cpu_stone_think(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	struct cpu_stone_pos *pos;
	struct game_status st;
	struct stone_info info;
	int level = s->limits->level, rc;
	uint64_t cap;

	if (stone_game_info(g, &info) != 0)
		return -1;
	if (level < CPU_LEVEL_MIN)
		level = CPU_LEVEL_MIN;
	if (level > CPU_LEVEL_MAX)
		level = CPU_LEVEL_MAX;
	cap = cpu_stone_exact_five(&info) ? cpu_stone_levels[level].exact :
	    cpu_stone_levels[level].nodes;
	if (cap == 0 && s->deadline_us == 0)
		cap = CPU_STONE_MASTER_NODES;
	if (cap != 0 && (s->node_cap == 0 || cap < s->node_cap))
		s->node_cap = cap;
	g->variant->status(g, &st);
	if (st.phase == GAME_CHOOSING)
		return cpu_stone_choose(g, s, res);
	if (st.phase != GAME_PLAYING)
		return -1;
	if ((info.stage == STONE_INFO_THREE || info.stage == STONE_INFO_MORE) &&
	    cpu_stone_opening(g, s, res) == 0)
		return 0;
	if ((pos = malloc(sizeof *pos)) == NULL)
		return -1;
	rc = cpu_stone_pos_init(pos, g);
	if (rc == 0)
		rc = cpu_stone_root(g, pos, s, level, res);
	free(pos);
	return rc;
}
