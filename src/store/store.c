/*
 * store.c - the hall's SQLite database: opening it, its schema and the
 * migrations between versions, every statement's text, transactions,
 * errors, and the helpers that read rows for the store-NOUN.c files (one
 * a thing stored: store-user.c, store-key.c, store-rating.c,
 * store-game.c, store-table.c, store-ban.c; store-addr.c matches the
 * addresses of IP bans).
 *
 * Every statement with a value in it is prepared once at open and kept in
 * the store (enum store_stmt in store-int.h); the only SQL run as text is
 * constant: the schema of the migrations and a few PRAGMAs.  The schema grows by appending
 * to store_migrations[]: never edit a step that has shipped, add a new
 * one.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/store/store-int.h"

/* "gmhl": PRAGMA application_id of a gamehall database. */
#define STORE_APPLICATION_ID 0x676d686c
/* How long a write waits for another process's transaction (ms).  Only
 * gamehallctl or a backup would hold one, briefly. */
#define STORE_BUSY_MS 2000

/*
 * The migrations: step i brings the schema from version i to i + 1.  Each
 * runs in one BEGIN IMMEDIATE transaction together with the new
 * user_version, so a crash leaves the old schema or the new one.
 */
static const char *const store_migrations[] = {
	/* 0 -> 1: accounts, keys, ratings, games. */
	"CREATE TABLE users ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL,"
	"  name_key TEXT NOT NULL UNIQUE,"
	"  hash TEXT NOT NULL DEFAULT '',"
	"  created INTEGER NOT NULL,"
	"  last_seen INTEGER NOT NULL,"
	"  sysop INTEGER NOT NULL DEFAULT 0"
	");"
	"CREATE TABLE keys ("
	"  fingerprint TEXT PRIMARY KEY,"
	"  user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
	"  type TEXT NOT NULL DEFAULT '',"
	"  comment TEXT NOT NULL DEFAULT '',"
	"  added INTEGER NOT NULL"
	");"
	"CREATE INDEX keys_user ON keys(user);"
	"CREATE TABLE ratings ("
	"  user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
	"  variant TEXT NOT NULL,"
	"  rating REAL NOT NULL,"
	"  rd REAL NOT NULL,"
	"  vol REAL NOT NULL,"
	"  games INTEGER NOT NULL DEFAULT 0,"
	"  wins INTEGER NOT NULL DEFAULT 0,"
	"  losses INTEGER NOT NULL DEFAULT 0,"
	"  draws INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (user, variant)"
	") WITHOUT ROWID;"
	"CREATE INDEX ratings_variant ON ratings(variant, rating);"
	"CREATE TABLE games ("
	"  id INTEGER PRIMARY KEY,"
	"  variant TEXT NOT NULL,"
	"  options TEXT NOT NULL,"
	"  record TEXT NOT NULL,"
	"  started INTEGER NOT NULL,"
	"  ended INTEGER NOT NULL,"
	"  result TEXT NOT NULL,"
	"  rated INTEGER NOT NULL"
	");"
	"CREATE TABLE game_players ("
	"  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  kind INTEGER NOT NULL,"
	"  user INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  name TEXT NOT NULL,"
	"  side TEXT NOT NULL,"
	"  rank INTEGER NOT NULL,"
	"  outcome INTEGER NOT NULL,"
	"  r_before REAL, rd_before REAL, vol_before REAL,"
	"  r_after REAL, rd_after REAL, vol_after REAL,"
	"  PRIMARY KEY (game, seat)"
	") WITHOUT ROWID;"
	"CREATE INDEX game_players_user ON game_players(user, game);",

	/* 1 -> 2: bans, and live tables kept across restarts. */
	"ALTER TABLE users ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE users ADD COLUMN ban_reason TEXT NOT NULL DEFAULT '';"
	"CREATE TABLE bans ("
	"  id INTEGER PRIMARY KEY,"
	"  kind INTEGER NOT NULL,"
	"  what TEXT NOT NULL,"
	"  what_key TEXT NOT NULL,"
	"  reason TEXT NOT NULL,"
	"  created INTEGER NOT NULL,"
	"  expires INTEGER NOT NULL DEFAULT 0"
	");"
	"CREATE INDEX bans_what ON bans(kind, what_key);"
	"CREATE TABLE live_tables ("
	"  code TEXT PRIMARY KEY,"
	"  data TEXT NOT NULL,"
	"  updated INTEGER NOT NULL"
	");",
	/* 2 -> 3: live tables that could not be restored, kept. */
	"CREATE TABLE table_archive ("
	"  id INTEGER PRIMARY KEY,"
	"  code TEXT NOT NULL,"
	"  data TEXT NOT NULL,"
	"  reason TEXT NOT NULL,"
	"  archived INTEGER NOT NULL"
	");",
	/* 3 -> 4: what the sysops did, and the complaints people made for
	 * them (bans gain kind 2, SSH keys, with no change of schema). */
	"CREATE TABLE audit ("
	"  id INTEGER PRIMARY KEY,"
	"  at INTEGER NOT NULL,"
	"  actor TEXT NOT NULL,"
	"  what TEXT NOT NULL,"
	"  why TEXT NOT NULL,"
	"  result TEXT NOT NULL"
	");"
	"CREATE TABLE reports ("
	"  id INTEGER PRIMARY KEY,"
	"  at INTEGER NOT NULL,"
	"  reporter TEXT NOT NULL,"
	"  target TEXT NOT NULL,"
	"  reason TEXT NOT NULL"
	");",
	/* 4 -> 5: the kinds of board mark an account has had explained
	 * (a bit each, src/hall/screen-table-marks.c), so that they are
	 * told once per account rather than once per session. */
	"ALTER TABLE users ADD COLUMN marks_told INTEGER NOT NULL"
	" DEFAULT 0;",
	/* 5 -> 6: the language each account reads the hall in: "" for
	 * none chosen (the connection's, else English), else a code of
	 * screens/lang.h ("de"). */
	"ALTER TABLE users ADD COLUMN lang TEXT NOT NULL DEFAULT '';",
};
_Static_assert(sizeof store_migrations / sizeof store_migrations[0] ==
    STORE_SCHEMA_VERSION, "one migration step per schema version");

