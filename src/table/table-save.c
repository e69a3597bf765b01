/*
 * table-save.c - a table as text, for store_table_save(), and back.
 *
 * One "key value..." line each; the game is its record (game_record), so
 * restoring replays it through the engine:
 *
 *   gamehall-table 1
 *   code K7P3Q
 *   spec gomoku size=15 overline=on restrict=off timer=none rated=yes ...
 *   seat 0 user 12 alice
 *   seat 1 guest SHA256:abc... guest-7f3a      (key "-": none)
 *   host 0                                     (a seat, or -1)
 *   phase playing                              (waiting, playing, over)
 *   games 3
 *   first 1
 *   rated 1
 *   started 1700000000
 *   end resign 1                               (none, resign SEAT, draw)
 *   record gomoku size=15 overline=on restrict=off moves h8 h9
 *
 * Watchers, offers and the chat are not kept: they belong to the people
 * connected, and a restart has disconnected everyone.  A guest without a
 * device key cannot come back as himself, so his seat comes back to a new
 * guest name (the game goes on; the seat is his to reclaim in no way).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "engine/yonin.h"
#include "src/base/clock.h"
#include "src/people/chat.h"
#include "src/people/identity.h"
#include "src/table/table-int.h"

#define TABLE_SAVE_VERSION 1
#define TABLE_SAVE_CHAT 20	/* chat lines kept */

/* Append to a growing string; -1 when memory runs out. */
struct table_text {
	char	*buf;
	size_t	 len, cap;
};

static int
table_text_put(struct table_text *x, const char *s)
{
	size_t	 n = strlen(s);

	if (x->len + n + 1 > x->cap) {
		size_t cap = x->cap == 0 ? 1024 : x->cap;
		char *p;

		while (cap < x->len + n + 1)
			cap *= 2;
		if ((p = realloc(x->buf, cap)) == NULL)
			return -1;
		x->buf = p;
		x->cap = cap;
	}
	memcpy(x->buf + x->len, s, n + 1);
	x->len += n;
	return 0;
}

static int
table_text_printf(struct table_text *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
table_text_printf(struct table_text *x, const char *fmt, ...)
{
	char	 line[1024];
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line)
		return -1;
	return table_text_put(x, line);
}

/*
 * The chat's last lines, "chat WHEN GUEST FROM|TEXT" ("-" for a notice):
 * enough for those who come back to see what was said.  Cleaned text has
 * no newline, and a name no '|'.
 */
static int
table_save_chat(const struct table *t, struct table_text *x)
{
	size_t	 n = chat_count(t->chat), from;
	int	 err = 0;

	from = n > TABLE_SAVE_CHAT ? n - TABLE_SAVE_CHAT : 0;
	for (size_t i = from; i < n; i++) {
		const struct chat_msg *m = chat_get(t->chat, i);

		err |= table_text_printf(x, "chat %lld %d %s|%s\n",
		    (long long)m->when, m->guest, m->from[0] != '\0' ?
		    m->from : "-", m->text);
	}
	return err;
}

int
table_unsaved(const struct table *t)
{
	return t->unsaved;
}

void
table_mark_saved(struct table *t)
{
	table_index_saved(t);
}

