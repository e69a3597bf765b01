/*
 * view-table.c - the table screen: the board on the left, and beside it
 * the table (variant, options), the seats with whose turn it is, the state
 * of the game (Connect6's "stone 1 of 2", a swap choice, the result), the
 * moves and the table chat; under the board the line that shares the table.
 *
 *   row 0        title bar
 *   rows 1..     board               | gomoku 19x19 · rated · no timer
 *                                    | ▶ ● alice 1523 (host)
 *                                    |   ○ bob 1490
 *                                    | state / choice / result
 *                                    | Moves ...
 *                                    | Chat ...
 *                                    | Say: ...
 *   under board  Share: ssh -p 2222 -t host join K7P3Q   (buttons if room)
 *   last row     status: a refusal ("why"), a prompt, or the key hints
 *
 * A 19x19 board fits 80x24 this way with 33 columns for the panel; a large
 * terminal gets the large board (four columns and two rows a point) when it
 * still leaves the panel 36 columns.
 */
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "engine/stone.h"
#include "engine/yonin.h"
#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-table.h"

#define PANEL_MIN 30
#define VIEW_SEAT_NAME_LEN 80	/* "CPU for " and a name */	/* columns the panel keeps beside a large board */

struct view_table_layout {
	int	bx, by, bw, bh;		/* the board */
	int	px, pw;			/* the panel: columns px..px+pw-1 */
	int	top, bottom;		/* the panel's rows: top..bottom-1 */
	int	below;			/* first row under the board */
	int	large;
};

static void
view_table_layout(const struct view_table *v, int sx, int sy,
    struct view_table_layout *l)
{
	const struct stone_board	*b = stone_game_board(v->board.game);

	l->large = 0;
	if (v->yonin || b == NULL)
		view_board_yonin_size(&l->bw, &l->bh);
	else {
		int lw, lh;

		view_board_stone_size(b->size, 1, &lw, &lh);
		if (sy >= lh + 4 && sx >= lw + 2 + PANEL_MIN + 6) {
			l->large = 1;
			l->bw = lw;
			l->bh = lh;
		} else
			view_board_stone_size(b->size, 0, &l->bw, &l->bh);
	}
	l->bx = 1;
	l->by = 1;
	l->px = l->bx + l->bw + 2;
	l->pw = sx - l->px - 1;
	l->top = 1;
	l->bottom = sy - 1;
	l->below = l->by + l->bh;
}

int
view_table_board_hit(const struct view_table *v, int sx, int sy, int mx,
    int my)
{
	struct view_table_layout	 l;
	struct view_board		 vb = v->board;

	view_table_layout(v, sx, sy, &l);
	vb.large = l.large;
	if (v->board.game == NULL)
		return -1;
	if (v->yonin)
		return view_board_yonin_hit(&vb, l.bx, l.by, mx, my);
	return view_board_stone_hit(&vb, l.bx, l.by, mx, my);
}

int
view_table_input_width(const struct view_table *v, int sx, int sy)
{
	struct view_table_layout	 l;

	view_table_layout(v, sx, sy, &l);
	return l.pw - 5 > 1 ? l.pw - 5 : 1;	/* after "Say: " */
}

