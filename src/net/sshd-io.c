/*
 * sshd-io.c - established SSH sessions on I/O threads: the encryption,
 * the socket and the channel of a user who is in the hall.
 *
 * Why: once the crowd is large, the loop thread's time goes to sending.  A
 * chat line in a lobby of 10,000 cost 238 ms on the loop, almost all of it
 * one encrypted write per viewer (libssh packing and libcrypto sealing a
 * packet, then the kernel's send); drawing and diffing were under 7%.  No
 * two sessions share anything in that work, so it runs on worker_threads
 * threads beside the loop, and the hall stays single-threaded.
 *
 * Ownership: when the user is ready (shell or exec, sshd_after), the loop
 * hands the session (libssh's session, channel and fd) to one I/O thread
 * for good.  From then on only that thread calls libssh for it; the loop
 * talks to it through the link below, whose shared fields are under the
 * thread's lock:
 *
 *   loop -> thread   output bytes, pause, close (with the exit status),
 *                    destroy (the conn is gone)
 *   thread -> loop   keyboard bytes, window sizes, the peer's channel
 *                    close, "drained" (after the loop saw it blocked),
 *                    why it ended, and gone (the session is freed)
 *
 * Each side keeps a queue of links with news for the other and pokes the
 * other's waker only when that queue goes from empty to not empty, so a
 * burst of 10,000 writes costs each thread one wake-up.
 *
 * Flow control: the loop may queue up to SSHD_IO_OUT_MAX bytes a session
 * (what the thread holds for libssh counts); past it a send is partial and
 * the conn keeps its tail (conn.c).  `pending` means the client is slow:
 * libssh could not send everything, or the channel window is shut.  Bytes
 * that are only waiting for the thread to come round are not pending, so a
 * fast client never waits for a round trip between the threads.  Input is
 * held up to SSHD_IO_IN_MAX bytes; past it the thread stops reading until
 * the loop has taken it (then TCP pushes back on the client).
 *
 * Lifetime: only the thread frees the libssh session (or the loop, once
 * the threads have stopped); only the loop frees the link and the
 * sshd_conn, when it takes the gone news.  After posting gone the thread
 * never touches the link again, and the loop never queues it again.
 */
#include <sys/queue.h>

#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "src/base/log.h"
#include "src/base/loopthread.h"
#include "src/base/waker.h"
#include "src/net/conn.h"
#include "src/net/sshd-int.h"
#include "src/net/transport.h"

#define SSHD_IO_OUT_MAX	(128 * 1024)
#define SSHD_IO_IN_MAX	(64 * 1024)
#define SSHD_IO_CHUNK	64	/* links polled together (sshd_io_thread_wake) */
#define SSHD_IO_SPARE_MAX 1024	/* a sent buffer kept for the next frame */

struct sshd_io_thread;

struct sshd_io_link {
	struct sshd_io_thread		*t;
	struct sshd_conn		*sc;

	/* Under t->lock. */
	unsigned char			*out;
	size_t				 out_len, out_cap;
	size_t				 held;		/* the thread's, unsent */
	/*
	 * The buffer the thread last sent, back for the loop's next frame:
	 * a frame allocated on the loop and freed on the thread took the
	 * allocator's lock from both, and in a chat line to 10,000 they
	 * met there.  Small ones only (SSHD_IO_SPARE_MAX): an idle session
	 * keeps no full screen's worth.
	 */
	unsigned char			*spare;
	size_t				 spare_cap;
	unsigned char			*in;
	size_t				 in_len, in_cap;
	/*
	 * Window sizes since the loop last looked: the first and the last
	 * (one back at the old size in between still needs a redraw: the
	 * terminal showed the other size meanwhile).
	 */
	int				 first_cols, first_rows;
	int				 cols, rows;
	unsigned			 resizes;
	bool				 peer_closed;	/* news for the loop */
	bool				 drained;	/* news for the loop */
	bool				 gone;		/* news for the loop */
	const char			*why;		/* news for the loop */
	char				 why_buf[128];	/* what why may point to */
	bool				 blocked;
	bool				 want_drained;
	bool				 paused;
	bool				 close_req, close_force;
	bool				 exit_failed;
	bool				 destroy;
	bool				 on_work, on_news;
	TAILQ_ENTRY(sshd_io_link)	 work_entry;
	TAILQ_ENTRY(sshd_io_link)	 news_entry;

