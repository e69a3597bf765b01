/*
 * test-store-durable.c - what the store promises about the file itself:
 * account changes (a registration, a password, a key) are committed with
 * synchronous=FULL like a game's result, and the database and its -wal and
 * -shm files, which hold password hashes, are readable by their owner only
 * whatever the umask.
 *
 * The synchronous level in force at each COMMIT is watched through
 * SQLite's statement trace on the store's own connection (store-int.h).
 */
#include <sys/stat.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "src/store/store-int.h"
#include "tests/unit/store-scratch.h"

/* The commits seen, each with the synchronous level it ran under. */
struct watch {
	struct store	*st;
	int		 commits;
	int		 full;		/* of them, under synchronous=FULL */
};

static int64_t
watch_level(sqlite3 *db)
{
	sqlite3_stmt	*s;
	int64_t		 v = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA synchronous", -1, &s, NULL) !=
	    SQLITE_OK)
		return -1;
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return v;
}

static int
watch_cb(unsigned type, void *arg, void *p, void *x)
{
	struct watch	*w = arg;
	const char	*sql = sqlite3_sql(p);

	if (type != SQLITE_TRACE_STMT || sql == NULL ||
	    strcmp(sql, "COMMIT") != 0)
		return 0;
	w->commits++;
	/* 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA). */
	if (watch_level(w->st->db) >= 2)
		w->full++;
	return 0;
}

static void
watch_start(struct watch *w, struct store *st)
{
	memset(w, 0, sizeof *w);
	w->st = st;
	sqlite3_trace_v2(st->db, SQLITE_TRACE_STMT, watch_cb, w);
}

static void
watch_expect_full(struct watch *w, const char *what)
{
	ck_assert_msg(w->commits > 0, "%s: no COMMIT seen", what);
	ck_assert_msg(w->full == w->commits, "%s: %d of %d commits ran with "
	    "synchronous below FULL", what, w->commits - w->full, w->commits);
	ck_assert_msg(watch_level(w->st->db) == 1, "%s: synchronous left at "
	    "%lld, not back to NORMAL", what,
	    (long long)watch_level(w->st->db));
	w->commits = w->full = 0;
}

START_TEST(test_account_changes_full)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	struct watch		 w;
	const char		*fp = "SHA256:"
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

	watch_start(&w, st);
	ck_assert_int_eq(store_user_add(st, "alice", "$y$hash", 100, &u),
	    STORE_OK);
	watch_expect_full(&w, "store_user_add");
	ck_assert_int_eq(store_user_set_password(st, u.id, "$y$other"),
	    STORE_OK);
	watch_expect_full(&w, "store_user_set_password");
	ck_assert_int_eq(store_key_add(st, u.id, fp, "ssh-ed25519", NULL,
	    200), STORE_OK);
	watch_expect_full(&w, "store_key_add");
	ck_assert_int_eq(store_key_remove(st, u.id, fp), STORE_OK);
	watch_expect_full(&w, "store_key_remove");

	/* A refused change leaves the level as it was, too. */
	ck_assert_int_eq(store_user_add(st, "ALICE", "$y$hash", 100, NULL),
	    STORE_EXISTS);
	ck_assert_int_eq(watch_level(st->db), 1);

	/* Everyday writes stay at NORMAL: last seen is not worth an fsync. */
	w.commits = w.full = 0;
	ck_assert_int_eq(store_user_seen(st, u.id, 300), STORE_OK);
	ck_assert_int_eq(w.commits, 1);
	ck_assert_int_eq(w.full, 0);
	store_close(st);
}
END_TEST

