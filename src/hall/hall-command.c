/*
 * hall-command.c - the sysop's commands as text (hall-sysop.h): parse a
 * line, check its arguments, act through hall-sysop.c and the store, and
 * answer with records and one last "ok" or "error: ..." line.  Commands
 * that change something are written to the audit log and the daemon log.
 *
 * Each command is one row of hall_commands: its name, whether it is
 * audited, what it takes (for `help` and for the messages of a bad call)
 * and its function.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "screens/buf.h"
#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/base/log.h"
#include "src/base/worker.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-sysop.h"
#include "src/store/password.h"
#include "src/store/store.h"
#include "src/table/table.h"
#include "src/term/clean.h"
#include "engine/game.h"

#define CMD_ARGS 16
#define CMD_MSG_LEN 512
#define CMD_TEXT_MAX 400	/* bytes of a reason, a broadcast, the MOTD */

struct cmd {
	struct hall		*hall;
	const char		*actor;
	const char		*line;
	struct buf		*out;
	int			 argc;
	char			*argv[CMD_ARGS];
	const char		*rest[CMD_ARGS];	/* the line from word i */
	char			 words[HALL_COMMAND_LINE_MAX];
	bool			 in_record;
	bool			 error;
	bool			 pending;
	bool			 readonly;	/* a look: not audited */
	char			 msg[CMD_MSG_LEN];
	char			 why[STORE_REASON_MAX + 1];	/* for the audit */
	hall_command_cb		 done;
	void			*arg;
};

struct hall_command {
	const char	*name;
	bool		 audited;
	const char	*usage;
	void		(*run)(struct cmd *);
};

/* ---- replies ---------------------------------------------------------------- */

static void __attribute__((format(printf, 2, 3)))
cmd_ok(struct cmd *c, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	c->error = false;
}

static void __attribute__((format(printf, 2, 3)))
cmd_error(struct cmd *c, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	c->error = true;
}

/* One key=value field of the current record; tabs and line ends in the
 * value become spaces, so a record stays one line. */
static void __attribute__((format(printf, 3, 4)))
cmd_field(struct cmd *c, const char *key, const char *fmt, ...)
{
	char	 value[1024];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(value, sizeof value, fmt, ap);
	va_end(ap);
	for (char *p = value; *p != '\0'; p++) {
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	}
	if (c->in_record)
		buf_addc(c->out, '\t');
	buf_adds(c->out, key);
	buf_addc(c->out, '=');
	buf_adds(c->out, value);
	c->in_record = true;
}

static void
cmd_record_end(struct cmd *c)
{
	if (c->in_record)
		buf_addc(c->out, '\n');
	c->in_record = false;
}

static void
cmd_finish(struct cmd *c)
{
	cmd_record_end(c);
	if (c->error) {
		buf_adds(c->out, "error: ");
		buf_adds(c->out, c->msg[0] != '\0' ? c->msg : "failed");
	} else {
		buf_adds(c->out, "ok");
		if (c->msg[0] != '\0') {
			buf_adds(c->out, ": ");
			buf_adds(c->out, c->msg);
		}
	}
	buf_addc(c->out, '\n');
}

/* ---- arguments ---------------------------------------------------------- */

/* "30m", "2h", "7d", "45s" or plain seconds: seconds, or -1. */
static int64_t
cmd_duration(const char *s)
{
	char	*end;
	long	 v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || v <= 0 || v > 100000000)
		return -1;
	if (*end == '\0' || strcmp(end, "s") == 0)
		return v;
	if (strcmp(end, "m") == 0)
		return v * 60;
	if (strcmp(end, "h") == 0)
		return v * 3600;
	if (strcmp(end, "d") == 0)
		return v * 86400;
	return -1;
}

/* Text from a sysop that users will see: cleaned like theirs.  False
 * (with the error set) when nothing is left of it or it is too long. */
static bool
cmd_text(struct cmd *c, const char *in, char *out, size_t outlen,
    const char *what)
{
	size_t	 n = in != NULL ? strlen(in) : 0;

	if (n > CMD_TEXT_MAX) {
		cmd_error(c, "the %s is too long (at most %d bytes)", what,
		    CMD_TEXT_MAX);
		return false;
	}
	clean_text(out, outlen, in != NULL ? in : "", n, -1, CLEAN_TRIM);
	return true;
}

/* The reason from word i on ("" when there is none), kept for the
 * audit. */
static bool
cmd_reason(struct cmd *c, int i)
{
	return cmd_text(c, i < c->argc ? c->rest[i] : "", c->why,
	    sizeof c->why, "reason");
}

static bool
cmd_args(struct cmd *c, int min, int max, const char *usage)
{
	if (c->argc < min || (max > 0 && c->argc > max)) {
		cmd_error(c, "usage: %s", usage);
		return false;
	}
	return true;
}

/* An account by name, or the error set. */
static bool
cmd_find_account(struct cmd *c, const char *name, struct store_user *u)
{
	if (c->hall->store == NULL ||
	    store_user_find(c->hall->store, name, u) != STORE_OK) {
		cmd_error(c, "no account named %s", name);
		return false;
	}
	return true;
}