	/* The thread's alone. */
	bool				 started;
	bool				 reading;
	bool				 writable;	/* polled so, nothing sent since */
	bool				 freed;
	struct event			*rev, *wev, *linger;
	unsigned char			*wbuf;
	size_t				 wbuf_len, wbuf_off, wbuf_cap;
};
TAILQ_HEAD(sshd_io_queue, sshd_io_link);

struct sshd_io_thread {
	struct sshd_io			*pool;
	struct loopthread		*lt;
	pthread_mutex_t			 lock;
	struct sshd_io_queue		 work;		/* under the lock */
	struct sshd_io_queue		 news;		/* under the lock */
	size_t				 links;		/* under the lock */
};

struct sshd_io {
	struct waker			*waker;		/* the loop's */
	struct sshd_io_thread		*threads;
	int				 nthreads;
	bool				 stopped;	/* the loop's */
};

/* ---- shared, under the thread's lock -------------------------------- */

/* Something for the thread to do: true if it must be woken. */
static bool
sshd_io_queue_work(struct sshd_io_link *l)
{
	struct sshd_io_thread	*t = l->t;
	bool			 wake;

	if (l->gone || l->on_work)
		return false;
	wake = TAILQ_EMPTY(&t->work);
	TAILQ_INSERT_TAIL(&t->work, l, work_entry);
	l->on_work = true;
	return wake;
}

/* Something for the loop to know: true if it must be woken. */
static bool
sshd_io_queue_news(struct sshd_io_link *l)
{
	struct sshd_io_thread	*t = l->t;
	bool			 wake;

	if (l->on_news)
		return false;
	wake = TAILQ_EMPTY(&t->news);
	TAILQ_INSERT_TAIL(&t->news, l, news_entry);
	l->on_news = true;
	return wake;
}

static bool
sshd_io_append(unsigned char **buf, size_t *len, size_t *cap,
    const void *data, size_t n)
{
	unsigned char	*grown;
	size_t		 want;

	if (n == 0)
		return true;
	if (*buf == NULL || *len + n > *cap) {
		want = *cap != 0 ? *cap : 256;
		while (want < *len + n)
			want *= 2;
		if ((grown = realloc(*buf, want)) == NULL)
			return false;
		*buf = grown;
		*cap = want;
	}
	memcpy(*buf + *len, data, n);
	*len += n;
	return true;
}

/* ---- on the I/O thread --------------------------------------------- */

static void	sshd_io_service(struct sshd_io_link *, bool);

/* libssh's half of a session: what only its owner may free. */
static void
sshd_io_free_session(struct sshd_io_link *l)
{
	struct sshd_conn	*sc = l->sc;

	/* The fd's events first: libssh may have closed the fd already. */
	if (l->rev != NULL)
		event_free(l->rev);
	if (l->wev != NULL)
		event_free(l->wev);
	if (l->linger != NULL)
		event_free(l->linger);
	l->rev = l->wev = l->linger = NULL;
	free(l->wbuf);
	l->wbuf = NULL;
	l->wbuf_len = l->wbuf_off = 0;
	if (sc->sev != NULL) {
		ssh_event_remove_session(sc->sev, sc->s);
		ssh_event_free(sc->sev);
		sc->sev = NULL;
	}
	if (sc->s != NULL) {
		ssh_disconnect(sc->s);
		ssh_free(sc->s);	/* frees the channel, closes the fd */
		sc->s = NULL;
		sc->ch = NULL;
	}
	l->freed = true;
}

