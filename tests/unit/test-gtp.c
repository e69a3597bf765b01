/*
 * test-gtp.c - the engine protocol core (cli/gtp.c, gtp-stone.c) driven
 * in-process, line by line.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gtp.h"

static struct gtp *gtp;

static void
setup_gtp(void)
{
	gtp = gtp_new();
	ck_assert_ptr_nonnull(gtp);
}

static void
teardown_gtp(void)
{
	gtp_free(gtp);
	gtp = NULL;
}

static const char *
feed(const char *line)
{
	int quit = 0;

	return gtp_feed(gtp, line, &quit);
}

/* Feed and expect this exact answer. */
#define ANSWER(line, want) ck_assert_str_eq(feed(line), want)

/* Feed and expect success. */
static void
ok(const char *line)
{
	const char *a = feed(line);

	ck_assert_msg(a[0] == '=', "%s: %s", line, a);
}

START_TEST(test_framing)
{
	int quit = 0;
	char *big;

	ANSWER("", "");
	ANSWER("   ", "");
	ANSWER("# a comment", "");
	ANSWER("protocol_version", "= 2\n\n");
	ANSWER("protocol_version\r\n", "= 2\n\n");
	ANSWER("12 name", "=12 gamehall\n\n");
	ANSWER("  3\tname # trailing comment", "=3 gamehall\n\n");
	ANSWER("7 nosuch", "?7 unknown command\n\n");
	ANSWER("nosuch", "? unknown command\n\n");
	ck_assert_int_eq(strncmp(feed("5"), "?5 ", 3), 0);
	ck_assert_int_eq(strncmp(feed("name extra"), "? name", 6), 0);
	/* Control characters are dropped, as GTP says. */
	ANSWER("na\x01me", "= gamehall\n\n");
	big = malloc(GTP_LINE_MAX + 10);
	memset(big, 'a', GTP_LINE_MAX + 9);
	big[GTP_LINE_MAX + 9] = '\0';
	ck_assert_int_eq(strncmp(feed(big), "? line too long", 15), 0);
	free(big);
	ck_assert_str_eq(gtp_feed(gtp, "4 quit", &quit), "=4\n\n");
	ck_assert_int_eq(quit, 1);
}
END_TEST

START_TEST(test_commands_listed)
{
	const char *list;

	ANSWER("known_command play", "= true\n\n");
	ANSWER("known_command gh-forbidden", "= true\n\n");
	ANSWER("known_command genmove", "= true\n\n");
	ANSWER("known_command gh-level", "= true\n\n");
	ck_assert_int_eq(feed("known_command")[0], '?');
	list = feed("list_commands");
	ck_assert_int_eq(list[0], '=');
	ck_assert_ptr_nonnull(strstr(list, "\ngh-forbidden\n"));
	ck_assert_ptr_nonnull(strstr(list, "\ngh-legal\n"));
	ck_assert_ptr_nonnull(strstr(list, "\nboardsize\n"));
	ck_assert_ptr_nonnull(strstr(list, "\ngenmove\n"));
	ck_assert_ptr_nonnull(strstr(list, "\ngh-time\n"));
	ck_assert_ptr_null(strstr(list, "gomocup"));
}
END_TEST

START_TEST(test_family_commands)
{
	char line[64], want[128];

	/* The yonin family's commands are refused in a stone game. */
	for (int i = 0; gtp_family_yonin.commands[i].name != NULL; i++) {
		const char *name = gtp_family_yonin.commands[i].name;

		snprintf(line, sizeof line, "%s", name);
		snprintf(want, sizeof want, "? %s: not a command of gomoku\n\n",
		    name);
		ANSWER(line, want);
	}
	ok("gh-variant connect6");
	/* "empty if none" (gamehall-engine(6)): Connect6 restricts no point */
	ANSWER("gh-forbidden", "=\n\n");
	ok("play b j10");
	ANSWER("gh-forbidden", "=\n\n");
	ok("gh-variant renju");
	ok("gh-setup black g8 i8 h7 h9 tomove black");
	ANSWER("gh-forbidden", "= h8:double-three\n\n");
	ANSWER("gh-forbidden x", "? gh-forbidden takes no arguments\n\n");
}
END_TEST

START_TEST(test_play_and_undo)
{
	ANSWER("play black h8", "=\n\n");
	ck_assert_int_eq(strncmp(feed("play black h9"), "? it is white's",
	    15), 0);
	ck_assert_int_eq(strncmp(feed("play white z99"), "? bad point: z99",
	    16), 0);
	ck_assert_int_eq(strncmp(feed("play green h9"), "? unknown side: green",
	    21), 0);
	ck_assert_int_eq(strncmp(feed("play white"), "? usage", 7), 0);
	ANSWER("gh-status", "= play white\n\n");
	ANSWER("gh-record", "= gomoku size=15 overline=on restrict=off moves "
	    "h8\n\n");
	ANSWER("undo", "=\n\n");
	ck_assert_int_eq(feed("undo")[0], '?');
	ck_assert_int_eq(feed("undo now")[0], '?');
	ANSWER("gh-board", "=\n\n");
}
END_TEST

