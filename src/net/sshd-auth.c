/*
 * sshd-auth.c - SSH user authentication (RFC 4252), the rules in sshd.h.
 *
 * Authentication runs on libssh's message queue, not on callbacks: a
 * password must be checked on the worker pool and answered later, and only
 * a queued ssh_message can be answered after the call that delivered it
 * has returned.  So until the user is authenticated no server callbacks are
 * installed (every auth message is queued and taken with ssh_message_get
 * after the pump, in sshd_auth_messages); on success the server callbacks
 * (session channel open, sshd-channel.c) and the channel callbacks take
 * over, and whatever they do not handle (port forwarding, X11, agent,
 * subsystems) gets libssh's default refusal.
 *
 * Methods: "none" is refused; publickey (sshd_auth_pubkey), password
 * (sshd_auth_password) and keyboard-interactive with one password prompt
 * (sshd_auth_interactive), the two last checked by yescrypt on the worker
 * pool when the name is an account (any other name is let in at once, to
 * the welcome screen).  While a check runs, its request is held and later
 * ones wait in order; a failed check answers only after the penalty delay.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/log.h"
#include "src/base/worker.h"
#include "src/net/conn.h"
#include "src/net/hostkey.h"
#include "src/net/server.h"
#include "src/net/sshd-int.h"
#include "src/net/transport.h"
#include "src/store/password.h"
#include "src/store/store.h"

#define SSHD_AUTH_MAX_PROBES 32	/* public keys offered without signature */
#define SSHD_AUTH_MAX_JOBS 256	/* password checks queued, all sessions */

struct sshd_auth_job {
	struct sshd_conn	*sc;		/* valid unless cancelled */
	int64_t			 id;
	char			 name[STORE_NAME_MAX + 1];
	char			 hash[STORE_HASH_MAX];
	char			 pw[PASSWORD_MAX_BYTES + 1];
	int			 ok;
};

/*
 * The message API for auth requests is marked deprecated in 0.10 in
 * favour of the callbacks, which cannot answer later (see the top).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static const char *
sshd_auth_msg_password(ssh_message msg)
{
	return ssh_message_auth_password(msg);
}

static ssh_key
sshd_auth_msg_pubkey(ssh_message msg)
{
	return ssh_message_auth_pubkey(msg);
}

static enum ssh_publickey_state_e
sshd_auth_msg_pubkey_state(ssh_message msg)
{
	return ssh_message_auth_publickey_state(msg);
}
#pragma GCC diagnostic pop

enum sshd_auth_who {
	SSHD_AUTH_UNREGISTERED,	/* the name is no account */
	SSHD_AUTH_REGISTERED,	/* the name is an account */
	SSHD_AUTH_STORE_FAILED,
};

static enum sshd_auth_who
sshd_auth_lookup(struct sshd_conn *sc, struct store_user *u)
{
	struct store	*st = server_store(sc->server);
	int		 rc;

	if (st == NULL)
		return SSHD_AUTH_UNREGISTERED;
	rc = store_user_find(st, sc->user, u);
	if (rc == STORE_OK)
		return SSHD_AUTH_REGISTERED;
	if (rc == STORE_NOTFOUND || rc == STORE_INVALID)
		return SSHD_AUTH_UNREGISTERED;
	log_error("store: %s", store_error(st));
	return SSHD_AUTH_STORE_FAILED;
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
	sshd_channel_start(sc);
}

/* Refuse an attempt; counted ones feed the attempt limit and penalties. */
static void
sshd_auth_fail(struct sshd_conn *sc, ssh_message msg, bool counted)
{
	int	 delay;

	ssh_message_reply_default(msg);
	ssh_message_free(msg);
	if (!counted)
		return;
	delay = conn_login_failed(sc->conn);
	if (delay < 0)
		sshd_die(sc, "too many authentication failures");
}

void
sshd_auth_delay_cb(evutil_socket_t fd, short what, void *arg)
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
sshd_auth_pw_run(void *arg)
{
	struct sshd_auth_job	*job = arg;

	job->ok = password_verify(job->pw, job->hash);
	explicit_bzero(job->pw, sizeof job->pw);
}