char *
table_save(const struct table *t)
{
	static const char *const phases[] = { "waiting", "playing", "over" };
	struct table_text	 x = { NULL, 0, 0 };
	char			 spec[512];
	int			 host = table_seat_find(t, t->host), err = 0;

	if (table_spec_text(&t->spec, spec, sizeof spec) < 0)
		return NULL;
	err |= table_text_printf(&x, "gamehall-table %d\ncode %s\nspec %s %s\n",
	    TABLE_SAVE_VERSION, t->code, t->spec.variant, spec);
	for (int i = 0; i < t->nseats; i++) {
		const struct identity *who = t->seat[i].who;

		if (who == NULL)
			continue;
		if (who->kind == IDENTITY_USER)
			err |= table_text_printf(&x, "seat %d user %lld %s\n", i,
			    (long long)who->user, who->name);
		else if (who->kind == IDENTITY_CPU)
			err |= table_text_printf(&x, "seat %d cpu %d -\n", i,
			    who->level);
		else
			err |= table_text_printf(&x, "seat %d guest %s %s\n", i,
			    who->key[0] != '\0' ? who->key : "-", who->name);
	}
	err |= table_text_printf(&x, "host %d\nphase %s\ngames %d\nfirst %d\n"
	    "rated %d\nstarted %lld\n", host, phases[t->phase], t->games,
	    t->first, t->rated, (long long)t->started);
	if (t->end == TABLE_END_RESIGN)
		err |= table_text_printf(&x, "end resign %d\n", t->end_seat);
	else if (t->end == TABLE_END_DRAW)
		err |= table_text_printf(&x, "end draw\n");
	if (t->ntimeouts > 0) {
		err |= table_text_put(&x, "timeouts");
		for (int i = 0; i < t->ntimeouts; i++)
			err |= table_text_printf(&x, " %d", t->timeouts[i]);
		err |= table_text_put(&x, "\n");
	}
	err |= table_save_chat(t, &x);
	if (t->game != NULL) {
		size_t len = 4096;
		char *rec = NULL;

		for (;;) {
			if ((rec = malloc(len)) == NULL)
				break;
			if (game_record(t->game, rec, len) >= 0)
				break;
			free(rec);
			rec = NULL;
			if (len > (1u << 22))
				break;
			len *= 2;
		}
		if (rec == NULL)
			err = -1;
		else {
			err |= table_text_put(&x, "record ");
			err |= table_text_put(&x, rec);
			err |= table_text_put(&x, "\n");
			free(rec);
		}
	}
	if (err != 0) {
		free(x.buf);
		return NULL;
	}
	return x.buf;
}

/* One parsed line of the text. */
struct table_load {
	int	 version;
	char	 code[TABLE_CODE_SIZE + 8];
	char	*spec;
	char	*record;
	struct {
		int	 kind;		/* 0 empty, 1 user, 2 guest, 3 cpu */
		long long user;		/* cpu: its level */
		char	 key[IDENTITY_KEY_LEN];
		char	 name[IDENTITY_NAME_LEN];
	} seat[TABLE_MAX_SEATS];
	int	 host, phase, games, first, rated;
	long long started;
	int	 end, end_seat;
	char	*timeouts;
	char	*chat[TABLE_SAVE_CHAT];
	int	 nchat;
};

static int
table_load_line(struct table_load *ld, char *line, char *err, size_t errlen)
{
	char	*sp = strchr(line, ' '), *rest;
	char	 word[16], a[IDENTITY_KEY_LEN], b[IDENTITY_NAME_LEN];
	int	 i;
	long	 long n;

	if (sp == NULL) {
		snprintf(err, errlen, "bad line in saved table: %.40s", line);
		return -1;
	}
	*sp = '\0';
	rest = sp + 1;
	if (strcmp(line, "gamehall-table") == 0)
		ld->version = atoi(rest);
	else if (strcmp(line, "code") == 0)
		snprintf(ld->code, sizeof ld->code, "%s", rest);
	else if (strcmp(line, "spec") == 0)
		ld->spec = rest;
	else if (strcmp(line, "record") == 0)
		ld->record = rest;
	else if (strcmp(line, "timeouts") == 0)
		ld->timeouts = rest;
	else if (strcmp(line, "chat") == 0) {
		if (ld->nchat < TABLE_SAVE_CHAT)
			ld->chat[ld->nchat++] = rest;
	}
	else if (strcmp(line, "seat") == 0) {
		if (sscanf(rest, "%d %15s %63s %64s", &i, word, a, b) != 4 ||
		    i < 0 || i >= TABLE_MAX_SEATS)
			goto bad;
		if (strcmp(word, "user") == 0) {
			ld->seat[i].kind = 1;
			ld->seat[i].user = atoll(a);
			if (ld->seat[i].user <= 0)
				goto bad;
		} else if (strcmp(word, "cpu") == 0) {
			ld->seat[i].kind = 3;
			ld->seat[i].user = atoll(a);
			if (ld->seat[i].user < CPU_LEVEL_MIN ||
			    ld->seat[i].user > CPU_LEVEL_MAX)
				goto bad;
		} else if (strcmp(word, "guest") == 0) {
			ld->seat[i].kind = 2;
			snprintf(ld->seat[i].key, sizeof ld->seat[i].key, "%s",
			    strcmp(a, "-") == 0 ? "" : a);
		} else
			goto bad;
		snprintf(ld->seat[i].name, sizeof ld->seat[i].name, "%s", b);
	} else if (strcmp(line, "host") == 0)
		ld->host = atoi(rest);
	else if (strcmp(line, "phase") == 0) {
		ld->phase = strcmp(rest, "waiting") == 0 ? TABLE_WAITING :
		    strcmp(rest, "playing") == 0 ? TABLE_PLAYING :
		    strcmp(rest, "over") == 0 ? TABLE_OVER : -1;
		if (ld->phase < 0)
			goto bad;
	} else if (strcmp(line, "games") == 0)
		ld->games = atoi(rest);
	else if (strcmp(line, "first") == 0)
		ld->first = atoi(rest);
	else if (strcmp(line, "rated") == 0)
		ld->rated = atoi(rest) != 0;
	else if (strcmp(line, "started") == 0) {
		if (sscanf(rest, "%lld", &n) != 1)
			goto bad;
		ld->started = n;
	} else if (strcmp(line, "end") == 0) {
		if (strcmp(rest, "draw") == 0)
			ld->end = TABLE_END_DRAW;
		else if (sscanf(rest, "resign %d", &i) == 1 && i >= 0 &&
		    i < TABLE_MAX_SEATS) {
			ld->end = TABLE_END_RESIGN;
			ld->end_seat = i;
		} else
			goto bad;
	}
	/* Unknown keys are skipped: a newer daemon may add some. */
	return 0;
bad:
	snprintf(err, errlen, "bad %s line in saved table", line);
	return -1;
}

