/*
 * tclient-ssh.c - the SSH transport of the test client: libssh's client
 * API in nonblocking mode, every step driven to its deadline by poll(),
 * so a server that never answers fails a test instead of hanging it.
 */
#include <stdlib.h>
#include <string.h>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "tests/integration/tclient-int.h"

#define TCLIENT_SSH_ENV_MAX 16

struct tclient_ssh {
	char	user[256];
	ssh_session s;
	ssh_channel ch;		/* the session channel, once open */
	struct {
		char *name, *value;
	} env[TCLIENT_SSH_ENV_MAX];
	int	nenv;
	int	methods;	/* listed after the last denial */
	char	*prompts;	/* keyboard-interactive prompts seen */

	/* Channel data taken during a drain, for the screen (see there). */
	struct ssh_channel_callbacks_struct cb;
	bool	taking;
	char	*in;
	size_t	inlen, insize;
};

static const struct tclient_transport tclient_ssh_transport;

static int
tclient_ssh_check(struct tclient *tc, const char *what)
{
	if (tc->ssh == NULL)
		return tclient_fail(tc, "%s: not an SSH client", what);
	if (tc->ssh->s == NULL)
		return tclient_fail(tc, "%s: not connected", what);
	return 0;
}

/*
 * One wait between two calls of a nonblocking libssh function that said
 * "again": until the socket is ready or a short while passed.  -1 once
 * the deadline is gone or the connection is.
 */
static int
tclient_ssh_again(struct tclient *tc, int64_t deadline, const char *what)
{
	ssh_session s = tc->ssh->s;
	int left = tclient_left_ms(deadline);

	if (left == 0)
		return tclient_fail(tc, "%s: timed out", what);
	if (ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR))
		return tclient_fail(tc, "%s: connection closed (%s)", what,
		    ssh_get_error(s));
	tclient_poll_fd(ssh_get_fd(s),
	    (ssh_get_status(s) & SSH_WRITE_PENDING) != 0,
	    left < 100 ? left : 100);
	return 0;
}

/*
 * Push out what libssh has queued.  libssh sends one packet and keeps the
 * rest until its own poll() sees the socket writable, which happens only
 * inside a libssh call: without this a burst of keys or window changes
 * (or all of them, from a client that stopped reading) would sit here.
 */
static int
tclient_ssh_flush(struct tclient *tc, int64_t deadline, const char *what)
{
	ssh_session s = tc->ssh->s;

	while (ssh_get_status(s) & SSH_WRITE_PENDING) {
		if (ssh_blocking_flush(s, 0) == SSH_ERROR)
			return tclient_fail(tc, "%s: %s", what,
			    ssh_get_error(s));
		if (!(ssh_get_status(s) & SSH_WRITE_PENDING))
			break;
		if (tclient_ssh_again(tc, deadline, what) != 0)
			return -1;
	}
	return 0;
}

/*
 * What a libssh call's result means for a request the server may refuse:
 * 0 granted, 1 refused (the connection is fine), -1 failed.
 */
static int
tclient_ssh_verdict(struct tclient *tc, int rc, const char *what)
{
	ssh_session s = tc->ssh->s;

	if (rc == SSH_OK)
		return 0;
	if (rc == SSH_ERROR && ssh_is_connected(s)) {
		tclient_fail(tc, "%s: refused by the server", what);
		return 1;
	}
	return tclient_fail(tc, "%s: %s", what, ssh_get_error(s));
}

struct tclient *
tclient_ssh_new(int port, const char *user)
{
	struct tclient *tc = tclient_new(&tclient_ssh_transport, port);

	tc->ssh = calloc(1, sizeof *tc->ssh);
	if (tc->ssh == NULL)
		abort();
	snprintf(tc->ssh->user, sizeof tc->ssh->user, "%s", user);
	return tc;
}

void
tclient_set_env(struct tclient *tc, const char *name, const char *value)
{
	struct tclient_ssh *ts = tc->ssh;

	if (ts == NULL || ts->nenv == TCLIENT_SSH_ENV_MAX)
		return;
	ts->env[ts->nenv].name = strdup(name);
	ts->env[ts->nenv].value = strdup(value);
	if (ts->env[ts->nenv].name == NULL || ts->env[ts->nenv].value == NULL)
		abort();
	ts->nenv++;
}

