/*
 * crowd.h - what the load generators share: many SSH guests, timed.
 */
#ifndef TESTS_BENCH_CROWD_H
#define TESTS_BENCH_CROWD_H

#include <stdint.h>

struct harness;
struct tclient;

/* The daemon's CPU seconds by thread: the loop (its main thread), the key
 * exchange threads (gh-kex*), the SSH session threads (gh-ssh*) and the
 * rest (the workers and the CPU players). */
struct crowd_split {
	double	loop, kex, ssh, other;
};
void	crowd_split_read(const struct harness *, struct crowd_split *);
/* "loop 1.20, key exchange 0.80, sessions 0.40, others 0.01 ms per
 * login": after minus before, in ms per `what` (n of them). */
void	crowd_split_print(const struct harness *,
	    const struct crowd_split *before, int n, const char *what);

/* Seconds on the monotonic clock. */
double	crowd_now(void);
/* CPU seconds this process has used (user and system). */
double	crowd_self_cpu(void);
/* As many open files as the limit allows: a session is a socket. */
void	crowd_raise_nofile(void);
/* qsort order of doubles, smallest first. */
int	crowd_cmp_double(const void *, const void *);
/*
 * The q quantile (0 < q <= 1) of n sorted samples, by nearest rank: the
 * smallest sample with at least q of them at or below it (the p99 of 100
 * samples is the 99th, not the largest).
 */
double	crowd_quantile(const double *, size_t, double);
/*
 * The bench's own threads (those it starts from now on, and the caller)
 * run only when the daemon leaves a core (the idle scheduling class, else
 * nice 19).  A crowd of 10,000 is
 * 10,000 machines elsewhere; here it shares the daemon's two cores, and
 * decrypting and drawing 10,000 screens would otherwise take the cores the
 * figures are about.  Call it after the daemon was started.
 */
void	crowd_yield_cores(void);
/* Seconds on the real-time clock, which the kernel's receive times use. */
double	crowd_real_now(void);
/* Stamp what arrives on fd with the kernel's time of arrival. */
void	crowd_stamp(int fd);
/*
 * When the oldest bytes not yet read on fd (stamped by crowd_stamp)
 * reached the socket, on the real-time clock: the moment the client
 * would have them, however late the bench comes to read them.  -1 when
 * nothing is waiting or it carries no stamp.
 */
double	crowd_arrival(int fd);
/*
 * Read what already came for clients c[0..n-1] (NULL ones skipped),
 * without waiting.  A bench that sets up thousands of sessions takes
 * minutes, and a client nobody reads fills its socket until the daemon's
 * kernel gives up on it (tcp_user_timeout, 60 s), as it should on a peer
 * that is gone: the bench would lose those sessions to itself.
 */
void	crowd_read_ready(struct tclient **c, int n);
/*
 * Sockets a thread waits on, each registered once (epoll), so that a wait
 * costs the kernel what is ready, not every socket.  tablebench's and
 * lobbybench's readers used to poll() all their sockets on every wait
 * (crowd_read_ready still does, once, between set-up steps; hallbench's
 * drain too, where no latency is measured): the kernel's work per socket,
 * thousands of times a second, in calls that on a kernel which does not
 * preempt itself (this machine's runs with preemption "none") held a core
 * for milliseconds, however idle-class the thread, while the daemon's
 * threads waited for it.  A closed socket leaves the set by itself; a
 * client the bench stops reading must be taken out (crowd_set_del), or
 * its pending bytes would wake every wait.
 */
struct crowd_set;
struct crowd_set *crowd_set_new(void);
void	crowd_set_free(struct crowd_set *);
/* Watch fd (none if < 0) for input; `tag` names it in crowd_set_wait. */
void	crowd_set_add(struct crowd_set *, int fd, uint64_t tag);
void	crowd_set_del(struct crowd_set *, int fd);
/* Wait up to ms (0: not at all) for input or an error on the sockets;
 * the tags of up to max ready ones, and how many (0 when none). */
int	crowd_set_wait(struct crowd_set *, uint64_t *tags, int max, int ms);
/*
 * A guest from nothing into the lobby at 80x24, as a person does it: SSH
 * login as `name`, the welcome screen, g.  NULL (and why, on stderr, as
 * `who`) when it did not get there within wait_ms.
 */
struct tclient *crowd_guest(int port, const char *name, int wait_ms,
	    const char *who);

#endif