#define STORE_USER_COLUMNS \
	"u.id, u.name, u.hash, u.created, u.last_seen, u.sysop, u.banned," \
	" u.ban_reason, u.lang"
#define STORE_GAME_COLUMNS \
	"g.id, g.variant, g.options, g.started, g.ended, g.result, g.rated"
#define STORE_BAN_COLUMNS "id, kind, what, reason, created, expires"
#define STORE_UNEXPIRED "(expires = 0 OR expires > ?)"

static const char *const store_sql[S_COUNT] = {
	[S_BEGIN] = "BEGIN IMMEDIATE",
	[S_COMMIT] = "COMMIT",
	[S_ROLLBACK] = "ROLLBACK",

	[S_USER_INSERT] = "INSERT INTO users (name, name_key, hash, created,"
	    " last_seen) VALUES (?, ?, ?, ?, ?)",
	[S_USER_BY_NAME] = "SELECT " STORE_USER_COLUMNS " FROM users u"
	    " WHERE u.name_key = ?",
	[S_USER_BY_ID] = "SELECT " STORE_USER_COLUMNS " FROM users u"
	    " WHERE u.id = ?",
	[S_USER_BY_KEY] = "SELECT " STORE_USER_COLUMNS " FROM keys k"
	    " JOIN users u ON u.id = k.user WHERE k.fingerprint = ?",
	[S_USER_SET_HASH] = "UPDATE users SET hash = ? WHERE id = ?",
	[S_USER_SEEN] = "UPDATE users SET last_seen = ? WHERE id = ?",
	[S_USER_SET_SYSOP] = "UPDATE users SET sysop = ? WHERE id = ?",
	[S_USER_SET_LANG] = "UPDATE users SET lang = ? WHERE id = ?",
	[S_USER_SET_BANNED] = "UPDATE users SET banned = ?, ban_reason = ?"
	    " WHERE id = ?",

	[S_KEY_INSERT] = "INSERT INTO keys (fingerprint, user, type, comment,"
	    " added) VALUES (?, ?, ?, ?, ?)",
	[S_KEY_OWNER] = "SELECT user FROM keys WHERE fingerprint = ?",
	[S_KEY_LIST] = "SELECT user, fingerprint, type, comment, added"
	    " FROM keys WHERE user = ? ORDER BY added, rowid",
	[S_KEY_DELETE] = "DELETE FROM keys WHERE user = ? AND fingerprint = ?",

	[S_RATING_GET] = "SELECT variant, rating, rd, vol, games, wins,"
	    " losses, draws FROM ratings WHERE user = ? AND variant = ?",
	[S_RATING_LIST] = "SELECT variant, rating, rd, vol, games, wins,"
	    " losses, draws FROM ratings WHERE user = ? ORDER BY variant",
	[S_RATING_TOP] = "SELECT r.variant, r.rating, r.rd, r.vol, r.games,"
	    " r.wins, r.losses, r.draws, u.id, u.name FROM ratings r"
	    " JOIN users u ON u.id = r.user"
	    " WHERE r.variant = ? AND u.banned = 0"
	    " ORDER BY r.rd >= ?, r.rating DESC, u.name_key LIMIT ?",
	[S_RATING_PUT] = "INSERT INTO ratings (user, variant, rating, rd, vol,"
	    " games, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
	    " ON CONFLICT (user, variant) DO UPDATE SET"
	    " rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,"
	    " games = excluded.games, wins = excluded.wins,"
	    " losses = excluded.losses, draws = excluded.draws",

	[S_GAME_INSERT] = "INSERT INTO games (variant, options, record,"
	    " started, ended, result, rated) VALUES (?, ?, ?, ?, ?, ?, ?)",
	[S_GAME_GET] = "SELECT " STORE_GAME_COLUMNS ", g.record FROM games g"
	    " WHERE g.id = ?",
	/* a against b: a finished ahead of b (by rank when both have one
	 * and they differ, else a won and b did not), behind, or level. */
	[S_GAMES_BETWEEN] = "SELECT count(*),"
	    " coalesce(sum(CASE WHEN a.rank > 0 AND b.rank > 0"
	    " AND a.rank <> b.rank THEN a.rank < b.rank"
	    " ELSE a.outcome = 2 AND b.outcome <> 2 END), 0),"
	    " coalesce(sum(CASE WHEN a.rank > 0 AND b.rank > 0"
	    " AND a.rank <> b.rank THEN a.rank > b.rank"
	    " ELSE b.outcome = 2 AND a.outcome <> 2 END), 0)"
	    " FROM game_players a JOIN game_players b ON b.game = a.game"
	    " WHERE a.user = ? AND b.user = ? AND a.kind = 0 AND b.kind = 0",
	[S_GAMES_OF_USER] = "SELECT " STORE_GAME_COLUMNS " FROM games g"
	    " WHERE g.id IN (SELECT game FROM game_players WHERE user = ?)"
	    " ORDER BY g.id DESC LIMIT ?",
	[S_PLAYER_INSERT] = "INSERT INTO game_players (game, seat, kind, user,"
	    " name, side, rank, outcome, r_before, rd_before, vol_before,"
	    " r_after, rd_after, vol_after)"
	    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	[S_PLAYERS_OF_GAME] = "SELECT seat, kind, user, name, side, rank,"
	    " outcome, r_before, rd_before, vol_before, r_after, rd_after,"
	    " vol_after FROM game_players WHERE game = ? ORDER BY seat",

	[S_TABLE_SAVE] = "INSERT INTO live_tables (code, data, updated)"
	    " VALUES (?, ?, ?) ON CONFLICT (code) DO UPDATE SET"
	    " data = excluded.data, updated = excluded.updated",
	[S_TABLE_ALL] = "SELECT code, data, updated FROM live_tables"
	    " ORDER BY updated, code",
	[S_TABLE_DELETE] = "DELETE FROM live_tables WHERE code = ?",
	[S_TABLE_ARCHIVE] = "INSERT INTO table_archive (code, data, reason,"
	    " archived) SELECT code, data, ?, ? FROM live_tables"
	    " WHERE code = ?",
	[S_TABLE_ARCHIVED] = "SELECT count(*) FROM table_archive",

	[S_BAN_INSERT] = "INSERT INTO bans (kind, what, what_key, reason,"
	    " created, expires) VALUES (?, ?, ?, ?, ?, ?)",
	[S_BAN_DELETE] = "DELETE FROM bans WHERE id = ?",
	[S_BAN_LIST] = "SELECT " STORE_BAN_COLUMNS " FROM bans WHERE "
	    STORE_UNEXPIRED " ORDER BY id",
	[S_BAN_FORCE] = "SELECT " STORE_BAN_COLUMNS ", what_key FROM bans"
	    " WHERE " STORE_UNEXPIRED " ORDER BY id",

	[S_STATS] = "SELECT (SELECT count(*) FROM users),"
	    " (SELECT count(*) FROM users WHERE sysop),"
	    " (SELECT count(*) FROM users WHERE banned),"
	    " (SELECT count(*) FROM keys),"
	    " (SELECT count(*) FROM games),"
	    " (SELECT count(*) FROM games WHERE rated),"
	    " (SELECT count(*) FROM live_tables),"
	    " (SELECT count(*) FROM bans WHERE " STORE_UNEXPIRED "),"
	    " (SELECT page_count FROM pragma_page_count())"
	    " * (SELECT page_size FROM pragma_page_size())",

	[S_BAN_DELETE_WHAT] = "DELETE FROM bans WHERE kind = ? AND"
	    " what_key = ?",
	[S_USER_RENAME] = "UPDATE users SET name = ?, name_key = ?"
	    " WHERE id = ?",
	[S_AUDIT_INSERT] = "INSERT INTO audit (at, actor, what, why, result)"
	    " VALUES (?, ?, ?, ?, ?)",
	[S_AUDIT_LIST] = "SELECT id, at, actor, what, why, result FROM audit"
	    " ORDER BY id DESC LIMIT ?",
	[S_GAMES_SINCE] = "SELECT count(*) FROM games WHERE ended >= ?",
	[S_REPORT_INSERT] = "INSERT INTO reports (at, reporter, target,"
	    " reason) VALUES (?, ?, ?, ?)",
	[S_REPORT_LIST] = "SELECT id, at, reporter, target, reason"
	    " FROM reports ORDER BY id DESC LIMIT ?",
	[S_BAN_RENAME] = "UPDATE bans SET what = ?, what_key = ?"
	    " WHERE kind = 0 AND what_key = ?",
	[S_MARKS_GET] = "SELECT marks_told FROM users WHERE id = ?",
	/* Bits are only added: two sessions of one account cannot take
	 * back what the other was told. */
	[S_MARKS_ADD] = "UPDATE users SET marks_told = marks_told | ?"
	    " WHERE id = ?",
};

