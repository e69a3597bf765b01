/*
 * test-tclient.c - the test client tested on its own, without the daemon:
 * a fake telnet server in this process feeds it screens and checks the
 * bytes its keyboard sends, a fake SSH server (libssh, on a thread) feeds
 * it screens in awkward sizes, and key fingerprints are checked against
 * ssh-keygen.
 */
#include <check.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>
#include <libssh/server.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define IAC "\xff"
#define SB "\xfa"
#define SE "\xf0"
#define WILL "\xfb"
#define DO "\xfd"
#define NAWS "\x1f"
#define TTYPE "\x18"

/* A fake server: one listening socket, one accepted connection. */
struct fake {
	int	listen_fd;
	int	fd;
	int	port;
	char	in[65536];	/* what the client sent, not yet consumed */
	size_t	inlen;
};

static void
fake_start(struct fake *f)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;

	memset(f, 0, sizeof *f);
	f->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(f->listen_fd, 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(bind(f->listen_fd, (struct sockaddr *)&sin,
	    sizeof sin), 0);
	ck_assert_int_eq(listen(f->listen_fd, 4), 0);
	ck_assert_int_eq(getsockname(f->listen_fd, (struct sockaddr *)&sin,
	    &len), 0);
	f->port = ntohs(sin.sin_port);
	f->fd = -1;
}

static void
fake_accept(struct fake *f)
{
	f->fd = accept(f->listen_fd, NULL, NULL);
	ck_assert_int_ge(f->fd, 0);
}

static void
fake_send(struct fake *f, const char *bytes, size_t len)
{
	ck_assert_int_eq(send(f->fd, bytes, len, MSG_NOSIGNAL), (ssize_t)len);
}

#define fake_say(f, s) fake_send((f), (s), sizeof (s) - 1)

/*
 * Read until the client has sent `bytes` (after whatever came before);
 * consume everything up to and including them.
 */
static void
fake_expect(struct fake *f, const char *bytes, size_t len)
{
	struct pollfd pfd = { f->fd, POLLIN, 0 };
	char *at;
	ssize_t n;
	int tries;

	for (tries = 0; tries < 200; tries++) {
		at = memmem(f->in, f->inlen, bytes, len);
		if (at != NULL) {
			size_t used = (size_t)(at - f->in) + len;

			memmove(f->in, f->in + used, f->inlen - used);
			f->inlen -= used;
			return;
		}
		if (poll(&pfd, 1, 100) == 1) {
			n = recv(f->fd, f->in + f->inlen,
			    sizeof f->in - f->inlen, 0);
			ck_assert_int_gt(n, 0);
			f->inlen += (size_t)n;
		}
	}
	ck_abort_msg("the client did not send the expected %zu bytes", len);
}

#define fake_want(f, s) fake_expect((f), (s), sizeof (s) - 1)

static void
fake_stop(struct fake *f)
{
	if (f->fd >= 0)
		close(f->fd);
	close(f->listen_fd);
}

static struct tclient *
connect_telnet(struct fake *f)
{
	struct tclient *tc;

	fake_start(f);
	tc = tclient_telnet_new(f->port);
	tclient_set_timeout(tc, 20000);
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	fake_accept(f);
	return tc;
}

/*
 * A fake SSH server: libssh's server API in blocking mode on a thread of
 * its own.  It lets anyone in, grants the pty and the shell, then writes
 * `len` bytes of `out` to the session channel, in one call, each time
 * the test writes a byte to `go`; closing `go` ends it.
 */
struct fake_ssh {
	struct fake f;
	pthread_t thread;
	int	go[2];
	const char *out;
	size_t	len;
};

