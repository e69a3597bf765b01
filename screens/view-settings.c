/*
 * view-settings.c - how the screens are drawn for this terminal: UTF-8 or
 * ASCII, 256, 16 or no colours, mouse on or off, and the language.  A
 * preview shows the choice at once (the writer applies it to the whole
 * frame).  The languages are named in themselves ("Deutsch"), so whoever
 * cannot read the current one still finds his own.
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/utf8.h"
#include "screens/views.h"

static const char *const view_settings_names[VIEW_NSETTINGS] = {
	N_("Characters"), N_("Colours"), N_("Mouse"), N_("Language")
};

static const char *const view_settings_choices[VIEW_NSETTINGS - 1][4] = {
	{ "UTF-8", "ASCII", NULL },
	{ "256", "16", N_("none"), NULL },
	{ N_("on"), N_("off"), NULL },
};

/* Choice c of row i in the reader's language, or NULL past the last. */
static const char *
view_settings_choice(const struct lang *l, int i, int c)
{
	if (c < 0)
		return NULL;
	if (i == VIEW_SETTING_LANGUAGE)
		return lang_at(c) != NULL ? lang_at(c)->name : NULL;
	if (c >= 4 || view_settings_choices[i][c] == NULL)
		return NULL;
	return lang_text(l, view_settings_choices[i][c]);
}

void
view_settings_draw(struct grid *g, const struct view_settings *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	const struct view_button buttons[] = {
		{ "Up/Down", lang_text(l, "choose"), NULL, 0 },
		{ "Left/Right", lang_text(l, "change"), NULL, 0 },
		{ "d", lang_text(l, "as detected"), lang_text(l, "detected"),
		    0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 rule = view_style(VIEW_RULE);
	struct grid_style	 st, cs;
	char			 text[160];
	const char		*name;
	int			 x = 2, y, i, c, cx, n, colour, gap;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	view_text_fit(g, x, 2, g->sx - 4, &head, lang_text(l,
	    "How this terminal is drawn"));
	if (v->lang != NULL)
		snprintf(text, sizeof text, lang_text(l,
		    "Your terminal says TERM=%s, locale %s."),
		    v->term != NULL && *v->term != '\0' ? v->term : "(none)",
		    v->lang);
	else
		snprintf(text, sizeof text, lang_text(l,
		    "Your terminal says TERM=%s."),
		    v->term != NULL && *v->term != '\0' ? v->term : "(none)");
	view_text_fit(g, x, 3, g->sx - 4, &dim, text);

	y = 4;		/* four rows and the preview's words fit 24 lines */
	for (i = 0; i < VIEW_NSETTINGS; i++, y += 2) {
		st = i == v->selected ? view_style(VIEW_KEY) : norm;
		if (i == v->selected)
			grid_put(g, x, y, &st, ">");
		view_text_fit(g, x + 2, y, 13, &st,
		    lang_text(l, view_settings_names[i]));
		cx = x + 16;
		/* Five languages need the room of a narrower gap. */
		gap = i == VIEW_SETTING_LANGUAGE ? 2 : 3;
		for (c = 0; (name = view_settings_choice(l, i, c)) != NULL;
		    c++) {
			snprintf(text, sizeof text, "(%s) %s",
			    v->choice[i] == c ? "*" : " ", name);
			cs = v->choice[i] == c ? view_style(VIEW_GOOD) : norm;
			if (i == v->selected && v->choice[i] == c)
				cs.attr |= GRID_REVERSE;
			if (cx + utf8_strwidth(text) > g->sx)
				break;
			n = grid_put(g, cx, y, &cs, text);
			view_hits_add(hits, cx, y, n, 1, VIEW_HIT_OPTION,
			    i * 16 + c);
			cx += n + gap;
		}
		if ((name = view_settings_choice(l, i, v->detected[i])) !=
		    NULL && cx + 2 < g->sx - 4) {
			snprintf(text, sizeof text, lang_text(l,
			    "detected: %s"), name);
			view_text_fit(g, cx + 2, y, g->sx - cx - 4, &dim,
			    text);
		}
		view_hits_add(hits, 0, y, x + 16, 1, VIEW_HIT_SETTING, i);
	}

	/* A preview: lines, stones and the colours as they will look. */
	if (y + 5 < g->sy - 2) {
		grid_hline(g, 0, y, g->sx, GRID_LINE_LIGHT, &rule);
		snprintf(text, sizeof text, " %s ", lang_text(l, "Preview"));
		grid_put(g, x, y, &head, text);
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
		view_text_wrap(g, x, y + 4, g->sx - 4, g->sy - 3 - (y + 4),
		    &dim, lang_text(l, "If the lines above look broken, "
		    "choose ASCII; if the colours look wrong or you prefer "
		    "none, choose 16 or none. The choice lasts for this "
		    "connection; an account keeps its language."));
	}
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 4, -1, hits);
}
