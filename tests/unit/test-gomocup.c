/*
 * test-gomocup.c - the Gomocup protocol: the core (cli/gomocup.c)
 * in-process, and the real `gamehall-engine --gomocup` over pipes for what
 * only the loop does (thinking on a second thread, END while thinking,
 * lines queued meanwhile).
 */
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/stone.h"
#include "cli/gomocup.h"
#include "tests/child-pipe.h"

static struct gomocup *gc;

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
setup_core(void)
{
	int action;

	gc = gomocup_new(1);
	ck_assert_ptr_nonnull(gc);
	/* Quick moves: the level's node cap or 100 ms, whichever is first. */
	ck_assert_str_eq(gomocup_feed(gc, "INFO timeout_turn 100", &action),
	    "");
}

static void
teardown_core(void)
{
	gomocup_free(gc);
	gc = NULL;
}

/* Feed a line; when it asks for a move, think (node caps only). */
static const char *
feed(const char *line)
{
	int action;
	const char *out = gomocup_feed(gc, line, &action);

	ck_assert_int_ne(action, GOMOCUP_QUIT);
	if (action == GOMOCUP_THINK) {
		ck_assert_str_eq(out, "");
		out = gomocup_think(gc, NULL);
	}
	return out;
}

#define ANSWER(line, want) ck_assert_str_eq(feed(line), want)

static void
starts_with(const char *line, const char *prefix)
{
	const char *out = feed(line);

	ck_assert_msg(strncmp(out, prefix, strlen(prefix)) == 0,
	    "%s: '%s', not '%s...'", line, out, prefix);
	ck_assert_msg(out[strlen(out) - 1] == '\n', "%s: no newline", line);
}

/* A move answer "X,Y\n" as our point. */
static int
move_of(int size, const char *out)
{
	char text[32];
	size_t n = strcspn(out, "\n");

	ck_assert_uint_lt(n, sizeof text);
	memcpy(text, out, n);
	text[n] = '\0';
	return gomocup_point_parse(size, text);
}

/* The answer is a point of the board and none of the stones given. */
static void
fresh_move(int size, const char *out, const char *const *taken)
{
	int p = move_of(size, out);

	ck_assert_msg(p >= 0, "'%s' is not a point", out);
	for (int i = 0; taken[i] != NULL; i++)
		ck_assert_msg(p != gomocup_point_parse(size, taken[i]),
		    "%s is taken", taken[i]);
}

START_TEST(test_points)
{
	char buf[32];

	/* X is the column, Y counts from the top. */
	ck_assert_int_eq(gomocup_point_parse(15, "0,0"), 0 * 15 + 14);
	ck_assert_int_eq(gomocup_point_parse(15, "7,7"), 7 * 15 + 7);
	ck_assert_int_eq(gomocup_point_parse(15, "14,14"), 14 * 15 + 0);
	ck_assert_int_eq(gomocup_point_parse(19, " 3 , 5 "), 3 * 19 + 13);
	ck_assert_int_eq(gomocup_point_parse(15, "15,0"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, "0,15"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, "-1,0"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, "1"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, "1,2,3"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, "a,b"), -1);
	ck_assert_int_eq(gomocup_point_parse(15, ""), -1);
	for (int p = 0; p < 19 * 19; p++) {
		gomocup_point_format(19, p, buf, sizeof buf);
		ck_assert_int_eq(gomocup_point_parse(19, buf), p);
	}
	stone_point_format(15, gomocup_point_parse(15, "0,0"), buf);
	ck_assert_str_eq(buf, "a15");
}
END_TEST

