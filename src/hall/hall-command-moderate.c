/*
 * hall-command-moderate.c - the sysop's commands on people and the hall:
 * kick, mute, ban, broadcast, the MOTD, closing a table, the log level,
 * reload, the shutdown countdown.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/clock.h"
#include "src/base/log.h"
#include "src/hall/hall-int.h"
#include "src/term/clean.h"
#include "src/hall/hall-command-int.h"

/* ---- moderation ------------------------------------------------------------ */

void
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

void
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

void
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

void
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

void
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

void
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

void
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

/* ---- tables, the daemon ---------------------------------------------- */

void
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

void
cmd_reload(struct cmd *c)
{
	if (!cmd_args(c, 1, 1, "reload"))
		return;
	/* The same path as SIGHUP (gamehalld.c), from the loop's own signal
	 * event: one place re-reads the config file. */
	if (raise(SIGHUP) != 0) {
		cmd_error(c, "reload: %s", strerror(errno));
		return;
	}
	cmd_ok(c, "reload requested: the daemon log says what changed");
}

void
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

void
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

