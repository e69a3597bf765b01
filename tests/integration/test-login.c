/*
 * test-login.c - logging in over SSH and telnet, as an outsider sees it:
 * a real gamehalld (one fresh daemon per test) and real clients.
 *
 * - An outsider must not learn whether an account exists: a public-key
 *   probe, a keyboard-interactive exchange and a password get the same
 *   answers for an account's name and for a name that is none, and probes
 *   count toward the attempt limit.
 * - A key that is no account's, offered by someone who then logs in with
 *   a password, is the device of that connection: the Account screen
 *   registers it.
 * - A client that is cut off (six failures, a penalty) is told why: a
 *   proper SSH disconnect message, a line on a telnet screen.
 * - The keyboard-interactive round sends no name and no instruction,
 *   which PuTTY prints as untrusted server text.
 */
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <check.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define WAIT_MS 30000
#define PASSWORD "correct horse"

static struct harness *
start(const char *const *settings)
{
	struct harness *h = harness_start(settings);

	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	return h;
}

static void
stop(struct harness *h)
{
	ck_assert_msg(harness_stop(h) == 0,
	    "gamehalld did not exit cleanly (see above)");
}

static struct tclient *
unauthenticated(struct harness *h, const char *user)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(h), user);

	ck_assert_msg(tclient_connect(tc) == 0, "%s: connect: %s", user,
	    tclient_error(tc));
	return tc;
}

/* Wait for libssh's nonblocking call to get an answer; false once the
 * connection is gone (libssh would say "again" forever). */
static bool
again(ssh_session s, int *n)
{
	struct pollfd pfd = { ssh_get_fd(s), POLLIN, 0 };

	if ((ssh_get_status(s) & (SSH_CLOSED | SSH_CLOSED_ERROR)) ||
	    (*n)++ > WAIT_MS / 50)
		return false;
	poll(&pfd, 1, 50);
	return true;
}

/* A public-key probe (no signature): SSH_AUTH_SUCCESS means "would take". */
static int
probe(ssh_session s, ssh_key priv)
{
	ssh_key pub = NULL;
	int rc, n = 0;

	ck_assert_int_eq(ssh_pki_export_privkey_to_pubkey(priv, &pub),
	    SSH_OK);
	while ((rc = ssh_userauth_try_publickey(s, NULL, pub)) ==
	    SSH_AUTH_AGAIN)
		if (!again(s, &n)) {
			rc = SSH_AUTH_ERROR;
			break;
		}
	ssh_key_free(pub);
	return rc;
}

/* What the first keyboard-interactive round shows, as one string. */
static void
kbdint_first(ssh_session s, char *out, size_t len)
{
	int rc, n = 0, i;
	char echo;
	size_t o;

	while ((rc = ssh_userauth_kbdint(s, NULL, NULL)) == SSH_AUTH_AGAIN)
		if (!again(s, &n)) {
			rc = SSH_AUTH_ERROR;
			break;
		}
	o = (size_t)snprintf(out, len, "rc=%d", rc == SSH_AUTH_INFO ? 1 :
	    rc == SSH_AUTH_SUCCESS ? 2 : rc);
	if (rc != SSH_AUTH_INFO)
		return;
	o += (size_t)snprintf(out + o, len - o, " name='%s' instruction='%s'",
	    ssh_userauth_kbdint_getname(s),
	    ssh_userauth_kbdint_getinstruction(s));
	for (i = 0; i < ssh_userauth_kbdint_getnprompts(s) && o < len; i++)
		o += (size_t)snprintf(out + o, len - o, " prompt='%s'",
		    ssh_userauth_kbdint_getprompt(s, (unsigned)i, &echo));
}

/*
 * An account's name and a name that is no account get the same answers:
 * the probe of an unknown key, the keyboard-interactive round, a password.
 */
