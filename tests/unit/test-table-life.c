/*
 * test-table-life.c - what keeps a table going when real life happens:
 * the turn clock runs out and the CPU moves once; a player goes away, his
 * seat waits, then the CPU holds it until he is back; a held seat ranks
 * last in a rated game; the saved text keeps CPU seats, timed-out moves
 * and the chat, and a restored table holds every seat.
 *
 * The table's timers run on a manual clock (a 60 s grace takes no time);
 * the CPU thinks on a real worker pool, its answers come back through a
 * libevent loop that the tests turn until the table moved.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include "engine/game.h"
#include "src/base/clock.h"
#include "src/base/worker.h"
#include "src/people/chat.h"
#include "src/people/identity.h"
#include "src/store/store.h"
#include "src/table/cpujob.h"
#include "src/table/table.h"

static struct event_base *base;
static struct worker *worker;
static struct cpujob_pool *pool;
static struct identities *ids;
static struct table_list *list;
static struct clock *mclock;
static struct identity *alice, *bob;
static char err[TABLE_ERR_LEN];
static int ticks, overs;
static struct store_game over_game;

static void
listener(struct table *t, enum table_event ev, struct identity *who,
    void *arg)
{
	(void)who;
	(void)arg;
	if (ev == TABLE_TICK)
		ticks++;
	if (ev == TABLE_GAME_OVER) {
		overs++;
		free(over_game.record);
		ck_assert_int_eq(table_game_request(t, &over_game, 5), 0);
	}
}

static uint32_t
counting_random(void *arg)
{
	static uint32_t	 n;

	(void)arg;
	return n++;
}

static void
setup(void)
{
	base = event_base_new();
	worker = worker_new(base, 1);
	pool = cpujob_pool_new(worker, 1 << 20);
	ids = identities_new(NULL, NULL);
	mclock = clock_new_manual(1000, 1700000000);
	list = table_list_new(ids, mclock, counting_random, NULL);
	ck_assert(base && worker && pool && ids && mclock && list);
	table_list_listen(list, listener, NULL);
	/* Short searches: the tests wait for real answers. */
	table_list_set_cpu(list, pool, 50);
	table_list_set_grace(list, 60);
	alice = identities_user(ids, 1, "alice");
	bob = identities_user(ids, 2, "bob");
	ticks = overs = 0;
	memset(&over_game, 0, sizeof over_game);
}

static void
teardown(void)
{
	table_list_free(list);
	free(over_game.record);
	identities_release(ids, alice);
	identities_release(ids, bob);
	worker_free(worker);
	cpujob_pool_free(pool);
	identities_free(ids);
	clock_free(mclock);
	event_base_free(base);
}

static uint64_t
wall_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Turn the loop until the game reaches `ply` (or ends); 0 if it did. */
static int
await_ply(struct table *t, int ply)
{
	uint64_t	 until = wall_ms() + 20000;

	while (wall_ms() < until) {
		const struct game *g = table_game(t);

		if (g->variant->ply(g) >= ply || table_phase(t) != TABLE_PLAYING)
			return 0;
		event_base_loop(base, EVLOOP_NONBLOCK);
		struct timespec nap = { 0, 2 * 1000 * 1000 };
		nanosleep(&nap, NULL);
	}
	return -1;
}

/* Turn the loop for a while, whatever happens. */
static void
spin(int ms)
{
	uint64_t	 until = wall_ms() + (uint64_t)ms;

	while (wall_ms() < until) {
		struct timespec nap = { 0, 2 * 1000 * 1000 };

		event_base_loop(base, EVLOOP_NONBLOCK);
		nanosleep(&nap, NULL);
	}
}

static int
ply_of(const struct table *t)
{
	const struct game	*g = table_game(t);

	return g->variant->ply(g);
}

/* alice (seat 0) and bob (seat 1) at a table of `words`, both there, the
 * game started with alice as the first player. */
