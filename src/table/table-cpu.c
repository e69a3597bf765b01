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

/*
 * A request from `asker` waits for the other seat (requests exist only in
 * two-player games): 1 if the CPU answers it (a computer player, or the CPU
 * holding an absent player's seat), with that seat in *seat.
 */
static int
table_cpu_answers(const struct table *t, int asker, int *seat)
{
	int	 other = 1 - asker;

	if (asker < 0 || asker > 1 || t->nseats != 2 ||
	    !(table_seat_is_cpu(t, other) ||
	    t->seat[other].held) || table_seat_is_cpu(t, asker))
		return 0;
	*seat = other;
	return 1;
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

int
table_cpu_invite(struct table *t, struct identity *host, int level,
    char *err, size_t errlen)
{
	int	 seat;

	if (host == NULL || host != t->host) {
		snprintf(err, errlen, "only the host (%s) can seat the computer",
		    t->host != NULL ? t->host->name : "nobody");
		return -1;
	}
	if ((seat = table_free_seat(t, err, errlen)) < 0 ||
	    table_cpu_sit(t, seat, level, err, errlen) != 0)
		return -1;
	table_notify(t, TABLE_CHANGED, NULL);
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
	if (table_seat_is_cpu(t, seat)) {
		t->cpu_for = TABLE_CPU_SEAT;
		cpu_limits_default(&lim, cpu->level);
		lim.time_ms = t->list->cpu_time_ms;
	} else if (t->seat[seat].held) {
		t->cpu_for = TABLE_CPU_HELD;
		cpu_limits_default(&lim, TABLE_STANDIN_LEVEL);
		lim.time_ms = t->list->cpu_time_ms;
	} else {
		/* Out of time: one quick move, the game must go on. */
		t->cpu_for = TABLE_CPU_TIMEOUT;
		cpu_limits_default(&lim, TABLE_STANDIN_LEVEL);
		lim.time_ms = t->list->cpu_time_ms < TABLE_TIMEOUT_MS ?
		    t->list->cpu_time_ms : TABLE_TIMEOUT_MS;
	}
	/* Nobody at the table (everyone left; the CPU plays the game out):
	 * no one waits for a deep move. */
	if (t->nwatch == 0 && TAILQ_EMPTY(&t->viewers) &&
	    lim.time_ms > TABLE_UNWATCHED_MS)
		lim.time_ms = TABLE_UNWATCHED_MS;
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
	int		 turn, seat;

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
	if (t->phase != TABLE_PLAYING)
		return 0;
	/* A game against the computer is practice: a move is taken back
	 * at once.  The CPU holding an absent player's seat agrees to
	 * nothing on his behalf. */
	if (table_cpu_answers(t, t->undo_ask, &seat)) {
		cpu = t->seat[seat].who;
		return table_undo_answer(t, cpu, !t->seat[seat].held, err,
		    sizeof err) == 0;
	}
	if (table_cpu_answers(t, t->draw_offer, &seat))
		return table_draw_decline(t, t->seat[seat].who, err,
		    sizeof err) == 0;
	turn = table_turn(t);
	if (t->cpu_job != NULL && (turn != t->cpu_seat ||
	    t->game->variant->ply(t->game) != t->cpu_ply ||
	    !table_seat_cpu_moves(t, turn)))
		table_cpu_stop(t);
	if (t->cpu_job == NULL && table_seat_cpu_moves(t, turn))
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
	    t->game->variant->ply(t->game) != t->cpu_ply ||
	    !table_seat_cpu_moves(t, t->cpu_seat)) {
		table_cpu_poll(t);
		return;
	}
	cpu = t->seat[t->cpu_seat].who;
	/* The whole answer first (a Connect6 pair is two plays), then what
	 * the CPU seats owe next. */
	t->cpu_polling = 1;
	if (res->is_choice) {
		if (t->cpu_for == TABLE_CPU_TIMEOUT)
			table_timeout_mark(t, t->game->variant->ply(t->game));
		if (table_choose(t, cpu, res->choice, err, sizeof err) != 0)
			log_warn("table %s: the CPU's choice: %s", t->code, err);
	}
	for (int i = 0; !res->is_choice && i < res->nmoves &&
	    t->phase == TABLE_PLAYING; i++) {
		int ply = t->game->variant->ply(t->game);
		char text[32];

		/* Marked and told first: the move may end the game, and what
		 * is stored then must know it. */
		if (t->cpu_for == TABLE_CPU_TIMEOUT) {
			table_timeout_mark(t, ply);
			t->game->variant->move_format(t->game, &res->move[i],
			    text, sizeof text);
			table_noticef(t, "out of time: the computer plays %s "
			    "for %s", text, cpu->name);
		}
		if (table_play(t, cpu, &res->move[i], err, sizeof err) != 0) {
			table_timeout_trim(t, ply);
			log_warn("table %s: the CPU's move: %s", t->code, err);
			break;
		}
	}
	t->cpu_polling = 0;
	table_cpu_poll(t);
}
