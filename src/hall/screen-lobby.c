/*
 * screen-lobby.c - the lobby: the tables, who is online, the chat and the
 * actions.  Three panes take the keyboard in turn (Tab): in the two lists
 * letters are actions and j/k move; in the chat, letters are typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "src/hall/hall-int.h"
#include "src/hall/screen-rules.h"
#include "src/hall/screen-top.h"
#include "src/hall/screen-table.h"
#include "src/term/lineedit.h"
#include "src/base/log.h"
#include "src/table/table.h"

#define SCREEN_LOBBY_LINE_CHARS 300	/* a chat line, as typed */
#define SCREEN_LOBBY_LINE_BYTES CHAT_TEXT_MAX
#define SCREEN_LOBBY_INPUT_VIEW 1024	/* bytes of the visible part of the line */

struct screen_lobby {
	enum view_lobby_focus	 focus;
	int			 table_sel, table_top;
	/* The selected table by its code: the list changes order as tables
	 * come and go (and one's own move to the top), the selection stays
	 * on the table. */
	char			 table_code[TABLE_CODE_SIZE];
	/*
	 * The online list a page at a time.  The page is held by the name
	 * at its top (page[], "" for the first page), not by its place: an
	 * arrival or departure elsewhere in the list leaves the page as it
	 * is, and everyone who turned to the same page shares its frame.
	 * user_row is the selection's row on it; user_top and user_sel are
	 * where they are in the list now (screen_lobby_user_page).
	 */
	char			 page[IDENTITY_NAME_LEN];
	int			 user_row;
	int			 user_sel, user_top;
	/* `f`: typing a name jumps the online list to it. */
	bool			 finding;
	char			 find[NAME_FIELD_MAX + 1];
	int			 chat_back;	/* messages scrolled back */
	uint64_t		 chat_seen;	/* newest message drawn */
	struct lineedit		*line;
	char			 note[128];	/* beside the chat line */

	/* Built for each frame. */
	struct view_table_row	*tables;
	int			 tables_cap;
	char			 input[SCREEN_LOBBY_INPUT_VIEW];
};

/* Where the page and the selection are in the online list now; returns
 * how many are online. */
static int
screen_lobby_user_page(struct client *c, struct screen_lobby *l, int rows)
{
	size_t	 n;
	int	 top;

	(void)hall_online(c->hall, &n);
	top = l->page[0] != '\0' ? (int)hall_online_find(c->hall, l->page) : 0;
	/* Everyone from the page on left: the last page there is. */
	if (top > 0 && (size_t)top >= n)
		top = (int)n > rows ? (int)n - rows : 0;
	l->user_top = top;
	if (l->user_row >= rows)	/* the pane got shorter */
		l->user_row = rows > 0 ? rows - 1 : 0;
	l->user_sel = top + l->user_row;
	if ((size_t)l->user_sel >= n)
		l->user_sel = n > 0 ? (int)n - 1 : 0;
	return (int)n;
}

/*
 * Select the sel-th name (clamped to the list).  Within the page only the
 * selection moves; past it the page turns by whole pages from where it
 * was, or, `aligned` (a name found, the first or the last), to the page
 * of that many rows it falls on, so that pages stay the same for everyone.
 */
static void
screen_lobby_user_goto(struct client *c, struct screen_lobby *l, int sel,
    int rows, bool aligned)
{
	struct identity *const	*online;
	size_t			 n;
	int			 top;

	if (rows < 1)
		rows = 1;
	screen_lobby_user_page(c, l, rows);
	online = hall_online(c->hall, &n);
	if (n == 0) {
		l->page[0] = '\0';
		l->user_row = l->user_top = l->user_sel = 0;
		return;
	}
	if (sel < 0)
		sel = 0;
	if ((size_t)sel >= n)
		sel = (int)n - 1;
	top = l->user_top;
	if (aligned)
		top = sel / rows * rows;
	else if (sel < top) {
		top -= (top - sel + rows - 1) / rows * rows;
		if (top < 0)
			top = 0;
	} else if (sel >= top + rows)
		top += (sel - top) / rows * rows;
	snprintf(l->page, sizeof l->page, "%s", top > 0 ?
	    online[top]->name : "");
	l->user_top = top;
	l->user_sel = sel;
	l->user_row = sel - top;
}

