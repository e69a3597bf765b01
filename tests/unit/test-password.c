/*
 * test-password.c - yescrypt hashing, verification and the policy.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/store/password.h"

START_TEST(test_hash_verify)
{
	char hash[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];

	ck_assert_int_eq(password_hash("correct horse", hash, sizeof hash, err,
	    sizeof err), 0);
	ck_assert_msg(strncmp(hash, "$y$", 3) == 0, "not yescrypt: %s", hash);
	ck_assert(strstr(hash, "correct") == NULL);
	ck_assert_int_eq(password_verify("correct horse", hash), 1);
	ck_assert_int_eq(password_verify("correct horsE", hash), 0);
	ck_assert_int_eq(password_verify("correct horse ", hash), 0);
	ck_assert_int_eq(password_verify("correct hors", hash), 0);
	ck_assert_int_eq(password_verify("", hash), 0);
	ck_assert_int_eq(password_verify(NULL, hash), 0);
}
END_TEST

START_TEST(test_salts_differ)
{
	char a[PASSWORD_HASH_MAX], b[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];

	ck_assert_int_eq(password_hash("same password", a, sizeof a, err,
	    sizeof err), 0);
	ck_assert_int_eq(password_hash("same password", b, sizeof b, err,
	    sizeof err), 0);
	ck_assert_str_ne(a, b);
	ck_assert_int_eq(password_verify("same password", a), 1);
	ck_assert_int_eq(password_verify("same password", b), 1);
}
END_TEST

START_TEST(test_policy)
{
	char	err[PASSWORD_ERR_LEN], hash[PASSWORD_HASH_MAX] = "x";
	char	*big;

	ck_assert_int_eq(password_policy("", err, sizeof err), -1);
	ck_assert_str_eq(err, "the password is empty");
	ck_assert_int_eq(password_policy(NULL, err, sizeof err), -1);

	ck_assert_int_eq(password_policy("12345", err, sizeof err), -1);
	ck_assert_str_eq(err, "a password needs at least 6 characters");
	ck_assert_int_eq(password_policy("123456", err, sizeof err), 0);
	/* Characters, not bytes: five 2-byte letters are too short, six
	 * are enough. */
	ck_assert_int_eq(password_policy("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9", err, sizeof err), -1);
	ck_assert_int_eq(password_policy("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9", err, sizeof err), 0);

	big = malloc(PASSWORD_MAX_BYTES + 2);
	ck_assert_ptr_nonnull(big);
	memset(big, 'a', PASSWORD_MAX_BYTES);
	big[PASSWORD_MAX_BYTES] = '\0';
	ck_assert_int_eq(password_policy(big, err, sizeof err), 0);
	big[PASSWORD_MAX_BYTES] = 'a';
	big[PASSWORD_MAX_BYTES + 1] = '\0';
	ck_assert_int_eq(password_policy(big, err, sizeof err), -1);
	ck_assert_str_eq(err, "the password is too long (at most 511 bytes)");

	/* A refused password is never hashed, and the output is cleared. */
	ck_assert_int_eq(password_hash(big, hash, sizeof hash, err,
	    sizeof err), -1);
	ck_assert_str_eq(hash, "");
	ck_assert_int_eq(password_hash("abc", hash, sizeof hash, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "a password needs at least 6 characters");
	/* Over-long input never verifies. */
	ck_assert_int_eq(password_verify(big, "$y$j9T$abc$def"), 0);
	free(big);
}
END_TEST

START_TEST(test_long_and_binary)
{
	char	hash[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];
	char	pw[PASSWORD_MAX_BYTES + 1];
	int	i;

	/* The longest allowed, with every non-NUL byte value in it. */
	for (i = 0; i < PASSWORD_MAX_BYTES; i++)
		pw[i] = (char)(1 + i % 255);
	pw[PASSWORD_MAX_BYTES] = '\0';
	ck_assert_int_eq(password_hash(pw, hash, sizeof hash, err,
	    sizeof err), 0);
	ck_assert_int_eq(password_verify(pw, hash), 1);
	pw[PASSWORD_MAX_BYTES - 1] ^= 1;
	ck_assert_int_eq(password_verify(pw, hash), 0);
}
END_TEST

START_TEST(test_bad_hashes)
{
	char	hash[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];

	ck_assert_int_eq(password_verify("whatever1", NULL), 0);
	ck_assert_int_eq(password_verify("whatever1", ""), 0);
	ck_assert_int_eq(password_verify("whatever1", "*"), 0);
	ck_assert_int_eq(password_verify("whatever1", "plaintext"), 0);
	ck_assert_int_eq(password_verify("whatever1", "$y$"), 0);
	/* A hash cut short does not match. */
	ck_assert_int_eq(password_hash("whatever1", hash, sizeof hash, err,
	    sizeof err), 0);
	hash[strlen(hash) - 1] = '\0';
	ck_assert_int_eq(password_verify("whatever1", hash), 0);
	/* Too small an output buffer is an error, not an overflow. */
	ck_assert_int_eq(password_hash("whatever1", hash, 20, err,
	    sizeof err), -1);
	ck_assert_str_eq(hash, "");
}
END_TEST

struct worker {
	char	pw[32];
	int	ok;
};

static void *
worker_run(void *arg)
{
	struct worker	*w = arg;
	char		 hash[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];

	w->ok = password_hash(w->pw, hash, sizeof hash, err, sizeof err) == 0 &&
	    password_verify(w->pw, hash) == 1 &&
	    password_verify("not it at all", hash) == 0;
	return NULL;
}

START_TEST(test_threads)
{
	struct worker	w[4];
	pthread_t	t[4];
	int		i;

	for (i = 0; i < 4; i++) {
		snprintf(w[i].pw, sizeof w[i].pw, "thread password %d", i);
		ck_assert_int_eq(pthread_create(&t[i], NULL, worker_run, &w[i]),
		    0);
	}
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		ck_assert(w[i].ok);
	}
}
END_TEST

static Suite *
password_suite(void)
{
	Suite	*s = suite_create("password");
	TCase	*tc = tcase_create("yescrypt");

	tcase_add_test(tc, test_hash_verify);
	tcase_add_test(tc, test_salts_differ);
	tcase_add_test(tc, test_policy);
	tcase_add_test(tc, test_long_and_binary);
	tcase_add_test(tc, test_bad_hashes);
	tcase_add_test(tc, test_threads);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(password_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
