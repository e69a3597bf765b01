/*
 * telnetd.c - the telnet transport.
 *
 * We own the socket outright here (unlike SSH), so a bufferevent does the
 * I/O.  The conn's "pending" is simply "the bufferevent's output buffer is
 * not empty", and the write callback (low watermark 0) is the drain signal:
 * with the conn's one-frame rule the output buffer never holds more than
 * one frame.  The user is handed to the hall once NAWS and TTYPE are
 * settled or half a second has passed, whichever is first; a window size or
 * terminal type that comes later still reaches the hall.
 */
#include <sys/socket.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/net/limits.h"
#include "src/base/log.h"
#include "src/net/nvt.h"
#include "src/net/server.h"
#include "src/net/telnetd.h"
#include "src/net/transport.h"

#define TELNETD_SETTLE_MS 500
#define TELNETD_LINGER_SECONDS 2

struct telnetd_conn {
	struct server		*server;
	struct conn		*conn;
	struct bufferevent	*bev;
	struct nvt		*nvt;
	struct event		*timer;		/* settle, then linger */
	struct event		*kick;		/* deferred teardown */
	bool			 ready;
	bool			 closing;
	bool			 dead;
};

static void
telnetd_free(struct telnetd_conn *tc)
{
	struct conn	*conn = tc->conn;

	if (tc->timer != NULL)
		event_free(tc->timer);
	if (tc->kick != NULL)
		event_free(tc->kick);
	if (tc->bev != NULL)
		bufferevent_free(tc->bev);	/* closes the socket */
	nvt_free(tc->nvt);
	free(tc);
	if (conn != NULL)
		conn_transport_gone(conn);
}

/* Schedule the teardown from our own event. */
static void
telnetd_die(struct telnetd_conn *tc)
{
	tc->dead = true;
	event_active(tc->kick, EV_TIMEOUT, 1);
}

static void
telnetd_kick_cb(evutil_socket_t fd, short what, void *arg)
{
	struct telnetd_conn	*tc = arg;

	if (tc->dead)
		telnetd_free(tc);
}

static void
telnetd_make_ready(struct telnetd_conn *tc)
{
	if (tc->ready || tc->closing || tc->dead)
		return;
	tc->ready = true;
	evtimer_del(tc->timer);
	conn_transport_authenticated(tc->conn);
	conn_transport_ready(tc->conn);
}

static void
telnetd_nvt_send(void *arg, const char *buf, size_t len)
{
	struct telnetd_conn	*tc = arg;

	if (!tc->dead)
		bufferevent_write(tc->bev, buf, len);
}

static void
telnetd_nvt_input(void *arg, const unsigned char *buf, size_t len)
{
	struct telnetd_conn	*tc = arg;

	conn_transport_input(tc->conn, buf, len);
}

static void
telnetd_nvt_resize(void *arg, int cols, int rows)
{
	struct telnetd_conn	*tc = arg;

	conn_transport_resize(tc->conn, cols, rows);
	if (nvt_settled(tc->nvt))
		telnetd_make_ready(tc);
}

static void
telnetd_nvt_term(void *arg, const char *term)
{
	struct telnetd_conn	*tc = arg;

	/* Late (after the settle time) is fine: the hall looks again. */
	conn_transport_term(tc->conn, term);
	if (nvt_settled(tc->nvt))
		telnetd_make_ready(tc);
}

static void
telnetd_nvt_error(void *arg, const char *why)
{
	struct telnetd_conn	*tc = arg;

	log_info("%s: telnet: %s", conn_label(tc->conn), why);
	telnetd_die(tc);
}

static const struct nvt_callbacks telnetd_nvt_callbacks = {
	telnetd_nvt_send,
	telnetd_nvt_input,
	telnetd_nvt_resize,
	telnetd_nvt_term,
	telnetd_nvt_error,
};

static void
telnetd_read_cb(struct bufferevent *bev, void *arg)
{
	struct telnetd_conn	*tc = arg;
	struct evbuffer		*in = bufferevent_get_input(bev);
	char			 buf[4096];
	int			 n;

	while (!tc->dead && (n = evbuffer_remove(in, buf, sizeof buf)) > 0) {
		nvt_recv(tc->nvt, buf, (size_t)n);
		/* WONT NAWS / TTYPE can settle it without a callback. */
		if (!tc->ready && nvt_settled(tc->nvt))
			telnetd_make_ready(tc);
	}
	if (!tc->dead)
		conn_transport_flush(tc->conn);
}

