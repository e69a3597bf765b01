/*
 * test-store.c - the SQLite store: schema migrations, users, keys, games
 * and ratings, live tables, bans.
 *
 * Each test works on a fresh database file in a temporary directory.  Some
 * tests reach into the file with SQLite directly (a second connection) to
 * build old schemas or to make a write fail on purpose.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "src/store/store.h"
#include "tests/unit/store-scratch.h"

/* SQL on the database file through a connection of our own. */
static void
raw_exec(const char *sql)
{
	sqlite3	*db;
	char	*msg = NULL;

	ck_assert_int_eq(sqlite3_open(store_scratch_path(), &db), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK,
	    "%s: %s", sql, msg);
	sqlite3_close(db);
}

static int64_t
raw_int(const char *sql)
{
	sqlite3		*db;
	sqlite3_stmt	*s;
	int64_t		 v = -1;

	ck_assert_int_eq(sqlite3_open(store_scratch_path(), &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	sqlite3_close(db);
	return v;
}

static const char *
raw_text(const char *sql, char *buf, size_t len)
{
	sqlite3		*db;
	sqlite3_stmt	*s;

	buf[0] = '\0';
	ck_assert_int_eq(sqlite3_open(store_scratch_path(), &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK);
	if (sqlite3_step(s) == SQLITE_ROW)
		snprintf(buf, len, "%s", sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	sqlite3_close(db);
	return buf;
}

/* A well-formed fingerprint that differs by n. */
static void
fingerprint(int n, char *buf, size_t len)
{
	snprintf(buf, len, "SHA256:%043d", n);
	buf[7] = 'k';	/* some letters too */
	buf[8] = '+';
	buf[9] = '/';
}

static int64_t
user_new(struct store *st, const char *name)
{
	struct store_user u;

	ck_assert_msg(store_user_add(st, name, "", 1000, &u) == STORE_OK,
	    "%s", store_error(st));
	ck_assert(u.id > 0);
	return u.id;
}

static void
player(struct store_game *g, int seat, int64_t user, const char *name,
    int rank, enum store_outcome outcome)
{
	struct store_game_player *p = &g->players[g->nplayers++];

	memset(p, 0, sizeof *p);
	p->seat = seat;
	p->kind = user > 0 ? STORE_PLAYER_USER : STORE_PLAYER_GUEST;
	p->user = user;
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->side, sizeof p->side, "%s", seat == 0 ? "black" : "white");
	p->rank = rank;
	p->outcome = outcome;
}

static void
game_init(struct store_game *g, const char *variant, int rated, char *record)
{
	memset(g, 0, sizeof *g);
	snprintf(g->variant, sizeof g->variant, "%s", variant);
	snprintf(g->options, sizeof g->options, "size=15 opening=none");
	g->record = record;
	g->started = 2000;
	g->ended = 2600;
	snprintf(g->result, sizeof g->result, "black wins: five");
	g->rated = rated;
}

/* ---- schema ----------------------------------------------------------- */

START_TEST(test_open_fresh)
{
	struct store		*st = store_scratch_open();
	struct store_stats	 stats;
	char			 buf[32];

	ck_assert_int_eq(store_stats(st, 0, &stats), STORE_OK);
	ck_assert_int_eq(stats.schema_version, STORE_SCHEMA_VERSION);
	ck_assert_int_eq(stats.users, 0);
	ck_assert(stats.db_bytes > 0);
	store_close(st);

	ck_assert_int_eq(raw_int("PRAGMA user_version"), STORE_SCHEMA_VERSION);
	ck_assert_str_eq(raw_text("PRAGMA journal_mode", buf, sizeof buf),
	    "wal");
	/* Opening again changes nothing. */
	st = store_scratch_open();
	store_close(st);
	ck_assert_int_eq(raw_int("PRAGMA user_version"), STORE_SCHEMA_VERSION);
}
END_TEST

/* The version 1 schema as it shipped, written by hand: opening it must
 * upgrade it and keep every row. */
static const char schema_v1[] =
	"PRAGMA application_id = 1735223404;"
	"CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
	"  name_key TEXT NOT NULL UNIQUE, hash TEXT NOT NULL DEFAULT '',"
	"  created INTEGER NOT NULL, last_seen INTEGER NOT NULL,"
	"  sysop INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE keys (fingerprint TEXT PRIMARY KEY,"
	"  user INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
	"  type TEXT NOT NULL DEFAULT '', comment TEXT NOT NULL DEFAULT '',"
	"  added INTEGER NOT NULL);"
	"CREATE INDEX keys_user ON keys(user);"
	"CREATE TABLE ratings (user INTEGER NOT NULL REFERENCES users(id)"
	"  ON DELETE CASCADE, variant TEXT NOT NULL, rating REAL NOT NULL,"
	"  rd REAL NOT NULL, vol REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0,"
	"  wins INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,"
	"  draws INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (user, variant))"
	"  WITHOUT ROWID;"
	"CREATE INDEX ratings_variant ON ratings(variant, rating);"
	"CREATE TABLE games (id INTEGER PRIMARY KEY, variant TEXT NOT NULL,"
	"  options TEXT NOT NULL, record TEXT NOT NULL, started INTEGER NOT NULL,"
	"  ended INTEGER NOT NULL, result TEXT NOT NULL, rated INTEGER NOT NULL);"
	"CREATE TABLE game_players (game INTEGER NOT NULL REFERENCES games(id)"
	"  ON DELETE CASCADE, seat INTEGER NOT NULL, kind INTEGER NOT NULL,"
	"  user INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  name TEXT NOT NULL, side TEXT NOT NULL, rank INTEGER NOT NULL,"
	"  outcome INTEGER NOT NULL, r_before REAL, rd_before REAL,"
	"  vol_before REAL, r_after REAL, rd_after REAL, vol_after REAL,"
	"  PRIMARY KEY (game, seat)) WITHOUT ROWID;"
	"CREATE INDEX game_players_user ON game_players(user, game);"
	"INSERT INTO users VALUES (7, 'OldTimer', 'oldtimer', '$y$x', 10, 20, 1);"
	"INSERT INTO keys VALUES ('SHA256:k+/00000000000000000000"
	"00000000000000000042', 7, 'ssh-ed25519', 'laptop', 11);"
	"INSERT INTO ratings VALUES (7, 'gomoku', 1612.5, 80.25, 0.059, 12, 7,"
	"  4, 1);"
	"INSERT INTO games VALUES (3, 'gomoku', 'size=15', 'gomoku size=15 moves"
	"  h8', 30, 40, 'black resigns', 0);"
	"INSERT INTO game_players VALUES (3, 0, 0, 7, 'OldTimer', 'black', 2, 0,"
	"  NULL, NULL, NULL, NULL, NULL, NULL);"
	"PRAGMA user_version = 1;";

START_TEST(test_migrate_v1)
{
	struct store		*st;
	struct store_user	 u;
	struct store_rating	 r;
	struct store_game	*games;
	struct store_table	*tables;
	struct store_ban	 ban;
	size_t			 n;
	char			 fp[80];

	raw_exec(schema_v1);
	ck_assert_int_eq(raw_int("PRAGMA user_version"), 1);
	st = store_scratch_open();
	ck_assert_int_eq(raw_int("PRAGMA user_version"), STORE_SCHEMA_VERSION);

	/* Every old row is still there. */
	ck_assert_int_eq(store_user_find(st, "OLDTIMER", &u), STORE_OK);
	ck_assert_int_eq(u.id, 7);
	ck_assert_str_eq(u.name, "OldTimer");
	ck_assert_str_eq(u.hash, "$y$x");
	ck_assert_int_eq(u.sysop, 1);
	ck_assert_int_eq(u.banned, 0);
	ck_assert_str_eq(u.lang, "");		/* step 6: English */
	fingerprint(42, fp, sizeof fp);
	ck_assert_int_eq(store_user_by_key(st, fp, &u), STORE_OK);
	ck_assert_int_eq(u.id, 7);
	ck_assert_int_eq(store_rating_get(st, 7, "gomoku", &r), STORE_OK);
	ck_assert_double_eq(r.rating.r, 1612.5);
	ck_assert_int_eq(r.games, 12);
	ck_assert_int_eq(store_games_of_user(st, 7, 10, &games, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(games[0].id, 3);
	ck_assert_str_eq(games[0].result, "black resigns");
	store_games_free(games, n);

	/* And what version 2 added works. */
	ck_assert_int_eq(store_user_set_banned(st, 7, 1, "spam"), STORE_OK);
	ck_assert_int_eq(store_user_get(st, 7, &u), STORE_OK);
	ck_assert_int_eq(u.banned, 1);
	ck_assert_str_eq(u.ban_reason, "spam");
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "troll", "", 50, 0,
	    NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_name(st, "Troll", 60, &ban), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "AB12", "x", 5), STORE_OK);
	ck_assert_int_eq(store_table_load_all(st, &tables, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	store_tables_free(tables, n);
	store_close(st);
}
END_TEST

START_TEST(test_refuse_newer)
{
	char		 err[STORE_ERR_LEN] = "", want[128];
	struct store	*st = store_scratch_open();

	store_close(st);
	raw_exec("PRAGMA user_version = 99");
	st = store_open(store_scratch_path(), err, sizeof err);
	ck_assert_ptr_null(st);
	snprintf(want, sizeof want, "schema version 99, newer than this "
	    "gamehall understands (%d)", STORE_SCHEMA_VERSION);
	ck_assert_msg(strstr(err, want) != NULL, "message: %s", err);
	/* Refused means untouched. */
	ck_assert_int_eq(raw_int("PRAGMA user_version"), 99);
}
END_TEST

START_TEST(test_refuse_foreign)
{
	char		 err[STORE_ERR_LEN] = "";
	FILE		*f;

	/* Another program's SQLite database. */
	raw_exec("CREATE TABLE photos (id INTEGER)");
	ck_assert_ptr_null(store_open(store_scratch_path(), err, sizeof err));
	ck_assert_msg(strstr(err, "not a gamehall database") != NULL, "%s",
	    err);
	ck_assert_int_eq(raw_int("PRAGMA user_version"), 0);
	store_scratch_teardown();
	store_scratch_setup();

	/* Another application's id. */
	raw_exec("PRAGMA application_id = 1234; PRAGMA user_version = 1");
	ck_assert_ptr_null(store_open(store_scratch_path(), err, sizeof err));
	ck_assert_msg(strstr(err, "not a gamehall database") != NULL, "%s",
	    err);
	store_scratch_teardown();
	store_scratch_setup();

	/* Not a database at all. */
	f = fopen(store_scratch_path(), "w");
	ck_assert_ptr_nonnull(f);
	fputs("this is a text file, long enough to be mistaken for nothing "
	    "in particular, and certainly not a database header.\n", f);
	fclose(f);
	ck_assert_ptr_null(store_open(store_scratch_path(), err, sizeof err));
	ck_assert_msg(strstr(err, "not a database") != NULL, "%s", err);

	ck_assert_ptr_null(store_open("", err, sizeof err));
	ck_assert_ptr_null(store_open("/nonexistent-dir/x/hall.db", err,
	    sizeof err));
	ck_assert_msg(strstr(err, "/nonexistent-dir/x/hall.db") != NULL, "%s",
	    err);
}
END_TEST

/* ---- users and keys --------------------------------------------------- */

START_TEST(test_user_names)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	char			 longname[STORE_NAME_MAX + 2];

	ck_assert_int_eq(store_user_add(st, "Alice", "$y$hash", 100, &u),
	    STORE_OK);
	ck_assert_int_eq(store_user_add(st, "alice", NULL, 101, NULL),
	    STORE_EXISTS);
	ck_assert_str_eq(store_error(st), "the name alice is taken");
	ck_assert_int_eq(store_user_add(st, "ALICE", NULL, 101, NULL),
	    STORE_EXISTS);
	ck_assert_int_eq(store_user_add(st, "Alice2", NULL, 101, NULL),
	    STORE_OK);

	/* Found by any case; the display name is kept as typed. */
	ck_assert_int_eq(store_user_find(st, "aLiCe", &u), STORE_OK);
	ck_assert_str_eq(u.name, "Alice");
	ck_assert_str_eq(u.hash, "$y$hash");
	ck_assert_int_eq(u.created, 100);
	ck_assert_int_eq(store_user_find(st, "bob", &u), STORE_NOTFOUND);
	ck_assert_str_eq(store_error(st), "no such user");

	/* Only ASCII folds: other bytes compare exactly. */
	ck_assert_int_eq(store_user_add(st, "\xc3\x89lan", NULL, 1, NULL),
	    STORE_OK);
	ck_assert_int_eq(store_user_add(st, "\xc3\xa9lan", NULL, 1, NULL),
	    STORE_OK);
	ck_assert_int_eq(store_user_add(st, "\xc3\x89LAN", NULL, 1, NULL),
	    STORE_EXISTS);

	/* Bad input is refused and changes nothing. */
	ck_assert_int_eq(store_user_add(st, "", NULL, 1, NULL), STORE_INVALID);
	ck_assert_str_eq(store_error(st), "the name is empty");
	ck_assert_int_eq(store_user_add(st, NULL, NULL, 1, NULL),
	    STORE_INVALID);
	memset(longname, 'x', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	ck_assert_int_eq(store_user_add(st, longname, NULL, 1, NULL),
	    STORE_INVALID);
	longname[STORE_NAME_MAX] = '\0';
	ck_assert_int_eq(store_user_add(st, longname, NULL, 1, NULL),
	    STORE_OK);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM users"), 5);
	store_close(st);
}
END_TEST

START_TEST(test_user_fields)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	int64_t			 id = user_new(st, "carol");

	ck_assert_int_eq(store_user_set_password(st, id, "$y$new"), STORE_OK);
	ck_assert_int_eq(store_user_seen(st, id, 5555), STORE_OK);
	ck_assert_int_eq(store_user_set_sysop(st, id, 1), STORE_OK);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_str_eq(u.hash, "$y$new");
	ck_assert_int_eq(u.last_seen, 5555);
	ck_assert_int_eq(u.created, 1000);
	ck_assert_int_eq(u.sysop, 1);
	ck_assert_int_eq(store_user_set_password(st, id, NULL), STORE_OK);
	ck_assert_int_eq(store_user_set_banned(st, id, 1, "flooding"),
	    STORE_OK);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_str_eq(u.hash, "");
	ck_assert_int_eq(u.banned, 1);
	ck_assert_str_eq(u.ban_reason, "flooding");
	ck_assert_int_eq(store_user_set_banned(st, id, 0, "ignored"), STORE_OK);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_int_eq(u.banned, 0);
	ck_assert_str_eq(u.ban_reason, "");

	/* The language: a code, kept; nonsense refused and nothing
	 * changed. */
	ck_assert_str_eq(u.lang, "");
	ck_assert_int_eq(store_user_set_lang(st, id, "zh_CN"), STORE_OK);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_str_eq(u.lang, "zh_CN");
	ck_assert_int_eq(store_user_set_lang(st, id, "de'; DROP"),
	    STORE_INVALID);
	ck_assert_int_eq(store_user_set_lang(st, id,
	    "abcdefghijklmnopqrstuvwxyz"), STORE_INVALID);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_str_eq(u.lang, "zh_CN");
	ck_assert_int_eq(store_user_set_lang(st, id, NULL), STORE_OK);
	ck_assert_int_eq(store_user_get(st, id, &u), STORE_OK);
	ck_assert_str_eq(u.lang, "");
	ck_assert_int_eq(store_user_set_lang(st, id + 100, "de"),
	    STORE_NOTFOUND);

	ck_assert_int_eq(store_user_get(st, id + 100, &u), STORE_NOTFOUND);
	ck_assert_int_eq(store_user_seen(st, id + 100, 1), STORE_NOTFOUND);
	ck_assert_int_eq(store_user_set_sysop(st, id + 100, 1),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_user_set_password(st, id + 100, "x"),
	    STORE_NOTFOUND);
	store_close(st);
}
END_TEST

START_TEST(test_keys)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	struct store_key	*keys;
	size_t			 n;
	int64_t			 alice = user_new(st, "alice");
	int64_t			 bob = user_new(st, "bob");
	char			 fp1[80], fp2[80], bad[80];

	fingerprint(1, fp1, sizeof fp1);
	fingerprint(2, fp2, sizeof fp2);
	ck_assert_int_eq(store_key_add(st, alice, fp1, "ssh-ed25519", "home",
	    10), STORE_OK);
	ck_assert_int_eq(store_key_add(st, alice, fp2, NULL, NULL, 20),
	    STORE_OK);
	/* A fingerprint belongs to one user. */
	ck_assert_int_eq(store_key_add(st, bob, fp1, "ssh-ed25519", "", 30),
	    STORE_EXISTS);
	ck_assert_str_eq(store_error(st), "the key belongs to another user");
	ck_assert_int_eq(store_key_add(st, alice, fp1, "ssh-ed25519", "", 30),
	    STORE_EXISTS);
	ck_assert_str_eq(store_error(st), "the key is already yours");

	ck_assert_int_eq(store_user_by_key(st, fp1, &u), STORE_OK);
	ck_assert_int_eq(u.id, alice);
	ck_assert_int_eq(store_key_list(st, alice, &keys, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(keys[0].fingerprint, fp1);
	ck_assert_str_eq(keys[0].type, "ssh-ed25519");
	ck_assert_str_eq(keys[0].comment, "home");
	ck_assert_int_eq(keys[0].added, 10);
	ck_assert_str_eq(keys[1].fingerprint, fp2);
	ck_assert_str_eq(keys[1].type, "");
	free(keys);
	ck_assert_int_eq(store_key_list(st, bob, &keys, &n), STORE_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_null(keys);

	/* Only the owner removes a key; then it is free for another. */
	ck_assert_int_eq(store_key_remove(st, bob, fp1), STORE_NOTFOUND);
	ck_assert_int_eq(store_key_remove(st, alice, fp1), STORE_OK);
	ck_assert_int_eq(store_user_by_key(st, fp1, &u), STORE_NOTFOUND);
	ck_assert_int_eq(store_key_add(st, bob, fp1, "ssh-rsa", "", 40),
	    STORE_OK);
	ck_assert_int_eq(store_user_by_key(st, fp1, &u), STORE_OK);
	ck_assert_int_eq(u.id, bob);

	/* Malformed fingerprints and unknown users. */
	ck_assert_int_eq(store_key_add(st, alice, "MD5:aa:bb", NULL, NULL, 1),
	    STORE_INVALID);
	snprintf(bad, sizeof bad, "%s", fp2);
	bad[20] = '=';
	ck_assert_int_eq(store_key_add(st, alice, bad, NULL, NULL, 1),
	    STORE_INVALID);
	bad[20] = '0';
	bad[strlen(bad) - 1] = '\0';
	ck_assert_int_eq(store_key_add(st, alice, bad, NULL, NULL, 1),
	    STORE_INVALID);
	ck_assert_int_eq(store_key_add(st, alice, "", NULL, NULL, 1),
	    STORE_INVALID);
	fingerprint(3, fp1, sizeof fp1);
	ck_assert_int_eq(store_key_add(st, 999, fp1, NULL, NULL, 1),
	    STORE_NOTFOUND);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM keys"), 2);
	store_close(st);
}
END_TEST

/* ---- games and ratings ------------------------------------------------ */

START_TEST(test_game_rated_pair)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g, got, *list;
	struct store_rating	 r, *rl;
	size_t			 n;
	int64_t			 a = user_new(st, "alice");
	int64_t			 b = user_new(st, "bob");
	char			 record[] = "gomoku size=15 moves h8 h9 i8";

	ck_assert_int_eq(store_table_save(st, "T1", "live state", 1),
	    STORE_OK);
	game_init(&g, "gomoku", 1, record);
	snprintf(g.table, sizeof g.table, "T1");
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, b, "bob", 2, STORE_LOSS);
	ck_assert_msg(store_game_finish(st, &g) == STORE_OK, "%s",
	    store_error(st));
	ck_assert(g.id > 0);
	ck_assert_double_eq(g.players[0].before.r, 1500);
	ck_assert_double_eq(g.players[0].before.rd, 350);
	ck_assert(g.players[0].after.r > 1500);
	ck_assert(g.players[1].after.r < 1500);
	/* The live table went in the same transaction. */
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 0);
	store_close(st);

	/* Persisted: read back from a new connection. */
	st = store_scratch_open();
	ck_assert_int_eq(store_rating_get(st, a, "gomoku", &r), STORE_OK);
	ck_assert_double_eq(r.rating.r, g.players[0].after.r);
	ck_assert_double_eq(r.rating.rd, g.players[0].after.rd);
	ck_assert_double_eq(r.rating.vol, g.players[0].after.vol);
	ck_assert_int_eq(r.games, 1);
	ck_assert_int_eq(r.wins, 1);
	ck_assert_int_eq(r.losses, 0);
	ck_assert_int_eq(store_rating_get(st, b, "gomoku", &r), STORE_OK);
	ck_assert_int_eq(r.losses, 1);
	/* Other variants are untouched. */
	ck_assert_int_eq(store_rating_get(st, a, "renju", &r), STORE_OK);
	ck_assert_double_eq(r.rating.r, 1500);
	ck_assert_int_eq(r.games, 0);

	/* A second game (a draw) starts from the first one's ratings. */
	struct rating a_after = g.players[0].after;
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, b, "bob", 1, STORE_DRAW);
	player(&g, 1, a, "alice", 1, STORE_DRAW);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_double_eq(g.players[1].before.r, a_after.r);
	ck_assert_double_eq(g.players[1].before.rd, a_after.rd);
	ck_assert_int_eq(store_rating_get(st, a, "gomoku", &r), STORE_OK);
	ck_assert_int_eq(r.games, 2);
	ck_assert_int_eq(r.draws, 1);
	ck_assert_double_eq(r.rating.r, g.players[1].after.r);
	ck_assert_int_eq(store_rating_list(st, a, &rl, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(rl[0].variant, "gomoku");
	free(rl);

	/* The profile lists the newest first, with players. */
	ck_assert_int_eq(store_games_of_user(st, a, 10, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(list[0].id, g.id);
	ck_assert_ptr_null(list[0].record);
	ck_assert_int_eq(list[0].nplayers, 2);
	ck_assert_str_eq(list[0].players[0].name, "bob");
	ck_assert_int_eq(list[1].players[0].outcome, STORE_WIN);
	ck_assert_int_eq(list[1].players[1].user, b);
	store_games_free(list, n);
	ck_assert_int_eq(store_games_of_user(st, a, 1, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	store_games_free(list, n);

	ck_assert_int_eq(store_game_get(st, g.id, &got), STORE_OK);
	ck_assert_str_eq(got.record, record);
	ck_assert_str_eq(got.options, "size=15 opening=none");
	ck_assert_int_eq(got.rated, 1);
	ck_assert_int_eq(got.started, 2000);
	ck_assert_double_eq(got.players[1].after.r, g.players[1].after.r);
	store_game_clear(&got);
	ck_assert_int_eq(store_game_get(st, 9999, &got), STORE_NOTFOUND);
	store_close(st);
}
END_TEST

START_TEST(test_game_four_players)
{
	static const double	 want[4] = { 1799.63, 1599.88, 1400.12, 1200.37 };
	struct store		*st = store_scratch_open();
	struct store_game	 g;
	struct store_rating	 r;
	struct store_ranked	*top;
	size_t			 n;
	int64_t			 id[4];
	char			 name[16], record[] = "yonin moves";
	int			 i;

	for (i = 0; i < 4; i++) {
		snprintf(name, sizeof name, "p%d", i);
		id[i] = user_new(st, name);
	}
	game_init(&g, "yonin", 1, record);
	/* Seats in another order than the ranks. */
	player(&g, 0, id[2], "p2", 3, STORE_LOSS);
	player(&g, 1, id[0], "p0", 1, STORE_WIN);
	player(&g, 2, id[3], "p3", 4, STORE_LOSS);
	player(&g, 3, id[1], "p1", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(store_rating_get(st, id[i], "yonin", &r),
		    STORE_OK);
		ck_assert_double_eq_tol(r.rating.r, want[i], 0.01);
		ck_assert_double_eq_tol(r.rating.rd, 227.74, 0.01);
	}
	ck_assert_int_eq(store_rating_top(st, "yonin", 3, &top, &n), STORE_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(top[0].name, "p0");
	ck_assert_str_eq(top[1].name, "p1");
	ck_assert_str_eq(top[2].name, "p2");
	free(top);
	store_close(st);
}
END_TEST

/* Head to head: by rank among four, by outcome between two, level for a
 * draw; a guest sharing the name counts for nothing. */
START_TEST(test_games_between)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g;
	struct store_h2h	 h;
	int64_t			 a = user_new(st, "ann"), b = user_new(st, "bob");
	int64_t			 c = user_new(st, "cyd"), d = user_new(st, "dee");
	char			 r1[] = "yonin moves", r2[] = "gomoku moves h8";

	ck_assert_int_eq(store_games_between(st, a, b, &h), STORE_OK);
	ck_assert_int_eq(h.games, 0);
	game_init(&g, "yonin", 1, r1);
	player(&g, 0, c, "cyd", 1, STORE_WIN);
	player(&g, 1, b, "bob", 2, STORE_LOSS);
	player(&g, 2, a, "ann", 3, STORE_LOSS);
	player(&g, 3, d, "dee", 4, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	game_init(&g, "gomoku", 1, r2);
	player(&g, 0, a, "ann", 1, STORE_WIN);
	player(&g, 1, b, "bob", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	game_init(&g, "gomoku", 0, r2);
	player(&g, 0, b, "bob", 1, STORE_DRAW);
	player(&g, 1, a, "ann", 1, STORE_DRAW);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	game_init(&g, "gomoku", 0, r2);
	player(&g, 0, 0, "bob", 1, STORE_WIN);
	player(&g, 1, a, "ann", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);

	ck_assert_int_eq(store_games_between(st, a, b, &h), STORE_OK);
	ck_assert_int_eq(h.games, 3);
	ck_assert_int_eq(h.won, 1);
	ck_assert_int_eq(h.lost, 1);	/* 3rd behind bob's 2nd */
	ck_assert_int_eq(store_games_between(st, b, a, &h), STORE_OK);
	ck_assert_int_eq(h.games, 3);
	ck_assert_int_eq(h.won, 1);
	ck_assert_int_eq(h.lost, 1);
	ck_assert_int_eq(store_games_between(st, a, d, &h), STORE_OK);
	ck_assert_int_eq(h.games, 1);
	ck_assert_int_eq(h.won, 1);
	ck_assert_int_eq(h.lost, 0);
	store_close(st);
}
END_TEST

START_TEST(test_game_unrated)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g, got;
	struct store_rating	 r;
	int64_t			 a = user_new(st, "alice");
	char			 record[] = "renju moves h8";

	game_init(&g, "renju", 0, record);
	player(&g, 0, a, "alice", 2, STORE_LOSS);
	player(&g, 1, 0, "guest-42", 1, STORE_WIN);
	g.players[1].kind = STORE_PLAYER_CPU;
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_int_eq(store_rating_get(st, a, "renju", &r), STORE_OK);
	ck_assert_int_eq(r.games, 0);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM ratings"), 0);
	ck_assert_int_eq(store_game_get(st, g.id, &got), STORE_OK);
	ck_assert_int_eq(got.players[1].kind, STORE_PLAYER_CPU);
	ck_assert_int_eq(got.players[1].user, 0);
	ck_assert_int_eq(got.rated, 0);
	store_game_clear(&got);
	store_close(st);
}
END_TEST

START_TEST(test_game_invalid)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g;
	int64_t			 a = user_new(st, "alice");
	int64_t			 b = user_new(st, "bob");
	char			 record[] = "gomoku moves", empty[] = "";

	/* A guest in a rated game. */
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, 0, "guest", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	/* The same user twice in a rated game. */
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, a, "alice", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	/* No rank in a rated game. */
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, b, "bob", 0, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	/* A seat twice. */
	game_init(&g, "gomoku", 0, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 0, b, "bob", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	/* No record, no players, too many. */
	game_init(&g, "gomoku", 0, empty);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	game_init(&g, "gomoku", 0, NULL);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	game_init(&g, "gomoku", 0, record);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	g.nplayers = STORE_PLAYERS_MAX + 1;
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	/* A user id on a guest. */
	game_init(&g, "gomoku", 0, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	g.players[0].kind = STORE_PLAYER_GUEST;
	ck_assert_int_eq(store_game_finish(st, &g), STORE_INVALID);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 0);
	store_close(st);
}
END_TEST

/* A failing insert rolls back everything of the game. */
START_TEST(test_game_atomic)
{
	struct store		*st = store_scratch_open();
	struct store_game	 g;
	struct store_rating	 r;
	int64_t			 a = user_new(st, "alice");
	int64_t			 b = user_new(st, "bob");
	char			 record[] = "gomoku moves h8";

	/* One good game first, so ratings rows exist. */
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, b, "bob", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "T9", "state", 1), STORE_OK);

	/* (1) A player who does not exist: the game row is written, then
	 * the player row fails its foreign key. */
	game_init(&g, "gomoku", 1, record);
	snprintf(g.table, sizeof g.table, "T9");
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, 4242, "ghost", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_NOTFOUND);
	ck_assert_str_eq(store_error(st), "player ghost: no such user");
	ck_assert_int_eq(g.id, 0);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM game_players"), 2);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 1);

	/* (2) The last write fails: bob's rating update is refused by a
	 * trigger, after the game, its players and alice's rating were
	 * written. */
	raw_exec("CREATE TRIGGER fail_rating BEFORE UPDATE ON ratings"
	    " WHEN NEW.user = 2 BEGIN SELECT RAISE(ABORT, 'injected'); END");
	game_init(&g, "gomoku", 1, record);
	snprintf(g.table, sizeof g.table, "T9");
	player(&g, 0, a, "alice", 1, STORE_WIN);
	player(&g, 1, b, "bob", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_ERROR);
	ck_assert_msg(strstr(store_error(st), "injected") != NULL, "%s",
	    store_error(st));
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM game_players"), 2);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 1);
	ck_assert_int_eq(store_rating_get(st, a, "gomoku", &r), STORE_OK);
	ck_assert_int_eq(r.games, 1);
	ck_assert_int_eq(raw_int("SELECT games FROM ratings WHERE user = 1"),
	    1);

	/* The store is still usable: the same game goes in once the
	 * trigger is gone. */
	raw_exec("DROP TRIGGER fail_rating");
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM games"), 2);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 0);
	ck_assert_int_eq(store_rating_get(st, b, "gomoku", &r), STORE_OK);
	ck_assert_int_eq(r.games, 2);
	ck_assert_int_eq(r.losses, 2);
	ck_assert_int_eq(store_user_seen(st, a, 9), STORE_OK);
	store_close(st);
}
END_TEST

/* ---- byte-exact strings ----------------------------------------------- */

static const char *const hostile[] = {
	"'; DROP TABLE users; --",
	"Robert'); DELETE FROM keys WHERE ('1'='1",
	"%s%s%n%x",
	"\"quoted\" \\back\\slash",
	"\x1b[2J\x1b]0;title\x07",
	"\xe2\x80\xae" "reversed" "\xe2\x80\x8b",
	"\xff\xfe\x80 not utf-8",
	"line\nbreak\r\ttab",
	"\xe5\x9b\x9b\xe4\xba\xba\xe5\xb0\x86\xe6\xa3\x8b",
};

START_TEST(test_hostile_strings)
{
	struct store		*st = store_scratch_open();
	struct store_user	 u;
	struct store_key	*keys;
	struct store_table	*tables;
	struct store_game	 g, got;
	size_t			 n, i;
	char			 fp[80], data[300], record[300];

	for (i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
		ck_assert_int_eq(store_user_add(st, hostile[i], hostile[i], 1,
		    &u), STORE_OK);
		memset(&u, 0, sizeof u);
		ck_assert_int_eq(store_user_find(st, hostile[i], &u), STORE_OK);
		ck_assert_str_eq(u.name, hostile[i]);
		ck_assert_str_eq(u.hash, hostile[i]);
		fingerprint((int)i, fp, sizeof fp);
		ck_assert_int_eq(store_key_add(st, u.id, fp, "ssh-ed25519",
		    hostile[i], 2), STORE_OK);
		ck_assert_int_eq(store_key_list(st, u.id, &keys, &n), STORE_OK);
		ck_assert_uint_eq(n, 1);
		ck_assert_str_eq(keys[0].comment, hostile[i]);
		free(keys);
		ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, hostile[i],
		    hostile[i], 1, 0, NULL), STORE_OK);
	}
	ck_assert_int_eq(raw_int("SELECT count(*) FROM users"),
	    (int64_t)(sizeof hostile / sizeof hostile[0]));

	/* Every byte but NUL, in a table's data and a game's record. */
	for (i = 0; i < 255; i++)
		data[i] = (char)(i + 1);
	data[255] = '\0';
	ck_assert_int_eq(store_table_save(st, hostile[0], data, 3), STORE_OK);
	ck_assert_int_eq(store_table_load_all(st, &tables, &n), STORE_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(tables[0].code, hostile[0]);
	ck_assert_int_eq(memcmp(tables[0].data, data, 256), 0);
	store_tables_free(tables, n);

	memcpy(record, data, 256);
	game_init(&g, "gomoku", 0, record);
	snprintf(g.result, sizeof g.result, "%s", hostile[4]);
	snprintf(g.options, sizeof g.options, "%s", hostile[1]);
	player(&g, 0, 0, hostile[2], 1, STORE_WIN);
	snprintf(g.players[0].side, sizeof g.players[0].side, "%s",
	    hostile[5]);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_int_eq(store_game_get(st, g.id, &got), STORE_OK);
	ck_assert_int_eq(memcmp(got.record, data, 256), 0);
	ck_assert_str_eq(got.result, hostile[4]);
	ck_assert_str_eq(got.options, hostile[1]);
	ck_assert_str_eq(got.players[0].name, hostile[2]);
	ck_assert_str_eq(got.players[0].side, hostile[5]);
	store_game_clear(&got);
	store_close(st);
}
END_TEST

/* ---- live tables ------------------------------------------------------ */

/* Many tables in one transaction, and a bad one moved to the archive. */
START_TEST(test_tables_batch)
{
	struct store		*st = store_scratch_open();
	struct store_table	 rows[3], *t;
	size_t			 n;
	int64_t			 archived = -1;

	memset(rows, 0, sizeof rows);
	snprintf(rows[0].code, sizeof rows[0].code, "K1");
	rows[0].data = "one";
	snprintf(rows[1].code, sizeof rows[1].code, "K2");
	rows[1].data = "two";
	snprintf(rows[2].code, sizeof rows[2].code, "%s", "");
	rows[2].data = "bad code";
	/* A bad row refuses the whole batch, before anything is written. */
	ck_assert_int_eq(store_tables_save(st, rows, 3, 5), STORE_INVALID);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 0);
	ck_assert_int_eq(store_tables_save(st, rows, 2, 5), STORE_OK);
	rows[0].data = "one, later";
	ck_assert_int_eq(store_tables_save(st, rows, 1, 6), STORE_OK);
	ck_assert_int_eq(store_table_load_all(st, &t, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(t[0].code, "K2");
	ck_assert_str_eq(t[1].data, "one, later");
	store_tables_free(t, n);

	ck_assert_int_eq(store_table_archive(st, "K2", "the engine refused "
	    "it", 7), STORE_OK);
	ck_assert_int_eq(store_table_archive(st, "K2", "again", 7),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_table_archived(st, &archived), STORE_OK);
	ck_assert_int_eq(archived, 1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM live_tables"), 1);
	ck_assert_int_eq(raw_int("SELECT count(*) FROM table_archive WHERE "
	    "code = 'K2' AND data = 'two' AND archived = 7"), 1);
	store_close(st);
}
END_TEST

START_TEST(test_tables)
{
	struct store		*st = store_scratch_open();
	struct store_table	*t;
	size_t			 n;

	ck_assert_int_eq(store_table_save(st, "B", "second", 20), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "A", "first", 10), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "C", "", 30), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "B", "second, later", 40),
	    STORE_OK);
	ck_assert_int_eq(store_table_save(st, "", "x", 1), STORE_INVALID);
	ck_assert_int_eq(store_table_save(st, "D", NULL, 1), STORE_INVALID);
	store_close(st);

	st = store_scratch_open();
	ck_assert_int_eq(store_table_load_all(st, &t, &n), STORE_OK);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(t[0].code, "A");
	ck_assert_str_eq(t[0].data, "first");
	ck_assert_str_eq(t[1].code, "C");
	ck_assert_str_eq(t[1].data, "");
	ck_assert_str_eq(t[2].code, "B");
	ck_assert_str_eq(t[2].data, "second, later");
	ck_assert_int_eq(t[2].updated, 40);
	store_tables_free(t, n);
	ck_assert_int_eq(store_table_delete(st, "A"), STORE_OK);
	ck_assert_int_eq(store_table_delete(st, "A"), STORE_NOTFOUND);
	ck_assert_int_eq(store_table_load_all(st, &t, &n), STORE_OK);
	ck_assert_uint_eq(n, 2);
	store_tables_free(t, n);
	store_close(st);
}
END_TEST

/* ---- bans ------------------------------------------------------------- */

START_TEST(test_bans)
{
	struct store		*st = store_scratch_open();
	struct store_ban	 b, *list;
	struct store_stats	 stats;
	size_t			 n;
	int64_t			 id, v6;

	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "Spammer", "spam",
	    100, 0, &id), STORE_OK);
	ck_assert_int_eq(store_ban_check_name(st, "SPAMMER", 5000, &b),
	    STORE_OK);
	ck_assert_int_eq(b.id, id);
	ck_assert_str_eq(b.what, "Spammer");
	ck_assert_str_eq(b.reason, "spam");
	ck_assert_int_eq(store_ban_check_name(st, "spammer2", 5000, &b),
	    STORE_NOTFOUND);

	/* Networks, stored normalised; IPv4 also as mapped IPv6. */
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "192.0.2.77/24",
	    "abuse", 100, 1000, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "192.0.2.200", 500, &b),
	    STORE_OK);
	ck_assert_str_eq(b.what, "192.0.2.0/24");
	ck_assert_int_eq(b.expires, 1000);
	ck_assert_int_eq(store_ban_check_addr(st, "::ffff:192.0.2.1", 500, &b),
	    STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "192.0.3.1", 500, &b),
	    STORE_NOTFOUND);
	/* Expired. */
	ck_assert_int_eq(store_ban_check_addr(st, "192.0.2.200", 1000, &b),
	    STORE_NOTFOUND);

	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "2001:DB8:ff::1/33",
	    "", 100, 0, &v6), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "2001:db8:7fff::5", 500, &b),
	    STORE_OK);
	ck_assert_str_eq(b.what, "2001:db8::/33");
	ck_assert_int_eq(store_ban_check_addr(st, "2001:db8:8000::5", 500, &b),
	    STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "198.51.100.9",
	    "", 100, 0, NULL), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.9", 500, &b),
	    STORE_OK);
	ck_assert_str_eq(b.what, "198.51.100.9");
	ck_assert_int_eq(store_ban_check_addr(st, "198.51.100.8", 500, &b),
	    STORE_NOTFOUND);

	/* Bad input. */
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "192.0.2.0/33", "",
	    1, 0, NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "example.com", "",
	    1, 0, NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "10.0.0.1/", "",
	    1, 0, NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "10.0.0.1/-1", "",
	    1, 0, NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_NAME, "x", "", 100, 50,
	    NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_add(st, (enum store_ban_kind)7, "x", "", 1,
	    0, NULL), STORE_INVALID);
	ck_assert_int_eq(store_ban_check_addr(st, "10.0.0.0/8", 1, &b),
	    STORE_INVALID);
	ck_assert_int_eq(store_ban_check_addr(st, "nonsense", 1, &b),
	    STORE_INVALID);

	ck_assert_int_eq(store_ban_list(st, 500, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 4);
	free(list);
	ck_assert_int_eq(store_ban_list(st, 2000, &list, &n), STORE_OK);
	ck_assert_uint_eq(n, 3);
	free(list);
	ck_assert_int_eq(store_stats(st, 2000, &stats), STORE_OK);
	ck_assert_int_eq(stats.bans, 3);
	ck_assert_int_eq(store_ban_remove(st, v6), STORE_OK);
	ck_assert_int_eq(store_ban_remove(st, v6), STORE_NOTFOUND);
	ck_assert_int_eq(store_ban_check_addr(st, "2001:db8::5", 500, &b),
	    STORE_NOTFOUND);

	/* A hand-edited row that is no address is passed over, and the
	 * bans after it still count. */
	raw_exec("INSERT INTO bans (kind, what, what_key, reason, created,"
	    " expires) VALUES (1, 'not/an/address', 'x', 'junk', 1, 0)");
	ck_assert_int_eq(store_ban_add(st, STORE_BAN_ADDR, "203.0.113.0/25",
	    "later", 100, 0, &id), STORE_OK);
	ck_assert_int_eq(store_ban_check_addr(st, "203.0.113.127", 500, &b),
	    STORE_OK);
	ck_assert_int_eq(b.id, id);
	ck_assert_str_eq(b.reason, "later");
	ck_assert_int_eq(store_ban_check_addr(st, "203.0.113.128", 500, &b),
	    STORE_NOTFOUND);
	store_close(st);
}
END_TEST

