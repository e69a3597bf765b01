/*
 * test-hall-screens-crowd.c - chat lines reaching a lobby crowd as bytes
 * encoded once for everyone (lobby_frames_catch_up, client.c's fast
 * frames): after any mix of such frames and full ones, what each terminal
 * shows (a libvterm screen fed every byte sent) is what his lobby drawn
 * from scratch shows, row for row and with the cursor where it belongs.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vterm.h>

#include "src/hall/hall-int.h"
#include "tests/unit/fake-hall.h"
#include "tests/unit/grid-text.h"

#define CROWD 6

/* Row text with its trailing blanks cut, as fake_term_row gives it. */
static void
crowd_rtrim(char *s)
{
	size_t	 n = strlen(s);

	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
}

/*
 * What ft's terminal shows is his top screen drawn now from scratch: every
 * row, and the cursor's place when it is shown.
 */
static void
crowd_check(struct fake_term *ft, const char *when)
{
	struct client		*c = fake_term_client(ft);
	struct client_screen	*top;
	struct grid		*g;
	VTermPos		 pos;
	char			 want[4096], got[4096];

	ck_assert_ptr_nonnull(c);
	ck_assert_int_gt(c->depth, 0);
	top = &c->stack[c->depth - 1];
	g = grid_create(ft->cols, ft->rows);
	ck_assert_ptr_nonnull(g);
	top->screen->draw(c, top->state, g);
	for (int y = 0; y < g->sy; y++) {
		grid_text_row(g, y, want, sizeof want);
		crowd_rtrim(want);
		snprintf(got, sizeof got, "%s", fake_term_row(ft, y));
		crowd_rtrim(got);
		if (strcmp(got, want) != 0) {
			char *scr = fake_term_screen(ft);

			ck_abort_msg("%s: %s row %d shows\n'%s'\nnot\n'%s'; the "
			    "screen:\n%s", when, ft->name, y, got, want, scr);
		}
	}
	if (g->cursor_visible) {
		vterm_state_get_cursorpos(vterm_obtain_state(ft->vt), &pos);
		ck_assert_msg(pos.col == g->cx && pos.row == g->cy,
		    "%s: %s's cursor at %d,%d, not %d,%d", when, ft->name,
		    pos.col, pos.row, g->cx, g->cy);
	}
	grid_free(g);
}

static void
crowd_check_all(struct fake_term **t, int n, const char *when)
{
	for (int i = 0; i < n; i++)
		crowd_check(t[i], when);
}

static uint64_t
crowd_caught_up(void)
{
	return lobby_frames_stats(fake_hall_hall(fh)->lobby_frames)->caught_up;
}

/* The speaker says a line (the chat's rate limit allows one each 3 s)
 * and the loop settles; the line shows on his screen. */
static void
crowd_say(struct fake_term *who, const char *text)
{
	fake_hall_spin(fh, 3000);
	fake_term_type(who, text);
	fake_term_type(who, FAKE_ENTER);
	ck_screen(who, fake_term_find(who, text) > 0, text);
}

/*
 * Chat lines reach idle viewers as the crowd's bytes, few of them each,
 * and every screen stays what a drawing from scratch shows, through keys
 * of their own (a full frame over a terminal the steps brought on),
 * typing, scrolling back, an arrival, lines coming faster than frames.
 */
