/*
 * test-sysop.c - the sysop's tools against a real gamehalld over real
 * SSH: gamehallctl for every command (good and bad arguments, text and
 * --json), the control socket's permissions and its bound on a line, a
 * kick seen by the kicked, a mute, a broadcast and the MOTD on other
 * people's screens, bans by key, account and address refusing real logins
 * and surviving a restart, the sysop menu for a sysop and refused to
 * others, closing a table, the shutdown countdown, and the audit log.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <check.h>
#include <grp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "src/store/store.h"
#include "tests/integration/harness.h"
#include "tests/integration/players.h"
#include "tests/integration/tclient.h"

static char	ctl_out[65536];	/* what the last gamehallctl printed */

/*
 * Run gamehallctl --state-dir STATE (unless the first argument is an
 * option of its own) with the arguments, NULL-terminated; its stdout and
 * stderr in ctl_out; returns its exit status.
 */
static int
ctl(struct harness *h, const char *first, ...)
{
	char		 prog[4096], *argv[40];
	const char	*top = getenv("top_builddir");
	int		 argc = 0, fds[2], status;
	size_t		 len = 0;
	ssize_t		 n;
	pid_t		 pid;
	va_list		 ap;

	snprintf(prog, sizeof prog, "%s/gamehallctl", top != NULL ? top :
	    ".");
	argv[argc++] = prog;
	if (first[0] != '-' || strcmp(first, "--json") == 0) {
		argv[argc++] = (char *)"--state-dir";
		argv[argc++] = (char *)harness_state_dir(h);
	}
	argv[argc++] = (char *)first;
	va_start(ap, first);
	while (argc < 39 && (argv[argc] = va_arg(ap, char *)) != NULL)
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		execv(prog, argv);
		_exit(127);
	}
	close(fds[1]);
	while (len + 1 < sizeof ctl_out && (n = read(fds[0], ctl_out + len,
	    sizeof ctl_out - 1 - len)) > 0)
		len += (size_t)n;
	ctl_out[len] = '\0';
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status), "gamehallctl did not exit");
	return WEXITSTATUS(status);
}

/* gamehallctl succeeded, and said `text` (may be NULL). */
#define CTL_OK(h, text, ...) do {					\
	int rc_ = ctl((h), __VA_ARGS__, (char *)NULL);			\
	ck_assert_msg(rc_ == 0, "exit %d: %s", rc_, ctl_out);		\
	if ((text) != NULL)						\
		ck_assert_msg(strstr(ctl_out, (text)) != NULL,		\
		    "\"%s\" not in: %s", (text), ctl_out);		\
} while (0)

/* gamehallctl failed (exit 1), with a message holding `text`. */
#define CTL_FAILS(h, text, ...) do {					\
	int rc_ = ctl((h), __VA_ARGS__, (char *)NULL);			\
	ck_assert_msg(rc_ == 1, "exit %d: %s", rc_, ctl_out);		\
	ck_assert_msg(strstr(ctl_out, "gamehallctl: ") != NULL &&	\
	    strstr(ctl_out, (text)) != NULL, "\"%s\" not in: %s",	\
	    (text), ctl_out);						\
} while (0)

static bool
ctl_skip(void)
{
	char		 prog[4096];
	const char	*top = getenv("top_builddir");

	snprintf(prog, sizeof prog, "%s/gamehallctl", top != NULL ? top :
	    ".");
	return harness_daemon_path() == NULL || access(prog, X_OK) != 0;
}

/* The screen, after the server closed the connection, holds `text`. */
static void
closed_with(struct tclient *tc, const char *text)
{
	char	*screen;

	ck_assert_msg(tclient_wait_closed(tc, WAIT_MS) == 0,
	    "the connection stayed open");
	screen = tclient_screen(tc);
	ck_assert_msg(strstr(screen, text) != NULL, "\"%s\" not on:\n%s",
	    text, screen);
	free(screen);
}

/* An SSH login with a key, up to the first screen (may be refused). */
static struct tclient *
keyed(struct harness *h, const char *user, ssh_key key)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), user);

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_msg(tclient_auth_key(tc, key) == TCLIENT_AUTH_SUCCESS,
	    "key refused: %s", tclient_error(tc));
	ck_assert_int_eq(tclient_shell(tc), 0);
	return tc;
}

