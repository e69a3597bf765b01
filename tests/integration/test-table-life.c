/*
 * test-table-life.c - a table keeps going through what real life does to
 * a game, over real SSH to a real gamehalld: a player's connection dies
 * (no goodbye) and he comes back with his key, or with his password from
 * another machine, straight into his seat; the grace runs out and the CPU
 * plays for him, until he is back; an abandoned seat loses a rated game,
 * in the store; playing the computer from the lobby; the daemon killed
 * with -9, or stopped with SIGTERM, and both players back in their seats
 * after the restart.
 *
 * Turn timers (30 or 60 s) are driven on a manual clock in the unit tests
 * (tests/unit/test-table-life.c): here the waits stay short.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "tests/integration/harness.h"
#include "tests/integration/players.h"
#include "tests/integration/tclient.h"

/* A guest whose device is his SSH key: by a link straight in, else from
 * the welcome screen. */
static struct tclient *
keyed_guest(struct harness *h, ssh_key key, const char *exec)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), "device");

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_msg(tclient_auth_key(tc, key) == TCLIENT_AUTH_SUCCESS,
	    "key refused: %s", tclient_error(tc));
	if (exec != NULL)
		ck_assert_int_eq(tclient_exec(tc, exec), 0);
	else {
		ck_assert_int_eq(tclient_shell(tc), 0);
		players_wait(tc, "Welcome to gamehall");
		ck_assert_int_eq(tclient_type(tc, "g"), 0);
	}
	return tc;
}

/* Someone with a key the hall does not know logs in with the form. */
static struct tclient *
keyed_login(struct harness *h, ssh_key key, const char *name)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), name);

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_msg(tclient_auth_key(tc, key) == TCLIENT_AUTH_SUCCESS,
	    "key refused: %s", tclient_error(tc));
	ck_assert_int_eq(tclient_shell(tc), 0);
	players_wait(tc, "Welcome to gamehall");
	ck_assert_int_eq(tclient_type(tc, "l"), 0);
	players_wait(tc, "Log in");
	players_line(tc, name);
	players_line(tc, PASSWORD);
	return tc;
}

/* The player to move makes a move nobody else would (corners and the
 * middles of the edges, in turn), and waits to see it in the move list:
 * returns the new ply.  The squares are seven apart and the CPU plays
 * within two of a stone, so its few moves here never take one of them
 * (with b1 and n15 in the list, it answered o15 on n15 once). */
static int
corner_move(struct tclient *tc, int ply)
{
	static const char *const corners[] = { "a1", "o15", "a15", "o1",
	    "h1", "h15", "a8", "o8" };
	char	 want[32];

	players_move(tc, corners[ply % 8]);
	snprintf(want, sizeof want, "%d.%s", ply + 1, corners[ply % 8]);
	players_wait(tc, want);
	return ply + 1;
}

/* Some move number `ply` shows (the CPU's, whatever it is). */
static void
ply_seen(struct tclient *tc, int ply)
{
	char	 want[16];

	snprintf(want, sizeof want, " %d.", ply);
	players_wait(tc, want);
}

START_TEST(test_drop_and_reclaim)
{
	struct harness	*h = players_start();
	struct tclient	*alice, *bob;
	ssh_key		 key;
	char		 code[8], cmd[32], want[64];

	if (h == NULL)
		return;
	players_accounts(h);
	key = tclient_key_new();
	ck_assert_ptr_nonnull(key);
	alice = players_member(h, "alice", "new gomoku");
	players_code(alice, code);
	snprintf(cmd, sizeof cmd, "join %s", code);
	bob = keyed_guest(h, key, cmd);
	players_wait(bob, "Share: ssh");
	players_wait(alice, "waiting for alice to start");
	ck_assert_int_eq(tclient_type(alice, "g"), 0);
	players_wait(alice, "to move");
	/* A first move, whoever is black. */
	if (players_is_black(alice, "alice"))
		players_move(alice, "h8");
	else {
		players_wait(bob, "you to move");
		players_move(bob, "h8");
	}
	players_wait(alice, "1.h8");
	players_wait(bob, "1.h8");

	/* bob's connection dies; his seat waits, and everyone sees it. */
	tclient_drop(bob);
	players_wait(alice, "is away: the seat waits 60 s");
	players_wait(alice, " away 5");	/* the seat row counts down */
	/* Back with the same key, onto the welcome screen: straight into
	 * his seat with the game as it stands. */
	bob = keyed_guest(h, key, NULL);
	snprintf(want, sizeof want, "Your seat at table %s was waiting", code);
	players_wait(bob, want);
	players_wait(bob, "1.h8");
	players_wait(alice, "is back");
	players_wait_gone(alice, " away ");

	/* alice's turn or not, her connection dies too; she comes back with
	 * her password from another machine (no key), with a link to a
	 * table that does not exist: her seat comes first. */
	tclient_drop(alice);
	players_wait(bob, "alice is away");
	alice = players_member(h, "alice", "join ZZZZZ");
	snprintf(want, sizeof want, "Your game at table %s comes first", code);
	players_wait(alice, want);
	players_wait(alice, "1.h8");
	players_wait(bob, "alice is back");

	/* Once more from a new machine with a key the hall does not know:
	 * the welcome screen, her name and password, and her seat. */
	tclient_drop(alice);
	players_wait(bob, "alice is away");
	ssh_key_free(key);
	key = tclient_key_new();
	alice = keyed_login(h, key, "alice");
	snprintf(want, sizeof want, "Your seat at table %s was waiting", code);
	players_wait(alice, want);
	players_wait(alice, "1.h8");
	tclient_free(alice);
	tclient_free(bob);
	ssh_key_free(key);
	players_stop(h);
}
END_TEST

