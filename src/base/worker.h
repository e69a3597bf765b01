/*
 * worker.h - a small thread pool for work that must not run on the loop.
 *
 * Password hashing (tens of milliseconds of CPU) and CPU players run on
 * worker threads; their results come back ON the loop thread, where the
 * hall may touch anything.  A job is two functions and one argument:
 *
 *   run(arg)              on a worker thread; touches only arg (and
 *                         thread-safe libraries: password_*, the engine on
 *                         a private copy of the game).  Never the loop's
 *                         state, never a conn, never the store.
 *   done(arg, cancelled)  on the loop thread, exactly once per submitted
 *                         job, after run returned (or instead of run when
 *                         the job was cancelled before it started).  It owns
 *                         arg from then on and frees it.
 *
 * Cancelling (the connection or table went away): worker_cancel(job) marks
 * the job; done is still called once, with cancelled = true, when the
 * worker is finished with arg - it must then only free arg and not use
 * whatever arg pointed into (the conn, the table).  So a connection that
 * closes while its password is being checked leaves no dangling pointer:
 * its closed handler cancels the job and clears its reference.
 *
 * done is never called from inside worker_submit or worker_cancel (only
 * from the loop, or from worker_free), so a caller may cancel from its own
 * teardown without being re-entered.
 *
 * The job pointer is valid from worker_submit until done is called;
 * worker_cancel after that is a use-after-free (clear the pointer in done).
 */
#ifndef SRC_WORKER_H
#define SRC_WORKER_H

#include <stdbool.h>
#include <stddef.h>

struct event_base;
struct worker;
struct worker_job;

typedef void (*worker_run_cb)(void *arg);
typedef void (*worker_done_cb)(void *arg, bool cancelled);

/* Job priorities: URGENT jobs (a login waiting) go before queued NORMAL
 * ones (a CPU player thinking). */
enum worker_priority {
	WORKER_NORMAL,
	WORKER_URGENT,
};

/*
 * A pool of `threads` threads (0 = one per online CPU, at least 1) that
 * delivers results on `base`'s loop.  NULL on failure.
 */
struct worker *worker_new(struct event_base *base, int threads);

/*
 * Let the pool's threads run only when no other thread of the machine
 * wants a core (Linux's SCHED_IDLE): for the computer players, whose
 * searches must never delay the loop thread, which draws every screen.  A
 * search still answers on time, since its limit is wall-clock time.  0, or
 * -1 when the system refused (the threads then keep their priority).
 */
int	worker_idle(struct worker *);

/*
 * Queue a job.  NULL (and neither callback is ever called) if the pool is
 * shutting down or out of memory.
 */
struct worker_job *worker_submit(struct worker *, enum worker_priority,
	    worker_run_cb run, worker_done_cb done, void *arg);

/* See above.  Loop thread only. */
void	worker_cancel(struct worker_job *);

/* Jobs queued or running (for refusing new work when overloaded). */
size_t	worker_pending(const struct worker *);

/*
 * Stop: queued jobs are cancelled, running ones finish; every outstanding
 * job's done(arg, true) is called from inside this function; then the
 * threads are joined.  Loop thread only, with the loop not running
 * callbacks of its own at the time (from main after the loop exits, or from
 * a loop callback).
 */
void	worker_free(struct worker *);

#endif
