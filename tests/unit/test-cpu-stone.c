/*
 * test-cpu-stone.c - the five-in-a-row player: it completes its five and
 * stops the other's at every level, solves positions won by fours (VCF)
 * and by threes and fours (VCT), never plays Black's restricted points,
 * and answers legally on a thousand random positions.
 *
 * The threat positions are checked by a slow prover written plainly here
 * (walking the cells, no shape tables), which is what makes their claims
 * independent of the player: every position's win is proved by it, and so
 * is the player's answer.  The positions were made by random play near the
 * centre, kept when the prover found the claim; run the test with
 * CPU_STONE_GEN=vcf or CPU_STONE_GEN=vct (and CPU_STONE_SEED=N for
 * another series) to make new ones.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-int.h"
#include "engine/forbidden.h"
#include "engine/stone.h"
#include "tests/unit/cpu-position.h"
#include "tests/unit/testgame.h"

/* ---- the plain prover (freestyle: five or more wins) ---- */

struct ref {
	int size;
	int cell[STONE_MAX_POINTS]; /* 0 empty, 1 black, 2 white */
};

static const int ref_step[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

static int
ref_at(const struct ref *r, int col, int row)
{
	if (col < 0 || col >= r->size || row < 0 || row >= r->size)
		return -1;
	return col * r->size + row;
}

/* Stones of c in a row through p along d, p counted as c's. */
static int
ref_run(const struct ref *r, int p, int d, int c)
{
	int n = 1;

	for (int sign = -1; sign <= 1; sign += 2) {
		int col = p / r->size, row = p % r->size, q;

		for (;;) {
			col += sign * ref_step[d][0];
			row += sign * ref_step[d][1];
			q = ref_at(r, col, row);
			if (q < 0 || r->cell[q] != c)
				break;
			n++;
		}
	}
	return n;
}

static int
ref_five(const struct ref *r, int c, int p)
{
	if (r->cell[p] != 0)
		return 0;
	for (int d = 0; d < 4; d++) {
		if (ref_run(r, p, d, c) >= 5)
			return 1;
	}
	return 0;
}

static int
ref_fives(const struct ref *r, int c, int *out, int max)
{
	int n = 0;

	for (int p = 0; p < r->size * r->size; p++) {
		if (ref_five(r, c, p)) {
			if (n < max)
				out[n] = p;
			n++;
		}
	}
	return n;
}

/* The five points of c made by its stone on q (on q's lines). */
static int
ref_new_fives(const struct ref *r, int c, int q, int *out, int max)
{
	int n = 0;

	for (int d = 0; d < 4; d++) {
		for (int k = -4; k <= 4; k++) {
			int p = ref_at(r, q / r->size + k * ref_step[d][0],
			    q % r->size + k * ref_step[d][1]);

			if (k == 0 || p < 0 || r->cell[p] != 0 ||
			    ref_run(r, p, d, c) < 5)
				continue;
			if (n < max)
				out[n] = p;
			n++;
		}
	}
	return n;
}

static int
ref_near(const struct ref *r, int p)
{
	for (int dc = -2; dc <= 2; dc++) {
		for (int dr = -2; dr <= 2; dr++) {
			int q = ref_at(r, p / r->size + dc, p % r->size + dr);

			if (q >= 0 && r->cell[q] != 0)
				return 1;
		}
	}
	return 0;
}

/* Can c win by fours, at most depth of them?  Every four is tried. */
static int
ref_vcf(struct ref *r, int c, int depth)
{
	int o = 3 - c, of[2], nf, f[2];

	if (ref_fives(r, c, f, 1) > 0)
		return 1;
	if (depth == 0 || (nf = ref_fives(r, o, of, 2)) >= 2)
		return 0;
	for (int q = 0; q < r->size * r->size; q++) {
		int n, win = 0;

		if (r->cell[q] != 0 || (nf == 1 && q != of[0]) ||
		    !ref_near(r, q))
			continue;
		r->cell[q] = c;
		n = ref_new_fives(r, c, q, f, 2);
		if (n >= 2)
			win = 1;
		else if (n == 1) {
			r->cell[f[0]] = o;
			win = ref_vcf(r, c, depth - 1);
			r->cell[f[0]] = 0;
		}
		r->cell[q] = 0;
		if (win)
			return 1;
	}
	return 0;
}

/* Does c's stone on q leave a point where c makes an open four? */
static int
ref_makes_three(struct ref *r, int c, int q)
{
	int f[2], found = 0;

	r->cell[q] = c;
	for (int p = 0; p < r->size * r->size && !found; p++) {
		if (r->cell[p] != 0 || !ref_near(r, p))
			continue;
		r->cell[p] = c;
		found = ref_new_fives(r, c, p, f, 2) >= 2;
		r->cell[p] = 0;
	}
	r->cell[q] = 0;
	return found;
}

/*
 * Does c's stone on q win?  A four: after the block, by threes and fours
 * once more (depth).  Any other stone: whatever the other side answers,
 * anywhere on the board, c then wins by fours.
 */
static int ref_vct(struct ref *, int, int);

static int
ref_after(struct ref *r, int c, int q, int depth)
{
	int o = 3 - c, f[2], n, win = 1;

	r->cell[q] = c;
	n = ref_new_fives(r, c, q, f, 2);
	if (n >= 2)
		win = 1;
	else if (n == 1) {
		r->cell[f[0]] = o;
		win = ref_vct(r, c, depth - 1);
		r->cell[f[0]] = 0;
	} else {
		/* Every empty point, nearest first: those refute soonest. */
		for (int ring = 1; ring < r->size && win; ring++) {
			for (int x = 0; x < r->size * r->size && win; x++) {
				int dc = abs(x / r->size - q / r->size);
				int dr = abs(x % r->size - q % r->size);

				if (r->cell[x] != 0 || (dc > dr ? dc : dr) !=
				    ring)
					continue;
				r->cell[x] = o;
				win = ref_vcf(r, c, 10);
				r->cell[x] = 0;
			}
		}
	}
	r->cell[q] = 0;
	return win;
}

static int
ref_vct(struct ref *r, int c, int depth)
{
	int f[2];

	if (ref_vcf(r, c, 10))
		return 1;
	if (depth <= 0 || ref_fives(r, 3 - c, f, 1) > 0)
		return 0;
	for (int q = 0; q < r->size * r->size; q++) {
		int four;

		if (r->cell[q] != 0 || !ref_near(r, q))
			continue;
		r->cell[q] = c;
		four = ref_new_fives(r, c, q, f, 1) > 0;
		r->cell[q] = 0;
		if ((four || ref_makes_three(r, c, q)) &&
		    ref_after(r, c, q, depth))
			return 1;
	}
	return 0;
}

/* ---- games and the player ---- */

/* gh-setup from "black h8 i9 white j10 tomove black". */
static struct game *
mk_setup(const char *spec, const char *stones)
{
	struct game *g = testgame_new(spec);
	char buf[2048], *tok[400], *save = NULL, err[GAME_ERR_LEN];
	int n = 0;

	snprintf(buf, sizeof buf, "%s", stones);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < 400;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0,
	    "%s: %s", stones, err);
	return g;
}

