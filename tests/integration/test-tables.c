/*
 * test-tables.c - tables over real SSH to a real gamehalld, as people play:
 * opening a table with `ssh host new gomoku`, joining and watching by code
 * (the lobby's form and `ssh host join CODE` / `watch CODE`), playing to
 * five with a watcher seeing every move and the result stored with
 * ratings, restricted points (blocked in gomoku, losing in renju), a swap2
 * opening with its choice, Connect6's two stones, four-player shogi
 * through a check-priority reply and an elimination (real moves from the
 * start), private tables, the table chat apart from the lobby's, and clear
 * one-line answers to wrong commands.
 *
 * Moves are typed after ':' (the table screen's "type a move"), one of the
 * ways a person plays; the cursor and the mouse are tried too.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/integration/harness.h"
#include "tests/integration/tclient.h"
#include "tests/integration/players.h"

/* ---- gomoku to five, watched -------------------------------------------------- */

START_TEST(test_gomoku_five_watched)
{
	static const char *const black[] = { "h8", "i8", "j8", "k8", "l8" };
	static const char *const white[] = { "a1", "a2", "a3", "a4" };
	struct harness *h = players_start();
	struct tclient *alice, *bob, *carol, *b, *w, *all[3];
	char code[8], cmd[32];
	int ply = 0;

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	/* carol watches by the exec command. */
	snprintf(cmd, sizeof cmd, "watch %s", code);
	carol = players_member(h, "carol", cmd);
	players_wait(carol, code);
	players_wait(alice, "1 watching");
	players_colours(alice, bob, &b, &w, all);
	all[2] = carol;
	/* A move out of turn is refused with the reason. */
	players_move(w, "a5");
	players_wait(w, "it is not your turn");
	for (int i = 0; i < 5; i++) {
		players_move(b, black[i]);
		players_seen(all, 3, ++ply, black[i]);
		if (i == 4)
			break;
		players_move(w, white[i]);
		players_seen(all, 3, ++ply, white[i]);
	}
	for (int i = 0; i < 3; i++)
		players_wait(all[i], "wins: five");
	/* Rated: both players' new ratings show beside their names. */
	players_wait(alice, "1662?");
	players_wait(alice, "1338?");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	players_stop(h);
}
END_TEST

/* ---- restricted points ---------------------------------------------------------- */

START_TEST(test_gomoku_restricted_blocked)
{
	static const char *const black[] = { "i8", "j8", "h9", "h10" };
	static const char *const white[] = { "a1", "a3", "a5", "a7" };
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int ply = 0;

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku restrict=on", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	for (int i = 0; i < 4; i++) {
		players_move(b, black[i]);
		players_seen(all, 2, ++ply, black[i]);
		players_move(w, white[i]);
		players_seen(all, 2, ++ply, white[i]);
	}
	/* h8 is marked, and refused with the reason. */
	players_wait(b, "\xc3\x97");	/* × */
	players_move(b, "h8");
	players_wait(b, "h8 is restricted for black (double-three)");
	players_move(b, "o15");
	players_seen(all, 2, ++ply, "o15");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

