/*
 * view-lobby.c - the lobby: the tables, who is online, the chat, and the
 * actions.
 *
 *   row 0          title bar
 *   row 1          "Tables" heading            | "Online" heading
 *   rows 2..       column names, tables, detail | people online
 *   chat heading
 *   chat rows      (newest at the bottom)
 *   input row      "Say:" and the chat line
 *   buttons row
 *   last row       status / key hints
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

struct view_lobby_layout {
	int	lw;		/* tables pane: columns 0..lw-1 */
	int	rx, rw;		/* online pane */
	int	top_h;		/* rows under the headings, both panes */
	int	chat_head;	/* row of the chat heading */
	int	chat_y, chat_h;
	int	input_y;
	int	buttons_y;
};

static void
view_lobby_layout(int sx, int sy, struct view_lobby_layout *l)
{
	int	 rest;

	l->rw = sx >= 120 ? 32 : 24;
	if (l->rw > sx / 3)
		l->rw = sx / 3;
	l->lw = sx - l->rw - 1;
	l->rx = l->lw + 1;
	/* Title, two headings, input, buttons, status: 6 fixed rows. */
	rest = sy - 6;
	if (rest < 4)
		rest = 4;
	l->top_h = rest * 4 / 10;
	if (l->top_h < 3)
		l->top_h = 3;
	l->chat_head = 2 + l->top_h;
	l->chat_y = l->chat_head + 1;
	l->chat_h = rest - l->top_h;
	if (l->chat_h < 1)
		l->chat_h = 1;
	l->input_y = sy - 3;
	l->buttons_y = sy - 2;
}

int
view_lobby_table_rows(int sx, int sy)
{
	struct view_lobby_layout	 l;

	view_lobby_layout(sx, sy, &l);
	return l.top_h - 2;	/* minus the column names and detail rows */
}

int
view_lobby_user_rows(int sx, int sy)
{
	struct view_lobby_layout	 l;

	view_lobby_layout(sx, sy, &l);
	return l.top_h;
}

int
view_lobby_chat_rows(int sx, int sy)
{
	struct view_lobby_layout	 l;

	view_lobby_layout(sx, sy, &l);
	return l.chat_h;
}

void
view_lobby_chat_band(int sx, int sy, int *y, int *h)
{
	struct view_lobby_layout	 l;

	view_lobby_layout(sx, sy, &l);
	*y = l.chat_y;
	*h = l.chat_h;
}

int
view_lobby_input_width(int sx)
{
	return sx - 8;	/* " Say: " before, a column of room after */
}

/* ---- tables ---------------------------------------------------------- */

struct view_lobby_col {
	const char	*name;
	int		 w;
};

enum {
	COL_CODE, COL_VARIANT, COL_OPTIONS, COL_SEATS, COL_PLAYERS,
	COL_WATCH, COL_TIMER, COL_RATED, COL_OPEN, NCOLS
};

/*
 * Column widths for a pane w wide.  Narrow panes (80 columns) leave out
 * watchers and rated, which the detail row under the list shows for the
 * selected table; options get a column only where there is room.
 */
static void
view_lobby_columns(int w, struct view_lobby_col *c)
{
	static const struct view_lobby_col base[NCOLS] = {
		{ N_("Code"), 6 }, { N_("Variant"), 10 }, { N_("Options"), 0 },
		{ N_("Seats"), 6 }, { N_("Players"), 0 }, { N_("Watch"), 6 },
		{ N_("Timer"), 6 }, { N_("Rated"), 6 }, { N_("Open"), 8 },
	};
	int	i, fixed = 0, flex;

	memcpy(c, base, sizeof base);
	if (w < 75) {
		c[COL_WATCH].w = 0;
		c[COL_RATED].w = 0;
	}
	for (i = 0; i < NCOLS; i++)
		fixed += c[i].w;
	flex = w - 2 - fixed;
	if (flex >= 40) {
		c[COL_OPTIONS].w = flex / 2;
		c[COL_PLAYERS].w = flex - flex / 2;
	} else
		c[COL_PLAYERS].w = flex > 4 ? flex : 4;
}

