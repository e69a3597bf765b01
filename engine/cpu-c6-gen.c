/*
 * cpu-c6-gen.c - the pairs a turn considers, as NCTU6 chooses them: when
 * the other side threatens a six, only pairs that block every threat; else
 * the pairs that make threats of one's own and pairs of the best positional
 * cells near the stones, each tried on the board and ranked.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-c6.h"

#define CPU_C6_GEN_CELLS 48

/* What a stone of c on p changes in eval[c] - eval[1 - c]. */
static int
cpu_c6_delta(const struct cpu_c6 *b, int p, int c, int *four)
{
	int	 v = 0;

	for (int i = 0; i < b->npwin[p]; i++) {
		int w = b->pwin[p][i];
		int m = b->wcnt[w][c], o = b->wcnt[w][1 - c];

		if (o == 0) {
			v += cpu_c6_weight[m + 1] - cpu_c6_weight[m];
			*four |= m >= 3;
		} else if (m == 0)
			v += cpu_c6_weight[o];
	}
	return v;
}

/* The same, once per ranking for each cell. */
static int
cpu_c6_delta_once(struct cpu_c6 *b, int p, int c, int *four)
{
	if (b->dstamp[p] != b->drank) {
		int f = 0;

		b->dval[p] = cpu_c6_delta(b, p, c, &f);
		b->dfour[p] = (uint8_t)f;
		b->dstamp[p] = b->drank;
	}
	*four |= b->dfour[p];
	return b->dval[p];
}

/* The direction in which a and b share windows, or -1. */
static int
cpu_c6_shared_dir(const struct cpu_c6 *b, int pa, int pb)
{
	int dc = pb / b->size - pa / b->size, dr = pb % b->size - pa % b->size;
	int	 k = abs(dc) > abs(dr) ? abs(dc) : abs(dr);

	if (k > 5)
		return -1;
	if (dr == 0)
		return STONE_DIR_ROW;
	if (dc == 0)
		return STONE_DIR_COL;
	if (dc == dr)
		return STONE_DIR_DIAG;
	if (dc == -dr)
		return STONE_DIR_ANTI;
	return -1;
}

/*
 * The evaluation after the pair without playing it, when that is simple:
 * both stones' changes and, for the windows holding both, what counting
 * each alone got wrong.  -1 when the pair makes a live window (the threats
 * must be counted on the board).
 */
static int
cpu_c6_pair_quick(struct cpu_c6 *b, int c, int pa, int pb, int *diff)
{
	int	 four = 0, d, v;

	v = cpu_c6_delta_once(b, pa, c, &four) +
	    cpu_c6_delta_once(b, pb, c, &four);
	if (four)
		return -1;
	if ((d = cpu_c6_shared_dir(b, pa, pb)) >= 0) {
		for (int i = 0; i < b->npwin[pa]; i++) {
			int w = b->pwin[pa][i], m, o, in = 0;

			if (b->wdir[w] != d)
				continue;
			for (int j = 0; j < 6; j++)
				in |= b->wcell[w][j] == pb;
			if (!in)
				continue;
			m = b->wcnt[w][c];
			o = b->wcnt[w][1 - c];
			if (o == 0) {
				if (m >= 2)
					return -1;
				v += cpu_c6_weight[m + 2] -
				    2 * cpu_c6_weight[m + 1] + cpu_c6_weight[m];
			} else if (m == 0)
				v -= cpu_c6_weight[o];
		}
	}
	*diff = b->eval[c] - b->eval[1 - c] + v;
	return 0;
}

/*
 * Rank the pair: the evaluation after it, far above which come the threats
 * it leaves the other side to answer.  Its leaf value is what a search one
 * turn deep gives it (cpu_c6_static for the other side, or the six one
 * side then cannot be stopped from making).  Pairs that make or meet
 * threats are played on the board to count them.
 */
static void
cpu_c6_pair_try(struct cpu_c6 *b, int c, struct cpu_c6_pair *pr)
{
	int	 pa = CPU_C6_PA(pr->pair), pb = CPU_C6_PB(pr->pair), t, score;

	/* Without a six of c's to make, a pair that makes no four and
	 * leaves the other side none is the evaluation alone: no need to
	 * play it.  Where the other side threatens, that is every block. */
	if (b->nlive[c] == 0 && (b->nlive[1 - c] == 0 ||
	    cpu_c6_hits_all(b, 1 - c, pa, pb)) &&
	    cpu_c6_pair_quick(b, c, pa, pb, &score) == 0) {
		pr->threats = 0;
		pr->score = score;
		pr->leaf = score - CPU_C6_TEMPO;
		return;
	}
	cpu_c6_put_lite(b, pa, c);
	cpu_c6_put_lite(b, pb, c);
	t = cpu_c6_threats(b, c);
	score = b->eval[c] - b->eval[1 - c];
	pr->leaf = -cpu_c6_static(b, 1 - c);
	if (b->nlive[1 - c] > 0) {
		score -= 200000;   /* the other side completes a six */
		pr->leaf = -(CPU_C6_WIN - 1);
	} else if (t >= 3) {
		score += 100000;
		pr->leaf = CPU_C6_WIN - 2;
	} else if (t == 2)
		score += 3000;
	else if (t == 1)
		score += 400;
	cpu_c6_take_lite(b, pb);
	cpu_c6_take_lite(b, pa);
	pr->threats = t;
	pr->score = score;
}

