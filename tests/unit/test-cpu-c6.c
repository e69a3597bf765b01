/*
 * test-cpu-c6.c - the Connect6 player's tactics: it makes a six whenever it
 * can (one or two stones left), blocks every six it can at every level,
 * solves positions won in one turn or by a double threat two turns deep,
 * and thirty won by threats over two turns of its own (two threats, then
 * three whatever the block); every answer on random positions is legal.
 *
 * Each position's claim is checked here by a plain brute force over the
 * board (every reply pair of the defender), independently of the engine's
 * own windows.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "engine/game.h"
#include "engine/stone.h"
#include "tests/unit/cpu-position.h"

#define REF_MAX 361

/* The test's own board: cells only, colour + 1, point = col * size + row. */
struct ref {
	int size;
	uint8_t cell[REF_MAX];
};

static const int ref_step[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

static uint64_t
ref_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static int
ref_below(uint64_t *x, int n)
{
	return (int)(ref_rand(x) % (uint64_t)n);
}

static int
ref_size(uint64_t *x)
{
	static const int sizes[] = { 13, 15, 19 };

	return sizes[ref_below(x, 3)];
}

/* The six cells of the window starting at (col,row) in direction d, or 0
 * when it leaves the board. */
static int
ref_window(const struct ref *r, int col, int row, int d, int *out)
{
	for (int i = 0; i < 6; i++) {
		int cc = col + i * ref_step[d][0];
		int rr = row + i * ref_step[d][1];

		if (cc < 0 || cc >= r->size || rr < 0 || rr >= r->size)
			return 0;
		out[i] = cc * r->size + rr;
	}
	return 1;
}

/*
 * Call f on every window with at least `own` stones of c and none of the
 * other colour; stop at the first f that returns nonzero.  Returns what f
 * returned, or the count of such windows when f is NULL.
 */
static int
ref_windows(const struct ref *r, int c, int own,
    int (*f)(const int *, void *), void *arg)
{
	int w[6], count = 0;

	for (int col = 0; col < r->size; col++) {
		for (int row = 0; row < r->size; row++) {
			for (int d = 0; d < 4; d++) {
				int m = 0, o = 0, v;

				if (!ref_window(r, col, row, d, w))
					continue;
				for (int i = 0; i < 6; i++) {
					m += r->cell[w[i]] == c + 1;
					o += r->cell[w[i]] == 2 - c;
				}
				if (m < own || o > 0)
					continue;
				if (f == NULL)
					count++;
				else if ((v = f(w, arg)) != 0)
					return v;
			}
		}
	}
	return count;
}

static int
ref_six(const struct ref *r, int c)
{
	return ref_windows(r, c, 6, NULL, NULL) > 0;
}

/* Can c make a six now with `left` stones? */
static int
ref_wins_now(const struct ref *r, int c, int left)
{
	return ref_windows(r, c, 6 - left, NULL, NULL) > 0;
}

/* The live windows (four or more, none of the other) as cell lists. */
struct ref_live {
	int n;
	int w[512][6];
};

static int
ref_live_add(const int *w, void *arg)
{
	struct ref_live *l = arg;

	if (l->n < 512)
		memcpy(l->w[l->n++], w, sizeof l->w[0]);
	return 0;
}

static int
ref_hits(const struct ref_live *l, int x, int y)
{
	for (int i = 0; i < l->n; i++) {
		int hit = 0;

		for (int j = 0; j < 6; j++)
			hit |= l->w[i][j] == x || l->w[i][j] == y;
		if (!hit)
			return 0;
	}
	return 1;
}

/*
 * After c plays a and b, does every pair of the defender lose?  He loses
 * unless he makes a six himself or his two stones leave c no window to
 * complete.  Tried over every pair of empty points.
 */
static int
ref_forced(struct ref *r, int c, int a, int b)
{
	struct ref_live *l;
	int n = r->size * r->size, won = 1;

	if (r->cell[a] != 0 || r->cell[b] != 0 || a == b)
		return 0;
	r->cell[a] = r->cell[b] = (uint8_t)(c + 1);
	if (ref_six(r, c))
		goto out;
	l = calloc(1, sizeof *l);
	ref_windows(r, c, 4, ref_live_add, l);
	for (int x = 0; x < n && won; x++) {
		if (r->cell[x] != 0)
			continue;
		for (int y = x + 1; y < n && won; y++) {
			if (r->cell[y] != 0 || !ref_hits(l, x, y))
				continue;
			won = 0;
		}
	}
	/* A defender six needs a window of his with four already: had he
	 * one, his reply would hit it, so test it too. */
	if (won && ref_wins_now(r, 1 - c, 2))
		won = 0;
	free(l);
out:
	r->cell[a] = r->cell[b] = 0;
	return won;
}

static void
ref_from_game(struct ref *r, const struct game *g)
{
	const struct stone_board *b = stone_game_board(g);

	ck_assert(b != NULL);
	r->size = b->size;
	for (int p = 0; p < b->size * b->size; p++)
		r->cell[p] = b->cell[p];
}

/* A game set up from the test board, c to move a fresh turn. */
static struct game *
ref_game(const struct ref *r, int c)
{
	char opt[16], *optv[1] = { opt }, err[GAME_ERR_LEN];
	char names[REF_MAX][4], *tok[REF_MAX + 4];
	int n = 0;
	struct game *g;

	snprintf(opt, sizeof opt, "size=%d", r->size);
	g = game_new("connect6", 1, optv, err, sizeof err);
	ck_assert_msg(g != NULL, "%s", err);
	for (int col = 0; col < 2; col++) {
		tok[n++] = col == 0 ? "black" : "white";
		for (int p = 0; p < r->size * r->size; p++) {
			if (r->cell[p] != col + 1)
				continue;
			stone_point_format(r->size, p, names[p]);
			tok[n++] = names[p];
		}
	}
	tok[n++] = "tomove";
	tok[n++] = c == 0 ? "black" : "white";
	ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0, "%s", err);
	return g;
}

