/*
 * sshd-kex.c - the key exchange of new SSH sessions, on threads of their
 * own (docs/design.md §1, §2.2).
 *
 * A login's dearest part is its key exchange (an X25519 agreement and an
 * Ed25519 signature: half a bare login's CPU, measured), and no two
 * sessions share anything in it: so it runs on one thread per core
 * (worker_threads, as the other pools), and the loop thread keeps the
 * hall, authentication and the channels.  libssh allows a
 * session on one thread at a time, and so does this file: a session and
 * its fd belong to the loop until sshd_kex_start, then to one kex thread
 * until its done callback runs on the loop again.  Neither side touches
 * them in between; the lists that carry them across are under one mutex,
 * which is also what orders the session's memory between the two threads.
 *
 * Each kex thread is a small loop of its own (an event_base that only it
 * runs): the session stays nonblocking and is pumped as on the loop
 * (§2.3), so a silent client costs a thread nothing and cannot hold up the
 * others.  When ssh_handle_key_exchange says SSH_OK, fails, or the socket
 * is gone, the thread frees its own events at once (libssh may have closed
 * the fd, whose number the loop may give to a new connection) and queues
 * the session for the loop, which an eventfd wakes.  Packets that came in
 * the same read as the end of the exchange (the service and first auth
 * requests) are already dispatched into libssh's message queue by then:
 * the done callback must run the pump's after-work once.
 *
 * The admission limits stay the loop's: a connection is counted as
 * unauthenticated from the accept (limits.h), so max_startups bounds what
 * waits here as well, and the login grace timer is the loop's; when it
 * fires (or the connection is closed) the loop asks for the session back
 * with sshd_kex_cancel.
 */
#include <sys/queue.h>

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/log.h"
#include "src/base/loopthread.h"
#include "src/base/waker.h"
#include "src/net/sshd-int.h"

enum sshd_kex_state {
	SSHD_KEX_QUEUED,	/* in a thread's inbox */
	SSHD_KEX_RUNNING,	/* on a thread's active list */
	SSHD_KEX_FINISHED,	/* on the pool's done list */
};

struct sshd_kex_thread;

struct sshd_kex_job {
	struct sshd_kex_thread		*thread;
	ssh_session			 s;
	int				 fd;
	void				*arg;
	enum sshd_kex_state		 state;		/* under the pool lock */
	bool				 cancel;	/* under the pool lock */
	enum sshd_kex_result		 result;
	/* The thread's own, made and freed on that thread. */
	struct event			*rev, *wev;
	TAILQ_ENTRY(sshd_kex_job)	 entry;
};
TAILQ_HEAD(sshd_kex_queue, sshd_kex_job);

struct sshd_kex_thread {
	struct sshd_kex			*pool;
	struct loopthread		*lt;
	struct sshd_kex_queue		 inbox;		/* under the pool lock */
	struct sshd_kex_queue		 active;	/* the thread's alone */
	size_t				 load;		/* under the pool lock */
	unsigned			 cancels;	/* under the pool lock */
};

struct sshd_kex {
	struct event_base		*base;		/* the loop's */
	sshd_kex_done_cb		 done;
	pthread_mutex_t			 lock;
	bool				 stopping;	/* under the lock */
	struct sshd_kex_queue		 finished;	/* under the lock */
	struct waker			*waker;		/* the loop's */
	struct sshd_kex_thread		*threads;
	int				 nthreads;
};

/* ---- on a kex thread ------------------------------------------------- */

/* The session leaves this thread: its events first (see the top). */
static void
sshd_kex_finish(struct sshd_kex_thread *t, struct sshd_kex_job *job,
    enum sshd_kex_result result)
{
	struct sshd_kex	*pool = t->pool;
	bool		 wake;

	if (job->rev != NULL)
		event_free(job->rev);
	if (job->wev != NULL)
		event_free(job->wev);
	job->rev = job->wev = NULL;
	TAILQ_REMOVE(&t->active, job, entry);

	pthread_mutex_lock(&pool->lock);
	job->result = result;
	job->state = SSHD_KEX_FINISHED;
	t->load--;
	wake = TAILQ_EMPTY(&pool->finished);
	TAILQ_INSERT_TAIL(&pool->finished, job, entry);
	pthread_mutex_unlock(&pool->lock);
	if (wake)
		waker_poke(pool->waker);
}

