/*
 * sshd.c - libssh server sessions pumped from libevent.
 *
 * Per connection (docs/design.md §2.2-2.4):
 *   ssh_new, ssh_bind_accept_fd, ssh_set_blocking(0) first of all, auth
 *   methods; then the key exchange on a kex thread (sshd-kex.c), and
 *   while it runs nothing here touches the session (sc->kex is set: every
 *   entry point checks it, and what must wait - a close, the grace timer -
 *   asks for the session back).  Once it is back, a private ssh_event; a
 *   persistent EV_READ on the fd and an EV_WRITE armed only while
 *   SSH_WRITE_PENDING.  Each wake-up pumps once (ssh_event_dopoll(ev, 0))
 *   and then runs sshd_after, where all the real work happens: libssh
 *   callbacks only record.  Once the user is ready (shell or exec) the
 *   session goes to an I/O thread for good (sshd-io.c), and the transport
 *   ops below pass what the conn asks on to it.
 *
 * sshd_after is the state machine: the queued auth requests until the
 * user is in (sshd-auth.c, which explains why they are not callbacks),
 * then the shell or exec request recorded by the channel callbacks
 * (sshd-channel.c) hands the user to the conn, and a close ends in
 * sshd_channel_close_step and the linger timer.
 *
 * Teardown order: libevent events, pending messages and jobs, then
 * ssh_event_remove_session/ssh_event_free, then ssh_disconnect and
 * ssh_free (which frees the channel and closes the fd).
 */
#include <sys/socket.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <event2/event.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/base/log.h"
#include "src/net/conn.h"
#include "src/net/limits.h"
#include "src/net/server.h"
#include "src/net/sshd-int.h"
#include "src/net/sshd.h"
#include "src/net/transport.h"

#define SSHD_KEX "curve25519-sha256,curve25519-sha256@libssh.org," \
	"ecdh-sha2-nistp256,diffie-hellman-group14-sha256"
#define SSHD_HOSTKEY_ALGOS "ssh-ed25519"

static void	sshd_kex_done(void *, enum sshd_kex_result);

/*
 * A session the hall never took (refused with a line saying why) ends as
 * a failure, as a refused exec does.  Asked a loop turn after the close,
 * not in the close op: a hall that refuses does it from inside its open,
 * while the conn still counts as open.
 */
static bool
sshd_refused(const struct sshd_conn *sc)
{
	return sc->conn != NULL && !conn_is_open(sc->conn);
}
static void	sshd_grace_over(struct sshd_conn *);

static void
sshd_libssh_log(int priority, const char *function, const char *buffer,
    void *userdata)
{
	log_debug("libssh: %s", buffer);
}

