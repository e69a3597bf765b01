/*
 * test-transport.c - the daemon's SSH and telnet transports, driven over
 * real connections to a real gamehalld (one fresh daemon per test).
 *
 * What the hall draws is HALL's business: these tests only wait for words
 * that are surely on its first screen, and otherwise look at what the
 * transport does (refusals, disconnections, exit status, memory, the
 * daemon surviving).  Every wait has a generous deadline; nothing sleeps
 * to make an assertion true.
 */
#include <check.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

/* Surely on the first screen a new user sees (the welcome screen). */
#define WELCOME_TEXT "Welcome"
/* The hall's message when the daemon is told to stop. */
#define SHUTDOWN_TEXT "shutting down"

#define WAIT_MS 30000

/*
 * In a sanitizer build (configure --enable-sanitizers builds the daemon
 * and this test alike) ASan holds freed memory in quarantine, so the
 * daemon's RSS says nothing about queues: the memory bound is not checked.
 */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZER_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZER_BUILD 1
#endif
#endif
#ifndef SANITIZER_BUILD
#define SANITIZER_BUILD 0
#endif

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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

/* A new SSH user at the welcome screen. */
static struct tclient *
visitor(struct harness *h, const char *user, int cols, int rows)
{
	struct tclient *tc;

	tc = tclient_ssh_open(harness_ssh_port(h), user, cols, rows);
	ck_assert_msg(tc != NULL, "%s could not log in (see above)", user);
	ck_assert_msg(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS) == 0,
	    "%s: no welcome screen", user);
	return tc;
}

/* A new telnet user at the welcome screen. */
static struct tclient *
telnet_visitor(struct harness *h, const char *name, int cols, int rows)
{
	struct tclient *tc = tclient_telnet_new(harness_telnet_port(h));

	tclient_set_term(tc, cols, rows, NULL);
	ck_assert_msg(tclient_connect(tc) == 0, "%s: %s", name,
	    tclient_error(tc));
	ck_assert_msg(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS) == 0,
	    "%s: no welcome screen", name);
	return tc;
}

/* The daemon still runs and still serves a new user. */
static void
still_serving(struct harness *h)
{
	ck_assert_msg(harness_alive(h), "gamehalld died");
	tclient_free(visitor(h, "latecomer", 80, 24));
}

/*
 * A client's screen still answers: a resize makes the daemon draw the
 * screen again, so new bytes arrive and the welcome is still there.
 */
static void
still_drawn(struct tclient *tc, int cols, int rows)
{
	uint64_t before = tclient_bytes_received(tc);
	int64_t deadline = now_ms() + WAIT_MS;

	ck_assert_int_eq(tclient_resize(tc, cols, rows), 0);
	while (tclient_bytes_received(tc) == before && now_ms() < deadline)
		ck_assert_msg(tclient_read(tc, 500) >= 0,
		    "connection closed: %s", tclient_error(tc));
	ck_assert_msg(tclient_bytes_received(tc) > before,
	    "no redraw after a resize to %dx%d", cols, rows);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
}

/* A connected, not yet authenticated SSH client. */
static struct tclient *
unauthenticated(struct harness *h, const char *user)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(h), user);

	ck_assert_msg(tclient_connect(tc) == 0, "connect: %s",
	    tclient_error(tc));
	return tc;
}

static struct tclient *
authenticated(struct harness *h, const char *user)
{
	struct tclient *tc = unauthenticated(h, user);

	ck_assert_msg(tclient_auth_kbdint(tc, NULL) == TCLIENT_AUTH_SUCCESS,
	    "keyboard-interactive: %s", tclient_error(tc));
	return tc;
}

START_TEST(test_welcome_over_ssh)
{
	struct harness *h = start(NULL);
	struct tclient *tc;

	tc = tclient_ssh_new(harness_ssh_port(h), "alice");
	tclient_set_term(tc, 100, 30, "xterm-256color");
	tclient_set_env(tc, "LANG", "C.UTF-8");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	still_drawn(tc, 120, 40);
	tclient_free(tc);
	stop(h);
}
END_TEST

/* An Ed25519 key logs in; the daemon records it as ssh-keygen names it. */
START_TEST(test_public_key)
{
	struct harness *h = start(NULL);
	ssh_key key = tclient_key_new();
	struct tclient *tc;
	char *fp;

	ck_assert(key != NULL);
	fp = tclient_key_fingerprint(key);
	ck_assert(fp != NULL);
	tc = unauthenticated(h, "keyholder");
	ck_assert_msg(tclient_auth_key(tc, key) == TCLIENT_AUTH_SUCCESS, "%s",
	    tclient_error(tc));
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	ck_assert_msg(harness_wait_log(h, fp, WAIT_MS) == 0,
	    "the log never names the key %s", fp);
	tclient_free(tc);
	free(fp);
	ssh_key_free(key);
	stop(h);
}
END_TEST