/* The keys of the online list: 1 if it was one. */
static int
screen_lobby_users_key(struct client *c, struct screen_lobby *l,
    const struct key_event *ev)
{
	int	 rows = view_lobby_user_rows(client_sx(c), client_sy(c));
	int	 n = screen_lobby_user_page(c, l, rows), sel = l->user_sel;
	int	 top = l->user_top;

	if (ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT))
		return 0;
	switch (ev->key) {
	case KEY_PGDN:
		if (top + rows < n)
			screen_lobby_user_goto(c, l, sel + rows, rows, false);
		return 1;
	case KEY_PGUP:
		screen_lobby_user_goto(c, l, top > 0 ? sel - rows : 0, rows,
		    false);
		return 1;
	case KEY_HOME:
	case 'g':
		screen_lobby_user_goto(c, l, 0, rows, true);
		return 1;
	case KEY_END:
	case 'G':
		screen_lobby_user_goto(c, l, n - 1, rows, true);
		return 1;
	}
	/* The rest move one row, as in any list. */
	if (!screen_list_key(ev, n, rows, &sel, &top, true))
		return 0;
	screen_lobby_user_goto(c, l, sel, rows, false);
	return 1;
}

/*
 * Who is online: the view gets only the rows it shows (users[0] is the
 * person at user_top), so a frame costs the height of the pane, not the
 * size of the crowd.
 */
static int
screen_lobby_build_users(struct client *c, struct screen_lobby *l, int rows)
{
	struct identity		*const	*online;
	struct view_user	*u = c->hall->lobby_users;
	struct identity		*id;
	size_t			 n;

	(void)screen_lobby_user_page(c, l, rows);
	online = hall_online(c->hall, &n);
	for (int i = 0; i < rows && i < CLIENT_ROWS_MAX &&
	    (size_t)(l->user_top + i) < n; i++) {
		id = online[l->user_top + i];
		memset(&u[i], 0, sizeof u[i]);
		u[i].name = id->name;
		u[i].guest = id->kind == IDENTITY_GUEST;
		u[i].rating = id->rating[0] != '\0' ? id->rating : NULL;
		u[i].you = id == c->identity;
		u[i].sessions = (int)id->sessions;
	}
	return (int)n;
}

/* Remember the selected table's code. */
static void
screen_lobby_keep_selected(struct screen_lobby *l,
    const struct view_table_row *rows, int n)
{
	if (l->table_sel >= 0 && l->table_sel < n)
		snprintf(l->table_code, sizeof l->table_code, "%s",
		    rows[l->table_sel].code);
	else
		l->table_code[0] = '\0';
}

/*
 * The selection follows its table through the rows just built; with none,
 * one's own table (the first row when there is one) is selected, so Enter
 * goes back to it.
 */
static void
screen_lobby_find_selected(struct screen_lobby *l,
    const struct view_table_row *rows, int n)
{
	for (int i = 0; l->table_code[0] != '\0' && i < n; i++) {
		if (strcmp(rows[i].code, l->table_code) == 0) {
			l->table_sel = i;
			return;
		}
	}
	if ((l->table_sel < 0 || l->table_code[0] != '\0') && n > 0 &&
	    rows[0].mine)
		l->table_sel = 0;
	else if (l->table_sel >= n)
		l->table_sel = n - 1;
	screen_lobby_keep_selected(l, rows, n);
}

/*
 * The tables the viewer sees: everyone's list, built once for the crowd,
 * unless he sits at or hosts one (his own come first, even private ones):
 * then his own copy, and *own says so.
 */
static const struct view_table_row *
screen_lobby_tables(struct client *c, struct screen_lobby *l, int *np,
    bool *own)
{
	struct lobby_frames		*lf = c->hall->lobby_frames;
	const struct view_table_row	*rows;
	int				 n;
	void				*p;

	*own = lobby_frames_has_table(lf, c->hall, c->identity);
	if (!*own) {
		rows = lobby_frames_tables(lf, c->hall, &n);
		screen_lobby_find_selected(l, rows, n);
		*np = n;
		return rows;
	}
	*np = 0;
	n = hall_tables_count(c->hall, c->identity);
	if (n <= 0)
		return NULL;
	if (n > l->tables_cap) {
		p = realloc(l->tables, (size_t)n * sizeof *l->tables);
		if (p == NULL)
			return NULL;
		l->tables = p;
		l->tables_cap = n;
	}
	n = hall_tables_rows(c->hall, c->identity, l->tables, n);
	screen_lobby_find_selected(l, l->tables, n);
	*np = n;
	return l->tables;
}

