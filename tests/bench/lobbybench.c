/*
 * lobbybench.c - what a crowd in the lobby costs per viewer: chat lines
 * and arrivals, over SSH against a real gamehalld.
 *
 *	lobbybench [-n VIEWERS] [-t THREADS] [-l LINES] [-i SECONDS]
 *	    [-a ARRIVALS] [-e]
 *
 * VIEWERS guests (1000 by default) enter the lobby at 80x24 and stay;
 * THREADS threads (2) log them in and then each reads its share of the
 * screens as they come.  One of them then says LINES chat lines (20), one
 * every -i seconds (1), and for each line the time from its Enter leaving
 * until it shows on each viewer's screen is taken.  Then ARRIVALS more
 * guests (20) come into the lobby one after the other.  Printed, with the
 * crowd's size: bytes per viewer per chat line, the daemon's CPU per chat
 * line and per viewer, the latency to the last viewer's screen (p50, p99,
 * max over the lines) and to any viewer (p99 over every viewer and line),
 * and the daemon's CPU and bytes per viewer per arrival.  The bench's own
 * CPU is printed too: when it nears THREADS cores, the latency is the
 * bench's as much as the daemon's.  It prints figures; it never judges
 * them.  Exit status 1 only when the hall did not work.
 *
 * The latency is taken twice.  To the screen: when the bench, having read
 * and drawn the bytes, finds the line.  To the socket: when the bytes
 * reached the viewer's socket, by the kernel's receive time, however late
 * the bench comes round to read them - what a viewer on a machine of his
 * own would see, plus his own microseconds of decoding.  The bench's
 * threads yield the cores to the daemon (the idle scheduling class), as a
 * crowd on other machines would; -e runs them at the daemon's priority
 * instead.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/bench/crowd.h"
#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define LB_WAIT_MS 120000
#define LB_SEEN_S 10.0		/* a line not seen by then is missed */

struct lb {
	struct harness	*h;
	int		 nviewers, nthreads, nlines, narrivals;
	double		 interval;
	struct tclient	**c;		/* c[0] says the lines */
	int		 failed;
	pthread_mutex_t	 lock;

	/* The line being watched for: set by the main thread. */
	volatile int	 line;		/* -1: none */
	char		 expect[64];
	double		 sent;
	double		 sent_real;	/* the same, on the real-time clock */
	bool		 equal;		/* -e: do not yield the cores */
	volatile bool	 stop;
	double		*seen;		/* per viewer: when the line showed */
	double		*arrived;	/* per viewer: when its bytes came */
	/* Every viewer's latency, all lines: to the screen, to the socket. */
	double		*lat, *lat_sock;
	size_t		 nlat, caplat, nlat_sock, caplat_sock;
};

struct lb_thread {
	struct lb	*b;
	int		 first, last;
	pthread_t	 thread;
};

static struct tclient *
lb_guest(struct lb *b, int i)
{
	char name[32];

	snprintf(name, sizeof name, "crowd%d", i);
	return crowd_guest(harness_ssh_port(b->h), name, LB_WAIT_MS,
	    "lobbybench");
}

static void *
lb_login_thread(void *arg)
{
	struct lb_thread *t = arg;
	struct lb *b = t->b;

	for (int i = t->first; i < t->last; i++) {
		/* Minutes go by: the earlier guests are read as we go. */
		if ((i - t->first) % 50 == 49)
			crowd_read_ready(b->c + t->first, i - t->first);
		b->c[i] = lb_guest(b, i);
		if (b->c[i] != NULL)
			crowd_stamp(tclient_fd(b->c[i]));
		if (b->c[i] == NULL) {
			pthread_mutex_lock(&b->lock);
			b->failed++;
			pthread_mutex_unlock(&b->lock);
		}
	}
	return NULL;
}

