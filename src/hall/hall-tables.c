/*
 * hall-tables.c - the hall's tables: the list the lobby shows, creating,
 * joining and watching (from the lobby, by code, by `ssh host join CODE`
 * and `new VARIANT KEY=VALUE...`), and what happens when a table changes:
 * every client showing it is redrawn, a finished game is stored (with the
 * rating changes, in one transaction) and the new ratings shown.
 *
 * A table's events come from src/table/table.c through hall_tables_event; the
 * clients showing a table are found by walking the clients (the table
 * screen is in their stack), which costs little next to drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/hall/hall-int.h"
#include "src/base/log.h"
#include "src/store/rating.h"
#include "src/store/store.h"
#include "src/hall/table-screen.h"
#include "src/table/table.h"

bool
hall_identity_online(struct hall *hall, const struct identity *id)
{
	(void)hall;
	return id != NULL && id->sessions > 0;
}

void
hall_table_share(struct hall *hall, const struct table *t, char *buf,
    size_t len)
{
	int port = hall->cfg->public_port > 0 ? hall->cfg->public_port :
	    hall->cfg->ssh_port;

	if (port == 22)
		snprintf(buf, len, "ssh -t %s join %s", hall->host,
		    table_code(t));
	else
		snprintf(buf, len, "ssh -p %d -t %s join %s", port, hall->host,
		    table_code(t));
}

/* A seat's rating in the table's variant ("1523", "1500?"), from the store. */
static void
hall_tables_rating(struct hall *hall, struct table *t, int seat)
{
	struct identity *id = table_seat(t, seat);
	struct store_rating r;
	char text[16];

	if (id == NULL || id->kind != IDENTITY_USER || hall->store == NULL ||
	    *table_seat_rating(t, seat) != '\0')
		return;
	if (store_rating_get(hall->store, id->user, table_spec(t)->variant,
	    &r) != STORE_OK)
		return;
	hall_rating_text(&r.rating, text, sizeof text);
	table_seat_set_rating(t, seat, text);
}

/* Every client showing table t draws again. */
static void
hall_tables_dirty(struct hall *hall, struct table *t)
{
	struct client *c;

	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (screen_table_of(c) == t)
			client_dirty(c);
	}
}

/* Clients in the lobby draw again (its list of tables changed). */
static void
hall_tables_dirty_lobby(struct hall *hall)
{
	struct client *c;

	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (c->depth > 0 && strcmp(c->stack[c->depth - 1].screen->name,
		    "lobby") == 0)
			client_dirty(c);
	}
}

/* A game ended: store it and its rating changes in one transaction. */
static void
hall_tables_store(struct hall *hall, struct table *t)
{
	struct store_game g;
	int rc;

	if (table_game_request(t, &g, clock_wall(hall->clock)) != 0) {
		log_warn("table %s: the finished game could not be recorded",
		    table_code(t));
		return;
	}
	if (hall->store == NULL) {
		free(g.record);
		return;
	}
	rc = store_game_finish(hall->store, &g);
	if (rc != STORE_OK)
		log_warn("table %s: storing the game failed: %s", table_code(t),
		    store_error(hall->store));
	else {
		log_info("table %s: game %lld stored (%s%s)", table_code(t),
		    (long long)g.id, g.result, g.rated ? ", rated" : "");
		/* The new ratings show at once. */
		for (int s = 0; s < table_nseats(t); s++) {
			struct identity *id = table_seat(t, s);

			if (id == NULL)
				continue;
			table_seat_set_rating(t, s, "");
			hall_tables_rating(hall, t, s);
			hall_identity_rating(hall, id);
		}
	}
	free(g.record);
}

static void
hall_tables_event(struct table *t, enum table_event ev, struct identity *who,
    void *arg)
{
	struct hall *hall = arg;
	struct client *c;
	char why[128];

	switch (ev) {
	case TABLE_CHANGED:
		for (int s = 0; s < table_nseats(t); s++)
			hall_tables_rating(hall, t, s);
		hall_tables_dirty(hall, t);
		break;
	case TABLE_LISTING:
		hall_tables_dirty_lobby(hall);
		break;
	case TABLE_GAME_OVER:
		hall_tables_store(hall, t);
		hall_tables_dirty(hall, t);
		break;
	case TABLE_KICKED:
		snprintf(why, sizeof why, "The host asked you to leave table "
		    "%s.", table_code(t));
		TAILQ_FOREACH(c, &hall->clients, entry) {
			if (c->identity == who && screen_table_of(c) == t)
				screen_table_close(c, why);
		}
		break;
	case TABLE_CLOSED:
		TAILQ_FOREACH(c, &hall->clients, entry) {
			if (screen_table_of(c) == t)
				screen_table_close(c, "The table has closed.");
		}
		hall_tables_dirty_lobby(hall);
		break;
	}
}

int
hall_tables_init(struct hall *hall)
{
	hall->tables = table_list_new(hall->ids, hall->clock, NULL, NULL);
	if (hall->tables == NULL)
		return -1;
	table_list_listen(hall->tables, hall_tables_event, hall);
	if (hall->cfg->public_host[0] != '\0')
		snprintf(hall->host, sizeof hall->host, "%s",
		    hall->cfg->public_host);
	else if (gethostname(hall->host, sizeof hall->host - 1) != 0 ||
	    hall->host[0] == '\0')
		snprintf(hall->host, sizeof hall->host, "localhost");
	return 0;
}

