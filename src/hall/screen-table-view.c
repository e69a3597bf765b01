/*
 * screen-table-view.c - the table as one viewer sees it: the view struct
 * of screens/view-table.h filled from the table and this viewer's state
 * (seat, cursor, selection, chat), the prompt and the key hints, drawn.
 */
#include <stdio.h>
#include <string.h>

#include "engine/cpu.h"
#include "engine/stone.h"
#include "src/hall/screen-table.h"
#include "src/term/lineedit.h"

#include "src/hall/screen-table-int.h"

/* ---- building the view -------------------------------------------------------- */

static void
screen_table_build_moves(struct screen_table *ts, struct view_table *v)
{
	const struct game *g = table_game(ts->table);
	const struct variant *var = g->variant;
	int ply = var->ply(g), from = ply > SCREEN_TABLE_MOVES_MAX ?
	    ply - SCREEN_TABLE_MOVES_MAX :
	    0, n = 0;

	if (table_games(ts->table) == 0)
		return;
	for (int i = from; i < ply; i++) {
		struct move m;
		int side;

		var->history(g, i, &m, &side);
		if (m.to < 0 && m.from < 0)
			snprintf(ts->movetext[n], SCREEN_TABLE_MOVE_TEXT, "%s",
			    m.piece == GAME_CHOICE_BLACK ? "@black" :
			    m.piece == GAME_CHOICE_WHITE ? "@white" : "@more");
		else
			var->move_format(g, &m, ts->movetext[n],
			    SCREEN_TABLE_MOVE_TEXT);
		/* The CPU's move for a player whose time ran out. */
		if (table_ply_timed_out(ts->table, i)) {
			size_t len = strlen(ts->movetext[n]);

			snprintf(ts->movetext[n] + len,
			    SCREEN_TABLE_MOVE_TEXT - len, "(t)");
		}
		ts->moves[n] = ts->movetext[n];
		n++;
	}
	v->moves = ts->moves;
	v->nmoves = n;
}

/* "R1 G2 P3" */
static void
screen_table_hand_text(const struct game *g, int side, char *buf, size_t len)
{
	static const char	 kinds[] = "RGSP";
	int			 count[YONIN_HAND_KINDS];
	size_t			 at = 0;

	buf[0] = '\0';
	yonin_hand(g, side, count);
	for (int i = 0; i < YONIN_HAND_KINDS && at < len; i++) {
		if (count[i] > 0)
			at += (size_t)snprintf(buf + at, len - at, "%s%c%d",
			    at > 0 ? " " : "", kinds[i], count[i]);
	}
}

/* The table's words in the viewer's language (table_words). */
static const char *
screen_table_word(const void *ctx, const char *msgid)
{
	return lang_text(ctx, msgid);
}

/* The lines about the game: whose turn, Connect6's stone, a swap choice. */
static void
screen_table_build_state(struct screen_table *ts, struct view_table *v)
{
	struct table		*t = ts->table;
	const struct game	*g = table_game(t);
	struct game_status	 st;
	const struct lang	*l = ts->client->lang;
	int turn = table_turn(t), taken = table_seats_taken(t);

	v->state = v->choice = v->result = NULL;
	switch (table_phase(t)) {
	case TABLE_WAITING:
		if (taken < table_nseats(t))
			snprintf(ts->state, sizeof ts->state, lang_plural(l,
			    "waiting for %d more player",
			    "waiting for %d more players",
			    (unsigned long)(table_nseats(t) - taken)),
			    table_nseats(t) - taken);
		else
			snprintf(ts->state, sizeof ts->state, lang_text(l,
			    "waiting for %s to start (g)"), table_host(t) !=
			    NULL ? table_host(t)->name : lang_text(l,
			    "the host"));
		v->state = ts->state;
		break;
	case TABLE_OVER:
		table_result_text(t, screen_table_word, l, ts->result,
		    sizeof ts->result);
		v->result = ts->result;
		snprintf(ts->state, sizeof ts->state, "%s", lang_text(l,
		    "game over: g to play again"));
		v->state = ts->state;
		break;
	case TABLE_PLAYING:
		g->variant->status(g, &st);
		if (st.phase == GAME_CHOOSING) {
			const char *what = lang_text(l,
			    (st.choices & GAME_CHOICE_MORE) ?
			    N_("black (b), white (w) or two more stones (m)") :
			    N_("black (b) or white (w)"));

			if (turn == screen_table_seat(ts))
				snprintf(ts->choice, sizeof ts->choice,
				    lang_text(l, "you choose: %s"), what);
			else
				snprintf(ts->choice, sizeof ts->choice,
				    lang_text(l, "%s chooses: %s"),
				    table_seat(t, turn) != NULL ?
				    table_seat(t, turn)->name : "?", what);
			v->choice = ts->choice;
			break;
		}
		if (turn == screen_table_seat(ts))
			snprintf(ts->state, sizeof ts->state, "%s",
			    lang_text(l, "you to move"));
		else
			snprintf(ts->state, sizeof ts->state, lang_text(l,
			    "%s to move"), table_seat(t, turn) != NULL ?
			    table_seat(t, turn)->name : "?");
		if (st.stone_of_turn > 0 && g->variant->ply(g) > 0) {
			size_t n = strlen(ts->state);

			snprintf(ts->state + n, sizeof ts->state - n,
			    lang_text(l, ": stone %d of 2"), st.stone_of_turn);
		}
		if (table_seat_side(t, turn) < 0 &&
		    g->variant->choose != NULL) {
			size_t n = strlen(ts->state);

			snprintf(ts->state + n, sizeof ts->state - n, "%s",
			    st.to_move == 0 ?
			    lang_text(l, " (the opening's black stone)") :
			    lang_text(l, " (the opening's white stone)"));
		}
		v->state = ts->state;
		if (table_draw_offer(t) >= 0 || table_undo_request(t) >= 0) {
			int who = table_undo_request(t) >= 0 ?
			    table_undo_request(t) : table_draw_offer(t);

			snprintf(ts->choice, sizeof ts->choice,
			    table_undo_request(t) >= 0 ?
			    lang_text(l, "%s asks to take back a move") :
			    lang_text(l, "%s offers a draw"),
			    table_seat(t, who) != NULL ?
			    table_seat(t, who)->name : "?");
			v->choice = ts->choice;
		}
		break;
	}
}

