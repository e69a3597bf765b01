/*
 * tclient-telnet.c - the telnet transport of the test client: a TCP socket
 * and libtelnet, answering like an ordinary telnet client in character
 * mode (the server echoes; NAWS and TTYPE are offered when asked).
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libtelnet.h>

#include "tests/integration/tclient-int.h"

struct tclient_telnet {
	int	fd;
	telnet_t *tn;
	bool	naws;		/* the server asked for window sizes */
	bool	binary;		/* we send binary: no CR NUL */
	bool	failed;		/* a write failed inside libtelnet's callback */
	struct tclient *tc;
};

static const telnet_telopt_t tclient_telnet_options[] = {
	{ TELNET_TELOPT_ECHO, TELNET_WONT, TELNET_DO },
	{ TELNET_TELOPT_SGA, TELNET_WILL, TELNET_DO },
	{ TELNET_TELOPT_NAWS, TELNET_WILL, TELNET_DONT },
	{ TELNET_TELOPT_TTYPE, TELNET_WILL, TELNET_DONT },
	{ TELNET_TELOPT_BINARY, TELNET_WILL, TELNET_DO },
	{ -1, 0, 0 }
};

static const struct tclient_transport tclient_telnet_transport;

struct tclient *
tclient_telnet_new(int port)
{
	struct tclient *tc = tclient_new(&tclient_telnet_transport, port);

	tc->telnet = calloc(1, sizeof *tc->telnet);
	if (tc->telnet == NULL)
		abort();
	tc->telnet->fd = -1;
	tc->telnet->tc = tc;
	return tc;
}

/* Write all of buf to the socket, waiting for room up to the deadline. */
static int
tclient_telnet_send_raw(struct tclient *tc, const char *buf, size_t len)
{
	struct tclient_telnet *tt = tc->telnet;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	ssize_t n;

	while (len > 0) {
		n = send(tt->fd, buf, len, MSG_NOSIGNAL);
		if (n > 0) {
			buf += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return tclient_fail(tc, "telnet send: %s",
			    strerror(errno));
		if (tclient_left_ms(deadline) == 0)
			return tclient_fail(tc, "telnet send: timed out");
		tclient_poll_fd(tt->fd, true, 100);
	}
	return 0;
}

static void
tclient_telnet_naws(struct tclient_telnet *tt)
{
	struct tclient *tc = tt->tc;
	int cols = tc->cols < 0 ? 0 : tc->cols > 65535 ? 65535 : tc->cols;
	int rows = tc->rows < 0 ? 0 : tc->rows > 65535 ? 65535 : tc->rows;
	char buf[4];

	buf[0] = (char)(cols >> 8);
	buf[1] = (char)(cols & 0xff);
	buf[2] = (char)(rows >> 8);
	buf[3] = (char)(rows & 0xff);
	telnet_subnegotiation(tt->tn, TELNET_TELOPT_NAWS, buf, sizeof buf);
}

static void
tclient_telnet_event(telnet_t *tn, telnet_event_t *ev, void *arg)
{
	struct tclient_telnet *tt = arg;
	struct tclient *tc = tt->tc;

	switch (ev->type) {
	case TELNET_EV_SEND:
		if (!tt->failed && tclient_telnet_send_raw(tc, ev->data.buffer,
		    ev->data.size) != 0)
			tt->failed = true;
		break;
	case TELNET_EV_DATA:
		tclient_received(tc, ev->data.buffer, ev->data.size);
		break;
	case TELNET_EV_DO:
		if (ev->neg.telopt == TELNET_TELOPT_NAWS) {
			tt->naws = true;
			tclient_telnet_naws(tt);
		} else if (ev->neg.telopt == TELNET_TELOPT_BINARY)
			tt->binary = true;
		break;
	case TELNET_EV_DONT:
		if (ev->neg.telopt == TELNET_TELOPT_NAWS)
			tt->naws = false;
		else if (ev->neg.telopt == TELNET_TELOPT_BINARY)
			tt->binary = false;
		break;
	case TELNET_EV_TTYPE:
		if (ev->ttype.cmd == TELNET_TTYPE_SEND)
			telnet_ttype_is(tn, tc->term);
		break;
	case TELNET_EV_ERROR:
		tclient_fail(tc, "telnet protocol error: %s", ev->error.msg);
		tt->failed = true;
		break;
	default:
		break;
	}
}

static int
tclient_telnet_connect(struct tclient *tc)
{
	struct tclient_telnet *tt = tc->telnet;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	struct sockaddr_in sin;
	socklen_t len = sizeof (int);
	int one = 1, err = 0;

	if (tt->fd >= 0)
		return tclient_fail(tc, "already connected");
	tt->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    0);
	if (tt->fd < 0)
		return tclient_fail(tc, "socket: %s", strerror(errno));
	setsockopt(tt->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)tc->port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(tt->fd, (struct sockaddr *)&sin, sizeof sin) != 0) {
		if (errno != EINPROGRESS)
			goto failed;
		while (tclient_poll_fd(tt->fd, true,
		    tclient_left_ms(deadline)) == 0)
			if (tclient_left_ms(deadline) == 0) {
				tc->closed = true;
				return tclient_fail(tc, "telnet connect to "
				    "port %d: timed out", tc->port);
			}
		getsockopt(tt->fd, SOL_SOCKET, SO_ERROR, &err, &len);
		if (err != 0) {
			errno = err;
			goto failed;
		}
	}
	tt->tn = telnet_init(tclient_telnet_options, tclient_telnet_event, 0,
	    tt);
	if (tt->tn == NULL)
		return tclient_fail(tc, "telnet_init failed");
	return 0;