START_TEST(test_session)
{
	int p;

	starts_with("ABOUT", "name=\"gamehall\", version=\"");
	ck_assert_ptr_nonnull(strstr(feed("about"), "country="));
	starts_with("BEGIN", "ERROR");
	starts_with("TURN 7,7", "ERROR");
	starts_with("RESTART", "ERROR");
	ANSWER("INFO timeout_turn 200", "");
	ANSWER("INFO timeout_match 100000", "");
	ANSWER("INFO max_memory 83886080", "");
	ANSWER("INFO time_left 100000", "");
	ANSWER("INFO game_type 1", "");
	ANSWER("INFO folder /tmp", "");
	ANSWER("START 15", "OK\n");
	ANSWER("INFO rule 1", "");
	/* Renju's first stone is the centre, whatever the search likes:
	 * that is how the rule reaches the position. */
	ANSWER("INFO rule 4", "");
	ANSWER("BEGIN", "7,7\n");
	fresh_move(15, feed("TURN 7,6"), (const char *[]){ "7,7", "7,6", NULL });
	starts_with("TURN 7,6", "ERROR");
	ANSWER("TAKEBACK 7,6", "OK\n");
	starts_with("TAKEBACK 7,6", "ERROR");
	ANSWER("RESTART", "OK\n");
	ANSWER("BEGIN", "7,7\n");
	ANSWER("RESTART", "OK\n");
	/* White's answer in renju is next to the centre stone. */
	p = move_of(15, feed("TURN 7,7"));
	ck_assert_int_le(abs(p / 15 - 7), 1);
	ck_assert_int_le(abs(p % 15 - 7), 1);
	{
		int action;

		ck_assert_str_eq(gomocup_feed(gc, "end", &action), "");
		ck_assert_int_eq(action, GOMOCUP_QUIT);
		/* Even in the middle of a BOARD. */
		ANSWER("BOARD", "");
		ANSWER("1,1,1", "");
		ck_assert_str_eq(gomocup_feed(gc, "END", &action), "");
		ck_assert_int_eq(action, GOMOCUP_QUIT);
	}
}
END_TEST

START_TEST(test_board)
{
	ANSWER("START 19", "OK\n");
	ANSWER("BOARD", "");
	ANSWER("9,9,1", "");
	ANSWER("10,10,2", "");
	ANSWER("10,9,2", "");
	fresh_move(19, feed("DONE"), (const char *[]){ "9,9", "10,10", "10,9",
	    NULL });
	/* Refused boards leave the one before, taken back stone by stone. */
	ANSWER("BOARD", "");
	ANSWER("1,1,3", "");
	starts_with("DONE", "ERROR BOARD: 1,1,3");
	ANSWER("BOARD", "");
	ANSWER("1,1,1", "");
	ANSWER("1,1,2", "");
	starts_with("DONE", "ERROR BOARD: 1,1,2 is given twice");
	ANSWER("BOARD", "");
	ANSWER("19,1,1", "");
	starts_with("DONE", "ERROR BOARD: not X,Y,F");
	ANSWER("TAKEBACK 9,9", "OK\n");
	ANSWER("TAKEBACK 10,10", "OK\n");
	ANSWER("TAKEBACK 10,9", "OK\n");
	starts_with("TAKEBACK 9,9", "ERROR");
	/* Swap2 is played on 15x15 only. */
	ANSWER("SWAP2BOARD", "");
	starts_with("DONE", "ERROR SWAP2BOARD: swap2 is played here on 15x15");
	/* PLAY puts our stone where the manager says. */
	ANSWER("PLAY 0,0", "0,0\n");
	starts_with("TURN 0,0", "ERROR");
}
END_TEST

START_TEST(test_refusals)
{
	starts_with("START 20", "ERROR");
	starts_with("START 0", "ERROR");
	starts_with("START", "ERROR");
	starts_with("START x", "ERROR");
	starts_with("RECTSTART 15,16", "ERROR rectangular");
	starts_with("RECTSTART 15", "ERROR");
	ANSWER("RECTSTART 15,15", "OK\n");
	ANSWER("START 19", "OK\n");
	starts_with("INFO rule 4", "MESSAGE");
	starts_with("INFO rule 8", "MESSAGE");
	starts_with("INFO rule 9", "MESSAGE");
	starts_with("INFO rule 16", "MESSAGE");
	ANSWER("INFO rule 2", "");
	ANSWER("INFO rule 3", "");
	starts_with("INFO timeout_turn x", "MESSAGE");
	starts_with("INFO timeout_turn -5", "MESSAGE");
	starts_with("INFO time_left 5x", "MESSAGE");
	/* Out of time is below zero: not a complaint. */
	ANSWER("INFO time_left -20", "");
	/* Renju was refused on 19x19, so START 15 is renju-free too. */
	ANSWER("START 15", "OK\n");
	ANSWER("INFO rule 4", "");
	starts_with("START 19", "ERROR");
	starts_with("TURN", "ERROR");
	starts_with("TURN 1", "ERROR");
	starts_with("TURN 1,2,3", "ERROR");
	starts_with("TURN 15,0", "ERROR");
	starts_with("TAKEBACK", "ERROR");
	starts_with("FROBNICATE", "UNKNOWN");
	starts_with("\x01\x02", "UNKNOWN");
	ANSWER("", "");
	ANSWER("   \r\n", "");
	{
		char big[1000];

		memset(big, 'A', sizeof big - 1);
		big[sizeof big - 1] = '\0';
		starts_with(big, "ERROR");
	}
}
END_TEST

