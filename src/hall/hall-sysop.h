/*
 * hall-sysop.h - what the hall does for a sysop, as text commands: the one
 * entry point shared by the control socket (src/ctl, gamehallctl) and the
 * sysop menu in the hall (screen-sysop.c), so both do exactly the same.
 *
 * A command is one line, words separated by spaces, the last argument
 * (a reason, a message) taking the rest of the line:
 *
 *	kick bob spamming the lobby
 *	ban ip 192.0.2.0/24 --for 2h
 *
 * Its reply is zero or more records, one a line, each "key=value" fields
 * separated by tabs (values never hold a tab or a newline), then one last
 * line: "ok", "ok: what was done", or "error: what was wrong".  `help`
 * lists the commands.
 */
#ifndef SRC_HALL_SYSOP_H
#define SRC_HALL_SYSOP_H

#include <stddef.h>

struct hall;
struct buf;

#define HALL_COMMAND_LINE_MAX 1024	/* bytes of one command line */

/*
 * A reply that comes later (reset-password hashes on the worker pool):
 * done(arg, reply, len) on the loop thread, unless cancelled first.
 */
typedef void (*hall_command_cb)(void *arg, const char *reply, size_t len);

enum hall_command_rc {
	HALL_COMMAND_OK,
	HALL_COMMAND_ERROR,
	HALL_COMMAND_PENDING,	/* the reply comes through the callback */
};

/*
 * Run `line` as `actor` (who is asking: "ctl uid 1000", "alice"), the
 * reply appended to out.  Every command that changes something is written
 * to the audit log (store) and the daemon log with its result.  With a
 * NULL callback a command that would reply later is refused.
 */
enum hall_command_rc hall_command(struct hall *, const char *actor,
	    const char *line, struct buf *out, hall_command_cb done,
	    void *arg);
/* The requester `arg` is gone: its pending reply is dropped. */
void	hall_command_cancel(struct hall *, void *arg);

#endif
