/*
 * test-lesson.c - the lessons and the drills, judged by the engine as the
 * lesson screen judges them (screen_lesson_judge): every step's answer is
 * accepted and only a few turns (points, or Connect6's pairs) solve it;
 * the tempting wrong block of a "block the right end" drill really loses
 * (the CPU's own VCF finder wins for White after it), and no accepted
 * block leaves White such a win; four-player shogi's steps over South's
 * every legal move.  Which variants have which lesson.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-stone.h"
#include "engine/cpu.h"
#include "engine/game.h"
#include "engine/stone.h"
#include "screens/lesson.h"
#include "src/hall/screen-lesson.h"

#define LESSON_TEST_MAX_RIGHT 4		/* turns that may solve a step */
#define LESSON_TEST_VCF_DEPTH 30	/* plies the CPU's VCF may look */

/* The position of a lesson step, set up. */
static struct game *
step_game(const struct lesson_step *s)
{
	char		 err[GAME_ERR_LEN], buf[512], *tok[64], *p, *save;
	int		 n = 0;
	struct game	*g = game_new(s->variant, 0, NULL, err, sizeof err);

	ck_assert_msg(g != NULL, "%s", err);
	if (s->setup != NULL) {
		snprintf(buf, sizeof buf, "%s", s->setup);
		for (p = strtok_r(buf, " ", &save); p != NULL && n < 64;
		    p = strtok_r(NULL, " ", &save))
			tok[n++] = p;
		ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0,
		    "%s: %s", s->setup, err);
	}
	return g;
}

/* The points of an answer ("h8", "k10 l10"); how many. */
static int
answer_points(const struct lesson_step *s, int size, int out[2])
{
	char	 buf[32], *p, *save;
	int	 n = 0;

	if (s->answer == NULL)
		return 0;
	snprintf(buf, sizeof buf, "%s", s->answer);
	for (p = strtok_r(buf, " ", &save); p != NULL && n < 2;
	    p = strtok_r(NULL, " ", &save)) {
		out[n] = stone_point_parse(size, p);
		ck_assert_msg(out[n] >= 0, "answer %s", s->answer);
		n++;
	}
	return n;
}

/*
 * Points worth trying: within five of a stone in both directions (a
 * stone further off is on no line of six with any stone, so it can
 * neither make nor spoil a six or a five); every point on an empty board.
 */
static void
candidates(const struct stone_board *b, unsigned char *near)
{
	int	 n = b->size, any = 0;

	memset(near, 0, (size_t)(n * n));
	for (int p = 0; p < n * n; p++) {
		if (b->cell[p] == STONE_EMPTY)
			continue;
		any = 1;
		for (int x = p / n - 5; x <= p / n + 5; x++)
			for (int y = p % n - 5; y <= p % n + 5; y++)
				if (x >= 0 && y >= 0 && x < n && y < n)
					near[x * n + y] = 1;
	}
	if (!any)
		memset(near, 1, (size_t)(n * n));
}

/* Does the side to move have a win by fours, by the CPU's own search? */
static int
cpu_vcf(const struct game *g)
{
	struct cpu_stone_pos	*pos = malloc(sizeof *pos);
	struct cpu_limits	 lim;
	struct cpu_search	 s;
	struct cpu_stop		 stop;
	int			 move, won;

	ck_assert_ptr_nonnull(pos);
	ck_assert_int_eq(cpu_stone_pos_init(pos, g), 0);
	cpu_limits_default(&lim, CPU_LEVEL_MAX);
	cpu_stop_init(&stop);
	memset(&s, 0, sizeof s);
	s.limits = &lim;
	s.stop = &stop;
	s.start_us = cpu_now_us();
	s.tt = cpu_tt_new(1 << 20);
	ck_assert_ptr_nonnull(s.tt);
	won = cpu_stone_vcf(pos, &s, LESSON_TEST_VCF_DEPTH, &move);
	ck_assert_msg(!s.stopped, "the VCF search was cut short");
	cpu_tt_free(s.tt);
	free(pos);
	return won;
}