/* The question to this viewer, if any: it takes the status line. */
static const char *
screen_table_build_prompt(struct screen_table *ts)
{
	struct table		*t = ts->table;
	const struct lang	*l = ts->client->lang;

	switch (ts->ask) {
	case SCREEN_TABLE_ASK_RESIGN:
		return lang_text(l, "Resign this game? y/n");
	case SCREEN_TABLE_ASK_PROMOTE:
		return lang_text(l, "Promote? y/n (Esc: neither)");
	case SCREEN_TABLE_ASK_KICK:
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "Send away the player in which seat? 1-%d (Esc: no one)"),
		    table_nseats(t));
		return ts->prompt;
	case SCREEN_TABLE_ASK_HOST:
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "Pass hosting to which seat? 1-%d (Esc: keep it)"),
		    table_nseats(t));
		return ts->prompt;
	case SCREEN_TABLE_ASK_CPU:
		return lang_text(l, "Seat the computer at which level? "
		    "1 beginner, 2 easy, 3 medium, 4 hard, 5 master "
		    "(Esc: none)");
	case SCREEN_TABLE_ASK_PROFILE:
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "Whose profile? The seat, 1-%d (Esc: none)"),
		    table_nseats(t));
		return ts->prompt;
	case SCREEN_TABLE_ASK_LEAVE:
		return lang_text(l, "Leave the table? Your seat stays yours: "
		    "come back from the lobby. y/n");
	case SCREEN_TABLE_ASK_NONE:
		break;
	}
	if (ts->typing) {
		int col;
		char text[64];

		lineedit_view(ts->move_line, 20, text, sizeof text, &col);
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "Move: %s"), text);
		return ts->prompt;
	}
	switch (screen_table_request(ts)) {
	case SCREEN_TABLE_REQUEST_UNDO:
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "%s asks to take back a move: y agree, n refuse"),
		    table_seat(t, table_undo_request(t))->name);
		return ts->prompt;
	case SCREEN_TABLE_REQUEST_DRAW:
		snprintf(ts->prompt, sizeof ts->prompt, lang_text(l,
		    "%s offers a draw: y accept, n decline"),
		    table_seat(t, table_draw_offer(t))->name);
		return ts->prompt;
	case SCREEN_TABLE_REQUEST_NONE:
		break;
	}
	return NULL;
}

/* Add one key's hint (English, marked by xgettext's screen_table_hint
 * keyword) to the hint line, in the viewer's language. */
static void
screen_table_hint(struct screen_table *ts, const char *hint)
{
	size_t	 n = strlen(ts->hints);

	snprintf(ts->hints + n, sizeof ts->hints - n, "%s%s", n > 0 ? "  " :
	    "", lang_text(ts->client->lang, hint));
}

/*
 * The keys this viewer can use now, and only those: the host's keys to the
 * host, the swap choice to whoever must choose.
 */