START_TEST(test_no_enumeration)
{
	static const char *const settings[] = {
		"auth_fail_delay_ms=0", "penalty_authfail=0", NULL
	};
	static const char *const names[] = { "bob", "nosuchname" };
	struct harness *h = start(settings);
	ssh_key key = tclient_key_new();
	struct tclient *tc;
	char seen[2][512];
	int i, rc[2];

	ck_assert_int_eq(harness_add_account(h, "bob", PASSWORD), 0);
	for (i = 0; i < 2; i++) {
		tc = unauthenticated(h, names[i]);
		rc[i] = probe(tclient_ssh_session(tc), key);
		tclient_free(tc);
	}
	ck_assert_msg(rc[0] == rc[1], "a key probe answers %d for an account "
	    "and %d for no account", rc[0], rc[1]);

	for (i = 0; i < 2; i++) {
		tc = unauthenticated(h, names[i]);
		kbdint_first(tclient_ssh_session(tc), seen[i],
		    sizeof seen[i]);
		tclient_free(tc);
	}
	ck_assert_msg(strcmp(seen[0], seen[1]) == 0, "keyboard-interactive "
	    "for an account: %s; for no account: %s", seen[0], seen[1]);

	for (i = 0; i < 2; i++) {
		tc = unauthenticated(h, names[i]);
		rc[i] = tclient_auth_password(tc, "not the password");
		tclient_free(tc);
	}
	ck_assert_msg(rc[0] == rc[1], "a wrong password answers %d for an "
	    "account and %d for no account", rc[0], rc[1]);
	ssh_key_free(key);
	stop(h);
}
END_TEST

/* PuTTY shows a name or instruction as server text, then waits. */
START_TEST(test_kbdint_plain)
{
	struct harness *h = start(NULL);
	struct tclient *tc;
	char seen[512];

	ck_assert_int_eq(harness_add_account(h, "bob", PASSWORD), 0);
	tc = unauthenticated(h, "bob");
	kbdint_first(tclient_ssh_session(tc), seen, sizeof seen);
	ck_assert_msg(strstr(seen, "name='' instruction=''") != NULL,
	    "keyboard-interactive sent %s", seen);
	ck_assert_msg(strstr(seen, "assword") != NULL, "no password prompt: "
	    "%s", seen);
	tclient_free(tc);

	/* The guest's way: the empty answer. */
	tc = unauthenticated(h, "nosuchname");
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, "Welcome", WAIT_MS), 0);
	tclient_free(tc);
	stop(h);
}
END_TEST

/* Probes count: a name tried with key after key meets the attempt limit. */
START_TEST(test_probes_count)
{
	static const char *const settings[] = { "penalty_authfail=0", NULL };
	struct harness *h = start(settings);
	struct tclient *tc = unauthenticated(h, "nosuchname");
	ssh_key key;
	int i, rc = SSH_AUTH_SUCCESS;

	for (i = 0; i < 20 && rc != SSH_AUTH_ERROR; i++) {
		key = tclient_key_new();
		rc = probe(tclient_ssh_session(tc), key);
		ssh_key_free(key);
	}
	ck_assert_msg(rc == SSH_AUTH_ERROR, "20 keys probed and never signed "
	    "on one connection, and it is still open");
	ck_assert_msg(i <= 8, "cut off only after %d probes", i);
	tclient_free(tc);
	stop(h);
}
END_TEST

/*
 * `ssh -i key bob@host` with a key that is no account's, then bob's
 * password: the key is this connection's device, and k registers it; the
 * next time the key alone logs bob in.
 */
START_TEST(test_key_then_password)
{
	struct harness *h = start(NULL);
	ssh_key key = tclient_key_new();
	struct tclient *tc;

	ck_assert_int_eq(harness_add_account(h, "bob", PASSWORD), 0);
	tc = unauthenticated(h, "bob");
	tclient_set_term(tc, 80, 24, "xterm-256color");
	if (tclient_auth_key(tc, key) != TCLIENT_AUTH_SUCCESS) {
		/* Refused: the password, by keyboard-interactive. */
		const char *answers[] = { PASSWORD, NULL };

		ck_assert_int_eq(tclient_auth_kbdint(tc, answers),
		    TCLIENT_AUTH_SUCCESS);
		ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	} else {
		/* In without an account: the hall's own login. */
		ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
		ck_assert_int_eq(tclient_wait_for(tc, "Welcome", WAIT_MS), 0);
		tclient_type(tc, "l");
		ck_assert_int_eq(tclient_wait_for(tc, "Log in", WAIT_MS), 0);
		tclient_type(tc, "bob");
		tclient_key(tc, TCLIENT_KEY_ENTER);
		tclient_type(tc, PASSWORD);
		tclient_key(tc, TCLIENT_KEY_ENTER);
	}
	ck_assert_int_eq(tclient_wait_for(tc, "Online (", WAIT_MS), 0);
	tclient_type(tc, "a");
	ck_assert_int_eq(tclient_wait_for(tc, "gamehall - Account", WAIT_MS),
	    0);
	tclient_type(tc, "k");
	ck_assert_msg(tclient_wait_for(tc, "Key registered", WAIT_MS) == 0,
	    "the key of this connection was not registered");
	tclient_free(tc);

	tc = unauthenticated(h, "bob");
	ck_assert_int_eq(tclient_auth_key(tc, key), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, "Online (", WAIT_MS), 0);
	tclient_free(tc);
	ssh_key_free(key);
	stop(h);
}
END_TEST

