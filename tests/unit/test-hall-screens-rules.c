/*
 * test-hall-screens-rules.c - the rules pages and the marks that explain
 * themselves.
 *
 * The view (screens/view-rules.c): every page, with a table's settings
 * and keys, drawn at 80x24 (and 200x60) at every scroll position, no row
 * beyond the width.  The controllers (src/hall/screen-rules.c,
 * screen-table-marks.c) on a real hall with fake transports
 * (tests/unit/fake-hall.h): the page from the lobby, from the create form
 * for the game being chosen, from a table with its options as set; the
 * line that explains × shown once, and the status line naming the mark
 * under the cursor.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/stone.h"
#include "screens/grid.h"
#include "screens/lesson.h"
#include "screens/rules.h"
#include "screens/utf8.h"
#include "screens/view-rules.h"
#include "screens/views.h"
#include "src/base/worker.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-lesson.h"
#include "tests/unit/fake-hall.h"

/* ---- the view ---------------------------------------------------------- */

/* Every cell of the text rows left of the right margin: nothing drawn in
 * the last two columns, nothing cut with an ellipsis. */
static void
check_within(const struct grid *g, const char *what, int top)
{
	for (int y = 2; y < g->sy - 2; y++) {
		for (int x = 0; x < g->sx; x++) {
			const struct grid_cell *c = grid_get(g, x, y);

			ck_assert_msg(c->ch != 0x2026, "%s top %d: row %d cut",
			    what, top, y);
			if (x >= g->sx - 2)
				ck_assert_msg(c->ch == ' ', "%s top %d: row %d "
				    "runs to column %d", what, top, y, x);
		}
	}
}

/* Whether text is somewhere on the grid's rows. */
static int
grid_has(const struct grid *g, const char *text)
{
	char	 buf[4096], enc[4];

	for (int y = 0; y < g->sy; y++) {
		size_t n = 0;

		for (int x = 0; x < g->sx; x++) {
			const struct grid_cell *c = grid_get(g, x, y);
			int k;

			if (c->ch == GRID_PAD)
				continue;
			k = utf8_encode(c->ch, enc);
			if (n + (size_t)k + 1 > sizeof buf)
				break;
			memcpy(buf + n, enc, (size_t)k);
			n += (size_t)k;
		}
		buf[n] = '\0';
		if (strstr(buf, text) != NULL)
			return 1;
	}
	return 0;
}

START_TEST(test_every_page_fits)
{
	static const int sizes[][2] = { { 80, 24 }, { 200, 60 } };
	static const char *const settings[] = {
		"Overline: does not win: only an exact five wins, for both "
		"colours, and six or more leaves the game running",
		"Turn timer: 30 seconds a turn",
	};
	int		 nkeys;
	const char *const *keys = view_help_section("Table", &nkeys);

	ck_assert_ptr_nonnull(keys);
	ck_assert_int_gt(nkeys, 5);
	ck_assert_int_eq(rules_pages(), 6);
	for (int s = 0; s < 2; s++) {
		int sx = sizes[s][0], sy = sizes[s][1];
		struct grid *g = grid_create(sx, sy);

		for (int i = 0; i < rules_pages(); i++) {
			struct view_rules v;
			int lines, last;

			memset(&v, 0, sizeof v);
			v.page = rules_page_at(i);
			v.index = i;
			v.browse = 1;
			v.settings_head = "This table (K7P3Q)";
			v.settings = settings;
			v.nsettings = 2;
			v.keys_head = "Keys at the table";
			v.keys = keys;
			v.nkeys = nkeys;
			lines = view_rules_lines(&v, sx);
			last = lines - view_rules_rows(sy);
			if (sx == 80)
				ck_assert_int_gt(last, 0);	/* it scrolls */
			if (last < 0)
				last = 0;
			/* A screenful at a time, then the last: every row
			 * of the page is drawn and looked at. */
			for (v.top = 0; v.top < last;
			    v.top += view_rules_rows(sy)) {
				view_rules_draw(g, &v, NULL);
				check_within(g, v.page->title, v.top);
			}
			v.top = last;
			view_rules_draw(g, &v, NULL);
			check_within(g, v.page->title, v.top);
			ck_assert_msg(grid_has(g, "(end)"), "%s: no end",
			    v.page->title);
			ck_assert_msg(grid_has(g, "Keys at the table") ||
			    grid_has(g, "Esc, q"), "%s: no keys at the end",
			    v.page->title);
		}
		grid_free(g);
	}
}
END_TEST

