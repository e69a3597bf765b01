/*
 * table.c - a table's life: seats, hosting, watchers, starting games and
 * rematches, the table chat.  Moves and results are in table-play.c,
 * saving in table-save.c, codes and the registry in table-list.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/clock.h"
#include "src/people/chat.h"
#include "src/people/identity.h"
#include "src/table/table-int.h"

void
table_notify(struct table *t, enum table_event ev, struct identity *who)
{
	struct table_list	*l = t->list;

	if (ev != TABLE_TICK)
		table_index_unsaved(t);
	if (l->listener != NULL)
		l->listener(t, ev, who, l->listener_arg);
	if (ev == TABLE_CHANGED || ev == TABLE_GAME_OVER) {
		table_clock_poll(t);
		table_cpu_poll(t);
	}
}

void
table_noticef(struct table *t, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	chat_vnotice(t->chat, clock_wall(t->list->clock), fmt, ap);
	va_end(ap);
}

const char *
table_seat_name(const struct table *t, int seat)
{
	if (seat < 0 || seat >= t->nseats || t->seat[seat].who == NULL)
		return "nobody";
	return t->seat[seat].who->name;
}

static void
table_release(struct table *t, struct identity *id)
{
	if (id != NULL)
		identities_release(t->list->ids, id);
}

void
table_set_seat(struct table *t, int seat, struct identity *who)
{
	struct identity	*old = t->seat[seat].who;

	if (who != NULL)
		identity_ref(who);
	table_index_seat(t, seat, who);
	t->seat[seat].rematch = 0;
	t->seat[seat].rating[0] = '\0';
	t->seat[seat].away_due = 0;
	t->seat[seat].held = 0;
	table_release(t, old);
}

void
table_set_host(struct table *t, struct identity *who)
{
	struct identity	*old = t->host;

	if (who != NULL)
		identity_ref(who);
	t->host = who;
	table_release(t, old);
}

struct table *
table_alloc(struct table_list *l, const struct table_spec *spec,
    const char *code, char *err, size_t errlen)
{
	char			 text[512];
	struct table		*t;
	struct table_spec	 check;
	int			 n;

	/* Read the spec back through the parser: every value is checked
	 * whoever filled it in. */
	n = snprintf(text, sizeof text, "%s ", spec->variant);
	if (n < 0 || (size_t)n >= sizeof text ||
	    table_spec_text(spec, text + n, sizeof text - (size_t)n) < 0) {
		snprintf(err, errlen, "unknown variant: %.40s", spec->variant);
		return NULL;
	}
	if (table_spec_parse_line(&check, text, err, errlen) != 0)
		return NULL;
	if ((t = calloc(1, sizeof *t)) == NULL ||
	    (t->chat = chat_new(TABLE_CHAT_LINES)) == NULL) {
		free(t);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	TAILQ_INIT(&t->viewers);
	if (code != NULL) {
		if (table_code_normalise(code, t->code) != 0 ||
		    table_list_find(l, t->code) != NULL) {
			snprintf(err, errlen, "table code %.20s is %s", code,
			    table_list_find(l, code) != NULL ? "taken" :
			    "not a code");
			chat_free(t->chat);
			free(t);
			return NULL;
		}
	} else if (table_list_new_code(l, t->code) != 0) {
		snprintf(err, errlen, "no table code is free");
		chat_free(t->chat);
		free(t);
		return NULL;
	}
	/* Before the first game the start position is on show. */
	{
		char *opt[GAME_MAX_OPTIONS];

		for (int i = 0; i < spec->nopt; i++)
			opt[i] = (char *)spec->opt[i];
		t->game = game_new(spec->variant, spec->nopt, opt, err, errlen);
		if (t->game == NULL) {
			chat_free(t->chat);
			free(t);
			return NULL;
		}
	}
	t->list = l;
	t->spec = *spec;
	table_spec_brief(spec, t->brief, sizeof t->brief);
	t->variant = game_variant_find(spec->variant);
	t->nseats = t->variant->nsides;
	t->phase = TABLE_WAITING;
	t->first = 0;
	t->draw_offer = t->undo_ask = t->end_seat = -1;
	t->turn_seat = t->timeout_seat = -1;
	t->serial = l->serial++;
	TAILQ_INSERT_TAIL(&l->tables, t, entry);
	l->count++;
	table_index_add(l, t);
	return t;
}