static void *
fake_ssh_main(void *arg)
{
	struct fake_ssh *fs = arg;
	ssh_bind bind = ssh_bind_new();
	ssh_session s = ssh_new();
	ssh_channel ch = NULL;
	ssh_message msg;
	ssh_key key = NULL;
	bool no = false, shell = false;
	char c;
	int fd;

	if (bind == NULL || s == NULL ||
	    ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) != SSH_OK ||
	    ssh_bind_options_set(bind, SSH_BIND_OPTIONS_PROCESS_CONFIG,
	    &no) != SSH_OK ||
	    ssh_bind_options_set(bind, SSH_BIND_OPTIONS_IMPORT_KEY,
	    key) != SSH_OK)	/* the bind owns the key from here */
		goto out;
	fd = accept(fs->f.listen_fd, NULL, NULL);
	if (fd < 0 || ssh_bind_accept_fd(bind, s, fd) != SSH_OK ||
	    ssh_handle_key_exchange(s) != SSH_OK)
		goto out;
	while (!shell && (msg = ssh_message_get(s)) != NULL) {
		switch (ssh_message_type(msg)) {
		case SSH_REQUEST_SERVICE:
			ssh_message_service_reply_success(msg);
			break;
		case SSH_REQUEST_AUTH:
			ssh_message_auth_reply_success(msg, 0);
			break;
		case SSH_REQUEST_CHANNEL_OPEN:
			if (ch != NULL) {
				ssh_message_reply_default(msg);
				break;
			}
			ch = ssh_message_channel_request_open_reply_accept(msg);
			break;
		case SSH_REQUEST_CHANNEL:
			ssh_message_channel_request_reply_success(msg);
			shell = ssh_message_subtype(msg) ==
			    SSH_CHANNEL_REQUEST_SHELL;
			break;
		default:
			ssh_message_reply_default(msg);
			break;
		}
		ssh_message_free(msg);
	}
	while (ch != NULL && read(fs->go[0], &c, 1) == 1)
		ssh_channel_write(ch, fs->out, (uint32_t)fs->len);
out:
	if (s != NULL) {
		ssh_disconnect(s);
		ssh_free(s);
	}
	if (bind != NULL)
		ssh_bind_free(bind);
	return NULL;
}

static void
fake_ssh_start(struct fake_ssh *fs, const char *out, size_t len)
{
	fake_start(&fs->f);
	fs->out = out;
	fs->len = len;
	ck_assert_int_eq(pipe(fs->go), 0);
	ck_assert_int_eq(pthread_create(&fs->thread, NULL, fake_ssh_main, fs),
	    0);
}

static void
fake_ssh_stop(struct fake_ssh *fs)
{
	close(fs->go[1]);
	pthread_join(fs->thread, NULL);
	close(fs->go[0]);
	fake_stop(&fs->f);
}

/* Wait until at least `len` bytes wait in fd's socket and no more come. */
static void
wait_queued(int fd, int len)
{
	int have = -1, last = -2, tries;

	for (tries = 0; tries < 400; tries++) {
		ck_assert_int_eq(ioctl(fd, FIONREAD, &have), 0);
		if (have >= len && have == last)
			return;
		last = have;
		poll(NULL, 0, 25);
	}
	ck_abort_msg("only %d of %d bytes arrived", have, len);
}

START_TEST(test_screen_text_and_cells)
{
	struct fake f;
	struct tclient *tc = connect_telnet(&f);
	struct tclient_cell cell;
	int row, col;

	fake_say(&f, "\033[2J\033[1;1Hhello \033[1;31mworld\033[0m"
	    "\033[3;5Hwide: \xe6\x97\xa5\xe6\x9c\xac!\033[5;7H");
	ck_assert_int_eq(tclient_wait_for(tc, "!", 20000), 0);
	ck_assert_str_eq(tclient_row(tc, 0), "hello world");
	ck_assert_str_eq(tclient_row(tc, 1), "");
	ck_assert_str_eq(tclient_row(tc, 2), "    wide: \xe6\x97\xa5\xe6\x9c\xac!");

	ck_assert_int_eq(tclient_cell(tc, 0, 6, &cell), 0);
	ck_assert_str_eq(cell.text, "w");
	ck_assert(cell.bold);
	ck_assert_int_eq(cell.fg, 1);
	ck_assert_int_eq(cell.bg, TCLIENT_COLOR_DEFAULT);
	ck_assert_int_eq(tclient_cell(tc, 0, 0, &cell), 0);
	ck_assert(!cell.bold);
	ck_assert_int_eq(cell.fg, TCLIENT_COLOR_DEFAULT);

	/* A wide character takes two cells; the second one is empty. */
	ck_assert(tclient_find(tc, "\xe6\x9c\xac", &row, &col));
	ck_assert_int_eq(row, 2);
	ck_assert_int_eq(col, 12);
	ck_assert_int_eq(tclient_cell(tc, 2, 10, &cell), 0);
	ck_assert_int_eq(cell.width, 2);
	ck_assert_int_eq(tclient_cell(tc, 2, 11, &cell), 0);
	ck_assert_str_eq(cell.text, "");
	ck_assert(tclient_find(tc, "!", &row, &col));
	ck_assert_int_eq(col, 14);
	ck_assert(!tclient_find(tc, "absent", NULL, NULL));
	ck_assert_int_eq(tclient_cell(tc, 24, 0, &cell), -1);

	tclient_cursor(tc, &row, &col);
	ck_assert_int_eq(row, 4);
	ck_assert_int_eq(col, 6);

	fake_say(&f, "\033]2;the title\007\033[?25l\a");
	ck_assert_int_eq(tclient_wait_gone(tc, "absent-and-gone", 1000), 0);
	while (tclient_read(tc, 200) > 0)
		;
	ck_assert_str_eq(tclient_title(tc), "the title");
	ck_assert(!tclient_cursor_visible(tc));
	ck_assert_uint_eq(tclient_bells(tc), 1);
	ck_assert(tclient_bytes_received(tc) > 60);

	tclient_free(tc);
	fake_stop(&f);
}
END_TEST

