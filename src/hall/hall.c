/*
 * hall.c - the hall: its clients, who is online, the lobby chat, and the
 * connection callbacks the transports call (see hall.h, hall-int.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <event2/event.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-text.h"
#include "src/hall/screen-table.h"
#include "src/hall/hall.h"
#include "src/base/log.h"
#include "src/store/rating.h"
#include "src/store/store.h"
#include "src/table/table.h"

struct hall *
hall_new(struct event_base *base, struct clock *clock, const struct config *cfg,
    struct store *store, struct worker *worker)
{
	struct hall	*hall;

	hall = calloc(1, sizeof *hall);
	if (hall == NULL)
		return NULL;
	hall->base = base;
	hall->clock = clock;
	hall->cfg = cfg;
	hall->store = store;
	hall->worker = worker;
	TAILQ_INIT(&hall->clients);
	TAILQ_INIT(&hall->lobby);
	hall->ids = identities_new(NULL, NULL);
	hall->chat = chat_new(CHAT_SCROLLBACK);
	hall->lobby_frames = lobby_frames_new();
	if (hall->ids == NULL || hall->chat == NULL ||
	    hall->lobby_frames == NULL ||
	    hall_walk_init(&hall->chat_walk, hall, true) != 0 ||
	    hall_walk_init(&hall->ambient_walk, hall, false) != 0 ||
	    hall_tables_init(hall) != 0 || hall_sysop_init(hall) != 0) {
		hall_free(hall);
		return NULL;
	}
	return hall;
}

void
hall_free(struct hall *hall)
{
	struct client	*c;

	if (hall == NULL)
		return;
	/* Tables are told nothing more: their clients are going. */
	if (hall->tables != NULL)
		table_list_listen(hall->tables, NULL, NULL);
	/*
	 * main() ends the loop after every connection closed; anything still
	 * here never got its `closed` (the loop is gone): close and forget.
	 */
	hall_walk_free(&hall->chat_walk);
	hall_walk_free(&hall->ambient_walk);
	while ((c = TAILQ_FIRST(&hall->clients)) != NULL) {
		TAILQ_REMOVE(&hall->clients, c, entry);
		if (c->conn != NULL && !c->close_sent)
			conn_close(c->conn, hall->shutdown_message);
		c->identity = NULL;	/* identities_free takes them all */
		client_free(c);
	}
	hall_tables_free(hall);
	hall_sysop_free(hall);
	identities_free(hall->ids);
	chat_free(hall->chat);
	free(hall->online_sorted);
	lobby_frames_free(hall->lobby_frames);
	grid_free(hall->frame);
	buf_free(&hall->out);
	free(hall->shutdown_message);
	free(hall);
}

void
hall_lobby_enter(struct client *c)
{
	if (c->in_lobby || c->identity == NULL || c->table != NULL)
		return;
	TAILQ_INSERT_TAIL(&c->hall->lobby, c, lobby_entry);
	c->in_lobby = true;
}

void
hall_lobby_leave(struct client *c)
{
	if (!c->in_lobby)
		return;
	hall_walk_gone(&c->hall->chat_walk, c);
	TAILQ_REMOVE(&c->hall->lobby, c, lobby_entry);
	c->in_lobby = false;
}

/*
 * Arrivals come many a second with a crowd, and walking every client for
 * each made a login cost the crowd's size: the rationed walk tells them
 * (hall-walk.c), a slice at a time.
 */
void
hall_dirty_all(struct hall *hall)
{
	lobby_frames_changed(hall->lobby_frames);
	hall_walk_start(&hall->ambient_walk, true);
}

void
hall_dirty_lobby_soon(struct hall *hall)
{
	lobby_frames_changed(hall->lobby_frames);
	hall_walk_start(&hall->ambient_walk, false);
}

/*
 * A lobby chat line: only the lobby shows it, and at once, a slice at a
 * time.  On the speaker's other terminals the line is his own (his name
 * stands out), so they draw their own chat instead of the crowd's.
 */
static void
hall_dirty_lobby(struct hall *hall, struct identity *from)
{
	struct client	*c;

	lobby_frames_changed(hall->lobby_frames);
	if (from != NULL && from->sessions > 1) {
		TAILQ_FOREACH(c, &hall->lobby, lobby_entry)
			if (c->identity == from)
				client_dirty(c);
	}
	hall_walk_start(&hall->chat_walk, false);
}

void
hall_notice(struct hall *hall, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	chat_vnotice(hall->chat, clock_wall(hall->clock), fmt, ap);
	va_end(ap);
	hall_dirty_all(hall);
}

