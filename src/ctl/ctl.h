/*
 * ctl.h - the control socket: where gamehallctl talks to the daemon.
 *
 * A Unix stream socket (config control_socket, by default control.sock in
 * the state directory), mode 0600, or 0660 with the group control_group:
 * whoever can open it administers the hall, so there is no password on it
 * and no TCP.  The protocol is one command a line (hall-sysop.h); each
 * gets its reply, ending with "ok..." or "error: ...".  A line longer than
 * CTL_LINE_MAX is refused and the connection closed.  Everything runs on
 * the loop: sockets are read with bufferevents, never blocking.
 */
#ifndef SRC_CTL_H
#define SRC_CTL_H

#include <stddef.h>

struct event_base;
struct config;
struct hall;
struct ctl;

#define CTL_LINE_MAX 1024	/* bytes of a command line, newline included */
#define CTL_CONNS_MAX 16	/* gamehallctl runs at once */

/*
 * Listen on the configured path (a stale socket left by a crash is
 * replaced; one another daemon answers on is not).  NULL with a message
 * in err.
 */
struct ctl *ctl_new(struct event_base *, struct hall *,
	    const struct config *, char *err, size_t errlen);
/* Close every connection, remove the socket. */
void	ctl_free(struct ctl *);

/* The socket's path for this config (control_socket, or the default). */
void	ctl_path(const struct config *, char *buf, size_t len);

#endif