static int
tclient_ssh_connect(struct tclient *tc)
{
	struct tclient_ssh *ts = tc->ssh;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int verbosity = SSH_LOG_NOLOG, one = 1, rc;
	bool no = false;

	if (ts->s != NULL)
		return tclient_fail(tc, "already connected");
	ts->s = ssh_new();
	if (ts->s == NULL)
		return tclient_fail(tc, "ssh_new failed");
	/* Nothing from the user's ~/.ssh or /etc/ssh may change the test. */
	if (ssh_options_set(ts->s, SSH_OPTIONS_PROCESS_CONFIG, &no) != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_HOST, "127.0.0.1") != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_PORT, &tc->port) != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_USER, ts->user) != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_LOG_VERBOSITY,
	    &verbosity) != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_KNOWNHOSTS, "/dev/null") != 0 ||
	    ssh_options_set(ts->s, SSH_OPTIONS_NODELAY, &one) != 0)
		return tclient_fail(tc, "ssh options: %s",
		    ssh_get_error(ts->s));
	ssh_set_blocking(ts->s, 0);
	while ((rc = ssh_connect(ts->s)) == SSH_AGAIN) {
		if (tclient_left_ms(deadline) == 0)
			return tclient_fail(tc, "connect to port %d: timed "
			    "out", tc->port);
		tclient_poll_fd(ssh_get_fd(ts->s),
		    (ssh_get_status(ts->s) & SSH_WRITE_PENDING) != 0, 50);
	}
	if (rc != SSH_OK) {
		tclient_fail(tc, "connect to port %d: %s", tc->port,
		    ssh_get_error(ts->s));
		tc->closed = true;
		return -1;
	}
	return 0;
}

/* --- Authentication ----------------------------------------------------- */

static enum tclient_auth
tclient_ssh_auth_result(struct tclient *tc, int rc, const char *what)
{
	struct tclient_ssh *ts = tc->ssh;

	switch (rc) {
	case SSH_AUTH_SUCCESS:
		return TCLIENT_AUTH_SUCCESS;
	case SSH_AUTH_PARTIAL:
		ts->methods = ssh_userauth_list(ts->s, NULL);
		return TCLIENT_AUTH_PARTIAL;
	case SSH_AUTH_DENIED:
		ts->methods = ssh_userauth_list(ts->s, NULL);
		tclient_fail(tc, "%s: denied", what);
		return TCLIENT_AUTH_DENIED;
	default:
		tclient_fail(tc, "%s: %s", what, ssh_get_error(ts->s));
		if (!ssh_is_connected(ts->s))
			tc->closed = true;
		return TCLIENT_AUTH_ERROR;
	}
}

enum tclient_auth
tclient_auth_none(struct tclient *tc)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int rc;

	if (tclient_ssh_check(tc, "auth none") != 0)
		return TCLIENT_AUTH_ERROR;
	while ((rc = ssh_userauth_none(tc->ssh->s, NULL)) == SSH_AUTH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "auth none") != 0)
			return TCLIENT_AUTH_ERROR;
	return tclient_ssh_auth_result(tc, rc, "auth none");
}

enum tclient_auth
tclient_auth_password(struct tclient *tc, const char *password)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int rc;

	if (tclient_ssh_check(tc, "auth password") != 0)
		return TCLIENT_AUTH_ERROR;
	while ((rc = ssh_userauth_password(tc->ssh->s, NULL, password)) ==
	    SSH_AUTH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "auth password") != 0)
			return TCLIENT_AUTH_ERROR;
	return tclient_ssh_auth_result(tc, rc, "auth password");
}

static void
tclient_ssh_prompt_seen(struct tclient_ssh *ts, const char *prompt)
{
	size_t old = ts->prompts != NULL ? strlen(ts->prompts) : 0;

	ts->prompts = realloc(ts->prompts, old + strlen(prompt) + 2);
	if (ts->prompts == NULL)
		abort();
	if (old > 0)
		ts->prompts[old++] = '\n';
	strcpy(ts->prompts + old, prompt);
}

