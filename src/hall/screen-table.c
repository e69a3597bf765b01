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
 *   ?, F1              this table's rules with its options as set, then
 *                      its keys (screen-rules.c)
 *   Esc, q             back to the lobby (asks first while one's game
 *                      runs: the seat stays, the lobby lists the table)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stone.h"
#include "src/base/clock.h"
#include "src/hall/screen-replay.h"
#include "src/hall/screen-rules.h"
#include "src/hall/screen-table.h"
#include "src/term/lineedit.h"

#include "src/hall/screen-table-int.h"

static const struct screen screen_table_ops;

/* ---- who is who ------------------------------------------------------------- */

int
screen_table_seat(const struct screen_table *ts)
{
	return ts->table != NULL ? table_seat_find(ts->table, ts->who) : -1;
}

bool
screen_table_yonin(const struct screen_table *ts)
{
	return table_nseats(ts->table) == 4;
}

/* The side at the bottom of a four-player board: one's own, else what the
 * watcher chose (S by default). */
int
screen_table_bottom(struct screen_table *ts)
{
	int	 seat = screen_table_seat(ts), side;

	if (!ts->bottom_chosen && seat >= 0 &&
	    (side = table_seat_side(ts->table, seat)) >= 0)
		ts->bottom = side;
	return ts->bottom;
}

bool
screen_table_my_turn(const struct screen_table *ts)
{
	int	 seat = screen_table_seat(ts);

	return seat >= 0 && table_turn(ts->table) == seat;
}

enum screen_table_request
screen_table_request(const struct screen_table *ts)
{
	int	 seat = screen_table_seat(ts);

	if (seat < 0)
		return SCREEN_TABLE_REQUEST_NONE;
	if (table_undo_request(ts->table) >= 0 &&
	    table_undo_request(ts->table) != seat)
		return SCREEN_TABLE_REQUEST_UNDO;
	if (table_draw_offer(ts->table) >= 0 &&
	    table_draw_offer(ts->table) != seat)
		return SCREEN_TABLE_REQUEST_DRAW;
	return SCREEN_TABLE_REQUEST_NONE;
}

/* A game is running in which the viewer holds a seat. */
static bool
screen_table_in_game(const struct screen_table *ts)
{
	return screen_table_seat(ts) >= 0 &&
	    table_phase(ts->table) == TABLE_PLAYING;
}

/* ---- acting -------------------------------------------------------------------- */

void
screen_table_refused(struct screen_table *ts, const char *why)
{
	/* why is English: the hall's own reasons are marked (xgettext's
	 * screen_table_refused keyword); the table's come as they are. */
	client_status(ts->client, true, "%s", lang_text(ts->client->lang,
	    why));
}

static void
screen_table_choose(struct screen_table *ts, unsigned choice)
{
	char	 err[TABLE_ERR_LEN];

	if (table_choose(ts->table, ts->who, choice, err, sizeof err) != 0)
		screen_table_refused(ts, err);
}

/* A move typed after ':' (or a swap choice by name). */
static void
screen_table_typed(struct screen_table *ts, const char *text)
{
	char	 err[TABLE_ERR_LEN];

	if (strcmp(text, "black") == 0 || strcmp(text, "white") == 0 ||
	    strcmp(text, "more") == 0) {
		screen_table_choose(ts, text[0] == 'b' ? GAME_CHOICE_BLACK :
		    text[0] == 'w' ? GAME_CHOICE_WHITE : GAME_CHOICE_MORE);
		return;
	}
	if (table_play_text(ts->table, ts->who, text, err, sizeof err) != 0)
		screen_table_refused(ts, err);
	else
		screen_table_clear_selection(ts);
}

static void
screen_table_sit_or_stand(struct screen_table *ts)
{
	char	 err[TABLE_ERR_LEN];
	int	 r;

	if (screen_table_seat(ts) >= 0)
		r = table_leave(ts->table, ts->who, err, sizeof err);
	else
		r = table_sit(ts->table, ts->who, -1, err, sizeof err);
	if (r != 0)
		screen_table_refused(ts, err);
	ts->bottom_chosen = false;
}

static void
screen_table_go(struct screen_table *ts)
{
	char	 err[TABLE_ERR_LEN];
	int	 r;

	if (table_phase(ts->table) == TABLE_OVER)
		r = table_rematch(ts->table, ts->who,
		    clock_wall(ts->hall->clock), err, sizeof err);
	else
		r = table_start(ts->table, ts->who,
		    clock_wall(ts->hall->clock), err, sizeof err);
	if (r != 0)
		screen_table_refused(ts, err);
	else
		screen_table_clear_selection(ts);
}

/* Back to the lobby (this screen goes), this table selected there. */
static void
screen_table_back(struct screen_table *ts)
{
	if (ts->table != NULL)
		screen_lobby_select(ts->client, table_code(ts->table));
	hall_table_leave(ts->client);
	client_pop(ts->client);
}

