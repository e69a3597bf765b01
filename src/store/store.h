/*
 * store.h - the hall's persistent state in one SQLite database.
 *
 * Users (names unique ignoring case), their SSH keys (by SHA256:
 * fingerprint), ratings per variant, finished games with their records and
 * players, bans, and the state of live tables so they survive a restart.
 *
 * The store is used from ONE thread (the daemon's loop thread); it is not
 * thread-safe.  Every call is short: single-row reads and writes through
 * statements prepared once at open.  Writes run in BEGIN IMMEDIATE
 * transactions; the database is in WAL mode with synchronous=NORMAL, except
 * store_game_finish(), which commits with synchronous=FULL so that a crash
 * never loses a result.  Password hashing is NOT done here (it is slow; see
 * password.h): callers pass finished hash strings.
 *
 * Return codes: every int-returning call gives one of enum store_rc.  On
 * anything but STORE_OK, store_error() holds a message the caller can show
 * (it stays valid until the next call on the same store).  A refused call
 * changes nothing.
 *
 * Times are Unix seconds, passed in by the caller (the loop's clock), so
 * tests can choose them.  User ids are > 0; 0 means "no user" (a guest or
 * a CPU player).  Strings are stored and returned byte-exact; the store
 * only checks that they are non-empty where required and fit the limits
 * below - cleaning user text (docs/design.md §4) is the caller's job.
 */
#ifndef SRC_STORE_H
#define SRC_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "src/store/rating.h"

#define STORE_SCHEMA_VERSION 6 /* PRAGMA user_version this code writes */

#define STORE_NAME_MAX 64     /* bytes of a user or player name */
#define STORE_HASH_MAX 384    /* bytes of a password hash string, NUL incl. */
#define STORE_REASON_MAX 200  /* bytes of a ban reason */
#define STORE_LANG_MAX 15     /* bytes of a language code ("zh_CN") */
#define STORE_FP_MAX 64       /* "SHA256:" + 43 base64 characters = 50 */
#define STORE_KEYTYPE_MAX 32  /* "ssh-ed25519", "ecdsa-sha2-nistp256", ... */
#define STORE_COMMENT_MAX 200 /* bytes of a key comment */
#define STORE_VARIANT_MAX 24  /* a variant name, as engine/game.h names it */
#define STORE_OPTIONS_MAX 512 /* a game's options text */
#define STORE_RESULT_MAX 120  /* a game's result text */
#define STORE_SIDE_MAX 16     /* a side name: "black", "S", ... */
#define STORE_CODE_MAX 32     /* a live table's code */
#define STORE_ADDR_MAX 64     /* "2001:db8::/32", "192.0.2.7", ... */
#define STORE_PLAYERS_MAX 4   /* seats at one table (GAME_MAX_SIDES) */
#define STORE_ERR_LEN 256

enum store_rc {
	STORE_OK = 0,
	STORE_NOTFOUND,	/* no such user, key, game, table or ban */
	STORE_EXISTS,	/* name taken (ignoring case), key owned already */
	STORE_INVALID,	/* bad input: empty, too long, malformed */
	STORE_ERROR,	/* the database failed (disk full, corrupt, busy...) */
};

struct store;

/*
 * Open (creating if missing) the database at `path`, upgrading an older
 * schema in place.  A database written by a NEWER gamehall, or a SQLite
 * file that is not a gamehall database, is refused.  NULL with a message
 * in err on failure.
 */
struct store *store_open(const char *path, char *err, size_t errlen);
void store_close(struct store *);
const char *store_error(const struct store *);
/*
 * What store_open found worth telling the sysop but not worth refusing to
 * start for (a state directory others can read), or "".  The database file
 * and its -wal and -shm files are always made 0600, whatever the umask.
 */
const char *store_warning(const struct store *);

/* ---- users ------------------------------------------------------------ */

struct store_user {
	int64_t id;
	char name[STORE_NAME_MAX + 1];	/* as the user typed it */
	char hash[STORE_HASH_MAX];	/* password hash, "" if none */
	int64_t created;
	int64_t last_seen;
	int sysop;
	int banned;
	char ban_reason[STORE_REASON_MAX + 1];
	char lang[STORE_LANG_MAX + 1];	/* the pages' language, "" English */
};

/*
 * A new account.  `hash` may be NULL or "" (a key-only account).  Refuses
 * (STORE_EXISTS) a name that differs from a taken one only in case (ASCII
 * letters fold; other bytes compare exactly).  Fills *out (may be NULL).
 */
int store_user_add(struct store *, const char *name, const char *hash,
    int64_t now, struct store_user *out);
