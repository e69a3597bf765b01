/*
 * cpu-stone-board.c - the player's position: line shapes by table look-up,
 * kept incrementally, and what the search asks of them.
 *
 * A shape depends on the eleven cells of the line centred on the point
 * (five each side: an exact five needs to see the cell beyond it), each
 * empty, own or blocked (the other colour or the edge): 3^10 windows with
 * the centre empty.  The two tables (a five must be exact, or six wins
 * too) are constant data made at build time (cpu-stone-gen.c), shared
 * read-only by every search and thread.
 */
#include <string.h>

#include "engine/cpu-stone.h"
#include "engine/forbidden.h"

/* Weights of the shapes in the evaluation and in the move order. */
static const int cpu_stone_weight[CPU_STONE_NPAT] = {
	0, 1, 3, 3, 9, 8, 24, 28, 90, 300, 0,
};
static const int cpu_stone_oweight[CPU_STONE_NPAT] = {
	0, 1, 2, 4, 12, 10, 45, 60, 400, 0, 0,
};

/* The ternary index of a window's ten outer cells. */
static int
cpu_stone_index(uint32_t own, uint32_t blk)
{
	own = (own & 0x1f) | ((own >> 6) << 5);
	blk = (blk & 0x1f) | ((blk >> 6) << 5);
	return cpu_stone_ternary[own & 0x3ff] +
	    2 * cpu_stone_ternary[blk & 0x3ff];
}

static inline int
cpu_stone_lookup(const struct cpu_stone_pos *pos, int c, int d, int col,
    int row)
{
	const struct stone_board *b = &pos->b;
	int l = stone_line_index(pos->size, d, col, row);
	int x = stone_line_pos(d, col, row);
	uint32_t own = (b->line[c][d][l] >> x) & 0x7ff;
	uint32_t blk = ((b->line[1 - c][d][l] | b->edge[d][l]) >> x) & 0x7ff;

	return pos->table[c][cpu_stone_index(own, blk)];
}

/* The point k steps from p along direction d, or -1 off the board. */
static inline int
cpu_stone_along(const struct cpu_stone_pos *pos, int p, int d, int k)
{
	int col = p / pos->size + k * stone_dir_step[d][0];
	int row = p % pos->size + k * stone_dir_step[d][1];

	if (col < 0 || col >= pos->size || row < 0 || row >= pos->size)
		return -1;
	return col * pos->size + row;
}

/* What the point makes over its lines: 1 a double three, 2 a four-three,
 * 0 neither (two fours are counted apart, in doubles). */
static inline int
cpu_stone_combo_kind(int fours, int threes)
{
	if (fours == 1 && threes >= 1)
		return 2;
	return fours == 0 && threes >= 2;
}

/* One line's shape at q changes to now: the sums and counts follow. */
static inline void
cpu_stone_set(struct cpu_stone_pos *pos, int c, int d, int q, int now)
{
	int old = pos->pat[c][d][q];
	int four = (now == CPU_STONE_B4 || now == CPU_STONE_F4) -
	    (old == CPU_STONE_B4 || old == CPU_STONE_F4);
	int three = (now == CPU_STONE_F3) - (old == CPU_STONE_F3);

	pos->pat[c][d][q] = (uint8_t)now;
	pos->eval[c] += cpu_stone_weight[now] - cpu_stone_weight[old];
	pos->count[c][old]--;
	pos->count[c][now]++;
	if (four != 0 || three != 0) {
		int f = pos->fours[c][q], t = pos->threes[c][q];

		pos->combos[c][cpu_stone_combo_kind(f, t)]--;
		pos->doubles[c] += (f + four >= 2) - (f >= 2);
		pos->fours[c][q] = (uint8_t)(f + four);
		pos->threes[c][q] = (uint8_t)(t + three);
		pos->combos[c][cpu_stone_combo_kind(f + four, t + three)]++;
	}
}

/*
 * Shapes of the lines through p (within five) change: look them up again,
 * keeping the old ones in save, or put back those of restore.  Along a
 * line the window is one shift of the line's masks, and a point off the
 * board is one bit of the edge mask.
 */
static void
cpu_stone_refresh(struct cpu_stone_pos *pos, int p, uint8_t (*save)[2],
    const uint8_t (*restore)[2])
{
	const struct stone_board *b = &pos->b;
	int size = pos->size, col = p / size, row = p % size, i = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int l = stone_line_index(size, d, col, row);
		int x0 = stone_line_pos(d, col, row);
		int delta = stone_dir_step[d][0] * size + stone_dir_step[d][1];
		uint32_t m[2], edge = b->edge[d][l];

		m[0] = b->line[0][d][l];
		m[1] = b->line[1][d][l];
		for (int k = -5; k <= 5; k++, i++) {
			int x = x0 + k, q = p + k * delta;

			if (edge >> (x + STONE_LINE_PAD) & 1)
				continue;
			for (int c = 0; c < 2; c++) {
				int now = CPU_STONE_NONE;

				if (restore != NULL)
					now = restore[i][c];
				else {
					save[i][c] = pos->pat[c][d][q];
					if (b->cell[q] == STONE_EMPTY)
						now = pos->table[c][
						    cpu_stone_index(
						    (m[c] >> x) & 0x7ff,
						    ((m[1 - c] | edge) >> x) &
						    0x7ff)];
				}
				/* Most of the 88 shapes do not change. */
				if (now != pos->pat[c][d][q])
					cpu_stone_set(pos, c, d, q, now);
			}
		}
	}
}

