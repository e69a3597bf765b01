/*
 * store-scratch.c - a database of its own for each test of the store (see
 * store-scratch.h).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "src/store/store.h"
#include "tests/unit/store-scratch.h"

/* Check runs one test at a time in a process of its own: one scratch. */
static char	store_scratch_dir[256];
static char	store_scratch_db[300];

void
store_scratch_setup(void)
{
	const char	*base = getenv("TMPDIR");

	snprintf(store_scratch_dir, sizeof store_scratch_dir,
	    "%s/test-store.XXXXXX", base != NULL && *base != '\0' ? base :
	    "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(store_scratch_dir));
	snprintf(store_scratch_db, sizeof store_scratch_db, "%s/hall.db",
	    store_scratch_dir);
}

void
store_scratch_teardown(void)
{
	static const char *const suffix[] = { "", "-wal", "-shm", "-journal" };
	char	path[320];

	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(path, sizeof path, "%s%s", store_scratch_db,
		    suffix[i]);
		unlink(path);
	}
	rmdir(store_scratch_dir);
}

const char *
store_scratch_path(void)
{
	return store_scratch_db;
}

struct store *
store_scratch_open(void)
{
	char		 err[STORE_ERR_LEN];
	struct store	*st = store_open(store_scratch_db, err, sizeof err);

	ck_assert_msg(st != NULL, "store_open: %s", err);
	return st;
}