/* Black plays `point` outright (not judged). */
static void
play_black(struct game *g, int point)
{
	struct move	 m = { .from = -1, .to = (int16_t)point };
	char		 err[GAME_ERR_LEN];

	ck_assert_msg(g->variant->play(g, 0, &m, err, sizeof err) == 0, "%s",
	    err);
}

struct solved {
	int	 right;		/* turns that solve the step */
	int	 answer_ok;	/* the step's answer is one of them */
	char	 list[256];	/* which, for the message */
};

static void
solved_add(struct solved *sv, const struct stone_board *b, int p, int q,
    const int ans[2], int nans)
{
	char	 a[8], c[8] = "";
	size_t	 o = strlen(sv->list);

	sv->right++;
	if ((nans == 1 && q < 0 && p == ans[0]) || (nans == 2 && q >= 0 &&
	    ((p == ans[0] && q == ans[1]) || (p == ans[1] && q == ans[0]))))
		sv->answer_ok = 1;
	stone_point_format(b->size, p, a);
	if (q >= 0)
		stone_point_format(b->size, q, c);
	snprintf(sv->list + o, sizeof sv->list - o, " %s%s%s", a,
	    q >= 0 ? "+" : "", c);
}

/*
 * Every turn Black could play in step s, judged: a point, or (where the
 * first stone leaves the turn open) each pair with its second point
 * after the first in the board's order, so that each pair counts once.
 */
static void
step_solve(const struct lesson_step *s, struct solved *sv)
{
	struct game		*g = step_game(s);
	const struct stone_board *b = stone_game_board(g);
	unsigned char		 near[STONE_MAX_POINTS];
	char			 why[320];
	int			 ans[2], nans, n = b->size;

	memset(sv, 0, sizeof *sv);
	nans = answer_points(s, n, ans);
	candidates(b, near);
	for (int p = 0; p < n * n; p++) {
		int r;

		if (!near[p] || (r = screen_lesson_judge(g, s, p, why,
		    sizeof why)) == -1 || r == 0)
			continue;
		if (r == 1) {
			if (s->goal == LESSON_HOLD)
				ck_assert_msg(!cpu_vcf(g), "%s: after the "
				    "accepted %d White wins by fours", s->setup,
				    p);
			solved_add(sv, b, p, -1, ans, nans);
			game_free(g);
			g = step_game(s);
			b = stone_game_board(g);
			continue;
		}
		/* The first of a pair is down. */
		for (int q = p + 1; q < n * n; q++) {
			if (b->cell[p] == STONE_EMPTY)
				ck_assert_int_eq(screen_lesson_judge(g, s, p,
				    why, sizeof why), 2);
			if (!near[q] || screen_lesson_judge(g, s, q, why,
			    sizeof why) != 1)
				continue;
			solved_add(sv, b, p, q, ans, nans);
			game_free(g);
			g = step_game(s);
			b = stone_game_board(g);
		}
		game_free(g);
		g = step_game(s);
		b = stone_game_board(g);
	}
	game_free(g);
}

/* Every step with a goal to find: its answer solves it, and only a few
 * turns do - it is a puzzle, not any move. */
static void
lesson_check(const struct lesson *l)
{
	for (int i = 0; i < l->nsteps; i++) {
		const struct lesson_step *s = &l->steps[i];
		struct solved sv;

		if (s->goal == LESSON_SAFE)
			continue;
		step_solve(s, &sv);
		if (s->answer != NULL)
			ck_assert_msg(sv.answer_ok, "%s step %d: %s refused "
			    "(solved by%s)", l->title, i + 1, s->answer,
			    sv.list);
		ck_assert_msg(sv.right >= 1 && sv.right <= LESSON_TEST_MAX_RIGHT,
		    "%s step %d: %d turns solve it:%s", l->title, i + 1,
		    sv.right, sv.list);
		if (s->solution != NULL)
			ck_assert_ptr_nonnull(s->answer);
	}
}

START_TEST(test_gomoku_lesson_and_drills)
{
	ck_assert_int_ge(drills_gomoku.nsteps, 20);
	lesson_check(&lesson_gomoku);
	lesson_check(&drills_gomoku);
}
END_TEST

