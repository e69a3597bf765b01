/*
 * test-views.c - the hall's screens (screens/views.h) drawn into grids of
 * 80x24 and 200x60: the text a person needs is there, long or hostile
 * strings stay inside their places, clicks land where things are drawn.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"
#include "tests/unit/grid-text.h"

static const int sizes[][2] = { { 80, 24 }, { 200, 60 } };

/* Row y as UTF-8. */
static const char *
row_text(const struct grid *g, int y, char *buf, size_t len)
{
	return grid_text_row(g, y, buf, len);
}

/* The row from `from` on where text first appears (and its column), or
 * -1. */
static int
find_text_from(const struct grid *g, int from, const char *text, int *col)
{
	char		 buf[8192];
	const char	*p;
	int		 y;

	for (y = from; y < g->sy; y++) {
		row_text(g, y, buf, sizeof buf);
		p = strstr(buf, text);
		if (p != NULL) {
			if (col != NULL)
				*col = utf8_strnwidth(buf, (size_t)(p - buf));
			return y;
		}
	}
	return -1;
}

static int
find_text(const struct grid *g, const char *text, int *col)
{
	return find_text_from(g, 0, text, col);
}

static int
has_text(const struct grid *g, const char *text)
{
	return find_text(g, text, NULL) >= 0;
}

/* Every cell holds something printable (the writer can send it). */
static void
assert_printable(const struct grid *g)
{
	const struct grid_cell	*c;
	int			 x = 0, y;

	for (y = 0; y < g->sy; y++) {
		for (x = 0; x < g->sx; x++) {
			c = grid_get(g, x, y);
			if (c->ch == GRID_PAD)
				continue;
			ck_assert_msg(utf8_width(c->ch) >= 1,
			    "unprintable U+%04X at %d,%d", c->ch, x, y);
		}
	}
}

static void
chrome(struct view_chrome *c, const char *screen)
{
	memset(c, 0, sizeof *c);
	c->hall = "gamehall";
	c->screen = screen;
	c->who = "alice";
	c->online = 3;
	c->hints = "q quit";
}

/* ---- chrome and the small-window note ---------------------------------- */

START_TEST(test_chrome)
{
	struct grid		*g = grid_create(80, 24);
	struct view_chrome	 c;

	chrome(&c, "Lobby");
	view_chrome_draw(g, &c);
	ck_assert_int_eq(find_text(g, "gamehall - Lobby", NULL), 0);
	ck_assert_int_eq(find_text(g, "alice  3 online", NULL), 0);
	ck_assert_int_eq(find_text(g, "q quit", NULL), 23);
	/* A status message replaces the hints. */
	c.status = "no such table ZZ9";
	c.status_error = 1;
	view_chrome_draw(g, &c);
	ck_assert_int_eq(find_text(g, "no such table ZZ9", NULL), 23);
	ck_assert(!has_text(g, "q quit"));
	grid_free(g);
}
END_TEST

START_TEST(test_small)
{
	struct grid	*g;
	char		 all[4096], row[512];
	int		 y;

	g = grid_create(60, 20);
	view_small_draw(g, 60, 20);
	ck_assert(has_text(g,
	    "make the window larger (80x24 at least; now 60x20)"));
	grid_free(g);

	/* Tiny: wrapped, every word still there, in order. */
	g = grid_create(12, 8);
	view_small_draw(g, 12, 8);
	all[0] = '\0';
	for (y = 0; y < g->sy; y++) {
		row_text(g, y, row, sizeof row);
		/* Join the rows with single spaces, as the wrap broke them. */
		char *p = row + strspn(row, " ");
		size_t n = strlen(p);
		while (n > 0 && p[n - 1] == ' ')
			p[--n] = '\0';
		if (n == 0)
			continue;
		if (all[0] != '\0')
			strcat(all, " ");
		strcat(all, p);
	}
	ck_assert_str_eq(all,
	    "make the window larger (80x24 at least; now 12x8)");
	grid_free(g);

	/* One cell: nothing breaks. */
	g = grid_create(1, 1);
	view_small_draw(g, 0, 0);
	grid_free(g);
}
END_TEST