enum tclient_auth
tclient_auth_kbdint(struct tclient *tc, const char *const *answers)
{
	struct tclient_ssh *ts = tc->ssh;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	const char *prompt, *answer;
	int rc, i, n, rounds = 0;
	char echo;

	if (tclient_ssh_check(tc, "auth keyboard-interactive") != 0)
		return TCLIENT_AUTH_ERROR;
	for (;;) {
		while ((rc = ssh_userauth_kbdint(ts->s, NULL, NULL)) ==
		    SSH_AUTH_AGAIN)
			if (tclient_ssh_again(tc, deadline,
			    "auth keyboard-interactive") != 0)
				return TCLIENT_AUTH_ERROR;
		if (rc != SSH_AUTH_INFO)
			break;
		if (++rounds > 32) {
			tclient_fail(tc, "auth keyboard-interactive: more "
			    "than 32 rounds of prompts");
			return TCLIENT_AUTH_ERROR;
		}
		n = ssh_userauth_kbdint_getnprompts(ts->s);
		for (i = 0; i < n; i++) {
			prompt = ssh_userauth_kbdint_getprompt(ts->s,
			    (unsigned)i, &echo);
			tclient_ssh_prompt_seen(ts, prompt != NULL ? prompt :
			    "");
			answer = "";
			if (answers != NULL && *answers != NULL)
				answer = *answers++;
			if (ssh_userauth_kbdint_setanswer(ts->s, (unsigned)i,
			    answer) != 0) {
				tclient_fail(tc, "auth keyboard-interactive: "
				    "%s", ssh_get_error(ts->s));
				return TCLIENT_AUTH_ERROR;
			}
		}
	}
	return tclient_ssh_auth_result(tc, rc, "auth keyboard-interactive");
}

const char *
tclient_kbdint_prompts(const struct tclient *tc)
{
	if (tc->ssh == NULL || tc->ssh->prompts == NULL)
		return "";
	return tc->ssh->prompts;
}

enum tclient_auth
tclient_auth_key(struct tclient *tc, ssh_key privkey)
{
	struct tclient_ssh *ts = tc->ssh;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	ssh_key pub = NULL;
	int rc;

	if (tclient_ssh_check(tc, "auth publickey") != 0)
		return TCLIENT_AUTH_ERROR;
	if (ssh_pki_export_privkey_to_pubkey(privkey, &pub) != SSH_OK) {
		tclient_fail(tc, "auth publickey: not a private key");
		return TCLIENT_AUTH_ERROR;
	}
	while ((rc = ssh_userauth_try_publickey(ts->s, NULL, pub)) ==
	    SSH_AUTH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "auth publickey") != 0) {
			ssh_key_free(pub);
			return TCLIENT_AUTH_ERROR;
		}
	ssh_key_free(pub);
	if (rc != SSH_AUTH_SUCCESS)
		return tclient_ssh_auth_result(tc, rc, "auth publickey probe");
	while ((rc = ssh_userauth_publickey(ts->s, NULL, privkey)) ==
	    SSH_AUTH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "auth publickey") != 0)
			return TCLIENT_AUTH_ERROR;
	return tclient_ssh_auth_result(tc, rc, "auth publickey");
}

int
tclient_auth_methods(const struct tclient *tc)
{
	return tc->ssh != NULL ? tc->ssh->methods : 0;
}

ssh_key
tclient_key_new(void)
{
	ssh_key key = NULL;

	if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) != SSH_OK)
		return NULL;
	return key;
}

char *
tclient_key_fingerprint(ssh_key key)
{
	unsigned char *hash = NULL;
	size_t hlen = 0;
	char *fp, *copy;

	if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
	    &hlen) != 0)
		return NULL;
	fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
	ssh_clean_pubkey_hash(&hash);
	if (fp == NULL)
		return NULL;
	copy = strdup(fp);
	ssh_string_free_char(fp);
	return copy;
}

/* --- Channels ----------------------------------------------------------- */

/* Open a session channel into *chp: 0, 1 refused, -1 failed. */
static int
tclient_ssh_open_channel(struct tclient *tc, ssh_channel *chp,
    const char *what)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	ssh_channel ch;
	int rc;

	ch = ssh_channel_new(tc->ssh->s);
	if (ch == NULL)
		return tclient_fail(tc, "%s: %s", what,
		    ssh_get_error(tc->ssh->s));
	while ((rc = ssh_channel_open_session(ch)) == SSH_AGAIN)
		if (tclient_ssh_again(tc, deadline, what) != 0) {
			ssh_channel_free(ch);
			return -1;
		}
	rc = tclient_ssh_verdict(tc, rc, what);
	if (rc != 0)
		ssh_channel_free(ch);
	else
		*chp = ch;
	return rc;
}

