/*
 * store-user.c - accounts: a name unique ignoring case, a password hash,
 * when the user came and was last seen, sysop and ban flags, the language
 * the hall is read in.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "src/store/store-int.h"

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
	store_column_copy(s, 8, u->lang, sizeof u->lang);
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

	if ((rc = store_name_key(st, name, key)) != 0)
		return rc;
	if ((rc = store_check_text(st, "password hash", hash,
	    STORE_HASH_MAX - 1, 0)) != 0)
		return rc;

	/* A new account is as worth keeping as a game's result. */
	if ((rc = store_begin_durable(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_USER_INSERT);
	store_bind_text(s, 1, name);
	store_bind_text(s, 2, key);
	store_bind_text(s, 3, hash);
	sqlite3_bind_int64(s, 4, now);
	sqlite3_bind_int64(s, 5, now);
	if ((rc = store_insert(st, s, "adding a user",
	    SQLITE_CONSTRAINT_UNIQUE, STORE_EXISTS, "the name %s is taken",
	    name)) != STORE_OK || (rc = store_commit(st)) != STORE_OK)
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

	if ((rc = store_name_key(st, name, key)) != 0)
		return rc;
	s = store_stmt(st, S_USER_BY_NAME);
	store_bind_text(s, 1, key);
	return store_user_select(st, s, u, "no such user");
}

int
store_user_get(struct store *st, int64_t id, struct store_user *u)
{
	sqlite3_stmt	*s = store_stmt(st, S_USER_BY_ID);

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
	return store_write_durable(st, s, "setting a password",
	    "no such user");
}

int
store_user_seen(struct store *st, int64_t id, int64_t now)
{
	sqlite3_stmt	*s = store_stmt(st, S_USER_SEEN);

	sqlite3_bind_int64(s, 1, now);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "updating last seen", "no such user");
}

int
store_user_set_sysop(struct store *st, int64_t id, int sysop)
{
	sqlite3_stmt	*s = store_stmt(st, S_USER_SET_SYSOP);

	sqlite3_bind_int(s, 1, sysop != 0);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "setting sysop", "no such user");
}

int
store_user_set_lang(struct store *st, int64_t id, const char *lang)
{
	sqlite3_stmt	*s;
	int		 rc;

	if ((rc = store_check_text(st, "language", lang, STORE_LANG_MAX,
	    0)) != 0)
		return rc;
	for (const char *p = lang; p != NULL && *p != '\0'; p++) {
		if (!isalpha((unsigned char)*p) && *p != '_')
			return store_fail(st, STORE_INVALID, "the language "
			    "\"%s\" is not a language code", lang);
	}
	s = store_stmt(st, S_USER_SET_LANG);
	store_bind_text(s, 1, lang);
	sqlite3_bind_int64(s, 2, id);
	return store_write_one(st, s, "setting the language", "no such user");
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

/*
 * A new name, and the account's bans by name follow it (a rename must
 * not be a way out of a ban), in one transaction.
 */
int
store_user_rename(struct store *st, int64_t id, const char *name)
{
	char			 key[STORE_NAME_MAX + 1], old[STORE_NAME_MAX + 1];
	struct store_user	 u;
	sqlite3_stmt		*s;
	int			 rc;

	if ((rc = store_name_key(st, name, key)) != 0)
		return rc;
	if ((rc = store_user_get(st, id, &u)) != STORE_OK)
		return rc;
	if ((rc = store_name_key(st, u.name, old)) != 0)
		return rc;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_USER_RENAME);
	store_bind_text(s, 1, name);
	store_bind_text(s, 2, key);
	sqlite3_bind_int64(s, 3, id);
	if ((rc = store_insert(st, s, "renaming a user",
	    SQLITE_CONSTRAINT_UNIQUE, STORE_EXISTS, "the name %s is taken",
	    name)) != STORE_OK)
		return rc;
	if (sqlite3_changes(st->db) == 0)
		return store_rollback(st, store_fail(st, STORE_NOTFOUND,
		    "no such user"));
	store_ban_cache_drop(st);
	s = store_stmt(st, S_BAN_RENAME);
	store_bind_text(s, 1, name);
	store_bind_text(s, 2, key);
	store_bind_text(s, 3, old);
	if (store_run(s) != SQLITE_DONE)
		return store_rollback(st, store_dbfail(st, "moving bans"));
	return store_commit(st);
}