/* Someone with the password, refused after authentication. */
static struct tclient *
member_raw(struct harness *h, const char *name, const char *password)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), name);
	const char	*answers[] = { password, NULL };

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, answers),
	    TCLIENT_AUTH_SUCCESS);
	ck_assert_int_eq(tclient_shell(tc), 0);
	return tc;
}

/* Give an account a key, through the store, as the Account screen does. */
static void
give_key(struct harness *h, const char *name, const char *fp)
{
	char			 path[4096], err[256];
	struct store		*st;
	struct store_user	 u;

	snprintf(path, sizeof path, "%s/gamehall.db", harness_state_dir(h));
	ck_assert_ptr_nonnull(st = store_open(path, err, sizeof err));
	ck_assert_int_eq(store_user_find(st, name, &u), STORE_OK);
	ck_assert_int_eq(store_key_add(st, u.id, fp, "ssh-ed25519", "",
	    (int64_t)time(NULL)), STORE_OK);
	store_close(st);
}

/* ---- the commands ---------------------------------------------------------- */

START_TEST(test_commands)
{
	struct harness	*h;
	struct tclient	*alice;
	char		 newpw[64], *p;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Lobby");

	CTL_OK(h, "version", "status");
	CTL_OK(h, "\"sessions\": \"1\"", "--json", "status");
	CTL_OK(h, "\"users\": \"1\"", "--json", "status");
	CTL_FAILS(h, "usage: status", "status", "extra");
	CTL_OK(h, "alice", "who");
	CTL_OK(h, "lobby", "who");
	CTL_OK(h, "1 session", "who");
	CTL_OK(h, "0 tables", "tables");
	CTL_FAILS(h, "unknown command 'frobnicate'", "frobnicate");
	CTL_OK(h, "kick NAME", "help");

	/* Moderation's bad arguments. */
	CTL_FAILS(h, "usage: kick", "kick");
	CTL_FAILS(h, "no session of nobody", "kick", "nobody");
	CTL_FAILS(h, "not a duration: 5x", "mute", "alice", "5x");
	CTL_FAILS(h, "bob is not muted", "unmute", "bob");
	CTL_OK(h, "muted bob for 1800 s", "mute", "bob", "30m", "rude");
	CTL_OK(h, "unmuted bob", "unmute", "bob");
	CTL_FAILS(h, "no such kind of ban: planet", "ban", "planet", "x");
	CTL_FAILS(h, "not a key fingerprint", "ban", "key", "SHA256:short");
	CTL_FAILS(h, "not an address or network: 300.1.1.1", "ban", "ip",
	    "300.1.1.1");
	CTL_FAILS(h, "no account named zed", "ban", "account", "zed");
	CTL_FAILS(h, "--for needs a duration", "ban", "ip", "192.0.2.1",
	    "--for", "soon");
	CTL_OK(h, "banned ip 192.0.2.9/24", "ban", "ip", "192.0.2.9/24",
	    "--for", "2h", "a bot net");
	CTL_OK(h, "a bot net", "bans");
	CTL_OK(h, "\"target\": \"192.0.2.0/24\"", "--json", "bans");
	CTL_OK(h, "unbanned ip", "unban", "ip", "192.0.2.0/24");
	CTL_FAILS(h, "no ban on 192.0.2.0/24", "unban", "ip", "192.0.2.0/24");
	CTL_OK(h, "0 bans in force", "bans");
	CTL_FAILS(h, "usage: broadcast TEXT", "broadcast", "   ");
	/* A zero-width space is cleaned away like any user text. */
	CTL_FAILS(h, "nothing to broadcast", "broadcast", "\xe2\x80\x8b");
	CTL_FAILS(h, "usage: motd --clear", "motd", "--clear", "now");

	/* Accounts and the role. */
	CTL_OK(h, "\"password\": \"yes\"", "--json", "account", "show",
	    "alice");
	CTL_FAILS(h, "no account named zed", "account", "show", "zed");
	/* The account, then its keys: two tables of their own. */
	give_key(h, "alice", "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
	CTL_OK(h, "keys         1", "account", "show", "alice");
	ck_assert_msg(strstr(ctl_out, "\n\nkey          SHA256:AAAAAAAAAAAAAAAA")
	    != NULL, "%s", ctl_out);
	CTL_FAILS(h, "no such account command: eat", "account", "eat",
	    "alice");
	CTL_FAILS(h, "the name Carol is taken", "account", "rename", "dave",
	    "Carol");
	CTL_FAILS(h, "not a name", "account", "rename", "dave", "x");
	CTL_OK(h, "renamed dave to dora", "account", "rename", "dave",
	    "dora");
	CTL_OK(h, "\"name\": \"dora\"", "--json", "account", "show", "dora");
	CTL_FAILS(h, "usage: sysop grant|revoke", "sysop", "crown", "bob");
	CTL_OK(h, "bob is now a sysop", "sysop", "grant", "bob");
	CTL_OK(h, "\"sysop\": \"yes\"", "--json", "account", "show", "bob");
	CTL_OK(h, "bob is no longer a sysop", "sysop", "revoke", "bob");
	CTL_OK(h, "disabled carol", "account", "disable", "carol", "spam");
	CTL_OK(h, "\"disabled\": \"yes\"", "--json", "account", "show",
	    "carol");
	CTL_OK(h, "enabled carol", "account", "enable", "carol");

	/* A reset password works at once, and the old one no longer. */
	CTL_OK(h, "the password of bob is now ", "account", "reset-password",
	    "bob");
	p = strstr(ctl_out, "is now ") + 7;
	snprintf(newpw, sizeof newpw, "%.*s", (int)strcspn(p, "\n"), p);
	ck_assert_int_eq(strlen(newpw), 12);
	{
		struct tclient	*bob = players_person(h, "bob", newpw, NULL);

		players_wait(bob, "Lobby");
		tclient_free(bob);
	}

	/* Tables, the daemon. */
	CTL_FAILS(h, "no live table ZZZZZ", "table", "close", "ZZZZZ");
	CTL_FAILS(h, "usage: table close", "table", "close");
	CTL_FAILS(h, "no such table command: open", "table", "open", "AB");
	CTL_OK(h, "reload requested", "reload");
	ck_assert_int_eq(harness_wait_log(h, "SIGHUP: re-read", WAIT_MS), 0);
	CTL_FAILS(h, "usage: reload", "reload", "now");
	CTL_FAILS(h, "not a log level: loud", "log-level", "loud");
	CTL_OK(h, "log level debug", "log-level", "debug");
	CTL_OK(h, "log level debug", "log-level");
	CTL_OK(h, "log level info", "log-level", "info");
	CTL_FAILS(h, "--in needs a number of seconds", "shutdown", "--in",
	    "soon");
	CTL_FAILS(h, "no shutdown is counting down", "shutdown", "--cancel");

	/* Who did what and why, newest first. */
	CTL_OK(h, "account disable carol spam", "audit");
	CTL_OK(h, "spam", "audit");
	CTL_OK(h, "ok: disabled carol", "audit");
	CTL_OK(h, "error: no such kind of ban", "audit");
	CTL_OK(h, "ctl uid", "audit");
	CTL_FAILS(h, "not a count", "audit", "many");
	ck_assert_int_eq(ctl(h, "--json", "audit", "1", (char *)NULL), 0);
	ck_assert_msg(strncmp(ctl_out, "{\"ok\": true", 11) == 0 &&
	    strstr(ctl_out, "shutdown --cancel") != NULL, "%s", ctl_out);
	CTL_OK(h, "ok: password reset", "audit", "1000");
	ck_assert_msg(strstr(ctl_out, newpw) == NULL,
	    "the new password is in the audit log");
	p = harness_log(h);
	ck_assert_msg(strstr(p, newpw) == NULL,
	    "the new password is in the daemon's log");
	ck_assert_msg(strstr(p, "sysop ctl uid") != NULL,
	    "sysop actions are not in the daemon's log");
	free(p);

	/* A kick by session: the ADDRESS:PORT that who gives. */
	ck_assert_int_eq(ctl(h, "--json", "who", (char *)NULL), 0);
	p = strstr(ctl_out, "\"session\": \"");
	ck_assert_ptr_nonnull(p);
	p += strlen("\"session\": \"");
	snprintf(newpw, sizeof newpw, "%.*s", (int)strcspn(p, "\""), p);
	CTL_OK(h, "(1 session)", "kick", newpw, "session", "test");
	closed_with(alice, "The sysop disconnected you: session test.");

	/* The command line's own errors: exit 2. */
	ck_assert_int_eq(ctl(h, "-s", "/nonexistent/control.sock", "status",
	    (char *)NULL), 2);
	ck_assert_msg(strstr(ctl_out, "is gamehalld running?") != NULL, "%s",
	    ctl_out);
	ck_assert_int_eq(ctl(h, "--bogus", (char *)NULL), 2);
	tclient_free(alice);
	players_stop(h);
}
END_TEST

/* The socket: mode 0600, or 0660 and the group; a line without end is
 * refused with a message, not read forever. */
START_TEST(test_socket)
{
	struct harness		*h;
	struct stat		 st;
	struct sockaddr_un	 sun;
	struct group		*gr;
	char			 path[4096], settings_path[4200], setting2[128];
	char			 big[3000], reply[256];
	const char		*settings[3];
	ssize_t			 n;
	int			 status;
	size_t			 len = 0;
	int			 fd;

	if (ctl_skip())
		return;
	h = players_start();
	snprintf(path, sizeof path, "%s/control.sock", harness_state_dir(h));
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert(S_ISSOCK(st.st_mode));
	ck_assert_int_eq(st.st_mode & 0777, 0600);

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	ck_assert_uint_lt(strlen(path), sizeof sun.sun_path);
	memcpy(sun.sun_path, path, strlen(path) + 1);
	ck_assert_int_ge(fd = socket(AF_UNIX, SOCK_STREAM, 0), 0);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sun, sizeof sun), 0);
	memset(big, 'x', sizeof big);
	ck_assert_int_eq(write(fd, big, sizeof big), (ssize_t)sizeof big);
	while (len + 1 < sizeof reply && (n = read(fd, reply + len,
	    sizeof reply - 1 - len)) > 0)
		len += (size_t)n;
	reply[len] = '\0';
	close(fd);
	ck_assert_msg(strstr(reply, "error: the line is too long") != NULL,
	    "%s", reply);
	CTL_OK(h, "gamehall", "status");	/* still serving */

	/* One command a line: two lines, two answers, in order. */
	ck_assert_int_ge(fd = socket(AF_UNIX, SOCK_STREAM, 0), 0);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sun, sizeof sun), 0);
	ck_assert_int_eq(write(fd, "tables\nfrobnicate\n", 18), 18);
	shutdown(fd, SHUT_WR);
	len = 0;
	while (len + 1 < sizeof reply && (n = read(fd, reply + len,
	    sizeof reply - 1 - len)) > 0)
		len += (size_t)n;
	reply[len] = '\0';
	close(fd);
	ck_assert_msg(strcmp(reply, "ok: 0 tables\nerror: unknown command "
	    "'frobnicate' (try help)\n") == 0, "%s", reply);

	/* A socket elsewhere, for a group. */
	ck_assert_ptr_nonnull(gr = getgrgid(getgid()));
	ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
	ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status), 0);
	snprintf(path, sizeof path, "%s/ctl-group.sock", harness_state_dir(h));
	snprintf(settings_path, sizeof settings_path, "control_socket=%s",
	    path);
	snprintf(setting2, sizeof setting2, "control_group=%s", gr->gr_name);
	settings[0] = settings_path;
	settings[1] = setting2;
	settings[2] = NULL;
	ck_assert_int_eq(harness_restart(h, settings), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0660);
	ck_assert_int_eq(st.st_gid, gr->gr_gid);
	CTL_OK(h, "gamehall", "-s", path, "status");
	players_stop(h);
}
END_TEST