START_TEST(test_renju_restricted_loses)
{
	static const char *const black[] = { "h8", "h7", "i7", "g8", "g9",
	    "g7" };
	static const char *const white[] = { "h9", "a1", "a3", "a5", "a7" };
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int ply = 0;

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "renju", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	for (int i = 0; i < 6; i++) {
		players_move(b, black[i]);
		players_seen(all, 2, ++ply, black[i]);
		if (i == 5)
			break;
		players_move(w, white[i]);
		players_seen(all, 2, ++ply, white[i]);
	}
	/* The result as both see it (the line may wrap anywhere): black
	 * is last, and the reason is given. */
	for (int i = 0; i < 2; i++) {
		char text[64];
		int row;

		players_wait(all[i], "1st");
		snprintf(text, sizeof text, "\xe2\x97\x8f %s", b == alice ?
		    "alice" : "bob");
		ck_assert(tclient_find(all[i], text, &row, NULL));
		ck_assert_ptr_nonnull(strstr(tclient_row(all[i], row), "2nd"));
		players_wait(all[i], "restricted");
		players_wait(all[i], "(double-three)");
	}
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* ---- swap2 and Connect6 ------------------------------------------------------------ */

START_TEST(test_swap2_choice)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *p1, *p2, *all[2];
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "freestyle opening=swap2", &alice, &bob, code);
	all[0] = alice;
	all[1] = bob;
	/* P1 (the first player, drawn at random) places three stones. */
	p1 = tclient_find(alice, "you to move", NULL, NULL) ? alice : bob;
	p2 = p1 == alice ? bob : alice;
	players_wait(p1, "the opening's black stone");
	players_move(p1, "h8");
	players_seen(all, 2, 1, "h8");
	players_move(p1, "h9");
	players_move(p1, "i8");
	players_seen(all, 2, 3, "i8");
	/* The choice, and whose it is, for both to see. */
	players_wait(p2, "you choose: black (b), white (w) or two");
	players_wait(p1, "chooses: black (b), white (w) or");
	/* The choice's keys are in the chooser's key line. */
	players_wait(p2, "b black  w white  m two more  : type  c chat  Esc lobby");
	ck_assert(!tclient_find(p1, "b black  w white", NULL, NULL));
	/* Not p1's choice. */
	ck_assert_int_eq(tclient_type(p1, "w"), 0);
	players_wait(p1, "not your turn");
	ck_assert_int_eq(tclient_type(p2, "m"), 0);
	players_wait(p2, "4.@more");
	players_move(p2, "j10");
	players_move(p2, "a1");
	players_seen(all, 2, 6, "a1");
	players_wait(p1, "you choose: black (b) or white (w)");
	ck_assert_int_eq(tclient_type(p1, "w"), 0);
	players_wait(p1, "7.@white");
	/* p1 is white now and moves. */
	players_wait(p1, "you to move");
	players_move(p1, "b2");
	players_seen(all, 2, 8, "b2");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

START_TEST(test_connect6_two_stones)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "connect6", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	players_move(b, "j10");
	players_seen(all, 2, 1, "j10");
	players_wait(w, "you to move: stone 1 of 2");
	players_move(w, "a1");
	players_wait(w, "you to move: stone 2 of 2");
	/* Still white's turn: black may not play. */
	players_move(b, "k10");
	players_wait(b, "it is not your turn");
	players_move(w, "a2");
	players_seen(all, 2, 3, "a2");
	players_wait(b, "you to move: stone 1 of 2");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* ---- four-player shogi ---------------------------------------------------------------- */

/*
 * Real moves from the start: West opens his file, North's rook checks him
 * from 9b (East and South are skipped: check priority), West blocks with
 * his gold (out of turn), North takes it with check, and West, with no
 * move left, is out.  S and E make quiet pawn moves meanwhile.
 */
static const struct {
	char seat;
	const char *move;
} yonin_game[] = {
	{ 'S', "5g5f" }, { 'W', "9c8c" }, { 'N', "6b6c" }, { 'E', "2d3d" },
	{ 'S', "6h6g" }, { 'W', "8c7d" }, { 'N', "4b4c" }, { 'E', "2f3f" },
	{ 'S', "4h4g" }, { 'W', "9d8c" }, { 'N', "5b9b" },
	/* W is in check and answers at once. */
	{ 'W', "8c9c" }, { 'N', "9b9c" },
};

