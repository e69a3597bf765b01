/*
 * hall-command-int.h - what the files of the sysop's commands share
 * (hall-command.c parses, dispatches, replies and audits; the commands
 * are in hall-command-look.c, hall-command-moderate.c and
 * hall-command-account.c).  Nothing else includes it.
 */
#ifndef SRC_HALL_COMMAND_INT_H
#define SRC_HALL_COMMAND_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "src/hall/hall-sysop.h"
#include "src/store/store.h"

#define CMD_ARGS 16
#define CMD_MSG_LEN 512
#define CMD_TEXT_MAX 400	/* bytes of a reason, a broadcast, the MOTD */

/* One command being run: its words, its reply, what the audit keeps. */
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

/* ---- hall-command.c: replies and arguments ------------------------------ */

/* The result line: "ok: ..." or "error: ...". */
void	 cmd_ok(struct cmd *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 cmd_error(struct cmd *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* One key=value field of the current record, and its end. */
void	 cmd_field(struct cmd *, const char *key, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
void	 cmd_record_end(struct cmd *);
/* "30m", "2h", "7d", "45s" or plain seconds: seconds, or -1. */
int64_t	 cmd_duration(const char *);
/* Sysop text that users will see, cleaned; false with the error set. */
bool	 cmd_text(struct cmd *, const char *in, char *out, size_t outlen,
	    const char *what);
/* The reason from word i on, kept for the audit. */
bool	 cmd_reason(struct cmd *, int i);
/* Between min and max words (max 0: any more); else the usage. */
bool	 cmd_args(struct cmd *, int min, int max, const char *usage);
/* An account by name, or the error set. */
bool	 cmd_find_account(struct cmd *, const char *name,
	    struct store_user *);
/* "2026-12-01T14:09:07Z", or "-" for none. */
void	 cmd_time(char *buf, size_t len, int64_t when);
/* To the audit log and the daemon log. */
void	 cmd_audit(struct hall *, const char *actor, const char *line,
	    const char *why, bool error, const char *msg);

/* ---- the commands -------------------------------------------------------- */

/* hall-command-look.c */
void	 cmd_status(struct cmd *);
void	 cmd_who(struct cmd *);
void	 cmd_tables(struct cmd *);
void	 cmd_bans(struct cmd *);
void	 cmd_audit_list(struct cmd *);
void	 cmd_reports(struct cmd *);
/* hall-command-moderate.c */
void	 cmd_kick(struct cmd *);
void	 cmd_mute(struct cmd *);
void	 cmd_unmute(struct cmd *);
void	 cmd_ban(struct cmd *);
void	 cmd_unban(struct cmd *);
void	 cmd_broadcast(struct cmd *);
void	 cmd_motd(struct cmd *);
void	 cmd_table(struct cmd *);
void	 cmd_reload(struct cmd *);
void	 cmd_log_level(struct cmd *);
void	 cmd_shutdown(struct cmd *);
/* hall-command-account.c */
void	 cmd_account(struct cmd *);
void	 cmd_sysop(struct cmd *);

#endif
