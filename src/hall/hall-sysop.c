/*
 * hall-sysop.c - what the hall does for a sysop: mutes, the message of the
 * day, broadcasts, kicks, enforcing bans on the sessions already in, closing
 * a table, and the shutdown countdown.  The commands that ask for these
 * (hall-command.c) parse and audit; this file acts on the hall.
 *
 * Bans live in the store (they survive restarts); mutes and the countdown
 * live here, for this run only; the MOTD is a file in the state directory,
 * so it survives restarts without a schema of its own.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/base/log.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall.h"
#include "src/hall/screen-table.h"
#include "src/store/store.h"
#include "src/table/table.h"
#include "src/term/clean.h"
#include "engine/game.h"

#define HALL_SYSOP_MUTES 64
#define HALL_SYSOP_MOTD_MAX 512
#define HALL_SYSOP_MESSAGE_MAX 200

struct hall_sysop_mute {
	char		 name[IDENTITY_NAME_LEN];
	int64_t		 until;		/* wall seconds; 0 = until unmuted */
};

struct hall_sysop {
	int64_t			 started;
	char			 motd[HALL_SYSOP_MOTD_MAX];
	char			 motd_path[CONFIG_PATH_MAX + 16];

	struct hall_sysop_mute	 mutes[HALL_SYSOP_MUTES];
	int			 nmutes;

	struct clock_timer	*countdown;
	uint64_t		 stop_ms;	/* when the countdown ends */
	char			 stop_message[HALL_SYSOP_MESSAGE_MAX];

	struct cmd_reset	*resets;	/* hall-command.c's */
};

static void	hall_sysop_countdown_cb(void *);

static void
hall_sysop_motd_load(struct hall_sysop *s)
{
	FILE	*f;
	size_t	 n;
	char	 raw[HALL_SYSOP_MOTD_MAX];

	if ((f = fopen(s->motd_path, "r")) == NULL)
		return;
	n = fread(raw, 1, sizeof raw - 1, f);
	fclose(f);
	/* A hand-edited file is user text like any other. */
	clean_text(s->motd, sizeof s->motd, raw, n, -1, CLEAN_TRIM);
}

int
hall_sysop_init(struct hall *hall)
{
	struct hall_sysop	*s;

	if ((s = calloc(1, sizeof *s)) == NULL)
		return -1;
	s->started = clock_wall(hall->clock);
	s->countdown = clock_timer_new(hall->clock, hall_sysop_countdown_cb,
	    hall);
	if (s->countdown == NULL) {
		free(s);
		return -1;
	}
	snprintf(s->motd_path, sizeof s->motd_path, "%s/motd",
	    hall->cfg->state_dir);
	hall_sysop_motd_load(s);
	hall->sysop = s;
	return 0;
}

void
hall_sysop_free(struct hall *hall)
{
	if (hall->sysop == NULL)
		return;
	hall_command_free(hall);
	clock_timer_free(hall->sysop->countdown);
	free(hall->sysop);
	hall->sysop = NULL;
}

struct cmd_reset **
hall_sysop_resets(struct hall *hall)
{
	return &hall->sysop->resets;
}

int64_t
hall_sysop_started(struct hall *hall)
{
	return hall->sysop->started;
}

/* ---- the message of the day ---------------------------------------------- */

const char *
hall_sysop_motd(struct hall *hall)
{
	if (hall->sysop == NULL || hall->sysop->motd[0] == '\0')
		return NULL;
	return hall->sysop->motd;
}

int
hall_sysop_set_motd(struct hall *hall, const char *text)
{
	struct hall_sysop	*s = hall->sysop;
	char			 tmp[sizeof s->motd_path + 8];
	FILE			*f;

	if (text == NULL)
		text = "";
	clean_text(s->motd, sizeof s->motd, text, strlen(text), -1,
	    CLEAN_TRIM);
	hall_dirty_all(hall);
	if (s->motd[0] == '\0')
		return remove(s->motd_path) == 0 || access(s->motd_path, F_OK)
		    != 0 ? 0 : -1;
	/* Written whole, then renamed: a crash leaves the old one or the new
	 * one, never half. */
	snprintf(tmp, sizeof tmp, "%s.new", s->motd_path);
	if ((f = fopen(tmp, "w")) == NULL)
		return -1;
	if (fputs(s->motd, f) == EOF) {
		fclose(f);
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, s->motd_path) != 0)
		return -1;
	return 0;
}

