/*
 * harness.h - run the real gamehalld for a test.
 *
 * harness_start() starts $top_builddir/gamehalld (or $GAMEHALLD) on two
 * free loopback ports with a fresh temporary state directory, its stderr
 * going to a log file, and waits until it listens.  harness_stop() sends
 * SIGTERM, waits for it and checks that it exited cleanly: status 0 and no
 * sanitizer report in its log.  The temporary directory is removed when
 * everything was clean and kept (its path printed) when not.
 *
 *	static const char *const settings[] = { "login_grace=2", NULL };
 *	struct harness *h = harness_start(settings);
 *	ck_assert_msg(h != NULL, "gamehalld did not start");
 *	... tclient_ssh_open(harness_ssh_port(h), ...) ...
 *	ck_assert_int_eq(harness_stop(h), 0);
 *
 * HARNESS_SETTINGS in the environment adds more (space-separated
 * key=value), for a developer's look: HARNESS_SETTINGS=log_level=debug.
 *
 * If the test process dies (a failed Check assertion exits the forked test
 * at once), the daemon gets SIGTERM from the kernel (PR_SET_PDEATHSIG), so
 * no daemon outlives its test.
 */
#ifndef TESTS_INTEGRATION_HARNESS_H
#define TESTS_INTEGRATION_HARNESS_H

#include <stdbool.h>
#include <sys/types.h>

struct harness;

/*
 * The daemon binary: $GAMEHALLD, else $top_builddir/gamehalld ("." when
 * top_builddir is unset).  NULL if it is not there (tests then skip).
 */
const char *harness_daemon_path(void);

/*
 * Start the daemon with these extra settings ("key=value", each passed as
 * `-o key=value`; NULL or a NULL-terminated list).  NULL, with the reason
 * and the daemon's log printed to stderr, if it did not come up.
 */
struct harness *harness_start(const char *const *settings);

/*
 * SIGTERM (unless it already exited), wait up to 30 s, then check the exit
 * status and the log.  0 if all was clean; -1 with the reasons on stderr.
 * Frees the harness either way (a daemon still running after the wait is
 * killed).
 */
int	harness_stop(struct harness *);

int	harness_ssh_port(const struct harness *);
int	harness_telnet_port(const struct harness *);
pid_t	harness_pid(const struct harness *);
const char *harness_state_dir(const struct harness *);
const char *harness_log_path(const struct harness *);

/* The daemon's log so far, malloc'd ("" if empty). */
char	*harness_log(const struct harness *);

/* Wait until the log contains text. 0, or -1 on timeout / daemon exit. */
int	harness_wait_log(struct harness *, const char *text, int timeout_ms);

/* Whether the daemon is still running. */
bool	harness_alive(struct harness *);

/*
 * Start the daemon again after it exited (SIGTERM, or kill -9), on the
 * same state directory and ports, with these settings; waits until it
 * listens.  From then on the log functions see this run's log.  0, or -1.
 */
int	harness_restart(struct harness *, const char *const *settings);

/* Send a signal to the daemon. */
int	harness_signal(struct harness *, int sig);

/*
 * Wait up to timeout_ms for the daemon to exit on its own; 0 and its
 * wait status, or -1.
 */
int	harness_wait_exit(struct harness *, int timeout_ms, int *status);

/* The daemon's resident memory (VmRSS) in kB, -1 if unknown. */
long	harness_rss_kb(const struct harness *);

/* CPU time the daemon used (user + system), in seconds; -1 if unknown. */
double	harness_cpu_seconds(const struct harness *);

/*
 * The same for one of its threads (tid, as listed in /proc/PID/task), with
 * the thread's name in name (may be NULL); -1 if unknown.
 */
double	harness_thread_cpu_seconds(const struct harness *, int tid,
	    char *name, size_t namelen);

/*
 * Register an account (name, password) in the running daemon's database,
 * as the register form would.  0, or -1 with a message on stderr.  In
 * harness-account.c: a program calling it links $(STORE_LDADD) too.
 */
int	harness_add_account(struct harness *, const char *name,
	    const char *password);

/* A free TCP port on 127.0.0.1 (the kernel's choice), or -1. */
int	harness_free_port(void);

#endif
