/*
 * tclient-int.h - what tclient.c (the terminal) shares with its two
 * transports, tclient-ssh.c and tclient-telnet.c.  Not for tests.
 */
#ifndef TESTS_INTEGRATION_TCLIENT_INT_H
#define TESTS_INTEGRATION_TCLIENT_INT_H

#include <vterm.h>

#include "tests/integration/tclient.h"

struct tclient_ssh;
struct tclient_telnet;

/* A transport moves bytes; the terminal in tclient.c does the rest. */
struct tclient_transport {
	const char *name;
	int	(*connect)(struct tclient *);
	/* Send keyboard bytes. 0 or -1. */
	int	(*write)(struct tclient *, const char *, size_t);
	/*
	 * Wait up to timeout_ms for input and hand it all to
	 * tclient_received().  Bytes read, 0, or -1 when closed.
	 */
	int	(*read)(struct tclient *, int timeout_ms);
	int	(*resize)(struct tclient *, int cols, int rows);
	int	(*fd)(const struct tclient *);
	void	(*free)(struct tclient *);
};

struct tclient {
	const struct tclient_transport *transport;
	struct tclient_ssh *ssh;
	struct tclient_telnet *telnet;

	int	port;
	int	timeout_ms;
	char	error[512];

	/* The terminal as the server is told about it. */
	int	cols, rows;
	char	term[256];
	bool	pty;

	VTerm	*vt;
	VTermScreen *screen;
	bool	screenless;	/* tclient_drop_screen: vt is 1x1, not fed */
	char	title[256];
	int	mouse;
	bool	cursor_visible;
	unsigned bells;
	bool	reading;
	bool	closed;

	/* What the terminal itself wants to send (keys, replies). */
	char	*out;
	size_t	outlen, outsize;

	uint64_t received, sent;

	char	*rowbuf;	/* tclient_row's answer */
	size_t	rowsize;
};

/* Allocate with a transport; the transport fills in its own part. */
struct tclient *tclient_new(const struct tclient_transport *, int port);

/* The transport got terminal output: into the screen it goes. */
void	tclient_received(struct tclient *, const char *, size_t);

/* Record an error message (printf-style); returns -1. */
int	tclient_fail(struct tclient *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Milliseconds on CLOCK_MONOTONIC, and what is left until a deadline. */
int64_t	tclient_now_ms(void);
int	tclient_left_ms(int64_t deadline);

/* Wait for fd to become readable (or writable too) for up to ms. */
int	tclient_poll_fd(int fd, bool want_write, int ms);

/* The local screen size for a requested size. */
int	tclient_clamp(int v, int max);

#endif
