/*
 * identity.c - the registry of accounts and guests the hall knows (see
 * identity.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "src/people/identity.h"

TAILQ_HEAD(identity_list, identity);

struct identities {
	struct identity_list	 list;
	size_t			 count;
	size_t			 keyed_idle;	/* keyed guests nobody holds */
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

struct identities *
identities_new(identity_random_cb random_cb, void *arg)
{
	struct identities	*ids;

	ids = calloc(1, sizeof *ids);
	if (ids == NULL)
		return NULL;
	TAILQ_INIT(&ids->list);
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

	TAILQ_FOREACH(id, &ids->list, entry) {
		if (strcasecmp(id->name, name) == 0)
			return id;
	}
	return NULL;
}

static struct identity *
identities_by_key(struct identities *ids, const char *key)
{
	struct identity	*id;

	TAILQ_FOREACH(id, &ids->list, entry) {
		if (id->kind == IDENTITY_GUEST && strcmp(id->key, key) == 0)
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
	struct identity	*id, *oldest = NULL;

	TAILQ_FOREACH(id, &ids->list, entry) {
		if (id->refs == 0 &&
		    (oldest == NULL || id->last_used < oldest->last_used))
			oldest = id;
	}
	if (oldest != NULL) {
		TAILQ_REMOVE(&ids->list, oldest, entry);
		ids->count--;
		ids->keyed_idle--;
		free(oldest);
	}
}

static struct identity *
identities_add(struct identities *ids, enum identity_kind kind)
{
	struct identity	*id;

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

	TAILQ_FOREACH(id, &ids->list, entry) {
		if (id->kind == IDENTITY_USER && id->user == user) {
			identity_ref(id);
			return id;
		}
	}
	id = identities_add(ids, IDENTITY_USER);
	if (id == NULL)
		return NULL;
	id->user = user;
	snprintf(id->name, sizeof id->name, "%s", name);
	return id;
}

struct identity *
identities_guest(struct identities *ids, const char *key)
{
	struct identity	*id;

	if (key != NULL && *key != '\0') {
		id = identities_by_key(ids, key);
		if (id != NULL) {
			if (id->refs == 0)
				ids->keyed_idle--;
			identity_ref(id);
			return id;
		}
	}
	id = identities_add(ids, IDENTITY_GUEST);
	if (id == NULL)
		return NULL;
	/* Named after it is in the list: its name is then taken too. */
	identities_fresh_name(ids, id->name, sizeof id->name);
	if (key != NULL)
		snprintf(id->key, sizeof id->key, "%s", key);
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
	return id;
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
		ids->keyed_idle++;
		if (ids->keyed_idle > IDENTITY_KEYED_MAX)
			identities_forget_oldest(ids);
		return;
	}
	TAILQ_REMOVE(&ids->list, id, entry);
	ids->count--;
	free(id);
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
