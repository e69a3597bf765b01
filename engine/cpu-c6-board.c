/*
 * cpu-c6-board.c - the windows of six: their counts, the line evaluation
 * summed over them, the live windows and the threats they make.
 */
#include <string.h>

#include "engine/cpu-c6.h"

static uint64_t
cpu_c6_splitmix(uint64_t *x)
{
	uint64_t	 z = (*x += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void
cpu_c6_init(struct cpu_c6 *b, int size)
{
	uint64_t	 x = 0xC6C6C6C6ULL;

	memset(b, 0, offsetof(struct cpu_c6, s));
	memset(b->hstamp, 0, sizeof b->hstamp);
	b->stamp = 0;
	memset(b->dstamp, 0, sizeof b->dstamp);
	b->drank = 0;
	b->size = size;
	b->npoints = size * size;
	for (int p = 0; p < b->npoints; p++) {
		b->zob[p][0] = cpu_c6_splitmix(&x);
		b->zob[p][1] = cpu_c6_splitmix(&x);
	}
	/* Every run of six cells on the board, in the four directions. */
	for (int col = 0; col < size; col++) {
		for (int row = 0; row < size; row++) {
			for (int d = 0; d < STONE_NDIRS; d++) {
				int dc = stone_dir_step[d][0];
				int dr = stone_dir_step[d][1];
				int ec = col + 5 * dc, er = row + 5 * dr;
				int w = b->nwin;

				if (ec < 0 || ec >= size || er < 0 ||
				    er >= size)
					continue;
				for (int i = 0; i < 6; i++) {
					int p = (col + i * dc) * size + row +
					    i * dr;

					b->wcell[w][i] = (int16_t)p;
					b->pwin[p][b->npwin[p]++] = (int16_t)w;
				}
				b->livepos[w] = -1;
				b->wdir[w] = (int8_t)d;
				b->nwin++;
			}
		}
	}
}

/* Live lists: a window joins or leaves colour c's. */
static void
cpu_c6_live_add(struct cpu_c6 *b, int c, int w)
{
	b->livepos[w] = (int16_t)b->nlive[c];
	b->live[c][b->nlive[c]++] = (int16_t)w;
}

static void
cpu_c6_live_del(struct cpu_c6 *b, int c, int w)
{
	int	 i = b->livepos[w], last = b->live[c][--b->nlive[c]];

	b->live[c][i] = (int16_t)last;
	b->livepos[last] = (int16_t)i;
	b->livepos[w] = -1;
}

static void
cpu_c6_near(struct cpu_c6 *b, int p, int delta)
{
	int	 col = p / b->size, row = p % b->size;

	for (int c = col - 2; c <= col + 2; c++) {
		if (c < 0 || c >= b->size)
			continue;
		for (int r = row - 2; r <= row + 2; r++) {
			if (r >= 0 && r < b->size)
				b->near[c * b->size + r] += delta;
		}
	}
}

/*
 * A stone of c into each window through p: c's window grows while the
 * other has none there; the other's window dies when it was c-free.  Only
 * the counts, the weights and the live lists: what trying a pair needs.
 */
void
cpu_c6_put_lite(struct cpu_c6 *b, int p, int c)
{
	for (int i = 0; i < b->npwin[p]; i++) {
		int w = b->pwin[p][i];
		int m = b->wcnt[w][c], o = b->wcnt[w][1 - c];

		if (o == 0) {
			b->eval[c] += cpu_c6_weight[m + 1] - cpu_c6_weight[m];
			if (m == 3)
				cpu_c6_live_add(b, c, w);
		} else if (m == 0) {
			b->eval[1 - c] -= cpu_c6_weight[o];
			if (o >= 4)
				cpu_c6_live_del(b, 1 - c, w);
		}
		b->wcnt[w][c] = (uint8_t)(m + 1);
	}
	b->cell[p] = (uint8_t)(c + 1);
}

void
cpu_c6_take_lite(struct cpu_c6 *b, int p)
{
	int	 c = b->cell[p] - 1;

	for (int i = 0; i < b->npwin[p]; i++) {
		int w = b->pwin[p][i];
		int m = b->wcnt[w][c] - 1, o = b->wcnt[w][1 - c];

		if (o == 0) {
			b->eval[c] -= cpu_c6_weight[m + 1] - cpu_c6_weight[m];
			if (m == 3)
				cpu_c6_live_del(b, c, w);
		} else if (m == 0) {
			b->eval[1 - c] += cpu_c6_weight[o];
			if (o >= 4)
				cpu_c6_live_add(b, 1 - c, w);
		}
		b->wcnt[w][c] = (uint8_t)m;
	}
	b->cell[p] = 0;
}

void
cpu_c6_put(struct cpu_c6 *b, int p, int c)
{
	cpu_c6_put_lite(b, p, c);
	b->key ^= b->zob[p][c];
	b->stones++;
	cpu_c6_near(b, p, 1);
}

void
cpu_c6_take(struct cpu_c6 *b, int p)
{
	b->key ^= b->zob[p][b->cell[p] - 1];
	cpu_c6_take_lite(b, p);
	b->stones--;
	cpu_c6_near(b, p, -1);
}

static int
cpu_c6_in(const struct cpu_c6 *b, int w, int p)
{
	for (int i = 0; i < 6; i++) {
		if (b->wcell[w][i] == p)
			return 1;
	}
	return 0;
}

/* Do stones on a and b (b may be -1) block every live window of c? */
int
cpu_c6_hits_all(const struct cpu_c6 *b, int c, int pa, int pb)
{
	for (int i = 0; i < b->nlive[c]; i++) {
		int w = b->live[c][i];

		if (!cpu_c6_in(b, w, pa) && (pb < 0 || !cpu_c6_in(b, w, pb)))
			return 0;
	}
	return 1;
}

/*
 * How many stones it takes to block every live window of c: the smallest
 * hitting set, tried exactly up to two (each window has at most two empty
 * cells, so the first unblocked window bounds the choices at each step).
 */
int
cpu_c6_threats(const struct cpu_c6 *b, int c)
{
	int	 w0, w1;

	if (b->nlive[c] == 0)
		return 0;
	w0 = b->live[c][0];
	for (int i = 0; i < 6; i++) {
		int e = b->wcell[w0][i];

		if (b->cell[e] == 0 && cpu_c6_hits_all(b, c, e, -1))
			return 1;
	}
	for (int i = 0; i < 6; i++) {
		int e = b->wcell[w0][i];

		if (b->cell[e] != 0)
			continue;
		w1 = -1;
		for (int k = 1; k < b->nlive[c] && w1 < 0; k++) {
			if (!cpu_c6_in(b, b->live[c][k], e))
				w1 = b->live[c][k];
		}
		if (w1 < 0)
			return 1;
		for (int j = 0; j < 6; j++) {
			int f = b->wcell[w1][j];

			if (b->cell[f] == 0 && cpu_c6_hits_all(b, c, e, f))
				return 2;
		}
	}
	return 3;
}

/* The empty cells of c's live windows, each once: where blocks go. */
int
cpu_c6_live_empties(const struct cpu_c6 *b, int c, int *out, int max)
{
	int	 n = 0;

	for (int i = 0; i < b->nlive[c]; i++) {
		int w = b->live[c][i];

		for (int j = 0; j < 6; j++) {
			int e = b->wcell[w][j], k;

			if (b->cell[e] != 0)
				continue;
			for (k = 0; k < n && out[k] != e; k++)
				;
			if (k == n && n < max)
				out[n++] = e;
		}
	}
	return n;
}

/* The cells that complete a six for c with `left` stones (1 or 2): how
 * many (0 when c cannot), in the order to play them. */
int
cpu_c6_win_cells(const struct cpu_c6 *b, int c, int left, int *out)
{
	for (int i = 0; i < b->nlive[c]; i++) {
		int w = b->live[c][i], n = 0;

		if (6 - b->wcnt[w][c] > left)
			continue;
		for (int j = 0; j < 6; j++) {
			if (b->cell[b->wcell[w][j]] == 0)
				out[n++] = b->wcell[w][j];
		}
		return n;
	}
	return 0;
}

/*
 * What a stone of c on empty p is worth: twice what it adds to c's side of
 * the evaluation (its windows grow, the other's through p die) plus what
 * the other would gain there, since his best point is worth taking too.
 */
int
cpu_c6_cell_value(const struct cpu_c6 *b, int p, int c)
{
	int	 v = 0;

	for (int i = 0; i < b->npwin[p]; i++) {
		int w = b->pwin[p][i];
		int m = b->wcnt[w][c], o = b->wcnt[w][1 - c];

		if (o == 0)
			v += 2 * (cpu_c6_weight[m + 1] - cpu_c6_weight[m]);
		else if (m == 0)
			v += 2 * cpu_c6_weight[o] + cpu_c6_weight[o + 1] -
			    cpu_c6_weight[o];
	}
	return v;
}

/* The position for c to place a whole turn, without search: c's windows
 * against the other's, and the turn itself. */
int
cpu_c6_static(const struct cpu_c6 *b, int c)
{
	return b->eval[c] - b->eval[1 - c] + CPU_C6_TEMPO;
}