/* The socket failed: say how, as libssh heard it from the kernel ("Socket
 * error: Connection timed out" is a peer that read nothing for
 * tcp_user_timeout seconds). */
static const char *
sshd_io_lost(struct sshd_io_link *l)
{
	const char	*e = ssh_get_error(l->sc->s);

	snprintf(l->why_buf, sizeof l->why_buf, "connection lost%s%.100s%s",
	    e != NULL && *e != '\0' ? " (" : "", e != NULL ? e : "",
	    e != NULL && *e != '\0' ? ")" : "");
	return l->why_buf;
}

/* The session ends here: freed, and the loop told (the last touch). */
static void
sshd_io_end(struct sshd_io_link *l, const char *why)
{
	struct sshd_io_thread	*t = l->t;
	bool			 wake;

	log_debug("ssh: session on %p ends: %s", (void *)l,
	    why != NULL ? why : "closed");
	sshd_io_free_session(l);
	pthread_mutex_lock(&t->lock);
	if (why != NULL && l->why == NULL)
		l->why = why;
	l->gone = true;
	if (l->on_work) {
		TAILQ_REMOVE(&t->work, l, work_entry);
		l->on_work = false;
	}
	t->links--;
	wake = sshd_io_queue_news(l);
	pthread_mutex_unlock(&t->lock);
	if (wake)
		waker_poke(t->pool->waker);
}

static bool
sshd_io_socket_gone(struct sshd_conn *sc)
{
	return !ssh_is_connected(sc->s) ||
	    ssh_get_fd(sc->s) == SSH_INVALID_SOCKET;
}

static void
sshd_io_cb(evutil_socket_t fd, short what, void *arg)
{
	struct sshd_io_link	*l = arg;

	if (ssh_event_dopoll(l->sc->sev, 0) == SSH_ERROR) {
		sshd_io_end(l, sshd_io_lost(l));
		return;
	}
	sshd_io_service(l, false);
}

static void
sshd_io_linger_cb(evutil_socket_t fd, short what, void *arg)
{
	sshd_io_end(arg, NULL);
}

static bool
sshd_io_start(struct sshd_io_link *l)
{
	struct event_base	*base = loopthread_base(l->t->lt);
	int			 fd = ssh_get_fd(l->sc->s);

	l->started = true;
	l->rev = event_new(base, fd, EV_READ | EV_PERSIST, sshd_io_cb, l);
	l->wev = event_new(base, fd, EV_WRITE, sshd_io_cb, l);
	l->linger = evtimer_new(base, sshd_io_linger_cb, l);
	return l->rev != NULL && l->wev != NULL && l->linger != NULL;
}

/*
 * Offer what the thread holds to libssh, as far as the window allows.
 * `writable`: a poll(2) of the socket saw it writable and nothing was sent
 * on it since, so libssh may send at once (sshd_io_thread_wake).
 */
static bool
sshd_io_write(struct sshd_io_link *l, bool writable)
{
	struct sshd_conn	*sc = l->sc;
	size_t			 left;
	bool			 wrote;
	int			 n, pass;

	/*
	 * libssh sends at once only after a poll saw the socket writable,
	 * and each send makes it wait for the next poll (docs/design.md
	 * §2.3); a send it tries on a full socket, EAGAIN included, ends
	 * the session.  So it is told of a poll of ours only when that poll
	 * is still true: the socket's queue only drains until the next send,
	 * and this thread alone sends on it.  Otherwise what was just written
	 * is still libssh's: poll now, one poll(2), instead of arming the
	 * write event and coming back a loop turn later (two epoll_ctl and
	 * the turn, for every frame).  That poll may also read the client's
	 * window adjust, which lets the rest go: so a second pass.
	 */
	if (writable && l->wbuf_off < l->wbuf_len)
		ssh_set_fd_towrite(sc->s);
	for (pass = 0; pass < 2 && l->wbuf_off < l->wbuf_len; pass++) {
		wrote = false;
		while (l->wbuf_off < l->wbuf_len) {
			left = l->wbuf_len - l->wbuf_off;
			if (left > INT32_MAX)
				left = INT32_MAX;
			/* May run this session's callbacks (input, window). */
			n = ssh_channel_write(sc->ch, l->wbuf + l->wbuf_off,
			    (uint32_t)left);
			if (n == SSH_ERROR)
				return false;
			if (n == 0)
				break;
			l->wbuf_off += (size_t)n;
			wrote = true;
		}
		if (!wrote || !(ssh_get_status(sc->s) & SSH_WRITE_PENDING))
			break;
		if (ssh_event_dopoll(sc->sev, 0) == SSH_ERROR)
			return false;
	}
	return true;
}

