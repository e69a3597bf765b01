/*
 * hallbench.c - load generator: many SSH guests against a real gamehalld.
 *
 *	hallbench [-n SESSIONS] [-t THREADS] [-c CHATTERS] [-s SECONDS]
 *	    [-m CROWD,CROWD,...] [-b BARE]
 *
 * Starts its own daemon (tests/integration/harness.c) with the per-address
 * limits lifted (everything comes from 127.0.0.1), then prints:
 * - logins per second and the daemon's CPU per login: first BARE (200) bare
 *   logins (to the welcome screen and out), then SESSIONS guests, each
 *   connecting, authenticating, getting the welcome screen and entering
 *   the lobby, from THREADS threads: at each crowd size of -m below
 *   SESSIONS (unless told, a tenth and a half of SESSIONS: 1000 and 5000
 *   of -n 10000; 100 and 500 of the default 1000) and at SESSIONS, the
 *   logins/s and CPU per login of the logins since the last crowd size,
 *   the daemon's next to the bench's own (when the bench takes the more,
 *   it is the bottleneck, and it says so), and the daemon's memory per
 *   idle session (VmRSS growth / sessions, once everything sent has been
 *   read); then the BARE logins again with the crowd in the lobby (the
 *   transport's cost must not grow with it); each phase with the
 *   daemon's CPU split by thread (the loop, the key exchange threads,
 *   the others);
 * - bytes each viewer receives when one more guest enters the lobby;
 * - with CHATTERS people chatting (one line every 2 s each) for SECONDS:
 *   the daemon's CPU per session and the bytes each viewer receives per
 *   chat line.
 * It prints figures; it never judges them.  Exit status 1 only when the
 * hall did not work (no logins, the daemon died or did not stop cleanly).
 *
 * One process holds every session: a guest in the lobby keeps no screen
 * (tclient_drop_screen: a libvterm screen is 140 KB) unless its screen is
 * read, the chatters' and the last BENCH_WATCHERS viewers'.  Its fd limit
 * is raised to what the sessions need.
 */
#include <dirent.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "tests/bench/crowd.h"
#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define BENCH_WAIT_MS 60000
#define BENCH_WELCOME "Welcome"
#define BENCH_LOBBY "Online ("
/* Lobby keys (screens/view-lobby.c): g at the welcome screen enters as a
 * guest; t moves to the chat line, Enter says it. */
#define BENCH_KEY_GUEST "g"
#define BENCH_KEY_CHAT "t"
/* The last viewers, whose screens are kept: the chat check reads one. */
#define BENCH_WATCHERS 4
#define BENCH_CROWDS_MAX 16

struct bench {
	struct harness *h;
	int	nsessions, nthreads, nchatters, seconds, nbare;
	struct tclient **clients;
	int	failed;
	long	rss_idle;	/* kB, warmed up by the bare logins */
	int	crowds[BENCH_CROWDS_MAX];	/* ascending, the last SESSIONS */
	int	ncrowds;
	pthread_mutex_t lock;
};

struct bench_thread {
	struct bench *b;
	int	first, last;	/* clients[first..last-1] */
	bool	bare;		/* to the welcome screen and away again */
	pthread_t thread;
};


/* One guest from nothing to the lobby; NULL (and a message) on failure. */
static struct tclient *
bench_guest(struct bench *b, int i)
{
	char name[32];
	struct tclient *tc;

	snprintf(name, sizeof name, "bench%d", i);
	tc = tclient_ssh_open(harness_ssh_port(b->h), name, 80, 24);
	if (tc == NULL)
		return NULL;
	tclient_set_timeout(tc, BENCH_WAIT_MS);
	if (tclient_wait_for(tc, BENCH_WELCOME, BENCH_WAIT_MS) != 0 ||
	    tclient_type(tc, BENCH_KEY_GUEST) != 0 ||
	    tclient_wait_for(tc, BENCH_LOBBY, BENCH_WAIT_MS) != 0) {
		fprintf(stderr, "hallbench: %s: %s\n", name, tclient_error(tc));
		tclient_free(tc);
		return NULL;
	}
	if (i >= b->nchatters && i < b->nsessions - BENCH_WATCHERS)
		tclient_drop_screen(tc);
	return tc;
}

