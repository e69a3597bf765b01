/*
 * view-sysop.c - the sysop menu (view-sysop.h):
 *
 *   title bar
 *   the figures
 *
 *   the answer's rows (scrolled)
 *   ...
 *   the result line
 *   Command: the line being typed
 *   status / hints
 */
#include <string.h>

#include "screens/grid.h"
#include "screens/view-sysop.h"

#define VIEW_SYSOP_LABEL "Command: "

int
view_sysop_rows(int sx, int sy)
{
	int	 rows = sy - 7;

	return rows < 1 ? 1 : rows;
}

int
view_sysop_input_width(int sx)
{
	int	 w = sx - 4 - (int)strlen(VIEW_SYSOP_LABEL);

	return w < 4 ? 4 : w;
}

void
view_sysop_draw(struct grid *g, const struct view_sysop *v,
    struct view_hits *hits)
{
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 key = view_style(VIEW_KEY);
	struct grid_style	 field = view_style(VIEW_FIELD);
	struct grid_style	 st;
	int			 rows = view_sysop_rows(g->sx, g->sy);
	int			 x = 2, w = g->sx - 4, y;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (v->figures != NULL)
		view_text_fit(g, x, 1, w, &dim, v->figures);
	for (int i = 0; i < rows && v->top + i < v->nrows; i++)
		view_text_fit(g, x, 3 + i, w, &norm, v->rows[v->top + i]);
	if (v->top + rows < v->nrows)
		view_text_fit(g, x, 3 + rows - 1, w, &dim, "... (PgDn for "
		    "more)");
	y = g->sy - 4;
	if (v->result != NULL && y > 2) {
		st = view_style(v->result_error ? VIEW_ERROR : VIEW_GOOD);
		view_text_fit(g, x, y, w, &st, v->result);
	}
	y = g->sy - 3;
	if (y > 2) {
		grid_put(g, x, y, &key, VIEW_SYSOP_LABEL);
		grid_fill(g, x + (int)strlen(VIEW_SYSOP_LABEL), y,
		    view_sysop_input_width(g->sx), 1, ' ', &field);
		if (v->input != NULL)
			grid_putn(g, x + (int)strlen(VIEW_SYSOP_LABEL), y,
			    view_sysop_input_width(g->sx), &field, v->input,
			    strlen(v->input));
		grid_cursor(g, x + (int)strlen(VIEW_SYSOP_LABEL) +
		    v->input_cursor, y, 1);
	}
}