static struct cpu_result
think(const struct game *g, int level, uint64_t nodes, uint64_t seed)
{
	struct cpu_limits lim;
	struct cpu_result r;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, level);
	lim.time_ms = 0;
	lim.nodes = nodes;
	lim.seed = seed;
	lim.tt_bytes = 1 << 18;
	ck_assert_msg(cpu_think(g, &lim, NULL, &r, err, sizeof err) == 0,
	    "%s", err);
	return r;
}

/* Play the answer with the rules; 1 when the game ended on it. */
static int
apply(struct game *g, const struct cpu_result *r)
{
	const struct variant *v = g->variant;
	struct game_status st;
	char err[GAME_ERR_LEN];

	ck_assert_int_ge(r->nmoves, 1);
	for (int i = 0; i < r->nmoves; i++) {
		v->status(g, &st);
		if (st.phase == GAME_OVER)
			return 1;
		ck_assert_msg(v->play(g, st.to_move, &r->move[i], err,
		    sizeof err) == 0, "move %d refused: %s", i, err);
	}
	v->status(g, &st);
	return st.phase == GAME_OVER;
}

static void
play_point(struct game *g, int p)
{
	struct game_status st;
	struct move m = { -1, (int16_t)p, 0, 0 };
	char err[GAME_ERR_LEN];

	g->variant->status(g, &st);
	ck_assert_msg(g->variant->play(g, st.to_move, &m, err,
	    sizeof err) == 0, "%s", err);
}

/* Lay `len` cells of colour c from (col,row) along d where mask has a bit;
 * 0 when the run leaves the board or meets a stone. */
static int
ref_lay(struct ref *r, int col, int row, int d, int len, unsigned mask,
    int c, int *cells)
{
	for (int i = 0; i < len; i++) {
		int cc = col + i * ref_step[d][0];
		int rr = row + i * ref_step[d][1];

		if (cc < 0 || cc >= r->size || rr < 0 || rr >= r->size ||
		    r->cell[cc * r->size + rr] != 0)
			return 0;
		cells[i] = cc * r->size + rr;
	}
	for (int i = 0; i < len; i++) {
		if (mask & (1u << i))
			r->cell[cells[i]] = (uint8_t)(c + 1);
	}
	return 1;
}

/* Scatter n stones of each colour on empty points. */
static void
ref_noise(struct ref *r, uint64_t *x, int n)
{
	for (int c = 0; c < 2; c++) {
		for (int i = 0; i < n; i++) {
			int p = ref_below(x, r->size * r->size);

			if (r->cell[p] == 0)
				r->cell[p] = (uint8_t)(c + 1);
		}
	}
}

/* A fresh board and a random line on it. */
static void
ref_clear(struct ref *r, int size)
{
	memset(r, 0, sizeof *r);
	r->size = size;
}

static int
ref_line(struct ref *r, uint64_t *x, int len, unsigned mask, int c,
    int *cells)
{
	for (int tries = 0; tries < 200; tries++) {
		if (ref_lay(r, ref_below(x, r->size), ref_below(x, r->size),
		    ref_below(x, 4), len, mask, c, cells))
			return 1;
	}
	return 0;
}

/*
 * Positions for attacker A = colour c, by kind:
 *   0  a window with four of A's stones, two stones left: a six now;
 *   1  five of A's stones and one stone left (A placed one elsewhere);
 *   2  two open threes: one stone on each makes two open fours, which
 *      the defender's pair cannot both block (a double threat);
 *   3  two threes through one empty point: that stone alone makes two
 *      open fours.
 * `sol` gets a winning pair (kinds 2, 3), checked by the brute force.
 */
