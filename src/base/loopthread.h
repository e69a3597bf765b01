/*
 * loopthread.h - a thread that runs an event loop of its own.
 *
 * For work that keeps sockets of its own off the daemon's loop (the SSH key
 * exchange, the encryption of established sessions): the thread runs its
 * event_base until stopped; other threads reach it only through its waker,
 * whose callback runs on the thread and looks at whatever the caller queued
 * under its own lock.  Signals stay with the loop thread.
 */
#ifndef SRC_LOOPTHREAD_H
#define SRC_LOOPTHREAD_H

#include "src/base/waker.h"

struct event_base;
struct loopthread;

/* Started, named `name` (top -H shows it).  NULL on failure. */
struct loopthread	*loopthread_new(const char *name, waker_cb wake,
			    void *arg);
/* The thread's base: add events to it only from the thread itself, or
 * before the first poke after loopthread_new. */
struct event_base	*loopthread_base(struct loopthread *);
/* Run wake(arg) on the thread soon (any thread). */
void			 loopthread_poke(struct loopthread *);
/* Make the thread leave its loop and wait for it; its events stay (free
 * them, then loopthread_free).  Not from the thread itself. */
void			 loopthread_stop(struct loopthread *);
void			 loopthread_free(struct loopthread *);

#endif
