/*
 * ratelimit.h - a token bucket anyone may embed: the conn's keyboard input,
 * a speaker's chat.
 */
#ifndef SRC_BASE_RATELIMIT_H
#define SRC_BASE_RATELIMIT_H

#include <stdbool.h>
#include <stdint.h>

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

#endif