static struct table *
started(const char *words)
{
	struct table_spec	 spec;
	struct table		*t;

	ck_assert_msg(table_spec_parse_line(&spec, words, err, sizeof err) ==
	    0, "%s", err);
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_msg(t != NULL, "%s", err);
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_sit(t, bob, 1, err, sizeof err), 0);
	ck_assert_msg(table_start(t, alice, 1000, err, sizeof err) == 0, "%s",
	    err);
	/* The first player is drawn: make it alice whatever the draw. */
	if (table_turn(t) != 0) {
		ck_assert_int_eq(table_resign(t, bob, err, sizeof err), 0);
		ck_assert_int_eq(table_rematch(t, alice, 1000, err,
		    sizeof err), 0);
		ck_assert_int_eq(table_rematch(t, bob, 1000, err, sizeof err),
		    0);
	}
	ck_assert_int_eq(table_turn(t), 0);
	ticks = overs = 0;
	return t;
}

static void
play(struct table *t, struct identity *who, const char *move)
{
	ck_assert_msg(table_play_text(t, who, move, err, sizeof err) == 0,
	    "%s plays %s: %s", who->name, move, err);
}

/* Some message of the table chat contains `text`. */
static int
chat_has(const struct table *t, const char *text)
{
	const struct chat	*c = table_chat(t);

	for (size_t i = 0; i < chat_count(c); i++) {
		if (strstr(chat_get(c, i)->text, text) != NULL)
			return 1;
	}
	return 0;
}

/* ---- the turn clock ---------------------------------------------------- */

START_TEST(timer_counts_down_then_cpu_moves)
{
	struct table	*t = started("gomoku timer=30");

	ck_assert_int_eq(table_clock_left(t, 0), 30);
	ck_assert_int_eq(table_clock_left(t, 1), -1);	/* not his turn */
	clock_advance(mclock, 10500);
	ck_assert_int_eq(table_clock_left(t, 0), 20);	/* 19.5 s shows 20 */
	/* A tick each second that showed, and no move. */
	ck_assert_int_ge(ticks, 10);
	ck_assert_int_le(ticks, 11);
	ck_assert_int_eq(ply_of(t), 0);
	clock_advance(mclock, 19400);
	ck_assert_int_eq(table_clock_left(t, 0), 1);
	ck_assert_int_eq(ply_of(t), 0);
	clock_advance(mclock, 100);
	ck_assert(chat_has(t, "alice's time is up"));
	ck_assert_int_eq(await_ply(t, 1), 0);
	ck_assert_int_eq(ply_of(t), 1);
	ck_assert(table_ply_timed_out(t, 0));
	ck_assert(chat_has(t, "out of time: the computer plays"));
	/* The game goes on, bob's turn with a full clock; alice's seat is
	 * still hers (a timed-out move is not leaving). */
	ck_assert_int_eq(table_turn(t), 1);
	ck_assert_int_eq(table_clock_left(t, 1), 30);
	ck_assert(!table_seat_held(t, 0));
	play(t, bob, "a1");
	ck_assert(!table_ply_timed_out(t, 1));
	ck_assert_int_eq(table_clock_left(t, 0), 30);
	/* The record to be stored knows the timer and the marked move. */
	ck_assert_int_eq(table_resign(t, bob, err, sizeof err), 0);
	ck_assert_ptr_nonnull(strstr(over_game.options, " timer=30 "
	    "timeouts=0"));
}
END_TEST

START_TEST(no_timer_no_clock)
{
	struct table	*t = started("gomoku");

	ck_assert_int_eq(table_clock_left(t, 0), -1);
	clock_advance(mclock, 600000);
	ck_assert_int_eq(ticks, 0);
	spin(50);
	ck_assert_int_eq(ply_of(t), 0);
}
END_TEST

START_TEST(connect6_timer_covers_the_whole_turn)
{
	struct table	*t = started("connect6 timer=30");

	play(t, alice, "j10");		/* the first turn is one stone */
	ck_assert_int_eq(table_turn(t), 1);
	clock_advance(mclock, 20000);
	play(t, bob, "k11");		/* his first stone ... */
	ck_assert_int_eq(table_turn(t), 1);
	/* ... does not restart his clock: 10 s left for the second. */
	ck_assert_int_eq(table_clock_left(t, 1), 10);
	clock_advance(mclock, 10000);
	ck_assert_int_eq(await_ply(t, 3), 0);
	ck_assert_int_eq(ply_of(t), 3);
	ck_assert(!table_ply_timed_out(t, 1));
	ck_assert(table_ply_timed_out(t, 2));
	ck_assert_int_eq(table_turn(t), 0);
	ck_assert_int_eq(table_clock_left(t, 0), 30);
}
END_TEST

