/*
 * view-rules.c - a rules page, laid out and drawn.
 *
 *   row 0        title bar
 *   row 1        Gomoku - five in a row ...          (12 more lines: PgDn)
 *   rows 2..     This table ...  /  the page  /  Keys at this table
 *   row sy-2     buttons
 *   last row     status line
 *
 * One walk over the page (view_rules_walk) both counts the rows and draws
 * the ones in view, so what is scrolled is exactly what is drawn.  Every
 * row is wrapped to the width in terminal cells (screens/utf8), never cut.
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/utf8.h"
#include "screens/view-rules.h"
#include "screens/views.h"

#define VIEW_RULES_X 2		/* the text's left margin */
#define VIEW_RULES_KEYW 22	/* the key column of the key list */

struct view_rules_walk {
	struct grid		*g;	/* NULL: only count */
	const struct view_rules	*v;
	int			 w;	/* the text's width */
	int			 row;	/* rows so far */
	int			 top, rows;	/* the rows in view */
	int			 headed;	/* the last row was a heading */
	const struct lang	*lang;	/* the reader's */
};

/* A text of the page in the reader's language. */
static const char *
view_rules_tr(struct view_rules_walk *wk, const char *s)
{
	return lang_text(wk->lang, s);
}

/*
 * A marked line of the page ("#Heading", "- bullet", "?Question") in the
 * reader's language, without its mark: the source's mark says what the
 * line is, and a translation that dropped the mark is still shown.
 */
static const char *
view_rules_line(struct view_rules_walk *wk, const char *s)
{
	const char	*t = view_rules_tr(wk, s);

	if (t[0] != s[0])
		return t;
	t++;
	if (s[0] == '-' && t[0] == ' ')
		t++;
	return t;
}

/* One row of text at column x of the text (0 = the margin). */
static void
view_rules_emit(struct view_rules_walk *wk, int x, enum view_role role,
    const char *s, size_t len)
{
	struct grid_style	 st = view_style(role);
	int			 y = wk->row - wk->top;

	if (wk->g != NULL && y >= 0 && y < wk->rows) {
		/* No limit but the grid's edge: a row too long for the
		 * width would show, not be hidden (the tests look). */
		grid_putn(wk->g, VIEW_RULES_X + x, 2 + y, wk->g->sx, &st, s,
		    len);
	}
	wk->row++;
	wk->headed = role == VIEW_HEADING;
}

/* A blank row between parts: not at the top, not under a heading. */
static void
view_rules_blank(struct view_rules_walk *wk)
{
	if (wk->row > 0 && !wk->headed)
		wk->row++;
}

/* s wrapped into the text's width from column x, the first row from
 * column x0 (a bullet's marker sits before it). */
static void
view_rules_wrap(struct view_rules_walk *wk, int x0, int x, enum view_role role,
    const char *s)
{
	size_t	 len = strlen(s), pos = 0, next, n;
	int	 at = x0;

	do {
		n = view_text_line(s + pos, len - pos, wk->w - at, &next);
		view_rules_emit(wk, at, role, s + pos, n);
		pos += next;
		at = x;
	} while (pos < len);
}

static void
view_rules_heading(struct view_rules_walk *wk, const char *s)
{
	view_rules_blank(wk);
	view_rules_wrap(wk, 0, 0, VIEW_HEADING, s);
}

/* "- text": the marker, then the text hanging after it. */
static void
view_rules_bullet(struct view_rules_walk *wk, int x, const char *s)
{
	struct grid_style	 st = view_style(VIEW_DIM);
	int			 y = wk->row - wk->top;

	if (wk->g != NULL && y >= 0 && y < wk->rows)
		grid_put(wk->g, VIEW_RULES_X + x, 2 + y, &st, "-");
	view_rules_wrap(wk, x + 2, x + 2, VIEW_NORMAL, s);
}

/* A value's meaning without the value itself in front ("off: Black may
 * play anywhere" says "off" for the "This table" lines). */
static const char *
view_rules_meaning(const char *value, const char *meaning)
{
	size_t	 n = strlen(value);

	if (strncmp(meaning, value, n) == 0 && meaning[n] == ':' &&
	    meaning[n + 1] == ' ')
		return meaning + n + 2;
	return meaning;
}

