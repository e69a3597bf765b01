/*
 * tclient.h - a scripted person at a terminal, for the integration tests.
 *
 * A tclient talks to the real daemon over SSH (libssh's client API) or
 * telnet (a TCP socket and libtelnet) and keeps what it receives in a
 * libvterm screen, so tests assert on what a person would see:
 *
 *	struct tclient *tc = tclient_ssh_open(port, "alice", 80, 24);
 *	ck_assert_msg(tc != NULL, "could not log in");
 *	ck_assert_int_eq(tclient_wait_for(tc, "gamehall", 20000), 0);
 *	tclient_type(tc, "hello");
 *	tclient_key(tc, TCLIENT_KEY_ENTER);
 *	...
 *	tclient_free(tc);
 *
 * or step by step, to test the transport itself:
 *
 *	tc = tclient_ssh_new(port, "bob");
 *	tclient_set_term(tc, 100, 30, "xterm-256color");
 *	tclient_set_env(tc, "LANG", "C.UTF-8");
 *	if (tclient_connect(tc) != 0) ... tclient_error(tc) ...
 *	if (tclient_auth_password(tc, "secret") != TCLIENT_AUTH_SUCCESS) ...
 *	if (tclient_shell(tc) != 0) ...
 *
 * Every call that waits for the server has a deadline (tclient_set_timeout,
 * 30 s by default: the tests must survive a loaded two-core machine) and
 * then fails with a message in tclient_error(); nothing blocks forever.
 * Failures of the wait_for family also print the screen to stderr, so a
 * test log shows what was there instead.
 *
 * Rows and columns are 0-based everywhere.  The local screen is the
 * terminal size asked for, clamped to 1..TCLIENT_SCREEN_MAX_COLS/ROWS (a
 * test may ask the server for a 10000x10000 pty without the client
 * allocating a screen that large).
 */
#ifndef TESTS_INTEGRATION_TCLIENT_H
#define TESTS_INTEGRATION_TCLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libssh/libssh.h>

#define TCLIENT_SCREEN_MAX_COLS 400
#define TCLIENT_SCREEN_MAX_ROWS 200
#define TCLIENT_TIMEOUT_DEFAULT 30000	/* ms */

struct tclient;

/* --- Making one --------------------------------------------------------- */

/* An SSH client for 127.0.0.1:port as `user`; nothing is sent yet. */
struct tclient *tclient_ssh_new(int port, const char *user);

/* A telnet client for 127.0.0.1:port; nothing is sent yet. */
struct tclient *tclient_telnet_new(int port);

/*
 * The terminal: its size and TERM (default 80x24 "xterm-256color").  Set
 * before tclient_shell/tclient_exec (SSH pty request) or tclient_connect
 * (telnet NAWS/TTYPE).  Sizes are sent as given, even 0 or huge; the local
 * screen is clamped (see above).
 */
void	tclient_set_term(struct tclient *, int cols, int rows,
	    const char *term);

/* SSH: whether tclient_shell/tclient_exec request a pty (default yes). */
void	tclient_set_pty(struct tclient *, bool);

/*
 * SSH: an environment variable sent before the shell/exec (LANG,
 * NO_COLOR, ...; up to 16).  A refusal is ignored, as OpenSSH does.
 * Telnet clients send none.
 */
void	tclient_set_env(struct tclient *, const char *name,
	    const char *value);

/* Deadline for each step that waits for the server, in ms. */
void	tclient_set_timeout(struct tclient *, int ms);

/*
 * Connect: TCP, and for SSH the key exchange.  0, or -1 with a message in
 * tclient_error().
 */
int	tclient_connect(struct tclient *);

/* Disconnect (if connected) and free. NULL is fine. */
void	tclient_free(struct tclient *);
/* The connection is cut with no goodbye (a dropped Wi-Fi, a killed
 * client): the socket is shut down under it, then it is freed. */
void	tclient_drop(struct tclient *);

/* The last error, "" if none. */
const char *tclient_error(const struct tclient *);

/*
 * The usual way in: an SSH client of that size, connected, authenticated
 * as a person without a key would be (keyboard-interactive answering
 * nothing), with a shell.  NULL (the reason printed to stderr) on failure.
 */
struct tclient *tclient_ssh_open(int port, const char *user, int cols,
	    int rows);

/* --- SSH authentication ------------------------------------------------- */