static void
view_lobby_table_row(struct grid *g, int x, int y, int w,
    const struct view_lobby_col *c, const struct view_table_row *t,
    const struct grid_style *st, const struct lang *lang)
{
	char	 buf[32];
	int	 cx = x + 1;

	grid_fill(g, x, y, w, 1, ' ', st);
	view_text_fit(g, cx, y, c[COL_CODE].w - 1, st, t->code);
	cx += c[COL_CODE].w;
	view_text_fit(g, cx, y, c[COL_VARIANT].w - 1, st, t->variant);
	cx += c[COL_VARIANT].w;
	if (c[COL_OPTIONS].w > 0) {
		view_text_fit(g, cx, y, c[COL_OPTIONS].w - 1, st,
		    t->options != NULL ? t->options : "-");
		cx += c[COL_OPTIONS].w;
	}
	snprintf(buf, sizeof buf, "%d/%d", t->players, t->seats);
	view_text_fit(g, cx, y, c[COL_SEATS].w - 1, st, buf);
	cx += c[COL_SEATS].w;
	view_text_fit(g, cx, y, c[COL_PLAYERS].w - 1, st,
	    t->names != NULL && *t->names != '\0' ? t->names : "-");
	cx += c[COL_PLAYERS].w;
	if (c[COL_WATCH].w > 0) {
		snprintf(buf, sizeof buf, "%d", t->watchers);
		view_text_fit(g, cx, y, c[COL_WATCH].w - 1, st, buf);
		cx += c[COL_WATCH].w;
	}
	view_text_fit(g, cx, y, c[COL_TIMER].w - 1, st,
	    t->timer != NULL ? t->timer : lang_ptext(lang, "lobby",
	    "none"));
	cx += c[COL_TIMER].w;
	if (c[COL_RATED].w > 0) {
		view_text_fit(g, cx, y, c[COL_RATED].w - 1, st, t->rated ?
		    lang_ptext(lang, "lobby", "yes") :
		    lang_ptext(lang, "lobby", "no"));
		cx += c[COL_RATED].w;
	}
	/* The viewer's own tables say so where the others say who may
	 * join: they are listed even when private. */
	view_text_fit(g, cx, y, c[COL_OPEN].w - 1, st, t->mine ?
	    lang_ptext(lang, "lobby", "yours") : t->private_ ?
	    lang_ptext(lang, "lobby", "private") :
	    lang_ptext(lang, "lobby", "open"));
}

static void
view_lobby_heading(struct grid *g, int x, int y, int w, const char *text,
    int focused)
{
	struct grid_style	rule = view_style(VIEW_RULE);
	struct grid_style	st = view_style(focused ? VIEW_SELECTED :
				    VIEW_HEADING);
	int			n;

	grid_hline(g, x, y, w, GRID_LINE_LIGHT, &rule);
	n = grid_put(g, x + 1, y, &st, " ");
	n += view_text_fit(g, x + 1 + n, y, w - 4, &st, text);
	grid_put(g, x + 1 + n, y, &st, " ");
}

/*
 * The headings over the two lists and over the chat, with the separator
 * between the lists that joins them.  Drawn over a shared frame again, the
 * rules merge with the pieces already there and the labels are written
 * anew, so the result is the same as on a blank grid.
 */
static void
view_lobby_headings(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l)
{
	struct grid_style	 rule = view_style(VIEW_RULE);
	char			 text[96];

	snprintf(text, sizeof text, lang_text(v->chrome.lang, "Tables (%d)"),
	    v->ntables);
	/* One rule across both panes; the separator joins it below. */
	view_lobby_heading(g, 0, 1, g->sx, text, v->focus ==
	    VIEW_LOBBY_TABLES);
	if (v->find != NULL)
		snprintf(text, sizeof text, lang_text(v->chrome.lang,
		    "Find: %s_"), v->find);
	else if (v->nusers > l->top_h)	/* a page of them: which (a page
					   that moved counts as the next) */
		snprintf(text, sizeof text, lang_text(v->chrome.lang,
		    "Online (%d) p%d"), v->nusers,
		    (v->user_top + l->top_h - 1) / l->top_h + 1);
	else
		snprintf(text, sizeof text, lang_text(v->chrome.lang,
		    "Online (%d)"), v->nusers);
	view_lobby_heading(g, l->rx, 1, l->rw, text, v->focus ==
	    VIEW_LOBBY_USERS);
	if (v->chat_back > 0)
		snprintf(text, sizeof text, lang_text(v->chrome.lang,
		    "Chat (%d older shown back; PgDn for newer)"),
		    v->chat_back);
	else
		snprintf(text, sizeof text, "%s", lang_text(v->chrome.lang,
		    "Chat"));
	view_lobby_heading(g, 0, l->chat_head, g->sx, text, v->focus ==
	    VIEW_LOBBY_CHAT);
	/* The tables/online separator runs down to the chat heading. */
	grid_vline(g, l->lw, 1, l->chat_head, GRID_LINE_LIGHT, &rule);
}

