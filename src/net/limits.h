/*
 * limits.h - who may connect, and how fast anyone may go.
 *
 * struct limits is the daemon's admission control (docs/design.md §5): a
 *   cap on all connections, per-IP connection caps, sshd-style MaxStartups
 *   random early drop of unauthenticated connections, a per-source cap on
 *   unauthenticated connections, and per-source penalties for failed
 *   logins.  A "source" is an IPv4 address or an IPv6 /64 (IPv4-mapped
 *   IPv6 counts as IPv4).  The random source and the time are injected.
 *   Token buckets are src/base/ratelimit.h.
 */
#ifndef SRC_LIMITS_H
#define SRC_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "src/base/ratelimit.h"

struct config;
struct sockaddr;

enum limits_verdict {
	LIMITS_OK,		/* accepted and counted */
	LIMITS_FULL,		/* max_sessions reached */
	LIMITS_PER_IP,		/* max_conns_per_ip reached */
	LIMITS_STARTUPS,	/* max_startups: (randomly) dropped */
	LIMITS_SOURCE_STARTUPS,	/* per_source_max_startups reached */
	LIMITS_PENALTY,		/* the source is serving a penalty */
};

struct limits;

/* Uniform random 32-bit numbers (tests inject their own). */
typedef uint32_t (*limits_random_cb)(void *arg);

/* NULL random = getrandom-backed. */
struct limits *limits_new(const struct config *, limits_random_cb random,
	    void *random_arg);
void	limits_free(struct limits *);

/*
 * A new connection from addr at now_ms: LIMITS_OK counts it as open and
 * unauthenticated; anything else counts nothing (close the socket).
 */
enum limits_verdict limits_accept(struct limits *, const struct sockaddr *,
	    uint64_t now_ms);

/* The connection counted by limits_accept authenticated (or was let in). */
void	limits_authenticated(struct limits *, const struct sockaddr *);

/* The connection went away; authenticated = limits_authenticated was
 * called for it. */
void	limits_closed(struct limits *, const struct sockaddr *,
	    bool authenticated);

/* Add seconds of penalty to addr's source (capped at penalty_max; exempt
 * addresses never get any). */
void	limits_penalise(struct limits *, const struct sockaddr *, int seconds,
	    uint64_t now_ms);

/* Seconds of penalty addr's source still has (rounded up). */
int	limits_penalty(struct limits *, const struct sockaddr *,
	    uint64_t now_ms);

/* Counters for logs and tests. */
size_t	limits_total(const struct limits *);		/* open connections */
size_t	limits_unauthenticated(const struct limits *);
size_t	limits_source_count(struct limits *, const struct sockaddr *);

/* A short word for a verdict ("per-IP cap", ...), for log lines. */
const char *limits_verdict_name(enum limits_verdict);

#endif
