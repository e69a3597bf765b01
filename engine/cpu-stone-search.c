/*
 * cpu-stone-search.c - principal variation search for five in a row: the
 * threats settle a node before any move is tried (a five to play, a five
 * to stop, an open four), an open three of the other side leaves only its
 * answers, and otherwise the points near stones are tried in the order of
 * the table's move, the killers, the history and their shapes.
 */
#include "engine/cpu-stone.h"

#define CPU_STONE_INF 30000

void
cpu_stone_pass(struct cpu_stone_pos *pos)
{
	pos->to_move ^= 1;
	pos->key ^= pos->zob_side;
}

/* Has c a point where it makes an open four it may play? */
static int
cpu_stone_open4_point(struct cpu_stone_pos *pos, int c)
{
	if (pos->count[c][CPU_STONE_F4] == 0 && pos->doubles[c] == 0)
		return 0;
	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] != 0 && pos->b.cell[p] == STONE_EMPTY &&
		    cpu_stone_is_open4(pos, c, p) && cpu_stone_legal(pos, c, p))
			return 1;
	}
	return 0;
}

/* Insertion sort, best first: the lists are short and mostly in order. */
void
cpu_stone_sort(int *item, int *value, int n)
{
	for (int i = 1; i < n; i++) {
		int m = item[i], v = value[i], j = i;

		for (; j > 0 && value[j - 1] < v; j--) {
			item[j] = item[j - 1];
			value[j] = value[j - 1];
		}
		item[j] = m;
		value[j] = v;
	}
}

int
cpu_stone_moves(struct cpu_stone_ab *ab, int *out, int max, int ttmove,
    int ply)
{
	struct cpu_stone_pos *pos = ab->pos;
	int a = pos->to_move, o = 1 - a, n = 0, kept = 0;
	int score[STONE_MAX_POINTS], list[STONE_MAX_POINTS];

	if (max <= 0)
		return 0;
	if (cpu_stone_open4_point(pos, o))
		n = cpu_stone_defences(pos, list, STONE_MAX_POINTS);
	else {
		for (int p = 0; p < pos->npts; p++) {
			if (pos->near[p] != 0 &&
			    pos->b.cell[p] == STONE_EMPTY &&
			    cpu_stone_legal(pos, a, p))
				list[n++] = p;
		}
	}
	/* The best max of them, kept in order as they come. */
	for (int i = 0; i < n; i++) {
		int p = list[i], v = cpu_stone_order(pos, p) * 16 +
		    (ab->history[a][p] >> 4), j;

		if (p == ttmove)
			v = 1 << 30;
		else if (ply < CPU_STONE_MAXPLY && (p == ab->killer[ply][0] ||
		    p == ab->killer[ply][1]))
			v += 1 << 16;
		if (kept == max && v <= score[kept - 1])
			continue;
		j = kept < max ? kept++ : kept - 1;
		for (; j > 0 && score[j - 1] < v; j--) {
			out[j] = out[j - 1];
			score[j] = score[j - 1];
		}
		out[j] = p;
		score[j] = v;
	}
	return kept;
}

/* Does p make or stop a three or better, or is it a killer of the ply? */
static int
cpu_stone_threat_point(const struct cpu_stone_ab *ab, int ply, int p)
{
	const struct cpu_stone_pos *pos = ab->pos;

	if (ply < CPU_STONE_MAXPLY && (p == ab->killer[ply][0] ||
	    p == ab->killer[ply][1]))
		return 1;
	return cpu_stone_best(pos, pos->to_move, p) >= CPU_STONE_F3 ||
	    cpu_stone_best(pos, 1 - pos->to_move, p) >= CPU_STONE_F3;
}

/* The moves after the n of move[] that the next ab->widen in order add
 * (move[] holds STONE_MAX_POINTS); the new count.  The order may have
 * moved since the first n were chosen (the killers and history of the
 * searches below), so what they hold already is left out by name. */
static int
cpu_stone_widen(struct cpu_stone_ab *ab, int *move, int n, int ttmove,
    int ply)
{
	int more[STONE_MAX_POINTS], k, add = 0;
	uint8_t had[STONE_MAX_POINTS] = { 0 };

	for (int i = 0; i < n; i++)
		had[move[i]] = 1;
	k = cpu_stone_moves(ab, more, n + ab->widen, ttmove, ply);
	for (int i = 0; i < k && add < ab->widen; i++) {
		if (!had[more[i]]) {
			move[n + add++] = more[i];
			had[more[i]] = 1;
		}
	}
	return n + add;
}

static int
cpu_stone_tt_in(int v, int ply)
{
	if (CPU_STONE_WON(v))
		return v + ply;
	if (CPU_STONE_LOST(v))
		return v - ply;
	return v;
}

static int
cpu_stone_tt_out(int v, int ply)
{
	if (CPU_STONE_WON(v))
		return v - ply;
	if (CPU_STONE_LOST(v))
		return v + ply;
	return v;
}

