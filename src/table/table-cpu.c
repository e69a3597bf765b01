/*
 * table-cpu.c - computer players in a table's seats.
 *
 * A CPU seat holds an identity of kind IDENTITY_CPU.  Whenever the table
 * changes, table_cpu_poll looks at what the CPU seats owe: a move or a
 * swap choice when it is their turn (thought on the worker pool through
 * cpujob), an answer to a request (a move taken back is granted at once:
 * a game against the computer is practice; a draw is declined), and a
 * rematch when a person asks for one.  A search whose reason went away (an
 * undo, the game over, the table closing) is stopped, and its answer would
 * be dropped anyway: it is played only if the game still stands where the
 * search started.
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine/cpu.h"
#include "src/base/clock.h"
#include "src/base/log.h"
#include "src/people/identity.h"
#include "src/table/cpujob.h"
#include "src/table/table-int.h"

static void table_cpu_answer(void *, int, const struct cpu_result *);

/* Has a person agreed to play again? */
static int
table_cpu_rematch_asked(const struct table *t)
{
	for (int s = 0; s < t->nseats; s++) {
		if (t->seat[s].who != NULL && !table_seat_is_cpu(t, s) &&
		    t->seat[s].rematch)
			return 1;
	}
	return 0;
}

void
table_list_set_cpu(struct table_list *l, struct cpujob_pool *pool,
    int time_ms)
{
	l->cpu = pool;
	l->cpu_time_ms = time_ms;
}

int
table_seat_is_cpu(const struct table *t, int seat)
{
	return seat >= 0 && seat < t->nseats && t->seat[seat].who != NULL &&
	    t->seat[seat].who->kind == IDENTITY_CPU;
}

/* The computer in the first CPU seat, to answer for them all; or NULL. */
static struct identity *
table_cpu_first(const struct table *t)
{
	for (int s = 0; s < t->nseats; s++) {
		if (table_seat_is_cpu(t, s))
			return t->seat[s].who;
	}
	return NULL;
}

int
table_cpu_seats(const struct table *t)
{
	int	 n = 0;

	for (int s = 0; s < t->nseats; s++)
		n += table_seat_is_cpu(t, s);
	return n;
}

int
table_cpu_sit(struct table *t, int seat, int level, char *err,
    size_t errlen)
{
	struct identity	*cpu;

	if (seat < 0 || seat >= t->nseats || t->seat[seat].who != NULL) {
		snprintf(err, errlen, "seat %d is not free", seat + 1);
		return -1;
	}
	if (t->phase == TABLE_PLAYING) {
		snprintf(err, errlen, "not while the game is running");
		return -1;
	}
	if ((cpu = identities_cpu(t->list->ids, level,
	    cpu_level_name(level))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	table_set_seat(t, seat, cpu);
	identities_release(t->list->ids, cpu);	/* the seat holds it */
	table_noticef(t, "%s sits down in seat %d", cpu->name, seat + 1);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

void
table_cpu_stop(struct table *t)
{
	if (t->cpu_job != NULL) {
		cpujob_stop(t->cpu_job);
		t->cpu_job = NULL;
	}
}

/* Start thinking for the CPU seat whose turn it is. */
static void
table_cpu_think(struct table *t, int seat)
{
	struct cpu_limits	 lim;
	struct identity		*cpu = t->seat[seat].who;

	if (t->list->cpu == NULL)
		return;
	cpu_limits_default(&lim, cpu->level);
	lim.time_ms = t->list->cpu_time_ms;
	lim.seed = t->list->random(t->list->random_arg);
	t->cpu_seat = seat;
	t->cpu_ply = t->game->variant->ply(t->game);
	t->cpu_job = cpujob_start(t->list->cpu, t->game, &lim,
	    table_cpu_answer, t);
	if (t->cpu_job == NULL)
		log_warn("table %s: the CPU could not start thinking", t->code);
}

/* What the CPU seats owe now; one thing at a time, since each thing done
 * changes the table and brings us back here. */
static int
table_cpu_step(struct table *t)
{
	struct identity	*cpu;
	char		 err[TABLE_ERR_LEN];
	int		 turn;

	/* A search for a game that ended (a resignation) is no longer
	 * wanted. */
	if (t->phase != TABLE_PLAYING)
		table_cpu_stop(t);
	if (t->phase == TABLE_OVER && table_cpu_rematch_asked(t)) {
		for (int s = 0; s < t->nseats; s++) {
			if (table_seat_is_cpu(t, s) && !t->seat[s].rematch)
				return table_rematch(t, t->seat[s].who,
				    clock_wall(t->list->clock), err,
				    sizeof err) == 0;
		}
	}
	if (t->phase != TABLE_PLAYING ||
	    (cpu = table_cpu_first(t)) == NULL)
		return 0;
	if (t->undo_ask >= 0 && !table_seat_is_cpu(t, t->undo_ask))
		return table_undo_answer(t, cpu, 1, err, sizeof err) == 0;
	if (t->draw_offer >= 0 && !table_seat_is_cpu(t, t->draw_offer))
		return table_draw_decline(t, cpu, err, sizeof err) == 0;
	turn = table_turn(t);
	if (t->cpu_job != NULL && (turn != t->cpu_seat ||
	    t->game->variant->ply(t->game) != t->cpu_ply))
		table_cpu_stop(t);
	if (t->cpu_job == NULL && table_seat_is_cpu(t, turn))
		table_cpu_think(t, turn);
	return 0;
}

void
table_cpu_poll(struct table *t)
{
	/* Acting below notifies again: the outer call does the looping. */
	if (t->cpu_polling)
		return;
	t->cpu_polling = 1;
	for (int i = 0; i < 16 && table_cpu_step(t); i++)
		;
	t->cpu_polling = 0;
}

static void
table_cpu_answer(void *arg, int rc, const struct cpu_result *res)
{
	struct table	*t = arg;
	struct identity	*cpu;
	char		 err[TABLE_ERR_LEN];

	t->cpu_job = NULL;
	if (rc != 0 || t->phase != TABLE_PLAYING ||
	    table_turn(t) != t->cpu_seat ||
	    t->game->variant->ply(t->game) != t->cpu_ply) {
		table_cpu_poll(t);
		return;
	}
	cpu = t->seat[t->cpu_seat].who;
	/* The whole answer first (a Connect6 pair is two plays), then what
	 * the CPU seats owe next. */
	t->cpu_polling = 1;
	if (res->is_choice) {
		if (table_choose(t, cpu, res->choice, err, sizeof err) != 0)
			log_warn("table %s: the CPU's choice: %s", t->code, err);
	}
	for (int i = 0; !res->is_choice && i < res->nmoves &&
	    t->phase == TABLE_PLAYING; i++) {
		if (table_play(t, cpu, &res->move[i], err, sizeof err) != 0) {
			log_warn("table %s: the CPU's move: %s", t->code, err);
			break;
		}
	}
	t->cpu_polling = 0;
	table_cpu_poll(t);
}
