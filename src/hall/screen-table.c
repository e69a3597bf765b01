/*
 * screen-table.c - a client at a table: it fills the table view from the
 * table and this viewer's own state (cursor, selection, chat line), and
 * turns keys and clicks into table actions.  It never judges a move: the
 * table hands moves to the engine and a refusal comes back as the status
 * line's "why".
 *
 * Keys (when the chat line does not have the keyboard):
 *   arrows, hjkl       move the cursor (a click moves it there and acts)
 *   Enter, Space       place a stone; four-player shogi: pick up a piece,
 *                      then put it down (a second question when promotion
 *                      is optional)
 *   1-4                four-player shogi: take a piece from the hand (R G
 *                      S P) to drop
 *   :                  type a move ("h8", "7g7f+", "P*5e", "black"...)
 *   r                  resign (asks first)        d  offer / accept a draw
 *   u                  ask to take back a move
 *   y / n              answer the opponent's draw offer or request to
 *                      take a move back
 *   b w m              swap choices: black, white, two more stones
 *   s                  sit down / stand up        g  start, or play again
 *   K / H + seat       the host sends someone away / passes hosting on
 *   v                  turn the four-player board (watchers pick a side)
 *   c, Tab             chat (Enter sends, Esc stops)   PgUp/PgDn scroll it
 *   Esc, q             back to the lobby (asks first while one's game
 *                      runs: the seat stays, the lobby lists the table)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stone.h"
#include "engine/yonin.h"
#include "screens/view-table.h"
#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/hall/hall-int.h"
#include "src/term/lineedit.h"
#include "src/hall/screen-table.h"
#include "src/table/table.h"

#define TS_LINE_CHARS 300
#define TS_MOVE_CHARS 16
#define TS_MOVES_MAX 1024	/* moves listed (the newest) */
#define TS_MOVE_TEXT 12

enum ts_ask {
	TS_ASK_NONE,
	TS_ASK_RESIGN,
	TS_ASK_PROMOTE,
	TS_ASK_KICK,
	TS_ASK_HOST,
	TS_ASK_LEAVE,
};

struct table_screen {
	struct client		*client;
	struct hall		*hall;
	struct table		*table;		/* NULL once it went away */
	struct identity		*who;		/* a reference */

	int			 cursor;	/* point / square */
	int			 bottom;	/* four-player: seat at the bottom */
	bool			 bottom_chosen;	/* the viewer turned the board */
	int			 selected;	/* square picked up, -1 */
	int			 hand_kind;	/* hand piece to drop, 0 none */
	uint8_t			 marks[YONIN_SQUARES];
	bool			 have_marks;
	struct move		 promote;	/* asked: promote this move? */
	enum ts_ask		 ask;

	struct lineedit		*chat_line;
	bool			 chatting;
	int			 chat_back;
	uint64_t		 chat_seen;
	struct lineedit		*move_line;
	bool			 typing;	/* a move being typed after ':' */

	/* Built for each frame. */
	struct view_chat_line	 chat[TABLE_CHAT_LINES];
	char			 movetext[TS_MOVES_MAX][TS_MOVE_TEXT];
	const char		*moves[TS_MOVES_MAX];
	char			 input[1024];
	char			 title[48], share[160];
	char			 state[160], choice[160], prompt[160];
	char			 hands[4][32], sides[4][8];
	int			 win[32];
	char			 hints[160];
};

static const struct screen screen_table;

/* ---- who is who ------------------------------------------------------------- */

static int
ts_seat(const struct table_screen *ts)
{
	return ts->table != NULL ? table_seat_find(ts->table, ts->who) : -1;
}

static bool
ts_yonin(const struct table_screen *ts)
{
	return table_nseats(ts->table) == 4;
}

/* The side at the bottom of a four-player board: one's own, else what the
 * watcher chose (S by default). */
static int
ts_bottom(struct table_screen *ts)
{
	int seat = ts_seat(ts), side;

	if (!ts->bottom_chosen && seat >= 0 &&
	    (side = table_seat_side(ts->table, seat)) >= 0)
		ts->bottom = side;
	return ts->bottom;
}

static bool
ts_my_turn(const struct table_screen *ts)
{
	int seat = ts_seat(ts);

	return seat >= 0 && table_turn(ts->table) == seat;
}

/*
 * What the opponent asks of this viewer, answered with y / n.  Both may be
 * open at once: the request to take a move back is asked (and answered)
 * first, since taking a move back withdraws a draw offer.
 */
enum ts_request {
	TS_REQUEST_NONE,
	TS_REQUEST_UNDO,
	TS_REQUEST_DRAW,
};

