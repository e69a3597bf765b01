/*
 * test-lang.c - the hall in two languages at once over real SSH to a real
 * gamehalld: alice chooses Deutsch in Settings and sees the rules pages
 * and the lobby in German while bob, connected at the same time, sees
 * them in English; alice's account keeps the choice for her next
 * connection, and a guest whose client sends LANG=de_DE.UTF-8 starts in
 * German and reads the result of his game in German.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"
#include "tests/integration/players.h"

START_TEST(test_two_languages_at_once)
{
	struct harness	*h = players_start();
	struct tclient	*alice, *bob;

	if (h == NULL)
		return;
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	bob = players_member(h, "bob", NULL);
	players_wait(alice, "Online (2)");
	players_wait(bob, "Online (2)");

	/* Settings: the fourth row is the language; Right moves to the
	 * next, Deutsch. */
	ck_assert_int_eq(tclient_type(alice, "s"), 0);
	players_wait(alice, "(*) English");
	ck_assert_int_eq(tclient_type(alice, "jjjl"), 0);
	players_wait(alice, "(*) Deutsch");
	players_wait(alice, "Sprache");
	ck_assert_int_eq(tclient_type(alice, "\033"), 0);
	players_wait(alice, "Anwesend (2)");

	/* Both read the rules at once: each in his own language. */
	ck_assert_int_eq(tclient_type(alice, "r"), 0);
	ck_assert_int_eq(tclient_type(bob, "r"), 0);
	players_wait(alice, "Regeln: Gomoku (1/6)");
	players_wait(alice, "Das Ziel");
	players_wait(bob, "Rules: Gomoku (1/6)");
	players_wait(bob, "The aim");
	ck_assert_int_eq(tclient_type(alice, "l"), 0);
	ck_assert_int_eq(tclient_type(bob, "l"), 0);
	players_wait(alice, "Regeln: Freestyle-Gomoku (2/6)");
	players_wait(bob, "Rules: Freestyle gomoku (2/6)");
	ck_assert_int_eq(tclient_type(alice, "\033"), 0);
	ck_assert_int_eq(tclient_type(bob, "\033"), 0);
	players_wait(alice, "Anwesend (2)");
	players_wait(bob, "Online (2)");
	tclient_free(alice);
	players_wait(bob, "Online (1)");

	/* The account keeps it. */
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Anwesend (2)");
	players_wait(bob, "Online (2)");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* A guest has no account to remember a choice: his client's locale picks
 * the language, and a locale the hall has no pages for leaves English. */
static struct tclient *
guest_with_lang(struct harness *h, const char *lang)
{
	struct tclient	*tc = tclient_ssh_new(harness_ssh_port(h), "visitor");

	tclient_set_term(tc, 80, 24, "xterm-256color");
	tclient_set_env(tc, "LANG", lang);
	ck_assert_msg(tclient_connect(tc) == 0, "connect: %s",
	    tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, NULL), TCLIENT_AUTH_SUCCESS);
	ck_assert_int_eq(tclient_shell(tc), 0);
	return tc;
}

START_TEST(test_guest_from_locale)
{
	struct harness	*h = players_start();
	struct tclient	*de, *fr;

	if (h == NULL)
		return;
	de = guest_with_lang(h, "de_DE.UTF-8");
	fr = guest_with_lang(h, "fr_FR.UTF-8");
	players_wait(de, "Willkommen bei gamehall");
	players_wait(fr, "Welcome to gamehall");
	ck_assert_int_eq(tclient_type(de, "g"), 0);
	ck_assert_int_eq(tclient_type(fr, "g"), 0);
	players_wait(de, "Anwesend (2)");
	players_wait(fr, "Online (2)");
	tclient_free(fr);
	/* The result of a game is said to each viewer in his language: he
	 * resigns against the computer and reads it in German. */
	ck_assert_int_eq(tclient_type(de, "v"), 0);
	ck_assert_int_eq(tclient_key(de, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(de, TCLIENT_KEY_ENTER), 0);
	players_wait(de, "CPU");
	ck_assert_int_eq(tclient_type(de, "r"), 0);
	ck_assert_int_eq(tclient_type(de, "y"), 0);
	players_wait(de, "hat aufgegeben");
	players_wait(de, "gewinnt:");
	tclient_free(de);
	players_stop(h);
}
END_TEST

static Suite *
lang_suite(void)
{
	Suite	*s = suite_create("lang");
	TCase	*tc = tcase_create("ssh");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_two_languages_at_once);
	tcase_add_test(tc, test_guest_from_locale);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(lang_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