/* Cells drawn in a colour other than the terminal's default. */
static int
coloured_cells(struct tclient *tc)
{
	struct tclient_cell cell;
	int row, col, n = 0;

	for (row = 0; row < tclient_rows(tc); row++)
		for (col = 0; col < tclient_cols(tc); col++)
			if (tclient_cell(tc, row, col, &cell) == 0 &&
			    (cell.fg != TCLIENT_COLOR_DEFAULT ||
			    cell.bg != TCLIENT_COLOR_DEFAULT))
				n++;
	return n;
}

/* The environment reaches the hall: NO_COLOR takes the colours away. */
START_TEST(test_no_color)
{
	struct harness *h = start(NULL);
	struct tclient *plain, *coloured;

	plain = tclient_ssh_new(harness_ssh_port(h), "plain");
	tclient_set_env(plain, "LANG", "C.UTF-8");
	tclient_set_env(plain, "NO_COLOR", "1");
	ck_assert_int_eq(tclient_connect(plain), 0);
	ck_assert_int_eq(tclient_auth_kbdint(plain, NULL),
	    TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(plain) == 0, "%s", tclient_error(plain));
	ck_assert_int_eq(tclient_wait_for(plain, WELCOME_TEXT, WAIT_MS), 0);
	tclient_settle(plain, 300, WAIT_MS);

	coloured = visitor(h, "coloured", 80, 24);
	tclient_settle(coloured, 300, WAIT_MS);

	ck_assert_msg(coloured_cells(coloured) > 0,
	    "no colour at all without NO_COLOR");
	ck_assert_msg(coloured_cells(plain) == 0, "%d cells in colour with "
	    "NO_COLOR set", coloured_cells(plain));
	tclient_free(plain);
	tclient_free(coloured);
	stop(h);
}
END_TEST

START_TEST(test_auth_attempts_cut_off)
{
	static const char *const settings[] = {
		"auth_fail_delay_ms=0", NULL
	};
	static const char *const right[] = { "correct horse", NULL };
	static const char *const wrong[] = { "wrong horse", NULL };
	struct harness *h = start(settings);
	struct tclient *tc;
	enum tclient_auth r;
	int attempt, denied = 0;

	/* Only a registered name has a password to get wrong. */
	ck_assert_int_eq(harness_add_account(h, "victim", "correct horse"), 0);

	/* The right password works, by either method. */
	tc = unauthenticated(h, "victim");
	ck_assert_int_eq(tclient_auth_password(tc, "correct horse"),
	    TCLIENT_AUTH_SUCCESS);
	tclient_free(tc);
	tc = unauthenticated(h, "victim");
	ck_assert_int_eq(tclient_auth_kbdint(tc, wrong), TCLIENT_AUTH_DENIED);
	ck_assert_int_eq(tclient_auth_kbdint(tc, right),
	    TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(strstr(tclient_kbdint_prompts(tc), "assword") != NULL,
	    "keyboard-interactive asked \"%s\"", tclient_kbdint_prompts(tc));
	tclient_free(tc);

	tc = unauthenticated(h, "victim");
	for (attempt = 1; attempt <= 10; attempt++) {
		r = tclient_auth_password(tc, "wrong password");
		if (r != TCLIENT_AUTH_DENIED)
			break;
		denied++;
	}
	ck_assert_msg(r == TCLIENT_AUTH_ERROR, "attempt %d: %s", attempt,
	    r == TCLIENT_AUTH_SUCCESS ? "a wrong password was accepted" :
	    "the connection is still open after 10 attempts");
	ck_assert_msg(denied >= 5 && denied <= 6, "%d wrong passwords were "
	    "answered before the cut-off (5 or 6 expected)", denied);
	/* Cut off by the server, not a timeout of ours. */
	ck_assert_msg(strstr(tclient_error(tc), "timed out") == NULL, "%s",
	    tclient_error(tc));
	tclient_free(tc);
	ck_assert_msg(harness_alive(h), "gamehalld died");
	stop(h);
}
END_TEST

START_TEST(test_login_grace)
{
	static const char *const settings[] = { "login_grace=2", NULL };
	struct harness *h = start(settings);
	struct sockaddr_in sin;
	struct pollfd pfd;
	struct tclient *tc;
	int64_t t0, elapsed;
	char buf[4096];
	ssize_t n = 1;
	int fd;

	/* A TCP client that says nothing at all. */
	fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)harness_ssh_port(h));
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	t0 = now_ms();
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sin, sizeof sin), 0);

	/* An SSH client that exchanged keys and never authenticates. */
	tc = unauthenticated(h, "lingerer");

	pfd.fd = fd;
	pfd.events = POLLIN;
	while (n > 0 && now_ms() - t0 < WAIT_MS) {
		if (poll(&pfd, 1, 500) == 1)
			n = recv(fd, buf, sizeof buf, 0);
	}
	elapsed = now_ms() - t0;
	ck_assert_msg(n <= 0, "a silent connection was still open after "
	    "%d s with a login grace of 2 s", WAIT_MS / 1000);
	ck_assert_msg(elapsed >= 1500, "a silent connection was dropped "
	    "after %lld ms, before its grace time of 2 s",
	    (long long)elapsed);
	close(fd);

	ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
	    "an unauthenticated SSH session outlived the login grace");
	tclient_free(tc);

	/* Authenticating in time is not cut off by the grace timer. */
	tc = visitor(h, "quick", 80, 24);
	t0 = now_ms();
	while (now_ms() - t0 < 3000)
		ck_assert_msg(tclient_read(tc, 500) >= 0,
		    "a logged-in session was closed by the login grace");
	tclient_free(tc);
	stop(h);
}
END_TEST

