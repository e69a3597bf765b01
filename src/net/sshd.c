/*
 * sshd.c - libssh server sessions pumped from libevent.
 *
 * Per connection (DESIGN §2, notes/libssh-on-libevent.md):
 *   ssh_new, ssh_bind_accept_fd, ssh_set_blocking(0) first of all, auth
 *   methods, one ssh_handle_key_exchange (SSH_AGAIN), then a private
 *   ssh_event; a persistent EV_READ on the fd and an EV_WRITE armed only
 *   while SSH_WRITE_PENDING.  Each wake-up pumps once (key exchange until
 *   it is done, then ssh_event_dopoll(ev, 0)) and then runs sshd_after,
 *   where all the real work happens: libssh callbacks only record.
 *
 * Authentication runs on libssh's message queue, not on callbacks: a
 * password must be checked on the worker pool and answered later, and only
 * a queued ssh_message can be answered after the call that delivered it
 * has returned.  So until the user is authenticated no server callbacks are
 * installed (every auth message is queued and taken with ssh_message_get
 * after the pump); on success the server callbacks (session channel open)
 * and the channel callbacks take over, and whatever they do not handle
 * (port forwarding, X11, agent, subsystems) gets libssh's default refusal.
 *
 * Teardown order: libevent events, pending messages and jobs, then
 * ssh_event_remove_session/ssh_event_free, then ssh_disconnect and
 * ssh_free (which frees the channel and closes the fd).
 */
#include <sys/socket.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/net/exec.h"
#include "src/net/hostkey.h"
#include "src/net/limits.h"
#include "src/base/log.h"
#include "src/store/password.h"
#include "src/net/server.h"
#include "src/net/sshd.h"
#include "src/store/store.h"
#include "src/net/transport.h"
#include "src/base/worker.h"

#define SSHD_KEX "curve25519-sha256,curve25519-sha256@libssh.org," \
	"ecdh-sha2-nistp256,diffie-hellman-group14-sha256"
#define SSHD_HOSTKEY_ALGOS "ssh-ed25519"
#define SSHD_MAX_PROBES 32	/* public keys offered without signature */
#define SSHD_MAX_WAITING 4	/* pipelined auth requests held */
#define SSHD_LINGER_SECONDS 2
#define SSHD_MAX_JOBS 256	/* password checks queued, all sessions */

struct sshd {
	struct server	*server;
	ssh_bind	 bind;
};

struct sshd_pwjob;

struct sshd_conn {
	struct sshd			*sshd;
	struct server			*server;
	struct conn			*conn;
	ssh_session			 s;
	ssh_event			 sev;
	ssh_channel			 ch;
	struct ssh_server_callbacks_struct scb;
	struct ssh_channel_callbacks_struct ccb;

	struct event			*rev, *wev;
	struct event			*kick;		/* run sshd_after */
	struct event			*timer;		/* grace, then linger */
	struct event			*delay;		/* failed password */

	bool				 kex_done;
	bool				 authed;
	bool				 ready_asked;	/* shell or exec */
	bool				 ready;
	bool				 paused;
	bool				 peer_closed;
	bool				 closing;	/* ops->close called */
	bool				 close_force;
	bool				 close_sent;
	bool				 dead;
	bool				 exec_refused;
	int				 exit_status;
	int				 probes;
	int				 close_calls;
	char				 user[CONN_USER_LEN];	/* raw */
	bool				 have_user;
	char				 refusal[256];

	/* An auth request waiting for a password check or its delay. */
	ssh_message			 held;
	ssh_message			 waiting[SSHD_MAX_WAITING];
	int				 nwaiting;
	struct sshd_pwjob		*job_arg;
	struct worker_job		*job;
};

struct sshd_pwjob {
	struct sshd_conn	*sc;		/* valid unless cancelled */
	int64_t			 id;
	char			 name[STORE_NAME_MAX + 1];
	char			 hash[STORE_HASH_MAX];
	char			 pw[PASSWORD_MAX_BYTES + 1];
	int			 ok;
};

