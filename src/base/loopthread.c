/*
 * loopthread.c - one pthread, one event_base, one waker.
 *
 * Stopping goes through the waker too: event_base_loopbreak is safe only
 * from the base's own thread without evthread, so loopthread_stop sets a
 * flag under the lock and pokes, and the thread breaks its own loop after
 * the caller's wake callback has run once more (so a stop never strands
 * what was queued just before it).
 */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

#include <event2/event.h>

#include "src/base/loopthread.h"

struct loopthread {
	pthread_t		 thread;
	bool			 started;
	struct event_base	*base;
	struct waker		*waker;
	waker_cb		 wake;
	void			*arg;
	pthread_mutex_t		 lock;
	bool			 stopping;	/* under the lock */
};

static void
loopthread_wake_cb(void *arg)
{
	struct loopthread	*lt = arg;
	bool			 stopping;

	lt->wake(lt->arg);
	pthread_mutex_lock(&lt->lock);
	stopping = lt->stopping;
	pthread_mutex_unlock(&lt->lock);
	if (stopping)
		event_base_loopbreak(lt->base);
}

static void *
loopthread_main(void *arg)
{
	struct loopthread	*lt = arg;
	sigset_t		 all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	event_base_dispatch(lt->base);
	return NULL;
}

struct loopthread *
loopthread_new(const char *name, waker_cb wake, void *arg)
{
	struct loopthread	*lt;

	if ((lt = calloc(1, sizeof *lt)) == NULL)
		return NULL;
	lt->wake = wake;
	lt->arg = arg;
	pthread_mutex_init(&lt->lock, NULL);
	if ((lt->base = event_base_new()) == NULL ||
	    (lt->waker = waker_new(lt->base, loopthread_wake_cb, lt)) ==
	    NULL ||
	    pthread_create(&lt->thread, NULL, loopthread_main, lt) != 0) {
		loopthread_free(lt);
		return NULL;
	}
	lt->started = true;
	pthread_setname_np(lt->thread, name);
	return lt;
}

struct event_base *
loopthread_base(struct loopthread *lt)
{
	return lt->base;
}

void
loopthread_poke(struct loopthread *lt)
{
	waker_poke(lt->waker);
}

void
loopthread_stop(struct loopthread *lt)
{
	if (lt == NULL || !lt->started)
		return;
	pthread_mutex_lock(&lt->lock);
	lt->stopping = true;
	pthread_mutex_unlock(&lt->lock);
	waker_poke(lt->waker);
	pthread_join(lt->thread, NULL);
	lt->started = false;
}

void
loopthread_free(struct loopthread *lt)
{
	if (lt == NULL)
		return;
	loopthread_stop(lt);
	waker_free(lt->waker);
	if (lt->base != NULL)
		event_base_free(lt->base);
	pthread_mutex_destroy(&lt->lock);
	free(lt);
}
