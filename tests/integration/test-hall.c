/*
 * test-hall.c - the hall's screens as people see them, over real SSH (and
 * telnet) to a real gamehalld: registering and logging in, a registered
 * key going straight to the lobby, guests, the lobby chat between two
 * people, resizing, hostile names and hostile chat, the too-small note.
 *
 * Every wait has a generous deadline (the machine may be loaded); nothing
 * sleeps to make an assertion true, except where the hall itself says
 * "wait N s" after a wrong password.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define WAIT_MS 30000
#define PASSWORD "correct horse"

/* The daemon of the running test, for its log when something fails. */
static struct harness *current;

static void
show_log(void)
{
	char	*log;

	if (current == NULL)
		return;
	log = harness_log(current);
	fprintf(stderr, "---- gamehalld's log:\n%s----\n", log);
	free(log);
}

static struct harness *
start(void)
{
	struct harness	*h;

	if (harness_daemon_path() == NULL)
		return NULL;
	h = harness_start(NULL);
	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	current = h;
	return h;
}

static void
stop(struct harness *h)
{
	current = NULL;
	ck_assert_msg(harness_stop(h) == 0,
	    "gamehalld did not exit cleanly (see above)");
}

static void
wait_for(struct tclient *tc, const char *text)
{
	if (tclient_wait_for(tc, text, WAIT_MS) != 0) {
		show_log();
		ck_abort_msg("\"%s\" never appeared", text);
	}
}

static void
wait_gone(struct tclient *tc, const char *text)
{
	if (tclient_wait_gone(tc, text, WAIT_MS) != 0) {
		show_log();
		ck_abort_msg("\"%s\" never went away", text);
	}
}

/* Someone without a key at the welcome screen. */
static struct tclient *
visitor(struct harness *h, const char *user, int cols, int rows)
{
	struct tclient	*tc;

	tc = tclient_ssh_open(harness_ssh_port(h), user, cols, rows);
	if (tc == NULL)
		show_log();
	ck_assert_msg(tc != NULL, "%s could not connect (see above)", user);
	wait_for(tc, "Welcome to gamehall");
	return tc;
}

/* Someone connecting as `user` with a key, up to the first screen. */
static struct tclient *
with_key(struct harness *h, const char *user, ssh_key key)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), user);

	tclient_set_term(tc, 80, 24, "xterm-256color");
	if (tclient_connect(tc) != 0) {
		show_log();
		ck_abort_msg("connect: %s", tclient_error(tc));
	}
	ck_assert_msg(tclient_auth_key(tc, key) == TCLIENT_AUTH_SUCCESS,
	    "key refused: %s", tclient_error(tc));
	ck_assert_msg(tclient_shell(tc) == 0, "shell: %s", tclient_error(tc));
	return tc;
}

static void
type_line(struct tclient *tc, const char *text)
{
	ck_assert_int_eq(tclient_type(tc, text), 0);
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
}

/* On the welcome screen: register name with the password. */
static void
register_name(struct tclient *tc, const char *name, const char *pw)
{
	ck_assert_int_eq(tclient_type(tc, "r"), 0);
	wait_for(tc, "Password again:");
	type_line(tc, name);
	type_line(tc, pw);
	type_line(tc, pw);
}

/* A guest from the welcome screen into the lobby. */
static struct tclient *
guest(struct harness *h, const char *user)
{
	struct tclient	*tc = visitor(h, user, 80, 24);

	ck_assert_int_eq(tclient_type(tc, "g"), 0);
	wait_for(tc, "Online (");
	wait_for(tc, "(guest)");
	return tc;
}

/* An account holder logging in with his password over SSH: the lobby. */
static struct tclient *
member_login(struct harness *h, const char *name)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), name);
	const char	*answers[] = { PASSWORD, NULL };

	tclient_set_term(tc, 80, 24, "xterm-256color");
	if (tclient_connect(tc) != 0) {
		show_log();
		ck_abort_msg("connect: %s", tclient_error(tc));
	}
	ck_assert_int_eq(tclient_auth_kbdint(tc, answers),
	    TCLIENT_AUTH_SUCCESS);
	ck_assert_msg(tclient_shell(tc) == 0, "shell: %s", tclient_error(tc));
	wait_for(tc, "Online (");
	return tc;
}