START_TEST(swap2_choice_has_the_timer)
{
	struct table	*t = started("freestyle opening=swap2 timer=30");

	play(t, alice, "h8");
	play(t, alice, "h9");
	play(t, alice, "i8");
	ck_assert(table_turn_is_choice(t));
	ck_assert_int_eq(table_turn(t), 1);
	ck_assert_int_eq(table_clock_left(t, 1), 30);
	clock_advance(mclock, 30000);
	/* The computer chooses for bob (black, white, or two more). */
	ck_assert_int_eq(await_ply(t, 4), 0);
	ck_assert_int_ge(ply_of(t), 4);
	ck_assert(table_ply_timed_out(t, 3));
}
END_TEST

START_TEST(undo_takes_the_mark_back)
{
	struct table	*t = started("gomoku timer=30 rated=no");

	clock_advance(mclock, 30000);
	ck_assert_int_eq(await_ply(t, 1), 0);
	ck_assert(table_ply_timed_out(t, 0));
	play(t, bob, "a1");
	ck_assert_int_eq(table_undo_ask(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_undo_answer(t, bob, 1, err, sizeof err), 0);
	ck_assert_int_eq(ply_of(t), 0);
	ck_assert(!table_ply_timed_out(t, 0));
	/* A fresh turn after the undo. */
	ck_assert_int_eq(table_clock_left(t, 0), 30);
}
END_TEST

/* ---- away, held, back -------------------------------------------------- */

START_TEST(away_then_held_then_back)
{
	struct table	*t = started("gomoku");

	play(t, alice, "h8");
	ck_assert_int_eq(table_depart(t, bob), 1);
	ck_assert_ptr_eq(table_seat(t, 1), bob);
	ck_assert_int_eq(table_seat_away_left(t, 1), 60);
	ck_assert(chat_has(t, "bob is away"));
	clock_advance(mclock, 30000);
	ck_assert_int_eq(table_seat_away_left(t, 1), 30);
	ck_assert(!table_seat_held(t, 1));
	spin(30);
	ck_assert_int_eq(ply_of(t), 1);	/* nobody moves for him yet */
	clock_advance(mclock, 30000);
	ck_assert(table_seat_held(t, 1));
	ck_assert_int_eq(table_seat_away_left(t, 1), -1);
	ck_assert(chat_has(t, "plays for bob"));
	/* The CPU plays for him, turn after turn. */
	ck_assert_int_eq(await_ply(t, 2), 0);
	play(t, alice, "a1");
	ck_assert_int_eq(await_ply(t, 4), 0);
	ck_assert_int_eq(table_turn(t), 0);
	/* He is back: the seat is his at once. */
	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert(!table_seat_held(t, 1));
	ck_assert(chat_has(t, "bob is back"));
	play(t, alice, "a3");
	spin(200);
	ck_assert_int_eq(ply_of(t), 5);	/* the CPU leaves his turn alone */
	play(t, bob, "o15");
}
END_TEST

START_TEST(back_while_the_cpu_thinks)
{
	struct table	*t = started("gomoku");

	/* A search that would take long: he must not wait for it. */
	table_list_set_cpu(list, pool, 5000);
	table_list_set_grace(list, 0);
	ck_assert_int_eq(table_depart(t, alice), 1);
	ck_assert(table_seat_held(t, 0));	/* no grace: held at once */
	/* The search started; whatever it found comes too late. */
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert(!table_seat_held(t, 0));
	spin(300);
	ck_assert_int_eq(ply_of(t), 0);		/* the search was dropped */
	play(t, alice, "h8");
	ck_assert_int_eq(ply_of(t), 1);
}
END_TEST

START_TEST(grace_outside_a_game_frees_the_seat)
{
	struct table_spec	 spec;
	struct table		*t;

	ck_assert_int_eq(table_spec_parse_line(&spec, "gomoku", err,
	    sizeof err), 0);
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_sit(t, bob, 1, err, sizeof err), 0);
	/* Leaving a table that waits gives the seat up at once. */
	ck_assert_int_eq(table_depart(t, bob), 1);
	ck_assert_ptr_null(table_seat(t, 1));
}
END_TEST

/* alice makes four in a row with her turn next, but goes away: the CPU
 * holding her seat completes her five. */