static int
ref_position(struct ref *r, uint64_t *x, int kind, int c, int *sol)
{
	static const unsigned four[] = { 0x0f, 0x1e, 0x3c, 0x17, 0x2b, 0x33 };
	static const unsigned five[] = { 0x1f, 0x3e, 0x37, 0x2f, 0x3b };
	static const unsigned three[] = { 0x1c, 0x2c, 0x34 };
	int cells[8], cells2[8], size = ref_size(x);

	ref_clear(r, size);
	switch (kind) {
	case 0:
		if (!ref_line(r, x, 6, four[ref_below(x, 6)], c, cells))
			return 0;
		break;
	case 1:
		if (!ref_line(r, x, 6, five[ref_below(x, 5)], c, cells))
			return 0;
		break;
	case 2: {
		unsigned m1 = three[ref_below(x, 3)], m2 = three[ref_below(x,
		    3)];

		/* 8 cells: two empty, a three in the middle four, two empty */
		if (!ref_line(r, x, 8, m1, c, cells) ||
		    !ref_line(r, x, 8, m2, c, cells2))
			return 0;
		for (int i = 2; i < 6; i++) {
			if (!(m1 & (1u << i)))
				sol[0] = cells[i];
			if (!(m2 & (1u << i)))
				sol[1] = cells2[i];
		}
		break;
	}
	case 3: {
		int col, row, d1, d2, p;

		/* The point P, then two lines through it: . . X X X P . . */
		col = ref_below(x, size);
		row = ref_below(x, size);
		d1 = ref_below(x, 4);
		d2 = (d1 + 1 + ref_below(x, 3)) % 4;
		p = col * size + row;
		for (int k = 0; k < 2; k++) {
			int d = k == 0 ? d1 : d2;

			if (!ref_lay(r, col - 5 * ref_step[d][0],
			    row - 5 * ref_step[d][1], d, 8, 0x1c, c,
			    k == 0 ? cells : cells2))
				return 0;
		}
		sol[0] = p;
		sol[1] = -1;
		for (int q = 0; q < size * size && sol[1] < 0; q++) {
			if (r->cell[q] == 0 && q != p)
				sol[1] = q;
		}
		break;
	}
	}
	ref_noise(r, x, 3 + ref_below(x, 8));
	/* Nobody has won, and the defender has no threat of his own. */
	if (ref_six(r, 0) || ref_six(r, 1) || ref_wins_now(r, 1 - c, 2))
		return 0;
	if (kind == 0)
		return ref_wins_now(r, c, 2);
	if (kind == 1)
		return ref_wins_now(r, c, 1);
	return !ref_wins_now(r, c, 2) && ref_forced(r, c, sol[0], sol[1]);
}

/* A random point with at most one stone in any window through it, so that
 * a stone there makes and blocks nothing that matters: where the first
 * stone of a turn goes in the one-stone-left tests.  -1 when there is none. */
static int
ref_quiet_point(const struct ref *r, uint64_t *x)
{
	for (int tries = 0; tries < 1000; tries++) {
		int p = ref_below(x, r->size * r->size), quiet = 1;
		int col = p / r->size, row = p % r->size, w[6];

		if (r->cell[p] != 0)
			continue;
		for (int d = 0; d < 4 && quiet; d++) {
			for (int k = 0; k < 6 && quiet; k++) {
				if (!ref_window(r, col - k * ref_step[d][0],
				    row - k * ref_step[d][1], d, w))
					continue;
				int n = 0;

				for (int i = 0; i < 6; i++)
					n += r->cell[w[i]] != 0;
				quiet = n <= 1;
			}
		}
		if (quiet)
			return p;
	}
	return -1;
}

/* It completes its six with two stones and with one, at every level. */
START_TEST(test_c6_makes_six)
{
	uint64_t x = 0x5EED0000ULL + (uint64_t)_i;
	struct ref r;
	int sol[2], done = 0;

	while (done < 12) {
		int kind = done & 1, c = (done >> 1) & 1, level = 1 + done % 5;
		struct game *g;
		struct game_status st;
		struct cpu_result res;

		if (!ref_position(&r, &x, kind, c, sol))
			continue;
		g = ref_game(&r, c);
		if (kind == 1) {
			/* The first stone of the turn went somewhere idle. */
			int p = ref_quiet_point(&r, &x);

			if (p < 0) {
				game_free(g);
				continue;
			}
			play_point(g, p);
		}
		res = think(g, level, 2000, 1);
		ck_assert_msg(apply(g, &res), "kind %d level %d: no six", kind,
		    level);
		g->variant->status(g, &st);
		ck_assert_int_eq(st.winner, c);
		game_free(g);
		done++;
	}
}
END_TEST

/* The opponent's threats: one window, two apart, or a five with one stone
 * left; blocked at every level (checked on the test's board). */