static void
sshd_io_set_reading(struct sshd_io_link *l, bool on)
{
	if (on == l->reading)
		return;
	l->reading = on;
	if (on)
		event_add(l->rev, NULL);
	else
		event_del(l->rev);
}

/*
 * Whatever changed: take the loop's requests and output, move bytes.
 * `writable` as for sshd_io_write.
 */
static void
sshd_io_service(struct sshd_io_link *l, bool writable)
{
	struct sshd_io_thread	*t = l->t;
	struct sshd_conn	*sc = l->sc;
	bool			 was_reading = l->reading, read_on, closing;
	bool			 blocked, wake = false, again = false;
	unsigned char		*sent = NULL;
	size_t			 sent_cap = 0;
	int			 rc;

	if (l->freed)
		return;
	pthread_mutex_lock(&t->lock);
	if (l->destroy || (l->close_req && l->close_force)) {
		pthread_mutex_unlock(&t->lock);
		sshd_io_end(l, NULL);
		return;
	}
	if (l->wbuf == NULL && l->out_len > 0) {
		l->wbuf = l->out;
		l->wbuf_len = l->out_len;
		l->wbuf_cap = l->out_cap;
		l->wbuf_off = 0;
		l->out = NULL;
		l->out_len = l->out_cap = 0;
	}
	read_on = !l->paused && l->in_len < SSHD_IO_IN_MAX;
	closing = l->close_req && l->out_len == 0;
	if (l->exit_failed)
		sc->exit_status = 1;
	pthread_mutex_unlock(&t->lock);

	if (!l->started && !sshd_io_start(l)) {
		sshd_io_end(l, "out of memory");
		return;
	}
	sshd_io_set_reading(l, read_on);
	/* Resumed (or new): libssh may hold packets it read, undispatched. */
	if (read_on && !was_reading) {
		writable = false;	/* the poll may send what libssh holds */
		if (ssh_event_dopoll(sc->sev, 0) == SSH_ERROR) {
			sshd_io_end(l, sshd_io_lost(l));
			return;
		}
	}
	if (!sshd_io_write(l, writable)) {
		sshd_io_end(l, sshd_io_lost(l));
		return;
	}
	if (closing && l->wbuf_off == l->wbuf_len) {
		rc = sshd_channel_close_step(sc);
		if (rc < 0) {
			sshd_io_end(l, NULL);
			return;
		}
		if (rc > 0) {
			struct timeval tv = { SSHD_CHANNEL_LINGER_SECONDS, 0 };

			evtimer_add(l->linger, &tv);
		}
	}
	if (sshd_io_socket_gone(sc)) {
		sshd_io_end(l, "the client hung up");
		return;
	}
	/* Armed only while libssh has output waiting (§2.3). */
	if (ssh_get_status(sc->s) & SSH_WRITE_PENDING)
		event_add(l->wev, NULL);
	else
		event_del(l->wev);

	if (l->wbuf != NULL && l->wbuf_off == l->wbuf_len) {
		sent = l->wbuf;
		sent_cap = l->wbuf_cap;
		l->wbuf = NULL;
		l->wbuf_len = l->wbuf_off = l->wbuf_cap = 0;
	}
	blocked = (ssh_get_status(sc->s) & SSH_WRITE_PENDING) ||
	    l->wbuf != NULL;
	pthread_mutex_lock(&t->lock);
	if (sent != NULL && l->spare == NULL && sent_cap <= SSHD_IO_SPARE_MAX) {
		l->spare = sent;
		l->spare_cap = sent_cap;
		sent = NULL;
	}
	l->blocked = blocked;
	l->held = l->wbuf_len - l->wbuf_off;
	if (!blocked && l->out_len == 0 && l->want_drained) {
		l->want_drained = false;
		l->drained = true;
		wake = sshd_io_queue_news(l);
	} else if (l->out_len > 0 && l->wbuf == NULL &&
	    sshd_io_queue_work(l))
		again = true;	/* more came while we wrote */
	pthread_mutex_unlock(&t->lock);
	free(sent);
	if (wake)
		waker_poke(t->pool->waker);
	if (again)
		loopthread_poke(t->lt);
}