START_TEST(test_crowd_chat_steps)
{
	struct fake_term	*t[CROWD + 1];
	uint64_t		 caught;
	size_t			 before[CROWD];
	char			 line[64];

	for (int i = 0; i < CROWD; i++)
		t[i] = fake_term_guest(fh);
	fake_term_type(t[0], "t");		/* the speaker chats */
	crowd_check_all(t, CROWD, "at the start");

	/* A line: the idle ones catch up by the steps' bytes. */
	for (int i = 0; i < CROWD; i++)
		before[i] = t[i]->nout;
	caught = crowd_caught_up();
	crowd_say(t[0], "first line");
	ck_assert_uint_ge(crowd_caught_up() - caught, CROWD - 2);
	for (int i = 1; i < CROWD; i++)
		ck_assert_uint_lt(t[i]->nout - before[i], 150);
	crowd_check_all(t, CROWD, "after the first line");

	/* Own changes between lines: typing (a visible cursor), moving the
	 * selection of the online list, scrolling the chat back, Ctrl-L. */
	fake_term_type(t[1], "t");
	fake_term_type(t[1], "half a thought");
	fake_term_type(t[2], "\t");
	fake_term_type(t[2], "j");
	fake_term_type(t[3], "t");
	fake_term_type(t[3], "\033[5~");	/* PgUp: back in the chat */
	crowd_say(t[0], "second line");
	crowd_check_all(t, CROWD, "after the second line");
	for (int i = 2; i <= 6; i++) {
		snprintf(line, sizeof line, "line number %d", i + 1);
		crowd_say(t[0], line);
		crowd_check_all(t, CROWD, line);
	}
	/* A full frame over steps: keys after lines. */
	fake_term_type(t[1], " and the rest");
	fake_term_type(t[4], "\t");
	fake_term_type(t[3], "\033[6~");	/* PgDn: back to the end */
	crowd_check_all(t, CROWD, "after own keys");
	crowd_say(t[0], "after the keys");
	crowd_check_all(t, CROWD, "a line after the keys");

	/* Lines faster than frames: two steps at once. */
	fake_hall_spin(fh, 6000);
	fake_term_input(t[0], "quick one" FAKE_ENTER);
	fake_hall_spin(fh, 5);
	fake_term_input(t[0], "quick two" FAKE_ENTER);
	fake_hall_settle(fh);
	crowd_check_all(t, CROWD, "two quick lines");

	/* An arrival changes more than the chat: everyone draws in full,
	 * and the next line goes by steps again. */
	t[CROWD] = fake_term_guest(fh);
	crowd_check_all(t, CROWD + 1, "after an arrival");
	caught = crowd_caught_up();
	crowd_say(t[0], "welcome");
	ck_assert_uint_gt(crowd_caught_up(), caught);
	crowd_check_all(t, CROWD + 1, "a line after the arrival");
	/* And a key of his own after it is drawn in full, right. */
	fake_term_type(t[5], "j");
	fake_term_type(t[5], FAKE_CTRL_L);
	crowd_check_all(t, CROWD + 1, "at the end");
}
END_TEST

/*
 * A viewer who falls far behind (his terminal stopped reading while many
 * lines came) is brought up to date in full, right.
 */
START_TEST(test_crowd_chat_behind)
{
	struct fake_term	*t[3];
	char			 line[64];

	for (int i = 0; i < 3; i++)
		t[i] = fake_term_guest(fh);
	fake_term_type(t[0], "t");
	crowd_say(t[0], "before the stall");
	crowd_check_all(t, 3, "before the stall");
	fake_term_stall(t[2], true);
	for (int i = 0; i < 5; i++) {
		snprintf(line, sizeof line, "while stalled %d", i);
		crowd_say(t[0], line);
	}
	fake_term_stall(t[2], false);
	fake_hall_settle(fh);
	crowd_check_all(t, 3, "after the stall");
	crowd_say(t[0], "after the stall");
	crowd_check_all(t, 3, "a line after the stall");
	fake_term_type(t[2], "j");
	crowd_check_all(t, 3, "a key after the stall");
}
END_TEST

/*
 * A terminal that steps brought on, then more changes elsewhere than a
 * page keeps generations of (tables opened: the chat band stays): his
 * next frame is still a diff of what changed, not the whole screen, and
 * right.
 */
