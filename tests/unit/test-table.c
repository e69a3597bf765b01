/*
 * test-table.c - tables: specs, codes, seats and hosting, games of every
 * variant played through the engine, agreements, results, the store
 * request, saving and restoring, watchers and the table chat.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/forbidden.h"
#include "engine/game.h"
#include "engine/stone.h"
#include "engine/yonin.h"
#include "src/base/clock.h"
#include "src/people/chat.h"
#include "src/people/identity.h"
#include "src/net/limits.h"
#include "src/store/store.h"
#include "src/table/table-int.h"
#include "src/table/table.h"

/* A scripted random source: the values in turn, then counting up. */
struct script {
	uint32_t v[16];
	int n, at;
	uint32_t next;
};

static uint32_t
script_random(void *arg)
{
	struct script *s = arg;

	if (s->at < s->n)
		return s->v[s->at++];
	return s->next++;
}

/* What the listener heard. */
struct heard {
	int changed, listing, over, kicked, closed;
	struct identity *who;
	struct store_game game;		/* built when the game ended */
};

static void
listener(struct table *t, enum table_event ev, struct identity *who,
    void *arg)
{
	struct heard *h = arg;

	switch (ev) {
	case TABLE_CHANGED:
		h->changed++;
		break;
	case TABLE_LISTING:
		h->listing++;
		break;
	case TABLE_GAME_OVER:
		h->over++;
		free(h->game.record);
		ck_assert_int_eq(table_game_request(t, &h->game, 77), 0);
		break;
	case TABLE_KICKED:
		h->kicked++;
		h->who = who;
		break;
	case TABLE_CLOSED:
		h->closed++;
		break;
	case TABLE_TICK:
		break;
	}
}

static struct identities *ids;
static struct table_list *list;
static struct clock *mclock;
static struct script rnd;
static struct heard heard;
static struct identity *alice, *bob, *carol, *dave, *guest;
static char err[TABLE_ERR_LEN];

static void
setup(void)
{
	memset(&rnd, 0, sizeof rnd);
	memset(&heard, 0, sizeof heard);
	ids = identities_new(NULL, NULL);
	ck_assert_ptr_nonnull(ids);
	mclock = clock_new_manual(1000, 1700000000);
	ck_assert_ptr_nonnull(mclock);
	list = table_list_new(ids, mclock, script_random, &rnd);
	ck_assert_ptr_nonnull(list);
	table_list_listen(list, listener, &heard);
	alice = identities_user(ids, 1, "alice");
	bob = identities_user(ids, 2, "bob");
	carol = identities_user(ids, 3, "carol");
	dave = identities_user(ids, 4, "dave");
	guest = identities_guest(ids, "SHA256:guestkey");
}

static void
teardown(void)
{
	table_list_free(list);
	free(heard.game.record);
	identities_release(ids, alice);
	identities_release(ids, bob);
	identities_release(ids, carol);
	identities_release(ids, dave);
	identities_release(ids, guest);
	identities_free(ids);
	clock_free(mclock);
}

/* A table of `words` hosted by alice; the first player drawn at the start
 * of its first game is seat `first`. */
static struct table *
make(const char *words, uint32_t first)
{
	struct table_spec spec;
	struct table *t;

	ck_assert_msg(table_spec_parse_line(&spec, words, err, sizeof err) == 0,
	    "%s: %s", words, err);
	rnd.n = rnd.at = 0;	/* codes: counting up, so never the same */
	t = table_new(list, &spec, alice, err, sizeof err);
	ck_assert_msg(t != NULL, "%s", err);
	/* alice is at the table (a terminal shows it). */
	ck_assert_int_eq(table_watch(t, alice), 0);
	free(heard.game.record);
	memset(&heard, 0, sizeof heard);
	rnd.v[0] = first;
	rnd.n = 1;
	rnd.at = 0;
	return t;
}

/* A two-player table with alice and bob seated and the game started;
 * first = 0: alice is P1. */
static struct table *
make_started(const char *words, uint32_t first)
{
	struct table *t = make(words, first);

	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_msg(table_start(t, alice, 1000, err, sizeof err) == 0, "%s",
	    err);
	return t;
}

static void
play(struct table *t, struct identity *who, const char *move)
{
	ck_assert_msg(table_play_text(t, who, move, err, sizeof err) == 0,
	    "%s plays %s: %s", who->name, move, err);
}

/* ---- specs ---------------------------------------------------------------- */

START_TEST(spec_defaults_and_words)
{
	struct table_spec s;
	char text[512];

	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku", err, sizeof err),
	    0);
	ck_assert_str_eq(s.variant, "gomoku");
	ck_assert_int_eq(s.timer, 0);
	ck_assert_int_eq(s.rated, 1);
	ck_assert_int_eq(s.private_, 0);
	ck_assert_int_eq(s.rotate, 1);
	ck_assert_int_eq(table_spec_seats(&s), 2);

	ck_assert_int_eq(table_spec_parse_line(&s, "GOMOKU size=19 "
	    "restrict=on timer=30 rated=no private=yes rotate=off", err,
	    sizeof err), 0);
	ck_assert_int_eq(s.timer, 30);
	ck_assert_int_eq(s.rated, 0);
	ck_assert_int_eq(s.private_, 1);
	ck_assert_int_eq(s.rotate, 0);
	ck_assert_int_eq(table_spec_text(&s, text, sizeof text) > 0, 1);
	ck_assert_str_eq(text, "size=19 overline=on restrict=on timer=30 "
	    "rated=no private=yes rotate=off");
	table_spec_brief(&s, text, sizeof text);
	ck_assert_str_eq(text, "19x19 restricted");

	ck_assert_int_eq(table_spec_parse_line(&s, "yonin mode=pairs "
	    "movelimit=200 legal=off timer=60", err, sizeof err), 0);
	ck_assert_int_eq(table_spec_seats(&s), 4);
	ck_assert_int_eq(s.show_legal, 0);
	table_spec_brief(&s, text, sizeof text);
	ck_assert_str_eq(text, "pairs limit 200");
	ck_assert_int_eq(table_spec_parse_line(&s, "connect6 size=13", err,
	    sizeof err), 0);
	table_spec_brief(&s, text, sizeof text);
	ck_assert_str_eq(text, "13x13");
	ck_assert_int_eq(table_spec_parse_line(&s, "freestyle opening=swap2",
	    err, sizeof err), 0);
	ck_assert_int_eq(table_spec_parse_line(&s, "renju", err, sizeof err), 0);
}
END_TEST