/* ---- tables ---------------------------------------------------------- */

/* Table idx on its row of the pane, selected or not. */
static void
view_lobby_table_at(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, const struct view_lobby_col *c,
    int idx, int selected)
{
	const struct view_table_row	*t = &v->tables[idx];
	struct grid_style		 st;

	st = view_style(t->mine ? VIEW_YOU : VIEW_NORMAL);
	if (selected)
		st = view_style(v->focus == VIEW_LOBBY_TABLES ? VIEW_SELECTED :
		    VIEW_SELECTED_IDLE);
	view_lobby_table_row(g, 0, 3 + idx - v->table_top, l->lw, c, t, &st,
	    v->chrome.lang);
}

/* The column names and the rows of the tables in view, none selected. */
static void
view_lobby_tables(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l)
{
	struct view_lobby_col		 c[NCOLS];
	struct grid_style		 head = view_style(VIEW_HEADING);
	struct grid_style		 dim = view_style(VIEW_DIM);
	int				 i, x, rows, idx;

	view_lobby_columns(l->lw, c);
	x = 1;
	for (i = 0; i < NCOLS; i++) {
		if (c[i].w > 0) {
			view_text_fit(g, x, 2, c[i].w - 1, &head,
			    lang_text(v->chrome.lang, c[i].name));
			x += c[i].w;
		}
	}
	rows = l->top_h - 2;
	if (v->ntables == 0) {
		view_text_wrap(g, 1, 3, l->lw - 2, rows, &dim,
		    lang_text(v->chrome.lang, "No tables are open."));
		return;
	}
	for (i = 0; i < rows; i++) {
		idx = v->table_top + i;
		if (idx < 0 || idx >= v->ntables)
			break;
		view_lobby_table_at(g, v, l, c, idx, 0);
	}
}

/* The viewer's own on the tables pane: the selected table, in its row
 * and in full on the pane's last row, and where clicks land. */
static void
view_lobby_tables_own(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, struct view_hits *hits)
{
	struct view_lobby_col		 c[NCOLS];
	struct grid_style		 dim = view_style(VIEW_DIM);
	const struct view_table_row	*t;
	const struct lang		*lang = v->chrome.lang;
	char				 text[256], rated[48];
	int				 i, idx, rows = l->top_h - 2;

	view_lobby_columns(l->lw, c);
	for (i = 0; i < rows; i++) {
		idx = v->table_top + i;
		if (idx < 0 || idx >= v->ntables)
			break;
		if (idx == v->table_sel)
			view_lobby_table_at(g, v, l, c, idx, 1);
		view_hits_add(hits, 0, 3 + i, l->lw, 1, VIEW_HIT_TABLE, idx);
	}
	if (v->table_sel < 0 || v->table_sel >= v->ntables)
		return;
	t = &v->tables[v->table_sel];
	if (t->rated)
		snprintf(rated, sizeof rated, "%s", lang_text(lang, "rated"));
	else if (t->unrated_why != NULL)
		snprintf(rated, sizeof rated, lang_text(lang, "unrated (%s)"),
		    t->unrated_why);
	else
		snprintf(rated, sizeof rated, "%s", lang_text(lang,
		    "unrated"));
	/* TRANSLATORS: the selected table in full: code: variant options;
	 * players/seats names; timer; rated; private or open, yours;
	 * watchers. */
	snprintf(text, sizeof text, lang_text(lang, "%s: %s%s%s; %d/%d %s; "
	    "timer %s; %s; %s%s; %d watching"),
	    t->code != NULL ? t->code : "",
	    t->variant != NULL ? t->variant : "",
	    t->options != NULL && *t->options != '\0' ? " " : "",
	    t->options != NULL ? t->options : "", t->players, t->seats,
	    t->names != NULL ? t->names : "",
	    t->timer != NULL ? t->timer : lang_ptext(lang, "lobby",
	    "none"), rated, t->private_ ? lang_ptext(lang, "lobby",
	    "private") : lang_ptext(lang, "lobby", "open"),
	    t->mine ? lang_text(lang, ", yours") : "", t->watchers);
	view_text_fit(g, 1, 2 + l->top_h - 1, l->lw - 2, &dim, text);
}

/* ---- people online ------------------------------------------------------ */

/* Row i of the online pane; `own` draws the viewer's marks (himself, his
 * selection), a shared frame leaves them out. */
