/*
 * test-export.c - a game exported (engine/export.c: PSQ, SGF, the hall's
 * record) and read back by gamehall-engine's gh-load (cli/gtp-load.c)
 * is the same position, in every variant; and the readers refuse what
 * is not a game.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/gtp.h"
#include "engine/export.h"

static const char *
feed(struct gtp *g, const char *line)
{
	int quit = 0;

	return gtp_feed(g, line, &quit);
}

static void
ok(struct gtp *g, const char *line)
{
	const char *a = feed(g, line);

	ck_assert_msg(a[0] == '=', "%s: %s", line, a);
}

/* The answer of a command without its "= " and final blank line. */
static char *
answer(struct gtp *g, const char *line)
{
	const char *a = feed(g, line);
	char *s;

	ck_assert_msg(a[0] == '=', "%s: %s", line, a);
	s = strdup(a + 2);
	ck_assert_ptr_nonnull(s);
	s[strcspn(s, "\n")] = '\0';
	return s;
}

static char *
write_temp(const char *text)
{
	char *path = strdup("/tmp/test-export-XXXXXX");
	int fd;

	ck_assert_ptr_nonnull(path);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

/* Games the engine plays against itself, some moves long. */
static const struct {
	const char *variant;	/* gh-variant's words */
	int moves;
} games[] = {
	{ "gomoku", 30 },
	{ "gomoku size=19 restrict=on", 30 },
	{ "freestyle", 30 },
	{ "standard", 30 },
	{ "standard opening=swap", 12 },
	{ "standard opening=swap2", 14 },
	{ "renju", 30 },
	{ "connect6", 31 },
	{ "connect6 size=13", 21 },
	{ "yonin", 40 },
};

/* Play out one of games[] with genmove (until it ends or for `moves`). */
static struct gtp *
play(int i)
{
	struct gtp *g = gtp_new();
	char line[128];
	const char *a;
	int k;

	ck_assert_ptr_nonnull(g);
	snprintf(line, sizeof line, "gh-variant %s", games[i].variant);
	ok(g, line);
	ok(g, "gh-level 1");
	ok(g, "gh-seed 7");
	for (k = 0; k < games[i].moves; k++) {
		a = feed(g, "gh-status");
		if (strstr(a, "over") != NULL)
			break;
		/* A swap choice pending: the first player takes black. */
		if (strncmp(a, "= choose", 8) == 0) {
			a = feed(g, "gh-choose black");
			if (a[0] == '=')
				continue;
		}
		/* "= play black": genmove for the side to move. */
		ck_assert_msg(strncmp(a, "= play ", 7) == 0, "%s", a);
		snprintf(line, sizeof line, "genmove %.*s", (int)strcspn(a + 7,
		    " \n"), a + 7);
		a = feed(g, line);
		ck_assert_msg(a[0] == '=', "%s move %d: %s", games[i].variant,
		    k, a);
	}
	return g;
}

/* Export g in fmt, gh-load it into a fresh engine (set to the same
 * variant, which a psq file needs), and compare the positions. */
static void
round_trip(struct gtp *g, int i, enum export_format fmt)
{
	struct export_info info = { .players = { "alice", "bob", "carol",
	    "dave" }, .result = "a test", .date = "2026-12-01", .winner = -2 };
	struct gtp *back = gtp_new();
	char err[256], line[256], *text, *path, *want, *got;

	text = export_write(gtp_game(g), fmt, &info, err, sizeof err);
	ck_assert_msg(text != NULL, "%s: %s", games[i].variant, err);
	path = write_temp(text);
	snprintf(line, sizeof line, "gh-variant %s", games[i].variant);
	ok(back, line);
	snprintf(line, sizeof line, "gh-load %s", path);
	got = (char *)feed(back, line);
	ck_assert_msg(got[0] == '=', "%s format %d: %s\n%s", games[i].variant,
	    fmt, got, text);
	want = answer(g, "gh-board");
	got = answer(back, "gh-board");
	ck_assert_msg(strcmp(want, got) == 0, "%s format %d:\n%s\nloaded "
	    "as\n%s\nfrom\n%s", games[i].variant, fmt, want, got, text);
	free(want);
	free(got);
	want = answer(g, "gh-status");
	got = answer(back, "gh-status");
	ck_assert_str_eq(want, got);
	free(want);
	free(got);
	unlink(path);
	free(path);
	free(text);
	gtp_free(back);
}

START_TEST(test_round_trip)
{
	struct gtp *g = play(_i);
	int f;

	for (f = EXPORT_PSQ; f <= EXPORT_RECORD; f++) {
		if (export_format_fits(gtp_game(g), (enum export_format)f))
			round_trip(g, _i, (enum export_format)f);
		else
			ck_assert(strncmp(games[_i].variant, "yonin", 5) == 0);
	}
	gtp_free(g);
}
END_TEST

/* What the files say: the header, one line a stone, SGF's points. */
START_TEST(test_formats)
{
	struct gtp *g = gtp_new();
	char err[128], *t;

	ok(g, "gh-variant renju");
	ok(g, "play b h8");
	ok(g, "play w h9");
	t = export_write(gtp_game(g), EXPORT_PSQ, NULL, err, sizeof err);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,7,0\n");
	free(t);
	t = export_write(gtp_game(g), EXPORT_SGF, NULL, err, sizeof err);
	ck_assert_ptr_nonnull(t);
	ck_assert_msg(strstr(t, "GM[4]SZ[15]GH[renju]") != NULL, "%s", t);
	ck_assert_msg(strstr(t, ";B[hh];W[hg])") != NULL, "%s", t);
	free(t);
	ok(g, "gh-variant connect6");
	ok(g, "play b j10");
	t = export_write(gtp_game(g), EXPORT_SGF, NULL, err, sizeof err);
	ck_assert_ptr_nonnull(t);
	ck_assert_msg(strstr(t, "GM[Connect6]SZ[19]") != NULL, "%s", t);
	free(t);
	ok(g, "gh-variant yonin");
	ck_assert_ptr_null(export_write(gtp_game(g), EXPORT_SGF, NULL, err,
	    sizeof err));
	ck_assert_msg(strstr(err, "record") != NULL, "%s", err);
	gtp_free(g);
}
END_TEST

/* Broken files are refused with the reason, and the game stays. */
START_TEST(test_refused)
{
	static const char *const bad[] = {
		"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n",	/* taken */
		"Piskvorky 15x15, 11:11, 0\n16,1,0\n",		/* off */
		"Piskvorky 99x99, 11:11, 0\n",
		"(;GM[1]SZ[19];B[dd])",				/* go */
		"(;GM[4]SZ[15];B[hh];B[zz])",
		"(;GM[4]SZ[15];B[hh];B[ii])",			/* twice */
		"renju moves h8 h8",
		"chess moves e4",
	};
	struct gtp *g = gtp_new();
	char line[64], *path, *before;
	const char *a;
	size_t i;

	ok(g, "gh-variant renju");
	ok(g, "play b h8");
	before = answer(g, "gh-board");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		path = write_temp(bad[i]);
		snprintf(line, sizeof line, "gh-load %s", path);
		a = feed(g, line);
		ck_assert_msg(a[0] == '?', "%s: %s", bad[i], a);
		unlink(path);
		free(path);
	}
	ck_assert(feed(g, "gh-load /nonexistent/file")[0] == '?');
	a = feed(g, "gh-board");
	ck_assert_msg(strncmp(a + 2, before, strlen(before)) == 0, "%s", a);
	free(before);
	gtp_free(g);
}
END_TEST

static Suite *
export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc = tcase_create("export");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_round_trip, 0,
	    (int)(sizeof games / sizeof games[0]));
	tcase_add_test(tc, test_formats);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(export_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