/* ---- what people see ------------------------------------------------------- */

START_TEST(test_people)
{
	struct harness	*h;
	struct tclient	*alice, *bob, *carol, *guest;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	bob = players_member(h, "bob", NULL);
	players_wait(alice, "Lobby");
	players_wait(bob, "Lobby");

	/* The MOTD: on the welcome screen and in the lobby. */
	CTL_OK(h, "message of the day set", "motd", "Tournament at eight!");
	guest = tclient_ssh_open(harness_ssh_port(h), "someone", 80, 24);
	ck_assert_ptr_nonnull(guest);
	players_wait(guest, "Tournament at eight!");
	carol = players_member(h, "carol", NULL);
	players_wait(carol, "Message of the day: Tournament at eight!");
	CTL_OK(h, "Tournament at eight!", "motd");

	/* A broadcast on every screen. */
	CTL_OK(h, "told", "broadcast", "Restart at noon");
	players_wait(alice, "Sysop: Restart at noon");
	players_wait(bob, "Sysop: Restart at noon");
	players_wait(guest, "Sysop: Restart at noon");

	/* Muted: bob is told, and nobody sees what he typed. */
	CTL_OK(h, "muted bob", "mute", "bob", "10m");
	CTL_OK(h, "\"name\": \"bob\", \"kind\": \"user\"", "--json", "who");
	ck_assert_msg(strstr(strstr(ctl_out, "\"bob\""), "\"muted\": \"yes\"") != NULL,
	    "%s", ctl_out);
	ck_assert_int_eq(tclient_type(bob, "t"), 0);
	players_line(bob, "buy cheap gold");
	players_wait(bob, "you are muted by the sysop");
	ck_assert_int_eq(tclient_type(alice, "t"), 0);
	players_line(alice, "hello all");
	players_wait(bob, "hello all");
	ck_assert(!tclient_find(alice, "buy cheap gold", NULL, NULL));
	CTL_OK(h, "unmuted bob", "unmute", "bob");
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ENTER), 0);
	players_wait(alice, "buy cheap gold");

	/* A kick: bob sees why. */
	CTL_OK(h, "kicked bob (1 session)", "kick", "bob", "calm down");
	closed_with(bob, "The sysop disconnected you: calm down.");
	CTL_OK(h, "message of the day cleared", "motd", "--clear");
	CTL_OK(h, "no message of the day", "motd");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	tclient_free(guest);
	players_stop(h);
}
END_TEST