/* Log in, see the welcome screen, leave: the SSH cost alone. */
static void
bench_bare(struct bench *b, int i)
{
	char name[32];
	struct tclient *tc;

	snprintf(name, sizeof name, "bare%d", i);
	tc = tclient_ssh_open(harness_ssh_port(b->h), name, 80, 24);
	if (tc == NULL || tclient_wait_for(tc, BENCH_WELCOME,
	    BENCH_WAIT_MS) != 0) {
		pthread_mutex_lock(&b->lock);
		b->failed++;
		pthread_mutex_unlock(&b->lock);
	}
	tclient_free(tc);
}

static void *
bench_login_thread(void *arg)
{
	struct bench_thread *t = arg;
	struct bench *b = t->b;
	int i;

	for (i = t->first; i < t->last; i++) {
		if (t->bare) {
			bench_bare(b, i);
			continue;
		}
		b->clients[i] = bench_guest(b, i);
		if (b->clients[i] == NULL) {
			pthread_mutex_lock(&b->lock);
			b->failed++;
			pthread_mutex_unlock(&b->lock);
		}
	}
	return NULL;
}

/*
 * Read everything every client is sent until nobody got anything for
 * quiet_ms (or limit_ms passed).  Returns the bytes read.
 */
static uint64_t
bench_drain(struct bench *b, int quiet_ms, int limit_ms)
{
	struct pollfd *pfd;
	double end = crowd_now() + limit_ms / 1e3;
	double quiet_until = crowd_now() + quiet_ms / 1e3;
	uint64_t total = 0;
	int i, n, got;

	pfd = calloc((size_t)b->nsessions, sizeof *pfd);
	if (pfd == NULL)
		abort();
	while (crowd_now() < end && crowd_now() < quiet_until) {
		for (i = 0; i < b->nsessions; i++) {
			pfd[i].fd = b->clients[i] != NULL ?
			    tclient_fd(b->clients[i]) : -1;
			pfd[i].events = POLLIN;
		}
		poll(pfd, (nfds_t)b->nsessions, 100);
		got = 0;
		for (i = 0; i < b->nsessions; i++) {
			if (b->clients[i] == NULL)
				continue;
			n = tclient_read(b->clients[i], 0);
			if (n > 0) {
				total += (uint64_t)n;
				got = 1;
			}
		}
		if (got)
			quiet_until = crowd_now() + quiet_ms / 1e3;
	}
	free(pfd);
	return total;
}

static uint64_t
bench_received(struct bench *b, int from)
{
	uint64_t sum = 0;
	int i;

	for (i = from; i < b->nsessions; i++)
		if (b->clients[i] != NULL)
			sum += tclient_bytes_received(b->clients[i]);
	return sum;
}

static int
bench_alive_count(struct bench *b, int from)
{
	int i, n = 0;

	for (i = from; i < b->nsessions; i++)
		if (b->clients[i] != NULL && !tclient_closed(b->clients[i]))
			n++;
	return n;
}


/*
 * Logins from..n-1 from b->nthreads threads, to the lobby (kept in
 * b->clients) or bare; returns the seconds taken, the daemon's CPU seconds
 * in *cpu and the bench's own in *self.
 */
static double
bench_run_logins(struct bench *b, int from, int n, bool bare, double *cpu,
    double *self)
{
	struct bench_thread *threads;
	double t0, t1, cpu0, self0;
	int i, per;

	threads = calloc((size_t)b->nthreads, sizeof *threads);
	if (threads == NULL)
		abort();
	per = (n - from + b->nthreads - 1) / b->nthreads;
	cpu0 = harness_cpu_seconds(b->h);
	self0 = crowd_self_cpu();
	t0 = crowd_now();
	for (i = 0; i < b->nthreads; i++) {
		threads[i].b = b;
		threads[i].bare = bare;
		threads[i].first = from + i * per;
		threads[i].last = from + (i + 1) * per < n ?
		    from + (i + 1) * per : n;
		if (threads[i].first >= threads[i].last)
			threads[i].last = threads[i].first;
		if (pthread_create(&threads[i].thread, NULL,
		    bench_login_thread, &threads[i]) != 0) {
			fprintf(stderr, "hallbench: pthread_create failed\n");
			exit(1);
		}
	}
	for (i = 0; i < b->nthreads; i++)
		pthread_join(threads[i].thread, NULL);
	t1 = crowd_now();
	*cpu = harness_cpu_seconds(b->h) - cpu0;
	*self = crowd_self_cpu() - self0;
	free(threads);
	return t1 - t0;
}