static void
sshd_auth_pw_done(void *arg, bool cancelled)
{
	struct sshd_auth_job	*job = arg;
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
	struct sshd_auth_job	*job;

	if (pw == NULL || *pw == '\0' || strlen(pw) > PASSWORD_MAX_BYTES ||
	    worker_pending(w) > SSHD_AUTH_MAX_JOBS) {
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
	sc->job = worker_submit(w, WORKER_URGENT, sshd_auth_pw_run,
	    sshd_auth_pw_done, job);
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
	enum ssh_publickey_state_e	 state;
	ssh_key				 key;
	enum sshd_auth_who		 who;
	char				 fp[CONN_FP_LEN];
	bool				 owned = false, allow;
	const char			*type;

	state = sshd_auth_msg_pubkey_state(msg);
	key = sshd_auth_msg_pubkey(msg);
	if (key == NULL || hostkey_fingerprint(key, fp, sizeof fp) != 0) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	who = sshd_auth_lookup(sc, &u);
	if (st != NULL && who != SSHD_AUTH_STORE_FAILED)
		owned = store_user_by_key(st, fp, &owner) == STORE_OK;

	/*
	 * An account's name takes only that account's keys; any other name
	 * takes any key (an account's key logs into that account).
	 */
	if (who == SSHD_AUTH_REGISTERED)
		allow = owned && owner.id == u.id;
	else
		allow = who == SSHD_AUTH_UNREGISTERED;

	if (state == SSH_PUBLICKEY_STATE_NONE) {
		/* A probe: "would you take this key?"  Nothing proven yet. */
		if (++sc->probes > SSHD_AUTH_MAX_PROBES) {
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
sshd_auth_request(struct sshd_conn *sc, ssh_message msg)
{
	struct conn_info	*info = conn_info_mutable(sc->conn);
	struct store_user	 u;
	const char		*user = ssh_message_auth_user(msg);
	enum sshd_auth_who	 who;
	int			 method = ssh_message_subtype(msg);

	if (sc->authed || sc->dead) {
		ssh_message_reply_default(msg);
		ssh_message_free(msg);
		return;
	}
	if (sc->held != NULL) {
		/* RFC 4252 lets clients pipeline; answer in order. */
		if (sc->nwaiting == SSHD_AUTH_MAX_WAITING) {
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

	who = sshd_auth_lookup(sc, &u);
	if (who == SSHD_AUTH_STORE_FAILED) {
		sshd_auth_fail(sc, msg, false);
		return;
	}
	if (who == SSHD_AUTH_UNREGISTERED) {
		/* No account by that name: in, to the welcome screen. */
		sshd_auth_ok(sc, msg, 0, NULL, method ==
		    SSH_AUTH_METHOD_PASSWORD ? "password (no account)" :
		    "keyboard-interactive (no account)");
		return;
	}
	if (method == SSH_AUTH_METHOD_PASSWORD)
		sshd_auth_password(sc, msg, sshd_auth_msg_password(msg), &u);
	else
		sshd_auth_interactive(sc, msg, &u);
}

/* After every pump until the user is in: the queued auth requests. */
void
sshd_auth_messages(struct sshd_conn *sc)
{
	ssh_message	 msg;
	int		 i, n;

	/* Requests held back behind a password check, in order. */
	while (sc->held == NULL && sc->nwaiting > 0 && !sc->dead) {
		msg = sc->waiting[0];
		n = --sc->nwaiting;
		for (i = 0; i < n; i++)
			sc->waiting[i] = sc->waiting[i + 1];
		sshd_auth_request(sc, msg);
	}
	if (sc->authed)
		return;		/* callbacks from now on */
	while (!sc->dead && !sc->authed &&
	    (msg = ssh_message_get(sc->s)) != NULL) {
		switch (ssh_message_type(msg)) {
		case SSH_REQUEST_AUTH:
			sshd_auth_request(sc, msg);
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

/* The session goes: drop its held and waiting requests and its job. */
void
sshd_auth_free(struct sshd_conn *sc)
{
	int	 i;

	if (sc->job != NULL) {
		sc->job_arg->sc = NULL;
		worker_cancel(sc->job);
	}
	if (sc->held != NULL)
		ssh_message_free(sc->held);
	for (i = 0; i < sc->nwaiting; i++)
		ssh_message_free(sc->waiting[i]);
}
