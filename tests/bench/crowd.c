/*
 * crowd.c - what the load generators share: many SSH guests, timed (see
 * crowd.h).
 */
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "tests/bench/crowd.h"
#include "tests/integration/tclient.h"

double
crowd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
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

int
crowd_cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
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
