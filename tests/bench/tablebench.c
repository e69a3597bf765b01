/*
 * tablebench.c - load generator for tables: many tables playing at once,
 * each with two players and watchers, over SSH against a real gamehalld.
 *
 *	tablebench [-n TABLES] [-w WATCHERS] [-i SECONDS] [-s SECONDS]
 *	    [-t THREADS] [-c CPU_TABLES] [-l LEVEL] [-T TIMER [-q SECONDS]]
 *	    [-L CROWD] [-e]
 *
 * Defaults: 500 tables, 2 watchers, a move every 2 s, 30 s, 8 threads
 * (2000 SSH sessions; the set-up takes a minute or two).
 *
 * Every table is opened as the hall's users do it: a guest runs
 * `ssh host new gomoku rated=no`, another `join CODE`, the watchers
 * `watch CODE`; the host starts the game.  Then each table makes a move
 * every -i seconds (2 by default), the tables spread evenly over the
 * interval, for -s seconds.  A move is typed as a person types it (":h8"
 * and Enter); its latency is the time from the keystrokes leaving until
 * the move shows on a viewer's screen (its move list), measured for the
 * opponent and for the watchers.  It is taken twice: to the screen (when
 * the bench, having read and drawn the bytes, finds the move) and to the
 * socket (when the first bytes after the keystrokes reached the viewer's
 * socket, by the kernel's receive time, however late the bench comes
 * round to read them: what a viewer on a machine of his own would see).
 * The bench's threads yield the cores to the daemon (the idle scheduling
 * class), as a crowd elsewhere would; -e runs them at the daemon's
 * priority.
 * Printed: p50/p99/max latency for both,
 * the daemon's CPU and the bench's own (the bench shares the machine: when
 * it takes more than the daemon, it says so), and the bytes each viewer
 * received per move.  It
 * prints figures; it never judges them.  Exit status 1 only when the hall
 * did not work (no table came up, the daemon died or did not stop
 * cleanly).
 *
 * With -c, that many more tables play the computer (`new gomoku cpu=1
 * level=L`, level 3 by default) beside them: each guest answers the CPU's
 * move as soon as it is his turn, so the worker threads think without a
 * pause, and the latency above is measured while they do.
 *
 * With -L, that many guests sit in the lobby while the tables play (they
 * come in first, and one thread reads their screens as they are sent):
 * what a lobby crowd costs the tables' latency.  Printed too: the bytes
 * each of them got while the moves went.
 *
 * With -T 30 or 60 the tables have that turn timer, and before the moves
 * start everyone sits still for -q seconds (10 by default) with every
 * table's clock counting down: printed are the daemon's CPU for the
 * running clocks and the bytes each viewer gets per tick (one frame a
 * second that changes only the clock's digits).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/bench/crowd.h"
#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define TB_WAIT_MS 120000
#define TB_SEEN_MS 10000	/* a move not seen by then is "missed" */
#define TB_SETTLE_S 6		/* after the set-up, before the moves */
#define TB_MAX_WATCHERS 8
/* What a thread's waits name its clients by: table * TB_TAG_CLIENTS +
 * client, or TB_TAG_CPU + the CPU table. */
#define TB_TAG_CLIENTS 16
#define TB_TAG_CPU (1ULL << 40)

struct tb_table {
	struct tclient *player[2];
	struct tclient *watcher[TB_MAX_WATCHERS];
	int	nwatch;
	int	ok;
	int	stopped;		/* plays no more (its bytes still
					   count) */
	int	mover;			/* player index to move */
	int	ply;			/* moves made */
	double	next;			/* when the next move goes */
	double	sent;			/* when the pending move went */
	double	sent_real;		/* the same, on the real-time clock */
	double	typed_real;		/* when the keystrokes had gone */
	double	arrived[1 + TB_MAX_WATCHERS];	/* at each viewer's socket */
	char	expect[32];		/* "12.h8" */
	int	pending;		/* viewers still to see it */
	int	seen[1 + TB_MAX_WATCHERS];
};

enum tb_lat {
	TB_OPP,			/* to the opponent's screen */
	TB_WATCH,		/* to the watchers' screens */
	TB_OPP_SOCK,		/* to the opponent's socket */
	TB_WATCH_SOCK,		/* to the watchers' sockets */
	TB_OPP_TYPED,		/* to the opponent's socket, from the end
				   of the typing */
	TB_NLAT
};