/*
 * The points of a SWAP2BOARD answer, checked to be new and distinct; -1
 * for SWAP.
 */
static int
swap2_points(const char *out, const char *const *given, int *points)
{
	char text[128], *save = NULL;
	int n = 0;

	ck_assert_msg(strchr(out, '\n') == out + strlen(out) - 1, "'%s'", out);
	snprintf(text, sizeof text, "%.*s", (int)strcspn(out, "\n"), out);
	if (strcmp(text, "SWAP") == 0)
		return -1;
	for (char *t = strtok_r(text, " ", &save); t != NULL;
	    t = strtok_r(NULL, " ", &save)) {
		int p = gomocup_point_parse(15, t);

		ck_assert_msg(p >= 0, "'%s' in '%s'", t, out);
		for (int i = 0; given[i] != NULL; i++)
			ck_assert_int_ne(p, gomocup_point_parse(15, given[i]));
		for (int i = 0; i < n; i++)
			ck_assert_int_ne(p, points[i]);
		ck_assert_int_lt(n, 3);
		points[n++] = p;
	}
	return n;
}

static const char *
swap2_ask(const char *const *stones)
{
	ANSWER("SWAP2BOARD", "");
	for (int i = 0; stones[i] != NULL; i++)
		ANSWER(stones[i], "");
	return feed("DONE");
}

START_TEST(test_swap2)
{
	static const char *const none[] = { NULL };
	static const char *const three[] = { "7,7", "8,7", "9,9", NULL };
	static const char *const five[] = { "7,7", "8,7", "9,9", "8,8",
		"8,6", NULL };
	int points[3], n;

	ANSWER("START 15", "OK\n");
	ANSWER("INFO rule 1", "");
	/* The opener places three stones. */
	ck_assert_int_eq(swap2_points(swap2_ask(none), none, points), 3);
	/* The responder: SWAP, White's fourth, or two more stones. */
	n = swap2_points(swap2_ask(three), three, points);
	ck_assert(n == -1 || n == 1 || n == 2);
	/* The opener again: SWAP or White's sixth. */
	n = swap2_points(swap2_ask(five), five, points);
	ck_assert(n == -1 || n == 1);
	ANSWER("INFO rule 0", "");
	n = swap2_points(swap2_ask(three), three, points);
	ck_assert(n == -1 || n == 1 || n == 2);
	/* Not an opening of swap2. */
	ANSWER("SWAP2BOARD", "");
	ANSWER("7,7", "");
	starts_with("DONE", "ERROR SWAP2BOARD: 1 stones");
	ANSWER("SWAP2BOARD", "");
	ANSWER("7,7", "");
	ANSWER("7,7", "");
	starts_with("DONE", "ERROR SWAP2BOARD: 7,7 is given twice");
	ANSWER("SWAP2BOARD", "");
	ANSWER("7,7,1", "");
	starts_with("DONE", "ERROR SWAP2BOARD: not X,Y");
	ANSWER("INFO rule 4", "");
	ck_assert_int_eq(strncmp(swap2_ask(none), "ERROR SWAP2BOARD: swap2 is "
	    "played", 30), 0);
	/* The board the manager sends after the opening is untouched by
	 * it: BEGIN is still the first move. */
	ANSWER("INFO rule 0", "");
	ck_assert_int_ge(move_of(15, feed("BEGIN")), 0);
}
END_TEST

/* The match clock beats the turn's: 500 ms left of the match is a few
 * ms a move, even for the master level with a minute a turn. */
