/*
 * server.c - listening sockets, admission, and what the conns share.
 *
 * Sockets are made here (not by evconnlistener_new_bind) so IPv6 ones can
 * be V6ONLY beside an IPv4 one on the same port, and so the backlog is
 * ours (512 by default; libssh's own listener hard-codes 10).  An accept
 * that fails for lack of descriptors (EMFILE) would make libevent spin:
 * the listener is disabled and re-enabled from a timer.
 */
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

/* Log refusals, but at most one summary line a second under a flood. */
static void
server_log_refusal(struct server *s, const char *peer, const char *why)
{
	time_t	 now = (time_t)clock_wall(s->clock);

	s->refusals++;
	if (now == s->last_refusal_log) {
		log_debug("refused %s: %s", peer, why);
		return;
	}
	if (s->refusals > 1)
		log_info("refused %s: %s (%u refusals this second)", peer, why,
		    s->refusals);
	else
		log_info("refused %s: %s", peer, why);
	s->last_refusal_log = now;
	s->refusals = 0;
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
	char			 peer[INET6_ADDRSTRLEN];

	server_peer_name(sa, peer, sizeof peer);
	if (s->store != NULL &&
	    store_ban_check_addr(s->store, peer, clock_wall(s->clock), &ban) ==
	    STORE_OK) {
		server_log_refusal(s, peer, "address banned");
		close(fd);
		return;
	}
	v = limits_accept(s->limits, sa, clock_ms(s->clock));
	if (v != LIMITS_OK) {
		server_log_refusal(s, peer, limits_verdict_name(v));
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
	l->lev = evconnlistener_new(s->base, server_accept_cb, l,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 0, fd);
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
    const struct config *cfg, struct store *store, struct worker *worker,
    const struct conn_handler *handler, void *handler_arg, char *err,
    size_t errlen)
{
	struct server	*s;
	char		 path[CONFIG_PATH_MAX + 64], fp[CONN_FP_LEN];
	int		 i;

	s = calloc(1, sizeof *s);
	if (s == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->base = base;
	s->clock = clock;
	s->cfg = cfg;
	s->store = store;
	s->worker = worker;
	s->handler = handler;
	s->handler_arg = handler_arg;
	TAILQ_INIT(&s->conns);
	s->limits = limits_new(cfg, NULL, NULL);
	s->resume = evtimer_new(base, server_resume_cb, s);
	if (s->limits == NULL || s->resume == NULL) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}

	/* Said once at start, where the sysop looks. */
	if (store != NULL && *store_warning(store) != '\0')
		log_warn("%s", store_warning(store));

	config_host_key_path(cfg, path, sizeof path);
	if (hostkey_ensure(path, fp, sizeof fp, err, errlen) != 0)
		goto fail;
	s->sshd = sshd_new(s, path, err, errlen);
	if (s->sshd == NULL)
		goto fail;
	log_info("ssh host key %s (ed25519) from %s", fp, path);

	if (server_bind_all(s, err, errlen) != 0)
		goto fail;
	for (i = 0; i < s->nlisteners; i++)
		log_info("listening on %s", s->listeners[i].name);
	return s;

fail:
	for (i = 0; i < s->nlisteners; i++)
		evconnlistener_free(s->listeners[i].lev);
	sshd_free(s->sshd);
	if (s->resume != NULL)
		event_free(s->resume);
	limits_free(s->limits);
	free(s);
	return NULL;
}

void
server_stop_listening(struct server *s)
{
	int	 i;

	for (i = 0; i < s->nlisteners; i++)
		evconnlistener_free(s->listeners[i].lev);
	s->nlisteners = 0;
	evtimer_del(s->resume);
}

void
server_free(struct server *s)
{
	if (s == NULL)
		return;
	server_stop_listening(s);
	conn_destroy_all(&s->conns);
	sshd_free(s->sshd);
	event_free(s->resume);
	limits_free(s->limits);
	free(s);
}