START_TEST(test_c6_blocks_six)
{
	uint64_t x = 0xB10C0000ULL + (uint64_t)_i;
	struct ref r;
	struct ref_live *l = malloc(sizeof *l);
	int cells[8], blocked = 0, one, two, n;

	while (blocked < 15) {
		int kind = blocked % 3, level = 1 + blocked % 5;
		int me = ref_below(&x, 2), opp = 1 - me, first = -1;
		struct game *g;
		struct cpu_result res;

		ref_clear(&r, 19);
		n = r.size * r.size;
		if (kind < 2) {
			if (!ref_line(&r, &x, 6, 0x1e, opp, cells) ||
			    (kind == 1 && !ref_line(&r, &x, 6, 0x2d, opp,
			    cells)))
				continue;
		} else if (!ref_line(&r, &x, 6, 0x3b, opp, cells))
			continue;
		ref_noise(&r, &x, 6);
		if (ref_six(&r, 0) || ref_six(&r, 1) ||
		    ref_wins_now(&r, me, 2))
			continue;
		if (kind == 2 && (first = ref_quiet_point(&r, &x)) < 0)
			continue;
		/* It can be blocked: some pair (kind 2: one stone) does. */
		ref_windows(&r, opp, 4, ref_live_add, memset(l, 0, sizeof *l));
		one = two = 0;
		for (int a = 0; a < n; a++) {
			if (r.cell[a] != 0)
				continue;
			one |= ref_hits(l, a, a);
			for (int b = a + 1; b < n && !two && kind < 2; b++)
				two = r.cell[b] == 0 && ref_hits(l, a, b);
		}
		if (kind == 2 ? !one : !two)
			continue;
		g = ref_game(&r, me);
		if (kind == 2)
			play_point(g, first);
		res = think(g, level, 3000, (uint64_t)blocked);
		/* Where one stone blocks it all, the first of the pair does. */
		ck_assert_msg(!one || ref_hits(l, res.move[0].to,
		    res.move[0].to), "kind %d level %d: the first stone does "
		    "not block", kind, level);
		ck_assert(!apply(g, &res));
		ref_from_game(&r, g);
		ck_assert_msg(!ref_wins_now(&r, opp, 2), "kind %d level %d: "
		    "the six is not blocked", kind, level);
		game_free(g);
		blocked++;
	}
	free(l);
}
END_TEST

/*
 * The forced wins: 36 positions (a six now with two or one stone, a double
 * threat by two stones or through one point), each solved at levels 4 and 5
 * under a node limit, the answer checked by the brute force.
 */
START_TEST(test_c6_forced_wins)
{
	uint64_t x = 0xF0CE0000ULL;
	struct ref r;
	int sol[2], solved = 0;

	for (int n = 0; n < 36;) {
		int kind = n % 4, c = (n / 4) & 1;
		struct game *g;

		if (!ref_position(&r, &x, kind, c, sol))
			continue;
		for (int level = 4; level <= 5; level++) {
			struct cpu_result res;
			struct game_status st;
			struct ref after;

			g = ref_game(&r, c);
			if (kind == 1) {
				int p = ref_quiet_point(&r, &x);

				ck_assert_int_ge(p, 0);
				play_point(g, p);
			}
			res = think(g, level, 100000, 7);
			if (kind < 2) {
				ck_assert_msg(apply(g, &res), "position %d: no "
				    "six at level %d", n, level);
				g->variant->status(g, &st);
				ck_assert_int_eq(st.winner, c);
			} else {
				ck_assert_int_eq(res.nmoves, 2);
				ref_from_game(&after, g);
				ck_assert_msg(ref_forced(&after, c,
				    res.move[0].to, res.move[1].to),
				    "position %d (kind %d) level %d: %d %d "
				    "does not force the win (%s)", n, kind,
				    level, res.move[0].to, res.move[1].to,
				    res.pv);
				ck_assert(!apply(g, &res));
			}
			game_free(g);
			solved++;
		}
		n++;
	}
	ck_assert_int_eq(solved, 72);
}
END_TEST

/* ---- wins by continuous threats: the test's own prover ---- */

/*
 * The windows through p or q (q -1: p only) that are live for c (four or
 * more of c's, none of the other's): into l.  Right after c's own stones,
 * and with none live before, these are all of c's live windows.
 */
