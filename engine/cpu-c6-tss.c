/*
 * cpu-c6-tss.c - threat-space search: a forced win by continuous double
 * threats.  The attacker plays only pairs that leave two threats (the
 * defender must spend both stones blocking) or three (he cannot block);
 * the defender tries every pair that blocks all threats.  A defence that
 * makes a threat of the defender's own ends the line as a failure, which
 * keeps every win it reports a real one.
 *
 * The attacker's positions go in the table (under keys of their own, apart
 * from the alpha-beta's): the same position comes again by another order
 * of the same pairs, and each deeper step of the root's deepening repeats
 * the last.  A win found within d turns holds with more; none found within
 * d holds with fewer.
 */
#include "engine/cpu-c6.h"

#define CPU_C6_TSS_PAIRS 256

static uint64_t
cpu_c6_tss_key(const struct cpu_c6 *b, int c)
{
	return b->key ^ (c ? 0x7A3D1E5B9C2F4861ULL : 0x1F6B8D2E4A7C9035ULL);
}

static int cpu_c6_tss_attack(struct cpu_c6 *, int, int, uint32_t *);

/* After the attacker's pair: 1 if every block loses, 0 if one holds, -1
 * stopped. */
static int
cpu_c6_tss_defend(struct cpu_c6 *b, int c, int depth)
{
	int		 e[64], ne, r;
	uint32_t	 dummy;

	if (b->nlive[1 - c] > 0)
		return 0;
	ne = cpu_c6_live_empties(b, c, e, 64);
	for (int i = 0; i < ne; i++) {
		for (int j = i + 1; j < ne; j++) {
			if (!cpu_c6_hits_all(b, c, e[i], e[j]))
				continue;
			cpu_c6_put(b, e[i], 1 - c);
			cpu_c6_put(b, e[j], 1 - c);
			r = cpu_c6_tss_attack(b, c, depth - 1, &dummy);
			cpu_c6_take(b, e[j]);
			cpu_c6_take(b, e[i]);
			if (r <= 0)
				return r;
		}
	}
	return 1;
}

static int
cpu_c6_tss_attack(struct cpu_c6 *b, int c, int depth, uint32_t *pair)
{
	struct cpu_c6_pair	 list[CPU_C6_TSS_PAIRS];
	struct cpu_tt_entry	*e;
	uint64_t		 key;
	int			 n, r;

	if (cpu_c6_tick(b))
		return -1;
	if (b->nlive[c] > 0) {
		int cells[2];

		cpu_c6_win_cells(b, c, 2, cells);
		*pair = CPU_C6_PAIR(cells[0], cells[0]);
		return 1;
	}
	if (depth <= 0 || cpu_c6_threats(b, 1 - c) >= 3)
		return 0;
	key = cpu_c6_tss_key(b, c);
	if ((e = cpu_tt_probe(b->s->tt, key)) != NULL) {
		if (e->score == 1 && e->depth <= depth) {
			*pair = e->move;
			return 1;
		}
		if (e->score == 0 && e->depth >= depth)
			return 0;
	}
	n = cpu_c6_gen_threat(b, c, list, CPU_C6_TSS_PAIRS, 2);
	for (int i = 0; i < n; i++) {
		int pa = CPU_C6_PA(list[i].pair), pb = CPU_C6_PB(list[i].pair);

		if (list[i].threats >= 3) {
			*pair = list[i].pair;
			return 1;
		}
		cpu_c6_put(b, pa, c);
		cpu_c6_put(b, pb, c);
		r = cpu_c6_tss_defend(b, c, depth);
		cpu_c6_take(b, pb);
		cpu_c6_take(b, pa);
		if (r < 0)
			return r;
		if (r > 0) {
			*pair = list[i].pair;
			cpu_tt_store(b->s->tt, key, *pair, 1, depth,
			    CPU_TT_EXACT);
			return 1;
		}
	}
	cpu_tt_store(b->s->tt, key, 0, 0, depth, CPU_TT_EXACT);
	return 0;
}

int
cpu_c6_tss(struct cpu_c6 *b, int c, int depth, uint32_t *pair)
{
	return cpu_c6_tss_attack(b, c, depth, pair);
}
