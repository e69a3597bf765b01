/*
 * screen-table-board.c - the board under the viewer's hands: the cursor,
 * placing a stone, four-player shogi's pick-up, drop and promotion
 * question, and clicks on the board and the hands.  Every move goes to the
 * table, which asks the engine.
 */
#include <string.h>

#include "engine/stone.h"

#include "src/hall/screen-table-int.h"

void
screen_table_clear_selection(struct screen_table *ts)
{
	ts->selected = -1;
	ts->hand_kind = 0;
	ts->have_marks = false;
	memset(ts->marks, 0, sizeof ts->marks);
}

void
screen_table_play(struct screen_table *ts, const struct move *m)
{
	char	 err[TABLE_ERR_LEN];

	if (table_play(ts->table, ts->who, m, err, sizeof err) != 0) {
		screen_table_refused(ts, err);
		return;
	}
	screen_table_clear_selection(ts);
}

/* Four-player shogi: Enter on the cursor's square. */
static void
screen_table_yonin_act(struct screen_table *ts)
{
	const struct game	*g = table_game(ts->table);
	int side = table_seat_side(ts->table, screen_table_seat(ts));
	struct yonin_piece	 p;
	struct move		 mv[128], m;
	int			 n;

	if (ts->hand_kind != 0) {
		m.from = -1;
		m.to = (int16_t)ts->cursor;
		m.piece = (uint8_t)ts->hand_kind;
		m.promote = 0;
		screen_table_play(ts, &m);
		return;
	}
	if (ts->selected < 0 || ts->selected == ts->cursor ||
	    (yonin_piece_at(g, ts->cursor, &p) && p.owner == side &&
	    !p.overturned)) {
		if (ts->selected == ts->cursor) {
			screen_table_clear_selection(ts);
			return;
		}
		if (!yonin_piece_at(g, ts->cursor, &p) || p.owner != side ||
		    p.overturned) {
			screen_table_refused(ts, "pick one of your own pieces");
			return;
		}
		screen_table_clear_selection(ts);
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
	if (screen_yonin_put(g, ts->selected, ts->cursor, &m) == 2) {
		ts->promote = m;
		ts->ask = SCREEN_TABLE_ASK_PROMOTE;
		client_dirty(ts->client);
		return;
	}
	screen_table_play(ts, &m);
}

void
screen_table_act(struct screen_table *ts)
{
	struct move	 m;
	char		 err[TABLE_ERR_LEN];

	if (screen_table_seat(ts) < 0) {
		screen_table_refused(ts,
		    "you are watching: s takes a free seat");
		return;
	}
	if (table_phase(ts->table) != TABLE_PLAYING) {
		screen_table_refused(ts, table_phase(ts->table) == TABLE_OVER ?
		    "the game is over: g to play again" :
		    "the game has not started");
		return;
	}
	if (table_turn_is_choice(ts->table) && screen_table_my_turn(ts)) {
		screen_table_refused(ts, "choose first: b black, w white (m more)");
		return;
	}
	if (screen_table_yonin(ts)) {
		/* Picking up ahead of one's turn is fine; putting down is
		 * refused by the table with its reason. */
		screen_table_yonin_act(ts);
		return;
	}
	m.from = -1;
	m.to = (int16_t)ts->cursor;
	m.piece = 0;
	m.promote = 0;
	if (table_play(ts->table, ts->who, &m, err, sizeof err) != 0)
		screen_table_refused(ts, err);
}

void
screen_table_cursor_move(struct screen_table *ts, int dx, int dy)
{
	const struct game	*g = table_game(ts->table);

	if (screen_table_yonin(ts)) {
		int bottom = screen_table_bottom(ts), sx = 4, sy = 4;

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

void
screen_table_hand_pick(struct screen_table *ts, int slot)
{
	const struct game	*g = table_game(ts->table);
	int side = table_seat_side(ts->table, screen_table_seat(ts));
	int count[YONIN_HAND_KINDS], kind = yonin_hand_kinds[slot];
	struct move		 mv[128];
	int			 n;

	if (side < 0) {
		screen_table_refused(ts, "you have no hand at this table");
		return;
	}
	yonin_hand(g, side, count);
	if (count[slot] == 0) {
		screen_table_refused(ts, "you have no such piece in hand");
		return;
	}
	screen_table_clear_selection(ts);
	ts->hand_kind = kind;
	n = yonin_legal_drops(g, kind, mv, 128);
	for (int i = 0; i < n && i < 128; i++)
		ts->marks[mv[i].to] = 1;
	ts->have_marks = true;
	client_dirty(ts->client);
}

void
screen_table_mouse(struct screen_table *ts, const struct key_event *ev)
{
	struct client		*c = ts->client;
	const struct view_hit	*hit = client_hit(c, ev);
	int			 p;

	if (ev->mouse.action == KEY_MOUSE_WHEEL_UP ||
	    ev->mouse.action == KEY_MOUSE_WHEEL_DOWN) {
		if (hit != NULL && hit->id == VIEW_HIT_CHAT)
			screen_table_scroll(ts,
			    ev->mouse.action == KEY_MOUSE_WHEEL_UP ?
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
			v.yonin = screen_table_yonin(ts);
			v.board.bottom = screen_table_yonin(ts) ?
			    screen_table_bottom(ts) : 0;
			p = view_table_board_hit(&v, client_sx(c), client_sy(c),
			    ev->mouse.x, ev->mouse.y);
		}
		if (p < 0)
			return;
		ts->cursor = p;
		screen_table_act(ts);
		client_dirty(c);
		break;
	case VIEW_HIT_HAND:
		if (screen_table_seat(ts) >= 0 && hit->index / 8 ==
		    table_seat_side(ts->table, screen_table_seat(ts)))
			screen_table_hand_pick(ts, hit->index % 8);
		break;
	case VIEW_HIT_CHAT:
		ts->chatting = true;
		client_dirty(c);
		break;
	default:
		break;
	}
}