/* Every option the table may change: the variant's, then every table's. */
static void
view_rules_options(struct view_rules_walk *wk)
{
	const struct rules_page		*p = wk->v->page;
	const struct rules_option	*common, *o;
	char				 text[256];
	int				 n;

	common = rules_table_options(&n);
	for (int i = 0; i < p->noptions + n; i++) {
		size_t at;

		o = i < p->noptions ? &p->options[i] :
		    &common[i - p->noptions];
		/* The computer's level is the practice form's, not a
		 * table's option. */
		if (strcmp(o->key, "level") == 0)
			continue;
		at = (size_t)snprintf(text, sizeof text, "%s (%s=",
		    view_rules_tr(wk, o->label), o->key);
		for (int k = 0; k < RULES_OPTION_VALUES && o->value[k] != NULL &&
		    at < sizeof text; k++) {
			/* "0" and "none" say the same for the timer. */
			if (strcmp(o->key, "timer") == 0 &&
			    strcmp(o->value[k], "0") == 0)
				continue;
			at += (size_t)snprintf(text + at, sizeof text - at,
			    "%s%s", k > 0 ? "|" : "", o->value[k]);
		}
		if (at < sizeof text)
			snprintf(text + at, sizeof text - at, ")");
		view_rules_wrap(wk, 0, 2, VIEW_KEY, text);
		view_rules_wrap(wk, 2, 2, VIEW_NORMAL,
		    view_rules_tr(wk, o->about));
		for (int k = 0; k < RULES_OPTION_VALUES && o->value[k] != NULL;
		    k++) {
			if (strcmp(o->key, "timer") == 0 &&
			    strcmp(o->value[k], "0") == 0)
				continue;
			snprintf(text, sizeof text, "%s%s: %s", o->value[k],
			    k == 0 ? lang_text(wk->lang, " (default)") : "",
			    view_rules_meaning(o->value[k],
			    view_rules_tr(wk, o->meaning[k])));
			view_rules_bullet(wk, 2, text);
		}
	}
}

/* "KEYS\tWHAT" as the key list shows them. */
static void
view_rules_key(struct view_rules_walk *wk, const char *line)
{
	const char	*tab;
	int		 kw = wk->w >= 60 ? VIEW_RULES_KEYW : wk->w / 3;

	if (line[0] == '#')
		return;
	line = view_rules_tr(wk, line);	/* view-help.c's, in the language */
	tab = strchr(line, '\t');
	if (tab == NULL) {
		view_rules_wrap(wk, 2, 2, VIEW_NORMAL, line);
		return;
	}
	if (tab > line) {
		struct grid_style	 st = view_style(VIEW_KEY);
		int			 y = wk->row - wk->top;

		if (wk->g != NULL && y >= 0 && y < wk->rows)
			grid_putn(wk->g, VIEW_RULES_X + 2, 2 + y, kw - 3, &st,
			    line, (size_t)(tab - line));
	}
	view_rules_wrap(wk, kw, kw, VIEW_NORMAL, tab + 1);
}

/* The whole page, top to bottom. */
static void
view_rules_walk(struct view_rules_walk *wk)
{
	const struct view_rules	*v = wk->v;
	const char *const	*line;

	wk->row = 0;
	if (v->page == NULL)
		return;
	view_rules_wrap(wk, 0, 0, VIEW_DIM, view_rules_tr(wk, v->page->brief));
	if (v->lesson)
		view_rules_wrap(wk, 0, 0, VIEW_KEY, lang_text(wk->lang,
		    "L: the three-minute lesson on the board - play the moves "
		    "as told"));
	if (v->drills)
		view_rules_wrap(wk, 0, 0, VIEW_KEY, lang_text(wk->lang,
		    "D: drills - find the winning move"));
	if (v->nsettings > 0) {
		view_rules_heading(wk, v->settings_head != NULL ?
		    v->settings_head : lang_text(wk->lang, "This table"));
		for (int i = 0; i < v->nsettings; i++)
			view_rules_bullet(wk, 0, v->settings[i]);
	}
	for (line = v->page->text; *line != NULL; line++) {
		const char *s = *line, *tab;

		switch (s[0]) {
		case '#':
			view_rules_heading(wk, view_rules_line(wk, s));
			break;
		case '-':
			view_rules_bullet(wk, 0, view_rules_line(wk, s));
			break;
		case '?':
			view_rules_blank(wk);
			view_rules_wrap(wk, 0, 0, VIEW_KEY,
			    view_rules_line(wk, s));
			if (line[1] != NULL) {
				line++;
				view_rules_wrap(wk, 2, 2, VIEW_NORMAL,
				    view_rules_tr(wk, *line));
			}
			break;
		case '=':
			s = view_rules_line(wk, s);	/* "Term\tmeaning" */
			tab = strchr(s, '\t');
			if (tab == NULL) {
				view_rules_wrap(wk, 0, 0, VIEW_KEY, s);
				break;
			}
			{
				char term[64];

				snprintf(term, sizeof term, "%.*s",
				    (int)(tab - s), s);
				view_rules_wrap(wk, 0, 2, VIEW_KEY, term);
			}
			view_rules_wrap(wk, 2, 2, VIEW_NORMAL, tab + 1);
			break;
		case '@':
			if (strcmp(s, "@options") == 0)
				view_rules_options(wk);
			break;
		default:
			view_rules_wrap(wk, 0, 0, VIEW_NORMAL,
			    view_rules_tr(wk, s));
			break;
		}
	}
	if (v->nkeys > 0) {
		view_rules_heading(wk, v->keys_head != NULL ? v->keys_head :
		    lang_text(wk->lang, "Keys"));
		for (int i = 0; i < v->nkeys; i++)
			view_rules_key(wk, v->keys[i]);
	}
}