static int
screen_lobby_build_tables(struct client *c, struct screen_lobby *l,
    const struct view_table_row **rows)
{
	bool	 own;
	int	 n;

	*rows = screen_lobby_tables(c, l, &n, &own);
	return n;
}

static void
screen_lobby_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_lobby	*l = state;
	struct view_lobby	 v;
	const struct grid	*shared;
	const struct view_hits	*hits;
	bool			 own_tables;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Lobby", l->focus == VIEW_LOBBY_CHAT ?
	    N_("Enter send  Esc stop typing  Tab next pane  PgUp/PgDn scroll "
	    "the chat") :
	    N_("Tab next pane  j/k move  Enter join  t chat  ? help  q quit"));
	v.focus = l->focus;

	v.tables = screen_lobby_tables(c, l, &v.ntables, &own_tables);
	screen_list_clamp(v.ntables, view_lobby_table_rows(g->sx, g->sy),
	    &l->table_sel, &l->table_top);
	screen_lobby_keep_selected(l, v.tables, v.ntables);
	v.table_sel = l->table_sel;
	v.table_top = l->table_top;

	v.nusers = screen_lobby_build_users(c, l, view_lobby_user_rows(g->sx,
	    g->sy));
	v.users = c->hall->lobby_users;
	v.user_sel = l->user_sel;
	v.user_top = l->user_top;
	v.find = l->finding ? l->find : NULL;

	v.nchat = screen_chat_lines(c->hall->chat, c->identity, &l->chat_back,
	    &l->chat_seen, c->hall->lobby_chat, CHAT_SCROLLBACK);
	v.chat = c->hall->lobby_chat;
	v.chat_back = l->chat_back;
	/* Lines he ignores are left out: his chat pane is his own. */
	v.chat_own = c->identity != NULL && c->identity->nignored > 0;

	lineedit_view(l->line, view_lobby_input_width(g->sx), l->input,
	    sizeof l->input, &v.input_cursor);
	v.input = l->input;
	v.input_note = l->note[0] != '\0' ? l->note : NULL;

	/* The crowd's half once for everyone on this page, his own over a
	 * copy of it. */
	if (!own_tables && (shared = lobby_frames_get(c->hall->lobby_frames,
	    &v, g->sx, g->sy, !v.chat_own, &hits, &c->lobby_next)) != NULL &&
	    grid_copy(g, shared) == 0) {
		view_lobby_draw_own(g, &v, hits, &c->hits);
		/* Changes of the crowd's half may reach him as the crowd's
		 * bytes (client.c), where his own half leaves it be; not
		 * while his chat leaves lines out for him. */
		c->lobby_drawn = !view_lobby_chat_own(&v);
		if (c->lobby_drawn)
			lobby_frames_own(&c->lobby_own_next, g, shared);
		return;
	}
	view_lobby_draw(g, &v, &c->hits);
}

/* ---- actions ---------------------------------------------------------------- */

static const char *
screen_lobby_selected_code(struct client *c, struct screen_lobby *l, bool watch)
{
	const struct view_table_row	*rows;
	int				 n = screen_lobby_build_tables(c, l,
					     &rows);

	if (n <= 0) {
		client_status(c, true, "%s", lang_text(c->lang, watch ?
		    N_("There are no tables: nothing to watch.") :
		    N_("There are no tables: nothing to join.")));
		return NULL;
	}
	if (l->table_sel < 0 || l->table_sel >= n) {
		client_status(c, true, "Choose a table first (Up/Down).");
		return NULL;
	}
	return rows[l->table_sel].code;
}

static void
screen_lobby_join(struct client *c, struct screen_lobby *l, bool watch)
{
	const char	*code = screen_lobby_selected_code(c, l, watch);
	char		 why[256];

	if (code == NULL)
		return;
	if (hall_tables_join(c->hall, c, code, watch, why, sizeof why) != 0)
		client_status(c, true, "%s", why);
}

