/*
 * test-rating.c - Glicko-2 against Glickman's worked example and the
 * hall's four-player vector (docs/design.md §7).
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "src/store/rating.h"

static struct rating
mk(double r, double rd, double vol)
{
	struct rating x = { r, rd, vol };

	return x;
}

/* The paper's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and
 * 1700/300. */
START_TEST(test_glickman_example)
{
	struct rating	self = mk(1500, 200, 0.06), out;
	struct rating	opp[3] = { mk(1400, 30, 0.06), mk(1550, 100, 0.06),
			    mk(1700, 300, 0.06) };
	double		score[3] = { 1, 0, 0 };

	rating_period(&self, 3, opp, score, &out);
	ck_assert_double_eq_tol(out.r, 1464.05, 0.05);
	ck_assert_double_eq_tol(out.rd, 151.52, 0.01);
	ck_assert_double_eq_tol(out.vol, 0.059996, 1e-4);
	/* The input is not touched, and out may alias it. */
	ck_assert_double_eq(self.r, 1500);
	rating_period(&self, 3, opp, score, &self);
	ck_assert_double_eq(self.r, out.r);
	ck_assert_double_eq(self.rd, out.rd);
}
END_TEST

START_TEST(test_four_players)
{
	static const double	want[4] = { 1799.63, 1599.88, 1400.12, 1200.37 };
	struct rating		in[4], out[4];
	int			rank[4] = { 1, 2, 3, 4 }, i;

	for (i = 0; i < 4; i++)
		rating_init(&in[i]);
	ck_assert_double_eq(in[0].r, 1500);
	ck_assert_double_eq(in[0].rd, 350);
	ck_assert_double_eq(in[0].vol, 0.06);
	ck_assert_int_eq(rating_update_ranked(4, in, rank, out), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_double_eq_tol(out[i].r, want[i], 0.01);
		ck_assert_double_eq_tol(out[i].rd, 227.74, 0.01);
		ck_assert_double_eq_tol(out[i].vol, 0.06, 1e-4);
	}
	/* In place, with the ranks given in another seat order. */
	int rank2[4] = { 3, 1, 4, 2 };
	ck_assert_int_eq(rating_update_ranked(4, in, rank2, in), 0);
	ck_assert_double_eq_tol(in[0].r, want[2], 0.01);
	ck_assert_double_eq_tol(in[1].r, want[0], 0.01);
	ck_assert_double_eq_tol(in[2].r, want[3], 0.01);
	ck_assert_double_eq_tol(in[3].r, want[1], 0.01);
}
END_TEST

/* Ranked and explicit periods agree: ranks are pairwise results. */
START_TEST(test_ranked_is_pairwise)
{
	struct rating	in[3] = { mk(1600, 80, 0.06), mk(1450, 200, 0.07),
			    mk(1500, 120, 0.05) };
	struct rating	out[3], one, opp[2];
	int		rank[3] = { 2, 1, 2 };
	double		score[2];

	ck_assert_int_eq(rating_update_ranked(3, in, rank, out), 0);
	/* Player 0: loses to 1, ties with 2. */
	opp[0] = in[1];
	opp[1] = in[2];
	score[0] = 0;
	score[1] = 0.5;
	rating_period(&in[0], 2, opp, score, &one);
	ck_assert_double_eq_tol(out[0].r, one.r, 1e-9);
	ck_assert_double_eq_tol(out[0].rd, one.rd, 1e-9);
	ck_assert_double_eq_tol(out[0].vol, one.vol, 1e-12);
}
END_TEST

START_TEST(test_draw)
{
	struct rating a = mk(1500, 350, 0.06), b = a, na, nb;

	/* Equal players drawing: ratings stay, deviations shrink alike. */
	rating_update_pair(&a, &b, 0.5, &na, &nb);
	ck_assert_double_eq_tol(na.r, 1500, 1e-9);
	ck_assert_double_eq_tol(nb.r, 1500, 1e-9);
	ck_assert(na.rd < 350);
	ck_assert_double_eq_tol(na.rd, nb.rd, 1e-9);

	/* A draw moves a stronger player down and a weaker one up. */
	a = mk(1700, 100, 0.06);
	b = mk(1500, 100, 0.06);
	rating_update_pair(&a, &b, 0.5, &na, &nb);
	ck_assert(na.r < 1700);
	ck_assert(nb.r > 1500);

	/* A ranked tie of two is the same as a pair draw. */
	struct rating in[2] = { a, b }, out[2];
	int rank[2] = { 1, 1 };
	ck_assert_int_eq(rating_update_ranked(2, in, rank, out), 0);
	ck_assert_double_eq_tol(out[0].r, na.r, 1e-9);
	ck_assert_double_eq_tol(out[1].r, nb.r, 1e-9);
}
END_TEST