/* Stop typing in the lobby chat (Esc is told apart from a key after it
 * by time: wait until the hall took it). */
static void
leave_chat(struct tclient *tc)
{
	wait_for(tc, "Esc stop typing");	/* not an old screen */
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	wait_for(tc, "j/k move");
}

/* Leave from the lobby: a goodbye, then the connection ends. */
static void
quit(struct tclient *tc)
{
	ck_assert_int_eq(tclient_type(tc, "q"), 0);
	ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
	    "q did not end the connection");
	tclient_free(tc);
}

/* Back from a screen over the lobby (Esc), then leave. */
static void
quit_from(struct tclient *tc)
{
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	wait_for(tc, "j/k move");
	quit(tc);
}

/* ---- register, then log in with the password ---------------------------- */

START_TEST(test_register_then_login)
{
	struct harness	*h = start();
	struct tclient	*tc;
	char		*screen, *p;
	int		 secs;

	if (h == NULL)
		return;
	tc = visitor(h, "newcomer", 80, 24);
	register_name(tc, "alice", PASSWORD);
	wait_for(tc, "Welcome, alice!");
	wait_for(tc, "alice  1 online");
	wait_for(tc, "alice is here.");
	/* The passwords were never shown. */
	screen = tclient_screen(tc);
	ck_assert_ptr_null(strstr(screen, "horse"));
	free(screen);
	quit(tc);

	/* Log in with the password; a wrong one first. */
	tc = visitor(h, "someone", 80, 24);
	ck_assert_int_eq(tclient_type(tc, "l"), 0);
	wait_for(tc, "Log in");
	type_line(tc, "Alice");		/* any case */
	type_line(tc, "wrong password");
	wait_for(tc, "Wrong name or password.");
	/* The hall may ask to wait: do as told. */
	screen = tclient_screen(tc);
	p = strstr(screen, "Wait ");
	secs = p != NULL ? atoi(p + 5) : 0;
	free(screen);
	ck_assert_int_le(secs, 30);
	if (secs > 0)
		sleep((unsigned)secs + 1);
	ck_assert_int_eq(tclient_type(tc, PASSWORD), 0);
	screen = tclient_screen(tc);
	ck_assert_ptr_null(strstr(screen, "horse"));
	free(screen);
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
	wait_for(tc, "Online (1)");
	wait_for(tc, "alice  1 online");
	quit(tc);
	stop(h);
}
END_TEST

/* ---- a registered key goes straight to the lobby -------------------------- */

START_TEST(test_key_login)
{
	struct harness	*h = start();
	struct tclient	*tc;
	ssh_key		 key;
	char		*fp;

	if (h == NULL)
		return;
	key = tclient_key_new();
	ck_assert_ptr_nonnull(key);
	fp = tclient_key_fingerprint(key);
	ck_assert_ptr_nonnull(fp);

	/* First time: the key is nobody's; register the name... */
	tc = with_key(h, "carol", key);
	wait_for(tc, "Welcome to gamehall");
	register_name(tc, "carol", PASSWORD);
	wait_for(tc, "Welcome, carol!");
	/* ...and, in the account, the key with one keystroke. */
	ck_assert_int_eq(tclient_type(tc, "a"), 0);
	wait_for(tc, "Press k to register it");
	wait_for(tc, fp);
	ck_assert_int_eq(tclient_type(tc, "k"), 0);
	wait_for(tc, "Key registered");
	wait_for(tc, "SSH keys (1)");
	wait_for(tc, "is registered to you");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	wait_for(tc, "Online (1)");
	quit(tc);

	/* Again as carol@ with the key: no welcome, the lobby at once. */
	tc = with_key(h, "carol", key);
	wait_for(tc, "Online (1)");
	wait_for(tc, "carol  1 online");
	ck_assert(!tclient_find(tc, "Welcome to gamehall", NULL, NULL));
	/* The account lists the key by fingerprint. */
	ck_assert_int_eq(tclient_type(tc, "a"), 0);
	wait_for(tc, fp);
	wait_for(tc, "is registered to you");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	wait_for(tc, "Online (1)");
	quit(tc);

	free(fp);
	ssh_key_free(key);
	stop(h);
}
END_TEST