void
hall_account_changed(struct hall *hall, int64_t user)
{
	struct client	*c;

	hall->account_gen++;
	TAILQ_FOREACH(c, &hall->clients, entry) {
		if (c->identity != NULL && c->identity->kind == IDENTITY_USER &&
		    c->identity->user == user)
			client_dirty(c);
	}
}

void
hall_rating_text(const struct rating *r, char *buf, size_t len)
{
	snprintf(buf, len, "%.0f%s", r->r, rating_is_provisional(r) ? "?" :
	    "");
}

void
hall_identity_rating(struct hall *hall, struct identity *id)
{
	struct store_rating	*r = NULL;
	size_t			 n = 0, i, best = 0;

	id->rating[0] = '\0';
	/* The online list shows it. */
	lobby_frames_changed(hall->lobby_frames);
	if (id->kind != IDENTITY_USER || hall->store == NULL)
		return;
	if (store_rating_list(hall->store, id->user, &r, &n) != STORE_OK) {
		free(r);
		return;
	}
	/* The variant played most says most about the player. */
	for (i = 1; i < n; i++) {
		if (r[i].games > r[best].games)
			best = i;
	}
	if (n > 0 && r[best].games > 0)
		hall_rating_text(&r[best].rating, id->rating,
		    sizeof id->rating);
	free(r);
}

/* The marks already explained to an account, in an earlier session too;
 * an identity already online keeps what it was told since. */
static void
hall_identity_marks(struct hall *hall, struct identity *id)
{
	unsigned	 marks;

	if (id->kind != IDENTITY_USER || hall->store == NULL)
		return;
	if (store_marks_get(hall->store, id->user, &marks) != STORE_OK) {
		log_warn("account %lld: %s", (long long)id->user,
		    store_error(hall->store));
		return;
	}
	id->marks_told |= marks;
}

struct identity *
hall_user_identity(struct hall *hall, const struct store_user *u)
{
	struct identity	*id;

	if ((id = identities_user(hall->ids, u->id, u->name)) == NULL)
		return NULL;
	id->sysop = u->sysop;
	hall_identity_rating(hall, id);
	hall_identity_marks(hall, id);
	store_user_seen(hall->store, u->id, clock_wall(hall->clock));
	return id;
}

/*
 * The lobby chat says who came or went; the caller redraws everyone once
 * (hall_notice would walk all the clients a second time per arrival).  In
 * a crowd it does not: arrivals would fill the chat many times a second,
 * and each would change every viewer's chat pane, where otherwise an
 * arrival changes only the count and the page it falls on.
 */
static void
hall_announce(struct hall *hall, const char *name, const char *what,
    unsigned crowd)
{
	if (crowd > HALL_ANNOUNCE_MAX)	/* counting him */
		return;
	chat_notice(hall->chat, clock_wall(hall->clock), "%s %s", name, what);
}

void
hall_set_identity(struct hall *hall, struct client *c, struct identity *id,
    bool announce)
{
	struct identity	*old = c->identity;

	if (id != old) {
		/* Another person at this terminal is not where the first
		 * one was. */
		hall_table_leave(c);
		hall_lobby_leave(c);
	}
	c->identity = id;
	hall_lobby_enter(c);
	if (id != NULL && id->sessions++ == 0) {
		hall_online_add(hall, id);
		if (announce)
			hall_announce(hall, id->name, "is here.",
			    hall->online);
	}
	if (old != NULL) {
		if (--old->sessions == 0) {
			hall_online_remove(hall, old);
			if (announce)
				hall_announce(hall, old->name, "left.",
				    hall->online + 1);
		}
		identities_release(hall->ids, old);
	}
	hall_dirty_all(hall);
}


/* An exec command that came with the connection, run in the lobby. */
static void
hall_exec(struct hall *hall, struct client *c)
{
	char	 cmd[CLIENT_EXEC_LEN], why[256], *verb, *arg, *save = NULL;

	if (c->exec[0] == '\0')
		return;
	snprintf(cmd, sizeof cmd, "%s", c->exec);
	c->exec[0] = '\0';
	verb = strtok_r(cmd, " ", &save);
	arg = strtok_r(NULL, "", &save);
	if (verb == NULL)
		return;
	if (strcmp(verb, "join") == 0 || strcmp(verb, "watch") == 0) {
		if (arg == NULL || strchr(arg, ' ') != NULL) {
			client_status(c, true, "%s needs one table code: "
			    "%s CODE", verb, verb);
			return;
		}
		if (hall_tables_join(hall, c, arg, verb[0] == 'w', why,
		    sizeof why) != 0)
			client_status(c, true, "%s", why);
		return;
	}
	if (strcmp(verb, "new") == 0) {
		if (hall_tables_create(hall, c, arg, why, sizeof why) != 0)
			client_status(c, true, "%s", why);
		return;
	}
	client_status(c, true, "unknown command '%s': join CODE, watch CODE "
	    "or new VARIANT", verb);
}

