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

#define WAIT_MS 30000
#define PASSWORD "correct horse"

static struct harness *
start(void)
{
	struct harness *h;

	if (harness_daemon_path() == NULL)
		return NULL;
	h = harness_start(NULL);
	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	return h;
}

static void
stop(struct harness *h)
{
	ck_assert_msg(harness_stop(h) == 0,
	    "gamehalld did not exit cleanly (see above)");
}

static void
wait_for(struct tclient *tc, const char *text)
{
	ck_assert_msg(tclient_wait_for(tc, text, WAIT_MS) == 0,
	    "\"%s\" never appeared", text);
}

static void
wait_gone_ok(struct tclient *tc, const char *text)
{
	ck_assert_msg(tclient_wait_gone(tc, text, WAIT_MS) == 0,
	    "\"%s\" never went away", text);
}

static void
type_line(struct tclient *tc, const char *text)
{
	ck_assert_int_eq(tclient_type(tc, text), 0);
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
}

/*
 * Someone connecting as `name` (running `exec` if not NULL): with the
 * password of his account (the SSH login itself: he lands in the lobby),
 * or as a guest from the welcome screen when password is NULL.
 */
static struct tclient *
person(struct harness *h, const char *name, const char *password,
    const char *exec)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(h), name);
	const char *answers[] = { password, NULL };

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "connect: %s",
	    tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, password != NULL ? answers :
	    NULL), TCLIENT_AUTH_SUCCESS);
	if (exec != NULL)
		ck_assert_int_eq(tclient_exec(tc, exec), 0);
	else
		ck_assert_int_eq(tclient_shell(tc), 0);
	if (password == NULL) {
		wait_for(tc, "Welcome to gamehall");
		ck_assert_int_eq(tclient_type(tc, "g"), 0);
		wait_for(tc, "(guest)");
	}
	return tc;
}

static struct tclient *
member(struct harness *h, const char *name, const char *exec)
{
	return person(h, name, PASSWORD, exec);
}

/* The table's code, from the share line "... join CODE". */
static void
table_code(struct tclient *tc, char code[8])
{
	int row, col;

	wait_for(tc, "Share: ssh");
	ck_assert(tclient_find(tc, " join ", &row, &col));
	ck_assert_int_eq(sscanf(tclient_row(tc, row) + col + 6, "%5s", code),
	    1);
	ck_assert_int_eq(strlen(code), 5);
}

/* A move typed after ':'. */
static void
move(struct tclient *tc, const char *m)
{
	char text[32];

	snprintf(text, sizeof text, ":%s", m);
	type_line(tc, text);
}

/* Everyone in `all` sees move number n. */
static void
seen(struct tclient **all, int n, int ply, const char *m)
{
	char text[32];

	snprintf(text, sizeof text, "%d.%s", ply, m);
	for (int i = 0; i < n; i++)
		wait_for(all[i], text);
}

/* Is `name` black at this table, as tc sees it? */
static int
is_black(struct tclient *tc, const char *name)
{
	char text[64];

	snprintf(text, sizeof text, "\xe2\x97\x8f %s", name);	/* ● */
	return tclient_find(tc, text, NULL, NULL);
}

/* alice opens `spec` with `new`, bob joins with `join CODE`; alice starts.
 * Returns who plays black first in *black (0 alice, 1 bob). */
static void
two_at_table(struct harness *h, const char *spec, struct tclient **alice,
    struct tclient **bob, char code[8])
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "new %s", spec);
	*alice = member(h, "alice", cmd);
	table_code(*alice, code);
	wait_for(*alice, "waiting for 1 more player");
	snprintf(cmd, sizeof cmd, "join %s", code);
	*bob = member(h, "bob", cmd);
	wait_for(*bob, "Share: ssh");
	wait_for(*alice, "waiting for alice to start");
	ck_assert_int_eq(tclient_type(*alice, "g"), 0);
	wait_for(*alice, "to move");
	wait_for(*bob, "to move");
}

static void
accounts(struct harness *h)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		ck_assert_int_eq(harness_add_account(h, names[i], PASSWORD), 0);
}

