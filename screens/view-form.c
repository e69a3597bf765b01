/*
 * view-form.c - a small form: a title, some text, labelled one-line fields
 * and buttons (log in, register, change password, join by code).
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

#define VIEW_FORM_MAX_WIDTH 70	/* the form's width on wide terminals */
#define VIEW_FORM_LABEL 20	/* columns for the labels */
#define VIEW_FORM_FIELD_MAX 32	/* a field's text columns at most */

static int
view_form_width(int sx)
{
	int	 fw = sx - 4;

	if (fw > VIEW_FORM_MAX_WIDTH)
		fw = VIEW_FORM_MAX_WIDTH;
	return fw < 10 ? 10 : fw;
}

int
view_form_field_width(int sx)
{
	int	 w = view_form_width(sx) - VIEW_FORM_LABEL - 14;

	if (w > VIEW_FORM_FIELD_MAX)
		w = VIEW_FORM_FIELD_MAX;
	return w < 4 ? 4 : w;
}

void
view_form_draw(struct grid *g, const struct view_form *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 field = view_style(VIEW_FIELD);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	struct grid_style	 st;
	const struct view_field	*f;
	char			 label[64];
	int			 fw, fx, x0, y, i, last, rows, x, bw, nf;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	fw = view_form_width(g->sx);
	x0 = (g->sx - fw) / 2;
	fx = x0 + VIEW_FORM_LABEL;
	last = g->sy - 2;	/* the last row the form may use */
	y = g->sy >= 30 ? 3 : 2;

	if (v->title != NULL) {
		view_text_fit(g, x0, y, fw, &head, v->title);
		y += 2;
	}
	for (i = 0; i < VIEW_FORM_LINES && v->lines[i] != NULL; i++) {
		rows = view_text_wrap(g, x0, y, fw, last - y, &norm,
		    v->lines[i]);
		y += rows;
	}
	if (i > 0)
		y++;

	nf = v->nfields;
	if (nf > VIEW_FORM_FIELDS)
		nf = VIEW_FORM_FIELDS;
	for (i = 0; i < nf && y <= last; i++, y += 2) {
		f = &v->field[i];
		snprintf(label, sizeof label, "%s:",
		    f->label != NULL ? f->label : "");
		st = v->focus == i ? view_style(VIEW_KEY) : norm;
		view_text_fit(g, x0, y, VIEW_FORM_LABEL - 1, &st, label);
		grid_fill(g, fx, y, view_form_field_width(g->sx), 1, ' ',
		    &field);
		if (f->text != NULL)
			grid_putn(g, fx, y, view_form_field_width(g->sx),
			    &field, f->text, strlen(f->text));
		view_hits_add(hits, x0, y, fw, 1, VIEW_HIT_FIELD, i);
		x = fx + view_form_field_width(g->sx) + 2;
		if (f->note != NULL)
			view_text_fit(g, x, y, x0 + fw - x, &dim, f->note);
		else if (f->hidden)
			view_text_fit(g, x, y, x0 + fw - x, &dim,
			    lang_text(l, "(not shown)"));
		if (v->focus == i && !v->busy)
			grid_cursor(g, fx + f->cursor, y, 1);
	}

	/* Buttons, under the fields. */
	x = fx;
	for (i = 0; i < v->nbuttons && i < VIEW_FORM_BUTTONS && y <= last;
	    i++) {
		snprintf(label, sizeof label, "[ %s ]",
		    v->button[i] != NULL ? v->button[i] : "");
		bw = utf8_strwidth(label);
		st = v->focus == nf + i ? sel : norm;
		grid_put(g, x, y, &st, label);
		view_hits_add(hits, x, y, bw, 1, VIEW_HIT_BUTTON, i);
		x += bw + 2;
	}
	y += 2;

	if (v->busy && y <= last)
		view_text_fit(g, x0, y, fw, &dim, lang_text(l,
		    "Checking, one moment..."));
	else if (v->message != NULL && y <= last) {
		st = view_style(v->message_error ? VIEW_ERROR : VIEW_GOOD);
		view_text_wrap(g, x0, y, fw, last - y + 1, &st, v->message);
	}
}
