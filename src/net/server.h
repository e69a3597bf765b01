/*
 * server.h - the listening sockets and what every connection shares.
 *
 * The server binds the SSH and telnet ports (one socket per address and
 * port, backlog from the config), applies admission control (src/net/limits.h,
 * address bans from the store) to every accepted socket, sets its TCP
 * options and hands it to the SSH or telnet transport.  It owns the list
 * of live conns, so shutdown can reach them all.
 */
#ifndef SRC_SERVER_H
#define SRC_SERVER_H

#include <stdbool.h>
#include <stddef.h>

struct event_base;
struct config;
struct store;
struct worker;
struct conn_handler;
struct limits;
struct conn_list;

struct clock;
struct server;

/*
 * Bind every listening socket, accepting nothing yet.  NULL with a
 * message in err if anything fails (a port in use, a bad address).  This
 * comes first, before privileges are dropped and before anything is
 * created on disk: a second daemon on a busy port leaves no trace.
 */
struct server *server_new(struct event_base *, struct clock *,
	    const struct config *, char *err, size_t errlen);

/*
 * Load (or create) the host key and start accepting, handing connections
 * to handler.  Logs "listening on ..." for each socket.  0, or -1 with a
 * message in err; server_free cleans up either way.
 */
int	server_start(struct server *, struct store *, struct worker *,
	    const struct conn_handler *, void *handler_arg, char *err,
	    size_t errlen);

/* Stop accepting (shutdown). */
void	server_stop_listening(struct server *);

/* Connections alive (any state). */
size_t	server_conn_count(const struct server *);

/*
 * Free everything, with the loop stopped: connections still alive get
 * `closed` and are dropped.
 */
void	server_free(struct server *);

/* For the transports and conn.c. */
struct event_base *server_base(const struct server *);
struct clock *server_clock(const struct server *);
const struct config *server_config(const struct server *);
struct store *server_store(const struct server *);
struct worker *server_worker(const struct server *);
struct limits *server_limits(const struct server *);
const struct conn_handler *server_handler(const struct server *);
void	*server_handler_arg(const struct server *);
struct conn_list *server_conns(struct server *);

#endif