static enum ts_request
ts_request(const struct table_screen *ts)
{
	int seat = ts_seat(ts);

	if (seat < 0)
		return TS_REQUEST_NONE;
	if (table_undo_request(ts->table) >= 0 &&
	    table_undo_request(ts->table) != seat)
		return TS_REQUEST_UNDO;
	if (table_draw_offer(ts->table) >= 0 &&
	    table_draw_offer(ts->table) != seat)
		return TS_REQUEST_DRAW;
	return TS_REQUEST_NONE;
}

/* A game is running in which the viewer holds a seat. */
static bool
ts_in_game(const struct table_screen *ts)
{
	return ts_seat(ts) >= 0 && table_phase(ts->table) == TABLE_PLAYING;
}

/* ---- building the view -------------------------------------------------------- */

static void
ts_build_moves(struct table_screen *ts, struct view_table *v)
{
	const struct game *g = table_game(ts->table);
	const struct variant *var = g->variant;
	int ply = var->ply(g), from = ply > TS_MOVES_MAX ? ply - TS_MOVES_MAX :
	    0, n = 0;

	if (table_games(ts->table) == 0)
		return;
	for (int i = from; i < ply; i++) {
		struct move m;
		int side;

		var->history(g, i, &m, &side);
		if (m.to < 0 && m.from < 0)
			snprintf(ts->movetext[n], TS_MOVE_TEXT, "%s",
			    m.piece == GAME_CHOICE_BLACK ? "@black" :
			    m.piece == GAME_CHOICE_WHITE ? "@white" : "@more");
		else
			var->move_format(g, &m, ts->movetext[n], TS_MOVE_TEXT);
		ts->moves[n] = ts->movetext[n];
		n++;
	}
	v->moves = ts->moves;
	v->nmoves = n;
}

/* "R1 G2 P3" */
static void
ts_hand_text(const struct game *g, int side, char *buf, size_t len)
{
	static const char kinds[] = "RGSP";
	int count[YONIN_HAND_KINDS];
	size_t at = 0;

	buf[0] = '\0';
	yonin_hand(g, side, count);
	for (int i = 0; i < YONIN_HAND_KINDS && at < len; i++) {
		if (count[i] > 0)
			at += (size_t)snprintf(buf + at, len - at, "%s%c%d",
			    at > 0 ? " " : "", kinds[i], count[i]);
	}
}

/* The lines about the game: whose turn, Connect6's stone, a swap choice. */
static void
ts_build_state(struct table_screen *ts, struct view_table *v)
{
	struct table *t = ts->table;
	const struct game *g = table_game(t);
	struct game_status st;
	int turn = table_turn(t), taken = table_seats_taken(t);

	v->state = v->choice = v->result = NULL;
	switch (table_phase(t)) {
	case TABLE_WAITING:
		if (taken < table_nseats(t))
			snprintf(ts->state, sizeof ts->state, "waiting for %d "
			    "more player%s", table_nseats(t) - taken,
			    table_nseats(t) - taken == 1 ? "" : "s");
		else
			snprintf(ts->state, sizeof ts->state, "waiting for %s "
			    "to start (g)", table_host(t) != NULL ?
			    table_host(t)->name : "the host");
		v->state = ts->state;
		break;
	case TABLE_OVER:
		v->result = table_result(t);
		snprintf(ts->state, sizeof ts->state, "game over: g to play "
		    "again");
		v->state = ts->state;
		break;
	case TABLE_PLAYING:
		g->variant->status(g, &st);
		if (st.phase == GAME_CHOOSING) {
			snprintf(ts->choice, sizeof ts->choice, "%s%s: %s",
			    turn == ts_seat(ts) ? "you choose" :
			    table_seat(t, turn) != NULL ?
			    table_seat(t, turn)->name : "?",
			    turn == ts_seat(ts) ? "" : " chooses",
			    (st.choices & GAME_CHOICE_MORE) ?
			    "black (b), white (w) or two more stones (m)" :
			    "black (b) or white (w)");
			v->choice = ts->choice;
			break;
		}
		snprintf(ts->state, sizeof ts->state, "%s to move",
		    turn == ts_seat(ts) ? "you" : table_seat(t, turn) != NULL ?
		    table_seat(t, turn)->name : "?");
		if (st.stone_of_turn > 0 && g->variant->ply(g) > 0) {
			size_t n = strlen(ts->state);

			snprintf(ts->state + n, sizeof ts->state - n,
			    ": stone %d of 2", st.stone_of_turn);
		}
		if (table_seat_side(t, turn) < 0 &&
		    g->variant->choose != NULL) {
			size_t n = strlen(ts->state);

			snprintf(ts->state + n, sizeof ts->state - n,
			    " (the opening's %s stone)",
			    st.to_move == 0 ? "black" : "white");
		}
		v->state = ts->state;
		if (table_draw_offer(t) >= 0 || table_undo_request(t) >= 0) {
			int who = table_undo_request(t) >= 0 ?
			    table_undo_request(t) : table_draw_offer(t);

			snprintf(ts->choice, sizeof ts->choice, "%s %s",
			    table_seat(t, who) != NULL ?
			    table_seat(t, who)->name : "?",
			    table_undo_request(t) >= 0 ?
			    "asks to take back a move" : "offers a draw");
			v->choice = ts->choice;
		}
		break;
	}
}

