/*
 * view-chrome.c - what every screen shares: the styles, the title bar and
 * status line, button bars, the places a click can land, and the note shown
 * instead of a screen when the window is too small.
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

struct grid_style
view_style(enum view_role role)
{
	struct grid_style	 s = GRID_STYLE_DEFAULT;

	switch (role) {
	case VIEW_NORMAL:
		break;
	case VIEW_TITLE:
		s.fg = GRID_CYAN;
		s.attr = GRID_REVERSE | GRID_BOLD;
		break;
	case VIEW_HEADING:
		s.fg = GRID_CYAN;
		s.attr = GRID_BOLD;
		break;
	case VIEW_RULE:
		s.fg = GRID_BLUE;
		break;
	case VIEW_DIM:
		s.attr = GRID_DIM;
		break;
	case VIEW_KEY:
		s.fg = GRID_YELLOW;
		s.attr = GRID_BOLD;
		break;
	case VIEW_SELECTED:
		s.attr = GRID_REVERSE;
		break;
	case VIEW_SELECTED_IDLE:
		s.attr = GRID_UNDERLINE;
		break;
	case VIEW_FIELD:
		s.attr = GRID_UNDERLINE;
		break;
	case VIEW_ERROR:
		s.fg = GRID_RED + GRID_BRIGHT;
		s.attr = GRID_BOLD;
		break;
	case VIEW_GOOD:
		s.fg = GRID_GREEN;
		s.attr = GRID_BOLD;
		break;
	case VIEW_USER:
		s.fg = GRID_GREEN;
		break;
	case VIEW_GUEST:
		break;
	case VIEW_YOU:
		s.fg = GRID_YELLOW;
		s.attr = GRID_BOLD;
		break;
	case VIEW_NOTICE:
		s.fg = GRID_MAGENTA;
		s.attr = GRID_DIM;
		break;
	}
	return s;
}

void
view_hits_clear(struct view_hits *hits)
{
	if (hits != NULL)
		hits->n = 0;
}

void
view_hits_add(struct view_hits *hits, int x, int y, int w, int h,
    enum view_hit_id id, int index)
{
	struct view_hit	*hit;

	if (hits == NULL || hits->n >= VIEW_HITS_MAX || w < 1 || h < 1)
		return;
	hit = &hits->hit[hits->n++];
	hit->x = x;
	hit->y = y;
	hit->w = w;
	hit->h = h;
	hit->id = id;
	hit->index = index;
}

const struct view_hit *
view_hits_find(const struct view_hits *hits, int x, int y)
{
	const struct view_hit	*hit;
	int			 i;

	if (hits == NULL)
		return NULL;
	for (i = hits->n - 1; i >= 0; i--) {
		hit = &hits->hit[i];
		if (x >= hit->x && x < hit->x + hit->w &&
		    y >= hit->y && y < hit->y + hit->h)
			return hit;
	}
	return NULL;
}

void
view_chrome_draw(struct grid *g, const struct view_chrome *c)
{
	grid_clear(g, NULL);
	grid_cursor(g, 0, 0, 0);
	view_chrome_bars(g, c);
}

void
view_chrome_bars(struct grid *g, const struct view_chrome *c)
{
	struct grid_style	 title = view_style(VIEW_TITLE);
	struct grid_style	 st;
	char			 right[128];
	int			 x, rw, lw;

	/* Title bar: the hall and the screen on the left; who and when on
	 * the right. */
	grid_fill(g, 0, 0, g->sx, 1, ' ', &title);
	right[0] = '\0';
	if (c->who != NULL && *c->who != '\0')
		snprintf(right, sizeof right, "%s", c->who);
	if (c->online >= 0) {
		size_t	len = strlen(right);
		snprintf(right + len, sizeof right - len, "%s", len > 0 ?
		    "  " : "");
		len = strlen(right);
		snprintf(right + len, sizeof right - len, lang_text(c->lang,
		    "%d online"), c->online);
	}
	if (c->clock != NULL) {
		size_t	len = strlen(right);
		snprintf(right + len, sizeof right - len, "%s%s",
		    len > 0 ? "  " : "", c->clock);
	}
	rw = utf8_strwidth(right);
	if (rw > g->sx / 2)
		rw = g->sx / 2;
	lw = g->sx - rw - 3;
	x = 1;
	if (c->hall != NULL) {
		x += view_text_fit(g, x, 0, lw, &title, c->hall);
		if (c->screen != NULL && x + 3 < lw) {
			x += grid_put(g, x, 0, &title, " - ");
			view_text_fit(g, x, 0, lw - x + 1, &title, c->screen);
		}
	} else if (c->screen != NULL)
		view_text_fit(g, x, 0, lw, &title, c->screen);
	if (rw > 0)
		view_text_fit(g, g->sx - rw - 1, 0, rw, &title, right);

	/* Status line. */
	if (g->sy < 2)
		return;
	grid_fill(g, 0, g->sy - 1, g->sx, 1, ' ', NULL);
	if (c->status != NULL && *c->status != '\0') {
		st = view_style(c->status_error ? VIEW_ERROR : VIEW_GOOD);
		view_text_fit(g, 1, g->sy - 1, g->sx - 2, &st, c->status);
	} else if (c->hints != NULL) {
		st = view_style(VIEW_DIM);
		view_text_fit(g, 1, g->sy - 1, g->sx - 2, &st, c->hints);
	}
}

