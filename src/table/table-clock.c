/*
 * table-clock.c - a table's countdowns: the turn clock of the seat that
 * must act, and the grace an absent player's seat waits for him; what
 * happens when they run out (the CPU moves once, or holds the seat); and
 * the marks of moves the CPU made for a player out of time.
 *
 * One timer per table, set for the next moment a shown number changes
 * (a countdown's next whole second) or a countdown ends, so a hall of
 * tables with running clocks costs the loop one timer event per table per
 * second and nothing in between.  The turn is found again after every
 * change (table_clock_poll, from table_notify): a new seat to act, or an
 * undo, starts a fresh turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "src/base/clock.h"
#include "src/people/identity.h"
#include "src/table/table-int.h"

static void table_clock_fire(void *);

void
table_list_set_grace(struct table_list *l, int seconds)
{
	l->grace_ms = seconds > 0 ? seconds * 1000 : 0;
}

/* The table's timer, made on first use: most tables never need it. */
static struct clock_timer *
table_clock_timer(struct table *t)
{
	if (t->tick == NULL)
		t->tick = clock_timer_new(t->list->clock, table_clock_fire, t);
	return t->tick;
}

/* Whole seconds shown for a countdown due at `due`: rounded up, so "1"
 * shows until the very end. */
static int
table_clock_seconds(const struct table *t, uint64_t due)
{
	uint64_t	 now = clock_ms(t->list->clock);

	if (due <= now)
		return 0;
	return (int)((due - now + 999) / 1000);
}

/* The soonest moment a countdown's shown seconds change, or it ends. */
static void
table_clock_next(uint64_t now, uint64_t due, uint64_t *next)
{
	uint64_t	 step;

	if (due == 0)
		return;
	if (due <= now)
		step = 0;
	else if ((step = (due - now) % 1000) == 0)
		step = 1000;
	if (now + step < *next)
		*next = now + step;
}

/* A person (not the computer, not held) must act in the seat. */
static int
table_seat_person(const struct table *t, int seat)
{
	return seat >= 0 && seat < t->nseats && t->seat[seat].who != NULL &&
	    t->seat[seat].who->kind != IDENTITY_CPU && !t->seat[seat].held;
}

static void
table_clock_arm(struct table *t)
{
	uint64_t	 now = clock_ms(t->list->clock), next = UINT64_MAX;

	table_clock_next(now, t->turn_due, &next);
	for (int s = 0; s < t->nseats; s++)
		table_clock_next(now, t->seat[s].away_due, &next);
	if (next == UINT64_MAX) {
		if (t->tick != NULL)
			clock_timer_cancel(t->tick);
		return;
	}
	if (table_clock_timer(t) != NULL)
		clock_timer_set(t->tick, next - now);
}

void
table_clock_poll(struct table *t)
{
	int	 seat = table_turn(t), ply;

	if (seat < 0 || t->spec.timer <= 0) {
		t->turn_seat = -1;
		t->turn_due = 0;
		t->timeout_seat = -1;
	} else {
		ply = t->game->variant->ply(t->game);
		if (seat != t->turn_seat || ply < t->turn_ply) {
			t->turn_seat = seat;
			t->turn_ply = ply;
			t->turn_due = clock_ms(t->list->clock) +
			    (uint64_t)t->spec.timer * 1000;
			t->timeout_seat = -1;
		}
		/* The computer and a held seat play at their own pace. */
		if (!table_seat_person(t, seat))
			t->turn_due = 0;
	}
	table_clock_arm(t);
}

/* The turn's time ran out: the CPU makes the move, and the game goes on. */
static void
table_clock_timeout(struct table *t)
{
	int	 seat = t->turn_seat;

	t->turn_due = 0;
	if (!table_seat_person(t, seat) || t->phase != TABLE_PLAYING)
		return;
	t->timeout_seat = seat;
	table_noticef(t, "%s's time is up: the computer %s for %s",
	    table_seat_name(t, seat), table_turn_is_choice(t) ?
	    "chooses" : "moves", table_seat_name(t, seat));
}

/* The grace is over: in a game the CPU holds the seat; outside one the
 * seat is given up. */
static void
table_clock_grace_over(struct table *t, int seat)
{
	struct table_seat_state	*s = &t->seat[seat];

	s->away_due = 0;
	if (t->phase == TABLE_PLAYING) {
		s->held = 1;
		table_noticef(t, "%s has not come back: the computer (%s) "
		    "plays for %s until %s does", s->who->name,
		    cpu_level_name(TABLE_STANDIN_LEVEL), s->who->name,
		    s->who->name);
	} else {
		table_noticef(t, "%s has not come back: seat %d is free",
		    s->who->name, seat + 1);
		table_vacate(t, seat);
		table_notify(t, TABLE_LISTING, NULL);
	}
}

