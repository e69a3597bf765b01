/*
 * store.c - the hall's SQLite database.
 *
 * Every statement with a value in it is prepared once at open and kept in
 * the store (enum store_stmt); the only SQL run as text is the constant
 * schema of the migrations.  The schema grows by appending to
 * store_migrations[]: never edit a step that has shipped, add a new one.
 */
#include <arpa/inet.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "engine/game.h"
#include "src/store/store.h"

_Static_assert(STORE_PLAYERS_MAX == GAME_MAX_SIDES,
    "a stored game has one row per seat");
_Static_assert(STORE_PLAYERS_MAX <= RATING_MAX_PLAYERS,
    "every seat of a rated game is rated");

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
};
_Static_assert(sizeof store_migrations / sizeof store_migrations[0] ==
    STORE_SCHEMA_VERSION, "one migration step per schema version");

#define STORE_USER_COLUMNS \
	"u.id, u.name, u.hash, u.created, u.last_seen, u.sysop, u.banned," \
	" u.ban_reason"
#define STORE_GAME_COLUMNS \
	"g.id, g.variant, g.options, g.started, g.ended, g.result, g.rated"
#define STORE_BAN_COLUMNS "id, kind, what, reason, created, expires"
#define STORE_UNEXPIRED "(expires = 0 OR expires > ?)"

enum store_stmt {
	S_BEGIN,
	S_COMMIT,
	S_ROLLBACK,
	S_SYNC_FULL,
	S_SYNC_NORMAL,
	S_USER_INSERT,
	S_USER_BY_NAME,
	S_USER_BY_ID,
	S_USER_BY_KEY,
	S_USER_SET_HASH,
	S_USER_SEEN,
	S_USER_SET_SYSOP,
	S_USER_SET_BANNED,
	S_KEY_INSERT,
	S_KEY_OWNER,
	S_KEY_LIST,
	S_KEY_DELETE,
	S_RATING_GET,
	S_RATING_LIST,
	S_RATING_TOP,
	S_RATING_PUT,
	S_GAME_INSERT,
	S_GAME_GET,
	S_GAMES_OF_USER,
	S_PLAYER_INSERT,
	S_PLAYERS_OF_GAME,
	S_TABLE_SAVE,
	S_TABLE_ALL,
	S_TABLE_DELETE,
	S_BAN_INSERT,
	S_BAN_DELETE,
	S_BAN_LIST,
	S_BAN_NAME,
	S_BAN_ADDRS,
	S_STATS,
	S_COUNT
};

static const char *const store_sql[S_COUNT] = {
	[S_BEGIN] = "BEGIN IMMEDIATE",
	[S_COMMIT] = "COMMIT",
	[S_ROLLBACK] = "ROLLBACK",
	[S_SYNC_FULL] = "PRAGMA synchronous = FULL",
	[S_SYNC_NORMAL] = "PRAGMA synchronous = NORMAL",

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

	[S_BAN_INSERT] = "INSERT INTO bans (kind, what, what_key, reason,"
	    " created, expires) VALUES (?, ?, ?, ?, ?, ?)",
	[S_BAN_DELETE] = "DELETE FROM bans WHERE id = ?",
	[S_BAN_LIST] = "SELECT " STORE_BAN_COLUMNS " FROM bans WHERE "
	    STORE_UNEXPIRED " ORDER BY id",
	[S_BAN_NAME] = "SELECT " STORE_BAN_COLUMNS " FROM bans WHERE kind = 0"
	    " AND what_key = ? AND " STORE_UNEXPIRED " ORDER BY id LIMIT 1",
	[S_BAN_ADDRS] = "SELECT " STORE_BAN_COLUMNS " FROM bans WHERE kind = 1"
	    " AND " STORE_UNEXPIRED " ORDER BY id",

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
};

struct store {
	sqlite3		*db;
	sqlite3_stmt	*stmt[S_COUNT];
	char		 err[STORE_ERR_LEN];
};

/* ---- errors and small helpers ---------------------------------------- */

static int __attribute__((format(printf, 3, 4)))
store_fail(struct store *st, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, sizeof st->err, fmt, ap);
	va_end(ap);
	return rc;
}

/* A failure of SQLite itself, with its message. */
static int
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

/* A statement, reset and unbound, ready for its values. */
static sqlite3_stmt *
store_stmt(struct store *st, enum store_stmt which)
{
	sqlite3_stmt *s = st->stmt[which];

	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return s;
}

/* Step a statement that returns no rows, then reset it. */
static int
store_run(sqlite3_stmt *s)
{
	int rc = sqlite3_step(s);

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
static int
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

static int
store_bind_text(sqlite3_stmt *s, int i, const char *text)
{
	return sqlite3_bind_text(s, i, text == NULL ? "" : text, -1,
	    SQLITE_TRANSIENT);
}

/* Copy column i into a buffer of size len (truncating if a hand-edited
 * database holds more than the limit). */
static void
store_column_copy(sqlite3_stmt *s, int i, char *buf, size_t len)
{
	const unsigned char	*t = sqlite3_column_text(s, i);
	size_t			 n = (size_t)sqlite3_column_bytes(s, i);

	if (t == NULL)
		n = 0;
	if (n >= len)
		n = len - 1;
	if (n > 0)
		memcpy(buf, t, n);
	buf[n] = '\0';
}

static char *
store_column_dup(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);
	size_t			 n = (size_t)sqlite3_column_bytes(s, i);
	char			*p;

	p = malloc(n + 1);
	if (p == NULL)
		return NULL;
	if (t != NULL && n > 0)
		memcpy(p, t, n);
	p[n] = '\0';
	return p;
}

