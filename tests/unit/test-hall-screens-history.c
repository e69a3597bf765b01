/*
 * test-hall-screens-history.c - the leaderboard screen, a profile's games
 * (the variant filter, head to head) and the replay of a finished game,
 * driven as a person drives them (tests/unit/fake-hall.h), on games put
 * in the hall's store as a table would have finished them.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/hall/hall-int.h"
#include "src/store/store.h"
#include "tests/unit/fake-hall.h"

#define FAKE_TAB "\t"
#define FAKE_LEFT "\033[D"
#define FAKE_RIGHT "\033[C"
#define FAKE_HOME "\033[H"
#define FAKE_END "\033[F"
#define FAKE_DOWN "\033[B"
#define BLACK_STONE "\xe2\x97\x8f"	/* ● */

static struct store *
store(void)
{
	return fake_hall_hall(fh)->store;
}

static int64_t
user_id(const char *name)
{
	struct store_user	 u;

	if (store_user_find(store(), name, &u) != STORE_OK)
		ck_assert_int_eq(store_user_add(store(), name, "", 1, &u),
		    STORE_OK);
	return u.id;
}

/* A rated game that black won, as a table stores it. */
static int64_t
finished(const char *variant, const char *record, const char *black,
    const char *white, int64_t ended)
{
	struct store_game	 g;
	char			 rec[256];

	memset(&g, 0, sizeof g);
	snprintf(g.variant, sizeof g.variant, "%s", variant);
	snprintf(rec, sizeof rec, "%s", record);
	g.record = rec;
	g.started = ended - 600;
	g.ended = ended;
	g.rated = 1;
	snprintf(g.result, sizeof g.result, "black (%s) wins: five", black);
	g.nplayers = 2;
	g.players[0] = (struct store_game_player){ .seat = 0,
	    .kind = STORE_PLAYER_USER, .user = user_id(black), .rank = 1,
	    .outcome = STORE_WIN };
	g.players[1] = (struct store_game_player){ .seat = 1,
	    .kind = STORE_PLAYER_USER, .user = user_id(white), .rank = 2,
	    .outcome = STORE_LOSS };
	snprintf(g.players[0].name, sizeof g.players[0].name, "%s", black);
	snprintf(g.players[1].name, sizeof g.players[1].name, "%s", white);
	snprintf(g.players[0].side, sizeof g.players[0].side, "black");
	snprintf(g.players[1].side, sizeof g.players[1].side, "white");
	ck_assert_msg(store_game_finish(store(), &g) == STORE_OK, "%s",
	    store_error(store()));
	return g.id;
}

/* alice registers through the form and lands in the lobby. */
static struct fake_term *
alice(void)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	fake_term_type(ft, "r");
	fake_term_type(ft, "alice" FAKE_TAB "sesame-42" FAKE_TAB "sesame-42"
	    FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(ft, "Welcome, alice!");
	return ft;
}

static void
games(void)
{
	finished("gomoku", "gomoku size=15 overline=on restrict=off moves "
	    "h8 a1 h9 a2 h10 a3 h11 a4 h12", "alice", "carol", 1000000);
	finished("renju", "renju moves h8 h9 i8 i9 j8 j9 k8 k9 l8", "alice",
	    "bob", 2000000);
}