START_TEST(spec_refusals_name_the_problem)
{
	struct table_spec s;

	ck_assert_int_eq(table_spec_parse_line(&s, "chess", err, sizeof err),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "unknown variant: chess"));
	ck_assert_ptr_nonnull(strstr(err, "gomoku"));
	ck_assert_int_eq(table_spec_parse_line(&s, "", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "variant"));
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku size=17", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "size"));
	ck_assert_ptr_nonnull(strstr(err, "17"));
	ck_assert_int_eq(table_spec_parse_line(&s, "renju opening=swap", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "opening"));
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku timer=45", err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "bad value for timer: 45 (none, 30 or 60)");
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku rated=maybe", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "rated"));
	/* The computer may take every seat but one. */
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku cpu=2", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "0 to 1"));
	ck_assert_int_eq(table_spec_parse_line(&s, "yonin cpu=3 level=hard",
	    err, sizeof err), 0);
	ck_assert_int_eq(s.cpu, 3);
	ck_assert_int_eq(s.cpu_level, 4);
	ck_assert_int_eq(table_spec_parse_line(&s, "renju cpu=1 level=9", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "level"));
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku legal=on", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "legal"));
	ck_assert_int_eq(table_spec_parse_line(&s, "gomoku size", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "KEY=VALUE"));
	ck_assert_int_eq(table_spec_parse_line(&s, "yonin movelimit=abc", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "movelimit"));
}
END_TEST

START_TEST(form_rows_cover_every_option)
{
	const struct table_form_row *rows;
	int n;

	for (int i = 0; game_variants[i] != NULL; i++) {
		const char *v = game_variants[i]->name;
		struct table_spec s;
		char line[256];

		n = table_form_rows(v, &rows);
		ck_assert_int_ge(n, 4);
		/* Every choice of every row parses. */
		for (int r = 0; r < n; r++) {
			for (int c = 0; c < rows[r].nchoices; c++) {
				snprintf(line, sizeof line, "%s %s=%s", v,
				    rows[r].key, rows[r].value[c]);
				ck_assert_msg(table_spec_parse_line(&s, line,
				    err, sizeof err) == 0, "%s: %s", line, err);
			}
		}
	}
	n = table_form_rows("yonin", &rows);
	ck_assert_str_eq(rows[0].key, "mode");
	n = table_form_rows("connect6", &rows);
	ck_assert_str_eq(rows[0].key, "size");
	ck_assert_str_eq(rows[0].value[0], "19");
}
END_TEST

/* ---- codes ------------------------------------------------------------------ */

START_TEST(codes_are_short_unique_and_found)
{
	struct table_spec s;
	struct table *a, *b;
	char norm[TABLE_CODE_SIZE];
	const char *code;

	table_spec_default(&s, "gomoku");
	/* The same five draws twice: the second table must draw again. */
	rnd.n = 10;
	for (int i = 0; i < 10; i++)
		rnd.v[i] = (uint32_t)(i % 5) * 3;
	a = table_new(list, &s, alice, err, sizeof err);
	b = table_new(list, &s, bob, err, sizeof err);
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	ck_assert_str_ne(table_code(a), table_code(b));
	code = table_code(a);
	ck_assert_uint_eq(strlen(code), TABLE_CODE_LEN);
	for (const char *c = code; *c != '\0'; c++)
		ck_assert_ptr_nonnull(strchr(TABLE_CODE_ALPHABET, *c));
	/* Typed in lower case, with a dash. */
	snprintf(norm, sizeof norm, "%s", code);
	for (char *c = norm; *c != '\0'; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
	{
		char typed[16];

		snprintf(typed, sizeof typed, "%.2s-%s", norm, norm + 2);
		ck_assert_ptr_eq(table_list_find(list, typed), a);
	}
	ck_assert_ptr_null(table_list_find(list, "ZZZZ"));
	ck_assert_ptr_null(table_list_find(list, "O0I1L"));
	ck_assert_int_eq(table_code_normalise("abc", norm), -1);
	ck_assert_uint_eq(table_list_count(list), 2);
	ck_assert_ptr_eq(table_list_seat_of(list, bob), b);
	table_free(b);
	ck_assert_uint_eq(table_list_count(list), 1);
	ck_assert_int_eq(heard.closed, 1);
}
END_TEST

START_TEST(many_codes_distinct)
{
	struct table_list *l = table_list_new(ids, mclock, NULL, NULL);
	struct table_spec s;
	struct table *t[300];

	table_spec_default(&s, "renju");
	for (int i = 0; i < 300; i++) {
		t[i] = table_new(l, &s, NULL, err, sizeof err);
		ck_assert_ptr_nonnull(t[i]);
		ck_assert_ptr_eq(table_list_find(l, table_code(t[i])), t[i]);
	}
	for (int i = 0; i < 300; i++)
		for (int j = i + 1; j < 300; j++)
			ck_assert_str_ne(table_code(t[i]), table_code(t[j]));
	table_list_free(l);
}
END_TEST

/*
 * The list's indexes (by code, by seat holder, the unsaved tables) through
 * several doublings of their buckets: every table found by its code, every
 * player by his seat, as seats change hands and tables close.
 */
START_TEST(index_follows_codes_seats_and_saves)
{
	struct table_list *l = table_list_new(ids, mclock, NULL, NULL);
	struct table_spec s;
	struct table *t[300];
	struct identity *who[300];
	char name[16];
	int n;

	table_spec_default(&s, "gomoku");
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "p%d", i);
		who[i] = identities_user(ids, 100 + i, name);
		t[i] = table_new(l, &s, who[i], err, sizeof err);
		ck_assert_ptr_nonnull(t[i]);
		ck_assert_int_eq(table_unsaved(t[i]), 0);
		/* A change: the host takes the other seat. */
		ck_assert_int_eq(table_sit(t[i], who[i], 1, err, sizeof err),
		    0);
	}
	for (int i = 0; i < 300; i++) {
		ck_assert_ptr_eq(table_list_find(l, table_code(t[i])), t[i]);
		ck_assert_ptr_eq(table_list_seat_of(l, who[i]), t[i]);
	}
	/* p0 also sits at the newest table: the oldest is his. */
	ck_assert_int_eq(table_sit(t[299], who[0], -1, err, sizeof err), 0);
	ck_assert_ptr_eq(table_list_seat_of(l, who[0]), t[0]);
	ck_assert_int_eq(table_leave(t[0], who[0], err, sizeof err), 0);
	ck_assert_ptr_eq(table_list_seat_of(l, who[0]), t[299]);
	ck_assert_int_eq(table_leave(t[299], who[0], err, sizeof err), 0);
	ck_assert_ptr_null(table_list_seat_of(l, who[0]));
	ck_assert_ptr_null(table_list_seat_of(l, alice));
	/* Every table changed; saved in part, the rest are still listed. */
	ck_assert_int_eq(table_seat_find(t[5], who[5]), 1);
	n = 0;
	for (struct table *u = table_list_first_unsaved(l); u != NULL;
	    u = table_next_unsaved(u))
		n++;
	ck_assert_int_eq(n, 300);
	for (int i = 0; i < 300; i += 2)
		table_mark_saved(t[i]);
	n = 0;
	for (struct table *u = table_list_first_unsaved(l); u != NULL;
	    u = table_next_unsaved(u)) {
		ck_assert_int_eq(table_unsaved(u), 1);
		n++;
	}
	ck_assert_int_eq(n, 150);
	ck_assert_int_eq(table_unsaved(t[0]), 0);
	/* Closed tables are gone from every index. */
	for (int i = 1; i < 300; i += 2) {
		char code[TABLE_CODE_SIZE];

		snprintf(code, sizeof code, "%s", table_code(t[i]));
		table_free(t[i]);
		ck_assert_ptr_null(table_list_find(l, code));
		ck_assert_ptr_null(table_list_seat_of(l, who[i]));
	}
	ck_assert_ptr_null(table_list_first_unsaved(l));
	for (int i = 2; i < 300; i += 2)
		ck_assert_ptr_eq(table_list_seat_of(l, who[i]), t[i]);
	table_list_free(l);
	for (int i = 0; i < 300; i++)
		identities_release(ids, who[i]);
}
END_TEST

