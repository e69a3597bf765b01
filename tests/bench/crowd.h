/*
 * crowd.h - what the load generators share: many SSH guests, timed.
 */
#ifndef TESTS_BENCH_CROWD_H
#define TESTS_BENCH_CROWD_H

struct tclient;

/* Seconds on the monotonic clock. */
double	crowd_now(void);
/* CPU seconds this process has used (user and system). */
double	crowd_self_cpu(void);
/* As many open files as the limit allows: a session is a socket. */
void	crowd_raise_nofile(void);
/* qsort order of doubles, smallest first. */
int	crowd_cmp_double(const void *, const void *);
/*
 * A guest from nothing into the lobby at 80x24, as a person does it: SSH
 * login as `name`, the welcome screen, g.  NULL (and why, on stderr, as
 * `who`) when it did not get there within wait_ms.
 */
struct tclient *crowd_guest(int port, const char *name, int wait_ms,
	    const char *who);

#endif