/* In the stone games FROM is one point: the answer is that point when a
 * stone may go there, else empty; what is not a point is refused. */
START_TEST(test_legal_filter)
{
	ok("play b h8");
	ANSWER("gh-legal h1", "= h1\n\n");
	ANSWER("gh-legal h8", "=\n\n");
	ANSWER("gh-legal h", "? gh-legal h: not a point of gomoku\n\n");
	ck_assert_int_eq(feed("gh-legal zz")[0], '?');
	ck_assert_int_eq(feed("gh-legal h16")[0], '?');
	ck_assert_int_eq(feed("gh-legal P*")[0], '?');
	ck_assert_int_eq(feed("gh-legal a b")[0], '?');
	ok("gh-variant renju");
	ANSWER("gh-legal", "= h8\n\n");
	ANSWER("gh-legal a1", "=\n\n");
	ok("play b h8");
	ANSWER("gh-legal", "= g7 g8 g9 h7 h9 i7 i8 i9\n\n");
	ANSWER("gh-legal g7", "= g7\n\n");
	ok("gh-variant connect6 size=13");
	ck_assert_int_eq(feed("gh-legal n1")[0], '?');
	ANSWER("gh-legal m13", "= m13\n\n");
}
END_TEST

/* In four-player shogi FROM is a square or a piece letter and '*'. */
START_TEST(test_legal_filter_yonin)
{
	ok("gh-variant yonin");
	ANSWER("gh-legal 7i", "= 7i7h 7i8h\n\n");
	ANSWER("gh-legal 5e", "=\n\n");
	/* none in hand (a king never is): empty */
	ANSWER("gh-legal P*", "=\n\n");
	ANSWER("gh-legal K*", "=\n\n");
	ANSWER("gh-legal zz", "? gh-legal zz: not a square (9a to 1i) nor a "
	    "piece and * (K* R* G* S* P*)\n\n");
	ck_assert_int_eq(feed("gh-legal 10a")[0], '?');
	ck_assert_int_eq(feed("gh-legal 5j")[0], '?');
	ck_assert_int_eq(feed("gh-legal 0a")[0], '?');
	ck_assert_int_eq(feed("gh-legal 7")[0], '?');
	ck_assert_int_eq(feed("gh-legal 7g7f")[0], '?');
	ck_assert_int_eq(feed("gh-legal P")[0], '?');
	ck_assert_int_eq(feed("gh-legal X*")[0], '?');
	ck_assert_int_eq(feed("gh-legal +P*")[0], '?');
	ck_assert_int_eq(feed("gh-legal P*5e")[0], '?');
	ck_assert_int_eq(feed("gh-legal p*")[0], '?');
	ok("gh-setup 5i:S:K 9e:W:K 5a:N:K 1e:E:K hand:S:G1,P1 tomove:S");
	ANSWER("gh-legal 5i", "= 5i4h 5i4i 5i5h 5i6h 5i6i\n\n");
	/* a drop of one kind, not of every kind whose letter begins so */
	ck_assert_ptr_null(strstr(feed("gh-legal G*"), "P*"));
	ck_assert_ptr_nonnull(strstr(feed("gh-legal G*"), "G*5e"));
	ck_assert_ptr_null(strstr(feed("gh-legal P*"), "G*"));
}
END_TEST

START_TEST(test_variant_and_options)
{
	ck_assert_int_eq(strncmp(feed("gh-variant chess"),
	    "? unknown variant: chess", 24), 0);
	ck_assert_int_eq(strncmp(feed("gh-variant gomoku size=17"),
	    "? bad value for size: 17", 24), 0);
	ck_assert_int_eq(strncmp(feed("gh-variant gomoku colour=red"),
	    "? unknown option for gomoku: colour", 35), 0);
	ck_assert_int_eq(feed("gh-variant")[0], '?');
	/* each bad value is answered with its own key's values */
	ANSWER("gh-variant yonin movelimit=abc", "? bad value for movelimit: "
	    "'abc' (0 for none, or plies up to 1000000)\n\n");
	ANSWER("gh-variant yonin mode=teams", "? bad value for mode: 'teams' "
	    "(individual or pairs)\n\n");
	ANSWER("gh-variant yonin end=three", "? bad value for end: 'three' "
	    "(two or last)\n\n");
	ANSWER("gh-variant yonin transfer=x", "? bad value for transfer: 'x' "
	    "(inherit or ownerless)\n\n");
	ok("gh-variant freestyle opening=swap2");
	ANSWER("gh-players", "= P1=? P2=?\n\n");
	ok("play b h8");
	ok("play w h9");
	ok("play b h10");
	ANSWER("gh-status", "= choose P2 black|white|more\n\n");
	ck_assert_int_eq(feed("play w a1")[0], '?');
	ck_assert_int_eq(feed("gh-choose red")[0], '?');
	ANSWER("gh-choose black", "=\n\n");
	ANSWER("gh-players", "= P1=white P2=black\n\n");
	ANSWER("gh-record", "= freestyle opening=swap2 moves h8 h9 h10 "
	    "@black\n\n");
	ck_assert_int_eq(feed("gh-choose white")[0], '?');
}
END_TEST

