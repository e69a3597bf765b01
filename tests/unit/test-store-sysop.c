/*
 * test-store-sysop.c - what the store keeps for the sysop: bans on SSH
 * keys (and removing a ban by its target), that the bans the store keeps
 * in memory follow every change, renaming an account, the audit
 * log, reports, the count of games since a time; and that a schema-3 database
 * gains the audit log in place.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "src/store/store.h"
#include "tests/unit/store-scratch.h"

#define FP_A "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
#define FP_B "SHA256:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"

START_TEST(test_key_bans)
{
	struct store		*st = store_scratch_open();
	struct store_ban	 b, *list;
	size_t			 n;
	int64_t			 gone;

	ck_assert_int_eq(store_ban_add(st, STORE_BAN_KEY, "SHA256:short", "",
	    100, 0, NULL), STORE_INVALID);
	ck_assert_ptr_nonnull(strstr(store_error(st), "not a key"));
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_KEY, FP_A, "spam", 100,
	    200, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_key(st, FP_A, 150, &b), STORE_OK);
	ck_assert_int_eq(b.kind, STORE_BAN_KEY);
	ck_assert_str_eq(b.reason, "spam");
	ck_assert_int_eq(b.expires, 200);
	/* Base64 is case-sensitive, and the ban runs out. */
	ck_assert_int_eq(store_ban_check_key(st, FP_B, 150, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_key(st,
	    "SHA256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 150, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_key(st, FP_A, 200, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_key(st, "", 150, NULL),
	    STORE_NOTFOUND);
	/* A key ban is not a name ban of the same text. */
	ck_assert_int_eq(store_ban_check_name(st, FP_A, 150, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_list(st, 150, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(list[0].kind, STORE_BAN_KEY);
	free(list);

	/* Removing by target: an address as given, normalised. */
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "192.0.2.0/24", "",
	    100, 0, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "192.0.2.77/24",
	    "again", 100, 0, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_ADDR,
	    "192.0.2.1/24", &gone), STORE_OK);
	ck_assert_int_eq(gone, 2);
	ck_assert_int_eq(store_ban_check_addr(st, "192.0.2.5", 150, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_ADDR,
	    "192.0.2.0/24", &gone), STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_NAME, "Alice",
	    NULL), STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "alice", "", 100, 0,
	    NULL), STORE_OK);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_NAME, "ALICE",
	    NULL), STORE_OK);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_KEY, FP_A, NULL),
	    STORE_OK);
	ck_assert_int_eq(store_ban_list(st, 150, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 0);
	free(list);
	store_close(st);
}
END_TEST

/*
 * The checks read the bans once and keep them: every way the bans change
 * must show in the next check, with no stale answer in between.
 */
START_TEST(test_ban_checks_follow_changes)
{
	struct store		*st = store_scratch_open();
	struct store_ban	 b;
	int64_t			 id, gone;

	/* Read (empty) before anything is banned. */
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 10, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_name(st, "mallory", 10, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_key(st, FP_B, 10, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "198.51.100.0/24",
	    "flood", 10, 100, &id), STORE_OK);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "Mallory", "", 10,
	    0, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_KEY, FP_B, "", 10, 0,
	    NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 20, &b),
	    STORE_OK);
	ck_assert_int_eq(b.id, id);
	ck_assert_str_eq(b.reason, "flood");
	ck_assert_int_eq(b.expires, 100);
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.101.9", 20, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_name(st, "MALLORY", 20, NULL),
	    STORE_OK);
	ck_assert_int_eq(store_ban_check_key(st, FP_B, 20, NULL), STORE_OK);
	/* It runs out; read at 150, a check about an earlier time reads
	 * again and finds it. */
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 150, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 99, NULL),
	    STORE_OK);
	/* Removed by id, and by target. */
	ck_assert_int_eq(store_ban_remove(st, id), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 20, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_remove_what(st, STORE_BAN_NAME, "mallory",
	    &gone), STORE_OK);
	ck_assert_int_eq(gone, 1);
	ck_assert_int_eq(store_ban_check_name(st, "Mallory", 20, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_key(st, FP_B, 20, NULL), STORE_OK);
	/* A malformed address is refused, and changes nothing. */
	ck_assert_int_eq(store_ban_check_addr(st, "not-an-address", 20, NULL),
	    STORE_INVALID);
	ck_assert_int_eq(store_ban_check_key(st, FP_B, 20, NULL), STORE_OK);
	store_close(st);
}
END_TEST

START_TEST(test_rename)
{
	struct store		*st = store_scratch_open();
	struct store_user	 a, b, u;

	ck_assert_int_eq(store_user_add(st, "alice", NULL, 1, &a), STORE_OK);
	ck_assert_int_eq(store_user_add(st, "bob", NULL, 1, &b), STORE_OK);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "Alice", "cheat", 1,
	    0, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_name(st, "alice", 2, NULL), STORE_OK);
	ck_assert_int_eq(store_user_rename(st, a.id, "BOB"), STORE_EXISTS);
	ck_assert_int_eq(store_user_find(st, "alice", &u), STORE_OK);
	ck_assert_int_eq(store_user_rename(st, a.id, "Alicia"), STORE_OK);
	ck_assert_int_eq(store_user_find(st, "alice", &u), STORE_NOTFOUND);
	ck_assert_int_eq(store_user_find(st, "alicia", &u), STORE_OK);
	ck_assert_str_eq(u.name, "Alicia");
	ck_assert_int_eq(u.id, a.id);
	/* The ban followed the account. */
	ck_assert_int_eq(store_ban_check_name(st, "alicia", 2, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_name(st, "alice", 2, NULL),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_user_rename(st, 999, "zed"), STORE_NOTFOUND);
	ck_assert_int_eq(store_user_rename(st, b.id, ""), STORE_INVALID);
	/* Nothing is left half done: new writes still go. */
	ck_assert_int_eq(store_user_add(st, "carol", NULL, 1, NULL), STORE_OK);
	store_close(st);
}
END_TEST