/* ---- gomoku to five, watched -------------------------------------------------- */

START_TEST(test_gomoku_five_watched)
{
	static const char *const black[] = { "h8", "i8", "j8", "k8", "l8" };
	static const char *const white[] = { "a1", "a2", "a3", "a4" };
	struct harness *h = start();
	struct tclient *alice, *bob, *carol, *b, *w, *all[3];
	char code[8], cmd[32];
	int ply = 0;

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "gomoku", &alice, &bob, code);
	/* carol watches by the exec command. */
	snprintf(cmd, sizeof cmd, "watch %s", code);
	carol = member(h, "carol", cmd);
	wait_for(carol, code);
	wait_for(alice, "1 watching");
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	all[2] = carol;
	/* A move out of turn is refused with the reason. */
	move(w, "a5");
	wait_for(w, "it is not your turn");
	for (int i = 0; i < 5; i++) {
		move(b, black[i]);
		seen(all, 3, ++ply, black[i]);
		if (i == 4)
			break;
		move(w, white[i]);
		seen(all, 3, ++ply, white[i]);
	}
	for (int i = 0; i < 3; i++)
		wait_for(all[i], "wins: five");
	/* Rated: both players' new ratings show beside their names. */
	wait_for(alice, "1662?");
	wait_for(alice, "1338?");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	stop(h);
}
END_TEST

/* ---- restricted points ---------------------------------------------------------- */

START_TEST(test_gomoku_restricted_blocked)
{
	static const char *const black[] = { "i8", "j8", "h9", "h10" };
	static const char *const white[] = { "a1", "a3", "a5", "a7" };
	struct harness *h = start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int ply = 0;

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "gomoku restrict=on", &alice, &bob, code);
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	for (int i = 0; i < 4; i++) {
		move(b, black[i]);
		seen(all, 2, ++ply, black[i]);
		move(w, white[i]);
		seen(all, 2, ++ply, white[i]);
	}
	/* h8 is marked, and refused with the reason. */
	wait_for(b, "\xc3\x97");	/* × */
	move(b, "h8");
	wait_for(b, "h8 is restricted for black (double-three)");
	move(b, "o15");
	seen(all, 2, ++ply, "o15");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
}
END_TEST

START_TEST(test_renju_restricted_loses)
{
	static const char *const black[] = { "h8", "h7", "i7", "g8", "g9",
	    "g7" };
	static const char *const white[] = { "h9", "a1", "a3", "a5", "a7" };
	struct harness *h = start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int ply = 0;

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "renju", &alice, &bob, code);
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	for (int i = 0; i < 6; i++) {
		move(b, black[i]);
		seen(all, 2, ++ply, black[i]);
		if (i == 5)
			break;
		move(w, white[i]);
		seen(all, 2, ++ply, white[i]);
	}
	/* The result as both see it (the line may wrap anywhere): black
	 * is last, and the reason is given. */
	for (int i = 0; i < 2; i++) {
		char text[64];
		int row;

		wait_for(all[i], "1st");
		snprintf(text, sizeof text, "\xe2\x97\x8f %s", b == alice ?
		    "alice" : "bob");
		ck_assert(tclient_find(all[i], text, &row, NULL));
		ck_assert_ptr_nonnull(strstr(tclient_row(all[i], row), "2nd"));
		wait_for(all[i], "restricted");
		wait_for(all[i], "(double-three)");
	}
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
}
END_TEST

/* ---- swap2 and Connect6 ------------------------------------------------------------ */