/* ---- guests ---------------------------------------------------------------- */

START_TEST(test_guest)
{
	struct harness	*h = start();
	struct tclient	*tc;
	ssh_key		 key;
	char		 name[64], label[96];
	int		 row, col, i;
	const char	*line;

	if (h == NULL)
		return;
	/* A click on "Play as a guest" (mode 1006 reports). */
	tc = visitor(h, "someone", 80, 24);
	ck_assert(tclient_mouse_mode(tc));
	ck_assert(tclient_find(tc, "Play as a guest", &row, &col));
	ck_assert_int_eq(tclient_click(tc, row, col + 3), 0);
	wait_for(tc, "(guest)");
	ck_assert(tclient_find(tc, "guest-", &row, &col));
	ck_assert_int_eq(row, 0);
	line = tclient_row(tc, 0);
	ck_assert_int_eq(sscanf(line + col, "%63[a-z0-9-]", name), 1);
	ck_assert_int_eq(strlen(name), strlen("guest-7f3a"));
	for (i = 6; name[i] != '\0'; i++)
		ck_assert(strchr("0123456789abcdef", name[i]) != NULL);
	wait_for(tc, "Online (1)");
	quit(tc);

	/* A device key keeps its guest name while the daemon runs. */
	key = tclient_key_new();
	tc = with_key(h, "dave", key);
	wait_for(tc, "Welcome to gamehall");
	ck_assert_int_eq(tclient_type(tc, "g"), 0);
	wait_for(tc, "(guest)");
	ck_assert(tclient_find(tc, "guest-", &row, &col));
	ck_assert_int_eq(sscanf(tclient_row(tc, 0) + col, "%63[a-z0-9-]",
	    name), 1);
	quit(tc);
	tc = with_key(h, "dave", key);
	snprintf(label, sizeof label, "Play as a guest (%s)", name);
	wait_for(tc, label);
	ck_assert_int_eq(tclient_type(tc, "g"), 0);
	snprintf(label, sizeof label, "%s (guest)", name);
	wait_for(tc, label);
	quit(tc);
	ssh_key_free(key);
	stop(h);
}
END_TEST

/* ---- the lobby chat, seen by someone else ---------------------------------- */

START_TEST(test_chat)
{
	struct harness	*h = start();
	struct tclient	*a, *b;

	if (h == NULL)
		return;
	uint64_t	 first, before, line;

	a = guest(h, "ann");
	b = guest(h, "ben");
	wait_for(a, "Online (2)");
	wait_for(b, "Online (2)");
	tclient_settle(b, 300, WAIT_MS);
	first = tclient_bytes_received(b);	/* welcome + lobby screens */
	ck_assert_int_eq(tclient_type(a, "t"), 0);
	before = tclient_bytes_received(b);
	type_line(a, "hello from ann");
	wait_for(b, "hello from ann");
	wait_for(a, "hello from ann");
	/* Only the changed cells go to ben: far less than his whole
	 * first lobby screen. */
	tclient_settle(b, 300, WAIT_MS);
	line = tclient_bytes_received(b) - before;
	fprintf(stderr, "test_chat: ben's welcome and lobby screens %llu "
	    "bytes, then one chat line %llu bytes\n",
	    (unsigned long long)first, (unsigned long long)line);
	ck_assert_uint_lt(line * 4, first);
	/* And back. */
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_TAB), 0);
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_TAB), 0);
	type_line(b, "hi ann, ben here");
	wait_for(a, "hi ann, ben here");
	leave_chat(b);
	/* ann leaves: ben sees it. */
	leave_chat(a);
	quit(a);
	wait_for(b, "Online (1)");
	wait_for(b, "left.");
	quit(b);
	stop(h);
}
END_TEST