/* Read this thread's screens as bytes come; note when the line shows. */
static void *
lb_read_thread(void *arg)
{
	struct lb_thread *t = arg;
	struct lb *b = t->b;
	int n = t->last - t->first, got;
	struct crowd_set *set = crowd_set_new();
	uint64_t *tags = calloc((size_t)(n > 0 ? n : 1), sizeof *tags);

	if (tags == NULL)
		abort();
	/* The one who chats is the main thread's. */
	for (int i = t->first > 0 ? t->first : 1; i < t->last; i++)
		if (b->c[i] != NULL && !tclient_closed(b->c[i]))
			crowd_set_add(set, tclient_fd(b->c[i]), (uint64_t)i);
	while (!b->stop) {
		got = crowd_set_wait(set, tags, n, 5);
		for (int j = 0; j < got; j++) {
			int i = (int)tags[j], fd = tclient_fd(b->c[i]);

			/* Before libssh takes them: the first bytes after
			 * the line was typed are its frame. */
			if (b->line >= 0 && b->arrived[i] == 0) {
				double a = crowd_arrival(fd);

				if (a >= b->sent_real)
					b->arrived[i] = a;
			}
			/* The line is set before it is typed: bytes that
			 * show it come after. */
			if (tclient_read(b->c[i], 0) <= 0 || b->line < 0 ||
			    b->seen[i] > 0) {
				if (tclient_closed(b->c[i]))
					crowd_set_del(set, fd);
				continue;
			}
			if (tclient_find(b->c[i], b->expect, NULL, NULL))
				b->seen[i] = crowd_now();
		}
	}
	crowd_set_free(set);
	free(tags);
	return NULL;
}

static uint64_t
lb_bytes(struct lb *b, int from, int to)
{
	uint64_t sum = 0;

	for (int i = from; i < to; i++)
		if (b->c[i] != NULL)
			sum += tclient_bytes_received(b->c[i]);
	return sum;
}

static void
lb_lat_add(double **lat, size_t *n, size_t *cap, double v)
{
	if (*n == *cap) {
		*cap = *cap == 0 ? 4096 : *cap * 2;
		if ((*lat = realloc(*lat, *cap * sizeof **lat)) == NULL)
			abort();
	}
	(*lat)[(*n)++] = v;
}

/* Wait (reading in the threads) until nothing came for quiet seconds. */
static void
lb_quiet(struct lb *b, double quiet)
{
	uint64_t last = lb_bytes(b, 0, b->nviewers), now;
	double since = crowd_now();

	while (crowd_now() - since < quiet) {
		usleep(100 * 1000);
		now = lb_bytes(b, 0, b->nviewers);
		if (now != last) {
			last = now;
			since = crowd_now();
		}
	}
}