/* The words of a table become lines of the page's own words. */
START_TEST(test_settings_words)
{
	const struct rules_page	*p = rules_page_find("gomoku");
	char			 line[256];

	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(rules_setting(NULL, p, "overline=on", line,
	    sizeof line),
	    0);
	ck_assert_str_eq(line, "Overline: counts as five (six or more wins "
	    "too)");
	ck_assert_int_eq(rules_setting(NULL, p, "size=19", line, sizeof line),
	    0);
	ck_assert_str_eq(line, "Board: 19×19");
	ck_assert_int_eq(rules_setting(NULL, p, "timer=60", line, sizeof line),
	    0);
	ck_assert_str_eq(line, "Turn timer: 60 seconds a turn");
	ck_assert_int_eq(rules_setting(NULL, p, "cpu=1", line, sizeof line),
	    -1);
	ck_assert_int_eq(rules_setting(NULL, p, "opening=swap", line,
	    sizeof line),
	    -1);
	p = rules_page_find("yonin");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(p->title, "Four-player shogi");
	ck_assert_int_eq(rules_setting(NULL, p, "movelimit=300", line,
	    sizeof line),
	    0);
	ck_assert_str_eq(line, "Move limit: 300");
	/* Every variant the engine has has a page. */
	for (int i = 0; i < rules_pages(); i++)
		ck_assert_ptr_eq(rules_page_find(rules_page_at(i)->variant),
		    rules_page_at(i));
}
END_TEST

/* ---- the controllers ------------------------------------------------------ */

START_TEST(test_rules_from_lobby)
{
	struct fake_term	*a = fake_term_guest(fh);

	/* The key list names the key. */
	fake_term_type(a, "?");
	ck_shows(a, "the rules of every game");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Lobby");

	fake_term_type(a, "r");
	ck_shows(a, "gamehall - Rules");
	ck_shows(a, "Rules: Gomoku (1/6)");
	ck_shows(a, "The aim");
	ck_shows(a, "more lines: PgDn");
	/* The next game, and back round to the last. */
	fake_term_type(a, "l");
	ck_shows(a, "Rules: Freestyle gomoku (2/6)");
	fake_term_type(a, "hh");
	ck_shows(a, "Rules: Four-player shogi (6/6)");
	ck_shows(a, "Four players sit on the four sides");
	/* Scrolling: a page down, then the end. */
	fake_term_type(a, " ");
	ck_hides(a, "Four players sit on the four sides");
	fake_term_type(a, "G");
	ck_shows(a, "(end)");
	ck_shows(a, "Can I resign?");
	fake_term_type(a, "g");
	ck_shows(a, "Four players sit on the four sides");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Lobby");
}
END_TEST

START_TEST(test_rules_from_create_form)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "n");
	ck_shows(a, "Open a new table");
	ck_shows(a, "? rules");
	/* Gomoku on 19x19 with overline off: the page says so. */
	fake_term_type(a, "j" "l" "j" "l");
	fake_term_type(a, "?");
	ck_shows(a, "Rules: Gomoku");
	ck_hides(a, "(1/6)");			/* one game, not all */
	ck_shows(a, "Your choices");
	ck_shows(a, "Board: 19×19");
	ck_shows(a, "Overline: does not win");
	/* Left/Right do not leave the game being chosen. */
	fake_term_type(a, "l");
	ck_shows(a, "Rules: Gomoku");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "Open a new table");
	/* Renju, chosen in the form: its page. */
	fake_term_type(a, "kk" "lll");
	ck_shows(a, "Renju");
	fake_term_type(a, "?");
	ck_shows(a, "Rules: Renju");
	ck_shows(a, "the rules tournaments use");
	fake_term_type(a, "q");
	ck_shows(a, "Open a new table");
}
END_TEST

