/*
 * server.c - listening sockets, admission, and what the conns share.
 *
 * Sockets are made here (not by evconnlistener_new_bind) so IPv6 ones can
 * be V6ONLY beside an IPv4 one on the same port, and so the backlog is
 * ours (512 by default; libssh's own listener hard-codes 10).  An accept
 * that fails for lack of descriptors (EMFILE) would make libevent spin:
 * the listener is disabled and re-enabled from a timer.
 *
 * A refused connection is told why when the reason is about the person
 * (a penalty, a ban, a cap on the address, a full hall): telnet gets a
 * line, SSH our version string and an SSH_MSG_DISCONNECT with the reason,
 * which RFC 4253 allows before key exchange and clients print ("Received
 * disconnect from ...: too many failed logins ...").  The socket is then
 * shut for writing and read until the client hangs up (at most
 * SERVER_FAREWELL_MS): closing with the client's bytes unread would send a
 * reset, and the reset would throw the message away.  Flood refusals (the
 * early drop, the per-source cap) only close, as sshd does.
 */
#include <sys/queue.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>
#include <event2/listener.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/net/hostkey.h"
#include "src/net/limits.h"
#include "src/base/log.h"
#include "src/net/server.h"
#include "src/net/sshd.h"
#include "src/store/store.h"
#include "src/net/telnetd.h"
#include "src/net/transport.h"

#define SERVER_MAX_LISTENERS 16
#define SERVER_EMFILE_PAUSE_MS 500
#define SERVER_FAREWELL_MS 2000		/* for the client to read it */
#define SERVER_FAREWELLS_MAX 64		/* lingering at once; then close */
#define SERVER_SSH_VERSION "SSH-2.0-gamehall\r\n"
/* RFC 4250 4.2.2 disconnect reason codes. */
#define SSH_DISCONNECT_NOT_ALLOWED 1	/* HOST_NOT_ALLOWED_TO_CONNECT */
#define SSH_DISCONNECT_TOO_MANY 12	/* TOO_MANY_CONNECTIONS */

enum server_kind {
	SERVER_SSH,
	SERVER_TELNET,
};

struct server_listener {
	struct server		*server;
	enum server_kind	 kind;
	struct evconnlistener	*lev;
	char			 name[80];
};

struct server {
	struct event_base		*base;
	struct clock			*clock;
	const struct config		*cfg;
	struct store			*store;
	struct worker			*worker;
	const struct conn_handler	*handler;
	void				*handler_arg;
	struct limits			*limits;
	struct sshd			*sshd;
	struct conn_list		 conns;

	struct server_listener		 listeners[SERVER_MAX_LISTENERS];
	int				 nlisteners;
	struct event			*resume;	/* after EMFILE */
	time_t				 last_refusal_log;
	unsigned			 refusals;
	int				 farewells;	/* lingering now */
	LIST_HEAD(, server_farewell)	 farewell_list;
};

/* A refused socket, read until the client hangs up (see the top). */
struct server_farewell {
	struct server			*server;
	int				 fd;
	struct event			*ev;
	LIST_ENTRY(server_farewell)	 entry;
};

struct event_base *
server_base(const struct server *s)
{
	return s->base;
}

struct clock *
server_clock(const struct server *s)
{
	return s->clock;
}

const struct config *
server_config(const struct server *s)
{
	return s->cfg;
}

struct store *
server_store(const struct server *s)
{
	return s->store;
}

struct worker *
server_worker(const struct server *s)
{
	return s->worker;
}

struct limits *
server_limits(const struct server *s)
{
	return s->limits;
}

const struct conn_handler *
server_handler(const struct server *s)
{
	return s->handler;
}

void *
server_handler_arg(const struct server *s)
{
	return s->handler_arg;
}

struct conn_list *
server_conns(struct server *s)
{
	return &s->conns;
}