static void
lb_chat(struct lb *b)
{
	double *last = calloc((size_t)b->nlines, sizeof *last);
	double *last_sock = calloc((size_t)b->nlines, sizeof *last_sock);
	double cpu0, cpu1, self0, self1, t0, t1, worst, worst_sock;
	struct crowd_split split;
	uint64_t before, after;
	int lines = 0, missed = 0, viewers = 0, unstamped = 0;

	if (last == NULL || last_sock == NULL)
		abort();
	for (int i = 1; i < b->nviewers; i++)
		viewers += b->c[i] != NULL;
	if (b->c[0] == NULL || viewers == 0 || tclient_type(b->c[0], "t")) {
		printf("chat: no chatter or no viewers\n");
		free(last);
		return;
	}
	/* The last arrivals' round of the rationed walk (a round within
	 * HALL_AMBIENT_MAX_MS, 5 s) is over: the lines are measured in a
	 * lobby that has come in, not one still being told so. */
	lb_quiet(b, 6.0);
	before = lb_bytes(b, 1, b->nviewers);
	cpu0 = harness_cpu_seconds(b->h);
	crowd_split_read(b->h, &split);
	self0 = crowd_self_cpu();
	t0 = crowd_now();
	for (int l = 0; l < b->nlines; l++) {
		char text[sizeof b->expect + 2];
		double start = crowd_now();

		for (int i = 0; i < b->nviewers; i++)
			b->seen[i] = b->arrived[i] = 0;
		snprintf(b->expect, sizeof b->expect, "crowd line %d.", l);
		snprintf(text, sizeof text, "%s\r", b->expect);
		b->sent_real = crowd_real_now();
		b->sent = crowd_now();
		__sync_synchronize();
		b->line = l;
		if (tclient_type(b->c[0], text) != 0)
			break;
		lines++;
		/* Until everyone saw it, or it is late. */
		for (;;) {
			int pending = 0;

			usleep(2000);
			for (int i = 1; i < b->nviewers; i++)
				pending += b->c[i] != NULL && b->seen[i] == 0;
			if (pending == 0 || crowd_now() - b->sent > LB_SEEN_S) {
				missed += pending;
				break;
			}
		}
		b->line = -1;
		__sync_synchronize();
		worst = worst_sock = 0;
		for (int i = 1; i < b->nviewers; i++) {
			if (b->c[i] == NULL || b->seen[i] == 0)
				continue;
			lb_lat_add(&b->lat, &b->nlat, &b->caplat,
			    b->seen[i] - b->sent);
			if (b->seen[i] - b->sent > worst)
				worst = b->seen[i] - b->sent;
			if (b->arrived[i] == 0) {
				unstamped++;
				continue;
			}
			lb_lat_add(&b->lat_sock, &b->nlat_sock,
			    &b->caplat_sock, b->arrived[i] - b->sent_real);
			if (b->arrived[i] - b->sent_real > worst_sock)
				worst_sock = b->arrived[i] - b->sent_real;
		}
		last[l] = worst;
		last_sock[l] = worst_sock;
		while (crowd_now() - start < b->interval)
			usleep(5000);
	}
	lb_quiet(b, 1.0);
	t1 = crowd_now();
	cpu1 = harness_cpu_seconds(b->h);
	self1 = crowd_self_cpu();
	after = lb_bytes(b, 1, b->nviewers);
	if (lines == 0) {
		printf("chat: no line was said\n");
		free(last);
		free(last_sock);
		return;
	}
	printf("chat: %d viewers, %d lines, one every %.1f s: %.0f bytes per "
	    "viewer per line; daemon CPU %.2f ms per line = %.2f us per "
	    "viewer per line (%.1f%% of a core over %.1f s)\n", viewers,
	    lines, b->interval, (double)(after - before) / lines / viewers,
	    (cpu1 - cpu0) * 1e3 / lines, (cpu1 - cpu0) * 1e6 / lines /
	    viewers, (cpu1 - cpu0) * 100 / (t1 - t0), t1 - t0);
	crowd_split_print(b->h, &split, lines, "line");
	/* In order, so that a slow line shows when it came. */
	printf("chat: each line's last viewer's socket, in order (ms):");
	for (int l = 0; l < lines; l++)
		printf(" %.0f", last_sock[l] * 1e3);
	printf("\n");
	qsort(last, (size_t)lines, sizeof *last, crowd_cmp_double);
	printf("chat latency to the last viewer's screen (%d viewers): p50 "
	    "%.1f ms, p99 %.1f ms, max %.1f ms over %d lines\n", viewers,
	    crowd_quantile(last, (size_t)lines, 0.5) * 1e3,
	    crowd_quantile(last, (size_t)lines, 0.99) * 1e3,
	    last[lines - 1] * 1e3, lines);
	qsort(last_sock, (size_t)lines, sizeof *last_sock, crowd_cmp_double);
	printf("chat latency to the last viewer's socket (kernel receive "
	    "time; %d of %d samples without a stamp): p50 %.1f ms, p99 %.1f "
	    "ms, max %.1f ms\n", unstamped, viewers * lines,
	    crowd_quantile(last_sock, (size_t)lines, 0.5) * 1e3,
	    crowd_quantile(last_sock, (size_t)lines, 0.99) * 1e3,
	    last_sock[lines - 1] * 1e3);
	if (b->nlat > 0) {
		qsort(b->lat, b->nlat, sizeof *b->lat, crowd_cmp_double);
		printf("chat latency to any viewer: p50 %.1f ms, p99 %.1f ms "
		    "(%zu samples); %d missed (not seen in %.0f s)\n",
		    crowd_quantile(b->lat, b->nlat, 0.5) * 1e3,
		    crowd_quantile(b->lat, b->nlat, 0.99) * 1e3, b->nlat,
		    missed, LB_SEEN_S);
	}
	if (b->nlat_sock > 0) {
		qsort(b->lat_sock, b->nlat_sock, sizeof *b->lat_sock,
		    crowd_cmp_double);
		printf("chat latency to any viewer's socket: first %.1f ms, "
		    "p50 %.1f ms, p99 %.1f ms\n", b->lat_sock[0] * 1e3,
		    crowd_quantile(b->lat_sock, b->nlat_sock, 0.5) * 1e3,
		    crowd_quantile(b->lat_sock, b->nlat_sock, 0.99) * 1e3);
	}
	printf("chat: the bench itself used %.0f%% of a core (%d threads "
	    "reading, %s)\n", (self1 - self0) * 100 / (t1 - t0), b->nthreads,
	    b->equal ? "at the daemon's priority" : "yielding the cores");
	free(last);
	free(last_sock);
}

