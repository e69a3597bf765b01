/*
 * test-hall-screens-table.c - the table screens' controllers
 * (src/hall/screen-table.c, screen-table-create.c, screen-code.c) and the
 * lobby's side of tables (src/hall/hall-tables.c): creating, listing,
 * joining and watching, playing, leaving, and emptied tables freed from
 * the loop.  Real hall, real conns, fake transports read back through
 * libvterm (tests/unit/fake-hall.h).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "src/hall/hall-int.h"
#include "src/hall/hall.h"
#include "src/base/config.h"
#include "src/net/transport.h"
#include "src/store/store.h"
#include "src/table/table.h"
#include "tests/unit/fake-hall.h"

/* A new table of the defaults, opened from the lobby: its code. */
static void
create_table(struct fake_term *ft, char *code, size_t len)
{
	fake_term_type(ft, "n");
	ck_shows(ft, "Open a new table");
	fake_term_type(ft, FAKE_ENTER);
	ck_shows(ft, "gamehall - Table ");
	fake_term_title_word(ft, "Table ", code, len);
	ck_assert_uint_eq(strlen(code), TABLE_CODE_LEN);
}

/* Join by code from the lobby (c, the code, Enter). */
static void
join_by_code(struct fake_term *ft, const char *code)
{
	char	title[64];

	fake_term_type(ft, "c");
	ck_shows(ft, "Join a table by its code");
	fake_term_type(ft, code);
	fake_term_type(ft, FAKE_ENTER);
	snprintf(title, sizeof title, "gamehall - Table %s", code);
	ck_screen(ft, fake_term_find(ft, title) >= 0, "not at the table");
}

static size_t
tables_open(void)
{
	return table_list_count(fake_hall_hall(fh)->tables);
}

/* Which of the two is to move (its screen says "you to move"). */
static struct fake_term *
to_move(struct fake_term *a, struct fake_term *b)
{
	bool	ma = fake_term_find(a, "you to move") >= 0;
	bool	mb = fake_term_find(b, "you to move") >= 0;

	ck_assert_msg(ma != mb, "exactly one is to move");
	return ma ? a : b;
}

/* A and B at one table, the game started; returns who moves. */
static struct fake_term *
game(struct fake_term *a, struct fake_term *b, char *code, size_t len)
{
	create_table(a, code, len);
	join_by_code(b, code);
	ck_shows(a, "waiting for ");		/* the host to start */
	ck_shows(b, "waiting for ");
	fake_term_type(a, "g");
	return to_move(a, b);
}

START_TEST(test_create_table_listed)
{
	char			 code[16], text[64];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	ck_shows(b, "Tables (0)");
	create_table(a, code, sizeof code);
	ck_assert_uint_eq(tables_open(), 1);
	snprintf(text, sizeof text, "Table %s is open", code);
	ck_screen(a, fake_term_find(a, text) >= 0, "no status line");
	ck_shows(a, "waiting for 1 more player");
	/* The second guest's lobby lists it, open, its host seated. */
	ck_shows(b, "Tables (1)");
	ck_screen(b, fake_term_find(b, code) > 0, "the code in B's lobby");
	ck_screen(b, fake_term_find(b, a->name) > 0, "the host in B's lobby");
	ck_shows(b, "1/2");
	/* Esc in the form goes back to the lobby without a table. */
	fake_term_type(b, "n");
	ck_shows(b, "Open a new table");
	fake_term_type(b, FAKE_ESC);
	ck_shows(b, "gamehall - Lobby");
	ck_assert_uint_eq(tables_open(), 1);
}
END_TEST

START_TEST(test_join_by_code_bad)
{
	struct fake_term	*a = fake_term_guest(fh);

	fake_term_type(a, "c");
	ck_shows(a, "Join a table by its code");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "Type the table's code.");
	fake_term_type(a, "ZZZZZ" FAKE_ENTER);
	ck_shows(a, "no such table ZZZZZ");
	ck_shows(a, "Join a table by its code");
}
END_TEST

