/*
 * test-identity.c - accounts and guests apart from connections: guest
 * names, their uniqueness, a device key keeping its guest name, references.
 */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/people/identity.h"

/* A random source the test controls: a script of values, then a counter. */
struct script {
	const uint32_t	*v;
	size_t		 n, i;
	uint32_t	 next;
};

static uint32_t
script_random(void *arg)
{
	struct script	*s = arg;

	if (s->i < s->n)
		return s->v[s->i++];
	return s->next++;
}

static int
is_guest_name(const char *name, size_t digits)
{
	size_t	i, p = strlen(IDENTITY_GUEST_PREFIX);

	if (strncmp(name, IDENTITY_GUEST_PREFIX, p) != 0 ||
	    strlen(name) != p + digits)
		return 0;
	for (i = p; name[i] != '\0'; i++) {
		if (!isxdigit((unsigned char)name[i]) ||
		    isupper((unsigned char)name[i]))
			return 0;
	}
	return 1;
}

START_TEST(test_guest_name)
{
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*a, *b;

	a = identities_guest(ids, "");
	b = identities_guest(ids, NULL);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_msg(is_guest_name(a->name, 4), "bad name %s", a->name);
	ck_assert(is_guest_name(b->name, 4));
	ck_assert_str_ne(a->name, b->name);
	ck_assert_int_eq(a->kind, IDENTITY_GUEST);
	ck_assert_int_eq(a->user, 0);
	ck_assert_int_eq(a->refs, 1);
	ck_assert_ptr_eq(identities_find(ids, a->name), a);
	identities_free(ids);
}
END_TEST

/* The random source repeats itself: names stay unique anyway. */
START_TEST(test_guest_unique)
{
	static const uint32_t	 same[] = { 0x7f3a, 0x7f3a, 0x7f3a, 0x17f3a,
				     0x1234 };
	struct script		 s = { same, 5, 0, 100 };
	struct identities	*ids = identities_new(script_random, &s);
	struct identity		*a, *b, *c;

	a = identities_guest(ids, "");
	ck_assert_str_eq(a->name, "guest-7f3a");
	/* 0x7f3a twice more and 0x17f3a (masked to 7f3a) are taken. */
	b = identities_guest(ids, "");
	ck_assert_str_eq(b->name, "guest-1234");
	/* Many more: all named, all distinct (checked below). */
	for (int i = 0; i < 500; i++) {
		c = identities_guest(ids, "");
		ck_assert(is_guest_name(c->name, 4));
	}
	ck_assert_uint_eq(identities_count(ids), 502);
	/* Every name appears once. */
	for (struct identity *x = identities_first(ids); x != NULL;
	    x = identities_next(x))
		ck_assert_ptr_eq(identities_find(ids, x->name), x);
	identities_free(ids);
}
END_TEST

/* When every 4-digit name is taken, longer names follow. */
START_TEST(test_guest_longer)
{
	static const uint32_t	 v[32] = { 0 };	/* always 0000 */
	struct script		 s = { v, 32, 0, 0xabcdef };
	struct identities	*ids = identities_new(script_random, &s);
	struct identity		*a, *b;

	a = identities_guest(ids, "");
	ck_assert_str_eq(a->name, "guest-0000");
	s.i = 0;		/* 32 more zeros: 4 digits give up */
	b = identities_guest(ids, "");
	ck_assert(is_guest_name(b->name, 6));
	ck_assert_str_eq(b->name, "guest-abcdef");
	identities_free(ids);
}
END_TEST

START_TEST(test_guest_key)
{
	const char		*key = "SHA256:abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*a, *b, *c;
	char			 name[IDENTITY_NAME_LEN], shown[IDENTITY_NAME_LEN];

	ck_assert_int_eq(identities_guest_name(ids, key, shown,
	    sizeof shown), 0);
	a = identities_guest(ids, key);
	snprintf(name, sizeof name, "%s", a->name);
	ck_assert_str_eq(a->key, key);
	/* A second terminal with the same key: the same person. */
	b = identities_guest(ids, key);
	ck_assert_ptr_eq(a, b);
	ck_assert_int_eq(a->refs, 2);
	identities_release(ids, b);
	identities_release(ids, a);
	/* Gone from every terminal, the key keeps the name... */
	ck_assert_int_eq(identities_guest_name(ids, key, shown,
	    sizeof shown), 1);
	ck_assert_str_eq(shown, name);
	c = identities_guest(ids, key);
	ck_assert_str_eq(c->name, name);
	ck_assert_int_eq(c->refs, 1);
	/* ...and another key gets another name. */
	b = identities_guest(ids, "SHA256:another");
	ck_assert_str_ne(b->name, name);
	identities_free(ids);
}
END_TEST