static void
view_lobby_user_at(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, int i, int own)
{
	const struct view_user	*u = &v->users[i];
	struct grid_style	 st, rst;
	int			 rx = l->rx + 1, rw = l->rw - 1, y = 2 + i;
	int			 idx = v->user_top + i, namew = rw - 7;
	int			 you = own && u->you;

	st = view_style(you ? VIEW_YOU : u->guest ? VIEW_GUEST : VIEW_USER);
	rst = view_style(VIEW_DIM);
	if (own && idx == v->user_sel && v->focus == VIEW_LOBBY_USERS) {
		st = rst = view_style(VIEW_SELECTED);
		grid_fill(g, rx, y, rw, 1, ' ', &st);
	} else if (own && idx == v->user_sel)
		st.attr |= GRID_UNDERLINE;
	view_text_fit(g, rx, y, namew, &st, u->name);
	if (u->guest)
		view_text_fit(g, rx + namew + 1, y, 6, &rst,
		    lang_text(v->chrome.lang, "guest"));
	else if (u->rating != NULL)
		view_text_fit(g, rx + namew + 1, y, 6, &rst, u->rating);
}

/* The rows of the online pane in view (users[0] is at user_top). */
static int
view_lobby_user_rows_shown(const struct view_lobby *v,
    const struct view_lobby_layout *l)
{
	int	 n = v->nusers - v->user_top;

	if (v->user_top < 0 || n < 0)
		return 0;
	return n < l->top_h ? n : l->top_h;
}

static void
view_lobby_users(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l)
{
	int	 i, n = view_lobby_user_rows_shown(v, l);

	for (i = 0; i < n; i++)
		view_lobby_user_at(g, v, l, i, 0);
}

/* The viewer's own on the online pane: his name and his selection, drawn
 * again on a blanked row, and where clicks land. */
static void
view_lobby_users_own(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, struct view_hits *hits)
{
	int	 i, n = view_lobby_user_rows_shown(v, l);

	for (i = 0; i < n; i++) {
		if (v->users[i].you || v->user_top + i == v->user_sel) {
			grid_fill(g, l->rx + 1, 2 + i, l->rw - 1, 1, ' ',
			    NULL);
			view_lobby_user_at(g, v, l, i, 1);
		}
		/* The row on the page, not the place in the list: names may
		 * come before the page between this drawing and the click,
		 * and frames sent to the crowd do not redraw his hits. */
		view_hits_add(hits, l->rx, 2 + i, l->rw, 1, VIEW_HIT_USER, i);
	}
}

/* ---- chat ------------------------------------------------------------------ */

/* Columns before a message's text on its first row: "12:34 name: ". */
static int
view_lobby_chat_prefix(const struct view_chat_line *m)
{
	int	 w = 0;

	if (m->time != NULL)
		w += utf8_strwidth(m->time) + 1;
	if (m->from != NULL)
		w += utf8_strwidth(m->from) + 2;
	else
		w += 2;		/* "* " */
	return w;
}

/*
 * Lay out one message in w columns from x,y, drawing rows from `skip` on
 * (earlier ones are above the pane) and at most `max` of them (g may be
 * NULL: only count).  Continuation rows are indented under the name; the
 * viewer's own name stands out only when `own`.  Returns the rows the
 * whole message takes.
 */
static int
view_lobby_chat_msg(struct grid *g, int x, int y, int w,
    const struct view_chat_line *m, int skip, int max, int own)
{
	struct grid_style	 tst = view_style(VIEW_DIM);
	struct grid_style	 nst, txt = view_style(VIEW_NORMAL);
	const char		*s = m->text != NULL ? m->text : "";
	size_t			 len = strlen(s), pos = 0, next, n;
	int			 row = 0, px, indent, cx, tw;

	px = view_lobby_chat_prefix(m);
	indent = m->time != NULL ? utf8_strwidth(m->time) + 1 : 0;
	if (px > w - 8)		/* a very narrow pane: text on its own */
		px = indent = 0;
	if (m->from == NULL)
		txt = view_style(VIEW_NOTICE);
	nst = view_style(own && m->you ? VIEW_YOU : m->guest ? VIEW_GUEST :
	    VIEW_USER);
	nst.attr |= GRID_BOLD;

	do {
		tw = (row == 0 ? w - px : w - indent);
		if (tw < 1)
			tw = 1;
		n = view_text_line(s + pos, len - pos, tw, &next);
		if (g != NULL && row >= skip && row - skip < max) {
			cx = x;
			if (row == 0) {
				if (m->time != NULL && px > 0) {
					cx += grid_put(g, cx, y, &tst,
					    m->time);
					cx++;
				}
				if (px > 0 && m->from != NULL) {
					cx += grid_put(g, cx, y, &nst,
					    m->from);
					cx += grid_put(g, cx, y, &tst, ": ");
				} else if (px > 0)
					cx += grid_put(g, cx, y, &txt, "* ");
			} else
				cx += indent;
			grid_putn(g, cx, y, tw, &txt, s + pos, n);
			y++;
		}
		pos += next;
		row++;
	} while (pos < len);
	return row;
}

