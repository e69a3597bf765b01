/*
 * store-table.c - the saved state of live tables, so that games in
 * progress survive a restart.  The data is the hall's own text; the store
 * keeps it byte-exact and never reads it.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/store/store-int.h"

/* A code the store can keep, and data to keep. */
static int
store_table_check(struct store *st, const char *code, const char *data)
{
	int	 rc;

	if ((rc = store_check_text(st, "table code", code, STORE_CODE_MAX,
	    1)) != 0)
		return rc;
	if (data == NULL)
		return store_fail(st, STORE_INVALID, "no table data");
	return STORE_OK;
}

int
store_table_save(struct store *st, const char *code, const char *data,
    int64_t now)
{
	struct store_table	 row;
	int			 rc;

	if ((rc = store_table_check(st, code, data)) != STORE_OK)
		return rc;
	memset(&row, 0, sizeof row);
	snprintf(row.code, sizeof row.code, "%s", code);
	row.data = (char *)data;
	return store_tables_save(st, &row, 1, now);
}

static int
store_table_row(sqlite3_stmt *s, void *p)
{
	struct store_table	*t = p;

	store_column_copy(s, 0, t->code, sizeof t->code);
	t->data = store_column_dup(s, 1);
	t->updated = sqlite3_column_int64(s, 2);
	return t->data == NULL ? -1 : 0;
}

static void
store_table_drop(void *list, size_t n)
{
	store_tables_free(list, n);
}

int
store_table_load_all(struct store *st, struct store_table **out, size_t *n)
{
	return store_list(st, store_stmt(st, S_TABLE_ALL), "loading tables",
	    sizeof **out, store_table_row, store_table_drop, (void **)out, n);
}

void
store_tables_free(struct store_table *list, size_t n)
{
	store_free_each(list, n, sizeof *list,
	    offsetof(struct store_table, data));
}

int
store_table_delete(struct store *st, const char *code)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_table_check(st, code, "")) != STORE_OK)
		return rc;
	s = store_stmt(st, S_TABLE_DELETE);
	store_bind_text(s, 1, code);
	return store_write_one(st, s, "removing a table", "no such table");
}

int
store_tables_save(struct store *st, const struct store_table *rows, size_t n,
    int64_t now)
{
	sqlite3_stmt	*s;
	int		 rc;

	for (size_t i = 0; i < n; i++) {
		if ((rc = store_table_check(st, rows[i].code,
		    rows[i].data)) != STORE_OK)
			return rc;
	}
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_TABLE_SAVE);
	for (size_t i = 0; i < n; i++) {
		store_bind_text(s, 1, rows[i].code);
		store_bind_text(s, 2, rows[i].data);
		sqlite3_bind_int64(s, 3, now);
		if (store_run(s) != SQLITE_DONE)
			return store_rollback(st, store_dbfail(st,
			    "saving tables"));
	}
	return store_commit(st);
}

int
store_table_archive(struct store *st, const char *code, const char *reason,
    int64_t now)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_table_check(st, code, "")) != STORE_OK)
		return rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_TABLE_ARCHIVE);
	store_bind_text(s, 1, reason != NULL ? reason : "");
	sqlite3_bind_int64(s, 2, now);
	store_bind_text(s, 3, code);
	if (store_run(s) != SQLITE_DONE)
		return store_rollback(st, store_dbfail(st, "archiving a table"));
	if (sqlite3_changes(st->db) == 0)
		return store_rollback(st, store_fail(st, STORE_NOTFOUND,
		    "no such table"));
	s = store_stmt(st, S_TABLE_DELETE);
	store_bind_text(s, 1, code);
	if (store_run(s) != SQLITE_DONE)
		return store_rollback(st, store_dbfail(st, "archiving a table"));
	return store_commit(st);
}

int
store_table_archived(struct store *st, int64_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_TABLE_ARCHIVED);
	int		 rc = sqlite3_step(s);

	*n = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_reset(s);
	if (rc != SQLITE_ROW)
		return store_dbfail(st, "counting archived tables");
	return STORE_OK;
}