START_TEST(test_yonin_check_priority_and_elimination)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };
	struct harness *h = players_start();
	struct tclient *p[4], *by_seat[4];
	const char *name_at[4] = { NULL };
	char code[8], cmd[32], text[64];

	if (h == NULL)
		return;
	players_accounts(h);
	p[0] = players_member(h, "alice", "new yonin");
	players_code(p[0], code);
	snprintf(cmd, sizeof cmd, "join %s", code);
	for (int i = 1; i < 4; i++) {
		p[i] = players_member(h, names[i], cmd);
		players_wait(p[i], "Share: ssh");
	}
	players_wait(p[0], "waiting for alice to start");
	ck_assert_int_eq(tclient_type(p[0], "g"), 0);
	/* Who sits where this game (the first seat is drawn at random). */
	for (int i = 0; i < 4; i++) {
		players_wait(p[i], "to move");
		for (int s = 0; s < 4; s++) {
			snprintf(text, sizeof text, "%c %s", "SWNE"[s], names[i]);
			if (tclient_find(p[0], text, NULL, NULL)) {
				by_seat[s] = p[i];
				name_at[s] = names[i];
			}
		}
	}
	for (size_t i = 0; i < sizeof yonin_game / sizeof yonin_game[0]; i++) {
		struct tclient *mover = by_seat[strchr("SWNE",
		    yonin_game[i].seat) - "SWNE"];

		if (i == 11) {
			/* N's rook checks W: W moves next, out of turn. */
			players_wait(by_seat[1], "you to move");
			players_wait(by_seat[1], "check");
		}
		if (i == 0) {
			/* South's first move with the keys: the cursor starts
			 * on 5e; down twice to his pawn on 5g, pick it up
			 * (its one destination, 5f, is marked), up, put it
			 * down. */
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_DOWN), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_DOWN), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_ENTER), 0);
			players_wait(mover, "*");
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_UP), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_ENTER), 0);
		} else
			players_move(mover, yonin_game[i].move);
		for (int k = 0; k < 4; k++) {
			snprintf(text, sizeof text, "%zu.%s", i + 1,
			    yonin_game[i].move);
			players_wait(p[k], text);
		}
	}
	/* W is out: the seat list says so, the chat says by whom (it may
	 * wrap anywhere), N has W's gold in hand. */
	snprintf(text, sizeof text, "W %s 1500? out", name_at[1]);
	for (int k = 0; k < 4; k++) {
		players_wait(p[k], "is out,");
		players_wait(p[k], text);
	}
	/* The board shows W's king overturned: × K. */
	players_wait(by_seat[2], "\xc3\x97K");
	for (int k = 0; k < 4; k++)
		tclient_free(p[k]);
	players_stop(h);
}
END_TEST

/* ---- private tables, chat, wrong commands ------------------------------------------------ */

START_TEST(test_private_unlisted_and_chat_apart)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *carol;
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	/* A listed table and a private one. */
	carol = players_member(h, "carol", "new renju");
	players_code(carol, code);
	alice = players_member(h, "alice", "new gomoku private=yes");
	{
		char priv[8];

		players_code(alice, priv);
		bob = players_member(h, "bob", NULL);
		players_wait(bob, "Online (");
		/* The lobby lists carol's table, not alice's. */
		players_wait(bob, code);
		ck_assert(!tclient_find(bob, priv, NULL, NULL));
		/* alice talks at her table; bob in the lobby hears nothing. */
		ck_assert_int_eq(tclient_type(alice, "c"), 0);
		players_line(alice, "only for this table");
		players_wait(alice, "alice: only for this table");
		ck_assert_int_eq(tclient_type(bob, "t"), 0);
		players_line(bob, "hello lobby");
		players_wait(bob, "hello lobby");
		ck_assert(!tclient_find(bob, "only for this table", NULL, NULL));
		/* bob joins the private table by its code (the lobby's form). */
		ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ESCAPE), 0);
		usleep(200 * 1000);
		ck_assert_int_eq(tclient_type(bob, "c"), 0);
		players_wait(bob, "Table code");
		players_line(bob, priv);
		players_wait(bob, "Share: ssh");
		players_wait(bob, "only for this table");
		ck_assert(!tclient_find(bob, "hello lobby", NULL, NULL));
		ck_assert(!tclient_find(alice, "hello lobby", NULL, NULL));
	}
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	players_stop(h);
}
END_TEST