/* What libssh's client logged about a disconnect message it received. */
static char disconnect_seen[512];

static void
disconnect_log_cb(int priority, const char *function, const char *buffer,
    void *userdata)
{
	(void)priority;
	(void)function;
	(void)userdata;
	if (strstr(buffer, "SSH_MSG_DISCONNECT") != NULL)
		snprintf(disconnect_seen, sizeof disconnect_seen, "%s", buffer);
}

/* Six wrong passwords: the client is told why it was cut off. */
START_TEST(test_cut_off_says_why)
{
	static const char *const settings[] = {
		"auth_fail_delay_ms=0", "penalty_authfail=0",
		"telnet_passwords=yes", NULL
	};
	struct harness *h = start(settings);
	struct tclient *tc;
	const char *why;
	int i, r = TCLIENT_AUTH_DENIED;

	ck_assert_int_eq(harness_add_account(h, "victim", PASSWORD), 0);
	tc = unauthenticated(h, "victim");
	/* libssh's error may be the hang-up after the message: its log says
	 * what arrived. */
	disconnect_seen[0] = '\0';
	ssh_set_log_callback(disconnect_log_cb);
	ssh_set_log_level(SSH_LOG_PACKET);
	for (i = 0; i < 10 && r == TCLIENT_AUTH_DENIED; i++)
		r = tclient_auth_password(tc, "wrong password");
	ssh_set_log_level(SSH_LOG_NOLOG);
	ck_assert_int_eq(r, TCLIENT_AUTH_ERROR);
	why = disconnect_seen[0] != '\0' ? disconnect_seen : tclient_error(tc);
	ck_assert_msg(strstr(why, "too many") != NULL, "cut off without a "
	    "reason: %s", tclient_error(tc));
	tclient_free(tc);
	ck_assert_int_eq(harness_wait_log(h, "closed after", WAIT_MS), 0);
	ck_assert_int_eq(harness_wait_log(h, "too many authentication "
	    "failures", WAIT_MS), 0);

	/* Telnet, through the hall's login form: a line says why. */
	tc = tclient_telnet_new(harness_telnet_port(h));
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, "Welcome", WAIT_MS), 0);
	tclient_type(tc, "l");
	ck_assert_int_eq(tclient_wait_for(tc, "Log in", WAIT_MS), 0);
	tclient_type(tc, "victim");
	tclient_key(tc, TCLIENT_KEY_ENTER);
	/* Keys typed while a try is being checked are dropped, so each try
	 * waits for the check's answer; a loaded machine may still drop one,
	 * hence more tries than the six that count. */
	for (i = 0; i < 12 && !tclient_closed(tc) &&
	    !tclient_find(tc, "failed logins", NULL, NULL); i++) {
		tclient_type(tc, "wrong password");
		tclient_key(tc, TCLIENT_KEY_ENTER);
		tclient_settle(tc, 200, 2000);
		(void)tclient_wait_gone(tc, "Checking", WAIT_MS);
	}
	ck_assert_msg(tclient_wait_for(tc, "failed logins", WAIT_MS) == 0,
	    "telnet was cut off without a line saying why");
	tclient_free(tc);
	stop(h);
}
END_TEST

#define RAW_MAX 4096