struct sshd *
sshd_new(struct server *server, const char *host_key_path, char *err,
    size_t errlen)
{
	struct sshd	*d;
	bool		 no = false;

	if (log_enabled(LOG_LEVEL_DEBUG)) {
		ssh_set_log_callback(sshd_libssh_log);
		ssh_set_log_level(SSH_LOG_WARNING);
	}
	d = calloc(1, sizeof *d);
	if (d == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	d->server = server;
	d->bind = ssh_bind_new();
	if (d->bind == NULL) {
		snprintf(err, errlen, "ssh_bind_new failed");
		free(d);
		return NULL;
	}
	/* Never let /etc/ssh/libssh_server_config change the daemon. */
	if (ssh_bind_options_set(d->bind, SSH_BIND_OPTIONS_PROCESS_CONFIG,
	    &no) != SSH_OK ||
	    ssh_bind_options_set(d->bind, SSH_BIND_OPTIONS_HOSTKEY,
	    host_key_path) != SSH_OK ||
	    ssh_bind_options_set(d->bind, SSH_BIND_OPTIONS_KEY_EXCHANGE,
	    SSHD_KEX) != SSH_OK ||
	    ssh_bind_options_set(d->bind, SSH_BIND_OPTIONS_HOSTKEY_ALGORITHMS,
	    SSHD_HOSTKEY_ALGOS) != SSH_OK ||
	    ssh_bind_options_set(d->bind, SSH_BIND_OPTIONS_BANNER,
	    "gamehall") != SSH_OK) {
		snprintf(err, errlen, "ssh: %s", ssh_get_error(d->bind));
		ssh_bind_free(d->bind);
		free(d);
		return NULL;
	}
	/* As many as the workers (worker_threads): as many as cores; the
	 * session threads as many as the kex threads. */
	d->kex = sshd_kex_new(server_base(server),
	    server_config(server)->worker_threads, sshd_kex_done, err, errlen);
	if (d->kex != NULL)
		d->io = sshd_io_new(server_base(server),
		    sshd_kex_threads(d->kex), err, errlen);
	if (d->kex == NULL || d->io == NULL) {
		sshd_kex_free(d->kex);
		ssh_bind_free(d->bind);
		free(d);
		return NULL;
	}
	log_info("ssh key exchange on %d threads, sessions on %d",
	    sshd_kex_threads(d->kex), sshd_io_threads(d->io));
	return d;
}

void
sshd_stop(struct sshd *d)
{
	if (d == NULL)
		return;
	sshd_kex_free(d->kex);
	d->kex = NULL;
	sshd_io_stop(d->io);
}

void
sshd_free(struct sshd *d)
{
	if (d == NULL)
		return;
	sshd_stop(d);
	sshd_io_free(d->io);
	ssh_bind_free(d->bind);
	free(d);
}

/* ---- teardown ---------------------------------------------------- */

/*
 * ssh_disconnect sends SSH_MSG_DISCONNECT and closes the socket at once:
 * in nonblocking mode libssh writes straight away only while it believes
 * the socket writable (after a poll saw POLLOUT; every write makes it
 * wait for the next one), and otherwise buffers - and the close threw the
 * reason away (measured: the client saw "Socket error: disconnected").
 * Two polls flush what is pending and see the socket writable again; they
 * also read what the client sent, so the close finds nothing unread and
 * sends a FIN, not a reset that would lose the message.
 */
static void
sshd_flush_for_disconnect(struct sshd_conn *sc)
{
	int	 i;

	for (i = 0; i < 2 && ssh_is_connected(sc->s); i++)
		if (ssh_event_dopoll(sc->sev, 0) == SSH_ERROR)
			break;
}

void
sshd_conn_free(struct sshd_conn *sc)
{
	struct conn	*conn = sc->conn;

	/* The fd's events first: libssh may have closed the fd already. */
	sc->dead = true;
	if (sc->rev != NULL)
		event_free(sc->rev);
	if (sc->wev != NULL)
		event_free(sc->wev);
	sc->rev = sc->wev = NULL;
	/* A key probed and never signed was an attempt (sshd-auth.c). */
	if (sc->probe_open && !sc->authed && conn != NULL)
		conn_login_failed(conn);
	sshd_auth_free(sc);
	if (sc->said_why && sc->sev != NULL && ssh_is_connected(sc->s))
		sshd_flush_for_disconnect(sc);
	/* The flush ran libssh's callbacks, which may poke or set a timer:
	 * those events go only now (freeing cancels them). */
	if (sc->kick != NULL)
		event_free(sc->kick);
	if (sc->timer != NULL)
		event_free(sc->timer);
	if (sc->delay != NULL)
		event_free(sc->delay);
	if (sc->sev != NULL) {
		ssh_event_remove_session(sc->sev, sc->s);
		ssh_event_free(sc->sev);
	}
	if (sc->s != NULL) {
		ssh_disconnect(sc->s);
		ssh_free(sc->s);	/* frees the channel, closes the fd */
	}
	free(sc);
	if (conn != NULL)
		conn_transport_gone(conn);
}

/* Schedule sshd_after from our own event (safe from anywhere). */
void
sshd_poke(struct sshd_conn *sc)
{
	event_active(sc->kick, EV_TIMEOUT, 1);
}

/*
 * End the session now.  A reason is logged, and told to the client in the
 * SSH_MSG_DISCONNECT that ssh_disconnect sends at teardown (libssh would
 * say "Bye Bye"; clients show the reason: "Received disconnect from ...:
 * too many authentication failures").
 */
void
sshd_die(struct sshd_conn *sc, const char *why)
{
	if (!sc->dead && why != NULL) {
		if (sc->authed)
			log_info("%s: %s", conn_label(sc->conn), why);
		else
			log_warn("%s: %s", conn_label(sc->conn), why);
		/* A kex thread's session cannot be told (it is cut off). */
		if (sc->kex == NULL) {
			ssh_session_set_disconnect_message(sc->s, why);
			sc->said_why = true;
		}
		conn_transport_why(sc->conn, why);
	}
	sc->dead = true;
	sshd_poke(sc);
}

/*
 * libssh closes the socket itself when the peer hangs up or a write fails,
 * inside whatever call noticed it.  Our events must leave libevent at that
 * moment: if they stayed until the next wake-up, the loop could accept a
 * new connection on the same fd number while libevent still holds the old
 * registration, and the new client would never be read.
 */
static bool
sshd_socket_gone(struct sshd_conn *sc)
{
	if (sc->s != NULL && ssh_is_connected(sc->s) &&
	    ssh_get_fd(sc->s) != SSH_INVALID_SOCKET)
		return false;
	if (sc->conn != NULL)
		conn_transport_why(sc->conn, "the client hung up");
	if (sc->rev != NULL)
		event_del(sc->rev);
	if (sc->wev != NULL)
		event_del(sc->wev);
	sc->dead = true;
	return true;
}

static void
sshd_arm_write(struct sshd_conn *sc)
{
	if (sc->dead || sshd_socket_gone(sc))
		return;
	if (ssh_get_status(sc->s) & SSH_WRITE_PENDING)
		event_add(sc->wev, NULL);
	else
		event_del(sc->wev);
}

/* Shown to people and logs: printable ASCII, no blanks. */
void
sshd_clean_ascii(char *out, size_t outlen, const char *in)
{
	size_t	 i, o = 0;

	for (i = 0; in != NULL && in[i] != '\0' && o + 1 < outlen; i++) {
		if ((unsigned char)in[i] > 0x20 && (unsigned char)in[i] < 0x7f)
			out[o++] = in[i];
	}
	out[o] = '\0';
}

/* ---- the pump -------------------------------------------------------- */

/* The client or the network ended the session: say which, for the log. */
static void
sshd_ended(struct sshd_conn *sc, const char *why)
{
	if (sc->conn != NULL)
		conn_transport_why(sc->conn, why);
	sc->dead = true;
}

/* After every wake-up: act on what the callbacks and the worker recorded. */
void
sshd_after(struct sshd_conn *sc)
{
	int	 rc;

	if (sc->link != NULL) {
		/* An I/O thread's: only a close comes this way. */
		if (sc->closing)
			sshd_io_close(sc, sc->close_force, sshd_refused(sc));
		return;
	}
	if (sc->kex != NULL) {
		/* A kex thread has it: what is to end asks for it back. */
		if (sc->dead || sc->closing)
			sshd_kex_cancel(sc->kex);
		return;
	}
	if (!sc->dead && !ssh_is_connected(sc->s))
		sshd_ended(sc, "the client disconnected");
	if (!sc->dead && sc->kex_done)
		sshd_auth_messages(sc);
	if (!sc->dead && !ssh_is_connected(sc->s))
		sshd_ended(sc, "the client disconnected");

	if (!sc->dead && sc->ready_asked && !sc->ready && !sc->closing) {
		sc->ready = true;
		evtimer_del(sc->timer);	/* login grace is over */
		if (sc->exec_refused)
			sc->exit_status = 1;
		sshd_auth_free(sc);
		/* From here the session is an I/O thread's (sshd-io.c). */
		if (sshd_io_adopt(sc->sshd->io, sc) != 0)
			sshd_die(sc, "out of memory");
		else {
			if (sc->exec_refused) {
				log_info("%s: exec refused: %s",
				    conn_label(sc->conn), sc->refusal);
				conn_close(sc->conn, sc->refusal);
			} else
				conn_transport_ready(sc->conn);
			return;
		}
	}
	/*
	 * EOF only ends the user's input (`ssh host watch CODE </dev/null`
	 * still wants to watch); a channel close ends the connection.
	 */
	if (!sc->dead && sc->peer_closed && !sc->closing) {
		conn_transport_why(sc->conn, "the client closed the session");
		conn_close(sc->conn, NULL);
	}
	if (!sc->dead)
		conn_transport_flush(sc->conn);
	if (!sc->dead && sc->closing) {
		if (sshd_refused(sc))
			sc->exit_status = 1;
		rc = sshd_channel_close_step(sc);
		if (rc < 0)
			sc->dead = true;
		else if (rc > 0) {
			struct timeval tv = { SSHD_CHANNEL_LINGER_SECONDS, 0 };

			evtimer_del(sc->timer);
			evtimer_add(sc->timer, &tv);
		}
	}
	if (!sc->dead)
		sshd_socket_gone(sc);

	if (sc->dead) {
		sshd_conn_free(sc);
		return;
	}
	sshd_arm_write(sc);
}

static void
sshd_io_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_conn	*sc = arg;

	/* Only added once the key exchange is done (sshd_kex_done). */
	if (!sc->dead && (what & (EV_READ | EV_WRITE)) &&
	    ssh_event_dopoll(sc->sev, 0) == SSH_ERROR)
		sshd_ended(sc, "connection lost");
	sshd_after(sc);
}