START_TEST(test_wrong_commands)
{
	struct harness *h = players_start();
	struct tclient *tc;

	if (h == NULL)
		return;
	tc = players_person(h, "someone", NULL, "new chess");
	players_wait(tc, "unknown variant: chess (gomoku, freestyle, standard, "
	    "renju, connect6, yonin)");
	tclient_free(tc);
	tc = players_person(h, "someone", NULL, "new gomoku size=17");
	players_wait(tc, "size");
	players_wait(tc, "17");
	tclient_free(tc);
	tc = players_person(h, "someone", NULL, "new gomoku timer=45");
	players_wait(tc, "bad value for timer: 45 (none, 30 or 60)");
	tclient_free(tc);
	tc = players_person(h, "someone", NULL, "join ZZZZZ");
	players_wait(tc, "no such table ZZZZZ");
	tclient_free(tc);
	tc = players_person(h, "someone", NULL, "watch AB");
	players_wait(tc, "no such table AB");
	tclient_free(tc);
	players_stop(h);
}
END_TEST

/* ---- the share line names the hall as the sysop publishes it ------------------------ */

START_TEST(test_share_line_public_host)
{
	static const char *const settings[] = {
		"public_host=games.example.org", "public_port=22", NULL
	};
	struct harness *h;
	struct tclient *tc;
	char code[8], line[64];

	if (harness_daemon_path() == NULL)
		return;
	h = harness_start(settings);
	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	tc = players_person(h, "someone", NULL, "new gomoku");
	players_code(tc, code);
	/* Port 22 needs no -p; the host is the published one. */
	snprintf(line, sizeof line, "Share: ssh -t games.example.org join %s",
	    code);
	players_wait(tc, line);
	tclient_free(tc);
	players_stop(h);
}
END_TEST

/* ---- the lobby: the create form, the list ---------------------------------------------- */

START_TEST(test_lobby_create_and_join)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob;
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	alice = players_member(h, "alice", NULL);
	players_wait(alice, "Online (");
	ck_assert_int_eq(tclient_type(alice, "n"), 0);
	players_wait(alice, "Open a new table");
	players_wait(alice, "< Gomoku >");
	/* Variant: one to the right; then the opening row: swap2. */
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	players_wait(alice, "< Freestyle gomoku >");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	players_wait(alice, "< swap2 >");
	players_wait(alice, "freestyle opening=swap2 timer=none rated=yes");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	players_code(alice, code);
	players_wait(alice, "Freestyle gomoku swap2");
	/* bob finds it in the lobby's list and joins with Enter. */
	bob = players_member(h, "bob", NULL);
	players_wait(bob, code);
	players_wait(bob, "freestyle");
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ENTER), 0);
	players_wait(bob, "Share: ssh");
	players_wait(alice, "bob sits down in seat 2");
	/* Each sees the keys that are his: the host's only to the host. */
	players_wait(bob, "s stand  c chat  Esc lobby");
	ck_assert(!tclient_find(bob, "g start", NULL, NULL));
	ck_assert(!tclient_find(bob, "K kick", NULL, NULL));
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_PAGEDOWN), 0);
	players_wait(alice, "g start  s stand  K kick  H host  c chat  Esc lobby");
	/* Back to the lobby before the game: bob's seat is free again. */
	ck_assert_int_eq(tclient_type(bob, "q"), 0);
	players_wait(bob, "Online (");
	players_wait(alice, "waiting for 1 more player");
	/* bob comes back; alice passes hosting to him, he sends her away. */
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ENTER), 0);
	players_wait(alice, "bob sits down in seat 2");
	ck_assert_int_eq(tclient_type(alice, "H"), 0);
	/* Two seats at this table: 1-2, and 3 is no answer. */
	players_wait(alice, "Pass hosting to which seat? 1-2 (Esc: keep it)");
	ck_assert_int_eq(tclient_type(alice, "3"), 0);
	ck_assert_int_eq(tclient_type(alice, "2"), 0);
	players_wait(bob, "alice hands hosting to bob");
	players_wait(bob, "g start  s stand  K kick  H host");
	ck_assert_int_eq(tclient_type(bob, "K"), 0);
	players_wait(bob, "Send away the player in which seat? 1-2 (Esc: no one)");
	ck_assert_int_eq(tclient_type(bob, "1"), 0);
	players_wait(alice, "The host asked you to leave table");
	players_wait(alice, "Online (");
	players_wait(bob, "bob asked alice to leave");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* ---- the cursor and the mouse ---------------------------------------------------------- */

