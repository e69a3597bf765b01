/*
 * conn.c - one connection as the hall sees it, on top of a transport.
 *
 * Everything the hall is told happens in conn_kick_cb, a manually activated
 * event: the transports and conn_write/conn_close only change state and
 * schedule it.  So no handler callback runs inside a libssh callback or
 * inside a call the hall made.
 *
 * Output keeps at most one frame: the unsent tail of the last conn_write
 * (plus a farewell line on close).  Input goes through a token bucket
 * (config input_rate/input_burst) and a queue of twice the burst: what
 * a paste brings beyond that is dropped, and the hall told, rather
 * than queued for minutes; the transport keeps reading, so a resize or
 * anything else behind the paste in the stream is never stuck behind it.
 * Only a real flood (more than CONN_FLOOD_MAX dropped before the queue
 * drains) stops the reading until it has, so it backs up into the peer's
 * TCP window instead of our CPU.  A key costs the hall microseconds, so
 * the byte budget bounds the work too; and the input is handed over in
 * small chunks with the other conns served in between, so nobody else
 * waits on a flood.
 */
#include <sys/queue.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/net/limits.h"
#include "src/base/log.h"
#include "src/net/server.h"
#include "src/net/transport.h"

#define CONN_INPUT_MAX (64 * 1024)	/* the queue never holds more */
#define CONN_INPUT_CHUNK 1024		/* most bytes per input callback */
#define CONN_FLOOD_MAX (4 * 1024 * 1024) /* dropped: then stop reading */
#define CONN_LINGER_SECONDS 2		/* for output to drain on close */

struct conn {
	struct server			*server;
	const struct transport_ops	*ops;
	void				*t;	/* NULL once gone */
	struct conn_info		 info;
	struct sockaddr_storage		 addr;
	socklen_t			 addrlen;
	char				 label[CONN_USER_LEN + CONN_ADDR_LEN +
					     16];

	void				*client; /* the hall's; NULL until open */
	bool				 ready;
	bool				 opened;
	bool				 authenticated;
	bool				 closing;
	bool				 close_started;	/* ops->close called */
	bool				 gone;
	bool				 scheduled;
	bool				 busy;
	bool				 writable_due;
	bool				 resize_due;
	bool				 paused;
	bool				 dropped_logged;
	size_t				 flood;		/* dropped since the queue
							   was last empty */
	size_t				 dropped_unsaid; /* to tell the hall */
	int				 failures;	/* password attempts */
	uint64_t			 born_ms;	/* for "closed after" */
	char				 why[96];	/* why it ended, or "" */

	unsigned char			*tail;		/* unsent output */
	size_t				 tail_len, tail_off;

	struct evbuffer			*in;
	struct ratelimit		 in_rate;

	struct event			*kick;
	struct clock_timer		*input_timer;	/* rate limit wait */
	struct clock_timer		*write_timer;	/* write_timeout */
	struct clock_timer		*linger_timer;

	TAILQ_ENTRY(conn)		 entry;
};

static void conn_kick_cb(evutil_socket_t, short, void *);
static void conn_input_timer_cb(void *);
static void conn_write_timer_cb(void *);
static void conn_linger_cb(void *);
static void conn_try_output(struct conn *);

static void
conn_schedule(struct conn *c)
{
	if (!c->scheduled) {
		c->scheduled = true;
		event_active(c->kick, EV_TIMEOUT, 1);
	}
}