static void
ref_live_near(const struct ref *r, int c, int p, int q, struct ref_live *l)
{
	int seen[2 * 4 * 6], nseen = 0;

	l->n = 0;
	for (int k = 0; k < 2; k++) {
		int pt = k == 0 ? p : q;

		for (int d = 0; d < 4 && pt >= 0; d++) {
			for (int i = 0; i < 6; i++) {
				int col = pt / r->size - i * ref_step[d][0];
				int row = pt % r->size - i * ref_step[d][1];
				int w[6], id = (col * r->size + row) * 4 + d;
				int m = 0, o = 0, dup = 0;

				if (!ref_window(r, col, row, d, w))
					continue;
				for (int j = 0; j < nseen; j++)
					dup |= seen[j] == id;
				if (dup)
					continue;
				seen[nseen++] = id;
				for (int j = 0; j < 6; j++) {
					m += r->cell[w[j]] == c + 1;
					o += r->cell[w[j]] == 2 - c;
				}
				if (m >= 4 && o == 0)
					memcpy(l->w[l->n++], w, sizeof w);
			}
		}
	}
}

/* The empty cells of the live windows (at most max); the count. */
static int
ref_live_empties(const struct ref *r, const struct ref_live *l, int *out,
    int max)
{
	int n = 0;

	for (int i = 0; i < l->n; i++) {
		for (int j = 0; j < 6; j++) {
			int p = l->w[i][j], dup = 0;

			if (r->cell[p] != 0)
				continue;
			for (int k = 0; k < n; k++)
				dup |= out[k] == p;
			if (!dup && n < max)
				out[n++] = p;
		}
	}
	return n;
}

/* How many stones the defender needs to hit every live window: 0, 1, 2,
 * or 3 for more than a turn has (a six made counts as 3). */
static int
ref_threats(const struct ref *r, const struct ref_live *l)
{
	int e[64], n;

	if (l->n == 0)
		return 0;
	n = ref_live_empties(r, l, e, 64);
	for (int i = 0; i < n; i++) {
		if (ref_hits(l, e[i], e[i]))
			return 1;
	}
	for (int i = 0; i < n; i++) {
		for (int j = i + 1; j < n; j++) {
			if (ref_hits(l, e[i], e[j]))
				return 2;
		}
	}
	return 3;
}

struct ref_cand {
	const struct ref *r;
	int n;
	int p[REF_MAX];
	uint8_t mark[REF_MAX];
};

static int
ref_cand_add(const int *w, void *arg)
{
	struct ref_cand *k = arg;

	for (int i = 0; i < 6; i++) {
		if (k->r->cell[w[i]] == 0 && !k->mark[w[i]]) {
			k->mark[w[i]] = 1;
			k->p[k->n++] = w[i];
		}
	}
	return 0;
}

static int ref_vcf(struct ref *, int, int, int *, int *);

/*
 * After c plays a and b (empty, distinct; neither side with a live window
 * before): does c win within `turns` turns by threats alone?  At once when
 * the defender cannot block it all (three threats, or a six); otherwise,
 * with two threats, every pair that blocks them must leave c a win one
 * turn shorter, and a block that makes the defender a threat of his own
 * saves him (the prover claims no more than it is sure of).
 */
static int
ref_vcf_pair(struct ref *r, int c, int turns, int a, int b)
{
	struct ref_live *l = malloc(sizeof *l), *mine = malloc(sizeof *mine);
	int e[64], n, t, won = 1, dummy;

	r->cell[a] = r->cell[b] = (uint8_t)(c + 1);
	ref_live_near(r, c, a, b, l);
	t = ref_threats(r, l);
	if (t < 2 || (t == 2 && turns < 2))
		won = 0;
	else if (t == 2) {
		n = ref_live_empties(r, l, e, 64);
		for (int i = 0; i < n && won; i++) {
			for (int j = i + 1; j < n && won; j++) {
				if (!ref_hits(l, e[i], e[j]))
					continue;
				r->cell[e[i]] = r->cell[e[j]] = (uint8_t)(2 - c);
				ref_live_near(r, 1 - c, e[i], e[j], mine);
				won = mine->n == 0 &&
				    ref_vcf(r, c, turns - 1, &dummy, &dummy);
				r->cell[e[i]] = r->cell[e[j]] = 0;
			}
		}
	}
	r->cell[a] = r->cell[b] = 0;
	free(mine);
	free(l);
	return won;
}

/*
 * Has c, to play a whole turn, a win by threats within `turns` turns?  Its
 * stones that make a threat lie in windows holding two or more of its
 * stones and none of the other's; pairs of those are tried.  (A pair with
 * one stone elsewhere is not: the prover may miss a win, never invent one.)
 */
static int
ref_vcf(struct ref *r, int c, int turns, int *pa, int *pb)
{
	struct ref_cand *k;
	int won = 0;

	if (turns <= 0)
		return 0;
	k = calloc(1, sizeof *k);
	k->r = r;
	ref_windows(r, c, 2, ref_cand_add, k);
	for (int i = 0; i < k->n && !won; i++) {
		for (int j = i + 1; j < k->n && !won; j++) {
			if ((won = ref_vcf_pair(r, c, turns, k->p[i],
			    k->p[j])) != 0) {
				*pa = k->p[i];
				*pb = k->p[j];
			}
		}
	}
	free(k);
	return won;
}