static void
cmd_time(char *buf, size_t len, int64_t when)
{
	time_t		 t = (time_t)when;
	struct tm	 tm;

	if (when <= 0 || gmtime_r(&t, &tm) == NULL)
		snprintf(buf, len, "-");
	else
		strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- looking ----------------------------------------------------------------- */

static const char *
cmd_where(struct client *c, char *buf, size_t len)
{
	if (c->table != NULL) {
		snprintf(buf, len, "table %s", table_code(c->table));
		return buf;
	}
	if (c->in_lobby)
		return "lobby";
	return c->identity == NULL ? "welcome" : "elsewhere";
}

static const char *
cmd_kind(const struct identity *id)
{
	if (id == NULL)
		return "-";
	if (id->kind == IDENTITY_GUEST)
		return "guest";
	if (id->kind == IDENTITY_CPU)
		return "cpu";
	return id->sysop ? "sysop" : "user";
}

static void
cmd_who(struct cmd *c)
{
	struct hall	*hall = c->hall;
	struct client	*cl;
	uint64_t	 now = clock_ms(hall->clock);
	char		 where[32];
	int		 n = 0;

	if (!cmd_args(c, 1, 1, "who"))
		return;
	TAILQ_FOREACH(cl, &hall->clients, entry) {
		if (cl->conn == NULL)
			continue;
		cmd_field(c, "name", "%s", cl->identity != NULL ?
		    cl->identity->name : "-");
		cmd_field(c, "kind", "%s", cmd_kind(cl->identity));
		cmd_field(c, "address", "%s", cl->info->peer);
		cmd_field(c, "session", "%s:%d", cl->info->peer,
		    cl->info->peer_port);
		cmd_field(c, "transport", "%s", cl->info->transport ==
		    CONN_SSH ? "ssh" : "telnet");
		cmd_field(c, "size", "%dx%d", cl->cols, cl->rows);
		cmd_field(c, "idle", "%llu", (unsigned long long)(now -
		    (cl->input_ms != 0 ? cl->input_ms : now)) / 1000);
		cmd_field(c, "where", "%s", cmd_where(cl, where,
		    sizeof where));
		cmd_field(c, "muted", "%s", cl->identity != NULL &&
		    hall_sysop_is_muted(hall, cl->identity->name, NULL) ?
		    "yes" : "no");
		cmd_record_end(c);
		n++;
	}
	cmd_ok(c, "%d session%s", n, n == 1 ? "" : "s");
}

static const char *
cmd_phase(const struct table *t)
{
	switch (table_phase(t)) {
	case TABLE_WAITING:
		return "waiting";
	case TABLE_PLAYING:
		return "playing";
	case TABLE_OVER:
		return "over";
	}
	return "?";
}

static void
cmd_tables(struct cmd *c)
{
	struct table		*t;
	const struct game	*g;
	char			 seats[256];
	size_t			 len;
	int			 n = 0, turn;

	if (!cmd_args(c, 1, 1, "tables"))
		return;
	for (t = table_list_first(c->hall->tables); t != NULL;
	    t = table_next(t)) {
		seats[0] = '\0';
		for (int s = 0; s < table_nseats(t); s++) {
			struct identity *id = table_seat(t, s);

			len = strlen(seats);
			snprintf(seats + len, sizeof seats - len, "%s%s",
			    s > 0 ? "," : "", id != NULL ? id->name : "-");
		}
		g = table_game(t);
		turn = table_turn(t);
		cmd_field(c, "code", "%s", table_code(t));
		cmd_field(c, "variant", "%s", table_spec(t)->variant);
		cmd_field(c, "phase", "%s", cmd_phase(t));
		cmd_field(c, "seats", "%s", seats);
		cmd_field(c, "watchers", "%d", table_watchers(t));
		cmd_field(c, "move", "%d", g != NULL ? g->variant->ply(g) : 0);
		cmd_field(c, "clock", "%d", turn >= 0 ?
		    table_clock_left(t, turn) : -1);
		cmd_record_end(c);
		n++;
	}
	cmd_ok(c, "%d table%s", n, n == 1 ? "" : "s");
}

/* The daemon's resident memory in kB, from /proc; -1 if unknown. */
static long
cmd_rss_kb(void)
{
	FILE	*f = fopen("/proc/self/status", "r");
	char	 line[128];
	long	 kb = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

static void
cmd_status(struct cmd *c)
{
	struct hall		*hall = c->hall;
	struct client		*cl;
	struct table		*t;
	struct store_stats	 st;
	int64_t			 today;
	int			 ssh = 0, telnet = 0, users = 0, guests = 0;
	int			 welcome = 0, waiting = 0, playing = 0, cpu = 0;
	int			 nv = 0;
	char			 byvariant[512];
	const char		*names[64];
	int			 counts[64];

	if (!cmd_args(c, 1, 1, "status"))
		return;
	TAILQ_FOREACH(cl, &hall->clients, entry) {
		if (cl->conn == NULL)
			continue;
		if (cl->info->transport == CONN_SSH)
			ssh++;
		else
			telnet++;
		if (cl->identity == NULL)
			welcome++;
		else if (cl->identity->kind == IDENTITY_USER)
			users++;
		else
			guests++;
	}
	for (t = table_list_first(hall->tables); t != NULL;
	    t = table_next(t)) {
		const char	*v = table_spec(t)->variant;
		int		 i;

		if (table_phase(t) == TABLE_PLAYING)
			playing++;
		else
			waiting++;
		cpu += table_cpu_seats(t);
		for (i = 0; i < nv && strcmp(names[i], v) != 0; i++)
			;
		if (i == nv && nv < 64) {
			names[nv] = v;
			counts[nv++] = 0;
		}
		if (i < nv)
			counts[i]++;
	}
	byvariant[0] = '\0';
	for (int i = 0; i < nv; i++) {
		size_t len = strlen(byvariant);

		snprintf(byvariant + len, sizeof byvariant - len, "%s%s:%d",
		    i > 0 ? "," : "", names[i], counts[i]);
	}
	cmd_field(c, "version", "%s", PACKAGE_VERSION);
	cmd_field(c, "uptime", "%lld", (long long)(clock_wall(hall->clock) -
	    hall_sysop_started(hall)));
	cmd_field(c, "sessions", "%d", ssh + telnet);
	cmd_field(c, "ssh", "%d", ssh);
	cmd_field(c, "telnet", "%d", telnet);
	cmd_field(c, "users", "%d", users);
	cmd_field(c, "guests", "%d", guests);
	cmd_field(c, "welcome", "%d", welcome);
	cmd_field(c, "online", "%u", hall->online);
	cmd_field(c, "tables", "%d", waiting + playing);
	cmd_field(c, "playing", "%d", playing);
	cmd_field(c, "waiting", "%d", waiting);
	cmd_field(c, "variants", "%s", nv > 0 ? byvariant : "-");
	cmd_field(c, "cpu_seats", "%d", cpu);
	cmd_field(c, "memory_kb", "%ld", cmd_rss_kb());
	if (hall->store != NULL && store_stats(hall->store,
	    clock_wall(hall->clock), &st) == STORE_OK) {
		cmd_field(c, "accounts", "%lld", (long long)st.users);
		cmd_field(c, "games", "%lld", (long long)st.games);
		/* Today is UTC's, as every time the sysop sees. */
		if (store_games_since(hall->store, clock_wall(hall->clock) -
		    clock_wall(hall->clock) % 86400, &today) == STORE_OK)
			cmd_field(c, "games_today", "%lld", (long long)today);
		cmd_field(c, "bans", "%lld", (long long)st.bans);
		cmd_field(c, "store_bytes", "%lld", (long long)st.db_bytes);
	}
	cmd_field(c, "shutdown_in", "%d", hall_sysop_shutdown_left(hall));
	cmd_ok(c, "gamehall %s", PACKAGE_VERSION);
}

/* ---- moderation ------------------------------------------------------------ */

static void
cmd_kick(struct cmd *c)
{
	int	 n;

	if (!cmd_args(c, 2, 0, "kick NAME|ADDRESS:PORT [REASON]") ||
	    !cmd_reason(c, 2))
		return;
	n = hall_sysop_kick(c->hall, c->argv[1], c->why);
	if (n == 0)
		cmd_error(c, "no session of %s (see who)", c->argv[1]);
	else
		cmd_ok(c, "kicked %s (%d session%s)", c->argv[1], n,
		    n == 1 ? "" : "s");
}

static void
cmd_mute(struct cmd *c)
{
	int64_t	 secs = 0;
	int	 reason = 2;
	char	 why[64];

	if (!cmd_args(c, 2, 0, "mute NAME [DURATION] [REASON]"))
		return;
	if (c->argc > 2 && isdigit((unsigned char)c->argv[2][0])) {
		if ((secs = cmd_duration(c->argv[2])) < 0) {
			cmd_error(c, "not a duration: %s (try 30m, 2h or 7d)",
			    c->argv[2]);
			return;
		}
		reason = 3;
	}
	if (clean_name(c->argv[1], why, sizeof why) != 0 &&
	    !identity_name_is_guest(c->argv[1])) {
		cmd_error(c, "not a name: %s (%s)", c->argv[1], why);
		return;
	}
	if (!cmd_reason(c, reason))
		return;
	hall_sysop_mute(c->hall, c->argv[1], secs);
	if (secs > 0)
		cmd_ok(c, "muted %s for %lld s", c->argv[1], (long long)secs);
	else
		cmd_ok(c, "muted %s until unmuted", c->argv[1]);
}

static void
cmd_unmute(struct cmd *c)
{
	if (!cmd_args(c, 2, 2, "unmute NAME"))
		return;
	if (hall_sysop_unmute(c->hall, c->argv[1]) != 0)
		cmd_error(c, "%s is not muted", c->argv[1]);
	else
		cmd_ok(c, "unmuted %s", c->argv[1]);
}

static const char *const cmd_ban_kinds[] = { "account", "ip", "key" };
static const enum store_ban_kind cmd_ban_kind_of[] = { STORE_BAN_NAME,
	STORE_BAN_ADDR, STORE_BAN_KEY };

static int
cmd_ban_kind(struct cmd *c, const char *usage)
{
	for (int i = 0; i < 3; i++) {
		if (c->argc > 1 && strcmp(c->argv[1], cmd_ban_kinds[i]) == 0)
			return i;
	}
	cmd_error(c, "%s%s%s: usage: %s", c->argc > 1 ? "no such kind of "
	    "ban: " : "which kind of ban", c->argc > 1 ? c->argv[1] : "",
	    "", usage);
	return -1;
}

static void
cmd_ban(struct cmd *c)
{
	const char		*usage = "ban account NAME | key "
	    "SHA256:FINGERPRINT | ip ADDRESS[/BITS] [--for DURATION] [REASON]";
	struct store_user	 u;
	struct store		*st = c->hall->store;
	int64_t			 secs = 0, now = clock_wall(c->hall->clock);
	int			 kind, reason = 3, n;

	if ((kind = cmd_ban_kind(c, usage)) < 0 || !cmd_args(c, 3, 0, usage))
		return;
	if (c->argc > 3 && strcmp(c->argv[3], "--for") == 0) {
		if (c->argc < 5 || (secs = cmd_duration(c->argv[4])) < 0) {
			cmd_error(c, "--for needs a duration like 30m, 2h or "
			    "7d%s%s", c->argc >= 5 ? ", not " : "",
			    c->argc >= 5 ? c->argv[4] : "");
			return;
		}
		reason = 5;
	}
	if (!cmd_reason(c, reason))
		return;
	if (kind == 0 && !cmd_find_account(c, c->argv[2], &u))
		return;
	if (st == NULL || store_ban_add(st, cmd_ban_kind_of[kind], kind == 0 ?
	    u.name : c->argv[2], c->why, now, secs > 0 ? now + secs : 0,
	    NULL) != STORE_OK) {
		cmd_error(c, "%s", st != NULL ? store_error(st) : "no store");
		return;
	}
	n = hall_sysop_enforce(c->hall);
	cmd_ok(c, "banned %s %s%s (%d session%s closed)", c->argv[1],
	    kind == 0 ? u.name : c->argv[2], secs > 0 ? " for a while" : "", n,
	    n == 1 ? "" : "s");
}

static void
cmd_unban(struct cmd *c)
{
	const char	*usage = "unban account NAME | key SHA256:FINGERPRINT | "
	    "ip ADDRESS[/BITS]";
	struct store	*st = c->hall->store;
	int		 kind;

	if ((kind = cmd_ban_kind(c, usage)) < 0 || !cmd_args(c, 3, 3, usage))
		return;
	if (st == NULL || store_ban_remove_what(st, cmd_ban_kind_of[kind],
	    c->argv[2], NULL) != STORE_OK) {
		cmd_error(c, "%s", st != NULL ? store_error(st) : "no store");
		return;
	}
	cmd_ok(c, "unbanned %s %s", c->argv[1], c->argv[2]);
}

static void
cmd_bans(struct cmd *c)
{
	struct store_ban	*b = NULL;
	size_t			 n = 0;
	char			 t1[32], t2[32];

	if (!cmd_args(c, 1, 1, "bans"))
		return;
	if (c->hall->store == NULL || store_ban_list(c->hall->store,
	    clock_wall(c->hall->clock), &b, &n) != STORE_OK) {
		cmd_error(c, "%s", c->hall->store != NULL ?
		    store_error(c->hall->store) : "no store");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cmd_time(t1, sizeof t1, b[i].created);
		cmd_time(t2, sizeof t2, b[i].expires);
		cmd_field(c, "id", "%lld", (long long)b[i].id);
		cmd_field(c, "kind", "%s", b[i].kind == STORE_BAN_ADDR ? "ip" :
		    b[i].kind == STORE_BAN_KEY ? "key" : "account");
		cmd_field(c, "target", "%s", b[i].what);
		cmd_field(c, "since", "%s", t1);
		cmd_field(c, "until", "%s", b[i].expires != 0 ? t2 : "never");
		cmd_field(c, "reason", "%s", b[i].reason);
		cmd_record_end(c);
	}
	free(b);
	cmd_ok(c, "%zu ban%s in force", n, n == 1 ? "" : "s");
}

static void
cmd_broadcast(struct cmd *c)
{
	char	 text[CMD_TEXT_MAX + 1];

	if (!cmd_args(c, 2, 0, "broadcast TEXT") ||
	    !cmd_text(c, c->rest[1], text, sizeof text, "message"))
		return;
	if (text[0] == '\0') {
		cmd_error(c, "nothing to broadcast");
		return;
	}
	snprintf(c->why, sizeof c->why, "%.*s", (int)sizeof c->why - 1, text);
	hall_sysop_broadcast(c->hall, text);
	cmd_ok(c, "told %u session%s", c->hall->nclients,
	    c->hall->nclients == 1 ? "" : "s");
}

static void
cmd_motd(struct cmd *c)
{
	char		 text[CMD_TEXT_MAX + 1];
	const char	*motd;

	if (c->argc == 1) {
		c->readonly = true;
		motd = hall_sysop_motd(c->hall);
		cmd_field(c, "motd", "%s", motd != NULL ? motd : "");
		cmd_ok(c, "%s", motd != NULL ? "the message of the day" :
		    "no message of the day");
		return;
	}
	if (strcmp(c->argv[1], "--clear") == 0) {
		if (c->argc != 2) {
			cmd_error(c, "usage: motd --clear");
			return;
		}
		text[0] = '\0';
	} else if (!cmd_text(c, c->rest[1], text, sizeof text, "message"))
		return;
	if (hall_sysop_set_motd(c->hall, text) != 0) {
		cmd_error(c, "the message is set, but could not be saved in "
		    "the state directory: %s", strerror(errno));
		return;
	}
	cmd_ok(c, "%s", text[0] != '\0' ? "message of the day set" :
	    "message of the day cleared");
}

/* ---- accounts ------------------------------------------------------------ */

/* A reset password: hashed on the worker pool, then stored, then told. */
struct cmd_reset {
	struct hall	*hall;
	int64_t		 user;
	char		 name[STORE_NAME_MAX + 1];
	char		 actor[STORE_AUDIT_ACTOR_MAX + 1];
	char		 line[HALL_COMMAND_LINE_MAX];
	char		 password[16];
	char		 hash[PASSWORD_HASH_MAX];
	char		 err[PASSWORD_ERR_LEN];
	int		 rc;
	hall_command_cb	 done;
	void		*arg;
	bool		 dropped;	/* the requester went away */
	bool		 orphan;	/* ... and the hall too */
	struct worker_job *job;
	struct cmd_reset *next;
};

static void
cmd_reset_run(void *arg)
{
	struct cmd_reset	*r = arg;

	r->rc = password_hash(r->password, r->hash, sizeof r->hash, r->err,
	    sizeof r->err);
}

static void
cmd_audit(struct hall *hall, const char *actor, const char *line,
    const char *why, bool error, const char *msg)
{
	char	 result[STORE_AUDIT_RESULT_MAX + 1];

	snprintf(result, sizeof result, "%s%s", error ? "error: " : "ok: ",
	    msg);
	log_info("sysop %s: %s -> %s", actor, line, result);
	if (hall->store != NULL && store_audit_add(hall->store,
	    clock_wall(hall->clock), actor, line, why, result) != STORE_OK)
		log_warn("the audit log: %s", store_error(hall->store));
}

static void
cmd_reset_done(void *arg, bool cancelled)
{
	struct cmd_reset	*r = arg, **p;
	struct buf		 out;
	char			 msg[CMD_MSG_LEN];
	bool			 error = true;

	if (r->orphan) {
		explicit_bzero(r->password, sizeof r->password);
		free(r);
		return;
	}
	for (p = hall_sysop_resets(r->hall); *p != NULL; p = &(*p)->next) {
		if (*p == r) {
			*p = r->next;
			break;
		}
	}
	if (cancelled || r->rc != 0)
		snprintf(msg, sizeof msg, "hashing failed: %s", cancelled ?
		    "the hall is stopping" : r->err);
	else if (store_user_set_password(r->hall->store, r->user, r->hash) !=
	    STORE_OK)
		snprintf(msg, sizeof msg, "%s", store_error(r->hall->store));
	else {
		error = false;
		snprintf(msg, sizeof msg, "the password of %s is now %s",
		    r->name, r->password);
		hall_account_changed(r->hall, r->user);
	}
	/* The new password is for the sysop's eyes only, never the logs. */
	cmd_audit(r->hall, r->actor, r->line, "", error, error ? msg :
	    "password reset");
	if (!r->dropped && r->done != NULL) {
		buf_init(&out);
		buf_adds(&out, error ? "error: " : "ok: ");
		buf_adds(&out, msg);
		buf_addc(&out, '\n');
		r->done(r->arg, out.failed ? "error: out of memory\n" :
		    out.data, out.failed ? 21 : out.len);
		buf_free(&out);
	}
	explicit_bzero(r->password, sizeof r->password);
	free(r);
}

void
hall_command_free(struct hall *hall)
{
	struct cmd_reset	*r, *next;

	/* The worker pool outlives the hall: each job ends without it. */
	for (r = *hall_sysop_resets(hall); r != NULL; r = next) {
		next = r->next;
		r->orphan = true;
		worker_cancel(r->job);
	}
	*hall_sysop_resets(hall) = NULL;
}

void
hall_command_cancel(struct hall *hall, void *arg)
{
	for (struct cmd_reset *r = *hall_sysop_resets(hall); r != NULL;
	    r = r->next) {
		if (r->arg == arg)
			r->dropped = true;
	}
}

static void
cmd_reset_password(struct cmd *c, const struct store_user *u)
{
	static const char	 alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
	struct cmd_reset	*r, **list;
	unsigned char		 rnd[12];

	if (c->done == NULL) {
		cmd_error(c, "reset-password answers later: use gamehallctl");
		return;
	}
	if ((r = calloc(1, sizeof *r)) == NULL ||
	    getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) {
		free(r);
		cmd_error(c, "no memory or no randomness: try again");
		return;
	}
	for (size_t i = 0; i < sizeof rnd; i++)
		r->password[i] = alphabet[rnd[i] % (sizeof alphabet - 1)];
	explicit_bzero(rnd, sizeof rnd);
	r->hall = c->hall;
	r->user = u->id;
	snprintf(r->name, sizeof r->name, "%s", u->name);
	snprintf(r->actor, sizeof r->actor, "%s", c->actor);
	snprintf(r->line, sizeof r->line, "%s", c->line);
	r->done = c->done;
	r->arg = c->arg;
	if ((r->job = worker_submit(c->hall->worker, WORKER_URGENT,
	    cmd_reset_run, cmd_reset_done, r)) == NULL) {
		free(r);
		cmd_error(c, "the worker pool is busy: try again");
		return;
	}
	list = hall_sysop_resets(c->hall);
	r->next = *list;
	*list = r;
	c->pending = true;
}

/* The online identity of an account, if it is online. */
static struct identity *
cmd_online(struct hall *hall, int64_t user)
{
	for (struct identity *id = identities_first(hall->ids); id != NULL;
	    id = identities_next(id)) {
		if (id->kind == IDENTITY_USER && id->user == user)
			return id;
	}
	return NULL;
}

static void
cmd_account_show(struct cmd *c, const struct store_user *u)
{
	struct store_key	*k = NULL;
	struct identity		*id = cmd_online(c->hall, u->id);
	size_t			 nk = 0;
	char			 t1[32], t2[32];

	store_key_list(c->hall->store, u->id, &k, &nk);
	cmd_time(t1, sizeof t1, u->created);
	cmd_time(t2, sizeof t2, u->last_seen);
	cmd_field(c, "id", "%lld", (long long)u->id);
	cmd_field(c, "name", "%s", u->name);
	cmd_field(c, "created", "%s", t1);
	cmd_field(c, "last_seen", "%s", t2);
	cmd_field(c, "sysop", "%s", u->sysop ? "yes" : "no");
	cmd_field(c, "disabled", "%s", u->banned ? "yes" : "no");
	cmd_field(c, "password", "%s", u->hash[0] != '\0' ? "yes" : "no");
	cmd_field(c, "keys", "%zu", nk);
	cmd_field(c, "online", "%u", id != NULL ? id->sessions : 0);
	cmd_record_end(c);
	for (size_t i = 0; i < nk; i++) {
		cmd_field(c, "key", "%s", k[i].fingerprint);
		cmd_field(c, "type", "%s", k[i].type);
		cmd_record_end(c);
	}
	free(k);
	cmd_ok(c, "account %s", u->name);
}

static void
cmd_account(struct cmd *c)
{
	const char		*usage = "account show|disable|enable|"
	    "reset-password NAME, account disable NAME [REASON], account "
	    "rename NAME NEWNAME";
	struct store_user	 u;
	struct store		*st = c->hall->store;
	const char		*verb;
	char			 why[128];
	int			 n;

	if (!cmd_args(c, 3, 0, usage))
		return;
	verb = c->argv[1];
	if (strcmp(verb, "show") != 0 && strcmp(verb, "disable") != 0 &&
	    strcmp(verb, "enable") != 0 && strcmp(verb, "rename") != 0 &&
	    strcmp(verb, "reset-password") != 0) {
		cmd_error(c, "no such account command: %s: usage: %s", verb,
		    usage);
		return;
	}
	if (!cmd_find_account(c, c->argv[2], &u))
		return;
	if (strcmp(verb, "show") == 0) {
		c->readonly = true;
		if (cmd_args(c, 3, 3, "account show NAME"))
			cmd_account_show(c, &u);
	} else if (strcmp(verb, "disable") == 0) {
		if (!cmd_reason(c, 3))
			return;
		if (store_user_set_banned(st, u.id, 1, c->why) != STORE_OK) {
			cmd_error(c, "%s", store_error(st));
			return;
		}
		n = hall_sysop_kick(c->hall, u.name, c->why[0] != '\0' ?
		    c->why : "your account is disabled");
		cmd_ok(c, "disabled %s (%d session%s closed)", u.name, n,
		    n == 1 ? "" : "s");
	} else if (strcmp(verb, "enable") == 0) {
		if (!cmd_args(c, 3, 3, "account enable NAME"))
			return;
		if (store_user_set_banned(st, u.id, 0, NULL) != STORE_OK)
			cmd_error(c, "%s", store_error(st));
		else
			cmd_ok(c, "enabled %s", u.name);
	} else if (strcmp(verb, "rename") == 0) {
		if (!cmd_args(c, 4, 4, "account rename NAME NEWNAME"))
			return;
		if (clean_name(c->argv[3], why, sizeof why) != 0) {
			cmd_error(c, "not a name: %s (%s)", c->argv[3], why);
			return;
		}
		if (store_user_rename(st, u.id, c->argv[3]) != STORE_OK) {
			cmd_error(c, "%s", store_error(st));
			return;
		}
		cmd_ok(c, "renamed %s to %s%s", u.name, c->argv[3],
		    cmd_online(c->hall, u.id) != NULL ? " (shown from the "
		    "next login)" : "");
	} else {
		if (cmd_args(c, 3, 3, "account reset-password NAME"))
			cmd_reset_password(c, &u);
	}
}

static void
cmd_sysop(struct cmd *c)
{
	struct store_user	 u;
	struct identity		*id;
	bool			 grant;

	if (!cmd_args(c, 3, 3, "sysop grant|revoke NAME"))
		return;
	if (strcmp(c->argv[1], "grant") != 0 &&
	    strcmp(c->argv[1], "revoke") != 0) {
		cmd_error(c, "usage: sysop grant|revoke NAME (not %s)",
		    c->argv[1]);
		return;
	}
	grant = c->argv[1][0] == 'g';
	if (!cmd_find_account(c, c->argv[2], &u))
		return;
	if (store_user_set_sysop(c->hall->store, u.id, grant) != STORE_OK) {
		cmd_error(c, "%s", store_error(c->hall->store));
		return;
	}
	/* Online, the role changes at once (the menu opens or closes). */
	if ((id = cmd_online(c->hall, u.id)) != NULL)
		id->sysop = grant;
	hall_account_changed(c->hall, u.id);
	cmd_ok(c, "%s is %s a sysop", u.name, grant ? "now" : "no longer");
}

/* ---- tables, the daemon ---------------------------------------------- */

static void
cmd_table(struct cmd *c)
{
	char	 why[128], code[TABLE_CODE_SIZE];

	if (!cmd_args(c, 3, 0, "table close CODE [REASON]"))
		return;
	if (strcmp(c->argv[1], "close") != 0) {
		cmd_error(c, "no such table command: %s: usage: table close "
		    "CODE [REASON]", c->argv[1]);
		return;
	}
	if (table_code_normalise(c->argv[2], code) != 0) {
		cmd_error(c, "not a table code: %s", c->argv[2]);
		return;
	}
	if (!cmd_reason(c, 3))
		return;
	if (hall_sysop_table_close(c->hall, code, c->why, why, sizeof why) != 0)
		cmd_error(c, "%s", why);
	else
		cmd_ok(c, "closed table %s", code);
}

static void
cmd_reload(struct cmd *c)
{
	if (!cmd_args(c, 1, 1, "reload"))
		return;
	cmd_error(c, "reload is not supported yet: restart gamehalld to read "
	    "its config file again");
}

static void
cmd_log_level(struct cmd *c)
{
	int	 level;

	if (!cmd_args(c, 1, 2, "log-level [error|warn|info|debug]"))
		return;
	if (c->argc == 1) {
		c->readonly = true;
		for (level = LOG_LEVEL_DEBUG; level > LOG_LEVEL_ERROR &&
		    !log_enabled((enum log_level)level); level--)
			;
		cmd_field(c, "level", "%s",
		    config_log_level_name((enum log_level)level));
		cmd_ok(c, "log level %s",
		    config_log_level_name((enum log_level)level));
		return;
	}
	if ((level = config_log_level_parse(c->argv[1])) < 0) {
		cmd_error(c, "not a log level: %s (error, warn, info or debug)",
		    c->argv[1]);
		return;
	}
	log_set_level((enum log_level)level);
	cmd_ok(c, "log level %s", config_log_level_name((enum log_level)level));
}

static void
cmd_shutdown(struct cmd *c)
{
	char	 text[CMD_TEXT_MAX + 1], *end;
	long	 secs = 0;
	int	 msg = 1;

	if (c->argc == 2 && strcmp(c->argv[1], "--cancel") == 0) {
		if (hall_sysop_shutdown_cancel(c->hall) != 0)
			cmd_error(c, "no shutdown is counting down");
		else
			cmd_ok(c, "the shutdown is called off");
		return;
	}
	if (c->argc > 1 && strcmp(c->argv[1], "--in") == 0) {
		errno = 0;
		secs = c->argc > 2 ? strtol(c->argv[2], &end, 10) : -1;
		if (c->argc < 3 || errno != 0 || *end != '\0' || secs < 0 ||
		    secs > 86400) {
			cmd_error(c, "--in needs a number of seconds from 0 to "
			    "86400%s%s", c->argc > 2 ? ", not " : "",
			    c->argc > 2 ? c->argv[2] : "");
			return;
		}
		msg = 3;
	}
	if (!cmd_text(c, msg < c->argc ? c->rest[msg] : "", text, sizeof text,
	    "message"))
		return;
	snprintf(c->why, sizeof c->why, "%.*s", (int)sizeof c->why - 1, text);
	hall_sysop_shutdown(c->hall, (int)secs, text);
	cmd_ok(c, "shutting down in %ld s", secs);
}

static void
cmd_audit_list(struct cmd *c)
{
	struct store_audit	*a = NULL;
	size_t			 n = 0;
	long			 limit = 50;
	char			 t[32], *end;

	if (!cmd_args(c, 1, 2, "audit [COUNT]"))
		return;
	if (c->argc == 2) {
		limit = strtol(c->argv[1], &end, 10);
		if (*end != '\0' || limit < 1 || limit > 10000) {
			cmd_error(c, "not a count from 1 to 10000: %s",
			    c->argv[1]);
			return;
		}
	}
	if (c->hall->store == NULL || store_audit_list(c->hall->store,
	    (int)limit, &a, &n) != STORE_OK) {
		cmd_error(c, "%s", c->hall->store != NULL ?
		    store_error(c->hall->store) : "no store");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cmd_time(t, sizeof t, a[i].when);
		cmd_field(c, "when", "%s", t);
		cmd_field(c, "who", "%s", a[i].actor);
		cmd_field(c, "what", "%s", a[i].what);
		cmd_field(c, "why", "%s", a[i].why);
		cmd_field(c, "result", "%s", a[i].result);
		cmd_record_end(c);
	}
	free(a);
	cmd_ok(c, "%zu entr%s", n, n == 1 ? "y" : "ies");
}

static void	cmd_help(struct cmd *);

static const struct hall_command hall_commands[] = {
	{ "status", false, "status", cmd_status },
	{ "who", false, "who", cmd_who },
	{ "tables", false, "tables", cmd_tables },
	{ "kick", true, "kick NAME|ADDRESS:PORT [REASON]", cmd_kick },
	{ "mute", true, "mute NAME [DURATION] [REASON]", cmd_mute },
	{ "unmute", true, "unmute NAME", cmd_unmute },
	{ "ban", true, "ban account NAME | key SHA256:FP | ip ADDRESS[/BITS] "
	    "[--for DURATION] [REASON]", cmd_ban },
	{ "unban", true, "unban account NAME | key SHA256:FP | ip "
	    "ADDRESS[/BITS]", cmd_unban },
	{ "bans", false, "bans", cmd_bans },
	{ "broadcast", true, "broadcast TEXT", cmd_broadcast },
	{ "motd", true, "motd [TEXT | --clear]", cmd_motd },
	{ "account", true, "account show|disable|enable|reset-password|rename "
	    "NAME [...]", cmd_account },
	{ "sysop", true, "sysop grant|revoke NAME", cmd_sysop },
	{ "table", true, "table close CODE [REASON]", cmd_table },
	{ "reload", true, "reload", cmd_reload },
	{ "log-level", true, "log-level [LEVEL]", cmd_log_level },
	{ "shutdown", true, "shutdown [--in SECONDS] [MESSAGE] | shutdown "
	    "--cancel", cmd_shutdown },
	{ "audit", false, "audit [COUNT]", cmd_audit_list },
	{ "help", false, "help", cmd_help },
};

static void
cmd_help(struct cmd *c)
{
	for (size_t i = 0; i < sizeof hall_commands / sizeof *hall_commands;
	    i++) {
		cmd_field(c, "command", "%s", hall_commands[i].usage);
		cmd_record_end(c);
	}
	cmd_ok(c, "DURATION is like 30m, 2h or 7d");
}

/* Words, and where the rest of the line starts at each. */
static bool
cmd_split(struct cmd *c, const char *line)
{
	char	*p;

	snprintf(c->words, sizeof c->words, "%s", line);
	p = c->words;
	while (c->argc < CMD_ARGS) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		c->rest[c->argc] = line + (p - c->words);
		c->argv[c->argc++] = p;
		while (*p != '\0' && *p != ' ')
			p++;
		if (*p == ' ')
			*p++ = '\0';
	}
	return c->argc > 0;
}

enum hall_command_rc
hall_command(struct hall *hall, const char *actor, const char *line,
    struct buf *out, hall_command_cb done, void *arg)
{
	const struct hall_command	*hc = NULL;
	struct cmd			 c;

	memset(&c, 0, sizeof c);
	c.hall = hall;
	c.actor = actor;
	c.line = line;
	c.out = out;
	c.done = done;
	c.arg = arg;
	for (const char *p = line; *p != '\0'; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			cmd_error(&c, "a control character in the command "
			    "(byte %d)", (int)(p - line) + 1);
			cmd_finish(&c);
			return HALL_COMMAND_ERROR;
		}
	}
	if (strlen(line) >= HALL_COMMAND_LINE_MAX)
		cmd_error(&c, "the command is too long (at most %d bytes)",
		    HALL_COMMAND_LINE_MAX - 1);
	else if (!cmd_split(&c, line))
		cmd_error(&c, "no command (try help)");
	else {
		for (size_t i = 0; i < sizeof hall_commands /
		    sizeof *hall_commands; i++) {
			if (strcmp(hall_commands[i].name, c.argv[0]) == 0)
				hc = &hall_commands[i];
		}
		if (hc == NULL)
			cmd_error(&c, "unknown command '%s' (try help)",
			    c.argv[0]);
		else
			hc->run(&c);
	}
	if (c.pending)
		return HALL_COMMAND_PENDING;
	if (hc != NULL && hc->audited && !c.readonly)
		cmd_audit(hall, actor, line, c.why, c.error, c.msg);
	cmd_finish(&c);
	return c.error ? HALL_COMMAND_ERROR : HALL_COMMAND_OK;
}