/* The lower-case key of a name: ASCII letters folded, other bytes kept. */
static void
store_name_key(const char *name, char *key, size_t len)
{
	size_t i;

	for (i = 0; name[i] != '\0' && i + 1 < len; i++)
		key[i] = (char)tolower((unsigned char)name[i]);
	key[i] = '\0';
}

/* Grow a malloc'd array by one element; NULL when out of memory. */
static void *
store_grow(void **array, size_t *n, size_t *cap, size_t size)
{
	void *p;

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
static int
store_list(struct store *st, sqlite3_stmt *s, const char *what, size_t size,
    int (*row)(sqlite3_stmt *, void *), void (*drop)(void *, size_t),
    void **out, size_t *n)
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
 * Step a SELECT whose values are bound for its first row, read by row()
 * into out unless that is NULL: STORE_OK, or STORE_NOTFOUND with the
 * message notfound; `what` names the reading in a database error.
 */
static int
store_one(struct store *st, sqlite3_stmt *s, int (*row)(sqlite3_stmt *,
    void *), void *out, const char *notfound, const char *what)
{
	int rc = sqlite3_step(s);

	if (rc == SQLITE_ROW && out != NULL)
		row(s, out);
	sqlite3_reset(s);
	if (rc == SQLITE_ROW)
		return STORE_OK;
	if (rc == SQLITE_DONE)
		return store_fail(st, STORE_NOTFOUND, "%s", notfound);
	return store_dbfail(st, what);
}

/* ---- transactions ----------------------------------------------------- */

static int
store_begin(struct store *st)
{
	if (store_run(store_stmt(st, S_BEGIN)) != SQLITE_DONE)
		return store_dbfail(st, "begin");
	return STORE_OK;
}

static int
store_commit(struct store *st)
{
	if (store_run(store_stmt(st, S_COMMIT)) != SQLITE_DONE) {
		store_dbfail(st, "commit");
		/* A failed COMMIT may leave the transaction open. */
		if (!sqlite3_get_autocommit(st->db))
			store_run(store_stmt(st, S_ROLLBACK));
		return STORE_ERROR;
	}
	return STORE_OK;
}

/* Undo the open transaction, keeping the message already in st->err. */
static int
store_rollback(struct store *st, int rc)
{
	int i;

	/* A statement that failed mid-step must be reset before ROLLBACK
	 * can finish. */
	for (i = 0; i < S_COUNT; i++)
		sqlite3_reset(st->stmt[i]);
	if (!sqlite3_get_autocommit(st->db))
		store_run(store_stmt(st, S_ROLLBACK));
	return rc;
}

/*
 * One bound INSERT/UPDATE/DELETE in its own transaction: STORE_OK, or with
 * a notfound message STORE_NOTFOUND if no row changed.
 */
static int
store_write_one(struct store *st, sqlite3_stmt *s, const char *what,
    const char *notfound)
{
	int rc;

	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	if (store_run(s) != SQLITE_DONE) {
		store_dbfail(st, what);
		return store_rollback(st, STORE_ERROR);
	}
	if (notfound != NULL && sqlite3_changes(st->db) == 0) {
		store_fail(st, STORE_NOTFOUND, "%s", notfound);
		return store_rollback(st, STORE_NOTFOUND);
	}
	return store_commit(st);
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
	int i;

	if (st == NULL)
		return;
	for (i = 0; i < S_COUNT; i++)
		sqlite3_finalize(st->stmt[i]);
	sqlite3_close(st->db);
	free(st);
}

/* ---- users ------------------------------------------------------------ */

static int
store_user_row(sqlite3_stmt *s, void *p)
{
	struct store_user	*u = p;

	memset(u, 0, sizeof *u);
	u->id = sqlite3_column_int64(s, 0);
	store_column_copy(s, 1, u->name, sizeof u->name);
	store_column_copy(s, 2, u->hash, sizeof u->hash);
	u->created = sqlite3_column_int64(s, 3);
	u->last_seen = sqlite3_column_int64(s, 4);
	u->sysop = sqlite3_column_int(s, 5) != 0;
	u->banned = sqlite3_column_int(s, 6) != 0;
	store_column_copy(s, 7, u->ban_reason, sizeof u->ban_reason);
	return 0;
}

/* Run a user SELECT whose values are bound; fill *u from its row. */
static int
store_user_select(struct store *st, sqlite3_stmt *s, struct store_user *u,
    const char *notfound)
{
	return store_one(st, s, store_user_row, u, notfound,
	    "reading a user");
}

int
store_user_add(struct store *st, const char *name, const char *hash,
    int64_t now, struct store_user *out)
{
	char		 key[STORE_NAME_MAX + 1];
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "name", name, STORE_NAME_MAX, 1)) != 0)
		return rc;
	if ((rc = store_check_text(st, "password hash", hash,
	    STORE_HASH_MAX - 1, 0)) != 0)
		return rc;
	store_name_key(name, key, sizeof key);

	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_USER_INSERT);
	store_bind_text(s, 1, name);
	store_bind_text(s, 2, key);
	store_bind_text(s, 3, hash);
	sqlite3_bind_int64(s, 4, now);
	sqlite3_bind_int64(s, 5, now);
	rc = store_run(s);
	if (rc == SQLITE_CONSTRAINT_UNIQUE) {
		store_fail(st, STORE_EXISTS, "the name %s is taken", name);
		return store_rollback(st, STORE_EXISTS);
	}
	if (rc != SQLITE_DONE) {
		store_dbfail(st, "adding a user");
		return store_rollback(st, STORE_ERROR);
	}
	if ((rc = store_commit(st)) != STORE_OK)
		return rc;
	if (out != NULL) {
		memset(out, 0, sizeof *out);
		out->id = sqlite3_last_insert_rowid(st->db);
		snprintf(out->name, sizeof out->name, "%s", name);
		snprintf(out->hash, sizeof out->hash, "%s",
		    hash == NULL ? "" : hash);
		out->created = out->last_seen = now;
	}
	return STORE_OK;
}