/* The question to this viewer, if any: it takes the status line. */
static const char *
ts_build_prompt(struct table_screen *ts)
{
	struct table *t = ts->table;

	switch (ts->ask) {
	case TS_ASK_RESIGN:
		return "Resign this game? y/n";
	case TS_ASK_PROMOTE:
		return "Promote? y/n (Esc: neither)";
	case TS_ASK_KICK:
		snprintf(ts->prompt, sizeof ts->prompt, "Send away the player "
		    "in which seat? 1-%d (Esc: no one)", table_nseats(t));
		return ts->prompt;
	case TS_ASK_HOST:
		snprintf(ts->prompt, sizeof ts->prompt, "Pass hosting to which "
		    "seat? 1-%d (Esc: keep it)", table_nseats(t));
		return ts->prompt;
	case TS_ASK_LEAVE:
		return "Leave the table? Your seat stays yours: come back from "
		    "the lobby. y/n";
	case TS_ASK_NONE:
		break;
	}
	if (ts->typing) {
		int col;
		char text[64];

		lineedit_view(ts->move_line, 20, text, sizeof text, &col);
		snprintf(ts->prompt, sizeof ts->prompt, "Move: %s", text);
		return ts->prompt;
	}
	switch (ts_request(ts)) {
	case TS_REQUEST_UNDO:
		snprintf(ts->prompt, sizeof ts->prompt, "%s asks to take back "
		    "a move: y agree, n refuse", table_seat(t,
		    table_undo_request(t))->name);
		return ts->prompt;
	case TS_REQUEST_DRAW:
		snprintf(ts->prompt, sizeof ts->prompt, "%s offers a draw: "
		    "y accept, n decline", table_seat(t,
		    table_draw_offer(t))->name);
		return ts->prompt;
	case TS_REQUEST_NONE:
		break;
	}
	return NULL;
}

/* Add one key's hint to the hint line. */
static void
ts_hint(struct table_screen *ts, const char *hint)
{
	size_t n = strlen(ts->hints);

	snprintf(ts->hints + n, sizeof ts->hints - n, "%s%s", n > 0 ? "  " :
	    "", hint);
}

/*
 * The keys this viewer can use now, and only those: the host's keys to the
 * host, the swap choice to whoever must choose.
 */
static const char *
ts_hints(struct table_screen *ts)
{
	struct table *t = ts->table;
	const struct game *g = table_game(t);
	enum table_phase phase = table_phase(t);
	bool host = table_host(t) == ts->who;
	int seat = ts_seat(ts);
	struct game_status st;

	if (ts->chatting)
		return "Enter send  Esc stop typing  PgUp/PgDn scroll";
	ts->hints[0] = '\0';
	if (seat >= 0 && phase == TABLE_PLAYING) {
		if (ts_yonin(ts)) {
			ts_hint(ts, "arrows move  Enter pick/put  1-4 drop "
			    "RGSP  : type");
		} else if (table_turn_is_choice(t) && ts_my_turn(ts)) {
			g->variant->status(g, &st);
			ts_hint(ts, "b black  w white");
			if (st.choices & GAME_CHOICE_MORE)
				ts_hint(ts, "m two more");
			ts_hint(ts, ": type");
		} else
			ts_hint(ts, "arrows+Enter place  : type  r resign  "
			    "d draw  u undo");
	} else {
		if (seat < 0 && phase != TABLE_PLAYING &&
		    table_seats_taken(t) < table_nseats(t))
			ts_hint(ts, "s sit");
		if (seat < 0 && ts_yonin(ts))
			ts_hint(ts, "v turn board");
		if (phase == TABLE_WAITING && host)
			ts_hint(ts, "g start");
		else if (phase == TABLE_OVER && seat >= 0)
			ts_hint(ts, "g again");
		if (seat >= 0)
			ts_hint(ts, "s stand");
		if (phase != TABLE_PLAYING && host)
			ts_hint(ts, "K kick  H host");
	}
	ts_hint(ts, "c chat  Esc lobby");
	return ts->hints;
}

