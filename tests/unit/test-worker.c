/*
 * test-worker.c - the thread pool: results come back on the loop thread,
 * urgent jobs go first, cancelled jobs never reach their owner.
 */
#include <check.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "src/base/worker.h"

struct job {
	int		 input;
	int		 output;
	pthread_t	 ran_on;
	int		 policy;	/* the thread's, as run() saw it */
	bool		 ran;
	bool		 done;
	bool		 cancelled;
	pthread_t	 done_on;
	int		*order;		/* shared: where run() writes its turn */
	atomic_int	*turn;
	atomic_bool	*gate;		/* run() waits while false */
	atomic_bool	 at_gate;	/* run() has begun (and waits) */
	int		*done_count;
	bool		*in_cancel;	/* set while worker_cancel runs */
	bool		 done_in_cancel;
};

static void
job_run(void *arg)
{
	struct job	*j = arg;

	if (j->gate != NULL) {
		atomic_store(&j->at_gate, true);
		while (!atomic_load(j->gate))
			usleep(1000);
	}
	j->ran_on = pthread_self();
	j->policy = sched_getscheduler(0);
	j->output = j->input * j->input;
	if (j->order != NULL)
		j->order[j->input] = atomic_fetch_add(j->turn, 1);
	j->ran = true;
}

static void
job_done(void *arg, bool cancelled)
{
	struct job	*j = arg;

	ck_assert(!j->done);	/* exactly once */
	j->done = true;
	j->cancelled = cancelled;
	j->done_on = pthread_self();
	if (j->in_cancel != NULL && *j->in_cancel)
		j->done_in_cancel = true;
	(*j->done_count)++;
}

/* Wait (10 s at most) until the pool's thread is inside j's run(). */
static void
job_wait_running(struct job *j)
{
	for (int i = 0; i < 10000 && !atomic_load(&j->at_gate); i++)
		usleep(1000);
	ck_assert(atomic_load(&j->at_gate));
}

/* Run the loop until `want` done callbacks have happened (or 10 s). */
static void
loop_until(struct event_base *base, int *count, int want)
{
	int	i;

	for (i = 0; i < 10000 && *count < want; i++) {
		event_base_loop(base, EVLOOP_ONCE | EVLOOP_NONBLOCK);
		if (*count < want)
			usleep(1000);
	}
	ck_assert_int_eq(*count, want);
}

START_TEST(test_results_on_loop_thread)
{
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 3);
	struct job		 jobs[50];
	int			 count = 0, i;

	ck_assert_ptr_nonnull(w);
	memset(jobs, 0, sizeof jobs);
	for (i = 0; i < 50; i++) {
		jobs[i].input = i;
		jobs[i].done_count = &count;
		ck_assert_ptr_nonnull(worker_submit(w, WORKER_NORMAL, job_run,
		    job_done, &jobs[i]));
	}
	loop_until(base, &count, 50);
	for (i = 0; i < 50; i++) {
		ck_assert(jobs[i].ran);
		ck_assert(!jobs[i].cancelled);
		ck_assert_int_eq(jobs[i].output, i * i);
		ck_assert(!pthread_equal(jobs[i].ran_on, pthread_self()));
		ck_assert(pthread_equal(jobs[i].done_on, pthread_self()));
	}
	ck_assert_uint_eq(worker_pending(w), 0);
	worker_free(w);
	event_base_free(base);
}
END_TEST

START_TEST(test_urgent_first)
{
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 1);
	struct job		 blocker, jobs[4];
	atomic_bool		 gate = false;
	atomic_int		 turn = 0;
	int			 order[4], count = 0, i;

	memset(&blocker, 0, sizeof blocker);
	memset(jobs, 0, sizeof jobs);
	blocker.gate = &gate;
	blocker.done_count = &count;
	worker_submit(w, WORKER_NORMAL, job_run, job_done, &blocker);
	/* The only thread is stuck in the blocker (however loaded the
	 * machine: a fixed sleep was not always long enough). */
	job_wait_running(&blocker);
	for (i = 0; i < 4; i++) {
		jobs[i].input = i;
		jobs[i].order = order;
		jobs[i].turn = &turn;
		jobs[i].done_count = &count;
	}
	worker_submit(w, WORKER_NORMAL, job_run, job_done, &jobs[0]);
	worker_submit(w, WORKER_NORMAL, job_run, job_done, &jobs[1]);
	worker_submit(w, WORKER_URGENT, job_run, job_done, &jobs[2]);
	worker_submit(w, WORKER_URGENT, job_run, job_done, &jobs[3]);
	ck_assert_uint_eq(worker_pending(w), 5);
	atomic_store(&gate, true);
	loop_until(base, &count, 5);
	ck_assert_int_eq(order[2], 0);
	ck_assert_int_eq(order[3], 1);
	ck_assert_int_eq(order[0], 2);
	ck_assert_int_eq(order[1], 3);
	worker_free(w);
	event_base_free(base);
}
END_TEST