static void
ref_load(struct ref *r, const struct game *g)
{
	const struct stone_board *b = stone_game_board(g);

	r->size = b->size;
	for (int p = 0; p < b->size * b->size; p++)
		r->cell[p] = b->cell[p];
}

static int
pt(const struct game *g, const char *text)
{
	return stone_point_parse(stone_game_board(g)->size, text);
}

/* The family's own answer, before cpu.c could mend it. */
static int
think_raw(const struct game *g, int level, uint64_t nodes, uint64_t seed,
    int stop_now, struct cpu_result *res)
{
	struct cpu_limits lim;
	struct cpu_search s;
	struct cpu_stop stop;
	int rc;

	cpu_limits_default(&lim, level);
	lim.time_ms = 0;
	lim.nodes = nodes;
	lim.seed = seed;
	cpu_stop_init(&stop);
	if (stop_now)
		cpu_stop_raise(&stop);
	memset(&s, 0, sizeof s);
	memset(res, 0, sizeof *res);
	s.limits = &lim;
	s.stop = &stop;
	s.start_us = cpu_now_us();
	s.node_cap = nodes;
	s.rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	s.tt = cpu_tt_new(1 << 16);
	ck_assert(s.tt != NULL);
	rc = cpu_stone_think(g, &s, res);
	cpu_tt_free(s.tt);
	return rc;
}