START_TEST(test_keys)
{
	struct fake f;
	struct tclient *tc = connect_telnet(&f);

	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_UP), 0);
	fake_want(&f, "\033[A");
	/* After DECCKM the terminal sends application cursor keys. */
	fake_say(&f, "\033[?1h");
	ck_assert_int_eq(tclient_wait_gone(tc, "x", 1000), 0);
	while (tclient_read(tc, 200) > 0)
		;
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_UP), 0);
	fake_want(&f, "\033OA");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ESCAPE), 0);
	fake_want(&f, "\033");
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_BACKTAB), 0);
	fake_want(&f, "\033[Z");
	ck_assert_int_eq(tclient_fkey(tc, 1), 0);
	fake_want(&f, "\033OP");
	ck_assert_int_eq(tclient_ctrl(tc, 'c'), 0);
	fake_want(&f, "\003");
	ck_assert_int_eq(tclient_ctrl(tc, '1'), -1);
	/* Telnet without BINARY: Enter is CR NUL (RFC 854). */
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
	fake_expect(&f, "\r\0", 2);
	ck_assert_int_eq(tclient_type(tc, "h\xc3\xa9"), 0);
	fake_want(&f, "h\xc3\xa9");
	/* 0xFF is doubled on the wire. */
	ck_assert_int_eq(tclient_send(tc, "\xff", 1), 0);
	fake_want(&f, "\xff\xff");
	ck_assert_int_eq(tclient_click(tc, 2, 3), 0);
	fake_want(&f, "\033[<0;4;3M\033[<0;4;3m");
	ck_assert(!tclient_mouse_mode(tc));
	fake_say(&f, "\033[?1000h\033[?1006h");
	while (tclient_read(tc, 200) > 0)
		;
	ck_assert(tclient_mouse_mode(tc));
	ck_assert(tclient_bytes_sent(tc) >= 20);

	tclient_free(tc);
	fake_stop(&f);
}
END_TEST

START_TEST(test_telnet_negotiation)
{
	struct fake f;
	struct tclient *tc;

	fake_start(&f);
	tc = tclient_telnet_new(f.port);
	tclient_set_term(tc, 100, 30, "vt100");
	ck_assert_msg(tclient_connect(tc) == 0, "%s", tclient_error(tc));
	fake_accept(&f);
	ck_assert_int_eq(tclient_cols(tc), 100);
	ck_assert_int_eq(tclient_rows(tc), 30);

	fake_say(&f, IAC DO NAWS IAC DO TTYPE);
	ck_assert_int_eq(tclient_read(tc, 2000), 0);
	fake_want(&f, IAC WILL NAWS);
	fake_want(&f, IAC SB NAWS "\0d\0\x1e" IAC SE);
	fake_want(&f, IAC WILL TTYPE);
	fake_say(&f, IAC SB TTYPE "\x01" IAC SE);
	ck_assert_int_eq(tclient_read(tc, 2000), 0);
	fake_want(&f, IAC SB TTYPE "\0vt100" IAC SE);

	ck_assert_int_eq(tclient_resize(tc, 300, 255), 0);
	fake_want(&f, IAC SB NAWS "\x01\x2c\0\xff\xff" IAC SE);
	ck_assert_int_eq(tclient_cols(tc), 300);
	ck_assert_int_eq(tclient_rows(tc), 200);	/* clamped locally */

	/* Data with telnet commands inside it reaches the screen clean. */
	fake_say(&f, "ab" IAC "\xf1" "cd");
	ck_assert_int_eq(tclient_wait_for(tc, "abcd", 20000), 0);

	tclient_free(tc);
	fake_stop(&f);
}
END_TEST