/* Chat moderation for everyone: /ignore hides a person's chat from one
 * reader only; a report from a profile reaches the sysop. */
START_TEST(test_ignore_report)
{
	struct harness	*h;
	struct tclient	*alice, *bob, *carol;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	bob = players_member(h, "bob", NULL);
	carol = players_member(h, "carol", NULL);
	players_wait(alice, "Lobby");
	players_wait(bob, "Lobby");
	players_wait(carol, "Lobby");

	ck_assert_int_eq(tclient_type(alice, "t"), 0);
	players_line(alice, "/ignore");
	players_wait(alice, "You ignore nobody.");
	players_line(alice, "/ignore alice");
	players_wait(alice, "You cannot ignore yourself.");
	players_line(alice, "/ignore bob");
	players_wait(alice, "You no longer see bob's chat");
	ck_assert_int_eq(tclient_type(bob, "t"), 0);
	players_line(bob, "first secret");
	players_wait(carol, "first secret");
	ck_assert_int_eq(tclient_type(carol, "t"), 0);
	players_line(carol, "carol speaks");
	players_wait(alice, "carol speaks");
	ck_assert(!tclient_find(alice, "first secret", NULL, NULL));
	players_line(alice, "/ignore");
	players_wait(alice, "You ignore bob");
	players_line(alice, "/unignore bob");
	players_wait(alice, "You see bob's chat again.");
	players_wait(alice, "first secret");
	players_line(alice, "/me is not a command here");
	players_wait(bob, "/me is not a command here");

	/* carol reports bob from his profile. */
	/* From the chat line: Tab to the tables, Tab to who is online. */
	ck_assert_int_eq(tclient_key(carol, TCLIENT_KEY_TAB), 0);
	ck_assert_int_eq(tclient_key(carol, TCLIENT_KEY_TAB), 0);
	ck_assert_int_eq(tclient_type(carol, "j"), 0);
	ck_assert_int_eq(tclient_key(carol, TCLIENT_KEY_ENTER), 0);
	players_wait(carol, "Profile");
	ck_assert_int_eq(tclient_type(carol, "r"), 0);
	players_wait(carol, "Report bob to the sysop");
	ck_assert_int_eq(tclient_key(carol, TCLIENT_KEY_ENTER), 0);
	players_wait(carol, "Say what happened.");
	players_line(carol, "spoilers in the lobby");
	players_wait(carol, "Thank you: the sysop will read your report.");
	CTL_OK(h, "1 report", "reports");
	CTL_OK(h, "\"from\": \"carol\", \"about\": \"bob\", \"reason\": "
	    "\"spoilers in the lobby\"", "--json", "reports");
	CTL_FAILS(h, "not a count", "reports", "0");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	players_stop(h);
}
END_TEST