/* ---- seats and hosting ------------------------------------------------------- */

START_TEST(seats_sit_switch_leave)
{
	struct table *t = make("gomoku", 0);

	ck_assert_ptr_eq(table_host(t), alice);
	ck_assert_ptr_eq(table_seat(t, 0), alice);
	ck_assert_int_eq(table_seats_taken(t), 1);
	/* alice cannot take a second seat. */
	ck_assert_int_eq(table_sit(t, alice, -1, err, sizeof err), -1);
	ck_assert_str_eq(err, "you sit in seat 1 already");
	ck_assert_int_eq(table_sit(t, bob, 0, err, sizeof err), -1);
	ck_assert_str_eq(err, "seat 1 is taken by alice");
	ck_assert_int_eq(table_sit(t, bob, 5, err, sizeof err), -1);
	ck_assert_str_eq(err, "there is no seat 6 (1-2)");
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_seat_find(t, bob), 1);
	ck_assert_int_eq(table_sit(t, carol, -1, err, sizeof err), -1);
	ck_assert_str_eq(err, "every seat is taken");
	/* bob stands up, alice moves to seat 2, bob comes back to seat 1. */
	ck_assert_int_eq(table_leave(t, bob, err, sizeof err), 0);
	ck_assert_ptr_null(table_seat(t, 1));
	ck_assert_int_eq(table_sit(t, alice, 1, err, sizeof err), 0);
	ck_assert_ptr_null(table_seat(t, 0));
	ck_assert_ptr_eq(table_seat(t, 1), alice);
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_seat_find(t, bob), 0);
	ck_assert_int_eq(table_leave(t, carol, err, sizeof err), -1);
	ck_assert_str_eq(err, "you have no seat at this table");
	ck_assert_int_eq(heard.changed, 4);
}
END_TEST

START_TEST(start_needs_host_and_full_seats)
{
	struct table *t = make("gomoku", 0);

	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), -1);
	ck_assert_str_eq(err, "waiting for 1 more player");
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, bob, 1, err, sizeof err), -1);
	ck_assert_str_eq(err, "only the host (alice) can start the game");
	ck_assert_int_eq(table_phase(t), TABLE_WAITING);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), -1);
	/* No one leaves or sits during the game. */
	ck_assert_int_eq(table_leave(t, bob, err, sizeof err), -1);
	ck_assert_str_eq(err, "the game is running: resign first");
	ck_assert_int_eq(table_sit(t, carol, -1, err, sizeof err), -1);
	ck_assert_str_eq(err, "the game has started: you can watch it");
	ck_assert_int_eq(table_kick(t, alice, 1, err, sizeof err), -1);
}
END_TEST

START_TEST(host_kicks_and_passes_hosting)
{
	struct table *t = make("gomoku", 0);

	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_kick(t, bob, 0, err, sizeof err), -1);
	ck_assert_str_eq(err, "only the host (alice) can send someone away");
	ck_assert_int_eq(table_kick(t, alice, 0, err, sizeof err), -1);
	ck_assert_int_eq(table_kick(t, alice, 1, err, sizeof err), 0);
	ck_assert_int_eq(heard.kicked, 1);
	ck_assert_ptr_eq(heard.who, bob);
	ck_assert_ptr_null(table_seat(t, 1));
	ck_assert_int_eq(table_is_watching(t, bob), 0);
	/* bob may not come back to a seat. */
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "asked you to leave"));
	/* carol sits and gets hosting. */
	ck_assert_int_eq(table_sit(t, carol, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_pass_host(t, carol, 0, err, sizeof err), -1);
	ck_assert_int_eq(table_pass_host(t, alice, 1, err, sizeof err), 0);
	ck_assert_ptr_eq(table_host(t), carol);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "only the host (carol)"));
	/* The host leaves the table: hosting moves on to alice. */
	ck_assert_int_eq(table_depart(t, carol), 1);
	ck_assert_ptr_null(table_seat(t, 1));
	ck_assert_ptr_eq(table_host(t), alice);
}
END_TEST

START_TEST(watchers_and_departures)
{
	struct table *t = make("gomoku", 0);

	ck_assert_int_eq(table_watch(t, carol), 0);
	ck_assert_int_eq(table_watch(t, carol), 0);	/* a second terminal */
	ck_assert_int_eq(table_watchers(t), 1);	/* alice sits: not counted */
	ck_assert_ptr_eq(table_watcher(t, 0), carol);
	ck_assert_ptr_null(table_watcher(t, 1));
	table_unwatch(t, carol);
	ck_assert_int_eq(table_watchers(t), 1);
	table_unwatch(t, carol);
	ck_assert_int_eq(table_watchers(t), 0);
	ck_assert_int_eq(table_is_empty(t), 0);
	ck_assert_int_gt(heard.listing, 0);
	/* alice's last terminal leaves while waiting: she stands up. */
	ck_assert_int_eq(table_depart(t, alice), 1);
	ck_assert_int_eq(table_seats_taken(t), 0);
	ck_assert_int_eq(table_is_empty(t), 1);
}
END_TEST