/* One step of the exchange: one poll(fd, 0) and dispatch, in libssh. */
static void
sshd_kex_step(struct sshd_kex_thread *t, struct sshd_kex_job *job)
{
	int	 rc;

	rc = ssh_handle_key_exchange(job->s);
	if (rc == SSH_OK) {
		sshd_kex_finish(t, job, SSHD_KEX_OK);
		return;
	}
	if (rc == SSH_ERROR) {
		sshd_kex_finish(t, job, SSHD_KEX_FAILED);
		return;
	}
	if (!ssh_is_connected(job->s) ||
	    ssh_get_fd(job->s) == SSH_INVALID_SOCKET) {
		sshd_kex_finish(t, job, SSHD_KEX_GONE);
		return;
	}
	/* Armed only while libssh has output waiting (§2.3). */
	if (ssh_get_status(job->s) & SSH_WRITE_PENDING)
		event_add(job->wev, NULL);
	else
		event_del(job->wev);
}

static void
sshd_kex_io_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_kex_job	*job = arg;

	sshd_kex_step(job->thread, job);
}

/* New sessions, cancels and the stop: whatever the loop asked for. */
static void
sshd_kex_wake(void *arg)
{
	struct sshd_kex_thread	*t = arg;
	struct sshd_kex		*pool = t->pool;
	struct sshd_kex_queue	 fresh;
	struct sshd_kex_job	*job, *next;
	unsigned		 cancels;
	bool			 stopping, cancelled;

	TAILQ_INIT(&fresh);
	pthread_mutex_lock(&pool->lock);
	TAILQ_CONCAT(&fresh, &t->inbox, entry);
	TAILQ_FOREACH(job, &fresh, entry)
		job->state = SSHD_KEX_RUNNING;
	cancels = t->cancels;
	t->cancels = 0;
	stopping = pool->stopping;
	pthread_mutex_unlock(&pool->lock);

	while ((job = TAILQ_FIRST(&fresh)) != NULL) {
		TAILQ_REMOVE(&fresh, job, entry);
		TAILQ_INSERT_TAIL(&t->active, job, entry);
		job->rev = event_new(loopthread_base(t->lt), job->fd,
		    EV_READ | EV_PERSIST, sshd_kex_io_cb, job);
		job->wev = event_new(loopthread_base(t->lt), job->fd, EV_WRITE,
		    sshd_kex_io_cb, job);
		if (job->rev == NULL || job->wev == NULL ||
		    event_add(job->rev, NULL) != 0) {
			sshd_kex_finish(t, job, SSHD_KEX_FAILED);
			continue;
		}
		/* The first call queues our banner (§2.2). */
		sshd_kex_step(t, job);
	}
	/*
	 * Cancels are rare (a grace timer, a close before the exchange
	 * ended), so they are looked for only when one was asked.
	 */
	if (cancels > 0 || stopping) {
		for (job = TAILQ_FIRST(&t->active); job != NULL; job = next) {
			next = TAILQ_NEXT(job, entry);
			pthread_mutex_lock(&pool->lock);
			cancelled = stopping || job->cancel;
			pthread_mutex_unlock(&pool->lock);
			if (cancelled)
				sshd_kex_finish(t, job, SSHD_KEX_CANCELLED);
		}
	}
}

/* ---- on the loop thread ---------------------------------------------- */

static void
sshd_kex_done_ev(void *arg)
{
	struct sshd_kex		*pool = arg;
	struct sshd_kex_queue	 batch;
	struct sshd_kex_job	*job;

	TAILQ_INIT(&batch);
	pthread_mutex_lock(&pool->lock);
	TAILQ_CONCAT(&batch, &pool->finished, entry);
	pthread_mutex_unlock(&pool->lock);
	while ((job = TAILQ_FIRST(&batch)) != NULL) {
		TAILQ_REMOVE(&batch, job, entry);
		pool->done(job->arg, job->result);
		free(job);
	}
}

/* A thread's loop, made here and run only by that thread. */
static int
sshd_kex_thread_init(struct sshd_kex *pool, struct sshd_kex_thread *t,
    int i)
{
	char	 name[16];

	t->pool = pool;
	TAILQ_INIT(&t->inbox);
	TAILQ_INIT(&t->active);
	/* The name shows in top -H and in the bench's per-thread split. */
	snprintf(name, sizeof name, "gh-kex%d", i % 1000);
	t->lt = loopthread_new(name, sshd_kex_wake, t);
	return t->lt != NULL ? 0 : -1;
}

