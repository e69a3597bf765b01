/*
 * sshd-int.h - what the SSH transport's three files share: one session
 * (struct sshd_conn) and the calls between the pump (sshd.c), the
 * authentication (sshd-auth.c) and the session channel (sshd-channel.c).
 * Nothing outside src/net/sshd*.c includes this.
 *
 * Who owns which fields: the pump owns the events, the state flags and
 * the teardown; sshd-auth.c owns the user name, the held and waiting auth
 * requests and the password job; sshd-channel.c owns the channel and what
 * its requests record (ready_asked, exec_refused, refusal, peer_closed).
 */
#ifndef SRC_SSHD_INT_H
#define SRC_SSHD_INT_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>

#include <event2/util.h>
#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/net/conn.h"

#define SSHD_AUTH_MAX_WAITING 4	/* pipelined auth requests held */
/* Why sshd_die cut a client off after its attempts (told to the client). */
#define SSHD_AUTH_TOO_MANY "too many authentication failures"

struct event_base;
struct server;
struct sshd_auth_job;
struct sshd_io;
struct sshd_io_link;
struct sshd_kex;
struct sshd_kex_job;

#define SSHD_CHANNEL_LINGER_SECONDS 2	/* for the client to hang up */

struct sshd {
	struct server	*server;
	ssh_bind	 bind;
	struct sshd_kex	*kex;
	struct sshd_io	*io;
};

struct sshd_conn {
	struct sshd			*sshd;
	struct server			*server;
	struct conn			*conn;
	ssh_session			 s;
	ssh_event			 sev;
	ssh_channel			 ch;
	struct ssh_server_callbacks_struct scb;
	struct ssh_channel_callbacks_struct ccb;

	struct event			*rev, *wev;
	struct event			*kick;		/* run sshd_after */
	struct event			*timer;		/* grace, then linger */
	struct event			*delay;		/* failed password */

	struct sshd_kex_job		*kex;		/* non-NULL: the session
							 * is a kex thread's */
	struct sshd_io_link		*link;		/* non-NULL: the session
							 * is an I/O thread's
							 * for good */
	bool				 kex_done;
	bool				 grace_over;	/* while on a kex thread */
	bool				 authed;
	bool				 ready_asked;	/* shell or exec */
	bool				 ready;
	bool				 paused;
	bool				 peer_closed;
	bool				 closing;	/* ops->close called */
	bool				 close_force;
	bool				 close_sent;
	bool				 dead;
	bool				 said_why;	/* sshd_die gave a reason
							 * for the disconnect */
	bool				 exec_refused;
	int				 exit_status;
	int				 probes;
	bool				 probe_open;	/* a key probed, its
							 * signature not seen */
	int				 close_calls;
	char				 user[CONN_USER_LEN];	/* raw */
	bool				 have_user;
	char				 refusal[256];

	/* An auth request waiting for a password check or its delay. */
	ssh_message			 held;
	ssh_message			 waiting[SSHD_AUTH_MAX_WAITING];
	int				 nwaiting;
	struct sshd_auth_job		*job_arg;
	struct worker_job		*job;
};

/*
 * sshd-kex.c: the key exchange on threads of their own.  From
 * sshd_kex_start until done(arg, result) runs on the loop, the session and
 * its fd belong to a kex thread and the loop must not touch them.
 */
enum sshd_kex_result {
	SSHD_KEX_OK,		/* exchanged: authentication is next */
	SSHD_KEX_FAILED,	/* libssh gave up (the client's fault) */
	SSHD_KEX_GONE,		/* the client hung up */
	SSHD_KEX_CANCELLED,	/* sshd_kex_cancel asked for it back */
	SSHD_KEX_STOPPED,	/* sshd_kex_free: only free the session */
};
typedef void (*sshd_kex_done_cb)(void *arg, enum sshd_kex_result);

/* threads <= 0: one per online core.  NULL with a message in err. */
struct sshd_kex *sshd_kex_new(struct event_base *, int threads,
	    sshd_kex_done_cb, char *err, size_t errlen);
int	sshd_kex_threads(const struct sshd_kex *);
/* Hand s (nonblocking, on fd) over; NULL when stopping or out of memory
 * (the session is still the caller's). */
struct sshd_kex_job *sshd_kex_start(struct sshd_kex *, ssh_session s,
	    int fd, void *arg);
/* Ask for the session back: done comes once, maybe with another result
 * if the thread was finishing.  Loop thread; the job is valid until done. */
void	sshd_kex_cancel(struct sshd_kex_job *);
/* Stop and join the threads; every session not yet back comes back
 * through done(arg, SSHD_KEX_STOPPED) from inside this call. */
void	sshd_kex_free(struct sshd_kex *);

/*
 * sshd-io.c: established sessions on I/O threads.  sshd_io_adopt hands a
 * ready session over for good (0; -1 and it stays the loop's); from then
 * on the transport ops below are the loop's only way to it, and the
 * channel callbacks (on the thread) report through sshd_io_input,
 * sshd_io_resize and sshd_io_peer_closed.  The thread frees the session;
 * the loop frees the sshd_conn when told (sshd_conn_free).
 */
struct sshd_io *sshd_io_new(struct event_base *, int threads, char *err,
	    size_t errlen);
int	sshd_io_threads(const struct sshd_io *);
/* Join the threads; sessions still on them are freed by their destroy. */
void	sshd_io_stop(struct sshd_io *);
void	sshd_io_free(struct sshd_io *);
int	sshd_io_adopt(struct sshd_io *, struct sshd_conn *);
ssize_t	sshd_io_send(struct sshd_conn *, const void *, size_t);
bool	sshd_io_pending(struct sshd_conn *);
void	sshd_io_pause(struct sshd_conn *, bool);
void	sshd_io_close(struct sshd_conn *, bool force, bool exit_failed);
void	sshd_io_destroy(struct sshd_conn *);
void	sshd_io_input(struct sshd_conn *, const void *, size_t);
void	sshd_io_resize(struct sshd_conn *, int cols, int rows);
void	sshd_io_peer_closed(struct sshd_conn *);

/* sshd.c: the pump. */
void	sshd_after(struct sshd_conn *);
void	sshd_conn_free(struct sshd_conn *);
void	sshd_poke(struct sshd_conn *);
void	sshd_die(struct sshd_conn *, const char *why);
void	sshd_clean_ascii(char *out, size_t outlen, const char *in);

/* sshd-auth.c: the auth requests queued until the user is in. */
void	sshd_auth_messages(struct sshd_conn *);
void	sshd_auth_delay_cb(evutil_socket_t, short, void *);
void	sshd_auth_free(struct sshd_conn *);

/* sshd-channel.c: after authentication, the session channel. */
void	sshd_channel_start(struct sshd_conn *);
/* One step of the close: -1, end the session now; 1, the close went out
 * (linger SSHD_CHANNEL_LINGER_SECONDS for the client to hang up); 0. */
int	sshd_channel_close_step(struct sshd_conn *);

#endif
