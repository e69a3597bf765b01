/*
 * store-ban.c - bans on a name (ignoring case, guests included), on an
 * address or network (matched in store-addr.c) or on an SSH key (its
 * fingerprint), each with a reason and an optional expiry.  An expired ban
 * is kept but no longer in force.
 */
#include <stdio.h>
#include <string.h>

#include "src/store/store-int.h"

static int
store_ban_row(sqlite3_stmt *s, void *p)
{
	struct store_ban	*b = p;

	memset(b, 0, sizeof *b);
	b->id = sqlite3_column_int64(s, 0);
	switch (sqlite3_column_int(s, 1)) {
	case STORE_BAN_ADDR:
		b->kind = STORE_BAN_ADDR;
		break;
	case STORE_BAN_KEY:
		b->kind = STORE_BAN_KEY;
		break;
	default:
		b->kind = STORE_BAN_NAME;
		break;
	}
	store_column_copy(s, 2, b->what, sizeof b->what);
	store_column_copy(s, 3, b->reason, sizeof b->reason);
	b->created = sqlite3_column_int64(s, 4);
	b->expires = sqlite3_column_int64(s, 5);
	return 0;
}

/*
 * A ban's target as stored (text) and as matched (key): a name folded to
 * lower case, an address normalised, a fingerprint checked.  0 or
 * STORE_INVALID with a message.
 */
static int
store_ban_target(struct store *st, enum store_ban_kind kind, const char *what,
    char text[STORE_NAME_MAX + 1], char key[STORE_NAME_MAX + 1])
{
	struct store_addr	 net;
	int			 rc;

	switch (kind) {
	case STORE_BAN_NAME:
		if ((rc = store_name_key(st, what, key)) != 0)
			return rc;
		snprintf(text, STORE_NAME_MAX + 1, "%s", what);
		return 0;
	case STORE_BAN_ADDR:
		if ((rc = store_check_text(st, "address", what,
		    STORE_ADDR_MAX, 1)) != 0)
			return rc;
		if (store_addr_parse(what, 1, &net) != 0)
			return store_fail(st, STORE_INVALID, "not an address "
			    "or network: %s (try 192.0.2.7, 192.0.2.0/24 or "
			    "2001:db8::/32)", what);
		store_addr_format(&net, text, STORE_NAME_MAX + 1);
		snprintf(key, STORE_NAME_MAX + 1, "%s", text);
		return 0;
	case STORE_BAN_KEY:
		if ((rc = store_check_text(st, "key fingerprint", what,
		    STORE_FP_MAX, 1)) != 0)
			return rc;
		if (!store_fingerprint_ok(what))
			return store_fail(st, STORE_INVALID, "not a key "
			    "fingerprint: %s (expected SHA256: and 43 base64 "
			    "characters, as ssh-keygen -l prints)", what);
		/* base64 is case-sensitive: the key is the text. */
		snprintf(text, STORE_NAME_MAX + 1, "%s", what);
		snprintf(key, STORE_NAME_MAX + 1, "%s", what);
		return 0;
	}
	return store_fail(st, STORE_INVALID, "no such kind of ban");
}

int
store_ban_add(struct store *st, enum store_ban_kind kind, const char *what,
    const char *reason, int64_t now, int64_t expires, int64_t *id)
{
	char			 text[STORE_NAME_MAX + 1];
	char			 key[STORE_NAME_MAX + 1];
	sqlite3_stmt		*s;
	int			 rc;

	if ((rc = store_check_text(st, "ban reason", reason,
	    STORE_REASON_MAX, 0)) != 0)
		return rc;
	if (expires < 0 || (expires != 0 && expires <= now))
		return store_fail(st, STORE_INVALID, "the ban would expire "
		    "before it starts");
	if ((rc = store_ban_target(st, kind, what, text, key)) != 0)
		return rc;

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
	sqlite3_stmt	*s = store_stmt(st, S_BAN_DELETE);

	sqlite3_bind_int64(s, 1, id);
	return store_write_one(st, s, "removing a ban", "no such ban");
}

int
store_ban_remove_what(struct store *st, enum store_ban_kind kind,
    const char *what, int64_t *n)
{
	char		 text[STORE_NAME_MAX + 1], key[STORE_NAME_MAX + 1];
	sqlite3_stmt	*s;
	int		 rc;

	if (n != NULL)
		*n = 0;
	if ((rc = store_ban_target(st, kind, what, text, key)) != 0)
		return rc;
	s = store_stmt(st, S_BAN_DELETE_WHAT);
	sqlite3_bind_int(s, 1, (int)kind);
	store_bind_text(s, 2, key);
	rc = store_write_one(st, s, "removing bans", NULL);
	if (rc == STORE_OK && n != NULL)
		*n = sqlite3_changes(st->db);
	if (rc == STORE_OK && sqlite3_changes(st->db) == 0)
		return store_fail(st, STORE_NOTFOUND, "no ban on %s", text);
	return rc;
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

	if ((rc = store_name_key(st, name, key)) != 0)
		return rc;
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
	struct store_addr	 a, net;
	sqlite3_stmt		*s;
	const char		*what;
	int			 rc, found = 0;

	if (addr == NULL || store_addr_parse(addr, 0, &a) != 0)
		return store_fail(st, STORE_INVALID, "not an address: %s",
		    addr == NULL ? "(none)" : addr);
	s = store_stmt(st, S_BAN_ADDRS);
	sqlite3_bind_int64(s, 1, now);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		what = (const char *)sqlite3_column_text(s, 2);
		if (what == NULL || store_addr_parse(what, 1, &net) != 0)
			continue; /* a hand-edited row: skip, never crash */
		if (store_addr_contains(&net, &a)) {
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

int
store_ban_check_key(struct store *st, const char *fingerprint, int64_t now,
    struct store_ban *out)
{
	sqlite3_stmt	*s;

	if (fingerprint == NULL || *fingerprint == '\0')
		return store_fail(st, STORE_NOTFOUND, "not banned");
	s = store_stmt(st, S_BAN_KEY);
	store_bind_text(s, 1, fingerprint);
	sqlite3_bind_int64(s, 2, now);
	return store_one(st, s, store_ban_row, out, "not banned",
	    "checking bans");
}