enum tclient_auth {
	TCLIENT_AUTH_SUCCESS,
	TCLIENT_AUTH_PARTIAL,	/* accepted, but another method is needed */
	TCLIENT_AUTH_DENIED,	/* the server said no */
	TCLIENT_AUTH_ERROR,	/* disconnected or timed out: tclient_error() */
};

enum tclient_auth tclient_auth_none(struct tclient *);
enum tclient_auth tclient_auth_password(struct tclient *,
	    const char *password);

/*
 * Keyboard-interactive: each prompt the server sends (over any number of
 * rounds) gets the next string of `answers` (NULL-terminated; NULL itself
 * means no answers); a prompt beyond the list is answered "".  The prompts
 * are kept for tclient_kbdint_prompts().
 */
enum tclient_auth tclient_auth_kbdint(struct tclient *,
	    const char *const *answers);

/* Every prompt seen by tclient_auth_kbdint, one per line ("" if none). */
const char *tclient_kbdint_prompts(const struct tclient *);

/* Public key: the probe, then the signature, as OpenSSH does it. */
enum tclient_auth tclient_auth_key(struct tclient *, ssh_key privkey);

/* SSH_AUTH_METHOD_* the server listed after the last denial (0 if none). */
int	tclient_auth_methods(const struct tclient *);

/* A fresh Ed25519 key pair (NULL on failure); ssh_key_free() it. */
ssh_key	tclient_key_new(void);

/*
 * The key's fingerprint as `ssh-keygen -l` prints it ("SHA256:" and 43
 * base64 characters), malloc'd; NULL on failure.  Works on private and
 * public keys.
 */
char	*tclient_key_fingerprint(ssh_key key);

/* --- SSH channels ------------------------------------------------------- */

/*
 * Open the session channel (if not yet open), request a pty (unless
 * tclient_set_pty(false)), send the environment, start a shell / run
 * `command`.  0, or -1 with the reason in tclient_error().  Telnet: a
 * shell is always running; tclient_shell returns 0.
 */
int	tclient_shell(struct tclient *);
int	tclient_exec(struct tclient *, const char *command);

/*
 * Requests the daemon should refuse.  Each returns 0 when the server
 * granted it, 1 when it refused, -1 when the connection failed or timed
 * out (message in tclient_error()).
 */
int	tclient_open_session(struct tclient *);		/* the main channel */
int	tclient_open_extra_session(struct tclient *);	/* a second one */
int	tclient_subsystem(struct tclient *, const char *name); /* main ch. */
int	tclient_forward_local(struct tclient *, const char *host, int port);
int	tclient_forward_remote(struct tclient *, int port);

/*
 * The exit status the server sent; waits (up to the timeout) for it or for
 * the channel to close.  -1 if none came.
 */
int	tclient_exit_status(struct tclient *);

/* The libssh session (NULL for telnet), for what this API lacks. */
ssh_session tclient_ssh_session(struct tclient *);

/* --- Keyboard and mouse ------------------------------------------------- */

enum tclient_key {
	TCLIENT_KEY_ENTER,
	TCLIENT_KEY_TAB,
	TCLIENT_KEY_BACKTAB,
	TCLIENT_KEY_BACKSPACE,
	TCLIENT_KEY_ESCAPE,
	TCLIENT_KEY_UP,
	TCLIENT_KEY_DOWN,
	TCLIENT_KEY_LEFT,
	TCLIENT_KEY_RIGHT,
	TCLIENT_KEY_HOME,
	TCLIENT_KEY_END,
	TCLIENT_KEY_PAGEUP,
	TCLIENT_KEY_PAGEDOWN,
	TCLIENT_KEY_INSERT,
	TCLIENT_KEY_DELETE,
};

/*
 * All of these send at once and return 0, or -1 if the connection is gone.
 * Keys are encoded by the terminal (libvterm), so they follow the modes the
 * server set (e.g. application cursor keys), as a real terminal would.
 */
int	tclient_key(struct tclient *, enum tclient_key);
int	tclient_fkey(struct tclient *, int n);		/* F1..F12 */
int	tclient_ctrl(struct tclient *, char c);		/* 'c' -> 0x03 */
int	tclient_type(struct tclient *, const char *utf8); /* typed text */
int	tclient_send(struct tclient *, const void *bytes, size_t len); /* raw */

/*
 * A left click (press and release) at a cell, as an xterm SGR (mode 1006)
 * mouse report; sent whether or not the server asked for mouse reports
 * (see tclient_mouse_mode).
 */
int	tclient_click(struct tclient *, int row, int col);