START_TEST(test_stop_reading_and_close)
{
	struct fake f;
	struct tclient *tc = connect_telnet(&f);

	tclient_set_reading(tc, false);
	fake_say(&f, "frozen");
	ck_assert_int_eq(tclient_read(tc, 300), 0);
	ck_assert_uint_eq(tclient_bytes_received(tc), 0);
	ck_assert(!tclient_find(tc, "frozen", NULL, NULL));
	/* Keys still go out while the screen is frozen. */
	ck_assert_int_eq(tclient_type(tc, "k"), 0);
	fake_want(&f, "k");
	tclient_set_reading(tc, true);
	ck_assert_int_eq(tclient_wait_for(tc, "frozen", 20000), 0);

	/* A text that never comes: failure, not a hang. */
	tclient_set_timeout(tc, 500);
	ck_assert_int_eq(tclient_wait_for(tc, "never", 300), -1);
	ck_assert(strstr(tclient_error(tc), "timed out") != NULL);

	close(f.fd);
	f.fd = -1;
	ck_assert_int_eq(tclient_wait_closed(tc, 20000), 0);
	ck_assert(tclient_closed(tc));
	ck_assert_int_eq(tclient_read(tc, 10), -1);
	ck_assert_int_eq(tclient_type(tc, "x"), -1);
	ck_assert_int_eq(tclient_wait_for(tc, "never", 20000), -1);
	ck_assert(strstr(tclient_error(tc), "closed") != NULL);

	tclient_free(tc);
	fake_stop(&f);
}
END_TEST