/* The point the player answers, checked to be one legal move. */
static int
answer(const struct game *g, int level, uint64_t nodes, uint64_t seed)
{
	struct cpu_result r;
	struct game *copy = game_copy(g);
	struct game_status st;
	char err[GAME_ERR_LEN];

	ck_assert_int_eq(think_raw(g, level, nodes, seed, 0, &r), 0);
	ck_assert_int_eq(r.is_choice, 0);
	ck_assert_int_eq(r.nmoves, 1);
	copy->variant->status(copy, &st);
	ck_assert_msg(copy->variant->play(copy, st.to_move, &r.move[0], err,
	    sizeof err) == 0, "level %d: %s", level, err);
	game_free(copy);
	return r.move[0].to;
}

static const char *const stone_specs[] = {
	"gomoku", "gomoku size=19", "gomoku overline=off",
	"gomoku restrict=on", "freestyle", "standard", "renju",
};
#define NSTONE (int)(sizeof stone_specs / sizeof stone_specs[0])

/* ---- the positions ---- */

/* Black to move; white has its own four (b3-b6) to tempt a block. */
static const char five_black[] =
    "black f8 g8 h8 i8 b2 white e8 b3 b4 b5 b6 tomove black";
static const char five_white[] =
    "black e8 b3 b4 b5 b6 white f8 g8 h8 i8 b2 tomove white";
/* White's closed four on the h file; its five point is h7. */
static const char four_white[] =
    "black h2 j9 k10 m12 white h3 h4 h5 h6 tomove black";

/*
 * Black's restricted points where they tempt most.  h8 and m5 are double
 * threes that would win in freestyle; in the next White's four ends on
 * h8, so Black cannot block it; in the last h8 is a double four.
 */
static const char *const restricted_positions[] = {
	"black f8 g8 h9 h10 k5 l5 m6 m7 white a1 a3 o15 o13 tomove black",
	"black c3 f8 g8 h9 h10 white d4 e5 f6 g7 a1 tomove black",
	"black e8 f8 g8 h4 h5 h6 white d8 h3 a1 a15 o1 tomove black",
};
#define NRESTRICTED (int)(sizeof restricted_positions / \
	sizeof restricted_positions[0])
static const char *const restricted_points[NRESTRICTED][3] = {
	{ "h8", "m5", NULL }, { "h8", NULL }, { "h8", NULL },
};
/* White to move: g7 makes a four whose five point h8 Black may not take. */
static const char white_uses_restriction[] =
    "black c3 f8 g8 h9 h10 a15 white d4 e5 f6 a1 o1 tomove white";

/* Won by fours (made by gen("vcf")): the side to move has a VCF of two
 * fours or more, and nothing quicker. */
