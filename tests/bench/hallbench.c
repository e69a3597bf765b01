/*
 * hallbench.c - load generator: many SSH guests against a real gamehalld.
 *
 *	hallbench [-n SESSIONS] [-t THREADS] [-c CHATTERS] [-s SECONDS]
 *	    [-b BARE]
 *
 * Starts its own daemon (tests/integration/harness.c) with the per-address
 * limits lifted (everything comes from 127.0.0.1), then prints:
 * - logins per second and the daemon's CPU per login: first BARE (200)
 *   bare logins (to the welcome screen and out), then SESSIONS guests,
 *   each connecting, authenticating, getting the welcome screen and
 *   entering the lobby, from THREADS threads, then the bare logins again
 *   with the SESSIONS guests in the lobby; each with the daemon's CPU
 *   split by thread (the loop, the key exchange threads, the others);
 * - the daemon's memory per idle session (VmRSS growth / SESSIONS);
 * - bytes each viewer receives when one more guest enters the lobby;
 * - with CHATTERS people chatting (one line every 2 s each) for SECONDS:
 *   the daemon's CPU per session and the bytes each viewer receives per
 *   chat line.
 * It prints figures; it never judges them.  Exit status 1 only when the
 * hall did not work (no logins, the daemon died or did not stop cleanly).
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

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

#define BENCH_WAIT_MS 60000
#define BENCH_WELCOME "Welcome"
#define BENCH_LOBBY "Online ("
/* Lobby keys (screens/view-lobby.c): g at the welcome screen enters as a
 * guest; t moves to the chat line, Enter says it. */
#define BENCH_KEY_GUEST "g"
#define BENCH_KEY_CHAT "t"

struct bench {
	struct harness *h;
	int	nsessions, nthreads, nchatters, seconds, nbare;
	struct tclient **clients;
	int	failed;
	long	rss_idle;	/* kB, warmed up by the bare logins */
	pthread_mutex_t lock;
};

struct bench_thread {
	struct bench *b;
	int	first, last;	/* clients[first..last-1] */
	bool	bare;		/* to the welcome screen and away again */
	pthread_t thread;
};