static void
table_clock_fire(void *arg)
{
	struct table	*t = arg;
	uint64_t	 now = clock_ms(t->list->clock);
	int		 changed = 0;

	if (t->turn_due != 0 && t->turn_due <= now) {
		table_clock_timeout(t);
		changed = 1;
	}
	for (int s = 0; s < t->nseats; s++) {
		if (t->seat[s].away_due != 0 && t->seat[s].away_due <= now &&
		    t->seat[s].who != NULL) {
			table_clock_grace_over(t, s);
			changed = 1;
		}
	}
	if (changed) {
		/* The CPU seats see what they owe; the clock is armed again
		 * from there. */
		table_notify(t, TABLE_CHANGED, NULL);
		return;
	}
	table_clock_arm(t);
	table_notify(t, TABLE_TICK, NULL);
}

void
table_seat_away(struct table *t, int seat)
{
	struct table_seat_state	*s = &t->seat[seat];

	if (s->who == NULL || s->who->kind == IDENTITY_CPU || s->held ||
	    s->away_due != 0)
		return;
	s->away_due = clock_ms(t->list->clock) + (uint64_t)t->list->grace_ms;
	if (table_seat_unreclaimable(t, seat))
		table_noticef(t, "%s is away: a guest without an SSH key cannot "
		    "come back as %s, so the computer plays on in %d s",
		    s->who->name, s->who->name, t->list->grace_ms / 1000);
	else
		table_noticef(t, "%s is away: the seat waits %d s for %s",
		    s->who->name, t->list->grace_ms / 1000, s->who->name);
	if (t->list->grace_ms == 0)
		table_clock_grace_over(t, seat);
	table_clock_arm(t);
}

void
table_seat_reclaim(struct table *t, int seat)
{
	struct table_seat_state	*s = &t->seat[seat];

	if (s->away_due == 0 && !s->held)
		return;
	table_noticef(t, "%s is back%s", s->who->name, s->held ?
	    ": the computer gives the seat back" : "");
	s->away_due = 0;
	s->held = 0;
	table_clock_arm(t);
}

int
table_seat_cpu_moves(const struct table *t, int seat)
{
	return table_seat_is_cpu(t, seat) || (seat >= 0 && seat < t->nseats &&
	    (t->seat[seat].held || seat == t->timeout_seat));
}

int
table_clock_left(const struct table *t, int seat)
{
	if (seat < 0 || seat != t->turn_seat || t->phase != TABLE_PLAYING ||
	    t->spec.timer <= 0 || !table_seat_person(t, seat))
		return -1;
	return t->turn_due == 0 ? 0 : table_clock_seconds(t, t->turn_due);
}

int
table_seat_away_left(const struct table *t, int seat)
{
	if (seat < 0 || seat >= t->nseats || t->seat[seat].away_due == 0)
		return -1;
	return table_clock_seconds(t, t->seat[seat].away_due);
}

int
table_seat_held(const struct table *t, int seat)
{
	return seat >= 0 && seat < t->nseats && t->seat[seat].held;
}

int
table_seat_unreclaimable(const struct table *t, int seat)
{
	const struct identity	*who = table_seat(t, seat);

	return who != NULL && who->kind == IDENTITY_GUEST &&
	    who->key[0] == '\0';
}

int
table_timeout_mark(struct table *t, int ply)
{
	if (t->ntimeouts > 0 && t->timeouts[t->ntimeouts - 1] >= ply)
		return 0;
	if (t->ntimeouts == t->captimeouts) {
		int cap = t->captimeouts == 0 ? 8 : t->captimeouts * 2;
		int *p = reallocarray(t->timeouts, (size_t)cap, sizeof *p);

		if (p == NULL)
			return -1;
		t->timeouts = p;
		t->captimeouts = cap;
	}
	t->timeouts[t->ntimeouts++] = ply;
	return 0;
}

void
table_timeout_trim(struct table *t, int ply)
{
	while (t->ntimeouts > 0 && t->timeouts[t->ntimeouts - 1] >= ply)
		t->ntimeouts--;
}

int
table_ply_timed_out(const struct table *t, int ply)
{
	/* Few marks, in order: a binary search is not worth it. */
	for (int i = t->ntimeouts - 1; i >= 0; i--) {
		if (t->timeouts[i] == ply)
			return 1;
		if (t->timeouts[i] < ply)
			break;
	}
	return 0;
}
