/*
 * identity.c - the registry of accounts and guests the hall knows (see
 * identity.h).
 *
 * Every lookup a login makes (an account's identity, a device key's guest,
 * whether a guest name is free) goes through a hash table, and the guest
 * forgotten when too many are kept is the head of a list: nothing a login
 * does walks the registry, which holds every session's person and up to
 * IDENTITY_KEYED_MAX remembered devices.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "src/base/hash.h"
#include "src/people/identity.h"

TAILQ_HEAD(identity_list, identity);

#define IDENTITY_BUCKETS_MIN 64

struct identities {
	struct identity_list	 list;
	size_t			 count;
	size_t			 keyed_idle;	/* keyed guests nobody holds */
	struct identity_list	 idle;		/* ... oldest release first */
	/* Hash tables by name (ASCII case folded; not the computer's), by
	 * device key (guests) and by account: nbuckets each, a power of
	 * two, doubled when the registry outgrows it. */
	struct identity		**by_name, **by_key, **by_user;
	size_t			 nbuckets;
	uint64_t		 tick;
	identity_random_cb	 random;
	void			*random_arg;
};

static uint32_t
identities_sys_random(void *arg)
{
	uint32_t	 v = 0;

	(void)arg;
	if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v)
		v = (uint32_t)random();	/* getrandom cannot fail for 4 bytes */
	return v;
}

/* FNV-1a, over the name with ASCII letters folded (names compare that
 * way), or over the bytes. */
static uint32_t
identities_hash_name(const char *s)
{
	uint32_t	 h = 2166136261u;

	for (; *s != '\0'; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch >= 'A' && ch <= 'Z')
			ch = (unsigned char)(ch - 'A' + 'a');
		h = (h ^ ch) * 16777619u;
	}
	return h;
}

static uint32_t
identities_hash_bytes(const char *s)
{
	return hash_string(s);
}

static uint32_t
identities_hash_user(int64_t user)
{
	return hash_u64((uint64_t)user);
}

/* Put an identity in the indexes that apply to it. */
static void
identities_index(struct identities *ids, struct identity *id)
{
	size_t	 mask = ids->nbuckets - 1, b;

	id->next_name = id->next_key = id->next_user = NULL;
	if (id->kind != IDENTITY_CPU && id->name[0] != '\0') {
		b = identities_hash_name(id->name) & mask;
		id->next_name = ids->by_name[b];
		ids->by_name[b] = id;
	}
	if (id->kind == IDENTITY_GUEST && id->key[0] != '\0') {
		b = identities_hash_bytes(id->key) & mask;
		id->next_key = ids->by_key[b];
		ids->by_key[b] = id;
	}
	if (id->kind == IDENTITY_USER) {
		b = identities_hash_user(id->user) & mask;
		id->next_user = ids->by_user[b];
		ids->by_user[b] = id;
	}
}

static void
identities_unlink(struct identity **chain, struct identity *id,
    size_t offset)
{
	/* Each chain links through its own field, at `offset`. */
	for (; *chain != NULL; chain = (struct identity **)(void *)
	    ((char *)*chain + offset)) {
		if (*chain == id) {
			*chain = *(struct identity **)(void *)((char *)id +
			    offset);
			return;
		}
	}
}

/* Take an identity out of the indexes. */
static void
identities_unindex(struct identities *ids, struct identity *id)
{
	size_t	 mask = ids->nbuckets - 1;

	if (id->kind != IDENTITY_CPU && id->name[0] != '\0')
		identities_unlink(&ids->by_name[identities_hash_name(id->name) &
		    mask], id, offsetof(struct identity, next_name));
	if (id->kind == IDENTITY_GUEST && id->key[0] != '\0')
		identities_unlink(&ids->by_key[identities_hash_bytes(id->key) &
		    mask], id, offsetof(struct identity, next_key));
	if (id->kind == IDENTITY_USER)
		identities_unlink(&ids->by_user[identities_hash_user(id->user) &
		    mask], id, offsetof(struct identity, next_user));
}

