/*
 * test-limits.c - token buckets, per-IP caps, MaxStartups early drop and
 * per-source penalties, on a fake clock with an injected random source.
 */
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <check.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/config.h"
#include "src/net/limits.h"

/* The "random" numbers the next early-drop decisions will see. */
struct fake_random {
	uint32_t	values[64];
	size_t		n, next, calls;
};

static uint32_t
fake_random_cb(void *arg)
{
	struct fake_random	*r = arg;

	r->calls++;
	if (r->next < r->n)
		return r->values[r->next++];
	return 99;	/* "accept" for any rate below 100% */
}

static struct sockaddr_storage
addr(const char *text)
{
	struct sockaddr_storage	 ss;
	struct sockaddr_in	*sin = (struct sockaddr_in *)&ss;
	struct sockaddr_in6	*sin6 = (struct sockaddr_in6 *)&ss;

	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, text, &sin->sin_addr) == 1)
		sin->sin_family = AF_INET;
	else {
		ck_assert_int_eq(inet_pton(AF_INET6, text, &sin6->sin6_addr), 1);
		sin6->sin6_family = AF_INET6;
	}
	return ss;
}

#define SA(ss) ((const struct sockaddr *)&(ss))

START_TEST(test_ratelimit)
{
	struct ratelimit	rl;

	ratelimit_init(&rl, 10, 5, 1000);	/* 10/s, burst 5 */
	ck_assert(ratelimit_take(&rl, 5, 1000));
	ck_assert(!ratelimit_take(&rl, 1, 1000));
	ck_assert_uint_eq(ratelimit_wait_ms(&rl, 1, 1000), 101);
	ck_assert(!ratelimit_take(&rl, 1, 1050));	/* half a token */
	ck_assert(ratelimit_take(&rl, 1, 1100));
	/* Refill stops at the burst. */
	ck_assert(ratelimit_available(&rl, 100000) <= 5.0);
	ck_assert(ratelimit_take(&rl, 5, 100000));
	ck_assert(!ratelimit_take(&rl, 0.5, 100000));
	/* More than the burst can never be had. */
	ck_assert_uint_eq(ratelimit_wait_ms(&rl, 6, 100000), UINT64_MAX);
	/* A clock going backwards earns nothing and breaks nothing. */
	ck_assert(!ratelimit_take(&rl, 1, 50000));
	ck_assert(ratelimit_take(&rl, 1, 50100));
}
END_TEST

static void
quiet_config(struct config *cfg)
{
	config_defaults(cfg);
	/* No random drops unless a test asks for them. */
	cfg->max_startups_begin = 1000;
	cfg->max_startups_full = 1000;
	cfg->per_source_max_startups = 1000;
}

START_TEST(test_per_ip_cap)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a = addr("192.0.2.1"), b = addr("192.0.2.2");
	int			 i;

	quiet_config(&cfg);
	cfg.max_conns_per_ip = 3;
	l = limits_new(&cfg, NULL, NULL);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_PER_IP);
	ck_assert_int_eq(limits_accept(l, SA(b), 0), LIMITS_OK);
	ck_assert_uint_eq(limits_total(l), 4);
	ck_assert_uint_eq(limits_source_count(l, SA(a)), 3);

	/* Authenticated connections still count against the cap. */
	limits_authenticated(l, SA(a));
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_PER_IP);
	limits_closed(l, SA(a), true);
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_uint_eq(limits_unauthenticated(l), 4);
	limits_free(l);
}
END_TEST

START_TEST(test_ipv6_prefix)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a = addr("2001:db8:1:2::1"),
				 b = addr("2001:db8:1:2:ffff::9"),
				 c = addr("2001:db8:1:3::1"),
				 m = addr("::ffff:192.0.2.7"),
				 v4 = addr("192.0.2.7");

	quiet_config(&cfg);
	cfg.max_conns_per_ip = 2;
	l = limits_new(&cfg, NULL, NULL);
	/* One /64 is one source. */
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(b), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_PER_IP);
	ck_assert_int_eq(limits_accept(l, SA(c), 0), LIMITS_OK);
	/* IPv4-mapped IPv6 is the IPv4 address. */
	ck_assert_int_eq(limits_accept(l, SA(m), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(v4), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(v4), 0), LIMITS_PER_IP);
	limits_free(l);
}
END_TEST

START_TEST(test_full_and_source_startups)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a = addr("192.0.2.1"), b = addr("192.0.2.2");

	quiet_config(&cfg);
	cfg.max_sessions = 3;
	cfg.per_source_max_startups = 2;
	l = limits_new(&cfg, NULL, NULL);
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(a), 0),
	    LIMITS_SOURCE_STARTUPS);
	limits_authenticated(l, SA(a));
	ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(b), 0), LIMITS_FULL);
	limits_closed(l, SA(a), false);
	ck_assert_int_eq(limits_accept(l, SA(b), 0), LIMITS_OK);
	ck_assert_uint_eq(limits_total(l), 3);
	limits_free(l);
}
END_TEST