void
view_small_draw(struct grid *g, int cols, int rows)
{
	struct grid_style	 st = view_style(VIEW_NORMAL);
	char			 note[128];
	int			 need, y;

	grid_clear(g, NULL);
	grid_cursor(g, 0, 0, 0);
	snprintf(note, sizeof note,
	    "make the window larger (%dx%d at least; now %dx%d)",
	    VIEW_MIN_COLS, VIEW_MIN_ROWS, cols, rows);
	need = view_text_rows(note, g->sx);
	y = need < g->sy ? (g->sy - need) / 2 : 0;
	if (need == 1)
		view_text_centre(g, 0, y, g->sx, &st, note);
	else
		view_text_wrap(g, 0, y, g->sx, g->sy - y, &st, note);
}

/* Columns one button takes: "key label". */
static int
view_button_width(const struct view_button *b, int brief)
{
	const char	*label = brief && b->brief != NULL ? b->brief : b->label;

	return utf8_strwidth(b->key) + (label != NULL && *label != '\0' ?
	    1 + utf8_strwidth(label) : 0);
}

void
view_buttons_draw(struct grid *g, int x, int y, int w,
    const struct view_button *b, int n, int selected, struct view_hits *hits)
{
	struct grid_style	 key = view_style(VIEW_KEY);
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	struct grid_style	 ks, ls;
	const char		*label;
	int			 i, total, gap, brief, shown, bx, bw;

	if (w < 1 || n < 1)
		return;
	/* Widest layout that fits: 2-space gaps, 1-space gaps, then the
	 * brief labels, then as many buttons as fit. */
	for (brief = 0; brief < 2; brief++) {
		for (gap = 2; gap >= 1; gap--) {
			total = 0;
			for (i = 0; i < n; i++)
				total += view_button_width(&b[i], brief) +
				    (i > 0 ? gap : 0);
			if (total <= w)
				goto found;
		}
	}
	brief = 1;
	gap = 1;
	total = 0;
	for (shown = 0; shown < n; shown++) {
		bw = view_button_width(&b[shown], 1) + (shown > 0 ? gap : 0);
		if (total + bw > w)
			break;
		total += bw;
	}
	n = shown;
found:
	bx = x + (w - total) / 2;
	for (i = 0; i < n; i++) {
		if (i > 0)
			bx += gap;
		ks = key;
		ls = norm;
		if (b[i].disabled) {
			ks = ls = view_style(VIEW_DIM);
		}
		if (i == selected) {
			ks.attr |= GRID_REVERSE;
			ls = sel;
		}
		bw = view_button_width(&b[i], brief);
		label = brief && b[i].brief != NULL ? b[i].brief : b[i].label;
		view_hits_add(hits, bx, y, bw, 1, VIEW_HIT_BUTTON, i);
		bx += grid_put(g, bx, y, &ks, b[i].key);
		if (label != NULL && *label != '\0') {
			bx += grid_put(g, bx, y, &ls, " ");
			bx += grid_put(g, bx, y, &ls, label);
		}
	}
}