static struct identity *
table_load_who(struct table_list *l, const struct table_load *ld, int i)
{
	if (ld->seat[i].kind == 3)
		return identities_cpu(l->ids, (int)ld->seat[i].user,
		    cpu_level_name((int)ld->seat[i].user));
	if (ld->seat[i].kind == 1)
		return identities_user(l->ids, ld->seat[i].user,
		    ld->seat[i].name);
	return identities_guest(l->ids, ld->seat[i].key);
}

static int
table_restore_timeouts(struct table *t, const char *text, char *err,
    size_t errlen)
{
	int	 ply;
	char	*end;
	long	 n;

	if (t->game == NULL) {
		if (text == NULL || *text == '\0')
			return 0;
		snprintf(err, errlen, "saved table %s: timeouts without a game",
		    t->code);
		return -1;
	}
	ply = t->game->variant->ply(t->game);

	while (text != NULL && *text != '\0') {
		n = strtol(text, &end, 10);
		if (end == text || n < 0 || n >= ply ||
		    table_timeout_mark(t, (int)n) != 0) {
			snprintf(err, errlen, "saved table %s: bad timeouts",
			    t->code);
			return -1;
		}
		text = end;
		while (*text == ' ')
			text++;
	}
	return 0;
}

/* "WHEN GUEST FROM|TEXT": said again into the new chat, cleaned again. */
static void
table_restore_chat(struct table *t, const char *line)
{
	long long	 when;
	int		 guest, n = 0;
	const char	*bar;
	char		 from[CHAT_FROM_LEN];

	if (sscanf(line, "%lld %d %n", &when, &guest, &n) != 2 || n == 0 ||
	    (bar = strchr(line + n, '|')) == NULL ||
	    (size_t)(bar - (line + n)) >= sizeof from)
		return;
	memcpy(from, line + n, (size_t)(bar - (line + n)));
	from[bar - (line + n)] = '\0';
	if (strcmp(from, "-") == 0)
		chat_notice(t->chat, when, "%s", bar + 1);
	else
		chat_say(t->chat, NULL, 0, when, from, guest != 0, bar + 1,
		    strlen(bar + 1), NULL);
}

/* Everyone was disconnected by the restart: every player's seat waits a
 * fresh grace period, and the player to move gets a fresh turn. */
