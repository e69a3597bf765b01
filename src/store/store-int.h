/*
 * store-int.h - what the files of the store share, and nothing outside
 * src/store/ may include: the SQLite handle, the statements prepared at
 * open, and the helpers that step them.
 *
 * Every statement with a value in it is one of enum store_stmt, prepared
 * once by store_open() from the text in store.c; each store-NOUN.c file
 * binds and steps its own.  A helper that reads or writes one row keeps
 * store_error() in step with its return code, so a caller only returns it.
 */
#ifndef SRC_STORE_INT_H
#define SRC_STORE_INT_H

#include <stdbool.h>

#include <sqlite3.h>

#include "src/store/store.h"

enum store_stmt {
	S_BEGIN,
	S_COMMIT,
	S_ROLLBACK,
	S_USER_INSERT,
	S_USER_BY_NAME,
	S_USER_BY_ID,
	S_USER_BY_KEY,
	S_USER_SET_HASH,
	S_USER_SEEN,
	S_USER_SET_SYSOP,
	S_USER_SET_LANG,
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
	S_GAMES_BETWEEN,
	S_PLAYER_INSERT,
	S_PLAYERS_OF_GAME,
	S_TABLE_SAVE,
	S_TABLE_ALL,
	S_TABLE_DELETE,
	S_TABLE_ARCHIVE,
	S_TABLE_ARCHIVED,
	S_BAN_INSERT,
	S_BAN_DELETE,
	S_BAN_LIST,
	S_BAN_FORCE,
	S_STATS,
	/* The sysop's (store-audit.c, store-ban.c, store-user.c). */
	S_BAN_DELETE_WHAT,
	S_USER_RENAME,
	S_AUDIT_INSERT,
	S_AUDIT_LIST,
	S_GAMES_SINCE,
	S_BAN_RENAME,
	S_REPORT_INSERT,
	S_REPORT_LIST,
	/* store-marks.c */
	S_MARKS_GET,
	S_MARKS_ADD,
	S_COUNT
};

struct store {
	sqlite3		*db;
	sqlite3_stmt	*stmt[S_COUNT];
	char		 err[STORE_ERR_LEN];
	char		 warning[STORE_ERR_LEN];	/* store_warning() */
	bool		 durable;	/* synchronous=FULL until the
					 * transaction ends */
	struct store_ban_cache	*bans;	/* store-ban.c; NULL until read */
};

/*
 * Reads one row of a stepped statement into an element; fails (non-zero)
 * only when out of memory.
 */
typedef int (*store_row_fn)(sqlite3_stmt *, void *);

/* store-ban.c: the bans in force, kept in memory (see there). */
void	 store_ban_cache_drop(struct store *);

/* store.c: errors. */
int __attribute__((format(printf, 3, 4)))
	 store_fail(struct store *, int, const char *, ...);
int	 store_dbfail(struct store *, const char *);

/* store.c: statements, values and columns. */
sqlite3_stmt *store_stmt(struct store *, enum store_stmt);
int	 store_run(sqlite3_stmt *);
int	 store_check_text(struct store *, const char *, const char *, size_t,
	     int);
int	 store_bind_text(sqlite3_stmt *, int, const char *);
void	 store_column_copy(sqlite3_stmt *, int, char *, size_t);
char	*store_column_dup(sqlite3_stmt *, int);
int	 store_name_key(struct store *, const char *,
	     char[STORE_NAME_MAX + 1]);
int	 store_one(struct store *, sqlite3_stmt *, store_row_fn, void *,
	     const char *, const char *);
int	 store_list(struct store *, sqlite3_stmt *, const char *, size_t,
	     store_row_fn, void (*)(void *, size_t), void **, size_t *);
void	 store_free_each(void *, size_t, size_t, size_t);

/* store.c: transactions. */
int	 store_begin(struct store *);
int	 store_begin_durable(struct store *);
void	 store_durable_end(struct store *);
int	 store_commit(struct store *);
int	 store_rollback(struct store *, int);
int __attribute__((format(printf, 6, 7)))
	 store_insert(struct store *, sqlite3_stmt *, const char *, int, int,
	     const char *, ...);
int	 store_write_one(struct store *, sqlite3_stmt *, const char *,
	     const char *);
int	 store_write_durable(struct store *, sqlite3_stmt *, const char *,
	     const char *);

/* store-key.c: "SHA256:" and 43 base64 characters. */
int	 store_fingerprint_ok(const char *);

/* store-rating.c: for store_game_finish(), inside its transaction. */
void	 store_rating_column(sqlite3_stmt *, int, struct rating *);
void	 store_rating_bind(sqlite3_stmt *, int, const struct rating *);
int	 store_rating_read(struct store *, int64_t, const char *,
	     struct store_rating *);
int	 store_rating_put(struct store *, int64_t, const struct store_rating *,
	     const struct rating *, enum store_outcome);

/* store-addr.c: an address as 16 bytes (IPv4 mapped into IPv6) and a
 * prefix length. */
struct store_addr {
	unsigned char	addr[16];
	int		bits;
};
int	 store_addr_parse(const char *, int, struct store_addr *);
int	 store_addr_contains(const struct store_addr *,
	     const struct store_addr *);
void	 store_addr_format(struct store_addr *, char *, size_t);

#endif
