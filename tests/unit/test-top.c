/*
 * test-top.c - the leaderboard (src/hall/top.c) from a prepared store:
 * its order, its ranks, its provisional marks, and its text.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/hall/top.h"
#include "src/store/rating.h"
#include "src/store/store.h"

static char dir[64], dbpath[128];
static struct store *st;

static void
setup(void)
{
	char err[STORE_ERR_LEN];

	snprintf(dir, sizeof dir, "/tmp/test-top-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(dbpath, sizeof dbpath, "%s/hall.db", dir);
	st = store_open(dbpath, err, sizeof err);
	ck_assert_msg(st != NULL, "%s", err);
}

static void
teardown(void)
{
	char path[160];

	store_close(st);
	unlink(dbpath);
	snprintf(path, sizeof path, "%s-wal", dbpath);
	unlink(path);
	snprintf(path, sizeof path, "%s-shm", dbpath);
	unlink(path);
	rmdir(dir);
}

static int64_t
user(const char *name)
{
	struct store_user u;

	ck_assert_int_eq(store_user_add(st, name, "", 1000, &u), STORE_OK);
	return u.id;
}

/* A rated game of `variant` that `w` won against `l`. */
static void
won(const char *variant, int64_t w, const char *wn, int64_t l,
    const char *ln)
{
	struct store_game g;
	char record[64];

	memset(&g, 0, sizeof g);
	snprintf(g.variant, sizeof g.variant, "%s", variant);
	snprintf(record, sizeof record, "%s moves h8", variant);
	g.record = record;
	g.started = 2000;
	g.ended = 2600;
	g.rated = 1;
	snprintf(g.result, sizeof g.result, "black wins: five");
	g.nplayers = 2;
	g.players[0] = (struct store_game_player){ .seat = 0,
	    .kind = STORE_PLAYER_USER, .user = w, .rank = 1,
	    .outcome = STORE_WIN };
	g.players[1] = (struct store_game_player){ .seat = 1,
	    .kind = STORE_PLAYER_USER, .user = l, .rank = 2,
	    .outcome = STORE_LOSS };
	snprintf(g.players[0].name, sizeof g.players[0].name, "%s", wn);
	snprintf(g.players[1].name, sizeof g.players[1].name, "%s", ln);
	ck_assert_msg(store_game_finish(st, &g) == STORE_OK, "%s",
	    store_error(st));
}

static bool
established(int64_t u, const char *variant)
{
	struct store_rating r;

	ck_assert_int_eq(store_rating_get(st, u, variant, &r), STORE_OK);
	return !rating_is_provisional(&r.rating);
}

/*
 * ann and bob play until both ratings are settled, ann winning two games
 * of three; cyd beats dee twice and both stay provisional, cyd's rating
 * above everyone's.
 */
START_TEST(test_order)
{
	int64_t ann = user("ann"), bob = user("bob"), cyd = user("cyd"),
	    dee = user("dee");
	struct top t;
	char why[256], *text;
	int i;

	for (i = 0; i < 300 && !(established(ann, "renju") &&
	    established(bob, "renju")); i++) {
		if (i % 3 == 2)
			won("renju", bob, "bob", ann, "ann");
		else
			won("renju", ann, "ann", bob, "bob");
	}
	ck_assert_msg(i < 300, "the deviations never came down");
	won("renju", cyd, "cyd", dee, "dee");
	won("renju", cyd, "cyd", dee, "dee");
	won("gomoku", dee, "dee", cyd, "cyd");

	ck_assert_int_eq(top_load(&t, st, "renju", why, sizeof why), 0);
	ck_assert_uint_eq(t.nrows, 4);
	ck_assert_uint_eq(t.nranked, 2);
	ck_assert_str_eq(t.rows[0].name, "ann");
	ck_assert_int_eq(t.rows[0].rank, 1);
	ck_assert(!t.rows[0].provisional);
	ck_assert_ptr_null(strchr(t.rows[0].rating, '?'));
	ck_assert_str_eq(t.rows[1].name, "bob");
	ck_assert_int_eq(t.rows[1].rank, 2);
	ck_assert_int_eq(t.rows[0].games, i);
	ck_assert(atoi(t.rows[0].rating) > atoi(t.rows[1].rating));
	ck_assert(atoi(t.rows[0].rd) < RATING_RD_PROVISIONAL);
	/* The provisional come after, unranked, though cyd rates highest. */
	ck_assert_str_eq(t.rows[2].name, "cyd");
	ck_assert(t.rows[2].provisional);
	ck_assert_int_eq(t.rows[2].rank, 0);
	ck_assert(atoi(t.rows[2].rating) > atoi(t.rows[0].rating));
	ck_assert_ptr_nonnull(strchr(t.rows[2].rating, '?'));
	ck_assert_int_eq(t.rows[2].games, 2);
	ck_assert_str_eq(t.rows[3].name, "dee");
	ck_assert(t.rows[3].provisional);

	text = top_text(&t, "\n");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "Leaderboard: renju\n") == text, "%s", text);
	ck_assert_msg(strstr(text, "   1  ann ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "   2  bob ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "   -  cyd ") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "Provisional") < strstr(text, "cyd"),
	    "%s", text);
	ck_assert_msg(strstr(text, "bob") < strstr(text, "Provisional"),
	    "%s", text);
	free(text);
	top_free(&t);

	/* Another variant has its own board: only dee and cyd, unranked. */
	ck_assert_int_eq(top_load(&t, st, "gomoku", why, sizeof why), 0);
	ck_assert_uint_eq(t.nrows, 2);
	ck_assert_uint_eq(t.nranked, 0);
	ck_assert_str_eq(t.rows[0].name, "dee");
	text = top_text(&t, "\r\n");
	ck_assert_msg(strstr(text, "No ranked players yet") != NULL, "%s",
	    text);
	ck_assert_msg(strstr(text, "\r\n   -  dee ") != NULL, "%s", text);
	free(text);
	top_free(&t);

	/* A banned player leaves the board. */
	ck_assert_int_eq(store_user_set_banned(st, ann, 1, "test"), STORE_OK);
	ck_assert_int_eq(top_load(&t, st, "renju", why, sizeof why), 0);
	ck_assert_str_eq(t.rows[0].name, "bob");
	ck_assert_int_eq(t.rows[0].rank, 1);
	top_free(&t);
}
END_TEST

START_TEST(test_unknown_variant)
{
	struct top t;
	char why[256];

	ck_assert_int_eq(top_load(&t, st, "chess", why, sizeof why), -1);
	ck_assert_msg(strstr(why, "chess") != NULL, "%s", why);
	ck_assert_msg(strstr(why, "renju") != NULL, "%s", why);
	top_free(&t);
	ck_assert_int_eq(top_load(&t, st, "renju", why, sizeof why), 0);
	ck_assert_uint_eq(t.nrows, 0);
	top_free(&t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("top");
	TCase *tc = tcase_create("top");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_order);
	tcase_add_test(tc, test_unknown_variant);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