START_TEST(test_connect6_lesson_and_drills)
{
	int	 six = 0, stop = 0;

	lesson_check(&lesson_connect6);
	lesson_check(&drills_connect6);
	for (int i = 0; i < drills_connect6.nsteps; i++) {
		six += drills_connect6.steps[i].goal == LESSON_SIX;
		stop += drills_connect6.steps[i].goal == LESSON_BLOCK_SIX;
	}
	ck_assert_int_ge(six + stop, 20);
	ck_assert_int_ge(six, 5);
	ck_assert_int_ge(stop, 5);
}
END_TEST

/*
 * "Block the right end": the wrong block is refused, and after it the
 * CPU's VCF finder wins for White; after the right one it finds nothing.
 */
START_TEST(test_right_end_drills)
{
	char	 why[320];
	int	 n = 0;

	for (int i = 0; i < drills_gomoku.nsteps; i++) {
		const struct lesson_step *s = &drills_gomoku.steps[i];
		struct game *g;
		int ans[2], wrong;

		if (s->goal != LESSON_HOLD)
			continue;
		n++;
		ck_assert_ptr_nonnull(s->wrong);
		g = step_game(s);
		/* Before Black's move White has a win by fours or threes:
		 * the block is needed at all. */
		wrong = stone_point_parse(stone_game_board(g)->size, s->wrong);
		ck_assert_int_ge(wrong, 0);
		ck_assert_int_eq(screen_lesson_judge(g, s, wrong, why,
		    sizeof why), 0);
		ck_assert_msg(strstr(why, "is not it") != NULL, "%s", why);
		play_black(g, wrong);
		ck_assert_msg(cpu_vcf(g), "%s: after %s White has no VCF",
		    s->setup, s->wrong);
		game_free(g);

		g = step_game(s);
		ck_assert_int_eq(answer_points(s, stone_game_board(g)->size,
		    ans), 1);
		ck_assert_int_eq(screen_lesson_judge(g, s, ans[0], why,
		    sizeof why), 1);
		ck_assert_msg(!cpu_vcf(g), "%s: after %s White wins by fours",
		    s->setup, s->answer);
		game_free(g);
	}
	ck_assert_int_ge(n, 5);
}
END_TEST

/* A Connect6 pair: the first stone stays and asks for the second; a
 * wrong pair comes off whole, with both points named. */
START_TEST(test_pair_judged_whole)
{
	const struct lesson_step *s = &lesson_connect6.steps[2];
	struct game	*g = step_game(s);
	const struct stone_board *b = stone_game_board(g);
	char		 why[320];
	int		 e7 = stone_point_parse(b->size, "e7");
	int		 a1 = stone_point_parse(b->size, "a1");
	int		 j7 = stone_point_parse(b->size, "j7");

	ck_assert_int_eq(s->goal, LESSON_BLOCK_SIX);
	ck_assert_int_eq(screen_lesson_judge(g, s, e7, why, sizeof why), 2);
	ck_assert_str_eq(why, "e7 is down. Now the second stone of the pair.");
	ck_assert_int_eq(b->cell[e7], STONE_BLACK);
	/* Taken: refused without losing the first. */
	ck_assert_int_eq(screen_lesson_judge(g, s, e7, why, sizeof why), -1);
	ck_assert_int_eq(b->cell[e7], STONE_BLACK);
	ck_assert_int_eq(screen_lesson_judge(g, s, a1, why, sizeof why), 0);
	ck_assert_msg(strncmp(why, "e7 and a1 are not it.", 21) == 0, "%s",
	    why);
	ck_assert_int_eq(b->cell[e7], STONE_EMPTY);
	ck_assert_int_eq(b->cell[a1], STONE_EMPTY);
	ck_assert_int_eq(g->variant->ply(g), 0);
	ck_assert_int_eq(screen_lesson_judge(g, s, e7, why, sizeof why), 2);
	ck_assert_int_eq(screen_lesson_judge(g, s, j7, why, sizeof why), 1);
	ck_assert_str_eq(why, s->done);
	game_free(g);
}
END_TEST

