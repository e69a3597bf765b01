/*
 * hall-command.c - the sysop's commands as text (hall-sysop.h): parse a
 * line, check its arguments, act through hall-sysop.c and the store, and
 * answer with records and one last "ok" or "error: ..." line.  Commands
 * that change something are written to the audit log and the daemon log.
 *
 * Each command is one row of hall_commands: its name, whether it is
 * audited, what it takes (for `help` and for the messages of a bad call)
 * and its function, in hall-command-look.c (what only looks),
 * hall-command-moderate.c (people and the hall) or hall-command-account.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "screens/buf.h"
#include "src/base/clock.h"
#include "src/base/log.h"
#include "src/hall/hall-int.h"
#include "src/term/clean.h"
#include "src/hall/hall-command-int.h"

struct hall_command {
	const char	*name;
	bool		 audited;
	const char	*usage;
	void		(*run)(struct cmd *);
};

/* ---- replies ---------------------------------------------------------------- */

void
cmd_ok(struct cmd *c, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	c->error = false;
}

void
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
void
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

void
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
int64_t
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
bool
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
bool
cmd_reason(struct cmd *c, int i)
{
	return cmd_text(c, i < c->argc ? c->rest[i] : "", c->why,
	    sizeof c->why, "reason");
}

bool
cmd_args(struct cmd *c, int min, int max, const char *usage)
{
	if (c->argc < min || (max > 0 && c->argc > max)) {
		cmd_error(c, "usage: %s", usage);
		return false;
	}
	return true;
}

/* An account by name, or the error set. */
bool
cmd_find_account(struct cmd *c, const char *name, struct store_user *u)
{
	if (c->hall->store == NULL ||
	    store_user_find(c->hall->store, name, u) != STORE_OK) {
		cmd_error(c, "no account named %s", name);
		return false;
	}
	return true;
}

void
cmd_time(char *buf, size_t len, int64_t when)
{
	time_t		 t = (time_t)when;
	struct tm	 tm;

	if (when <= 0 || gmtime_r(&t, &tm) == NULL)
		snprintf(buf, len, "-");
	else
		strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}


void
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
	{ "reports", false, "reports [COUNT]", cmd_reports },
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