/* Esc or q: back to the lobby, asking first when one's game runs. */
static void
screen_table_leave(struct screen_table *ts)
{
	if (screen_table_in_game(ts)) {
		ts->ask = SCREEN_TABLE_ASK_LEAVE;
		client_dirty(ts->client);
		return;
	}
	screen_table_back(ts);
}

/* y / n: answer what the opponent asks (a move back, a draw). */
static int
screen_table_reply(struct screen_table *ts, bool yes, char *err, size_t errlen)
{
	switch (screen_table_request(ts)) {
	case SCREEN_TABLE_REQUEST_UNDO:
		return table_undo_answer(ts->table, ts->who, yes, err, errlen);
	case SCREEN_TABLE_REQUEST_DRAW:
		if (yes)
			return table_draw(ts->table, ts->who, err, errlen);
		return table_draw_decline(ts->table, ts->who, err, errlen);
	case SCREEN_TABLE_REQUEST_NONE:
		break;
	}
	snprintf(err, errlen, "nobody is asking you anything");
	return -1;
}

/* The profile of whoever sits in `seat`, over the table (Esc comes
 * back); 0, or -1 with the reason. */
static int
screen_table_profile(struct screen_table *ts, int seat, char *err,
    size_t len)
{
	struct identity	*id = table_seat(ts->table, seat);

	if (id == NULL) {
		snprintf(err, len, "seat %d is empty", seat + 1);
		return -1;
	}
	if (id->kind == IDENTITY_CPU) {
		snprintf(err, len, "seat %d is the computer: it has no profile",
		    seat + 1);
		return -1;
	}
	screen_profile_open(ts->client, id);
	return 0;
}