START_TEST(test_settle_counts_bytes)
{
	struct fake f;
	struct tclient *tc = connect_telnet(&f);
	uint64_t n;

	fake_say(&f, "0123456789");
	n = tclient_settle(tc, 300, 20000);
	ck_assert_uint_eq(n, 10);
	ck_assert_uint_eq(tclient_settle(tc, 100, 20000), 0);
	tclient_free(tc);
	fake_stop(&f);
}
END_TEST

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * A read takes everything libssh holds, not only what the socket still
 * has: afterwards a read waits on the socket, and data already inside
 * libssh would wait with it.  libssh reads the socket 4096 bytes at a
 * time, for whichever stream is being read: one stdout packet of about
 * 6 KB, all of it in the socket, is taken by two reads, the first
 * finding part of a packet and the second, a stderr read, completing it.
 * The client used to leave that screen in libssh and wait out its
 * timeout (hallbench's bare logins: 60 s instead of 0.2 s, under load).
 */
START_TEST(test_ssh_read_takes_what_libssh_holds)
{
	char screen[6000];
	struct fake_ssh fs;
	struct tclient *tc;
	int64_t t0, took;
	size_t i;
	int n;

	for (i = 0; i < sizeof screen; i++)
		screen[i] = i % 60 == 58 ? '\r' : i % 60 == 59 ? '\n' : '.';
	memcpy(screen + sizeof screen - 9, "the end\r\n", 9);
	fake_ssh_start(&fs, screen, sizeof screen);
	tc = tclient_ssh_open(fs.f.port, "reader", 80, 24);
	ck_assert(tc != NULL);

	ck_assert_int_eq(write(fs.go[1], "x", 1), 1);
	wait_queued(tclient_fd(tc), (int)sizeof screen);
	t0 = now_ms();
	n = tclient_read(tc, 10000);
	took = now_ms() - t0;
	ck_assert_int_eq(n, (int)sizeof screen);
	ck_assert_msg(took < 5000, "the screen waited %lld ms inside libssh",
	    (long long)took);
	ck_assert(tclient_find(tc, "the end", NULL, NULL));

	/* Once more, on a session that has been read from. */
	ck_assert_int_eq(write(fs.go[1], "x", 1), 1);
	wait_queued(tclient_fd(tc), (int)sizeof screen);
	t0 = now_ms();
	ck_assert_int_eq(tclient_read(tc, 10000), (int)sizeof screen);
	ck_assert_int_lt(now_ms() - t0, 5000);
	ck_assert_uint_eq(tclient_bytes_received(tc), 2 * sizeof screen);

	tclient_free(tc);
	fake_ssh_stop(&fs);
}
END_TEST

START_TEST(test_connect_refused)
{
	struct tclient *tc;
	int port = harness_free_port();

	ck_assert_int_gt(port, 0);
	tc = tclient_telnet_new(port);
	ck_assert_int_eq(tclient_connect(tc), -1);
	ck_assert(strstr(tclient_error(tc), "refused") != NULL);
	tclient_free(tc);

	tc = tclient_ssh_new(port, "nobody");
	tclient_set_timeout(tc, 20000);
	ck_assert_int_eq(tclient_connect(tc), -1);
	ck_assert_int_eq(tclient_auth_none(tc), TCLIENT_AUTH_ERROR);
	tclient_free(tc);
}
END_TEST

/* Run a command and return its first line of output (malloc'd). */
static char *
first_line(const char *command)
{
	char buf[1024];
	FILE *p = popen(command, "r");
	char *line = NULL;

	if (p == NULL)
		return NULL;
	if (fgets(buf, sizeof buf, p) != NULL)
		line = strdup(buf);
	pclose(p);
	return line;
}

START_TEST(test_fingerprint_matches_ssh_keygen)
{
	char dir[] = "/tmp/tclient-key-XXXXXX", path[256], cmd[512];
	ssh_key key, pub = NULL;
	char *fp, *fp_pub, *line;

	key = tclient_key_new();
	ck_assert(key != NULL);
	ck_assert(ssh_key_type(key) == SSH_KEYTYPE_ED25519);
	fp = tclient_key_fingerprint(key);
	ck_assert(fp != NULL);
	ck_assert_int_eq(strncmp(fp, "SHA256:", 7), 0);
	ck_assert_uint_eq(strlen(fp), 7 + 43);
	ck_assert_int_eq(ssh_pki_export_privkey_to_pubkey(key, &pub), 0);
	fp_pub = tclient_key_fingerprint(pub);
	ck_assert_str_eq(fp, fp_pub);

	if (access("/usr/bin/ssh-keygen", X_OK) != 0) {
		fprintf(stderr, "ssh-keygen not found: fingerprint format "
		    "checked by shape only\n");
	} else {
		ck_assert(mkdtemp(dir) != NULL);
		snprintf(path, sizeof path, "%s/key.pub", dir);
		ck_assert_int_eq(ssh_pki_export_pubkey_file(pub, path), 0);
		snprintf(cmd, sizeof cmd, "/usr/bin/ssh-keygen -l -f %s", path);
		line = first_line(cmd);
		ck_assert_msg(line != NULL, "ssh-keygen printed nothing");
		ck_assert_msg(strstr(line, fp) != NULL,
		    "ssh-keygen says \"%s\", we say %s", line, fp);
		free(line);
		unlink(path);
		rmdir(dir);
	}
	/* Two new keys differ. */
	{
		ssh_key other = tclient_key_new();
		char *fp2 = tclient_key_fingerprint(other);

		ck_assert_str_ne(fp, fp2);
		free(fp2);
		ssh_key_free(other);
	}
	free(fp);
	free(fp_pub);
	ssh_key_free(pub);
	ssh_key_free(key);
}
END_TEST

static Suite *
tclient_suite(void)
{
	Suite *s = suite_create("tclient");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_screen_text_and_cells);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_telnet_negotiation);
	tcase_add_test(tc, test_stop_reading_and_close);
	tcase_add_test(tc, test_settle_counts_bytes);
	tcase_add_test(tc, test_ssh_read_takes_what_libssh_holds);
	tcase_add_test(tc, test_connect_refused);
	tcase_add_test(tc, test_fingerprint_matches_ssh_keygen);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(tclient_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