/* One seat: "▶ ● alice 1523 host". */
static void
view_table_seat(struct grid *g, int x, int y, int w, const struct view_table *v,
    int i)
{
	const struct view_seat *s = &v->seat[i];
	struct grid_style norm = view_style(VIEW_NORMAL);
	struct grid_style dim = view_style(VIEW_DIM);
	struct grid_style side, name;
	char flags[80], text[16];	/* a seat number, a glyph */
	int at = 0, end = x + w;

	if (s->name == NULL) {
		snprintf(flags, sizeof flags, lang_text(v->chrome.lang,
		    "  seat %d: empty"), i + 1);
		view_text_fit(g, x, y, w, &dim, flags);
		return;
	}
	if (s->to_move)
		at += grid_put(g, x + at, y, &norm, "\xe2\x96\xb6 ");	/* ▶ */
	else
		at += grid_put(g, x + at, y, &norm, "  ");
	side = norm;
	if (v->yonin) {
		int seat = s->side != NULL ? yonin_seat_parse(s->side) : -1;

		side = view_board_yonin_seat_style(seat);
		snprintf(text, sizeof text, "%c", seat >= 0 ?
		    yonin_seat_char(seat) : '?');
	} else if (s->side != NULL && strcmp(s->side, "black") == 0)
		snprintf(text, sizeof text, "\xe2\x97\x8f");	/* ● */
	else if (s->side != NULL && strcmp(s->side, "white") == 0)
		snprintf(text, sizeof text, "\xe2\x97\x8b");	/* ○ */
	else
		snprintf(text, sizeof text, "%d", i + 1);
	at += grid_put(g, x + at, y, &side, text);
	at += grid_put(g, x + at, y, &norm, " ");
	name = view_style(s->you ? VIEW_YOU : s->guest ? VIEW_GUEST :
	    VIEW_USER);
	if (s->out)
		name.attr |= GRID_DIM;
	flags[0] = '\0';
	if (s->rating != NULL && *s->rating != '\0')
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    " %s", s->rating);
	if (s->in_check)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    lang_text(v->chrome.lang, " check"));
	if (s->out)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    lang_text(v->chrome.lang, " out"));
	if (s->rank > 0)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    " %d%s", s->rank, s->rank == 1 ? "st" : s->rank == 2 ?
		    "nd" : s->rank == 3 ? "rd" : "th");
	if (s->agreed)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    lang_text(v->chrome.lang, " again"));
	if (s->host)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    lang_text(v->chrome.lang, " host"));
	if (s->standin != NULL)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    " (%s)", s->standin);
	else if (s->away && s->away_left >= 0)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    " %s %ds%s", s->elsewhere ? lang_text(v->chrome.lang,
		    "in lobby") : lang_text(v->chrome.lang, "away"),
		    s->away_left, s->no_key ? lang_text(v->chrome.lang,
		    " no key") : "");
	else if (s->away)
		snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
		    " %s", s->elsewhere ? lang_text(v->chrome.lang,
		    "in lobby") : lang_text(v->chrome.lang, "away"));
	/* The turn clock has the row's last cells, always the same ones,
	 * so a tick redraws only its digits. */
	if (s->timed) {
		/* Plain digits cost a tick no colour codes; the last ten
		 * seconds stand out. */
		struct grid_style cs = view_style(s->clock <= 10 ?
		    VIEW_ERROR : VIEW_NORMAL);

		snprintf(text, sizeof text, "%2d:%02d", s->clock / 60,
		    s->clock % 60);
		if (s->clock <= 10)
			cs.attr |= GRID_BOLD;
		if (w > 12) {
			grid_put(g, end - 5, y, &cs, text);
			end -= 6;
		}
	}
	{
		int fw = utf8_strwidth(flags), nw = end - (x + at) - fw;
		char held[VIEW_SEAT_NAME_LEN];

		if (nw < 6)
			nw = 6;
		if (s->standin != NULL) {
			snprintf(held, sizeof held, lang_text(v->chrome.lang,
			    "CPU for %s"), s->name);
			at += view_text_fit(g, x + at, y, nw, &name, held);
		} else
			at += view_text_fit(g, x + at, y, nw, &name, s->name);
		if (s->in_check) {
			struct grid_style err = view_style(VIEW_ERROR);

			view_text_fit(g, x + at, y, end - x - at, &err, flags);
		} else
			view_text_fit(g, x + at, y, end - x - at, &dim, flags);
	}
}

/* Word-wrapped text in the panel; returns the rows used. */
static int
view_table_para(struct grid *g, int x, int y, int w, int maxrows,
    enum view_role role, const char *s)
{
	struct grid_style	 st = view_style(role);
	int			 rows;

	if (s == NULL || *s == '\0' || maxrows < 1)
		return 0;
	rows = view_text_rows(s, w);
	if (rows > maxrows)
		rows = maxrows;
	return view_text_wrap(g, x, y, w, rows, &st, s);
}

/* Rows the moves need at width w ("12.h8 " items, wrapped). */
static int
view_table_move_rows(const struct view_table *v, int w, int from, int *starts,
    int max)
{
	int	 rows = 0, col = w;

	for (int i = from; i < v->nmoves; i++) {
		char item[32];
		int n = snprintf(item, sizeof item, "%d.%s", i + 1, v->moves[i]);

		if (col + n + (col > 0 ? 1 : 0) > w) {
			if (rows < max && starts != NULL)
				starts[rows] = i;
			rows++;
			col = 0;
		}
		col += n + (col > 0 ? 1 : 0);
	}
	return rows;
}