/* Nobody threatens: no live window of either colour. */
static int
ref_quiet(const struct ref *r)
{
	return ref_windows(r, 0, 4, NULL, NULL) == 0 &&
	    ref_windows(r, 1, 4, NULL, NULL) == 0;
}

/*
 * Won by threats in two turns and not in one (made by CPU_C6_GEN=vcf):
 * the side to move makes two threats, and every block leaves it a pair
 * of three.  19x19.
 */
static const char *const c6_vcf_positions[] = {
	"black e10 f5 f14 g6 i10 i11 i13 j7 k12 l13 m13 n9 "
	    "white e7 e9 e14 f8 f13 h12 h15 i14 j10 j14 k10 k15 m5 m10 m15 "
	    "tomove white",
	"black e6 f9 f11 f15 h5 h10 h14 i7 j11 k9 k12 l9 o8 "
	    "white e5 f10 g13 g15 h13 j5 k15 n8 o10 o11 "
	    "tomove black",
	"black e11 f8 f12 f13 i7 k7 m12 n13 o13 "
	    "white g12 h7 h9 i15 j10 k6 l8 l12 m5 m6 m15 o10 "
	    "tomove white",
	"black f7 f13 h11 i11 j6 k10 l7 l14 m5 m10 o9 o10 "
	    "white e9 g9 h6 j14 k8 l6 l10 l13 n11 "
	    "tomove black",
	"black f11 g12 g13 h8 h14 i8 i11 i15 m5 n11 n14 o5 o11 "
	    "white e14 g5 g10 h6 j9 j14 k5 l9 l15 m12 "
	    "tomove black",
	"black e15 g7 g10 h5 h6 i10 i13 j7 k9 k13 k14 m12 n11 o8 o13 "
	    "white e6 e9 f6 h7 h8 i14 j15 k8 k10 k15 l5 m11 n13 n14 o6 o9 o10 o15 "
	    "tomove white",
	"black e5 e8 g7 h8 h13 h15 i11 j8 k14 l11 m5 m9 n10 o9 "
	    "white e7 e9 e14 g12 g13 j5 j9 k5 k7 k13 l8 l12 l13 l15 m7 m12 o13 "
	    "tomove white",
	"black e5 e6 e9 e13 f15 g6 g14 h10 j5 j9 j14 l9 n5 n8 n9 o8 "
	    "white e12 f10 g5 g12 h6 h7 h11 i8 i13 j7 k15 m11 o10 "
	    "tomove black",
	"black e7 f8 g12 h7 h14 i6 i8 i11 k6 k9 l5 n10 o6 "
	    "white e10 f9 g11 h6 j5 j8 k5 l6 l14 l15 m10 m11 n7 n11 n12 n13 "
	    "tomove white",
	"black e11 f11 j6 j7 j14 k11 l10 l13 m7 m9 n9 o12 o15 "
	    "white e10 h6 h10 h12 h15 j9 k6 l6 m15 n6 "
	    "tomove black",
	"black e6 f9 f15 i10 i11 j10 j13 k14 k15 l11 l12 n8 o9 "
	    "white e10 e14 f12 g5 g6 g8 g12 h14 i5 i13 k7 k10 l15 m5 m11 o15 "
	    "tomove white",
	"black e7 e15 f9 f12 f13 i5 j12 j14 k9 k15 l6 "
	    "white e6 e9 f7 g5 h14 j13 k11 k14 l7 l8 l14 m8 n6 n10 "
	    "tomove white",
	"black e10 g6 g10 h15 i6 i9 i15 j6 k7 l9 m11 n11 "
	    "white e7 f6 f11 f14 g13 h10 h13 i10 i12 j5 j7 k10 l14 o5 o15 "
	    "tomove white",
	"black e6 g12 i6 i10 i13 k10 l5 m8 n6 n8 n12 o8 "
	    "white e5 h10 i7 j5 k6 l7 n5 n15 o12 "
	    "tomove black",
	"black f5 f7 f12 g11 g12 h8 h13 j8 k15 l6 l9 n12 n15 o13 "
	    "white g5 g10 h11 h12 k11 l8 l15 n7 n13 o6 o14 "
	    "tomove black",
	"black e5 e7 f7 f10 g12 g15 l7 n5 o12 o14 "
	    "white e13 e14 f8 g6 h6 h13 i13 i14 l6 l15 m8 n15 o5 "
	    "tomove white",
	"black g11 h9 i7 j5 j9 k9 k10 l11 l13 n6 n8 "
	    "white f9 g9 j7 l5 m8 m15 n13 o10 "
	    "tomove black",
	"black e6 f8 f12 f15 g11 j12 j13 l7 l10 l14 l15 m5 n11 o9 "
	    "white e9 f6 g7 i10 j8 k8 k12 l6 l9 m14 o12 "
	    "tomove black",
	"black e5 f14 g12 i15 k6 k14 l6 l10 n12 o5 "
	    "white e6 e11 f9 g6 g9 h6 h15 i12 j8 k5 k8 m7 n11 "
	    "tomove white",
	"black e8 e9 f6 f10 g7 i8 i9 j7 j8 j13 j14 k14 l10 m12 o14 "
	    "white e13 g6 g10 h5 h9 i12 k11 k15 l6 l8 l11 m9 m10 m13 n7 o5 o7 o9 "
	    "tomove white",
	"black e7 e11 f8 f11 f13 h7 h10 i6 i15 j11 j13 k8 k11 m5 m8 m13 n5 n9 o7 o12 "
	    "white f10 g7 g11 g12 g13 h13 i11 i12 j6 j8 j15 l11 l13 m6 n15 o11 o15 "
	    "tomove black",
	"black e8 h12 h14 h15 i15 k15 l9 m11 o14 "
	    "white e5 g6 h8 h13 k10 l7 m5 m14 o5 o7 o9 o15 "
	    "tomove white",
	"black e12 f6 h13 k11 k15 l15 m12 n5 n9 n14 n15 "
	    "white g11 g12 g15 i5 j11 l5 l12 l14 "
	    "tomove black",
	"black e5 e7 g9 g12 g13 h7 i6 i8 i9 i14 k5 m6 m9 m13 n12 n14 o7 o14 "
	    "white e8 f9 f11 i7 i15 j13 k6 k11 k15 m12 n6 n11 n13 o5 o8 "
	    "tomove black",
	"black e9 e11 e15 f7 g12 g14 g15 h6 h14 i5 i12 i15 j10 j13 k9 l9 l10 m10 n13 o14 "
	    "white e6 e13 f8 f12 f15 g13 i11 j11 j14 k15 l5 l12 m8 n11 o8 o9 o10 "
	    "tomove black",
	"black e8 f6 g5 g12 h13 h15 j13 k5 l7 m5 m8 m10 o12 "
	    "white e10 e11 e14 k8 k11 l15 m9 n6 n15 o7 "
	    "tomove black",
	"black g10 g15 h5 h9 h14 l7 m12 m13 n9 n14 o14 "
	    "white e7 f15 i11 i13 j15 k13 l9 m14 n6 n8 n10 n12 o5 o10 "
	    "tomove white",
	"black f13 g7 g13 g14 h7 i5 i15 l8 l12 m8 n8 o11 "
	    "white e14 f6 i7 k9 k10 k14 l7 m9 o9 "
	    "tomove black",
	"black e6 f12 f14 g14 h8 i12 j9 k7 m5 m9 m13 n12 o10 "
	    "white e11 f5 f8 f15 h15 j5 k10 l10 n8 o11 "
	    "tomove black",
	"black e6 f5 f13 f14 h5 h8 h10 j8 l8 m13 n15 o9 "
	    "white e7 f11 g10 i6 k9 l9 l12 n8 o6 "
	    "tomove black",
};
#define NC6VCF (int)(sizeof c6_vcf_positions / sizeof c6_vcf_positions[0])