START_TEST(test_replay_steps)
{
	struct fake_term	*ft = alice();
	int			 end;

	games();
	fake_term_type(ft, "p");
	ck_shows(ft, "gamehall - Profile");
	ck_shows(ft, "Recent games");
	/* Newest first: the renju game is selected, its number shown. */
	ck_screen(ft, fake_term_find(ft, "renju") <
	    fake_term_find(ft, "carol"), "the newest game first");
	ck_shows(ft, "(ssh ... export 2)");
	fake_term_type(ft, FAKE_ENTER);
	ck_shows(ft, "gamehall - Replay");
	ck_shows(ft, "renju, game #2");
	ck_shows(ft, "black alice, white bob");
	ck_shows(ft, "black (alice) wins: five");
	/* It opens at the end. */
	ck_shows(ft, "Move 9 of 9");
	end = fake_term_count(ft, BLACK_STONE);
	ck_screen(ft, end >= 5, "five black stones");

	fake_term_type(ft, FAKE_LEFT);
	ck_shows(ft, "Move 8 of 9");
	ck_screen(ft, fake_term_count(ft, BLACK_STONE) == end - 1,
	    "the last stone taken back");
	fake_term_type(ft, FAKE_HOME);
	ck_shows(ft, "Start (9 moves)");
	ck_screen(ft, fake_term_count(ft, BLACK_STONE) == end - 5,
	    "an empty board");
	fake_term_type(ft, FAKE_LEFT);
	ck_shows(ft, "Start (9 moves)");	/* no further back */
	fake_term_type(ft, FAKE_RIGHT FAKE_RIGHT FAKE_RIGHT);
	ck_shows(ft, "Move 3 of 9");
	ck_screen(ft, fake_term_count(ft, BLACK_STONE) == end - 3,
	    "two black stones");
	/* A move number: typed, shown, then Enter goes there. */
	fake_term_type(ft, "7");
	ck_shows(ft, "Go to move: 7_");
	fake_term_type(ft, FAKE_ENTER);
	ck_shows(ft, "Move 7 of 9");
	fake_term_type(ft, "99" FAKE_ENTER);
	ck_shows(ft, "Move 9 of 9");
	fake_term_type(ft, "4" FAKE_ESC);
	ck_hides(ft, "Go to move");
	ck_shows(ft, "Move 9 of 9");
	fake_term_type(ft, FAKE_HOME FAKE_END);
	ck_shows(ft, "Move 9 of 9");
	ck_screen(ft, fake_term_count(ft, BLACK_STONE) == end, "the end");
	/* Back to the profile, and the filter shows one variant. */
	fake_term_type(ft, FAKE_ESC);
	ck_shows(ft, "gamehall - Profile");
	fake_term_type(ft, "f");
	ck_shows(ft, "Recent games (gomoku)");
	ck_shows(ft, "carol");
	ck_hides(ft, "bob");
	fake_term_type(ft, FAKE_ENTER);
	ck_shows(ft, "gomoku, game #1");
	fake_term_type(ft, FAKE_ESC);
	fake_term_type(ft, "f");
	ck_shows(ft, "Recent games (renju)");
	ck_hides(ft, "carol");
	fake_term_type(ft, "f");
	ck_shows(ft, "carol");
	ck_shows(ft, "bob");
}
END_TEST

/* A game whose record does not replay is refused with a line; the
 * profile stays. */
START_TEST(test_replay_broken)
{
	struct fake_term	*ft = alice();

	finished("renju", "renju moves h8 h8", "alice", "bob", 3000000);
	fake_term_type(ft, "p");
	fake_term_type(ft, FAKE_ENTER);
	ck_shows(ft, "cannot be replayed");
	ck_shows(ft, "gamehall - Profile");
}
END_TEST

START_TEST(test_leaderboard)
{
	struct fake_term	*ft = alice();

	games();
	fake_term_type(ft, "l");
	ck_shows(ft, "gamehall - Leaderboard");
	/* The first variant: gomoku, alice and carol after one game each,
	 * both provisional and unranked. */
	ck_shows(ft, "carol");
	ck_shows(ft, "provisional");
	ck_screen(ft, fake_term_find(ft, "alice") <
	    fake_term_find(ft, "carol"), "the winner first");
	ck_hides(ft, "bob");
	fake_term_type(ft, FAKE_RIGHT);		/* freestyle: nobody */
	ck_shows(ft, "Nobody has played a rated game");
	fake_term_type(ft, FAKE_RIGHT FAKE_RIGHT);	/* renju */
	ck_shows(ft, "bob");
	ck_hides(ft, "carol");
	/* bob's profile, with alice's record against him. */
	fake_term_type(ft, FAKE_DOWN FAKE_ENTER);
	ck_shows(ft, "gamehall - Profile");
	ck_shows(ft, "You and bob: 1 game, you won 1, lost 0, drew 0.");
	fake_term_type(ft, FAKE_ESC);
	ck_shows(ft, "gamehall - Leaderboard");
	fake_term_type(ft, FAKE_ESC);
	ck_shows(ft, "gamehall - Lobby");
}
END_TEST

/* Every family replays: four-player shogi, Connect6's pairs, the large
 * gomoku board at 80x24. */
START_TEST(test_replay_families)
{
	static const struct {
		const char	*variant, *record, *last, *moves;
	} g[] = {
		{ "yonin", "yonin mode=individual end=two transfer=inherit "
		    "movelimit=0 moves 6h6g 9f8g 4b4c 1c2c 7i6h 9e9f 6a7b "
		    "1d1c 6i7i 9f9e 3a4b 1c1b", "1c1b", "12" },
		{ "connect6", "connect6 size=19 moves j10 i10 j9 i11 k9",
		    "k9", "5" },
		{ "gomoku", "gomoku size=19 overline=on restrict=off moves "
		    "a1 s19", "s19", "2" },
	};
	struct fake_term	*ft = alice();
	char			 want[64];
	size_t			 i;

	for (i = 0; i < sizeof g / sizeof g[0]; i++) {
		finished(g[i].variant, g[i].record, "alice", "bob",
		    1000 + (int64_t)i);
		fake_term_type(ft, "p");
		fake_term_type(ft, FAKE_ENTER);
		ck_shows(ft, "gamehall - Replay");
		snprintf(want, sizeof want, "Move %s of %s", g[i].moves,
		    g[i].moves);
		ck_screen(ft, fake_term_find(ft, want) >= 0, want);
		ck_screen(ft, fake_term_find(ft, g[i].last) >= 0, g[i].last);
		/* The whole board and the keys fit 80x24. */
		ck_shows(ft, "Esc back");
		fake_term_type(ft, FAKE_HOME);
		snprintf(want, sizeof want, "Start (%s moves)", g[i].moves);
		ck_screen(ft, fake_term_find(ft, want) >= 0, want);
		fake_term_type(ft, FAKE_RIGHT);
		ck_shows(ft, "Move 1 of");
		fake_term_type(ft, FAKE_ESC);
		fake_term_type(ft, FAKE_ESC);
		ck_shows(ft, "gamehall - Lobby");
	}
}
END_TEST