/*
 * Shells asked for just as the login grace runs out: the grace closing an
 * authenticated session flushes libssh, which may still handle the shell
 * request then.  Rounds of sessions spread across the grace's last moment;
 * the daemon must live (and, under the sanitizers, exit clean).
 */
START_TEST(test_grace_meets_shell)
{
	static const char *const settings[] = {
		"login_grace=2", "max_conns_per_ip=0",
		"penalty_exempt=127.0.0.1", NULL
	};
	struct harness *h = start(settings);
	struct tclient *tc[10];
	struct timespec ts;
	int round, i;

	for (round = 0; round < 6; round++) {
		for (i = 0; i < 10; i++) {
			tc[i] = tclient_ssh_new(harness_ssh_port(h), "late");
			tclient_set_timeout(tc[i], 5000);
			if (tclient_connect(tc[i]) == 0)
				(void)tclient_auth_kbdint(tc[i], NULL);
		}
		/* From 1.80 s to 1.98 s: the grace's last moments, when
		 * the shells reach it as it closes the sessions. */
		ts.tv_sec = 1;
		ts.tv_nsec = 800000000L + round * 36000000L;
		nanosleep(&ts, NULL);
		for (i = 0; i < 10; i++) {
			(void)tclient_shell(tc[i]);
			ts.tv_sec = 0;
			ts.tv_nsec = 20000000L;
			nanosleep(&ts, NULL);
		}
		for (i = 0; i < 10; i++) {
			(void)tclient_read(tc[i], 0);
			tclient_free(tc[i]);
		}
		ck_assert_msg(harness_alive(h), "gamehalld died in round %d",
		    round);
	}
	stop(h);
}
END_TEST

START_TEST(test_none_refused)
{
	struct harness *h = start(NULL);
	struct tclient *tc = unauthenticated(h, "anybody");

	ck_assert_int_eq(tclient_auth_none(tc), TCLIENT_AUTH_DENIED);
	ck_assert_msg(tclient_auth_methods(tc) != 0 &&
	    !(tclient_auth_methods(tc) & SSH_AUTH_METHOD_NONE),
	    "methods offered after 'none': 0x%x", tclient_auth_methods(tc));
	/* The refusal leaves the connection usable. */
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	tclient_free(tc);
	stop(h);
}
END_TEST

START_TEST(test_exec_refused)
{
	struct harness *h = start(NULL);
	struct tclient *tc;
	int status;

	/* `ssh host ls`: no pty, a message, exit status 1. */
	tc = authenticated(h, "shellseeker");
	tclient_set_pty(tc, false);
	if (tclient_exec(tc, "ls") == 0) {
		ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
		    "exec ls: the channel stays open");
		status = tclient_exit_status(tc);
		ck_assert_msg(status == 1, "exec ls: exit status %d", status);
		/* The message names the commands the hall does know. */
		ck_assert_msg(tclient_find(tc, "join", NULL, NULL),
		    "exec ls: no message saying what is allowed");
	} else
		ck_abort_msg("exec ls was refused without a message: %s",
		    tclient_error(tc));
	tclient_free(tc);

	/* With a pty (`ssh -t host 'rm -rf /'`) just the same. */
	tc = authenticated(h, "shellseeker");
	ck_assert_int_eq(tclient_exec(tc, "rm -rf /"), 0);
	ck_assert_int_eq(tclient_wait_closed(tc, WAIT_MS), 0);
	ck_assert_int_eq(tclient_exit_status(tc), 1);
	tclient_free(tc);

	/* A hall command reaches the hall: the session stays and draws. */
	tc = authenticated(h, "joiner");
	ck_assert_msg(tclient_exec(tc, "join ZZZZ") == 0, "%s",
	    tclient_error(tc));
	ck_assert_uint_gt(tclient_settle(tc, 1000, WAIT_MS), 0);
	ck_assert_msg(!tclient_closed(tc), "join ZZZZ closed the session");
	tclient_free(tc);

	still_serving(h);
	stop(h);
}
END_TEST

/*
 * `ssh -T host join CODE` and `ssh -T host`: the hall needs a terminal and
 * says so; a refusal is a failure, exit status 1.
 */
/*
 * TERM=dumb cannot address the cursor: one line of text says so, no
 * screen, a failure status.  A VT gets its screen without mouse modes,
 * which it would print as garbage; xterm gets them.
 */