START_TEST(test_cursor_and_click)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int row, col;

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	/* The keys of a game in play, the way back last. */
	players_wait(b, "r resign  d draw  u undo  c chat  Esc lobby");
	/* The cursor starts on h8: Enter places there; then right, Enter. */
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_ENTER), 0);
	players_seen(all, 2, 1, "h8");
	/* White clicks on the point of a1 (row " 1", column a). */
	ck_assert(tclient_find(w, " 1 \xe2\x94\x94", &row, &col));	/* └ */
	ck_assert_int_eq(tclient_click(w, row, col + 3), 0);
	players_seen(all, 2, 2, "a1");
	ck_assert_int_eq(tclient_type(b, "l"), 0);
	ck_assert_int_eq(tclient_type(b, " "), 0);
	players_seen(all, 2, 3, "i8");
	/* Resign, with a question first. */
	ck_assert_int_eq(tclient_type(w, "r"), 0);
	players_wait(w, "Resign this game? y/n");
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	players_wait(b, "resigned");
	players_wait(w, "resigned");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/* ---- answers, leaving and coming back -------------------------------------------------- */

/* A draw offer and a request to take a move back are both answered y/n. */
START_TEST(test_answers_yes_no)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	players_two(h, "gomoku", &alice, &bob, code);
	players_colours(alice, bob, &b, &w, all);
	players_move(b, "h8");
	players_seen(all, 2, 1, "h8");
	ck_assert_int_eq(tclient_type(w, "d"), 0);
	players_wait(b, "offers a draw: y accept, n decline");
	ck_assert_int_eq(tclient_type(b, "n"), 0);
	players_wait(w, "declines the draw");
	players_move(w, "a1");
	players_seen(all, 2, 2, "a1");
	ck_assert_int_eq(tclient_type(w, "u"), 0);
	players_wait(b, "asks to take back a move: y agree, n refuse");
	ck_assert_int_eq(tclient_type(b, "y"), 0);
	players_wait(w, "1 move taken back");
	/* Nothing asked: y is answered so. */
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	players_wait(w, "nobody is asking you anything");
	ck_assert_int_eq(tclient_type(b, "d"), 0);
	players_wait(w, "offers a draw: y accept, n decline");
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	players_wait(b, "accepts the draw");
	players_wait(b, "game over");
	tclient_free(alice);
	tclient_free(bob);
	players_stop(h);
}
END_TEST

/*
 * Esc in one's running game asks first; said yes, the player is in the
 * lobby, which lists his private table as his (and only to him and the
 * others at it), and Enter takes him back to the game - also when he had
 * selected another table in the lobby and came by its code.
 */