/* Keep n bytes of channel data for the screen. */
static void
tclient_ssh_keep(struct tclient_ssh *ts, const void *data, size_t n)
{
	size_t size;

	if (ts->inlen + n > ts->insize) {
		size = ts->insize != 0 ? ts->insize : 16384;
		while (size < ts->inlen + n)
			size *= 2;
		ts->in = realloc(ts->in, size);
		if (ts->in == NULL)
			abort();
		ts->insize = size;
	}
	memcpy(ts->in + ts->inlen, data, n);
	ts->inlen += n;
}

/*
 * libssh hands over channel data (either stream) as it parses a packet,
 * whichever call read the socket.  Only a drain takes it (see there);
 * any other time it stays in libssh's channel buffer as before, so a
 * client that does not read still closes its window.
 */
static int
tclient_ssh_data(ssh_session s, ssh_channel ch, void *data, uint32_t len,
    int is_stderr, void *arg)
{
	struct tclient_ssh *ts = arg;

	if (!ts->taking)
		return 0;
	tclient_ssh_keep(ts, data, len);
	return (int)len;
}

int
tclient_open_session(struct tclient *tc)
{
	struct tclient_ssh *ts = tc->ssh;
	int rc;

	if (tclient_ssh_check(tc, "open session") != 0)
		return -1;
	if (ts->ch != NULL)
		return 0;
	rc = tclient_ssh_open_channel(tc, &ts->ch, "open session");
	if (rc == 0) {
		memset(&ts->cb, 0, sizeof ts->cb);
		ts->cb.userdata = ts;
		ts->cb.channel_data_function = tclient_ssh_data;
		ssh_callbacks_init(&ts->cb);
		ssh_set_channel_callbacks(ts->ch, &ts->cb);
	}
	return rc;
}

int
tclient_open_extra_session(struct tclient *tc)
{
	ssh_channel ch = NULL;
	int rc;

	if (tclient_ssh_check(tc, "open a second session") != 0)
		return -1;
	rc = tclient_ssh_open_channel(tc, &ch, "open a second session");
	if (rc == 0) {
		ssh_channel_close(ch);
		ssh_channel_free(ch);
	}
	return rc;
}

/*
 * The channel requests that wait for the server's answer, one function
 * so the waiting loop is written once.
 */
enum tclient_ssh_request {
	TCLIENT_SSH_PTY,
	TCLIENT_SSH_ENV,
	TCLIENT_SSH_SHELL,
	TCLIENT_SSH_EXEC,
	TCLIENT_SSH_SUBSYSTEM,
};

static int
tclient_ssh_request(struct tclient *tc, enum tclient_ssh_request req,
    const char *arg, const char *arg2, const char *what)
{
	ssh_channel ch = tc->ssh->ch;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int rc;

	for (;;) {
		switch (req) {
		case TCLIENT_SSH_PTY:
			rc = ssh_channel_request_pty_size(ch, tc->term,
			    tc->cols, tc->rows);
			break;
		case TCLIENT_SSH_ENV:
			rc = ssh_channel_request_env(ch, arg, arg2);
			break;
		case TCLIENT_SSH_SHELL:
			rc = ssh_channel_request_shell(ch);
			break;
		case TCLIENT_SSH_EXEC:
			rc = ssh_channel_request_exec(ch, arg);
			break;
		case TCLIENT_SSH_SUBSYSTEM:
			rc = ssh_channel_request_subsystem(ch, arg);
			break;
		default:
			abort();
		}
		if (rc != SSH_AGAIN)
			break;
		if (tclient_ssh_again(tc, deadline, what) != 0)
			return -1;
	}
	return tclient_ssh_verdict(tc, rc, what);
}

/* Session channel, pty, environment: what a shell and an exec share. */
static int
tclient_ssh_prepare(struct tclient *tc)
{
	struct tclient_ssh *ts = tc->ssh;
	int i, rc;

	if (tclient_open_session(tc) != 0)
		return -1;
	if (tc->pty && tclient_ssh_request(tc, TCLIENT_SSH_PTY, NULL, NULL,
	    "pty request") != 0)
		return -1;
	/* Like OpenSSH, a refused variable is no reason to stop. */
	for (i = 0; i < ts->nenv; i++) {
		rc = tclient_ssh_request(tc, TCLIENT_SSH_ENV, ts->env[i].name,
		    ts->env[i].value, "env request");
		if (rc < 0)
			return -1;
	}
	tc->error[0] = '\0';
	return 0;
}