/* ---- errors and small helpers ---------------------------------------- */

int __attribute__((format(printf, 3, 4)))
store_fail(struct store *st, int rc, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(st->err, sizeof st->err, fmt, ap);
	va_end(ap);
	return rc;
}

/* A failure of SQLite itself, with its message. */
int
store_dbfail(struct store *st, const char *what)
{
	return store_fail(st, STORE_ERROR, "database error (%s): %s", what,
	    sqlite3_errmsg(st->db));
}

const char *
store_error(const struct store *st)
{
	return st->err;
}

const char *
store_warning(const struct store *st)
{
	return st->warning;
}

/* A statement, reset and unbound, ready for its values. */
sqlite3_stmt *
store_stmt(struct store *st, enum store_stmt which)
{
	sqlite3_stmt	*s = st->stmt[which];

	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return s;
}

/* Step a statement that returns no rows, then reset it. */
int
store_run(sqlite3_stmt *s)
{
	int	 rc = sqlite3_step(s);

	if (rc == SQLITE_ROW)
		rc = SQLITE_DONE;
	if (rc != SQLITE_DONE)
		return rc;
	sqlite3_reset(s);
	return SQLITE_DONE;
}

/*
 * Checks a caller's string: non-NULL (unless it may be empty), non-empty if
 * required, at most max bytes.  0 or STORE_INVALID with a message.
 */