START_TEST(test_boardsize_and_clear)
{
	ok("play b h8");
	ok("boardsize 19");
	ANSWER("gh-record", "= gomoku size=19 overline=on restrict=off "
	    "moves\n\n");
	ck_assert_int_eq(strncmp(feed("boardsize 17"), "? boardsize 17", 14),
	    0);
	ck_assert_int_eq(feed("boardsize x")[0], '?');
	ok("gh-variant renju");
	ok("boardsize 15");
	ck_assert_int_eq(strncmp(feed("boardsize 19"), "? renju is played on "
	    "15x15", 26), 0);
	ok("gh-setup black h8 tomove white");
	ok("play w h9");
	ok("clear_board");
	ANSWER("gh-record", "= renju moves\n\n");
	ok("gh-variant connect6 size=13");
	ok("boardsize 15");
	ANSWER("gh-record", "= connect6 size=15 moves\n\n");
}
END_TEST

START_TEST(test_setup_and_board)
{
	ok("play b a1");
	ck_assert_int_eq(strncmp(feed("gh-setup black h8 h8"),
	    "? h8 is given twice", 19), 0);
	ANSWER("gh-board", "= a1:black\n\n");
	ok("gh-setup black h8 white h9 tomove black");
	ANSWER("gh-board", "= h8:black h9:white\n\n");
	ANSWER("gh-status", "= play black\n\n");
	ANSWER("gh-record", "= gomoku size=15 overline=on restrict=off setup "
	    "black h8 white h9 tomove black moves\n\n");
}
END_TEST

START_TEST(test_perft)
{
	ANSWER("gh-perft 0", "= 1\n\n");
	ANSWER("gh-perft 2", "= 50400\n\n");
	/* hopeless counts are refused at once, without a walk */
	ck_assert_int_eq(strncmp(feed("gh-perft 9"), "? gh-perft 9: more "
	    "than", 20), 0);
	ck_assert_int_eq(strncmp(feed("gh-perft -1"), "? bad depth: -1", 15),
	    0);
	ck_assert_int_eq(feed("gh-perft 99999999999999999999")[0], '?');
	ck_assert_int_eq(feed("gh-perft")[0], '?');
	ok("gh-variant renju");
	ANSWER("gh-perft 3", "= 184\n\n");
}
END_TEST

/*
 * The budget bounds the work, whatever a guess of the count says: perft 2
 * after one stone lists the moves of 225 positions (the board and its 224
 * answers).  A walk stopped by the budget leaves the game as
 * it was.
 */
START_TEST(test_perft_budget)
{
	ok("play b a1");
	gtp_set_perft_budget(gtp, 224);
	ANSWER("gh-perft 1", "= 224\n\n");
	ANSWER("gh-perft 2", "? gh-perft 2: more than 224 positions to "
	    "walk, the budget of one answer\n\n");
	ANSWER("gh-record", "= gomoku size=15 overline=on restrict=off moves "
	    "a1\n\n");
	ANSWER("gh-status", "= play white\n\n");
	gtp_set_perft_budget(gtp, 225);
	ANSWER("gh-perft 2", "= 49952\n\n");
}
END_TEST

START_TEST(test_showboard)
{
	const char *a;

	ok("play b h8");
	a = feed("showboard");
	ck_assert_int_eq(strncmp(a, "=\n    a b c", 11), 0);
	ck_assert_ptr_nonnull(strstr(a, "(X)"));
	/* One empty line, at the end. */
	ck_assert_ptr_eq(strstr(a, "\n\n"), a + strlen(a) - 2);
}
END_TEST

/* Answer text without the "= " and the final empty line. */
static void
answer_text(const char *a, char *buf, size_t len)
{
	size_t n;

	ck_assert_msg(a[0] == '=', "%s", a);
	a += a[1] == ' ' ? 2 : 1;
	n = strcspn(a, "\n");
	ck_assert_uint_lt(n, len);
	memcpy(buf, a, n);
	buf[n] = '\0';
}

