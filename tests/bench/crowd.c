/*
 * crowd.c - what the load generators share: many SSH guests, timed (see
 * crowd.h).
 */
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include <dirent.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tests/bench/crowd.h"
#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"

static double
crowd_clock(clockid_t which)
{
	struct timespec ts;

	clock_gettime(which, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

double
crowd_now(void)
{
	return crowd_clock(CLOCK_MONOTONIC);
}

double
crowd_self_cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

void
crowd_raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

void
crowd_yield_cores(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	/*
	 * Per thread on Linux; the threads started later inherit it.  Nice
	 * 19 was not enough: a nice-19 thread on a core keeps it until its
	 * slice is used (the kernel's scheduler runs a task to parity before
	 * a wakeup preempts it), so with the bench busy on both cores every
	 * hand-over between the daemon's threads waited up to a slice.  An
	 * idle-class thread gives the core up as soon as anything else wants
	 * it, which is what a crowd on other machines does.
	 */
	if (sched_setscheduler(0, SCHED_IDLE, &sp) == 0)
		return;
	perror("sched_setscheduler(SCHED_IDLE)");
	if (setpriority(PRIO_PROCESS, 0, 19) != 0)
		perror("setpriority");
}

double
crowd_real_now(void)
{
	return crowd_clock(CLOCK_REALTIME);
}

void
crowd_stamp(int fd)
{
	int on = 1;

	setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on);
}

double
crowd_arrival(int fd)
{
	union {
		struct cmsghdr	 h;
		char		 buf[CMSG_SPACE(sizeof(struct timespec))];
	} ctl;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct timespec ts;
	struct iovec iov;
	char byte;

	memset(&msg, 0, sizeof msg);
	iov.iov_base = &byte;
	iov.iov_len = 1;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = ctl.buf;
	msg.msg_controllen = sizeof ctl.buf;
	if (recvmsg(fd, &msg, MSG_PEEK | MSG_DONTWAIT) <= 0)
		return -1;
	for (cm = CMSG_FIRSTHDR(&msg); cm != NULL; cm = CMSG_NXTHDR(&msg, cm))
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SCM_TIMESTAMPNS) {
			memcpy(&ts, CMSG_DATA(cm), sizeof ts);
			return (double)ts.tv_sec + ts.tv_nsec / 1e9;
		}
	return -1;
}

void
crowd_split_read(const struct harness *h, struct crowd_split *sp)
{
	char path[64], name[32];
	struct dirent *de;
	double secs;
	DIR *dir;
	int pid = (int)harness_pid(h), tid;

	memset(sp, 0, sizeof *sp);
	snprintf(path, sizeof path, "/proc/%d/task", pid);
	if ((dir = opendir(path)) == NULL)
		return;
	while ((de = readdir(dir)) != NULL) {
		tid = atoi(de->d_name);
		if (tid <= 0 || (secs = harness_thread_cpu_seconds(h, tid,
		    name, sizeof name)) < 0)
			continue;
		if (tid == pid)
			sp->loop += secs;
		else if (strncmp(name, "gh-kex", 6) == 0)
			sp->kex += secs;
		else if (strncmp(name, "gh-ssh", 6) == 0)
			sp->ssh += secs;
		else
			sp->other += secs;
	}
	closedir(dir);
}

void
crowd_split_print(const struct harness *h, const struct crowd_split *before,
    int n, const char *what)
{
	struct crowd_split after;

	if (n <= 0)
		return;
	crowd_split_read(h, &after);
	printf("  daemon CPU by thread: loop %.2f ms, key exchange threads "
	    "%.2f ms, session threads %.2f ms, others %.2f ms per %s\n",
	    (after.loop - before->loop) * 1e3 / n,
	    (after.kex - before->kex) * 1e3 / n,
	    (after.ssh - before->ssh) * 1e3 / n,
	    (after.other - before->other) * 1e3 / n, what);
}

int
crowd_cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

double
crowd_quantile(const double *sorted, size_t n, double q)
{
	size_t	 rank;

	if (n == 0)
		return 0;
	rank = (size_t)(q * (double)n);
	if ((double)rank < q * (double)n)
		rank++;
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

void
crowd_read_ready(struct tclient **c, int n)
{
	struct pollfd *pfd;

	if (n <= 0 || (pfd = calloc((size_t)n, sizeof *pfd)) == NULL)
		return;
	for (int k = 0; k < n; k++) {
		pfd[k].fd = c[k] != NULL ? tclient_fd(c[k]) : -1;
		pfd[k].events = POLLIN;
	}
	if (poll(pfd, (nfds_t)n, 0) > 0)
		for (int k = 0; k < n; k++)
			if (pfd[k].fd >= 0 && (pfd[k].revents & POLLIN))
				tclient_read(c[k], 0);
	free(pfd);
}

struct crowd_set {
	int			 epfd;
	struct epoll_event	*ev;
	int			 nev;
};

struct crowd_set *
crowd_set_new(void)
{
	struct crowd_set *set = calloc(1, sizeof *set);

	if (set == NULL || (set->epfd = epoll_create1(EPOLL_CLOEXEC)) < 0) {
		perror("epoll_create1");
		abort();
	}
	return set;
}

void
crowd_set_free(struct crowd_set *set)
{
	if (set == NULL)
		return;
	close(set->epfd);
	free(set->ev);
	free(set);
}

void
crowd_set_add(struct crowd_set *set, int fd, uint64_t tag)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = tag };

	if (fd >= 0 && epoll_ctl(set->epfd, EPOLL_CTL_ADD, fd, &ev) != 0)
		perror("epoll_ctl");
}

void
crowd_set_del(struct crowd_set *set, int fd)
{
	if (fd >= 0)
		epoll_ctl(set->epfd, EPOLL_CTL_DEL, fd, NULL);
}

int
crowd_set_wait(struct crowd_set *set, uint64_t *tags, int max, int ms)
{
	int n;

	if (max <= 0)
		return 0;
	if (set->nev < max) {
		free(set->ev);
		if ((set->ev = calloc((size_t)max, sizeof *set->ev)) == NULL)
			abort();
		set->nev = max;
	}
	n = epoll_wait(set->epfd, set->ev, max, ms);
	for (int i = 0; i < n; i++)
		tags[i] = set->ev[i].data.u64;
	return n > 0 ? n : 0;
}

struct tclient *
crowd_guest(int port, const char *name, int wait_ms, const char *who)
{
	struct tclient *tc = tclient_ssh_open(port, name, 80, 24);

	if (tc == NULL)
		return NULL;
	tclient_set_timeout(tc, wait_ms);
	/* g on the welcome screen enters as a guest. */
	if (tclient_wait_for(tc, "Welcome", wait_ms) != 0 ||
	    tclient_type(tc, "g") != 0 ||
	    tclient_wait_for(tc, "Online (", wait_ms) != 0) {
		fprintf(stderr, "%s: %s: %s\n", who, name, tclient_error(tc));
		tclient_free(tc);
		return NULL;
	}
	return tc;
}