/* An account reads the hall in the language it chose (in Settings, on any
 * connection); without a choice the session keeps the one it has. */
static void
hall_language(struct hall *hall, struct client *c)
{
	struct store_user	 u;
	const struct lang	*l;

	if (c->identity == NULL || c->identity->kind != IDENTITY_USER ||
	    store_user_get(hall->store, c->identity->user, &u) != STORE_OK)
		return;
	if ((l = lang_find(u.lang)) != NULL)
		c->lang = l;
}

void
hall_enter(struct hall *hall, struct client *c, struct identity *id)
{
	char	 why[STORE_REASON_MAX + 96];

	/* Whatever way he logged in, a ban keeps him out (hall-sysop.c). */
	if (hall_sysop_banned(hall, c->info, id->kind == IDENTITY_USER ?
	    id->name : NULL, why, sizeof why)) {
		log_info("%s: %s refused: banned", conn_label(c->conn),
		    id->name);
		identities_release(hall->ids, id);
		client_leave(c, why);
		return;
	}
	hall_set_identity(hall, c, id, true);
	hall_language(hall, c);
	hall_lobby_soon(c);
}

void
hall_lobby_soon(struct client *c)
{
	c->lobby_due = true;
	clock_timer_set(c->lobby_timer, 0);
}

/* The lobby replaces whatever screen asked for it, from the loop, once that
 * screen's handler has returned. */
void
hall_lobby_due(void *arg)
{
	struct client	*c = arg;

	if (!c->lobby_due || c->closing)
		return;
	c->lobby_due = false;
	screen_lobby_open(c);
	if (!hall_tables_reclaim(c->hall, c))
		hall_exec(c->hall, c);
	if (c->guest_offer && c->status[0] == '\0')
		client_status(c, false, "You play as %s. To play as yourself: "
		    "ssh -t NAME@%s ...", c->identity->name, c->hall->host);
	c->guest_offer = false;
}

int
hall_chat(struct hall *hall, struct client *c, const char *text, char *why,
    size_t whylen)
{
	struct identity	*id = c->identity;
	uint64_t	 wait = 0, now = clock_ms(hall->clock);
	int		 rate, burst;

	if (id == NULL || hall_ignore_command(c, text))
		return 0;
	if (hall_sysop_muted(hall, id, why, whylen))
		return -1;
	if (!id->chat_limit_set) {
		rate = hall->cfg->chat_rate > 0 ? hall->cfg->chat_rate : 20;
		burst = hall->cfg->chat_burst > 0 ? hall->cfg->chat_burst : 5;
		ratelimit_init(&id->chat_limit, rate / 60.0, burst, now);
		id->chat_limit_set = true;
	}
	switch (chat_say(hall->chat, &id->chat_limit, now,
	    clock_wall(hall->clock),
	    id->name, id->kind == IDENTITY_GUEST, text, strlen(text),
	    &wait)) {
	case CHAT_OK:
		hall_dirty_lobby(hall, id);
		return 0;
	case CHAT_EMPTY:
		return 0;
	case CHAT_TOO_FAST:
		snprintf(why, whylen, "slow down: wait %llu s",
		    (unsigned long long)(wait + 999) / 1000);
		return -1;
	}
	return 0;
}

/* ---- the connection callbacks ------------------------------------------- */

/*
 * Who SSH authentication logged in as, if it was an account: NULL for
 * nobody, or NULL with *refusal set when the account may not come in.
 */
static struct identity *
hall_open_account(struct hall *hall, struct conn *conn,
    const struct conn_info *info, char *refusal, size_t len)
{
	struct store_user	 u;

	if (info->account_id <= 0 || hall->store == NULL)
		return NULL;
	if (store_user_get(hall->store, info->account_id, &u) != STORE_OK) {
		log_warn("%s: account %lld not found", conn_label(conn),
		    (long long)info->account_id);
		return NULL;
	}
	if (u.banned) {
		snprintf(refusal, len, "The account %s is banned%s%s.", u.name,
		    u.ban_reason[0] != '\0' ? ": " : "", u.ban_reason);
		return NULL;
	}
	return hall_user_identity(hall, &u);
}

/* The terminal can address its cursor (the screens need it). */
static bool
hall_term_addressable(const struct conn_info *info)
{
	struct tty_env	 env;
	struct tty_caps	 caps;

	memset(&env, 0, sizeof env);
	env.term = info->term[0] != '\0' ? info->term : NULL;
	tty_caps_detect(&caps, &env);
	return caps.cursor;
}

