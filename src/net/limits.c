/*
 * limits.c - admission control.
 *
 * Sources live in a small chained hash table keyed by a 16-byte address
 * (IPv4 as IPv4-mapped IPv6, IPv6 cut to its /64).  An entry exists while
 * the source has connections or an unexpired penalty; idle entries are
 * dropped when their chain is walked, so the table stays as large as the
 * set of sources that matter right now.
 *
 * The early drop counts each source's unauthenticated connections only up
 * to one short of max_startups' start (limits_drop_share), after its own
 * cap: one address alone, however many it may hold, can then never push
 * everybody else into random early drop (measured before: ten idle
 * connections from one address, the per-source cap then, failed every
 * other address's logins at random).
 */
#include <sys/types.h>
#include <sys/random.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <stdlib.h>
#include <string.h>

#include "src/base/config.h"
#include "src/net/limits.h"

#define LIMITS_BUCKETS 4096

struct limits_source {
	unsigned char		 key[16];
	unsigned		 conns;
	unsigned		 unauth;
	uint64_t		 penalty_until;	/* ms; 0 = none */
	struct limits_source	*next;
};

struct limits_exempt {
	unsigned char	addr[16];
	int		prefix;		/* bits of addr that must match */
};

struct limits {
	const struct config	 *cfg;
	limits_random_cb	  random;
	void			 *random_arg;
	uint32_t		  seed;
	size_t			  total;
	size_t			  unauth;
	size_t			  unauth_drop;	/* what the early drop counts */
	struct limits_exempt	 *exempt;
	size_t			  nexempt;
	struct limits_source	 *buckets[LIMITS_BUCKETS];
};

static uint32_t
limits_getrandom(void *arg)
{
	uint32_t	 r;

	if (getrandom(&r, sizeof r, 0) != sizeof r)
		r = (uint32_t)random();
	return r;
}

/* addr as 16 bytes, IPv4 mapped; -1 for other families. */
static int
limits_addr16(const struct sockaddr *sa, unsigned char out[16])
{
	const struct sockaddr_in	*sin;
	const struct sockaddr_in6	*sin6;

	if (sa->sa_family == AF_INET) {
		sin = (const struct sockaddr_in *)sa;
		memset(out, 0, 10);
		out[10] = out[11] = 0xff;
		memcpy(out + 12, &sin->sin_addr, 4);
		return 0;
	}
	if (sa->sa_family == AF_INET6) {
		sin6 = (const struct sockaddr_in6 *)sa;
		memcpy(out, &sin6->sin6_addr, 16);
		return 0;
	}
	return -1;
}

static bool
limits_is_v4(const unsigned char a[16])
{
	static const unsigned char prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0xff, 0xff };

	return memcmp(a, prefix, 12) == 0;
}

/* The source key: IPv4 whole, IPv6 cut to /64. */
static int
limits_key(const struct sockaddr *sa, unsigned char key[16])
{
	if (limits_addr16(sa, key) != 0)
		return -1;
	if (!limits_is_v4(key))
		memset(key + 8, 0, 8);
	return 0;
}

static bool
limits_prefix_match(const unsigned char *a, const unsigned char *b, int bits)
{
	int		 whole = bits / 8, rest = bits % 8;
	unsigned char	 mask;

	if (memcmp(a, b, whole) != 0)
		return false;
	if (rest == 0)
		return true;
	mask = (unsigned char)(0xff << (8 - rest));
	return (a[whole] & mask) == (b[whole] & mask);
}

/* Parse "addr[/prefix]" (IPv4 or IPv6) into an exempt entry. */
static int
limits_parse_exempt(const char *text, struct limits_exempt *e)
{
	char		 buf[80], *slash, *end;
	struct in_addr	 v4;
	size_t		 len = strlen(text);
	long		 bits;
	int		 max;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len + 1);
	slash = strchr(buf, '/');
	if (slash != NULL)
		*slash++ = '\0';
	if (inet_pton(AF_INET, buf, &v4) == 1) {
		memset(e->addr, 0, 10);
		e->addr[10] = e->addr[11] = 0xff;
		memcpy(e->addr + 12, &v4, 4);
		max = 32;
	} else if (inet_pton(AF_INET6, buf, e->addr) == 1)
		max = 128;
	else
		return -1;
	bits = max;
	if (slash != NULL) {
		bits = strtol(slash, &end, 10);
		if (*slash == '\0' || *end != '\0' || bits < 0 || bits > max)
			return -1;
	}
	e->prefix = (int)bits + (max == 32 ? 96 : 0);
	return 0;
}