static void
screen_lobby_new(struct client *c)
{
	char	 why[256];

	if (hall_tables_create(c->hall, c, NULL, why, sizeof why) != 0)
		client_status(c, true, "%s", why);
}

static void
screen_lobby_profile(struct client *c, struct screen_lobby *l, bool selected)
{
	int	 n;

	if (selected) {
		struct identity *const	*online;
		size_t			 count;

		(void)screen_lobby_user_page(c, l, view_lobby_user_rows(
		    client_sx(c), client_sy(c)));
		online = hall_online(c->hall, &count);
		n = (int)count;
		if (l->user_sel >= 0 && l->user_sel < n) {
			screen_profile_open(c, online[l->user_sel]);
			return;
		}
	}
	screen_profile_open(c, c->identity);
}

static void
screen_lobby_account(struct client *c)
{
	if (c->identity != NULL && c->identity->kind == IDENTITY_GUEST)
		screen_register_open(c);
	else
		screen_account_open(c);
}

static void
screen_lobby_quit(struct client *c)
{
	char	 bye[IDENTITY_NAME_LEN + 32];

	snprintf(bye, sizeof bye, lang_text(c->lang, "Goodbye, %s."),
	    c->identity != NULL ?
	    c->identity->name : "");
	client_leave(c, bye);
}

static void
screen_lobby_button(struct client *c, struct screen_lobby *l, int button)
{
	switch (button) {
	case VIEW_LOBBY_B_NEW:
		screen_lobby_new(c);
		break;
	case VIEW_LOBBY_B_CPU:
		screen_table_create_open_cpu(c);
		break;
	case VIEW_LOBBY_B_JOIN:
		screen_lobby_join(c, l, false);
		break;
	case VIEW_LOBBY_B_CODE:
		screen_code_open(c, false);
		break;
	case VIEW_LOBBY_B_WATCH:
		screen_lobby_join(c, l, true);
		break;
	case VIEW_LOBBY_B_PROFILE:
		screen_lobby_profile(c, l, false);
		break;
	case VIEW_LOBBY_B_ACCOUNT:
		screen_lobby_account(c);
		break;
	case VIEW_LOBBY_B_SETTINGS:
		screen_settings_open(c);
		break;
	case VIEW_LOBBY_B_HELP:
		screen_help_open(c);
		break;
	case VIEW_LOBBY_B_QUIT:
		screen_lobby_quit(c);
		break;
	}
}

static void
screen_lobby_send(struct client *c, struct screen_lobby *l)
{
	char	 why[128];

	if (*lineedit_text(l->line) == '\0')
		return;
	if (hall_chat(c->hall, c, lineedit_text(l->line), why,
	    sizeof why) != 0) {
		/* Keep the line: it can be sent when the wait is over. */
		snprintf(l->note, sizeof l->note, "%s", why);
		return;
	}
	l->note[0] = '\0';
	l->chat_back = 0;
	lineedit_clear(l->line);
}

/* Scroll the chat: positive = back in time. */
static void
screen_lobby_scroll(struct client *c, struct screen_lobby *l, int by)
{
	int	 n = (int)chat_count(c->hall->chat);

	/* At the end he saw the newest, even when chat lines reached him
	 * without a drawing of his own (lobby_frames_catch_up). */
	if (l->chat_back == 0)
		l->chat_seen = chat_last_seq(c->hall->chat);
	l->chat_back += by;
	if (l->chat_back > n - 1)
		l->chat_back = n > 0 ? n - 1 : 0;
	if (l->chat_back < 0)
		l->chat_back = 0;
}

static void
screen_lobby_mouse(struct client *c, struct screen_lobby *l,
    const struct key_event *ev)
{
	const struct view_hit	*hit = client_hit(c, ev);

	if (ev->mouse.action == KEY_MOUSE_WHEEL_UP ||
	    ev->mouse.action == KEY_MOUSE_WHEEL_DOWN) {
		if (hit != NULL && hit->id == VIEW_HIT_CHAT)
			screen_lobby_scroll(c, l, ev->mouse.action ==
			    KEY_MOUSE_WHEEL_UP ? 3 : -3);
		return;
	}
	if (ev->mouse.button != 0 || hit == NULL)
		return;
	switch (hit->id) {
	case VIEW_HIT_TABLE:
	{
		const struct view_table_row	*rows;
		int				 n;

		l->focus = VIEW_LOBBY_TABLES;
		l->table_sel = hit->index;
		n = screen_lobby_build_tables(c, l, &rows);
		screen_lobby_keep_selected(l, rows, n);
		break;
	}
	case VIEW_HIT_USER:
	{
		int rows = view_lobby_user_rows(client_sx(c), client_sy(c));

		/* The row clicked, on the page as it stands now. */
		l->focus = VIEW_LOBBY_USERS;
		screen_lobby_user_page(c, l, rows);
		screen_lobby_user_goto(c, l, l->user_top + hit->index, rows,
		    false);
		break;
	}
	case VIEW_HIT_CHAT:
		l->focus = VIEW_LOBBY_CHAT;
		break;
	case VIEW_HIT_BUTTON:
		screen_lobby_button(c, l, hit->index);
		break;
	default:
		break;
	}
}