START_TEST(seat_kept_during_game)
{
	struct table *t = make_started("gomoku", 0);

	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_depart(t, bob), 1);
	/* The seat belongs to bob, not to his connection. */
	ck_assert_ptr_eq(table_seat(t, 1), bob);
	ck_assert_ptr_eq(table_list_seat_of(list, bob), t);
}
END_TEST

/* ---- playing ------------------------------------------------------------------- */

START_TEST(gomoku_to_five)
{
	struct table *t = make_started("gomoku", 0);
	struct store_game g;
	int line[8], n;

	ck_assert_int_eq(table_first(t), 0);
	ck_assert_int_eq(table_seat_side(t, 0), 0);	/* alice black */
	ck_assert_int_eq(table_seat_side(t, 1), 1);
	ck_assert_int_eq(table_turn(t), 0);
	ck_assert_int_eq(table_game_rated(t), 1);
	/* Not bob's turn; the position does not change. */
	ck_assert_int_eq(table_play_text(t, bob, "h8", err, sizeof err), -1);
	ck_assert_str_eq(err, "it is not your turn (alice to move)");
	ck_assert_int_eq(table_play_text(t, carol, "h8", err, sizeof err), -1);
	ck_assert_str_eq(err, "you are not playing at this table");
	play(t, alice, "h8");
	ck_assert_int_eq(table_turn(t), 1);
	/* The engine's reasons come back as they are. */
	ck_assert_int_eq(table_play_text(t, bob, "h8", err, sizeof err), -1);
	ck_assert_str_eq(err, "h8 is occupied");
	ck_assert_int_eq(table_play_text(t, bob, "z99", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "bad point"));
	ck_assert_int_eq(table_game(t)->variant->ply(table_game(t)), 1);
	play(t, bob, "a1");
	play(t, alice, "i8");
	play(t, bob, "a2");
	play(t, alice, "j8");
	play(t, bob, "a3");
	play(t, alice, "k8");
	play(t, bob, "a4");
	ck_assert_int_eq(heard.over, 0);
	play(t, alice, "l8");
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_int_eq(heard.over, 1);
	ck_assert_str_eq(table_result(t), "black (alice) wins: five");
	ck_assert_int_eq(table_seat_rank(t, 0), 1);
	ck_assert_int_eq(table_seat_rank(t, 1), 2);
	n = table_win_line(t, line, 8);
	ck_assert_int_eq(n, 5);
	for (int i = 0; i < 5; i++) {
		char p[4];

		stone_point_format(15, line[i], p);
		ck_assert_int_eq(p[0], 'h' + i);
		ck_assert_str_eq(p + 1, "8");
	}
	ck_assert_int_eq(table_play_text(t, bob, "a5", err, sizeof err), -1);
	ck_assert_str_eq(err, "the game is over");

	ck_assert_int_eq(table_game_request(t, &g, 2000), 0);
	ck_assert_str_eq(g.variant, "gomoku");
	ck_assert_str_eq(g.options, "size=15 overline=on restrict=off");
	ck_assert_str_eq(g.record, "gomoku size=15 overline=on restrict=off "
	    "moves h8 a1 i8 a2 j8 a3 k8 a4 l8");
	ck_assert_int_eq(g.rated, 1);
	ck_assert_int_eq(g.started, 1000);
	ck_assert_int_eq(g.ended, 2000);
	ck_assert_str_eq(g.table, table_code(t));
	ck_assert_int_eq(g.nplayers, 2);
	ck_assert_int_eq(g.players[0].kind, STORE_PLAYER_USER);
	ck_assert_int_eq(g.players[0].user, 1);
	ck_assert_str_eq(g.players[0].name, "alice");
	ck_assert_str_eq(g.players[0].side, "black");
	ck_assert_int_eq(g.players[0].rank, 1);
	ck_assert_int_eq(g.players[0].outcome, STORE_WIN);
	ck_assert_int_eq(g.players[1].user, 2);
	ck_assert_int_eq(g.players[1].outcome, STORE_LOSS);
	ck_assert_int_eq(g.players[1].rank, 2);
	free(g.record);
}
END_TEST

/* A lookup that marks every word the table has looked up, so a test sees
 * which were: "<%s wins: %s resigned>" and so on.  Each answer lives until
 * eight more were asked for. */
static const char *
marked_words(const void *ctx, const char *msgid)
{
	static char	 ring[8][128];
	static int	 next;
	char		*buf = ring[next++ % 8];

	(void)ctx;
	snprintf(buf, sizeof ring[0], "<%s>", msgid);
	return buf;
}

START_TEST(first_player_random_then_rotating)
{
	char		 text[2 * TABLE_RESULT_LEN];
	struct table *t = make_started("gomoku", 1);	/* bob first */
	struct store_game g;

	ck_assert_int_eq(table_first(t), 1);
	ck_assert_int_eq(table_seat_side(t, 1), 0);	/* bob black */
	ck_assert_int_eq(table_turn(t), 1);
	ck_assert_int_eq(table_resign(t, alice, err, sizeof err), 0);
	ck_assert_str_eq(table_result(t), "black (bob) wins: white (alice) "
	    "resigned");
	/* The same in a viewer's words: the sentence and the side names are
	 * looked up, the names of the players are not. */
	table_result_text(t, marked_words, NULL, text, sizeof text);
	ck_assert_str_eq(text, "<<black> (bob) wins: <white> (alice) "
	    "resigned>");
	ck_assert_int_eq(table_game_request(t, &g, 5), 0);
	/* Players in engine order: bob is P1. */
	ck_assert_str_eq(g.players[0].name, "bob");
	ck_assert_int_eq(g.players[0].outcome, STORE_WIN);
	ck_assert_str_eq(g.players[1].name, "alice");
	ck_assert_int_eq(g.players[1].outcome, STORE_LOSS);
	free(g.record);
	/* A rematch needs both; then alice is black. */
	ck_assert_int_eq(table_start(t, alice, 10, err, sizeof err), -1);
	ck_assert_int_eq(table_rematch(t, alice, 10, err, sizeof err), 0);
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_int_eq(table_rematch_agreed(t, 0), 1);
	ck_assert_int_eq(table_rematch(t, alice, 10, err, sizeof err), -1);
	ck_assert_int_eq(table_rematch(t, carol, 10, err, sizeof err), -1);
	ck_assert_int_eq(table_rematch(t, bob, 10, err, sizeof err), 0);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);
	ck_assert_int_eq(table_games(t), 2);
	ck_assert_int_eq(table_first(t), 0);
	ck_assert_int_eq(table_seat_side(t, 0), 0);
	/* And back again for game 3. */
	ck_assert_int_eq(table_resign(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_rematch(t, bob, 20, err, sizeof err), 0);
	ck_assert_int_eq(table_rematch(t, alice, 20, err, sizeof err), 0);
	ck_assert_int_eq(table_first(t), 1);
}
END_TEST