/* ---- text helpers -------------------------------------------------------- */

START_TEST(test_text_line)
{
	const char	*s = "the quick brown fox";
	size_t		 next, n;

	n = view_text_line(s, strlen(s), 10, &next);
	ck_assert_int_eq((int)n, 9);		/* "the quick" */
	ck_assert_int_eq((int)next, 10);	/* "brown fox" */
	n = view_text_line(s + next, strlen(s) - next, 10, &next);
	ck_assert_int_eq((int)n, 9);
	ck_assert_int_eq(view_text_rows(s, 10), 2);
	ck_assert_int_eq(view_text_rows(s, 100), 1);
	/* A word longer than the line is broken inside. */
	ck_assert_int_eq(view_text_rows("abcdefghijklmnopqrstuvwxyz", 10), 3);
	/* Wide characters count two columns: 6 of them in 5 columns. */
	ck_assert_int_eq(view_text_rows("\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5"
	    "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5", 5), 3);
	/* A newline breaks. */
	ck_assert_int_eq(view_text_rows("a\nb", 10), 2);
	/* Too narrow for a wide character: still progresses. */
	ck_assert_int_eq(view_text_rows("\xe6\x97\xa5\xe6\x97\xa5", 1), 2);
}
END_TEST

START_TEST(test_text_fit)
{
	struct grid		*g = grid_create(20, 2);
	struct grid_style	 st = GRID_STYLE_DEFAULT;
	char			 row[256];

	ck_assert_int_eq(view_text_fit(g, 0, 0, 8, &st, "abcdefghijkl"), 8);
	row_text(g, 0, row, sizeof row);
	ck_assert(strncmp(row, "abcdefg\xe2\x80\xa6 ", 11) == 0);
	ck_assert_int_eq(view_text_fit(g, 0, 1, 8, &st, "short"), 5);
	grid_free(g);
}
END_TEST

/* ---- welcome ----------------------------------------------------------- */

START_TEST(test_welcome)
{
	struct view_welcome	 v;
	struct view_hits	 hits;
	const struct view_hit	*hit;
	struct grid		*g;
	int			 i, y, x = 0;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Welcome");
		v.tagline = "gomoku and friends";
		v.passwords_ok = 1;
		v.selected = VIEW_WELCOME_GUEST;
		v.guest_name = "guest-7f3a";
		view_welcome_draw(g, &v, &hits);
		ck_assert(has_text(g, "Welcome to gamehall"));
		ck_assert(has_text(g, "gomoku and friends"));
		ck_assert(has_text(g, "Log in"));
		ck_assert(has_text(g, "Register a name"));
		ck_assert(has_text(g, "Play as a guest (guest-7f3a)"));
		ck_assert(has_text(g, "Quit"));
		ck_assert(!has_text(g, "clear text"));
		assert_printable(g);

		/* A click on the Register line is that button. */
		y = find_text(g, "Register a name", &x);
		hit = view_hits_find(&hits, x + 2, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_BUTTON);
		ck_assert_int_eq(hit->index, VIEW_WELCOME_REGISTER);
		ck_assert_ptr_null(view_hits_find(&hits, 0, 0));

		/* Telnet without passwords: the warning says so. */
		v.cleartext = 1;
		v.passwords_ok = 0;
		view_welcome_draw(g, &v, &hits);
		ck_assert(has_text(g, "Telnet is clear text"));
		ck_assert(has_text(g, "takes no"));
		grid_free(g);
	}
}
END_TEST

/* ---- forms ------------------------------------------------------------------ */