int
store_check_text(struct store *st, const char *what, const char *s,
    size_t max, int required)
{
	if (s == NULL || *s == '\0') {
		if (required)
			return store_fail(st, STORE_INVALID, "the %s is empty",
			    what);
		return 0;
	}
	if (strnlen(s, max + 1) > max)
		return store_fail(st, STORE_INVALID, "the %s is too long (at "
		    "most %zu bytes)", what, max);
	return 0;
}

int
store_bind_text(sqlite3_stmt *s, int i, const char *text)
{
	return sqlite3_bind_text(s, i, text == NULL ? "" : text, -1,
	    SQLITE_TRANSIENT);
}

/* Column i's text and its length in bytes: "" for NULL. */
static const char *
store_column_text(sqlite3_stmt *s, int i, size_t *n)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	if (t == NULL) {
		*n = 0;
		return "";
	}
	*n = (size_t)sqlite3_column_bytes(s, i);
	return (const char *)t;
}

/* Copy column i into a buffer of size len (truncating if a hand-edited
 * database holds more than the limit). */
void
store_column_copy(sqlite3_stmt *s, int i, char *buf, size_t len)
{
	const char	*t;
	size_t		 n;

	if (len == 0)
		return;
	t = store_column_text(s, i, &n);
	if (n >= len)
		n = len - 1;
	memcpy(buf, t, n);
	buf[n] = '\0';
}

