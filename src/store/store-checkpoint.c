/*
 * store-checkpoint.c - the log's checkpoints, away from the thread that
 * commits.
 *
 * In WAL mode a commit appends to the log (with synchronous=NORMAL, no
 * fsync); a checkpoint copies the log into the database and fsyncs both.
 * SQLite runs one inside whichever commit takes the log past 1,000 pages,
 * so the loop thread, which commits the live tables ten times a second,
 * stopped for the fsyncs: with 2,500 tables in play one save in a few
 * seconds took 10-15 ms instead of a tenth of one, and the moves that came
 * meanwhile waited behind it.
 *
 * So the store's own connection never checkpoints.  Its commits tell the
 * log's size to a hook here; past STORE_CHECKPOINT_PAGES the owner's `due`
 * callback asks for one (once, until store_checkpoint_done), and a second
 * connection, opened for nothing else, runs it where it may block (a
 * worker thread).  A passive checkpoint neither waits for the writer nor
 * makes it wait: commits go on into the log while it copies, and the first
 * commit after a complete one starts the log again from its beginning.
 */
#include <stdio.h>
#include <stdlib.h>

#include "src/store/store-int.h"

/* The log's size that asks for a checkpoint: SQLite's own default. */
#define STORE_CHECKPOINT_PAGES 1000

struct store_checkpoint {
	sqlite3			*db;		/* the worker's */
	store_checkpoint_due	 due;		/* the rest is the loop's */
	void			*arg;
	bool			 asked;
};

/* After each commit on the store's connection, with the log's pages. */
static int
store_checkpoint_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
	struct store_checkpoint	*cp = arg;

	(void)db;
	(void)name;
	if (pages >= STORE_CHECKPOINT_PAGES && !cp->asked) {
		cp->asked = true;
		cp->due(cp->arg);
	}
	return SQLITE_OK;
}

struct store_checkpoint *
store_checkpoint_open(struct store *st, store_checkpoint_due due, void *arg,
    char *err, size_t errlen)
{
	struct store_checkpoint	*cp;
	const char		*path = sqlite3_db_filename(st->db, "main");

	if ((cp = calloc(1, sizeof *cp)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	cp->due = due;
	cp->arg = arg;
	/* Used by one thread at a time (one checkpoint in flight).  A
	 * connection knows the file is in WAL mode only once it has read it:
	 * until then a checkpoint does nothing. */
	if (path == NULL || sqlite3_open_v2(path, &cp->db,
	    SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_exec(cp->db, "PRAGMA schema_version", NULL, NULL, NULL) !=
	    SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", path != NULL ? path :
		    "the database", cp->db != NULL ? sqlite3_errmsg(cp->db) :
		    "out of memory");
		sqlite3_close(cp->db);
		free(cp);
		return NULL;
	}
	sqlite3_extended_result_codes(cp->db, 1);
	/* Replaces SQLite's automatic checkpoints on the store's connection
	 * (they are a hook of the same kind). */
	sqlite3_wal_hook(st->db, store_checkpoint_hook, cp);
	return cp;
}

void
store_checkpoint_close(struct store *st, struct store_checkpoint *cp)
{
	if (cp == NULL)
		return;
	/* Back to SQLite's own: the last close checkpoints anyway. */
	sqlite3_wal_autocheckpoint(st->db, STORE_CHECKPOINT_PAGES);
	sqlite3_close(cp->db);
	free(cp);
}

int
store_checkpoint_run(struct store_checkpoint *cp, int *log, int *copied)
{
	int	 rc, nlog = 0, ncopied = 0;

	rc = sqlite3_wal_checkpoint_v2(cp->db, "main",
	    SQLITE_CHECKPOINT_PASSIVE, &nlog, &ncopied);
	if (log != NULL)
		*log = nlog;
	if (copied != NULL)
		*copied = ncopied;
	/* Busy: another checkpoint (gamehallctl's) is under way.  A log of
	 * -1 pages: it could not run at all. */
	if (rc == SQLITE_BUSY)
		return STORE_OK;
	return rc == SQLITE_OK && nlog >= 0 ? STORE_OK : STORE_ERROR;
}

void
store_checkpoint_done(struct store_checkpoint *cp)
{
	cp->asked = false;
}