START_TEST(test_form)
{
	struct view_form	 v;
	struct view_hits	 hits;
	const struct view_hit	*hit;
	struct grid		*g;
	int			 i, y, x = 0, fy, fx;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		ck_assert_int_ge(view_form_field_width(g->sx), 16);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Register");
		v.title = "Register a name";
		v.lines[0] = "Two to sixteen letters.";
		v.nfields = 3;
		v.field[0].label = "Name";
		v.field[0].text = "alice";
		v.field[0].cursor = 5;
		v.field[1].label = "Password";
		v.field[1].hidden = 1;
		v.field[2].label = "Password again";
		v.field[2].hidden = 1;
		v.nbuttons = 2;
		v.button[0] = "Register";
		v.button[1] = "Cancel";
		v.focus = 0;
		v.message = "That name cannot be used: a name may not contain "
		    "spaces.";
		v.message_error = 1;
		view_form_draw(g, &v, &hits);
		ck_assert(has_text(g, "Register a name"));
		ck_assert(has_text(g, "Two to sixteen letters."));
		ck_assert(has_text(g, "Name:"));
		ck_assert(has_text(g, "Password again:"));
		ck_assert(has_text(g, "(not shown)"));
		ck_assert(has_text(g, "[ Register ]"));
		ck_assert(has_text(g, "[ Cancel ]"));
		ck_assert(has_text(g, "may not contain"));
		assert_printable(g);

		/* The cursor stands after "alice" in the name field. */
		fy = find_text_from(g, 1, "alice", &fx);
		ck_assert_int_ge(fy, 0);
		ck_assert_int_eq(g->cursor_visible, 1);
		ck_assert_int_eq(g->cy, fy);
		ck_assert_int_eq(g->cx, fx + 5);

		/* Clicks: a field, a button. */
		y = find_text(g, "Password again:", &x);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_FIELD);
		ck_assert_int_eq(hit->index, 2);
		y = find_text(g, "[ Cancel ]", &x);
		hit = view_hits_find(&hits, x + 3, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_BUTTON);
		ck_assert_int_eq(hit->index, 1);

		/* Busy: no cursor, a note. */
		v.busy = 1;
		view_form_draw(g, &v, &hits);
		ck_assert(has_text(g, "Checking"));
		ck_assert_int_eq(g->cursor_visible, 0);
		grid_free(g);
	}
}
END_TEST

/* ---- lobby ------------------------------------------------------------- */

static struct view_user lobby_users[] = {
	{ "alice", 0, "1523", 1, 1 },
	{ "bob", 0, NULL, 0, 1 },
	{ "guest-7f3a", 1, NULL, 0, 2 },
	{ "a-very-long-name", 0, "1500?", 0, 1 },
};

static struct view_table_row lobby_tables[] = {
	{ "K7QX2", "renju", "15x15", 2, 1, "alice", 3, "30s", 1, 0, 0, NULL },
	{ "M3PD9", "yonin", "pairs", 4, 4, "bob, carol, dave, erin", 0, NULL,
	    0, 1, 0, "a guest plays" },
};

static void
lobby_fill(struct view_lobby *v, struct view_chat_line *chat, int nchat)
{
	memset(v, 0, sizeof *v);
	chrome(&v->chrome, "Lobby");
	v->focus = VIEW_LOBBY_TABLES;
	v->tables = lobby_tables;
	v->ntables = 2;
	v->table_sel = 1;
	v->users = lobby_users;
	v->nusers = 4;
	v->user_sel = 0;
	v->chat = chat;
	v->nchat = nchat;
	v->input = "typing";
	v->input_cursor = 6;
}