/* The bench's own peak RSS, kB (its screens and SSH sessions). */
static long
bench_self_rss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

/*
 * The machine's load average over the last minute (-1 unknown), printed
 * if when is not NULL: on a shared machine, others' work shows.
 */
static double
bench_load(const char *when)
{
	char line[128] = "?\n";
	double load = -1;
	FILE *f = fopen("/proc/loadavg", "r");

	if (f != NULL) {
		if (fgets(line, sizeof line, f) == NULL ||
		    sscanf(line, "%lf", &load) != 1)
			snprintf(line, sizeof line, "?\n");
		fclose(f);
	}
	if (when != NULL)
		printf("load average %s: %s", when, line);
	return load;
}

/* Once every session has read what it was sent: RSS per idle session. */
static void
bench_memory(struct bench *b, int crowd)
{
	long rss;
	int alive;

	bench_drain(b, 1000, 120000);
	rss = harness_rss_kb(b->h);
	alive = bench_alive_count(b, 0);
	printf("at %d: memory: daemon RSS %.1f MB with no sessions, %.1f MB "
	    "with %d in the lobby = %.1f KB per idle session (the bench's "
	    "peak: %.1f MB)\n", crowd, b->rss_idle / 1024.0, rss / 1024.0, alive,
	    alive > 0 ? (double)(rss - b->rss_idle) / alive : 0.0,
	    bench_self_rss_kb() / 1024.0);
}

/* BARE logins to the welcome screen and out, with `crowd` in the lobby. */
static void
bench_bare_logins(struct bench *b, int crowd)
{
	struct crowd_split split;
	double secs, cpu, self;
	int ok;

	crowd_split_read(b->h, &split);
	secs = bench_run_logins(b, 0, b->nbare, true, &cpu, &self);
	ok = b->nbare - b->failed;
	printf("bare logins (%d in the lobby): %d to the welcome screen and "
	    "out in %.2f s = %.1f/s; CPU per login: daemon %.2f ms, bench "
	    "%.2f ms\n", crowd, ok, secs, ok / secs,
	    ok > 0 ? cpu * 1e3 / ok : 0.0, ok > 0 ? self * 1e3 / ok : 0.0);
	crowd_split_print(b->h, &split, ok, "login");
	b->failed = 0;
}

static void
bench_logins(struct bench *b)
{
	struct crowd_split split;
	double secs, cpu, self;
	int ok, k, from, failed;

	/* First the SSH login alone, with nobody in the lobby to redraw. */
	bench_bare_logins(b, 0);
	b->rss_idle = harness_rss_kb(b->h);

	/* Then everyone into the lobby, where each arrival is news, one
	 * crowd size after the other. */
	for (k = 0, from = 0; k < b->ncrowds; from = b->crowds[k++]) {
		failed = b->failed;
		crowd_split_read(b->h, &split);
		secs = bench_run_logins(b, from, b->crowds[k], false, &cpu,
		    &self);
		ok = b->crowds[k] - from - (b->failed - failed);
		printf("at %d: logins %d-%d: %d guests to the lobby in %.2f s = "
		    "%.1f logins/s (%d threads); CPU per login: daemon %.2f "
		    "ms, bench %.2f ms (%.0f%% and %.0f%% of a core)\n",
		    b->crowds[k], from + 1, b->crowds[k], ok, secs, ok / secs,
		    b->nthreads, ok > 0 ? cpu * 1e3 / ok : 0.0,
		    ok > 0 ? self * 1e3 / ok : 0.0, cpu * 100 / secs,
		    self * 100 / secs);
		crowd_split_print(b->h, &split, ok, "login");
		if (self > cpu)
			printf("at %d: the bench used more CPU than the daemon: "
			    "these logins/s are the bench's limit, not only the "
			    "daemon's\n", b->crowds[k]);
		else if (cpu < 0.8 * secs)
			printf("at %d: the daemon was not busy all the time: "
			    "these logins/s are bounded by round trips (%d "
			    "logins at a time, -t) or by the machine's other "
			    "work (load average %.1f)\n", b->crowds[k],
			    b->nthreads, bench_load(NULL));
		bench_memory(b, b->crowds[k]);
		fflush(stdout);	/* a long run can be followed */
	}
	if (b->failed > 0)
		printf("logins: %d of %d failed (see above)\n", b->failed,
		    b->nsessions);
}