/* Keys while the chat line has the keyboard. */
static void
screen_lobby_chat_key(struct client *c, struct screen_lobby *l,
    const struct key_event *ev)
{
	int	 page = view_lobby_chat_rows(client_sx(c), client_sy(c));

	if (ev->mods == KEY_MOD_CTRL && ev->key == 'd' &&
	    *lineedit_text(l->line) == '\0') {
		screen_lobby_quit(c);
		return;
	}
	switch (ev->key) {
	case KEY_ESCAPE:
		l->focus = VIEW_LOBBY_TABLES;
		return;
	case KEY_TAB:
		l->focus = VIEW_LOBBY_TABLES;
		return;
	case KEY_BACKTAB:
		l->focus = VIEW_LOBBY_USERS;
		return;
	case KEY_PGUP:
		screen_lobby_scroll(c, l, page > 2 ? page - 1 : 1);
		return;
	case KEY_PGDN:
		screen_lobby_scroll(c, l, -(page > 2 ? page - 1 : 1));
		return;
	case KEY_UP:
		screen_lobby_scroll(c, l, 1);
		return;
	case KEY_DOWN:
		screen_lobby_scroll(c, l, -1);
		return;
	case KEY_F1:
		screen_help_open(c);
		return;
	}
	switch (lineedit_key(l->line, ev)) {
	case LINEEDIT_ENTER:
		screen_lobby_send(c, l);
		break;
	case LINEEDIT_CHANGED:
		break;
	default:
		break;
	}
}

/*
 * Finding someone in a crowd: each key typed narrows to the first name
 * that starts with the text (a binary search of the sorted list), Enter
 * keeps the place, Esc gives up.
 */
static void
screen_lobby_find_key(struct client *c, struct screen_lobby *l,
    const struct key_event *ev)
{
	size_t	 len = strlen(l->find), online;

	if (ev->key == KEY_ESCAPE || ev->key == KEY_ENTER ||
	    ev->key == KEY_TAB || (ev->mods & KEY_MOD_CTRL)) {
		l->finding = false;
		if (ev->key == KEY_ESCAPE)
			l->find[0] = '\0';
		client_dirty(c);
		return;
	}
	if (ev->key == KEY_BACKSPACE) {
		if (len > 0)
			l->find[len - 1] = '\0';
	} else if (ev->key > ' ' && ev->key < 0x7f && !ev->mods &&
	    len + 1 < sizeof l->find) {
		l->find[len] = (char)ev->key;	/* names are ASCII */
		l->find[len + 1] = '\0';
	}
	else
		return;
	l->focus = VIEW_LOBBY_USERS;
	(void)hall_online(c->hall, &online);
	if (online > 0)
		screen_lobby_user_goto(c, l, (int)hall_online_find(c->hall,
		    l->find), view_lobby_user_rows(client_sx(c),
		    client_sy(c)), true);
	client_dirty(c);
}

