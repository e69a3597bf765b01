/*
 * test-store-addr.c - the address matching behind IP bans
 * (src/store/store-addr.c), on its own: parsing, prefixes across the two
 * families, matching at bit boundaries, and the canonical text a ban is
 * stored as.  No database.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/store/store-int.h"

/* The canonical text of a network, as store_ban_add() stores it. */
static const char *
canon(const char *text, char *buf, size_t len)
{
	struct store_addr net;

	ck_assert_msg(store_addr_parse(text, 1, &net) == 0, "parse %s", text);
	store_addr_format(&net, buf, len);
	return buf;
}

/* Whether network `net` holds host `host`. */
static int
holds(const char *net, const char *host)
{
	struct store_addr n, h;

	ck_assert_msg(store_addr_parse(net, 1, &n) == 0, "parse %s", net);
	ck_assert_msg(store_addr_parse(host, 0, &h) == 0, "parse %s", host);
	return store_addr_contains(&n, &h);
}

START_TEST(test_parse)
{
	static const unsigned char v4[16] = { [10] = 0xff, [11] = 0xff,
	    [12] = 192, [13] = 0, [14] = 2, [15] = 77 };
	struct store_addr a;

	/* IPv4 is kept as mapped IPv6, its prefix moved up by 96. */
	ck_assert_int_eq(store_addr_parse("192.0.2.77/24", 1, &a), 0);
	ck_assert_int_eq(a.bits, 120);
	ck_assert_mem_eq(a.addr, v4, 16);
	ck_assert_int_eq(store_addr_parse("192.0.2.77", 0, &a), 0);
	ck_assert_int_eq(a.bits, 128);
	ck_assert_int_eq(store_addr_parse("2001:db8::/32", 1, &a), 0);
	ck_assert_int_eq(a.bits, 32);
	ck_assert_int_eq(a.addr[0], 0x20);
	ck_assert_int_eq(a.addr[3], 0xb8);
	ck_assert_int_eq(store_addr_parse("1.2.3.4/032", 1, &a), 0);
	ck_assert_int_eq(a.bits, 128);
}
END_TEST

START_TEST(test_parse_refuses)
{
	static const char *const bad[] = {
		"", "example.com", "1.2.3", "1.2.3.4/", "1.2.3.4/33",
		"1.2.3.4/-1", "1.2.3.4/+8", "1.2.3.4/ 8", "1.2.3.4/8x",
		"1.2.3.4/0008", "::1/129", "1.2.3.4/8/8", "::ffff:1.2.3.4.5",
	};
	struct store_addr	a;
	char			 longer[STORE_ADDR_MAX + 8];
	size_t			 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(store_addr_parse(bad[i], 1, &a) != 0,
		    "accepted %s", bad[i]);
	/* A host to check never carries a prefix. */
	ck_assert_int_ne(store_addr_parse("10.0.0.1/8", 0, &a), 0);
	/* Too long for any address, even if its start is one. */
	memset(longer, '0', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	memcpy(longer, "::1/", 4);
	ck_assert_int_ne(store_addr_parse(longer, 1, &a), 0);
}
END_TEST

START_TEST(test_contains)
{
	/* A /13 ends inside the second byte: 10.0.0.0 - 10.7.255.255. */
	ck_assert(holds("10.1.2.3/13", "10.7.255.255"));
	ck_assert(holds("10.1.2.3/13", "10.0.0.0"));
	ck_assert(!holds("10.1.2.3/13", "10.8.0.0"));
	ck_assert(!holds("10.1.2.3/13", "11.0.0.1"));
	/* Every IPv4 address, written either way, and no IPv6 one. */
	ck_assert(holds("0.0.0.0/0", "203.0.113.9"));
	ck_assert(holds("0.0.0.0/0", "::ffff:203.0.113.9"));
	ck_assert(!holds("0.0.0.0/0", "2001:db8::1"));
	/* Everything. */
	ck_assert(holds("::/0", "2001:db8::1"));
	ck_assert(holds("::/0", "203.0.113.9"));
	/* An IPv4 network written as mapped IPv6 holds the IPv4 host. */
	ck_assert(holds("::ffff:192.0.2.0/120", "192.0.2.200"));
	ck_assert(!holds("::ffff:192.0.2.0/120", "192.0.3.0"));
	/* A single host holds itself only. */
	ck_assert(holds("2001:db8::1", "2001:db8::1"));
	ck_assert(!holds("2001:db8::1", "2001:db8::2"));
	ck_assert(holds("2001:db8:8000::/33", "2001:db8:ffff::1"));
	ck_assert(!holds("2001:db8:8000::/33", "2001:db8:7fff::1"));
}
END_TEST

START_TEST(test_format)
{
	char buf[STORE_NAME_MAX + 1];

	ck_assert_str_eq(canon("192.0.2.77/24", buf, sizeof buf),
	    "192.0.2.0/24");
	ck_assert_str_eq(canon("10.1.2.3/13", buf, sizeof buf), "10.0.0.0/13");
	ck_assert_str_eq(canon("198.51.100.9", buf, sizeof buf),
	    "198.51.100.9");
	ck_assert_str_eq(canon("1.2.3.4/0", buf, sizeof buf), "0.0.0.0/0");
	/* Mapped IPv6 is written as the IPv4 it stands for. */
	ck_assert_str_eq(canon("::ffff:192.0.2.1/120", buf, sizeof buf),
	    "192.0.2.0/24");
	ck_assert_str_eq(canon("::FFFF:192.0.2.1", buf, sizeof buf),
	    "192.0.2.1");
	ck_assert_str_eq(canon("2001:DB8:ffff::1/35", buf, sizeof buf),
	    "2001:db8:e000::/35");
	ck_assert_str_eq(canon("2001:db8::1", buf, sizeof buf), "2001:db8::1");
	ck_assert_str_eq(canon("fe80::1/0", buf, sizeof buf), "::/0");
	/* The canonical text parses back to itself. */
	ck_assert_str_eq(canon("2001:db8:e000::/35", buf, sizeof buf),
	    "2001:db8:e000::/35");
	ck_assert_str_eq(canon("192.0.2.0/24", buf, sizeof buf),
	    "192.0.2.0/24");
}
END_TEST

static Suite *
store_addr_suite(void)
{
	Suite	*s = suite_create("store-addr");
	TCase	*tc = tcase_create("addr");

	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_parse_refuses);
	tcase_add_test(tc, test_contains);
	tcase_add_test(tc, test_format);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(store_addr_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