/* Bans by account, key and address: the session goes at once, the next
 * login is refused, and so after a restart. */
START_TEST(test_bans)
{
	struct harness	*h;
	struct tclient	*alice, *dev, *bob, *tc;
	ssh_key		 key, bobkey;
	char		*fp, *bobfp;
	int		 status;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	ck_assert_ptr_nonnull(key = tclient_key_new());
	ck_assert_ptr_nonnull(fp = tclient_key_fingerprint(key));
	ck_assert_ptr_nonnull(bobkey = tclient_key_new());
	ck_assert_ptr_nonnull(bobfp = tclient_key_fingerprint(bobkey));
	give_key(h, "bob", bobfp);

	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Lobby");
	dev = keyed(h, "device", key);
	players_wait(dev, "Welcome to gamehall");
	bob = keyed(h, "bob", bobkey);
	players_wait(bob, "Lobby");

	CTL_OK(h, "(1 session closed)", "ban", "account", "alice", "cheating");
	closed_with(alice, "You are banned from this hall: cheating.");
	CTL_OK(h, "(1 session closed)", "ban", "key", fp, "--for", "7d");
	closed_with(dev, "You are banned from this hall until ");
	tclient_free(alice);
	tclient_free(dev);

	/* Refused at the next login, and after a restart. */
	for (int run = 0; run < 2; run++) {
		tc = member_raw(h, "alice", PASSWORD);
		closed_with(tc, "banned from this hall: cheating");
		ck_assert_int_eq(tclient_exit_status(tc), 1);
		tclient_free(tc);
		tc = keyed(h, "device", key);
		closed_with(tc, "banned from this hall until");
		tclient_free(tc);
		players_wait(bob, "Lobby");	/* bob is not touched */
		if (run == 0) {
			tclient_free(bob);
			ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
			ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status),
			    0);
			ck_assert_int_eq(harness_restart(h, NULL), 0);
			bob = keyed(h, "bob", bobkey);
		}
	}

	/* The address: every session from it goes, nothing comes in. */
	CTL_OK(h, "banned ip 127.0.0.1 (1 session closed)", "ban", "ip",
	    "127.0.0.1");
	closed_with(bob, "You are banned from this hall.");
	tclient_free(bob);
	for (int run = 0; run < 2; run++) {
		tc = tclient_ssh_new(harness_ssh_port(h), "bob");
		ck_assert_msg(tclient_connect(tc) != 0,
		    "a banned address connected");
		tclient_free(tc);
		if (run == 0) {
			ck_assert_int_eq(harness_signal(h, SIGTERM), 0);
			ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status),
			    0);
			ck_assert_int_eq(harness_restart(h, NULL), 0);
		}
	}
	CTL_OK(h, "3 bans in force", "bans");
	CTL_OK(h, "unbanned ip 127.0.0.1", "unban", "ip", "127.0.0.1");
	CTL_OK(h, "unbanned account alice", "unban", "account", "alice");
	CTL_OK(h, "unbanned key", "unban", "key", fp);
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Lobby");
	dev = keyed(h, "device", key);
	players_wait(dev, "Welcome to gamehall");
	tclient_free(alice);
	tclient_free(dev);
	ssh_key_free(key);
	ssh_key_free(bobkey);
	free(fp);
	free(bobfp);
	players_stop(h);
}
END_TEST