START_TEST(rotate_off_keeps_first)
{
	struct table *t = make_started("gomoku rotate=off", 1);

	ck_assert_int_eq(table_first(t), 1);
	ck_assert_int_eq(table_resign(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_rematch(t, alice, 10, err, sizeof err), 0);
	ck_assert_int_eq(table_rematch(t, bob, 10, err, sizeof err), 0);
	ck_assert_int_eq(table_first(t), 1);
}
END_TEST

START_TEST(guest_makes_game_unrated)
{
	struct table *t = make("gomoku", 0);
	struct store_game g;

	ck_assert_int_eq(table_sit(t, guest, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	ck_assert_int_eq(table_game_rated(t), 0);
	/* The guest went away during the game: his seat is freed at the
	 * end, after the game was handed to the store. */
	ck_assert_int_eq(table_resign(t, guest, err, sizeof err), 0);
	ck_assert_int_eq(heard.over, 1);
	g = heard.game;
	ck_assert_int_eq(g.rated, 0);
	ck_assert_int_eq(g.players[1].kind, STORE_PLAYER_GUEST);
	ck_assert_int_eq(g.players[1].user, 0);
	ck_assert_str_eq(g.players[1].name, guest->name);
	ck_assert_int_eq(g.players[1].outcome, STORE_LOSS);
	ck_assert_ptr_null(table_seat(t, 1));
	ck_assert_ptr_eq(table_seat(t, 0), alice);
	ck_assert_int_eq(table_phase(t), TABLE_WAITING);
}
END_TEST

START_TEST(unrated_table)
{
	struct table *t = make_started("gomoku rated=no", 0);

	ck_assert_int_eq(table_game_rated(t), 0);
}
END_TEST

START_TEST(gomoku_restricted_point_blocked)
{
	struct table *t = make_started("gomoku restrict=on", 0);
	const struct game *g = table_game(t);

	/* Black builds two open twos crossing at h8... i8 j8 / h9 h10. */
	play(t, alice, "i8");
	play(t, bob, "a1");
	play(t, alice, "j8");
	play(t, bob, "a3");
	play(t, alice, "h9");
	play(t, bob, "a5");
	play(t, alice, "h10");
	play(t, bob, "a7");
	ck_assert_int_eq(table_play_text(t, alice, "h8", err, sizeof err), -1);
	ck_assert_str_eq(err, "h8 is restricted for black (double-three)");
	ck_assert_int_eq(g->variant->ply(g), 8);
	ck_assert_int_eq(table_turn(t), 0);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);
	play(t, alice, "o15");
}
END_TEST

START_TEST(renju_restricted_point_loses)
{
	struct table *t = make_started("renju", 0);
	int line[8];

	/* The centre opening first; then black builds h7 i7 and g8 g9, so
	 * g7 makes two threes. */
	ck_assert_int_eq(table_play_text(t, alice, "a1", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "centre"));
	play(t, alice, "h8");
	play(t, bob, "h9");
	play(t, alice, "h7");
	play(t, bob, "a1");
	play(t, alice, "i7");
	play(t, bob, "a3");
	play(t, alice, "g8");
	play(t, bob, "a5");
	play(t, alice, "g9");
	play(t, bob, "a7");
	play(t, alice, "g7");
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_str_eq(table_result(t), "white (bob) wins: black played a "
	    "restricted point (double-three)");
	ck_assert_int_eq(table_win_line(t, line, 8), 0);
	ck_assert_int_eq(table_seat_rank(t, 1), 1);
	ck_assert_int_eq(table_seat_rank(t, 0), 2);
}
END_TEST

START_TEST(swap2_choices_and_turns)
{
	struct table *t = make_started("freestyle opening=swap2", 0);

	/* alice is P1: she places three stones. */
	ck_assert_int_eq(table_seat_side(t, 0), -1);
	ck_assert_int_eq(table_turn(t), 0);
	play(t, alice, "h8");
	ck_assert_int_eq(table_turn(t), 0);
	play(t, alice, "h9");
	play(t, alice, "i8");
	ck_assert_int_eq(table_turn(t), 1);
	ck_assert_int_eq(table_turn_is_choice(t), 1);
	ck_assert_int_eq(table_play_text(t, bob, "a1", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "choose first"));
	ck_assert_int_eq(table_choose(t, alice, GAME_CHOICE_WHITE, err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "not your turn"));
	/* bob places two more and hands the choice back. */
	ck_assert_int_eq(table_choose(t, bob, GAME_CHOICE_MORE, err,
	    sizeof err), 0);
	ck_assert_int_eq(table_turn(t), 1);
	play(t, bob, "j10");
	play(t, bob, "a1");
	ck_assert_int_eq(table_turn(t), 0);
	ck_assert_int_eq(table_turn_is_choice(t), 1);
	ck_assert_int_eq(table_choose(t, alice, GAME_CHOICE_MORE, err,
	    sizeof err), -1);
	ck_assert_int_eq(table_choose(t, alice, GAME_CHOICE_WHITE, err,
	    sizeof err), 0);
	ck_assert_int_eq(table_seat_side(t, 0), 1);
	ck_assert_int_eq(table_seat_side(t, 1), 0);
	/* Five stones on the board: white (alice) moves. */
	ck_assert_int_eq(table_turn(t), 0);
	play(t, alice, "b2");
	ck_assert_int_eq(table_turn(t), 1);
}
END_TEST

START_TEST(swap_bob_takes_black)
{
	struct table *t = make_started("standard opening=swap", 0);

	play(t, alice, "h8");
	play(t, alice, "h9");
	play(t, alice, "i8");
	ck_assert_int_eq(table_choose(t, bob, GAME_CHOICE_MORE, err,
	    sizeof err), -1);
	ck_assert_int_eq(table_choose(t, bob, GAME_CHOICE_BLACK, err,
	    sizeof err), 0);
	ck_assert_int_eq(table_seat_side(t, 1), 0);
	/* White's fourth stone: alice. */
	ck_assert_int_eq(table_turn(t), 0);
}
END_TEST

START_TEST(connect6_two_stones_a_turn)
{
	struct table *t = make_started("connect6", 0);
	struct game_status st;
	const struct game *g = table_game(t);

	play(t, alice, "j10");
	ck_assert_int_eq(table_turn(t), 1);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.stone_of_turn, 1);
	play(t, bob, "a1");
	g->variant->status(g, &st);
	ck_assert_int_eq(st.stone_of_turn, 2);
	ck_assert_int_eq(table_turn(t), 1);
	play(t, bob, "a2");
	ck_assert_int_eq(table_turn(t), 0);
	/* Six in a row, ending on the first stone of a pair. */
	play(t, alice, "k10");
	play(t, alice, "l10");
	play(t, bob, "a3");
	play(t, bob, "a4");
	play(t, alice, "m10");
	play(t, alice, "n10");
	play(t, bob, "a5");
	play(t, bob, "b1");
	play(t, alice, "o10");
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_str_eq(table_result(t), "black (alice) wins: six");
	{
		int line[8];

		ck_assert_int_eq(table_win_line(t, line, 8), 6);
	}
}
END_TEST

START_TEST(draw_offer_accept_decline)
{
	struct table *t = make_started("gomoku", 0);
	struct store_game g;

	ck_assert_int_eq(table_draw_decline(t, bob, err, sizeof err), -1);
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_draw_offer(t), 0);
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), -1);
	ck_assert_int_eq(table_draw_decline(t, alice, err, sizeof err), -1);
	ck_assert_int_eq(table_draw_decline(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_draw_offer(t), -1);
	/* An offer lapses when the other side moves instead. */
	play(t, alice, "h8");
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), 0);
	play(t, bob, "h9");
	ck_assert_int_eq(table_draw_offer(t), -1);
	ck_assert_int_eq(table_draw(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), 0);
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_int_eq(table_end(t), TABLE_END_DRAW);
	ck_assert_str_eq(table_result(t), "draw agreed");
	ck_assert_int_eq(table_game_request(t, &g, 5), 0);
	ck_assert_int_eq(g.players[0].outcome, STORE_DRAW);
	ck_assert_int_eq(g.players[1].outcome, STORE_DRAW);
	ck_assert_int_eq(g.players[0].rank, 1);
	ck_assert_int_eq(g.players[1].rank, 1);
	free(g.record);
}
END_TEST