START_TEST(test_crowd_behind_tables)
{
	struct fake_term	*t[8];
	size_t			 mark, full;
	char			 why[256];

	for (int i = 0; i < 8; i++)
		t[i] = fake_term_guest(fh);
	full = t[7]->nout;		/* his first frame was the whole */
	fake_term_type(t[0], "t");
	/* His terminal stops reading: the line's steps are the last he is
	 * sent, and he draws nothing while the tables open. */
	fake_term_stall(t[2], true);
	crowd_say(t[0], "a line by steps");
	ck_assert(fake_term_client(t[2])->shown_behind);
	for (int i = 3; i < 8; i++) {
		ck_assert_int_eq(hall_tables_create(fake_hall_hall(fh),
		    fake_term_client(t[i]), "gomoku", why, sizeof why), 0);
		fake_hall_settle(fh);
	}
	mark = t[2]->nout;
	fake_term_stall(t[2], false);
	fake_hall_settle(fh);
	crowd_check_all(t, 3, "after the tables");
	ck_assert_uint_lt(t[2]->nout - mark, full / 2);
	fake_term_type(t[2], "j");
	crowd_check_all(t, 3, "after his key");
}
END_TEST

/*
 * A lobby bigger than a slice of the chat walk: every viewer gets the
 * line, also when a second comes while the first is still being told, and
 * when someone leaves the lobby halfway.
 */
START_TEST(test_crowd_chat_walk)
{
	enum { N = HALL_WALK_SLICE * 2 + 10 };
	struct fake_term	**t = calloc(N, sizeof *t);
	char			 why[256];

	ck_assert_ptr_nonnull(t);
	for (int i = 0; i < N; i++)
		t[i] = fake_term_guest(fh);
	fake_term_type(t[0], "t");
	fake_hall_spin(fh, 3000);
	fake_term_input(t[0], "to the many" FAKE_ENTER);
	fake_hall_spin(fh, 1);
	/* One leaves the lobby for a table while the walk goes on. */
	ck_assert_int_eq(hall_tables_create(fake_hall_hall(fh),
	    fake_term_client(t[HALL_WALK_SLICE + 1]), "gomoku", why,
	    sizeof why), 0);
	fake_hall_spin(fh, 3000);
	fake_term_input(t[0], "and once more" FAKE_ENTER);
	fake_hall_settle(fh);
	for (int i = 0; i < N; i++) {
		if (i == HALL_WALK_SLICE + 1)
			continue;
		ck_screen(t[i], fake_term_find(t[i], "to the many") > 0,
		    "the first line");
		ck_screen(t[i], fake_term_find(t[i], "and once more") > 0,
		    "the second line");
		crowd_check(t[i], "after the walk");
	}
	free(t);
}
END_TEST

/* ft's guest is on the online list's first page at 80x24. */
static bool
crowd_first_page(struct fake_term *ft)
{
	struct client	*c = fake_term_client(ft);

	ck_assert_ptr_nonnull(c);
	return hall_online_find(fake_hall_hall(fh), c->identity->name) <
	    (size_t)view_lobby_user_rows(80, 24);
}

/*
 * In a crowd (arrivals no longer said in the chat) an arrival or a
 * departure changes the count and one page of names: those it misses get
 * it as the crowd's bytes, and every screen is still right, a viewer
 * busy with his own half (typing, a selection on the list) included.
 */
START_TEST(test_crowd_arrival_steps)
{
	enum { N = HALL_ANNOUNCE_MAX + 8 };
	struct fake_term	**t = calloc(N + 6, sizeof *t);
	uint64_t		 caught;
	bool			 first;

	ck_assert_ptr_nonnull(t);
	for (int i = 0; i < N; i++)
		t[i] = fake_term_guest(fh);
	fake_term_type(t[1], "t");
	fake_term_type(t[1], "typing away");
	fake_term_type(t[2], "\t");
	fake_term_type(t[2], "jj");
	/* Others turn the list's pages and go back to the tables (the page
	 * stays): arrivals before their page move it in the list. */
	for (int i = 4; i < 12; i++) {
		fake_term_type(t[i], "\t");
		for (int k = 0; k < 1 + i % 4; k++)
			fake_term_type(t[i], "\033[6~");	/* PgDn */
		fake_term_type(t[i], "\t\t");
	}
	crowd_check_all(t, N, "the crowd");
	for (int i = N; i < N + 6; i++) {
		caught = crowd_caught_up();
		t[i] = fake_term_guest(fh);
		/* Most are on the first page: unless he falls on it, they
		 * get him as the crowd's bytes. */
		if (!crowd_first_page(t[i]))
			ck_assert_uint_ge(crowd_caught_up() - caught, N / 2);
		crowd_check_all(t, i + 1, "after an arrival");
	}
	caught = crowd_caught_up();
	first = crowd_first_page(t[N + 5]);
	fake_term_hangup(t[N + 5]);
	fake_hall_settle(fh);
	if (!first)
		ck_assert_uint_ge(crowd_caught_up() - caught, N / 2);
	crowd_check_all(t, N + 5, "after a departure");
	/* Their own keys after steps: full frames, right. */
	fake_term_type(t[1], " still");
	fake_term_type(t[2], "k");
	fake_term_type(t[3], "t");
	fake_term_type(t[5], "\t");
	crowd_check_all(t, N + 5, "after their keys");
	free(t);
}
END_TEST