/* A chat flood meets the limit, with a note; the hall stays fine. */
START_TEST(test_chat_limit)
{
	struct harness	*h = start();
	struct tclient	*a;
	char		 line[32];
	int		 i;

	if (h == NULL)
		return;
	a = guest(h, "fast");
	ck_assert_int_eq(tclient_type(a, "t"), 0);
	for (i = 0; i < 12; i++) {
		snprintf(line, sizeof line, "flood %d", i);
		type_line(a, line);
	}
	wait_for(a, "slow down");
	leave_chat(a);
	quit(a);
	stop(h);
}
END_TEST

/*
 * A paste longer than any key budget arrives whole, Enter included: seven
 * chat lines of 300 characters (what a chat line takes) in one go, all
 * seen by someone else.  (The hall is told to let ten lines through at
 * once: its chat limit is not what this is about.)
 */
START_TEST(test_paste)
{
	static const char *const settings[] = { "chat_burst=10", NULL };
	struct harness	*h;
	struct tclient	*a, *b;
	char		 paste[7 * 301 + 1], mark[32], text[320];
	size_t		 at = 0;
	int		 i, n;

	if (harness_daemon_path() == NULL)
		return;
	h = harness_start(settings);
	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	current = h;
	a = guest(h, "paster");
	b = visitor(h, "reader", 200, 60);
	ck_assert_int_eq(tclient_type(b, "g"), 0);
	wait_for(b, "Online (2)");
	for (i = 0; i < 7; i++) {
		/* "start<i>" and "end<i>" as words of their own, so the
		 * wrapped message shows them whole. */
		n = snprintf(text, sizeof text, "start%d", i);
		for (; n < 300 - 5; n++)
			text[n] = n % 8 == 0 ? ' ' : 'x';
		snprintf(text + n, sizeof text - (size_t)n, " end%d", i % 10);
		ck_assert_uint_eq(strlen(text), 300);
		at += (size_t)snprintf(paste + at, sizeof paste - at, "%s\r",
		    text);
	}
	ck_assert_uint_ge(at, 2000);
	ck_assert_int_eq(tclient_type(a, "t"), 0);
	wait_for(a, "Esc stop typing");
	ck_assert_int_eq(tclient_send(a, paste, at), 0);
	for (i = 0; i < 7; i++) {
		snprintf(mark, sizeof mark, "start%d", i);
		wait_for(b, mark);
		snprintf(mark, sizeof mark, "end%d", i);
		wait_for(b, mark);
	}
	ck_assert(!tclient_find(a, "dropped", NULL, NULL));
	tclient_free(a);
	quit(b);
	stop(h);
}
END_TEST