struct limits *
limits_new(const struct config *cfg, limits_random_cb random_cb,
    void *random_arg)
{
	struct limits	*l;
	char		*list, *tok, *save = NULL;

	l = calloc(1, sizeof *l);
	if (l == NULL)
		return NULL;
	l->cfg = cfg;
	l->random = random_cb != NULL ? random_cb : limits_getrandom;
	l->random_arg = random_arg;
	l->seed = l->random(l->random_arg);

	/* Bad entries in the exempt list are skipped: nothing reports them. */
	list = strdup(cfg->penalty_exempt);
	if (list == NULL) {
		free(l);
		return NULL;
	}
	for (tok = strtok_r(list, ", \t", &save); tok != NULL;
	    tok = strtok_r(NULL, ", \t", &save)) {
		struct limits_exempt	e, *grown;

		if (limits_parse_exempt(tok, &e) != 0)
			continue;
		grown = realloc(l->exempt, (l->nexempt + 1) * sizeof *grown);
		if (grown == NULL)
			break;
		l->exempt = grown;
		l->exempt[l->nexempt++] = e;
	}
	free(list);
	return l;
}

void
limits_free(struct limits *l)
{
	struct limits_source	*s, *next;
	size_t			 i;

	if (l == NULL)
		return;
	for (i = 0; i < LIMITS_BUCKETS; i++) {
		for (s = l->buckets[i]; s != NULL; s = next) {
			next = s->next;
			free(s);
		}
	}
	free(l->exempt);
	free(l);
}

static size_t
limits_hash(const struct limits *l, const unsigned char key[16])
{
	uint32_t	 h = 2166136261u ^ l->seed;
	int		 i;

	for (i = 0; i < 16; i++) {
		h ^= key[i];
		h *= 16777619u;
	}
	h ^= h >> 15;
	return h % LIMITS_BUCKETS;
}

/*
 * The entry for key, created if `create`; idle entries met on the way are
 * freed.
 */
static struct limits_source *
limits_find(struct limits *l, const unsigned char key[16], uint64_t now_ms,
    bool create)
{
	struct limits_source	**pp, *s, *found = NULL;

	pp = &l->buckets[limits_hash(l, key)];
	while ((s = *pp) != NULL) {
		if (memcmp(s->key, key, 16) == 0) {
			found = s;
			pp = &s->next;
			continue;
		}
		if (s->conns == 0 && s->penalty_until <= now_ms) {
			*pp = s->next;
			free(s);
			continue;
		}
		pp = &s->next;
	}
	if (found != NULL || !create)
		return found;
	found = calloc(1, sizeof *found);
	if (found == NULL)
		return NULL;
	memcpy(found->key, key, 16);
	found->next = l->buckets[limits_hash(l, key)];
	l->buckets[limits_hash(l, key)] = found;
	return found;
}

static bool
limits_exempt(const struct limits *l, const struct sockaddr *sa)
{
	unsigned char	 a[16];
	size_t		 i;

	if (limits_addr16(sa, a) != 0)
		return false;
	for (i = 0; i < l->nexempt; i++) {
		if (limits_prefix_match(a, l->exempt[i].addr,
		    l->exempt[i].prefix))
			return true;
	}
	return false;
}

/* How many of one source's unauthenticated connections the drop counts. */
static unsigned
limits_drop_share(const struct limits *l)
{
	int	 begin = l->cfg->max_startups_begin;

	return begin > 1 ? (unsigned)begin - 1 : 1;
}

/* Source s gains (+1) or loses (-1) an unauthenticated connection. */
static void
limits_unauth_add(struct limits *l, struct limits_source *s, int delta)
{
	if (delta > 0) {
		s->unauth++;
		l->unauth++;
		if (s->unauth <= limits_drop_share(l))
			l->unauth_drop++;
	} else if (s->unauth > 0) {
		if (s->unauth <= limits_drop_share(l))
			l->unauth_drop--;
		s->unauth--;
		l->unauth--;
	}
}

/* sshd's MaxStartups: drop with a probability rising from rate% at begin
 * to 100% at full. */
