/*
 * test-hall-screens-login.c - the register form and the account's keys,
 * driven as a person drives them (tests/unit/fake-hall.h).
 *
 * What is typed for a password must never end up shown, or stored as
 * something else: a refused name keeps the focus (and says why), so the
 * keys typed next, meant for the password, must not land in the name.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/store/store.h"
#include "tests/unit/fake-hall.h"

#define FAKE_TAB "\t"
#define FAKE_BACKSPACE "\177"
#define FAKE_DOWN "\033[B"

static void
account(const char *name)
{
	struct store_user	 u;

	ck_assert_int_eq(store_user_add(fake_hall_hall(fh)->store, name,
	    "", 1, &u), STORE_OK);
}

/* The name field's text, as the form holds it. */
static const char *
register_name(struct fake_term *ft)
{
	/* struct screen_register begins with its form. */
	const struct form	*f = client_top(fake_term_client(ft));

	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->title, "Register a name");
	return form_text(f, 0);
}

START_TEST(test_refused_name_swallows_password)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	account("victim");
	fake_term_type(ft, "r");
	ck_shows(ft, "Register a name");
	fake_term_type(ft, "victim" FAKE_TAB "hunter22");
	/* The refusal is said, the focus stays on the name... */
	ck_shows(ft, "is taken");
	/* ...and the password typed blind is neither shown nor kept. */
	ck_hides(ft, "hunter22");
	ck_hides(ft, "victimh");
	ck_assert_str_eq(register_name(ft), "victim");

	/* Enter and Down are the same way out of the field. */
	fake_term_type(ft, FAKE_ENTER "secret-1" FAKE_DOWN "secret-2");
	ck_hides(ft, "secret");
	ck_assert_str_eq(register_name(ft), "victim");

	/* Editing the name is deliberate: it works again at once. */
	fake_term_type(ft, FAKE_BACKSPACE FAKE_BACKSPACE "ory");
	ck_assert_str_eq(register_name(ft), "victory");
	ck_hides(ft, "is taken");
	fake_term_type(ft, FAKE_TAB "sesame-42" FAKE_TAB "sesame-42"
	    FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(ft, "Welcome, victory! Your name is registered.");
}
END_TEST

/* A name the rule refuses (not only a taken one) behaves the same. */
START_TEST(test_bad_name_swallows_password)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	fake_term_type(ft, "r");
	fake_term_type(ft, "guest-7" FAKE_TAB "hunter22");
	ck_shows(ft, "kept");
	ck_hides(ft, "hunter22");
	ck_assert_str_eq(register_name(ft), "guest-7");
}
END_TEST

/*
 * Logged in by password from a connection whose SSH key was verified but
 * is no account's: that key is this connection's device, and k registers
 * it.
 */
START_TEST(test_account_registers_device_key)
{
	const char		*fp = "SHA256:dGVzdHMgb2YgdGhlIGxvZ2luIHNjcmVlbnMKabcdefg";
	struct fake_term	*ft;

	ft = fake_term_connect_with(fh, 80, 24, fp, NULL);
	fake_term_type(ft, "r");
	fake_term_type(ft, "bob" FAKE_TAB "sesame-42" FAKE_TAB "sesame-42"
	    FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(ft, "Press a, then k");
	fake_term_type(ft, "a");
	ck_shows(ft, "gamehall - Account");
	fake_term_type(ft, "k");
	ck_hides(ft, "used no SSH key");
	ck_shows(ft, "Key registered");
}
END_TEST

static Suite *
login_screens_suite(void)
{
	Suite	*s = suite_create("hall-screens-login");
	TCase	*tc;

	tc = fake_hall_tcase("register");
	tcase_add_test(tc, test_refused_name_swallows_password);
	tcase_add_test(tc, test_bad_name_swallows_password);
	tcase_add_test(tc, test_account_registers_device_key);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(login_screens_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