/*
 * Whether the hall takes this connection: NULL, or why not.  A refusal
 * goes out as the connection's last line and the hall never opens it, so
 * `ssh host ...` ends with a failure exit status (see sshd.c).
 */
static const char *
hall_refusal(struct hall *hall, const struct conn_info *info)
{
	if (hall->shutting_down)
		return hall->shutdown_message != NULL ?
		    hall->shutdown_message : "The hall is closing.";
	if (!info->pty)
		return "The hall draws screens, so it needs a terminal: "
		    "connect with ssh -t.";
	if (!hall_term_addressable(info))
		return "The hall draws screens, and this terminal (TERM=dumb) "
		    "cannot move its cursor: connect from a terminal window, "
		    "or say which one it is (TERM=vt100 ssh ...).";
	return NULL;
}

static void *
hall_open(void *arg, struct conn *conn, const struct conn_info *info)
{
	struct hall	*hall = arg;
	struct client	*c;
	struct identity	*id;
	const char	*why;
	char		 refusal[STORE_REASON_MAX + STORE_NAME_MAX + 64];

	/* `ssh host top renju`: text, no screen, no terminal needed. */
	if (!hall->shutting_down && hall_text_wanted(info->exec))
		return hall_text_open(hall, conn, info);
	refusal[0] = '\0';
	if ((why = hall_refusal(hall, info)) == NULL) {
		id = hall_open_account(hall, conn, info, refusal,
		    sizeof refusal);
		why = refusal[0] != '\0' ? refusal : NULL;
	} else
		id = NULL;
	if (why == NULL && hall_sysop_banned(hall, info, id != NULL ?
	    id->name : NULL, refusal, sizeof refusal)) {
		identities_release(hall->ids, id);
		id = NULL;
		why = refusal;
	}
	if (why != NULL) {
		log_info("%s: refused: %s", conn_label(conn), why);
		conn_close(conn, why);
		return NULL;
	}

	c = client_new(hall, conn, info);
	if (c == NULL) {
		identities_release(hall->ids, id);
		conn_close(conn, "Out of memory: try again later.");
		return NULL;
	}
	TAILQ_INSERT_TAIL(&hall->clients, c, entry);
	hall->nclients++;
	/* A link (`ssh -t host join CODE`) goes where it says: someone
	 * without an account plays as a guest, told how to log in. */
	if (id == NULL && c->exec[0] != '\0' &&
	    (id = identities_guest(hall->ids, info->fingerprint)) != NULL) {
		log_info("%s: guest %s%s, from a link", conn_label(conn),
		    id->name, id->key[0] != '\0' ? " (device key)" : "");
		c->guest_offer = true;
	}
	if (id != NULL) {
		log_info("%s: %s is in the lobby", conn_label(conn), id->name);
		hall_enter(hall, c, id);
	} else
		screen_welcome_open(c);
	client_dirty(c);
	return c;
}

static void
hall_input(void *arg, const unsigned char *buf, size_t len)
{
	client_input(arg, buf, len);
}

/* Said once per paste that was too long, on the status line. */
static void
hall_dropped(void *arg, size_t bytes)
{
	struct client	*c = arg;

	client_status(c, true, "That paste was too long: %zu bytes of it "
	    "were dropped.", bytes);
	client_dirty(c);
}

static void
hall_resize(void *arg, int cols, int rows)
{
	client_resize(arg, cols, rows);
}

static void
hall_writable(void *arg)
{
	client_writable(arg);
}

static void
hall_closed(void *arg)
{
	struct client	*c = arg;
	struct hall	*hall = c->hall;

	client_closed(c);
	hall_walk_gone(&hall->ambient_walk, c);
	TAILQ_REMOVE(&hall->clients, c, entry);
	hall->nclients--;
	hall_set_identity(hall, c, NULL, !hall->shutting_down);
	client_free(c);
}

const struct conn_handler *
hall_conn_handler(void)
{
	static const struct conn_handler handler = {
		.open = hall_open,
		.input = hall_input,
		.resize = hall_resize,
		.writable = hall_writable,
		.closed = hall_closed,
		.dropped = hall_dropped,
	};

	return &handler;
}

void
hall_shutdown(struct hall *hall, const char *message)
{
	struct client	*c;

	if (message == NULL || *message == '\0')
		message = "The hall is closing. Goodbye.";
	if (!hall->shutting_down) {
		hall->shutting_down = true;
		free(hall->shutdown_message);
		hall->shutdown_message = strdup(message);
		hall_save_last(hall);
	}
	log_info("hall: shutting down, telling %u users", hall->nclients);
	/* client_leave never removes a client (`closed` comes later). */
	TAILQ_FOREACH(c, &hall->clients, entry)
		client_leave(c, hall->shutdown_message != NULL ?
		    hall->shutdown_message : message);
}