static int
cpu_c6_score_cmp(const void *x, const void *y)
{
	const struct cpu_c6_pair	*p = x, *q = y;

	if (p->score != q->score)
		return p->score > q->score ? -1 : 1;
	return p->pair < q->pair ? -1 : p->pair > q->pair;
}

/* A new list of pairs: forget which were added. */
static void
cpu_c6_begin(struct cpu_c6 *b)
{
	if (++b->stamp == 0) {
		memset(b->hstamp, 0, sizeof b->hstamp);
		b->stamp = 1;
	}
}

/* Add a pair once, whichever order its points come in. */
static void
cpu_c6_add(struct cpu_c6 *b, struct cpu_c6_pair *out, int *n, int max,
    int pa, int pb)
{
	uint32_t	 pair, h;

	if (pa == pb || *n >= max)
		return;
	pair = pa < pb ? CPU_C6_PAIR(pa, pb) : CPU_C6_PAIR(pb, pa);
	h = (pair * 2654435761u) >> (32 - CPU_C6_HASH_BITS);
	while (b->hstamp[h] == b->stamp) {
		if (b->hslot[h] == pair)
			return;
		h = (h + 1) & ((1u << CPU_C6_HASH_BITS) - 1);
	}
	b->hstamp[h] = b->stamp;
	b->hslot[h] = pair;
	out[*n].pair = pair;
	(*n)++;
}

/* Rank each pair, keep the best `width` (all with width 0) of those making
 * at least minthreats threats. */
static int
cpu_c6_rank(struct cpu_c6 *b, int c, struct cpu_c6_pair *out, int n,
    int width, int minthreats)
{
	int	 k = 0;

	/* A new ranking: no cell's change is known yet. */
	if (++b->drank == 0) {
		memset(b->dstamp, 0, sizeof b->dstamp);
		b->drank = 1;
	}
	for (int i = 0; i < n; i++) {
		struct cpu_c6_pair pr = out[i];
		int j;

		cpu_c6_pair_try(b, c, &pr);
		if (pr.threats < minthreats)
			continue;
		if (width <= 0) {
			out[k++] = pr;
			continue;
		}
		/* Only the best `width` are kept, in order as they come (the
		 * same as sorting all: the order is total); out[i] was read
		 * before anything at i or beyond is written. */
		if (k == width && cpu_c6_score_cmp(&pr, &out[k - 1]) >= 0)
			continue;
		j = k < width ? k++ : k - 1;
		for (; j > 0 && cpu_c6_score_cmp(&pr, &out[j - 1]) < 0; j--)
			out[j] = out[j - 1];
		out[j] = pr;
	}
	if (width <= 0)
		qsort(out, (size_t)k, sizeof *out, cpu_c6_score_cmp);
	return k;
}

/* Of the pairs, those that block every live window of the other side. */
static int
cpu_c6_blocking(const struct cpu_c6 *b, int c, struct cpu_c6_pair *out, int n)
{
	int	 k = 0;

	for (int i = 0; i < n; i++) {
		if (cpu_c6_hits_all(b, 1 - c, CPU_C6_PA(out[i].pair),
		    CPU_C6_PB(out[i].pair)))
			out[k++] = out[i];
	}
	return k;
}

/*
 * The best empty cells for c near the stones, by cpu_c6_cell_value; the
 * centre on an empty board.
 */
int
cpu_c6_cells(const struct cpu_c6 *b, int c, int *out, int max)
{
	int	 val[CPU_C6_GEN_CELLS], n = 0;

	if (max <= 0)
		return 0;
	if (b->stones == 0) {
		out[0] = (b->size / 2) * b->size + b->size / 2;
		return 1;
	}
	if (max > CPU_C6_GEN_CELLS)
		max = CPU_C6_GEN_CELLS;
	for (int p = 0; p < b->npoints; p++) {
		int v, i;

		if (b->cell[p] != 0 || b->near[p] == 0)
			continue;
		v = cpu_c6_cell_value(b, p, c);
		if (n == max && v <= val[n - 1])
			continue;
		if (n < max)
			n++;
		for (i = n - 1; i > 0 && val[i - 1] < v; i--) {
			val[i] = val[i - 1];
			out[i] = out[i - 1];
		}
		val[i] = v;
		out[i] = p;
	}
	return n;
}