START_TEST(test_lobby)
{
	struct view_chat_line	 chat[3] = {
		{ "12:00", NULL, "alice is here.", 0, 0 },
		{ "12:01", "bob", "hello all", 0, 0 },
		{ "12:02", "guest-7f3a", "hi bob", 1, 0 },
	};
	struct view_lobby	 v;
	struct view_hits	 hits;
	const struct view_hit	*hit;
	struct grid		*g;
	int			 i, y, x = 0, ox;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		lobby_fill(&v, chat, 3);
		view_lobby_draw(g, &v, &hits);
		ck_assert(has_text(g, "Tables (2)"));
		ck_assert(has_text(g, "Online (4)"));
		ck_assert(has_text(g, "K7QX2"));
		ck_assert(has_text(g, "renju"));
		ck_assert(has_text(g, "1/2"));
		ck_assert(has_text(g, "30s"));
		ck_assert(has_text(g, "private"));
		ck_assert(has_text(g, "1523"));
		ck_assert(has_text(g, "guest"));
		ck_assert(has_text(g, "12:01 bob: hello all"));
		ck_assert(has_text(g, "guest-7f3a: hi bob"));
		ck_assert(has_text(g, "* alice is here."));
		ck_assert(has_text(g, "Say:"));
		ck_assert(has_text(g, "quit"));
		/* The selected table in full: watchers and rated. */
		ck_assert(has_text(g, "M3PD9: yonin pairs; 4/4 bob, carol, "));
		if (g->sx >= 200) {
			ck_assert(has_text(g, "M3PD9: yonin pairs; 4/4 bob, "
			    "carol, dave, erin; timer none; unrated (a guest "
			    "plays); private; 0 watching"));
			ck_assert(has_text(g, "Options"));
			ck_assert(has_text(g, "Watch"));
		}
		assert_printable(g);

		/* The online pane is right of the separator, and a long name
		 * does not run into its rating. */
		y = find_text(g, "Online (4)", &ox);
		ck_assert_int_eq(y, 1);
		y = find_text(g, "1500?", &x);
		ck_assert_int_ge(y, 0);
		ck_assert_int_gt(x, ox - 2);
		y = find_text(g, "a-very-long", &x);
		ck_assert_int_ge(x, ox - 2);

		/* Clicks: a table row, a user, the chat, a button. */
		y = find_text(g, "K7QX2", &x);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_TABLE);
		ck_assert_int_eq(hit->index, 0);
		y = find_text(g, "bob", &x);
		y = find_text(g, "guest-7f3a", &x);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_USER);
		ck_assert_int_eq(hit->index, 2);
		y = find_text(g, "hello all", &x);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_CHAT);
		y = find_text(g, "settings", &x);
		ck_assert_int_eq(y, g->sy - 2);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_BUTTON);
		ck_assert_int_eq(hit->index, VIEW_LOBBY_B_SETTINGS);

		/* Typing in the chat: the cursor is on the input line. */
		v.focus = VIEW_LOBBY_CHAT;
		view_lobby_draw(g, &v, &hits);
		y = find_text(g, "typing", &x);
		ck_assert_int_eq(g->cursor_visible, 1);
		ck_assert_int_eq(g->cy, y);
		ck_assert_int_eq(g->cx, x + 6);
		grid_free(g);
	}
}
END_TEST

/* One's own tables are listed as such (even private ones). */
START_TEST(test_lobby_yours)
{
	struct view_table_row	 rows[2];
	struct view_lobby	 v;
	struct grid		*g;
	char			 buf[512];
	int			 i, y;

	memcpy(rows, lobby_tables, sizeof rows);
	rows[1].mine = 1;
	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		lobby_fill(&v, NULL, 0);
		v.tables = rows;
		v.table_sel = 0;
		view_lobby_draw(g, &v, NULL);
		y = find_text(g, "M3PD9", NULL);
		ck_assert_int_ge(y, 0);
		row_text(g, y, buf, sizeof buf);
		ck_assert_msg(strstr(buf, "yours") != NULL, "row: %s", buf);
		ck_assert(strstr(buf, "private") == NULL);
		y = find_text(g, "K7QX2", NULL);
		row_text(g, y, buf, sizeof buf);
		ck_assert(strstr(buf, "yours") == NULL);
		ck_assert(strstr(buf, "open") != NULL);
		/* Selected, the detail row says it too (where it fits). */
		v.table_sel = 1;
		view_lobby_draw(g, &v, NULL);
		if (g->sx >= 200)
			ck_assert(has_text(g, "private, yours; 0 watching"));
		grid_free(g);
	}
}
END_TEST

START_TEST(test_lobby_empty)
{
	struct view_lobby	 v;
	struct grid		*g = grid_create(80, 24);

	lobby_fill(&v, NULL, 0);
	v.input = NULL;
	v.ntables = 0;
	v.table_sel = -1;
	view_lobby_draw(g, &v, NULL);
	ck_assert(has_text(g, "Tables (0)"));
	ck_assert(has_text(g, "No tables are open."));
	ck_assert(has_text(g, "Nobody has said anything yet."));
	ck_assert(has_text(g, "(press Tab or t to chat)"));
	grid_free(g);
}
END_TEST

