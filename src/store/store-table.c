/*
 * store-table.c - the saved state of live tables, so that games in
 * progress survive a restart.  The data is the hall's own text; the store
 * keeps it byte-exact and never reads it.
 */
#include <stddef.h>
#include <stdlib.h>

#include "src/store/store-int.h"

int
store_table_save(struct store *st, const char *code, const char *data,
    int64_t now)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "table code", code, STORE_CODE_MAX,
	    1)) != 0)
		return rc;
	if (data == NULL)
		return store_fail(st, STORE_INVALID, "no table data");
	s = store_stmt(st, S_TABLE_SAVE);
	store_bind_text(s, 1, code);
	store_bind_text(s, 2, data);
	sqlite3_bind_int64(s, 3, now);
	return store_write_one(st, s, "saving a table", NULL);
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

	if ((rc = store_check_text(st, "table code", code, STORE_CODE_MAX,
	    1)) != 0)
		return rc;
	s = store_stmt(st, S_TABLE_DELETE);
	store_bind_text(s, 1, code);
	return store_write_one(st, s, "removing a table", "no such table");
}