static void
cpu_stone_near(struct cpu_stone_pos *pos, int p, int delta)
{
	int size = pos->size, col0 = p / size, row0 = p % size;

	for (int col = col0 - 2; col <= col0 + 2; col++) {
		for (int row = row0 - 2; row <= row0 + 2; row++) {
			if (col >= 0 && col < size && row >= 0 && row < size)
				pos->near[col * size + row] += (uint8_t)delta;
		}
	}
}

int
cpu_stone_pos_init(struct cpu_stone_pos *pos, const struct game *g)
{
	const struct stone_board *b = stone_game_board(g);
	struct stone_info info;
	uint64_t z = 0x9E3779B97F4A7C15ULL;
	int exact[2];

	if (b == NULL || stone_game_info(g, &info) != 0)
		return -1;
	memset(pos, 0, sizeof *pos);
	pos->size = info.size;
	pos->npts = info.size * info.size;
	pos->to_move = info.to_move;
	switch (info.kind) {
	case STONE_INFO_FREESTYLE:
		exact[0] = exact[1] = 0;
		break;
	case STONE_INFO_RENJU:
		exact[0] = 1;
		exact[1] = 0;
		pos->forbid = 1;
		break;
	case STONE_INFO_GOMOKU:
		exact[0] = !info.overline || info.restrict_black;
		exact[1] = !info.overline;
		pos->forbid = info.restrict_black;
		break;
	default:
		exact[0] = exact[1] = 1;
		break;
	}
	pos->table[0] = cpu_stone_table[exact[0]];
	pos->table[1] = cpu_stone_table[exact[1]];
	/* The same keys every time, so a table kept between turns serves;
	 * the rules go into them, so one kept between games does no harm. */
	z ^= (uint64_t)(info.kind * 64 + info.size * 4 + exact[0] * 2 +
	    exact[1]) * 0xD1B54A32D192ED03ULL + (uint64_t)pos->forbid;
	for (int c = 0; c < 2; c++) {
		for (int p = 0; p < STONE_MAX_POINTS; p++) {
			z += 0x9E3779B97F4A7C15ULL;
			uint64_t x = z;

			x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
			x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
			pos->zob[c][p] = x ^ (x >> 31);
		}
	}
	pos->zob_side = pos->zob[1][0] ^ pos->zob[0][1] * 3;
	pos->b = *b;
	for (int p = 0; p < pos->npts; p++) {
		if (b->cell[p] != STONE_EMPTY) {
			pos->key ^= pos->zob[b->cell[p] - 1][p];
			cpu_stone_near(pos, p, 1);
		}
	}
	if (pos->to_move)
		pos->key ^= pos->zob_side;
	for (int p = 0; p < pos->npts; p++) {
		int size = pos->size;

		for (int d = 0; d < STONE_NDIRS; d++) {
			for (int c = 0; c < 2; c++) {
				int v = CPU_STONE_NONE;

				if (b->cell[p] == STONE_EMPTY)
					v = cpu_stone_lookup(pos, c, d,
					    p / size, p % size);
				pos->count[c][CPU_STONE_NONE]++;
				cpu_stone_set(pos, c, d, p, v);
			}
		}
	}
	return 0;
}

void
cpu_stone_put(struct cpu_stone_pos *pos, int p)
{
	int c = pos->to_move;

	stone_board_put(&pos->b, p, c + 1);
	pos->key ^= pos->zob[c][p] ^ pos->zob_side;
	cpu_stone_near(pos, p, 1);
	cpu_stone_refresh(pos, p, pos->saved[pos->ply], NULL);
	pos->stack[pos->ply++] = (int16_t)p;
	pos->to_move = 1 - c;
}

void
cpu_stone_undo(struct cpu_stone_pos *pos)
{
	int p = pos->stack[--pos->ply];
	int c = pos->b.cell[p] - 1;

	stone_board_take(&pos->b, p);
	pos->key ^= pos->zob[c][p] ^ pos->zob_side;
	cpu_stone_near(pos, p, -1);
	cpu_stone_refresh(pos, p, NULL,
	    (const uint8_t (*)[2])pos->saved[pos->ply]);
	pos->to_move = c;
}

int
cpu_stone_best(const struct cpu_stone_pos *pos, int c, int p)
{
	int best = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int v = pos->pat[c][d][p];

		if (v != CPU_STONE_OVER && v > best)
			best = v;
	}
	return best;
}

