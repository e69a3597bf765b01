/*
 * hall-tables.c - the hall's tables: the list the lobby shows, creating,
 * joining and watching (from the lobby, by code, by `ssh host join CODE`
 * and `new VARIANT KEY=VALUE...`), and what happens when a table changes:
 * every client showing it is redrawn, a finished game is stored (with the
 * rating changes, in one transaction) and the new ratings shown.
 *
 * A table's events come from src/table/table.c through hall_tables_event;
 * the clients showing a table are its viewers (c->table, listed in the
 * table), the clients in the lobby are hall->lobby.  A table that nobody
 * sits at, watches or views any more is freed from the loop (hall_tables_
 * reap), never inside the call that emptied it: that call may come from a
 * screen or a client being freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall.h"
#include "src/base/log.h"
#include "src/store/rating.h"
#include "src/store/store.h"
#include "src/hall/screen-table.h"
#include "src/table/table.h"

bool
hall_identity_online(struct hall *hall, const struct identity *id)
{
	(void)hall;
	return id != NULL && id->sessions > 0;
}

void
hall_table_share(struct client *c, const struct table *t, char *buf,
    size_t len)
{
	struct hall	*hall = c->hall;
	const char	*host = hall->host;
	int		 port = hall->cfg->public_port > 0 ?
	    hall->cfg->public_port : hall->cfg->ssh_port;

	/* Without public_host, the address this client reached is one a
	 * friend can reach too, unless it is the machine's own loopback
	 * (then the host name is the best guess). */
	if (hall->cfg->public_host[0] == '\0' && c->info != NULL &&
	    c->info->local[0] != '\0' && !c->info->local_loopback)
		host = c->info->local;
	if (port == 22)
		snprintf(buf, len, "ssh -t %s join %s", host, table_code(t));
	else
		snprintf(buf, len, "ssh -p %d -t %s join %s", port, host,
		    table_code(t));
}

/* A seat's rating in the table's variant ("1523", "1500?"), from the store. */
static void
hall_tables_rating(struct hall *hall, struct table *t, int seat)
{
	struct identity		*id = table_seat(t, seat);
	struct store_rating	 r;
	char			 text[16];

	if (id == NULL || id->kind != IDENTITY_USER || hall->store == NULL ||
	    *table_seat_rating(t, seat) != '\0')
		return;
	if (store_rating_get(hall->store, id->user, table_spec(t)->variant,
	    &r) != STORE_OK)
		return;
	hall_rating_text(&r.rating, text, sizeof text);
	table_seat_set_rating(t, seat, text);
}

/* The client a table's viewer entry is part of. */
static struct client *
hall_tables_viewer(struct table_viewer *v)
{
	return (struct client *)(void *)((char *)v -
	    offsetof(struct client, viewer));
}

/* Every client showing table t draws again. */
static void
hall_tables_dirty(struct table *t)
{
	for (struct table_viewer *v = table_viewer_first(t); v != NULL;
	    v = table_viewer_next(v))
		client_dirty(hall_tables_viewer(v));
}

/* Clients in the lobby draw again (its list of tables changed): a change
 * someone else made, rationed with a crowd like an arrival. */
static void
hall_tables_dirty_lobby(struct hall *hall)
{
	lobby_frames_tables_changed(hall->lobby_frames);
	hall_dirty_lobby_soon(hall);
}

/* Free every table left empty, from the loop. */
static void
hall_tables_reap(evutil_socket_t fd, short what, void *arg)
{
	struct hall	*hall = arg;
	struct table	*t, *next;

	for (t = table_list_first(hall->tables); t != NULL; t = next) {
		next = table_next(t);
		if (table_is_empty(t))
			table_free(t);
	}
}

/* Every viewer of t leaves it, its table screen closed with a message. */
static void
hall_tables_send_away(struct table *t, const struct identity *only,
    const char *why)
{
	struct table_viewer	*v, *next;
	struct client		*c;

	for (v = table_viewer_first(t); v != NULL; v = next) {
		next = table_viewer_next(v);
		c = hall_tables_viewer(v);
		if (only != NULL && c->identity != only)
			continue;
		hall_table_leave(c);
		screen_table_close(c, why);
	}
}

/* A game ended: store it and its rating changes in one transaction. */
static void
hall_tables_store(struct hall *hall, struct table *t)
{
	struct store_game	 g;
	int			 rc;

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
	struct hall	*hall = arg;
	char		 why[128];

	if (ev != TABLE_TICK && ev != TABLE_CLOSED)
		hall_save_soon(hall);
	switch (ev) {
	case TABLE_TICK:
		/* Only the countdowns moved: a frame of a few cells. */
		hall_tables_dirty(t);
		return;
	case TABLE_CHANGED:
		for (int s = 0; s < table_nseats(t); s++)
			hall_tables_rating(hall, t, s);
		hall_tables_dirty(t);
		break;
	case TABLE_LISTING:
		hall_tables_dirty_lobby(hall);
		break;
	case TABLE_GAME_OVER:
		hall_tables_store(hall, t);
		hall_tables_dirty(t);
		break;
	case TABLE_KICKED:
		snprintf(why, sizeof why, "The host asked you to leave table "
		    "%s.", table_code(t));
		hall_tables_send_away(t, who, why);
		break;
	case TABLE_CLOSED:
		log_info("table %s closed (%d game%s)", table_code(t),
		    table_games(t), table_games(t) == 1 ? "" : "s");
		hall_save_forget(hall, t);
		hall_tables_send_away(t, NULL, "The table has closed.");
		hall_tables_dirty_lobby(hall);
		return;
	}
	/* The last of its players gone (a game over with everyone away, a
	 * grace run out): the table goes, from the loop. */
	if (table_is_empty(t))
		event_active(hall->reap_ev, EV_TIMEOUT, 1);
}