/* The messages in the chat pane: the newest shown (chat_back before the
 * end), then back until the pane is full. */
static void
view_lobby_chat_lines(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, int back, int own)
{
	struct grid_style	 dim = view_style(VIEW_DIM);
	int			 w = g->sx - 2, last, first, rows, total, y, i;
	int			 skip, n;

	last = v->nchat - 1 - (back > 0 ? back : 0);
	total = 0;
	first = last + 1;
	for (i = last; i >= 0; i--) {
		rows = view_lobby_chat_msg(NULL, 0, 0, w, &v->chat[i], 0, 0,
		    own);
		if (total + rows > l->chat_h && total > 0)
			break;
		total += rows;
		first = i;
		if (total >= l->chat_h)
			break;
	}
	if (v->nchat == 0)
		view_text_fit(g, 1, l->chat_y, w, &dim,
		    lang_text(v->chrome.lang, "Nobody has said anything yet."));
	/* A single message taller than the pane: show its end. */
	skip = total > l->chat_h ? total - l->chat_h : 0;
	y = l->chat_y + (total < l->chat_h ? l->chat_h - total : 0);
	for (i = first; i <= last; i++) {
		n = view_lobby_chat_msg(g, 1, y, w, &v->chat[i], skip,
		    l->chat_y + l->chat_h - y, own);
		y += n - skip;
		skip = 0;
	}
}

/*
 * The viewer's chat pane differs from the shared one when he scrolled
 * back, has said something in view (his name stands out) or does not see
 * everyone (/ignore: the hall says so with chat_own).
 */
int
view_lobby_chat_own(const struct view_lobby *v)
{
	if (v->chat_own || v->chat_back > 0)
		return 1;
	for (int i = 0; i < v->nchat; i++)
		if (v->chat[i].you)
			return 1;
	return 0;
}

/* The input line: "Say:", the line typed (with the cursor while typing),
 * a note beside it. */
static void
view_lobby_input(struct grid *g, const struct view_lobby *v,
    const struct view_lobby_layout *l, int focused)
{
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 field = view_style(VIEW_FIELD);
	struct grid_style	 label = view_style(focused ? VIEW_KEY :
				     VIEW_DIM);
	int			 iw = view_lobby_input_width(g->sx);

	view_text_fit(g, 1, l->input_y, 5, &label, lang_text(v->chrome.lang,
	    "Say:"));
	if (focused) {
		grid_fill(g, 6, l->input_y, iw, 1, ' ', &field);
		if (v->input != NULL)
			grid_putn(g, 6, l->input_y, iw, &field, v->input,
			    strlen(v->input));
		grid_cursor(g, 6 + v->input_cursor, l->input_y, 1);
	} else
		view_text_fit(g, 6, l->input_y, iw, &dim,
		    v->input != NULL && *v->input != '\0' ? v->input :
		    lang_text(v->chrome.lang, "(press Tab or t to chat)"));
	if (v->input_note != NULL) {
		struct grid_style	err = view_style(VIEW_ERROR);
		int			nw = utf8_strwidth(v->input_note);

		if (nw > iw / 2)
			nw = iw / 2;
		view_text_fit(g, 6 + iw - nw, l->input_y, nw, &err,
		    v->input_note);
	}
}

/* ---- the frame ------------------------------------------------------------- */