static void sshd_after(struct sshd_conn *);
static void sshd_auth(struct sshd_conn *, ssh_message);

/*
 * The message API for auth requests is marked deprecated in 0.10 in
 * favour of the callbacks, which cannot answer later (see the top).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static const char *
sshd_msg_password(ssh_message msg)
{
	return ssh_message_auth_password(msg);
}

static ssh_key
sshd_msg_pubkey(ssh_message msg)
{
	return ssh_message_auth_pubkey(msg);
}

static enum ssh_publickey_state_e
sshd_msg_pubkey_state(ssh_message msg)
{
	return ssh_message_auth_publickey_state(msg);
}
#pragma GCC diagnostic pop

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
	return d;
}

void
sshd_free(struct sshd *d)
{
	if (d == NULL)
		return;
	ssh_bind_free(d->bind);
	free(d);
}

/* ---- teardown ---------------------------------------------------- */

static void
sshd_conn_free(struct sshd_conn *sc)
{
	struct conn	*conn = sc->conn;
	int		 i;

	/* Events first: libssh may have closed the fd already. */
	if (sc->rev != NULL)
		event_free(sc->rev);
	if (sc->wev != NULL)
		event_free(sc->wev);
	if (sc->kick != NULL)
		event_free(sc->kick);
	if (sc->timer != NULL)
		event_free(sc->timer);
	if (sc->delay != NULL)
		event_free(sc->delay);
	if (sc->job != NULL) {
		sc->job_arg->sc = NULL;
		worker_cancel(sc->job);
	}
	if (sc->held != NULL)
		ssh_message_free(sc->held);
	for (i = 0; i < sc->nwaiting; i++)
		ssh_message_free(sc->waiting[i]);
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
static void
sshd_poke(struct sshd_conn *sc)
{
	event_active(sc->kick, EV_TIMEOUT, 1);
}

static void
sshd_die(struct sshd_conn *sc, const char *why)
{
	if (!sc->dead && why != NULL)
		log_info("%s: %s", conn_label(sc->conn), why);
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

/* ---- channel callbacks: record only -------------------------------- */

static int
sshd_ch_data(ssh_session s, ssh_channel ch, void *data, uint32_t len,
    int is_stderr, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (!is_stderr)
		conn_transport_input(sc->conn, data, len);
	return (int)len;
}

static void
sshd_ch_close(ssh_session s, ssh_channel ch, void *arg)
{
	struct sshd_conn	*sc = arg;

	sc->peer_closed = true;
	sshd_poke(sc);
}

static void
sshd_clean_ascii(char *out, size_t outlen, const char *in)
{
	size_t	i, o = 0;

	for (i = 0; in != NULL && in[i] != '\0' && o + 1 < outlen; i++) {
		if ((unsigned char)in[i] > 0x20 && (unsigned char)in[i] < 0x7f)
			out[o++] = in[i];
	}
	out[o] = '\0';
}

static int
sshd_ch_pty(ssh_session s, ssh_channel ch, const char *term, int cols,
    int rows, int pxw, int pxh, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (sc->ready)
		return 1;
	sshd_clean_ascii(info->term, sizeof info->term, term);
	info->pty = true;
	conn_transport_resize(sc->conn, cols, rows);
	return 0;
}

static int
sshd_ch_winch(ssh_session s, ssh_channel ch, int cols, int rows, int pxw,
    int pxh, void *arg)
{
	struct sshd_conn	*sc = arg;

	conn_transport_resize(sc->conn, cols, rows);
	return 0;
}

static int
sshd_ch_shell(ssh_session s, ssh_channel ch, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->ready_asked)
		return 1;
	sc->ready_asked = true;
	sshd_poke(sc);
	return 0;
}

static int
sshd_ch_exec(ssh_session s, ssh_channel ch, const char *cmd, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (sc->ready_asked)
		return 1;
	sc->ready_asked = true;
	if (exec_check(cmd != NULL ? cmd : "", info->exec, sizeof info->exec,
	    sc->refusal, sizeof sc->refusal) != 0) {
		/* Accepted as a request, answered with a refusal line. */
		sc->exec_refused = true;
		info->exec[0] = '\0';
	}
	sshd_poke(sc);
	return 0;
}

static int
sshd_ch_env(ssh_session s, ssh_channel ch, const char *name,
    const char *value, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (name == NULL || value == NULL || sc->ready)
		return 1;
	if (strcmp(name, "LANG") == 0)
		sshd_clean_ascii(info->lang, sizeof info->lang, value);
	else if (strcmp(name, "LC_ALL") == 0)
		sshd_clean_ascii(info->lc_all, sizeof info->lc_all, value);
	else if (strcmp(name, "LC_CTYPE") == 0)
		sshd_clean_ascii(info->lc_ctype, sizeof info->lc_ctype, value);
	else if (strcmp(name, "NO_COLOR") == 0)
		info->no_color = *value != '\0';
	else
		return 1;
	return 0;
}

static int
sshd_ch_subsystem(ssh_session s, ssh_channel ch, const char *name,
    void *arg)
{
	struct sshd_conn	*sc = arg;

	log_info("%s: subsystem '%.32s' refused", conn_label(sc->conn),
	    name != NULL ? name : "");
	return 1;
}

/* Server callback, installed only after authentication. */
static ssh_channel
sshd_channel_open(ssh_session s, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->ch != NULL || sc->closing)
		return NULL;	/* one session channel per connection */
	sc->ch = ssh_channel_new(s);
	if (sc->ch == NULL)
		return NULL;
	memset(&sc->ccb, 0, sizeof sc->ccb);
	sc->ccb.userdata = sc;
	sc->ccb.channel_data_function = sshd_ch_data;
	sc->ccb.channel_close_function = sshd_ch_close;
	sc->ccb.channel_pty_request_function = sshd_ch_pty;
	sc->ccb.channel_pty_window_change_function = sshd_ch_winch;
	sc->ccb.channel_shell_request_function = sshd_ch_shell;
	sc->ccb.channel_exec_request_function = sshd_ch_exec;
	sc->ccb.channel_env_request_function = sshd_ch_env;
	sc->ccb.channel_subsystem_request_function = sshd_ch_subsystem;
	ssh_callbacks_init(&sc->ccb);
	ssh_set_channel_callbacks(sc->ch, &sc->ccb);
	return sc->ch;
}