START_TEST(test_play_a_stone)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*mover, *other;
	int			 black_m, black_o;

	mover = game(a, b, code, sizeof code);
	other = mover == a ? b : a;
	ck_screen(b, fake_term_find(b, a->name) >= 0, "A at B's table");
	ck_screen(a, fake_term_find(a, b->name) >= 0, "B at A's table");
	black_m = fake_term_count(mover, "●");
	black_o = fake_term_count(other, "●");
	/* The first stone, at the cursor (the centre). */
	fake_term_type(mover, FAKE_ENTER);
	ck_screen(other, fake_term_count(other, "●") == black_o + 1,
	    "the stone on the other screen");
	ck_screen(mover, fake_term_count(mover, "●") == black_m + 1,
	    "the stone on the mover's screen");
	/* Now it is the other's turn, and the move is listed as h8. */
	ck_shows(other, "you to move");
	ck_hides(mover, "you to move");
	ck_shows(other, "h8");
	/* The mover cannot move again. */
	fake_term_type(mover, "l" FAKE_ENTER);
	ck_screen(mover, fake_term_count(mover, "●") == black_m + 1,
	    "a second stone out of turn");
}
END_TEST

START_TEST(test_leave_asks_in_game)
{
	char			 code[16], yours[64];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	(void)game(a, b, code, sizeof code);
	fake_term_type(a, "q");
	ck_shows(a, "Leave the table?");
	ck_shows(a, "gamehall - Table ");
	fake_term_type(a, "n");			/* stays */
	ck_hides(a, "Leave the table?");
	ck_shows(a, "gamehall - Table ");
	fake_term_type(a, "q");
	fake_term_type(a, "y");
	ck_shows(a, "gamehall - Lobby");
	/* The seat stays his: the table is listed as his, selected. */
	ck_assert_uint_eq(tables_open(), 1);
	snprintf(yours, sizeof yours, "%s", code);
	ck_screen(a, fake_term_find(a, yours) > 0, "the table in the lobby");
	ck_shows(a, "yours");
	/* Enter goes back to it. */
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
}
END_TEST

/*
 * Ctrl-C in one's own running game asks first: a second Ctrl-C leaves the
 * hall (the seat is held, as for a dropped line), any other key stays.
 * Someone who only watches leaves at once.
 */
START_TEST(test_ctrl_c_asks_in_game)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*w = fake_term_guest(fh);

	(void)game(a, b, code, sizeof code);
	fake_term_type(a, "\x03");
	ck_shows(a, "Quit the hall?");
	ck_assert_int_eq(a->closes, 0);
	fake_term_type(a, "v");			/* stays */
	ck_hides(a, "Quit the hall?");
	fake_term_type(a, "\x03");
	ck_assert_int_eq(a->closes, 0);
	fake_term_type(a, "\x03");
	ck_assert_int_eq(a->closes, 1);
	/* in the chat line too */
	fake_term_type(b, "c");
	fake_term_type(b, "\x03");
	ck_shows(b, "Quit the hall?");
	ck_assert_int_eq(b->closes, 0);
	/* a watcher */
	fake_term_type(w, "w");
	ck_shows(w, "watching");
	fake_term_type(w, "\x03");
	ck_assert_int_eq(w->closes, 1);
}
END_TEST

/* Join from the lobby's list, and watch: the watcher sees the game. */
START_TEST(test_join_and_watch_from_list)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*c = fake_term_guest(fh);
	struct fake_term	*mover;
	int			 black;

	create_table(a, code, sizeof code);
	ck_shows(b, "Tables (1)");
	/* The only table is selected: Enter joins it, and sits down. */
	fake_term_type(b, FAKE_ENTER);
	ck_shows(b, "gamehall - Table ");
	ck_screen(b, fake_term_find(b, code) == 0, "B at A's table");
	ck_shows(b, "waiting for ");
	ck_shows(c, "2/2");
	fake_term_type(c, "w");
	ck_screen(c, fake_term_find(c, code) == 0, "C at A's table");
	ck_shows(c, "watching");		/* not seated: no moves */
	fake_term_type(a, "g");
	mover = to_move(a, b);
	ck_hides(c, "you to move");
	black = fake_term_count(c, "●");
	fake_term_type(mover, FAKE_ENTER);
	ck_screen(c, fake_term_count(c, "●") == black + 1, "the watcher");
	/* The watcher cannot play. */
	fake_term_type(c, FAKE_ENTER);
	ck_shows(c, "you are watching");
}
END_TEST