/* The name on row `row` of ft's page of names, as his screen shows it:
 * 0 when that row has none. */
static int
crowd_name_try(struct fake_term *ft, int row, char *name, size_t len)
{
	const char	*p = strstr(fake_term_row(ft, 2 + row), "guest-");
	size_t		 n = 0;

	if (p == NULL)
		return 0;
	while (p[n] != '\0' && p[n] != ' ')
		n++;
	ck_assert_uint_lt(n, len);
	memcpy(name, p, n);
	name[n] = '\0';
	return 1;
}

static void
crowd_name_at(struct fake_term *ft, int row, char *name, size_t len)
{
	ck_assert_msg(crowd_name_try(ft, row, name, len), "no name on row %d",
	    row);
}

/*
 * A click on a name picks the name he sees after names came before his
 * page and moved it in the list.  His clicks are kept by row on the page
 * (the page is resolved when he clicks), so they hold also when only the
 * crowd's bytes reached him since his own frame was drawn; here his frame
 * happens to be drawn anew, so this checks the behaviour, not that path.
 */
START_TEST(test_crowd_click_after_arrivals)
{
	enum { N = HALL_ANNOUNCE_MAX + 8, MORE = 60 };
	struct fake_term	**t = calloc(N + MORE, sizeof *t);
	struct fake_term	*v;
	char			 top[IDENTITY_NAME_LEN], pick[IDENTITY_NAME_LEN];
	const char		*me;
	int			 i, row, before = 0;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < N; i++)
		t[i] = fake_term_guest(fh);
	v = t[0];
	fake_term_type(v, "\t" "G" "\t\t");	/* the last page */
	crowd_name_at(v, 0, top, sizeof top);
	/* Arrivals until the last two sorted before his page (most do):
	 * one on his page would draw his frame, and its clicks, anew. */
	for (i = N; i < N + MORE && before < 2; i++) {
		t[i] = fake_term_guest(fh);
		if (strcmp(fake_term_client(t[i])->identity->name, top) < 0)
			before++;
		else
			before = 0;
	}
	ck_assert_int_ge(before, 2);
	crowd_check(v, "after the arrivals");
	/* The lowest name of the first three that is not his own: his own
	 * is also on the title line, where a click finds it first (guest
	 * names are random, so his may be anywhere on the page). */
	me = fake_term_client(v)->identity->name;
	for (row = 2; row >= 0; row--) {
		if (crowd_name_try(v, row, pick, sizeof pick) &&
		    strcmp(pick, me) != 0)
			break;
	}
	ck_screen(v, row >= 0, "no other name on the page");
	fake_term_click(v, pick);
	fake_term_type(v, FAKE_ENTER);		/* his profile */
	ck_shows(v, "Profile");
	ck_screen(v, fake_term_find(v, pick) >= 0, "not the name clicked");
	free(t);
}
END_TEST

static Suite *
crowd_suite(void)
{
	Suite	*s = suite_create("hall-screens-crowd");
	TCase	*tc = fake_hall_tcase("crowd");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_crowd_chat_steps);
	tcase_add_test(tc, test_crowd_chat_behind);
	tcase_add_test(tc, test_crowd_behind_tables);
	tcase_add_test(tc, test_crowd_chat_walk);
	tcase_add_test(tc, test_crowd_arrival_steps);
	tcase_add_test(tc, test_crowd_click_after_arrivals);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(crowd_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