/* ---- authentication -------------------------------------------------- */

enum sshd_who {
	SSHD_UNREGISTERED,	/* the name is no account */
	SSHD_REGISTERED,	/* the name is an account */
	SSHD_STORE_FAILED,
};

static enum sshd_who
sshd_lookup(struct sshd_conn *sc, struct store_user *u)
{
	struct store	*st = server_store(sc->server);
	int		 rc;

	if (st == NULL)
		return SSHD_UNREGISTERED;
	rc = store_user_find(st, sc->user, u);
	if (rc == STORE_OK)
		return SSHD_REGISTERED;
	if (rc == STORE_NOTFOUND || rc == STORE_INVALID)
		return SSHD_UNREGISTERED;
	log_error("store: %s", store_error(st));
	return SSHD_STORE_FAILED;
}

static void
sshd_auth_ok(struct sshd_conn *sc, ssh_message msg, int64_t id,
    const char *name, const char *how)
{
	struct conn_info	*info = conn_info_mutable(sc->conn);

	ssh_message_auth_reply_success(msg, 0);
	ssh_message_free(msg);
	sc->authed = true;
	info->account_id = id;
	snprintf(info->account_name, sizeof info->account_name, "%s",
	    id != 0 ? name : "");
	conn_transport_authenticated(sc->conn);
	conn_login_succeeded(sc->conn);
	log_info("%s: authenticated by %s%s%s%s%s", conn_label(sc->conn), how,
	    id != 0 ? " as account " : " without an account",
	    id != 0 ? info->account_name : "",
	    *info->fingerprint != '\0' ? ", key " : "", info->fingerprint);

	/* From now on libssh's callbacks do the work (see the top). */
	memset(&sc->scb, 0, sizeof sc->scb);
	sc->scb.userdata = sc;
	sc->scb.channel_open_request_session_function = sshd_channel_open;
	ssh_callbacks_init(&sc->scb);
	ssh_set_server_callbacks(sc->s, &sc->scb);
}

