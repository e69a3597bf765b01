/*
 * test-chat.c - the chat's scrollback ring, its cleaning of what people
 * type, and its speed limit (on a clock the test moves).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/people/chat.h"

/* No byte a terminal would act on: C0, DEL, C1 (as UTF-8 U+0080-009F). */
static void
assert_inert(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		ck_assert_msg(*p >= 0x20 && *p != 0x7f, "control 0x%02x in "
		    "\"%s\"", *p, s);
		if (p[0] == 0xc2)
			ck_assert_msg(p[1] < 0x80 || p[1] > 0x9f,
			    "C1 control in \"%s\"", s);
	}
}

START_TEST(test_scrollback)
{
	struct chat		*chat = chat_new(10);
	const struct chat_msg	*m;
	char			 text[32];
	int			 i;

	ck_assert_uint_eq(chat_count(chat), 0);
	ck_assert_ptr_null(chat_get(chat, 0));
	for (i = 1; i <= 25; i++) {
		snprintf(text, sizeof text, "line %d", i);
		ck_assert_int_eq(chat_say(chat, NULL, 0, 1000 + i, "bob", 0,
		    text, strlen(text), NULL), CHAT_OK);
	}
	/* The last 10 are kept, oldest first. */
	ck_assert_uint_eq(chat_count(chat), 10);
	ck_assert_uint_eq(chat_last_seq(chat), 25);
	m = chat_get(chat, 0);
	ck_assert_str_eq(m->text, "line 16");
	ck_assert_uint_eq(m->seq, 16);
	m = chat_get(chat, 9);
	ck_assert_str_eq(m->text, "line 25");
	ck_assert_str_eq(m->from, "bob");
	ck_assert_ptr_null(chat_get(chat, 10));
	chat_free(chat);
}
END_TEST

START_TEST(test_time_and_notice)
{
	struct chat		*chat = chat_new(4);
	const struct chat_msg	*m;

	/* 1700000000 is 2023-11-14 22:13:20 UTC. */
	ck_assert_int_eq(chat_notice(chat, 1700000000, "alice is here."),
	    CHAT_OK);
	m = chat_get(chat, 0);
	ck_assert_str_eq(m->time, "22:13");
	ck_assert_str_eq(m->from, "");
	ck_assert_str_eq(m->text, "alice is here.");
	chat_free(chat);
}
END_TEST

/* Escape sequences and the rest arrive harmless; nothing left = nothing. */
START_TEST(test_cleaned)
{
	static const char *const hostile[] = {
		"\x1b]0;pwn\x07title",
		"\x1b[2Jclear",
		"\xc2\x9b" "31mcsi",
		"\x9b" "31mraw",
		"\xe2\x80\xae" "gnp.exe",
		"a\xe2\x80\x8b" "dmin",
		"\x1b[?1000hmouse",
		"\xc0\xaf" "overlong",
		"tab\there",
	};
	struct chat		*chat = chat_new(16);
	const struct chat_msg	*m;
	size_t			 i;
	char			 nul[] = "ab\0cd";
	char			 big[10000];

	for (i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
		ck_assert_int_eq(chat_say(chat, NULL, 0, 0, "mallory", 1,
		    hostile[i], strlen(hostile[i]), NULL), CHAT_OK);
		m = chat_get(chat, chat_count(chat) - 1);
		assert_inert(m->text);
		ck_assert_ptr_null(strstr(m->text, "\xe2\x80\xae"));
		ck_assert_ptr_null(strstr(m->text, "\xe2\x80\x8b"));
		ck_assert_int_eq(m->guest, 1);
	}
	/* The printable rest is kept for people to see. */
	m = chat_get(chat, 0);
	ck_assert_str_eq(m->text, "]0;pwntitle");
	m = chat_get(chat, 5);
	ck_assert_str_eq(m->text, "admin");
	m = chat_get(chat, 8);
	ck_assert_str_eq(m->text, "tab here");

	/* A NUL in the middle does not cut the message. */
	ck_assert_int_eq(chat_say(chat, NULL, 0, 0, "x", 0, nul, 5, NULL),
	    CHAT_OK);
	ck_assert_str_eq(chat_get(chat, chat_count(chat) - 1)->text, "abcd");

	/* Only controls or spaces: nothing is said. */
	i = chat_count(chat);
	ck_assert_int_eq(chat_say(chat, NULL, 0, 0, "x", 0, "\x1b\x07  \r\n",
	    6, NULL), CHAT_EMPTY);
	ck_assert_uint_eq(chat_count(chat), i);

	/* A huge line is bounded. */
	memset(big, 'z', sizeof big);
	ck_assert_int_eq(chat_say(chat, NULL, 0, 0, "x", 0, big, sizeof big,
	    NULL), CHAT_OK);
	ck_assert_uint_le(strlen(chat_get(chat, chat_count(chat) - 1)->text),
	    CHAT_TEXT_COLS);
	chat_free(chat);
}
END_TEST

START_TEST(test_rate_limit)
{
	struct chat		*chat = chat_new(100);
	struct ratelimit	 rl;
	uint64_t		 now = 1000000, wait = 0;
	int			 i;

	/* 3 messages at once, then one every 2 s. */
	ratelimit_init(&rl, 0.5, 3, now);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(chat_say(chat, &rl, now, 0, "bob", 0, "hi", 2,
		    &wait), CHAT_OK);
	ck_assert_int_eq(chat_say(chat, &rl, now, 0, "bob", 0, "hi", 2,
	    &wait), CHAT_TOO_FAST);
	ck_assert_uint_ge(wait, 1900);
	ck_assert_uint_le(wait, 2100);
	ck_assert_uint_eq(chat_count(chat), 3);
	/* An empty line costs nothing even when the budget is spent. */
	ck_assert_int_eq(chat_say(chat, &rl, now, 0, "bob", 0, " ", 1,
	    &wait), CHAT_EMPTY);
	/* After the wait it told, one more passes, and only one. */
	now += wait;
	ck_assert_int_eq(chat_say(chat, &rl, now, 0, "bob", 0, "hi", 2,
	    &wait), CHAT_OK);
	ck_assert_int_eq(chat_say(chat, &rl, now, 0, "bob", 0, "hi", 2,
	    &wait), CHAT_TOO_FAST);
	ck_assert_uint_eq(chat_count(chat), 4);
	/* A flood over a minute: about 30 pass, never all. */
	for (i = 0; i < 600; i++) {
		now += 100;
		chat_say(chat, &rl, now, 0, "bob", 0, "x", 1, NULL);
	}
	ck_assert_uint_ge(chat_count(chat), 4 + 29);
	ck_assert_uint_le(chat_count(chat), 4 + 31);
	chat_free(chat);
}
END_TEST

static Suite *
chat_suite(void)
{
	Suite	*s = suite_create("chat");
	TCase	*tc = tcase_create("chat");

	tcase_add_test(tc, test_scrollback);
	tcase_add_test(tc, test_time_and_notice);
	tcase_add_test(tc, test_cleaned);
	tcase_add_test(tc, test_rate_limit);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(chat_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
