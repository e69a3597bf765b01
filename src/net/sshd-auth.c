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
 * An outsider must not learn whether a name is an account, so every
 * answer is the same for an account's name and for any other until a
 * secret is proven (measured before: a key probe refused for an account
 * and accepted otherwise, 40 names in 0.6 s):
 * - publickey: every probe is answered "yes, sign it"; a verified key logs
 *   into the account it is registered to, whatever the name, and any other
 *   verified key lets the user in without an account, the key recorded as
 *   the connection's device (the hall's login form, then `k` in the
 *   Account screen, make it the account's).  A probe never followed by
 *   its signature counts as a failed attempt.
 * - keyboard-interactive: one round, one prompt, no name and no
 *   instruction (PuTTY prints those as untrusted server text); the empty
 *   answer lets the user in without an account.
 * - password, and a keyboard-interactive answer: the empty password is
 *   "no account"; any other is checked by yescrypt on the worker pool,
 *   against the account's hash or, for a name that is none, against
 *   nothing (password_verify then spends the same time); a failure answers
 *   after the penalty delay and counts, whichever the name.
 * While a check runs, its request is held and later ones wait in order.
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
/* Enter alone is the guest's way in: say so, the same to every name. */
#define SSHD_AUTH_PROMPT "Password (Enter alone: play as a guest): "

struct sshd_auth_job {
	struct sshd_conn	*sc;		/* valid unless cancelled */
	const char		*how;		/* the method, for the log */
	int64_t			 id;		/* 0: the name is no account */
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
	sc->probe_open = false;
	log_info("%s: authenticated by %s %s%s%s%s", conn_label(sc->conn),
	    how, id != 0 ? "as account " : "without an account",
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
		sshd_die(sc, SSHD_AUTH_TOO_MANY);
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
	if (job->ok && job->id != 0) {
		sc->held = NULL;
		sshd_auth_ok(sc, msg, job->id, job->name, job->how);
	} else {
		delay = conn_login_failed(sc->conn);
		if (delay < 0) {
			sc->held = NULL;
			ssh_message_reply_default(msg);
			ssh_message_free(msg);
			sshd_die(sc, SSHD_AUTH_TOO_MANY);
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

/*
 * Check pw on the worker pool, msg held: against the account u, or (u NULL:
 * the name is no account) against nothing, which fails in the same time.
 * The empty password is no secret: in without an account, whatever the
 * name.
 */
static void
sshd_auth_password(struct sshd_conn *sc, ssh_message msg, const char *pw,
    const struct store_user *u, const char *how)
{
	struct worker		*w = server_worker(sc->server);
	struct sshd_auth_job	*job;

	if (pw != NULL && *pw == '\0') {
		sshd_auth_ok(sc, msg, 0, NULL, how);
		return;
	}
	if (pw == NULL || strlen(pw) > PASSWORD_MAX_BYTES ||
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
	job->how = how;
	if (u != NULL) {
		job->id = u->id;
		snprintf(job->name, sizeof job->name, "%s", u->name);
		snprintf(job->hash, sizeof job->hash, "%s", u->hash);
	}
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
	struct store_user		 owner;
	enum ssh_publickey_state_e	 state;
	ssh_key				 key;
	char				 fp[CONN_FP_LEN];
	const char			*type;

	state = sshd_auth_msg_pubkey_state(msg);
	key = sshd_auth_msg_pubkey(msg);
	if (key == NULL || hostkey_fingerprint(key, fp, sizeof fp) != 0) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	if (state == SSH_PUBLICKEY_STATE_NONE) {
		/*
		 * A probe: "would you take this key?"  Yes, always, whatever
		 * the name: the answer tells nothing.  Unless its signature
		 * follows, it counts as an attempt (sshd_auth_request).
		 */
		if (++sc->probes > SSHD_AUTH_MAX_PROBES) {
			ssh_message_free(msg);
			sshd_die(sc, "too many public keys offered");
			return;
		}
		sc->probe_open = true;
		ssh_message_auth_reply_pk_ok_simple(msg);
		ssh_message_free(msg);
		return;
	}
	sc->probe_open = false;
	if (state != SSH_PUBLICKEY_STATE_VALID) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	/* libssh verified the signature over the session id: a device. */
	snprintf(info->fingerprint, sizeof info->fingerprint, "%s", fp);
	type = ssh_key_type_to_char(ssh_key_type(key));
	snprintf(info->key_type, sizeof info->key_type, "%s",
	    type != NULL ? type : "");
	/* A registered key is its account, whatever name was typed. */
	if (st != NULL && store_user_by_key(st, fp, &owner) == STORE_OK)
		sshd_auth_ok(sc, msg, owner.id, owner.name, "public key");
	else
		sshd_auth_ok(sc, msg, 0, NULL, "public key");
}

/*
 * One round, the same for every name.  No name and no instruction: PuTTY
 * prints them between "prompts from server" lines as untrusted text.
 */
static void
sshd_auth_interactive(struct sshd_conn *sc, ssh_message msg,
    const struct store_user *u)
{
	const char	*prompts[1] = { SSHD_AUTH_PROMPT };
	char		 echo[1] = { 0 };

	if (!ssh_message_auth_kbdint_is_response(msg)) {
		ssh_message_auth_interactive_request(msg, "", "", 1, prompts,
		    echo);
		ssh_message_free(msg);
		return;
	}
	if (ssh_userauth_kbdint_getnanswers(sc->s) != 1) {
		sshd_auth_fail(sc, msg, true);
		return;
	}
	sshd_auth_password(sc, msg, ssh_userauth_kbdint_getanswer(sc->s, 0),
	    u, "keyboard-interactive");
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

	/*
	 * A key probed and not signed counts as an attempt, as a wrong
	 * password does: so trying names with keys meets the same limit and
	 * penalties.  Its own signature is the only thing that may follow.
	 */
	if (sc->probe_open && !(method == SSH_AUTH_METHOD_PUBLICKEY &&
	    sshd_auth_msg_pubkey_state(msg) != SSH_PUBLICKEY_STATE_NONE)) {
		sc->probe_open = false;
		if (conn_login_failed(sc->conn) < 0) {
			ssh_message_reply_default(msg);
			ssh_message_free(msg);
			sshd_die(sc, SSHD_AUTH_TOO_MANY);
			return;
		}
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
	/* Whether the name is an account changes nothing the client sees. */
	if (method == SSH_AUTH_METHOD_PASSWORD)
		sshd_auth_password(sc, msg, sshd_auth_msg_password(msg),
		    who == SSHD_AUTH_REGISTERED ? &u : NULL, "password");
	else
		sshd_auth_interactive(sc, msg, who == SSHD_AUTH_REGISTERED ?
		    &u : NULL);
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

	/* Also when the session goes to its I/O thread: so, twice. */
	if (sc->job != NULL) {
		sc->job_arg->sc = NULL;
		worker_cancel(sc->job);
		sc->job = NULL;
		sc->job_arg = NULL;
	}
	if (sc->held != NULL)
		ssh_message_free(sc->held);
	sc->held = NULL;
	for (i = 0; i < sc->nwaiting; i++)
		ssh_message_free(sc->waiting[i]);
	sc->nwaiting = 0;
}