static bool
limits_early_drop(struct limits *l)
{
	const struct config	*cfg = l->cfg;
	size_t			 n = l->unauth_drop;
	uint32_t		 p;

	if (n < (size_t)cfg->max_startups_begin)
		return false;
	if (n >= (size_t)cfg->max_startups_full)
		return true;
	p = 100 - (uint32_t)cfg->max_startups_rate;
	p *= (uint32_t)(n - (size_t)cfg->max_startups_begin);
	p /= (uint32_t)(cfg->max_startups_full - cfg->max_startups_begin);
	p += (uint32_t)cfg->max_startups_rate;
	return l->random(l->random_arg) % 100 < p;
}

enum limits_verdict
limits_accept(struct limits *l, const struct sockaddr *sa, uint64_t now_ms)
{
	const struct config	*cfg = l->cfg;
	struct limits_source	*s;
	unsigned char		 key[16];

	if (limits_key(sa, key) != 0)
		return LIMITS_FULL;
	s = limits_find(l, key, now_ms, true);
	if (s == NULL)
		return LIMITS_FULL;

	if (s->penalty_until > now_ms &&
	    s->penalty_until - now_ms > (uint64_t)cfg->penalty_min * 1000)
		return LIMITS_PENALTY;
	if (l->total >= (size_t)cfg->max_sessions)
		return LIMITS_FULL;
	if (cfg->max_conns_per_ip > 0 &&
	    s->conns >= (unsigned)cfg->max_conns_per_ip)
		return LIMITS_PER_IP;
	/* A source's own cap first: its excess never reaches the drop. */
	if (s->unauth >= (unsigned)cfg->per_source_max_startups)
		return LIMITS_SOURCE_STARTUPS;
	if (limits_early_drop(l))
		return LIMITS_STARTUPS;

	s->conns++;
	l->total++;
	limits_unauth_add(l, s, 1);
	return LIMITS_OK;
}

void
limits_authenticated(struct limits *l, const struct sockaddr *sa)
{
	struct limits_source	*s;
	unsigned char		 key[16];

	if (limits_key(sa, key) != 0)
		return;
	s = limits_find(l, key, 0, false);
	if (s == NULL || s->unauth == 0)
		return;
	limits_unauth_add(l, s, -1);
}

void
limits_closed(struct limits *l, const struct sockaddr *sa,
    bool authenticated)
{
	struct limits_source	*s;
	unsigned char		 key[16];

	if (limits_key(sa, key) != 0)
		return;
	s = limits_find(l, key, 0, false);
	if (s == NULL || s->conns == 0)
		return;
	s->conns--;
	l->total--;
	if (!authenticated)
		limits_unauth_add(l, s, -1);
}

void
limits_penalise(struct limits *l, const struct sockaddr *sa, int seconds,
    uint64_t now_ms)
{
	struct limits_source	*s;
	unsigned char		 key[16];
	uint64_t		 cap;

	if (seconds <= 0 || limits_exempt(l, sa) || limits_key(sa, key) != 0)
		return;
	s = limits_find(l, key, now_ms, true);
	if (s == NULL)
		return;
	if (s->penalty_until < now_ms)
		s->penalty_until = now_ms;
	s->penalty_until += (uint64_t)seconds * 1000;
	cap = now_ms + (uint64_t)l->cfg->penalty_max * 1000;
	if (s->penalty_until > cap)
		s->penalty_until = cap;
}

int
limits_penalty(struct limits *l, const struct sockaddr *sa, uint64_t now_ms)
{
	struct limits_source	*s;
	unsigned char		 key[16];

	if (limits_key(sa, key) != 0)
		return 0;
	s = limits_find(l, key, now_ms, false);
	if (s == NULL || s->penalty_until <= now_ms)
		return 0;
	return (int)((s->penalty_until - now_ms + 999) / 1000);
}

size_t
limits_total(const struct limits *l)
{
	return l->total;
}

size_t
limits_unauthenticated(const struct limits *l)
{
	return l->unauth;
}

size_t
limits_source_count(struct limits *l, const struct sockaddr *sa)
{
	struct limits_source	*s;
	unsigned char		 key[16];

	if (limits_key(sa, key) != 0)
		return 0;
	s = limits_find(l, key, 0, false);
	return s == NULL ? 0 : s->conns;
}

const char *
limits_verdict_name(enum limits_verdict v)
{
	switch (v) {
	case LIMITS_OK:
		return "accepted";
	case LIMITS_FULL:
		return "server full";
	case LIMITS_PER_IP:
		return "per-IP connection cap";
	case LIMITS_STARTUPS:
		return "max_startups early drop";
	case LIMITS_SOURCE_STARTUPS:
		return "per-source unauthenticated cap";
	case LIMITS_PENALTY:
		return "penalty for failed logins";
	}
	return "?";
}