/*
 * The crowd sizes: those of list (ascending) below SESSIONS, then
 * SESSIONS.  0, or -1 if list is not such a list.
 */
static int
bench_crowds(struct bench *b, const char *list)
{
	const char *p = list;
	char *end;
	long v;

	b->ncrowds = 0;
	while (*p != '\0') {
		v = strtol(p, &end, 10);
		if (end == p || v < 1 || v > 10000000 ||
		    (*end != ',' && *end != '\0') ||
		    (b->ncrowds > 0 && v <= b->crowds[b->ncrowds - 1]))
			return -1;
		if (v < b->nsessions && b->ncrowds < BENCH_CROWDS_MAX - 1)
			b->crowds[b->ncrowds++] = (int)v;
		p = *end == ',' ? end + 1 : end;
	}
	b->crowds[b->ncrowds++] = b->nsessions;
	return 0;
}

/* One more guest enters: what does that cost each viewer? */
static void
bench_lobby_update(struct bench *b)
{
	struct tclient *extra;
	uint64_t before, after;
	int viewers = bench_alive_count(b, 0);

	before = bench_received(b, 0);
	extra = bench_guest(b, b->nsessions);
	if (extra == NULL) {
		printf("lobby update: the extra guest could not log in\n");
		return;
	}
	bench_drain(b, 1000, 30000);
	after = bench_received(b, 0);
	printf("screen update (one more guest online): %.0f bytes per "
	    "viewer (%d viewers); a first screen is %llu bytes at 80x24\n",
	    viewers > 0 ? (double)(after - before) / viewers : 0.0, viewers,
	    (unsigned long long)tclient_bytes_received(extra));
	tclient_free(extra);
	bench_drain(b, 1000, 30000);
}

static void
bench_chat(struct bench *b)
{
	double t0, next, end, cpu0, cpu1, secs;
	uint64_t before, after;
	int i, lines = 0, viewers, chatters = 0;
	char text[64];

	if (b->nchatters > b->nsessions)
		b->nchatters = b->nsessions;
	for (i = 0; i < b->nchatters; i++)
		if (b->clients[i] != NULL &&
		    tclient_type(b->clients[i], BENCH_KEY_CHAT) == 0)
			chatters++;
	bench_drain(b, 1000, 30000);
	viewers = bench_alive_count(b, b->nchatters);
	if (chatters == 0 || viewers == 0) {
		printf("chat: no chatters or no viewers\n");
		return;
	}

	before = bench_received(b, b->nchatters);
	cpu0 = harness_cpu_seconds(b->h);
	t0 = crowd_now();
	end = t0 + b->seconds;
	/* Each chatter says a line every 2 s, the chatters spread evenly. */
	next = t0;
	i = 0;
	while (crowd_now() < end) {
		if (crowd_now() >= next) {
			if (b->clients[i] != NULL) {
				snprintf(text, sizeof text, "bench line %d\r",
				    lines);
				if (tclient_type(b->clients[i], text) == 0)
					lines++;
			}
			i = (i + 1) % b->nchatters;
			next += 2.0 / b->nchatters;
		}
		bench_drain(b, 10, 10);
	}
	bench_drain(b, 1000, 30000);
	secs = crowd_now() - t0;
	cpu1 = harness_cpu_seconds(b->h);
	after = bench_received(b, b->nchatters);
	printf("chat: %d chatters said %d lines in %.1f s to %d viewers: "
	    "daemon CPU %.1f%% of a core = %.1f us per second per session; "
	    "%.0f bytes per line per viewer\n", chatters, lines, secs,
	    viewers, (cpu1 - cpu0) * 100 / secs,
	    (cpu1 - cpu0) * 1e6 / secs / b->nsessions,
	    lines > 0 ? (double)(after - before) / lines / viewers : 0.0);

	/* The figures mean something only if the lines did arrive. */
	snprintf(text, sizeof text, "bench line %d", lines - 1);
	for (i = b->nsessions - 1; i >= b->nchatters; i--)
		if (b->clients[i] != NULL && !tclient_closed(b->clients[i]))
			break;
	if (lines > 0 && i >= b->nchatters &&
	    !tclient_find(b->clients[i], text, NULL, NULL))
		printf("chat: the last line never reached a viewer's "
		    "screen: the figures above are not about chat\n");
}