int
store_user_find(struct store *st, const char *name, struct store_user *u)
{
	char		 key[STORE_NAME_MAX + 1];
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "name", name, STORE_NAME_MAX, 1)) != 0)
		return rc;
	store_name_key(name, key, sizeof key);
	s = store_stmt(st, S_USER_BY_NAME);
	store_bind_text(s, 1, key);
	return store_user_select(st, s, u, "no such user");
}

int
store_user_get(struct store *st, int64_t id, struct store_user *u)
{
	sqlite3_stmt *s = store_stmt(st, S_USER_BY_ID);

	sqlite3_bind_int64(s, 1, id);
	return store_user_select(st, s, u, "no such user");
}

int
store_user_by_key(struct store *st, const char *fingerprint,
    struct store_user *u)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "key fingerprint", fingerprint,
	    STORE_FP_MAX, 1)) != 0)
		return rc;
	s = store_stmt(st, S_USER_BY_KEY);
	store_bind_text(s, 1, fingerprint);
	return store_user_select(st, s, u, "the key belongs to no user");
}

int
store_user_set_password(struct store *st, int64_t id, const char *hash)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "password hash", hash,
	    STORE_HASH_MAX - 1, 0)) != 0)
		return rc;
	s = store_stmt(st, S_USER_SET_HASH);
	store_bind_text(s, 1, hash);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "setting a password", "no such user");
}

int
store_user_seen(struct store *st, int64_t id, int64_t now)
{
	sqlite3_stmt *s = store_stmt(st, S_USER_SEEN);

	sqlite3_bind_int64(s, 1, now);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "updating last seen", "no such user");
}

int
store_user_set_sysop(struct store *st, int64_t id, int sysop)
{
	sqlite3_stmt *s = store_stmt(st, S_USER_SET_SYSOP);

	sqlite3_bind_int(s, 1, sysop != 0);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "setting sysop", "no such user");
}

int
store_user_set_banned(struct store *st, int64_t id, int banned,
    const char *reason)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "ban reason", reason,
	    STORE_REASON_MAX, 0)) != 0)
		return rc;
	s = store_stmt(st, S_USER_SET_BANNED);
	sqlite3_bind_int(s, 1, banned != 0);
	store_bind_text(s, 2, banned ? reason : "");
	sqlite3_bind_int64(s, 3, id);
	return store_write_one(st, s, "banning a user", "no such user");
}

/* ---- keys ------------------------------------------------------------- */

/* "SHA256:" and 43 characters of unpadded base64, as ssh-keygen -l. */
static int
store_fingerprint_ok(const char *fp)
{
	size_t i;

	if (strncmp(fp, "SHA256:", 7) != 0)
		return 0;
	for (i = 7; fp[i] != '\0'; i++) {
		if (!isalnum((unsigned char)fp[i]) && fp[i] != '+' &&
		    fp[i] != '/')
			return 0;
	}
	return i == 7 + 43;
}