int
tclient_shell(struct tclient *tc)
{
	if (tc->ssh == NULL)
		return 0;
	if (tclient_ssh_check(tc, "shell") != 0 ||
	    tclient_ssh_prepare(tc) != 0)
		return -1;
	return tclient_ssh_request(tc, TCLIENT_SSH_SHELL, NULL, NULL,
	    "shell request") == 0 ? 0 : -1;
}

int
tclient_exec(struct tclient *tc, const char *command)
{
	if (tclient_ssh_check(tc, "exec") != 0 ||
	    tclient_ssh_prepare(tc) != 0)
		return -1;
	return tclient_ssh_request(tc, TCLIENT_SSH_EXEC, command, NULL,
	    "exec request") == 0 ? 0 : -1;
}

int
tclient_subsystem(struct tclient *tc, const char *name)
{
	if (tclient_ssh_check(tc, "subsystem") != 0 ||
	    tclient_open_session(tc) != 0)
		return -1;
	return tclient_ssh_request(tc, TCLIENT_SSH_SUBSYSTEM, name, NULL,
	    "subsystem request");
}

int
tclient_forward_local(struct tclient *tc, const char *host, int port)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	ssh_channel ch;
	int rc;

	if (tclient_ssh_check(tc, "direct-tcpip") != 0)
		return -1;
	ch = ssh_channel_new(tc->ssh->s);
	if (ch == NULL)
		return tclient_fail(tc, "direct-tcpip: %s",
		    ssh_get_error(tc->ssh->s));
	while ((rc = ssh_channel_open_forward(ch, host, port, "127.0.0.1",
	    40000)) == SSH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "direct-tcpip") != 0) {
			ssh_channel_free(ch);
			return -1;
		}
	rc = tclient_ssh_verdict(tc, rc, "direct-tcpip");
	if (rc == 0)
		ssh_channel_close(ch);
	ssh_channel_free(ch);
	return rc;
}

int
tclient_forward_remote(struct tclient *tc, int port)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int rc, bound = 0;

	if (tclient_ssh_check(tc, "tcpip-forward") != 0)
		return -1;
	while ((rc = ssh_channel_listen_forward(tc->ssh->s, "127.0.0.1", port,
	    &bound)) == SSH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "tcpip-forward") != 0)
			return -1;
	return tclient_ssh_verdict(tc, rc, "tcpip-forward");
}

int
tclient_exit_status(struct tclient *tc)
{
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	ssh_channel ch;
	int status;

	if (tc->ssh == NULL || tc->ssh->ch == NULL)
		return -1;
	ch = tc->ssh->ch;
	/*
	 * A server may send the status after the channel's EOF: wait for it
	 * or for the channel to close.
	 */
	for (;;) {
		status = ssh_channel_get_exit_status(ch);
		if (status >= 0 || ssh_channel_is_closed(ch) ||
		    tclient_left_ms(deadline) == 0)
			return status < 0 ? -1 : status;
		tclient_poll_fd(ssh_get_fd(tc->ssh->s), false, 50);
	}
}

ssh_session
tclient_ssh_session(struct tclient *tc)
{
	return tc->ssh != NULL ? tc->ssh->s : NULL;
}

struct tclient *
tclient_ssh_open(int port, const char *user, int cols, int rows)
{
	struct tclient *tc = tclient_ssh_new(port, user);
	enum tclient_auth auth;

	tclient_set_term(tc, cols, rows, NULL);
	if (tclient_connect(tc) != 0)
		goto fail;
	auth = tclient_auth_kbdint(tc, NULL);
	if (auth != TCLIENT_AUTH_SUCCESS)
		goto fail;
	if (tclient_shell(tc) != 0)
		goto fail;
	return tc;
fail:
	fprintf(stderr, "tclient: ssh %s@127.0.0.1 -p %d: %s\n", user, port,
	    tclient_error(tc));
	tclient_free(tc);
	return NULL;
}

/* --- The transport ------------------------------------------------------ */

static int
tclient_ssh_write(struct tclient *tc, const char *buf, size_t len)
{
	struct tclient_ssh *ts = tc->ssh;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int n;

	if (ts->ch == NULL)
		return tclient_fail(tc, "no session channel to type into");
	while (len > 0) {
		n = ssh_channel_write(ts->ch, buf, (uint32_t)len);
		if (n == SSH_ERROR)
			return tclient_fail(tc, "write: %s",
			    ssh_get_error(ts->s));
		buf += n;
		len -= (size_t)n;
		if (len > 0 && tclient_ssh_again(tc, deadline, "write") != 0)
			return -1;
	}
	return tclient_ssh_flush(tc, deadline, "write");
}