/* More guests come in one after the other: what each costs the crowd. */
static void
lb_arrivals(struct lb *b)
{
	struct tclient **extra;
	double cpu0, cpu1, t0, t1;
	uint64_t before, after;
	int ok = 0, viewers = 0;

	if (b->narrivals == 0)
		return;
	extra = calloc((size_t)b->narrivals, sizeof *extra);
	if (extra == NULL)
		abort();
	for (int i = 0; i < b->nviewers; i++)
		viewers += b->c[i] != NULL;
	lb_quiet(b, 1.0);
	before = lb_bytes(b, 0, b->nviewers);
	cpu0 = harness_cpu_seconds(b->h);
	t0 = crowd_now();
	for (int i = 0; i < b->narrivals; i++)
		ok += (extra[i] = lb_guest(b, b->nviewers + i)) != NULL;
	/* The crowd's frames are rationed: they come within seconds. */
	lb_quiet(b, 2.0);
	t1 = crowd_now();
	cpu1 = harness_cpu_seconds(b->h);
	after = lb_bytes(b, 0, b->nviewers);
	if (ok > 0)
		printf("arrivals: %d guests came into a lobby of %d in %.1f "
		    "s: daemon CPU %.2f ms per arrival (the login with it) "
		    "= %.2f us per viewer; %.0f bytes per viewer per "
		    "arrival\n", ok, viewers, t1 - t0,
		    (cpu1 - cpu0) * 1e3 / ok, (cpu1 - cpu0) * 1e6 / ok /
		    viewers, (double)(after - before) / ok / viewers);
	for (int i = 0; i < b->narrivals; i++)
		tclient_free(extra[i]);
	free(extra);
}