/* sshd's rule: p = rate + (100 - rate) * (n - begin) / (full - begin). */
START_TEST(test_max_startups)
{
	struct config		 cfg;
	struct limits		*l;
	struct fake_random	 r;
	char			 text[32];
	struct sockaddr_storage	 a[16];
	int			 i;

	quiet_config(&cfg);
	cfg.max_startups_begin = 2;
	cfg.max_startups_rate = 50;
	cfg.max_startups_full = 4;
	memset(&r, 0, sizeof r);
	l = limits_new(&cfg, fake_random_cb, &r);
	for (i = 0; i < 16; i++) {
		snprintf(text, sizeof text, "198.51.100.%d", i + 1);
		a[i] = addr(text);
	}
	r.calls = 0;
	/* Below begin: always in, no random number drawn. */
	ck_assert_int_eq(limits_accept(l, SA(a[0]), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(a[1]), 0), LIMITS_OK);
	ck_assert_uint_eq(r.calls, 0);

	/* At 2 unauthenticated: p = 50%. */
	r.values[0] = 49;	/* 49 < 50: dropped */
	r.values[1] = 50;	/* kept */
	r.n = 2;
	r.next = 0;
	ck_assert_int_eq(limits_accept(l, SA(a[2]), 0), LIMITS_STARTUPS);
	ck_assert_int_eq(limits_accept(l, SA(a[2]), 0), LIMITS_OK);

	/* At 3: p = 50 + 50 * 1 / 2 = 75%. */
	r.values[0] = 174;	/* 174 % 100 = 74: dropped */
	r.values[1] = 75;	/* kept */
	r.n = 2;
	r.next = 0;
	ck_assert_int_eq(limits_accept(l, SA(a[3]), 0), LIMITS_STARTUPS);
	ck_assert_int_eq(limits_accept(l, SA(a[3]), 0), LIMITS_OK);

	/* At full: always dropped, whatever the dice say. */
	r.n = 0;
	ck_assert_int_eq(limits_accept(l, SA(a[4]), 0), LIMITS_STARTUPS);

	/* Authenticating makes room again. */
	limits_authenticated(l, SA(a[0]));
	limits_authenticated(l, SA(a[1]));
	limits_authenticated(l, SA(a[2]));
	r.calls = 0;
	ck_assert_int_eq(limits_accept(l, SA(a[5]), 0), LIMITS_OK);
	ck_assert_uint_eq(r.calls, 0);
	ck_assert_uint_eq(limits_unauthenticated(l), 2);
	limits_free(l);
}
END_TEST

/* Dice that always say "drop" whenever the probability is above 0. */
static uint32_t
always_drop_cb(void *arg)
{
	(void)arg;
	return 0;
}

/*
 * One address holding as many unauthenticated connections as it may must
 * not push anyone else into random early drop: with the defaults, and
 * with a per-source cap a sysop set above max_startups' start.
 */
START_TEST(test_one_source_drops_nobody)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a = addr("192.0.2.1"), b = addr("192.0.2.2"),
				 c = addr("192.0.2.3");
	int			 i, in, pass;

	for (pass = 0; pass < 2; pass++) {
		config_defaults(&cfg);
		if (pass == 1)
			cfg.per_source_max_startups = 50;
		ck_assert_msg(cfg.per_source_max_startups <
		    cfg.max_startups_begin || pass == 1, "per-source cap %d "
		    "reaches max_startups' start %d: one address alone can "
		    "make everyone's logins fail", cfg.per_source_max_startups,
		    cfg.max_startups_begin);
		l = limits_new(&cfg, always_drop_cb, NULL);
		for (i = in = 0; i < 100; i++)
			if (limits_accept(l, SA(a), 0) == LIMITS_OK)
				in++;
		ck_assert_int_gt(in, 0);
		ck_assert_msg(limits_accept(l, SA(b), 0) == LIMITS_OK,
		    "pass %d: %d idle connections from one address refused "
		    "another address", pass, in);
		limits_free(l);
	}

	/* Two addresses together still meet the early drop, as in sshd. */
	config_defaults(&cfg);
	cfg.max_startups_begin = 4;
	cfg.per_source_max_startups = 3;
	l = limits_new(&cfg, always_drop_cb, NULL);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(limits_accept(l, SA(a), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(b), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(c), 0), LIMITS_STARTUPS);
	/* And the count goes down as they authenticate or leave. */
	limits_authenticated(l, SA(a));
	limits_closed(l, SA(b), false);
	ck_assert_int_eq(limits_accept(l, SA(c), 0), LIMITS_OK);
	limits_free(l);
}
END_TEST

