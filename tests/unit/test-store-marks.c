/*
 * test-store-marks.c - the board marks an account has had explained: kept
 * across closing the store, only ever added to, refused for an unknown
 * account; and a schema-4 database gains the column in place, every
 * account with nothing told.
 */
#include <check.h>
#include <stdlib.h>

#include <sqlite3.h>

#include "src/store/store.h"
#include "tests/unit/store-scratch.h"

START_TEST(test_marks_kept)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	unsigned		 marks = 99;

	ck_assert_int_eq(store_user_add(st, "alice", NULL, 1, &u), STORE_OK);
	ck_assert_int_eq(store_marks_get(st, u.id, &marks), STORE_OK);
	ck_assert_uint_eq(marks, 0);
	ck_assert_int_eq(store_marks_add(st, u.id, 0x2), STORE_OK);
	ck_assert_int_eq(store_marks_add(st, u.id, 0x8), STORE_OK);
	/* Adding again, or nothing, takes nothing back. */
	ck_assert_int_eq(store_marks_add(st, u.id, 0x2), STORE_OK);
	ck_assert_int_eq(store_marks_add(st, u.id, 0), STORE_OK);
	store_close(st);

	st = store_scratch_open();
	ck_assert_int_eq(store_marks_get(st, u.id, &marks), STORE_OK);
	ck_assert_uint_eq(marks, 0xa);
	/* Nobody's marks: refused, and said so. */
	ck_assert_int_eq(store_marks_get(st, u.id + 100, &marks),
	    STORE_NOTFOUND);
	ck_assert_uint_eq(marks, 0);
	ck_assert_int_eq(store_marks_add(st, u.id + 100, 0x1),
	    STORE_NOTFOUND);
	ck_assert_str_eq(store_error(st), "no such user");
	store_close(st);
}
END_TEST

/* Schema 4, as the last release wrote it, is upgraded in place. */
START_TEST(test_upgrade_from_4)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	sqlite3			*db;
	unsigned		 marks = 99;

	ck_assert_int_eq(store_user_add(st, "bob", NULL, 1, &u), STORE_OK);
	store_close(st);
	ck_assert_int_eq(sqlite3_open(store_scratch_path(), &db), SQLITE_OK);
	/* Back to version 4: undo steps 5 and 6. */
	ck_assert_int_eq(sqlite3_exec(db, "ALTER TABLE users DROP COLUMN"
	    " marks_told; ALTER TABLE users DROP COLUMN lang;"
	    " PRAGMA user_version = 4", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	st = store_scratch_open();
	ck_assert_int_eq(store_user_find(st, "bob", &u), STORE_OK);
	ck_assert_int_eq(store_marks_get(st, u.id, &marks), STORE_OK);
	ck_assert_uint_eq(marks, 0);
	ck_assert_int_eq(store_marks_add(st, u.id, 0x4), STORE_OK);
	ck_assert_int_eq(store_marks_get(st, u.id, &marks), STORE_OK);
	ck_assert_uint_eq(marks, 0x4);
	store_close(st);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("store-marks");
	TCase	*tc = tcase_create("marks");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_marks_kept);
	tcase_add_test(tc, test_upgrade_from_4);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