static const char *const vcf_positions[] = {
	"black d7 e4 e10 f6 f8 g6 h5 h8 i9 j4 j12 k5 l7 l11 "
	    "white e7 e11 f12 g4 g10 h6 h9 h11 j6 j10 k10 l8 l12 "
	    "tomove white",
	"black e9 f8 f11 f12 h8 h10 i10 j11 j12 "
	    "white e6 e10 f6 f9 f10 g8 i5 j7 j10 "
	    "tomove black",
	"black d8 e5 g8 h5 h8 i5 j4 "
	    "white f9 f11 g6 h7 i7 j6 l8 "
	    "tomove black",
	"black d11 e10 f10 f11 g12 h8 h11 h12 i4 j5 j8 k7 k8 l7 "
	    "white d8 d9 d10 e11 f9 g10 h9 i12 j7 j12 k9 l4 l8 "
	    "tomove white",
	"black d9 g4 g8 h8 h9 h12 i6 i9 j6 l12 "
	    "white d11 f10 g6 g12 h4 i8 j8 j11 k10 l4 "
	    "tomove black",
	"black d5 d6 f6 f11 h4 h7 h8 h12 j10 j11 k7 l11 "
	    "white d12 e9 g4 g6 g9 g12 h9 i7 i8 i10 j7 j12 "
	    "tomove black",
	"black d9 d10 e6 e12 f9 f11 h5 h8 h9 j4 j10 k6 k9 "
	    "white d12 e7 g6 g10 h10 h11 i4 i6 i8 i12 j7 j12 k10 "
	    "tomove black",
	"black d10 e7 e9 f12 g8 h8 i7 j4 j11 l4 "
	    "white d8 e10 g9 g10 g12 h5 h10 k6 k8 "
	    "tomove white",
	"black e11 f4 f10 h8 h9 h11 i10 i12 j7 j11 k8 l4 "
	    "white e9 g5 g11 h6 h7 i6 i8 i11 j4 l6 l9 "
	    "tomove white",
	"black d4 d12 e6 e12 f4 f8 f11 g9 h8 i4 i10 j9 j10 "
	    "white d8 d9 d11 f7 g5 g7 g8 j5 j7 j8 k5 k11 k12 "
	    "tomove black",
	"black e5 e9 f12 h8 h9 h10 i7 i11 i12 k12 l9 "
	    "white d6 e4 g7 h4 h11 i4 i5 i9 k10 k11 "
	    "tomove white",
	"black e11 g4 g7 g11 h5 h8 h10 h11 k8 l6 "
	    "white e7 f12 i5 i7 i9 i12 j10 k4 l4 "
	    "tomove white",
	"black e7 e8 e11 f10 g6 g11 h7 h8 i6 l10 "
	    "white d7 d12 f7 g7 h10 h12 i9 i11 k9 k11 "
	    "tomove black",
	"black d4 d5 d6 d10 e6 e11 f5 g9 h8 h10 i9 j7 k6 l6 l10 "
	    "white d8 d11 e4 f7 g4 g5 g10 h9 i10 j6 j10 k7 k9 l5 "
	    "tomove white",
	"black d7 f5 f9 g4 g11 g12 h6 h8 i10 j10 k8 "
	    "white e6 e11 f4 f6 g6 i6 i9 i11 j8 k4 l4 "
	    "tomove black",
	"black d7 d9 e5 e7 e8 f8 h4 h8 h9 j7 j11 l8 "
	    "white d5 f4 f7 g4 g8 g11 h6 i8 i10 i12 l7 "
	    "tomove white",
	"black d5 e4 e7 g7 g12 h8 i10 j5 k4 k11 l11 "
	    "white d7 f8 f9 g6 g8 g11 h5 h6 h9 i4 i11 "
	    "tomove black",
	"black e7 h5 h8 i10 j6 j8 j9 k6 k9 k12 l4 "
	    "white d8 f4 f6 f8 g11 h6 j4 j7 l9 l11 "
	    "tomove white",
	"black e9 e10 f10 g6 g12 h8 i5 i6 i8 j5 j8 j12 k7 k9 l12 "
	    "white d4 d7 e4 e6 e11 f6 f9 h6 h11 i7 i10 j9 l5 l10 "
	    "tomove white",
	"black d6 d9 d11 f8 h8 h10 h11 j9 j10 k9 l12 "
	    "white d10 d12 e8 e10 e12 g7 g10 h7 i8 i10 "
	    "tomove white",
	"black d8 d12 e12 f6 f12 g5 g9 g10 h6 h8 h9 "
	    "white d9 e8 e9 e11 f8 f10 h7 i7 j11 l11 "
	    "tomove white",
	"black e5 e8 e12 f7 f8 g5 h4 h6 h8 i10 i12 j4 j9 j12 l7 l10 "
	    "white d5 d7 d10 d11 f4 f9 f10 f12 g6 g9 i5 i8 i11 j7 j11 "
	    "tomove white",
	"black e4 e6 e8 e12 h7 h8 i6 i12 "
	    "white f7 g5 g10 h11 h12 i9 i11 k12 "
	    "tomove black",
	"black f9 g5 g10 g11 h4 h8 h9 i12 j4 k5 "
	    "white d5 e7 h7 h10 i6 j7 j9 j11 k6 "
	    "tomove white",
	"black d7 d8 e4 f9 g5 g6 g7 g11 h8 i10 j6 j9 j10 l7 l12 "
	    "white d6 f6 f10 g4 g8 h4 h10 i5 i8 i11 j8 k5 k8 k9 "
	    "tomove white",
	"black d9 g9 h4 h5 h8 i8 k5 l8 "
	    "white e6 e10 e11 f6 f8 h9 i6 j7 "
	    "tomove black",
	"black d4 d10 e7 f4 f9 g11 g12 h7 h8 h12 j8 j11 j12 l12 "
	    "white d5 d9 e4 e6 e11 f10 g5 h4 h6 h11 i11 j4 k12 l7 "
	    "tomove black",
	"black d7 d11 e5 e9 e10 f8 g7 h8 i7 j9 l12 "
	    "white f5 f9 g6 g9 g11 i5 j4 j5 j8 l10 "
	    "tomove white",
	"black d5 d8 d9 g4 g9 g10 h8 h12 i8 j8 j11 k6 k7 k9 l8 "
	    "white d4 d7 e5 e8 f4 f12 g6 h5 h6 h7 i12 j4 k8 l5 "
	    "tomove white",
	"black d8 e12 f9 g8 g9 h6 h7 h8 i5 i7 j8 j9 k7 l5 "
	    "white d5 e6 e9 e11 f4 f6 g4 g7 g12 h11 i11 k9 k10 "
	    "tomove white",
};
#define NVCF (int)(sizeof vcf_positions / sizeof vcf_positions[0])