/*
 * genmove until the game ends, for whoever is to move: every answer is
 * legal (the engine played it) and hands the turn on.  Returns the moves
 * answered, space-separated, for comparing two runs.
 */
static void
cpu_play_out(const char *variant, int maxturns, char *out, size_t outlen)
{
	struct game_status st;
	struct game *g;
	char text[128], line[64];

	ok("gh-level 1");
	ok("gh-time 0");
	snprintf(line, sizeof line, "gh-variant %s", variant);
	ok(line);
	out[0] = '\0';
	for (int turn = 0; turn < maxturns; turn++) {
		int before;

		g = gtp_game(gtp);
		g->variant->status(g, &st);
		if (st.phase == GAME_OVER)
			break;
		before = g->variant->ply(g);
		snprintf(line, sizeof line, "genmove %s",
		    g->variant->side_name(g, st.phase == GAME_PLAYING ?
		    st.to_move : 0));
		answer_text(feed(line), text, sizeof text);
		ck_assert_msg(text[0] != '\0', "%s: empty answer", line);
		g = gtp_game(gtp);
		ck_assert_int_gt(g->variant->ply(g), before);
		if (strlen(out) + strlen(text) + 2 < outlen) {
			strcat(out, text);
			strcat(out, " ");
		}
	}
}

START_TEST(test_genmove_plays)
{
	static const char *const variants[] = {
		"gomoku", "renju", "standard opening=swap2", "connect6",
		"yonin", NULL
	};
	char moves[4096];

	for (int i = 0; variants[i] != NULL; i++)
		cpu_play_out(variants[i], 12, moves, sizeof moves);
	/* Connect6 answers two stones a turn once Black's first is down. */
	ok("gh-variant connect6");
	answer_text(feed("genmove black"), moves, sizeof moves);
	ck_assert_ptr_null(strchr(moves, ' '));
	answer_text(feed("genmove white"), moves, sizeof moves);
	ck_assert_ptr_nonnull(strchr(moves, ' '));
	ANSWER("gh-status", "= play black\n\n");
}
END_TEST

/* A node limit and a seed make a game repeatable; another seed need not. */
START_TEST(test_genmove_repeatable)
{
	char first[4096], second[4096];

	ok("gh-seed 11");
	cpu_play_out("gomoku", 16, first, sizeof first);
	gtp_free(gtp);
	gtp = gtp_new();
	ok("gh-seed 11");
	cpu_play_out("gomoku", 16, second, sizeof second);
	ck_assert_str_eq(first, second);
	ok("gh-seed 11");
	cpu_play_out("yonin", 8, first, sizeof first);
	ok("gh-hash 1");
	cpu_play_out("yonin", 8, second, sizeof second);
	ck_assert_str_eq(first, second);
}
END_TEST

START_TEST(test_genmove_refusals)
{
	ck_assert_int_eq(strncmp(feed("genmove"), "? usage: genmove COLOR",
	    22), 0);
	ANSWER("genmove white", "? not white's turn: black is to move\n\n");
	ANSWER("genmove S", "? not a colour of gomoku: S\n\n");
	ok("gh-variant yonin");
	ANSWER("genmove black", "? not a seat of yonin: black\n\n");
	ANSWER("genmove N", "? not N's turn: S is to move\n\n");
	ok("gh-variant gomoku");
	ok("play black h8");
	ok("play white a1");
	ok("play black h9");
	ok("play white a2");
	ok("play black h10");
	ok("play white a3");
	ok("play black h11");
	ok("play white a4");
	ok("play black h12");
	ANSWER("genmove white", "? the game is over\n\n");
	ANSWER("gh-status", "= over black five\n\n");
}
END_TEST

static Suite *
gtp_suite(void)
{
	Suite *s = suite_create("gtp");
	TCase *tc = tcase_create("protocol");

	tcase_add_checked_fixture(tc, setup_gtp, teardown_gtp);
	tcase_add_test(tc, test_framing);
	tcase_add_test(tc, test_commands_listed);
	tcase_add_test(tc, test_family_commands);
	tcase_add_test(tc, test_play_and_undo);
	tcase_add_test(tc, test_legal_filter);
	tcase_add_test(tc, test_legal_filter_yonin);
	tcase_add_test(tc, test_variant_and_options);
	tcase_add_test(tc, test_boardsize_and_clear);
	tcase_add_test(tc, test_setup_and_board);
	tcase_add_test(tc, test_perft);
	tcase_add_test(tc, test_perft_budget);
	tcase_add_test(tc, test_showboard);
	tcase_add_test(tc, test_genmove_plays);
	tcase_add_test(tc, test_genmove_repeatable);
	tcase_add_test(tc, test_genmove_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(gtp_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
