/*
 * telnetd.h - the telnet transport: a socket, a bufferevent and an nvt.
 *
 * Telnet users arrive without an account: the hall shows its welcome
 * screen, and passwords only if the config allows them over clear text.
 */
#ifndef SRC_TELNETD_H
#define SRC_TELNETD_H

#include <sys/socket.h>

struct server;

/* Take over an accepted socket that limits_accept let in. */
void	telnetd_accept(struct server *, int fd, const struct sockaddr *,
	    socklen_t);

#endif