/* Won by threes and fours, not by fours alone (gen("vct"), series 0
 * and 2). */
static const char *const vct_positions[] = {
	"black e4 g6 g11 h8 h9 i5 k9 l4 l6 "
	    "white d7 e8 g5 g8 j6 j8 k6 k10 l8 "
	    "tomove black",
	"black f4 f6 h6 h8 j9 k9 l4 "
	    "white d6 h5 i4 i8 j5 j11 k12 "
	    "tomove black",
	"black h8 h9 i8 i9 j5 j12 k4 l6 "
	    "white e9 g8 g9 h11 j7 j8 k6 l8 "
	    "tomove black",
	"black d10 e7 f8 f10 g6 h8 j7 "
	    "white d12 e4 e6 f5 f6 h4 j10 "
	    "tomove black",
	"black d8 d9 e6 f8 g7 h5 h8 "
	    "white d4 e7 e8 j5 j6 k8 l4 "
	    "tomove black",
	"black d8 d10 e9 g10 h8 i12 j4 j6 "
	    "white f10 f11 g9 h4 i5 k8 k10 l9 "
	    "tomove black",
	"black e5 f4 f8 h8 h10 i6 j10 k4 "
	    "white d5 d7 g6 g12 h4 i9 i11 j11 "
	    "tomove black",
	"black d7 f4 g6 g12 h8 j7 k10 k11 l7 l8 l11 "
	    "white d4 f6 f8 g4 g5 h6 h11 i8 i10 j11 l6 "
	    "tomove black",
	"black d7 f4 f9 g5 g7 h8 i4 i10 j12 k6 k8 l6 "
	    "white e5 f7 g8 g9 i5 i7 j6 j7 k4 k10 l11 l12 "
	    "tomove black",
	"black h8 i6 j10 k7 k8 l5 l10 "
	    "white d10 f9 g12 h5 h10 i8 j7 "
	    "tomove black",
	"black d7 e4 e10 f4 f6 f7 g5 g10 g11 h8 i6 j4 k8 l7 "
	    "white d5 e8 e12 f5 f8 f9 g6 g7 h4 h10 j6 k6 l8 "
	    "tomove white",
	"black f7 g4 g10 h8 i5 j6 j8 l11 "
	    "white h9 i7 i10 j7 k11 l6 l10 "
	    "tomove white",
	/* CPU_STONE_SEED=2 */
	"black e5 e11 f9 f12 g12 h8 h9 "
	    "white e9 g7 g8 i8 i10 k11 l10 "
	    "tomove black",
	"black d9 e11 g7 g10 h8 h12 j8 j10 k9 l7 "
	    "white d7 d12 e12 f8 h10 i9 i10 j11 l10 "
	    "tomove white",
	"black g11 h8 h10 i4 k8 k10 k12 "
	    "white e6 e9 f6 i10 j6 k4 k6 "
	    "tomove black",
	"black d5 e4 e5 f8 g6 h8 j5 j12 k7 k10 l4 "
	    "white f10 f11 g8 h4 i5 i11 i12 j8 j9 l9 "
	    "tomove white",
	"black d7 d9 f11 h8 h11 i8 j11 "
	    "white d8 e6 e7 f7 g4 h10 l10 "
	    "tomove black",
	"black d9 f11 f12 h8 i7 i10 j7 j8 l5 l9 "
	    "white d7 f8 f9 f10 g8 h6 k7 l10 l11 "
	    "tomove white",
	"black e9 g8 h5 h8 h9 i5 i11 "
	    "white d11 e5 e8 g4 g7 i6 k5 "
	    "tomove black",
	"black e7 e9 f5 f7 h5 h8 i6 i9 k5 "
	    "white d8 e11 f9 g4 g8 g11 i7 j9 l5 "
	    "tomove black",
	"black d9 e6 f6 f7 h4 h8 i8 j9 k4 "
	    "white f11 g10 i6 i10 j11 k6 k9 l10 "
	    "tomove white",
	"black e11 e12 f6 f12 g10 h5 h8 k6 k10 l4 l8 "
	    "white g4 g8 g9 h6 i4 i12 j6 j7 k5 l10 "
	    "tomove white",
};
#define NVCT (int)(sizeof vct_positions / sizeof vct_positions[0])