static void
table_restore_away(struct table *t)
{
	uint64_t	 due = clock_ms(t->list->clock) +
	    (uint64_t)t->list->grace_ms;
	int		 n = 0;

	for (int s = 0; s < t->nseats; s++) {
		const struct identity *who = t->seat[s].who;

		if (who == NULL || who->kind == IDENTITY_CPU)
			continue;
		t->seat[s].away_due = due;
		n++;
	}
	if (n > 0)
		table_noticef(t, "the hall restarted: every seat waits %d s "
		    "for its player", t->list->grace_ms / 1000);
	/* The clocks and the CPU seats take it from here. */
	table_clock_poll(t);
	table_cpu_poll(t);
}

struct table *
table_restore(struct table_list *l, const char *text, char *err,
    size_t errlen)
{
	struct table_load	 ld;
	struct table_spec	 spec;
	struct table		*t = NULL;
	char			*copy, *line, *save = NULL;

	memset(&ld, 0, sizeof ld);
	ld.host = ld.end_seat = -1;
	ld.phase = TABLE_WAITING;
	if ((copy = strdup(text != NULL ? text : "")) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	for (line = strtok_r(copy, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (table_load_line(&ld, line, err, errlen) != 0)
			goto out;
	}
	if (ld.version != TABLE_SAVE_VERSION || ld.spec == NULL) {
		snprintf(err, errlen, "not a saved table (version %d)",
		    ld.version);
		goto out;
	}
	if (table_spec_parse_line(&spec, ld.spec, err, errlen) != 0 ||
	    (t = table_alloc(l, &spec, ld.code, err, errlen)) == NULL)
		goto out;
	if (ld.first < 0 || ld.first >= t->nseats || ld.games < 0 ||
	    (ld.phase != TABLE_WAITING && ld.record == NULL) ||
	    (ld.end != TABLE_END_NONE && ld.phase != TABLE_OVER) ||
	    ld.end_seat >= t->nseats) {
		snprintf(err, errlen, "saved table %s does not add up", t->code);
		goto fail;
	}
	if (ld.record != NULL) {
		struct game_status st;

		game_free(t->game);
		if ((t->game = game_replay(ld.record, err, errlen)) == NULL)
			goto fail;
		if (t->game->variant != t->variant) {
			snprintf(err, errlen, "saved table %s: the record is "
			    "not %s", t->code, t->variant->name);
			goto fail;
		}
		t->game->variant->status(t->game, &st);
		if ((st.phase == GAME_OVER) != (ld.phase == TABLE_OVER &&
		    ld.end == TABLE_END_NONE) && ld.phase != TABLE_WAITING) {
			snprintf(err, errlen, "saved table %s: the record does "
			    "not match its phase", t->code);
			goto fail;
		}
	}
	for (int i = 0; i < t->nseats; i++) {
		struct identity *who;

		if (ld.seat[i].kind == 0)
			continue;
		if ((who = table_load_who(l, &ld, i)) == NULL) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		if (table_seat_find(t, who) < 0)
			table_set_seat(t, i, who);
		identities_release(l->ids, who);
	}
	if (ld.phase == TABLE_PLAYING && table_seats_taken(t) != t->nseats) {
		snprintf(err, errlen, "saved table %s: a game without players",
		    t->code);
		goto fail;
	}
	if (ld.host >= 0 && ld.host < t->nseats && t->seat[ld.host].who != NULL)
		table_set_host(t, t->seat[ld.host].who);
	else {
		for (int i = 0; i < t->nseats && t->host == NULL; i++) {
			if (t->seat[i].who != NULL)
				table_set_host(t, t->seat[i].who);
		}
	}
	t->phase = (enum table_phase)ld.phase;
	t->games = ld.games;
	t->first = ld.first;
	t->rated = ld.rated;
	t->started = ld.started;
	t->end = (enum table_end)ld.end;
	t->end_seat = ld.end_seat;
	if (t->phase == TABLE_OVER)
		table_result_make(t);
	if (t->game != NULL && t->game->variant == t->variant &&
	    t->nseats == 4) {
		int s[3], by[3];

		t->nout = yonin_eliminated(t->game, s, by);
	}
	if (table_restore_timeouts(t, ld.timeouts, err, errlen) != 0)
		goto fail;
	for (int i = 0; i < ld.nchat; i++)
		table_restore_chat(t, ld.chat[i]);
	table_restore_away(t);
	free(copy);
	return t;
fail:
	table_discard(t);
	t = NULL;
out:
	free(copy);
	return t;
}