START_TEST(test_terminal_kinds)
{
	struct harness *h = start(NULL);
	struct tclient *tc;

	tc = authenticated(h, "dumb");
	tclient_set_term(tc, 80, 24, "dumb");
	ck_assert_int_eq(tclient_shell(tc), 0);
	ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
	    "dumb: the session stays open");
	ck_assert_msg(tclient_find(tc, "cannot move its cursor", NULL, NULL),
	    "dumb: no line saying why");
	ck_assert(!tclient_find(tc, "Welcome to gamehall", NULL, NULL));
	ck_assert(!tclient_mouse_mode(tc));
	ck_assert_int_eq(tclient_exit_status(tc), 1);
	tclient_free(tc);

	tc = authenticated(h, "vt220");
	tclient_set_term(tc, 80, 24, "vt220");
	ck_assert_int_eq(tclient_shell(tc), 0);
	ck_assert_msg(tclient_wait_for(tc, "Welcome to gamehall", WAIT_MS) ==
	    0, "vt220: no welcome screen");
	ck_assert_msg(!tclient_mouse_mode(tc), "vt220 got mouse modes");
	tclient_free(tc);

	tc = authenticated(h, "xterm");
	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_int_eq(tclient_shell(tc), 0);
	ck_assert_int_eq(tclient_wait_for(tc, "Welcome to gamehall",
	    WAIT_MS), 0);
	ck_assert_msg(tclient_mouse_mode(tc), "xterm got no mouse modes");
	tclient_free(tc);
	stop(h);
}
END_TEST

START_TEST(test_no_pty_refused)
{
	struct harness *h = start(NULL);
	struct tclient *tc;
	int i;

	for (i = 0; i < 2; i++) {
		tc = authenticated(h, "nopty");
		tclient_set_pty(tc, false);
		if (i == 0)
			ck_assert_int_eq(tclient_exec(tc, "join ABCDE"), 0);
		else
			ck_assert_int_eq(tclient_shell(tc), 0);
		ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
		    "no pty: the channel stays open");
		ck_assert_msg(tclient_find(tc, "needs a terminal", NULL, NULL),
		    "no pty: no message saying why");
		ck_assert_int_eq(tclient_exit_status(tc), 1);
		tclient_free(tc);
	}
	/* A session the hall takes and the user ends is a success. */
	tc = authenticated(h, "withpty");
	ck_assert_int_eq(tclient_shell(tc), 0);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	ck_assert_int_eq(tclient_type(tc, "q"), 0);
	ck_assert_int_eq(tclient_wait_closed(tc, WAIT_MS), 0);
	ck_assert_int_eq(tclient_exit_status(tc), 0);
	tclient_free(tc);
	stop(h);
}
END_TEST

/* ---- a telnet client by hand, for the order of its answers ---------------- */

#define RAW_IAC 255
#define RAW_SB 250
#define RAW_SE 240
#define RAW_WILL 251
#define RAW_TTYPE 24

/* What a telnet peer received: the text (IAC sequences taken out). */
struct raw {
	int		 fd;
	unsigned char	 text[256 * 1024];
	size_t		 len;
	size_t		 mark;		/* text before this was read earlier */
	int		 state;		/* 0 data, 1 IAC, 2 option, 3 SB,
					   4 IAC in SB */
	unsigned char	 sb[64];
	size_t		 sblen;
	bool		 ttype_asked;	/* the server sent SB TTYPE SEND */
};