START_TEST(test_rules_from_table)
{
	struct fake_term	*a = fake_term_guest(fh);
	char			 code[16], head[64];

	/* A gomoku table with overline off and restrictions on. */
	fake_term_type(a, "n");
	fake_term_type(a, "jj" "l" "j" "l");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
	fake_term_title_word(a, "Table ", code, sizeof code);

	fake_term_type(a, "?");
	ck_shows(a, "Rules: Gomoku");
	snprintf(head, sizeof head, "This table (%s)", code);
	ck_screen(a, fake_term_find(a, head) >= 0, "no 'This table'");
	ck_shows(a, "Board: 15×15");
	ck_shows(a, "Overline: does not win");
	ck_shows(a, "Black's restrictions: on");
	ck_shows(a, "Turn timer: none");
	/* The table's settings come before the rules, its keys after. */
	ck_screen(a, fake_term_find(a, head) < fake_term_find(a, "The aim"),
	    "the settings first");
	fake_term_type(a, "G");
	ck_shows(a, "back to the lobby");
	for (int i = 0; i < 30 && fake_term_find(a, "Keys at the table") < 0;
	    i++)
		fake_term_type(a, "k");
	ck_shows(a, "Keys at the table");
	/* ? there: every key. */
	fake_term_type(a, "?");
	ck_shows(a, "gamehall - Help");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Table ");
}
END_TEST

/*
 * Renju: once Black has g8 h8 and i9 i10, i8 is a double-three.  The
 * first sight of × gets one line (once per person); the cursor on i8
 * names it.
 */
START_TEST(test_restricted_mark_explained)
{
	static const char *const moves[] = {
		"h8", "h7", "g8", "a1", "i10", "a3", "i9", "a5",
	};
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*black, *white;
	char			 code[16], join[64];
	int			 row;

	fake_term_type(a, "n" "lll");
	ck_shows(a, "Renju");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
	fake_term_title_word(a, "Table ", code, sizeof code);
	snprintf(join, sizeof join, "c%s" FAKE_ENTER, code);
	fake_term_type(b, join);
	ck_shows(b, "gamehall - Table ");
	fake_term_type(a, "g");
	black = fake_term_to_move(a, b);
	white = black == a ? b : a;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		ck_hides(black, "× restricted for Black");
		fake_term_play(i % 2 == 0 ? black : white, moves[i]);
	}
	/* Both see ×; the line tells each once, on the status line. */
	ck_shows(black, "×");
	row = fake_term_find(black, "× restricted for Black: a double-three");
	ck_screen(black, row == black->rows - 1, "the line on the status row");
	ck_shows(black, "overline; it loses");
	ck_shows(white, "× restricted for Black: a double-three");

	/* The cursor starts on h8: one step right is i8. */
	fake_term_type(black, "l");
	ck_hides(black, "× restricted for Black");
	row = fake_term_find(black, "i8 ×: restricted for black: double-three");
	ck_screen(black, row == black->rows - 1, "no name on the status row");
	/* Off the mark, the hints come back; on it, the name again, and
	 * the first-sight line never. */
	fake_term_type(black, "l");
	ck_hides(black, "restricted for black");
	fake_term_type(black, "h");
	ck_shows(black, "i8 ×: restricted for black: double-three");
	ck_hides(black, "× restricted for Black");
	/* Moving on over the board: still told no more. */
	fake_term_type(black, "kk");
	ck_hides(black, "× restricted for Black");
}
END_TEST

/*
 * Four-player shogi against the computer, legal moves shown: picking up
 * one's middle pawn marks where it may go, the first time with a line
 * that says what the marks mean; the cursor on the mark names it.
 */