/* Column i as a malloc'd string; NULL when out of memory. */
char *
store_column_dup(sqlite3_stmt *s, int i)
{
	const char	*t;
	char		*p;
	size_t		 n;

	t = store_column_text(s, i, &n);
	if ((p = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(p, t, n);
	p[n] = '\0';
	return p;
}

/*
 * Check a user or banned name and write the key it is unique by: ASCII
 * letters folded to lower case, other bytes kept.  0 or STORE_INVALID.
 */
int
store_name_key(struct store *st, const char *name,
    char key[STORE_NAME_MAX + 1])
{
	size_t	 i;
	int	 rc;

	if ((rc = store_check_text(st, "name", name, STORE_NAME_MAX, 1)) != 0)
		return rc;
	for (i = 0; name[i] != '\0'; i++)
		key[i] = (char)tolower((unsigned char)name[i]);
	key[i] = '\0';
	return 0;
}

/* Grow a malloc'd array by one element; NULL when out of memory. */
static void *
store_grow(void **array, size_t *n, size_t *cap, size_t size)
{
	void	*p;

	if (*n == *cap) {
		*cap = *cap == 0 ? 8 : *cap * 2;
		p = realloc(*array, *cap * size);
		if (p == NULL)
			return NULL;
		*array = p;
	}
	p = (char *)*array + *n * size;
	memset(p, 0, size);
	(*n)++;
	return p;
}

/*
 * Read every row of a SELECT whose values are bound into a malloc'd array
 * (NULL when empty) of elements of `size` bytes, each zeroed, then filled
 * by row(), which fails only when out of memory; `what` names the list in
 * a database error.  On failure nothing is returned: drop(), or free()
 * without one, takes what was read.
 */
int
store_list(struct store *st, sqlite3_stmt *s, const char *what, size_t size,
    store_row_fn row, void (*drop)(void *, size_t), void **out, size_t *n)
{
	void	*list = NULL, *e;
	size_t	 count = 0, cap = 0;
	int	 rc;

	*out = NULL;
	*n = 0;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		e = store_grow(&list, &count, &cap, size);
		if (e == NULL || row(s, e) != 0)
			break;
	}
	sqlite3_reset(s);
	if (rc == SQLITE_DONE) {
		*out = list;
		*n = count;
		return STORE_OK;
	}
	if (rc == SQLITE_ROW)
		store_fail(st, STORE_ERROR, "out of memory");
	else
		store_dbfail(st, what);
	if (drop != NULL)
		drop(list, count);
	else
		free(list);
	return STORE_ERROR;
}

/*
 * Free a malloc'd array of n elements of `size` bytes and the malloc'd
 * string at offset `field` in each: the lists whose rows own text.
 */
void
store_free_each(void *list, size_t n, size_t size, size_t field)
{
	char	**p;
	size_t	 i;

	for (i = 0; list != NULL && i < n; i++) {
		p = (char **)((char *)list + i * size + field);
		free(*p);
	}
	free(list);
}

/*
 * Step a SELECT whose values are bound for its first row, read by row()
 * into out unless that is NULL: STORE_OK, STORE_NOTFOUND with the message
 * notfound, or STORE_ERROR if row() ran out of memory; `what` names the
 * reading in a database error.
 */
int
store_one(struct store *st, sqlite3_stmt *s, store_row_fn row, void *out,
    const char *notfound, const char *what)
{
	int	 rc = sqlite3_step(s), failed = 0;

	if (rc == SQLITE_ROW && out != NULL)
		failed = row(s, out) != 0;
	sqlite3_reset(s);
	if (failed)
		return store_fail(st, STORE_ERROR, "out of memory");
	if (rc == SQLITE_ROW)
		return STORE_OK;
	if (rc == SQLITE_DONE)
		return store_fail(st, STORE_NOTFOUND, "%s", notfound);
	return store_dbfail(st, what);
}

/* ---- transactions ----------------------------------------------------- */

int
store_begin(struct store *st)
{
	if (store_run(store_stmt(st, S_BEGIN)) != SQLITE_DONE)
		return store_dbfail(st, "begin");
	return STORE_OK;
}

/*
 * What must survive a crash (a result, an account, a key) is committed
 * with an fsync: synchronous=FULL for this one transaction.  The level
 * cannot change inside a transaction, so it is raised before BEGIN and put
 * back to NORMAL by whichever of store_commit and store_rollback ends it.
 */
int
store_begin_durable(struct store *st)
{
	int	 rc;

	/*
	 * Run as text, not prepared: SQLite applies PRAGMA synchronous when
	 * it compiles the statement, so stepping a statement prepared at open
	 * left the level where the last one prepared had put it (measured:
	 * NORMAL at every COMMIT, game results included).
	 */
	if (sqlite3_exec(st->db, "PRAGMA synchronous = FULL", NULL, NULL,
	    NULL) != SQLITE_OK)
		return store_dbfail(st, "synchronous=FULL");
	st->durable = true;
	if ((rc = store_begin(st)) != STORE_OK)
		store_durable_end(st);
	return rc;
}

/* Back to NORMAL after a durable transaction (nothing otherwise). */
void
store_durable_end(struct store *st)
{
	if (!st->durable)
		return;
	st->durable = false;
	sqlite3_exec(st->db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
}

int
store_commit(struct store *st)
{
	/* A failed COMMIT may leave the transaction open. */
	if (store_run(store_stmt(st, S_COMMIT)) != SQLITE_DONE)
		return store_rollback(st, store_dbfail(st, "commit"));
	store_durable_end(st);
	return STORE_OK;
}

/* Undo the open transaction, keeping the message already in st->err. */
int
store_rollback(struct store *st, int rc)
{
	int	 i;

	/* A statement that failed mid-step must be reset before ROLLBACK
	 * can finish. */
	for (i = 0; i < S_COUNT; i++)
		sqlite3_reset(st->stmt[i]);
	if (!sqlite3_get_autocommit(st->db))
		store_run(store_stmt(st, S_ROLLBACK));
	store_durable_end(st);
	return rc;
}

/*
 * Step a bound INSERT inside the open transaction: STORE_OK; or, rolled
 * back, `rc` with the message fmt when it breaks `constraint` (an
 * extended code: SQLITE_CONSTRAINT_UNIQUE, ...), else STORE_ERROR naming
 * `what`.
 */
int
store_insert(struct store *st, sqlite3_stmt *s, const char *what,
    int constraint, int rc, const char *fmt, ...)
{
	va_list	 ap;
	int	 step = store_run(s);

	if (step == SQLITE_DONE)
		return STORE_OK;
	if (step != constraint)
		return store_rollback(st, store_dbfail(st, what));
	va_start(ap, fmt);
	vsnprintf(st->err, sizeof st->err, fmt, ap);
	va_end(ap);
	return store_rollback(st, rc);
}

/*
 * One bound INSERT/UPDATE/DELETE in its own transaction: STORE_OK, or with
 * a notfound message STORE_NOTFOUND if no row changed.
 */
static int
store_write(struct store *st, sqlite3_stmt *s, const char *what,
    const char *notfound, bool durable)
{
	int	 rc;

	rc = durable ? store_begin_durable(st) : store_begin(st);
	if (rc != STORE_OK)
		return rc;
	if (store_run(s) != SQLITE_DONE)
		return store_rollback(st, store_dbfail(st, what));
	if (notfound != NULL && sqlite3_changes(st->db) == 0)
		return store_rollback(st, store_fail(st, STORE_NOTFOUND, "%s",
		    notfound));
	return store_commit(st);
}

int
store_write_one(struct store *st, sqlite3_stmt *s, const char *what,
    const char *notfound)
{
	return store_write(st, s, what, notfound, false);
}

/* The same, committed with an fsync (store_begin_durable). */
int
store_write_durable(struct store *st, sqlite3_stmt *s, const char *what,
    const char *notfound)
{
	return store_write(st, s, what, notfound, true);
}

/* ---- open, migrate, close --------------------------------------------- */

/* A one-row, one-integer PRAGMA or query, outside the prepared set. */
static int
store_query_int(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt	*s;
	int		 rc;

	if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return rc == SQLITE_ROW ? 0 : -1;
}

/* PRAGMA journal_mode = WAL; it answers with the mode in force. */
static int
store_wal(sqlite3 *db)
{
	sqlite3_stmt	*s;
	const char	*mode;
	int		 ok = 0;

	if (sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &s,
	    NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(s) == SQLITE_ROW) {
		mode = (const char *)sqlite3_column_text(s, 0);
		/* An in-memory database (tests) cannot be WAL. */
		ok = mode != NULL && (strcmp(mode, "wal") == 0 ||
		    strcmp(mode, "memory") == 0);
	}
	sqlite3_finalize(s);
	return ok ? 0 : -1;
}

static int
store_migrate(sqlite3 *db, const char *path, char *err, size_t errlen)
{
	int64_t	 version, app, tables;
	char	*msg = NULL, sql[96];

	if (store_query_int(db, "PRAGMA user_version", &version) != 0 ||
	    store_query_int(db, "PRAGMA application_id", &app) != 0 ||
	    store_query_int(db, "SELECT count(*) FROM sqlite_master", &tables)
	    != 0) {
		snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(db));
		return -1;
	}
	if (app != 0 && app != STORE_APPLICATION_ID) {
		snprintf(err, errlen, "%s: not a gamehall database (SQLite "
		    "application_id %#llx)", path, (unsigned long long)app);
		return -1;
	}
	if (version == 0 && tables != 0) {
		snprintf(err, errlen, "%s: not a gamehall database (it has "
		    "tables but no schema version)", path);
		return -1;
	}
	if (version > STORE_SCHEMA_VERSION) {
		snprintf(err, errlen, "%s: the database has schema version "
		    "%lld, newer than this gamehall understands (%d); run the "
		    "newer gamehall or restore a backup", path,
		    (long long)version, STORE_SCHEMA_VERSION);
		return -1;
	}

	while (version < STORE_SCHEMA_VERSION) {
		if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) !=
		    SQLITE_OK)
			goto fail;
		/* Another process may have migrated while we waited. */
		if (store_query_int(db, "PRAGMA user_version", &version) != 0)
			goto fail;
		if (version >= STORE_SCHEMA_VERSION) {
			sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
			break;
		}
		if (sqlite3_exec(db, store_migrations[version], NULL, NULL,
		    &msg) != SQLITE_OK)
			goto fail;
		/* A PRAGMA takes no bound values; the numbers are ours. */
		snprintf(sql, sizeof sql, "PRAGMA user_version = %lld;"
		    "PRAGMA application_id = %d", (long long)version + 1,
		    STORE_APPLICATION_ID);
		if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK ||
		    sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK)
			goto fail;
		version++;
	}
	return 0;

