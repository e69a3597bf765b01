/*
 * store-report.c - complaints people make about each other (the report
 * key in a profile), kept for the sysop (gamehallctl reports).
 */
#include <string.h>

#include "src/store/store-int.h"

int
store_report_add(struct store *st, int64_t when, const char *reporter,
    const char *target, const char *reason)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "reporter", reporter, STORE_NAME_MAX,
	    1)) != 0 || (rc = store_check_text(st, "reported name", target,
	    STORE_NAME_MAX, 1)) != 0 || (rc = store_check_text(st, "reason",
	    reason, STORE_REASON_MAX, 0)) != 0)
		return rc;
	s = store_stmt(st, S_REPORT_INSERT);
	sqlite3_bind_int64(s, 1, when);
	store_bind_text(s, 2, reporter);
	store_bind_text(s, 3, target);
	store_bind_text(s, 4, reason);
	return store_write_one(st, s, "recording a report", NULL);
}

static int
store_report_row(sqlite3_stmt *s, void *p)
{
	struct store_report	*r = p;

	r->id = sqlite3_column_int64(s, 0);
	r->when = sqlite3_column_int64(s, 1);
	store_column_copy(s, 2, r->reporter, sizeof r->reporter);
	store_column_copy(s, 3, r->target, sizeof r->target);
	store_column_copy(s, 4, r->reason, sizeof r->reason);
	return 0;
}

int
store_report_list(struct store *st, int limit, struct store_report **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_REPORT_LIST);

	sqlite3_bind_int(s, 1, limit > 0 ? limit : 50);
	return store_list(st, s, "reading reports", sizeof **out,
	    store_report_row, NULL, (void **)out, n);
}
