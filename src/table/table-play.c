/*
 * table-play.c - the game at a table: who may act, moves and choices
 * through the engine, resignation, draw and undo agreements, the result
 * and the request that stores it.
 *
 * The engine judges every move; the table only checks that the person
 * acting holds the seat whose turn it is.  Choices made here:
 * - a draw offer or undo request stands until the opponent answers or
 *   makes a move (a move declines it);
 * - an accepted undo takes back every move after the asker's last turn
 *   and that whole turn (both stones of a Connect6 pair), never across a
 *   swap choice;
 * - outcomes for the store: first place is a win, a shared first place a
 *   draw, anything else a loss (four-player ratings use the ranks).
 * The result itself is table-result.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stone.h"
#include "engine/yonin.h"
#include "src/people/identity.h"
#include "src/store/store.h"
#include "src/table/table-int.h"

const struct game *
table_game(const struct table *t)
{
	return t->game;
}

int
table_first(const struct table *t)
{
	return t->first;
}

int
table_game_rated(const struct table *t)
{
	return t->rated;
}

const char *
table_unrated_why(const struct table *t)
{
	int	 guest = 0, cpu = 0;

	if (!t->spec.rated)
		return NULL;
	if (t->phase != TABLE_WAITING && t->games > 0 && t->rated)
		return NULL;
	for (int s = 0; s < t->nseats; s++) {
		const struct identity *who = t->seat[s].who;

		guest += who != NULL && who->kind == IDENTITY_GUEST;
		cpu += who != NULL && who->kind == IDENTITY_CPU;
	}
	if (cpu > 0)
		return "the computer plays";
	if (guest > 0)
		return "a guest plays";
	return t->phase != TABLE_WAITING && t->games > 0 ?
	    "a player left" : NULL;
}

int
table_rated_now(const struct table *t)
{
	return t->spec.rated && table_unrated_why(t) == NULL;
}

int
table_seat_player(const struct table *t, int seat)
{
	if (t->games == 0 || seat < 0 || seat >= t->nseats)
		return -1;
	return (seat - t->first + t->nseats) % t->nseats;
}

int
table_player_seat(const struct table *t, int player)
{
	if (player < 0 || player >= t->nseats)
		return -1;
	return (t->first + player) % t->nseats;
}

int
table_seat_side(const struct table *t, int seat)
{
	int	 p = table_seat_player(t, seat);

	if (p < 0)
		return -1;
	return t->game->variant->player_side(t->game, p);
}

int
table_side_seat(const struct table *t, int side)
{
	for (int s = 0; s < t->nseats; s++) {
		if (side >= 0 && table_seat_side(t, s) == side)
			return s;
	}
	return -1;
}

/* Swap2: after "more" the second player places the two extra stones. */
static int
table_more_chosen(const struct game *g)
{
	int	 ply = g->variant->ply(g);

	for (int i = 0; i < ply; i++) {
		struct move m;
		int side;

		g->variant->history(g, i, &m, &side);
		if (m.to < 0 && m.from < 0 && m.piece == GAME_CHOICE_MORE)
			return 1;
	}
	return 0;
}

int
table_turn(const struct table *t)
{
	struct game_status	 st;
	int			 seat;

	if (t->game == NULL || t->phase != TABLE_PLAYING)
		return -1;
	t->game->variant->status(t->game, &st);
	switch (st.phase) {
	case GAME_PLAYING:
		if ((seat = table_side_seat(t, st.to_move)) >= 0)
			return seat;
		/* Colours undecided: the swap opening's stones. */
		return table_player_seat(t, table_more_chosen(t->game) ? 1 : 0);
	case GAME_CHOOSING:
		return table_player_seat(t, st.chooser);
	default:
		return -1;
	}
}

/* The seat of a person who may act in the running game, or -1 (err). */
static int
table_actor(const struct table *t, const struct identity *who, char *err,
    size_t errlen)
{
	int	 seat = table_seat_find(t, who);

	if (t->phase != TABLE_PLAYING || t->game == NULL) {
		snprintf(err, errlen, "%s", t->phase == TABLE_OVER ?
		    "the game is over" : "the game has not started");
		return -1;
	}
	if (seat < 0) {
		snprintf(err, errlen, "you are not playing at this table");
		return -1;
	}
	return seat;
}