static void
ts_draw(struct client *c, void *state, struct grid *g)
{
	struct table_screen *ts = state;
	struct table *t = ts->table;
	const struct game *game;
	struct view_table v;
	const struct table_spec *spec;
	int me;

	memset(&v, 0, sizeof v);
	if (t == NULL) {
		client_chrome(c, &v.chrome, "Table", "Esc lobby");
		view_chrome_draw(g, &v.chrome);
		return;
	}
	game = table_game(t);
	spec = table_spec(t);
	me = ts_seat(ts);
	snprintf(ts->title, sizeof ts->title, "Table %s", table_code(t));
	client_chrome(c, &v.chrome, ts->title, ts_hints(ts));
	v.code = table_code(t);
	v.variant = spec->variant;
	v.options = table_brief(t);
	hall_table_share(ts->hall, t, ts->share, sizeof ts->share);
	v.share = ts->share;
	v.timer = spec->timer;
	v.rated = table_phase(t) == TABLE_WAITING ? spec->rated :
	    table_game_rated(t);
	v.private_ = spec->private_;
	v.watchers = table_watchers(t);
	v.nseats = table_nseats(t);
	v.yonin = ts_yonin(ts);

	v.board.game = game;
	v.board.cursor = ts->cursor;
	v.board.show_cursor = me >= 0 && table_phase(t) == TABLE_PLAYING &&
	    !ts->chatting;
	v.board.selected = ts->selected;
	v.board.hand_seat = -1;
	if (v.yonin) {
		v.board.bottom = ts_bottom(ts);
		if (ts->hand_kind != 0 && me >= 0) {
			v.board.hand_seat = table_seat_side(t, me);
			v.board.hand_slot = ts->hand_kind == YONIN_ROOK ? 0 :
			    ts->hand_kind == YONIN_GOLD ? 1 :
			    ts->hand_kind == YONIN_SILVER ? 2 : 3;
		}
		if (ts->have_marks && spec->show_legal)
			v.board.marks = ts->marks;
	} else if (table_phase(t) == TABLE_PLAYING) {
		struct game_status st;

		game->variant->status(game, &st);
		v.board.restricted = stone_game_restricted(game) &&
		    st.phase == GAME_PLAYING && st.to_move == 0;
	}
	v.board.win = ts->win;
	v.board.nwin = table_win_line(t, ts->win,
	    (int)(sizeof ts->win / sizeof ts->win[0]));

	for (int i = 0; i < v.nseats; i++) {
		struct view_seat *s = &v.seat[i];
		struct identity *id = table_seat(t, i);
		int side = table_seat_side(t, i);

		if (id == NULL)
			continue;
		s->name = id->name;
		s->guest = id->kind == IDENTITY_GUEST;
		s->you = id == ts->who;
		s->host = id == table_host(t);
		s->away = !hall_identity_online(ts->hall, id);
		s->rating = *table_seat_rating(t, i) != '\0' ?
		    table_seat_rating(t, i) : NULL;
		s->to_move = table_turn(t) == i;
		s->rank = table_seat_rank(t, i);
		s->agreed = table_phase(t) == TABLE_OVER &&
		    table_rematch_agreed(t, i);
		if (side >= 0) {
			snprintf(ts->sides[i], sizeof ts->sides[i], "%s",
			    game->variant->side_name(game, side));
			s->side = ts->sides[i];
			if (v.yonin) {
				s->in_check = table_phase(t) == TABLE_PLAYING &&
				    (yonin_checks(game) >> side & 1);
				s->out = !(yonin_alive(game) >> side & 1);
				ts_hand_text(game, side, ts->hands[i],
				    sizeof ts->hands[i]);
				s->hand = ts->hands[i];
				v.board.names[side] = id->name;
			}
		} else if (v.yonin)
			v.board.names[i] = id->name;
	}
	ts_build_state(ts, &v);
	v.prompt = ts_build_prompt(ts);
	ts_build_moves(ts, &v);
	v.nchat = screen_chat_lines(table_chat(t), ts->who, &ts->chat_back,
	    &ts->chat_seen, ts->chat, TABLE_CHAT_LINES);
	v.chat = ts->chat;
	v.chat_back = ts->chat_back;
	v.chatting = ts->chatting;
	if (ts->chatting) {
		lineedit_view(ts->chat_line, view_table_input_width(&v, g->sx,
		    g->sy), ts->input, sizeof ts->input, &v.input_cursor);
		v.input = ts->input;
	}
	view_table_draw(g, &v, &c->hits);
}

/* ---- acting -------------------------------------------------------------------- */

static void
ts_refused(struct table_screen *ts, const char *why)
{
	client_status(ts->client, true, "%s", why);
}

static void
ts_clear_selection(struct table_screen *ts)
{
	ts->selected = -1;
	ts->hand_kind = 0;
	ts->have_marks = false;
	memset(ts->marks, 0, sizeof ts->marks);
}

static void
ts_play(struct table_screen *ts, const struct move *m)
{
	char err[TABLE_ERR_LEN];

	if (table_play(ts->table, ts->who, m, err, sizeof err) != 0) {
		ts_refused(ts, err);
		return;
	}
	ts_clear_selection(ts);
}

