/*
 * conn.h - one user's connection, whatever the transport.
 *
 * The transports (sshd.c, telnetd.c) turn a socket into a `struct conn`: a
 * clean byte stream in each direction plus what is known about the user
 * (struct conn_info).  The hall sits on top through struct conn_handler
 * and never sees libssh, libtelnet or a socket.
 *
 * Life of a conn, as the hall sees it:
 *
 *   open(conn, info)   once, when the user is ready for a screen: for SSH
 *                      after the shell or exec request, for telnet once
 *                      NAWS and TTYPE answered (or 0.5 s passed).  Returns
 *                      the hall's per-connection object ("client"); NULL
 *                      refuses the connection (it is closed at once and no
 *                      other callback comes; the hall may conn_close it
 *                      first with a line saying why).  A connection the
 *                      hall never opened ends SSH with exit status 1.
 *   input/resize/writable   any number of times; resize also when telnet's
 *                      terminal type comes after open (look at the info
 *                      again).
 *   closed(client)     exactly once, whoever ended the connection (the
 *                      peer, a timeout, conn_close, shutdown).  After it the
 *                      conn pointer is gone: forget it.
 *
 * Threading and re-entrancy: everything here runs on the loop thread.  No
 * handler callback is ever called from inside conn_write() or conn_close()
 * - they may only change state and schedule work - so the hall can write
 * to any conn at any time (a broadcast, a timer) without being re-entered.
 *
 * Output ("latest screen wins", docs/design.md §2.5): a conn holds at most one
 * pending frame.  The hall draws a frame only when !conn_busy(); while busy
 * it only marks the client dirty, and draws again (the newest state) when
 * `writable` is called.  So a client that stops reading costs the server
 * one frame of memory, never a queue.
 *
 * Input: the bytes are what the user typed, stripped of transport
 * framing (telnet IAC sequences removed, CR LF and CR NUL turned into a
 * single CR; SSH data as sent).  Escape sequences and UTF-8 may be split
 * across calls: the key decoder buffers.  Keyboard input is rate limited
 * here (config input_rate/input_burst): beyond the budget the conn delays
 * delivery and stops reading the socket, it never drops typed keys unless
 * a flood overruns a 64 KB buffer.  Chat limits are the hall's (it has
 * ratelimit_* from src/base/ratelimit.h).
 */
#ifndef SRC_CONN_H
#define SRC_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct conn;

enum conn_transport {
	CONN_SSH,
	CONN_TELNET,
};

/* Sizes of the strings below, NUL included. */
#define CONN_ADDR_LEN 64	/* "2001:db8::1" / "192.0.2.7" */
#define CONN_USER_LEN 64	/* SSH user name as given, cleaned, cut */
#define CONN_FP_LEN 64		/* "SHA256:" + 43 base64 characters */
#define CONN_NAME_LEN 64	/* an account name */
#define CONN_TERM_LEN 64	/* TERM */
#define CONN_ENV_LEN 64		/* LANG, LC_ALL, LC_CTYPE */
#define CONN_EXEC_LEN 256	/* an exec command line */

/* Window sizes handed to the hall are always within these bounds. */
#define CONN_COLS_MAX 1000
#define CONN_ROWS_MAX 500
#define CONN_COLS_DEFAULT 80	/* until the client says otherwise */
#define CONN_ROWS_DEFAULT 24

/*
 * What is known about the user.  Every string is NUL-terminated and "" when
 * unknown; ssh_user, term and the environment values are cut to printable
 * ASCII (no spaces, no controls) by the transport, so they are safe to show
 * and to log.  The struct is owned by the conn; the pointer from
 * conn_info() stays valid until `closed`, and its fields change only before
 * `open`, with a `resize` (cols, rows; term for a late telnet TTYPE) or
 * through conn_set_account.
 *
 * Account bans are the hall's to enforce (account_id may name a banned
 * account); address bans are refused before a conn exists.
 */
struct conn_info {
	enum conn_transport transport;
	char	peer[CONN_ADDR_LEN];	/* numeric address, no port; IPv4-mapped
					 * IPv6 shown as plain IPv4 */
	int	peer_port;
	char	local[CONN_ADDR_LEN];	/* the address the peer connected to,
					 * the same way; "" if unknown */
	bool	local_loopback;		/* ... 127/8 or ::1 */

	/* SSH only (all "" / 0 for telnet). */
	char	ssh_user[CONN_USER_LEN];	/* the name in `ssh NAME@host` */
	char	fingerprint[CONN_FP_LEN];	/* verified key, ssh-keygen -l
						 * form "SHA256:...", or "" */
	char	key_type[16];			/* "ssh-ed25519", ... or "" */