START_TEST(test_empty_table_freed_later)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	const struct conn_handler *h = hall_conn_handler();
	struct client		*ca = fake_term_client(a);
	struct hall		*hall = fake_hall_hall(fh);

	create_table(a, code, sizeof code);
	ck_shows(b, "Tables (1)");
	ck_assert_ptr_nonnull(ca);
	ck_assert_ptr_nonnull(ca->table);

	/* q at a table with no game running: no question, back at once.
	 * Called as conn.c calls it, so nothing of the loop runs. */
	h->input(ca, (const unsigned char *)"q", 1);
	ck_assert_ptr_null(ca->table);
	ck_assert(ca->in_lobby);
	/* Empty now, but freed only from the loop, after this call. */
	ck_assert_uint_eq(tables_open(), 1);
	ck_assert(table_is_empty(table_list_first(hall->tables)));
	event_base_loop(hall->base, EVLOOP_NONBLOCK);
	ck_assert_uint_eq(tables_open(), 0);

	fake_hall_settle(fh);
	ck_shows(a, "gamehall - Lobby");
	ck_shows(a, "Tables (0)");
	ck_shows(b, "Tables (0)");
	ck_shows(b, "No tables are open.");
	ck_screen(b, fake_term_find(b, code) < 0, "the code still listed");
}
END_TEST

/* A game that ends: resigning asks first; once it is over q asks nothing,
 * and when both players have gone the table is freed. */
START_TEST(test_resign_then_both_leave)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*c = fake_term_guest(fh);

	(void)game(a, b, code, sizeof code);
	fake_term_type(a, "r");
	ck_shows(a, "Resign this game? y/n");
	fake_term_type(a, "n");
	ck_hides(a, "Resign this game?");
	ck_hides(a, "game over");
	fake_term_type(a, "r" "y");
	ck_shows(a, "game over");
	ck_shows(b, "game over");
	ck_shows(b, "g again");

	fake_term_type(a, "q");			/* no question now */
	ck_hides(a, "Leave the table?");
	ck_shows(a, "gamehall - Lobby");
	ck_assert_uint_eq(tables_open(), 1);
	ck_shows(c, "1/2");			/* A's seat is free again */
	fake_term_type(b, "q");
	ck_shows(b, "gamehall - Lobby");
	ck_assert_uint_eq(tables_open(), 0);
	ck_shows(c, "No tables are open.");
}
END_TEST

/* The table's chat reaches the table, not the lobby. */
START_TEST(test_table_chat)
{
	char			 code[16], line[128];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*c = fake_term_guest(fh);

	create_table(a, code, sizeof code);
	join_by_code(b, code);
	fake_term_type(a, "c" "good luck" FAKE_ENTER);
	snprintf(line, sizeof line, "%s: good luck", a->name);
	ck_screen(b, fake_term_find(b, line) > 0, "the line at B's table");
	ck_hides(c, "good luck");
	/* Keys typed into the chat line are text, not table keys. */
	fake_term_type(a, "q");
	ck_shows(a, "gamehall - Table ");
	fake_term_type(a, FAKE_ESC);
	fake_term_type(a, "q");
	ck_shows(a, "gamehall - Lobby");
}
END_TEST

/* The form's choices make the table: Right on the variant row. */
START_TEST(test_create_form_variant)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	fake_term_type(a, "n");
	ck_shows(a, "gomoku");
	/* gomoku, freestyle, standard, renju. */
	fake_term_type(a, "\033[C" "\033[C" "\033[C");
	ck_shows(a, "renju");
	fake_term_type(a, FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
	ck_shows(a, "renju");
	fake_term_title_word(a, "Table ", code, sizeof code);
	ck_screen(b, fake_term_find(b, code) > 0, "the table in B's lobby");
	ck_shows(b, "renju");
}
END_TEST

