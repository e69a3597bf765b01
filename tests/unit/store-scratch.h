/*
 * store-scratch.h - a database of its own for each test of the store: a
 * fresh temporary directory before the test ($TMPDIR, else /tmp), the
 * file and its -wal, -shm and -journal removed after.  A Check fixture.
 */
#ifndef TESTS_UNIT_STORE_SCRATCH_H
#define TESTS_UNIT_STORE_SCRATCH_H

struct store;

void		 store_scratch_setup(void);
void		 store_scratch_teardown(void);
/* The database file of the test that runs. */
const char	*store_scratch_path(void);
/* The store on it, opened (the test fails when it cannot be). */
struct store	*store_scratch_open(void);

#endif