/* Four-player shogi: Enter on the cursor's square. */
static void
ts_yonin_act(struct table_screen *ts)
{
	const struct game *g = table_game(ts->table);
	int side = table_seat_side(ts->table, ts_seat(ts));
	struct yonin_piece p;
	struct move mv[128], m;
	int n, with = -1, without = -1;

	if (ts->hand_kind != 0) {
		m.from = -1;
		m.to = (int16_t)ts->cursor;
		m.piece = (uint8_t)ts->hand_kind;
		m.promote = 0;
		ts_play(ts, &m);
		return;
	}
	if (ts->selected < 0 || ts->selected == ts->cursor ||
	    (yonin_piece_at(g, ts->cursor, &p) && p.owner == side &&
	    !p.overturned)) {
		if (ts->selected == ts->cursor) {
			ts_clear_selection(ts);
			return;
		}
		if (!yonin_piece_at(g, ts->cursor, &p) || p.owner != side ||
		    p.overturned) {
			ts_refused(ts, "pick one of your own pieces");
			return;
		}
		ts_clear_selection(ts);
		ts->selected = ts->cursor;
		n = yonin_legal_from(g, ts->selected, mv, 128);
		for (int i = 0; i < n && i < 128; i++)
			ts->marks[mv[i].to] = 1;
		ts->have_marks = true;
		if (n == 0)
			client_status(ts->client, true, "that piece has no "
			    "legal move");
		return;
	}
	/* Put it down: the engine's list says whether promotion is a
	 * choice; the move itself is judged by the engine. */
	n = yonin_legal_from(g, ts->selected, mv, 128);
	for (int i = 0; i < n && i < 128; i++) {
		if (mv[i].to != ts->cursor)
			continue;
		if (mv[i].promote)
			with = i;
		else
			without = i;
	}
	if (with >= 0 && without >= 0) {
		ts->promote = mv[with];
		ts->ask = TS_ASK_PROMOTE;
		client_dirty(ts->client);
		return;
	}
	m.from = (int16_t)ts->selected;
	m.to = (int16_t)ts->cursor;
	m.piece = 0;
	m.promote = with >= 0 ? 1 : 0;
	ts_play(ts, &m);
}

static void
ts_act(struct table_screen *ts)
{
	struct move m;
	char err[TABLE_ERR_LEN];

	if (ts_seat(ts) < 0) {
		ts_refused(ts, "you are watching: s takes a free seat");
		return;
	}
	if (table_phase(ts->table) != TABLE_PLAYING) {
		ts_refused(ts, table_phase(ts->table) == TABLE_OVER ?
		    "the game is over: g to play again" :
		    "the game has not started");
		return;
	}
	if (table_turn_is_choice(ts->table) && ts_my_turn(ts)) {
		ts_refused(ts, "choose first: b black, w white (m more)");
		return;
	}
	if (ts_yonin(ts)) {
		/* Picking up ahead of one's turn is fine; putting down is
		 * refused by the table with its reason. */
		ts_yonin_act(ts);
		return;
	}
	m.from = -1;
	m.to = (int16_t)ts->cursor;
	m.piece = 0;
	m.promote = 0;
	if (table_play(ts->table, ts->who, &m, err, sizeof err) != 0)
		ts_refused(ts, err);
}

static void
ts_cursor_move(struct table_screen *ts, int dx, int dy)
{
	const struct game *g = table_game(ts->table);

	if (ts_yonin(ts)) {
		int bottom = ts_bottom(ts), sx = 4, sy = 4;

		for (int y = 0; y < 9; y++)
			for (int x = 0; x < 9; x++)
				if (view_board_yonin_square(bottom, x, y) ==
				    ts->cursor) {
					sx = x;
					sy = y;
				}
		sx += dx;
		sy += dy;
		if (sx < 0 || sx > 8 || sy < 0 || sy > 8)
			return;
		ts->cursor = view_board_yonin_square(bottom, sx, sy);
	} else {
		const struct stone_board *b = stone_game_board(g);
		int col = ts->cursor / b->size + dx;
		int row = ts->cursor % b->size - dy;

		if (col < 0 || col >= b->size || row < 0 || row >= b->size)
			return;
		ts->cursor = col * b->size + row;
	}
	client_dirty(ts->client);
}

static void
ts_hand_pick(struct table_screen *ts, int slot)
{
	const struct game *g = table_game(ts->table);
	int side = table_seat_side(ts->table, ts_seat(ts));
	int count[YONIN_HAND_KINDS], kind = yonin_hand_kinds[slot];
	struct move mv[128];
	int n;

	if (side < 0) {
		ts_refused(ts, "you have no hand at this table");
		return;
	}
	yonin_hand(g, side, count);
	if (count[slot] == 0) {
		ts_refused(ts, "you have no such piece in hand");
		return;
	}
	ts_clear_selection(ts);
	ts->hand_kind = kind;
	n = yonin_legal_drops(g, kind, mv, 128);
	for (int i = 0; i < n && i < 128; i++)
		ts->marks[mv[i].to] = 1;
	ts->have_marks = true;
	client_dirty(ts->client);
}