START_TEST(test_audit)
{
	struct store		*st = store_scratch_open();
	struct store_audit	*a;
	size_t			 n;
	char			 long_what[2000];

	ck_assert_int_eq(store_audit_add(st, 10, "ctl uid 0", "kick bob",
	    "spam", "ok: kicked bob"), STORE_OK);
	ck_assert_int_eq(store_audit_add(st, 20, "alice", "motd hi", "",
	    "ok"), STORE_OK);
	/* Too long is cut, never refused (an action must be logged). */
	memset(long_what, 'x', sizeof long_what - 1);
	long_what[sizeof long_what - 1] = '\0';
	ck_assert_int_eq(store_audit_add(st, 30, "alice", long_what, NULL,
	    NULL), STORE_OK);
	ck_assert_int_eq(store_audit_list(st, 2, &a, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(a[0].when, 30);
	ck_assert_uint_eq(strlen(a[0].what), STORE_AUDIT_WHAT_MAX);
	ck_assert_str_eq(a[1].actor, "alice");
	ck_assert_str_eq(a[1].what, "motd hi");
	free(a);
	ck_assert_int_eq(store_audit_list(st, 100, &a, &n), STORE_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(a[2].actor, "ctl uid 0");
	ck_assert_str_eq(a[2].why, "spam");
	ck_assert_str_eq(a[2].result, "ok: kicked bob");
	free(a);
	store_close(st);

	/* It is in the file: there after reopening. */
	st = store_scratch_open();
	ck_assert_int_eq(store_audit_list(st, 100, &a, &n), STORE_OK);
	ck_assert_uint_eq(n, 3);
	free(a);
	store_close(st);
}
END_TEST

START_TEST(test_reports)
{
	struct store		*st = store_scratch_open();
	struct store_report	*r;
	size_t			 n;

	ck_assert_int_eq(store_report_add(st, 5, "", "bob", "x"),
	    STORE_INVALID);
	ck_assert_int_eq(store_report_add(st, 5, "carol", "", "x"),
	    STORE_INVALID);
	ck_assert_int_eq(store_report_add(st, 5, "carol", "bob", "spoilers"),
	    STORE_OK);
	ck_assert_int_eq(store_report_add(st, 6, "dave", "bob", NULL),
	    STORE_OK);
	ck_assert_int_eq(store_report_list(st, 10, &r, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(r[0].reporter, "dave");
	ck_assert_str_eq(r[0].reason, "");
	ck_assert_str_eq(r[1].target, "bob");
	ck_assert_str_eq(r[1].reason, "spoilers");
	ck_assert_int_eq(r[1].when, 5);
	free(r);
	store_close(st);
}
END_TEST

START_TEST(test_games_since)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g;
	int64_t			 n;

	for (int i = 0; i < 3; i++) {
		memset(&g, 0, sizeof g);
		snprintf(g.variant, sizeof g.variant, "gomoku");
		g.record = (char *)"gomoku moves h8";
		g.started = 100 * i;
		g.ended = 100 * i + 50;
		snprintf(g.result, sizeof g.result, "aborted");
		g.nplayers = 2;
		g.players[1].seat = 1;
		snprintf(g.players[0].name, sizeof g.players[0].name, "a");
		snprintf(g.players[1].name, sizeof g.players[1].name, "b");
		g.players[0].kind = g.players[1].kind = STORE_PLAYER_GUEST;
		ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	}
	ck_assert_int_eq(store_games_since(st, 0, &n), STORE_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(store_games_since(st, 150, &n), STORE_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(store_games_since(st, 151, &n), STORE_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(store_games_since(st, 251, &n), STORE_OK);
	ck_assert_int_eq(n, 0);
	store_close(st);
}
END_TEST

/* A database of schema 3 (as the last release wrote it) is upgraded in
 * place and keeps what it had. */
START_TEST(test_upgrade_from_3)
{
	struct store		*st = store_scratch_open();
	struct store_audit	*a;
	struct store_user	 u;
	sqlite3			*db;
	size_t			 n;

	ck_assert_int_eq(store_user_add(st, "alice", NULL, 1, NULL), STORE_OK);
	store_close(st);
	ck_assert_int_eq(sqlite3_open(store_scratch_path(), &db), SQLITE_OK);
	/* Back to version 3: undo steps 4 to 6. */
	ck_assert_int_eq(sqlite3_exec(db, "DROP TABLE audit;"
	    "DROP TABLE reports;"
	    "ALTER TABLE users DROP COLUMN marks_told;"
	    "ALTER TABLE users DROP COLUMN lang;"
	    "PRAGMA user_version = 3", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	st = store_scratch_open();
	ck_assert_int_eq(store_user_find(st, "alice", &u), STORE_OK);
	ck_assert_int_eq(store_audit_list(st, 10, &a, &n), STORE_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(store_audit_add(st, 1, "ctl", "status", "", "ok"),
	    STORE_OK);
	store_close(st);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("store-sysop");
	TCase	*tc = tcase_create("sysop");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_key_bans);
	tcase_add_test(tc, test_ban_checks_follow_changes);
	tcase_add_test(tc, test_rename);
	tcase_add_test(tc, test_audit);
	tcase_add_test(tc, test_games_since);
	tcase_add_test(tc, test_reports);
	tcase_add_test(tc, test_upgrade_from_3);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