static void
lb_usage(void)
{
	fprintf(stderr, "usage: lobbybench [-n viewers] [-t threads] "
	    "[-l lines] [-i seconds] [-a arrivals] [-e]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	char sessions_max[64];
	const char *settings[] = {
		"max_conns_per_ip=0", sessions_max, "max_startups=1000",
		"per_source_max_startups=1000", "penalty_exempt=127.0.0.1",
		"chat_rate=600", "chat_burst=50", NULL
	};
	struct lb b;
	struct lb_thread *th;
	double t0, cpu0;
	int c, per, status = 0;

	memset(&b, 0, sizeof b);
	b.nviewers = 1000;
	b.nthreads = 2;
	b.nlines = 20;
	b.interval = 1.0;
	b.narrivals = 20;
	b.line = -1;
	while ((c = getopt(argc, argv, "n:t:l:i:a:e")) != -1) {
		switch (c) {
		case 'n':
			b.nviewers = atoi(optarg);
			break;
		case 't':
			b.nthreads = atoi(optarg);
			break;
		case 'l':
			b.nlines = atoi(optarg);
			break;
		case 'i':
			b.interval = atof(optarg);
			break;
		case 'a':
			b.narrivals = atoi(optarg);
			break;
		case 'e':
			b.equal = true;
			break;
		default:
			lb_usage();
		}
	}
	if (b.nviewers < 2 || b.nthreads < 1 || b.nlines < 1 ||
	    b.interval <= 0 || b.narrivals < 0)
		lb_usage();
	if (b.nthreads > b.nviewers)
		b.nthreads = b.nviewers;
	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "lobbybench: gamehalld is not built\n");
		return 1;
	}
	crowd_raise_nofile();
	snprintf(sessions_max, sizeof sessions_max, "max_sessions=%d",
	    b.nviewers + b.narrivals + 100);
	if ((b.h = harness_start(settings)) == NULL)
		return 1;
	if (!b.equal)
		crowd_yield_cores();
	pthread_mutex_init(&b.lock, NULL);
	b.c = calloc((size_t)b.nviewers, sizeof *b.c);
	b.seen = calloc((size_t)b.nviewers, sizeof *b.seen);
	b.arrived = calloc((size_t)b.nviewers, sizeof *b.arrived);
	th = calloc((size_t)b.nthreads, sizeof *th);
	if (b.c == NULL || b.seen == NULL || b.arrived == NULL || th == NULL)
		abort();
	printf("lobbybench: %d guests in the lobby at 80x24, %d threads; "
	    "gamehalld pid %d\n", b.nviewers, b.nthreads,
	    (int)harness_pid(b.h));
	fflush(stdout);

	per = (b.nviewers + b.nthreads - 1) / b.nthreads;
	for (int i = 0; i < b.nthreads; i++) {
		th[i].b = &b;
		th[i].first = i * per < b.nviewers ? i * per : b.nviewers;
		th[i].last = (i + 1) * per < b.nviewers ? (i + 1) * per :
		    b.nviewers;
	}
	cpu0 = harness_cpu_seconds(b.h);
	t0 = crowd_now();
	for (int i = 0; i < b.nthreads; i++)
		if (pthread_create(&th[i].thread, NULL, lb_login_thread,
		    &th[i]) != 0)
			abort();
	for (int i = 0; i < b.nthreads; i++)
		pthread_join(th[i].thread, NULL);
	printf("logins: %d of %d guests in the lobby in %.1f s; daemon CPU "
	    "%.2f ms per login\n", b.nviewers - b.failed, b.nviewers,
	    crowd_now() - t0, (harness_cpu_seconds(b.h) - cpu0) * 1e3 /
	    (b.nviewers - b.failed > 0 ? b.nviewers - b.failed : 1));
	fflush(stdout);
	if (b.failed == b.nviewers)
		status = 1;
	else {
		for (int i = 0; i < b.nthreads; i++)
			if (pthread_create(&th[i].thread, NULL,
			    lb_read_thread, &th[i]) != 0)
				abort();
		lb_chat(&b);
		fflush(stdout);
		lb_arrivals(&b);
		b.stop = true;
		for (int i = 0; i < b.nthreads; i++)
			pthread_join(th[i].thread, NULL);
	}
	if (!harness_alive(b.h)) {
		fprintf(stderr, "lobbybench: gamehalld died\n");
		status = 1;
	}
	for (int i = 0; i < b.nviewers; i++)
		tclient_free(b.c[i]);
	free(b.c);
	free(b.seen);
	free(b.arrived);
	free(b.lat);
	free(b.lat_sock);
	free(th);
	if (harness_stop(b.h) != 0)
		status = 1;
	return status;
}
