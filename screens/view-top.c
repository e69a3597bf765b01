/*
 * view-top.c - the leaderboard screen (see view-top.h).
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-top.h"
#include "screens/views.h"

#define VIEW_TOP_LIST_Y 5	/* first row of the list */

int
view_top_rows(int sx, int sy)
{
	int	 rows = sy - 3 - VIEW_TOP_LIST_Y;

	(void)sx;
	return rows > 1 ? rows : 1;
}

static void
view_top_tabs(struct grid *g, const struct view_top *v,
    struct view_hits *hits)
{
	struct grid_style	 norm = view_style(VIEW_DIM);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	int			 i, x = 2, w;

	for (i = 0; i < v->nvariants && x < g->sx - 2; i++) {
		w = view_text_fit(g, x, 2, g->sx - 2 - x, i == v->variant ?
		    &sel : &norm, v->variants[i]);
		view_hits_add(hits, x, 2, w, 1, VIEW_HIT_TOP_VARIANT, i);
		x += w + 2;
	}
}

void
view_top_draw(struct grid *g, const struct view_top *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	const struct view_button buttons[] = {
		{ "\xe2\x86\x90/\xe2\x86\x92", lang_text(l, "variant"), NULL,
		    0 },
		{ "Enter", lang_text(l, "profile"), NULL, 0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	struct grid_style	 you = view_style(VIEW_YOU);
	const struct grid_style	*st;
	const struct view_top_row *r;
	char			 text[64];
	int			 x = 2, y, i, idx, rows, nw;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	view_top_tabs(g, v, hits);
	nw = g->sx - 4 - 6 - 8 - 6 - 7 - 14;
	if (nw > 32)
		nw = 32;
	y = VIEW_TOP_LIST_Y - 1;
	view_text_fit(g, x, y, 5, &head, lang_text(l, "Rank"));
	view_text_fit(g, x + 6, y, nw, &head, lang_text(l, "Name"));
	view_text_fit(g, x + 6 + nw, y, 7, &head, lang_text(l, "Rating"));
	view_text_fit(g, x + 14 + nw, y, 5, &head, "RD");
	view_text_fit(g, x + 20 + nw, y, 6, &head, lang_text(l, "Games"));
	view_text_fit(g, x + 27 + nw, y, 14, &head, lang_text(l,
	    "Won/lost/drawn"));
	if (v->nrows == 0)
		view_text_wrap(g, x, VIEW_TOP_LIST_Y, g->sx - 4, 3, &dim,
		    lang_text(l,
		    "Nobody has played a rated game of this variant yet."));
	rows = view_top_rows(g->sx, g->sy);
	for (i = 0; i < rows; i++) {
		idx = v->top + i;
		if (idx < 0 || idx >= v->nrows)
			break;
		r = &v->rows[idx];
		y = VIEW_TOP_LIST_Y + i;
		st = idx == v->selected ? &sel : r->you ? &you : &norm;
		if (idx == v->selected)
			grid_fill(g, x, y, g->sx - 4, 1, ' ', st);
		if (r->rank > 0)
			grid_printf(g, x, y, st, "%4d", r->rank);
		else
			grid_put(g, x, y, idx == v->selected ? st : &dim,
			    "   -");
		view_text_fit(g, x + 6, y, nw - 1, st, r->name);
		view_text_fit(g, x + 6 + nw, y, 7, st, r->rating);
		view_text_fit(g, x + 14 + nw, y, 5, idx == v->selected ? st :
		    &dim, r->deviation);
		grid_printf(g, x + 20 + nw, y, st, "%5d", r->games);
		snprintf(text, sizeof text, "%d/%d/%d", r->wins, r->losses,
		    r->draws);
		view_text_fit(g, x + 27 + nw, y, 14, st, text);
		view_hits_add(hits, x, y, g->sx - 4, 1, VIEW_HIT_TOP_ROW, idx);
	}
	snprintf(text, sizeof text, lang_text(l,
	    "- and ? : provisional (RD %d or more), "
	    "not ranked yet"), v->provisional_rd);
	view_text_fit(g, x, g->sy - 3, g->sx - 4, &dim, text);
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 3, -1, hits);
}