struct table *
table_new(struct table_list *l, const struct table_spec *spec,
    struct identity *host, char *err, size_t errlen)
{
	struct table	*t;

	if ((t = table_alloc(l, spec, NULL, err, errlen)) == NULL)
		return NULL;
	if (host != NULL) {
		table_set_seat(t, 0, host);
		table_set_host(t, host);
		table_noticef(t, "%s opened table %s (%s)", host->name, t->code,
		    spec->variant);
	}
	return t;
}

static void
table_free_tell(struct table *t, int tell)
{
	if (t == NULL)
		return;
	table_cpu_stop(t);
	if (tell)
		table_notify(t, TABLE_CLOSED, NULL);
	table_index_remove(t->list, t);
	TAILQ_REMOVE(&t->list->tables, t, entry);
	t->list->count--;
	for (int i = 0; i < t->nseats; i++)
		table_release(t, t->seat[i].who);
	for (int i = 0; i < t->nwatch; i++)
		table_release(t, t->watch[i].who);
	for (int i = 0; i < t->nkicked; i++)
		table_release(t, t->kicked[i]);
	table_release(t, t->host);
	clock_timer_free(t->tick);
	free(t->timeouts);
	free(t->watch);
	game_free(t->game);
	chat_free(t->chat);
	free(t);
}

void
table_free(struct table *t)
{
	table_free_tell(t, 1);
}

void
table_discard(struct table *t)
{
	table_free_tell(t, 0);
}

const char *
table_code(const struct table *t)
{
	return t->code;
}

const char *
table_brief(const struct table *t)
{
	return t->brief;
}

const char *
table_names(struct table *t)
{
	size_t	 at = 0;

	t->names[0] = '\0';
	for (int i = 0; i < t->nseats && at < sizeof t->names; i++) {
		if (t->seat[i].who != NULL)
			at += (size_t)snprintf(t->names + at,
			    sizeof t->names - at, "%s%s", at > 0 ? ", " : "",
			    t->seat[i].who->name);
	}
	return t->names;
}

const struct table_spec *
table_spec(const struct table *t)
{
	return &t->spec;
}

enum table_phase
table_phase(const struct table *t)
{
	return t->phase;
}

int
table_nseats(const struct table *t)
{
	return t->nseats;
}

struct identity *
table_seat(const struct table *t, int seat)
{
	if (seat < 0 || seat >= t->nseats)
		return NULL;
	return t->seat[seat].who;
}

int
table_seat_find(const struct table *t, const struct identity *who)
{
	if (who == NULL)
		return -1;
	for (int i = 0; i < t->nseats; i++) {
		if (t->seat[i].who == who)
			return i;
	}
	return -1;
}

int
table_free_seat(const struct table *t, char *err, size_t errlen)
{
	for (int seat = 0; seat < t->nseats; seat++) {
		if (t->seat[seat].who == NULL)
			return seat;
	}
	snprintf(err, errlen, "every seat is taken");
	return -1;
}

int
table_seats_taken(const struct table *t)
{
	int	 n = 0;

	for (int i = 0; i < t->nseats; i++)
		n += t->seat[i].who != NULL;
	return n;
}

struct identity *
table_host(const struct table *t)
{
	return t->host;
}

int
table_is_empty(const struct table *t)
{
	return table_seats_taken(t) == table_cpu_seats(t) && t->nwatch == 0 &&
	    TAILQ_EMPTY(&t->viewers);
}