static void
ts_choose(struct table_screen *ts, unsigned choice)
{
	char err[TABLE_ERR_LEN];

	if (table_choose(ts->table, ts->who, choice, err, sizeof err) != 0)
		ts_refused(ts, err);
}

/* A move typed after ':' (or a swap choice by name). */
static void
ts_typed(struct table_screen *ts, const char *text)
{
	char err[TABLE_ERR_LEN];

	if (strcmp(text, "black") == 0 || strcmp(text, "white") == 0 ||
	    strcmp(text, "more") == 0) {
		ts_choose(ts, text[0] == 'b' ? GAME_CHOICE_BLACK :
		    text[0] == 'w' ? GAME_CHOICE_WHITE : GAME_CHOICE_MORE);
		return;
	}
	if (table_play_text(ts->table, ts->who, text, err, sizeof err) != 0)
		ts_refused(ts, err);
	else
		ts_clear_selection(ts);
}

static void
ts_sit_or_stand(struct table_screen *ts)
{
	char err[TABLE_ERR_LEN];
	int r;

	if (ts_seat(ts) >= 0)
		r = table_leave(ts->table, ts->who, err, sizeof err);
	else
		r = table_sit(ts->table, ts->who, -1, err, sizeof err);
	if (r != 0)
		ts_refused(ts, err);
	ts->bottom_chosen = false;
}

static void
ts_go(struct table_screen *ts)
{
	char err[TABLE_ERR_LEN];
	int r;

	if (table_phase(ts->table) == TABLE_OVER)
		r = table_rematch(ts->table, ts->who,
		    clock_wall(ts->hall->clock), err, sizeof err);
	else
		r = table_start(ts->table, ts->who,
		    clock_wall(ts->hall->clock), err, sizeof err);
	if (r != 0)
		ts_refused(ts, err);
	else
		ts_clear_selection(ts);
}

/* Back to the lobby (this screen goes), this table selected there. */
static void
ts_back(struct table_screen *ts)
{
	if (ts->table != NULL)
		screen_lobby_select(ts->client, table_code(ts->table));
	hall_table_leave(ts->client);
	client_pop(ts->client);
}

/* Esc or q: back to the lobby, asking first when one's game runs. */
static void
ts_leave(struct table_screen *ts)
{
	if (ts_in_game(ts)) {
		ts->ask = TS_ASK_LEAVE;
		client_dirty(ts->client);
		return;
	}
	ts_back(ts);
}

/* y / n: answer what the opponent asks (a move back, a draw). */
static int
ts_reply(struct table_screen *ts, bool yes, char *err, size_t errlen)
{
	switch (ts_request(ts)) {
	case TS_REQUEST_UNDO:
		return table_undo_answer(ts->table, ts->who, yes, err, errlen);
	case TS_REQUEST_DRAW:
		if (yes)
			return table_draw(ts->table, ts->who, err, errlen);
		return table_draw_decline(ts->table, ts->who, err, errlen);
	case TS_REQUEST_NONE:
		break;
	}
	snprintf(err, errlen, "nobody is asking you anything");
	return -1;
}

/* y / n / digits while a question is open: 1 if the key answered it. */
static int
ts_answer(struct table_screen *ts, const struct key_event *ev)
{
	char err[TABLE_ERR_LEN];
	enum ts_ask ask = ts->ask;
	int r = 0;

	if (ask == TS_ASK_NONE)
		return 0;
	if (ev->key == KEY_ESCAPE) {
		ts->ask = TS_ASK_NONE;
		client_dirty(ts->client);
		return 1;
	}
	switch (ask) {
	case TS_ASK_RESIGN:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = TS_ASK_NONE;
		if (ev->key == 'y')
			r = table_resign(ts->table, ts->who, err, sizeof err);
		break;
	case TS_ASK_PROMOTE:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = TS_ASK_NONE;
		ts->promote.promote = ev->key == 'y';
		ts_play(ts, &ts->promote);
		break;
	case TS_ASK_LEAVE:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = TS_ASK_NONE;
		if (ev->key == 'y') {
			ts_back(ts);	/* frees ts */
			return 1;
		}
		break;
	case TS_ASK_KICK:
	case TS_ASK_HOST:
		if (ev->key < '1' ||
		    ev->key >= '1' + (uint32_t)table_nseats(ts->table))
			return 1;
		ts->ask = TS_ASK_NONE;
		if (ask == TS_ASK_KICK)
			r = table_kick(ts->table, ts->who, (int)ev->key - '1',
			    err, sizeof err);
		else
			r = table_pass_host(ts->table, ts->who,
			    (int)ev->key - '1', err, sizeof err);
		break;
	default:
		break;
	}
	if (r != 0)
		ts_refused(ts, err);
	client_dirty(ts->client);
	return 1;
}

