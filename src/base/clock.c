/*
 * clock.c - the real clock on libevent, and the manual one for tests.
 *
 * Both keep their timers the same way from the caller's side; only the
 * real clock has an event per timer.  The manual clock keeps its pending
 * timers in a list and fires them from clock_advance(), earliest first.
 */
#include <sys/queue.h>

#include <event2/event.h>
#include <stdlib.h>
#include <time.h>

#include "src/base/clock.h"

struct clock {
	struct event_base	*base;	/* NULL: manual */
	uint64_t		 manual_ms;
	uint64_t		 start_ms;	/* manual: where it started */
	int64_t			 start_wall;
	TAILQ_HEAD(, clock_timer) pending; /* manual: armed timers */
};

/*
 * Priorities on the loop's base: events get the middle one unless told;
 * background timers the last.
 */
#define CLOCK_PRIORITIES 3
#define CLOCK_PRIORITY_NORMAL 1
#define CLOCK_PRIORITY_BACKGROUND 2
/* Background callbacks run before the loop looks for new events again. */
#define CLOCK_BACKGROUND_BATCH 8

struct clock_timer {
	struct clock		*clock;
	clock_cb		 cb;
	void			*arg;
	struct event		*ev;	/* real clock */
	int			 armed;
	int			 background;
	uint64_t		 due;
	TAILQ_ENTRY(clock_timer) entry;
};

struct event_base *
clock_base_new(void)
{
	struct event_config	*cfg;
	struct event_base	*base;

	if ((cfg = event_config_new()) == NULL)
		return NULL;
	/* Only the background priority is held to the batch. */
	if (event_config_set_max_dispatch_interval(cfg, NULL,
	    CLOCK_BACKGROUND_BATCH, CLOCK_PRIORITY_BACKGROUND) != 0) {
		event_config_free(cfg);
		return NULL;
	}
	base = event_base_new_with_config(cfg);
	event_config_free(cfg);
	if (base != NULL && event_base_priority_init(base,
	    CLOCK_PRIORITIES) != 0) {
		event_base_free(base);
		return NULL;
	}
	return base;
}

struct clock *
clock_new(struct event_base *base)
{
	struct clock	*c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->base = base;
	TAILQ_INIT(&c->pending);
	return c;
}

struct clock *
clock_new_manual(uint64_t start_ms, int64_t wall)
{
	struct clock	*c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->manual_ms = c->start_ms = start_ms;
	c->start_wall = wall;
	TAILQ_INIT(&c->pending);
	return c;
}

void
clock_free(struct clock *c)
{
	free(c);
}

uint64_t
clock_ms(const struct clock *c)
{
	struct timespec	 ts;

	if (c->base == NULL)
		return c->manual_ms;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int64_t
clock_wall(const struct clock *c)
{
	/* Whole seconds since the start, however small the steps were. */
	if (c->base == NULL)
		return c->start_wall +
		    (int64_t)((c->manual_ms - c->start_ms) / 1000);
	return (int64_t)time(NULL);
}

int
clock_advance(struct clock *c, uint64_t ms)
{
	uint64_t		 until = c->manual_ms + ms;
	struct clock_timer	*t, *first;
	int			 fired = 0;

	if (c->base != NULL)
		return 0;
	for (;;) {
		first = NULL;
		TAILQ_FOREACH(t, &c->pending, entry) {
			if (first == NULL || t->due < first->due)
				first = t;
		}
		if (first == NULL || first->due > until)
			break;
		if (first->due > c->manual_ms)
			c->manual_ms = first->due;
		clock_timer_cancel(first);
		first->cb(first->arg);
		fired++;
	}
	c->manual_ms = until;
	return fired;
}

static void
clock_timer_fire(evutil_socket_t fd, short what, void *arg)
{
	struct clock_timer	*t = arg;

	t->armed = 0;
	t->cb(t->arg);
}

struct clock_timer *
clock_timer_new(struct clock *c, clock_cb cb, void *arg)
{
	struct clock_timer	*t = calloc(1, sizeof *t);

	if (t == NULL)
		return NULL;
	t->clock = c;
	t->cb = cb;
	t->arg = arg;
	if (c->base != NULL &&
	    (t->ev = evtimer_new(c->base, clock_timer_fire, t)) == NULL) {
		free(t);
		return NULL;
	}
	return t;
}

void
clock_timer_free(struct clock_timer *t)
{
	if (t == NULL)
		return;
	clock_timer_cancel(t);
	if (t->ev != NULL)
		event_free(t->ev);
	free(t);
}

void
clock_timer_set(struct clock_timer *t, uint64_t after_ms)
{
	struct timeval	 tv;

	clock_timer_cancel(t);
	t->due = clock_ms(t->clock) + after_ms;
	t->armed = 1;
	if (t->ev == NULL) {
		TAILQ_INSERT_TAIL(&t->clock->pending, t, entry);
		return;
	}
	tv.tv_sec = (time_t)(after_ms / 1000);
	tv.tv_usec = (suseconds_t)(after_ms % 1000) * 1000;
	/* Cancelled above, so not active: the priority may change.  On a
	 * base with one priority this fails and changes nothing. */
	(void)event_priority_set(t->ev, t->background ?
	    CLOCK_PRIORITY_BACKGROUND : CLOCK_PRIORITY_NORMAL);
	evtimer_add(t->ev, &tv);
}

void
clock_timer_cancel(struct clock_timer *t)
{
	if (!t->armed)
		return;
	t->armed = 0;
	if (t->ev != NULL)
		evtimer_del(t->ev);
	else
		TAILQ_REMOVE(&t->clock->pending, t, entry);
}

int
clock_timer_pending(const struct clock_timer *t)
{
	return t->armed;
}

uint64_t
clock_timer_due(const struct clock_timer *t)
{
	return t->due;
}

void
clock_timer_set_background(struct clock_timer *t, int background)
{
	t->background = background != 0;
}