/*
 * Pairs that may make c a threat (a live window): two stones in one window
 * of two or three, or two stones each turning a three into a four (which
 * covers a stone making two fours alone: each of its threes has another
 * empty cell to pair it with).  Added to out[0..n), the new n.
 */
static int
cpu_c6_threat_pairs(struct cpu_c6 *b, int c, struct cpu_c6_pair *out, int n,
    int max)
{
	int	 three[CPU_C6_GEN_CELLS], nthree = 0, k;

	for (int w = 0; w < b->nwin; w++) {
		int m = b->wcnt[w][c], e[6], ne = 0;

		if (b->wcnt[w][1 - c] != 0 || m < 2 || m > 3)
			continue;
		for (int i = 0; i < 6; i++) {
			if (b->cell[b->wcell[w][i]] == 0)
				e[ne++] = b->wcell[w][i];
		}
		for (int i = 0; i < ne; i++) {
			for (int j = i + 1; j < ne; j++)
				cpu_c6_add(b, out, &n, max, e[i], e[j]);
			if (m == 3) {
				for (k = 0; k < nthree && three[k] != e[i]; k++)
					;
				if (k == nthree && nthree < CPU_C6_GEN_CELLS)
					three[nthree++] = e[i];
			}
		}
	}
	for (int i = 0; i < nthree; i++) {
		for (int j = i + 1; j < nthree; j++)
			cpu_c6_add(b, out, &n, max, three[i], three[j]);
	}
	return n;
}

/* The pairs that make c at least minthreats threats, best first; when the
 * other side has threats, only those that also block them all. */
int
cpu_c6_gen_threat(struct cpu_c6 *b, int c, struct cpu_c6_pair *out, int max,
    int minthreats)
{
	int	 n;

	cpu_c6_begin(b);
	n = cpu_c6_threat_pairs(b, c, out, 0, max);
	if (b->nlive[1 - c] > 0)
		n = cpu_c6_blocking(b, c, out, n);
	return cpu_c6_rank(b, c, out, n, 0, minthreats);
}

/*
 * Every pair worth searching for c, who has no six to complete, best first,
 * at most `width`.  Blocks come first and alone when they are forced.
 */
int
cpu_c6_gen(struct cpu_c6 *b, int c, struct cpu_c6_pair *out, int max,
    int width)
{
	int	 cells[CPU_C6_GEN_CELLS], ncells, e[64], ne, n = 0, t;

	cpu_c6_begin(b);
	ncells = cpu_c6_cells(b, c, cells, b->cells);
	t = cpu_c6_threats(b, 1 - c);
	if (t > 0) {
		ne = cpu_c6_live_empties(b, 1 - c, e, 64);
		for (int i = 0; i < ne; i++) {
			if (t == 1 && cpu_c6_hits_all(b, 1 - c, e[i], -1)) {
				for (int j = 0; j < ncells; j++)
					cpu_c6_add(b, out, &n, max, e[i],
					    cells[j]);
			}
			for (int j = i + 1; j < ne; j++)
				cpu_c6_add(b, out, &n, max, e[i], e[j]);
		}
		/* Blocks that make threats of their own come from here. */
		n = cpu_c6_threat_pairs(b, c, out, n, max);
		/* Past two threats nothing blocks: the pairs of block
		 * points at least make him use the one left. */
		if (t < 3)
			n = cpu_c6_blocking(b, c, out, n);
		return cpu_c6_rank(b, c, out, n, width, 0);
	}
	for (int i = 0; i < ncells; i++) {
		for (int j = i + 1; j < ncells; j++)
			cpu_c6_add(b, out, &n, max, cells[i], cells[j]);
	}
	n = cpu_c6_threat_pairs(b, c, out, n, max);
	if (n == 0) {
		/* Fewer than two empty points near the stones: any will do. */
		int first = ncells > 0 ? cells[0] : -1;

		for (int p = 0; p < b->npoints && n == 0; p++) {
			if (b->cell[p] != 0 || p == first)
				continue;
			if (first < 0)
				first = p;
			else
				cpu_c6_add(b, out, &n, max, first, p);
		}
	}
	return cpu_c6_rank(b, c, out, n, width, 0);
}