/* A position string as a game and the test's board. */
static struct game *
c6_setup(const char *spec, struct ref *r, int *c)
{
	char buf[2048], *tok[REF_MAX + 4], *save = NULL, err[GAME_ERR_LEN];
	char opt[] = "size=19", *optv[1] = { opt };
	struct game *g = game_new("connect6", 1, optv, err, sizeof err);
	int n = 0;

	ck_assert_msg(g != NULL, "%s", err);
	snprintf(buf, sizeof buf, "%s", spec);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < REF_MAX + 4;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0, "%s", err);
	ref_from_game(r, g);
	*c = strstr(spec, "tomove white") != NULL ? 1 : 0;
	return g;
}

/* Random stones near the centre of 19x19, the attacker c with a few more,
 * nobody threatening. */
static void
c6_gen_position(struct ref *r, uint64_t *x, int c)
{
	int k = 8 + ref_below(x, 14);

	ref_clear(r, 19);
	for (int placed = 0; placed < 2 * k + 3;) {
		int col = 9 + ref_below(x, 11) - 5, row = 9 + ref_below(x, 11) - 5;
		int p = col * 19 + row, who = placed < k + 3 ? c : 1 - c;

		if (r->cell[p] != 0)
			continue;
		r->cell[p] = (uint8_t)(who + 1);
		placed++;
	}
}