void
table_viewer_add(struct table *t, struct table_viewer *v)
{
	TAILQ_INSERT_TAIL(&t->viewers, v, entry);
}

void
table_viewer_remove(struct table *t, struct table_viewer *v)
{
	TAILQ_REMOVE(&t->viewers, v, entry);
}

struct table_viewer *
table_viewer_first(struct table *t)
{
	return TAILQ_FIRST(&t->viewers);
}

struct table_viewer *
table_viewer_next(struct table_viewer *v)
{
	return TAILQ_NEXT(v, entry);
}

int
table_games(const struct table *t)
{
	return t->games;
}

void
table_seat_set_rating(struct table *t, int seat, const char *rating)
{
	if (seat < 0 || seat >= t->nseats)
		return;
	snprintf(t->seat[seat].rating, sizeof t->seat[seat].rating, "%s",
	    rating != NULL ? rating : "");
}

const char *
table_seat_rating(const struct table *t, int seat)
{
	if (seat < 0 || seat >= t->nseats)
		return "";
	return t->seat[seat].rating;
}

static int
table_was_kicked(const struct table *t, const struct identity *who)
{
	for (int i = 0; i < t->nkicked; i++) {
		if (t->kicked[i] == who)
			return 1;
	}
	return 0;
}

/* A seat changed hands after a game: the table waits for a new start. */
static void
table_seats_changed(struct table *t)
{
	if (t->phase == TABLE_OVER)
		t->phase = TABLE_WAITING;
	for (int i = 0; i < t->nseats; i++)
		t->seat[i].rematch = 0;
}

/* The host is gone from the table: hosting passes to a seated player,
 * else to anyone still there. */
static void
table_host_moves_on(struct table *t)
{
	struct identity	*next = NULL;

	for (int i = 0; i < t->nseats && next == NULL; i++) {
		if (t->seat[i].who != NULL && t->seat[i].who != t->host)
			next = t->seat[i].who;
	}
	for (int i = 0; i < t->nwatch && next == NULL; i++) {
		if (t->watch[i].who != t->host)
			next = t->watch[i].who;
	}
	table_set_host(t, next);
	if (next != NULL)
		table_noticef(t, "%s is the host now", next->name);
}

