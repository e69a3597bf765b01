/*
 * limits.h - who may connect, and how fast anyone may go.
 *
 * Two things live here:
 *
 * - struct ratelimit, a token bucket anyone may embed (the conn uses one for
 *   keyboard input, the hall for chat).  Time is passed in by the caller
 *   (milliseconds on a monotonic clock), so tests can run it on a fake
 *   clock.
 *
 * - struct limits, the daemon's admission control (DESIGN §5): a cap on all
 *   connections, per-IP connection caps, sshd-style MaxStartups random
 *   early drop of unauthenticated connections, a per-source cap on
 *   unauthenticated connections, and per-source penalties for failed
 *   logins.  A "source" is an IPv4 address or an IPv6 /64 (IPv4-mapped
 *   IPv6 counts as IPv4).  The random source and the clock are injected.
 */
#ifndef SRC_LIMITS_H
#define SRC_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct config;
struct sockaddr;

/* A token bucket: `rate` tokens per second, at most `burst` saved up. */
struct ratelimit {
	double		tokens;
	double		rate;
	double		burst;
	uint64_t	last_ms;
};

/* Starts full. */
void	ratelimit_init(struct ratelimit *, double rate, double burst,
	    uint64_t now_ms);

/* Take n tokens if there are that many: true; else false, nothing taken. */
bool	ratelimit_take(struct ratelimit *, double n, uint64_t now_ms);

/* Tokens available now (never more than burst). */
double	ratelimit_available(struct ratelimit *, uint64_t now_ms);

/* Milliseconds until n tokens are available (0 = now; n > burst is never:
 * UINT64_MAX). */
uint64_t ratelimit_wait_ms(struct ratelimit *, double n, uint64_t now_ms);

/* Milliseconds on CLOCK_MONOTONIC. */
uint64_t limits_now_ms(void);

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