/*
 * At a live table, watching: R replays the moves so far while the game
 * goes on, Esc comes back to the table as it now stands; p and a seat
 * open that player's profile, and an empty seat is refused.
 */
START_TEST(test_live_replay_and_profile)
{
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	struct fake_term	*w = fake_term_guest(fh);
	struct fake_term	*first, *second;
	char			 code[16], keys[32], head[64];
	int			 table3, replay3;

	fake_term_type(a, "n" FAKE_ENTER);
	ck_shows(a, "gamehall - Table ");
	fake_term_title_word(a, "Table ", code, sizeof code);
	/* Nobody in seat 2 yet. */
	fake_term_type(a, "p");
	ck_shows(a, "Whose profile? The seat, 1-2");
	fake_term_type(a, "2");
	ck_shows(a, "seat 2 is empty");
	ck_shows(a, "gamehall - Table ");
	snprintf(keys, sizeof keys, "c%s" FAKE_ENTER, code);
	fake_term_type(b, keys);
	ck_shows(b, "gamehall - Table ");
	fake_term_type(w, "w");
	ck_shows(w, "watching");
	fake_term_type(a, "g");
	first = fake_term_to_move(a, b);
	second = first == a ? b : a;
	fake_term_play(first, "h8");
	fake_term_play(second, "a1");
	fake_term_play(first, "h9");
	/* Counted against themselves: the legends show stones too. */
	table3 = fake_term_count(w, BLACK_STONE);

	fake_term_type(w, "R");
	ck_shows(w, "gamehall - Replay");
	snprintf(head, sizeof head, "gomoku, table %s: the moves so far", code);
	ck_screen(w, fake_term_find(w, head) >= 0, "no live replay title");
	ck_shows(w, "in play: the game goes on");
	ck_shows(w, "Move 3 of 3");
	replay3 = fake_term_count(w, BLACK_STONE);
	fake_term_type(w, FAKE_LEFT FAKE_LEFT);
	ck_shows(w, "Move 1 of 3");
	ck_screen(w, fake_term_count(w, BLACK_STONE) == replay3 - 1,
	    "one black stone");
	/* The game goes on meanwhile; the replay keeps what it had. */
	fake_term_play(second, "a2");
	fake_term_play(first, "h10");
	ck_shows(first, "5.h10");
	ck_shows(w, "Move 1 of 3");
	fake_term_type(w, FAKE_END);
	ck_shows(w, "Move 3 of 3");
	ck_screen(w, fake_term_count(w, BLACK_STONE) == replay3,
	    "the replay's end is where it opened");
	fake_term_type(w, FAKE_ESC);
	ck_shows(w, "gamehall - Table ");
	ck_shows(w, "5.h10");
	ck_screen(w, fake_term_count(w, BLACK_STONE) == table3 + 1,
	    "the table as it stands now");
	/* Again: now five moves. */
	fake_term_type(w, "R");
	ck_shows(w, "Move 5 of 5");
	fake_term_type(w, FAKE_ESC);

	/* The profile of the player in seat 2, and back. */
	fake_term_type(w, "p");
	ck_shows(w, "Whose profile?");
	fake_term_type(w, "3");			/* no seat 3: still asked */
	ck_shows(w, "Whose profile?");
	fake_term_type(w, "2");
	ck_shows(w, "gamehall - Profile");
	ck_screen(w, fake_term_find(w, b->name) >= 0, "b's profile");
	fake_term_type(w, FAKE_ESC);
	ck_shows(w, "gamehall - Table ");
	ck_hides(w, "Whose profile?");
	/* Esc at the question asks nothing. */
	fake_term_type(first, "p" FAKE_ESC);
	ck_hides(first, "Whose profile?");
	ck_shows(first, "gamehall - Table ");
}
END_TEST

static Suite *
history_screens_suite(void)
{
	Suite	*s = suite_create("hall-screens-history");
	TCase	*tc = fake_hall_tcase("history");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_replay_steps);
	tcase_add_test(tc, test_replay_broken);
	tcase_add_test(tc, test_replay_families);
	tcase_add_test(tc, test_leaderboard);
	tcase_add_test(tc, test_live_replay_and_profile);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(history_screens_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