struct sshd_kex *
sshd_kex_new(struct event_base *base, int threads, sshd_kex_done_cb done,
    char *err, size_t errlen)
{
	struct sshd_kex	*pool;
	long		 cores;
	int		 i;

	if (threads <= 0) {
		cores = sysconf(_SC_NPROCESSORS_ONLN);
		threads = cores > 0 ? (int)cores : 1;
	}
	pool = calloc(1, sizeof *pool);
	if (pool == NULL || (pool->threads = calloc((size_t)threads,
	    sizeof *pool->threads)) == NULL) {
		free(pool);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	pool->base = base;
	pool->done = done;
	TAILQ_INIT(&pool->finished);
	pthread_mutex_init(&pool->lock, NULL);
	if ((pool->waker = waker_new(base, sshd_kex_done_ev, pool)) == NULL)
		goto fail;
	for (i = 0; i < threads; i++) {
		pool->nthreads++;
		if (sshd_kex_thread_init(pool, &pool->threads[i], i) != 0)
			goto fail;
	}
	return pool;

fail:
	snprintf(err, errlen, "cannot start the key exchange threads: %s",
	    strerror(errno));
	sshd_kex_free(pool);
	return NULL;
}

int
sshd_kex_threads(const struct sshd_kex *pool)
{
	return pool->nthreads;
}

struct sshd_kex_job *
sshd_kex_start(struct sshd_kex *pool, ssh_session s, int fd, void *arg)
{
	struct sshd_kex_thread	*t;
	struct sshd_kex_job	*job;
	bool			 wake;
	int			 i;

	job = calloc(1, sizeof *job);
	if (job == NULL)
		return NULL;
	job->s = s;
	job->fd = fd;
	job->arg = arg;
	job->state = SSHD_KEX_QUEUED;

	pthread_mutex_lock(&pool->lock);
	if (pool->stopping) {
		pthread_mutex_unlock(&pool->lock);
		free(job);
		return NULL;
	}
	/* The least loaded thread: a few slow clients stay on one. */
	t = &pool->threads[0];
	for (i = 1; i < pool->nthreads; i++)
		if (pool->threads[i].load < t->load)
			t = &pool->threads[i];
	job->thread = t;
	t->load++;
	wake = TAILQ_EMPTY(&t->inbox);
	TAILQ_INSERT_TAIL(&t->inbox, job, entry);
	pthread_mutex_unlock(&pool->lock);
	if (wake)
		loopthread_poke(t->lt);
	return job;
}

void
sshd_kex_cancel(struct sshd_kex_job *job)
{
	struct sshd_kex_thread	*t = job->thread;
	struct sshd_kex		*pool = t->pool;
	bool			 wake = false;

	pthread_mutex_lock(&pool->lock);
	if (job->state != SSHD_KEX_FINISHED && !job->cancel) {
		job->cancel = true;
		t->cancels++;
		wake = true;
	}
	pthread_mutex_unlock(&pool->lock);
	if (wake)
		loopthread_poke(t->lt);
}

void
sshd_kex_free(struct sshd_kex *pool)
{
	struct sshd_kex_thread	*t;
	struct sshd_kex_job	*job;
	int			 i;

	if (pool == NULL)
		return;
	pthread_mutex_lock(&pool->lock);
	pool->stopping = true;
	pthread_mutex_unlock(&pool->lock);
	/* Each thread's last wake-up sees stopping and hands all back. */
	for (i = 0; i < pool->nthreads; i++)
		loopthread_stop(pool->threads[i].lt);
	/*
	 * Every thread handed back what it held before it stopped; what was
	 * still in an inbox never reached one.  All go back as stopped.
	 */
	for (i = 0; i < pool->nthreads; i++) {
		t = &pool->threads[i];
		while ((job = TAILQ_FIRST(&t->inbox)) != NULL) {
			TAILQ_REMOVE(&t->inbox, job, entry);
			TAILQ_INSERT_TAIL(&pool->finished, job, entry);
		}
	}
	while ((job = TAILQ_FIRST(&pool->finished)) != NULL) {
		TAILQ_REMOVE(&pool->finished, job, entry);
		pool->done(job->arg, SSHD_KEX_STOPPED);
		free(job);
	}
	for (i = 0; i < pool->nthreads; i++)
		loopthread_free(pool->threads[i].lt);
	waker_free(pool->waker);
	pthread_mutex_destroy(&pool->lock);
	free(pool->threads);
	free(pool);
}