	/*
	 * The account SSH authentication logged into (its key, or its
	 * password), or 0 / "": then the hall shows its welcome screen
	 * (log in / register / guest).  A fingerprint with account_id 0 is
	 * an unregistered device key: the hall may use it to give a guest
	 * back his seat.
	 */
	int64_t	account_id;
	char	account_name[CONN_NAME_LEN];

	/* The terminal. */
	char	term[CONN_TERM_LEN];	/* TERM from pty-req / telnet TTYPE
					 * (lower-cased for telnet) */
	char	lang[CONN_ENV_LEN];	/* env LANG, if the client sent it */
	char	lc_all[CONN_ENV_LEN];	/* env LC_ALL */
	char	lc_ctype[CONN_ENV_LEN];	/* env LC_CTYPE */
	bool	no_color;		/* env NO_COLOR was sent (any value) */
	bool	pty;			/* SSH: a pty was requested; telnet:
					 * always true.  Without one the
					 * client's terminal is in line mode
					 * (`ssh host cmd` without -t). */
	int	cols, rows;		/* clamped to 1..CONN_*_MAX; 80x24
					 * until the client tells */

	/*
	 * SSH exec request (`ssh -t host join AB12`): the command line, or
	 * "" for an interactive shell.  Only the hall's own commands reach
	 * the hall: the first word is "join", "watch", "new", "top" or
	 * "export" (src/net/exec.h), the rest is
	 * printable ASCII separated by single spaces (the conn normalises
	 * runs of blanks).  Anything else was already refused by the
	 * transport with a one-line message and exit status 1.  The hall
	 * parses the arguments and reports its own errors on screen.
	 */
	char	exec[CONN_EXEC_LEN];

	/*
	 * Whether the hall may ask for a password on this connection: true
	 * for SSH, for telnet only if the config sets telnet_passwords.
	 */
	bool	passwords_ok;
};

/* Callbacks the hall implements (see the life cycle above). */
struct conn_handler {
	void	*(*open)(void *arg, struct conn *, const struct conn_info *);
	void	 (*input)(void *client, const unsigned char *buf, size_t len);
	void	 (*resize)(void *client, int cols, int rows);
	void	 (*writable)(void *client);	/* busy -> not busy */
	void	 (*closed)(void *client);
	/* Input beyond the budget was dropped (a paste too long to type):
	 * bytes since the last call.  May be NULL. */
	void	 (*dropped)(void *client, size_t bytes);
};

/*
 * main() (src/gamehalld.c) hands server_new() one handler and one pointer
 * (hall_conn_handler() and the hall from hall_new()), which every conn
 * uses; that pointer is open's first argument.
 */

/* conn_write results. */
enum conn_write_result {
	CONN_WRITE_REFUSED = -1, /* nothing taken: busy or closing */
	CONN_WRITE_DONE = 0,	 /* all handed to the transport */
	CONN_WRITE_PENDING = 1,	 /* taken; the tail is kept, busy until
				  * `writable` */
};

/*
 * Hand one whole frame to the transport.  Frames are never split across
 * calls and never merged: if the transport cannot take all of it the conn
 * keeps the unsent tail (copying it) and reports busy until it has gone
 * out.  A call while busy or after conn_close takes nothing
 * (CONN_WRITE_REFUSED): the hall must then treat the frame as not shown.
 * SSH writes go to the session channel, telnet writes are escaped (0xFF)
 * and CR/LF are passed as given (the renderer writes "\r\n").
 */
enum conn_write_result conn_write(struct conn *, const void *frame,
	    size_t len);

/* True while output is pending (do not draw; wait for `writable`). */
bool	conn_busy(const struct conn *);

/*
 * End the connection: the farewell (may be NULL; one line of text, the
 * conn adds "\r\n") goes out after any pending tail, then the transport
 * closes (SSH: exit status 0 - 1 if the hall never opened it -, channel
 * close, up to 2 s for output to drain).  `closed` follows later from the
 * loop, never from inside this call.  Calling it twice is harmless.
 */
void	conn_close(struct conn *, const char *farewell);

/* What is known about the user; valid until `closed`. */
const struct conn_info *conn_info(const struct conn *);

/*
 * The hall logged the user into an account (its own login or register
 * form) or out of it (id 0): recorded in conn_info and the log.
 */
void	conn_set_account(struct conn *, int64_t id, const char *name);

/*
 * The hall's own login form reports each password check, so guessing
 * through the welcome screen meets the same per-source penalties and
 * attempt limit as SSH authentication.  conn_login_failed() returns the
 * number of milliseconds the form must wait before it accepts the next
 * attempt, or -1 when this connection has used up its attempts (or the
 * source is now refused): the hall says so and calls conn_close().
 */
int	conn_login_failed(struct conn *);
void	conn_login_succeeded(struct conn *);

/* A short "ssh alice@192.0.2.7:51234" style label for log lines. */
const char *conn_label(const struct conn *);

#endif