START_TEST(test_stats)
{
	struct store		*st = store_scratch_open();
	struct store_stats	 s;
	struct store_game	 g;
	char			 fp[80], record[] = "gomoku moves";
	int64_t			 a = user_new(st, "a"), b = user_new(st, "b");

	fingerprint(5, fp, sizeof fp);
	ck_assert_int_eq(store_key_add(st, a, fp, NULL, NULL, 1), STORE_OK);
	ck_assert_int_eq(store_user_set_sysop(st, a, 1), STORE_OK);
	ck_assert_int_eq(store_user_set_banned(st, b, 1, NULL), STORE_OK);
	game_init(&g, "gomoku", 1, record);
	player(&g, 0, a, "a", 1, STORE_WIN);
	player(&g, 1, b, "b", 2, STORE_LOSS);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	game_init(&g, "gomoku", 0, record);
	player(&g, 0, a, "a", 1, STORE_WIN);
	ck_assert_int_eq(store_game_finish(st, &g), STORE_OK);
	ck_assert_int_eq(store_table_save(st, "X", "y", 1), STORE_OK);

	ck_assert_int_eq(store_stats(st, 0, &s), STORE_OK);
	ck_assert_int_eq(s.users, 2);
	ck_assert_int_eq(s.sysops, 1);
	ck_assert_int_eq(s.banned_users, 1);
	ck_assert_int_eq(s.keys, 1);
	ck_assert_int_eq(s.games, 2);
	ck_assert_int_eq(s.rated_games, 1);
	ck_assert_int_eq(s.live_tables, 1);
	ck_assert_int_eq(s.bans, 0);
	/* A banned user is left out of the leaderboard. */
	struct store_ranked *top;
	size_t n;
	ck_assert_int_eq(store_rating_top(st, "gomoku", 10, &top, &n),
	    STORE_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(top[0].name, "a");
	free(top);
	store_close(st);
}
END_TEST

static Suite *
store_suite(void)
{
	Suite	*s = suite_create("store");
	TCase	*tc;

	tc = tcase_create("schema");
	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_open_fresh);
	tcase_add_test(tc, test_migrate_v1);
	tcase_add_test(tc, test_refuse_newer);
	tcase_add_test(tc, test_refuse_foreign);
	suite_add_tcase(s, tc);

	tc = tcase_create("users");
	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_user_names);
	tcase_add_test(tc, test_user_fields);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_hostile_strings);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_game_rated_pair);
	tcase_add_test(tc, test_game_four_players);
	tcase_add_test(tc, test_games_between);
	tcase_add_test(tc, test_game_unrated);
	tcase_add_test(tc, test_game_invalid);
	tcase_add_test(tc, test_game_atomic);
	suite_add_tcase(s, tc);

	tc = tcase_create("hall");
	tcase_add_checked_fixture(tc, store_scratch_setup,
	    store_scratch_teardown);
	tcase_add_test(tc, test_tables);
	tcase_add_test(tc, test_tables_batch);
	tcase_add_test(tc, test_bans);
	tcase_add_test(tc, test_stats);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(store_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
