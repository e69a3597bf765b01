/*
 * view-settings.c - how the screens are drawn for this terminal: UTF-8 or
 * ASCII, 256, 16 or no colours, mouse on or off.  A preview shows the
 * choice at once (the writer applies it to the whole frame).
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

static const char *const view_settings_names[VIEW_NSETTINGS] = {
	"Characters", "Colours", "Mouse"
};

static const char *const view_settings_choices[VIEW_NSETTINGS][4] = {
	{ "UTF-8", "ASCII", NULL },
	{ "256", "16", "none", NULL },
	{ "on", "off", NULL },
};

void
view_settings_draw(struct grid *g, const struct view_settings *v,
    struct view_hits *hits)
{
	static const struct view_button buttons[] = {
		{ "Up/Down", "choose", NULL, 0 },
		{ "Left/Right", "change", NULL, 0 },
		{ "d", "as detected", "detected", 0 },
		{ "Esc", "back", NULL, 0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 rule = view_style(VIEW_RULE);
	struct grid_style	 st, cs;
	char			 text[160];
	int			 x = 2, y, i, c, cx, n, colour;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	view_text_fit(g, x, 2, g->sx - 4, &head, "How this terminal is drawn");
	snprintf(text, sizeof text, "Your terminal says TERM=%s%s%s.",
	    v->term != NULL && *v->term != '\0' ? v->term : "(none)",
	    v->lang != NULL ? ", locale " : "", v->lang != NULL ? v->lang :
	    "");
	view_text_fit(g, x, 3, g->sx - 4, &dim, text);

	y = 5;
	for (i = 0; i < VIEW_NSETTINGS; i++, y += 2) {
		st = i == v->selected ? view_style(VIEW_KEY) : norm;
		if (i == v->selected)
			grid_put(g, x, y, &st, ">");
		grid_put(g, x + 2, y, &st, view_settings_names[i]);
		cx = x + 16;
		for (c = 0; view_settings_choices[i][c] != NULL; c++) {
			snprintf(text, sizeof text, "(%s) %s",
			    v->choice[i] == c ? "*" : " ",
			    view_settings_choices[i][c]);
			cs = v->choice[i] == c ? view_style(VIEW_GOOD) : norm;
			if (i == v->selected && v->choice[i] == c)
				cs.attr |= GRID_REVERSE;
			n = grid_put(g, cx, y, &cs, text);
			view_hits_add(hits, cx, y, n, 1, VIEW_HIT_OPTION,
			    i * 16 + c);
			cx += n + 3;
		}
		if (v->detected[i] >= 0 && v->detected[i] < 4 &&
		    view_settings_choices[i][v->detected[i]] != NULL) {
			snprintf(text, sizeof text, "detected: %s",
			    view_settings_choices[i][v->detected[i]]);
			view_text_fit(g, cx + 2, y, g->sx - cx - 4, &dim,
			    text);
		}
		view_hits_add(hits, 0, y, x + 16, 1, VIEW_HIT_SETTING, i);
	}

	/* A preview: lines, stones and the colours as they will look. */
	y++;
	if (y + 5 < g->sy - 2) {
		grid_hline(g, 0, y, g->sx, GRID_LINE_LIGHT, &rule);
		grid_put(g, x, y, &head, " Preview ");
		y += 2;
		grid_box(g, x, y, 13, 4, GRID_LINE_LIGHT, &norm);
		grid_hline(g, x, y + 2, 13, GRID_LINE_LIGHT, &norm);
		grid_put(g, x + 2, y + 1, &norm,
		    "\xe2\x97\x8f \xe2\x97\x8b \xe2\x97\x8f");	/* ● ○ ● */
		cx = x + 16;
		for (colour = 0; colour < 8; colour++) {
			cs = norm;
			cs.bg = (uint16_t)colour;
			cs.fg = colour == 0 ? GRID_WHITE : GRID_BLACK;
			grid_put(g, cx + colour * 4, y + 1, &cs, "   ");
			cs = norm;
			cs.fg = (uint16_t)(colour + GRID_BRIGHT);
			grid_put(g, cx + colour * 4, y + 2, &cs, "Aa");
		}
		view_text_wrap(g, x, y + 5, g->sx - 4, g->sy - 3 - (y + 5),
		    &dim, "If the lines above look broken, choose ASCII; if "
		    "the colours look wrong or you prefer none, choose 16 or "
		    "none. The choice lasts for this connection.");
	}
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 4, -1, hits);
}