struct tb {
	struct harness *h;
	int	ntables, nwatch, seconds, nthreads, ncpu, level;
	int	timer, quiet;		/* -T, -q */
	int	ncrowd;			/* -L: guests in the lobby */
	struct tclient **crowd;
	volatile int crowd_stop;
	struct tb_cpu *cpu;
	long	cpu_turns;
	double	interval;
	struct tb_table *tables;
	pthread_barrier_t barrier;
	pthread_mutex_t lock;
	double	t0;
	int	equal;			/* -e */
	/* Results, by enum tb_lat. */
	double	*lat[TB_NLAT];
	size_t	nlat[TB_NLAT], caplat[TB_NLAT];
	long	unstamped;		/* seen, but no receive time */
	long	moves, missed, broken;	/* broken: tables whose mover's
					   connection failed */
	int	failed;
};


/* A guest playing the computer as fast as it answers. */
struct tb_cpu {
	struct tclient *tc;
	int	ok;
	int	tries;			/* moves typed (some refused) */
	double	last;			/* when the last one went */
};

struct tb_thread {
	struct tb *b;
	uint64_t qbytes;		/* received in the quiet spell */
	int	first, last;
	int	cfirst, clast;		/* its CPU tables */
	pthread_t thread;
};

/* A guest running `cmd`, into whatever the command opens. */
static struct tclient *
tb_guest(struct tb *b, const char *name, const char *cmd)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(b->h), name);

	tclient_set_term(tc, 80, 24, "xterm-256color");
	tclient_set_timeout(tc, TB_WAIT_MS);
	if (tclient_connect(tc) != 0 ||
	    tclient_auth_kbdint(tc, NULL) != TCLIENT_AUTH_SUCCESS ||
	    tclient_exec(tc, cmd) != 0 ||
	    tclient_wait_for(tc, "Share: ssh", TB_WAIT_MS) != 0) {
		fprintf(stderr, "tablebench: %s: %s\n", name, tclient_error(tc));
		tclient_free(tc);
		return NULL;
	}
	crowd_stamp(tclient_fd(tc));
	return tc;
}

/* The ply-th move: rows 1, 3, 5... filled left to right, so the colours
 * alternate along each row and no line of five can ever form. */
static void
tb_move_text(int ply, char *buf, size_t len)
{
	snprintf(buf, len, "%c%d", 'a' + ply % 15, (2 * (ply / 15) + 1) % 16);
}

static int
tb_table_open(struct tb *b, int i)
{
	struct tb_table *t = &b->tables[i];
	char name[32], cmd[64], code[8];
	int row, col;

	snprintf(name, sizeof name, "host%d", i);
	if (b->timer > 0)
		snprintf(cmd, sizeof cmd, "new gomoku rated=no timer=%d",
		    b->timer);
	else
		snprintf(cmd, sizeof cmd, "new gomoku rated=no");
	if ((t->player[0] = tb_guest(b, name, cmd)) == NULL)
		return -1;
	if (!tclient_find(t->player[0], " join ", &row, &col) ||
	    sscanf(tclient_row(t->player[0], row) + col + 6, "%5s",
	    code) != 1)
		return -1;
	snprintf(cmd, sizeof cmd, "join %s", code);
	snprintf(name, sizeof name, "guest%d", i);
	if ((t->player[1] = tb_guest(b, name, cmd)) == NULL)
		return -1;
	snprintf(cmd, sizeof cmd, "watch %s", code);
	for (int w = 0; w < b->nwatch; w++) {
		snprintf(name, sizeof name, "watch%d-%d", i, w);
		if ((t->watcher[w] = tb_guest(b, name, cmd)) == NULL)
			return -1;
		t->nwatch++;
	}
	return tclient_wait_for(t->player[0], "waiting for", TB_WAIT_MS);
}

/* The host starts the game (after every table is open, so that the turn
 * clocks start together). */
static int
tb_table_start(struct tb *b, int i)
{
	struct tb_table *t = &b->tables[i];

	(void)b;
	if (tclient_type(t->player[0], "g") != 0 ||
	    tclient_wait_for(t->player[0], "to move", TB_WAIT_MS) != 0 ||
	    tclient_wait_for(t->player[1], "to move", TB_WAIT_MS) != 0)
		return -1;
	t->mover = tclient_find(t->player[0], "you to move", NULL, NULL) ? 0 :
	    1;
	return 0;
}

/* A table's clients: the two players, then the watchers. */
static struct tclient *
tb_client(struct tb_table *t, int c)
{
	return c < 2 ? t->player[c] : t->watcher[c - 2];
}

/* The viewers of a table: the player not moving, then the watchers. */
static struct tclient *
tb_viewer(struct tb_table *t, int v)
{
	return v == 0 ? t->player[1 - t->mover] : t->watcher[v - 1];
}