START_TEST(test_swap2_choice)
{
	struct harness *h = start();
	struct tclient *alice, *bob, *p1, *p2, *all[2];
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "freestyle opening=swap2", &alice, &bob, code);
	all[0] = alice;
	all[1] = bob;
	/* P1 (the first player, drawn at random) places three stones. */
	p1 = tclient_find(alice, "you to move", NULL, NULL) ? alice : bob;
	p2 = p1 == alice ? bob : alice;
	wait_for(p1, "the opening's black stone");
	move(p1, "h8");
	seen(all, 2, 1, "h8");
	move(p1, "h9");
	move(p1, "i8");
	seen(all, 2, 3, "i8");
	/* The choice, and whose it is, for both to see. */
	wait_for(p2, "you choose: black (b), white (w) or two");
	wait_for(p1, "chooses: black (b), white (w) or");
	/* The choice's keys are in the chooser's key line. */
	wait_for(p2, "b black  w white  m two more  : type  c chat  Esc lobby");
	ck_assert(!tclient_find(p1, "b black  w white", NULL, NULL));
	/* Not p1's choice. */
	ck_assert_int_eq(tclient_type(p1, "w"), 0);
	wait_for(p1, "not your turn");
	ck_assert_int_eq(tclient_type(p2, "m"), 0);
	wait_for(p2, "4.@more");
	move(p2, "j10");
	move(p2, "a1");
	seen(all, 2, 6, "a1");
	wait_for(p1, "you choose: black (b) or white (w)");
	ck_assert_int_eq(tclient_type(p1, "w"), 0);
	wait_for(p1, "7.@white");
	/* p1 is white now and moves. */
	wait_for(p1, "you to move");
	move(p1, "b2");
	seen(all, 2, 8, "b2");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
}
END_TEST

START_TEST(test_connect6_two_stones)
{
	struct harness *h = start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "connect6", &alice, &bob, code);
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	move(b, "j10");
	seen(all, 2, 1, "j10");
	wait_for(w, "you to move: stone 1 of 2");
	move(w, "a1");
	wait_for(w, "you to move: stone 2 of 2");
	/* Still white's turn: black may not play. */
	move(b, "k10");
	wait_for(b, "it is not your turn");
	move(w, "a2");
	seen(all, 2, 3, "a2");
	wait_for(b, "you to move: stone 1 of 2");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
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
	struct harness *h = start();
	struct tclient *p[4], *by_seat[4];
	const char *name_at[4] = { NULL };
	char code[8], cmd[32], text[64];

	if (h == NULL)
		return;
	accounts(h);
	p[0] = member(h, "alice", "new yonin");
	table_code(p[0], code);
	snprintf(cmd, sizeof cmd, "join %s", code);
	for (int i = 1; i < 4; i++) {
		p[i] = member(h, names[i], cmd);
		wait_for(p[i], "Share: ssh");
	}
	wait_for(p[0], "waiting for alice to start");
	ck_assert_int_eq(tclient_type(p[0], "g"), 0);
	/* Who sits where this game (the first seat is drawn at random). */
	for (int i = 0; i < 4; i++) {
		wait_for(p[i], "to move");
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
			wait_for(by_seat[1], "you to move");
			wait_for(by_seat[1], "check");
		}
		if (i == 0) {
			/* South's first move with the keys: the cursor starts
			 * on 5e; down twice to his pawn on 5g, pick it up
			 * (its one destination, 5f, is marked), up, put it
			 * down. */
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_DOWN), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_DOWN), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_ENTER), 0);
			wait_for(mover, "*");
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_UP), 0);
			ck_assert_int_eq(tclient_key(mover, TCLIENT_KEY_ENTER), 0);
		} else
			move(mover, yonin_game[i].move);
		for (int k = 0; k < 4; k++) {
			snprintf(text, sizeof text, "%zu.%s", i + 1,
			    yonin_game[i].move);
			wait_for(p[k], text);
		}
	}
	/* W is out: the seat list says so, the chat says by whom (it may
	 * wrap anywhere), N has W's gold in hand. */
	snprintf(text, sizeof text, "W %s 1500? out", name_at[1]);
	for (int k = 0; k < 4; k++) {
		wait_for(p[k], "is out,");
		wait_for(p[k], text);
	}
	/* The board shows W's king overturned: × K. */
	wait_for(by_seat[2], "\xc3\x97K");
	for (int k = 0; k < 4; k++)
		tclient_free(p[k]);
	stop(h);
}
END_TEST

/* ---- private tables, chat, wrong commands ------------------------------------------------ */