static int64_t
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * A paste far beyond what the hall takes (1 MiB, the size that used to
 * freeze the paster's own session for minutes): what exceeds the budget
 * is dropped and he is told; his resize goes through at once, not behind
 * the paste; he can type again right after; and two others chat as if
 * nothing happened.
 */
START_TEST(test_flood)
{
	struct harness	*h = start();
	struct tclient	*a, *b, *c;
	static char	 flood[1024 * 1024];
	char		 line[32];
	int64_t		 t0, worst = 0;
	size_t		 i;

	if (h == NULL)
		return;
	a = guest(h, "flooder");
	b = guest(h, "talker");
	c = guest(h, "listener");
	wait_for(c, "Online (3)");
	ck_assert_int_eq(tclient_type(a, "t"), 0);
	wait_for(a, "Esc stop typing");
	for (i = 0; i < sizeof flood; i++)
		flood[i] = (char)('a' + i % 26);
	t0 = now_ms();
	ck_assert_int_eq(tclient_send(a, flood, sizeof flood), 0);
	ck_assert_int_eq(tclient_resize(a, 100, 30), 0);
	/* The new size is drawn, not held behind the paste: the title's
	 * count sits at the right of a 100-column screen. */
	{
		int row = -1, col = -1;

		while (now_ms() - t0 < 5000 && !(tclient_find(a, "3 online",
		    &row, &col) && col > 80))
			tclient_read(a, 100);
		fprintf(stderr, "test_flood: redrawn at the new size after "
		    "%lld ms\n", (long long)(now_ms() - t0));
		ck_assert_msg(col > 80, "not redrawn at 100 columns within "
		    "5 s of a 1 MiB paste");
	}
	/* Once the kept part of the paste has gone in, he is told. */
	wait_for(a, "That paste was too long");
	wait_for(a, "were dropped");
	fprintf(stderr, "test_flood: told of the drop after %lld ms\n",
	    (long long)(now_ms() - t0));
	ck_assert_msg(now_ms() - t0 < 20000, "the paste held the session "
	    "%lld ms", (long long)(now_ms() - t0));

	ck_assert_int_eq(tclient_type(b, "t"), 0);
	wait_for(b, "Esc stop typing");
	for (i = 0; i < 3; i++) {
		snprintf(line, sizeof line, "still here %zu", i);
		t0 = now_ms();
		type_line(b, line);
		wait_for(c, line);
		if (now_ms() - t0 > worst)
			worst = now_ms() - t0;
	}
	fprintf(stderr, "test_flood: a chat line took %lld ms at worst "
	    "after the flood\n", (long long)worst);
	ck_assert_msg(worst < 5000, "a chat line took %lld ms",
	    (long long)worst);
	/* What he types now is his: the line emptied, a last message. */
	ck_assert_int_eq(tclient_ctrl(a, 'u'), 0);
	type_line(a, "flood over");
	wait_for(c, "flood over");
	tclient_free(a);
	tclient_free(b);
	quit(c);
	stop(h);
}
END_TEST

/* ---- resizing ---------------------------------------------------------------- */

START_TEST(test_resize)
{
	struct harness	*h = start();
	struct tclient	*tc;
	int		 row, col;

	if (h == NULL)
		return;
	tc = guest(h, "sizer");
	wait_for(tc, "quit");
	ck_assert(tclient_find(tc, "settings", &row, &col));
	ck_assert_int_eq(row, 22);

	/* Larger: the buttons move to the new bottom, the panes widen. */
	ck_assert_int_eq(tclient_resize(tc, 140, 45), 0);
	wait_for(tc, "join by code");	/* the long labels fit now */
	ck_assert(tclient_find(tc, "settings", &row, &col));
	ck_assert_int_eq(row, 43);
	ck_assert(tclient_find(tc, "Online (1)", &row, &col));
	ck_assert_int_gt(col, 100);

	/* Smaller than the minimum, then back. */
	ck_assert_int_eq(tclient_resize(tc, 70, 20), 0);
	wait_for(tc, "make the window larger (80x24 at least; now 70x20)");
	ck_assert(!tclient_find(tc, "Online", NULL, NULL));
	ck_assert_int_eq(tclient_resize(tc, 100, 30), 0);
	wait_for(tc, "Online (1)");
	wait_gone(tc, "make the window larger");
	ck_assert(tclient_find(tc, "settings", &row, &col));
	ck_assert_int_eq(row, 28);
	quit(tc);
	stop(h);
}
END_TEST

/* The window too small from the start; absurd sizes are survived. */
START_TEST(test_too_small)
{
	struct harness	*h = start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = tclient_ssh_open(harness_ssh_port(h), "tiny", 60, 20);
	ck_assert_ptr_nonnull(tc);
	wait_for(tc, "make the window larger (80x24 at least; now 60x20)");
	ck_assert_int_eq(tclient_resize(tc, 80, 24), 0);
	wait_for(tc, "Welcome to gamehall");
	/* 0x0 and 10000x10000: clamped, never allocated blindly; each time
	 * the screen comes back whole at a sane size. */
	ck_assert_int_eq(tclient_resize(tc, 0, 0), 0);
	ck_assert_int_eq(tclient_resize(tc, 80, 24), 0);
	/* Our local screen lost everything at 1x1, but the hall may take
	 * 80x24 as no change: Ctrl-L asks for the whole screen. */
	ck_assert_int_eq(tclient_ctrl(tc, 'l'), 0);
	wait_for(tc, "Welcome to gamehall");
	ck_assert_int_eq(tclient_resize(tc, 10000, 10000), 0);
	wait_for(tc, "Welcome to gamehall");
	ck_assert(!tclient_find(tc, "make the window larger", NULL, NULL));
	ck_assert_int_eq(tclient_resize(tc, 80, 24), 0);
	wait_for(tc, "Welcome to gamehall");
	ck_assert(harness_alive(h));
	tclient_free(tc);
	stop(h);
}
END_TEST

/* ---- hostile names ------------------------------------------------------------ */

START_TEST(test_hostile_name)
{
	struct harness	*h = start();
	struct tclient	*tc;
	int		 row, crow, ccol;

	if (h == NULL)
		return;
	ck_assert_int_eq(harness_add_account(h, "alice", PASSWORD), 0);
	tc = visitor(h, "mallory", 80, 24);
	ck_assert_int_eq(tclient_type(tc, "r"), 0);
	wait_for(tc, "Password again:");

	/*
	 * Each refused with its reason; the form stays, with the cursor in
	 * the name field the message is about: the next try is typed there
	 * at once.
	 */
	type_line(tc, "<script>");
	wait_for(tc, "That name cannot be used");
	wait_for(tc, "not '<'");
	ck_assert(tclient_find(tc, "Name:", &row, NULL));
	tclient_cursor(tc, &crow, &ccol);
	ck_assert_int_eq(crow, row);
	ck_assert_int_eq(tclient_ctrl(tc, 'u'), 0);
	type_line(tc, "x");
	wait_for(tc, "at least 2");
	ck_assert_int_eq(tclient_ctrl(tc, 'u'), 0);
	type_line(tc, "much-too-long-a-name");
	wait_for(tc, "at most 16");
	ck_assert_int_eq(tclient_ctrl(tc, 'u'), 0);
	type_line(tc, "guest-1234");
	wait_for(tc, "kept for guests");
	ck_assert_int_eq(tclient_ctrl(tc, 'u'), 0);
	type_line(tc, "ALICE");
	wait_for(tc, "is taken");
	/* Tab from a bad name: still the name field. */
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_TAB), 0);
	tclient_settle(tc, 300, WAIT_MS);
	tclient_cursor(tc, &crow, &ccol);
	ck_assert_int_eq(crow, row);
	/* An escape sequence typed into the name: never a control. */
	ck_assert_int_eq(tclient_ctrl(tc, 'u'), 0);
	ck_assert_int_eq(tclient_send(tc, "\x1b[31mr\x1b]0;t\x07\r", 13),
	    0);
	wait_for(tc, "That name cannot be used");
	ck_assert_str_eq(tclient_title(tc), "");
	/* Nothing was registered: the hall still says Register. */
	wait_for(tc, "Register a name");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	wait_for(tc, "Welcome to gamehall");
	tclient_free(tc);
	stop(h);
}
END_TEST