/* By name ignoring case; STORE_NOTFOUND if none. */
int store_user_find(struct store *, const char *name, struct store_user *);
int store_user_get(struct store *, int64_t id, struct store_user *);
/* The owner of an SSH key fingerprint ("SHA256:..."). */
int store_user_by_key(struct store *, const char *fingerprint,
    struct store_user *);
/* `hash` NULL or "" removes the password. */
int store_user_set_password(struct store *, int64_t id, const char *hash);
int store_user_seen(struct store *, int64_t id, int64_t now);
int store_user_set_sysop(struct store *, int64_t id, int sysop);
/* The language the account reads the hall in: "" or NULL for English,
 * else a code of letters and '_' ("de", "zh_CN"); anything else is
 * STORE_INVALID and changes nothing.  Which codes exist is the hall's
 * business (screens/lang.h). */
int store_user_set_lang(struct store *, int64_t id, const char *lang);
/* Ban or unban an account; the reason is kept for the ban (may be NULL). */
int store_user_set_banned(struct store *, int64_t id, int banned,
    const char *reason);
/* A new name for an account: STORE_EXISTS if another has it (ignoring
 * case), STORE_NOTFOUND if there is no such account. */
int store_user_rename(struct store *, int64_t id, const char *name);

/* ---- SSH keys (a player's devices) ---------------------------------- */

struct store_key {
	int64_t user;
	char fingerprint[STORE_FP_MAX + 1]; /* "SHA256:" + base64, no padding */
	char type[STORE_KEYTYPE_MAX + 1];
	char comment[STORE_COMMENT_MAX + 1];
	int64_t added;
};

/*
 * Give a key to a user.  The fingerprint must look like `ssh-keygen -l`'s
 * "SHA256:<43 base64 characters>" (STORE_INVALID otherwise).  A fingerprint
 * belongs to at most one user: STORE_EXISTS if it is already anyone's
 * (the message says whether it is the same user's).  type and comment may
 * be NULL.
 */
int store_key_add(struct store *, int64_t user, const char *fingerprint,
    const char *type, const char *comment, int64_t now);
/*
 * A user's keys, oldest first, in a malloc'd array (*out NULL when none);
 * free() it.
 */
int store_key_list(struct store *, int64_t user, struct store_key **out,
    size_t *n);
/* Only the owner's key is removed; STORE_NOTFOUND otherwise. */
int store_key_remove(struct store *, int64_t user, const char *fingerprint);

/* ---- ratings ---------------------------------------------------------- */

struct store_rating {
	char variant[STORE_VARIANT_MAX + 1];
	struct rating rating;
	int games;
	int wins;
	int losses;
	int draws;
};

/*
 * A user's rating in a variant.  A user who never played it gets STORE_OK
 * with a new player's rating (rating_init) and zero games.
 */
int store_rating_get(struct store *, int64_t user, const char *variant,
    struct store_rating *);
/* Every variant the user has played, by name; malloc'd, free() it. */
int store_rating_list(struct store *, int64_t user,
    struct store_rating **out, size_t *n);

struct store_ranked {
	int64_t user;
	char name[STORE_NAME_MAX + 1];
	struct store_rating rating;
};
/*
 * The best `limit` players of a variant by rating, non-provisional players
 * (RD below RATING_RD_PROVISIONAL) first; malloc'd, free() it.
 */
int store_rating_top(struct store *, const char *variant, int limit,
    struct store_ranked **out, size_t *n);

/* ---- finished games --------------------------------------------------- */

enum store_outcome {
	STORE_LOSS = 0,
	STORE_DRAW = 1,
	STORE_WIN = 2,
};

enum store_player_kind {
	STORE_PLAYER_USER = 0,	/* a registered user: `user` > 0 */
	STORE_PLAYER_GUEST,	/* user = 0 */
	STORE_PLAYER_CPU,	/* user = 0 */
};

struct store_game_player {
	int seat;			/* player index, 0 = P1 */
	enum store_player_kind kind;
	int64_t user;			/* > 0 for STORE_PLAYER_USER, else 0 */
	char name[STORE_NAME_MAX + 1];	/* the name shown at the table */
	char side[STORE_SIDE_MAX + 1];	/* side name, "" if none */
	int rank;			/* 1 = first; equal = tied; 0 unknown */
	enum store_outcome outcome;	/* counted in wins/losses/draws */

	/* Rated games only; written by store_game_finish(). */
	struct rating before;
	struct rating after;
};

