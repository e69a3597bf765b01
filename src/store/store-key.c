/*
 * store-key.c - SSH keys, a player's devices: a fingerprint belongs to at
 * most one user, who may have several.
 */
#include <ctype.h>
#include <string.h>

#include "src/store/store-int.h"

/* "SHA256:" and 43 characters of unpadded base64, as ssh-keygen -l. */
int
store_fingerprint_ok(const char *fp)
{
	size_t	 i;

	if (strncmp(fp, "SHA256:", 7) != 0)
		return 0;
	for (i = 7; fp[i] != '\0'; i++) {
		if (!isalnum((unsigned char)fp[i]) && fp[i] != '+' &&
		    fp[i] != '/')
			return 0;
	}
	return i == 7 + 43;
}

static int
store_key_owner_row(sqlite3_stmt *s, void *p)
{
	int64_t	*owner = p;

	*owner = sqlite3_column_int64(s, 0);
	return 0;
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

	/* A key logs straight in: losing it to a crash would be a surprise. */
	if ((rc = store_begin_durable(st)) != STORE_OK)
		return rc;
	s = store_stmt(st, S_KEY_OWNER);
	store_bind_text(s, 1, fingerprint);
	rc = store_one(st, s, store_key_owner_row, &owner, "",
	    "looking up a key");
	if (rc == STORE_OK)
		return store_rollback(st, store_fail(st, STORE_EXISTS,
		    owner == user ? "the key is already yours" :
		    "the key belongs to another user"));
	if (rc != STORE_NOTFOUND)
		return store_rollback(st, rc);

	s = store_stmt(st, S_KEY_INSERT);
	store_bind_text(s, 1, fingerprint);
	sqlite3_bind_int64(s, 2, user);
	store_bind_text(s, 3, type);
	store_bind_text(s, 4, comment);
	sqlite3_bind_int64(s, 5, now);
	if ((rc = store_insert(st, s, "adding a key",
	    SQLITE_CONSTRAINT_FOREIGNKEY, STORE_NOTFOUND, "no such user")) !=
	    STORE_OK)
		return rc;
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
	/* A removed key must stay removed (a lost device). */
	return store_write_durable(st, s, "removing a key",
	    "no such key on this account");
}