static void
ts_scroll(struct table_screen *ts, int by)
{
	int n = (int)chat_count(table_chat(ts->table));

	ts->chat_back += by;
	if (ts->chat_back > n - 1)
		ts->chat_back = n > 0 ? n - 1 : 0;
	if (ts->chat_back < 0)
		ts->chat_back = 0;
	client_dirty(ts->client);
}

static void
ts_chat_key(struct table_screen *ts, const struct key_event *ev)
{
	char err[TABLE_ERR_LEN];
	struct identity *id = ts->who;

	switch (ev->key) {
	case KEY_ESCAPE:
	case KEY_TAB:
		ts->chatting = false;
		client_dirty(ts->client);
		return;
	case KEY_PGUP:
		ts_scroll(ts, 5);
		return;
	case KEY_PGDN:
		ts_scroll(ts, -5);
		return;
	}
	if (lineedit_key(ts->chat_line, ev) != LINEEDIT_ENTER) {
		client_dirty(ts->client);
		return;
	}
	if (*lineedit_text(ts->chat_line) == '\0')
		return;
	if (!id->chat_limit_set) {
		const struct config *cfg = ts->hall->cfg;

		ratelimit_init(&id->chat_limit, cfg->chat_rate / 60.0,
		    cfg->chat_burst, clock_ms(ts->hall->clock));
		id->chat_limit_set = true;
	}
	if (table_say(ts->table, id, &id->chat_limit,
	    clock_ms(ts->hall->clock), clock_wall(ts->hall->clock),
	    lineedit_text(ts->chat_line), err, sizeof err) != 0) {
		ts_refused(ts, err);
		return;
	}
	ts->chat_back = 0;
	lineedit_clear(ts->chat_line);
}

static void
ts_mouse(struct table_screen *ts, const struct key_event *ev)
{
	struct client *c = ts->client;
	const struct view_hit *hit = client_hit(c, ev);
	int p;

	if (ev->mouse.action == KEY_MOUSE_WHEEL_UP ||
	    ev->mouse.action == KEY_MOUSE_WHEEL_DOWN) {
		if (hit != NULL && hit->id == VIEW_HIT_CHAT)
			ts_scroll(ts, ev->mouse.action == KEY_MOUSE_WHEEL_UP ?
			    3 : -3);
		return;
	}
	if (ev->mouse.action != KEY_MOUSE_PRESS || ev->mouse.button != 0 ||
	    hit == NULL)
		return;
	switch ((int)hit->id) {
	case VIEW_HIT_POINT:
		if (ts->table == NULL)
			return;
		/* The layout is the view's: ask it which point this is. */
		{
			struct view_table v;

			memset(&v, 0, sizeof v);
			v.board.game = table_game(ts->table);
			v.yonin = ts_yonin(ts);
			v.board.bottom = ts_yonin(ts) ? ts_bottom(ts) : 0;
			p = view_table_board_hit(&v, client_sx(c), client_sy(c),
			    ev->mouse.x, ev->mouse.y);
		}
		if (p < 0)
			return;
		ts->cursor = p;
		ts_act(ts);
		client_dirty(c);
		break;
	case VIEW_HIT_HAND:
		if (ts_seat(ts) >= 0 && hit->index / 8 ==
		    table_seat_side(ts->table, ts_seat(ts)))
			ts_hand_pick(ts, hit->index % 8);
		break;
	case VIEW_HIT_CHAT:
		ts->chatting = true;
		client_dirty(c);
		break;
	default:
		break;
	}
}