/* Many and long messages: the newest at the bottom of the chat pane, long
 * ones wrapped inside it, scrolling back shows older ones. */
START_TEST(test_lobby_chat)
{
	struct view_chat_line	 chat[40];
	char			 text[40][160], row[512];
	struct view_lobby	 v;
	struct grid		*g;
	int			 i, s, y, top, bottom, rows;

	for (i = 0; i < 40; i++) {
		snprintf(text[i], sizeof text[i], "message %02d", i);
		chat[i].time = "12:00";
		chat[i].from = "bob";
		chat[i].text = text[i];
		chat[i].guest = 0;
		chat[i].you = 0;
	}
	/* The newest is long: it wraps. */
	snprintf(text[39], sizeof text[39], "message 39 %s", "lorem ipsum "
	    "dolor sit amet consectetur adipiscing elit sed do eiusmod "
	    "tempor incididunt ut labore et dolore magna aliqua END");
	for (s = 0; s < 2; s++) {
		g = grid_create(sizes[s][0], sizes[s][1]);
		lobby_fill(&v, chat, 40);
		view_lobby_draw(g, &v, NULL);
		rows = view_lobby_chat_rows(g->sx, g->sy);
		bottom = g->sy - 4;		/* the last chat row */
		top = bottom - rows + 1;
		/* "END" on the last chat row; the message before above. */
		y = find_text(g, "END", NULL);
		ck_assert_int_eq(y, g->sx >= 200 ? bottom : bottom);
		ck_assert_int_lt(find_text(g, "message 38", NULL),
		    find_text(g, "message 39", NULL));
		/* Nothing of the chat above its pane. */
		for (i = 0; i < 40; i++) {
			y = find_text(g, text[i], NULL);
			if (y >= 0)
				ck_assert_int_ge(y, top);
		}
		ck_assert_int_lt(find_text(g, "message 00", NULL), 0);
		for (y = top; y <= bottom; y++)
			ck_assert(strlen(row_text(g, y, row, sizeof row)) > 0);

		/* Scrolled back 30: message 09 is the newest shown. */
		v.chat_back = 30;
		view_lobby_draw(g, &v, NULL);
		ck_assert_int_eq(find_text(g, "message 09", NULL), bottom);
		ck_assert_int_lt(find_text(g, "message 10", NULL), 0);
		ck_assert(has_text(g, "30 older shown back"));
		grid_free(g);
	}
}
END_TEST

/* Two grids show the same: every cell, and the cursor. */
static void
assert_same_grid(const struct grid *a, const struct grid *b, const char *what)
{
	ck_assert_int_eq(a->sx, b->sx);
	ck_assert_int_eq(a->sy, b->sy);
	for (int y = 0; y < a->sy; y++)
		for (int x = 0; x < a->sx; x++)
			ck_assert_msg(grid_cell_equal(a, grid_get(a, x, y), b,
			    grid_get(b, x, y)), "%s: cell %d,%d differs", what,
			    x, y);
	ck_assert_int_eq(a->cursor_visible, b->cursor_visible);
	if (a->cursor_visible) {
		ck_assert_int_eq(a->cx, b->cx);
		ck_assert_int_eq(a->cy, b->cy);
	}
}

/*
 * A crowd's lobby: the shared half drawn from anyone's view, with a
 * viewer's own half over a copy of it, is that viewer's whole frame
 * (views.h: view_lobby_draw_shared), whatever his focus, selections,
 * marks, scrolling, search, input and status were.
 */