/* Tables of n buckets, every identity indexed again: 0, or -1 (the old
 * tables stay). */
static int
identities_rehash(struct identities *ids, size_t n)
{
	struct identity	**name, **key, **user, *id;

	name = calloc(n, sizeof *name);
	key = calloc(n, sizeof *key);
	user = calloc(n, sizeof *user);
	if (name == NULL || key == NULL || user == NULL) {
		free(name);
		free(key);
		free(user);
		return -1;
	}
	free(ids->by_name);
	free(ids->by_key);
	free(ids->by_user);
	ids->by_name = name;
	ids->by_key = key;
	ids->by_user = user;
	ids->nbuckets = n;
	TAILQ_FOREACH(id, &ids->list, entry)
		identities_index(ids, id);
	return 0;
}

/* Gone from the registry. */
static void
identities_remove(struct identities *ids, struct identity *id)
{
	identities_unindex(ids, id);
	TAILQ_REMOVE(&ids->list, id, entry);
	ids->count--;
	free(id);
}

struct identities *
identities_new(identity_random_cb random_cb, void *arg)
{
	struct identities	*ids;

	ids = calloc(1, sizeof *ids);
	if (ids == NULL)
		return NULL;
	TAILQ_INIT(&ids->list);
	TAILQ_INIT(&ids->idle);
	if (identities_rehash(ids, IDENTITY_BUCKETS_MIN) != 0) {
		free(ids);
		return NULL;
	}
	ids->random = random_cb != NULL ? random_cb : identities_sys_random;
	ids->random_arg = arg;
	return ids;
}

void
identities_free(struct identities *ids)
{
	struct identity	*id;

	if (ids == NULL)
		return;
	while ((id = TAILQ_FIRST(&ids->list)) != NULL) {
		TAILQ_REMOVE(&ids->list, id, entry);
		free(id);
	}
	free(ids->by_name);
	free(ids->by_key);
	free(ids->by_user);
	free(ids);
}

int
identity_name_is_guest(const char *name)
{
	return strncasecmp(name, "guest", 5) == 0;
}

struct identity *
identities_find(struct identities *ids, const char *name)
{
	struct identity	*id;

	for (id = ids->by_name[identities_hash_name(name) &
	    (ids->nbuckets - 1)]; id != NULL; id = id->next_name) {
		if (strcasecmp(id->name, name) == 0)
			return id;
	}
	return NULL;
}

static struct identity *
identities_by_key(struct identities *ids, const char *key)
{
	struct identity	*id;

	for (id = ids->by_key[identities_hash_bytes(key) &
	    (ids->nbuckets - 1)]; id != NULL; id = id->next_key) {
		if (strcmp(id->key, key) == 0)
			return id;
	}
	return NULL;
}

/* A guest name nobody in the registry has. */
static void
identities_fresh_name(struct identities *ids, char *buf, size_t len)
{
	char		 name[IDENTITY_NAME_LEN];
	unsigned	 digits = 4, tries;
	uint32_t	 v, mask;

	/* `buf` may be the name of an identity in the list: try names in
	 * a buffer of our own. */
	for (;;) {
		mask = digits >= 8 ? 0xffffffffu : (1u << (4 * digits)) - 1;
		/* Plenty of tries before taking longer names: with the
		 * hall's connection cap, four digits almost never run out. */
		for (tries = 0; tries < 32; tries++) {
			v = ids->random(ids->random_arg) & mask;
			snprintf(name, sizeof name, IDENTITY_GUEST_PREFIX
			    "%0*x", (int)digits, v);
			if (identities_find(ids, name) == NULL) {
				snprintf(buf, len, "%s", name);
				return;
			}
		}
		if (digits < 8)
			digits += 2;
	}
}