failed:
	tc->closed = true;
	return tclient_fail(tc, "telnet connect to port %d: %s", tc->port,
	    strerror(errno));
}

/*
 * Keyboard bytes: a lone CR is sent as CR NUL (RFC 854) unless binary
 * mode was agreed; libtelnet doubles 0xFF.
 */
static int
tclient_telnet_write(struct tclient *tc, const char *buf, size_t len)
{
	struct tclient_telnet *tt = tc->telnet;
	size_t i, start = 0;

	if (tt->tn == NULL)
		return tclient_fail(tc, "telnet: not connected");
	for (i = 0; i < len; i++) {
		if (buf[i] != '\r' || tt->binary ||
		    (i + 1 < len && buf[i + 1] == '\n'))
			continue;
		telnet_send(tt->tn, buf + start, i + 1 - start);
		telnet_send(tt->tn, "", 1);
		start = i + 1;
	}
	telnet_send(tt->tn, buf + start, len - start);
	return tt->failed ? -1 : 0;
}

static int
tclient_telnet_read(struct tclient *tc, int timeout_ms)
{
	struct tclient_telnet *tt = tc->telnet;
	char buf[16384];
	uint64_t before = tc->received;
	bool waited = false;
	ssize_t n;

	if (tt->tn == NULL)
		return -1;
	for (;;) {
		n = recv(tt->fd, buf, sizeof buf, 0);
		if (n > 0) {
			telnet_recv(tt->tn, buf, (size_t)n);
			if (tt->failed)
				return -1;
			continue;
		}
		if (n == 0 || (errno != EAGAIN && errno != EINTR))
			return tc->received > before ?
			    (int)(tc->received - before) : -1;
		if (tc->received > before || waited)
			break;
		tclient_poll_fd(tt->fd, false, timeout_ms);
		waited = true;
	}
	return (int)(tc->received - before);
}

static int
tclient_telnet_resize(struct tclient *tc, int cols, int rows)
{
	struct tclient_telnet *tt = tc->telnet;

	if (tt->tn != NULL && tt->naws)
		tclient_telnet_naws(tt);
	return tt->failed ? -1 : 0;
}

static int
tclient_telnet_fd(const struct tclient *tc)
{
	return tc->telnet->fd;
}

static void
tclient_telnet_free(struct tclient *tc)
{
	struct tclient_telnet *tt = tc->telnet;

	if (tt->tn != NULL)
		telnet_free(tt->tn);
	if (tt->fd >= 0)
		close(tt->fd);
	free(tt);
}

static const struct tclient_transport tclient_telnet_transport = {
	.name = "telnet",
	.connect = tclient_telnet_connect,
	.write = tclient_telnet_write,
	.read = tclient_telnet_read,
	.resize = tclient_telnet_resize,
	.fd = tclient_telnet_fd,
	.free = tclient_telnet_free,
};
