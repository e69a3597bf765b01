/*
 * view-table-create.c - the form that opens a new table: the variant and
 * each of its options as a row of choices, the defaults preselected.
 *
 *   New table
 *
 *     Variant                  < gomoku >
 *     Board size               < 15x15 >
 *     ...
 *
 *   gomoku size=15 overline=on restrict=off timer=none rated=yes ...
 *
 * Up/Down pick a row, Left/Right (or a click on the arrows) change it;
 * src/ does the keys, this only draws.
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-table.h"

#define LABEL_COLS 26

void
view_table_create_draw(struct grid *g, const struct view_table_create *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 key = view_style(VIEW_KEY);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	int			 x, y, w, top, room, n;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	w = g->sx > 100 ? 70 : g->sx - 8;
	x = (g->sx - w) / 2;
	y = 2;
	view_text_fit(g, x, y, w, &head, v->title != NULL ? v->title :
	    lang_text(l, "New table"));
	y += 2;

	/* Rows: scrolled so the selected one shows when they do not fit. */
	room = g->sy - y - 6;
	top = 0;
	if (v->nrows > room && v->selected >= room)
		top = v->selected - room + 1;
	for (int i = top; i < v->nrows && i - top < room; i++) {
		const struct view_create_row *r = &v->row[i];
		int selected = i == v->selected, vx;
		struct grid_style ls = selected ? sel : norm;
		char value[96];

		if (selected)
			grid_fill(g, x, y, w, 1, ' ', &sel);
		view_text_fit(g, x + 2, y, LABEL_COLS - 3, &ls, r->label);
		vx = x + LABEL_COLS;
		n = grid_put(g, vx, y, r->choice > 0 ? &key : &dim, "<");
		view_hits_add(hits, vx, y, 2, 1, VIEW_HIT_OPTION, i * 16 + 0);
		snprintf(value, sizeof value, " %s ", r->value != NULL ?
		    r->value : "");
		n += grid_put(g, vx + n, y, &ls, value);
		grid_put(g, vx + n, y, r->choice < r->nchoices - 1 ? &key : &dim,
		    ">");
		view_hits_add(hits, vx + n - 1, y, 2, 1, VIEW_HIT_OPTION,
		    i * 16 + 1);
		view_hits_add(hits, x, y, LABEL_COLS, 1, VIEW_HIT_ROW, i);
		y++;
	}
	y++;
	if (v->summary != NULL)
		y += view_text_wrap(g, x, y, w, 2, &dim, v->summary);
	if (v->message != NULL && *v->message != '\0') {
		struct grid_style err = view_style(VIEW_ERROR);

		view_text_wrap(g, x, y, w, 2, &err, v->message);
	}
	{
		const struct view_button b[] = {
			{ "Enter", lang_text(l, "open the table"), lang_text(l,
			    "open"), 0 },
			{ "Esc", lang_text(l, "cancel"), NULL, 0 },
		};

		view_buttons_draw(g, 0, g->sy - 2, g->sx, b, 2, -1, hits);
	}
}