START_TEST(test_lobby_shared)
{
	struct view_chat_line	 chat[3] = {
		{ "12:00", NULL, "alice is here.", 0, 0 },
		{ "12:01", "bob", "hello all", 0, 0 },
		{ "12:02", "guest-7f3a", "hi bob", 1, 0 },
	};
	struct view_chat_line	 mine[3];
	struct view_user	 nobody[4];
	struct view_lobby	 other, v;
	struct view_hits	 hits, hits2, buttons;
	struct grid		*whole, *shared, *g;
	int			 i, k;

	memcpy(mine, chat, sizeof mine);
	mine[1].you = 1;		/* bob looks */
	memcpy(nobody, lobby_users, sizeof nobody);
	for (i = 0; i < 4; i++)
		nobody[i].you = 0;
	for (i = 0; i < 2; i++) {
		whole = grid_create(sizes[i][0], sizes[i][1]);
		shared = grid_create(sizes[i][0], sizes[i][1]);
		g = grid_create(sizes[i][0], sizes[i][1]);
		/* The shared half from someone else's view. */
		lobby_fill(&other, chat, 3);
		other.users = nobody;
		other.focus = VIEW_LOBBY_CHAT;
		other.table_sel = -1;
		other.user_sel = 3;
		other.find = "zz";
		other.chat_back = 2;
		other.input = "someone else's words";
		other.chrome.who = "carol";
		other.chrome.status = "carol's news";
		view_lobby_draw_shared(shared, &other, &buttons);
		for (k = 0; k < 6; k++) {
			lobby_fill(&v, chat, 3);
			switch (k) {
			case 1:
				v.focus = VIEW_LOBBY_USERS;
				v.user_sel = 2;
				v.find = "gu";
				v.chrome.status = "Table K7QX2 is open.";
				break;
			case 2:
				v.focus = VIEW_LOBBY_CHAT;
				v.chat = mine;
				v.input_note = "slow down: wait 2 s";
				break;
			case 3:
				v.chat_back = 1;
				v.table_sel = 0;
				v.user_sel = 1;
				break;
			case 4:
				v.chat_own = 1;	/* he ignores someone */
				v.nchat = 2;
				v.chrome.who = "bob";
				break;
			case 5:		/* as he comes in: the least his own */
				v.users = nobody;
				v.table_sel = v.user_sel = -1;
				v.input = NULL;
				break;
			}
			view_lobby_draw(whole, &v, &hits);
			ck_assert_int_eq(grid_copy(g, shared), 0);
			view_lobby_draw_own(g, &v, &buttons, &hits2);
			assert_same_grid(whole, g, "shared + own");
			ck_assert_int_eq(hits.n, hits2.n);
			ck_assert_mem_eq(hits.hit, hits2.hit, (size_t)hits.n *
			    sizeof hits.hit[0]);
		}
		/* And the shared half is nobody's: no name, no selection. */
		ck_assert(!has_text(shared, "Say: typing"));
		ck_assert(!has_text(shared, "M3PD9: yonin"));
		grid_free(whole);
		grid_free(shared);
		grid_free(g);
	}
}
END_TEST

/* A crowd: the heading says which page of the online list is shown. */
START_TEST(test_lobby_page)
{
	struct view_lobby	 v;
	struct view_user	 page[64];
	struct grid		*g = grid_create(80, 24);
	int			 rows = view_lobby_user_rows(80, 24);

	ck_assert_int_le(rows, 64);
	for (int i = 0; i < 64; i++)
		page[i] = lobby_users[i % 4];
	lobby_fill(&v, NULL, 0);
	v.nusers = 4;
	view_lobby_draw(g, &v, NULL);
	ck_assert(has_text(g, "Online (4) "));	/* one page: no number */
	ck_assert(!has_text(g, "Online (4) p"));
	v.users = page;
	v.nusers = 2000;
	v.user_top = 2 * rows;
	v.user_sel = 2 * rows;
	view_lobby_draw(g, &v, NULL);
	ck_assert(has_text(g, "Online (2000) p3"));
	grid_free(g);
}
END_TEST

/* ---- account, profile, settings, help -------------------------------------- */

