/*
 * worker.c - the thread pool.
 *
 * Threads take jobs from two FIFO queues (urgent first) under one mutex.
 * A finished job goes on the done list and the loop is woken (waker.h),
 * which runs the done callbacks on the loop thread.
 * Cancelled jobs that never started go straight to the done list, so every
 * done callback runs from the loop event, never inside worker_cancel.
 */
#include <sys/queue.h>
#include <sys/resource.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "src/base/log.h"
#include "src/base/waker.h"
#include "src/base/worker.h"

#define WORKER_NICE 5

enum worker_job_state {
	WORKER_QUEUED,
	WORKER_RUNNING,
	WORKER_FINISHED,
};

struct worker_job {
	struct worker		*worker;
	worker_run_cb		 run;
	worker_done_cb		 done;
	void			*arg;
	enum worker_job_state	 state;
	enum worker_priority	 prio;
	bool			 cancelled;	/* loop thread writes, under lock */
	TAILQ_ENTRY(worker_job)	 entry;
};
TAILQ_HEAD(worker_queue, worker_job);

struct worker {
	struct event_base	*base;
	pthread_mutex_t		 lock;
	pthread_cond_t		 cond;
	struct worker_queue	 urgent;
	struct worker_queue	 normal;
	struct worker_queue	 done;
	size_t			 pending;	/* queued + running + done */
	bool			 stopping;
	struct waker		*waker;
	pthread_t		*threads;
	int			 nthreads;
};

/*
 * A job is done (run, or cancelled before it ran): onto the done list, and
 * the loop woken once per batch, since it drains the whole list.  Called
 * with the lock held.
 */
static void
worker_finish(struct worker *w, struct worker_job *job)
{
	bool		 wake = TAILQ_EMPTY(&w->done);

	job->state = WORKER_FINISHED;
	TAILQ_INSERT_TAIL(&w->done, job, entry);
	if (wake)
		waker_poke(w->waker);
}

static void *
worker_main(void *arg)
{
	struct worker		*w = arg;
	struct worker_job	*job;

	/*
	 * The loop thread draws every screen, and a move must reach them in
	 * milliseconds; a search or a hash only wants throughput.  With as
	 * many workers as cores, the loop would wait for a time slice behind
	 * them: a worker yields the core to it (Linux keeps a nice value per
	 * thread).
	 */
	if (setpriority(PRIO_PROCESS, (id_t)gettid(), WORKER_NICE) != 0)
		log_debug("worker: setpriority: %s", strerror(errno));
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->stopping && TAILQ_EMPTY(&w->urgent) &&
		    TAILQ_EMPTY(&w->normal))
			pthread_cond_wait(&w->cond, &w->lock);
		if (w->stopping)
			break;
		job = TAILQ_FIRST(&w->urgent);
		if (job != NULL)
			TAILQ_REMOVE(&w->urgent, job, entry);
		else {
			job = TAILQ_FIRST(&w->normal);
			TAILQ_REMOVE(&w->normal, job, entry);
		}
		job->state = WORKER_RUNNING;
		pthread_mutex_unlock(&w->lock);

		job->run(job->arg);

		pthread_mutex_lock(&w->lock);
		worker_finish(w, job);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* Run the done callbacks of everything on the done list.  Loop thread. */
static void
worker_drain(struct worker *w)
{
	struct worker_queue	 batch;
	struct worker_job	*job;

	TAILQ_INIT(&batch);
	pthread_mutex_lock(&w->lock);
	TAILQ_CONCAT(&batch, &w->done, entry);
	pthread_mutex_unlock(&w->lock);

	while ((job = TAILQ_FIRST(&batch)) != NULL) {
		TAILQ_REMOVE(&batch, job, entry);
		pthread_mutex_lock(&w->lock);
		w->pending--;
		pthread_mutex_unlock(&w->lock);
		job->done(job->arg, job->cancelled);
		free(job);
	}
}

static void
worker_wake_cb(void *arg)
{
	worker_drain(arg);
}

