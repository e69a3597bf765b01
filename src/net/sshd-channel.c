/*
 * sshd-channel.c - the session channel of an authenticated SSH user: pty,
 * environment, shell or exec, window changes, data, and the close.
 *
 * Everything here but sshd_channel_start and sshd_channel_close_step is a
 * libssh callback, run inside a libssh call (ssh_event_dopoll,
 * ssh_channel_write): it only records into the session and the conn_info
 * and pokes the pump, which acts afterwards (sshd_after in sshd.c).  The
 * first shell or exec request makes the user ready; pty-req and env count
 * only until the pump has handed the user over.  Only one session
 * channel per connection is opened; other channel types, subsystems,
 * forwarding, X11 and agent requests get libssh's default refusal.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <event2/event.h>
#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/log.h"
#include "src/net/conn.h"
#include "src/net/exec.h"
#include "src/net/sshd-int.h"
#include "src/net/transport.h"

static int
sshd_channel_data(ssh_session s, ssh_channel ch, void *data, uint32_t len,
    int is_stderr, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (is_stderr)
		return (int)len;
	if (sc->link != NULL)
		sshd_io_input(sc, data, len);
	else
		conn_transport_input(sc->conn, data, len);
	return (int)len;
}

static void
sshd_channel_closed(ssh_session s, ssh_channel ch, void *arg)
{
	struct sshd_conn	*sc = arg;

	sc->peer_closed = true;
	if (sc->link != NULL)
		sshd_io_peer_closed(sc);
	else
		sshd_poke(sc);
}

static int
sshd_channel_pty(ssh_session s, ssh_channel ch, const char *term, int cols,
    int rows, int pxw, int pxh, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (sc->ready)
		return 1;
	sshd_clean_ascii(info->term, sizeof info->term, term);
	info->pty = true;
	conn_transport_resize(sc->conn, cols, rows);
	return 0;
}

static int
sshd_channel_winch(ssh_session s, ssh_channel ch, int cols, int rows, int pxw,
    int pxh, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->link != NULL)
		sshd_io_resize(sc, cols, rows);
	else
		conn_transport_resize(sc->conn, cols, rows);
	return 0;
}

static int
sshd_channel_shell(ssh_session s, ssh_channel ch, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->ready_asked)
		return 1;
	sc->ready_asked = true;
	sshd_poke(sc);
	return 0;
}

static int
sshd_channel_exec(ssh_session s, ssh_channel ch, const char *cmd, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (sc->ready_asked)
		return 1;
	sc->ready_asked = true;
	if (exec_check(cmd != NULL ? cmd : "", info->exec, sizeof info->exec,
	    sc->refusal, sizeof sc->refusal) != 0) {
		/* Accepted as a request, answered with a refusal line. */
		sc->exec_refused = true;
		info->exec[0] = '\0';
	}
	sshd_poke(sc);
	return 0;
}

static int
sshd_channel_env(ssh_session s, ssh_channel ch, const char *name,
    const char *value, void *arg)
{
	struct sshd_conn	*sc = arg;
	struct conn_info	*info = conn_info_mutable(sc->conn);

	if (name == NULL || value == NULL || sc->ready)
		return 1;
	if (strcmp(name, "LANG") == 0)
		sshd_clean_ascii(info->lang, sizeof info->lang, value);
	else if (strcmp(name, "LC_ALL") == 0)
		sshd_clean_ascii(info->lc_all, sizeof info->lc_all, value);
	else if (strcmp(name, "LC_CTYPE") == 0)
		sshd_clean_ascii(info->lc_ctype, sizeof info->lc_ctype, value);
	else if (strcmp(name, "NO_COLOR") == 0)
		info->no_color = *value != '\0';
	else
		return 1;
	return 0;
}

static int
sshd_channel_subsystem(ssh_session s, ssh_channel ch, const char *name,
    void *arg)
{
	struct sshd_conn	*sc = arg;

	/* An I/O thread's session: its conn (and label) is the loop's. */
	if (sc->link == NULL)
		log_info("%s: subsystem '%.32s' refused",
		    conn_label(sc->conn), name != NULL ? name : "");
	return 1;
}

/* Server callback, installed only after authentication. */
static ssh_channel
sshd_channel_open(ssh_session s, void *arg)
{
	struct sshd_conn	*sc = arg;

	if (sc->ch != NULL || sc->closing)
		return NULL;	/* one session channel per connection */
	sc->ch = ssh_channel_new(s);
	if (sc->ch == NULL)
		return NULL;
	memset(&sc->ccb, 0, sizeof sc->ccb);
	sc->ccb.userdata = sc;
	sc->ccb.channel_data_function = sshd_channel_data;
	sc->ccb.channel_close_function = sshd_channel_closed;
	sc->ccb.channel_pty_request_function = sshd_channel_pty;
	sc->ccb.channel_pty_window_change_function = sshd_channel_winch;
	sc->ccb.channel_shell_request_function = sshd_channel_shell;
	sc->ccb.channel_exec_request_function = sshd_channel_exec;
	sc->ccb.channel_env_request_function = sshd_channel_env;
	sc->ccb.channel_subsystem_request_function = sshd_channel_subsystem;
	ssh_callbacks_init(&sc->ccb);
	ssh_set_channel_callbacks(sc->ch, &sc->ccb);
	return sc->ch;
}

/* After authentication: libssh's callbacks do the work from now on. */
void
sshd_channel_start(struct sshd_conn *sc)
{
	memset(&sc->scb, 0, sizeof sc->scb);
	sc->scb.userdata = sc;
	sc->scb.channel_open_request_session_function = sshd_channel_open;
	ssh_callbacks_init(&sc->scb);
	ssh_set_server_callbacks(sc->s, &sc->scb);
}

/*
 * Exit status and channel close, then wait for the client to hang up (it
 * does, once it has our CLOSE: hanging up first would make it complain
 * of a broken pipe) or for the linger timer, which the session's owner
 * (the loop, or its I/O thread) keeps.
 */
int
sshd_channel_close_step(struct sshd_conn *sc)
{
	int	 rc = 0;

	if (sc->close_force || sc->ch == NULL || !sc->kex_done)
		return -1;
	if (!sc->close_sent) {
		sc->close_sent = true;
		if (!sc->peer_closed)
			ssh_channel_request_send_exit_status(sc->ch,
			    sc->exit_status);
		rc = 1;
	}
	/* The first call may only get the EOF out (SSH_AGAIN). */
	if (!ssh_channel_is_closed(sc->ch) && sc->close_calls < 3) {
		sc->close_calls++;
		ssh_channel_close(sc->ch);
	}
	return rc;
}
