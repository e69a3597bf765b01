/*
 * clock.h - the daemon's one clock, and timers on it.
 *
 * Everything in the daemon that asks the time or waits for it asks a struct
 * clock that gamehalld makes once and hands down.  The real clock reads
 * CLOCK_MONOTONIC (for timeouts, rates and frame pacing) and the wall clock
 * (for dates shown and stored), and runs its timers on the libevent loop.
 * A manual clock stands still until a test moves it with clock_advance(),
 * which fires the timers that fall due, in time order, as the loop would:
 * so a test of a 60-second turn timer takes no time and never races.
 */
#ifndef SRC_BASE_CLOCK_H
#define SRC_BASE_CLOCK_H

#include <stdint.h>

struct event_base;
struct clock;
struct clock_timer;

typedef void (*clock_cb)(void *arg);

/*
 * The loop's event base, made for the real clock: its events run by
 * priority, and after CLOCK_BACKGROUND_BATCH background callbacks in a row
 * the loop looks for new events before it goes on with them.  NULL when
 * libevent fails.
 */
struct event_base *clock_base_new(void);
/* The real clock, its timers on base. */
struct clock	*clock_new(struct event_base *base);
/* A clock that stands at start_ms (monotonic) and wall (Unix seconds). */
struct clock	*clock_new_manual(uint64_t start_ms, int64_t wall);
/* Every timer must be freed first. */
void		 clock_free(struct clock *);

/* Milliseconds on the monotonic clock. */
uint64_t	 clock_ms(const struct clock *);
/* Unix seconds, for dates people see and the store keeps. */
int64_t		 clock_wall(const struct clock *);

/* A manual clock only: move on by ms, firing every timer due on the way
 * (a timer set again from its callback fires again if still due).  How
 * many fired. */
int		 clock_advance(struct clock *, uint64_t ms);

struct clock_timer *clock_timer_new(struct clock *, clock_cb, void *arg);
void		 clock_timer_free(struct clock_timer *);
/* (Re)arm: fire once, after_ms from now. */
void		 clock_timer_set(struct clock_timer *, uint64_t after_ms);
void		 clock_timer_cancel(struct clock_timer *);
int		 clock_timer_pending(const struct clock_timer *);
/* When a pending timer fires, on clock_ms()'s scale. */
uint64_t	 clock_timer_due(const struct clock_timer *);
/*
 * From the next clock_timer_set on, the timer is background work (or not):
 * due in the same loop turn as other events, it runs after them, and a
 * crowd of background timers lets the loop look for new events every few
 * of them.  A frame someone is waiting for (a move, his own key) must not
 * queue behind frames that only bring him up to date.  No effect on a
 * manual clock or on a base not made by clock_base_new.
 */
void		 clock_timer_set_background(struct clock_timer *, int);

#endif