static void
tb_record(struct tb *b, enum tb_lat kind, double lat)
{
	double **arr = &b->lat[kind];
	size_t *n = &b->nlat[kind];
	size_t *cap = &b->caplat[kind];

	pthread_mutex_lock(&b->lock);
	if (*n == *cap) {
		*cap = *cap == 0 ? 1024 : *cap * 2;
		*arr = realloc(*arr, *cap * sizeof **arr);
		if (*arr == NULL)
			abort();
	}
	(*arr)[(*n)++] = lat;
	pthread_mutex_unlock(&b->lock);
}

static void
tb_send(struct tb *b, struct tb_table *t, double now)
{
	char mv[16], text[24];

	tb_move_text(t->ply, mv, sizeof mv);
	snprintf(text, sizeof text, ":%s\r", mv);
	snprintf(t->expect, sizeof t->expect, "%d.%s", t->ply + 1, mv);
	t->sent = now;
	t->sent_real = crowd_real_now();
	t->pending = 1 + t->nwatch;
	memset(t->seen, 0, sizeof t->seen);
	memset(t->arrived, 0, sizeof t->arrived);
	if (tclient_type(t->player[t->mover], text) != 0) {
		/* His connection is gone: the table plays no more (it
		 * used to be sent to again on every turn of the loop, each
		 * counted as a move). */
		t->pending = 0;
		t->stopped = 1;
		pthread_mutex_lock(&b->lock);
		/* The first few say why, so the bench can tell its side. */
		if (b->broken++ < 5)
			fprintf(stderr, "tablebench: table %d stopped at ply "
			    "%d: %s\n", (int)(t - b->tables), t->ply,
			    tclient_error(t->player[t->mover]));
		pthread_mutex_unlock(&b->lock);
		return;
	}
	t->typed_real = crowd_real_now();
	pthread_mutex_lock(&b->lock);
	b->moves++;
	pthread_mutex_unlock(&b->lock);
}

/* The pending move went round (or timed out): the other player's turn. */
static void
tb_turn_over(struct tb *b, struct tb_table *t)
{
	t->ply++;
	t->mover = 1 - t->mover;
	t->next = t->sent + b->interval;
}

static int
tb_cpu_open(struct tb *b, int i)
{
	char name[32], cmd[64];

	snprintf(name, sizeof name, "solo%d", i);
	snprintf(cmd, sizeof cmd, "new gomoku cpu=1 level=%d", b->level);
	if ((b->cpu[i].tc = tb_guest(b, name, cmd)) == NULL)
		return -1;
	return tclient_wait_for(b->cpu[i].tc, "to move", TB_WAIT_MS);
}

/* The guest's turn (the CPU answered): his next move, or a new game. */
static void
tb_cpu_step(struct tb *b, struct tb_cpu *p, double now)
{
	char mv[16], text[24];

	if (now - p->last < 0.2)
		return;
	if (tclient_find(p->tc, "g to play again", NULL, NULL)) {
		tclient_type(p->tc, "g");
		p->last = now;
		return;
	}
	if (!tclient_find(p->tc, "you to move", NULL, NULL))
		return;
	/* Points along the edges first, where the CPU rarely plays: a
	 * refused one is simply followed by the next. */
	tb_move_text(p->tries++ % 120, mv, sizeof mv);
	snprintf(text, sizeof text, ":%s\r", mv);
	tclient_type(p->tc, text);
	p->last = now;
	pthread_mutex_lock(&b->lock);
	b->cpu_turns++;
	pthread_mutex_unlock(&b->lock);
}

/* Bytes this thread's clients received so far. */
static uint64_t
tb_thread_bytes(struct tb *b, struct tb_thread *th)
{
	uint64_t sum = 0;

	for (int i = th->first; i < th->last; i++) {
		struct tb_table *t = &b->tables[i];

		if (!t->ok)
			continue;
		for (int c = 0; c < 2; c++)
			sum += tclient_bytes_received(t->player[c]);
		for (int w = 0; w < t->nwatch; w++)
			sum += tclient_bytes_received(t->watcher[w]);
	}
	return sum;
}

/* Read whatever this thread's clients get, as it comes, for `seconds`. */
static void
tb_read_for(struct tb *b, struct tb_thread *th, int seconds)
{
	double	 end = crowd_now() + seconds;

	while (crowd_now() < end) {
		for (int i = th->first; i < th->last; i++) {
			struct tb_table *t = &b->tables[i];

			if (!t->ok)
				continue;
			for (int c = 0; c < 2; c++)
				tclient_read(t->player[c], 0);
			for (int w = 0; w < t->nwatch; w++)
				tclient_read(t->watcher[w], 0);
		}
		usleep(20 * 1000);
	}
}