/* Refuse an attempt; counted ones feed the attempt limit and penalties. */
static void
sshd_auth_fail(struct sshd_conn *sc, ssh_message msg, bool counted)
{
	int	delay;

	ssh_message_reply_default(msg);
	ssh_message_free(msg);
	if (!counted)
		return;
	delay = conn_login_failed(sc->conn);
	if (delay < 0)
		sshd_die(sc, "too many authentication failures");
}

static void
sshd_delay_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_conn	*sc = arg;
	ssh_message		 msg = sc->held;

	sc->held = NULL;
	if (msg != NULL) {
		ssh_message_reply_default(msg);
		ssh_message_free(msg);
	}
	sshd_after(sc);
}

static void
sshd_pw_run(void *arg)
{
	struct sshd_pwjob	*job = arg;

	job->ok = password_verify(job->pw, job->hash);
	explicit_bzero(job->pw, sizeof job->pw);
}

static void
sshd_pw_done(void *arg, bool cancelled)
{
	struct sshd_pwjob	*job = arg;
	struct sshd_conn	*sc = job->sc;
	struct timeval		 tv;
	ssh_message		 msg;
	int			 delay;

	if (cancelled || sc == NULL) {
		explicit_bzero(job, sizeof *job);
		free(job);
		return;
	}
	sc->job = NULL;
	sc->job_arg = NULL;
	msg = sc->held;
	if (job->ok) {
		sc->held = NULL;
		sshd_auth_ok(sc, msg, job->id, job->name, "password");
	} else {
		delay = conn_login_failed(sc->conn);
		if (delay < 0) {
			sc->held = NULL;
			ssh_message_reply_default(msg);
			ssh_message_free(msg);
			sshd_die(sc, "too many authentication failures");
		} else {
			/* The answer waits: guessing gets slower and slower. */
			tv.tv_sec = delay / 1000;
			tv.tv_usec = (delay % 1000) * 1000;
			evtimer_add(sc->delay, &tv);
		}
	}
	explicit_bzero(job, sizeof *job);
	free(job);
	sshd_after(sc);
}

/* Check pw against the account u on the worker pool; msg is held. */
static void
sshd_auth_password(struct sshd_conn *sc, ssh_message msg, const char *pw,
    const struct store_user *u)
{
	struct worker		*w = server_worker(sc->server);
	struct sshd_pwjob	*job;

	if (pw == NULL || *pw == '\0' || strlen(pw) > PASSWORD_MAX_BYTES ||
	    worker_pending(w) > SSHD_MAX_JOBS) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	job = calloc(1, sizeof *job);
	if (job == NULL) {
		sshd_auth_fail(sc, msg, false);
		return;
	}
	job->sc = sc;
	job->id = u->id;
	snprintf(job->name, sizeof job->name, "%s", u->name);
	snprintf(job->hash, sizeof job->hash, "%s", u->hash);
	memcpy(job->pw, pw, strlen(pw) + 1);
	sc->job = worker_submit(w, WORKER_URGENT, sshd_pw_run, sshd_pw_done,
	    job);
	if (sc->job == NULL) {
		explicit_bzero(job, sizeof *job);
		free(job);
		sshd_auth_fail(sc, msg, false);
		return;
	}
	sc->job_arg = job;
	sc->held = msg;
}