int
store_key_add(struct store *st, int64_t user, const char *fingerprint,
    const char *type, const char *comment, int64_t now)
{
	sqlite3_stmt	*s;
	int64_t		 owner;
	int		 rc;

	if ((rc = store_check_text(st, "key fingerprint", fingerprint,
	    STORE_FP_MAX, 1)) != 0)
		return rc;
	if (!store_fingerprint_ok(fingerprint))
		return store_fail(st, STORE_INVALID, "not a SHA256 key "
		    "fingerprint (expected SHA256: and 43 base64 characters)");
	if ((rc = store_check_text(st, "key type", type, STORE_KEYTYPE_MAX,
	    0)) != 0)
		return rc;
	if ((rc = store_check_text(st, "key comment", comment,
	    STORE_COMMENT_MAX, 0)) != 0)
		return rc;

	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_KEY_OWNER);
	store_bind_text(s, 1, fingerprint);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		owner = sqlite3_column_int64(s, 0);
		sqlite3_reset(s);
		if (owner == user)
			store_fail(st, STORE_EXISTS, "the key is already yours");
		else
			store_fail(st, STORE_EXISTS, "the key belongs to "
			    "another user");
		return store_rollback(st, STORE_EXISTS);
	}
	sqlite3_reset(s);
	if (rc != SQLITE_DONE) {
		store_dbfail(st, "looking up a key");
		return store_rollback(st, STORE_ERROR);
	}

	s = store_stmt(st, S_KEY_INSERT);
	store_bind_text(s, 1, fingerprint);
	sqlite3_bind_int64(s, 2, user);
	store_bind_text(s, 3, type);
	store_bind_text(s, 4, comment);
	sqlite3_bind_int64(s, 5, now);
	rc = store_run(s);
	if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
		store_fail(st, STORE_NOTFOUND, "no such user");
		return store_rollback(st, STORE_NOTFOUND);
	}
	if (rc != SQLITE_DONE) {
		store_dbfail(st, "adding a key");
		return store_rollback(st, STORE_ERROR);
	}
	return store_commit(st);
}

static int
store_key_row(sqlite3_stmt *s, void *p)
{
	struct store_key	*k = p;

	k->user = sqlite3_column_int64(s, 0);
	store_column_copy(s, 1, k->fingerprint, sizeof k->fingerprint);
	store_column_copy(s, 2, k->type, sizeof k->type);
	store_column_copy(s, 3, k->comment, sizeof k->comment);
	k->added = sqlite3_column_int64(s, 4);
	return 0;
}

int
store_key_list(struct store *st, int64_t user, struct store_key **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_KEY_LIST);

	sqlite3_bind_int64(s, 1, user);
	return store_list(st, s, "listing keys", sizeof **out, store_key_row,
	    NULL, (void **)out, n);
}

int
store_key_remove(struct store *st, int64_t user, const char *fingerprint)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "key fingerprint", fingerprint,
	    STORE_FP_MAX, 1)) != 0)
		return rc;
	s = store_stmt(st, S_KEY_DELETE);
	sqlite3_bind_int64(s, 1, user);
	store_bind_text(s, 2, fingerprint);
	return store_write_one(st, s, "removing a key",
	    "no such key on this account");
}

/* ---- ratings ---------------------------------------------------------- */

static int
store_rating_row(sqlite3_stmt *s, void *p)
{
	struct store_rating	*r = p;

	store_column_copy(s, 0, r->variant, sizeof r->variant);
	r->rating.r = sqlite3_column_double(s, 1);
	r->rating.rd = sqlite3_column_double(s, 2);
	r->rating.vol = sqlite3_column_double(s, 3);
	r->games = sqlite3_column_int(s, 4);
	r->wins = sqlite3_column_int(s, 5);
	r->losses = sqlite3_column_int(s, 6);
	r->draws = sqlite3_column_int(s, 7);
	return 0;
}

static int
store_ranked_row(sqlite3_stmt *s, void *p)
{
	struct store_ranked	*r = p;

	store_rating_row(s, &r->rating);
	r->user = sqlite3_column_int64(s, 8);
	store_column_copy(s, 9, r->name, sizeof r->name);
	return 0;
}

/* Read one rating (a new player's if none) without checking input. */
static int
store_rating_read(struct store *st, int64_t user, const char *variant,
    struct store_rating *r)
{
	sqlite3_stmt	*s = store_stmt(st, S_RATING_GET);
	int		 rc;

	memset(r, 0, sizeof *r);
	snprintf(r->variant, sizeof r->variant, "%s", variant);
	rating_init(&r->rating);
	sqlite3_bind_int64(s, 1, user);
	store_bind_text(s, 2, variant);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		store_rating_row(s, r);
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_dbfail(st, "reading a rating");
	return STORE_OK;
}

int
store_rating_get(struct store *st, int64_t user, const char *variant,
    struct store_rating *r)
{
	int rc;

	if ((rc = store_check_text(st, "variant", variant, STORE_VARIANT_MAX,
	    1)) != 0)
		return rc;
	return store_rating_read(st, user, variant, r);
}

int
store_rating_list(struct store *st, int64_t user, struct store_rating **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_RATING_LIST);

	sqlite3_bind_int64(s, 1, user);
	return store_list(st, s, "listing ratings", sizeof **out,
	    store_rating_row, NULL, (void **)out, n);
}

int
store_rating_top(struct store *st, const char *variant, int limit,
    struct store_ranked **out, size_t *n)
{
	sqlite3_stmt	*s;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((rc = store_check_text(st, "variant", variant, STORE_VARIANT_MAX,
	    1)) != 0)
		return rc;
	if (limit <= 0)
		return STORE_OK;
	s = store_stmt(st, S_RATING_TOP);
	store_bind_text(s, 1, variant);
	sqlite3_bind_double(s, 2, RATING_RD_PROVISIONAL);
	sqlite3_bind_int(s, 3, limit);
	return store_list(st, s, "listing the best players", sizeof **out,
	    store_ranked_row, NULL, (void **)out, n);
}

/* ---- finished games --------------------------------------------------- */