/* What already came for this thread's tables below `upto`, read without
 * waiting (crowd_read_ready says why the set-up must). */
static void
tb_read_ready(struct tb *b, struct tb_thread *th, int upto)
{
	int nper = 2 + b->nwatch, n = (upto - th->first) * nper, k = 0;
	struct tclient **c;

	if (n <= 0 || (c = calloc((size_t)n, sizeof *c)) == NULL)
		return;
	for (int i = th->first; i < upto; i++)
		for (int v = 0; v < nper; v++)
			c[k++] = tb_client(&b->tables[i], v);
	crowd_read_ready(c, n);
	free(c);
}

/* Read what the daemon sent this thread's clients until they are quiet:
 * all of them at once (one at a time, the first were left unread for
 * minutes while the others settled). */
static void
tb_settle_all(struct tb *b, struct tb_thread *th)
{
	uint64_t last = tb_thread_bytes(b, th), now;
	double quiet = crowd_now(), end = quiet + 60;

	while (crowd_now() - quiet < 0.3 && crowd_now() < end) {
		tb_read_ready(b, th, th->last);
		usleep(20 * 1000);
		if ((now = tb_thread_bytes(b, th)) != last) {
			last = now;
			quiet = crowd_now();
		}
	}
}

/* Has the pending move shown on each of its viewers' screens yet? */
static void
tb_look(struct tb *b, struct tb_table *t)
{
	double	 now;

	if (!t->ok || t->pending == 0)
		return;
	now = crowd_now();
	for (int v = 0; v < 1 + t->nwatch; v++) {
		if (t->seen[v] || !tclient_find(tb_viewer(t, v), t->expect,
		    NULL, NULL))
			continue;
		t->seen[v] = 1;
		t->pending--;
		tb_record(b, v > 0 ? TB_WATCH : TB_OPP, now - t->sent);
		if (t->arrived[v] > 0) {
			tb_record(b, v > 0 ? TB_WATCH_SOCK : TB_OPP_SOCK,
			    t->arrived[v] - t->sent_real);
			if (v == 0)
				tb_record(b, TB_OPP_TYPED, t->arrived[v] -
				    t->typed_real);
		} else {
			pthread_mutex_lock(&b->lock);
			b->unstamped++;
			pthread_mutex_unlock(&b->lock);
		}
	}
	if (t->pending == 0)
		tb_turn_over(b, t);
}