static void
c6_gen(int count, uint64_t seed)
{
	uint64_t x = 0xC6C6C6C6ULL ^ (seed * 0x9E3779B97F4A7C15ULL) ^ 1;
	struct ref r;
	int a, b;

	while (count > 0) {
		int c = ref_below(&x, 2);

		c6_gen_position(&r, &x, c);
		if (!ref_quiet(&r) || ref_vcf(&r, c, 1, &a, &b) ||
		    !ref_vcf(&r, c, 2, &a, &b))
			continue;
		cpu_position_print(r.size, r.cell, c == 1);
		fflush(stdout);
		count--;
	}
}

/* The claim holds (by the prover), and level 4 or 5 answers with a pair
 * after which the prover still wins in the turn left. */
START_TEST(test_c6_vcf_solved)
{
	struct ref r;
	int c, a, b;
	struct game *g = c6_setup(c6_vcf_positions[_i], &r, &c);
	struct cpu_result res;

	ck_assert(ref_quiet(&r));
	ck_assert_msg(!ref_vcf(&r, c, 1, &a, &b), "position %d: won in one",
	    _i);
	ck_assert_msg(ref_vcf(&r, c, 2, &a, &b), "position %d: not won in "
	    "two", _i);
	res = think(g, 4 + _i % 2, 200000, (uint64_t)_i);
	ck_assert_int_eq(res.nmoves, 2);
	ck_assert_msg(ref_vcf_pair(&r, c, 2, res.move[0].to, res.move[1].to),
	    "position %d: %d %d does not win (%s)", _i, res.move[0].to,
	    res.move[1].to, res.pv);
	game_free(g);
}
END_TEST

/* Random positions on every board size, one or two stones left: every
 * answer at every level passes the rules. */
START_TEST(test_c6_random_legal)
{
	uint64_t x = 0xA11CE000ULL + (uint64_t)_i;
	int positions = 0;

	while (positions < 60) {
		struct ref r;
		struct game *g;
		int size = ref_size(&x), c = ref_below(&x, 2);

		ref_clear(&r, size);
		/* Stones clustered as in play, around a few centres. */
		for (int i = 0, n = ref_below(&x, 50); i < n; i++) {
			int col = size / 2 + ref_below(&x, 9) - 4;
			int row = size / 2 + ref_below(&x, 9) - 4;

			r.cell[col * size + row] = (uint8_t)(1 + (i & 1));
		}
		if (ref_six(&r, 0) || ref_six(&r, 1))
			continue;
		g = ref_game(&r, c);
		if (ref_below(&x, 3) == 0) {
			int p = ref_quiet_point(&r, &x);

			if (p >= 0)
				play_point(g, p);
		}
		for (int level = 1; level <= 5; level++) {
			struct cpu_result res = think(g, level, 400,
			    (uint64_t)positions);
			struct game *copy = game_copy(g);

			apply(copy, &res);
			game_free(copy);
		}
		game_free(g);
		positions++;
	}
}
END_TEST

/* Same seed, same node limit: the same turn. */
START_TEST(test_c6_deterministic)
{
	uint64_t x = 0xDE7E0000ULL;
	struct ref r;
	int sol[2];

	while (!ref_position(&r, &x, 2, 0, sol))
		;
	/* Spoil the win so that the search, not the tss, answers. */
	for (int p = 0; p < r.size * r.size; p++) {
		if (r.cell[p] == 0 && p != sol[0] && p != sol[1]) {
			r.cell[p] = 2;
			break;
		}
	}
	for (int level = 1; level <= 5; level++) {
		struct game *g = ref_game(&r, 1);
		struct cpu_result a = think(g, level, 5000, 42);
		struct cpu_result b = think(g, level, 5000, 42);

		ck_assert_int_eq(a.nmoves, b.nmoves);
		ck_assert_int_eq(a.move[0].to, b.move[0].to);
		ck_assert_int_eq(a.move[1].to, b.move[1].to);
		game_free(g);
	}
}
END_TEST

static Suite *
c6_suite(void)
{
	Suite *s = suite_create("cpu-c6");
	TCase *tc = tcase_create("tactics");

	/* Seconds of processor time at most, which a shared machine
	 * stretches many times over. */
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_c6_makes_six, 0, 2);
	tcase_add_loop_test(tc, test_c6_blocks_six, 0, 2);
	tcase_add_test(tc, test_c6_forced_wins);
	tcase_add_loop_test(tc, test_c6_random_legal, 0, 4);
	tcase_add_test(tc, test_c6_deterministic);
	tcase_add_loop_test(tc, test_c6_vcf_solved, 0, NC6VCF);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	const char *gen = getenv("CPU_C6_GEN");
	SRunner *sr;
	int failed;

	/* CPU_C6_GEN=vcf prints new positions for the table above. */
	if (gen != NULL && strcmp(gen, "vcf") == 0) {
		const char *seed = getenv("CPU_C6_SEED");

		c6_gen(30, seed != NULL ? strtoull(seed, NULL, 10) : 0);
		return 0;
	}
	sr = srunner_create(c6_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