START_TEST(test_cancel)
{
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 1);
	struct job		 running, queued, normal;
	struct worker_job	*jr, *jq;
	atomic_bool		 gate = false;
	bool			 in_cancel = false;
	int			 count = 0;

	memset(&running, 0, sizeof running);
	memset(&queued, 0, sizeof queued);
	memset(&normal, 0, sizeof normal);
	running.gate = &gate;
	running.done_count = queued.done_count = normal.done_count = &count;
	running.in_cancel = queued.in_cancel = &in_cancel;
	normal.input = 7;

	jr = worker_submit(w, WORKER_NORMAL, job_run, job_done, &running);
	job_wait_running(&running);	/* running, held at the gate */
	jq = worker_submit(w, WORKER_NORMAL, job_run, job_done, &queued);
	worker_submit(w, WORKER_NORMAL, job_run, job_done, &normal);

	in_cancel = true;
	worker_cancel(jq);
	worker_cancel(jr);
	in_cancel = false;
	/* Never from inside worker_cancel. */
	ck_assert(!queued.done && !running.done);

	atomic_store(&gate, true);
	loop_until(base, &count, 3);
	/* The queued job never ran; the running one finished but was
	 * reported cancelled; the other went on normally. */
	ck_assert(!queued.ran);
	ck_assert(queued.cancelled);
	ck_assert(running.ran);
	ck_assert(running.cancelled);
	ck_assert(!queued.done_in_cancel && !running.done_in_cancel);
	ck_assert(normal.ran && !normal.cancelled);
	ck_assert_int_eq(normal.output, 49);
	worker_free(w);
	event_base_free(base);
}
END_TEST

START_TEST(test_free_cancels_outstanding)
{
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 2);
	struct job		 jobs[20];
	int			 count = 0, i;

	memset(jobs, 0, sizeof jobs);
	for (i = 0; i < 20; i++) {
		jobs[i].input = i;
		jobs[i].done_count = &count;
		worker_submit(w, i % 2 ? WORKER_URGENT : WORKER_NORMAL,
		    job_run, job_done, &jobs[i]);
	}
	/* No loop run: every done callback comes from worker_free. */
	worker_free(w);
	ck_assert_int_eq(count, 20);
	for (i = 0; i < 20; i++) {
		ck_assert(jobs[i].done);
		ck_assert(jobs[i].cancelled);
	}
	event_base_free(base);
}
END_TEST

/* An idle pool still runs every job, on threads that yield to all others. */
START_TEST(test_idle_pool)
{
	struct event_base	*base = event_base_new();
	struct worker		*w = worker_new(base, 2);
	struct job		 jobs[8];
	int			 count = 0;

	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(worker_idle(w), 0);
	memset(jobs, 0, sizeof jobs);
	for (int i = 0; i < 8; i++) {
		jobs[i].input = i + 1;
		jobs[i].done_count = &count;
		ck_assert_ptr_nonnull(worker_submit(w, WORKER_NORMAL, job_run,
		    job_done, &jobs[i]));
	}
	loop_until(base, &count, 8);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(jobs[i].output, (i + 1) * (i + 1));
		ck_assert_int_eq(jobs[i].policy, SCHED_IDLE);
	}
	worker_free(w);
	event_base_free(base);
}
END_TEST

static Suite *
worker_suite(void)
{
	Suite	*s = suite_create("worker");
	TCase	*tc = tcase_create("worker");

	tcase_add_test(tc, test_results_on_loop_thread);
	tcase_add_test(tc, test_urgent_first);
	tcase_add_test(tc, test_cancel);
	tcase_add_test(tc, test_free_cancels_outstanding);
	tcase_add_test(tc, test_idle_pool);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(worker_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