static void
ts_key(struct client *c, void *state, const struct key_event *ev)
{
	struct table_screen *ts = state;
	char err[TABLE_ERR_LEN];
	int r = 0;

	if (ts->table == NULL) {
		if (ev->key == KEY_ESCAPE || ev->key == 'q' ||
		    ev->key == KEY_ENTER)
			ts_back(ts);
		return;
	}
	if (ev->key == KEY_MOUSE) {
		ts_mouse(ts, ev);
		return;
	}
	if (ts_answer(ts, ev))
		return;
	if (ts->chatting) {
		ts_chat_key(ts, ev);
		return;
	}
	if (ts->typing) {
		if (ev->key == KEY_ESCAPE) {
			ts->typing = false;
			lineedit_clear(ts->move_line);
		} else if (lineedit_key(ts->move_line, ev) == LINEEDIT_ENTER) {
			char text[TS_MOVE_CHARS * 4 + 1];

			snprintf(text, sizeof text, "%s",
			    lineedit_text(ts->move_line));
			ts->typing = false;
			lineedit_clear(ts->move_line);
			if (text[0] != '\0')
				ts_typed(ts, text);
		}
		client_dirty(c);
		return;
	}
	if (ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT))
		return;
	switch (ev->key) {
	case KEY_UP: case 'k':
		ts_cursor_move(ts, 0, -1);
		return;
	case KEY_DOWN: case 'j':
		ts_cursor_move(ts, 0, 1);
		return;
	case KEY_LEFT: case 'h':
		ts_cursor_move(ts, -1, 0);
		return;
	case KEY_RIGHT: case 'l':
		ts_cursor_move(ts, 1, 0);
		return;
	case KEY_ENTER: case ' ':
		ts_act(ts);
		break;
	case ':':
		ts->typing = true;
		break;
	case '1': case '2': case '3': case '4':
		if (ts_yonin(ts))
			ts_hand_pick(ts, (int)ev->key - '1');
		break;
	case 'r':
		if (ts_yonin(ts))
			ts_refused(ts, "four-player shogi has no resignation");
		else if (table_phase(ts->table) != TABLE_PLAYING ||
		    ts_seat(ts) < 0)
			ts_refused(ts, "no game of yours to resign");
		else
			ts->ask = TS_ASK_RESIGN;
		break;
	case 'd':
		r = table_draw(ts->table, ts->who, err, sizeof err);
		break;
	case 'u':
		r = table_undo_ask(ts->table, ts->who, err, sizeof err);
		break;
	case 'y':
	case 'n':
		r = ts_reply(ts, ev->key == 'y', err, sizeof err);
		break;
	case 'b':
		ts_choose(ts, GAME_CHOICE_BLACK);
		break;
	case 'w':
		ts_choose(ts, GAME_CHOICE_WHITE);
		break;
	case 'm':
		ts_choose(ts, GAME_CHOICE_MORE);
		break;
	case 's':
		ts_sit_or_stand(ts);
		break;
	case 'g':
		ts_go(ts);
		break;
	case 'K':
		ts->ask = TS_ASK_KICK;
		break;
	case 'H':
		ts->ask = TS_ASK_HOST;
		break;
	case 'v':
		if (ts_yonin(ts)) {
			ts->bottom = (ts_bottom(ts) + 1) % 4;
			ts->bottom_chosen = true;
		}
		break;
	case 'c': case KEY_TAB:
		ts->chatting = true;
		break;
	case KEY_PGUP:
		ts_scroll(ts, 5);
		return;
	case KEY_PGDN:
		ts_scroll(ts, -5);
		return;
	case KEY_ESCAPE:
		if (ts->selected >= 0 || ts->hand_kind != 0) {
			ts_clear_selection(ts);
			break;
		}
		ts_leave(ts);
		return;
	case 'q':
		ts_leave(ts);
		return;
	case KEY_F1: case '?':
		screen_help_open(c);
		return;
	default:
		return;
	}
	if (r != 0)
		ts_refused(ts, err);
	client_dirty(c);
}

static void
ts_free(void *state)
{
	struct table_screen *ts = state;

	identities_release(ts->hall->ids, ts->who);
	lineedit_free(ts->chat_line);
	lineedit_free(ts->move_line);
	free(ts);
}

static const struct screen screen_table = {
	.name = "table",
	.draw = ts_draw,
	.key = ts_key,
	.free = ts_free,
};

void
screen_table_open(struct client *c, struct table *t)
{
	struct table_screen *ts;
	const struct stone_board *b;

	if (c->identity == NULL || (ts = calloc(1, sizeof *ts)) == NULL)
		return;
	ts->client = c;
	ts->hall = c->hall;
	ts->table = t;
	ts->who = c->identity;
	identity_ref(ts->who);
	ts->chat_line = lineedit_create(TS_LINE_CHARS, CHAT_TEXT_MAX, 0);
	ts->move_line = lineedit_create(TS_MOVE_CHARS, TS_MOVE_CHARS * 4, 0);
	if (ts->chat_line == NULL || ts->move_line == NULL) {
		identities_release(ts->hall->ids, ts->who);
		lineedit_free(ts->chat_line);
		lineedit_free(ts->move_line);
		free(ts);
		client_status(c, true, "out of memory");
		return;
	}
	ts->selected = -1;
	if ((b = stone_game_board(table_game(t))) != NULL)
		ts->cursor = (b->size / 2) * b->size + b->size / 2;
	else
		ts->cursor = 4 * 9 + 4;
	ts->chat_seen = chat_last_seq(table_chat(t));
	client_push(c, &screen_table, ts);
}

void
screen_table_close(struct client *c, const char *why)
{
	for (int i = 0; i < c->depth; i++) {
		struct table_screen *ts;

		if (c->stack[i].screen != &screen_table)
			continue;
		ts = c->stack[i].state;
		ts->table = NULL;
		/* Everything above it goes, and it too. */
		while (c->depth > i)
			client_pop(c);
		if (why != NULL)
			client_status(c, true, "%s", why);
		return;
	}
}