static void
four_then_away(struct table *t)
{
	play(t, alice, "h8");
	play(t, bob, "a1");
	play(t, alice, "i8");
	play(t, bob, "a3");
	play(t, alice, "j8");
	play(t, bob, "a5");
	play(t, alice, "k8");
	play(t, bob, "a7");
	table_list_set_grace(list, 0);
	ck_assert_int_eq(table_depart(t, alice), 1);
	ck_assert_int_eq(await_ply(t, 9), 0);
}

START_TEST(held_seat_ranks_last_when_rated)
{
	struct table	*t = started("gomoku");

	ck_assert(table_game_rated(t));
	four_then_away(t);
	ck_assert_int_ne(table_phase(t), TABLE_PLAYING);
	ck_assert_int_eq(overs, 1);
	/* Five on the board, yet her seat was abandoned: last place. */
	ck_assert_int_eq(over_game.players[0].rank, 2);
	ck_assert_int_eq(over_game.players[1].rank, 1);
	ck_assert_ptr_nonnull(strstr(over_game.result, "alice left"));
	ck_assert(over_game.rated);
	ck_assert_str_eq(over_game.options, "size=15 overline=on "
	    "restrict=off");
	ck_assert_int_eq(over_game.players[0].outcome, STORE_LOSS);
	ck_assert_int_eq(over_game.players[1].outcome, STORE_WIN);
	/* She had no terminal there: the seat is free now. */
	ck_assert_ptr_null(table_seat(t, 0));
}
END_TEST

START_TEST(held_seat_unrated_keeps_the_board_result)
{
	struct table	*t = started("gomoku rated=no");

	four_then_away(t);
	ck_assert_int_eq(overs, 1);
	ck_assert_int_eq(over_game.players[0].rank, 1);
	ck_assert_int_eq(over_game.players[0].outcome, STORE_WIN);
	ck_assert_ptr_null(strstr(over_game.result, "left"));
}
END_TEST

START_TEST(held_seat_refuses_requests)
{
	struct table	*t = started("gomoku rated=no");

	play(t, alice, "h8");
	play(t, bob, "a1");
	table_list_set_grace(list, 0);
	/* bob gone, the CPU holds his seat; alice's move is taken back? */
	ck_assert_int_eq(table_depart(t, bob), 1);
	ck_assert_int_eq(table_undo_ask(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_undo_request(t), -1);	/* answered */
	ck_assert(chat_has(t, "refuses"));
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_draw_offer(t), -1);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);
}
END_TEST