static int
view_rules_width(int sx)
{
	int	 w = sx - 2 * VIEW_RULES_X;

	return w < 10 ? 10 : w;
}

int
view_rules_lines(const struct view_rules *v, int sx)
{
	struct view_rules_walk	 wk;

	memset(&wk, 0, sizeof wk);
	wk.v = v;
	wk.lang = v->chrome.lang;
	wk.w = view_rules_width(sx);
	view_rules_walk(&wk);
	return wk.row;
}

int
view_rules_rows(int sy)
{
	int	 rows = sy - 4;		/* title, heading, buttons, status */

	return rows < 1 ? 1 : rows;
}

void
view_rules_draw(struct grid *g, const struct view_rules *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	struct view_button	 buttons[VIEW_RULES_NBUTTONS] = {
		{ "Up/Down PgUp/PgDn", lang_text(l, "scroll"),
		    lang_text(l, "scroll"), 0 },
		{ "Left/Right", lang_text(l, "other games"),
		    lang_text(l, "games"), !v->browse },
		{ "L", lang_text(l, "lesson"), NULL, !v->lesson },
		{ "?", lang_text(l, "all keys"), lang_text(l, "keys"), 0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 head = view_style(VIEW_TITLE);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct view_rules_walk	 wk;
	char			 text[128];
	int			 total, n;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	if (v->page == NULL)
		return;

	memset(&wk, 0, sizeof wk);
	wk.g = g;
	wk.v = v;
	wk.lang = v->chrome.lang;
	wk.w = view_rules_width(g->sx);
	wk.top = v->top;
	wk.rows = view_rules_rows(g->sy);
	view_rules_walk(&wk);
	total = wk.row;

	/* The heading row: the game, where one is in the pages, and how
	 * much is left below. */
	head = view_style(VIEW_HEADING);
	if (v->browse)
		snprintf(text, sizeof text, lang_text(l, "Rules: %s (%d/%d)"),
		    lang_text(l, v->page->title), v->index + 1, rules_pages());
	else
		snprintf(text, sizeof text, lang_text(l, "Rules: %s"),
		    lang_text(l, v->page->title));
	n = view_text_fit(g, VIEW_RULES_X, 1, g->sx - 2 * VIEW_RULES_X, &head,
	    text);
	if (v->top + wk.rows < total)
		snprintf(text, sizeof text, lang_plural(l,
		    "(%d more line: PgDn)", "(%d more lines: PgDn)",
		    (unsigned long)(total - v->top - wk.rows)),
		    total - v->top - wk.rows);
	else
		snprintf(text, sizeof text, "%s", lang_text(l, "(end)"));
	if (VIEW_RULES_X + n + 2 + utf8_strwidth(text) <= g->sx - VIEW_RULES_X)
		view_text_fit(g, g->sx - VIEW_RULES_X - utf8_strwidth(text), 1,
		    utf8_strwidth(text), &dim, text);
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, VIEW_RULES_NBUTTONS,
	    -1, hits);
}
