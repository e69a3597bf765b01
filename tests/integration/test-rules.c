/*
 * test-rules.c - the rules pages and the lesson over real SSH to a real
 * gamehalld: ? at a table opened with `ssh host new gomoku size=19
 * overline=off timer=30` shows that table's options as set, then its keys;
 * the lobby's r pages through every game; the lesson refuses a wrong stone
 * and takes the right one.
 */
#include <check.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"
#include "tests/integration/players.h"

/* Keys typed, then what the screen must show. */
static void
typed(struct tclient *tc, const char *keys, const char *text)
{
	ck_assert_int_eq(tclient_type(tc, keys), 0);
	players_wait(tc, text);
}

START_TEST(test_rules_at_table_and_lobby)
{
	struct harness	*h = players_start();
	struct tclient	*alice;

	if (h == NULL)
		return;
	players_accounts(h);
	alice = players_member(h, "alice",
	    "new gomoku size=19 overline=off timer=30");
	players_wait(alice, "Share: ssh");
	ck_assert_int_eq(tclient_type(alice, "?"), 0);
	players_wait(alice, "Rules: Gomoku");
	players_wait(alice, "This table (");
	players_wait(alice, "Board: 19×19");
	players_wait(alice, "Overline: does not win");
	players_wait(alice, "Turn timer: 30 seconds a turn");
	ck_assert_int_eq(tclient_type(alice, "G"), 0);
	players_wait(alice, "back to the lobby");
	ck_assert_int_eq(tclient_type(alice, "\033"), 0);
	players_wait(alice, "Share: ssh");
	/* The lobby: every game, one after the other. */
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	players_wait(alice, "Online (1)");
	ck_assert_int_eq(tclient_type(alice, "r"), 0);
	players_wait(alice, "Rules: Gomoku (1/6)");
	ck_assert_int_eq(tclient_type(alice, "lllll"), 0);
	players_wait(alice, "Rules: Four-player shogi (6/6)");
	players_wait(alice, "Four players sit on the four sides");
	tclient_free(alice);
	players_stop(h);
}
END_TEST

START_TEST(test_lesson_over_ssh)
{
	struct harness	*h = players_start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = players_person(h, "learner", NULL, NULL);
	players_wait(tc, "Online (1)");
	typed(tc, "rL", "Step 1 of 5");
	/* A wrong point is refused, the right one taken. */
	typed(tc, "l\r", "i8 is not it");
	typed(tc, "h\r", "Good.");
	typed(tc, "\r", "Step 2 of 5");
	tclient_free(tc);
	players_stop(h);
}
END_TEST

/*
 * Connect6's lesson and drills, a "block the right end" drill and
 * four-player shogi's lesson, over SSH: a pair is taken a stone at a time
 * and judged whole, a wrong pair or a wrong end is refused, the right one
 * accepted; a shogi piece is picked up and put down, a promotion asked.
 */
START_TEST(test_more_lessons_over_ssh)
{
	struct harness	*h = players_start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = players_person(h, "learner", NULL, NULL);
	players_wait(tc, "Online (1)");
	typed(tc, "rhh", "Rules: Connect6");
	typed(tc, "L", "Step 1 of 4");
	typed(tc, "\r", "Good. That single stone");
	typed(tc, "\r", "Step 2 of 4");
	typed(tc, "l\r", "k10 is down.");
	typed(tc, "l\r", "Six: you win.");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	players_wait(tc, "Rules: Connect6");

	typed(tc, "D", "Connect6 drills");
	players_wait(tc, "Step 1 of 20");
	typed(tc, "\r", "j10 is down.");
	typed(tc, "l\r", "j10 and k10 are not it.");
	typed(tc, "s\r", "f4 is down.");
	typed(tc, "ll\r", "Six: that wins.");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	players_wait(tc, "Rules: Connect6");

	/* Gomoku's drill 21: White's three h8 i8 j8; g8 loses, k8 holds. */
	typed(tc, "llD", "Five in a row drills");
	typed(tc, "nnnnnnnnnnnnnnnnnnnn", "Step 21 of 25");
	typed(tc, "h\r", "g8 is not it.");
	typed(tc, "llll\r", "Held: White has no win by fours left.");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	players_wait(tc, "Rules: Gomoku");

	/* Four-player shogi's: a pawn moved, then a silver promoted. */
	typed(tc, "hL", "Lesson: Four-player shogi");
	typed(tc, "jj\rk\r", "Good. A pawn steps");
	typed(tc, "nnn", "Step 4 of 5");
	typed(tc, "lk\rk\r", "Promote? y/n");
	typed(tc, "y", "Promoted: +S.");
	tclient_free(tc);
	players_stop(h);
}
END_TEST

/* alice, an account, logs in; starts four-player shogi against the
 * computer unless she is back in her seat at it; and once her turn has
 * come, picks up her middle pawn. */
static struct tclient *
shogi_pawn_picked(struct harness *h, bool start)
{
	struct tclient	*tc = players_member(h, "alice", NULL);

	if (start) {
		players_wait(tc, "Online (1)");
		ck_assert_int_eq(tclient_type(tc, "v"), 0);
		players_wait(tc, "Play the computer");
		ck_assert_int_eq(tclient_type(tc, "lllll"), 0);
		players_wait(tc, "Four-player shogi");
		ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
	}
	players_wait(tc, "you to move");
	ck_assert_int_eq(tclient_type(tc, "jj\r"), 0);
	return tc;
}

/*
 * The marks explained are remembered for an account: told in one
 * session, not told again in the next (nor after the daemon restarts:
 * it is the store's).
 */
START_TEST(test_marks_told_once_per_account)
{
	struct harness	*h = players_start();
	struct tclient	*tc;
	int		 status;

	if (h == NULL)
		return;
	players_accounts(h);
	tc = shogi_pawn_picked(h, true);
	players_wait(tc, "* or a green square: where the piece you picked up");
	tclient_free(tc);
	/* The restarted hall has the table back, and her in her seat. */
	ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
	ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status), 0);
	ck_assert_int_eq(harness_restart(h, NULL), 0);
	tc = shogi_pawn_picked(h, false);
	/* The mark is there, named under the cursor; the line is not. */
	typed(tc, "k", "*: the piece you picked up may go here");
	ck_assert_msg(!tclient_find(tc, "* or a green square", NULL, NULL),
	    "the mark was explained again");
	tclient_free(tc);
	players_stop(h);
}
END_TEST

static Suite *
rules_suite(void)
{
	Suite	*s = suite_create("rules");
	TCase	*tc = tcase_create("ssh");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rules_at_table_and_lobby);
	tcase_add_test(tc, test_lesson_over_ssh);
	tcase_add_test(tc, test_marks_told_once_per_account);
	tcase_add_test(tc, test_more_lessons_over_ssh);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(rules_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