static void
telnetd_write_cb(struct bufferevent *bev, void *arg)
{
	struct telnetd_conn	*tc = arg;

	/* The output buffer is empty. */
	if (tc->closing) {
		telnetd_die(tc);
		return;
	}
	conn_transport_flush(tc->conn);
}

static void
telnetd_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct telnetd_conn	*tc = arg;

	if (what & (BEV_EVENT_EOF | BEV_EVENT_ERROR))
		telnetd_die(tc);
}

static void
telnetd_timer_cb(evutil_socket_t fd, short what, void *arg)
{
	struct telnetd_conn	*tc = arg;

	if (tc->closing)
		telnetd_die(tc);	/* linger over */
	else
		telnetd_make_ready(tc);	/* the client never answered */
}

static ssize_t
telnetd_send(void *t, const void *buf, size_t len)
{
	struct telnetd_conn	*tc = t;

	if (tc->dead)
		return -1;
	nvt_send(tc->nvt, buf, len);
	return (ssize_t)len;
}

static bool
telnetd_pending(void *t)
{
	struct telnetd_conn	*tc = t;

	return !tc->dead &&
	    evbuffer_get_length(bufferevent_get_output(tc->bev)) > 0;
}

static void
telnetd_pause(void *t, bool paused)
{
	struct telnetd_conn	*tc = t;

	if (tc->dead)
		return;
	if (paused)
		bufferevent_disable(tc->bev, EV_READ);
	else
		bufferevent_enable(tc->bev, EV_READ);
}

static void
telnetd_close(void *t, bool force)
{
	struct telnetd_conn	*tc = t;
	struct timeval		 tv = { TELNETD_LINGER_SECONDS, 0 };

	if (tc->dead)
		return;
	tc->closing = true;
	bufferevent_disable(tc->bev, EV_READ);
	if (force || !telnetd_pending(tc)) {
		telnetd_die(tc);
		return;
	}
	evtimer_add(tc->timer, &tv);
}

static void
telnetd_destroy(void *t)
{
	struct telnetd_conn	*tc = t;

	tc->conn = NULL;
	telnetd_free(tc);
}

static const struct transport_ops telnetd_ops = {
	telnetd_send,
	telnetd_pending,
	telnetd_pause,
	telnetd_close,
	telnetd_destroy,
};

void
telnetd_accept(struct server *server, int fd, const struct sockaddr *sa,
    socklen_t salen)
{
	struct event_base	*base = server_base(server);
	struct telnetd_conn	*tc;
	struct timeval		 tv = { 0, TELNETD_SETTLE_MS * 1000 };

	tc = calloc(1, sizeof *tc);
	if (tc == NULL)
		goto fail;
	tc->server = server;
	tc->bev = bufferevent_socket_new(base, fd, BEV_OPT_CLOSE_ON_FREE);
	if (tc->bev == NULL)
		goto fail;
	fd = -1;	/* the bufferevent has it */
	tc->nvt = nvt_new(&telnetd_nvt_callbacks, tc);
	tc->timer = evtimer_new(base, telnetd_timer_cb, tc);
	tc->kick = event_new(base, -1, 0, telnetd_kick_cb, tc);
	if (tc->nvt == NULL || tc->timer == NULL || tc->kick == NULL)
		goto fail;
	tc->conn = conn_new(server, &telnetd_ops, tc, CONN_TELNET, sa, salen);
	if (tc->conn == NULL)
		goto fail;
	conn_transport_local(tc->conn, bufferevent_getfd(tc->bev));
	log_info("%s: connected", conn_label(tc->conn));

	bufferevent_setcb(tc->bev, telnetd_read_cb, telnetd_write_cb,
	    telnetd_event_cb, tc);
	bufferevent_enable(tc->bev, EV_READ | EV_WRITE);
	nvt_start(tc->nvt);
	evtimer_add(tc->timer, &tv);
	return;

fail:
	log_error("telnet: out of memory for a new connection");
	if (tc != NULL) {
		if (tc->timer != NULL)
			event_free(tc->timer);
		if (tc->kick != NULL)
			event_free(tc->kick);
		if (tc->bev != NULL)
			bufferevent_free(tc->bev);
		nvt_free(tc->nvt);
		free(tc);
	}
	if (fd >= 0)
		close(fd);
	/* Nothing counted it yet but limits_accept: undo that. */
	limits_closed(server_limits(server), sa, false);
}