/* A game's result, which always meant to be FULL (docs/design.md §6). */
START_TEST(test_game_result_full)
{
	struct store		*st = store_scratch_open();
	struct store_user	 a, b;
	struct store_game	 g;
	struct store_game_player *p;
	struct watch		 w;
	char			 record[] = "gomoku size=15 moves h8 h9 i8";
	int			 i;

	ck_assert_int_eq(store_user_add(st, "alice", "", 1, &a), STORE_OK);
	ck_assert_int_eq(store_user_add(st, "bob", "", 1, &b), STORE_OK);
	memset(&g, 0, sizeof g);
	snprintf(g.variant, sizeof g.variant, "gomoku");
	snprintf(g.options, sizeof g.options, "size=15");
	g.record = record;
	g.started = 2000;
	g.ended = 2600;
	snprintf(g.result, sizeof g.result, "black wins: five");
	g.rated = 1;
	for (i = 0; i < 2; i++) {
		p = &g.players[g.nplayers++];
		p->seat = i;
		p->kind = STORE_PLAYER_USER;
		p->user = i == 0 ? a.id : b.id;
		snprintf(p->name, sizeof p->name, "%s", i == 0 ? "alice" :
		    "bob");
		snprintf(p->side, sizeof p->side, "%s", i == 0 ? "black" :
		    "white");
		p->rank = i + 1;
		p->outcome = i == 0 ? STORE_WIN : STORE_LOSS;
	}
	watch_start(&w, st);
	ck_assert_msg(store_game_finish(st, &g) == STORE_OK, "%s",
	    store_error(st));
	watch_expect_full(&w, "store_game_finish");
	store_close(st);
}
END_TEST

static void
expect_private(const char *suffix)
{
	char		 path[320];
	struct stat	 sb;

	snprintf(path, sizeof path, "%s%s", store_scratch_path(), suffix);
	ck_assert_msg(stat(path, &sb) == 0, "%s does not exist", path);
	ck_assert_msg((sb.st_mode & 077) == 0, "%s has mode %04o: others "
	    "may read the password hashes", path, (unsigned)sb.st_mode & 07777);
}

START_TEST(test_files_private)
{
	struct store		*st;
	struct store_user	 u;
	mode_t			 old = umask(022);

	st = store_scratch_open();
	/* A write makes sure -wal and -shm exist. */
	ck_assert_int_eq(store_user_add(st, "alice", "$y$hash", 100, &u),
	    STORE_OK);
	expect_private("");
	expect_private("-wal");
	expect_private("-shm");
	store_close(st);
	umask(old);
}
END_TEST

/* A database made by an older gamehall with 0644 is closed up on open. */
START_TEST(test_old_file_tightened)
{
	struct store	*st;
	FILE		*f;

	f = fopen(store_scratch_path(), "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(chmod(store_scratch_path(), 0644), 0);
	st = store_scratch_open();
	expect_private("");
	store_close(st);
}
END_TEST

static void
count_due(void *arg)
{
	(*(int *)arg)++;
}

/*
 * The store's own commits never checkpoint the log (which fsyncs inside a
 * commit, on the loop): past 1,000 pages they ask once, and the
 * checkpointer's own connection copies it all.
 */
START_TEST(test_checkpoint_asked_not_run)
{
	struct store		*st = store_scratch_open();
	struct store_checkpoint	*cp;
	char			 err[256], code[16], *data;
	int			 due = 0, log = 0, copied = 0, i;

	cp = store_checkpoint_open(st, count_due, &due, err, sizeof err);
	ck_assert_msg(cp != NULL, "%s", err);
	ck_assert_ptr_nonnull(data = malloc(8192));
	/* About three pages a save: 800 of them are well past 2,000. */
	for (i = 0; i < 800; i++) {
		memset(data, 'a' + i % 26, 8191);
		data[8191] = '\0';
		snprintf(code, sizeof code, "T%04d", i);
		ck_assert_int_eq(store_table_save(st, code, data, 100 + i),
		    STORE_OK);
	}
	ck_assert_int_eq(due, 1);
	ck_assert_int_eq(store_checkpoint_run(cp, &log, &copied), STORE_OK);
	/* SQLite's own checkpoints would have started the log again at a
	 * thousand pages. */
	ck_assert_int_gt(log, 2000);
	ck_assert_int_eq(copied, log);
	store_checkpoint_done(cp);
	/* The log starts again: no new request for a while. */
	ck_assert_int_eq(store_table_save(st, "T0000", "again", 1000),
	    STORE_OK);
	ck_assert_int_eq(due, 1);
	ck_assert_int_eq(store_checkpoint_run(cp, &log, &copied), STORE_OK);
	ck_assert_int_lt(log, 100);
	free(data);
	store_checkpoint_close(st, cp);
	store_close(st);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("store-durable");
	TCase	*tc = tcase_create("durable");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_account_changes_full);
	tcase_add_test(tc, test_game_result_full);
	tcase_add_test(tc, test_files_private);
	tcase_add_test(tc, test_old_file_tightened);
	tcase_add_test(tc, test_checkpoint_asked_not_run);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