/*
 * Four-player shogi's lesson: South's every legal move judged.  The steps
 * that ask for one move (move, capture) take exactly that one; the others
 * take their answer and refuse some legal move - except answering a
 * check, where the engine allows no move but an answer, and a move that
 * leaves the king in check is refused as illegal.
 */
START_TEST(test_yonin_lesson)
{
	char	 why[320], text[16];

	ck_assert_int_ge(lesson_yonin.nsteps, 5);
	for (int i = 0; i < lesson_yonin.nsteps; i++) {
		const struct lesson_step *s = &lesson_yonin.steps[i];
		struct game *g = step_game(s);
		struct move mv[512];
		int n = g->variant->legal(g, mv, 512), right = 0, answer = 0;

		ck_assert_int_gt(n, 0);
		ck_assert_int_le(n, 512);
		for (int k = 0; k < n; k++) {
			int r = screen_lesson_judge_move(g, s, &mv[k], why,
			    sizeof why);

			ck_assert_int_ne(r, -1);	/* legal() said so */
			ck_assert_int_eq(g->variant->ply(g), r == 1);
			if (r != 1)
				continue;
			right++;
			g->variant->move_format(g, &mv[k], text, sizeof text);
			if (s->answer != NULL && strcmp(text, s->answer) == 0)
				answer = 1;
			game_free(g);
			g = step_game(s);
		}
		if (s->answer != NULL)
			ck_assert_msg(answer, "step %d: %s refused", i + 1,
			    s->answer);
		if (s->goal == LESSON_MOVE || s->goal == LESSON_CAPTURE)
			ck_assert_msg(right == 1, "step %d: %d moves", i + 1,
			    right);
		else if (s->goal == LESSON_UNCHECK)
			ck_assert_int_eq(right, n);
		else
			ck_assert_msg(right >= 1 && right < n, "step %d: %d of "
			    "%d moves", i + 1, right, n);
		game_free(g);
	}
	/* The check: the king along the rook's file is refused, unplayed. */
	{
		const struct lesson_step *s = &lesson_yonin.steps[4];
		struct game *g = step_game(s);
		struct move m;
		char err[GAME_ERR_LEN];

		ck_assert_int_eq(s->goal, LESSON_UNCHECK);
		ck_assert_int_eq(g->variant->move_parse(g, "5i5h", &m, err,
		    sizeof err), 0);
		ck_assert_int_eq(screen_lesson_judge_move(g, s, &m, why,
		    sizeof why), -1);
		ck_assert_msg(strncmp(why, "5i5h: ", 6) == 0, "%s", why);
		ck_assert_int_eq(g->variant->ply(g), 0);
		game_free(g);
	}
}
END_TEST

START_TEST(test_lesson_families)
{
	static const char *const stone[] = {
		"gomoku", "freestyle", "standard", "renju",
	};

	for (size_t i = 0; i < sizeof stone / sizeof stone[0]; i++) {
		ck_assert_ptr_eq(lesson_find(stone[i]), &lesson_gomoku);
		ck_assert_ptr_eq(drills_find(stone[i]), &drills_gomoku);
	}
	ck_assert_ptr_eq(lesson_find("connect6"), &lesson_connect6);
	ck_assert_ptr_eq(drills_find("connect6"), &drills_connect6);
	ck_assert_ptr_eq(lesson_find("yonin"), &lesson_yonin);
	ck_assert_ptr_null(drills_find("yonin"));
	ck_assert_ptr_null(lesson_find("chess"));
	ck_assert_ptr_null(lesson_find(NULL));
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("lesson");
	TCase	*tc = tcase_create("judged");
	SRunner	*sr;
	int	 failed;

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_lesson_families);
	tcase_add_test(tc, test_pair_judged_whole);
	tcase_add_test(tc, test_yonin_lesson);
	tcase_add_test(tc, test_right_end_drills);
	tcase_add_test(tc, test_gomoku_lesson_and_drills);
	tcase_add_test(tc, test_connect6_lesson_and_drills);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