/* "192.0.2.7" for IPv4 and IPv4-mapped IPv6, "2001:db8::1" otherwise. */
static void
conn_format_addr(const struct sockaddr *sa, char *buf, size_t len, int *port)
{
	const struct sockaddr_in	*sin;
	const struct sockaddr_in6	*sin6;
	struct in_addr			 v4;

	*port = 0;
	snprintf(buf, len, "?");
	if (sa->sa_family == AF_INET) {
		sin = (const struct sockaddr_in *)sa;
		inet_ntop(AF_INET, &sin->sin_addr, buf, (socklen_t)len);
		*port = ntohs(sin->sin_port);
	} else if (sa->sa_family == AF_INET6) {
		sin6 = (const struct sockaddr_in6 *)sa;
		if (IN6_IS_ADDR_V4MAPPED(&sin6->sin6_addr)) {
			memcpy(&v4, sin6->sin6_addr.s6_addr + 12, 4);
			inet_ntop(AF_INET, &v4, buf, (socklen_t)len);
		} else
			inet_ntop(AF_INET6, &sin6->sin6_addr, buf,
			    (socklen_t)len);
		*port = ntohs(sin6->sin6_port);
	}
}

void
conn_transport_local(struct conn *c, int fd)
{
	struct sockaddr_storage	 ss;
	socklen_t		 len = sizeof ss;
	int			 port;

	memset(&ss, 0, sizeof ss);
	if (fd < 0 || getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
		return;
	conn_format_addr((struct sockaddr *)&ss, c->info.local,
	    sizeof c->info.local, &port);
	c->info.local_loopback = strncmp(c->info.local, "127.", 4) == 0 ||
	    strcmp(c->info.local, "::1") == 0;
}

static void
conn_update_label(struct conn *c)
{
	const struct conn_info	*i = &c->info;
	const char		*l = "", *r = "";

	if (strchr(i->peer, ':') != NULL) {
		l = "[";
		r = "]";
	}
	snprintf(c->label, sizeof c->label, "%s %s%s%s%s%s:%d",
	    i->transport == CONN_TELNET ? "telnet" : "ssh", i->ssh_user,
	    *i->ssh_user != '\0' ? "@" : "", l, i->peer, r, i->peer_port);
}

struct conn *
conn_new(struct server *server, const struct transport_ops *ops, void *t,
    enum conn_transport transport, const struct sockaddr *sa,
    socklen_t salen)
{
	const struct config	*cfg = server_config(server);
	struct event_base	*base = server_base(server);
	struct clock		*clock = server_clock(server);
	struct conn		*c;

	c = calloc(1, sizeof *c);
	if (c == NULL)
		return NULL;
	c->server = server;
	c->ops = ops;
	c->t = t;
	if (salen > sizeof c->addr)
		salen = sizeof c->addr;
	memcpy(&c->addr, sa, salen);
	c->addrlen = salen;

	c->info.transport = transport;
	conn_format_addr(sa, c->info.peer, sizeof c->info.peer,
	    &c->info.peer_port);
	c->info.cols = CONN_COLS_DEFAULT;
	c->info.rows = CONN_ROWS_DEFAULT;
	c->info.pty = transport == CONN_TELNET;
	c->info.passwords_ok = transport == CONN_SSH || cfg->telnet_passwords;
	c->born_ms = clock_ms(clock);
	conn_update_label(c);

	c->in = evbuffer_new();
	c->kick = event_new(base, -1, 0, conn_kick_cb, c);
	c->input_timer = clock_timer_new(clock, conn_input_timer_cb, c);
	c->write_timer = clock_timer_new(clock, conn_write_timer_cb, c);
	c->linger_timer = clock_timer_new(clock, conn_linger_cb, c);
	if (c->in == NULL || c->kick == NULL || c->input_timer == NULL ||
	    c->write_timer == NULL || c->linger_timer == NULL) {
		if (c->in != NULL)
			evbuffer_free(c->in);
		if (c->kick != NULL)
			event_free(c->kick);
		clock_timer_free(c->input_timer);
		clock_timer_free(c->write_timer);
		clock_timer_free(c->linger_timer);
		free(c);
		return NULL;
	}
	ratelimit_init(&c->in_rate, cfg->input_rate, cfg->input_burst,
	    clock_ms(clock));
	TAILQ_INSERT_TAIL(server_conns(server), c, entry);
	return c;
}

static void
conn_free(struct conn *c)
{
	TAILQ_REMOVE(server_conns(c->server), c, entry);
	limits_closed(server_limits(c->server),
	    (const struct sockaddr *)&c->addr, c->authenticated);
	event_free(c->kick);
	clock_timer_free(c->input_timer);
	clock_timer_free(c->write_timer);
	clock_timer_free(c->linger_timer);
	evbuffer_free(c->in);
	free(c->tail);
	free(c);
}

struct conn_info *
conn_info_mutable(struct conn *c)
{
	return &c->info;
}

const struct conn_info *
conn_info(const struct conn *c)
{
	return &c->info;
}

const struct sockaddr *
conn_addr(const struct conn *c)
{
	return (const struct sockaddr *)&c->addr;
}

const char *
conn_label(const struct conn *c)
{
	return c->label;
}

bool
conn_is_open(const struct conn *c)
{
	return c->opened;
}

void
conn_clamp_size(int *cols, int *rows)
{
	if (*cols < 1)
		*cols = 1;
	if (*cols > CONN_COLS_MAX)
		*cols = CONN_COLS_MAX;
	if (*rows < 1)
		*rows = 1;
	if (*rows > CONN_ROWS_MAX)
		*rows = CONN_ROWS_MAX;
}

void
conn_transport_relabel(struct conn *c)
{
	conn_update_label(c);
}

void
conn_transport_ready(struct conn *c)
{
	if (c->ready || c->gone)
		return;
	c->ready = true;
	conn_update_label(c);
	conn_schedule(c);
}

void
conn_transport_authenticated(struct conn *c)
{
	if (c->authenticated)
		return;
	c->authenticated = true;
	limits_authenticated(server_limits(c->server),
	    (const struct sockaddr *)&c->addr);
	conn_update_label(c);
}

void
conn_transport_input(struct conn *c, const void *buf, size_t len)
{
	const struct config	*cfg = server_config(c->server);
	size_t			 have = evbuffer_get_length(c->in), room, cap;

	if (c->gone || c->closing || len == 0)
		return;
	/* The burst goes at once and as much again follows at the rate:
	 * a paste of up to twice the burst arrives whole, seconds later. */
	cap = 2 * (size_t)cfg->input_burst;
	if (cap < CONN_INPUT_CHUNK)
		cap = CONN_INPUT_CHUNK;
	if (cap > CONN_INPUT_MAX)
		cap = CONN_INPUT_MAX;
	room = have < cap ? cap - have : 0;
	if (len > room) {
		if (!c->dropped_logged) {
			log_info("%s: input beyond the budget, %zu bytes "
			    "dropped", c->label, len - room);
			c->dropped_logged = true;
		}
		c->flood += len - room;
		len = room;
	}
	if (len > 0)
		evbuffer_add(c->in, buf, len);
	if (!c->paused && c->flood > CONN_FLOOD_MAX) {
		c->paused = true;
		c->ops->pause(c->t, true);
	}
	if (c->opened)
		conn_schedule(c);
}

void
conn_transport_resize(struct conn *c, int cols, int rows)
{
	if (cols <= 0)
		cols = c->info.cols;
	if (rows <= 0)
		rows = c->info.rows;
	conn_clamp_size(&cols, &rows);
	if (cols == c->info.cols && rows == c->info.rows)
		return;
	c->info.cols = cols;
	c->info.rows = rows;
	if (c->opened) {
		c->resize_due = true;
		conn_schedule(c);
	}
}

void
conn_transport_term(struct conn *c, const char *term)
{
	if (c->gone || strcmp(c->info.term, term) == 0)
		return;
	snprintf(c->info.term, sizeof c->info.term, "%s", term);
	if (c->opened) {
		log_info("%s: term '%s', after the session opened", c->label,
		    c->info.term);
		c->resize_due = true;
		conn_schedule(c);
	}
}

/* Busy from now: bound how long a peer may keep us waiting. */
static void
conn_set_busy(struct conn *c)
{
	if (c->busy)
		return;
	c->busy = true;
	clock_timer_set(c->write_timer,
	    (uint64_t)server_config(c->server)->write_timeout * 1000);
}

/* Offer the tail; true if it is all gone. */
static bool
conn_send_tail(struct conn *c)
{
	ssize_t	 n;

	if (c->tail == NULL)
		return true;
	n = c->ops->send(c->t, c->tail + c->tail_off,
	    c->tail_len - c->tail_off);
	if (n < 0) {
		/* Nothing can go out any more (no channel yet, or dead). */
		free(c->tail);
		c->tail = NULL;
		c->tail_len = c->tail_off = 0;
		return c->closing;
	}
	c->tail_off += (size_t)n;
	if (c->tail_off < c->tail_len)
		return false;
	free(c->tail);
	c->tail = NULL;
	c->tail_len = c->tail_off = 0;
	return true;
}

/* Move output along; start the transport's close once all was offered. */
static void
conn_try_output(struct conn *c)
{
	if (c->gone || c->close_started)
		return;
	if (!conn_send_tail(c))
		return;
	if (c->closing) {
		c->close_started = true;
		c->ops->close(c->t, false);
		return;
	}
	if (c->busy && !c->ops->pending(c->t)) {
		c->busy = false;
		clock_timer_cancel(c->write_timer);
		if (c->opened) {
			c->writable_due = true;
			conn_schedule(c);
		}
	}
}

void
conn_transport_flush(struct conn *c)
{
	conn_try_output(c);
}

void
conn_transport_why(struct conn *c, const char *why)
{
	if (c->why[0] == '\0' && why != NULL)
		snprintf(c->why, sizeof c->why, "%s", why);
}

/* "12 s", "3 min 4 s", "2 h 5 min": how long a connection lasted. */
static void
conn_format_age(uint64_t ms, char *buf, size_t len)
{
	uint64_t	 s = ms / 1000;

	if (s < 60)
		snprintf(buf, len, "%llu.%llu s", (unsigned long long)s,
		    (unsigned long long)(ms % 1000) / 100);
	else if (s < 3600)
		snprintf(buf, len, "%llu min %llu s",
		    (unsigned long long)s / 60, (unsigned long long)s % 60);
	else
		snprintf(buf, len, "%llu h %llu min",
		    (unsigned long long)s / 3600,
		    (unsigned long long)(s % 3600) / 60);
}

void
conn_transport_gone(struct conn *c)
{
	if (c->gone)
		return;
	c->gone = true;
	c->t = NULL;
	conn_schedule(c);
}

enum conn_write_result
conn_write(struct conn *c, const void *frame, size_t len)
{
	ssize_t	 n;

	if (c->gone || c->closing || c->busy || !c->opened)
		return CONN_WRITE_REFUSED;
	if (len == 0)
		return CONN_WRITE_DONE;
	n = c->ops->send(c->t, frame, len);
	if (n < 0)
		return CONN_WRITE_REFUSED;
	if ((size_t)n < len) {
		c->tail = malloc(len - (size_t)n);
		if (c->tail == NULL) {
			/* Half a frame would garble the screen: give up. */
			log_error("%s: out of memory", c->label);
			conn_close(c, NULL);
			return CONN_WRITE_PENDING;
		}
		memcpy(c->tail, (const unsigned char *)frame + n,
		    len - (size_t)n);
		c->tail_len = len - (size_t)n;
		c->tail_off = 0;
		conn_set_busy(c);
		return CONN_WRITE_PENDING;
	}
	if (c->ops->pending(c->t)) {
		conn_set_busy(c);
		return CONN_WRITE_PENDING;
	}
	return CONN_WRITE_DONE;
}

bool
conn_busy(const struct conn *c)
{
	return c->busy || c->closing || c->gone;
}

void
conn_close(struct conn *c, const char *farewell)
{
	size_t		 flen, keep;
	unsigned char	*grown;

	if (c->closing || c->gone)
		return;
	c->closing = true;
	conn_transport_why(c, farewell != NULL && *farewell != '\0' ?
	    farewell : "closed by the hall");
	evbuffer_drain(c->in, evbuffer_get_length(c->in));

	if (farewell != NULL && *farewell != '\0') {
		flen = strlen(farewell);
		keep = c->tail_len - c->tail_off;
		grown = malloc(keep + flen + 2);
		if (grown != NULL) {
			if (keep > 0)
				memcpy(grown, c->tail + c->tail_off, keep);
			memcpy(grown + keep, farewell, flen);
			memcpy(grown + keep + flen, "\r\n", 2);
			free(c->tail);
			c->tail = grown;
			c->tail_len = keep + flen + 2;
			c->tail_off = 0;
		}
	}
	clock_timer_set(c->linger_timer, CONN_LINGER_SECONDS * 1000);
	conn_try_output(c);
}

void
conn_set_account(struct conn *c, int64_t id, const char *name)
{
	c->info.account_id = id;
	snprintf(c->info.account_name, sizeof c->info.account_name, "%s",
	    id != 0 && name != NULL ? name : "");
	if (id != 0)
		log_info("%s: logged in as %s (#%lld)", c->label,
		    c->info.account_name, (long long)id);
	else
		log_info("%s: logged out", c->label);
}

int
conn_login_failed(struct conn *c)
{
	const struct config	*cfg = server_config(c->server);
	struct limits		*l = server_limits(c->server);
	uint64_t		 now = clock_ms(server_clock(c->server));

	c->failures++;
	limits_penalise(l, (const struct sockaddr *)&c->addr,
	    cfg->penalty_authfail, now);
	/* Someone guessing is worth the sysop's eye. */
	log_warn("%s: failed login %d of %d", c->label, c->failures,
	    cfg->max_auth_tries);
	if (c->failures >= cfg->max_auth_tries ||
	    limits_penalty(l, (const struct sockaddr *)&c->addr, now) >
	    cfg->penalty_min)
		return -1;
	return cfg->auth_fail_delay_ms * c->failures;
}

void
conn_login_succeeded(struct conn *c)
{
	c->failures = 0;
}

/* Hand the hall as much input as the rate allows. */
static void
conn_deliver_input(struct conn *c)
{
	const struct conn_handler	*h = server_handler(c->server);
	unsigned char			 buf[CONN_INPUT_CHUNK];
	uint64_t			 now, wait;
	size_t				 have, n;
	double				 avail;

	have = evbuffer_get_length(c->in);
	if (have == 0)
		return;
	now = clock_ms(server_clock(c->server));
	avail = ratelimit_available(&c->in_rate, now);
	n = have < sizeof buf ? have : sizeof buf;
	if ((double)n > avail)
		n = (size_t)avail;
	if (n > 0) {
		evbuffer_remove(c->in, buf, n);
		ratelimit_take(&c->in_rate, (double)n, now);
		h->input(c->client, buf, n);
	}
	if (c->gone || c->closing)
		return;
	have = evbuffer_get_length(c->in);
	if (have == 0) {
		/* Drained: the paste is over (the hall is told what was
		 * lost), reading goes on. */
		c->dropped_unsaid += c->flood;
		c->flood = 0;
		if (c->paused) {
			c->paused = false;
			c->ops->pause(c->t, false);
		}
		return;
	}
	if (n == sizeof buf) {
		/*
		 * More is allowed now, but let every other conn run first:
		 * a timer (on the real clock, a libevent timer) fires only
		 * after the loop has looked at the sockets again (an active
		 * event would run in this pass).
		 */
		if (!clock_timer_pending(c->input_timer))
			clock_timer_set(c->input_timer, 0);
		return;
	}
	/* Wait for a useful batch of tokens, not for every byte. */
	wait = ratelimit_wait_ms(&c->in_rate, have < 256 ? (double)have : 256,
	    now);
	if (wait == UINT64_MAX)
		wait = 1000;
	if (!clock_timer_pending(c->input_timer))
		clock_timer_set(c->input_timer, wait);
}

static void
conn_kick_cb(evutil_socket_t fd, short what, void *arg)
{
	struct conn			*c = arg;
	const struct conn_handler	*h = server_handler(c->server);
	void				*client;
	char				 age[32];

	c->scheduled = false;
	if (c->gone) {
		if (c->client != NULL)
			h->closed(c->client);
		conn_format_age(clock_ms(server_clock(c->server)) - c->born_ms,
		    age, sizeof age);
		log_info("%s: closed after %s: %s", c->label, age,
		    c->why[0] != '\0' ? c->why : "the connection ended");
		conn_free(c);
		return;
	}

	if (c->ready && !c->opened && !c->closing) {
		c->opened = true;
		log_info("%s: open%s%s %dx%d term '%s'%s%s", c->label,
		    *c->info.account_name != '\0' ? " as " : "",
		    c->info.account_name, c->info.cols, c->info.rows,
		    c->info.term, *c->info.exec != '\0' ? " exec: " : "",
		    c->info.exec);
		client = h->open(server_handler_arg(c->server), c, &c->info);
		if (client == NULL) {
			c->opened = false;
			conn_close(c, NULL);
			return;
		}
		c->client = client;
	}
	if (!c->opened || c->closing || c->gone)
		return;

	if (c->resize_due) {
		c->resize_due = false;
		h->resize(c->client, c->info.cols, c->info.rows);
		if (c->closing || c->gone)
			return;
	}
	conn_deliver_input(c);
	if (c->closing || c->gone)
		return;
	/* Told once the paste's keys have all been handed over, so that its
	 * own keys do not wipe the message away. */
	if (c->dropped_unsaid > 0 && h->dropped != NULL) {
		size_t n = c->dropped_unsaid;

		c->dropped_unsaid = 0;
		h->dropped(c->client, n);
		if (c->closing || c->gone)
			return;
	}
	if (c->writable_due && !c->busy) {
		c->writable_due = false;
		h->writable(c->client);
	}
}

static void
conn_input_timer_cb(void *arg)
{
	struct conn	*c = arg;

	if (c->opened)
		conn_schedule(c);
}

static void
conn_write_timer_cb(void *arg)
{
	struct conn	*c = arg;

	if (c->gone || !c->busy)
		return;
	log_info("%s: output stuck for %d s, closing", c->label,
	    server_config(c->server)->write_timeout);
	conn_transport_why(c, "output stuck");
	c->closing = true;
	if (!c->close_started) {
		c->close_started = true;
		c->ops->close(c->t, true);
	}
}

static void
conn_linger_cb(void *arg)
{
	struct conn	*c = arg;

	if (c->gone || c->close_started)
		return;
	/* The tail never went out: the peer is not reading. */
	c->close_started = true;
	c->ops->close(c->t, true);
}

void
conn_close_unopened(struct conn_list *list, const char *farewell)
{
	struct conn	*c;

	TAILQ_FOREACH(c, list, entry) {
		if (!c->opened)
			conn_close(c, farewell);
	}
}

void
conn_destroy_all(struct conn_list *list)
{
	const struct conn_handler	*h;
	struct conn			*c, *next;

	/*
	 * With the loop stopped nothing else frees a conn (that is
	 * conn_kick_cb's job), `closed` may only schedule work, and a
	 * transport's destroy forgets its conn before it goes: so taking one
	 * conn down never touches the next.
	 */
	for (c = TAILQ_FIRST(list); c != NULL; c = next) {
		next = TAILQ_NEXT(c, entry);
		h = server_handler(c->server);
		if (c->client != NULL)
			h->closed(c->client);
		c->client = NULL;
		if (c->t != NULL)
			c->ops->destroy(c->t);
		c->t = NULL;
		conn_free(c);
	}
}
