/*
 * cpu-stone-vcf.c - threat-space search: a win by continuous fours (VCF),
 * where every reply is forced, and by threes and fours (VCT), where the
 * defender's replies are the points that meet the threat (its own fours
 * included).  Results go into the transposition table under their own
 * keys, so the same threat lines reached in another order cost nothing.
 */
#include <stdlib.h>

#include "engine/cpu-stone.h"

#define CPU_STONE_VCF_SALT 0x5bd1e9955bd1e995ULL
#define CPU_STONE_VCT_SALT 0x2545f4914f6cdd1dULL
#define CPU_STONE_VCT_WIDTH 16

/* The stone's answer to a four: 1 when the defender cannot block it. */
static int
cpu_stone_unblockable(struct cpu_stone_pos *pos, int attacker, int *reply)
{
	int f[2], n = cpu_stone_fives(pos, attacker, f, 2);

	if (n >= 2)
		return 1;
	if (n == 0) {
		/* Not a four after all: nothing to answer, nothing won. */
		*reply = -1;
		return 0;
	}
	*reply = f[0];
	return attacker == 1 && cpu_stone_forbidden(pos, f[0]);
}

/* The other side blocks the four just played; then fn, one deeper. */
static int
cpu_stone_answered(struct cpu_stone_pos *pos, struct cpu_search *s,
    int attacker, int depth, int (*fn)(struct cpu_stone_pos *,
    struct cpu_search *, int, int *))
{
	int reply, next, win;

	if (cpu_stone_unblockable(pos, attacker, &reply))
		return 1;
	if (reply < 0)
		return 0;
	cpu_stone_put(pos, reply);
	win = fn(pos, s, depth - 1, &next);
	cpu_stone_undo(pos);
	return win;
}

static int
cpu_stone_remember(struct cpu_stone_pos *pos, struct cpu_search *s,
    uint64_t salt, int depth, int win, int move)
{
	if (!s->stopped)
		cpu_tt_store(s->tt, pos->key ^ salt, win ? (uint32_t)move : 0,
		    win, depth, CPU_TT_EXACT);
	return win;
}

static int
cpu_stone_memo(struct cpu_stone_pos *pos, struct cpu_search *s,
    uint64_t salt, int depth, int *move)
{
	struct cpu_tt_entry *e = cpu_tt_probe(s->tt, pos->key ^ salt);

	if (e == NULL)
		return -1;
	if (e->score == 1) {
		*move = (int)e->move;
		return 1;
	}
	return e->depth >= depth ? 0 : -1;
}

int
cpu_stone_vcf(struct cpu_stone_pos *pos, struct cpu_search *s, int depth,
    int *move)
{
	int a = pos->to_move, o = 1 - a, of[2], nf, known, win = 0;
	int cand[STONE_MAX_POINTS], n = 0;

	if (cpu_search_tick(s))
		return 0;
	if (cpu_stone_fives(pos, a, of, 1) > 0) {
		*move = of[0];
		return 1;
	}
	if ((nf = cpu_stone_fives(pos, o, of, 2)) >= 2 || depth <= 0)
		return 0;
	if (pos->count[a][CPU_STONE_B4] + pos->count[a][CPU_STONE_F4] == 0)
		return 0;
	if ((known = cpu_stone_memo(pos, s, CPU_STONE_VCF_SALT, depth,
	    move)) >= 0)
		return known;
	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] == 0 || pos->b.cell[p] != STONE_EMPTY ||
		    (nf == 1 && p != of[0]) || !cpu_stone_is_four(pos, a, p) ||
		    !cpu_stone_legal(pos, a, p))
			continue;
		if (cpu_stone_is_open4(pos, a, p)) {
			*move = p;
			win = 1;
			break;
		}
		cand[n++] = p;
	}
	for (int i = 0; i < n && !win && !s->stopped; i++) {
		cpu_stone_put(pos, cand[i]);
		win = cpu_stone_answered(pos, s, a, depth, cpu_stone_vcf);
		cpu_stone_undo(pos);
		if (win)
			*move = cand[i];
	}
	/* A move is remembered only with the win it makes. */
	return cpu_stone_remember(pos, s, CPU_STONE_VCF_SALT, depth, win,
	    win ? *move : -1);
}

