/*
 * test-cpu.c - the computer player's contract, for every variant: a legal
 * answer at every level on random positions, a legal answer when stopped
 * before it starts and promptly when stopped during a search, and the same
 * answer for the same seed under a node limit.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/cpu.h"
#include "engine/game.h"
#include "tests/unit/testgame.h"

static const char *const cpu_specs[] = {
	"gomoku", "gomoku size=19 overline=on", "gomoku restrict=on",
	"freestyle", "freestyle opening=swap", "standard opening=swap2",
	"renju", "connect6", "yonin", "yonin mode=pairs",
};
#define NSPECS (int)(sizeof cpu_specs / sizeof cpu_specs[0])

/* Play the CPU's answer on g; fail the test if the rules refuse it. */
static void
apply(struct game *g, const struct cpu_result *r, const char *what)
{
	const struct variant *v = g->variant;
	struct game_status st;
	char err[GAME_ERR_LEN];

	if (r->is_choice) {
		ck_assert_msg(v->choose != NULL, "%s: a choice in a game "
		    "without one", what);
		ck_assert_msg(v->choose(g, r->choice, err, sizeof err) == 0,
		    "%s: choice %u refused: %s", what, r->choice, err);
		return;
	}
	ck_assert_msg(r->nmoves >= 1 && r->nmoves <= 2, "%s: %d moves", what,
	    r->nmoves);
	for (int i = 0; i < r->nmoves; i++) {
		v->status(g, &st);
		ck_assert_msg(st.phase == GAME_PLAYING, "%s: a move after the "
		    "end", what);
		ck_assert_msg(v->play(g, st.to_move, &r->move[i], err,
		    sizeof err) == 0, "%s: move refused: %s", what, err);
	}
}

/* Random play to a random depth, choices included. */
static void
scramble(struct game *g, unsigned *seed, int plies)
{
	const struct variant *v = g->variant;
	struct move list[2048];
	struct game_status st;
	char err[GAME_ERR_LEN];

	for (int i = 0; i < plies; i++) {
		int n;

		v->status(g, &st);
		if (st.phase == GAME_OVER)
			return;
		if (st.phase == GAME_CHOOSING) {
			unsigned c = (rand_r(seed) & 1) ? GAME_CHOICE_BLACK :
			    GAME_CHOICE_WHITE;

			ck_assert(v->choose(g, c, err, sizeof err) == 0);
			continue;
		}
		n = v->legal(g, list, 2048);
		if (n > 2048)
			n = 2048;
		if (n <= 0)
			return;
		if (v->play(g, st.to_move, &list[rand_r(seed) % (unsigned)n],
		    err, sizeof err) != 0)
			return;
		v->status(g, &st);
		if (st.phase == GAME_OVER) {
			v->undo(g);
			return;
		}
	}
}

START_TEST(test_cpu_every_level_legal)
{
	unsigned seed = 1234 + (unsigned)_i;
	struct cpu_limits lim;
	struct cpu_result r;
	char err[GAME_ERR_LEN], what[128];

	for (int round = 0; round < 6; round++) {
		struct game *g = testgame_new(cpu_specs[_i]);

		scramble(g, &seed, (int)(rand_r(&seed) % 40));
		for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX;
		    level++) {
			struct game_status st;

			g->variant->status(g, &st);
			if (st.phase == GAME_OVER)
				break;
			cpu_limits_default(&lim, level);
			lim.time_ms = 0;
			lim.nodes = 3000;
			lim.tt_bytes = 1 << 16;
			lim.seed = (uint64_t)round;
			snprintf(what, sizeof what, "%s round %d level %d",
			    cpu_specs[_i], round, level);
			ck_assert_msg(cpu_think(g, &lim, NULL, &r, err,
			    sizeof err) == 0, "%s: %s", what, err);
			apply(g, &r, what);
		}
		game_free(g);
	}
}
END_TEST

START_TEST(test_cpu_stopped_at_once)
{
	struct game *g = testgame_new(cpu_specs[_i]);
	struct cpu_limits lim;
	struct cpu_stop stop;
	struct cpu_result r;
	char err[GAME_ERR_LEN];

	cpu_stop_init(&stop);
	cpu_stop_raise(&stop);
	cpu_limits_default(&lim, CPU_LEVEL_MAX);
	lim.time_ms = 60000;
	lim.tt_bytes = 1 << 16;
	ck_assert(cpu_think(g, &lim, &stop, &r, err, sizeof err) == 0);
	ck_assert_int_lt(r.elapsed_ms, 1000);
	apply(g, &r, cpu_specs[_i]);
	game_free(g);
}
END_TEST