/* Whether the server turned on mouse reporting. */
bool	tclient_mouse_mode(const struct tclient *);

/*
 * The window changed size: the local screen follows and the server is told
 * (SSH window-change, telnet NAWS).
 */
int	tclient_resize(struct tclient *, int cols, int rows);

/* --- Reading ------------------------------------------------------------ */

/*
 * Wait up to timeout_ms for output and feed all that has arrived into the
 * screen.  Returns the number of bytes read (0 when nothing came), or -1
 * once the server has closed the connection (or the channel).
 */
int	tclient_read(struct tclient *, int timeout_ms);

/*
 * Stop reading entirely (false) or start again (true).  While stopped the
 * client takes nothing in, so the server's output backs up as it would for
 * a user whose terminal froze: over SSH the channel window is never
 * reopened (libssh may still move bytes already on the wire into its own
 * bounded buffer while sending), over telnet the socket is not read.  Keys
 * and resizes can still be sent.
 */
void	tclient_set_reading(struct tclient *, bool);

/*
 * Keep no screen from now on (there is no way back): what the server sends
 * is read and counted (tclient_bytes_received) but not drawn, and the
 * screen queries see one blank cell.  An 80x24 screen with its alternate
 * screen is about 140 KB of libvterm's memory; a load generator holding
 * thousands of sessions keeps the screens of the few it reads.
 */
void	tclient_drop_screen(struct tclient *);

/* The socket, to poll() many clients at once (the benchmark does). */
int	tclient_fd(const struct tclient *);

/* True once the server closed the connection or the channel. */
bool	tclient_closed(const struct tclient *);

/* Bytes of terminal output received / keyboard bytes sent, in all. */
uint64_t tclient_bytes_received(const struct tclient *);
uint64_t tclient_bytes_sent(const struct tclient *);

/*
 * Keep reading until `text` is on the screen (anywhere; text does not
 * span rows, and rows are compared without their trailing blanks, so
 * "$ " at the end of a row is "$").  0 when it is; -1 on timeout or when
 * the connection closed first, with the screen printed to stderr.
 */
int	tclient_wait_for(struct tclient *, const char *text, int timeout_ms);

/* Keep reading until `text` is no longer on the screen. 0 / -1 as above. */
int	tclient_wait_gone(struct tclient *, const char *text, int timeout_ms);

/* Keep reading until the server closes the connection. 0 / -1. */
int	tclient_wait_closed(struct tclient *, int timeout_ms);

/*
 * Read until nothing has arrived for quiet_ms (or timeout_ms passed):
 * lets a screen settle before counting bytes.  Returns the bytes read.
 */
uint64_t tclient_settle(struct tclient *, int quiet_ms, int timeout_ms);

/* --- The screen --------------------------------------------------------- */

int	tclient_cols(const struct tclient *);
int	tclient_rows(const struct tclient *);

/*
 * One row as UTF-8 with trailing blanks removed.  The string belongs to
 * the client and is valid until the next call on it.
 */
const char *tclient_row(struct tclient *, int row);

/* The whole screen, rows joined by "\n", malloc'd. */
char	*tclient_screen(struct tclient *);

/* Where `text` is on the screen: true and its first cell, or false. */
bool	tclient_find(struct tclient *, const char *text, int *row, int *col);

/* Colours: TCLIENT_COLOR_DEFAULT, a palette index 0..255, or RGB. */
#define TCLIENT_COLOR_DEFAULT (-1)
#define TCLIENT_COLOR_RGB(r, g, b) (0x1000000 | ((r) << 16) | ((g) << 8) | (b))

struct tclient_cell {
	char	text[32];	/* UTF-8; "" for the right half of a wide char */
	int	width;		/* 1, or 2 for a wide character */
	bool	bold, italic, reverse, blink;
	int	underline;	/* 0 none, 1 single, 2 double, 3 curly */
	int	fg, bg;		/* see TCLIENT_COLOR_* */
};

/* 0, or -1 if (row, col) is off the screen. */
int	tclient_cell(struct tclient *, int row, int col, struct tclient_cell *);

void	tclient_cursor(const struct tclient *, int *row, int *col);
bool	tclient_cursor_visible(const struct tclient *);

/* The window title the server set ("" if none). */
const char *tclient_title(const struct tclient *);

/* How many times the server rang the bell. */
unsigned tclient_bells(const struct tclient *);

/* Print the screen (with row numbers and the cursor) for a test log. */
void	tclient_dump(struct tclient *, FILE *);

#endif
