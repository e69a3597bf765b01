/*
 * test-clock.c - the manual clock: timers fire in time order as the clock
 * is moved, re-armed timers fire again, cancelled ones never; on the
 * loop's base, background timers run after the others due with them.
 */
#include <check.h>
#include <event2/event.h>
#include <stdint.h>

#include "src/base/clock.h"

struct heard {
	struct clock		*clock;
	struct clock_timer	*rearm;
	int			 order[8];
	uint64_t		 at[8];
	int			 n;
};

static struct heard heard;

static void
note(int who)
{
	if (heard.n < 8) {
		heard.order[heard.n] = who;
		heard.at[heard.n] = clock_ms(heard.clock);
		heard.n++;
	}
}

static void fire_a(void *arg) { note(1); }
static void fire_b(void *arg) { note(2); }

/* Re-arms itself twice, 100 ms apart. */
static void
fire_again(void *arg)
{
	note(3);
	if (heard.n < 3)
		clock_timer_set(heard.rearm, 100);
}

START_TEST(test_clock_order)
{
	struct clock		*c = clock_new_manual(5000, 1700000000);
	struct clock_timer	*a = clock_timer_new(c, fire_a, NULL);
	struct clock_timer	*b = clock_timer_new(c, fire_b, NULL);

	heard = (struct heard){ .clock = c };
	clock_timer_set(a, 300);
	clock_timer_set(b, 100);
	ck_assert(clock_timer_pending(a));
	ck_assert_uint_eq(clock_timer_due(a), 5300);
	ck_assert_int_eq(clock_advance(c, 99), 0);
	ck_assert_int_eq(heard.n, 0);
	ck_assert_int_eq(clock_advance(c, 1000), 2);
	ck_assert_int_eq(heard.order[0], 2);
	ck_assert_uint_eq(heard.at[0], 5100);
	ck_assert_int_eq(heard.order[1], 1);
	ck_assert_uint_eq(heard.at[1], 5300);
	ck_assert_uint_eq(clock_ms(c), 6099);
	ck_assert_int_eq(clock_wall(c), 1700000001);
	/* A thousand steps of a millisecond make a second too. */
	for (int i = 0; i < 1000; i++)
		clock_advance(c, 1);
	ck_assert_int_eq(clock_wall(c), 1700000002);
	ck_assert(!clock_timer_pending(a));
	clock_timer_free(a);
	clock_timer_free(b);
	clock_free(c);
}
END_TEST

START_TEST(test_clock_cancel_and_rearm)
{
	struct clock		*c = clock_new_manual(0, 0);
	struct clock_timer	*a = clock_timer_new(c, fire_a, NULL);

	heard = (struct heard){ .clock = c };
	heard.rearm = clock_timer_new(c, fire_again, NULL);
	clock_timer_set(a, 50);
	clock_timer_cancel(a);
	clock_timer_set(heard.rearm, 10);
	ck_assert_int_eq(clock_advance(c, 1000), 3);
	ck_assert_int_eq(heard.n, 3);
	ck_assert_uint_eq(heard.at[0], 10);
	ck_assert_uint_eq(heard.at[1], 110);
	ck_assert_uint_eq(heard.at[2], 210);
	ck_assert_int_eq(heard.order[2], 3);
	/* Setting a pending timer again moves it, it does not add one. */
	clock_timer_set(a, 10);
	clock_timer_set(a, 20);
	ck_assert_int_eq(clock_advance(c, 30), 1);
	clock_timer_free(a);
	clock_timer_free(heard.rearm);
	clock_free(c);
}
END_TEST

/*
 * Ten background timers and two others, all due at once, the background
 * ones armed first: the two others run first, and after a batch of the
 * background ones the loop has looked for new events (an event activated
 * by the first background callback, at the normal priority, runs before
 * the last background ones).
 */
static struct event *urgent;

static void fire_bg(void *arg) { note(4); if (heard.n == 3) event_active(urgent, EV_TIMEOUT, 1); }
static void fire_urgent(evutil_socket_t fd, short what, void *arg) { note(5); }

START_TEST(test_clock_background_after)
{
	struct event_base	*base = clock_base_new();
	struct clock		*c;
	struct clock_timer	*t[12];
	int			 i, urgent_at = -1;

	ck_assert_ptr_nonnull(base);
	c = clock_new(base);
	ck_assert_ptr_nonnull(c);
	heard.n = 0;
	heard.clock = c;
	urgent = event_new(base, -1, 0, fire_urgent, NULL);
	for (i = 0; i < 12; i++) {
		t[i] = clock_timer_new(c, i < 10 ? fire_bg : i == 10 ? fire_a :
		    fire_b, NULL);
		ck_assert_ptr_nonnull(t[i]);
		clock_timer_set_background(t[i], i < 10);
		clock_timer_set(t[i], 0);
	}
	event_base_loop(base, EVLOOP_NONBLOCK);
	event_base_loop(base, EVLOOP_NONBLOCK);
	event_base_loop(base, EVLOOP_NONBLOCK);
	ck_assert_int_eq(heard.n, 8);	/* what note() keeps */
	/* The two others first, in either order (due at the same time). */
	ck_assert_int_eq(heard.order[0] * heard.order[1], 2);
	for (i = 2; i < 8; i++) {
		if (heard.order[i] == 5)
			urgent_at = i;
		else
			ck_assert_int_eq(heard.order[i], 4);
	}
	/* Activated by the first background callback, it ran before the
	 * eighth background one was reached. */
	ck_assert_int_ne(urgent_at, -1);
	for (i = 0; i < 12; i++)
		clock_timer_free(t[i]);
	event_free(urgent);
	clock_free(c);
	event_base_free(base);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("clock");
	TCase	*tc = tcase_create("manual");
	SRunner	*sr;
	int	 failed;

	tcase_add_test(tc, test_clock_order);
	tcase_add_test(tc, test_clock_cancel_and_rearm);
	suite_add_tcase(s, tc);
	tc = tcase_create("loop");
	tcase_add_test(tc, test_clock_background_after);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