START_TEST(test_private_unlisted_and_chat_apart)
{
	struct harness *h = start();
	struct tclient *alice, *bob, *carol;
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	/* A listed table and a private one. */
	carol = member(h, "carol", "new renju");
	table_code(carol, code);
	alice = member(h, "alice", "new gomoku private=yes");
	{
		char priv[8];

		table_code(alice, priv);
		bob = member(h, "bob", NULL);
		wait_for(bob, "Online (");
		/* The lobby lists carol's table, not alice's. */
		wait_for(bob, code);
		ck_assert(!tclient_find(bob, priv, NULL, NULL));
		/* alice talks at her table; bob in the lobby hears nothing. */
		ck_assert_int_eq(tclient_type(alice, "c"), 0);
		type_line(alice, "only for this table");
		wait_for(alice, "alice: only for this table");
		ck_assert_int_eq(tclient_type(bob, "t"), 0);
		type_line(bob, "hello lobby");
		wait_for(bob, "hello lobby");
		ck_assert(!tclient_find(bob, "only for this table", NULL, NULL));
		/* bob joins the private table by its code (the lobby's form). */
		ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ESCAPE), 0);
		usleep(200 * 1000);
		ck_assert_int_eq(tclient_type(bob, "c"), 0);
		wait_for(bob, "Table code");
		type_line(bob, priv);
		wait_for(bob, "Share: ssh");
		wait_for(bob, "only for this table");
		ck_assert(!tclient_find(bob, "hello lobby", NULL, NULL));
		ck_assert(!tclient_find(alice, "hello lobby", NULL, NULL));
	}
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	stop(h);
}
END_TEST

START_TEST(test_wrong_commands)
{
	struct harness *h = start();
	struct tclient *tc;

	if (h == NULL)
		return;
	tc = person(h, "someone", NULL, "new chess");
	wait_for(tc, "unknown variant: chess (gomoku, freestyle, standard, "
	    "renju, connect6, yonin)");
	tclient_free(tc);
	tc = person(h, "someone", NULL, "new gomoku size=17");
	wait_for(tc, "size");
	wait_for(tc, "17");
	tclient_free(tc);
	tc = person(h, "someone", NULL, "new gomoku timer=45");
	wait_for(tc, "bad value for timer: 45 (none, 30 or 60)");
	tclient_free(tc);
	tc = person(h, "someone", NULL, "join ZZZZZ");
	wait_for(tc, "no such table ZZZZZ");
	tclient_free(tc);
	tc = person(h, "someone", NULL, "watch AB");
	wait_for(tc, "no such table AB");
	tclient_free(tc);
	stop(h);
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
	tc = person(h, "someone", NULL, "new gomoku");
	table_code(tc, code);
	/* Port 22 needs no -p; the host is the published one. */
	snprintf(line, sizeof line, "Share: ssh -t games.example.org join %s",
	    code);
	wait_for(tc, line);
	tclient_free(tc);
	stop(h);
}
END_TEST

/* ---- the lobby: the create form, the list ---------------------------------------------- */