static void
sshd_auth_pubkey(struct sshd_conn *sc, ssh_message msg)
{
	struct conn_info		*info = conn_info_mutable(sc->conn);
	struct store			*st = server_store(sc->server);
	struct store_user		 u, owner;
	enum ssh_publickey_state_e	 state = sshd_msg_pubkey_state(msg);
	ssh_key				 key = sshd_msg_pubkey(msg);
	enum sshd_who			 who;
	char				 fp[CONN_FP_LEN];
	bool				 owned = false, allow;
	const char			*type;

	if (key == NULL || hostkey_fingerprint(key, fp, sizeof fp) != 0) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	who = sshd_lookup(sc, &u);
	if (st != NULL && who != SSHD_STORE_FAILED)
		owned = store_user_by_key(st, fp, &owner) == STORE_OK;

	/*
	 * An account's name takes only that account's keys; any other name
	 * takes any key (an account's key logs into that account).
	 */
	if (who == SSHD_REGISTERED)
		allow = owned && owner.id == u.id;
	else
		allow = who == SSHD_UNREGISTERED;

	if (state == SSH_PUBLICKEY_STATE_NONE) {
		/* A probe: "would you take this key?"  Nothing proven yet. */
		if (++sc->probes > SSHD_MAX_PROBES) {
			ssh_message_free(msg);
			sshd_die(sc, "too many public keys offered");
			return;
		}
		if (allow) {
			ssh_message_auth_reply_pk_ok_simple(msg);
			ssh_message_free(msg);
		} else
			sshd_auth_fail(sc, msg, false);
		return;
	}
	if (state != SSH_PUBLICKEY_STATE_VALID || !allow) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	/* libssh verified the signature over the session id. */
	snprintf(info->fingerprint, sizeof info->fingerprint, "%s", fp);
	type = ssh_key_type_to_char(ssh_key_type(key));
	snprintf(info->key_type, sizeof info->key_type, "%s",
	    type != NULL ? type : "");
	if (owned)
		sshd_auth_ok(sc, msg, owner.id, owner.name, "public key");
	else
		sshd_auth_ok(sc, msg, 0, NULL, "public key");
}

static void
sshd_auth_interactive(struct sshd_conn *sc, ssh_message msg,
    const struct store_user *u)
{
	const char	*prompts[1] = { "Password: " };
	char		 echo[1] = { 0 };
	char		 instruction[128];
	const char	*answer;

	if (!ssh_message_auth_kbdint_is_response(msg)) {
		snprintf(instruction, sizeof instruction,
		    "Log in to the game hall as %s.", u->name);
		ssh_message_auth_interactive_request(msg, "", instruction, 1,
		    prompts, echo);
		ssh_message_free(msg);
		return;
	}
	if (ssh_userauth_kbdint_getnanswers(sc->s) != 1) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	answer = ssh_userauth_kbdint_getanswer(sc->s, 0);
	sshd_auth_password(sc, msg, answer, u);
}

/* One auth request; msg is consumed (answered, or held). */
static void
sshd_auth(struct sshd_conn *sc, ssh_message msg)
{
	struct conn_info	*info = conn_info_mutable(sc->conn);
	struct store_user	 u;
	const char		*user = ssh_message_auth_user(msg);
	enum sshd_who		 who;
	int			 method = ssh_message_subtype(msg);

	if (sc->authed || sc->dead) {
		ssh_message_reply_default(msg);
		ssh_message_free(msg);
		return;
	}
	if (sc->held != NULL) {
		/* RFC 4252 lets clients pipeline; answer in order. */
		if (sc->nwaiting == SSHD_MAX_WAITING) {
			ssh_message_free(msg);
			sshd_die(sc, "too many pipelined auth requests");
			return;
		}
		sc->waiting[sc->nwaiting++] = msg;
		return;
	}
	/* An INFO_RESPONSE carries no user name: it continues the request. */
	if (method == SSH_AUTH_METHOD_INTERACTIVE &&
	    ssh_message_auth_kbdint_is_response(msg))
		user = sc->user;
	if (user == NULL)
		user = "";
	if (!sc->have_user) {
		snprintf(sc->user, sizeof sc->user, "%s", user);
		sc->have_user = true;
		/* Shown to people and logs: printable ASCII only. */
		sshd_clean_ascii(info->ssh_user, sizeof info->ssh_user, user);
		conn_transport_relabel(sc->conn);
	} else if (strncmp(sc->user, user, sizeof sc->user - 1) != 0) {
		ssh_message_free(msg);
		sshd_die(sc, "user name changed during authentication");
		return;
	}

	switch (method) {
	case SSH_AUTH_METHOD_NONE:
		sshd_auth_fail(sc, msg, false);
		return;
	case SSH_AUTH_METHOD_PUBLICKEY:
		sshd_auth_pubkey(sc, msg);
		return;
	case SSH_AUTH_METHOD_PASSWORD:
	case SSH_AUTH_METHOD_INTERACTIVE:
		break;
	default:
		sshd_auth_fail(sc, msg, false);
		return;
	}

	who = sshd_lookup(sc, &u);
	if (who == SSHD_STORE_FAILED) {
		sshd_auth_fail(sc, msg, false);
		return;
	}
	if (who == SSHD_UNREGISTERED) {
		/* No account by that name: in, to the welcome screen. */
		sshd_auth_ok(sc, msg, 0, NULL, method ==
		    SSH_AUTH_METHOD_PASSWORD ? "password (no account)" :
		    "keyboard-interactive (no account)");
		return;
	}
	if (method == SSH_AUTH_METHOD_PASSWORD)
		sshd_auth_password(sc, msg, sshd_msg_password(msg), &u);
	else
		sshd_auth_interactive(sc, msg, &u);
}