static void *
tb_thread_main(void *arg)
{
	struct tb_thread *th = arg;
	struct tb *b = th->b;
	struct crowd_set *set;
	uint64_t *tags;
	int nper = 2 + b->nwatch, n;
	double end;

	for (int i = th->first; i < th->last; i++) {
		b->tables[i].ok = tb_table_open(b, i) == 0;
		tb_read_ready(b, th, i + 1);
	}
	for (int i = th->first; i < th->last; i++) {
		b->tables[i].ok = b->tables[i].ok && tb_table_start(b, i) == 0;
		tb_read_ready(b, th, th->last);
		if (!b->tables[i].ok) {
			pthread_mutex_lock(&b->lock);
			b->failed++;
			pthread_mutex_unlock(&b->lock);
		}
	}
	for (int i = th->cfirst; i < th->clast; i++)
		b->cpu[i].ok = tb_cpu_open(b, i) == 0;
	/* Read what the set-up sent (the game's start, the notices) so that
	 * only the moves are counted. */
	tb_settle_all(b, th);
	pthread_barrier_wait(&b->barrier);
	/* With turn timers: a quiet spell, the clocks ticking, then what
	 * the ticks sent is read. */
	if (b->quiet > 0) {
		uint64_t before;

		pthread_barrier_wait(&b->barrier);
		/* What queued up while we waited is not the spell's. */
		tb_read_for(b, th, 1);
		before = tb_thread_bytes(b, th);
		tb_read_for(b, th, b->quiet);
		th->qbytes = tb_thread_bytes(b, th) - before;
		pthread_barrier_wait(&b->barrier);
	}
	/* The clock starts once every table is up. */
	pthread_barrier_wait(&b->barrier);
	end = b->t0 + b->seconds;
	for (int i = th->first; i < th->last; i++)
		b->tables[i].next = b->t0 + b->interval * i / b->ntables;
	n = (th->last - th->first) * nper + (th->clast - th->cfirst);
	tags = calloc((size_t)(n > 0 ? n : 1), sizeof *tags);
	if (tags == NULL)
		abort();
	set = crowd_set_new();
	for (int i = th->first; i < th->last; i++)
		for (int c = 0; c < nper && b->tables[i].ok; c++) {
			struct tclient *tc = tb_client(&b->tables[i], c);

			if (tc != NULL)
				crowd_set_add(set, tclient_fd(tc),
				    (uint64_t)i * TB_TAG_CLIENTS + (uint64_t)c);
		}
	for (int i = th->cfirst; i < th->clast; i++)
		if (b->cpu[i].ok)
			crowd_set_add(set, tclient_fd(b->cpu[i].tc),
			    TB_TAG_CPU | (uint64_t)i);
	for (;;) {
		double now = crowd_now();
		int busy = 0, got;

		for (int i = th->first; i < th->last; i++) {
			struct tb_table *t = &b->tables[i];

			if (!t->ok || t->stopped)
				continue;
			if (t->pending > 0 && now - t->sent > TB_SEEN_MS / 1e3) {
				pthread_mutex_lock(&b->lock);
				b->missed += t->pending;
				pthread_mutex_unlock(&b->lock);
				t->pending = 0;
				tb_turn_over(b, t);
			}
			if (t->pending == 0 && now >= t->next && now < end)
				tb_send(b, t, now);
			busy |= t->pending > 0;
		}
		if (!busy && now >= end)
			break;
		for (int i = th->cfirst; i < th->clast && now < end; i++) {
			if (b->cpu[i].ok)
				tb_cpu_step(b, &b->cpu[i], now);
		}
		got = crowd_set_wait(set, tags, n, 5);
		for (int j = 0; j < got; j++) {
			struct tclient *tc;
			struct tb_table *t = NULL;
			int c = -1, v = -1, fd;

			if (tags[j] & TB_TAG_CPU)
				tc = b->cpu[tags[j] & ~TB_TAG_CPU].tc;
			else {
				t = &b->tables[tags[j] / TB_TAG_CLIENTS];
				c = (int)(tags[j] % TB_TAG_CLIENTS);
				tc = tb_client(t, c);
				/* Viewer 0 is the opponent, then watchers. */
				v = c >= 2 ? c - 1 : c == 1 - t->mover ? 0 : -1;
			}
			fd = tclient_fd(tc);
			if (v >= 0 && t->pending > 0 && !t->seen[v] &&
			    t->arrived[v] == 0) {
				double a = crowd_arrival(fd);

				if (a >= t->sent_real)
					t->arrived[v] = a;
			}
			tclient_read(tc, 0);
			if (tclient_closed(tc))
				crowd_set_del(set, fd);
		}
		/* Then the moves, at the tables that got bytes. */
		for (int j = 0; j < got; j++)
			if (!(tags[j] & TB_TAG_CPU))
				tb_look(b, &b->tables[tags[j] / TB_TAG_CLIENTS]);
	}
	crowd_set_free(set);
	free(tags);
	return NULL;
}

static void
tb_print(const char *to, const char *who, double *lat, size_t n)
{
	if (n == 0) {
		printf("latency move-to-%s (%s): no samples\n", to, who);
		return;
	}
	qsort(lat, n, sizeof *lat, crowd_cmp_double);
	printf("latency move-to-%s (%s): p50 %.1f ms, p99 %.1f ms, max "
	    "%.1f ms (%zu samples)\n", to, who,
	    crowd_quantile(lat, n, 0.5) * 1e3,
	    crowd_quantile(lat, n, 0.99) * 1e3, lat[n - 1] * 1e3, n);
}

/* Bytes the players' (watchers = 0) or the watchers' screens received. */
static uint64_t
tb_bytes(struct tb *b, int watchers)
{
	uint64_t sum = 0;

	for (int i = 0; i < b->ntables; i++) {
		struct tb_table *t = &b->tables[i];

		if (!t->ok)
			continue;
		if (!watchers)
			for (int c = 0; c < 2; c++)
				sum += tclient_bytes_received(t->player[c]);
		else
			for (int w = 0; w < t->nwatch; w++)
				sum += tclient_bytes_received(t->watcher[w]);
	}
	return sum;
}

/* The lobby crowd (-L): into the lobby from two threads. */
struct tb_crowd {
	struct tb *b;
	int	first, last, failed;
	pthread_t thread;
};

static void *
tb_crowd_login(void *arg)
{
	struct tb_crowd *t = arg;
	char name[32];

	for (int i = t->first; i < t->last; i++) {
		/* Minutes go by: the earlier guests are read as we go (see
		 * tb_read_ready). */
		if ((i - t->first) % 50 == 49)
			crowd_read_ready(t->b->crowd + t->first, i - t->first);
		snprintf(name, sizeof name, "lobby%d", i);
		t->b->crowd[i] = crowd_guest(harness_ssh_port(t->b->h), name,
		    TB_WAIT_MS, "tablebench");
		t->failed += t->b->crowd[i] == NULL;
	}
	return NULL;
}