void
hall_sysop_greet(struct client *c)
{
	const char	*motd = hall_sysop_motd(c->hall);

	if (motd != NULL && c->status[0] == '\0')
		client_status(c, false, "Message of the day: %s", motd);
}

/* ---- mutes ---------------------------------------------------------------- */

static struct hall_sysop_mute *
hall_sysop_mute_find(struct hall *hall, const char *name)
{
	struct hall_sysop	*s = hall->sysop;
	int64_t			 now = clock_wall(hall->clock);

	for (int i = 0; i < s->nmutes; i++) {
		if (s->mutes[i].until != 0 && s->mutes[i].until <= now) {
			/* Expired: forget it. */
			s->mutes[i--] = s->mutes[--s->nmutes];
			continue;
		}
		if (strcasecmp(s->mutes[i].name, name) == 0)
			return &s->mutes[i];
	}
	return NULL;
}

bool
hall_sysop_is_muted(struct hall *hall, const char *name, int64_t *until)
{
	struct hall_sysop_mute	*m = hall_sysop_mute_find(hall, name);

	if (m != NULL && until != NULL)
		*until = m->until;
	return m != NULL;
}

bool
hall_sysop_muted(struct hall *hall, const struct identity *id, char *why,
    size_t len)
{
	int64_t	 until, left;

	if (id == NULL || hall->sysop == NULL ||
	    !hall_sysop_is_muted(hall, id->name, &until))
		return false;
	left = until - clock_wall(hall->clock);
	if (until == 0)
		snprintf(why, len, "you are muted by the sysop");
	else
		snprintf(why, len, "you are muted by the sysop for %lld more "
		    "min", (long long)(left + 59) / 60);
	return true;
}

void
hall_sysop_mute(struct hall *hall, const char *name, int64_t seconds)
{
	struct hall_sysop	*s = hall->sysop;
	struct hall_sysop_mute	*m = hall_sysop_mute_find(hall, name);

	if (m == NULL) {
		/* Full: the oldest mute gives way. */
		if (s->nmutes == HALL_SYSOP_MUTES)
			memmove(&s->mutes[0], &s->mutes[1],
			    --s->nmutes * sizeof s->mutes[0]);
		m = &s->mutes[s->nmutes++];
		snprintf(m->name, sizeof m->name, "%s", name);
	}
	m->until = seconds > 0 ? clock_wall(hall->clock) + seconds : 0;
}

int
hall_sysop_unmute(struct hall *hall, const char *name)
{
	struct hall_sysop	*s = hall->sysop;
	struct hall_sysop_mute	*m = hall_sysop_mute_find(hall, name);

	if (m == NULL)
		return -1;
	*m = s->mutes[--s->nmutes];
	return 0;
}

/* ---- bans and kicks ------------------------------------------------------- */

static void
hall_sysop_ban_text(const struct store_ban *b, char *why, size_t len)
{
	char		 until[32];
	struct tm	 tm;
	time_t		 t = (time_t)b->expires;

	until[0] = '\0';
	if (b->expires != 0 && gmtime_r(&t, &tm) != NULL)
		strftime(until, sizeof until, " until %Y-%m-%d %H:%M UTC",
		    &tm);
	snprintf(why, len, "You are banned from this hall%s%s%s.", until,
	    b->reason[0] != '\0' ? ": " : "", b->reason);
}

