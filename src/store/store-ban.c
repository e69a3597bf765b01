/*
 * store-ban.c - bans on a name (ignoring case, guests included), on an
 * address or network (matched in store-addr.c) or on an SSH key (its
 * fingerprint), each with a reason and an optional expiry.  An expired ban
 * is kept but no longer in force.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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

	store_ban_cache_drop(st);
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

	store_ban_cache_drop(st);
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
	store_ban_cache_drop(st);
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

/*
 * The bans in force, in memory: every login checks its address, key and
 * name, and a sysop's ban checks every session in the hall.  A query
 * each (a read transaction and a scan of the address bans) cost the loop
 * about 20 us a check in a login's profile, 6% of the loop's part of a
 * login; at that rate a ban in a hall of 10,000 would hold the loop for
 * over half a second.  The daemon's store is the only writer of the bans
 * while it runs (gamehallctl goes through the control socket), so the
 * copy is read once and dropped by every write that touches bans.  Rows
 * that have expired when it is read are left out (it is read again if
 * asked about an earlier time); the others expire against `now`.
 */
struct store_ban_cache_entry {
	struct store_ban	 ban;
	char			 key[STORE_NAME_MAX + 1];	/* what_key */
	struct store_addr	 net;		/* an address ban's */
	bool			 broken;	/* a hand-edited address */
};

struct store_ban_cache {
	struct store_ban_cache_entry	*v;
	size_t				 n;
	int64_t				 read;	/* the `now` it was read at */
};

void
store_ban_cache_drop(struct store *st)
{
	if (st->bans == NULL)
		return;
	free(st->bans->v);
	free(st->bans);
	st->bans = NULL;
}

static int
store_ban_cache_row(sqlite3_stmt *s, void *p)
{
	struct store_ban_cache_entry	*e = p;

	store_ban_row(s, &e->ban);
	store_column_copy(s, 6, e->key, sizeof e->key);
	if (e->ban.kind == STORE_BAN_ADDR &&
	    store_addr_parse(e->ban.what, 1, &e->net) != 0)
		e->broken = true;	/* never matches, never crashes */
	return 0;
}

static struct store_ban_cache *
store_ban_cache(struct store *st, int64_t now)
{
	struct store_ban_cache	*c;
	sqlite3_stmt		*s;

	if (st->bans != NULL && now >= st->bans->read)
		return st->bans;
	store_ban_cache_drop(st);
	if ((c = calloc(1, sizeof *c)) == NULL) {
		store_fail(st, STORE_ERROR, "out of memory");
		return NULL;
	}
	s = store_stmt(st, S_BAN_FORCE);
	sqlite3_bind_int64(s, 1, now);
	if (store_list(st, s, "checking bans", sizeof *c->v,
	    store_ban_cache_row, NULL, (void **)&c->v, &c->n) != STORE_OK) {
		free(c);
		return NULL;
	}
	c->read = now;
	st->bans = c;
	return c;
}

/*
 * The first ban in force (by id) of that kind that `match` says is on
 * `what`: STORE_OK (and *out), STORE_NOTFOUND, or an error.
 */
static int
store_ban_check(struct store *st, enum store_ban_kind kind, int64_t now,
    bool (*match)(const struct store_ban_cache_entry *, const void *),
    const void *what, struct store_ban *out)
{
	struct store_ban_cache	*c;
	size_t			 i;

	if ((c = store_ban_cache(st, now)) == NULL)
		return STORE_ERROR;
	for (i = 0; i < c->n; i++) {
		const struct store_ban_cache_entry *e = &c->v[i];

		if (e->ban.kind != kind || e->broken ||
		    (e->ban.expires != 0 && e->ban.expires <= now) ||
		    !match(e, what))
			continue;
		if (out != NULL)
			*out = e->ban;
		return STORE_OK;
	}
	return store_fail(st, STORE_NOTFOUND, "not banned");
}

static bool
store_ban_match_key(const struct store_ban_cache_entry *e, const void *key)
{
	return strcmp(e->key, key) == 0;
}

static bool
store_ban_match_addr(const struct store_ban_cache_entry *e, const void *a)
{
	return store_addr_contains(&e->net, a);
}

int
store_ban_check_name(struct store *st, const char *name, int64_t now,
    struct store_ban *out)
{
	char		 key[STORE_NAME_MAX + 1];
	int		 rc;

	if ((rc = store_name_key(st, name, key)) != 0)
		return rc;
	return store_ban_check(st, STORE_BAN_NAME, now, store_ban_match_key,
	    key, out);
}

int
store_ban_check_addr(struct store *st, const char *addr, int64_t now,
    struct store_ban *out)
{
	struct store_addr	 a;

	if (addr == NULL || store_addr_parse(addr, 0, &a) != 0)
		return store_fail(st, STORE_INVALID, "not an address: %s",
		    addr == NULL ? "(none)" : addr);
	return store_ban_check(st, STORE_BAN_ADDR, now, store_ban_match_addr,
	    &a, out);
}

int
store_ban_check_key(struct store *st, const char *fingerprint, int64_t now,
    struct store_ban *out)
{
	if (fingerprint == NULL || *fingerprint == '\0')
		return store_fail(st, STORE_NOTFOUND, "not banned");
	return store_ban_check(st, STORE_BAN_KEY, now, store_ban_match_key,
	    fingerprint, out);
}