static void
raw_connect(struct raw *r, int port)
{
	struct sockaddr_in sin;

	memset(r, 0, sizeof *r);
	r->fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(r->fd, 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((uint16_t)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(r->fd, (struct sockaddr *)&sin, sizeof sin),
	    0);
}

static void
raw_byte(struct raw *r, unsigned char b)
{
	switch (r->state) {
	case 0:
		if (b == RAW_IAC)
			r->state = 1;
		else if (r->len < sizeof r->text)
			r->text[r->len++] = b;
		break;
	case 1:
		if (b == RAW_IAC) {
			if (r->len < sizeof r->text)
				r->text[r->len++] = b;
			r->state = 0;
		} else if (b == RAW_SB) {
			r->sblen = 0;
			r->state = 3;
		} else
			r->state = b >= RAW_WILL ? 2 : 0;
		break;
	case 2:
		r->state = 0;
		break;
	case 3:
		if (b == RAW_IAC)
			r->state = 4;
		else if (r->sblen < sizeof r->sb)
			r->sb[r->sblen++] = b;
		break;
	case 4:
		if (b == RAW_SE) {
			if (r->sblen == 2 && r->sb[0] == RAW_TTYPE &&
			    r->sb[1] == 1)
				r->ttype_asked = true;
			r->state = 0;
		} else {
			if (r->sblen < sizeof r->sb)
				r->sb[r->sblen++] = b;
			r->state = 3;
		}
		break;
	}
}

/* Read what there is within ms. */
static void
raw_read(struct raw *r, int ms)
{
	struct pollfd pfd = { r->fd, POLLIN, 0 };
	unsigned char buf[4096];
	ssize_t n;

	if (poll(&pfd, 1, ms) != 1)
		return;
	n = read(r->fd, buf, sizeof buf);
	ck_assert_int_gt(n, 0);
	for (ssize_t i = 0; i < n; i++)
		raw_byte(r, buf[i]);
}

/* text arrived since the mark (searched as bytes). */
static bool
raw_has(const struct raw *r, const char *text)
{
	size_t n = strlen(text);

	for (size_t i = r->mark; i + n <= r->len; i++)
		if (memcmp(r->text + i, text, n) == 0)
			return true;
	return false;
}

/* Any byte beyond ASCII (UTF-8) since the mark. */
static bool
raw_utf8(const struct raw *r)
{
	for (size_t i = r->mark; i < r->len; i++)
		if (r->text[i] >= 0x80)
			return true;
	return false;
}

static void
raw_wait(struct raw *r, const char *text)
{
	int64_t deadline = now_ms() + WAIT_MS;

	while (!raw_has(r, text) && now_ms() < deadline)
		raw_read(r, 100);
	ck_assert_msg(raw_has(r, text), "telnet: \"%s\" never came", text);
}

static void
raw_send(struct raw *r, const void *buf, size_t len)
{
	ck_assert_int_eq(write(r->fd, buf, len), (ssize_t)len);
}

/* The terminal type, late: WILL TTYPE, then IS when asked. */
static void
raw_late_ttype(struct raw *r, const char *term)
{
	static const unsigned char will[] = { RAW_IAC, RAW_WILL, RAW_TTYPE };
	unsigned char is[80];
	size_t n = 0;
	int64_t deadline = now_ms() + WAIT_MS;

	raw_send(r, will, sizeof will);
	while (!r->ttype_asked && now_ms() < deadline)
		raw_read(r, 100);
	ck_assert_msg(r->ttype_asked, "telnet: TTYPE SEND never came");
	is[n++] = RAW_IAC;
	is[n++] = RAW_SB;
	is[n++] = RAW_TTYPE;
	is[n++] = 0;
	memcpy(is + n, term, strlen(term));
	n += strlen(term);
	is[n++] = RAW_IAC;
	is[n++] = RAW_SE;
	r->mark = r->len;
	raw_send(r, is, n);
}

/* How a client leaves in the middle of the key exchange. */
enum kex_abort {
	KEX_ABORT_AT_ONCE,	/* hangs up before reading the banner */
	KEX_ABORT_BANNER,	/* sends its banner, then hangs up */
	KEX_ABORT_PARTIAL,	/* half a packet, then hangs up */
	KEX_ABORT_GARBAGE,	/* a packet of nonsense: the server ends it */
	KEX_ABORT_RESET,	/* half a packet, then a reset */
};

/*
 * One client that leaves mid-exchange; unless it resets, it waits until
 * the daemon has closed its side, that is, freed the session.
 */
static void
kex_abort(struct harness *h, enum kex_abort how)
{
	static const char banner[] = "SSH-2.0-aborter\r\n";
	/* A packet length of 1000 and a few of its bytes. */
	static const unsigned char partial[] = { 0, 0, 3, 232, 10, 20 };
	/* A packet of almost 4 GB: no server takes it. */
	static const unsigned char garbage[] = {
		255, 255, 255, 240, 10, 250, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	};
	struct linger lg = { 1, 0 };
	struct pollfd pfd;
	struct raw r;
	char buf[512];
	int64_t deadline;
	ssize_t n = 1;

	raw_connect(&r, harness_ssh_port(h));
	if (how != KEX_ABORT_AT_ONCE) {
		/* The server's banner first, as a client would. */
		pfd.fd = r.fd;
		pfd.events = POLLIN;
		ck_assert_int_eq(poll(&pfd, 1, WAIT_MS), 1);
		ck_assert_int_gt(recv(r.fd, buf, sizeof buf, 0), 0);
		ck_assert_int_eq(send(r.fd, banner, strlen(banner), 0),
		    (ssize_t)strlen(banner));
	}
	if (how == KEX_ABORT_PARTIAL || how == KEX_ABORT_RESET)
		ck_assert_int_eq(send(r.fd, partial, sizeof partial, 0),
		    (ssize_t)sizeof partial);
	if (how == KEX_ABORT_GARBAGE)
		ck_assert_int_eq(send(r.fd, garbage, sizeof garbage, 0),
		    (ssize_t)sizeof garbage);
	if (how == KEX_ABORT_RESET) {
		setsockopt(r.fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
		close(r.fd);
		return;
	}
	if (how != KEX_ABORT_GARBAGE)
		shutdown(r.fd, SHUT_WR);
	pfd.fd = r.fd;
	pfd.events = POLLIN;
	deadline = now_ms() + WAIT_MS;
	while (n > 0 && now_ms() < deadline)
		if (poll(&pfd, 1, 500) == 1)
			n = recv(r.fd, buf, sizeof buf, 0);
	ck_assert_msg(n <= 0, "a client that left mid key exchange (%d) was "
	    "not closed within %d s", (int)how, WAIT_MS / 1000);
	close(r.fd);
}

/*
 * Clients that leave in the middle of the key exchange, while a kex thread
 * holds their session: each is freed and no longer counted, or the cap of
 * 4 unauthenticated connections from one source would refuse the login
 * at the end (and the sanitizer build would see the leak at exit).
 */
START_TEST(test_kex_aborted)
{
	static const char *const settings[] = { "per_source_max_startups=4",
		NULL };
	struct harness *h = start(settings);
	int i;

	/* Resets are not waited for: two of them fit under the cap. */
	kex_abort(h, KEX_ABORT_RESET);
	kex_abort(h, KEX_ABORT_RESET);
	for (i = 0; i < 24; i++)
		kex_abort(h, (enum kex_abort)(i % KEX_ABORT_RESET));
	still_serving(h);
	stop(h);
}
END_TEST

/*
 * A telnet client that tells its terminal type only after the session
 * opened (the hall gives a client half a second): the screen is drawn in
 * ASCII at first, then again in UTF-8 once the type says it can; unless
 * the user chose in Settings, which then stands.
 */
START_TEST(test_telnet_late_ttype)
{
	struct harness *h = start(NULL);
	struct raw *r = calloc(1, sizeof *r);
	int64_t deadline;

	ck_assert_ptr_nonnull(r);
	/* Silent at first: the session opens with TERM unknown. */
	raw_connect(r, harness_telnet_port(h));
	raw_wait(r, WELCOME_TEXT);
	ck_assert_msg(!raw_utf8(r), "UTF-8 without a terminal type");
	raw_late_ttype(r, "xterm-256color");
	deadline = now_ms() + WAIT_MS;
	while (!raw_utf8(r) && now_ms() < deadline)
		raw_read(r, 100);
	ck_assert_msg(raw_utf8(r), "still ASCII after TTYPE xterm-256color");
	ck_assert_int_eq(harness_wait_log(h, "term 'xterm-256color', after",
	    WAIT_MS), 0);
	close(r->fd);

	/* A choice made in Settings (colours: none) is kept. */
	raw_connect(r, harness_telnet_port(h));
	raw_wait(r, WELCOME_TEXT);
	raw_send(r, "g", 1);
	raw_wait(r, "Online (");
	raw_send(r, "s", 1);
	raw_wait(r, "How this terminal is drawn");
	raw_send(r, "j", 1);
	raw_read(r, 200);
	raw_send(r, "l", 1);
	raw_read(r, 200);
	raw_late_ttype(r, "xterm-256color");
	/* The Settings screen shows the new TERM, still in ASCII. */
	raw_wait(r, "TERM=xterm-256color");
	ck_assert_msg(!raw_utf8(r), "a choice in Settings was overruled");
	close(r->fd);
	free(r);
	stop(h);
}
END_TEST

START_TEST(test_forwarding_and_subsystems_refused)
{
	struct harness *h = start(NULL);
	struct tclient *tc = authenticated(h, "tunneller");

	ck_assert_int_eq(tclient_forward_local(tc, "127.0.0.1",
	    harness_ssh_port(h)), 1);
	ck_assert_int_eq(tclient_forward_remote(tc, 0), 1);
	ck_assert_int_eq(tclient_subsystem(tc, "sftp"), 1);
	tclient_free(tc);

	tc = authenticated(h, "tunneller");
	ck_assert_int_eq(tclient_forward_local(tc, "example.org", 80), 1);
	tclient_free(tc);

	still_serving(h);
	stop(h);
}
END_TEST

START_TEST(test_second_session_refused)
{
	struct harness *h = start(NULL);
	struct tclient *tc = visitor(h, "twice", 80, 24);

	ck_assert_int_eq(tclient_open_extra_session(tc), 1);
	/* The first session carries on. */
	still_drawn(tc, 90, 30);
	tclient_free(tc);
	stop(h);
}
END_TEST

START_TEST(test_extreme_pty_sizes)
{
	struct harness *h = start(NULL);
	struct tclient *tc;

	/* 0x0: no crash; it works once the window has a size. */
	tc = tclient_ssh_new(harness_ssh_port(h), "tiny");
	tclient_set_term(tc, 0, 0, NULL);
	ck_assert_int_eq(tclient_connect(tc), 0);
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	tclient_settle(tc, 500, WAIT_MS);
	ck_assert_msg(!tclient_closed(tc), "a 0x0 pty was dropped");
	/*
	 * The daemon may take 0x0 for "unknown" and draw 80x24 for the
	 * one-cell local screen: a new size makes it draw again.
	 */
	ck_assert_int_eq(tclient_resize(tc, 100, 30), 0);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	tclient_free(tc);
	still_serving(h);

	/* 10000x10000, then an ordinary size. */
	tc = tclient_ssh_new(harness_ssh_port(h), "huge");
	tclient_set_term(tc, 10000, 10000, NULL);
	ck_assert_int_eq(tclient_connect(tc), 0);
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "%s", tclient_error(tc));
	tclient_settle(tc, 500, WAIT_MS);
	ck_assert_msg(!tclient_closed(tc), "a 10000x10000 pty was dropped");
	ck_assert_int_eq(tclient_resize(tc, 80, 24), 0);
	tclient_settle(tc, 500, WAIT_MS);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	/* Huge again while connected, and a zero-size window-change. */
	ck_assert_int_eq(tclient_resize(tc, 65535, 65535), 0);
	ck_assert_int_eq(tclient_resize(tc, 0, 0), 0);
	ck_assert_int_eq(tclient_resize(tc, 80, 24), 0);
	tclient_settle(tc, 500, WAIT_MS);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	tclient_free(tc);

	still_serving(h);
	stop(h);
}
END_TEST

/* Where the right-aligned "online" of the title bar ends (-1: absent). */
static int
online_col(struct tclient *tc)
{
	int row, col;

	tclient_settle(tc, 500, WAIT_MS);
	if (!tclient_find(tc, "online", &row, &col))
		return -1;
	return col;
}

/*
 * One user's terminal freezes (reads nothing) while his window keeps
 * changing size, each change asking for a whole new screen.  Queued, that
 * output would be megabytes; the daemon must keep at most the latest
 * frame, keep serving everyone else, and not grow.
 */
static void
stuck_client(struct tclient *(*make)(struct harness *, const char *, int,
    int), int rounds)
{
	struct harness *h = start(NULL);
	struct tclient *stuck, *other, *probe;
	uint64_t before, per_frame;
	long rss0, rss1, growth_kb;
	double would_mb;
	int i, resizes = 0, per_round = 1000, width = 81, col;

	/* How much one full redraw at this size costs. */
	probe = make(h, "probe", 200, 60);
	tclient_settle(probe, 300, WAIT_MS);
	before = tclient_bytes_received(probe);
	ck_assert_int_eq(tclient_resize(probe, 201, 60), 0);
	tclient_settle(probe, 500, WAIT_MS);
	ck_assert_int_eq(tclient_resize(probe, 200, 60), 0);
	tclient_settle(probe, 500, WAIT_MS);
	per_frame = (tclient_bytes_received(probe) - before) / 2;
	ck_assert_uint_gt(per_frame, 0);
	tclient_free(probe);

	other = visitor(h, "other", 80, 24);
	stuck = make(h, "stuck", 200, 60);
	tclient_set_reading(stuck, false);

	/* Fill the SSH window and the socket buffers first, then measure. */
	for (i = 0; i < per_round; i++, resizes++)
		ck_assert_int_eq(tclient_resize(stuck, 200 + i % 2, 60), 0);
	still_drawn(other, width, 24);
	rss0 = harness_rss_kb(h);
	ck_assert_int_gt(rss0, 0);

	while (rounds-- > 0) {
		for (i = 0; i < per_round; i++, resizes++)
			ck_assert_msg(tclient_resize(stuck, 200 + i % 2, 60)
			    == 0, "%s", tclient_error(stuck));
		/* Everyone else is still served promptly. */
		width = width == 81 ? 80 : 81;
		still_drawn(other, width, 24);
		if (rounds % 4 == 0)
			tclient_free(visitor(h, "newcomer", 80, 24));
	}
	rss1 = harness_rss_kb(h);
	growth_kb = rss1 - rss0;
	would_mb = (double)per_frame * resizes / 1e6;
	fprintf(stderr, "stuck %s client: %d resizes x %llu bytes a frame = "
	    "%.1f MB not sent; daemon RSS %ld -> %ld kB\n",
	    tclient_ssh_session(stuck) != NULL ? "ssh" : "telnet", resizes,
	    (unsigned long long)per_frame, would_mb, rss0, rss1);
	if (SANITIZER_BUILD)
		fprintf(stderr, "sanitizer build: memory bound not checked\n");
	else if (getenv("GAMEHALLD_UNDER_VALGRIND") != NULL)
		/* valgrind's own allocator bookkeeping swamps the figure. */
		fprintf(stderr, "under valgrind: memory bound not checked\n");
	else
		ck_assert_msg(growth_kb < 8 * 1024 && growth_kb * 1024.0 <
		    would_mb * 1e6 / 4, "the daemon grew by %ld kB while a "
		    "stuck client's output would have been %.1f MB",
		    growth_kb, would_mb);

	/*
	 * Thawed, the stuck client gets the screen for its latest size
	 * (201 columns): the same as a fresh draw at that size.
	 */
	tclient_set_reading(stuck, true);
	col = online_col(stuck);
	ck_assert_int_eq(tclient_resize(stuck, 200, 60), 0);
	ck_assert_int_ne(online_col(stuck), col);
	ck_assert_int_eq(tclient_resize(stuck, 201, 60), 0);
	ck_assert_int_eq(online_col(stuck), col);
	tclient_free(stuck);
	tclient_free(other);
	stop(h);
}

START_TEST(test_stuck_client)
{
	stuck_client(visitor, 8);
}
END_TEST

/* Telnet has no window: the kernel's socket buffers take megabytes first. */
START_TEST(test_stuck_telnet_client)
{
	stuck_client(telnet_visitor, 20);
}
END_TEST

START_TEST(test_hostile_term)
{
	struct harness *h = start(NULL);
	struct tclient *tc;
	char *log;

	/* (libssh itself refuses control characters in a user name.) */
	tc = tclient_ssh_new(harness_ssh_port(h), "mallory");
	tclient_set_term(tc, 80, 24,
	    "xterm\033]2;pwned\007\033[2J\033[31mpwned\r\n\x9b" "31m");
	tclient_set_env(tc, "LANG", "\033]2;pwned\007");
	tclient_set_env(tc, "NO_COLOR", "\033[5mpwned");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	/* A daemon may refuse such a pty; it must not be fooled by it. */
	if (tclient_shell(tc) == 0) {
		ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS),
		    0);
		tclient_settle(tc, 500, WAIT_MS);
		ck_assert_msg(strstr(tclient_title(tc), "pwned") == NULL,
		    "TERM set the window title");
		ck_assert(!tclient_find(tc, "pwned", NULL, NULL));
	}
	tclient_free(tc);

	/* The same over telnet TTYPE. */
	tc = tclient_telnet_new(harness_telnet_port(h));
	tclient_set_term(tc, 80, 24, "vt100\033]2;pwned\007\033[31mpwned");
	ck_assert_int_eq(tclient_connect(tc), 0);
	ck_assert_int_eq(tclient_wait_for(tc, WELCOME_TEXT, WAIT_MS), 0);
	tclient_settle(tc, 500, WAIT_MS);
	ck_assert(strstr(tclient_title(tc), "pwned") == NULL);
	ck_assert(!tclient_find(tc, "pwned", NULL, NULL));
	tclient_free(tc);

	still_serving(h);
	/* Nor does it reach the log raw. */
	log = harness_log(h);
	ck_assert_msg(strchr(log, '\033') == NULL && strchr(log, '\007') ==
	    NULL, "the log has raw control characters from a client");
	free(log);
	stop(h);
}
END_TEST