bool
hall_sysop_banned(struct hall *hall, const struct conn_info *info,
    const char *name, char *why, size_t len)
{
	struct store_ban	 b;
	int64_t			 now = clock_wall(hall->clock);

	if (hall->store == NULL)
		return false;
	if ((info != NULL && info->fingerprint[0] != '\0' &&
	    store_ban_check_key(hall->store, info->fingerprint, now, &b) ==
	    STORE_OK) ||
	    (info != NULL && info->peer[0] != '\0' &&
	    store_ban_check_addr(hall->store, info->peer, now, &b) ==
	    STORE_OK) ||
	    (name != NULL && *name != '\0' &&
	    store_ban_check_name(hall->store, name, now, &b) == STORE_OK)) {
		hall_sysop_ban_text(&b, why, len);
		return true;
	}
	return false;
}

int
hall_sysop_enforce(struct hall *hall)
{
	struct client	*c;
	char		 why[STORE_REASON_MAX + 96];
	int		 n = 0;

	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (c->closing || c->conn == NULL)
			continue;
		if (hall_sysop_banned(hall, c->info, c->identity != NULL &&
		    c->identity->kind == IDENTITY_USER ? c->identity->name :
		    NULL, why, sizeof why)) {
			log_info("%s: banned: leaves now", conn_label(c->conn));
			client_leave(c, why);
			n++;
		}
	}
	return n;
}

/* Whether c is `who`: his name (any case), or his session's ADDRESS:PORT. */
static bool
hall_sysop_is(struct client *c, const char *who)
{
	char	 session[CONN_ADDR_LEN + 8];

	if (c->identity != NULL && strcasecmp(c->identity->name, who) == 0)
		return true;
	snprintf(session, sizeof session, "%s:%d", c->info->peer,
	    c->info->peer_port);
	return strcmp(session, who) == 0;
}

int
hall_sysop_kick(struct hall *hall, const char *who, const char *reason)
{
	struct client	*c;
	char		 bye[HALL_SYSOP_MESSAGE_MAX + 64];
	int		 n = 0;

	snprintf(bye, sizeof bye, "The sysop disconnected you%s%s.",
	    reason != NULL && *reason != '\0' ? ": " : "",
	    reason != NULL ? reason : "");
	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (c->closing || c->conn == NULL || !hall_sysop_is(c, who))
			continue;
		client_leave(c, bye);
		n++;
	}
	return n;
}

void
hall_sysop_broadcast(struct hall *hall, const char *text)
{
	struct client	*c;

	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (!c->closing && c->conn != NULL)
			client_status(c, true, "Sysop: %s", text);
	}
}

/* ---- closing a table ------------------------------------------------------ */

/* The game at t as the store keeps an aborted one: unrated, no ranks. */
static int
hall_sysop_aborted(struct hall *hall, struct table *t, const char *reason,
    struct store_game *g)
{
	const struct game	*game = table_game(t);
	size_t			 len = 4096;

	memset(g, 0, sizeof *g);
	if (game == NULL)
		return -1;
	snprintf(g->variant, sizeof g->variant, "%s", game->variant->name);
	if (game->variant->options(game, g->options, sizeof g->options) < 0)
		g->options[0] = '\0';
	for (;;) {
		if ((g->record = malloc(len)) == NULL)
			return -1;
		if (game_record(game, g->record, len) >= 0)
			break;
		free(g->record);
		g->record = NULL;
		if ((len *= 2) > (1u << 22))
			return -1;
	}
	g->started = g->ended = clock_wall(hall->clock);
	snprintf(g->result, sizeof g->result, "aborted by the sysop%s%s",
	    reason[0] != '\0' ? ": " : "", reason);
	g->rated = 0;
	snprintf(g->table, sizeof g->table, "%s", table_code(t));
	g->nplayers = table_nseats(t);
	for (int p = 0; p < g->nplayers; p++) {
		struct store_game_player	*pl = &g->players[p];
		int				 seat = table_player_seat(t, p);
		struct identity			*who = table_seat(t, seat);

		pl->seat = p;
		pl->outcome = STORE_DRAW;
		if (who == NULL)
			continue;
		snprintf(pl->name, sizeof pl->name, "%s", who->name);
		if (who->kind == IDENTITY_USER) {
			pl->kind = STORE_PLAYER_USER;
			pl->user = who->user;
		} else
			pl->kind = who->kind == IDENTITY_CPU ?
			    STORE_PLAYER_CPU : STORE_PLAYER_GUEST;
	}
	return 0;
}