START_TEST(test_account)
{
	struct view_key_row	 keys[2] = {
		{ "SHA256:AAAAC3NzaC1lZDI1NTE5AAAAIB8ZHt3wXp1EtvN0Zt",
		    "ssh-ed25519", "2026-11-29", 0 },
		{ "SHA256:zzzzC3NzaC1lZDI1NTE5AAAAIB8ZHt3wXp1EtvN0Zt",
		    "ssh-ed25519", "2026-11-30", 1 },
	};
	struct view_account	 v;
	struct view_hits	 hits;
	const struct view_hit	*hit;
	struct grid		*g;
	int			 i, x = 0, y;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Account");
		v.name = "alice";
		v.has_password = 1;
		v.keys = keys;
		v.nkeys = 2;
		v.key_sel = 0;
		v.conn_key = VIEW_CONN_KEY_NEW;
		v.conn_fingerprint = "SHA256:newkeynewkey";
		view_account_draw(g, &v, &hits);
		ck_assert(has_text(g, "Account: alice"));
		ck_assert(has_text(g, "SSH keys (2)"));
		ck_assert(has_text(g, keys[0].fingerprint));
		ck_assert(has_text(g, keys[1].fingerprint));
		ck_assert(has_text(g, "2026-11-30"));
		ck_assert(has_text(g, "SHA256:newkeynewkey"));
		ck_assert(has_text(g, "Press k to register it"));
		ck_assert(has_text(g, "change password"));
		assert_printable(g);
		y = find_text(g, keys[1].fingerprint, &x);
		hit = view_hits_find(&hits, x, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_KEY);
		ck_assert_int_eq(hit->index, 1);

		v.confirm = 1;
		view_account_draw(g, &v, &hits);
		ck_assert(has_text(g, "Remove the key"));
		ck_assert(has_text(g, "n to keep it."));
		v.confirm = 0;
		v.conn_key = VIEW_CONN_KEY_YOURS;
		view_account_draw(g, &v, &hits);
		ck_assert(!has_text(g, "Press k"));
		ck_assert(has_text(g, "is registered to you"));
		grid_free(g);
	}
}
END_TEST

START_TEST(test_profile)
{
	struct view_rating_row	 r[1] = {
		{ "gomoku", "1562", "85", 10, 6, 3, 1 },
	};
	struct view_game_row	 gm[2] = {
		{ "2026-11-28", "gomoku", "bob", "won", "+14" },
		{ "2026-11-27", "yonin", "bob, CPU, carol", "2nd", NULL },
	};
	struct view_profile	 v;
	struct grid		*g;
	int			 i;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Profile");
		v.name = "alice";
		v.ratings = r;
		v.nratings = 1;
		v.games = gm;
		v.ngames = 2;
		view_profile_draw(g, &v, NULL);
		ck_assert(has_text(g, "Ratings"));
		ck_assert(has_text(g, "1562"));
		ck_assert(has_text(g, "6/3/1"));
		ck_assert(has_text(g, "Recent games"));
		ck_assert(has_text(g, "2026-11-28"));
		ck_assert(has_text(g, "+14"));
		ck_assert(has_text(g, "bob, CPU, carol"));
		ck_assert(has_text(g, "2nd"));
		assert_printable(g);

		v.guest = 1;
		view_profile_draw(g, &v, NULL);
		ck_assert(has_text(g, "alice (guest)"));
		ck_assert(has_text(g, "Guests play unrated games"));
		ck_assert(!has_text(g, "Recent games"));
		grid_free(g);
	}
}
END_TEST

START_TEST(test_settings)
{
	struct view_settings	 v;
	struct view_hits	 hits;
	const struct view_hit	*hit;
	struct grid		*g;
	int			 i, x = 0, y;

	for (i = 0; i < 2; i++) {
		g = grid_create(sizes[i][0], sizes[i][1]);
		memset(&v, 0, sizeof v);
		chrome(&v.chrome, "Settings");
		v.choice[VIEW_SETTING_CHARSET] = 1;
		v.choice[VIEW_SETTING_COLOURS] = 2;
		v.detected[VIEW_SETTING_COLOURS] = 0;
		v.detected[VIEW_SETTING_CHARSET] = 0;
		v.term = "xterm-256color";
		view_settings_draw(g, &v, &hits);
		ck_assert(has_text(g, "TERM=xterm-256color"));
		ck_assert(has_text(g, "( ) UTF-8"));
		ck_assert(has_text(g, "(*) ASCII"));
		ck_assert(has_text(g, "(*) none"));
		ck_assert(has_text(g, "detected: 256"));
		ck_assert(has_text(g, "Preview"));
		y = find_text(g, "( ) 16", &x);
		hit = view_hits_find(&hits, x + 1, y);
		ck_assert_ptr_nonnull(hit);
		ck_assert_int_eq(hit->id, VIEW_HIT_OPTION);
		ck_assert_int_eq(hit->index, VIEW_SETTING_COLOURS * 16 + 1);
		grid_free(g);
	}
}
END_TEST

