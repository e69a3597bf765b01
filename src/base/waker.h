/*
 * waker.h - wake an event loop from another thread.
 *
 * An eventfd with a persistent read event on one event_base: any thread
 * pokes, and the callback runs on the thread that runs the base, once for
 * any number of pokes since it last ran (it sees one wake-up, and must look
 * at whatever queue it guards as a whole).  libevent is not built thread-safe
 * here (no evthread), so this is the only way in from another thread.
 */
#ifndef SRC_WAKER_H
#define SRC_WAKER_H

struct event_base;
struct waker;

typedef void (*waker_cb)(void *arg);

/* NULL on failure, with errno set. */
struct waker	*waker_new(struct event_base *, waker_cb, void *arg);
/* Any thread, any number of times; never blocks. */
void		 waker_poke(struct waker *);
/* On the base's thread, or once that thread has stopped. */
void		 waker_free(struct waker *);

#endif
