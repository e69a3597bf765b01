/*
 * forbidden-ref.c - the slow, obviously correct restricted-point judge:
 * docs/rules.md §1.1 read word by word on a plain 2-D board, with no
 * tables and no line masks, so the fast judge (engine/forbidden.c) can be
 * compared with it on many positions.
 */
#include <string.h>

#include "engine/forbidden.h"
#include "tests/unit/forbidden-ref.h"

static const int ref_dx[4] = { 1, 0, 1, 1 };
static const int ref_dy[4] = { 0, 1, 1, -1 };

static int
ref_on(const struct ref_board *b, int x, int y)
{
	return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

static int
ref_black(const struct ref_board *b, int x, int y)
{
	return ref_on(b, x, y) && b->cell[x][y] == STONE_BLACK;
}

/* The black stones in a row through (x,y) along d, (x,y) included; from
 * lo to hi steps. */
static int
ref_run(const struct ref_board *b, int x, int y, int d, int *lo, int *hi)
{
	int a = 0, z = 0;

	while (ref_black(b, x - (a + 1) * ref_dx[d], y - (a + 1) * ref_dy[d]))
		a++;
	while (ref_black(b, x + (z + 1) * ref_dx[d], y + (z + 1) * ref_dy[d]))
		z++;
	*lo = -a;
	*hi = z;
	return a + z + 1;
}

/* With black on (x,y): an exact five through it along d? */
static int
ref_exact_five_dir(const struct ref_board *b, int x, int y, int d)
{
	int lo, hi;

	return ref_run(b, x, y, d, &lo, &hi) == 5;
}

static int
ref_makes_five(struct ref_board *b, int x, int y)
{
	int five = 0;

	b->cell[x][y] = STONE_BLACK;
	for (int d = 0; d < 4; d++)
		five |= ref_exact_five_dir(b, x, y, d);
	b->cell[x][y] = STONE_EMPTY;
	return five;
}

/*
 * With black on p: the five points of p's line along d (empty q such that
 * black at q makes an exact five containing p), as step offsets from p.
 * Every point of the whole line is tried.
 */
static int
ref_five_points(struct ref_board *b, int px, int py, int d, int *at)
{
	int n = 0;

	for (int k = -b->size; k <= b->size; k++) {
		int qx = px + k * ref_dx[d], qy = py + k * ref_dy[d], lo, hi;

		if (k == 0 || !ref_on(b, qx, qy) ||
		    b->cell[qx][qy] != STONE_EMPTY)
			continue;
		b->cell[qx][qy] = STONE_BLACK;
		if (ref_run(b, px, py, d, &lo, &hi) == 5 && lo <= k && k <= hi)
			at[n++] = k;
		b->cell[qx][qy] = STONE_EMPTY;
	}
	return n;
}

/* Fours of p's line along d (docs/rules.md §1.1, rule 3). */
static int
ref_fours(struct ref_board *b, int px, int py, int d)
{
	int at[64], n = ref_five_points(b, px, py, d, at);

	if (n <= 1)
		return n;
	if (n == 2 && at[1] - at[0] == 5)
		return 1;
	return 2;
}

static int
ref_straight_four(struct ref_board *b, int px, int py, int d)
{
	int at[64], n = ref_five_points(b, px, py, d, at);

	return n == 2 && at[1] - at[0] == 5;
}

int
ref_judge(struct ref_board *b, int x, int y)
{
	int fours = 0, threes = 0, result = FORBIDDEN_NONE, lo, hi;
	int five = 0, over = 0;

	if (b->cell[x][y] != STONE_EMPTY)
		return FORBIDDEN_NONE;
	b->cell[x][y] = STONE_BLACK;
	for (int d = 0; d < 4; d++) {
		int n = ref_run(b, x, y, d, &lo, &hi);

		five |= n == 5;
		over |= n >= 6;
	}
	if (five)
		result = REF_FIVE;
	else if (over)
		result = FORBIDDEN_OVERLINE;
	else {
		for (int d = 0; d < 4; d++)
			fours += ref_fours(b, x, y, d);
		if (fours >= 2)
			result = FORBIDDEN_DOUBLE_FOUR;
	}
	if (result != FORBIDDEN_NONE) {
		b->cell[x][y] = STONE_EMPTY;
		return result;
	}
	for (int d = 0; d < 4; d++) {
		int three = 0;

		if (ref_fours(b, x, y, d) > 0)
			continue;
		for (int k = -b->size; k <= b->size && !three; k++) {
			int qx = x + k * ref_dx[d], qy = y + k * ref_dy[d];
			int straight;

			if (!ref_on(b, qx, qy) || b->cell[qx][qy] != STONE_EMPTY)
				continue;
			b->cell[qx][qy] = STONE_BLACK;
			straight = ref_straight_four(b, x, y, d);
			b->cell[qx][qy] = STONE_EMPTY;
			if (straight && !ref_makes_five(b, qx, qy) &&
			    ref_judge(b, qx, qy) == FORBIDDEN_NONE)
				three = 1;
		}
		threes += three;
	}
	b->cell[x][y] = STONE_EMPTY;
	return threes >= 2 ? FORBIDDEN_DOUBLE_THREE : FORBIDDEN_NONE;
}

void
ref_from_stone(struct ref_board *r, const struct stone_board *b)
{
	memset(r, 0, sizeof *r);
	r->size = b->size;
	for (int p = 0; p < b->size * b->size; p++)
		r->cell[p / b->size][p % b->size] = b->cell[p];
}