static void
screen_lobby_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_lobby	*l = state;
	int			 rows;

	if (ev->key == KEY_MOUSE) {
		screen_lobby_mouse(c, l, ev);
		return;
	}
	if (l->finding) {
		screen_lobby_find_key(c, l, ev);
		return;
	}
	if (l->focus == VIEW_LOBBY_CHAT) {
		screen_lobby_chat_key(c, l, ev);
		return;
	}

	if (ev->mods == KEY_MOD_CTRL) {
		if (ev->key == 'd')
			screen_lobby_quit(c);
		return;
	}
	if (l->focus == VIEW_LOBBY_TABLES) {
		const struct view_table_row	*t;
		int				 n;

		n = screen_lobby_build_tables(c, l, &t);
		rows = view_lobby_table_rows(client_sx(c), client_sy(c));
		if (screen_list_key(ev, n, rows, &l->table_sel, &l->table_top,
		    true)) {
			screen_lobby_keep_selected(l, t, n);
			return;
		}
	} else if (screen_lobby_users_key(c, l, ev))
		return;
	switch (ev->key) {
	case KEY_TAB:
		l->focus = l->focus == VIEW_LOBBY_TABLES ? VIEW_LOBBY_USERS :
		    VIEW_LOBBY_CHAT;
		break;
	case KEY_BACKTAB:
		l->focus = l->focus == VIEW_LOBBY_USERS ? VIEW_LOBBY_TABLES :
		    VIEW_LOBBY_CHAT;
		break;
	case 't':
	case '/':
		l->focus = VIEW_LOBBY_CHAT;
		break;
	case KEY_ENTER:
		if (l->focus == VIEW_LOBBY_USERS)
			screen_lobby_profile(c, l, true);
		else
			screen_lobby_join(c, l, false);
		break;
	case 'n':
		screen_lobby_button(c, l, VIEW_LOBBY_B_NEW);
		break;
	case 'v':
		screen_lobby_button(c, l, VIEW_LOBBY_B_CPU);
		break;
	case 'f':
		l->finding = true;
		l->find[0] = '\0';
		l->focus = VIEW_LOBBY_USERS;
		break;
	case 'c':
		screen_lobby_button(c, l, VIEW_LOBBY_B_CODE);
		break;
	case 'w':
		screen_lobby_button(c, l, VIEW_LOBBY_B_WATCH);
		break;
	case 'p':
		screen_lobby_button(c, l, VIEW_LOBBY_B_PROFILE);
		break;
	case 'l':	/* the leaderboard */
		screen_top_open(c, NULL);
		break;
	case 'a':
		screen_lobby_button(c, l, VIEW_LOBBY_B_ACCOUNT);
		break;
	case 's':
		screen_lobby_button(c, l, VIEW_LOBBY_B_SETTINGS);
		break;
	case 'r':
		screen_rules_open(c, NULL, 1, NULL, NULL);
		break;
	case '?':
	case KEY_F1:
		screen_lobby_button(c, l, VIEW_LOBBY_B_HELP);
		break;
	case 'q':
		screen_lobby_button(c, l, VIEW_LOBBY_B_QUIT);
		break;
	case 'S':
		screen_sysop_open(c);
		break;
	}
}

static void
screen_lobby_free(void *state)
{
	struct screen_lobby	*l = state;

	lineedit_free(l->line);
	free(l->tables);
	free(l);
}

static const struct screen screen_lobby_ops = {
	.name = "lobby",
	.draw = screen_lobby_draw,
	.key = screen_lobby_key,
	.free = screen_lobby_free,
};

void
screen_lobby_select(struct client *c, const char *code)
{
	struct screen_lobby	*l;

	for (int i = 0; i < c->depth; i++) {
		if (c->stack[i].screen != &screen_lobby_ops)
			continue;
		l = c->stack[i].state;
		snprintf(l->table_code, sizeof l->table_code, "%s", code);
		l->focus = VIEW_LOBBY_TABLES;
		return;
	}
}

void
screen_lobby_open(struct client *c)
{
	struct screen_lobby	*l;

	l = calloc(1, sizeof *l);
	if (l == NULL) {
		client_leave(c, "Out of memory: try again later.");
		return;
	}
	l->line = lineedit_create(SCREEN_LOBBY_LINE_CHARS,
	    SCREEN_LOBBY_LINE_BYTES, 0);
	if (l->line == NULL) {
		screen_lobby_free(l);
		client_leave(c, "Out of memory: try again later.");
		return;
	}
	l->focus = VIEW_LOBBY_TABLES;
	l->table_sel = -1;
	l->chat_seen = chat_last_seq(c->hall->chat);
	/* The lobby is the bottom of the stack: whatever was there goes,
	 * and the person is in the lobby, not at a table. */
	hall_table_leave(c);
	client_reset(c, &screen_lobby_ops, l);
	hall_sysop_greet(c);
}