int
hall_tables_init(struct hall *hall)
{
	hall->tables = table_list_new(hall->ids, hall->clock, NULL, NULL);
	hall->reap_ev = event_new(hall->base, -1, 0, hall_tables_reap, hall);
	if (hall->tables == NULL || hall->reap_ev == NULL)
		return -1;
	table_list_listen(hall->tables, hall_tables_event, hall);
	table_list_set_grace(hall->tables, hall->cfg->reclaim_grace);
	if (hall_save_init(hall) != 0)
		return -1;
	if (hall->cfg->public_host[0] != '\0')
		snprintf(hall->host, sizeof hall->host, "%s",
		    hall->cfg->public_host);
	else {
		if (gethostname(hall->host, sizeof hall->host - 1) != 0 ||
		    hall->host[0] == '\0')
			snprintf(hall->host, sizeof hall->host, "localhost");
		log_info("public_host is not set: the line that shares a "
		    "table names the address each player reached, or %s; set "
		    "public_host to the name friends elsewhere use",
		    hall->host);
	}
	return 0;
}

void
hall_set_cpu(struct hall *hall, struct cpujob_pool *pool)
{
	table_list_set_cpu(hall->tables, pool, hall->cfg->cpu_time);
}

void
hall_tables_free(struct hall *hall)
{
	hall_save_free(hall);
	table_list_free(hall->tables);
	hall->tables = NULL;
	if (hall->reap_ev != NULL)
		event_free(hall->reap_ev);
	hall->reap_ev = NULL;
}

void
hall_table_enter(struct client *c, struct table *t)
{
	if (c->identity == NULL)
		return;
	if (c->table != t) {
		hall_table_leave(c);
		if (table_watch(t, c->identity) != 0) {
			client_status(c, true, "out of memory");
			return;
		}
		c->table = t;
		table_viewer_add(t, &c->viewer);
		hall_lobby_leave(c);
	}
	screen_table_open(c, t);
}

void
hall_table_leave(struct client *c)
{
	struct table	*t = c->table;

	if (t == NULL)
		return;
	table_viewer_remove(t, &c->viewer);
	c->table = NULL;
	if (c->identity != NULL) {
		table_depart(t, c->identity);
		hall_lobby_enter(c);
	}
	if (table_is_empty(t))
		event_active(c->hall->reap_ev, EV_TIMEOUT, 1);
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
	int	 n = 0;

	for (struct table *t = table_list_first(hall->tables); t != NULL;
	    t = table_next(t))
		n += hall_tables_listed(t, who);
	return n;
}

static void
hall_tables_row(struct table *t, bool mine, struct view_table_row *r)
{
	const struct table_spec	*spec = table_spec(t);

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
	r->rated = table_rated_now(t);
	r->unrated_why = table_unrated_why(t);
	r->private_ = spec->private_;
	r->mine = mine;
}

int
hall_tables_rows(struct hall *hall, const struct identity *who,
    struct view_table_row *rows, int max)
{
	int	 n = 0;

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
	hall_table_enter(c, t);
}

bool
hall_tables_reclaim(struct hall *hall, struct client *c)
{
	struct table	*t = table_list_seat_of(hall->tables, c->identity);
	bool		 elsewhere = c->exec[0] != '\0';

	if (t == NULL || table_phase(t) != TABLE_PLAYING ||
	    table_seat_is_cpu(t, table_seat_find(t, c->identity)))
		return false;
	c->exec[0] = '\0';
	hall_tables_show(c, t);
	if (elsewhere)
		client_status(c, false, "Your game at table %s comes first: "
		    "back in your seat.", table_code(t));
	else
		client_status(c, false, "Your seat at table %s was waiting for "
		    "you: the game goes on.", table_code(t));
	return true;
}

int
hall_tables_join(struct hall *hall, struct client *c, const char *text,
    bool watch, char *why, size_t whylen)
{
	struct table	*t = table_list_find(hall->tables, text);
	char		 err[TABLE_ERR_LEN], code[32];
	int		 seated;

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
	seated = table_seat_find(t, c->identity) >= 0;
	hall_tables_show(c, t);
	if (watch || seated)
		return 0;
	if (table_sit(t, c->identity, -1, err, sizeof err) != 0)
		client_status(c, true, "%s", table_phase(t) == TABLE_PLAYING ?
		    "The game has started: you are watching." : err);
	else
		log_info("table %s: %s joins", table_code(t),
		    c->identity->name);
	return 0;
}

int
hall_tables_create(struct hall *hall, struct client *c, const char *words,
    char *why, size_t whylen)
{
	struct table_spec	 spec;
	struct table		*t;

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
	/* The computer takes the last seats; with every seat taken, the
	 * game against it starts at once. */
	for (int k = 0; k < spec.cpu; k++) {
		if (table_cpu_sit(t, table_nseats(t) - 1 - k, spec.cpu_level,
		    why, whylen) != 0) {
			table_free(t);
			return -1;
		}
	}
	if (spec.cpu > 0 && table_seats_taken(t) == table_nseats(t) &&
	    table_start(t, c->identity, clock_wall(hall->clock), why,
	    whylen) != 0) {
		table_free(t);
		return -1;
	}
	log_info("table %s opened by %s: %s", table_code(t), c->identity->name,
	    words);
	hall_tables_show(c, t);
	client_status(c, false, "Table %s is open: pass on its code, or the "
	    "command under the board.", table_code(t));
	hall_tables_dirty_lobby(hall);
	return 0;
}