static int
store_game_check(struct store *st, const struct store_game *g)
{
	const struct store_game_player	*p, *q;
	int				 i, j, rc;

	if ((rc = store_check_text(st, "variant", g->variant,
	    STORE_VARIANT_MAX, 1)) != 0 ||
	    (rc = store_check_text(st, "options", g->options,
	    STORE_OPTIONS_MAX, 0)) != 0 ||
	    (rc = store_check_text(st, "game record", g->record, SIZE_MAX - 1,
	    1)) != 0 ||
	    (rc = store_check_text(st, "result", g->result, STORE_RESULT_MAX,
	    0)) != 0 ||
	    (rc = store_check_text(st, "table code", g->table, STORE_CODE_MAX,
	    0)) != 0)
		return rc;
	if (g->nplayers < 1 || g->nplayers > STORE_PLAYERS_MAX)
		return store_fail(st, STORE_INVALID, "a game has 1 to %d "
		    "players, not %d", STORE_PLAYERS_MAX, g->nplayers);
	if (g->rated && g->nplayers < 2)
		return store_fail(st, STORE_INVALID, "a rated game needs two "
		    "players or more");
	for (i = 0; i < g->nplayers; i++) {
		p = &g->players[i];
		if ((rc = store_check_text(st, "player name", p->name,
		    STORE_NAME_MAX, 1)) != 0 ||
		    (rc = store_check_text(st, "side name", p->side,
		    STORE_SIDE_MAX, 0)) != 0)
			return rc;
		if (p->seat < 0 || p->seat >= STORE_PLAYERS_MAX)
			return store_fail(st, STORE_INVALID, "seat %d is out "
			    "of range", p->seat);
		if (p->kind != STORE_PLAYER_USER &&
		    p->kind != STORE_PLAYER_GUEST &&
		    p->kind != STORE_PLAYER_CPU)
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid kind", p->name);
		if ((p->kind == STORE_PLAYER_USER) != (p->user > 0))
			return store_fail(st, STORE_INVALID, "player %s: only "
			    "a registered user has a user id", p->name);
		if (p->outcome != STORE_LOSS && p->outcome != STORE_DRAW &&
		    p->outcome != STORE_WIN)
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid outcome", p->name);
		if (p->rank < 0 || (g->rated && p->rank < 1))
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid rank", p->name);
		if (g->rated && p->kind != STORE_PLAYER_USER)
			return store_fail(st, STORE_INVALID, "a rated game "
			    "needs registered players in every seat (%s is "
			    "not)", p->name);
		for (j = 0; j < i; j++) {
			q = &g->players[j];
			if (q->seat == p->seat)
				return store_fail(st, STORE_INVALID, "seat %d "
				    "is given twice", p->seat);
			if (g->rated && q->user == p->user)
				return store_fail(st, STORE_INVALID, "a rated "
				    "game needs distinct players (%s plays "
				    "twice)", p->name);
		}
	}
	return STORE_OK;
}

static void
store_bind_rating(sqlite3_stmt *s, int i, const struct rating *r)
{
	sqlite3_bind_double(s, i, r->r);
	sqlite3_bind_double(s, i + 1, r->rd);
	sqlite3_bind_double(s, i + 2, r->vol);
}

/* The body of store_game_finish(), inside its transaction. */
static int
store_game_write(struct store *st, const struct store_game *g,
    struct rating *before, struct rating *after, int64_t *id)
{
	struct store_rating		 old[STORE_PLAYERS_MAX];
	const struct store_game_player	*p;
	int				 rank[STORE_PLAYERS_MAX];
	sqlite3_stmt			*s;
	int				 i, rc;

	if (g->rated) {
		for (i = 0; i < g->nplayers; i++) {
			rc = store_rating_read(st, g->players[i].user,
			    g->variant, &old[i]);
			if (rc != STORE_OK)
				return rc;
			before[i] = old[i].rating;
			rank[i] = g->players[i].rank;
		}
		if (rating_update_ranked(g->nplayers, before, rank, after) != 0)
			return store_fail(st, STORE_INVALID, "cannot rate "
			    "this game");
	}

	s = store_stmt(st, S_GAME_INSERT);
	store_bind_text(s, 1, g->variant);
	store_bind_text(s, 2, g->options);
	store_bind_text(s, 3, g->record);
	sqlite3_bind_int64(s, 4, g->started);
	sqlite3_bind_int64(s, 5, g->ended);
	store_bind_text(s, 6, g->result);
	sqlite3_bind_int(s, 7, g->rated != 0);
	if (store_run(s) != SQLITE_DONE)
		return store_dbfail(st, "storing a game");
	*id = sqlite3_last_insert_rowid(st->db);

	for (i = 0; i < g->nplayers; i++) {
		p = &g->players[i];
		s = store_stmt(st, S_PLAYER_INSERT);
		sqlite3_bind_int64(s, 1, *id);
		sqlite3_bind_int(s, 2, p->seat);
		sqlite3_bind_int(s, 3, (int)p->kind);
		if (p->user > 0)
			sqlite3_bind_int64(s, 4, p->user);
		store_bind_text(s, 5, p->name);
		store_bind_text(s, 6, p->side);
		sqlite3_bind_int(s, 7, p->rank);
		sqlite3_bind_int(s, 8, (int)p->outcome);
		if (g->rated) {
			store_bind_rating(s, 9, &before[i]);
			store_bind_rating(s, 12, &after[i]);
		}
		rc = store_run(s);
		if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
			return store_fail(st, STORE_NOTFOUND, "player %s: no "
			    "such user", p->name);
		if (rc != SQLITE_DONE)
			return store_dbfail(st, "storing a game's player");
	}