/* ---- making positions (CPU_STONE_GEN) ---- */

static uint64_t
gen_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Random stones near the centre, none of them a five; the side to move. */
static int
gen_position(struct ref *r, uint64_t *x)
{
	int k = 14 + (int)(gen_rand(x) % 18), placed = 0, c = 1;

	memset(r, 0, sizeof *r);
	r->size = 15;
	r->cell[7 * 15 + 7] = 1;
	placed = 1;
	c = 2;
	while (placed < k) {
		int col = 3 + (int)(gen_rand(x) % 9);
		int row = 3 + (int)(gen_rand(x) % 9), p = col * 15 + row;

		if (r->cell[p] != 0 || !ref_near(r, p) || ref_five(r, c, p))
			continue;
		r->cell[p] = c;
		c = 3 - c;
		placed++;
	}
	return c;
}

static void
gen_print(const struct ref *r, int c)
{
	uint8_t cell[STONE_MAX_POINTS];

	for (int p = 0; p < r->size * r->size; p++)
		cell[p] = (uint8_t)r->cell[p];
	cpu_position_print(r->size, cell, c == 2);
}

/* Nothing immediate for either side: no five point, no open four. */
static int
gen_quiet(struct ref *r, int c)
{
	int f[2];

	if (ref_fives(r, 1, f, 1) || ref_fives(r, 2, f, 1))
		return 0;
	for (int q = 0; q < r->size * r->size; q++) {
		int n;

		if (r->cell[q] != 0 || !ref_near(r, q))
			continue;
		r->cell[q] = c;
		n = ref_new_fives(r, c, q, f, 2);
		r->cell[q] = 0;
		if (n >= 2)
			return 0;
	}
	return 1;
}

static void
gen(const char *what, int count, uint64_t seed)
{
	uint64_t x = 88172645463325252ULL ^ seed;
	struct ref r;

	while (count > 0) {
		int c = gen_position(&r, &x);

		if (!gen_quiet(&r, c))
			continue;
		if (strcmp(what, "vcf") == 0) {
			if (!ref_vcf(&r, c, 12) || ref_vcf(&r, c, 2))
				continue;
		} else if (ref_vcf(&r, c, 12) || !ref_vct(&r, c, 1))
			continue;
		gen_print(&r, c);
		fflush(stdout);
		count--;
	}
}

/* ---- the tests ---- */

START_TEST(test_five_completed)
{
	for (int i = 0; i < NSTONE; i++) {
		for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX;
		    level++) {
			struct game *g = mk_setup(stone_specs[i], five_black);

			ck_assert_msg(answer(g, level, 5000, 1) == pt(g, "j8"),
			    "%s level %d", stone_specs[i], level);
			game_free(g);
			g = mk_setup(stone_specs[i], five_white);
			ck_assert_msg(answer(g, level, 5000, 2) == pt(g, "j8"),
			    "%s level %d (white)", stone_specs[i], level);
			game_free(g);
		}
	}
}
END_TEST

START_TEST(test_four_blocked)
{
	for (int i = 0; i < NSTONE; i++) {
		for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX;
		    level++) {
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct game *g = mk_setup(stone_specs[i],
				    four_white);

				ck_assert_msg(answer(g, level, 5000, seed) ==
				    pt(g, "h7"), "%s level %d",
				    stone_specs[i], level);
				game_free(g);
			}
		}
	}
}
END_TEST

/* Even stopped before it starts, it plays its five. */
START_TEST(test_stopped_at_once)
{
	struct game *g = mk_setup("freestyle", five_black);
	struct cpu_result r;

	ck_assert_int_eq(think_raw(g, 5, 0, 1, 1, &r), 0);
	ck_assert_int_eq(r.nmoves, 1);
	ck_assert_int_eq(r.move[0].to, pt(g, "j8"));
	game_free(g);
	g = mk_setup("freestyle", vcf_positions[0]);
	ck_assert_int_eq(think_raw(g, 5, 0, 1, 1, &r), 0);
	ck_assert_int_eq(r.nmoves, 1);
	ck_assert(r.move[0].to >= 0 &&
	    stone_game_board(g)->cell[r.move[0].to] == STONE_EMPTY);
	game_free(g);
}
END_TEST

