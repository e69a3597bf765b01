/*
 * store-marks.c - which kinds of board mark an account has had explained
 * (the bits are the hall's: src/hall/screen-table-marks.c), kept in the
 * users row (schema step 5).
 */
#include "src/store/store-int.h"

static int
store_marks_row(sqlite3_stmt *s, void *p)
{
	unsigned	*marks = p;

	*marks = (unsigned)sqlite3_column_int64(s, 0);
	return 0;
}

int
store_marks_get(struct store *st, int64_t user, unsigned *marks)
{
	sqlite3_stmt	*s = store_stmt(st, S_MARKS_GET);

	*marks = 0;
	sqlite3_bind_int64(s, 1, user);
	return store_one(st, s, store_marks_row, marks, "no such user",
	    "reading the marks told");
}

int
store_marks_add(struct store *st, int64_t user, unsigned marks)
{
	sqlite3_stmt	*s = store_stmt(st, S_MARKS_ADD);

	sqlite3_bind_int64(s, 1, (sqlite3_int64)marks);
	sqlite3_bind_int64(s, 2, user);
	return store_write_one(st, s, "recording the marks told",
	    "no such user");
}