START_TEST(test_lobby_create_and_join)
{
	struct harness *h = start();
	struct tclient *alice, *bob;
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	alice = member(h, "alice", NULL);
	wait_for(alice, "Online (");
	ck_assert_int_eq(tclient_type(alice, "n"), 0);
	wait_for(alice, "Open a new table");
	wait_for(alice, "< gomoku >");
	/* Variant: one to the right; then the opening row: swap2. */
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	wait_for(alice, "< freestyle >");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_RIGHT), 0);
	wait_for(alice, "< swap2 >");
	wait_for(alice, "freestyle opening=swap2 timer=none rated=yes");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	table_code(alice, code);
	wait_for(alice, "freestyle swap2");
	/* bob finds it in the lobby's list and joins with Enter. */
	bob = member(h, "bob", NULL);
	wait_for(bob, code);
	wait_for(bob, "freestyle");
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_DOWN), 0);
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ENTER), 0);
	wait_for(bob, "Share: ssh");
	wait_for(alice, "bob sits down in seat 2");
	/* Each sees the keys that are his: the host's only to the host. */
	wait_for(bob, "s stand  c chat  Esc lobby");
	ck_assert(!tclient_find(bob, "g start", NULL, NULL));
	ck_assert(!tclient_find(bob, "K kick", NULL, NULL));
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_PAGEDOWN), 0);
	wait_for(alice, "g start  s stand  K kick  H host  c chat  Esc lobby");
	/* Back to the lobby before the game: bob's seat is free again. */
	ck_assert_int_eq(tclient_type(bob, "q"), 0);
	wait_for(bob, "Online (");
	wait_for(alice, "waiting for 1 more player");
	/* bob comes back; alice passes hosting to him, he sends her away. */
	ck_assert_int_eq(tclient_key(bob, TCLIENT_KEY_ENTER), 0);
	wait_for(alice, "bob sits down in seat 2");
	ck_assert_int_eq(tclient_type(alice, "H"), 0);
	/* Two seats at this table: 1-2, and 3 is no answer. */
	wait_for(alice, "Pass hosting to which seat? 1-2 (Esc: keep it)");
	ck_assert_int_eq(tclient_type(alice, "3"), 0);
	ck_assert_int_eq(tclient_type(alice, "2"), 0);
	wait_for(bob, "alice hands hosting to bob");
	wait_for(bob, "g start  s stand  K kick  H host");
	ck_assert_int_eq(tclient_type(bob, "K"), 0);
	wait_for(bob, "Send away the player in which seat? 1-2 (Esc: no one)");
	ck_assert_int_eq(tclient_type(bob, "1"), 0);
	wait_for(alice, "The host asked you to leave table");
	wait_for(alice, "Online (");
	wait_for(bob, "bob asked alice to leave");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
}
END_TEST

/* ---- the cursor and the mouse ---------------------------------------------------------- */

START_TEST(test_cursor_and_click)
{
	struct harness *h = start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];
	int row, col;

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "gomoku", &alice, &bob, code);
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	/* The keys of a game in play, the way back last. */
	wait_for(b, "r resign  d draw  u undo  c chat  Esc lobby");
	/* The cursor starts on h8: Enter places there; then right, Enter. */
	ck_assert_int_eq(tclient_key(b, TCLIENT_KEY_ENTER), 0);
	seen(all, 2, 1, "h8");
	/* White clicks on the point of a1 (row " 1", column a). */
	ck_assert(tclient_find(w, " 1 \xe2\x94\x94", &row, &col));	/* └ */
	ck_assert_int_eq(tclient_click(w, row, col + 3), 0);
	seen(all, 2, 2, "a1");
	ck_assert_int_eq(tclient_type(b, "l"), 0);
	ck_assert_int_eq(tclient_type(b, " "), 0);
	seen(all, 2, 3, "i8");
	/* Resign, with a question first. */
	ck_assert_int_eq(tclient_type(w, "r"), 0);
	wait_for(w, "Resign this game? y/n");
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	wait_for(b, "resigned");
	wait_for(w, "resigned");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
}
END_TEST

/* ---- answers, leaving and coming back -------------------------------------------------- */