START_TEST(test_vcf_solved)
{
	struct game *g = mk_setup("freestyle", vcf_positions[_i]);
	struct ref r;
	int c = strstr(vcf_positions[_i], "tomove white") ? 2 : 1, f[2], m, n;

	ref_load(&r, g);
	/* The claim: a VCF, and none of two fours or fewer. */
	ck_assert(gen_quiet(&r, c));
	ck_assert(ref_vcf(&r, c, 12));
	ck_assert(!ref_vcf(&r, c, 2));
	m = answer(g, 4 + _i % 2, 400000, (uint64_t)_i);
	/* The answer: a four after which the prover still wins. */
	r.cell[m] = c;
	n = ref_new_fives(&r, c, m, f, 2);
	ck_assert_msg(n >= 1, "position %d: %d is no four", _i, m);
	if (n == 1) {
		r.cell[f[0]] = 3 - c;
		ck_assert_msg(ref_vcf(&r, c, 12), "position %d: the four "
		    "at %d does not win", _i, m);
	}
	game_free(g);
}
END_TEST

START_TEST(test_vct_solved)
{
	struct game *g = mk_setup("freestyle", vct_positions[_i]);
	struct ref r;
	int c = strstr(vct_positions[_i], "tomove white") ? 2 : 1, m;

	ref_load(&r, g);
	ck_assert(gen_quiet(&r, c));
	ck_assert(!ref_vcf(&r, c, 12));
	m = answer(g, 5, 1500000, (uint64_t)_i);
	ck_assert_msg(ref_after(&r, c, m, 1), "position %d: %d is not "
	    "proved to win", _i, m);
	game_free(g);
}
END_TEST

START_TEST(test_restricted_never)
{
	static const char *const specs[] = { "renju", "gomoku restrict=on" };

	for (int i = 0; i < NRESTRICTED; i++) {
		for (int k = 0; k < 2; k++) {
			struct game *g = mk_setup(specs[k],
			    restricted_positions[i]);
			const struct stone_board *b = stone_game_board(g);

			for (int j = 0; restricted_points[i][j] != NULL; j++)
				ck_assert(forbidden_at(b,
				    pt(g, restricted_points[i][j])) !=
				    FORBIDDEN_NONE);
			for (int level = CPU_LEVEL_MIN;
			    level <= CPU_LEVEL_MAX; level++) {
				for (uint64_t seed = 1; seed <= 3; seed++) {
					int m = answer(g, level, 20000, seed);

					ck_assert_msg(forbidden_at(b, m) ==
					    FORBIDDEN_NONE, "%s position %d "
					    "level %d: restricted point %d",
					    specs[k], i, level, m);
				}
			}
			game_free(g);
		}
	}
}
END_TEST

START_TEST(test_white_uses_restriction)
{
	struct game *g = mk_setup("renju", white_uses_restriction);

	ck_assert(forbidden_at(stone_game_board(g), pt(g, "h8")) !=
	    FORBIDDEN_NONE);
	for (int level = 2; level <= CPU_LEVEL_MAX; level++)
		ck_assert_msg(answer(g, level, 20000, 1) == pt(g, "g7"),
		    "level %d", level);
	game_free(g);
}
END_TEST

/* Random play to a random depth, swap choices included. */
static void
scramble(struct game *g, uint64_t *x, int plies)
{
	const struct variant *v = g->variant;
	struct move list[STONE_MAX_POINTS];
	struct game_status st;
	char err[GAME_ERR_LEN];

	for (int i = 0; i < plies; i++) {
		int n;

		v->status(g, &st);
		if (st.phase == GAME_OVER)
			return;
		if (st.phase == GAME_CHOOSING) {
			unsigned c = 1u << (gen_rand(x) % 3);

			if ((c & st.choices) == 0)
				c = GAME_CHOICE_WHITE;
			ck_assert(v->choose(g, c, err, sizeof err) == 0);
			continue;
		}
		n = v->legal(g, list, STONE_MAX_POINTS);
		if (n == 0)
			return;
		ck_assert(v->play(g, st.to_move, &list[gen_rand(x) % n], err,
		    sizeof err) == 0);
	}
}

