/*
 * test-cpujob.c - the CPU on the worker pool: answers come back on the
 * loop thread and are legal; a stopped search frees its thread at once and
 * never answers; transposition tables are reused, one per search running,
 * not one per job.
 */
#include <check.h>
#include <event2/event.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/game.h"
#include "src/base/worker.h"
#include "src/table/cpujob.h"

struct answer {
	int		 calls;
	int		 rc;
	struct cpu_result res;
	pthread_t	 on;
};

static void
answered(void *arg, int rc, const struct cpu_result *res)
{
	struct answer	*a = arg;

	a->calls++;
	a->rc = rc;
	a->res = *res;
	a->on = pthread_self();
}

static int64_t
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Turn the loop until every answer came or ms passed. */
static void
loop_for(struct event_base *base, struct answer *a, int n, int ms)
{
	int64_t	until = now_ms() + ms;
	int	done;

	do {
		event_base_loop(base, EVLOOP_ONCE | EVLOOP_NONBLOCK);
		done = 0;
		for (int i = 0; i < n; i++)
			done += a[i].calls > 0;
		if (done == n)
			return;
		usleep(1000);
	} while (now_ms() < until);
}

static struct game *
gomoku_after(const char *const *moves, int n)
{
	char		 err[GAME_ERR_LEN];
	struct game	*g = game_new("gomoku", 0, NULL, err, sizeof err);

	ck_assert_ptr_nonnull(g);
	for (int i = 0; i < n; i++)
		ck_assert(game_play_text(g, i % 2 ? "white" : "black",
		    moves[i], err, sizeof err) == 0);
	return g;
}

START_TEST(test_cpujob_answers)
{
	static const char *const moves[] = { "h8", "h9", "i8", "j8", "i9" };
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 2);
	struct cpujob_pool	*p = cpujob_pool_new(w, 1 << 20);
	struct game		*g = gomoku_after(moves, 5);
	struct answer		 a[12];
	struct cpu_limits	 lim;
	char			 err[GAME_ERR_LEN];

	memset(a, 0, sizeof a);
	cpu_limits_default(&lim, 3);
	lim.time_ms = 0;
	lim.nodes = 20000;
	for (int i = 0; i < 12; i++)
		ck_assert_ptr_nonnull(cpujob_start(p, g, &lim, answered,
		    &a[i]));
	ck_assert_uint_eq(cpujob_pool_thinking(p), 12);
	loop_for(base, a, 12, 60000);
	for (int i = 0; i < 12; i++) {
		struct game	*copy = game_copy(g);

		ck_assert_int_eq(a[i].calls, 1);
		ck_assert_int_eq(a[i].rc, 0);
		ck_assert(pthread_equal(a[i].on, pthread_self()));
		ck_assert_int_eq(a[i].res.nmoves, 1);
		ck_assert(copy->variant->play(copy, 1, &a[i].res.move[0], err,
		    sizeof err) == 0);
		game_free(copy);
	}
	/* The game handed in was copied, never touched. */
	ck_assert_int_eq(g->variant->ply(g), 5);
	ck_assert_uint_eq(cpujob_pool_thinking(p), 0);
	/* Twelve searches on two threads: at most two tables. */
	ck_assert_uint_le(cpujob_pool_tables(p), 2);
	ck_assert_uint_ge(cpujob_pool_tables(p), 1);
	game_free(g);
	worker_free(w);
	cpujob_pool_free(p);
	event_base_free(base);
}
END_TEST

START_TEST(test_cpujob_stop)
{
	static const char *const moves[] = { "h8", "h9" };
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 1);
	struct cpujob_pool	*p = cpujob_pool_new(w, 1 << 20);
	struct game		*g = gomoku_after(moves, 2);
	struct answer		 slow, quick;
	struct cpu_limits	 lim;
	struct cpujob		*j;
	int64_t			 t0;

	memset(&slow, 0, sizeof slow);
	memset(&quick, 0, sizeof quick);
	cpu_limits_default(&lim, 5);
	lim.time_ms = 60000;
	j = cpujob_start(p, g, &lim, answered, &slow);
	ck_assert_ptr_nonnull(j);
	usleep(100000);		/* it is running on the only thread */
	cpujob_stop(j);
	/* The thread is free again soon: a quick job behind it answers. */
	cpu_limits_default(&lim, 1);
	lim.time_ms = 0;
	lim.nodes = 500;
	t0 = now_ms();
	ck_assert_ptr_nonnull(cpujob_start(p, g, &lim, answered, &quick));
	loop_for(base, &quick, 1, 10000);
	ck_assert_int_eq(quick.calls, 1);
	ck_assert_int_lt(now_ms() - t0, 5000);
	/* The stopped one never answers. */
	loop_for(base, &slow, 1, 100);
	ck_assert_int_eq(slow.calls, 0);
	ck_assert_uint_eq(cpujob_pool_thinking(p), 0);
	game_free(g);
	worker_free(w);
	cpujob_pool_free(p);
	event_base_free(base);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("cpujob");
	TCase	*tc = tcase_create("pool");
	SRunner	*sr;
	int	 failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_cpujob_answers);
	tcase_add_test(tc, test_cpujob_stop);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
