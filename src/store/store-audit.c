/*
 * store-audit.c - the audit log: every sysop action (from gamehallctl or
 * the sysop menu) with who did it, when, the command, its reason and how
 * it went.  Rows are only ever added: the log is the sysop's memory.
 */
#include <stdio.h>
#include <string.h>

#include "src/store/store-int.h"

/* Bind text cut to max bytes (on a UTF-8 boundary): an action is logged
 * whatever its length. */
static void
store_audit_bind(sqlite3_stmt *s, int i, const char *text, size_t max)
{
	size_t	 n = text != NULL ? strnlen(text, max + 1) : 0;

	if (n > max) {
		n = max;
		while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
			n--;
	}
	sqlite3_bind_text(s, i, text != NULL ? text : "", (int)n,
	    SQLITE_TRANSIENT);
}

int
store_audit_add(struct store *st, int64_t when, const char *actor,
    const char *what, const char *why, const char *result)
{
	sqlite3_stmt	*s = store_stmt(st, S_AUDIT_INSERT);

	sqlite3_bind_int64(s, 1, when);
	store_audit_bind(s, 2, actor, STORE_AUDIT_ACTOR_MAX);
	store_audit_bind(s, 3, what, STORE_AUDIT_WHAT_MAX);
	store_audit_bind(s, 4, why, STORE_REASON_MAX);
	store_audit_bind(s, 5, result, STORE_AUDIT_RESULT_MAX);
	return store_write_one(st, s, "writing the audit log", NULL);
}

static int
store_audit_row(sqlite3_stmt *s, void *p)
{
	struct store_audit	*a = p;

	a->id = sqlite3_column_int64(s, 0);
	a->when = sqlite3_column_int64(s, 1);
	store_column_copy(s, 2, a->actor, sizeof a->actor);
	store_column_copy(s, 3, a->what, sizeof a->what);
	store_column_copy(s, 4, a->why, sizeof a->why);
	store_column_copy(s, 5, a->result, sizeof a->result);
	return 0;
}

int
store_audit_list(struct store *st, int limit, struct store_audit **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_AUDIT_LIST);

	sqlite3_bind_int(s, 1, limit > 0 ? limit : 50);
	return store_list(st, s, "reading the audit log", sizeof **out,
	    store_audit_row, NULL, (void **)out, n);
}
