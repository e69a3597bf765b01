/*
 * transport.h - the inside of a conn: what sshd.c and telnetd.c provide
 * to conn.c and what conn.c offers them.  The hall never includes this.
 *
 * Rules for a transport:
 * - It frees itself only from its own libevent callbacks, never inside a
 *   transport_ops call (the hall may be on the stack); an op that finds
 *   the transport dead returns -1 / does nothing and schedules the
 *   teardown.
 * - Once freed it calls conn_transport_gone() exactly once (never from an
 *   op either), after which the conn never calls an op again.
 */
#ifndef SRC_TRANSPORT_H
#define SRC_TRANSPORT_H

#include <sys/queue.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>

#include "src/net/conn.h"

struct server;
struct event_base;

struct transport_ops {
	/*
	 * Offer len bytes of output: returns how many were taken (0..len),
	 * or -1 if the transport is dead.
	 */
	ssize_t	(*send)(void *t, const void *buf, size_t len);

	/* True while output the transport took is still queued in it. */
	bool	(*pending)(void *t);

	/* Stop (true) or resume reading from the peer. */
	void	(*pause)(void *t, bool paused);

	/*
	 * Say goodbye: everything the conn had was offered (or force is
	 * set: do not wait for anything).  The transport finishes (SSH exit
	 * status and channel close, a short linger) and then goes.
	 */
	void	(*close)(void *t, bool force);

	/* Free at once, with the loop stopped (final teardown only). */
	void	(*destroy)(void *t);
};

TAILQ_HEAD(conn_list, conn);

/* A new conn for a transport that was just accepted. */
struct conn *conn_new(struct server *, const struct transport_ops *,
	    void *t, enum conn_transport, const struct sockaddr *,
	    socklen_t);

/* The address the peer connected to (getsockname of its socket), for
 * the share line a friend elsewhere can use. */
void	conn_transport_local(struct conn *, int fd);

/* The info, for the transport to fill in before conn_transport_ready. */
struct conn_info *conn_info_mutable(struct conn *);
const struct sockaddr *conn_addr(const struct conn *);

/* conn_label follows changes to the info (the SSH user name). */
void	conn_transport_relabel(struct conn *);

/* The user is ready for the hall (shell/exec, or telnet negotiated). */
void	conn_transport_ready(struct conn *);

/* The user logged in at the transport level (counts against limits). */
void	conn_transport_authenticated(struct conn *);

/* Keyboard bytes, already stripped of framing. */
void	conn_transport_input(struct conn *, const void *, size_t);

/* A new window size (clamped here; 0 keeps the old value). */
void	conn_transport_resize(struct conn *, int cols, int rows);

/*
 * The terminal type (cleaned printable ASCII), whenever it is learnt: it
 * goes into conn_info; once the hall has the conn (telnet's TTYPE may come
 * after the session opened) the hall is told as by a resize, so it looks
 * at conn_info again.
 */
void	conn_transport_term(struct conn *, const char *term);

/* Output may have drained: retry the tail, report writable.  Call after
 * every pump (from the transport's own event callbacks). */
void	conn_transport_flush(struct conn *);

/* The transport is freed; the conn reports `closed` and frees itself. */
void	conn_transport_gone(struct conn *);

/* Why the connection ends, for its "closed" log line (the first reason
 * given wins; the hall's farewell is one too). */
void	conn_transport_why(struct conn *, const char *why);

/* Whether the hall has this conn (open returned a client). */
bool	conn_is_open(const struct conn *);

/* Close every conn the hall has not opened (shutdown). */
void	conn_close_unopened(struct conn_list *, const char *farewell);

/* Final teardown with the loop stopped: `closed` for opened conns, then
 * every transport destroyed and every conn freed. */
void	conn_destroy_all(struct conn_list *);

/* Clamp a window size as conn_info promises. */
void	conn_clamp_size(int *cols, int *rows);

#endif