/* The sysop menu: a sysop runs commands in it, audited under his name;
 * anyone else is refused. */
START_TEST(test_menu)
{
	struct harness	*h;
	struct tclient	*alice, *bob;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	CTL_OK(h, "alice is now a sysop", "sysop", "grant", "alice");
	alice = players_member(h, "alice", NULL);
	bob = players_member(h, "bob", NULL);
	players_wait(alice, "Lobby");
	players_wait(bob, "Lobby");

	ck_assert_int_eq(tclient_type(bob, "S"), 0);
	players_wait(bob, "The sysop menu is for the hall's sysops only.");
	ck_assert(!tclient_find(bob, "Command:", NULL, NULL));

	ck_assert_int_eq(tclient_type(alice, "S"), 0);
	players_wait(alice, "Command:");
	players_wait(alice, "2 people online");
	players_line(alice, "who");
	players_wait(alice, "ok: 2 sessions");
	ck_assert(tclient_find(alice, "bob  user", NULL, NULL));
	/* A long answer scrolls. */
	players_line(alice, "help");
	players_wait(alice, "(PgDn for more)");
	ck_assert(!tclient_find(alice, "audit [COUNT]", NULL, NULL));
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_PAGEDOWN), 0);
	players_wait(alice, "audit [COUNT]");
	players_wait_gone(alice, "(PgDn for more)");
	players_line(alice, "broadcast Snacks in the lobby");
	players_wait(bob, "Sysop: Snacks in the lobby");
	players_line(alice, "kick nobody");
	players_wait(alice, "error: no session of nobody");
	players_line(alice, "account reset-password bob");
	players_wait(alice, "reset-password answers later");
	CTL_OK(h, "alice", "audit", "3");
	ck_assert_msg(strstr(ctl_out, "broadcast Snacks in the lobby") !=
	    NULL, "%s", ctl_out);

	/* Revoked: the next command closes the menu. */
	CTL_OK(h, "no longer", "sysop", "revoke", "alice");
	players_line(alice, "who");
	players_wait(alice, "You are no longer a sysop.");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* A table closed by the sysop: its players are told, the game is kept as
 * aborted. */