/* `ssh -t host new VARIANT` and `join CODE` land at the table. */
START_TEST(test_exec_commands)
{
	char			 code[16], text[64];
	struct fake_term	*a, *b, *c;

	/* A link goes where it says: straight to the table, as a guest. */
	a = fake_term_connect_with(fh, 80, 24, NULL, "new connect6");
	ck_hides(a, "Welcome to gamehall");
	ck_shows(a, "gamehall - Table ");
	ck_shows(a, "Connect6");
	fake_term_title_word(a, "Table ", code, sizeof code);

	snprintf(text, sizeof text, "join %s", code);
	b = fake_term_connect_with(fh, 80, 24, NULL, text);
	ck_shows(b, "You play as guest-");	/* and how to log in */
	ck_shows(b, "ssh -t NAME@");
	snprintf(text, sizeof text, "gamehall - Table %s", code);
	ck_screen(b, fake_term_find(b, text) == 0, "B not at the table");
	ck_shows(b, "waiting for ");		/* seated: the host starts */

	c = fake_term_connect_with(fh, 80, 24, NULL, "join 22222");
	ck_shows(c, "gamehall - Lobby");
	ck_shows(c, "no such table 22222");
}
END_TEST

/* A player whose connection drops is shown away; the game waits. */
START_TEST(test_player_drops)
{
	char			 code[16], away[80];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	(void)game(a, b, code, sizeof code);
	snprintf(away, sizeof away, "%s away", b->name);
	ck_hides(a, "away");
	fake_term_hangup(b);
	ck_screen(a, fake_term_find(a, away) > 0, "B not away");
	ck_assert_uint_eq(tables_open(), 1);
}
END_TEST

/* The turn clock on every screen at the table, a frame a second that
 * changes only its digits. */
START_TEST(test_clock_ticks)
{
	char			 code[16];
	struct fake_term	*a, *b, *w, *mover;
	size_t			 from[3];
	struct fake_term	*all[3];

	a = fake_term_connect_with(fh, 80, 24, NULL, "new gomoku timer=60");
	ck_shows(a, "gamehall - Table ");
	fake_term_title_word(a, "Table ", code, sizeof code);
	b = fake_term_guest(fh);
	join_by_code(b, code);
	w = fake_term_guest(fh);
	fake_term_type(w, "c");
	fake_term_type(w, code);
	fake_term_type(w, FAKE_ENTER);
	fake_term_type(a, "g");
	mover = to_move(a, b);
	all[0] = a;
	all[1] = b;
	all[2] = w;
	for (int i = 0; i < 3; i++)
		ck_shows(all[i], " 1:00");
	fake_hall_spin(fh, 1000);
	for (int i = 0; i < 3; i++)
		from[i] = all[i]->nout;
	/* One second: 0:59 to 0:58, one digit. */
	fake_hall_spin(fh, 1000);
	for (int i = 0; i < 3; i++) {
		ck_shows(all[i], " 0:58");
		ck_hides(all[i], " 0:59");
		/* Only the digit: a cursor move, one cell and the cursor put
		 * back are all a tick may cost. */
		ck_assert_msg(all[i]->nout - from[i] < 20, "a tick cost %zu "
		    "bytes: %.*s", all[i]->nout - from[i],
		    (int)(all[i]->nout - from[i]), all[i]->out + from[i]);
	}
	/* The last ten seconds stand out, then the time is up. */
	fake_hall_spin(fh, 49000);
	ck_shows(mover, " 0:09");
	fake_hall_spin(fh, 9500);
	fake_hall_wait_worker(fh);
	ck_shows(a, "time is up");
	ck_shows(a, "(t)");
}
END_TEST