/* ---- the pump -------------------------------------------------------- */

static void
sshd_messages(struct sshd_conn *sc)
{
	ssh_message	msg;
	int		i, n;

	/* Requests held back behind a password check, in order. */
	while (sc->held == NULL && sc->nwaiting > 0 && !sc->dead) {
		msg = sc->waiting[0];
		n = --sc->nwaiting;
		for (i = 0; i < n; i++)
			sc->waiting[i] = sc->waiting[i + 1];
		sshd_auth(sc, msg);
	}
	if (sc->authed)
		return;		/* callbacks from now on */
	while (!sc->dead && !sc->authed &&
	    (msg = ssh_message_get(sc->s)) != NULL) {
		switch (ssh_message_type(msg)) {
		case SSH_REQUEST_AUTH:
			sshd_auth(sc, msg);
			break;
		case SSH_REQUEST_SERVICE:
			if (strcmp(ssh_message_service_service(msg),
			    "ssh-userauth") != 0) {
				ssh_message_free(msg);
				sshd_die(sc, "unknown service requested");
				break;
			}
			ssh_message_service_reply_success(msg);
			ssh_message_free(msg);
			break;
		default:
			ssh_message_reply_default(msg);
			ssh_message_free(msg);
			break;
		}
	}
}

/*
 * Exit status and channel close, then wait for the client to hang up (it
 * does, once it has our CLOSE: hanging up first would make it complain
 * of a broken pipe) or for the linger timer.
 */
static void
sshd_close_step(struct sshd_conn *sc)
{
	struct timeval	tv = { SSHD_LINGER_SECONDS, 0 };

	if (sc->close_force || sc->ch == NULL || !sc->kex_done) {
		sc->dead = true;
		return;
	}
	if (!sc->close_sent) {
		sc->close_sent = true;
		/* A session the hall never took (refused with a line saying
		 * why) ends as a failure, as a refused exec does. */
		if (sc->conn != NULL && !conn_is_open(sc->conn))
			sc->exit_status = 1;
		if (!sc->peer_closed)
			ssh_channel_request_send_exit_status(sc->ch,
			    sc->exit_status);
		evtimer_del(sc->timer);
		evtimer_add(sc->timer, &tv);
	}
	/* The first call may only get the EOF out (SSH_AGAIN). */
	if (!ssh_channel_is_closed(sc->ch) && sc->close_calls < 3) {
		sc->close_calls++;
		ssh_channel_close(sc->ch);
	}
}