int
table_sit(struct table *t, struct identity *who, int seat, char *err,
    size_t errlen)
{
	int	 mine = table_seat_find(t, who);

	if (who == NULL) {
		snprintf(err, errlen, "nobody to seat");
		return -1;
	}
	if (table_was_kicked(t, who)) {
		snprintf(err, errlen, "the host has asked you to leave this "
		    "table");
		return -1;
	}
	if (t->phase == TABLE_PLAYING) {
		snprintf(err, errlen, "%s", mine >= 0 ?
		    "you are playing at this table already" :
		    "the game has started: you can watch it");
		return -1;
	}
	if (seat < 0) {
		if (mine >= 0) {
			snprintf(err, errlen, "you sit in seat %d already",
			    mine + 1);
			return -1;
		}
		if ((seat = table_free_seat(t, err, errlen)) < 0)
			return -1;
	}
	if (seat >= t->nseats) {
		snprintf(err, errlen, "there is no seat %d (1-%d)", seat + 1,
		    t->nseats);
		return -1;
	}
	if (t->seat[seat].who == who) {
		snprintf(err, errlen, "you sit in seat %d already", seat + 1);
		return -1;
	}
	if (t->seat[seat].who != NULL) {
		snprintf(err, errlen, "seat %d is taken by %s", seat + 1,
		    t->seat[seat].who->name);
		return -1;
	}
	if (mine >= 0)
		table_set_seat(t, mine, NULL);
	table_set_seat(t, seat, who);
	if (t->host == NULL)
		table_set_host(t, who);
	table_seats_changed(t);
	if (mine >= 0)
		table_noticef(t, "%s moves to seat %d", who->name, seat + 1);
	else
		table_noticef(t, "%s sits down in seat %d", who->name, seat + 1);
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

/* Empty a seat (no checks) and let hosting move on if needed. */
void
table_vacate(struct table *t, int seat)
{
	struct identity	*who = t->seat[seat].who;

	identity_ref(who);
	table_set_seat(t, seat, NULL);
	table_seats_changed(t);
	if (t->host == who && !table_is_watching(t, who))
		table_host_moves_on(t);
	table_release(t, who);
}

int
table_leave(struct table *t, struct identity *who, char *err, size_t errlen)
{
	int	 seat = table_seat_find(t, who);

	if (seat < 0) {
		snprintf(err, errlen, "you have no seat at this table");
		return -1;
	}
	if (t->phase == TABLE_PLAYING) {
		snprintf(err, errlen, "%s", t->nseats == 2 ?
		    "the game is running: resign first" :
		    "the game is running: a seat is left after the game");
		return -1;
	}
	table_noticef(t, "%s leaves seat %d", who->name, seat + 1);
	table_vacate(t, seat);
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

static int
table_check_host(const struct table *t, const struct identity *who,
    const char *what, char *err, size_t errlen)
{
	if (who == NULL || who != t->host) {
		snprintf(err, errlen, "only the host (%s) can %s",
		    t->host != NULL ? t->host->name : "nobody", what);
		return -1;
	}
	return 0;
}

static int
table_watch_index(const struct table *t, const struct identity *who)
{
	for (int i = 0; i < t->nwatch; i++) {
		if (t->watch[i].who == who)
			return i;
	}
	return -1;
}

static void
table_watch_remove(struct table *t, int i)
{
	struct identity	*who = t->watch[i].who;

	memmove(&t->watch[i], &t->watch[i + 1],
	    (size_t)(t->nwatch - i - 1) * sizeof t->watch[0]);
	t->nwatch--;
	table_release(t, who);
}

int
table_kick(struct table *t, struct identity *host, int seat, char *err,
    size_t errlen)
{
	struct identity	*who;
	int		 w;

	if (table_check_host(t, host, "send someone away", err, errlen) != 0)
		return -1;
	if (t->phase == TABLE_PLAYING) {
		snprintf(err, errlen, "not while the game is running");
		return -1;
	}
	if (seat < 0 || seat >= t->nseats || (who = t->seat[seat].who) == NULL) {
		snprintf(err, errlen, "seat %d is empty", seat + 1);
		return -1;
	}
	if (who == host) {
		snprintf(err, errlen, "you cannot send yourself away");
		return -1;
	}
	identity_ref(who);
	table_set_seat(t, seat, NULL);
	table_seats_changed(t);
	if ((w = table_watch_index(t, who)) >= 0)
		table_watch_remove(t, w);
	if (t->nkicked == TABLE_KICKED_MAX) {
		table_release(t, t->kicked[0]);
		memmove(&t->kicked[0], &t->kicked[1],
		    (TABLE_KICKED_MAX - 1) * sizeof t->kicked[0]);
		t->nkicked--;
	}
	identity_ref(who);
	t->kicked[t->nkicked++] = who;
	table_noticef(t, "%s asked %s to leave", host->name, who->name);
	table_notify(t, TABLE_KICKED, who);
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	table_release(t, who);
	return 0;
}

int
table_pass_host(struct table *t, struct identity *host, int seat, char *err,
    size_t errlen)
{
	struct identity	*who;

	if (table_check_host(t, host, "pass hosting on", err, errlen) != 0)
		return -1;
	if (seat < 0 || seat >= t->nseats || (who = t->seat[seat].who) == NULL) {
		snprintf(err, errlen, "seat %d is empty", seat + 1);
		return -1;
	}
	if (who == host) {
		snprintf(err, errlen, "you are the host already");
		return -1;
	}
	table_set_host(t, who);
	table_noticef(t, "%s hands hosting to %s", host->name, who->name);
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_begin(struct table *t, int64_t now, char *err, size_t errlen)
{
	char		*opt[GAME_MAX_OPTIONS], line[CHAT_TEXT_MAX + 1];
	struct game	*g;
	size_t		 at = 0;

	for (int i = 0; i < t->spec.nopt; i++)
		opt[i] = t->spec.opt[i];
	g = game_new(t->spec.variant, t->spec.nopt, opt, err, errlen);
	if (g == NULL)
		return -1;
	game_free(t->game);
	t->game = g;
	if (t->games == 0)
		t->first = (int)(table_list_random(t->list) %
		    (uint32_t)t->nseats);
	else if (t->spec.rotate)
		t->first = (t->first + 1) % t->nseats;
	t->games++;
	t->rated = t->spec.rated;
	for (int i = 0; i < t->nseats; i++) {
		if (t->seat[i].who == NULL || t->seat[i].who->kind !=
		    IDENTITY_USER)
			t->rated = 0;
		t->seat[i].rematch = 0;
		t->rank[i] = 0;
	}
	t->phase = TABLE_PLAYING;
	t->started = now;
	t->end = TABLE_END_NONE;
	t->end_seat = t->draw_offer = t->undo_ask = -1;
	t->result[0] = '\0';
	t->left_last = 0;
	t->nout = 0;
	t->ntimeouts = 0;
	t->turn_seat = t->timeout_seat = -1;

	at = (size_t)snprintf(line, sizeof line, "game %d%s:", t->games,
	    t->rated ? " (rated)" : "");
	for (int p = 0; p < t->nseats && at < sizeof line; p++) {
		int seat = table_player_seat(t, p);
		int side = g->variant->player_side(g, p);

		at += (size_t)snprintf(line + at, sizeof line - at, "%s %s %s",
		    p > 0 ? "," : "", side >= 0 ?
		    g->variant->side_name(g, side) : p == 0 ? "P1" : "P2",
		    table_seat_name(t, seat));
	}
	table_noticef(t, "%s", line);
	return 0;
}

int
table_start(struct table *t, struct identity *who, int64_t now, char *err,
    size_t errlen)
{
	int	 free_seats = t->nseats - table_seats_taken(t);

	if (table_check_host(t, who, "start the game", err, errlen) != 0)
		return -1;
	if (t->phase == TABLE_PLAYING) {
		snprintf(err, errlen, "the game is running");
		return -1;
	}
	if (t->phase == TABLE_OVER) {
		snprintf(err, errlen, "a new game with the same players needs "
		    "everyone to agree (rematch)");
		return -1;
	}
	if (free_seats > 0) {
		snprintf(err, errlen, "waiting for %d more player%s", free_seats,
		    free_seats == 1 ? "" : "s");
		return -1;
	}
	if (table_begin(t, now, err, errlen) != 0)
		return -1;
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

int
table_rematch(struct table *t, struct identity *who, int64_t now, char *err,
    size_t errlen)
{
	int	 seat = table_seat_find(t, who), all = 1;

	if (seat < 0) {
		snprintf(err, errlen, "you have no seat at this table");
		return -1;
	}
	if (t->phase != TABLE_OVER) {
		snprintf(err, errlen, "%s", t->phase == TABLE_PLAYING ?
		    "the game is running" : "no game has ended here yet");
		return -1;
	}
	if (t->seat[seat].rematch) {
		snprintf(err, errlen, "you have agreed already; waiting for "
		    "the others");
		return -1;
	}
	t->seat[seat].rematch = 1;
	for (int i = 0; i < t->nseats; i++) {
		if (t->seat[i].who == NULL || !t->seat[i].rematch)
			all = 0;
	}
	table_noticef(t, "%s wants to play again", who->name);
	if (all && table_begin(t, now, err, errlen) != 0)
		return -1;
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

int
table_rematch_agreed(const struct table *t, int seat)
{
	if (seat < 0 || seat >= t->nseats)
		return 0;
	return t->seat[seat].rematch;
}

int
table_watch(struct table *t, struct identity *who)
{
	int	 i = table_watch_index(t, who);

	if (who == NULL)
		return -1;
	if (i < 0) {
		if (t->nwatch == t->capwatch) {
			int cap = t->capwatch == 0 ? 4 : t->capwatch * 2;
			void *p = realloc(t->watch, (size_t)cap *
			    sizeof t->watch[0]);

			if (p == NULL)
				return -1;
			t->watch = p;
			t->capwatch = cap;
		}
		i = t->nwatch++;
		identity_ref(who);
		t->watch[i].who = who;
		t->watch[i].count = 0;
		if (table_seat_find(t, who) < 0)
			table_noticef(t, "%s is watching", who->name);
	}
	t->watch[i].count++;
	if (table_seat_find(t, who) >= 0)
		table_seat_reclaim(t, table_seat_find(t, who));
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	return 0;
}

void
table_unwatch(struct table *t, struct identity *who)
{
	int	 i = table_watch_index(t, who);

	if (i < 0)
		return;
	if (--t->watch[i].count == 0)
		table_watch_remove(t, i);
	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
}

int
table_is_watching(const struct table *t, const struct identity *who)
{
	return table_watch_index(t, who) >= 0;
}

int
table_watchers(const struct table *t)
{
	int	 n = 0;

	for (int i = 0; i < t->nwatch; i++)
		n += table_seat_find(t, t->watch[i].who) < 0;
	return n;
}

struct identity *
table_watcher(const struct table *t, int n)
{
	for (int i = 0; i < t->nwatch; i++) {
		if (table_seat_find(t, t->watch[i].who) >= 0)
			continue;
		if (n-- == 0)
			return t->watch[i].who;
	}
	return NULL;
}

int
table_depart(struct table *t, struct identity *who)
{
	int	 i = table_watch_index(t, who), seat, changed = 0;

	if (i >= 0) {
		if (--t->watch[i].count == 0)
			table_watch_remove(t, i);
		changed = 1;
	}
	seat = table_seat_find(t, who);
	if (table_watch_index(t, who) < 0 && seat >= 0 &&
	    t->phase != TABLE_PLAYING) {
		table_noticef(t, "%s leaves the table", who->name);
		table_vacate(t, seat);
		changed = 1;
	} else if (table_watch_index(t, who) < 0 && seat >= 0) {
		table_seat_away(t, seat);
		changed = 1;
	} else if (table_watch_index(t, who) < 0 && seat < 0 && who == t->host) {
		table_host_moves_on(t);
		changed = 1;
	}
	if (changed) {
		table_notify(t, TABLE_CHANGED, NULL);
		table_notify(t, TABLE_LISTING, NULL);
	}
	return changed;
}

struct chat *
table_chat(const struct table *t)
{
	return t->chat;
}

void
table_announce(struct table *t, const char *text)
{
	table_noticef(t, "%s", text);
	table_notify(t, TABLE_CHANGED, NULL);
}

int
table_say(struct table *t, struct identity *who, struct ratelimit *limit,
    uint64_t now_ms, int64_t when, const char *text, char *err,
    size_t errlen)
{
	uint64_t	 wait = 0;

	if (who == NULL || (table_seat_find(t, who) < 0 &&
	    !table_is_watching(t, who))) {
		snprintf(err, errlen, "only people at the table can talk here");
		return -1;
	}
	switch (chat_say(t->chat, limit, now_ms, when, who->name,
	    who->kind == IDENTITY_GUEST, text, strlen(text), &wait)) {
	case CHAT_OK:
		table_notify(t, TABLE_CHANGED, NULL);
		return 0;
	case CHAT_EMPTY:
		snprintf(err, errlen, "nothing to say");
		return -1;
	case CHAT_TOO_FAST:
		snprintf(err, errlen, "slow down: wait %llu s",
		    (unsigned long long)((wait + 999) / 1000));
		return -1;
	default:
		snprintf(err, errlen, "out of memory");
		return -1;
	}
}