START_TEST(test_shogi_marks_explained)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "v");
	ck_shows(a, "Play the computer");
	fake_term_type(a, "lllll");
	ck_shows(a, "Four-player shogi");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
	for (int i = 0; i < 20 && fake_term_find(a, "you to move") < 0; i++)
		fake_hall_wait_worker(fh);
	ck_shows(a, "you to move");
	ck_hides(a, "where the piece you picked up may go");
	/* One's own side is at the bottom: the pawn two rows below the
	 * centre, where the cursor starts. */
	fake_term_type(a, "jj" FAKE_ENTER);
	ck_shows(a, "* or a green square: where the piece you picked up");
	fake_term_type(a, "k");
	ck_hides(a, "* or a green square");
	ck_shows(a, "*: the piece you picked up may go here");
	/* Put down and picked up again: the line is not told twice. */
	fake_term_type(a, "j" FAKE_ENTER);
	fake_term_type(a, FAKE_ENTER);
	ck_hides(a, "* or a green square");
}
END_TEST

/*
 * The lesson, from the rules page: each step refuses a wrong stone (the
 * engine's reason, or the hint) and takes the right one.
 */
START_TEST(test_lesson_steps)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "r");
	ck_shows(a, "L: the three-minute lesson");
	fake_term_type(a, "L");
	ck_shows(a, "Lesson: Five in a row");
	ck_shows(a, "Step 1 of 5");
	/* 1: h8, where the cursor starts. */
	fake_term_type(a, "l" FAKE_ENTER);
	ck_shows(a, "i8 is not it");
	fake_term_type(a, "h" FAKE_ENTER);
	ck_shows(a, "Good.");
	fake_term_type(a, FAKE_ENTER);
	/* 2: the fifth stone; h8 is taken (the engine says so). */
	ck_shows(a, "Step 2 of 5");
	fake_term_type(a, FAKE_ENTER);
	ck_hides(a, "Five in a row: you win");
	fake_term_type(a, "ll" FAKE_ENTER);
	ck_shows(a, "Five in a row: you win");
	fake_term_type(a, FAKE_ENTER);
	/* 3: block White's four at h5, not elsewhere. */
	ck_shows(a, "Step 3 of 5");
	fake_term_type(a, "l" FAKE_ENTER);
	fake_hall_wait_worker(fh);	/* a block is judged by a search */
	ck_shows(a, "i8 is not it");
	fake_term_type(a, "h" "jjj" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "Blocked.");
	fake_term_type(a, FAKE_ENTER);
	/* 4: j8 makes a four but no four-three; i8 does. */
	ck_shows(a, "Step 4 of 5");
	fake_term_type(a, "ll" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "j8 is not it");
	fake_term_type(a, "h" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "A four-three.");
	fake_term_type(a, FAKE_ENTER);
	/* 5: renju; i8 is the double-three and loses. */
	ck_shows(a, "Step 5 of 5");
	ck_shows(a, "×");
	fake_term_type(a, "l" FAKE_ENTER);
	ck_shows(a, "forbidden double-three");
	fake_term_type(a, "l" FAKE_ENTER);
	ck_shows(a, "Safe.");
	ck_shows(a, "That was the lesson.");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
}
END_TEST

/*
 * Connect6's lesson, from its rules page: one stone first, then a pair
 * that the board takes one stone at a time and judges whole; a wrong pair
 * comes off with both points named.
 */