static void
sshd_after(struct sshd_conn *sc)
{
	if (!sc->dead && !ssh_is_connected(sc->s))
		sc->dead = true;
	if (!sc->dead && sc->kex_done)
		sshd_messages(sc);
	if (!sc->dead && !ssh_is_connected(sc->s))
		sc->dead = true;

	if (!sc->dead && sc->ready_asked && !sc->ready && !sc->closing) {
		sc->ready = true;
		evtimer_del(sc->timer);	/* login grace is over */
		if (sc->exec_refused) {
			log_info("%s: exec refused: %s", conn_label(sc->conn),
			    sc->refusal);
			sc->exit_status = 1;
			conn_close(sc->conn, sc->refusal);
		} else
			conn_transport_ready(sc->conn);
	}
	/*
	 * EOF only ends the user's input (`ssh host watch CODE </dev/null`
	 * still wants to watch); a channel close ends the connection.
	 */
	if (!sc->dead && sc->peer_closed && !sc->closing)
		conn_close(sc->conn, NULL);
	if (!sc->dead)
		conn_transport_flush(sc->conn);
	if (!sc->dead && sc->closing)
		sshd_close_step(sc);
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
	int			 rc;

	if (!sc->dead && (what & (EV_READ | EV_WRITE))) {
		if (!sc->kex_done) {
			rc = ssh_handle_key_exchange(sc->s);
			if (rc == SSH_OK)
				sc->kex_done = true;
			else if (rc == SSH_ERROR) {
				log_debug("%s: key exchange failed: %s",
				    conn_label(sc->conn), ssh_get_error(sc->s));
				sc->dead = true;
			}
		} else if (ssh_event_dopoll(sc->sev, 0) == SSH_ERROR)
			sc->dead = true;
	}
	sshd_after(sc);
}

static void
sshd_timer_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_conn	*sc = arg;
	const struct config	*cfg = server_config(sc->server);

	if (sc->closing) {
		sc->dead = true;	/* linger over */
	} else if (!sc->ready) {
		log_info("%s: login grace time (%d s) over",
		    conn_label(sc->conn), cfg->login_grace);
		if (!sc->authed)
			limits_penalise(server_limits(sc->server),
			    conn_addr(sc->conn), cfg->penalty_grace,
			    clock_ms(server_clock(sc->server)));
		sc->dead = true;
	}
	sshd_after(sc);
}

/* ---- transport ops (called by conn.c, maybe with the hall on the stack) */

static ssize_t
sshd_send(void *t, const void *buf, size_t len)
{
	struct sshd_conn	*sc = t;
	int			 n;

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

	return !sc->dead && (ssh_get_status(sc->s) & SSH_WRITE_PENDING);
}

static void
sshd_pause(void *t, bool paused)
{
	struct sshd_conn	*sc = t;

	if (sc->dead || sc->paused == paused)
		return;
	sc->paused = paused;
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

	/* A pause may have left packets read but not dispatched. */
	if (!sc->dead && sc->kex_done && !sc->paused &&
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
	int			 rc;

	sc = calloc(1, sizeof *sc);
	if (sc == NULL) {
		close(fd);
		limits_closed(server_limits(server), sa, false);
		return;
	}
	sc->sshd = d;
	sc->server = server;
	sc->conn = conn_new(server, &sshd_ops, sc, CONN_SSH, sa, salen);
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
	sc->delay = evtimer_new(base, sshd_delay_cb, sc);
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

	rc = ssh_handle_key_exchange(sc->s);	/* queues our banner */
	if (rc == SSH_ERROR) {
		log_debug("ssh: key exchange: %s", ssh_get_error(sc->s));
		goto fail;
	}
	if (rc == SSH_OK)
		sc->kex_done = true;
	sc->sev = ssh_event_new();
	if (sc->sev == NULL ||
	    ssh_event_add_session(sc->sev, sc->s) != SSH_OK) {
		if (sc->sev != NULL)
			ssh_event_free(sc->sev);
		sc->sev = NULL;
		goto fail;
	}
	event_add(sc->rev, NULL);
	evtimer_add(sc->timer, &tv);
	log_info("%s: connected", conn_label(sc->conn));
	sshd_after(sc);
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