START_TEST(test_grace_over_cpu_plays_until_back)
{
	static const char *const settings[] = { "reclaim_grace=2", NULL };
	struct harness	*h = players_start_with(settings);
	struct tclient	*alice, *bob;
	char		 code[8];
	int		 ply = 0;

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	if (!players_is_black(alice, "alice")) {
		/* bob opens, so that it is alice's turn when he goes. */
		players_wait(bob, "you to move");
		ply = corner_move(bob, ply);
	}
	players_wait(alice, "you to move");
	tclient_drop(bob);
	players_wait(alice, "bob is away");
	/* The grace runs out: the CPU holds his seat, and says so. */
	players_wait(alice, "bob has not come back");
	players_wait(alice, "CPU for bob");
	/* The CPU answers for him, turn after turn. */
	ply = corner_move(alice, ply);
	ply_seen(alice, ++ply);
	ply = corner_move(alice, ply);
	ply_seen(alice, ++ply);
	/* He is back, from the lobby: the seat is his at once. */
	bob = players_member(h, "bob", NULL);
	players_wait(bob, "was waiting for you");
	players_wait(alice, "bob is back: the computer");
	players_wait_gone(alice, "CPU for bob");
	ply = corner_move(alice, ply);
	players_wait(bob, "you to move");
	ply = corner_move(bob, ply);
	players_wait(alice, "you to move");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* A query's one integer from the daemon's store. */
static long long
store_int(struct harness *h, const char *sql)
{
	char		 path[4096];
	sqlite3		*db;
	sqlite3_stmt	*s;
	long long	 v = -1;

	snprintf(path, sizeof path, "%s/gamehall.db", harness_state_dir(h));
	ck_assert_int_eq(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY,
	    NULL), SQLITE_OK);
	ck_assert_msg(sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK,
	    "%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return v;
}

START_TEST(test_abandoned_seat_loses_rated_game)
{
	static const char *const settings[] = { "reclaim_grace=1", NULL };
	struct harness	*h = players_start_with(settings);
	struct tclient	*alice, *bob;
	char		 code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	players_wait(alice, "rated");
	tclient_drop(bob);
	players_wait(alice, "CPU for bob");
	/* alice resigns against the CPU holding bob's seat: the seat was
	 * abandoned, and an abandoned seat scores last whatever the board
	 * says. */
	ck_assert_int_eq(tclient_type(alice, "r"), 0);
	players_wait(alice, "Resign this game? y/n");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	players_wait(alice, "bob left: scored last");
	ck_assert_int_eq(harness_wait_log(h, "stored (", WAIT_MS), 0);
	ck_assert_int_eq(store_int(h, "SELECT rated FROM games"), 1);
	ck_assert_int_eq(store_int(h, "SELECT outcome FROM game_players p "
	    "JOIN users u ON u.id = p.user WHERE u.name = 'bob'"), 0);
	ck_assert_int_eq(store_int(h, "SELECT outcome FROM game_players p "
	    "JOIN users u ON u.id = p.user WHERE u.name = 'alice'"), 2);
	ck_assert_int_eq(store_int(h, "SELECT losses FROM ratings r JOIN "
	    "users u ON u.id = r.user WHERE u.name = 'bob'"), 1);
	ck_assert_int_lt(store_int(h, "SELECT CAST(rating AS INTEGER) FROM "
	    "ratings r JOIN users u ON u.id = r.user WHERE u.name = 'bob'"),
	    1500);
	tclient_free(alice);
	players_stop(h);
}
END_TEST

START_TEST(test_play_the_computer)
{
	struct harness	*h = players_start();
	struct tclient	*alice;

	if (h == NULL)
		return;
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "v cpu");
	ck_assert_int_eq(tclient_type(alice, "v"), 0);
	players_wait(alice, "Play the computer (unrated)");
	players_wait(alice, "Computer");
	/* One step to the right: medium; the game starts at once. */
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	players_wait(alice, "CPU (medium)");
	players_wait(alice, "unrated");
	players_wait(alice, "you to move");
	players_move(alice, "a1");
	players_wait(alice, "you to move");
	/* To the end of the game: she resigns, the result stands. */
	ck_assert_int_eq(tclient_type(alice, "r"), 0);
	players_wait(alice, "Resign this game? y/n");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	players_wait(alice, "resigned");
	ck_assert_int_eq(harness_wait_log(h, "stored (", WAIT_MS), 0);
	ck_assert_int_eq(store_int(h, "SELECT rated FROM games"), 0);
	tclient_free(alice);
	players_stop(h);
}
END_TEST