START_TEST(test_connect6_lesson_steps)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "r" "hh");
	ck_shows(a, "Rules: Connect6");
	ck_shows(a, "L: the three-minute lesson");
	fake_term_type(a, "L");
	ck_shows(a, "Lesson: Connect6");
	ck_shows(a, "Step 1 of 4");
	ck_shows(a, " 19 ");			/* the whole board fits */
	ck_shows(a, "  1 ");
	/* 1: the single first stone, on j10 where the cursor starts. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Good. That single stone");
	fake_term_type(a, FAKE_ENTER);
	/* 2: six with two stones; j10 is taken (the engine says so). */
	ck_shows(a, "Step 2 of 4");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "j10: ");
	fake_term_type(a, "l" FAKE_ENTER);
	ck_shows(a, "k10 is down. Now the second stone");
	ck_hides(a, "Six: you win");
	fake_term_type(a, "l" FAKE_ENTER);
	ck_shows(a, "Six: you win");
	fake_term_type(a, FAKE_ENTER);
	/* 3: block White's four with both stones, at j10 and k10 not. */
	ck_shows(a, "Step 3 of 4");
	fake_term_type(a, FAKE_ENTER "l" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "j10 and k10 are not it.");
	/* Both came off: j10 takes a stone again. */
	fake_term_type(a, "h" "jjj" FAKE_ENTER);
	ck_shows(a, "j7 is down.");
	fake_term_type(a, "hhhhh" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "Blocked with both stones.");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Step 4 of 4");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
}
END_TEST

/*
 * Four-player shogi's lesson, from its rules page (no drills there): pick
 * up, put down, a wrong move taken back, a capture, a drop with the hand's
 * key, a promotion asked, and a check answered.  The cursor starts on 5e;
 * South is at the bottom, file 9 on the left.
 */
START_TEST(test_yonin_lesson_steps)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "r" "h");
	ck_shows(a, "Rules: Four-player shogi");
	ck_shows(a, "L: the three-minute lesson");
	ck_hides(a, "D: drills");
	fake_term_type(a, "D");
	ck_shows(a, "gamehall - Rules");
	fake_term_type(a, "L");
	ck_shows(a, "Lesson: Four-player shogi");
	ck_shows(a, "Step 1 of 5");
	/* 1: 5e is empty; the pawn on 5g moves to 5f. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Pick up one of your own");
	fake_term_type(a, "jj" FAKE_ENTER "k" FAKE_ENTER);
	ck_shows(a, "Good. A pawn steps");
	fake_term_type(a, FAKE_ENTER);
	/* 2: the silver's step is legal but no capture; the pawn's is. */
	ck_shows(a, "Step 2 of 5");
	fake_term_type(a, "l" "jjj" FAKE_ENTER "k" FAKE_ENTER);
	ck_shows(a, "4h4g is not it.");
	fake_term_type(a, "h" FAKE_ENTER "k" FAKE_ENTER);
	ck_shows(a, "Captured.");
	fake_term_type(a, FAKE_ENTER);
	/* 3: a key for a piece the hand lacks, then the pawn, dropped. */
	ck_shows(a, "Step 3 of 5");
	fake_term_type(a, "1");
	ck_shows(a, "Your hand has no such");
	fake_term_type(a, "4" FAKE_ENTER);
	ck_shows(a, "Dropped.");
	fake_term_type(a, FAKE_ENTER);
	/* 4: the silver from 4d to 4c, asked, promoted. */
	ck_shows(a, "Step 4 of 5");
	fake_term_type(a, "l" "k" FAKE_ENTER "k" FAKE_ENTER);
	ck_shows(a, "Promote? y/n");
	fake_term_type(a, "n");
	ck_shows(a, "4d4c is not it.");
	fake_term_type(a, "j" FAKE_ENTER "k" FAKE_ENTER "y");
	ck_shows(a, "Promoted: +S.");
	fake_term_type(a, FAKE_ENTER);
	/* 5: in check; the king along the file is refused; the gold
	 * between answers. */
	ck_shows(a, "Step 5 of 5");
	fake_term_type(a, "jjjj" FAKE_ENTER "k" FAKE_ENTER);
	ck_shows(a, "5i5h: ");
	fake_term_type(a, "l" "j" FAKE_ENTER "h" "k" FAKE_ENTER);
	ck_shows(a, "Out of check.");
	ck_shows(a, "That was the lesson.");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
}
END_TEST

/* The drills: the solution on request, a wrong move refused, the right
 * one taken, the next drill. */