/* The session is back from its kex thread (sshd-kex.c). */
static void
sshd_kex_done(void *arg, enum sshd_kex_result result)
{
	struct sshd_conn	*sc = arg;

	sc->kex = NULL;
	switch (result) {
	case SSHD_KEX_OK:
		sc->kex_done = true;
		sc->sev = ssh_event_new();
		if (sc->sev == NULL ||
		    ssh_event_add_session(sc->sev, sc->s) != SSH_OK) {
			if (sc->sev != NULL)
				ssh_event_free(sc->sev);
			sc->sev = NULL;
			sshd_ended(sc, "out of memory");
		} else if (!sc->paused)
			event_add(sc->rev, NULL);
		break;
	case SSHD_KEX_FAILED:
		if (!sc->dead) {
			log_debug("%s: key exchange failed: %s",
			    conn_label(sc->conn), ssh_get_error(sc->s));
			sshd_ended(sc, "key exchange failed");
		}
		break;
	case SSHD_KEX_GONE:
		if (!sc->dead)
			sshd_ended(sc, "the client disconnected");
		break;
	case SSHD_KEX_CANCELLED:
		break;
	case SSHD_KEX_STOPPED:
		/* Shutting down: whoever holds the conn frees the session. */
		sc->dead = true;
		if (sc->conn == NULL)
			sshd_conn_free(sc);
		return;
	}
	if (sc->grace_over && !sc->dead && !sc->closing)
		sshd_grace_over(sc);
	/* The exchange's last read may have queued auth requests. */
	sshd_after(sc);
}