START_TEST(test_random_legal)
{
	static const char *const specs[] = {
		"gomoku", "gomoku size=19 overline=off", "gomoku restrict=on",
		"freestyle", "freestyle opening=swap", "standard",
		"standard opening=swap2", "renju",
	};
	uint64_t x = 0x1234567ULL + (uint64_t)_i;

	for (int round = 0; round < 125; round++) {
		const char *spec = specs[round % 8];
		struct game *g = testgame_new(spec);
		struct game_status st;

		scramble(g, &x, (int)(gen_rand(&x) % 70));
		g->variant->status(g, &st);
		for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX &&
		    st.phase != GAME_OVER; level++) {
			struct game *copy = game_copy(g);
			const struct stone_board *b = stone_game_board(copy);
			struct cpu_result r;
			char err[GAME_ERR_LEN];
			int forbidden;

			ck_assert_int_eq(think_raw(g, level, 150,
			    gen_rand(&x), 0, &r), 0);
			if (st.phase == GAME_CHOOSING) {
				ck_assert(r.is_choice);
				ck_assert(copy->variant->choose(copy, r.choice,
				    err, sizeof err) == 0);
				game_free(copy);
				continue;
			}
			ck_assert_int_eq(r.nmoves, 1);
			forbidden = st.to_move == 0 &&
			    stone_game_restricted(g) &&
			    forbidden_at(b, r.move[0].to) != FORBIDDEN_NONE;
			ck_assert_msg(!forbidden, "%s level %d: restricted "
			    "point", spec, level);
			ck_assert_msg(copy->variant->play(copy, st.to_move,
			    &r.move[0], err, sizeof err) == 0, "%s level %d: "
			    "%s", spec, level, err);
			game_free(copy);
		}
		game_free(g);
	}
}
END_TEST

/* Swap and swap2 from the empty board: the CPU places, chooses, places
 * more, chooses again, and the game reaches ordinary play. */
START_TEST(test_swap_openings)
{
	static const char *const specs[] = {
		"freestyle opening=swap", "freestyle opening=swap2",
		"standard opening=swap2",
	};
	struct game *g = testgame_new(specs[_i % 3]);
	const struct variant *v = g->variant;
	struct stone_info info;
	int turns = 0;

	for (;;) {
		struct game_status st;
		struct cpu_result r;
		char err[GAME_ERR_LEN];

		ck_assert_int_eq(stone_game_info(g, &info), 0);
		if (info.stage == STONE_INFO_PLAY)
			break;
		ck_assert_int_lt(++turns, 10);
		v->status(g, &st);
		ck_assert_int_eq(think_raw(g, 1 + _i % 5, 20000,
		    (uint64_t)_i, 0, &r), 0);
		if (st.phase == GAME_CHOOSING) {
			ck_assert(r.is_choice);
			ck_assert(v->choose(g, r.choice, err, sizeof err) == 0);
		} else {
			ck_assert(!r.is_choice && r.nmoves == 1);
			ck_assert_msg(v->play(g, st.to_move, &r.move[0], err,
			    sizeof err) == 0, "%s", err);
		}
	}
	ck_assert(stone_game_board(g)->stones == 3 ||
	    stone_game_board(g)->stones == 5);
	game_free(g);
}
END_TEST

int
main(int argc, char **argv)
{
	const char *g = getenv("CPU_STONE_GEN");

	(void)argc;
	(void)argv;
	if (g != NULL) {
		const char *seed = getenv("CPU_STONE_SEED");

		gen(g, 30, seed != NULL ? strtoull(seed, NULL, 10) : 0);
		return 0;
	}
	Suite *s = suite_create("cpu-stone");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	/* The brute-force proofs take seconds of processor time, which a
	 * shared machine stretches many times over. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_five_completed);
	tcase_add_test(tc, test_four_blocked);
	tcase_add_test(tc, test_stopped_at_once);
	tcase_add_test(tc, test_restricted_never);
	tcase_add_test(tc, test_white_uses_restriction);
	tcase_add_loop_test(tc, test_random_legal, 0, 8);
	tcase_add_loop_test(tc, test_swap_openings, 0, 6);
	tcase_add_loop_test(tc, test_vcf_solved, 0, NVCF);
	tcase_add_loop_test(tc, test_vct_solved, 0, NVCT);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
