/*
 * waker.c - an eventfd read on an event_base, poked from other threads.
 *
 * The eventfd's counter merges pokes, so a burst of results costs the
 * woken loop one read and one callback; the fd is nonblocking, so a poke
 * never waits (the counter cannot overflow in practice: it is drained on
 * every wake-up).
 */
#include <sys/eventfd.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "src/base/log.h"
#include "src/base/waker.h"

struct waker {
	int		 efd;
	struct event	*ev;
	waker_cb	 cb;
	void		*arg;
};

static void
waker_read_cb(evutil_socket_t fd, short what, void *arg)
{
	struct waker	*w = arg;
	uint64_t	 n;

	while (read(w->efd, &n, sizeof n) > 0)
		;
	w->cb(w->arg);
}

struct waker *
waker_new(struct event_base *base, waker_cb cb, void *arg)
{
	struct waker	*w;
	int		 saved;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->cb = cb;
	w->arg = arg;
	w->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (w->efd < 0)
		goto fail;
	w->ev = event_new(base, w->efd, EV_READ | EV_PERSIST, waker_read_cb,
	    w);
	if (w->ev == NULL || event_add(w->ev, NULL) != 0)
		goto fail;
	return w;

fail:
	saved = errno;
	waker_free(w);
	errno = saved;
	return NULL;
}

void
waker_poke(struct waker *w)
{
	uint64_t	 one = 1;

	if (write(w->efd, &one, sizeof one) < 0 && errno != EAGAIN)
		log_error("waker: eventfd write: %s", strerror(errno));
}

void
waker_free(struct waker *w)
{
	if (w == NULL)
		return;
	if (w->ev != NULL)
		event_free(w->ev);
	if (w->efd >= 0)
		close(w->efd);
	free(w);
}