/* Read the crowd's screens as they are sent, until told to stop. */
static void *
tb_crowd_read(void *arg)
{
	struct tb *b = arg;
	struct crowd_set *set = crowd_set_new();
	uint64_t *tags = calloc((size_t)b->ncrowd, sizeof *tags);
	int got;

	if (tags == NULL)
		abort();
	for (int i = 0; i < b->ncrowd; i++)
		if (b->crowd[i] != NULL)
			crowd_set_add(set, tclient_fd(b->crowd[i]),
			    (uint64_t)i);
	while (!b->crowd_stop) {
		got = crowd_set_wait(set, tags, b->ncrowd, 20);
		for (int j = 0; j < got; j++) {
			struct tclient *tc = b->crowd[tags[j]];
			int fd = tclient_fd(tc);

			tclient_read(tc, 0);
			if (tclient_closed(tc))
				crowd_set_del(set, fd);
		}
	}
	crowd_set_free(set);
	free(tags);
	return NULL;
}

static int
tb_crowd_start(struct tb *b, pthread_t *reader)
{
	struct tb_crowd t[2];
	int up = 0;

	if ((b->crowd = calloc((size_t)b->ncrowd, sizeof *b->crowd)) == NULL)
		abort();
	for (int i = 0; i < 2; i++) {
		t[i].b = b;
		t[i].first = b->ncrowd * i / 2;
		t[i].last = b->ncrowd * (i + 1) / 2;
		t[i].failed = 0;
		if (pthread_create(&t[i].thread, NULL, tb_crowd_login,
		    &t[i]) != 0)
			abort();
	}
	for (int i = 0; i < 2; i++) {
		pthread_join(t[i].thread, NULL);
		up += t[i].last - t[i].first - t[i].failed;
	}
	printf("setup: %d of %d guests sit in the lobby\n", up, b->ncrowd);
	if (pthread_create(reader, NULL, tb_crowd_read, b) != 0)
		abort();
	return up;
}

static uint64_t
tb_crowd_bytes(struct tb *b)
{
	uint64_t sum = 0;

	for (int i = 0; i < b->ncrowd; i++)
		if (b->crowd[i] != NULL)
			sum += tclient_bytes_received(b->crowd[i]);
	return sum;
}