/* alice and bob at a gomoku table, black's first move h8 seen by both. */
static void
first_move(struct harness *h, struct tclient **alice, struct tclient **bob,
    char code[8])
{
	struct tclient	*black;

	players_accounts(h);
	players_two(h, "gomoku", alice, bob, code);
	black = players_is_black(*alice, "alice") ? *alice : *bob;
	players_wait(black, "you to move");
	players_move(black, "h8");
	players_wait(*alice, "1.h8");
	players_wait(*bob, "1.h8");
}

/* Both back after a restart, in their seats, with the move made. */
static void
both_back(struct harness *h, const char *code, struct tclient **alice,
    struct tclient **bob)
{
	char	 want[64];

	snprintf(want, sizeof want, "Your seat at table %s was waiting", code);
	*alice = players_member(h, "alice", NULL);
	players_wait(*alice, want);
	players_wait(*alice, "1.h8");
	players_wait(*alice, "the hall restarted");
	*bob = players_member(h, "bob", NULL);
	players_wait(*bob, want);
	players_wait(*bob, "1.h8");
	players_wait(*alice, "bob is back");
}

START_TEST(test_kill9_and_restart)
{
	struct harness	*h = players_start();
	struct tclient	*alice, *bob;
	char		 code[8];

	if (h == NULL)
		return;
	first_move(h, &alice, &bob, code);
	/* The save is batched: give it its moment, then the crash. */
	usleep(500 * 1000);
	ck_assert_int_eq(harness_signal(h, SIGKILL), 0);
	ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, NULL), 0);
	tclient_drop(alice);
	tclient_drop(bob);
	ck_assert_int_eq(harness_restart(h, NULL), 0);
	ck_assert_int_eq(harness_wait_log(h, "1 of 1 live tables restored",
	    WAIT_MS), 0);
	both_back(h, code, &alice, &bob);
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

START_TEST(test_sigterm_notice_and_restart)
{
	struct harness	*h = players_start();
	struct tclient	*alice, *bob;
	char		 code[8];
	int		 status;

	if (h == NULL)
		return;
	first_move(h, &alice, &bob, code);
	ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
	/* Everyone is told, then the daemon exits cleanly. */
	players_wait(alice, "to restart");
	players_wait(bob, "to restart");
	ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status), 0);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	tclient_free(alice);
	tclient_free(bob);
	ck_assert_int_eq(harness_restart(h, NULL), 0);
	ck_assert_int_eq(harness_wait_log(h, "1 of 1 live tables restored",
	    WAIT_MS), 0);
	both_back(h, code, &alice, &bob);
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

static Suite *
table_life_suite(void)
{
	Suite	*s = suite_create("table-life");
	TCase	*tc = tcase_create("life");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_drop_and_reclaim);
	tcase_add_test(tc, test_grace_over_cpu_plays_until_back);
	tcase_add_test(tc, test_abandoned_seat_loses_rated_game);
	tcase_add_test(tc, test_play_the_computer);
	tcase_add_test(tc, test_kill9_and_restart);
	tcase_add_test(tc, test_sigterm_notice_and_restart);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(table_life_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