int
cpu_stone_count(const struct cpu_stone_pos *pos, int c, int p, int level)
{
	int n = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int v = pos->pat[c][d][p];

		n += v >= level && v != CPU_STONE_OVER;
	}
	return n;
}

/*
 * The judge runs only where the shapes allow a restricted point: an
 * overline, a four that may be two on one line, or two lines of three or
 * more.  A five is never restricted.
 */
int
cpu_stone_forbidden(struct cpu_stone_pos *pos, int p)
{
	int over = 0, big = 0, f4 = 0;

	if (!pos->forbid || pos->b.cell[p] != STONE_EMPTY)
		return 0;
	for (int d = 0; d < STONE_NDIRS; d++) {
		int v = pos->pat[0][d][p];

		if (v == CPU_STONE_FIVE)
			return 0;
		over |= v == CPU_STONE_OVER;
		f4 |= v == CPU_STONE_F4;
		big += v >= CPU_STONE_F3 && v <= CPU_STONE_F4;
	}
	if (!over && !f4 && big < 2)
		return 0;
	return forbidden_at(&pos->b, p) != FORBIDDEN_NONE;
}

int
cpu_stone_legal(struct cpu_stone_pos *pos, int c, int p)
{
	return pos->b.cell[p] == STONE_EMPTY &&
	    (c != 0 || !cpu_stone_forbidden(pos, p));
}

int
cpu_stone_is_five(const struct cpu_stone_pos *pos, int c, int p)
{
	return cpu_stone_count(pos, c, p, CPU_STONE_FIVE) > 0;
}

int
cpu_stone_is_four(const struct cpu_stone_pos *pos, int c, int p)
{
	return cpu_stone_count(pos, c, p, CPU_STONE_B4) > 0;
}

int
cpu_stone_is_open4(const struct cpu_stone_pos *pos, int c, int p)
{
	return pos->fours[c][p] >= 2 ||
	    cpu_stone_count(pos, c, p, CPU_STONE_F4) > 0;
}

int
cpu_stone_fives(const struct cpu_stone_pos *pos, int c, int *out, int max)
{
	int n = 0;

	if (pos->count[c][CPU_STONE_FIVE] == 0)
		return 0;
	for (int p = 0; p < pos->npts; p++) {
		if (pos->near[p] == 0 || pos->b.cell[p] != STONE_EMPTY)
			continue;
		for (int d = 0; d < STONE_NDIRS; d++) {
			if (pos->pat[c][d][p] == CPU_STONE_FIVE) {
				if (n < max)
					out[n] = p;
				n++;
				break;
			}
		}
	}
	return n;
}

int
cpu_stone_five_after(const struct cpu_stone_pos *pos, int c, int p)
{
	for (int d = 0; d < STONE_NDIRS; d++) {
		for (int k = -4; k <= 4; k++) {
			int q = cpu_stone_along(pos, p, d, k);

			if (k != 0 && q >= 0 &&
			    pos->pat[c][d][q] == CPU_STONE_FIVE)
				return q;
		}
	}
	return -1;
}

/*
 * The side to move gets its own shapes a little dearer: it moves first.
 * A point where it makes a four-three (or a double three) is most of a
 * win; the other side's such points it can meet only one at a time.
 * Black's double three counts nothing where it is restricted.
 */
int
cpu_stone_evaluate(const struct cpu_stone_pos *pos)
{
	int c = pos->to_move, o = 1 - c, v;
	int three[2] = { pos->forbid ? 0 : 1, 1 };

	v = (pos->eval[c] * 5 - pos->eval[o] * 4) / 4;
	if (pos->combos[c][2] > 0)
		v += 600;
	else if (three[c] && pos->combos[c][1] > 0)
		v += 300;
	if (pos->combos[o][2] > 0)
		v -= pos->combos[o][2] > 1 ? 350 : 200;
	if (three[o] && pos->combos[o][1] > 0)
		v -= pos->combos[o][1] > 1 ? 200 : 100;
	return v;
}

static int
cpu_stone_combo(const struct cpu_stone_pos *pos, int c, int p)
{
	int sum = 0, n4 = 0, n3 = 0;

	for (int d = 0; d < STONE_NDIRS; d++) {
		int v = pos->pat[c][d][p];

		if (v == CPU_STONE_FIVE)
			return 100000;
		sum += cpu_stone_oweight[v];
		n4 += v == CPU_STONE_B4 || v == CPU_STONE_F4;
		n4 += v == CPU_STONE_F4;
		n3 += v == CPU_STONE_F3;
	}
	if (n4 >= 2)
		return sum + 5000;
	if (n4 && n3)
		return sum + 2000;
	if (n3 >= 2)
		return sum + 800;
	return sum;
}

int
cpu_stone_order(const struct cpu_stone_pos *pos, int p)
{
	int c = pos->to_move;

	return cpu_stone_combo(pos, c, p) * 5 / 4 +
	    cpu_stone_combo(pos, 1 - c, p);
}