size_t
server_conn_count(const struct server *s)
{
	/* Every conn was counted by limits_accept until conn_free. */
	return limits_total(s->limits);
}

/* TCP options for an accepted socket: latency and dead-peer detection. */
static void
server_tune(const struct config *cfg, int fd)
{
	int		 one = 1, v;
	unsigned int	 ms;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (cfg->keepalive > 0) {
		setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
		v = cfg->keepalive;
		setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &v, sizeof v);
		v = cfg->keepalive / 4 > 0 ? cfg->keepalive / 4 : 1;
		setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &v, sizeof v);
		v = 4;
		setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &v, sizeof v);
	}
	if (cfg->tcp_user_timeout > 0) {
		ms = (unsigned int)cfg->tcp_user_timeout * 1000;
		setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &ms, sizeof ms);
	}
}

/*
 * Log refusals, but at most one summary line a second under a flood; a
 * refusal that names the person (a penalty, a ban) is a warning.
 */
static void
server_log_refusal(struct server *s, const char *peer, const char *why,
    bool warn)
{
	time_t		 now = (time_t)clock_wall(s->clock);
	enum log_level	 level = warn ? LOG_LEVEL_WARN : LOG_LEVEL_INFO;

	s->refusals++;
	if (now == s->last_refusal_log) {
		log_debug("refused %s: %s", peer, why);
		return;
	}
	if (s->refusals > 1)
		log_msg(level, "refused %s: %s (%u refusals this second)",
		    peer, why, s->refusals);
	else
		log_msg(level, "refused %s: %s", peer, why);
	s->last_refusal_log = now;
	s->refusals = 0;
}

static void
server_farewell_free(struct server_farewell *f)
{
	LIST_REMOVE(f, entry);
	f->server->farewells--;
	event_free(f->ev);
	close(f->fd);
	free(f);
}

static void
server_farewell_cb(evutil_socket_t fd, short what, void *arg)
{
	struct server_farewell	*f = arg;
	char			 buf[512];
	ssize_t			 n;

	if (what & EV_READ) {
		while ((n = recv(fd, buf, sizeof buf, 0)) > 0)
			;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK ||
		    errno == EINTR))
			return;		/* more may come: keep reading */
	}
	server_farewell_free(f);	/* hung up, failed, or timed out */
}

/* SSH_MSG_DISCONNECT, unencrypted (before key exchange), into buf. */
static size_t
server_ssh_disconnect(unsigned char *buf, size_t len, uint32_t code,
    const char *why)
{
	size_t		 wlen = strlen(why), payload = 1 + 4 + 4 + wlen + 4;
	size_t		 pad = 8 - (4 + 1 + payload) % 8, o = 0, i;
	uint32_t	 plen;

	if (pad < 4)
		pad += 8;
	plen = (uint32_t)(1 + payload + pad);
	if (4 + (size_t)plen > len)
		return 0;
	buf[o++] = (unsigned char)(plen >> 24);
	buf[o++] = (unsigned char)(plen >> 16);
	buf[o++] = (unsigned char)(plen >> 8);
	buf[o++] = (unsigned char)plen;
	buf[o++] = (unsigned char)pad;
	buf[o++] = 1;	/* SSH_MSG_DISCONNECT */
	for (i = 0; i < 4; i++)
		buf[o++] = (unsigned char)(code >> (24 - 8 * i));
	for (i = 0; i < 4; i++)
		buf[o++] = (unsigned char)(wlen >> (24 - 8 * i));
	memcpy(buf + o, why, wlen);
	o += wlen;
	memset(buf + o, 0, 4 + pad);	/* no language tag; the padding */
	return o + 4 + pad;
}