/* Connect, send hello, read until the server hangs up (zero-filled). */
static char *
raw_exchange(int port, const char *hello)
{
	struct sockaddr_in sin;
	char *buf = calloc(1, RAW_MAX + 1);
	size_t have = 0;
	ssize_t n;
	int fd;

	ck_assert_ptr_nonnull(buf);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sin, sizeof sin), 0);
	ck_assert_int_eq(send(fd, hello, strlen(hello), 0),
	    (ssize_t)strlen(hello));
	while (have < RAW_MAX &&
	    (n = recv(fd, buf + have, RAW_MAX - have, 0)) > 0)
		have += (size_t)n;
	close(fd);
	return buf;
}

/* Under a penalty, SSH gets a disconnect message and telnet a line. */
START_TEST(test_penalty_says_why)
{
	static const char *const settings[] = {
		"auth_fail_delay_ms=0", "penalty_authfail=100",
		"penalty_min=30", "telnet_passwords=yes", NULL
	};
	struct harness *h = start(settings);
	struct tclient *tc;
	char *raw;

	ck_assert_int_eq(harness_add_account(h, "victim", PASSWORD), 0);
	tc = unauthenticated(h, "victim");
	tclient_auth_password(tc, "wrong password");
	tclient_free(tc);
	ck_assert_int_eq(harness_wait_log(h, "failed login", WAIT_MS), 0);

	/*
	 * The refusal comes before key exchange, which libssh's client does
	 * not report; OpenSSH prints "Received disconnect from ...: too many
	 * failed logins ...".  Read the bytes themselves.
	 */
	raw = raw_exchange(harness_ssh_port(h), "SSH-2.0-test\r\n");
	ck_assert_msg(strncmp(raw, "SSH-2.0-", 8) == 0, "no SSH version "
	    "string before the disconnect: '%s'", raw);
	ck_assert_msg(memmem(raw, RAW_MAX, "failed logins", 13) != NULL,
	    "SSH refused without a reason");
	free(raw);

	tc = tclient_telnet_new(harness_telnet_port(h));
	tclient_connect(tc);
	ck_assert_msg(tclient_wait_for(tc, "failed logins", WAIT_MS) == 0,
	    "telnet was refused without a line saying why");
	tclient_free(tc);
	ck_assert_int_eq(harness_wait_log(h, "warn", WAIT_MS), 0);
	stop(h);
}
END_TEST

/* The log: one line per login saying how, and "closed" says why, when. */
START_TEST(test_log_lines)
{
	struct harness *h = start(NULL);
	const char *answers[] = { PASSWORD, NULL };
	struct tclient *tc;
	char *log;

	ck_assert_int_eq(harness_add_account(h, "bob", PASSWORD), 0);
	tc = unauthenticated(h, "bob");
	ck_assert_int_eq(tclient_auth_kbdint(tc, answers),
	    TCLIENT_AUTH_SUCCESS);
	tclient_free(tc);
	tc = unauthenticated(h, "nosuchname");
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	tclient_free(tc);
	ck_assert_int_eq(harness_wait_log(h, "nosuchname@", WAIT_MS), 0);
	ck_assert_int_eq(harness_wait_log(h, "closed after", WAIT_MS), 0);
	log = harness_log(h);
	ck_assert_msg(strstr(log, "authenticated by keyboard-interactive as "
	    "account bob") != NULL, "no login line for bob:\n%s", log);
	ck_assert_msg(strstr(log, "authenticated by password") == NULL,
	    "a keyboard-interactive login logged as a password:\n%s", log);
	ck_assert_msg(strstr(log, "(no account) without an account") == NULL,
	    "doubled words:\n%s", log);
	free(log);
	stop(h);
}
END_TEST

static Suite *
login_suite(void)
{
	Suite *s = suite_create("login");
	TCase *tc = tcase_create("login");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_no_enumeration);
	tcase_add_test(tc, test_kbdint_plain);
	tcase_add_test(tc, test_probes_count);
	tcase_add_test(tc, test_key_then_password);
	tcase_add_test(tc, test_cut_off_says_why);
	tcase_add_test(tc, test_penalty_says_why);
	tcase_add_test(tc, test_log_lines);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr;
	int failed;

	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "test-login: gamehalld not built, skipped\n");
		return 77;
	}
	sr = srunner_create(login_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