static void
view_table_moves(struct grid *g, int x, int y, int w, int h,
    const struct view_table *v)
{
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	int starts[512], rows, first_row, col = 0, row = -1;

	if (h < 1 || w < 4)
		return;
	rows = view_table_move_rows(v, w, 0, starts, 512);
	if (rows > 512)
		rows = 512;
	first_row = rows > h ? rows - h : 0;
	if (rows == 0)
		return;
	for (int i = starts[first_row]; i < v->nmoves; i++) {
		char item[32];
		int n = snprintf(item, sizeof item, "%d.%s", i + 1, v->moves[i]);

		if (row < 0 || (row + first_row + 1 < rows &&
		    i == starts[row + first_row + 1])) {
			row++;
			col = 0;
		}
		if (row >= h)
			break;
		grid_put(g, x + col, y + row, &norm, item);
		col += n + 1;
	}
}

/* The chat, newest at the bottom, wrapped. */
static void
view_table_chat(struct grid *g, int x, int y, int w, int h,
    const struct view_table *v)
{
	char	 line[600];
	int	 last, total = 0, first, yy;

	if (h < 1)
		return;
	last = v->nchat - 1 - (v->chat_back > 0 ? v->chat_back : 0);
	first = last + 1;
	for (int i = last; i >= 0; i--) {
		const struct view_chat_line *m = &v->chat[i];
		int rows;

		snprintf(line, sizeof line, "%s%s%s", m->from != NULL ?
		    m->from : "", m->from != NULL ? ": " : "", m->text != NULL ?
		    m->text : "");
		rows = view_text_rows(line, w);
		if (total + rows > h && total > 0)
			break;
		total += rows;
		first = i;
		if (total >= h)
			break;
	}
	if (v->nchat == 0) {
		struct grid_style dim = view_style(VIEW_DIM);

		view_text_fit(g, x, y + h - 1, w, &dim,
		    lang_text(v->chrome.lang, "(no messages yet)"));
		return;
	}
	yy = y + (total < h ? h - total : 0);
	for (int i = first; i <= last && yy < y + h; i++) {
		const struct view_chat_line *m = &v->chat[i];
		struct grid_style st = view_style(m->from == NULL ?
		    VIEW_NOTICE : VIEW_NORMAL);
		int rows;

		snprintf(line, sizeof line, "%s%s%s", m->from != NULL ?
		    m->from : "", m->from != NULL ? ": " : "", m->text != NULL ?
		    m->text : "");
		rows = view_text_rows(line, w);
		if (yy + rows > y + h) {
			/* The oldest shown message is cut at the top. */
			rows = y + h - yy;
		}
		view_text_wrap(g, x, yy, w, rows, &st, line);
		if (m->from != NULL) {
			struct grid_style who = view_style(m->you ? VIEW_YOU :
			    m->guest ? VIEW_GUEST : VIEW_USER);

			grid_putn(g, x, yy, w, &who, m->from, strlen(m->from));
		}
		yy += rows;
	}
}

static void
view_table_heading(struct grid *g, int x, int y, int w, const char *text)
{
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 rule = view_style(VIEW_RULE);
	int			 n = grid_put(g, x, y, &head, text);

	if (n + 1 < w)
		grid_hline(g, x + n + 1, y, w - n - 1, GRID_LINE_LIGHT, &rule);
}

void
view_table_draw(struct grid *g, const struct view_table *v,
    struct view_hits *hits)
{
	struct view_table_layout	 l;
	struct grid_style		 dim = view_style(VIEW_DIM);
	struct grid_style		 norm = view_style(VIEW_NORMAL);
	struct view_board		 vb = v->board;
	char				 text[256];
	int				 y, rest, moves_h, chat_h;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	view_table_layout(v, g->sx, g->sy, &l);

	/* A question waits for its answer: it takes the status line. */
	if (v->prompt != NULL && *v->prompt != '\0') {
		struct grid_style key = view_style(VIEW_KEY);

		grid_fill(g, 0, g->sy - 1, g->sx, 1, ' ', &norm);
		view_text_fit(g, 1, g->sy - 1, g->sx - 2, &key, v->prompt);
	}

	/* The board. */
	vb.large = l.large;
	if (v->board.game != NULL) {
		if (v->yonin)
			view_board_yonin_draw(g, l.bx, l.by, &vb, hits);
		else
			view_board_stone_draw(g, l.bx, l.by, &vb, hits);
	}