/* The login grace ran out before the user was in. */
static void
sshd_grace_over(struct sshd_conn *sc)
{
	const struct config	*cfg = server_config(sc->server);

	/* Penalised when unauthenticated: a warning, as a failure. */
	log_msg(sc->authed ? LOG_LEVEL_INFO : LOG_LEVEL_WARN,
	    "%s: login grace time (%d s) over", conn_label(sc->conn),
	    cfg->login_grace);
	if (!sc->authed)
		limits_penalise(server_limits(sc->server),
		    conn_addr(sc->conn), cfg->penalty_grace,
		    clock_ms(server_clock(sc->server)));
	sshd_die(sc, NULL);
	ssh_session_set_disconnect_message(sc->s, "login grace time over");
	sc->said_why = true;
	conn_transport_why(sc->conn, "login grace time over");
}

static void
sshd_timer_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->kex != NULL) {
		/* Still exchanging keys: the grace ends once it is back. */
		sc->grace_over = true;
		sshd_kex_cancel(sc->kex);
		return;
	}
	if (sc->closing)
		sc->dead = true;	/* linger over */
	else if (!sc->ready)
		sshd_grace_over(sc);
	sshd_after(sc);
}

/* ---- transport ops (called by conn.c, maybe with the hall on the stack) */

static ssize_t
sshd_send(void *t, const void *buf, size_t len)
{
	struct sshd_conn	*sc = t;
	int			 n;

	if (sc->link != NULL)
		return sshd_io_send(sc, buf, len);
	if (sc->dead || sc->ch == NULL || sc->close_sent)
		return -1;
	if (len > INT32_MAX)
		len = INT32_MAX;
	/* May run this session's callbacks (they only record). */
	n = ssh_channel_write(sc->ch, buf, (uint32_t)len);
	if (n == SSH_ERROR || sshd_socket_gone(sc)) {
		sshd_die(sc, NULL);
		return -1;
	}
	sshd_arm_write(sc);
	return n;
}

static bool
sshd_pending(void *t)
{
	struct sshd_conn	*sc = t;

	if (sc->link != NULL)
		return sshd_io_pending(sc);
	return !sc->dead && sc->kex == NULL &&
	    (ssh_get_status(sc->s) & SSH_WRITE_PENDING);
}