fail:
	snprintf(err, errlen, "%s: upgrading the schema from version %lld: "
	    "%s", path, (long long)version, msg != NULL ? msg :
	    sqlite3_errmsg(db));
	sqlite3_free(msg);
	if (!sqlite3_get_autocommit(db))
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/*
 * The database holds password hashes: the file is made (or closed up to)
 * 0600 before SQLite opens it, whatever the umask, and SQLite gives its
 * -wal and -shm files the database's own mode when it creates them; ones
 * left by an older gamehall are closed up too.  A state directory others
 * can look into is worth a warning at start (the files are safe, their
 * names and sizes are not): store_warning() has it, for the daemon to log
 * (the store itself writes no logs).  In-memory and URI databases are left alone.
 */
static int
store_private(struct store *st, const char *path, char *err, size_t errlen)
{
	static const char *const side[] = { "-wal", "-shm" };
	char		 other[4096], dir[4096];
	struct stat	 sb;
	size_t		 i;
	int		 fd;

	if (strcmp(path, ":memory:") == 0 || strncmp(path, "file:", 5) == 0)
		return 0;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &sb) == 0 && (sb.st_mode & 077) != 0 &&
	    fchmod(fd, sb.st_mode & 0700) != 0) {
		snprintf(err, errlen, "%s: making it private: %s", path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	for (i = 0; i < sizeof side / sizeof side[0]; i++) {
		snprintf(other, sizeof other, "%s%s", path, side[i]);
		if (lstat(other, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    (sb.st_mode & 077) != 0)
			chmod(other, sb.st_mode & 0700);
	}
	snprintf(dir, sizeof dir, "%s", path);
	if (stat(dirname(dir), &sb) == 0 && (sb.st_mode & 077) != 0)
		snprintf(st->warning, sizeof st->warning, "the state "
		    "directory %.*s has mode %04o: others can see into it "
		    "(chmod 700 it)", (int)sizeof st->warning / 2, dir,
		    (unsigned)sb.st_mode & 07777);
	return 0;
}

struct store *
store_open(const char *path, char *err, size_t errlen)
{
	struct store	*st;
	int		 i;

	if (path == NULL || *path == '\0') {
		snprintf(err, errlen, "no database file given");
		return NULL;
	}
	st = calloc(1, sizeof *st);
	if (st == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (store_private(st, path, err, errlen) != 0)
		goto fail;
	/* One thread uses the store: no SQLite mutexes needed. */
	if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", path, st->db != NULL ?
		    sqlite3_errmsg(st->db) : "out of memory");
		goto fail;
	}
	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, STORE_BUSY_MS);

	/* Reading the version first also tells a non-database file. */
	if (store_migrate(st->db, path, err, errlen) != 0)
		goto fail;
	if (store_wal(st->db) != 0) {
		snprintf(err, errlen, "%s: cannot use WAL mode: %s", path,
		    sqlite3_errmsg(st->db));
		goto fail;
	}
	if (sqlite3_exec(st->db, "PRAGMA foreign_keys = ON;"
	    "PRAGMA synchronous = NORMAL", NULL, NULL, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(st->db));
		goto fail;
	}
	for (i = 0; i < S_COUNT; i++) {
		if (sqlite3_prepare_v3(st->db, store_sql[i], -1,
		    SQLITE_PREPARE_PERSISTENT, &st->stmt[i], NULL) !=
		    SQLITE_OK) {
			snprintf(err, errlen, "%s: preparing statement %d: %s",
			    path, i, sqlite3_errmsg(st->db));
			goto fail;
		}
	}
	return st;

fail:
	store_close(st);
	return NULL;
}