START_TEST(test_drills_steps)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "r");
	ck_shows(a, "D: drills");
	fake_term_type(a, "D");
	ck_shows(a, "Lesson: Five in a row drills");
	ck_shows(a, "Step 1 of 25");
	ck_shows(a, "s solution");
	/* h8 is the centre, where the cursor starts: not the answer. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "h8 is not it. A gap in a row counts");
	fake_term_type(a, "s");
	ck_shows(a, "Solution: h6 fills the gap");
	/* The cursor went to the solution. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Five: that wins.");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Step 2 of 25");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
	/* Connect6's: a pair, shown as its solution, and taken. */
	fake_term_type(a, "hh");
	ck_shows(a, "Rules: Connect6");
	fake_term_type(a, "D");
	ck_shows(a, "Lesson: Connect6 drills");
	ck_shows(a, "Step 1 of 20");
	fake_term_type(a, "s");
	ck_shows(a, "Solution: f4 and h4 fill the two");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "f4 is down.");
	fake_term_type(a, "s");
	ck_shows(a, "Solution: f4 and h4");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "f4 is down.");		/* the half came off first */
	fake_term_type(a, "ll" FAKE_ENTER);
	ck_shows(a, "Six: that wins.");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
}
END_TEST

/*
 * A drill whose verdict needs the CPU's threat search ("only one block
 * holds") is judged on the worker pool, not on the loop: while the worker
 * is held the screen says so and takes no other move; the verdict comes
 * back; leaving before it comes drops it.
 */
START_TEST(test_drill_judged_on_worker)
{
	struct fake_term	*a = fake_term_guest(fh);
	struct worker		*w = fake_hall_hall(fh)->worker;

	fake_term_type(a, "r" "D");
	ck_shows(a, "Step 1 of 25");
	for (int i = 0; i < 20; i++)
		fake_term_type(a, "n");
	ck_shows(a, "Step 21 of 25");
	ck_shows(a, "Only one block holds");
	/* g8, the wrong end (the cursor starts on h8), while the pool is
	 * busy: queued behind the holder, and nothing else is taken. */
	fake_hall_hold_worker(fh);
	fake_term_type(a, "h" FAKE_ENTER);
	ck_shows(a, "Judging the move...");
	ck_assert_uint_eq(worker_pending(w), 2);
	fake_term_type(a, FAKE_ENTER "s");
	ck_shows(a, "Judging the move...");
	ck_hides(a, "Solution:");
	ck_assert_uint_eq(worker_pending(w), 2);
	fake_hall_release_worker(fh);
	ck_shows(a, "g8 is not it. At the wrong end");
	/* It came off; k8 holds. */
	fake_term_type(a, "llll" FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "Held: White has no win by fours left.");
	/* The next drill: a try, then Esc before its verdict. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Step 22 of 25");
	fake_hall_hold_worker(fh);
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Judging the move...");
	fake_term_type(a, FAKE_ESC);
	ck_shows(a, "gamehall - Rules");
	fake_hall_release_worker(fh);
	ck_shows(a, "gamehall - Rules");
	ck_hides(a, "Judging the move...");
}
END_TEST

static Suite *
rules_suite(void)
{
	Suite	*s = suite_create("hall-screens-rules");
	TCase	*tc;

	tc = tcase_create("view");
	tcase_add_test(tc, test_every_page_fits);
	tcase_add_test(tc, test_settings_words);
	suite_add_tcase(s, tc);

	tc = fake_hall_tcase("controllers");
	tcase_add_test(tc, test_rules_from_lobby);
	tcase_add_test(tc, test_rules_from_create_form);
	tcase_add_test(tc, test_rules_from_table);
	tcase_add_test(tc, test_restricted_mark_explained);
	tcase_add_test(tc, test_shogi_marks_explained);
	tcase_add_test(tc, test_lesson_steps);
	tcase_add_test(tc, test_connect6_lesson_steps);
	tcase_add_test(tc, test_yonin_lesson_steps);
	tcase_add_test(tc, test_drills_steps);
	tcase_add_test(tc, test_drill_judged_on_worker);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(rules_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