/* The host seats the computer in the free seat and starts. */
START_TEST(test_host_seats_the_computer)
{
	char			 code[16];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	create_table(a, code, sizeof code);
	fake_term_type(a, "C");
	ck_shows(a, "Seat the computer at which level?");
	fake_term_type(a, FAKE_ESC);		/* no: the keys show */
	ck_shows(a, "C computer");
	fake_term_type(a, "C");
	fake_term_type(a, "9");			/* not a level: still asked */
	ck_shows(a, "Seat the computer at which level?");
	fake_term_type(a, "2");
	ck_shows(a, "CPU (easy)");
	fake_term_type(a, "C");
	fake_term_type(a, "3");
	ck_shows(a, "every seat is taken");
	/* Only the host may: b watching is refused. */
	join_by_code(b, code);
	fake_term_type(b, "C");
	fake_term_type(b, "1");
	ck_shows(b, "only the host");
	fake_term_type(a, "g");
	ck_shows(a, "to move");
	ck_shows(a, "unrated");
}
END_TEST

/* Saved tables come back at start; one the engine refuses is archived,
 * and the hall starts all the same. */
START_TEST(test_restore_and_archive)
{
	struct hall		*hall = fake_hall_hall(fh);
	struct table_spec	 spec;
	struct table		*t;
	char			 err[256], *text, code[TABLE_CODE_SIZE];
	int64_t			 archived = -1;

	ck_assert_int_eq(table_spec_parse_line(&spec, "renju", err,
	    sizeof err), 0);
	t = table_new(hall->tables, &spec, NULL, err, sizeof err);
	ck_assert_ptr_nonnull(t);
	snprintf(code, sizeof code, "%s", table_code(t));
	text = table_save(t);
	table_free(t);
	ck_assert_int_eq(store_table_save(hall->store, code, text, 1),
	    STORE_OK);
	ck_assert_int_eq(store_table_save(hall->store, "ZZZZZ",
	    "gamehall-table 1\ncode ZZZZZ\nspec renju\nphase playing\n"
	    "record renju moves h8 h8\n", 1), STORE_OK);
	free(text);
	hall_restore(hall);
	ck_assert_ptr_nonnull(table_list_find(hall->tables, code));
	ck_assert_ptr_null(table_list_find(hall->tables, "ZZZZZ"));
	ck_assert_int_eq(store_table_archived(hall->store, &archived),
	    STORE_OK);
	ck_assert_int_eq(archived, 1);
}
END_TEST

/* Without public_host the share line names the address the player
 * reached, not the machine's name, which friends elsewhere cannot use. */
START_TEST(test_share_line_address)
{
	struct config		*cfg = (struct config *)fake_hall_hall(fh)->cfg;
	struct fake_term	*a = fake_term_guest(fh);
	struct conn_info	*info = conn_info_mutable(a->conn);
	char			 code[16];

	cfg->public_host[0] = '\0';
	snprintf(info->local, sizeof info->local, "192.0.2.7");
	info->local_loopback = false;
	create_table(a, code, sizeof code);
	ck_shows(a, "-t 192.0.2.7 join ");
	/* A loopback address helps nobody: the machine's name then. */
	snprintf(info->local, sizeof info->local, "127.0.0.1");
	info->local_loopback = true;
	fake_term_type(a, FAKE_CTRL_L);
	ck_hides(a, "-t 127.0.0.1 join ");
	ck_hides(a, "-t 192.0.2.7 join ");
}
END_TEST

static Suite *
hall_tables_suite(void)
{
	Suite	*s = suite_create("hall-screens-table");
	TCase	*tc;

	tc = fake_hall_tcase("tables");
	tcase_add_test(tc, test_create_table_listed);
	tcase_add_test(tc, test_join_by_code_bad);
	tcase_add_test(tc, test_play_a_stone);
	tcase_add_test(tc, test_leave_asks_in_game);
	tcase_add_test(tc, test_ctrl_c_asks_in_game);
	tcase_add_test(tc, test_join_and_watch_from_list);
	tcase_add_test(tc, test_empty_table_freed_later);
	tcase_add_test(tc, test_resign_then_both_leave);
	tcase_add_test(tc, test_table_chat);
	tcase_add_test(tc, test_create_form_variant);
	tcase_add_test(tc, test_exec_commands);
	tcase_add_test(tc, test_player_drops);
	tcase_add_test(tc, test_clock_ticks);
	tcase_add_test(tc, test_host_seats_the_computer);
	tcase_add_test(tc, test_restore_and_archive);
	tcase_add_test(tc, test_share_line_address);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(hall_tables_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