START_TEST(test_help)
{
	struct view_help	 v;
	struct grid		*g;

	/* Tall enough for every line at once (the screen scrolls). */
	g = grid_create(200, 100);
	memset(&v, 0, sizeof v);
	chrome(&v.chrome, "Help");
	view_help_draw(g, &v, NULL);
	/* The keys the issue names are all listed. */
	ck_assert(has_text(g, "Ctrl-L"));
	ck_assert(has_text(g, "PgUp PgDn"));
	ck_assert(has_text(g, "Home End"));
	ck_assert(has_text(g, "Tab / Shift-Tab"));
	ck_assert(has_text(g, "Backspace"));
	ck_assert(has_text(g, "Mouse"));
	ck_assert(has_text(g, "j k"));
	ck_assert(has_text(g, "register the key of this connection"));
	/* ... and the table screen's. */
	ck_assert(has_text(g, "place a stone"));
	ck_assert(has_text(g, "resign (asks first)"));
	ck_assert(has_text(g, "agree to a rematch"));
	/* Draw offers and requests to take back are answered alike. */
	ck_assert(has_text(g, "answer a draw offer or a request to take back"));
	ck_assert(!has_text(g, "decline it"));
	ck_assert(has_text(g, "(asks first in your game)"));
	grid_free(g);

	/* At 80x24 it scrolls: the last lines appear further down. */
	g = grid_create(80, 24);
	view_help_draw(g, &v, NULL);
	ck_assert(has_text(g, "more lines"));
	ck_assert(!has_text(g, "join CODE"));
	v.top = view_help_lines() - view_help_rows(24);
	view_help_draw(g, &v, NULL);
	ck_assert(has_text(g, "join CODE"));
	ck_assert(!has_text(g, "more lines"));
	grid_free(g);
}
END_TEST

/* Hostile strings arrive cleaned, but a view must still keep whatever it
 * is given inside its place. */
START_TEST(test_hostile)
{
	struct view_chat_line	 chat[1] = {
		{ "12:00", "mallory", "\x1b]0;pwn\x07\x1b[2J\xc2\x9b" "31m"
		    "\xe2\x80\xae" "gnp.exe", 0, 0 },
	};
	struct view_lobby	 v;
	struct grid		*g = grid_create(80, 24);

	lobby_fill(&v, chat, 1);
	view_lobby_draw(g, &v, NULL);
	assert_printable(g);
	ck_assert(has_text(g, "mallory: ]0;pwn[2J31m"));
	grid_free(g);
}
END_TEST

static Suite *
views_suite(void)
{
	Suite	*s = suite_create("views");
	TCase	*tc = tcase_create("views");

	tcase_add_test(tc, test_chrome);
	tcase_add_test(tc, test_small);
	tcase_add_test(tc, test_text_line);
	tcase_add_test(tc, test_text_fit);
	tcase_add_test(tc, test_welcome);
	tcase_add_test(tc, test_form);
	tcase_add_test(tc, test_lobby);
	tcase_add_test(tc, test_lobby_yours);
	tcase_add_test(tc, test_lobby_empty);
	tcase_add_test(tc, test_lobby_chat);
	tcase_add_test(tc, test_lobby_shared);
	tcase_add_test(tc, test_lobby_page);
	tcase_add_test(tc, test_account);
	tcase_add_test(tc, test_profile);
	tcase_add_test(tc, test_settings);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_hostile);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(views_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