/*
 * Everything the channel holds into the screen: bytes, or -1 if closed.
 *
 * Afterwards libssh must hold no channel data, or the caller's poll() on
 * the socket would wait for data that is already here.  Reading one
 * stream reads the socket when that stream's buffer is empty, and what
 * it reads may be for the other stream: a stderr read that pulled in
 * stdout data left it in libssh while the socket went quiet (a welcome
 * screen seen only when a 60 s poll ran out).  So while draining, libssh
 * gives every packet's data to tclient_ssh_data, and the drain ends only
 * after a round in which nothing at all arrived; the screen gets it all
 * at the end, in order.
 */
static int
tclient_ssh_drain(struct tclient *tc)
{
	struct tclient_ssh *ts = tc->ssh;
	char buf[16384];
	int n, stream, total;
	size_t before;
	bool failed = false;

	if (ts->ch == NULL) {
		/*
		 * No channel (not logged in yet): only let libssh read, to
		 * notice the server hanging up.
		 */
		ssh_execute_message_callbacks(ts->s);
		return ssh_is_connected(ts->s) ? 0 : -1;
	}
	ts->taking = true;
	do {
		before = ts->inlen;
		/* What libssh kept while nobody was taking, then news. */
		for (stream = 0; stream < 2; stream++) {
			n = ssh_channel_read_nonblocking(ts->ch, buf,
			    sizeof buf, stream);
			if (n > 0)
				tclient_ssh_keep(ts, buf, (size_t)n);
			else if (n == SSH_ERROR)
				failed = true;
		}
	} while (ts->inlen > before);
	ts->taking = false;
	total = (int)ts->inlen;
	if (total > 0) {
		ts->inlen = 0;
		tclient_received(tc, ts->in, (size_t)total);
		return total;
	}
	if (failed || ssh_channel_is_eof(ts->ch) ||
	    ssh_channel_is_closed(ts->ch) || !ssh_is_connected(ts->s))
		return -1;
	return 0;
}

static int
tclient_ssh_read(struct tclient *tc, int timeout_ms)
{
	struct tclient_ssh *ts = tc->ssh;
	int n;

	if (ts->s == NULL)
		return -1;
	n = tclient_ssh_drain(tc);
	if (n != 0)
		return n;
	tclient_poll_fd(ssh_get_fd(ts->s),
	    (ssh_get_status(ts->s) & SSH_WRITE_PENDING) != 0, timeout_ms);
	return tclient_ssh_drain(tc);
}

static int
tclient_ssh_resize(struct tclient *tc, int cols, int rows)
{
	struct tclient_ssh *ts = tc->ssh;
	int64_t deadline = tclient_now_ms() + tc->timeout_ms;
	int rc;

	if (ts->ch == NULL)
		return tclient_fail(tc, "resize: no session channel");
	while ((rc = ssh_channel_change_pty_size(ts->ch, cols, rows)) ==
	    SSH_AGAIN)
		if (tclient_ssh_again(tc, deadline, "window-change") != 0)
			return -1;
	if (rc != SSH_OK)
		return tclient_fail(tc, "window-change: %s",
		    ssh_get_error(ts->s));
	return tclient_ssh_flush(tc, deadline, "window-change");
}

static int
tclient_ssh_fd(const struct tclient *tc)
{
	return tc->ssh->s != NULL ? ssh_get_fd(tc->ssh->s) : -1;
}

static void
tclient_ssh_free(struct tclient *tc)
{
	struct tclient_ssh *ts = tc->ssh;
	int i;

	if (ts->s != NULL) {
		/* ssh_disconnect frees the channels too. */
		ssh_disconnect(ts->s);
		ssh_free(ts->s);
	}
	for (i = 0; i < ts->nenv; i++) {
		free(ts->env[i].name);
		free(ts->env[i].value);
	}
	free(ts->prompts);
	free(ts->in);
	free(ts);
}

static const struct tclient_transport tclient_ssh_transport = {
	.name = "ssh",
	.connect = tclient_ssh_connect,
	.write = tclient_ssh_write,
	.read = tclient_ssh_read,
	.resize = tclient_ssh_resize,
	.fd = tclient_ssh_fd,
	.free = tclient_ssh_free,
};