struct cpu_job {
	struct game *g;
	struct cpu_limits lim;
	struct cpu_stop stop;
	struct cpu_result r;
	int rc;
	struct timespec done;
};

static void *
cpu_job_run(void *arg)
{
	struct cpu_job *j = arg;
	char err[GAME_ERR_LEN];

	j->rc = cpu_think(j->g, &j->lim, &j->stop, &j->r, err, sizeof err);
	clock_gettime(CLOCK_MONOTONIC, &j->done);
	return NULL;
}

/* Raised from another thread in the middle of a long search, the stop ends
 * it soon (10 ms is the contract; the assertion allows for a loaded CI). */
START_TEST(test_cpu_stop_from_thread)
{
	struct cpu_job j;
	struct timespec raised;
	pthread_t t;
	unsigned seed = 99;
	long ms;

	memset(&j, 0, sizeof j);
	j.g = testgame_new(cpu_specs[_i]);
	scramble(j.g, &seed, 8);
	cpu_stop_init(&j.stop);
	cpu_limits_default(&j.lim, CPU_LEVEL_MAX);
	j.lim.time_ms = 60000;
	j.lim.tt_bytes = 1 << 20;
	ck_assert(pthread_create(&t, NULL, cpu_job_run, &j) == 0);
	usleep(100000);
	clock_gettime(CLOCK_MONOTONIC, &raised);
	cpu_stop_raise(&j.stop);
	pthread_join(t, NULL);
	ms = (j.done.tv_sec - raised.tv_sec) * 1000 +
	    (j.done.tv_nsec - raised.tv_nsec) / 1000000;
	ck_assert_int_eq(j.rc, 0);
	ck_assert_msg(ms < 500, "%s: stopped after %ld ms", cpu_specs[_i], ms);
	apply(j.g, &j.r, cpu_specs[_i]);
	game_free(j.g);
}
END_TEST

START_TEST(test_cpu_deterministic)
{
	struct cpu_limits lim;
	struct cpu_result a, b;
	char err[GAME_ERR_LEN];
	unsigned seed = 7;
	struct game *g = testgame_new(cpu_specs[_i]);

	scramble(g, &seed, 10);
	cpu_limits_default(&lim, 3);
	lim.time_ms = 0;
	lim.nodes = 20000;
	lim.tt_bytes = 1 << 18;
	lim.seed = 42;
	ck_assert(cpu_think(g, &lim, NULL, &a, err, sizeof err) == 0);
	ck_assert(cpu_think(g, &lim, NULL, &b, err, sizeof err) == 0);
	ck_assert_int_eq(a.is_choice, b.is_choice);
	ck_assert_int_eq(a.choice, b.choice);
	ck_assert_int_eq(a.nmoves, b.nmoves);
	ck_assert(memcmp(a.move, b.move, sizeof a.move) == 0);
	game_free(g);
}
END_TEST

START_TEST(test_cpu_levels_by_name)
{
	ck_assert_int_eq(cpu_level_parse("beginner"), 1);
	ck_assert_int_eq(cpu_level_parse("Master"), 5);
	ck_assert_int_eq(cpu_level_parse("3"), 3);
	ck_assert_int_eq(cpu_level_parse("6"), -1);
	ck_assert_int_eq(cpu_level_parse("medium-ish"), -1);
	ck_assert_str_eq(cpu_level_name(4), "hard");
	ck_assert_str_eq(cpu_level_name(9), "?");
}
END_TEST

START_TEST(test_cpu_game_over)
{
	struct game *g = testgame_new("gomoku");
	struct cpu_limits lim;
	struct cpu_result r;
	char err[GAME_ERR_LEN] = "";
	const char *moves[] = { "h8", "a1", "h9", "a2", "h10", "a3", "h11",
	    "a4", "h12" };

	for (int i = 0; i < 9; i++)
		ck_assert(game_play_text(g, i % 2 ? "white" : "black",
		    moves[i], err, sizeof err) == 0);
	cpu_limits_default(&lim, 1);
	ck_assert(cpu_think(g, &lim, NULL, &r, err, sizeof err) == -1);
	ck_assert_str_eq(err, "the game is over");
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("cpu");
	TCase *tc = tcase_create("contract");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_cpu_every_level_legal, 0, NSPECS);
	tcase_add_loop_test(tc, test_cpu_stopped_at_once, 0, NSPECS);
	tcase_add_loop_test(tc, test_cpu_stop_from_thread, 0, NSPECS);
	tcase_add_loop_test(tc, test_cpu_deterministic, 0, NSPECS);
	tcase_add_test(tc, test_cpu_levels_by_name);
	tcase_add_test(tc, test_cpu_game_over);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