/* ---- escape sequences in chat reach others harmlessly ------------------------------ */

START_TEST(test_hostile_chat)
{
	/* An OSC title, a screen clear, red, a C1 CSI in UTF-8, mouse on,
	 * a bidi override: sent as raw bytes, as a hostile client would. */
	static const char evil[] = "pre \x1b]0;pwned\x07 \x1b[2J \x1b[31mRED "
	    "\xc2\x9b" "2J \x1b[?1000h \xe2\x80\xae" "gnp.exe end\r";
	struct harness		*h = start();
	struct tclient		*a, *b;
	struct tclient_cell	 cell;
	int			 row, col;

	if (h == NULL)
		return;
	a = guest(h, "mal");
	b = guest(h, "victim");
	wait_for(b, "Online (2)");
	ck_assert_int_eq(tclient_type(a, "t"), 0);
	ck_assert_int_eq(tclient_send(a, evil, sizeof evil - 1), 0);
	wait_for(b, "gnp.exe end");
	wait_for(b, "pre ");

	/* The victim's terminal did none of it. */
	ck_assert_str_eq(tclient_title(b), "");
	ck_assert(tclient_find(b, "Online (2)", NULL, NULL));	/* no clear */
	ck_assert(tclient_find(b, "Tables (0)", NULL, NULL));
	ck_assert(tclient_find(b, "gnp.exe end", &row, &col));
	ck_assert_int_eq(tclient_cell(b, row, col, &cell), 0);
	ck_assert_str_eq(cell.text, "g");	/* not reversed by a bidi */
	ck_assert_int_ne(cell.fg, 1);		/* not red */
	ck_assert_int_ne(cell.fg, 9);
	if (tclient_find(b, "RED", &row, &col)) {
		ck_assert_int_eq(tclient_cell(b, row, col, &cell), 0);
		ck_assert_int_ne(cell.fg, 1);
		ck_assert_int_ne(cell.fg, 9);
	}
	/* What is shown is printable only. */
	ck_assert(!tclient_find(b, "\x1b", NULL, NULL));
	quit(b);
	leave_chat(a);
	quit(a);
	stop(h);
}
END_TEST