/* A guest without a key is forgotten when the last holder lets go. */
START_TEST(test_guest_forgotten)
{
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*a;
	char			 name[IDENTITY_NAME_LEN];

	a = identities_guest(ids, "");
	snprintf(name, sizeof name, "%s", a->name);
	identity_ref(a);		/* a seat holds him too */
	identities_release(ids, a);	/* the connection went */
	ck_assert_ptr_eq(identities_find(ids, name), a);
	identities_release(ids, a);	/* the seat too */
	ck_assert_ptr_null(identities_find(ids, name));
	ck_assert_uint_eq(identities_count(ids), 0);
	identities_release(ids, NULL);
	identities_free(ids);
}
END_TEST

/* Only so many keyed guests are remembered; the longest unused go. */
START_TEST(test_guest_keyed_cap)
{
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*a, *b, *held;
	char			 key[64];
	int			 i;

	held = identities_guest(ids, "SHA256:held");
	for (i = 0; i <= IDENTITY_KEYED_MAX; i++) {
		snprintf(key, sizeof key, "SHA256:key%d", i);
		a = identities_guest(ids, key);
		identities_release(ids, a);
	}
	/* key0 was the longest unused: forgotten; the held one stays. */
	ck_assert_uint_eq(identities_count(ids), IDENTITY_KEYED_MAX + 1);
	ck_assert_int_eq(identities_guest_name(ids, "SHA256:key0", key,
	    sizeof key), 0);
	ck_assert_int_eq(identities_guest_name(ids, "SHA256:key1", key,
	    sizeof key), 1);
	ck_assert_ptr_eq(identities_find(ids, held->name), held);
	/* key1 comes back: it is no longer idle (the cap counts one less),
	 * so when two more go idle, the one to go is key2. */
	a = identities_guest(ids, "SHA256:key1");
	b = identities_guest(ids, "SHA256:one-more");
	identities_release(ids, b);
	b = identities_guest(ids, "SHA256:two-more");
	identities_release(ids, b);
	ck_assert_int_eq(identities_guest_name(ids, "SHA256:key2", key,
	    sizeof key), 0);
	ck_assert_int_eq(identities_guest_name(ids, "SHA256:key3", key,
	    sizeof key), 1);
	ck_assert_ptr_eq(identities_find(ids, a->name), a);
	identities_free(ids);
}
END_TEST

/* Thousands of accounts, found by account and by name as the tables grow. */
START_TEST(test_many_users)
{
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*id;
	char			 name[32];

	for (int i = 1; i <= 5000; i++) {
		snprintf(name, sizeof name, "Player%d", i);
		ck_assert_ptr_nonnull(identities_user(ids, i, name));
	}
	for (int i = 1; i <= 5000; i += 7) {
		snprintf(name, sizeof name, "player%d", i);
		id = identities_find(ids, name);
		ck_assert_ptr_nonnull(id);
		ck_assert_int_eq(id->user, i);
		ck_assert_ptr_eq(identities_user(ids, i, "x"), id);
		identities_release(ids, id);
		identities_release(ids, id);	/* now gone */
		ck_assert_ptr_null(identities_find(ids, name));
	}
	ck_assert_uint_eq(identities_count(ids), 5000 - 715);
	identities_free(ids);
}
END_TEST

START_TEST(test_user)
{
	struct identities	*ids = identities_new(NULL, NULL);
	struct identity		*a, *b;

	a = identities_user(ids, 7, "Alice");
	ck_assert_int_eq(a->kind, IDENTITY_USER);
	ck_assert_int_eq(a->user, 7);
	b = identities_user(ids, 7, "alice");	/* the same account */
	ck_assert_ptr_eq(a, b);
	ck_assert_str_eq(b->name, "Alice");
	ck_assert_ptr_eq(identities_find(ids, "ALICE"), a);
	ck_assert_ptr_null(identities_find(ids, "alic"));
	identities_release(ids, a);
	identities_release(ids, b);
	ck_assert_ptr_null(identities_find(ids, "alice"));
	identities_free(ids);
}
END_TEST

START_TEST(test_name_is_guest)
{
	ck_assert(identity_name_is_guest("guest-7f3a"));
	ck_assert(identity_name_is_guest("Guest"));
	ck_assert(identity_name_is_guest("GUESTY"));
	ck_assert(!identity_name_is_guest("alice"));
	ck_assert(!identity_name_is_guest("gues"));
	ck_assert(!identity_name_is_guest("a-guest"));
}
END_TEST

static Suite *
identity_suite(void)
{
	Suite	*s = suite_create("identity");
	TCase	*tc = tcase_create("identity");

	tcase_add_test(tc, test_guest_name);
	tcase_add_test(tc, test_guest_unique);
	tcase_add_test(tc, test_guest_longer);
	tcase_add_test(tc, test_guest_key);
	tcase_add_test(tc, test_guest_forgotten);
	tcase_add_test(tc, test_guest_keyed_cap);
	tcase_add_test(tc, test_user);
	tcase_add_test(tc, test_many_users);
	tcase_add_test(tc, test_name_is_guest);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(identity_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