static double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

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
	double end = bench_now() + limit_ms / 1e3;
	double quiet_until = bench_now() + quiet_ms / 1e3;
	uint64_t total = 0;
	int i, n, got;

	pfd = calloc((size_t)b->nsessions, sizeof *pfd);
	if (pfd == NULL)
		abort();
	while (bench_now() < end && bench_now() < quiet_until) {
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
			quiet_until = bench_now() + quiet_ms / 1e3;
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

/* The daemon's CPU seconds by thread: the loop (the main thread), the
 * key exchange threads (named gh-kex*), and every other thread. */
struct bench_split {
	double	loop, kex, other;
};

static void
bench_split_read(struct bench *b, struct bench_split *sp)
{
	char path[64], name[32];
	struct dirent *de;
	double secs;
	DIR *dir;
	int pid = (int)harness_pid(b->h), tid;

	memset(sp, 0, sizeof *sp);
	snprintf(path, sizeof path, "/proc/%d/task", pid);
	if ((dir = opendir(path)) == NULL)
		return;
	while ((de = readdir(dir)) != NULL) {
		tid = atoi(de->d_name);
		if (tid <= 0 || (secs = harness_thread_cpu_seconds(b->h, tid,
		    name, sizeof name)) < 0)
			continue;
		if (tid == pid)
			sp->loop += secs;
		else if (strncmp(name, "gh-kex", 6) == 0)
			sp->kex += secs;
		else
			sp->other += secs;
	}
	closedir(dir);
}

static void
bench_split_print(struct bench *b, const struct bench_split *before, int ok)
{
	struct bench_split after;

	if (ok <= 0)
		return;
	bench_split_read(b, &after);
	printf("  daemon CPU by thread: loop %.2f ms, key exchange threads "
	    "%.2f ms, others %.2f ms per login\n",
	    (after.loop - before->loop) * 1e3 / ok,
	    (after.kex - before->kex) * 1e3 / ok,
	    (after.other - before->other) * 1e3 / ok);
}

/*
 * n logins from b->nthreads threads, to the lobby (kept in b->clients) or
 * bare; returns the seconds taken and the daemon's CPU seconds in *cpu.
 */
static double
bench_run_logins(struct bench *b, int n, bool bare, double *cpu)
{
	struct bench_thread *threads;
	double t0, t1, cpu0;
	int i, per;

	threads = calloc((size_t)b->nthreads, sizeof *threads);
	if (threads == NULL)
		abort();
	per = (n + b->nthreads - 1) / b->nthreads;
	cpu0 = harness_cpu_seconds(b->h);
	t0 = bench_now();
	for (i = 0; i < b->nthreads; i++) {
		threads[i].b = b;
		threads[i].bare = bare;
		threads[i].first = i * per;
		threads[i].last = (i + 1) * per < n ? (i + 1) * per : n;
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
	t1 = bench_now();
	*cpu = harness_cpu_seconds(b->h) - cpu0;
	free(threads);
	return t1 - t0;
}

/* BARE logins to the welcome screen and out, with `crowd` in the lobby. */
static void
bench_bare_logins(struct bench *b, int crowd)
{
	struct bench_split split;
	double secs, cpu;
	int ok;

	bench_split_read(b, &split);
	secs = bench_run_logins(b, b->nbare, true, &cpu);
	ok = b->nbare - b->failed;
	printf("bare logins (%d in the lobby): %d to the welcome screen and "
	    "out in %.2f s = %.1f/s; daemon CPU %.2f ms per login\n", crowd,
	    ok, secs, ok / secs, ok > 0 ? cpu * 1e3 / ok : 0.0);
	bench_split_print(b, &split, ok);
	b->failed = 0;
}

static void
bench_logins(struct bench *b)
{
	struct bench_split split;
	double secs, cpu;
	int ok;

	/* First the SSH login alone, with nobody in the lobby to redraw. */
	bench_bare_logins(b, 0);
	b->rss_idle = harness_rss_kb(b->h);

	/* Then everyone into the lobby, where each arrival is news. */
	bench_split_read(b, &split);
	secs = bench_run_logins(b, b->nsessions, false, &cpu);
	ok = b->nsessions - b->failed;
	printf("logins: %d guests to the lobby in %.2f s = %.1f logins/s "
	    "(%d threads); daemon CPU %.2f ms per login\n", ok, secs,
	    ok / secs, b->nthreads, ok > 0 ? cpu * 1e3 / ok : 0.0);
	bench_split_print(b, &split, ok);
	if (b->failed > 0)
		printf("logins: %d of %d failed (see above)\n", b->failed,
		    b->nsessions);
}

static void
bench_memory(struct bench *b)
{
	long rss;
	int alive;

	bench_drain(b, 1000, 60000);
	rss = harness_rss_kb(b->h);
	alive = bench_alive_count(b, 0);
	printf("memory: daemon RSS %.1f MB with no sessions, %.1f MB with %d "
	    "in the lobby = %.1f KB per idle session\n",
	    b->rss_idle / 1024.0, rss / 1024.0, alive,
	    alive > 0 ? (double)(rss - b->rss_idle) / alive : 0.0);
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
	t0 = bench_now();
	end = t0 + b->seconds;
	/* Each chatter says a line every 2 s, the chatters spread evenly. */
	next = t0;
	i = 0;
	while (bench_now() < end) {
		if (bench_now() >= next) {
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
	secs = bench_now() - t0;
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
	    "[-c chatters] [-s seconds] [-b bare-logins]\n");
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
		NULL
	};
	struct bench b;
	struct rlimit rl;
	int c, i, status = 0;

	memset(&b, 0, sizeof b);
	b.nsessions = 300;
	b.nthreads = 4;
	b.nchatters = 10;
	b.seconds = 10;
	b.nbare = 200;
	while ((c = getopt(argc, argv, "n:t:c:s:b:")) != -1) {
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
		default:
			bench_usage();
		}
	}
	if (b.nsessions < 1 || b.nthreads < 1 || b.nchatters < 0 ||
	    b.seconds < 1 || b.nbare < 1)
		bench_usage();
	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "hallbench: gamehalld is not built\n");
		return 1;
	}

	/* Every session is a socket here and one in the daemon. */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
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
	bench_logins(&b);
	if (b.failed == b.nsessions)
		status = 1;
	else {
		bench_memory(&b);
		/* The transport's cost must not grow with the crowd. */
		bench_bare_logins(&b, bench_alive_count(&b, 0));
		bench_lobby_update(&b);
		if (b.nchatters > 0)
			bench_chat(&b);
	}
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
