/*
 * test-exec.c - which `ssh host COMMAND` lines reach the hall.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "src/net/exec.h"

static int
check(const char *cmd, char *out)
{
	char	why[256];
	int	rc;

	why[0] = '\0';
	rc = exec_check(cmd, out, 256, why, sizeof why);
	if (rc != 0) {
		ck_assert_uint_gt(strlen(why), 0);
		ck_assert_ptr_null(strchr(why, '\n'));
		ck_assert_str_eq(out, "");
	}
	return rc;
}

START_TEST(test_accepted)
{
	char	out[256];

	ck_assert_int_eq(check("join AB12", out), 0);
	ck_assert_str_eq(out, "join AB12");
	ck_assert_int_eq(check("  watch \t XY9  ", out), 0);
	ck_assert_str_eq(out, "watch XY9");
	ck_assert_int_eq(check("new renju", out), 0);
	ck_assert_str_eq(out, "new renju");
	ck_assert_int_eq(check("new gomoku  timer=30 rated=no", out), 0);
	ck_assert_str_eq(out, "new gomoku timer=30 rated=no");
	ck_assert_int_eq(check("top  renju", out), 0);
	ck_assert_str_eq(out, "top renju");
	ck_assert_int_eq(check("export 12", out), 0);
	ck_assert_int_eq(check("export 12 psq", out), 0);
	ck_assert_str_eq(out, "export 12 psq");
}
END_TEST

START_TEST(test_refused)
{
	char	out[256], big[600];

	ck_assert_int_eq(check("", out), -1);
	ck_assert_int_eq(check("   ", out), -1);
	ck_assert_int_eq(check("ls -la", out), -1);
	ck_assert_int_eq(check("sh -c 'join x'", out), -1);
	ck_assert_int_eq(check("JOIN AB12", out), -1);
	ck_assert_int_eq(check("join", out), -1);
	ck_assert_int_eq(check("join a b", out), -1);
	ck_assert_int_eq(check("watch", out), -1);
	ck_assert_int_eq(check("new", out), -1);
	ck_assert_int_eq(check("top", out), -1);
	ck_assert_int_eq(check("top renju gomoku", out), -1);
	ck_assert_int_eq(check("export", out), -1);
	ck_assert_int_eq(check("export 1 sgf x", out), -1);
	ck_assert_int_eq(check("join AB\x1b[2J", out), -1);
	ck_assert_int_eq(check("join \xc3\xa9t\xc3\xa9", out), -1);
	ck_assert_int_eq(check("join a\nb", out), -1);
	ck_assert_int_eq(check("new a b c d e f g h i j k l m n o p q", out),
	    -1);
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	memcpy(big, "new ", 4);
	ck_assert_int_eq(check(big, out), -1);
	/* The refusal never echoes a long word whole. */
	{
		char	why[256];

		memset(big, 'y', sizeof big - 1);
		exec_check(big, out, sizeof out, why, sizeof why);
		ck_assert_ptr_null(strstr(why, "yyyyyyyyyyyyyyyyyyyyyyyyy"));
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("exec");
	TCase	*tc = tcase_create("exec");
	SRunner	*sr;
	int	 failed;

	tcase_add_test(tc, test_accepted);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