START_TEST(test_telnet_welcome)
{
	struct harness *h = start(NULL);
	struct tclient *tc = telnet_visitor(h, "telnet", 100, 30);

	/* NAWS on the way: the screen follows the window. */
	still_drawn(tc, 90, 28);
	tclient_free(tc);
	stop(h);
}
END_TEST

START_TEST(test_sigterm_tells_users)
{
	struct harness *h = start(NULL);
	struct tclient *ssh = visitor(h, "stayer", 80, 24);
	struct tclient *tn = telnet_visitor(h, "telnet stayer", 80, 24);
	int status;

	ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
	ck_assert_int_eq(tclient_wait_for(ssh, SHUTDOWN_TEXT, WAIT_MS), 0);
	ck_assert_int_eq(tclient_wait_for(tn, SHUTDOWN_TEXT, WAIT_MS), 0);
	ck_assert_int_eq(tclient_wait_closed(ssh, WAIT_MS), 0);
	ck_assert_int_eq(tclient_wait_closed(tn, WAIT_MS), 0);
	ck_assert_msg(harness_wait_exit(h, WAIT_MS, &status) == 0,
	    "gamehalld still runs %d s after SIGTERM", WAIT_MS / 1000);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "gamehalld ended with wait status 0x%x", status);
	tclient_free(ssh);
	tclient_free(tn);
	stop(h);
}
END_TEST