/* y / n / digits while a question is open: 1 if the key answered it. */
static int
screen_table_answer(struct screen_table *ts, const struct key_event *ev)
{
	char			 err[TABLE_ERR_LEN];
	enum screen_table_ask	 ask = ts->ask;
	int			 r = 0;

	if (ask == SCREEN_TABLE_ASK_NONE)
		return 0;
	if (ev->key == KEY_ESCAPE) {
		ts->ask = SCREEN_TABLE_ASK_NONE;
		client_dirty(ts->client);
		return 1;
	}
	switch (ask) {
	case SCREEN_TABLE_ASK_RESIGN:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		if (ev->key == 'y')
			r = table_resign(ts->table, ts->who, err, sizeof err);
		break;
	case SCREEN_TABLE_ASK_PROMOTE:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		ts->promote.promote = ev->key == 'y';
		screen_table_play(ts, &ts->promote);
		break;
	case SCREEN_TABLE_ASK_LEAVE:
		if (ev->key != 'y' && ev->key != 'n')
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		if (ev->key == 'y') {
			screen_table_back(ts);	/* frees ts */
			return 1;
		}
		break;
	case SCREEN_TABLE_ASK_CPU:
		if (ev->key < '1' || ev->key > '5')
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		r = table_cpu_invite(ts->table, ts->who, (int)ev->key - '0',
		    err, sizeof err);
		break;
	case SCREEN_TABLE_ASK_PROFILE:
		if (ev->key < '1' ||
		    ev->key >= '1' + (uint32_t)table_nseats(ts->table))
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		if (screen_table_profile(ts, (int)ev->key - '1', err,
		    sizeof err) == 0)
			return 1;	/* the profile is on top */
		r = -1;
		break;
	case SCREEN_TABLE_ASK_KICK:
	case SCREEN_TABLE_ASK_HOST:
		if (ev->key < '1' ||
		    ev->key >= '1' + (uint32_t)table_nseats(ts->table))
			return 1;
		ts->ask = SCREEN_TABLE_ASK_NONE;
		if (ask == SCREEN_TABLE_ASK_KICK)
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
		screen_table_refused(ts, err);
	client_dirty(ts->client);
	return 1;
}

static void
screen_table_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_table	*ts = state;
	char			 err[TABLE_ERR_LEN];
	int			 r = 0;

	if (ts->table == NULL) {
		if (ev->key == KEY_ESCAPE || ev->key == 'q' ||
		    ev->key == KEY_ENTER)
			screen_table_back(ts);
		return;
	}
	if (ev->key == KEY_MOUSE) {
		screen_table_mouse(ts, ev);
		return;
	}
	if (screen_table_answer(ts, ev))
		return;
	if (ts->chatting) {
		screen_table_chat_key(ts, ev);
		return;
	}
	if (ts->typing) {
		if (ev->key == KEY_ESCAPE) {
			ts->typing = false;
			lineedit_clear(ts->move_line);
		} else if (lineedit_key(ts->move_line, ev) == LINEEDIT_ENTER) {
			char text[SCREEN_TABLE_MOVE_CHARS * 4 + 1];

			snprintf(text, sizeof text, "%s",
			    lineedit_text(ts->move_line));
			ts->typing = false;
			lineedit_clear(ts->move_line);
			if (text[0] != '\0')
				screen_table_typed(ts, text);
		}
		client_dirty(c);
		return;
	}
	if (ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT))
		return;
	switch (ev->key) {
	case KEY_UP: case 'k':
		screen_table_cursor_move(ts, 0, -1);
		return;
	case KEY_DOWN: case 'j':
		screen_table_cursor_move(ts, 0, 1);
		return;
	case KEY_LEFT: case 'h':
		screen_table_cursor_move(ts, -1, 0);
		return;
	case KEY_RIGHT: case 'l':
		screen_table_cursor_move(ts, 1, 0);
		return;
	case KEY_ENTER: case ' ':
		screen_table_act(ts);
		break;
	case ':':
		ts->typing = true;
		break;
	case '1': case '2': case '3': case '4':
		if (screen_table_yonin(ts))
			screen_table_hand_pick(ts, (int)ev->key - '1');
		break;
	case 'r':
		if (screen_table_yonin(ts))
			screen_table_refused(ts,
			    "four-player shogi has no resignation");
		else if (table_phase(ts->table) != TABLE_PLAYING ||
		    screen_table_seat(ts) < 0)
			screen_table_refused(ts, "no game of yours to resign");
		else
			ts->ask = SCREEN_TABLE_ASK_RESIGN;
		break;
	case 'd':
		r = table_draw(ts->table, ts->who, err, sizeof err);
		break;
	case 'u':
		r = table_undo_ask(ts->table, ts->who, err, sizeof err);
		break;
	case 'y':
	case 'n':
		r = screen_table_reply(ts, ev->key == 'y', err, sizeof err);
		break;
	case 'b':
		screen_table_choose(ts, GAME_CHOICE_BLACK);
		break;
	case 'w':
		screen_table_choose(ts, GAME_CHOICE_WHITE);
		break;
	case 'm':
		screen_table_choose(ts, GAME_CHOICE_MORE);
		break;
	case 's':
		screen_table_sit_or_stand(ts);
		break;
	case 'g':
		screen_table_go(ts);
		break;
	case 'K':
		ts->ask = SCREEN_TABLE_ASK_KICK;
		break;
	case 'H':
		ts->ask = SCREEN_TABLE_ASK_HOST;
		break;
	case 'C':
		ts->ask = SCREEN_TABLE_ASK_CPU;
		break;
	case 'p':
		ts->ask = SCREEN_TABLE_ASK_PROFILE;
		break;
	case 'R':
		screen_replay_open_table(c, ts->table);
		return;
	case 'v':
		if (screen_table_yonin(ts)) {
			ts->bottom = (screen_table_bottom(ts) + 1) % 4;
			ts->bottom_chosen = true;
		}
		break;
	case 'c': case KEY_TAB:
		ts->chatting = true;
		break;
	case KEY_PGUP:
		screen_table_scroll(ts, 5);
		return;
	case KEY_PGDN:
		screen_table_scroll(ts, -5);
		return;
	case KEY_ESCAPE:
		if (ts->selected >= 0 || ts->hand_kind != 0) {
			screen_table_clear_selection(ts);
			break;
		}
		screen_table_leave(ts);
		return;
	case 'q':
		screen_table_leave(ts);
		return;
	case KEY_F1: case '?':
		/* The game first (its options as set), then the keys. */
		screen_rules_open_table(c, ts->table);
		return;
	default:
		return;
	}
	if (r != 0)
		screen_table_refused(ts, err);
	client_dirty(c);
}

static void
screen_table_free(void *state)
{
	struct screen_table	*ts = state;

	identities_release(ts->hall->ids, ts->who);
	lineedit_free(ts->chat_line);
	lineedit_free(ts->move_line);
	free(ts);
}

static const struct screen screen_table_ops = {
	.name = "table",
	.draw = screen_table_draw,
	.key = screen_table_key,
	.free = screen_table_free,
};

void
screen_table_open(struct client *c, struct table *t)
{
	struct screen_table		*ts;
	const struct stone_board	*b;

	if (c->identity == NULL || (ts = calloc(1, sizeof *ts)) == NULL)
		return;
	ts->client = c;
	ts->hall = c->hall;
	ts->table = t;
	ts->who = c->identity;
	identity_ref(ts->who);
	ts->chat_line = lineedit_create(SCREEN_TABLE_LINE_CHARS, CHAT_TEXT_MAX,
	    0);
	ts->move_line = lineedit_create(SCREEN_TABLE_MOVE_CHARS,
	    SCREEN_TABLE_MOVE_CHARS * 4, 0);
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
	client_push(c, &screen_table_ops, ts);
}

void
screen_table_close(struct client *c, const char *why)
{
	for (int i = 0; i < c->depth; i++) {
		struct screen_table *ts;

		if (c->stack[i].screen != &screen_table_ops)
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