START_TEST(test_time_left)
{
	struct gomocup *m = gomocup_new(CPU_LEVEL_MAX);
	int64_t t;
	int action;

	ck_assert_str_eq(gomocup_feed(m, "START 15", &action), "OK\n");
	gomocup_feed(m, "INFO timeout_turn 60000", &action);
	gomocup_feed(m, "INFO timeout_match 100000", &action);
	gomocup_feed(m, "INFO time_left 500", &action);
	gomocup_feed(m, "TURN 7,7", &action);
	ck_assert_int_eq(action, GOMOCUP_THINK);
	t = now_ms();
	ck_assert_int_ge(move_of(15, gomocup_think(m, NULL)), 0);
	ck_assert_int_lt(now_ms() - t, 1000);
	gomocup_free(m);
}
END_TEST

/*
 * Whole games, the core against itself through the protocol: two cores,
 * each told the other's moves by TURN.  Every answer must be an empty
 * point of the board, which a game of the engine library checks too.
 */
static void
self_game(int size, int rule, const char *variant, const char *opt)
{
	struct gomocup *side[2];
	struct game *g;
	char line[64], err[GAME_ERR_LEN], *optv[1] = { (char *)opt };
	const char *out;
	int turn, p;

	g = game_new(variant, opt != NULL, optv, err, sizeof err);
	ck_assert_msg(g != NULL, "%s", err);
	for (int i = 0; i < 2; i++) {
		side[i] = gomocup_new(1 + i);
		snprintf(line, sizeof line, "START %d", size);
		ck_assert_str_eq(gomocup_feed(side[i], line, &turn), "OK\n");
		snprintf(line, sizeof line, "INFO rule %d", rule);
		ck_assert_str_eq(gomocup_feed(side[i], line, &turn), "");
		gomocup_feed(side[i], "INFO timeout_turn 40", &turn);
	}
	gomocup_feed(side[0], "BEGIN", &turn);
	ck_assert_int_eq(turn, GOMOCUP_THINK);
	out = gomocup_think(side[0], NULL);
	for (int ply = 0; ply < 40; ply++) {
		struct game_status st;
		char text[8];

		p = move_of(size, out);
		ck_assert_msg(p >= 0, "ply %d: '%s'", ply, out);
		g->variant->status(g, &st);
		stone_point_format(size, p, text);
		ck_assert_msg(stone_game_board(g)->cell[p] == STONE_EMPTY,
		    "ply %d: %s is taken", ply, text);
		ck_assert_msg(g->variant->play(g, st.to_move,
		    &(struct move){ .from = -1, .to = (int16_t)p }, err,
		    sizeof err) == 0, "ply %d: %s: %s", ply, text, err);
		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		snprintf(line, sizeof line, "TURN %.*s",
		    (int)strcspn(out, "\n"), out);
		gomocup_feed(side[(ply + 1) % 2], line, &turn);
		ck_assert_int_eq(turn, GOMOCUP_THINK);
		out = gomocup_think(side[(ply + 1) % 2], NULL);
	}
	gomocup_free(side[0]);
	gomocup_free(side[1]);
	game_free(g);
}

START_TEST(test_self_games)
{
	self_game(15, 0, "freestyle", NULL);
	self_game(15, 1, "standard", NULL);
	self_game(15, 4, "renju", NULL);
	self_game(19, 0, "gomoku", "size=19");
	self_game(19, 3, "gomoku", "size=19");
}
END_TEST

/* The real program, over pipes. */
static void
child_start(struct child_pipe *c)
{
	const char *dir = getenv("top_builddir");
	char path[4096];
	char *argv[] = { path, "--gomocup", "--level", "5", NULL };

	snprintf(path, sizeof path, "%s/gamehall-engine", dir ? dir : ".");
	ck_assert_int_eq(child_pipe_start(c, argv), 0);
}

static void
child_send(struct child_pipe *c, const char *text)
{
	ck_assert_int_eq(child_pipe_send(c, text), 0);
}

#define child_line child_pipe_line
#define child_wait child_pipe_wait