/*
 * A chunk of the batch whose sockets one poll(2) asks about, instead of
 * one poll each inside libssh: in a chat line to 10,000 that poll was a
 * tenth of the session threads' time.  Marks the links found writable.
 */
static void
sshd_io_poll_chunk(struct sshd_io_link **ls, int n)
{
	struct pollfd	 pfd[SSHD_IO_CHUNK];
	int		 i, fd;

	for (i = 0; i < n; i++) {
		ls[i]->writable = false;
		fd = ls[i]->freed ? SSH_INVALID_SOCKET : ssh_get_fd(ls[i]->sc->s);
		pfd[i].fd = fd;		/* a negative fd is skipped */
		pfd[i].events = POLLOUT;
		pfd[i].revents = 0;
	}
	if (poll(pfd, (nfds_t)n, 0) <= 0)
		return;
	for (i = 0; i < n; i++)
		ls[i]->writable = pfd[i].revents == POLLOUT;
}

static void
sshd_io_thread_wake(void *arg)
{
	struct sshd_io_thread	*t = arg;
	struct sshd_io_queue	 batch;
	struct sshd_io_link	*l, *chunk[SSHD_IO_CHUNK];
	bool			 writable;
	int			 n, i;

	TAILQ_INIT(&batch);
	pthread_mutex_lock(&t->lock);
	TAILQ_CONCAT(&batch, &t->work, work_entry);
	pthread_mutex_unlock(&t->lock);
	/*
	 * on_work stays set while a link waits in the batch, so the loop
	 * cannot queue it (its entry is the batch's); it is cleared once
	 * the link is off the batch, before it is served.  A link the loop
	 * destroys meanwhile is only marked (destroy), never freed: the
	 * chunk's pointers stay good until each is served.
	 */
	while (!TAILQ_EMPTY(&batch)) {
		n = 0;
		pthread_mutex_lock(&t->lock);
		while (n < SSHD_IO_CHUNK && (l = TAILQ_FIRST(&batch)) != NULL) {
			TAILQ_REMOVE(&batch, l, work_entry);
			l->on_work = false;
			chunk[n++] = l;
		}
		pthread_mutex_unlock(&t->lock);
		sshd_io_poll_chunk(chunk, n);
		/* A link served may be gone, and freed by the loop. */
		for (i = 0; i < n; i++) {
			writable = chunk[i]->writable;
			chunk[i]->writable = false;
			sshd_io_service(chunk[i], writable);
		}
	}
}

/* Channel callbacks, inside libssh on the thread. */
void
sshd_io_input(struct sshd_conn *sc, const void *data, size_t len)
{
	struct sshd_io_link	*l = sc->link;
	struct sshd_io_thread	*t = l->t;
	bool			 ok, wake;

	pthread_mutex_lock(&t->lock);
	/* Past SSHD_IO_IN_MAX, the service after this pump stops reading. */
	ok = sshd_io_append(&l->in, &l->in_len, &l->in_cap, data, len);
	wake = sshd_io_queue_news(l);
	pthread_mutex_unlock(&t->lock);
	if (!ok)
		log_error("ssh: out of memory for %zu bytes of input", len);
	if (wake)
		waker_poke(t->pool->waker);
}

