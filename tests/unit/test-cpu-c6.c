/*
 * test-cpu-c6.c - the Connect6 player's tactics: it makes a six whenever it
 * can (one or two stones left), blocks every six it can at every level, and
 * solves positions won in one turn or by a double threat two turns deep;
 * every answer on random positions is legal.
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

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_c6_makes_six, 0, 2);
	tcase_add_loop_test(tc, test_c6_blocks_six, 0, 2);
	tcase_add_test(tc, test_c6_forced_wins);
	tcase_add_loop_test(tc, test_c6_random_legal, 0, 4);
	tcase_add_test(tc, test_c6_deterministic);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(c6_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