static void
tb_usage(void)
{
	fprintf(stderr, "usage: tablebench [-n tables] [-w watchers] "
	    "[-i interval] [-s seconds] [-t threads] [-c cpu-tables] "
	    "[-l level] [-T 30|60 [-q quiet-seconds]] [-L crowd] [-e]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	char sessions_max[64], tables_max[64];
	const char *settings[] = {
		"max_conns_per_ip=0", sessions_max, tables_max,
		"max_startups=1000", "per_source_max_startups=1000",
		"penalty_exempt=127.0.0.1", NULL
	};
	struct tb b;
	struct tb_thread *th;
	double cpu0, cpu1, t1, self0, self1;
	struct crowd_split split;
	uint64_t pbytes0, pbytes1, wbytes0, wbytes1, lbytes0 = 0, lbytes1 = 0;
	pthread_t crowd_reader;
	int c, per, up, status = 0;

	memset(&b, 0, sizeof b);
	/* The target load by default. */
	b.ntables = 500;
	b.nwatch = 2;
	b.interval = 2.0;
	b.seconds = 30;
	b.nthreads = 8;
	b.level = 3;
	while ((c = getopt(argc, argv, "n:w:i:s:t:c:l:T:q:L:e")) != -1) {
		switch (c) {
		case 'n':
			b.ntables = atoi(optarg);
			break;
		case 'w':
			b.nwatch = atoi(optarg);
			break;
		case 'i':
			b.interval = atof(optarg);
			break;
		case 's':
			b.seconds = atoi(optarg);
			break;
		case 't':
			b.nthreads = atoi(optarg);
			break;
		case 'c':
			b.ncpu = atoi(optarg);
			break;
		case 'l':
			b.level = atoi(optarg);
			break;
		case 'T':
			b.timer = atoi(optarg);
			break;
		case 'q':
			b.quiet = atoi(optarg);
			break;
		case 'L':
			b.ncrowd = atoi(optarg);
			break;
		case 'e':
			b.equal = 1;
			break;
		default:
			tb_usage();
		}
	}
	if (b.ntables < 1 || b.nwatch < 0 || b.nwatch > TB_MAX_WATCHERS ||
	    b.interval <= 0 || b.seconds < 1 || b.nthreads < 1 ||
	    b.ncpu < 0 || b.level < 1 || b.level > 5 ||
	    (b.timer != 0 && b.timer != 30 && b.timer != 60) || b.quiet < 0 ||
	    b.ncrowd < 0)
		tb_usage();
	if (b.timer > 0 && b.quiet == 0)
		b.quiet = 10;
	if (b.timer == 0)
		b.quiet = 0;
	if (b.nthreads > b.ntables)
		b.nthreads = b.ntables;
	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "tablebench: gamehalld is not built\n");
		return 1;
	}
	crowd_raise_nofile();
	snprintf(sessions_max, sizeof sessions_max, "max_sessions=%d",
	    b.ntables * (2 + b.nwatch) + b.ncpu + b.ncrowd + 100);
	snprintf(tables_max, sizeof tables_max, "max_tables=%d",
	    b.ntables + b.ncpu + 10);
	if ((b.h = harness_start(settings)) == NULL)
		return 1;
	if (!b.equal)
		crowd_yield_cores();
	pthread_mutex_init(&b.lock, NULL);
	pthread_barrier_init(&b.barrier, NULL, (unsigned)b.nthreads + 1);
	b.tables = calloc((size_t)b.ntables, sizeof *b.tables);
	b.cpu = calloc((size_t)(b.ncpu > 0 ? b.ncpu : 1), sizeof *b.cpu);
	th = calloc((size_t)b.nthreads, sizeof *th);
	if (b.tables == NULL || th == NULL)
		abort();
	printf("tablebench: %d gomoku tables, 2 players and %d watchers each "
	    "(%d SSH sessions), a move every %.1f s per table for %d s; "
	    "gamehalld pid %d\n", b.ntables, b.nwatch,
	    b.ntables * (2 + b.nwatch), b.interval, b.seconds,
	    (int)harness_pid(b.h));
	if (b.ncpu > 0)
		printf("tablebench: and %d tables where a guest plays the "
		    "computer at level %d, answering at once\n", b.ncpu,
		    b.level);
	if (b.ncrowd > 0) {
		printf("tablebench: and %d guests in the lobby\n", b.ncrowd);
		fflush(stdout);
		tb_crowd_start(&b, &crowd_reader);
	}
	per = (b.ntables + b.nthreads - 1) / b.nthreads;
	for (int i = 0; i < b.nthreads; i++) {
		th[i].b = &b;
		th[i].first = i * per < b.ntables ? i * per : b.ntables;
		th[i].last = (i + 1) * per < b.ntables ? (i + 1) * per :
		    b.ntables;
		th[i].cfirst = b.ncpu * i / b.nthreads;
		th[i].clast = b.ncpu * (i + 1) / b.nthreads;
		if (pthread_create(&th[i].thread, NULL, tb_thread_main,
		    &th[i]) != 0) {
			fprintf(stderr, "tablebench: pthread_create failed\n");
			return 1;
		}
	}
	pthread_barrier_wait(&b.barrier);
	up = b.ntables - b.failed;
	printf("setup: %d of %d tables playing\n", up, b.ntables);
	if (b.ncpu > 0) {
		int cup = 0;

		for (int i = 0; i < b.ncpu; i++)
			cup += b.cpu[i].ok;
		printf("setup: %d of %d tables against the computer\n", cup,
		    b.ncpu);
	}
	if (b.quiet > 0) {
		double q0, q1;
		uint64_t q = 0;

		pthread_barrier_wait(&b.barrier);
		sleep(1);
		cpu0 = harness_cpu_seconds(b.h);
		q0 = crowd_now();
		pthread_barrier_wait(&b.barrier);
		q1 = crowd_now();
		cpu1 = harness_cpu_seconds(b.h);
		for (int i = 0; i < b.nthreads; i++)
			q += th[i].qbytes;
		printf("clocks: %d tables with %d s turn clocks running, %d "
		    "viewers, quiet for %.1f s\n", up, b.timer, up *
		    (2 + b.nwatch), q1 - q0);
		printf("clocks: daemon CPU %.2f%% of a core for the running "
		    "clocks\n", (cpu1 - cpu0) * 100 / (q1 - q0));
		printf("clocks: %.1f bytes per tick per viewer (a tick a "
		    "second)\n", up > 0 ? (double)q / b.quiet /
		    (up * (2 + b.nwatch)) : 0.0);
	}
	/*
	 * Let the screens settle before counting.  The hall tells everyone
	 * of an arrival by a rationed walk, a round within 5 s
	 * (HALL_AMBIENT_MAX_MS), and the set-up's last arrivals started one:
	 * the moves are measured in a hall whose crowd has come in, not
	 * while it is still being told so.
	 */
	sleep(TB_SETTLE_S);
	pbytes0 = tb_bytes(&b, 0);
	wbytes0 = tb_bytes(&b, 1);
	lbytes0 = b.ncrowd > 0 ? tb_crowd_bytes(&b) : 0;
	cpu0 = harness_cpu_seconds(b.h);
	crowd_split_read(b.h, &split);
	self0 = crowd_self_cpu();
	b.t0 = crowd_now();
	pthread_barrier_wait(&b.barrier);
	for (int i = 0; i < b.nthreads; i++)
		pthread_join(th[i].thread, NULL);
	t1 = crowd_now();
	cpu1 = harness_cpu_seconds(b.h);
	self1 = crowd_self_cpu();
	pbytes1 = tb_bytes(&b, 0);
	wbytes1 = tb_bytes(&b, 1);
	lbytes1 = b.ncrowd > 0 ? tb_crowd_bytes(&b) : 0;

	printf("moves: %ld in %.1f s (%.0f moves/s); %ld viewer updates "
	    "missed (not seen within %d s); %ld tables stopped (a "
	    "player's connection failed)\n", b.moves, t1 - b.t0,
	    b.moves / (t1 - b.t0), b.missed, TB_SEEN_MS / 1000, b.broken);
	tb_print("screen", "opponent", b.lat[TB_OPP], b.nlat[TB_OPP]);
	tb_print("screen", "watchers", b.lat[TB_WATCH], b.nlat[TB_WATCH]);
	tb_print("socket", "opponent", b.lat[TB_OPP_SOCK],
	    b.nlat[TB_OPP_SOCK]);
	tb_print("socket", "watchers", b.lat[TB_WATCH_SOCK],
	    b.nlat[TB_WATCH_SOCK]);
	/* The bench may lose the core between its clock and its send: the
	 * truth lies between the two. */
	tb_print("socket, from the end of the typing", "opponent",
	    b.lat[TB_OPP_TYPED], b.nlat[TB_OPP_TYPED]);
	printf("latency: %ld screens seen without a receive time (their "
	    "bytes were read with earlier ones)\n", b.unstamped);
	if (b.ncpu > 0)
		printf("CPU tables: %ld turns answered by the computer in "
		    "%.1f s (%.1f/s), level %d\n", b.cpu_turns, t1 - b.t0,
		    b.cpu_turns / (t1 - b.t0), b.level);
	printf("daemon CPU: %.1f%% of a core while playing; the bench's own: "
	    "%.1f%% (%s)%s\n", (cpu1 - cpu0) * 100 / (t1 - b.t0),
	    (self1 - self0) * 100 / (t1 - b.t0), b.equal ? "at the daemon's "
	    "priority" : "yielding the cores", self1 - self0 > cpu1 - cpu0 ?
	    " (more than the daemon: the latency to the screen is the "
	    "bench's as much as the daemon's)" : "");
	crowd_split_print(b.h, &split, (int)b.moves, "move");
	if (b.moves > 0)
		printf("bytes per move: %.0f per watcher; %.0f per player "
		    "(the mover's own screen included: his typed move and "
		    "his cursor)\n", b.nwatch > 0 ? (double)(wbytes1 -
		    wbytes0) / b.moves / b.nwatch : 0.0,
		    (double)(pbytes1 - pbytes0) / b.moves / 2);
	if (b.ncrowd > 0) {
		printf("lobby: %d guests sat in the lobby while the tables "
		    "played: %.0f bytes each\n", b.ncrowd,
		    (double)(lbytes1 - lbytes0) / b.ncrowd);
		b.crowd_stop = 1;
		pthread_join(crowd_reader, NULL);
		for (int i = 0; i < b.ncrowd; i++)
			tclient_free(b.crowd[i]);
		free(b.crowd);
	}
	if (up == 0)
		status = 1;
	if (!harness_alive(b.h)) {
		fprintf(stderr, "tablebench: gamehalld died\n");
		status = 1;
	}
	for (int i = 0; i < b.ntables; i++) {
		for (int p = 0; p < 2; p++)
			tclient_free(b.tables[i].player[p]);
		for (int w = 0; w < b.tables[i].nwatch; w++)
			tclient_free(b.tables[i].watcher[w]);
	}
	for (int i = 0; i < b.ncpu; i++)
		tclient_free(b.cpu[i].tc);
	free(b.cpu);
	free(b.tables);
	free(th);
	for (int k = 0; k < TB_NLAT; k++)
		free(b.lat[k]);
	if (harness_stop(b.h) != 0)
		status = 1;
	return status;
}