/* Refuse fd, telling the client why (see the top), and close it. */
static void
server_refuse(struct server *s, enum server_kind kind, int fd,
    uint32_t code, const char *why)
{
	struct server_farewell	*f;
	unsigned char		 buf[512];
	size_t			 n;
	int			 w;

	if (kind == SERVER_SSH) {
		n = strlen(SERVER_SSH_VERSION);
		memcpy(buf, SERVER_SSH_VERSION, n);
		n += server_ssh_disconnect(buf + n, sizeof buf - n, code, why);
	} else {
		w = snprintf((char *)buf, sizeof buf, "\r\ngamehall: %s.\r\n",
		    why);
		n = w > 0 && (size_t)w < sizeof buf ? (size_t)w : 0;
	}
	/* A fresh socket has room for a few hundred bytes: no waiting. */
	if (send(fd, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0 ||
	    s->farewells >= SERVER_FAREWELLS_MAX ||
	    shutdown(fd, SHUT_WR) != 0 || evutil_make_socket_nonblocking(fd) !=
	    0 || (f = calloc(1, sizeof *f)) == NULL) {
		close(fd);
		return;
	}
	f->server = s;
	f->fd = fd;
	f->ev = event_new(s->base, fd, EV_READ | EV_PERSIST,
	    server_farewell_cb, f);
	if (f->ev == NULL || event_add(f->ev, &(struct timeval){
	    SERVER_FAREWELL_MS / 1000, (SERVER_FAREWELL_MS % 1000) * 1000 })
	    != 0) {
		if (f->ev != NULL)
			event_free(f->ev);
		free(f);
		close(fd);
		return;
	}
	s->farewells++;
	LIST_INSERT_HEAD(&s->farewell_list, f, entry);
}

static void
server_peer_name(const struct sockaddr *sa, char *buf, size_t len)
{
	const struct sockaddr_in	*sin = (const void *)sa;
	const struct sockaddr_in6	*sin6 = (const void *)sa;
	char				 a[INET6_ADDRSTRLEN];

	if (sa->sa_family == AF_INET) {
		inet_ntop(AF_INET, &sin->sin_addr, a, sizeof a);
		snprintf(buf, len, "%s", a);
	} else if (sa->sa_family == AF_INET6) {
		if (IN6_IS_ADDR_V4MAPPED(&sin6->sin6_addr))
			inet_ntop(AF_INET, sin6->sin6_addr.s6_addr + 12, a,
			    sizeof a);
		else
			inet_ntop(AF_INET6, &sin6->sin6_addr, a, sizeof a);
		snprintf(buf, len, "%s", a);
	} else
		snprintf(buf, len, "?");
}

static void
server_accept_cb(struct evconnlistener *lev, evutil_socket_t fd,
    struct sockaddr *sa, int salen, void *arg)
{
	struct server_listener	*l = arg;
	struct server		*s = l->server;
	enum limits_verdict	 v;
	struct store_ban	 ban;
	char			 peer[INET6_ADDRSTRLEN], why[128];

	server_peer_name(sa, peer, sizeof peer);
	if (s->store != NULL &&
	    store_ban_check_addr(s->store, peer, clock_wall(s->clock), &ban) ==
	    STORE_OK) {
		server_log_refusal(s, peer, "address banned", true);
		server_refuse(s, l->kind, fd, SSH_DISCONNECT_NOT_ALLOWED,
		    "your address is banned from this hall");
		return;
	}
	v = limits_accept(s->limits, sa, clock_ms(s->clock));
	switch (v) {
	case LIMITS_OK:
		break;
	case LIMITS_PENALTY:
		server_log_refusal(s, peer, limits_verdict_name(v), true);
		snprintf(why, sizeof why, "too many failed logins from your "
		    "address: try again in %d s", limits_penalty(s->limits,
		    sa, clock_ms(s->clock)) - s->cfg->penalty_min);
		server_refuse(s, l->kind, fd, SSH_DISCONNECT_NOT_ALLOWED, why);
		return;
	case LIMITS_FULL:
	case LIMITS_PER_IP:
		server_log_refusal(s, peer, limits_verdict_name(v), false);
		server_refuse(s, l->kind, fd, SSH_DISCONNECT_TOO_MANY,
		    v == LIMITS_FULL ? "the hall is full: try again later" :
		    "too many connections from your address");
		return;
	default:
		/* A flood: no farewell to anyone, as sshd. */
		server_log_refusal(s, peer, limits_verdict_name(v), false);
		close(fd);
		return;
	}
	server_tune(s->cfg, fd);
	if (l->kind == SERVER_SSH)
		sshd_accept(s->sshd, fd, sa, (socklen_t)salen);
	else
		telnetd_accept(s, fd, sa, (socklen_t)salen);
}

static void
server_resume_cb(evutil_socket_t fd, short what, void *arg)
{
	struct server	*s = arg;
	int		 i;

	for (i = 0; i < s->nlisteners; i++)
		evconnlistener_enable(s->listeners[i].lev);
}

static void
server_accept_error_cb(struct evconnlistener *lev, void *arg)
{
	struct server_listener	*l = arg;
	struct server		*s = l->server;
	struct timeval		 tv = { 0, SERVER_EMFILE_PAUSE_MS * 1000 };
	int			 err = EVUTIL_SOCKET_ERROR();
	int			 i;

	if (err == EMFILE || err == ENFILE || err == ENOBUFS ||
	    err == ENOMEM) {
		/* Otherwise libevent retries at once, forever. */
		log_warn("accept on %s: %s; pausing accepts for %d ms",
		    l->name, strerror(err), SERVER_EMFILE_PAUSE_MS);
		for (i = 0; i < s->nlisteners; i++)
			evconnlistener_disable(s->listeners[i].lev);
		evtimer_add(s->resume, &tv);
		return;
	}
	log_warn("accept on %s: %s", l->name, strerror(err));
}

static int
server_bind_one(struct server *s, const char *addr, int port,
    enum server_kind kind, char *err, size_t errlen)
{
	struct addrinfo		 hints, *res = NULL;
	struct server_listener	*l;
	char			 portstr[16];
	int			 fd = -1, one = 1, rc;

	if (s->nlisteners == SERVER_MAX_LISTENERS) {
		snprintf(err, errlen, "too many listen addresses");
		return -1;
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV;
	snprintf(portstr, sizeof portstr, "%d", port);
	rc = getaddrinfo(addr, portstr, &hints, &res);
	if (rc != 0) {
		snprintf(err, errlen, "listen address '%s': %s", addr,
		    gai_strerror(rc));
		return -1;
	}
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    0);
	if (fd < 0)
		goto fail;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (res->ai_family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
	if (bind(fd, res->ai_addr, res->ai_addrlen) != 0 ||
	    listen(fd, s->cfg->backlog) != 0)
		goto fail;

	l = &s->listeners[s->nlisteners];
	l->server = s;
	l->kind = kind;
	snprintf(l->name, sizeof l->name, "%s%s%s:%d (%s)",
	    res->ai_family == AF_INET6 ? "[" : "", addr,
	    res->ai_family == AF_INET6 ? "]" : "", port,
	    kind == SERVER_SSH ? "ssh" : "telnet");
	/* Backlog 0: the socket is already listening. */
	/* Disabled until server_start: nothing is accepted before the
	 * store and the hall exist. */
	l->lev = evconnlistener_new(s->base, server_accept_cb, l,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC | LEV_OPT_DISABLED,
	    0, fd);
	if (l->lev == NULL)
		goto fail;
	evconnlistener_set_error_cb(l->lev, server_accept_error_cb);
	s->nlisteners++;
	freeaddrinfo(res);
	return 0;

fail:
	snprintf(err, errlen, "cannot listen on %s%s%s:%d: %s",
	    res->ai_family == AF_INET6 ? "[" : "", addr,
	    res->ai_family == AF_INET6 ? "]" : "", port, strerror(errno));
	if (fd >= 0)
		close(fd);
	freeaddrinfo(res);
	return -1;
}

static int
server_bind_all(struct server *s, char *err, size_t errlen)
{
	char	 list[CONFIG_LISTEN_MAX], *tok, *save = NULL;
	int	 n = 0;

	snprintf(list, sizeof list, "%s", s->cfg->listen);
	for (tok = strtok_r(list, ", \t", &save); tok != NULL;
	    tok = strtok_r(NULL, ", \t", &save)) {
		if (server_bind_one(s, tok, s->cfg->ssh_port, SERVER_SSH, err,
		    errlen) != 0)
			return -1;
		if (s->cfg->telnet_port != 0 && server_bind_one(s, tok,
		    s->cfg->telnet_port, SERVER_TELNET, err, errlen) != 0)
			return -1;
		n++;
	}
	if (n == 0) {
		snprintf(err, errlen, "no listen address");
		return -1;
	}
	return 0;
}

struct server *
server_new(struct event_base *base, struct clock *clock,
    const struct config *cfg, char *err, size_t errlen)
{
	struct server	*s;
	int		 i;

	s = calloc(1, sizeof *s);
	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->base = base;
	s->clock = clock;
	s->cfg = cfg;
	TAILQ_INIT(&s->conns);
	LIST_INIT(&s->farewell_list);
	s->limits = limits_new(cfg, NULL, NULL);
	s->resume = evtimer_new(base, server_resume_cb, s);
	if (s->limits == NULL || s->resume == NULL) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	if (server_bind_all(s, err, errlen) != 0)
		goto fail;
	return s;

fail:
	for (i = 0; i < s->nlisteners; i++)
		evconnlistener_free(s->listeners[i].lev);
	if (s->resume != NULL)
		event_free(s->resume);
	limits_free(s->limits);
	free(s);
	return NULL;
}

int
server_start(struct server *s, struct store *store, struct worker *worker,
    const struct conn_handler *handler, void *handler_arg, char *err,
    size_t errlen)
{
	char	 path[CONFIG_PATH_MAX + 64], fp[CONN_FP_LEN];
	int	 i;

	s->store = store;
	s->worker = worker;
	s->handler = handler;
	s->handler_arg = handler_arg;

	/* Said once at start, where the sysop looks. */
	if (store != NULL && *store_warning(store) != '\0')
		log_warn("%s", store_warning(store));

	config_host_key_path(s->cfg, path, sizeof path);
	if (hostkey_ensure(path, fp, sizeof fp, err, errlen) != 0)
		return -1;
	s->sshd = sshd_new(s, path, err, errlen);
	if (s->sshd == NULL)
		return -1;
	log_info("ssh host key %s (ed25519) from %s", fp, path);

	for (i = 0; i < s->nlisteners; i++) {
		if (evconnlistener_enable(s->listeners[i].lev) != 0) {
			snprintf(err, errlen, "cannot accept on %s",
			    s->listeners[i].name);
			return -1;
		}
	}
	for (i = 0; i < s->nlisteners; i++)
		log_info("listening on %s", s->listeners[i].name);
	return 0;
}

void
server_stop_listening(struct server *s)
{
	struct server_farewell	*f, *next;
	int			 i;

	for (i = 0; i < s->nlisteners; i++)
		evconnlistener_free(s->listeners[i].lev);
	s->nlisteners = 0;
	evtimer_del(s->resume);
	for (f = LIST_FIRST(&s->farewell_list); f != NULL; f = next) {
		next = LIST_NEXT(f, entry);
		server_farewell_free(f);
	}
}

void
server_free(struct server *s)
{
	if (s == NULL)
		return;
	server_stop_listening(s);
	/* The sessions still exchanging keys come back first. */
	sshd_stop(s->sshd);
	conn_destroy_all(&s->conns);
	sshd_free(s->sshd);
	event_free(s->resume);
	limits_free(s->limits);
	free(s);
}