struct store_game {
	int64_t id;				/* set by store_game_finish() */
	char variant[STORE_VARIANT_MAX + 1];
	char options[STORE_OPTIONS_MAX + 1];
	char *record;		/* game_record() line; malloc'd when read */
	int64_t started;
	int64_t ended;
	char result[STORE_RESULT_MAX + 1];	/* "black wins: five", ... */
	int rated;
	/* On finish: the live table whose saved state goes in the same
	 * transaction (store_table_delete), or "" for none. */
	char table[STORE_CODE_MAX + 1];
	int nplayers;
	struct store_game_player players[STORE_PLAYERS_MAX];
};

/*
 * Record a finished game, in ONE transaction committed with
 * synchronous=FULL: the game row, its players, every rating change, and the
 * removal of the live table `g->table`.  Either all of it is stored or
 * none of it.
 *
 * In a rated game every player must be a distinct registered user with a
 * rank >= 1 (STORE_INVALID otherwise): the store reads their ratings inside
 * the transaction, applies rating_update_ranked() by rank, writes the new
 * ratings and the games/wins/losses/draws counts (from each outcome), and
 * fills players[i].before/after.  Unrated games change no rating.  Sets
 * g->id.  g->record must be non-empty.
 */
int store_game_finish(struct store *, struct store_game *g);
/* One game with its record and players; free with store_game_clear(). */
int store_game_get(struct store *, int64_t id, struct store_game *);
void store_game_clear(struct store_game *);
/*
 * A user's most recent `limit` games, newest first, with players but
 * WITHOUT records (record NULL); free with store_games_free().
 */
int store_games_of_user(struct store *, int64_t user, int limit,
    struct store_game **out, size_t *n);
void store_games_free(struct store_game *, size_t n);
/* How many games ended at or after `since` (for the sysop's status). */
int store_games_since(struct store *, int64_t since, int64_t *n);
/*
 * Head to head: the finished games both users played, and how many `a`
 * finished ahead of `b` (won) and behind (lost); the rest were level.
 * Ranks decide where both have one and they differ (four players),
 * else the outcomes.
 */
struct store_h2h {
	int games;
	int won;
	int lost;
};
int store_games_between(struct store *, int64_t a, int64_t b,
    struct store_h2h *);

/* ---- live tables (resumed after a restart) -------------------------- */

struct store_table {
	char code[STORE_CODE_MAX + 1];
	char *data;	/* the hall's own text: options, seats, record */
	int64_t updated;
};

/* Insert or replace the saved state of a live table. */
int store_table_save(struct store *, const char *code, const char *data,
    int64_t now);
/* Every saved table, oldest update first; free with store_tables_free(). */
int store_table_load_all(struct store *, struct store_table **out,
    size_t *n);
void store_tables_free(struct store_table *, size_t n);
int store_table_delete(struct store *, const char *code);
/*
 * Save many tables in one transaction (one commit, whatever their number):
 * the hall writes every table changed since the last batch this way.
 */
int store_tables_save(struct store *, const struct store_table *, size_t n,
    int64_t now);
/* A saved table that cannot be restored moves to the archive with the
 * reason, out of the live ones: kept for the sysop, never lost. */
int store_table_archive(struct store *, const char *code, const char *reason,
    int64_t now);
/* Tables in the archive (for status and tests). */
int store_table_archived(struct store *, int64_t *n);

/* ---- bans ------------------------------------------------------------- */

enum store_ban_kind {
	STORE_BAN_NAME = 0,	/* a name, ignoring case (guests included) */
	STORE_BAN_ADDR,		/* an address or network: "192.0.2.0/24" */
	STORE_BAN_KEY,		/* an SSH key: "SHA256:..." */
};

struct store_ban {
	int64_t id;
	enum store_ban_kind kind;
	char what[STORE_NAME_MAX + 1];	/* the name, or the address/prefix */
	char reason[STORE_REASON_MAX + 1];
	int64_t created;
	int64_t expires;		/* 0 = never */
};

/*
 * Add a ban.  Addresses are IPv4 or IPv6, with an optional /prefix; they
 * are stored normalised (host bits cleared).  expires 0 = never.  Sets
 * *id (may be NULL).
 */
int store_ban_add(struct store *, enum store_ban_kind, const char *what,
    const char *reason, int64_t now, int64_t expires, int64_t *id);
int store_ban_remove(struct store *, int64_t id);
/* Remove every ban on this target (as store_ban_add takes it, so
 * "192.0.2.7/24" names 192.0.2.0/24); STORE_NOTFOUND when there was
 * none.  Sets *n to how many went (may be NULL). */
int store_ban_remove_what(struct store *, enum store_ban_kind,
    const char *what, int64_t *n);