void
sshd_io_resize(struct sshd_conn *sc, int cols, int rows)
{
	struct sshd_io_link	*l = sc->link;
	struct sshd_io_thread	*t = l->t;
	bool			 wake;

	pthread_mutex_lock(&t->lock);
	if (l->resizes++ == 0) {
		l->first_cols = cols;
		l->first_rows = rows;
	}
	l->cols = cols;
	l->rows = rows;
	wake = sshd_io_queue_news(l);
	pthread_mutex_unlock(&t->lock);
	if (wake)
		waker_poke(t->pool->waker);
}

void
sshd_io_peer_closed(struct sshd_conn *sc)
{
	struct sshd_io_link	*l = sc->link;
	bool			 wake;

	pthread_mutex_lock(&l->t->lock);
	l->peer_closed = true;
	wake = sshd_io_queue_news(l);
	pthread_mutex_unlock(&l->t->lock);
	if (wake)
		waker_poke(l->t->pool->waker);
}

/* ---- on the loop thread -------------------------------------------- */

/* The loop's own end of a link whose session is gone. */
static void
sshd_io_release(struct sshd_io_link *l)
{
	struct sshd_conn	*sc = l->sc;

	free(l->out);
	free(l->spare);
	free(l->in);
	free(l);
	sc->link = NULL;
	sshd_conn_free(sc);	/* tells the conn, if it is still there */
}

/* What one link has for the loop, taken under the lock, acted on after. */
static void
sshd_io_news(struct sshd_io_link *l)
{
	struct sshd_io_thread	*t = l->t;
	struct sshd_conn	*sc = l->sc;
	unsigned char		*in;
	size_t			 in_len;
	const char		*why;
	bool			 peer_closed, drained, gone, wake = false;
	int			 first_cols, first_rows, cols, rows;
	unsigned		 resizes;

	pthread_mutex_lock(&t->lock);
	l->on_news = false;	/* off the loop's batch: news may come again */
	in = l->in;
	in_len = l->in_len;
	if (in_len >= SSHD_IO_IN_MAX)
		wake = sshd_io_queue_work(l);	/* to read again */
	l->in = NULL;
	l->in_len = l->in_cap = 0;
	resizes = l->resizes;
	first_cols = l->first_cols;
	first_rows = l->first_rows;
	cols = l->cols;
	rows = l->rows;
	l->resizes = 0;
	peer_closed = l->peer_closed;
	l->peer_closed = false;
	drained = l->drained;
	l->drained = false;
	why = l->why;
	l->why = NULL;
	gone = l->gone;
	pthread_mutex_unlock(&t->lock);
	if (wake)
		loopthread_poke(t->lt);

	if (sc->conn != NULL) {
		if (why != NULL)
			conn_transport_why(sc->conn, why);
		if (in_len > 0)
			conn_transport_input(sc->conn, in, in_len);
		if (resizes > 1)
			conn_transport_resize(sc->conn, first_cols,
			    first_rows);
		if (resizes > 0)
			conn_transport_resize(sc->conn, cols, rows);
		/* EOF only ends the user's input; a channel close ends the
		 * connection. */
		if (peer_closed) {
			conn_transport_why(sc->conn,
			    "the client closed the session");
			conn_close(sc->conn, NULL);
		}
		if (drained)
			conn_transport_flush(sc->conn);
	}
	free(in);
	if (gone)
		sshd_io_release(l);
}