	for (i = 0; g->rated && i < g->nplayers; i++) {
		p = &g->players[i];
		s = store_stmt(st, S_RATING_PUT);
		sqlite3_bind_int64(s, 1, p->user);
		store_bind_text(s, 2, g->variant);
		store_bind_rating(s, 3, &after[i]);
		sqlite3_bind_int(s, 6, old[i].games + 1);
		sqlite3_bind_int(s, 7, old[i].wins + (p->outcome == STORE_WIN));
		sqlite3_bind_int(s, 8, old[i].losses +
		    (p->outcome == STORE_LOSS));
		sqlite3_bind_int(s, 9, old[i].draws +
		    (p->outcome == STORE_DRAW));
		if (store_run(s) != SQLITE_DONE)
			return store_dbfail(st, "storing a rating");
	}

	if (g->table[0] != '\0') {
		s = store_stmt(st, S_TABLE_DELETE);
		store_bind_text(s, 1, g->table);
		if (store_run(s) != SQLITE_DONE)
			return store_dbfail(st, "removing a finished table");
	}
	return STORE_OK;
}

int
store_game_finish(struct store *st, struct store_game *g)
{
	struct rating	before[STORE_PLAYERS_MAX], after[STORE_PLAYERS_MAX];
	int64_t		id = 0;
	int		i, rc;

	if ((rc = store_game_check(st, g)) != STORE_OK)
		return rc;

	/* The level cannot change inside a transaction: FULL for this one
	 * commit, back to NORMAL whatever happens. */
	if (store_run(store_stmt(st, S_SYNC_FULL)) != SQLITE_DONE)
		return store_dbfail(st, "synchronous=FULL");
	if ((rc = store_begin(st)) == STORE_OK) {
		rc = store_game_write(st, g, before, after, &id);
		if (rc != STORE_OK)
			store_rollback(st, rc);
		else
			rc = store_commit(st);
	}
	store_run(store_stmt(st, S_SYNC_NORMAL));
	if (rc != STORE_OK)
		return rc;

	g->id = id;
	for (i = 0; g->rated && i < g->nplayers; i++) {
		g->players[i].before = before[i];
		g->players[i].after = after[i];
	}
	return STORE_OK;
}

static int
store_game_row(sqlite3_stmt *s, void *p)
{
	struct store_game	*g = p;

	g->id = sqlite3_column_int64(s, 0);
	store_column_copy(s, 1, g->variant, sizeof g->variant);
	store_column_copy(s, 2, g->options, sizeof g->options);
	g->started = sqlite3_column_int64(s, 3);
	g->ended = sqlite3_column_int64(s, 4);
	store_column_copy(s, 5, g->result, sizeof g->result);
	g->rated = sqlite3_column_int(s, 6) != 0;
	return 0;
}

static void
store_column_rating(sqlite3_stmt *s, int i, struct rating *r)
{
	r->r = sqlite3_column_double(s, i);
	r->rd = sqlite3_column_double(s, i + 1);
	r->vol = sqlite3_column_double(s, i + 2);
}

/* Fill g->players from the database. */
static int
store_game_players(struct store *st, struct store_game *g)
{
	struct store_game_player	*p;
	sqlite3_stmt			*s = store_stmt(st, S_PLAYERS_OF_GAME);
	int				 rc;

	g->nplayers = 0;
	sqlite3_bind_int64(s, 1, g->id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW &&
	    g->nplayers < STORE_PLAYERS_MAX) {
		p = &g->players[g->nplayers++];
		memset(p, 0, sizeof *p);
		p->seat = sqlite3_column_int(s, 0);
		p->kind = (enum store_player_kind)sqlite3_column_int(s, 1);
		p->user = sqlite3_column_int64(s, 2); /* NULL reads as 0 */
		store_column_copy(s, 3, p->name, sizeof p->name);
		store_column_copy(s, 4, p->side, sizeof p->side);
		p->rank = sqlite3_column_int(s, 5);
		p->outcome = (enum store_outcome)sqlite3_column_int(s, 6);
		store_column_rating(s, 7, &p->before);
		store_column_rating(s, 10, &p->after);
	}
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_dbfail(st, "reading a game's players");
	return STORE_OK;
}

int
store_game_get(struct store *st, int64_t id, struct store_game *g)
{
	sqlite3_stmt	*s = store_stmt(st, S_GAME_GET);
	int		 rc;

	memset(g, 0, sizeof *g);
	sqlite3_bind_int64(s, 1, id);
	rc = sqlite3_step(s);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(s);
		if (rc == SQLITE_DONE)
			return store_fail(st, STORE_NOTFOUND, "no such game");
		return store_dbfail(st, "reading a game");
	}
	store_game_row(s, g);
	g->record = store_column_dup(s, 7);
	sqlite3_reset(s);
	if (g->record == NULL)
		return store_fail(st, STORE_ERROR, "out of memory");
	if ((rc = store_game_players(st, g)) != STORE_OK) {
		store_game_clear(g);
		return rc;
	}
	return STORE_OK;
}