/* ---- the smaller screens ------------------------------------------------------------ */

/* How many times text is on the screen. */
static int
count(struct tclient *tc, const char *text)
{
	char		*screen = tclient_screen(tc), *p;
	int		 n = 0;

	for (p = screen; (p = strstr(p, text)) != NULL; p += strlen(text))
		n++;
	free(screen);
	return n;
}

/* Help, Settings and Account show their keys once: as buttons, with the
 * status line left for news. */
START_TEST(test_keys_shown_once)
{
	struct harness	*h = start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = guest(h, "looker");
	ck_assert_int_eq(tclient_type(tc, "?"), 0);
	wait_for(tc, "Keys");
	ck_assert_int_eq(count(tc, "Esc back"), 1);
	ck_assert_int_eq(count(tc, "PgUp/PgDn scroll"), 1);
	ck_assert_int_eq(tclient_type(tc, "q"), 0);
	wait_for(tc, "Online (1)");
	ck_assert_int_eq(tclient_type(tc, "s"), 0);
	wait_for(tc, "How this terminal is drawn");
	ck_assert_int_eq(count(tc, "Esc back"), 1);
	ck_assert_int_eq(count(tc, "as detected"), 1);
	ck_assert_int_eq(tclient_type(tc, "q"), 0);
	wait_for(tc, "Online (1)");
	quit(tc);

	ck_assert_int_eq(harness_add_account(h, "erin", PASSWORD), 0);
	tc = member_login(h, "erin");
	ck_assert_int_eq(tclient_type(tc, "a"), 0);
	wait_for(tc, "SSH keys (0)");
	ck_assert_int_eq(count(tc, "Esc back"), 1);
	ck_assert_int_eq(count(tc, "change password"), 1);
	quit_from(tc);
	stop(h);
}
END_TEST

/* 'w' with no table: nothing to watch (not "to join"). */
START_TEST(test_watch_nothing)
{
	struct harness	*h = start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = guest(h, "watcher");
	ck_assert_int_eq(tclient_type(tc, "w"), 0);
	wait_for(tc, "There are no tables: nothing to watch.");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
	wait_for(tc, "There are no tables: nothing to join.");
	quit(tc);
	stop(h);
}
END_TEST

/*
 * The account screen follows changes made on another terminal: frank,
 * logged in twice, registers a key on one; the other, already showing
 * the account, lists it.
 */
START_TEST(test_account_follows)
{
	struct harness	*h = start();
	struct tclient	*a, *b;
	ssh_key		 key;
	char		*fp;

	if (h == NULL)
		return;
	ck_assert_int_eq(harness_add_account(h, "frank", PASSWORD), 0);
	a = member_login(h, "frank");
	ck_assert_int_eq(tclient_type(a, "a"), 0);
	wait_for(a, "SSH keys (0)");

	/* The other terminal: a new key, logged in with the form. */
	key = tclient_key_new();
	ck_assert_ptr_nonnull(key);
	fp = tclient_key_fingerprint(key);
	b = with_key(h, "somebody", key);
	wait_for(b, "Welcome to gamehall");
	ck_assert_int_eq(tclient_type(b, "l"), 0);
	wait_for(b, "Log in");
	type_line(b, "frank");
	type_line(b, PASSWORD);
	wait_for(b, "Online (1)");
	ck_assert_int_eq(tclient_type(b, "a"), 0);
	wait_for(b, "Press k to register it");
	ck_assert_int_eq(tclient_type(b, "k"), 0);
	wait_for(b, "SSH keys (1)");

	wait_for(a, "SSH keys (1)");
	wait_for(a, fp);
	ck_assert_int_eq(tclient_key(a, TCLIENT_KEY_ESCAPE), 0);
	wait_for(a, "Online (1)");
	free(fp);
	ssh_key_free(key);
	tclient_free(a);
	tclient_free(b);
	stop(h);
}
END_TEST