static void
bench_usage(void)
{
	fprintf(stderr, "usage: hallbench [-n sessions] [-t threads] "
	    "[-c chatters] [-s seconds] [-m crowd,crowd,...] "
	    "[-b bare-logins]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	char sessions_max[64];
	const char *settings[] = {
		"max_conns_per_ip=0", sessions_max, "max_startups=1000",
		"per_source_max_startups=1000",
		"penalty_exempt=127.0.0.1", "chat_rate=600", "chat_burst=50",
		/* A crowd's logins on a busy machine may take longer than
		 * the 30 s a person gets: the bench measures, it does not
		 * time anyone out. */
		"login_grace=600",
		NULL
	};
	struct bench b;
	struct rlimit rl;
	char crowds[64];
	const char *crowd_list = NULL;
	rlim_t fds;
	int c, i, status = 0;

	memset(&b, 0, sizeof b);
	b.nsessions = 1000;
	b.nthreads = 4;
	b.nchatters = 10;
	b.seconds = 10;
	b.nbare = 200;
	while ((c = getopt(argc, argv, "n:t:c:s:m:b:")) != -1) {
		switch (c) {
		case 'b':
			b.nbare = atoi(optarg);
			break;
		case 'n':
			b.nsessions = atoi(optarg);
			break;
		case 't':
			b.nthreads = atoi(optarg);
			break;
		case 'c':
			b.nchatters = atoi(optarg);
			break;
		case 's':
			b.seconds = atoi(optarg);
			break;
		case 'm':
			crowd_list = optarg;
			break;
		default:
			bench_usage();
		}
	}
	if (b.nsessions < 1 || b.nthreads < 1 || b.nchatters < 0 ||
	    b.seconds < 1 || b.nbare < 1)
		bench_usage();
	if (crowd_list == NULL) {
		snprintf(crowds, sizeof crowds, "%d,%d", b.nsessions / 10 > 0 ?
		    b.nsessions / 10 : 1, b.nsessions / 2 > b.nsessions / 10 ?
		    b.nsessions / 2 : b.nsessions / 10 + 1);
		crowd_list = crowds;
	}
	if (bench_crowds(&b, crowd_list) != 0) {
		fprintf(stderr, "hallbench: -m wants crowd sizes, ascending, "
		    "separated by commas (as 1000,5000)\n");
		exit(2);
	}
	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "hallbench: gamehalld is not built\n");
		return 1;
	}

	/*
	 * Every session is a socket here and one in the daemon, which
	 * inherits the limit: the soft one up to the hard one, and the hard
	 * one too if that is short (allowed to root).
	 */
	fds = (rlim_t)b.nsessions + 256;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < fds) {
		if (rl.rlim_max < fds) {
			rl.rlim_max = fds;
			if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
				getrlimit(RLIMIT_NOFILE, &rl);
		}
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		if (rl.rlim_cur < fds)
			fprintf(stderr, "hallbench: %llu descriptors allowed, "
			    "%llu needed: logins beyond will fail\n",
			    (unsigned long long)rl.rlim_cur,
			    (unsigned long long)fds);
	}
	snprintf(sessions_max, sizeof sessions_max, "max_sessions=%d",
	    b.nsessions + 100);
	b.h = harness_start(settings);
	if (b.h == NULL)
		return 1;
	pthread_mutex_init(&b.lock, NULL);
	b.clients = calloc((size_t)b.nsessions, sizeof *b.clients);
	if (b.clients == NULL)
		abort();

	printf("hallbench: %d SSH guests, %d chatters, gamehalld pid %d\n",
	    b.nsessions, b.nchatters, (int)harness_pid(b.h));
	bench_load("at the start");
	bench_logins(&b);
	if (b.failed == b.nsessions)
		status = 1;
	else {
		/* The transport's cost must not grow with the crowd. */
		bench_bare_logins(&b, bench_alive_count(&b, 0));
		bench_lobby_update(&b);
		if (b.nchatters > 0)
			bench_chat(&b);
	}
	bench_load("at the end");
	if (!harness_alive(b.h)) {
		fprintf(stderr, "hallbench: gamehalld died\n");
		status = 1;
	}
	for (i = 0; i < b.nsessions; i++)
		tclient_free(b.clients[i]);
	free(b.clients);
	if (harness_stop(b.h) != 0)
		status = 1;
	return status;
}