struct worker *
worker_new(struct event_base *base, int threads)
{
	struct worker	*w;
	long		 ncpu;
	int		 i, rc;

	if (threads <= 0) {
		ncpu = sysconf(_SC_NPROCESSORS_ONLN);
		threads = ncpu > 0 ? (int)ncpu : 1;
	}
	w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	w->base = base;
	TAILQ_INIT(&w->urgent);
	TAILQ_INIT(&w->normal);
	TAILQ_INIT(&w->done);
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	if ((w->waker = waker_new(base, worker_wake_cb, w)) == NULL)
		goto fail;
	w->threads = calloc((size_t)threads, sizeof *w->threads);
	if (w->threads == NULL)
		goto fail;
	for (i = 0; i < threads; i++) {
		rc = pthread_create(&w->threads[i], NULL, worker_main, w);
		if (rc != 0) {
			log_error("worker: pthread_create: %s", strerror(rc));
			break;
		}
		w->nthreads++;
	}
	if (w->nthreads == 0)
		goto fail;
	return w;

fail:
	waker_free(w->waker);
	free(w->threads);
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w);
	return NULL;
}

struct worker_job *
worker_submit(struct worker *w, enum worker_priority prio, worker_run_cb run,
    worker_done_cb done, void *arg)
{
	struct worker_job	*job;

	job = calloc(1, sizeof *job);
	if (job == NULL)
		return NULL;
	job->worker = w;
	job->run = run;
	job->done = done;
	job->arg = arg;
	job->state = WORKER_QUEUED;
	job->prio = prio;

	pthread_mutex_lock(&w->lock);
	if (w->stopping) {
		pthread_mutex_unlock(&w->lock);
		free(job);
		return NULL;
	}
	if (prio == WORKER_URGENT)
		TAILQ_INSERT_TAIL(&w->urgent, job, entry);
	else
		TAILQ_INSERT_TAIL(&w->normal, job, entry);
	w->pending++;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return job;
}

void
worker_cancel(struct worker_job *job)
{
	struct worker	*w = job->worker;

	pthread_mutex_lock(&w->lock);
	job->cancelled = true;
	if (job->state == WORKER_QUEUED) {
		/* Never started: straight to done, without running. */
		if (job->prio == WORKER_URGENT)
			TAILQ_REMOVE(&w->urgent, job, entry);
		else
			TAILQ_REMOVE(&w->normal, job, entry);
		worker_finish(w, job);
	}
	pthread_mutex_unlock(&w->lock);
}

int
worker_idle(struct worker *w)
{
	struct sched_param	 sp = { .sched_priority = 0 };
	int			 rc = 0;

	for (int i = 0; i < w->nthreads; i++) {
		if (pthread_setschedparam(w->threads[i], SCHED_IDLE, &sp) != 0)
			rc = -1;
	}
	return rc;
}

size_t
worker_pending(const struct worker *w)
{
	size_t	 n;

	pthread_mutex_lock((pthread_mutex_t *)&w->lock);
	n = w->pending;
	pthread_mutex_unlock((pthread_mutex_t *)&w->lock);
	return n;
}

void
worker_free(struct worker *w)
{
	struct worker_job	*job;
	int			 i;

	if (w == NULL)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	/* Queued jobs never run: cancelled. */
	TAILQ_CONCAT(&w->urgent, &w->normal, entry);
	while ((job = TAILQ_FIRST(&w->urgent)) != NULL) {
		TAILQ_REMOVE(&w->urgent, job, entry);
		job->cancelled = true;
		job->state = WORKER_FINISHED;
		TAILQ_INSERT_TAIL(&w->done, job, entry);
	}
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);

	/* Running jobs finish (their run cannot be interrupted). */
	for (i = 0; i < w->nthreads; i++)
		pthread_join(w->threads[i], NULL);

	/* Whatever finished unseen is reported as cancelled: nobody waits. */
	pthread_mutex_lock(&w->lock);
	TAILQ_FOREACH(job, &w->done, entry)
		job->cancelled = true;
	pthread_mutex_unlock(&w->lock);
	worker_drain(w);

	waker_free(w->waker);
	free(w->threads);
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