static void
cpu_stone_add(struct cpu_stone_pos *pos, int c, int p, int *out, int *n,
    int max)
{
	for (int i = 0; i < *n; i++) {
		if (out[i] == p)
			return;
	}
	if (*n < max && cpu_stone_legal(pos, c, p))
		out[(*n)++] = p;
}

int
cpu_stone_defences(struct cpu_stone_pos *pos, int *out, int max)
{
	int c = pos->to_move, o = 1 - c, n = 0;

	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] == 0 || pos->b.cell[p] != STONE_EMPTY)
			continue;
		if (cpu_stone_is_four(pos, o, p) || cpu_stone_is_four(pos, c, p))
			cpu_stone_add(pos, c, p, out, &n, max);
	}
	return n;
}

/* Does the other side have an open four to make (an open three)? */
static int
cpu_stone_has_three(struct cpu_stone_pos *pos, int c)
{
	if (pos->count[c][CPU_STONE_F4] == 0)
		return 0;
	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] != 0 && pos->b.cell[p] == STONE_EMPTY &&
		    cpu_stone_count(pos, c, p, CPU_STONE_F4) > 0 &&
		    cpu_stone_legal(pos, c, p))
			return 1;
	}
	return 0;
}

static int
cpu_stone_by_order(const void *a, const void *b)
{
	const int *x = a, *y = b;

	return (y[1] > x[1]) - (y[1] < x[1]);
}

/* Every answer to the three just made must lose. */
static int
cpu_stone_vct_replies(struct cpu_stone_pos *pos, struct cpu_search *s,
    int depth)
{
	int def[STONE_MAX_POINTS], n, next;

	if (!cpu_stone_has_three(pos, 1 - pos->to_move))
		return 0;
	if (cpu_stone_vcf(pos, s, depth + 4, &next))
		return 0;
	n = cpu_stone_defences(pos, def, STONE_MAX_POINTS);
	for (int i = 0; i < n && !s->stopped; i++) {
		int win;

		cpu_stone_put(pos, def[i]);
		win = cpu_stone_vct(pos, s, depth - 1, &next);
		cpu_stone_undo(pos);
		if (!win)
			return 0;
	}
	return !s->stopped;
}

int
cpu_stone_vct(struct cpu_stone_pos *pos, struct cpu_search *s, int depth,
    int *move)
{
	int a = pos->to_move, o = 1 - a, of[2], nf, known, win = 0, n = 0;
	int cand[STONE_MAX_POINTS][2], fours_only;

	if (cpu_search_tick(s))
		return 0;
	if (cpu_stone_fives(pos, a, of, 1) > 0) {
		*move = of[0];
		return 1;
	}
	if ((nf = cpu_stone_fives(pos, o, of, 2)) >= 2)
		return 0;
	if (cpu_stone_vcf(pos, s, depth + 6, move))
		return 1;
	if (depth <= 0)
		return 0;
	if ((known = cpu_stone_memo(pos, s, CPU_STONE_VCT_SALT, depth,
	    move)) >= 0)
		return known;
	fours_only = cpu_stone_has_three(pos, o);
	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] == 0 || pos->b.cell[p] != STONE_EMPTY ||
		    (nf == 1 && p != of[0]))
			continue;
		if (!cpu_stone_is_four(pos, a, p) && (fours_only ||
		    cpu_stone_count(pos, a, p, CPU_STONE_F3) == 0))
			continue;
		if (!cpu_stone_legal(pos, a, p))
			continue;
		cand[n][0] = p;
		cand[n++][1] = cpu_stone_order(pos, p);
	}
	qsort(cand, (size_t)n, sizeof cand[0], cpu_stone_by_order);
	if (n > CPU_STONE_VCT_WIDTH)
		n = CPU_STONE_VCT_WIDTH;
	for (int i = 0; i < n && !win && !s->stopped; i++) {
		int p = cand[i][0];

		cpu_stone_put(pos, p);
		if (cpu_stone_fives(pos, a, of, 1) > 0)
			win = cpu_stone_answered(pos, s, a, depth,
			    cpu_stone_vct);
		else
			win = cpu_stone_vct_replies(pos, s, depth);
		cpu_stone_undo(pos);
		if (win)
			*move = p;
	}
	return cpu_stone_remember(pos, s, CPU_STONE_VCT_SALT, depth, win,
	    win ? *move : -1);
}