void
store_close(struct store *st)
{
	int	 i;

	if (st == NULL)
		return;
	store_ban_cache_drop(st);
	for (i = 0; i < S_COUNT; i++)
		sqlite3_finalize(st->stmt[i]);
	sqlite3_close(st->db);
	free(st);
}

/* ---- statistics ------------------------------------------------------- */

static int
store_stats_row(sqlite3_stmt *s, void *p)
{
	struct store_stats	*out = p;

	out->users = sqlite3_column_int64(s, 0);
	out->sysops = sqlite3_column_int64(s, 1);
	out->banned_users = sqlite3_column_int64(s, 2);
	out->keys = sqlite3_column_int64(s, 3);
	out->games = sqlite3_column_int64(s, 4);
	out->rated_games = sqlite3_column_int64(s, 5);
	out->live_tables = sqlite3_column_int64(s, 6);
	out->bans = sqlite3_column_int64(s, 7);
	out->db_bytes = sqlite3_column_int64(s, 8);
	out->schema_version = STORE_SCHEMA_VERSION;
	return 0;
}

int
store_stats(struct store *st, int64_t now, struct store_stats *out)
{
	sqlite3_stmt	*s = store_stmt(st, S_STATS);

	memset(out, 0, sizeof *out);
	sqlite3_bind_int64(s, 1, now);
	/* Counts always give a row; none would be a broken database. */
	return store_one(st, s, store_stats_row, out, "no statistics",
	    "reading statistics");
}