START_TEST(test_table_close)
{
	struct harness	*h;
	struct tclient	*alice, *bob, *carol;
	char		 code[8];

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	CTL_OK(h, code, "tables");
	CTL_OK(h, "playing", "tables");
	CTL_OK(h, "alice,bob", "tables");
	/* Muted at a table too. */
	CTL_OK(h, "muted bob", "mute", "bob");
	ck_assert_int_eq(tclient_type(bob, "c"), 0);
	players_line(bob, "psst");
	players_wait(bob, "you are muted by the sysop");
	ck_assert(!tclient_find(alice, "psst", NULL, NULL));
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ESCAPE), 0);
	CTL_OK(h, "closed table", "table", "close", code, "a bug");
	players_wait(alice, "The sysop closed the table: a bug.");
	players_wait(bob, "The sysop closed the table: a bug.");
	CTL_OK(h, "0 tables", "tables");
	CTL_OK(h, "\"games\": \"1\"", "--json", "status");
	/* A table with the computer counts its seat. */
	carol = players_member(h, "carol", "new gomoku cpu=1 level=beginner");
	players_wait(carol, "to move");
	CTL_OK(h, "\"cpu_seats\": \"1\"", "--json", "status");
	CTL_OK(h, "1 table", "tables");
	tclient_free(carol);
	CTL_OK(h, "\"games_today\": \"1\"", "--json", "status");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* The countdown everyone sees, then the daemon stops by itself. */
START_TEST(test_shutdown)
{
	struct harness	*h;
	struct tclient	*alice;
	int		 status;

	if (ctl_skip())
		return;
	h = players_start();
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Lobby");
	CTL_OK(h, "shutting down in 30 s", "shutdown", "--in", "30", "new "
	    "version");
	players_wait(alice, "The hall shuts down in 30 s: new version");
	CTL_OK(h, "\"shutdown_in\": \"", "--json", "status");
	ck_assert_msg(strstr(ctl_out, "\"shutdown_in\": \"-1\"") == NULL, "%s",
	    ctl_out);
	CTL_OK(h, "called off", "shutdown", "--cancel");
	players_wait(alice, "The shutdown was called off.");
	CTL_OK(h, "shutting down in 3 s", "shutdown", "--in", "3", "bye");
	players_wait(alice, "The hall shuts down in 2 s: bye");
	closed_with(alice, "bye");
	ck_assert_int_eq(harness_wait_exit(h, WAIT_MS, &status), 0);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the daemon did not exit cleanly");
	tclient_free(alice);
	players_stop(h);
}
END_TEST

#define SYSOP_CASE(s, fn) do {						\
	TCase	*tc_ = tcase_create(#fn);				\
	tcase_set_timeout(tc_, 180);					\
	tcase_add_test(tc_, fn);					\
	suite_add_tcase(s, tc_);					\
} while (0)

int
main(void)
{
	Suite	*s = suite_create("sysop");
	SRunner	*sr;
	int	 failed;

	if (ctl_skip()) {
		fprintf(stderr, "gamehalld or gamehallctl is not built: "
		    "skipping\n");
		return 77;
	}
	SYSOP_CASE(s, test_commands);
	SYSOP_CASE(s, test_socket);
	SYSOP_CASE(s, test_people);
	SYSOP_CASE(s, test_ignore_report);
	SYSOP_CASE(s, test_bans);
	SYSOP_CASE(s, test_menu);
	SYSOP_CASE(s, test_table_close);
	SYSOP_CASE(s, test_shutdown);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