int
hall_sysop_table_close(struct hall *hall, const char *code,
    const char *reason, char *why, size_t len)
{
	struct table		*t = table_list_find(hall->tables, code);
	struct table_viewer	*v;
	struct client		**was;
	struct store_game	 g;
	size_t			 n = 0;
	char			 said[HALL_SYSOP_MESSAGE_MAX + 64];

	if (t == NULL) {
		snprintf(why, len, "no live table %s", code);
		return -1;
	}
	/* A game in play is kept, as aborted and unrated. */
	if (table_phase(t) == TABLE_PLAYING && hall->store != NULL &&
	    hall_sysop_aborted(hall, t, reason, &g) == 0) {
		if (store_game_finish(hall->store, &g) != STORE_OK)
			log_warn("table %s: storing the aborted game: %s",
			    table_code(t), store_error(hall->store));
		free(g.record);
	}
	/* Who was there hears why, after the table screen closed. */
	was = calloc(hall->nclients + 1, sizeof *was);
	for (v = table_viewer_first(t); was != NULL && v != NULL &&
	    n < hall->nclients; v = table_viewer_next(v))
		was[n++] = (struct client *)(void *)((char *)v -
		    offsetof(struct client, viewer));
	table_free(t);
	snprintf(said, sizeof said, "The sysop closed the table%s%s.",
	    reason[0] != '\0' ? ": " : "", reason);
	for (size_t i = 0; i < n; i++)
		client_status(was[i], true, "%s", said);
	free(was);
	return 0;
}

/* ---- the shutdown countdown ----------------------------------------------- */

int
hall_sysop_shutdown_left(struct hall *hall)
{
	uint64_t	 now = clock_ms(hall->clock);

	if (!clock_timer_pending(hall->sysop->countdown))
		return -1;
	return hall->sysop->stop_ms > now ?
	    (int)((hall->sysop->stop_ms - now + 999) / 1000) : 0;
}

static void
hall_sysop_countdown_cb(void *arg)
{
	struct hall		*hall = arg;
	struct hall_sysop	*s = hall->sysop;
	struct client		*c;
	uint64_t		 now = clock_ms(hall->clock);
	uint64_t		 left, rem, step;

	if (now >= s->stop_ms) {
		log_info("sysop: the countdown ended: stopping");
		hall_shutdown(hall, s->stop_message[0] != '\0' ?
		    s->stop_message : NULL);
		/*
		 * The rest (listeners, connections still logging in, the
		 * drain, the exit) is what SIGTERM does in gamehalld.c: one
		 * way to stop, whoever asks.
		 */
		raise(SIGTERM);
		return;
	}
	left = (s->stop_ms - now + 999) / 1000;
	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (!c->closing && c->conn != NULL)
			client_status(c, true, "The hall shuts down in %llu "
			    "s%s%s", (unsigned long long)left,
			    s->stop_message[0] != '\0' ? ": " : ".",
			    s->stop_message);
	}
	/* Every second in the last minute, else every ten: each on the
	 * whole second, so the numbers shown are the true ones. */
	rem = s->stop_ms - now;
	step = left <= 60 ? 1000 : 10000;
	clock_timer_set(s->countdown, rem % step != 0 ? rem % step : step);
}

void
hall_sysop_shutdown(struct hall *hall, int seconds, const char *message)
{
	struct hall_sysop	*s = hall->sysop;

	snprintf(s->stop_message, sizeof s->stop_message, "%s",
	    message != NULL ? message : "");
	s->stop_ms = clock_ms(hall->clock) + (uint64_t)seconds * 1000;
	clock_timer_set(s->countdown, 0);
}

int
hall_sysop_shutdown_cancel(struct hall *hall)
{
	struct client	*c;

	if (!clock_timer_pending(hall->sysop->countdown))
		return -1;
	clock_timer_cancel(hall->sysop->countdown);
	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (!c->closing && c->conn != NULL)
			client_status(c, false, "The shutdown was called off.");
	}
	return 0;
}