static const struct view_button view_lobby_buttons[VIEW_LOBBY_NBUTTONS] = {
	[VIEW_LOBBY_B_NEW] = { "n", N_("new table"), N_("new"), 0 },
	[VIEW_LOBBY_B_CPU] = { "v", N_("vs computer"), N_("cpu"), 0 },
	[VIEW_LOBBY_B_JOIN] = { "Enter", N_("join"), NULL, 0 },
	[VIEW_LOBBY_B_CODE] = { "c", N_("join by code"), N_("code"), 0 },
	[VIEW_LOBBY_B_WATCH] = { "w", N_("watch"), NULL, 0 },
	[VIEW_LOBBY_B_PROFILE] = { "p", N_("profile"), NULL, 0 },
	[VIEW_LOBBY_B_ACCOUNT] = { "a", N_("account"), NULL, 0 },
	[VIEW_LOBBY_B_SETTINGS] = { "s", N_("settings"), NULL, 0 },
	[VIEW_LOBBY_B_HELP] = { "?", N_("help"), NULL, 0 },
	[VIEW_LOBBY_B_QUIT] = { "q", N_("quit"), NULL, 0 },
};

void
view_lobby_draw_shared(struct grid *g, const struct view_lobby *v,
    struct view_hits *hits)
{
	struct view_lobby_layout l;
	struct view_lobby	 s;
	struct view_button	 shown[VIEW_LOBBY_NBUTTONS];

	/*
	 * Nobody's: no name on the title bar, no status, no selection, the
	 * chat at its end, the input line untouched.  The focus is on the
	 * tables, where the lobby opens, so most viewers need not draw the
	 * headings again.
	 */
	s = *v;
	s.chrome.who = NULL;
	s.chrome.status = NULL;
	s.chrome.hints = NULL;
	s.focus = VIEW_LOBBY_TABLES;
	s.table_sel = s.user_sel = -1;
	s.find = NULL;
	s.chat_back = 0;
	s.input = s.input_note = NULL;

	view_hits_clear(hits);
	view_chrome_draw(g, &s.chrome);
	view_lobby_layout(g->sx, g->sy, &l);
	view_lobby_headings(g, &s, &l);
	view_lobby_tables(g, &s, &l);
	view_lobby_users(g, &s, &l);
	view_lobby_chat_lines(g, &s, &l, 0, 0);
	view_lobby_input(g, &s, &l, 0);
	/* The labels in the reader's language. */
	for (int i = 0; i < VIEW_LOBBY_NBUTTONS; i++) {
		shown[i] = view_lobby_buttons[i];
		shown[i].label = lang_text(s.chrome.lang,
		    view_lobby_buttons[i].label);
		if (shown[i].brief != NULL)
			shown[i].brief = lang_text(s.chrome.lang,
			    view_lobby_buttons[i].brief);
	}
	view_buttons_draw(g, 0, l.buttons_y, g->sx, shown,
	    VIEW_LOBBY_NBUTTONS, -1, hits);
}

void
view_lobby_draw_own(struct grid *g, const struct view_lobby *v,
    const struct view_hits *shared, struct view_hits *hits)
{
	struct view_lobby_layout l;

	view_hits_clear(hits);
	view_lobby_layout(g->sx, g->sy, &l);
	view_chrome_bars(g, &v->chrome);
	if (v->focus != VIEW_LOBBY_TABLES || v->find != NULL ||
	    v->chat_back > 0)
		view_lobby_headings(g, v, &l);
	view_lobby_tables_own(g, v, &l, hits);
	view_lobby_users_own(g, v, &l, hits);
	if (view_lobby_chat_own(v)) {
		grid_fill(g, 0, l.chat_y, g->sx, l.chat_h, ' ', NULL);
		view_lobby_chat_lines(g, v, &l, v->chat_back, 1);
	}
	view_hits_add(hits, 0, l.chat_y, g->sx, l.chat_h, VIEW_HIT_CHAT, 0);
	if (v->focus == VIEW_LOBBY_CHAT || v->input_note != NULL ||
	    (v->input != NULL && *v->input != '\0')) {
		grid_fill(g, 0, l.input_y, g->sx, 1, ' ', NULL);
		view_lobby_input(g, v, &l, v->focus == VIEW_LOBBY_CHAT);
	}
	view_hits_add(hits, 0, l.input_y, g->sx, 1, VIEW_HIT_CHAT, 1);
	/* The buttons, where the shared half put them. */
	for (int i = 0; shared != NULL && i < shared->n; i++)
		view_hits_add(hits, shared->hit[i].x, shared->hit[i].y,
		    shared->hit[i].w, shared->hit[i].h, shared->hit[i].id,
		    shared->hit[i].index);
}

void
view_lobby_draw(struct grid *g, const struct view_lobby *v,
    struct view_hits *hits)
{
	struct view_hits	 shared;

	view_lobby_draw_shared(g, v, &shared);
	view_lobby_draw_own(g, v, &shared, hits);
}