START_TEST(test_leave_and_come_back)
{
	struct harness *h = players_start();
	struct tclient *alice, *bob, *carol, *dave;
	char code[8], other[8], text[96];
	int r;

	if (h == NULL)
		return;
	players_accounts(h);
	carol = players_member(h, "carol", "new renju");
	players_code(carol, other);
	alice = players_member(h, "alice", "new gomoku private=yes");
	players_code(alice, code);
	snprintf(text, sizeof text, "join %s", code);
	bob = players_member(h, "bob", text);
	players_wait(bob, "Share: ssh");
	players_wait(alice, "waiting for alice to start");
	ck_assert_int_eq(tclient_type(alice, "g"), 0);
	players_wait(alice, "to move");
	dave = players_member(h, "dave", NULL);
	players_wait(dave, other);

	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ESCAPE), 0);
	players_wait(alice, "Leave the table? Your seat stays yours: come back "
	    "from the lobby. y/n");
	ck_assert_int_eq(tclient_type(alice, "n"), 0);
	players_wait_gone(alice, "Leave the table?");
	ck_assert(tclient_find(alice, "Share: ssh", NULL, NULL));
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	players_wait(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	players_wait(alice, "Online (4)");
	/* Listed to her as hers, first, private as it is; not to dave. */
	players_wait(alice, other);
	ck_assert(tclient_find(alice, code, &r, NULL));
	ck_assert_int_eq(r, 3);
	ck_assert_ptr_nonnull(strstr(tclient_row(alice, r), "yours"));
	ck_assert(!tclient_find(dave, code, NULL, NULL));
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	snprintf(text, sizeof text, "join %s", code);
	players_wait(alice, text);
	players_wait(alice, "to move");

	/* Away again; carol's table selected; back by the code form. */
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	players_wait(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	players_wait(alice, "Online (4)");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_DOWN), 0);
	snprintf(text, sizeof text, "%s: renju", other);
	players_wait(alice, text);
	ck_assert_int_eq(tclient_type(alice, "c"), 0);
	players_wait(alice, "Table code");
	players_line(alice, code);
	snprintf(text, sizeof text, "join %s", code);
	players_wait(alice, text);
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	players_wait(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	players_wait(alice, "Online (4)");
	/* Enter goes back to the table she came from, not to carol's. */
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	players_wait(alice, text);
	players_wait(alice, "to move");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	tclient_free(dave);
	players_stop(h);
}
END_TEST

/* ---- a CPU seat from `new ... cpu=1` ------------------------------------------- */

START_TEST(test_cpu_seat_plays)
{
	struct harness *h = players_start();
	struct tclient *alice;
	char code[8];

	if (h == NULL)
		return;
	players_accounts(h);
	alice = players_member(h, "alice", "new gomoku cpu=1 level=beginner");
	players_code(alice, code);
	/* Every seat is taken: the game starts at once. */
	players_wait(alice, "CPU (beginner)");
	ck_assert(!tclient_find(alice, "away", NULL, NULL));
	players_wait(alice, "you to move");
	if (players_is_black(alice, "alice")) {
		players_move(alice, "h8");
		players_wait(alice, "1.h8");
		/* The CPU answers and it is her turn again. */
		players_wait(alice, "2.");
	} else {
		/* The CPU opened; she answers, and so does the CPU. */
		players_wait(alice, "1.");
		players_move(alice, "a1");
		players_wait(alice, "2.a1");
		players_wait(alice, "3.");
	}
	players_wait(alice, "you to move");
	/* A move taken back is granted at once in a game against the CPU. */
	ck_assert_int_eq(tclient_type(alice, "u"), 0);
	players_wait(alice, "agrees");
	players_wait(alice, "you to move");
	tclient_free(alice);
	players_stop(h);
}
END_TEST

static Suite *
tables_suite(void)
{
	Suite *s = suite_create("tables");
	TCase *tc = tcase_create("tables");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_gomoku_five_watched);
	tcase_add_test(tc, test_gomoku_restricted_blocked);
	tcase_add_test(tc, test_renju_restricted_loses);
	tcase_add_test(tc, test_swap2_choice);
	tcase_add_test(tc, test_connect6_two_stones);
	tcase_add_test(tc, test_yonin_check_priority_and_elimination);
	tcase_add_test(tc, test_private_unlisted_and_chat_apart);
	tcase_add_test(tc, test_wrong_commands);
	tcase_add_test(tc, test_share_line_public_host);
	tcase_add_test(tc, test_cursor_and_click);
	tcase_add_test(tc, test_lobby_create_and_join);
	tcase_add_test(tc, test_answers_yes_no);
	tcase_add_test(tc, test_leave_and_come_back);
	tcase_add_test(tc, test_cpu_seat_plays);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(tables_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
