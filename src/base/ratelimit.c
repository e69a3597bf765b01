/*
 * ratelimit.c - a token bucket.  Time comes from the caller (milliseconds
 * on the daemon's monotonic clock), so tests run it on a manual clock.
 */
#include "src/base/ratelimit.h"

void
ratelimit_init(struct ratelimit *rl, double rate, double burst,
    uint64_t now_ms)
{
	rl->rate = rate;
	rl->burst = burst;
	rl->tokens = burst;
	rl->last_ms = now_ms;
}

static void
ratelimit_refill(struct ratelimit *rl, uint64_t now_ms)
{
	if (now_ms > rl->last_ms) {
		rl->tokens += rl->rate * (double)(now_ms - rl->last_ms) / 1000.0;
		if (rl->tokens > rl->burst)
			rl->tokens = rl->burst;
	}
	/* A clock that went backwards just earns nothing. */
	rl->last_ms = now_ms;
}

bool
ratelimit_take(struct ratelimit *rl, double n, uint64_t now_ms)
{
	ratelimit_refill(rl, now_ms);
	if (rl->tokens + 1e-9 < n)
		return false;
	rl->tokens -= n;
	if (rl->tokens < 0)
		rl->tokens = 0;
	return true;
}

double
ratelimit_available(struct ratelimit *rl, uint64_t now_ms)
{
	ratelimit_refill(rl, now_ms);
	return rl->tokens;
}

uint64_t
ratelimit_wait_ms(struct ratelimit *rl, double n, uint64_t now_ms)
{
	double	 missing;

	ratelimit_refill(rl, now_ms);
	if (n > rl->burst || rl->rate <= 0)
		return UINT64_MAX;
	missing = n - rl->tokens;
	if (missing <= 1e-9)
		return 0;
	return (uint64_t)(missing * 1000.0 / rl->rate) + 1;
}