void
hall_tables_free(struct hall *hall)
{
	table_list_free(hall->tables);
	hall->tables = NULL;
}

void
hall_table_depart(struct hall *hall, struct table *t, struct identity *who)
{
	table_depart(t, who);
	if (table_is_empty(t))
		table_free(t);
}

/* A table of the viewer's own: a seat there, or its host. */
static bool
hall_tables_mine(struct table *t, const struct identity *who)
{
	return who != NULL && (table_seat_find(t, who) >= 0 ||
	    table_host(t) == who);
}

/* The lobby lists the open tables, and the viewer's own even if private
 * (the way back to a game left for the lobby). */
static bool
hall_tables_listed(struct table *t, const struct identity *who)
{
	return !table_spec(t)->private_ || hall_tables_mine(t, who);
}

int
hall_tables_count(struct hall *hall, const struct identity *who)
{
	int n = 0;

	for (struct table *t = table_list_first(hall->tables); t != NULL;
	    t = table_next(t))
		n += hall_tables_listed(t, who);
	return n;
}

static void
hall_tables_row(struct table *t, bool mine, struct view_table_row *r)
{
	const struct table_spec *spec = table_spec(t);

	memset(r, 0, sizeof *r);
	r->code = table_code(t);
	r->variant = spec->variant;
	r->options = table_brief(t);
	r->seats = table_nseats(t);
	r->players = table_seats_taken(t);
	r->names = table_names(t);
	r->watchers = table_watchers(t);
	r->timer = spec->timer == 30 ? "30s" : spec->timer == 60 ? "60s" :
	    NULL;
	r->rated = spec->rated;
	r->private_ = spec->private_;
	r->mine = mine;
}

int
hall_tables_rows(struct hall *hall, const struct identity *who,
    struct view_table_row *rows, int max)
{
	int n = 0;

	/* The viewer's own tables first, then the rest. */
	for (int pass = 0; pass < 2; pass++) {
		for (struct table *t = table_list_first(hall->tables);
		    t != NULL && n < max; t = table_next(t)) {
			bool mine = hall_tables_mine(t, who);

			if (mine != (pass == 0) || !hall_tables_listed(t, who))
				continue;
			hall_tables_row(t, mine, &rows[n++]);
		}
	}
	return n;
}

/* Show table t on the client: whatever it showed goes, the lobby stays
 * under the table. */
static void
hall_tables_show(struct client *c, struct table *t)
{
	while (c->depth > 1)
		client_pop(c);
	screen_table_open(c, t);
}

int
hall_tables_join(struct hall *hall, struct client *c, const char *text,
    bool watch, char *why, size_t whylen)
{
	struct table *t = table_list_find(hall->tables, text);
	char err[TABLE_ERR_LEN], code[32];
	int seated;

	/* The caller's string may belong to a screen that goes below. */
	snprintf(code, sizeof code, "%s", text);

	if (c->identity == NULL) {
		snprintf(why, whylen, "log in first");
		return -1;
	}
	if (t == NULL) {
		snprintf(why, whylen, "no such table %.16s", code);
		return -1;
	}
	/* Whatever the client showed goes first (it may have been the last
	 * one at another table, or at this one: find it again). */
	while (c->depth > 1)
		client_pop(c);
	if ((t = table_list_find(hall->tables, code)) == NULL) {
		/* The screen that asked is gone: say it on the lobby. */
		client_status(c, true, "no such table %.16s", code);
		return 0;
	}
	seated = table_seat_find(t, c->identity) >= 0;
	hall_tables_show(c, t);
	if (watch || seated)
		return 0;
	if (table_sit(t, c->identity, -1, err, sizeof err) != 0)
		client_status(c, true, "%s", table_phase(t) == TABLE_PLAYING ?
		    "The game has started: you are watching." : err);
	return 0;
}

int
hall_tables_create(struct hall *hall, struct client *c, const char *words,
    char *why, size_t whylen)
{
	struct table_spec spec;
	struct table *t;

	if (c->identity == NULL) {
		snprintf(why, whylen, "log in first");
		return -1;
	}
	if (words == NULL || *words == '\0') {
		screen_table_create_open(c);
		return 0;
	}
	if (table_spec_parse_line(&spec, words, why, whylen) != 0)
		return -1;
	if (hall->cfg->max_tables > 0 &&
	    table_list_count(hall->tables) >= (size_t)hall->cfg->max_tables) {
		snprintf(why, whylen, "the hall has %d tables open already: "
		    "join one of them", hall->cfg->max_tables);
		return -1;
	}
	if ((t = table_new(hall->tables, &spec, c->identity, why,
	    whylen)) == NULL)
		return -1;
	hall_tables_show(c, t);
	client_status(c, false, "Table %s is open: pass on its code, or the "
	    "command under the board.", table_code(t));
	hall_tables_dirty_lobby(hall);
	return 0;
}