void
store_game_clear(struct store_game *g)
{
	free(g->record);
	memset(g, 0, sizeof *g);
}

int
store_games_of_user(struct store *st, int64_t user, int limit,
    struct store_game **out, size_t *n)
{
	struct store_game	*list;
	size_t			 count, i;
	sqlite3_stmt		*s;
	int			 rc;

	*out = NULL;
	*n = 0;
	if (limit <= 0)
		return STORE_OK;
	s = store_stmt(st, S_GAMES_OF_USER);
	sqlite3_bind_int64(s, 1, user);
	sqlite3_bind_int(s, 2, limit);
	if ((rc = store_list(st, s, "listing games", sizeof *list,
	    store_game_row, NULL, (void **)&list, &count)) != STORE_OK)
		return rc;
	/* The players after the game rows: one statement at a time. */
	for (i = 0; i < count; i++) {
		if ((rc = store_game_players(st, &list[i])) != STORE_OK) {
			free(list);
			return rc;
		}
	}
	*out = list;
	*n = count;
	return STORE_OK;
}

void
store_games_free(struct store_game *list, size_t n)
{
	size_t i;

	for (i = 0; list != NULL && i < n; i++)
		free(list[i].record);
	free(list);
}

/* ---- live tables ------------------------------------------------------ */

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
	size_t i;

	for (i = 0; list != NULL && i < n; i++)
		free(list[i].data);
	free(list);
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

/* ---- bans ------------------------------------------------------------- */

/* An address as 16 bytes (IPv4 mapped into IPv6) and a prefix length. */
struct store_net {
	unsigned char	addr[16];
	int		bits;
};

/*
 * Parse "ADDR" or "ADDR/BITS" (IPv4 or IPv6).  An IPv4 address becomes
 * ::ffff:a.b.c.d with 96 added to its prefix, so one comparison serves
 * both families.  0 or -1.
 */
static int
store_net_parse(const char *text, int prefix_ok, struct store_net *net)
{
	char		 buf[STORE_ADDR_MAX + 1], *slash, *end;
	unsigned char	 v4[4];
	long		 bits = -1;
	int		 max;

	if (strnlen(text, sizeof buf) >= sizeof buf)
		return -1;
	memcpy(buf, text, strlen(text) + 1);
	slash = strchr(buf, '/');
	if (slash != NULL) {
		if (!prefix_ok || !isdigit((unsigned char)slash[1]))
			return -1;
		*slash = '\0';
		bits = strtol(slash + 1, &end, 10);
		if (*end != '\0' || end - (slash + 1) > 3)
			return -1;
	}
	memset(net, 0, sizeof *net);
	if (inet_pton(AF_INET, buf, v4) == 1) {
		max = 32;
		net->addr[10] = net->addr[11] = 0xff;
		memcpy(net->addr + 12, v4, 4);
	} else if (inet_pton(AF_INET6, buf, net->addr) == 1)
		max = 128;
	else
		return -1;
	if (bits > max)
		return -1;
	if (bits < 0)
		bits = max;
	net->bits = (int)bits + 128 - max;
	return 0;
}

/* Whether addr (a full 128-bit address) lies in net. */
static int
store_net_contains(const struct store_net *net, const struct store_net *addr)
{
	int		i, full = net->bits / 8, rest = net->bits % 8;
	unsigned char	mask;

	for (i = 0; i < full; i++) {
		if (net->addr[i] != addr->addr[i])
			return 0;
	}
	if (rest == 0)
		return 1;
	mask = (unsigned char)(0xff << (8 - rest));
	return (net->addr[full] & mask) == (addr->addr[full] & mask);
}

/* Clear host bits and write the canonical text ("192.0.2.0/24"). */
static void
store_net_format(struct store_net *net, char *buf, size_t len)
{
	static const unsigned char	 mapped[12] = { [10] = 0xff, [11] = 0xff };
	char				 a[INET6_ADDRSTRLEN];
	int				 i, bits;

	for (i = 0; i < 16; i++) {
		if (net->bits <= i * 8)
			net->addr[i] = 0;
		else if (net->bits < (i + 1) * 8)
			net->addr[i] &= (unsigned char)(0xff <<
			    ((i + 1) * 8 - net->bits));
	}
	if (net->bits >= 96 && memcmp(net->addr, mapped, 12) == 0) {
		inet_ntop(AF_INET, net->addr + 12, a, sizeof a);
		bits = net->bits - 96;
		if (bits == 32)
			snprintf(buf, len, "%s", a);
		else
			snprintf(buf, len, "%s/%d", a, bits);
	} else {
		inet_ntop(AF_INET6, net->addr, a, sizeof a);
		if (net->bits == 128)
			snprintf(buf, len, "%s", a);
		else
			snprintf(buf, len, "%s/%d", a, net->bits);
	}
}