START_TEST(undo_asked_and_answered)
{
	struct table *t = make_started("gomoku", 0);
	const struct game *g = table_game(t);

	ck_assert_int_eq(table_undo_ask(t, alice, err, sizeof err), -1);
	ck_assert_str_eq(err, "you have no move to take back");
	play(t, alice, "h8");
	play(t, bob, "h9");
	play(t, alice, "i9");
	ck_assert_int_eq(table_undo_ask(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_undo_request(t), 1);
	ck_assert_int_eq(table_undo_answer(t, bob, 1, err, sizeof err), -1);
	ck_assert_int_eq(table_undo_answer(t, alice, 0, err, sizeof err), 0);
	ck_assert_int_eq(g->variant->ply(g), 3);
	ck_assert_int_eq(table_undo_ask(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_undo_answer(t, alice, 1, err, sizeof err), 0);
	/* bob's h9 and alice's i9 are gone; bob to move again. */
	ck_assert_int_eq(g->variant->ply(g), 1);
	ck_assert_int_eq(table_turn(t), 1);
	/* A request lapses when the other player moves. */
	play(t, bob, "a1");
	ck_assert_int_eq(table_undo_ask(t, bob, err, sizeof err), 0);
	play(t, alice, "a2");
	ck_assert_int_eq(table_undo_request(t), -1);
}
END_TEST

START_TEST(undo_connect6_whole_turn)
{
	struct table *t = make_started("connect6", 0);
	const struct game *g = table_game(t);

	play(t, alice, "j10");
	play(t, bob, "a1");
	play(t, bob, "a2");
	ck_assert_int_eq(table_undo_ask(t, bob, err, sizeof err), 0);
	ck_assert_int_eq(table_undo_answer(t, alice, 1, err, sizeof err), 0);
	ck_assert_int_eq(g->variant->ply(g), 1);
	ck_assert_int_eq(table_turn(t), 1);
}
END_TEST

START_TEST(undo_not_across_swap)
{
	struct table *t = make_started("freestyle opening=swap", 0);

	play(t, alice, "h8");
	ck_assert_int_eq(table_undo_ask(t, alice, err, sizeof err), -1);
	ck_assert_str_eq(err, "not during the swap opening");
	play(t, alice, "h9");
	play(t, alice, "i8");
	ck_assert_int_eq(table_choose(t, bob, GAME_CHOICE_WHITE, err,
	    sizeof err), 0);
	/* bob is white and has no move of his own yet. */
	ck_assert_int_eq(table_undo_ask(t, bob, err, sizeof err), -1);
	ck_assert_str_eq(err, "you have no move to take back");
}
END_TEST

/* ---- four-player shogi ------------------------------------------------------------ */

static struct table *
make_yonin(const char *words)
{
	struct table *t = make(words, 0);

	ck_assert_int_eq(table_nseats(t), 4);
	ck_assert_int_eq(table_watch(t, bob), 0);
	ck_assert_int_eq(table_watch(t, carol), 0);
	ck_assert_int_eq(table_watch(t, dave), 0);
	ck_assert_int_eq(table_sit(t, bob, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_sit(t, carol, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), -1);
	ck_assert_str_eq(err, "waiting for 1 more player");
	ck_assert_int_eq(table_sit(t, dave, -1, err, sizeof err), 0);
	ck_assert_int_eq(table_start(t, alice, 1, err, sizeof err), 0);
	return t;
}

/* Put the running game in a position (test only: the hall has no such
 * command; the engine's own tests cover the rules). */
static void
yonin_setup(struct table *t, const char *tokens)
{
	char copy[512], *tok[64], *save = NULL;
	int n = 0;

	snprintf(copy, sizeof copy, "%s", tokens);
	for (char *w = strtok_r(copy, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save))
		tok[n++] = w;
	ck_assert_int_eq(game_setup(t->game, n, tok, err, sizeof err), 0);
}

START_TEST(yonin_turns_and_no_resign)
{
	struct table *t = make_yonin("yonin");

	/* first = 0: alice S, bob W, carol N, dave E. */
	ck_assert_int_eq(table_seat_side(t, 0), YONIN_S);
	ck_assert_int_eq(table_seat_side(t, 3), YONIN_E);
	ck_assert_int_eq(table_turn(t), 0);
	play(t, alice, "5g5f");
	ck_assert_int_eq(table_turn(t), 1);
	ck_assert_int_eq(table_play_text(t, carol, "5c5d", err, sizeof err),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "not your turn (bob"));
	play(t, bob, "7e6e");
	play(t, carol, "5c5d");
	play(t, dave, "3e4e");
	ck_assert_int_eq(table_turn(t), 0);
	ck_assert_int_eq(table_resign(t, alice, err, sizeof err), -1);
	ck_assert_str_eq(err, "four-player shogi has no resignation");
	ck_assert_int_eq(table_draw(t, alice, err, sizeof err), -1);
	ck_assert_int_eq(table_undo_ask(t, alice, err, sizeof err), -1);
	ck_assert_int_eq(table_leave(t, alice, err, sizeof err), -1);
	/* A refused move keeps the engine's reason. */
	ck_assert_int_eq(table_play_text(t, alice, "5i5h", err, sizeof err), -1);
	ck_assert_str_ne(err, "");
}
END_TEST

START_TEST(yonin_check_priority)
{
	struct table *t = make_yonin("yonin");

	/* docs/rules.md §2 (Check priority): checking the opposite player
	 * skips the one between. */
	yonin_setup(t, "5i:S:K 9e:W:K 5a:N:K 1e:E:K 6h:S:R tomove:S");
	play(t, alice, "6h5h");
	ck_assert_int_eq(table_turn(t), 2);	/* carol (N) answers */
	ck_assert_int_eq(table_play_text(t, bob, "9e9d", err, sizeof err), -1);
	play(t, carol, "5a4a");
	ck_assert_int_eq(table_turn(t), 3);
}
END_TEST

START_TEST(yonin_elimination_and_end)
{
	char		 text[2 * TABLE_RESULT_LEN];
	struct table *t = make_yonin("yonin");
	struct store_game g;
	struct chat *c = table_chat(t);
	int found = 0;

	/* Y26: a double check; N is out when his turn comes. */
	yonin_setup(t, "5i:S:K 9e:W:K 5a:N:K 1g:E:K 6a:N:P 4a:N:P 7c:S:G "
	    "3c:S:G hand:S:R1 tomove:S");
	play(t, alice, "R*5e");
	ck_assert_int_eq(table_turn(t), 1);
	play(t, bob, "9e9d");
	ck_assert_int_eq(table_turn(t), 3);
	for (size_t i = 0; i < chat_count(c); i++)
		if (strstr(chat_get(c, i)->text, "N (carol) is out, eliminated "
		    "by S (alice)") != NULL)
			found = 1;
	ck_assert_int_eq(found, 1);
	ck_assert_int_eq(table_phase(t), TABLE_PLAYING);

	/* Y29: the second elimination ends the game. */
	table_free(t);
	t = make_yonin("yonin");
	yonin_setup(t, "5i:S:K 9e:W:K* 1a:N:K 1e:E:K 2c:S:G 1c:S:P 3b:E:S:W "
	    "8d:E:G:W 7d:N:P hand:S:P2 hand:N:G1 hand:E:S1,P1 out:W:E "
	    "tomove:S");
	play(t, alice, "1c1b");
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_int_eq(table_seat_rank(t, 0), 1);
	ck_assert_int_eq(table_seat_rank(t, 1), 4);
	ck_assert_int_eq(table_seat_rank(t, 2), 3);
	ck_assert_int_eq(table_seat_rank(t, 3), 2);
	ck_assert_str_eq(table_result(t), "ranks: 1 S alice, 2 E dave, "
	    "3 N carol, 4 W bob (eliminations)");
	table_result_text(t, marked_words, NULL, text, sizeof text);
	ck_assert_str_eq(text, "<ranks:> 1 S alice, 2 E dave, 3 N carol, "
	    "4 W bob (<eliminations>)");
	ck_assert_int_eq(table_game_request(t, &g, 9), 0);
	ck_assert_int_eq(g.nplayers, 4);
	ck_assert_int_eq(g.rated, 1);
	ck_assert_str_eq(g.players[0].side, "S");
	ck_assert_int_eq(g.players[0].outcome, STORE_WIN);
	ck_assert_int_eq(g.players[1].rank, 4);
	ck_assert_int_eq(g.players[1].outcome, STORE_LOSS);
	ck_assert_int_eq(g.players[3].rank, 2);
	ck_assert_ptr_nonnull(strstr(g.record, "setup"));
	/* The record replays to the same end. */
	{
		struct game *r = game_replay(g.record, err, sizeof err);
		struct game_status st;

		ck_assert_msg(r != NULL, "%s", err);
		r->variant->status(r, &st);
		ck_assert_int_eq(st.phase, GAME_OVER);
		game_free(r);
	}
	free(g.record);
}
END_TEST

START_TEST(yonin_pairs_winners)
{
	struct table *t = make_yonin("yonin mode=pairs");

	yonin_setup(t, "5i:S:K 9a:W:K 5a:N:K 1e:E:K 9c:S:P 8c:S:G 7b:N:S "
	    "tomove:S");
	play(t, alice, "9c9b");
	ck_assert_int_eq(table_phase(t), TABLE_OVER);
	ck_assert_int_eq(table_seat_rank(t, 0), 1);
	ck_assert_int_eq(table_seat_rank(t, 2), 1);
	ck_assert_int_gt(table_seat_rank(t, 1), 1);
	ck_assert_int_gt(table_seat_rank(t, 3), 1);
	ck_assert_str_eq(table_result(t), "winners: S alice, N carol "
	    "(eliminations)");
}
END_TEST

/* ---- chat --------------------------------------------------------------------------- */

START_TEST(table_chat_separate_and_limited)
{
	struct table *t = make("gomoku", 0);
	struct ratelimit rl;
	struct chat *c = table_chat(t);
	size_t before = chat_count(c);

	ck_assert_int_eq(table_say(t, carol, NULL, 0, 0, "hi", err, sizeof err),
	    -1);
	ck_assert_str_eq(err, "only people at the table can talk here");
	ck_assert_int_eq(table_watch(t, carol), 0);
	ratelimit_init(&rl, 0.001, 1, 0);
	ck_assert_int_eq(table_say(t, carol, &rl, 0, 0, "hello \x1b[2Jthere",
	    err, sizeof err), 0);
	ck_assert_str_eq(chat_get(c, chat_count(c) - 1)->from, "carol");
	ck_assert_ptr_null(strchr(chat_get(c, chat_count(c) - 1)->text, 0x1b));
	ck_assert_int_eq(table_say(t, carol, &rl, 10, 0, "again", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "slow down"));
	ck_assert_int_eq(table_say(t, alice, NULL, 0, 0, "   ", err,
	    sizeof err), -1);
	ck_assert_int_eq(table_say(t, alice, NULL, 0, 0, "welcome", err,
	    sizeof err), 0);
	ck_assert_uint_gt(chat_count(c), before + 1);
}
END_TEST

/* ---- saving -------------------------------------------------------------------------- */

START_TEST(save_and_restore_midgame)
{
	struct table *t = make_started("gomoku size=19 timer=60", 1);
	struct table *r;
	char *text, *again, code[TABLE_CODE_SIZE], rec1[512], rec2[512];

	play(t, bob, "j10");
	play(t, alice, "k11");
	snprintf(code, sizeof code, "%s", table_code(t));
	text = table_save(t);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "record gomoku size=19"));
	game_record(table_game(t), rec1, sizeof rec1);
	table_free(t);
	ck_assert_ptr_null(table_list_find(list, code));

	r = table_restore(list, text, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_str_eq(table_code(r), code);
	ck_assert_ptr_eq(table_list_find(list, code), r);
	ck_assert_int_eq(table_phase(r), TABLE_PLAYING);
	ck_assert_ptr_eq(table_seat(r, 0), alice);
	ck_assert_ptr_eq(table_seat(r, 1), bob);
	ck_assert_ptr_eq(table_host(r), alice);
	ck_assert_int_eq(table_first(r), 1);
	ck_assert_int_eq(table_spec(r)->timer, 60);
	game_record(table_game(r), rec2, sizeof rec2);
	ck_assert_str_eq(rec1, rec2);
	ck_assert_int_eq(table_turn(r), 1);
	play(r, bob, "a1");
	/* Saved again, the text reads back the same. */
	again = table_save(r);
	ck_assert_ptr_nonnull(again);
	ck_assert_int_eq(table_restore(list, again, err, sizeof err) == NULL, 1);
	ck_assert_ptr_nonnull(strstr(err, "taken"));
	free(text);
	free(again);
}
END_TEST

START_TEST(save_and_restore_resigned)
{
	struct table *t = make_started("renju", 0);
	struct table *r;
	char *text;

	play(t, alice, "h8");
	ck_assert_int_eq(table_resign(t, bob, err, sizeof err), 0);
	text = table_save(t);
	table_free(t);
	r = table_restore(list, text, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(table_phase(r), TABLE_OVER);
	ck_assert_int_eq(table_end(r), TABLE_END_RESIGN);
	ck_assert_str_eq(table_result(r), "black (alice) wins: white (bob) "
	    "resigned");
	free(text);
}
END_TEST

START_TEST(restore_refuses_bad_text)
{
	const char *bad[] = {
		"",
		"nonsense",
		"gamehall-table 1\ncode ABCDE\nspec chess\n",
		"gamehall-table 1\ncode ABCDE\nspec gomoku\nphase playing\n",
		"gamehall-table 1\ncode ABCDE\nspec gomoku\nseat 0 user 1 alice\n"
		    "seat 1 user 2 bob\nphase playing\nrecord gomoku moves h8 h8\n",
		"gamehall-table 1\ncode ABCDE\nspec gomoku\nseat 9 user 1 a\n",
		"gamehall-table 1\ncode ABCDE\nspec gomoku\nseat 0 user 1 alice\n"
		    "seat 1 user 2 bob\nphase playing\nfirst 7\n"
		    "record gomoku moves h8\n",
		"gamehall-table 2\ncode ABCDE\nspec gomoku\n",
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		ck_assert_msg(table_restore(list, bad[i], err, sizeof err) ==
		    NULL, "case %zu restored", i);
		ck_assert_msg(err[0] != '\0', "case %zu: no message", i);
	}
	ck_assert_uint_eq(table_list_count(list), 0);
}
END_TEST

static Suite *
table_suite(void)
{
	Suite *s = suite_create("table");
	TCase *tc;

	tc = tcase_create("spec");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, spec_defaults_and_words);
	tcase_add_test(tc, spec_refusals_name_the_problem);
	tcase_add_test(tc, form_rows_cover_every_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("codes");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, codes_are_short_unique_and_found);
	tcase_add_test(tc, many_codes_distinct);
	tcase_add_test(tc, index_follows_codes_seats_and_saves);
	suite_add_tcase(s, tc);

	tc = tcase_create("seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, seats_sit_switch_leave);
	tcase_add_test(tc, start_needs_host_and_full_seats);
	tcase_add_test(tc, host_kicks_and_passes_hosting);
	tcase_add_test(tc, watchers_and_departures);
	tcase_add_test(tc, seat_kept_during_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, gomoku_to_five);
	tcase_add_test(tc, first_player_random_then_rotating);
	tcase_add_test(tc, rotate_off_keeps_first);
	tcase_add_test(tc, guest_makes_game_unrated);
	tcase_add_test(tc, unrated_table);
	tcase_add_test(tc, gomoku_restricted_point_blocked);
	tcase_add_test(tc, renju_restricted_point_loses);
	tcase_add_test(tc, swap2_choices_and_turns);
	tcase_add_test(tc, swap_bob_takes_black);
	tcase_add_test(tc, connect6_two_stones_a_turn);
	tcase_add_test(tc, draw_offer_accept_decline);
	tcase_add_test(tc, undo_asked_and_answered);
	tcase_add_test(tc, undo_connect6_whole_turn);
	tcase_add_test(tc, undo_not_across_swap);
	suite_add_tcase(s, tc);

	tc = tcase_create("yonin");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, yonin_turns_and_no_resign);
	tcase_add_test(tc, yonin_check_priority);
	tcase_add_test(tc, yonin_elimination_and_end);
	tcase_add_test(tc, yonin_pairs_winners);
	suite_add_tcase(s, tc);

	tc = tcase_create("chat-save");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, table_chat_separate_and_limited);
	tcase_add_test(tc, save_and_restore_midgame);
	tcase_add_test(tc, save_and_restore_resigned);
	tcase_add_test(tc, restore_refuses_bad_text);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(table_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