START_TEST(test_program_session)
{
	struct child_pipe c;
	char line[256];
	int status;

	child_start(&c);
	child_send(&c, "START 15\n");
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "OK");
	child_send(&c, "INFO timeout_turn 100\nINFO rule 4\nBEGIN\n");
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "7,7");
	/* Lines that come while it thinks are answered after the move, in
	 * order. */
	child_send(&c, "TURN 7,6\nABOUT\nTAKEBACK 7,6\nFOO\n");
	ck_assert_ptr_nonnull(child_line(&c, 5000, line, sizeof line));
	ck_assert_int_ge(gomocup_point_parse(15, line), 0);
	ck_assert_ptr_nonnull(child_line(&c, 5000, line, sizeof line));
	ck_assert_int_eq(strncmp(line, "name=\"gamehall\"", 15), 0);
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "OK");
	ck_assert_int_eq(strncmp(child_line(&c, 5000, line, sizeof line),
	    "UNKNOWN", 7), 0);
	/* A swap2 opening's answer comes from the thread as well. */
	child_send(&c, "INFO rule 1\nSWAP2BOARD\nDONE\n");
	ck_assert_ptr_nonnull(child_line(&c, 5000, line, sizeof line));
	{
		int points[3];

		ck_assert_int_eq(swap2_points(strcat(line, "\n"),
		    (const char *const[]){ NULL }, points), 3);
	}
	child_send(&c, "garbage,,\nTURN 99,99\nEND\n");
	ck_assert_int_eq(strncmp(child_line(&c, 5000, line, sizeof line),
	    "UNKNOWN", 7), 0);
	ck_assert_int_eq(strncmp(child_line(&c, 5000, line, sizeof line),
	    "ERROR", 5), 0);
	status = child_wait(&c, 5000);
	ck_assert_msg(status == 0, "status %d", status);
}
END_TEST

/* END while it thinks a long move: out within a second, no move said. */
START_TEST(test_program_end_while_thinking)
{
	struct child_pipe c;
	char line[256];
	int64_t t;
	int status;

	child_start(&c);
	child_send(&c, "START 19\nINFO timeout_turn 60000\n");
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "OK");
	child_send(&c, "BOARD\n9,9,2\n10,10,1\n9,10,2\nDONE\n");
	usleep(100000);
	t = now_ms();
	child_send(&c, "END\n");
	status = child_wait(&c, 1000);
	ck_assert_int_lt(now_ms() - t, 1000);
	ck_assert_msg(status == 0, "status %d after %lld ms", status,
	    (long long)(now_ms() - t));

	/* END read with the command that started the search. */
	child_start(&c);
	child_send(&c, "START 19\nINFO timeout_turn 60000\n");
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "OK");
	t = now_ms();
	child_send(&c, "TURN 9,9\nEND\n");
	status = child_wait(&c, 1000);
	ck_assert_int_lt(now_ms() - t, 1000);
	ck_assert_msg(status == 0, "status %d", status);

	/* End of input is not END: the move still comes. */
	child_start(&c);
	child_send(&c, "START 15\nINFO timeout_turn 200\nBEGIN\n");
	child_pipe_close_input(&c);
	ck_assert_str_eq(child_line(&c, 5000, line, sizeof line), "OK");
	ck_assert_ptr_nonnull(child_line(&c, 5000, line, sizeof line));
	ck_assert_int_ge(gomocup_point_parse(15, line), 0);
	ck_assert_int_eq(child_wait(&c, 5000), 0);
}
END_TEST

static Suite *
gomocup_suite(void)
{
	Suite *s = suite_create("gomocup");
	TCase *tc = tcase_create("core");
	TCase *tp = tcase_create("program");

	tcase_add_checked_fixture(tc, setup_core, teardown_core);
	tcase_add_test(tc, test_points);
	tcase_add_test(tc, test_session);
	tcase_add_test(tc, test_board);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_self_games);
	tcase_add_test(tc, test_time_left);
	tcase_add_test(tc, test_swap2);
	suite_add_tcase(s, tc);
	tcase_add_test(tp, test_program_session);
	tcase_add_test(tp, test_program_end_while_thinking);
	suite_add_tcase(s, tp);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(gomocup_suite());
	int failed;

	signal(SIGPIPE, SIG_IGN);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