/* ---- exec commands, telnet, shutdown ------------------------------------------------ */

START_TEST(test_exec_join)
{
	struct harness	*h = start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = tclient_ssh_new(harness_ssh_port(h), "joiner");
	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_int_eq(tclient_connect(tc), 0);
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_int_eq(tclient_exec(tc, "join ZZ9Q"), 0);
	/* The link goes straight in, as a guest. */
	wait_for(tc, "no such table ZZ9Q");
	ck_assert(!tclient_find(tc, "Welcome to gamehall", NULL, NULL));
	quit(tc);
	stop(h);
}
END_TEST

START_TEST(test_telnet)
{
	struct harness	*h = start();
	struct tclient	*tc;

	if (h == NULL)
		return;
	tc = tclient_telnet_new(harness_telnet_port(h));
	ck_assert_int_eq(tclient_connect(tc), 0);
	wait_for(tc, "Welcome to gamehall");
	wait_for(tc, "Telnet is clear text");
	/* No password is asked over telnet. */
	ck_assert_int_eq(tclient_type(tc, "r"), 0);
	wait_for(tc, "passwords are refused here");
	ck_assert(!tclient_find(tc, "Password again:", NULL, NULL));
	ck_assert_int_eq(tclient_type(tc, "g"), 0);
	wait_for(tc, "(guest)");
	quit(tc);
	stop(h);
}
END_TEST

START_TEST(test_shutdown)
{
	struct harness	*h = start();
	struct tclient	*a, *b;
	char		*screen;

	if (h == NULL)
		return;
	a = guest(h, "one");
	b = visitor(h, "two", 80, 24);
	ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
	ck_assert_int_eq(tclient_wait_closed(a, WAIT_MS), 0);
	ck_assert_int_eq(tclient_wait_closed(b, WAIT_MS), 0);
	/* Back on the normal screen, the message is what is left. */
	screen = tclient_screen(a);
	ck_assert_msg(strstr(screen, "shutting down") != NULL,
	    "no shutdown message:\n%s", screen);
	free(screen);
	tclient_free(a);
	tclient_free(b);
	stop(h);
}
END_TEST

/* One case per test, so CK_RUN_CASE=test_chat runs one alone. */
#define HALL_CASE(s, fn) do {						\
	TCase	*tc_ = tcase_create(#fn);				\
	tcase_set_timeout(tc_, 180);					\
	tcase_add_test(tc_, fn);					\
	suite_add_tcase(s, tc_);					\
} while (0)

static Suite *
hall_suite(void)
{
	Suite	*s = suite_create("hall");

	HALL_CASE(s, test_register_then_login);
	HALL_CASE(s, test_key_login);
	HALL_CASE(s, test_guest);
	HALL_CASE(s, test_chat);
	HALL_CASE(s, test_chat_limit);
	HALL_CASE(s, test_paste);
	HALL_CASE(s, test_flood);
	HALL_CASE(s, test_keys_shown_once);
	HALL_CASE(s, test_watch_nothing);
	HALL_CASE(s, test_account_follows);
	HALL_CASE(s, test_resize);
	HALL_CASE(s, test_too_small);
	HALL_CASE(s, test_hostile_name);
	HALL_CASE(s, test_hostile_chat);
	HALL_CASE(s, test_exec_join);
	HALL_CASE(s, test_telnet);
	HALL_CASE(s, test_shutdown);
	return s;
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "gamehalld is not built: skipping\n");
		return 77;
	}
	sr = srunner_create(hall_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