/* Bans in force at `now` (unexpired), oldest first; free() the array. */
int store_ban_list(struct store *, int64_t now, struct store_ban **out,
    size_t *n);
/*
 * Whether a name, or an address ("192.0.2.7", "::ffff:192.0.2.7",
 * "2001:db8::1"), is banned at `now`: STORE_OK with the ban in *out (may be
 * NULL), STORE_NOTFOUND if not, STORE_INVALID for a malformed address.
 */
int store_ban_check_name(struct store *, const char *name, int64_t now,
    struct store_ban *out);
int store_ban_check_addr(struct store *, const char *addr, int64_t now,
    struct store_ban *out);
/* The same for an SSH key fingerprint. */
int store_ban_check_key(struct store *, const char *fingerprint, int64_t now,
    struct store_ban *out);

/* ---- the audit log: what sysops did (store-audit.c) ------------------ */

#define STORE_AUDIT_ACTOR_MAX 80	/* "ctl", "ctl uid 1000", "alice" */
#define STORE_AUDIT_WHAT_MAX 600	/* the command as given */
#define STORE_AUDIT_RESULT_MAX 300	/* "ok ..." or "error: ..." */

struct store_audit {
	int64_t id;
	int64_t when;
	char actor[STORE_AUDIT_ACTOR_MAX + 1];	/* who */
	char what[STORE_AUDIT_WHAT_MAX + 1];	/* what (with the why in it) */
	char why[STORE_REASON_MAX + 1];		/* the reason given, or "" */
	char result[STORE_AUDIT_RESULT_MAX + 1];/* how it went */
};

/* One sysop action; strings longer than the limits are cut, not refused:
 * the log must never lose an action for its length. */
int store_audit_add(struct store *, int64_t when, const char *actor,
    const char *what, const char *why, const char *result);
/* The newest `limit` entries, newest first; free() the array. */
int store_audit_list(struct store *, int limit, struct store_audit **out,
    size_t *n);

/* ---- complaints for the sysop (store-report.c) ----------------------- */

struct store_report {
	int64_t id;
	int64_t when;
	char reporter[STORE_NAME_MAX + 1];	/* who complained */
	char target[STORE_NAME_MAX + 1];	/* about whom */
	char reason[STORE_REASON_MAX + 1];
};

/* A complaint: names non-empty (STORE_INVALID), the reason may be. */
int store_report_add(struct store *, int64_t when, const char *reporter,
    const char *target, const char *reason);
/* The newest `limit`, newest first; free() the array. */
int store_report_list(struct store *, int limit, struct store_report **out,
    size_t *n);

/* ---- board marks explained (store-marks.c) ----------------------------- */

/*
 * The kinds of board mark an account has had explained, a bit each
 * (their meaning is the hall's, src/hall/screen-table-marks.c), so each
 * is told once per account.  _add sets the given bits and keeps the
 * others; both STORE_NOTFOUND for no such account.
 */
int store_marks_get(struct store *, int64_t user, unsigned *marks);
int store_marks_add(struct store *, int64_t user, unsigned marks);

/* ---- for the sysop ---------------------------------------------------- */

struct store_stats {
	int64_t users;
	int64_t sysops;
	int64_t banned_users;
	int64_t keys;
	int64_t games;
	int64_t rated_games;
	int64_t live_tables;
	int64_t bans;		/* in force now */
	int64_t db_bytes;	/* page_count * page_size */
	int schema_version;
};
int store_stats(struct store *, int64_t now, struct store_stats *);

/* ---- the log's checkpoints (store-checkpoint.c) -------------------- */

/*
 * The store's connection never checkpoints its log itself (that fsyncs,
 * inside a commit, on the loop thread): past a size, a commit calls `due`
 * once, and whoever opened the checkpointer runs store_checkpoint_run
 * where blocking is harmless, then store_checkpoint_done on the store's
 * thread.  store_checkpoint_run uses a connection of its own, so it may
 * run on another thread while the store commits; nothing else may use
 * the checkpointer meanwhile.
 */
struct store_checkpoint;
typedef void (*store_checkpoint_due)(void *arg);
struct store_checkpoint *store_checkpoint_open(struct store *,
    store_checkpoint_due due, void *arg, char *err, size_t errlen);
void store_checkpoint_close(struct store *, struct store_checkpoint *);
/* A passive checkpoint: the log's pages and how many of them are now in
 * the database (either may be NULL). */
int store_checkpoint_run(struct store_checkpoint *, int *log, int *copied);
void store_checkpoint_done(struct store_checkpoint *);

#endif