	/* The share line sits above the status line, under the board; when
	 * it is wider than the board the panel ends above it.  Buttons go
	 * under the board when there is a spare row. */
	if (v->share != NULL) {
		struct grid_style key = view_style(VIEW_KEY);
		int sy = g->sy - 2;
		int n = utf8_strwidth("Share: ") + utf8_strwidth(v->share);

		if (1 + n >= l.px - 1 && l.bottom > sy)
			l.bottom = sy;
		n = grid_put(g, 1, sy, &dim, "Share: ");
		view_text_fit(g, 1 + n, sy, g->sx - 2 - n, &key, v->share);
	}
	if (v->nbuttons > 0 && l.below + 1 <= g->sy - 4)
		view_buttons_draw(g, 1, g->sy - 4, l.bw + 1, v->buttons,
		    v->nbuttons, -1, hits);

	/* The panel. */
	if (l.pw < 10)
		return;
	y = l.top;
	snprintf(text, sizeof text, "%s%s%s  %s%s%s%s%s%s",
	    v->variant != NULL ? v->variant : "", v->options != NULL &&
	    *v->options != '\0' ? " " : "", v->options != NULL ?
	    v->options : "", v->rated ? lang_text(v->chrome.lang,
	    "rated") : lang_text(v->chrome.lang, "unrated"),
	    !v->rated && v->unrated_why != NULL ? " (" : "",
	    !v->rated && v->unrated_why != NULL ? v->unrated_why : "",
	    !v->rated && v->unrated_why != NULL ? ")" : "",
	    v->timer > 0 ? v->timer == 30 ? " 30 s" : " 60 s" : "",
	    v->private_ ? lang_text(v->chrome.lang, " private") : "");
	{
		struct grid_style head = view_style(VIEW_HEADING);

		view_text_fit(g, l.px, y++, l.pw, &head, text);
	}
	for (int i = 0; i < v->nseats && i < 4; i++) {
		view_hits_add(hits, l.px, y, l.pw, 1, VIEW_HIT_SEAT, i);
		view_table_seat(g, l.px, y++, l.pw, v, i);
		if (v->yonin && v->seat[i].hand != NULL &&
		    *v->seat[i].hand != '\0' && l.bottom - y > 14) {
			view_text_fit(g, l.px + 4, y++, l.pw - 4, &dim,
			    v->seat[i].hand);
		}
	}
	if (v->watchers > 0) {
		snprintf(text, sizeof text, lang_text(v->chrome.lang,
		    "%d watching"), v->watchers);
		view_text_fit(g, l.px + 2, y++, l.pw - 2, &dim, text);
	}
	y += view_table_para(g, l.px, y, l.pw, 2, VIEW_HEADING, v->state);
	y += view_table_para(g, l.px, y, l.pw, 2, VIEW_KEY, v->choice);
	y += view_table_para(g, l.px, y, l.pw, 3, VIEW_GOOD, v->result);

	/* Moves and chat share what is left: a third (at most 8 rows) for
	 * the moves, the rest for the chat and its input. */
	rest = l.bottom - y;
	if (rest < 4)
		return;
	/* A fixed share, whatever the moves need: a layout that moves with
	 * every new row of moves would redraw the whole chat each time. */
	moves_h = (rest - 2) / 3;
	if (moves_h < 1)
		moves_h = 1;
	if (moves_h > 8)
		moves_h = 8;
	{
		view_table_heading(g, l.px, y++, l.pw, lang_text(v->chrome.lang,
		    "Moves"));
		view_table_moves(g, l.px, y, l.pw, moves_h, v);
		y += moves_h;
	}
	chat_h = l.bottom - y - 2;
	if (chat_h < 1)
		return;
	view_table_heading(g, l.px, y++, l.pw, v->chat_back > 0 ?
	    lang_text(v->chrome.lang,
	    "Chat (scrolled back)") : lang_text(v->chrome.lang, "Chat"));
	view_hits_add(hits, l.px, y, l.pw, chat_h + 1, VIEW_HIT_CHAT, 0);
	view_table_chat(g, l.px, y, l.pw, chat_h, v);
	y += chat_h;
	if (v->chatting) {
		struct grid_style field = view_style(VIEW_FIELD);
		int n = grid_put(g, l.px, y, &norm, "Say: ");

		grid_fill(g, l.px + n, y, l.pw - n, 1, ' ', &field);
		grid_put(g, l.px + n, y, &field, v->input != NULL ? v->input :
		    "");
		grid_cursor(g, l.px + n + v->input_cursor, y, 1);
	} else
		view_text_fit(g, l.px, y, l.pw, &dim, lang_text(v->chrome.lang,
		    "c: chat"));

}