static void
sshd_pause(void *t, bool paused)
{
	struct sshd_conn	*sc = t;

	if (sc->dead || sc->paused == paused)
		return;
	sc->paused = paused;
	if (sc->link != NULL) {
		sshd_io_pause(sc, paused);
		return;
	}
	if (sc->kex != NULL || sc->sev == NULL)
		return;		/* sshd_kex_done adds it, unless paused */
	if (paused)
		event_del(sc->rev);
	else {
		event_add(sc->rev, NULL);
		sshd_poke(sc);	/* libssh may hold unread packets */
	}
}

static void
sshd_close(void *t, bool force)
{
	struct sshd_conn	*sc = t;

	sc->closing = true;
	sc->close_force |= force;
	sshd_poke(sc);
}

static void
sshd_destroy(void *t)
{
	struct sshd_conn	*sc = t;

	sc->conn = NULL;
	if (sc->link != NULL) {
		sshd_io_destroy(sc);
		return;
	}
	if (sc->kex != NULL) {
		/* Freed when its kex thread hands it back (sshd_kex_done). */
		sc->dead = true;
		sshd_kex_cancel(sc->kex);
		return;
	}
	sshd_conn_free(sc);
}

static const struct transport_ops sshd_ops = {
	sshd_send,
	sshd_pending,
	sshd_pause,
	sshd_close,
	sshd_destroy,
};

static void
sshd_kick_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_conn	*sc = arg;

	/* A pause may have left packets read but not dispatched.  (An I/O
	 * thread's session is pumped there, never here.) */
	if (sc->link == NULL && !sc->dead && sc->kex_done && !sc->paused &&
	    ssh_event_dopoll(sc->sev, 0) == SSH_ERROR)
		sc->dead = true;
	sshd_after(sc);
}

void
sshd_accept(struct sshd *d, int fd, const struct sockaddr *sa,
    socklen_t salen)
{
	struct server		*server = d->server;
	const struct config	*cfg = server_config(server);
	struct event_base	*base = server_base(server);
	struct sshd_conn	*sc;
	struct timeval		 tv = { cfg->login_grace, 0 };

	sc = calloc(1, sizeof *sc);
	if (sc == NULL) {
		close(fd);
		limits_closed(server_limits(server), sa, false);
		return;
	}
	sc->sshd = d;
	sc->server = server;
	sc->conn = conn_new(server, &sshd_ops, sc, CONN_SSH, sa, salen);
	if (sc->conn != NULL)
		conn_transport_local(sc->conn, fd);
	if (sc->conn == NULL) {
		free(sc);
		close(fd);
		limits_closed(server_limits(server), sa, false);
		return;
	}
	/* From here on sshd_conn_free undoes everything. */
	sc->rev = event_new(base, fd, EV_READ | EV_PERSIST, sshd_io_cb, sc);
	sc->wev = event_new(base, fd, EV_WRITE, sshd_io_cb, sc);
	sc->kick = event_new(base, -1, 0, sshd_kick_cb, sc);
	sc->timer = evtimer_new(base, sshd_timer_cb, sc);
	sc->delay = evtimer_new(base, sshd_auth_delay_cb, sc);
	sc->s = ssh_new();
	if (sc->rev == NULL || sc->wev == NULL || sc->kick == NULL ||
	    sc->timer == NULL || sc->delay == NULL || sc->s == NULL)
		goto fail;
	if (ssh_bind_accept_fd(d->bind, sc->s, fd) != SSH_OK) {
		log_error("ssh: accept: %s", ssh_get_error(d->bind));
		goto fail;
	}
	/* Before anything else: blocking mode would freeze the loop. */
	ssh_set_blocking(sc->s, 0);
	ssh_set_auth_methods(sc->s, SSH_AUTH_METHOD_PUBLICKEY |
	    SSH_AUTH_METHOD_INTERACTIVE | SSH_AUTH_METHOD_PASSWORD);

	/* The session and the fd are the kex thread's from here on. */
	sc->kex = sshd_kex_start(d->kex, sc->s, fd, sc);
	if (sc->kex == NULL)
		goto fail;
	evtimer_add(sc->timer, &tv);
	log_info("%s: connected", conn_label(sc->conn));
	return;

fail:
	/*
	 * ssh_bind_accept_fd may or may not have taken the fd: if the
	 * session has it, ssh_free closes it; otherwise we must.
	 */
	if (sc->s == NULL || ssh_get_fd(sc->s) != fd)
		close(fd);
	sshd_conn_free(sc);
}