static int
store_ban_row(sqlite3_stmt *s, void *p)
{
	struct store_ban	*b = p;

	memset(b, 0, sizeof *b);
	b->id = sqlite3_column_int64(s, 0);
	b->kind = sqlite3_column_int(s, 1) == STORE_BAN_ADDR ?
	    STORE_BAN_ADDR : STORE_BAN_NAME;
	store_column_copy(s, 2, b->what, sizeof b->what);
	store_column_copy(s, 3, b->reason, sizeof b->reason);
	b->created = sqlite3_column_int64(s, 4);
	b->expires = sqlite3_column_int64(s, 5);
	return 0;
}

int
store_ban_add(struct store *st, enum store_ban_kind kind, const char *what,
    const char *reason, int64_t now, int64_t expires, int64_t *id)
{
	char		 text[STORE_NAME_MAX + 1], key[STORE_NAME_MAX + 1];
	struct store_net net;
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "ban reason", reason,
	    STORE_REASON_MAX, 0)) != 0)
		return rc;
	if (expires < 0 || (expires != 0 && expires <= now))
		return store_fail(st, STORE_INVALID, "the ban would expire "
		    "before it starts");
	if (kind == STORE_BAN_NAME) {
		if ((rc = store_check_text(st, "name", what, STORE_NAME_MAX,
		    1)) != 0)
			return rc;
		snprintf(text, sizeof text, "%s", what);
		store_name_key(what, key, sizeof key);
	} else if (kind == STORE_BAN_ADDR) {
		if ((rc = store_check_text(st, "address", what,
		    STORE_ADDR_MAX, 1)) != 0)
			return rc;
		if (store_net_parse(what, 1, &net) != 0)
			return store_fail(st, STORE_INVALID, "not an address "
			    "or network: %s (try 192.0.2.7, 192.0.2.0/24 or "
			    "2001:db8::/32)", what);
		store_net_format(&net, text, sizeof text);
		snprintf(key, sizeof key, "%s", text);
	} else
		return store_fail(st, STORE_INVALID, "no such kind of ban");

	s = store_stmt(st, S_BAN_INSERT);
	sqlite3_bind_int(s, 1, (int)kind);
	store_bind_text(s, 2, text);
	store_bind_text(s, 3, key);
	store_bind_text(s, 4, reason);
	sqlite3_bind_int64(s, 5, now);
	sqlite3_bind_int64(s, 6, expires);
	rc = store_write_one(st, s, "adding a ban", NULL);
	if (rc == STORE_OK && id != NULL)
		*id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

int
store_ban_remove(struct store *st, int64_t id)
{
	sqlite3_stmt *s = store_stmt(st, S_BAN_DELETE);

	sqlite3_bind_int64(s, 1, id);
	return store_write_one(st, s, "removing a ban", "no such ban");
}

int
store_ban_list(struct store *st, int64_t now, struct store_ban **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_BAN_LIST);

	sqlite3_bind_int64(s, 1, now);
	return store_list(st, s, "listing bans", sizeof **out, store_ban_row,
	    NULL, (void **)out, n);
}

int
store_ban_check_name(struct store *st, const char *name, int64_t now,
    struct store_ban *out)
{
	char		 key[STORE_NAME_MAX + 1];
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "name", name, STORE_NAME_MAX, 1)) != 0)
		return rc;
	store_name_key(name, key, sizeof key);
	s = store_stmt(st, S_BAN_NAME);
	store_bind_text(s, 1, key);
	sqlite3_bind_int64(s, 2, now);
	return store_one(st, s, store_ban_row, out, "not banned",
	    "checking bans");
}

int
store_ban_check_addr(struct store *st, const char *addr, int64_t now,
    struct store_ban *out)
{
	struct store_net	 a, net;
	sqlite3_stmt		*s;
	const char		*what;
	int			 rc, found = 0;

	if (addr == NULL || store_net_parse(addr, 0, &a) != 0)
		return store_fail(st, STORE_INVALID, "not an address: %s",
		    addr == NULL ? "(none)" : addr);
	s = store_stmt(st, S_BAN_ADDRS);
	sqlite3_bind_int64(s, 1, now);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		what = (const char *)sqlite3_column_text(s, 2);
		if (what == NULL || store_net_parse(what, 1, &net) != 0)
			continue; /* a hand-edited row: skip, never crash */
		if (store_net_contains(&net, &a)) {
			if (out != NULL)
				store_ban_row(s, out);
			found = 1;
			break;
		}
	}
	sqlite3_reset(s);
	if (found)
		return STORE_OK;
	if (rc != SQLITE_DONE)
		return store_dbfail(st, "checking bans");
	return store_fail(st, STORE_NOTFOUND, "not banned");
}

/* ---- statistics ------------------------------------------------------- */

int
store_stats(struct store *st, int64_t now, struct store_stats *out)
{
	sqlite3_stmt	*s = store_stmt(st, S_STATS);
	int		 rc;

	memset(out, 0, sizeof *out);
	sqlite3_bind_int64(s, 1, now);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
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
	}
	sqlite3_reset(s);
	if (rc != SQLITE_ROW)
		return store_dbfail(st, "reading statistics");
	return STORE_OK;
}