/* Forget the longest-unused keyed guest nobody holds. */
static void
identities_forget_oldest(struct identities *ids)
{
	struct identity	*oldest = TAILQ_FIRST(&ids->idle);

	if (oldest != NULL) {
		TAILQ_REMOVE(&ids->idle, oldest, idle_entry);
		ids->keyed_idle--;
		identities_remove(ids, oldest);
	}
}

/* A new identity, listed (not yet indexed: it has no name yet). */
static struct identity *
identities_add(struct identities *ids, enum identity_kind kind)
{
	struct identity	*id;

	if (ids->count >= ids->nbuckets)
		(void)identities_rehash(ids, ids->nbuckets * 2);
	id = calloc(1, sizeof *id);
	if (id == NULL)
		return NULL;
	id->kind = kind;
	id->refs = 1;
	TAILQ_INSERT_TAIL(&ids->list, id, entry);
	ids->count++;
	return id;
}

struct identity *
identities_user(struct identities *ids, int64_t user, const char *name)
{
	struct identity	*id;

	for (id = ids->by_user[identities_hash_user(user) &
	    (ids->nbuckets - 1)]; id != NULL; id = id->next_user) {
		if (id->user == user) {
			identity_ref(id);
			return id;
		}
	}
	id = identities_add(ids, IDENTITY_USER);
	if (id == NULL)
		return NULL;
	id->user = user;
	snprintf(id->name, sizeof id->name, "%s", name);
	identities_index(ids, id);
	return id;
}

struct identity *
identities_guest(struct identities *ids, const char *key)
{
	struct identity	*id;

	if (key != NULL && *key != '\0') {
		id = identities_by_key(ids, key);
		if (id != NULL) {
			if (id->refs == 0) {
				TAILQ_REMOVE(&ids->idle, id, idle_entry);
				ids->keyed_idle--;
			}
			identity_ref(id);
			return id;
		}
	}
	id = identities_add(ids, IDENTITY_GUEST);
	if (id == NULL)
		return NULL;
	identities_fresh_name(ids, id->name, sizeof id->name);
	if (key != NULL)
		snprintf(id->key, sizeof id->key, "%s", key);
	identities_index(ids, id);
	return id;
}

struct identity *
identities_cpu(struct identities *ids, int level, const char *level_name)
{
	struct identity	*id;

	if ((id = identities_add(ids, IDENTITY_CPU)) == NULL)
		return NULL;
	id->level = level;
	snprintf(id->name, sizeof id->name, "CPU (%s)", level_name);
	return id;	/* in no index: never found by name */
}

int
identities_guest_name(struct identities *ids, const char *key, char *buf,
    size_t len)
{
	struct identity	*id;

	if (key != NULL && *key != '\0' &&
	    (id = identities_by_key(ids, key)) != NULL) {
		snprintf(buf, len, "%s", id->name);
		return 1;
	}
	identities_fresh_name(ids, buf, len);
	return 0;
}

void
identity_ref(struct identity *id)
{
	id->refs++;
}

void
identities_release(struct identities *ids, struct identity *id)
{
	if (id == NULL || id->refs == 0)
		return;
	if (--id->refs > 0)
		return;
	id->last_used = ++ids->tick;
	if (id->kind == IDENTITY_GUEST && id->key[0] != '\0') {
		/* A device key: keep the name for when it comes back. */
		TAILQ_INSERT_TAIL(&ids->idle, id, idle_entry);
		ids->keyed_idle++;
		if (ids->keyed_idle > IDENTITY_KEYED_MAX)
			identities_forget_oldest(ids);
		return;
	}
	identities_remove(ids, id);
}

size_t
identities_count(const struct identities *ids)
{
	return ids->count;
}

struct identity *
identities_first(struct identities *ids)
{
	return TAILQ_FIRST(&ids->list);
}

struct identity *
identities_next(struct identity *id)
{
	return TAILQ_NEXT(id, entry);
}