static int
table_my_turn(const struct table *t, int seat, char *err, size_t errlen)
{
	int	 turn = table_turn(t);

	if (turn != seat) {
		snprintf(err, errlen, "it is not your turn (%s to %s)",
		    table_seat_name(t, turn), table_turn_is_choice(t) ?
		    "choose" : "move");
		return -1;
	}
	return 0;
}

int
table_turn_is_choice(const struct table *t)
{
	struct game_status	 st;

	if (t->game == NULL || t->phase != TABLE_PLAYING)
		return 0;
	t->game->variant->status(t->game, &st);
	return st.phase == GAME_CHOOSING;
}

/* A move or choice by `seat` was made: offers by the others lapse. */
static void
table_acted(struct table *t, int seat)
{
	if (t->draw_offer >= 0 && t->draw_offer != seat) {
		table_noticef(t, "%s's draw offer lapses",
		    table_seat_name(t, t->draw_offer));
		t->draw_offer = -1;
	}
	if (t->undo_ask >= 0 && t->undo_ask != seat) {
		table_noticef(t, "%s's undo request lapses",
		    table_seat_name(t, t->undo_ask));
		t->undo_ask = -1;
	}
}

int
table_play(struct table *t, struct identity *who, const struct move *m,
    char *err, size_t errlen)
{
	const struct variant	*v;
	struct game_status	 st;
	int			 seat;

	if ((seat = table_actor(t, who, err, errlen)) < 0 ||
	    table_my_turn(t, seat, err, errlen) != 0)
		return -1;
	v = t->game->variant;
	v->status(t->game, &st);
	if (st.phase == GAME_CHOOSING) {
		snprintf(err, errlen, "choose first: %s",
		    (st.choices & GAME_CHOICE_MORE) ? "black, white or more" :
		    "black or white");
		return -1;
	}
	if (v->play(t->game, st.to_move, m, err, errlen) != 0)
		return -1;
	table_acted(t, seat);
	table_after_move(t);
	if (t->phase == TABLE_OVER)
		table_over_events(t);
	else
		table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_play_text(struct table *t, struct identity *who, const char *text,
    char *err, size_t errlen)
{
	struct move	 m;

	if (table_actor(t, who, err, errlen) < 0)
		return -1;
	if (t->game->variant->move_parse(t->game, text, &m, err, errlen) != 0)
		return -1;
	return table_play(t, who, &m, err, errlen);
}

int
table_choose(struct table *t, struct identity *who, unsigned choice,
    char *err, size_t errlen)
{
	const struct variant	*v;
	int			 seat;

	if ((seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	v = t->game->variant;
	if (v->choose == NULL) {
		snprintf(err, errlen, "%s has no colour choice", v->name);
		return -1;
	}
	if (!table_turn_is_choice(t)) {
		snprintf(err, errlen, "no choice is pending");
		return -1;
	}
	if (table_my_turn(t, seat, err, errlen) != 0 ||
	    v->choose(t->game, choice, err, errlen) != 0)
		return -1;
	if (choice == GAME_CHOICE_MORE)
		table_noticef(t, "%s places two more stones and hands the "
		    "choice back", who->name);
	else
		table_noticef(t, "%s takes %s", who->name,
		    choice == GAME_CHOICE_BLACK ? "black" : "white");
	table_acted(t, seat);
	table_after_move(t);
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

static int
table_stone_only(const struct table *t, const char *what, char *err,
    size_t errlen)
{
	if (t->nseats != 2) {
		snprintf(err, errlen, "four-player shogi has no %s", what);
		return -1;
	}
	return 0;
}

int
table_resign(struct table *t, struct identity *who, char *err, size_t errlen)
{
	int	 seat;

	if (table_stone_only(t, "resignation", err, errlen) != 0 ||
	    (seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	t->end = TABLE_END_RESIGN;
	t->end_seat = seat;
	table_game_over(t);
	table_over_events(t);
	return 0;
}

int
table_draw(struct table *t, struct identity *who, char *err, size_t errlen)
{
	int	 seat;

	if (table_stone_only(t, "draw offers", err, errlen) != 0 ||
	    (seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	if (t->draw_offer == seat) {
		snprintf(err, errlen, "you have offered a draw already");
		return -1;
	}
	if (t->draw_offer >= 0) {
		t->end = TABLE_END_DRAW;
		t->end_seat = -1;
		table_noticef(t, "%s accepts the draw", who->name);
		table_game_over(t);
		table_over_events(t);
		return 0;
	}
	t->draw_offer = seat;
	table_noticef(t, "%s offers a draw", who->name);
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_draw_decline(struct table *t, struct identity *who, char *err,
    size_t errlen)
{
	int	 seat;

	if ((seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	if (t->draw_offer < 0 || t->draw_offer == seat) {
		snprintf(err, errlen, "no draw is offered to you");
		return -1;
	}
	table_noticef(t, "%s declines the draw", who->name);
	t->draw_offer = -1;
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_draw_offer(const struct table *t)
{
	return t->phase == TABLE_PLAYING ? t->draw_offer : -1;
}

/*
 * How many entries of the history an undo for `side` takes back: every
 * move after that side's last turn and the whole turn; 0 when it has none
 * or a swap choice is in the way.
 */
static int
table_undo_count(const struct game *g, int side)
{
	const struct variant	*v = g->variant;
	int			 ply = v->ply(g), i, n = 0, found = 0;

	for (i = ply - 1; i >= 0; i--) {
		struct move m;
		int s;

		v->history(g, i, &m, &s);
		if (m.to < 0 && m.from < 0)
			return found ? n : 0;	/* a choice: stop before it */
		if (found && s != side)
			break;
		if (s == side)
			found = 1;
		n++;
	}
	return found ? n : 0;
}

int
table_undo_ask(struct table *t, struct identity *who, char *err,
    size_t errlen)
{
	int	 seat, side;

	if (table_stone_only(t, "undo", err, errlen) != 0 ||
	    (seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	if ((side = table_seat_side(t, seat)) < 0) {
		snprintf(err, errlen, "not during the swap opening");
		return -1;
	}
	if (t->undo_ask == seat) {
		snprintf(err, errlen, "you have asked already");
		return -1;
	}
	if (t->undo_ask >= 0) {
		snprintf(err, errlen, "%s is asking to take a move back: answer "
		    "first", table_seat_name(t, t->undo_ask));
		return -1;
	}
	if (table_undo_count(t->game, side) == 0) {
		snprintf(err, errlen, "you have no move to take back");
		return -1;
	}
	t->undo_ask = seat;
	table_noticef(t, "%s asks to take back a move", who->name);
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_undo_answer(struct table *t, struct identity *who, int yes, char *err,
    size_t errlen)
{
	int	 seat, asker, n;

	if ((seat = table_actor(t, who, err, errlen)) < 0)
		return -1;
	asker = t->undo_ask;
	if (asker < 0 || asker == seat) {
		snprintf(err, errlen, "nobody asks you to take a move back");
		return -1;
	}
	t->undo_ask = -1;
	if (!yes) {
		table_noticef(t, "%s refuses to take a move back", who->name);
		table_notify(t, TABLE_CHANGED, NULL);
		return 0;
	}
	n = table_undo_count(t->game, table_seat_side(t, asker));
	for (int i = 0; i < n; i++)
		t->game->variant->undo(t->game);
	table_timeout_trim(t, t->game->variant->ply(t->game));
	t->draw_offer = -1;
	table_noticef(t, "%s agrees: %d move%s taken back", who->name, n,
	    n == 1 ? "" : "s");
	table_notify(t, TABLE_CHANGED, NULL);
	return 0;
}

int
table_undo_request(const struct table *t)
{
	return t->phase == TABLE_PLAYING ? t->undo_ask : -1;
}

void
table_game_over(struct table *t)
{
	t->phase = TABLE_OVER;
	t->draw_offer = t->undo_ask = -1;
	for (int i = 0; i < t->nseats; i++)
		t->seat[i].rematch = 0;
	table_result_make(t);
	table_noticef(t, "game %d over: %s", t->games, t->result);
}

void
table_over_events(struct table *t)
{
	int	 left = 0;

	table_notify(t, TABLE_CHANGED, NULL);
	table_notify(t, TABLE_LISTING, NULL);
	table_notify(t, TABLE_GAME_OVER, NULL);
	/* Whoever is no longer at the table gives his seat up now that the
	 * game he held it for is over.  A computer player never watches, and
	 * stays for the next game. */
	for (int s = 0; s < t->nseats; s++) {
		struct identity *who = t->seat[s].who;

		if (who == NULL || who->kind == IDENTITY_CPU ||
		    table_is_watching(t, who))
			continue;
		table_noticef(t, "%s has left: seat %d is free", who->name,
		    s + 1);
		table_vacate(t, s);
		left++;
	}
	if (left > 0) {
		table_notify(t, TABLE_CHANGED, NULL);
		table_notify(t, TABLE_LISTING, NULL);
	}
}

void
table_after_move(struct table *t)
{
	struct game_status	 st;

	if (t->nseats == 4 && t->game->variant == &variant_yonin) {
		int seat[3], by[3];
		int n = yonin_eliminated(t->game, seat, by);

		for (; t->nout < n; t->nout++) {
			int i = t->nout;

			table_noticef(t, "%c (%s) is out, eliminated by %c (%s)",
			    yonin_seat_char(seat[i]),
			    table_seat_name(t, table_side_seat(t, seat[i])),
			    yonin_seat_char(by[i]),
			    table_seat_name(t, table_side_seat(t, by[i])));
		}
		/* An undo never happens in four-player shogi, but keep the
		 * count honest. */
		if (t->nout > n)
			t->nout = n;
	}
	t->game->variant->status(t->game, &st);
	if (st.phase == GAME_OVER)
		table_game_over(t);
}

int
table_win_line(const struct table *t, int *points, int max)
{
	/* Only a game that ended on the board (not a resignation or a
	 * draw agreed at the table) has a winning line. */
	if (t->game == NULL || t->phase != TABLE_OVER ||
	    t->end != TABLE_END_NONE)
		return 0;
	return stone_game_win_line(t->game, points, max);
}

/* ---- the request for the store --------------------------------------------- */

static char *
table_record(const struct game *g)
{
	size_t	 len = 4096;

	for (;;) {
		char *buf = malloc(len);

		if (buf == NULL)
			return NULL;
		if (game_record(g, buf, len) >= 0)
			return buf;
		free(buf);
		if (len > (1u << 22))
			return NULL;
		len *= 2;
	}
}

/* " timer=30 timeouts=4,17" after the engine's options. */
static void
table_record_clock(const struct table *t, char *buf, size_t len)
{
	size_t	 at = strlen(buf);

	if (t->spec.timer > 0 && at < len)
		at += (size_t)snprintf(buf + at, len - at, "%stimer=%d",
		    at > 0 ? " " : "", t->spec.timer);
	for (int i = 0; i < t->ntimeouts && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%d",
		    i == 0 ? (at > 0 ? " timeouts=" : "timeouts=") : ",",
		    t->timeouts[i]);
	if (at >= len)
		buf[len - 1] = '\0';
}

int
table_game_request(const struct table *t, struct store_game *g, int64_t now)
{
	const struct game	*game = t->game;
	const struct variant	*v;
	int			 shared_first = 0;

	memset(g, 0, sizeof *g);
	if (game == NULL || t->phase != TABLE_OVER)
		return -1;
	v = game->variant;
	snprintf(g->variant, sizeof g->variant, "%s", v->name);
	if (v->options(game, g->options, sizeof g->options) < 0)
		g->options[0] = '\0';
	/* The turn timer is the table's, not the engine's, but a replay
	 * must know it; moves the CPU made when time ran out are listed. */
	table_record_clock(t, g->options, sizeof g->options);
	if ((g->record = table_record(game)) == NULL)
		return -1;
	g->started = t->started;
	g->ended = now;
	snprintf(g->result, sizeof g->result, "%s", t->result);
	g->rated = t->rated;
	snprintf(g->table, sizeof g->table, "%s", t->code);
	g->nplayers = t->nseats;
	for (int s = 0; s < t->nseats; s++)
		shared_first += t->rank[s] == 1;
	for (int p = 0; p < t->nseats; p++) {
		struct store_game_player *pl = &g->players[p];
		int seat = table_player_seat(t, p);
		struct identity *who = t->seat[seat].who;
		int side = v->player_side(game, p);

		pl->seat = p;
		if (who != NULL && who->kind == IDENTITY_USER) {
			pl->kind = STORE_PLAYER_USER;
			pl->user = who->user;
		} else
			pl->kind = STORE_PLAYER_GUEST;
		snprintf(pl->name, sizeof pl->name, "%s",
		    table_seat_name(t, seat));
		if (side >= 0)
			snprintf(pl->side, sizeof pl->side, "%s",
			    v->side_name(game, side));
		pl->rank = t->rank[seat];
		pl->outcome = t->rank[seat] != 1 ? STORE_LOSS :
		    shared_first > 1 ? STORE_DRAW : STORE_WIN;
	}
	return 0;
}