/* A draw offer and a request to take a move back are both answered y/n. */
START_TEST(test_answers_yes_no)
{
	struct harness *h = start();
	struct tclient *alice, *bob, *b, *w, *all[2];
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	two_at_table(h, "gomoku", &alice, &bob, code);
	b = is_black(alice, "alice") ? alice : bob;
	w = b == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
	move(b, "h8");
	seen(all, 2, 1, "h8");
	ck_assert_int_eq(tclient_type(w, "d"), 0);
	wait_for(b, "offers a draw: y accept, n decline");
	ck_assert_int_eq(tclient_type(b, "n"), 0);
	wait_for(w, "declines the draw");
	move(w, "a1");
	seen(all, 2, 2, "a1");
	ck_assert_int_eq(tclient_type(w, "u"), 0);
	wait_for(b, "asks to take back a move: y agree, n refuse");
	ck_assert_int_eq(tclient_type(b, "y"), 0);
	wait_for(w, "1 move taken back");
	/* Nothing asked: y is answered so. */
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	wait_for(w, "nobody is asking you anything");
	ck_assert_int_eq(tclient_type(b, "d"), 0);
	wait_for(w, "offers a draw: y accept, n decline");
	ck_assert_int_eq(tclient_type(w, "y"), 0);
	wait_for(b, "accepts the draw");
	wait_for(b, "game over");
	tclient_free(alice);
	tclient_free(bob);
	stop(h);
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
	struct harness *h = start();
	struct tclient *alice, *bob, *carol, *dave;
	char code[8], other[8], text[96];
	int r;

	if (h == NULL)
		return;
	accounts(h);
	carol = member(h, "carol", "new renju");
	table_code(carol, other);
	alice = member(h, "alice", "new gomoku private=yes");
	table_code(alice, code);
	snprintf(text, sizeof text, "join %s", code);
	bob = member(h, "bob", text);
	wait_for(bob, "Share: ssh");
	wait_for(alice, "waiting for alice to start");
	ck_assert_int_eq(tclient_type(alice, "g"), 0);
	wait_for(alice, "to move");
	dave = member(h, "dave", NULL);
	wait_for(dave, other);

	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ESCAPE), 0);
	wait_for(alice, "Leave the table? Your seat stays yours: come back "
	    "from the lobby. y/n");
	ck_assert_int_eq(tclient_type(alice, "n"), 0);
	wait_gone_ok(alice, "Leave the table?");
	ck_assert(tclient_find(alice, "Share: ssh", NULL, NULL));
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	wait_for(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	wait_for(alice, "Online (4)");
	/* Listed to her as hers, first, private as it is; not to dave. */
	wait_for(alice, other);
	ck_assert(tclient_find(alice, code, &r, NULL));
	ck_assert_int_eq(r, 3);
	ck_assert_ptr_nonnull(strstr(tclient_row(alice, r), "yours"));
	ck_assert(!tclient_find(dave, code, NULL, NULL));
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	snprintf(text, sizeof text, "join %s", code);
	wait_for(alice, text);
	wait_for(alice, "to move");

	/* Away again; carol's table selected; back by the code form. */
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	wait_for(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	wait_for(alice, "Online (4)");
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_DOWN), 0);
	snprintf(text, sizeof text, "%s: renju", other);
	wait_for(alice, text);
	ck_assert_int_eq(tclient_type(alice, "c"), 0);
	wait_for(alice, "Table code");
	type_line(alice, code);
	snprintf(text, sizeof text, "join %s", code);
	wait_for(alice, text);
	ck_assert_int_eq(tclient_type(alice, "q"), 0);
	wait_for(alice, "Leave the table?");
	ck_assert_int_eq(tclient_type(alice, "y"), 0);
	wait_for(alice, "Online (4)");
	/* Enter goes back to the table she came from, not to carol's. */
	ck_assert_int_eq(tclient_key(alice, TCLIENT_KEY_ENTER), 0);
	wait_for(alice, text);
	wait_for(alice, "to move");
	tclient_free(alice);
	tclient_free(bob);
	tclient_free(carol);
	tclient_free(dave);
	stop(h);
}
END_TEST

/* ---- a CPU seat from `new ... cpu=1` ------------------------------------------- */

START_TEST(test_cpu_seat_plays)
{
	struct harness *h = start();
	struct tclient *alice;
	char code[8];

	if (h == NULL)
		return;
	accounts(h);
	alice = member(h, "alice", "new gomoku cpu=1 level=beginner");
	table_code(alice, code);
	/* Every seat is taken: the game starts at once. */
	wait_for(alice, "CPU (beginner)");
	ck_assert(!tclient_find(alice, "away", NULL, NULL));
	wait_for(alice, "you to move");
	if (is_black(alice, "alice")) {
		move(alice, "h8");
		wait_for(alice, "1.h8");
		/* The CPU answers and it is her turn again. */
		wait_for(alice, "2.");
	} else {
		/* The CPU opened; she answers, and so does the CPU. */
		wait_for(alice, "1.");
		move(alice, "a1");
		wait_for(alice, "2.a1");
		wait_for(alice, "3.");
	}
	wait_for(alice, "you to move");
	/* A move taken back is granted at once in a game against the CPU. */
	ck_assert_int_eq(tclient_type(alice, "u"), 0);
	wait_for(alice, "agrees");
	wait_for(alice, "you to move");
	tclient_free(alice);
	stop(h);
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