START_TEST(keyless_guest_is_told)
{
	struct identity		*g = identities_guest(ids, "");
	struct table_spec	 spec;
	struct table		*t;

	ck_assert_int_eq(table_spec_parse_line(&spec, "gomoku", err,
	    sizeof err), 0);
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert_int_eq(table_watch(t, g), 0);
	ck_assert_int_eq(table_sit(t, g, 1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	ck_assert(table_seat_unreclaimable(t, 1));
	ck_assert(!table_seat_unreclaimable(t, 0));
	ck_assert_int_eq(table_depart(t, g), 1);
	ck_assert(chat_has(t, "without an SSH key cannot come back"));
	identities_release(ids, g);
}
END_TEST

/* ---- saved and restored ------------------------------------------------ */

/* A computer opponent stays in its seat when the game is over, and plays
 * the next one as soon as the person asks for it. */
START_TEST(cpu_stays_for_the_next_game)
{
	struct table_spec	 spec;
	struct table		*t;

	ck_assert_int_eq(table_spec_parse_line(&spec, "gomoku cpu=1 level=1",
	    err, sizeof err), 0);
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert_int_eq(table_cpu_sit(t, 1, 1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	ck_assert_int_eq(table_resign(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert(table_seat_is_cpu(t, 1));
	ck_assert(!chat_has(t, "has left"));
	ck_assert_int_eq(table_rematch(t, alice, 2, err, sizeof err), 0);
	spin(50);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);
	ck_assert(table_seat_is_cpu(t, 1));
	table_free(t);
}
END_TEST

START_TEST(save_keeps_cpu_seats_timeouts_and_chat)
{
	struct table_spec	 spec;
	struct table		*t, *r;
	char			*text, code[TABLE_CODE_SIZE];

	ck_assert_int_eq(table_spec_parse_line(&spec, "gomoku timer=30 "
	    "cpu=1 level=4", err, sizeof err), 0);
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_int_eq(table_watch(t, alice), 0);
	ck_assert_int_eq(table_cpu_sit(t, 1, 4, err, sizeof err), 0);
	ck_assert_int_eq(table_say(t, alice, NULL, 0, 1700000000, "good luck",
	    err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	/* Whoever moves first: the CPU moves, alice's clock runs out. */
	while (ply_of(t) < 2) {
		int ply = ply_of(t);

		if (table_turn(t) == 0)
			clock_advance(mclock, 30000);
		ck_assert_int_eq(await_ply(t, ply + 1), 0);
	}
	ck_assert_int_eq(ply_of(t), 2);
	text = table_save(t);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "seat 1 cpu 4"));
	ck_assert_ptr_nonnull(strstr(text, "timeouts "));
	ck_assert_ptr_nonnull(strstr(text, "chat 1700000000 0 alice|good luck"));
	snprintf(code, sizeof code, "%s", table_code(t));
	table_free(t);

	table_list_set_grace(list, 45);
	r = table_restore(list, text, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert(table_seat_is_cpu(r, 1));
	ck_assert_int_eq(table_seat(r, 1)->level, 4);
	ck_assert_ptr_eq(table_seat(r, 0), alice);
	/* alice's seat waits for her, with a fresh grace period. */
	ck_assert_int_eq(table_seat_away_left(r, 0), 45);
	ck_assert(chat_has(r, "good luck"));
	ck_assert(chat_has(r, "the hall restarted"));
	/* The marks came back: the one move alice timed out on. */
	{
		int marked = 0;

		for (int p = 0; p < 2; p++)
			marked += table_ply_timed_out(r, p);
		ck_assert_int_eq(marked, 1);
	}
	free(text);
}
END_TEST

START_TEST(restore_gives_a_fresh_turn)
{
	struct table	*t = started("gomoku timer=60");
	struct table	*r;
	char		*text;

	play(t, alice, "h8");
	clock_advance(mclock, 50000);
	ck_assert_int_eq(table_clock_left(t, 1), 10);
	text = table_save(t);
	table_free(t);
	r = table_restore(list, text, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(table_clock_left(r, 1), 60);
	ck_assert_int_eq(table_seat_away_left(r, 1), 60);
	/* bob comes back before his grace ends and plays. */
	ck_assert_int_eq(table_watch(r, bob), 0);
	ck_assert_int_eq(table_seat_away_left(r, 1), -1);
	play(r, bob, "a1");
	free(text);
}
END_TEST

START_TEST(restore_refuses_bad_timeouts)
{
	struct table	*t = started("gomoku");
	char		*text, *bad;
	size_t		 n;

	play(t, alice, "h8");
	text = table_save(t);
	table_free(t);
	n = strlen(text) + 32;
	bad = malloc(n);
	snprintf(bad, n, "%stimeouts 7\n", text);
	ck_assert_ptr_null(table_restore(list, bad, err, sizeof err));
	ck_assert_ptr_nonnull(strstr(err, "timeouts"));
	free(bad);
	free(text);
}
END_TEST

static Suite *
table_life_suite(void)
{
	Suite	*s = suite_create("table-life");
	TCase	*tc = tcase_create("life");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, timer_counts_down_then_cpu_moves);
	tcase_add_test(tc, no_timer_no_clock);
	tcase_add_test(tc, connect6_timer_covers_the_whole_turn);
	tcase_add_test(tc, swap2_choice_has_the_timer);
	tcase_add_test(tc, undo_takes_the_mark_back);
	tcase_add_test(tc, away_then_held_then_back);
	tcase_add_test(tc, back_while_the_cpu_thinks);
	tcase_add_test(tc, grace_outside_a_game_frees_the_seat);
	tcase_add_test(tc, held_seat_ranks_last_when_rated);
	tcase_add_test(tc, held_seat_unrated_keeps_the_board_result);
	tcase_add_test(tc, held_seat_refuses_requests);
	tcase_add_test(tc, keyless_guest_is_told);
	tcase_add_test(tc, cpu_stays_for_the_next_game);
	tcase_add_test(tc, save_keeps_cpu_seats_timeouts_and_chat);
	tcase_add_test(tc, restore_gives_a_fresh_turn);
	tcase_add_test(tc, restore_refuses_bad_timeouts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(table_life_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