int
cpu_stone_search(struct cpu_stone_ab *ab, int depth, int alpha, int beta,
    int ply)
{
	struct cpu_stone_pos *pos = ab->pos;
	int move[STONE_MAX_POINTS];
	struct cpu_tt_entry *e;
	int a = pos->to_move, o = 1 - a, f[2], nf, n, best = -CPU_STONE_INF;
	int bestmove = -1, ttmove = -1, alpha0 = alpha, width = 0, widened;

	if (cpu_search_tick(ab->s))
		return 0;
	if (cpu_stone_fives(pos, a, f, 1) > 0)
		return CPU_STONE_WIN - ply;
	nf = cpu_stone_fives(pos, o, f, 2);
	if (nf >= 2 || (nf == 1 && !cpu_stone_legal(pos, a, f[0])))
		return -(CPU_STONE_WIN - ply - 1);
	if (nf == 0 && cpu_stone_open4_point(pos, a))
		return CPU_STONE_WIN - ply - 2;
	if (pos->b.stones >= pos->npts)
		return 0;
	if (nf == 1)
		depth++;	/* a forced block costs no depth */
	/* An open three of the other side leaves only a few answers: see
	 * them through rather than trust the shapes. */
	if (depth <= 0 && ply < CPU_STONE_MAXPLY / 2 &&
	    cpu_stone_open4_point(pos, o))
		depth = 1;
	if (depth <= 0 || ply >= CPU_STONE_MAXPLY - 2)
		return cpu_stone_evaluate(pos);

	if ((e = cpu_tt_probe(ab->s->tt, pos->key)) != NULL) {
		int v = cpu_stone_tt_out(e->score, ply);

		ttmove = (int)e->move;
		if (ttmove < 0 || ttmove >= pos->npts ||
		    pos->b.cell[ttmove] != STONE_EMPTY)
			ttmove = -1;
		if (e->depth >= depth && ply > 0 &&
		    (e->flag == CPU_TT_EXACT ||
		    (e->flag == CPU_TT_LOWER && v >= beta) ||
		    (e->flag == CPU_TT_UPPER && v <= alpha)))
			return v;
	}

	if (nf == 1) {
		move[0] = f[0];
		n = 1;
	} else {
		width = ab->width - ply / 2;
		if (width < 6)
			width = 6;
		n = cpu_stone_moves(ab, move, width, ttmove, ply);
	}
	if (n == 0)
		return -(CPU_STONE_WIN - ply - 1);

	widened = ab->widen == 0 || nf == 1 || n < width;
	for (int i = 0; i < n; i++) {
		int p = move[i], v, cut = 0;

		/* A late move that makes and stops no three is rarely the
		 * best: a shallower look first, the full depth only if it
		 * beats what the earlier moves found. */
		if (ab->lmr && i >= 3 && depth >= 3 && nf == 0 &&
		    p != ttmove && !cpu_stone_threat_point(ab, ply, p))
			cut = i >= 8 ? 2 : 1;
		cpu_stone_put(pos, p);
		if (i == 0)
			v = -cpu_stone_search(ab, depth - 1, -beta, -alpha,
			    ply + 1);
		else {
			v = -cpu_stone_search(ab, depth - 1 - cut, -alpha - 1,
			    -alpha, ply + 1);
			if (v > alpha && cut > 0 && !ab->s->stopped)
				v = -cpu_stone_search(ab, depth - 1,
				    -alpha - 1, -alpha, ply + 1);
			if (v > alpha && v < beta)
				v = -cpu_stone_search(ab, depth - 1, -beta,
				    -alpha, ply + 1);
		}
		cpu_stone_undo(pos);
		if (ab->s->stopped)
			return 0;
		if (v > best) {
			best = v;
			bestmove = p;
		}
		if (v > alpha)
			alpha = v;
		if (alpha >= beta) {
			if (ply < CPU_STONE_MAXPLY &&
			    ab->killer[ply][0] != p) {
				ab->killer[ply][1] = ab->killer[ply][0];
				ab->killer[ply][0] = p;
			}
			ab->history[a][p] += depth * depth;
			break;
		}
		/* Every move of the width lost: the loss may be only the
		 * width's, the defence among the moves it left out, and a
		 * false loss makes a side give up a game it holds.  So the
		 * next moves in order, once, before the node is called lost;
		 * a real loss is proved fast in each. */
		if (i == n - 1 && !widened && CPU_STONE_LOST(best)) {
			widened = 1;
			n = cpu_stone_widen(ab, move, n, ttmove, ply);
		}
	}
	cpu_tt_store(ab->s->tt, pos->key, (uint32_t)bestmove,
	    cpu_stone_tt_in(best, ply), depth, best >= beta ? CPU_TT_LOWER :
	    best > alpha0 ? CPU_TT_EXACT : CPU_TT_UPPER);
	return best;
}
