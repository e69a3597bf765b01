/*
 * view-profile.c - a player's profile: ratings per variant, the record
 * against the viewer, and the most recent games (one variant or all),
 * the selected one described below the list.
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/utf8.h"
#include "screens/views.h"

static void
view_profile_rule(struct grid *g, int y, const char *title)
{
	struct grid_style	 rule = view_style(VIEW_RULE);
	struct grid_style	 head = view_style(VIEW_HEADING);
	char			 text[64];

	grid_hline(g, 0, y, g->sx, GRID_LINE_LIGHT, &rule);
	snprintf(text, sizeof text, " %s ", title);
	grid_put(g, 1, y, &head, text);
}

/* Rows the ratings take: a heading, one a variant (or the note), a gap. */
static int
view_profile_rating_rows(const struct view_profile *v, int sy)
{
	int	 n = v->nratings > 0 ? v->nratings : 1;
	int	 most = (sy - 3) - 5 - 8;	/* keep room for games */

	if (n > most)
		n = most > 1 ? most : 1;
	return 2 + n + 1;
}

int
view_profile_game_rows(const struct view_profile *v, int sx, int sy)
{
	int	 y = 5 + view_profile_rating_rows(v, sy) + (v->h2h != NULL);
	int	 rows = (sy - 4) - (y + 2) + 1;

	(void)sx;
	return rows > 1 ? rows : 1;
}

void
view_profile_draw(struct grid *g, const struct view_profile *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	const struct view_button buttons[] = {
		{ "j/k", lang_text(l, "select"), NULL, 0 },
		{ "Enter", lang_text(l, "replay"), NULL, 0 },
		{ "f", lang_text(l, "variant"), NULL, 0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	const struct grid_style	*st;
	const struct view_rating_row *r;
	const struct view_game_row *gr;
	char			 text[128];
	int			 x = 2, w = g->sx - 4, y, i, idx, rows, last, ow;
	int			 nr;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	snprintf(text, sizeof text, "%s%s", v->name != NULL ? v->name : "",
	    v->guest ? lang_text(l, " (guest)") : "");
	view_text_fit(g, x, 2, w, &head, text);
	if (v->since != NULL)
		view_text_fit(g, x, 3, w, &dim, v->since);
	last = g->sy - 3;
	y = 5;

	if (v->guest) {
		view_text_wrap(g, x, y, w, last - y, &norm, lang_text(l,
		    "Guests play unrated games and keep no history. Register "
		    "a name (press a in the lobby) to get a rating per "
		    "variant and keep your games."));
		view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons + 3, 1, -1,
		    hits);
		return;
	}

	view_profile_rule(g, y++, lang_text(l, "Ratings"));
	view_text_fit(g, x, y, 12, &head, lang_text(l, "Variant"));
	view_text_fit(g, x + 12, y, 8, &head, lang_text(l, "Rating"));
	view_text_fit(g, x + 20, y, 8, &head, "RD");
	view_text_fit(g, x + 28, y, 7, &head, lang_text(l, "Games"));
	view_text_fit(g, x + 35, y, 20, &head, lang_text(l,
	    "Won/lost/drawn"));
	y++;
	nr = view_profile_rating_rows(v, g->sy) - 3;
	if (v->nratings == 0)
		view_text_fit(g, x, y++, w, &dim, lang_text(l,
		    "No rated games yet: everyone starts at 1500."));
	for (i = 0; i < v->nratings && i < nr; i++, y++) {
		r = &v->ratings[i];
		view_text_fit(g, x, y, 11, &norm, r->variant);
		view_text_fit(g, x + 12, y, 7, &norm, r->rating);
		view_text_fit(g, x + 20, y, 7, &dim, r->deviation);
		grid_printf(g, x + 28, y, &norm, "%d", r->games);
		grid_printf(g, x + 35, y, &norm, "%d/%d/%d", r->wins,
		    r->losses, r->draws);
	}
	if (v->h2h != NULL)
		view_text_fit(g, x, y++, w, &norm, v->h2h);
	y++;

	if (v->filter != NULL)
		snprintf(text, sizeof text, lang_text(l, "Recent games (%s)"),
		    v->filter);
	else
		snprintf(text, sizeof text, "%s", lang_text(l,
		    "Recent games"));
	view_profile_rule(g, y++, text);
	ow = w - 12 - 11 - 8 - 7;
	if (ow < 8)
		ow = 8;
	view_text_fit(g, x, y, 11, &head, lang_text(l, "Date"));
	view_text_fit(g, x + 12, y, 10, &head, lang_text(l, "Variant"));
	view_text_fit(g, x + 23, y, ow - 1, &head, lang_text(l, "Opponents"));
	view_text_fit(g, x + 23 + ow, y, 7, &head, lang_text(l, "Result"));
	view_text_fit(g, x + 31 + ow, y, 7, &head, lang_text(l, "Rating"));
	y++;
	if (v->ngames == 0)
		view_text_fit(g, x, y, w, &dim, v->filter != NULL ?
		    lang_text(l, "No games of this variant.") :
		    lang_text(l, "No games yet."));
	rows = view_profile_game_rows(v, g->sx, g->sy);
	for (i = 0; i < rows && y + i < last; i++) {
		idx = v->top + i;
		if (idx < 0 || idx >= v->ngames)
			break;
		gr = &v->games[idx];
		st = idx == v->selected ? &sel : &norm;
		if (idx == v->selected)
			grid_fill(g, x, y + i, w, 1, ' ', st);
		view_text_fit(g, x, y + i, 11, st, gr->date);
		view_text_fit(g, x + 12, y + i, 10, st, gr->variant);
		view_text_fit(g, x + 23, y + i, ow - 1, st, gr->opponents);
		view_text_fit(g, x + 23 + ow, y + i, 7, st, gr->result);
		view_text_fit(g, x + 31 + ow, y + i, 7, idx == v->selected ?
		    st : &dim, gr->change != NULL ? gr->change : "-");
		view_hits_add(hits, x, y + i, w, 1, VIEW_HIT_ROW_PROFILE, idx);
	}
	if (v->detail != NULL)
		view_text_fit(g, x, last, w, &dim, v->detail);
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 4, -1, hits);
}