START_TEST(test_penalties)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a = addr("203.0.113.5"),
				 other = addr("203.0.113.6");
	uint64_t		 t = 1000000;
	int			 i;

	quiet_config(&cfg);
	cfg.penalty_min = 30;
	cfg.penalty_max = 100;
	l = limits_new(&cfg, NULL, NULL);

	/* 6 x 5 s = 30 s: at the threshold, still let in. */
	for (i = 0; i < 6; i++)
		limits_penalise(l, SA(a), 5, t);
	ck_assert_int_eq(limits_penalty(l, SA(a), t), 30);
	ck_assert_int_eq(limits_accept(l, SA(a), t), LIMITS_OK);
	limits_closed(l, SA(a), false);

	/* One more failure: refused, and only this source. */
	limits_penalise(l, SA(a), 5, t);
	ck_assert_int_eq(limits_accept(l, SA(a), t), LIMITS_PENALTY);
	ck_assert_int_eq(limits_accept(l, SA(other), t), LIMITS_OK);

	/* The penalty runs down in real time. */
	ck_assert_int_eq(limits_accept(l, SA(a), t + 4000), LIMITS_PENALTY);
	ck_assert_int_eq(limits_penalty(l, SA(a), t + 4000), 31);
	ck_assert_int_eq(limits_accept(l, SA(a), t + 5000), LIMITS_OK);
	ck_assert_int_eq(limits_penalty(l, SA(a), t + 36000), 0);

	/* Capped at penalty_max. */
	for (i = 0; i < 100; i++)
		limits_penalise(l, SA(a), 60, t + 40000);
	ck_assert_int_eq(limits_penalty(l, SA(a), t + 40000), 100);
	ck_assert_int_eq(limits_accept(l, SA(a), t + 40000 + 69000),
	    LIMITS_PENALTY);
	ck_assert_int_eq(limits_accept(l, SA(a), t + 40000 + 71000),
	    LIMITS_OK);
	limits_free(l);
}
END_TEST

START_TEST(test_penalty_exempt)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 lo = addr("127.0.0.1"),
				 net = addr("10.1.2.3"),
				 v6 = addr("2001:db8::77"),
				 out = addr("192.0.2.1");

	quiet_config(&cfg);
	strcpy(cfg.penalty_exempt, "127.0.0.1, 10.0.0.0/8,2001:db8::/32, bogus");
	l = limits_new(&cfg, NULL, NULL);
	limits_penalise(l, SA(lo), 600, 0);
	limits_penalise(l, SA(net), 600, 0);
	limits_penalise(l, SA(v6), 600, 0);
	limits_penalise(l, SA(out), 600, 0);
	ck_assert_int_eq(limits_penalty(l, SA(lo), 0), 0);
	ck_assert_int_eq(limits_penalty(l, SA(net), 0), 0);
	ck_assert_int_eq(limits_penalty(l, SA(v6), 0), 0);
	ck_assert_int_eq(limits_penalty(l, SA(out), 0), 600);
	ck_assert_int_eq(limits_accept(l, SA(lo), 0), LIMITS_OK);
	ck_assert_int_eq(limits_accept(l, SA(out), 0), LIMITS_PENALTY);
	limits_free(l);
}
END_TEST

/* Many sources come and go: the table forgets them, counts stay right. */
START_TEST(test_churn)
{
	struct config		 cfg;
	struct limits		*l;
	struct sockaddr_storage	 a;
	char			 text[32];
	int			 i;

	quiet_config(&cfg);
	cfg.max_sessions = 100000;
	l = limits_new(&cfg, NULL, NULL);
	for (i = 0; i < 20000; i++) {
		snprintf(text, sizeof text, "10.%d.%d.%d", i >> 16,
		    (i >> 8) & 255, i & 255);
		a = addr(text);
		ck_assert_int_eq(limits_accept(l, SA(a), (uint64_t)i),
		    LIMITS_OK);
		if (i % 3 == 0)
			limits_authenticated(l, SA(a));
		limits_closed(l, SA(a), i % 3 == 0);
	}
	ck_assert_uint_eq(limits_total(l), 0);
	ck_assert_uint_eq(limits_unauthenticated(l), 0);
	limits_free(l);
}
END_TEST

static Suite *
limits_suite(void)
{
	Suite	*s = suite_create("limits");
	TCase	*tc = tcase_create("limits");

	tcase_add_test(tc, test_ratelimit);
	tcase_add_test(tc, test_per_ip_cap);
	tcase_add_test(tc, test_ipv6_prefix);
	tcase_add_test(tc, test_full_and_source_startups);
	tcase_add_test(tc, test_max_startups);
	tcase_add_test(tc, test_one_source_drops_nobody);
	tcase_add_test(tc, test_penalties);
	tcase_add_test(tc, test_penalty_exempt);
	tcase_add_test(tc, test_churn);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(limits_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