/* All tests, or those whose names contain `only` (a command-line word). */
static Suite *
transport_suite(const char *only)
{
	const struct {
		const char *name;
		const TTest *test;
	} tests[] = {
		{ "welcome_over_ssh", test_welcome_over_ssh },
		{ "public_key", test_public_key },
		{ "no_color", test_no_color },
		{ "auth_attempts_cut_off", test_auth_attempts_cut_off },
		{ "login_grace", test_login_grace },
		{ "grace_meets_shell", test_grace_meets_shell },
		{ "kex_aborted", test_kex_aborted },
		{ "none_refused", test_none_refused },
		{ "exec_refused", test_exec_refused },
		{ "no_pty_refused", test_no_pty_refused },
		{ "terminal_kinds", test_terminal_kinds },
		{ "telnet_late_ttype", test_telnet_late_ttype },
		{ "forwarding_and_subsystems_refused",
		    test_forwarding_and_subsystems_refused },
		{ "second_session_refused", test_second_session_refused },
		{ "extreme_pty_sizes", test_extreme_pty_sizes },
		{ "stuck_client", test_stuck_client },
		{ "stuck_telnet_client", test_stuck_telnet_client },
		{ "hostile_term", test_hostile_term },
		{ "telnet_welcome", test_telnet_welcome },
		{ "sigterm_tells_users", test_sigterm_tells_users },
	};
	Suite *s = suite_create("transport");
	TCase *tc = tcase_create("daemon");
	size_t i;

	/* A loaded two-core machine is slow; none of this is a race. */
	tcase_set_timeout(tc, 240);
	for (i = 0; i < sizeof tests / sizeof tests[0]; i++)
		if (only == NULL || strstr(tests[i].name, only) != NULL)
			tcase_add_test(tc, tests[i].test);
	suite_add_tcase(s, tc);
	return s;
}

int
main(int argc, char **argv)
{
	SRunner *sr;
	int failed;

	if (harness_daemon_path() == NULL) {
		printf("SKIP: gamehalld is not built (looked for "
		    "$top_builddir/gamehalld); the transport tests need it\n");
		return 77;
	}
	/* A test killed by Check must not leave SIGPIPE to a dead socket. */
	signal(SIGPIPE, SIG_IGN);
	sr = srunner_create(transport_suite(argc > 1 ? argv[1] : NULL));
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