START_TEST(test_symmetry)
{
	struct rating a = mk(1500, 350, 0.06), b = a, na, nb;

	rating_update_pair(&a, &b, 1, &na, &nb);
	/* Equal players: the winner gains what the loser loses. */
	ck_assert(na.r > 1500);
	ck_assert_double_eq_tol(na.r - 1500, 1500 - nb.r, 1e-9);
	ck_assert_double_eq_tol(na.rd, nb.rd, 1e-9);
	ck_assert_double_eq_tol(na.vol, nb.vol, 1e-12);

	/* Swapping the arguments swaps the results. */
	a = mk(1620, 90, 0.059);
	b = mk(1480, 210, 0.061);
	struct rating x, y, x2, y2;
	rating_update_pair(&a, &b, 0, &x, &y);
	rating_update_pair(&b, &a, 1, &y2, &x2);
	ck_assert_double_eq(x.r, x2.r);
	ck_assert_double_eq(y.r, y2.r);
	ck_assert_double_eq(x.rd, x2.rd);
	/* The upset costs the favourite more than a win would gain. */
	rating_update_pair(&a, &b, 1, &x2, &y2);
	ck_assert(1620 - x.r > x2.r - 1620);
	/* The uncertain player moves more. */
	ck_assert(fabs(y.r - 1480) > fabs(x.r - 1620));
}
END_TEST

START_TEST(test_ties)
{
	struct rating	in[4], out[4];
	int		rank[4] = { 1, 2, 2, 4 }, i;

	for (i = 0; i < 4; i++)
		rating_init(&in[i]);
	ck_assert_int_eq(rating_update_ranked(4, in, rank, out), 0);
	/* The tied players from equal ratings come out equal, between the
	 * first and the last, and exactly at 1500 (one win, one half, one
	 * loss each). */
	ck_assert_double_eq_tol(out[1].r, out[2].r, 1e-9);
	ck_assert_double_eq_tol(out[1].r, 1500, 1e-9);
	ck_assert(out[0].r > out[1].r);
	ck_assert(out[3].r < out[2].r);
	ck_assert_double_eq_tol(out[0].r - 1500, 1500 - out[3].r, 1e-9);

	/* Everyone tied: nothing moves but the deviations. */
	int all[4] = { 1, 1, 1, 1 };
	ck_assert_int_eq(rating_update_ranked(4, in, all, out), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_double_eq_tol(out[i].r, 1500, 1e-9);
		ck_assert(out[i].rd < 350);
	}
}
END_TEST

START_TEST(test_bad_input)
{
	struct rating	in[2], out[2] = { mk(1, 2, 3), mk(4, 5, 6) };
	int		rank[2] = { 1, 0 };

	rating_init(&in[0]);
	rating_init(&in[1]);
	ck_assert_int_eq(rating_update_ranked(2, in, rank, out), -1);
	ck_assert_double_eq(out[0].r, 1); /* untouched */
	ck_assert_int_eq(rating_update_ranked(1, in, rank, out), -1);
	ck_assert_int_eq(rating_update_ranked(RATING_MAX_PLAYERS + 1, in,
	    rank, out), -1);
}
END_TEST

START_TEST(test_idle_period)
{
	struct rating a = mk(1500, 50, 0.06), b;

	rating_period(&a, 0, NULL, NULL, &b);
	ck_assert_double_eq(b.r, 1500);
	ck_assert_double_eq_tol(b.rd, sqrt(50.0 * 50.0 / (173.7178 * 173.7178)
	    + 0.06 * 0.06) * 173.7178, 1e-9);
	ck_assert(rating_is_provisional(&(struct rating){ 1500, 110, 0.06 }));
	ck_assert(!rating_is_provisional(&(struct rating){ 1500, 109, 0.06 }));
}
END_TEST

static Suite *
rating_suite(void)
{
	Suite	*s = suite_create("rating");
	TCase	*tc = tcase_create("glicko2");

	tcase_add_test(tc, test_glickman_example);
	tcase_add_test(tc, test_four_players);
	tcase_add_test(tc, test_ranked_is_pairwise);
	tcase_add_test(tc, test_draw);
	tcase_add_test(tc, test_symmetry);
	tcase_add_test(tc, test_ties);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_idle_period);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(rating_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
