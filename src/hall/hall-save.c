/*
 * hall-save.c - live tables kept in the store as they change, so that a
 * restart or a crash does not end the games in play.
 *
 * Every table event marks the table unsaved; a short timer then writes
 * every unsaved table in one transaction: a burst of moves on many tables
 * costs one commit, and a crash loses at most the last HALL_SAVE_MS.  The
 * store runs in WAL mode with synchronous=NORMAL for these writes, so a
 * commit is a write to the log, not an fsync (finished games and accounts
 * are committed with synchronous=FULL by the store itself).
 *
 * At shutdown every table is written one last time and saving stops: what
 * people do while their connections close (leaving seats, going away) is
 * not the state to come back to.  At start every saved table is restored;
 * one that cannot be (a record the engine refuses, a taken code) moves to
 * the store's archive with the reason and is logged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/clock.h"
#include "src/base/log.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall.h"
#include "src/store/store.h"
#include "src/table/table.h"

#define HALL_SAVE_MS 100	/* a change waits this long for company */
#define HALL_SAVE_BATCH 256	/* tables per transaction */

static void
hall_save_due(void *arg)
{
	hall_save_flush(arg);
}

int
hall_save_init(struct hall *hall)
{
	hall->save_timer = clock_timer_new(hall->clock, hall_save_due, hall);
	return hall->save_timer != NULL ? 0 : -1;
}

void
hall_save_free(struct hall *hall)
{
	clock_timer_free(hall->save_timer);
	hall->save_timer = NULL;
}

void
hall_save_soon(struct hall *hall)
{
	if (hall->store == NULL || hall->saves_frozen ||
	    hall->save_timer == NULL || clock_timer_pending(hall->save_timer))
		return;
	clock_timer_set(hall->save_timer, HALL_SAVE_MS);
}

/* Write one batch; the tables stay marked if the store refuses. */
static void
hall_save_batch(struct hall *hall, struct store_table *rows,
    struct table **tables, size_t n)
{
	if (n == 0)
		return;
	if (store_tables_save(hall->store, rows, n,
	    clock_wall(hall->clock)) != STORE_OK)
		log_warn("saving %zu live tables failed: %s", n,
		    store_error(hall->store));
	else {
		for (size_t i = 0; i < n; i++)
			table_mark_saved(tables[i]);
	}
	for (size_t i = 0; i < n; i++)
		free(rows[i].data);
}

void
hall_save_flush(struct hall *hall)
{
	struct store_table	 rows[HALL_SAVE_BATCH];
	struct table		*tables[HALL_SAVE_BATCH];
	size_t			 n = 0;
	struct table		*t, *next;

	if (hall->store == NULL || hall->saves_frozen)
		return;
	clock_timer_cancel(hall->save_timer);
	/* A batch marks its tables saved, which takes them off the list:
	 * the next one is taken first, and it is not in the batch. */
	for (t = table_list_first_unsaved(hall->tables); t != NULL; t = next) {
		next = table_next_unsaved(t);
		memset(&rows[n], 0, sizeof rows[n]);
		snprintf(rows[n].code, sizeof rows[n].code, "%s",
		    table_code(t));
		if ((rows[n].data = table_save(t)) == NULL) {
			log_warn("table %s: out of memory saving it",
			    table_code(t));
			continue;
		}
		tables[n++] = t;
		if (n == HALL_SAVE_BATCH) {
			hall_save_batch(hall, rows, tables, n);
			n = 0;
		}
	}
	hall_save_batch(hall, rows, tables, n);
}

void
hall_save_forget(struct hall *hall, struct table *t)
{
	if (hall->store == NULL || hall->saves_frozen)
		return;
	if (store_table_delete(hall->store, table_code(t)) == STORE_ERROR)
		log_warn("table %s: removing its saved state failed: %s",
		    table_code(t), store_error(hall->store));
}

void
hall_save_last(struct hall *hall)
{
	for (struct table *t = table_list_first(hall->tables); t != NULL;
	    t = table_next(t)) {
		if (table_phase(t) == TABLE_PLAYING)
			table_announce(t, "the hall is restarting: this game "
			    "is saved and goes on when the hall is back");
	}
	hall_save_flush(hall);
	hall->saves_frozen = true;
	log_info("hall: %zu live tables saved", table_list_count(hall->tables));
}

void
hall_restore(struct hall *hall)
{
	struct store_table	*saved = NULL;
	size_t			 n = 0, ok = 0;
	char			 err[256];

	if (hall->store == NULL)
		return;
	if (store_table_load_all(hall->store, &saved, &n) != STORE_OK) {
		log_warn("loading the live tables failed: %s",
		    store_error(hall->store));
		return;
	}
	for (size_t i = 0; i < n; i++) {
		struct table *t = table_restore(hall->tables, saved[i].data,
		    err, sizeof err);

		if (t != NULL) {
			ok++;
			continue;
		}
		log_warn("table %s cannot be restored (%s): archived",
		    saved[i].code, err);
		if (store_table_archive(hall->store, saved[i].code, err,
		    clock_wall(hall->clock)) != STORE_OK)
			log_warn("table %s: archiving failed: %s",
			    saved[i].code, store_error(hall->store));
	}
	store_tables_free(saved, n);
	if (n > 0)
		log_info("hall: %zu of %zu live tables restored", ok, n);
}
