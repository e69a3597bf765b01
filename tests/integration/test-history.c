/*
 * test-history.c - the hall's finished games and leaderboards from the
 * shell, over real SSH: a game played to its end at a table, then
 * `ssh host export GAME` (SGF, PSQ, the record) and `ssh host top
 * VARIANT`, with their exit statuses, and the refusals that end with 1.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/integration/harness.h"
#include "tests/integration/players.h"
#include "tests/integration/tclient.h"

/*
 * `ssh [-t] host CMD` as someone without an account; waits for the end.
 * The screen is wide so that, without a pty (LF without CR), the lines
 * still fit side by side.
 */
static struct tclient *
command(struct harness *h, const char *cmd, bool pty, int *status)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(h), "someone");

	tclient_set_term(tc, 300, 60, "xterm-256color");
	tclient_set_pty(tc, pty);
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_exec(tc, cmd) == 0, "%s: %s", cmd,
	    tclient_error(tc));
	ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
	    "%s: the session stays open", cmd);
	*status = tclient_exit_status(tc);
	return tc;
}

static void
shows(struct tclient *tc, const char *cmd, const char *text)
{
	if (!tclient_find(tc, text, NULL, NULL)) {
		tclient_dump(tc, stderr);
		ck_abort_msg("%s: no '%s'", cmd, text);
	}
}

/* alice and bob play gomoku to five in a row: game 1 in the store. */
static void
play_one(struct harness *h)
{
	static const char *const black[] = { "h8", "h9", "h10", "h11", "h12" };
	static const char *const white[] = { "a1", "a2", "a3", "a4" };
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int ply = 0, i;

	players_two(h, "gomoku", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	for (i = 0; i < 5; i++) {
		players_move(b, black[i]);
		players_seen(all, 2, ++ply, black[i]);
		if (i == 4)
			break;
		players_move(w, white[i]);
		players_seen(all, 2, ++ply, white[i]);
	}
	players_wait(alice, "wins: five");
	ck_assert_int_eq(harness_wait_log(h, "stored (", WAIT_MS), 0);
	tclient_free(alice);
	tclient_free(bob);
}

START_TEST(test_export_and_top)
{
	struct harness *h = players_start();
	struct tclient *tc;
	int status;

	if (h == NULL)
		return;
	players_accounts(h);
	play_one(h);

	/* SGF by default: the game type, the board, the stones in order. */
	tc = command(h, "export 1", true, &status);
	ck_assert_int_eq(status, 0);
	shows(tc, "export 1", "(;FF[4]");
	shows(tc, "export 1", "GM[4]SZ[15]GH[gomoku size=15");
	shows(tc, "export 1", "RE[B+]");
	shows(tc, "export 1", ";B[hh];W[ao];B[hg];W[an];B[hf];W[am];B[he];"
	    "W[al];B[hd])");
	tclient_free(tc);

	/* PSQ, one stone a line, without a pty, as a program reads it. */
	tc = command(h, "export 1 psq", false, &status);
	ck_assert_int_eq(status, 0);
	shows(tc, "export 1 psq", "Piskvorky 15x15, 11:11, 0");
	shows(tc, "export 1 psq", "8,8,0");
	shows(tc, "export 1 psq", "8,4,0");
	tclient_free(tc);

	tc = command(h, "export 1 record", true, &status);
	ck_assert_int_eq(status, 0);
	shows(tc, "export 1 record", "# gamehall record 1");
	shows(tc, "export 1 record", "# result: black");
	shows(tc, "export 1 record", "moves h8 a1 h9 a2 h10 a3 h11 a4 h12");
	tclient_free(tc);

	/* The winner first; one game each leaves both provisional. */
	tc = command(h, "top gomoku", false, &status);
	ck_assert_int_eq(status, 0);
	shows(tc, "top gomoku", "Leaderboard: gomoku");
	shows(tc, "top gomoku", "No ranked players yet");
	shows(tc, "top gomoku", "Provisional");
	shows(tc, "top gomoku", "1662?");
	shows(tc, "top gomoku", "1338?");
	tclient_free(tc);

	/* What cannot be done is said in a line, and fails. */
	tc = command(h, "top chess", true, &status);
	ck_assert_int_eq(status, 1);
	shows(tc, "top chess", "no such variant 'chess'");
	shows(tc, "top chess", "renju");
	tclient_free(tc);
	tc = command(h, "export 99", true, &status);
	ck_assert_int_eq(status, 1);
	shows(tc, "export 99", "no finished game 99");
	tclient_free(tc);
	tc = command(h, "export 1 pdf", true, &status);
	ck_assert_int_eq(status, 1);
	shows(tc, "export 1 pdf", "no format 'pdf'");
	tclient_free(tc);
	tc = command(h, "top", true, &status);
	ck_assert_int_eq(status, 1);
	shows(tc, "top", "top takes a variant");
	tclient_free(tc);
	players_stop(h);
}
END_TEST

/*
 * At a live table: R replays the moves so far while the game goes on (a
 * move made meanwhile is at the table after Esc), p and a seat open that
 * player's profile, Esc comes back.
 */
START_TEST(test_live_replay_and_profile)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	players_move(b, "h8");
	players_seen(all, 2, 1, "h8");
	players_move(w, "a1");
	players_seen(all, 2, 2, "a1");
	players_move(b, "h9");
	players_seen(all, 2, 3, "h9");

	/* Black, not to move, replays; White moves meanwhile. */
	ck_assert_int_eq(tclient_type(b, "R"), 0);
	players_wait(b, "gamehall - Replay");
	players_wait(b, "the moves so far");
	players_wait(b, "Move 3 of 3");
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_LEFT), 0);
	players_wait(b, "Move 2 of 3");
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_HOME), 0);
	players_wait(b, "Start (3 moves)");
	players_move(w, "a2");
	players_wait(w, "4.a2");
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_END), 0);
	players_wait(b, "Move 3 of 3");
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_ESCAPE), 0);
	players_wait(b, "4.a2");
	players_wait(b, "you to move");

	/* The profile of the player in seat 1 or 2: the other's. */
	ck_assert_int_eq(tclient_type(b, "p"), 0);
	players_wait(b, "Whose profile?");
	ck_assert_int_eq(tclient_type(b, players_is_black(alice, "alice") ?
	    "2" : "1"), 0);
	players_wait(b, "gamehall - Profile");
	players_wait(b, "Recent games");
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_ESCAPE), 0);
	players_wait(b, "gamehall - Table");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("history");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_export_and_top);
	tcase_add_test(tc, test_live_replay_and_profile);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