static const char *
screen_table_hints(struct screen_table *ts)
{
	struct table		*t = ts->table;
	const struct game	*g = table_game(t);
	enum table_phase	 phase = table_phase(t);
	bool			 host = table_host(t) == ts->who;
	int			 seat = screen_table_seat(ts);
	struct game_status	 st;

	if (ts->chatting)
		return lang_text(ts->client->lang,
		    "Enter send  Esc stop typing  PgUp/PgDn scroll");
	ts->hints[0] = '\0';
	if (seat >= 0 && phase == TABLE_PLAYING) {
		if (screen_table_yonin(ts)) {
			screen_table_hint(ts,
			    "arrows move  Enter pick/put  1-4 drop "
			    "RGSP  : type");
		} else if (table_turn_is_choice(t) &&
		    screen_table_my_turn(ts)) {
			g->variant->status(g, &st);
			screen_table_hint(ts, "b black  w white");
			if (st.choices & GAME_CHOICE_MORE)
				screen_table_hint(ts, "m two more");
			screen_table_hint(ts, ": type");
		} else
			screen_table_hint(ts, "arrows+Enter place  : type  r resign  "
			    "d draw  u undo");
	} else {
		if (seat < 0 && phase != TABLE_PLAYING &&
		    table_seats_taken(t) < table_nseats(t))
			screen_table_hint(ts, "s sit");
		if (seat < 0 && screen_table_yonin(ts))
			screen_table_hint(ts, "v turn board");
		if (phase == TABLE_WAITING && host)
			screen_table_hint(ts, "g start");
		else if (phase == TABLE_OVER && seat >= 0)
			screen_table_hint(ts, "g again");
		if (seat >= 0)
			screen_table_hint(ts, "s stand");
		if (phase != TABLE_PLAYING && host)
			screen_table_hint(ts, "K kick  H host");
		if (phase != TABLE_PLAYING && host &&
		    table_seats_taken(t) < table_nseats(t))
			screen_table_hint(ts, "C computer");
	}
	screen_table_hint(ts, "c chat  Esc lobby");
	return ts->hints;
}

void
screen_table_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_table	*ts = state;
	struct table		*t = ts->table;
	const struct game	*game;
	struct view_table	 v;
	const struct table_spec	*spec;
	int			 me;

	memset(&v, 0, sizeof v);
	if (t == NULL) {
		client_chrome(c, &v.chrome, "Table", N_("Esc lobby"));
		view_chrome_draw(g, &v.chrome);
		return;
	}
	game = table_game(t);
	spec = table_spec(t);
	me = screen_table_seat(ts);
	snprintf(ts->title, sizeof ts->title, lang_text(c->lang, "Table %s"),
	    table_code(t));
	client_chrome(c, &v.chrome, ts->title, screen_table_hints(ts));
	v.code = table_code(t);
	v.variant = table_variant_title(spec->variant);
	v.options = table_brief(t);
	hall_table_share(c, t, ts->share, sizeof ts->share);
	v.share = ts->share;
	v.timer = spec->timer;
	v.rated = table_rated_now(t);
	v.unrated_why = table_unrated_why(t);
	v.private_ = spec->private_;
	v.watchers = table_watchers(t);
	v.nseats = table_nseats(t);
	v.yonin = screen_table_yonin(ts);

	v.board.game = game;
	v.board.cursor = ts->cursor;
	v.board.show_cursor = me >= 0 && table_phase(t) == TABLE_PLAYING &&
	    !ts->chatting;
	v.board.selected = ts->selected;
	v.board.hand_seat = -1;
	if (v.yonin) {
		v.board.bottom = screen_table_bottom(ts);
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
		/* The computer has no terminal and is never away; a
		 * person is away when no terminal of his shows the table. */
		s->away = id->kind != IDENTITY_CPU &&
		    !table_is_watching(t, id);
		s->elsewhere = s->away && hall_identity_online(ts->hall, id);
		s->away_left = table_seat_away_left(t, i);
		s->no_key = table_seat_unreclaimable(t, i);
		s->standin = table_seat_held(t, i) ?
		    cpu_level_name(TABLE_STANDIN_LEVEL) : NULL;
		s->clock = table_clock_left(t, i);
		s->timed = s->clock >= 0;
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
				screen_table_hand_text(game, side, ts->hands[i],
				    sizeof ts->hands[i]);
				s->hand = ts->hands[i];
				v.board.names[side] = id->name;
			}
		} else if (v.yonin)
			v.board.names[i] = id->name;
	}
	screen_table_build_state(ts, &v);
	v.prompt = screen_table_build_prompt(ts);
	screen_table_build_moves(ts, &v);
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
	screen_table_marks(ts, &v);
	view_table_draw(g, &v, &c->hits);
}