static void
sshd_io_loop_wake(void *arg)
{
	struct sshd_io		*io = arg;
	struct sshd_io_thread	*t;
	struct sshd_io_queue	 batch;
	struct sshd_io_link	*l;
	int			 i;

	for (i = 0; i < io->nthreads; i++) {
		t = &io->threads[i];
		TAILQ_INIT(&batch);
		pthread_mutex_lock(&t->lock);
		/* on_news stays set until sshd_io_news takes the link's news:
		 * until then its entry is the batch's. */
		TAILQ_CONCAT(&batch, &t->news, news_entry);
		pthread_mutex_unlock(&t->lock);
		while ((l = TAILQ_FIRST(&batch)) != NULL) {
			TAILQ_REMOVE(&batch, l, news_entry);
			sshd_io_news(l);
		}
	}
}

/*
 * A thread's lock is held for a few instructions at a time, by the loop
 * once per frame it hands over and by the thread once per link it
 * serves.  In a chat line to 10,000, futex sleeps and wake-ups were
 * 4.5% of the threads' samples, on this lock and the allocator's (the
 * spare buffer above answers that one).  An adaptive mutex spins a little
 * before it sleeps.
 */
static void
sshd_io_lock_init(pthread_mutex_t *lock)
{
	pthread_mutexattr_t	 attr;

	pthread_mutexattr_init(&attr);
	(void)pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ADAPTIVE_NP);
	pthread_mutex_init(lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

struct sshd_io *
sshd_io_new(struct event_base *base, int threads, char *err, size_t errlen)
{
	struct sshd_io		*io;
	struct sshd_io_thread	*t;
	char			 name[16];
	int			 i;

	io = calloc(1, sizeof *io);
	if (io == NULL || (io->threads = calloc((size_t)threads,
	    sizeof *io->threads)) == NULL) {
		free(io);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if ((io->waker = waker_new(base, sshd_io_loop_wake, io)) == NULL)
		goto fail;
	for (i = 0; i < threads; i++) {
		t = &io->threads[i];
		t->pool = io;
		sshd_io_lock_init(&t->lock);
		TAILQ_INIT(&t->work);
		TAILQ_INIT(&t->news);
		io->nthreads++;
		snprintf(name, sizeof name, "gh-ssh%d", i % 1000);
		if ((t->lt = loopthread_new(name, sshd_io_thread_wake, t)) ==
		    NULL)
			goto fail;
	}
	return io;

fail:
	snprintf(err, errlen, "cannot start the SSH I/O threads");
	sshd_io_free(io);
	return NULL;
}

int
sshd_io_threads(const struct sshd_io *io)
{
	return io->nthreads;
}

void
sshd_io_stop(struct sshd_io *io)
{
	int	 i;

	if (io == NULL || io->stopped)
		return;
	for (i = 0; i < io->nthreads; i++)
		loopthread_stop(io->threads[i].lt);
	io->stopped = true;
}

void
sshd_io_free(struct sshd_io *io)
{
	int	 i;

	if (io == NULL)
		return;
	sshd_io_stop(io);
	/* Every link was destroyed with its conn (conn_destroy_all). */
	for (i = 0; i < io->nthreads; i++) {
		loopthread_free(io->threads[i].lt);
		pthread_mutex_destroy(&io->threads[i].lock);
	}
	waker_free(io->waker);
	free(io->threads);
	free(io);
}

int
sshd_io_adopt(struct sshd_io *io, struct sshd_conn *sc)
{
	struct sshd_io_thread	*t;
	struct sshd_io_link	*l;
	size_t			 load, best = SIZE_MAX;
	bool			 wake;
	int			 i;

	if (io == NULL || io->stopped || (l = calloc(1, sizeof *l)) == NULL)
		return -1;
	/* The thread with the fewest sessions (read without care: a
	 * balance, not a bound). */
	t = &io->threads[0];
	for (i = 0; i < io->nthreads; i++) {
		pthread_mutex_lock(&io->threads[i].lock);
		load = io->threads[i].links;
		pthread_mutex_unlock(&io->threads[i].lock);
		if (load < best) {
			best = load;
			t = &io->threads[i];
		}
	}
	l->t = t;
	l->sc = sc;
	l->paused = sc->paused;
	/* The loop's events on the fd go: the fd is the thread's now. */
	if (sc->rev != NULL)
		event_free(sc->rev);
	if (sc->wev != NULL)
		event_free(sc->wev);
	sc->rev = sc->wev = NULL;
	evtimer_del(sc->timer);
	sc->link = l;
	pthread_mutex_lock(&t->lock);
	t->links++;
	wake = sshd_io_queue_work(l);
	pthread_mutex_unlock(&t->lock);
	if (wake)
		loopthread_poke(t->lt);
	return 0;
}

ssize_t
sshd_io_send(struct sshd_conn *sc, const void *buf, size_t len)
{
	struct sshd_io_link	*l = sc->link;
	struct sshd_io_thread	*t = l->t;
	size_t			 have, room, n;
	bool			 wake;

	pthread_mutex_lock(&t->lock);
	if (l->gone || l->close_req || l->destroy) {
		pthread_mutex_unlock(&t->lock);
		return -1;
	}
	have = l->out_len + l->held;
	room = have < SSHD_IO_OUT_MAX ? SSHD_IO_OUT_MAX - have : 0;
	n = len < room ? len : room;
	if (n > 0 && l->out == NULL && l->spare != NULL) {
		l->out = l->spare;
		l->out_cap = l->spare_cap;
		l->spare = NULL;
		l->spare_cap = 0;
	}
	if (n > 0 && !sshd_io_append(&l->out, &l->out_len, &l->out_cap, buf,
	    n))
		n = 0;
	if (n < len)
		l->want_drained = true;
	wake = n > 0 && sshd_io_queue_work(l);
	pthread_mutex_unlock(&t->lock);
	if (wake)
		loopthread_poke(t->lt);
	return (ssize_t)n;
}

bool
sshd_io_pending(struct sshd_conn *sc)
{
	struct sshd_io_link	*l = sc->link;
	bool			 blocked;

	pthread_mutex_lock(&l->t->lock);
	blocked = l->blocked && !l->gone;
	if (blocked)
		l->want_drained = true;
	pthread_mutex_unlock(&l->t->lock);
	return blocked;
}

/* The loop's requests: set under the lock, then the thread is woken. */
static void
sshd_io_request(struct sshd_io_link *l, bool paused, bool close_req,
    bool force, bool exit_failed, bool destroy)
{
	struct sshd_io_thread	*t = l->t;
	bool			 wake;

	pthread_mutex_lock(&t->lock);
	l->paused = paused;
	l->close_req |= close_req;
	l->close_force |= force;
	l->exit_failed |= exit_failed;
	l->destroy |= destroy;
	wake = sshd_io_queue_work(l);
	pthread_mutex_unlock(&t->lock);
	if (wake)
		loopthread_poke(t->lt);
}

void
sshd_io_pause(struct sshd_conn *sc, bool paused)
{
	sshd_io_request(sc->link, paused, false, false, false, false);
}

void
sshd_io_close(struct sshd_conn *sc, bool force, bool exit_failed)
{
	sshd_io_request(sc->link, sc->paused, true, force, exit_failed,
	    false);
}

void
sshd_io_destroy(struct sshd_conn *sc)
{
	struct sshd_io_link	*l = sc->link;
	struct sshd_io_thread	*t = l->t;

	if (!t->pool->stopped) {
		/* The thread frees the session; its gone news frees us. */
		sshd_io_request(l, sc->paused, false, true, false, true);
		return;
	}
	/* The threads have stopped: the session is the loop's again. */
	if (l->on_news)
		TAILQ_REMOVE(&t->news, l, news_entry);
	if (l->on_work)
		TAILQ_REMOVE(&t->work, l, work_entry);
	if (!l->freed)
		sshd_io_free_session(l);
	sshd_io_release(l);
}
