/*
 * view-welcome.c - the first screen: log in, register, or play as a guest.
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

void
view_welcome_draw(struct grid *g, const struct view_welcome *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	static const char *const keys[VIEW_WELCOME_NBUTTONS] = {
		"l", "r", "g", "q"
	};
	const char		*label[VIEW_WELCOME_NBUTTONS] = {
		N_("Log in"), N_("Register a name"), N_("Play as a guest"),
		N_("Quit")
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 rule = view_style(VIEW_RULE);
	struct grid_style	 key = view_style(VIEW_KEY);
	struct grid_style	 err = view_style(VIEW_ERROR);
	struct grid_style	 ks, ls;
	char			 guest[64], title[128];
	int			 bw, bh, bx, by, i, y, x, disabled, rows;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	bw = g->sx - 8;
	if (bw > 64)
		bw = 64;
	bh = 12 + (v->cleartext ? 3 : 0);
	if (bh > g->sy - 3)
		bh = g->sy - 3;
	bx = (g->sx - bw) / 2;
	by = 1 + (g->sy - 2 - bh) / 2;
	if (by < 1)
		by = 1;
	grid_box(g, bx, by, bw, bh, GRID_LINE_ROUND, &rule);

	y = by + 2;
	snprintf(title, sizeof title, lang_text(l, "Welcome to %s"),
	    v->chrome.hall != NULL ? v->chrome.hall : lang_text(l,
	    "the hall"));
	view_text_centre(g, bx + 1, y++, bw - 2, &head, title);
	if (v->tagline != NULL)
		view_text_centre(g, bx + 1, y, bw - 2, &dim, v->tagline);
	y += 2;

	if (v->guest_name != NULL) {
		snprintf(guest, sizeof guest, lang_text(l,
		    "Play as a guest (%s)"), v->guest_name);
		label[VIEW_WELCOME_GUEST] = guest;
	}
	x = bx + 6;
	for (i = 0; i < VIEW_WELCOME_NBUTTONS; i++, y++) {
		if (y >= by + bh - 1)
			break;
		disabled = !v->passwords_ok && (i == VIEW_WELCOME_LOGIN ||
		    i == VIEW_WELCOME_REGISTER);
		ks = disabled ? dim : key;
		ls = disabled ? dim : norm;
		if (i == v->selected) {
			ks.attr |= GRID_REVERSE;
			ls.attr |= GRID_REVERSE;
			grid_put(g, x - 2, y, &norm, ">");
		}
		view_hits_add(hits, x, y, bw - 8, 1,
		    VIEW_HIT_BUTTON, i);
		grid_put(g, x, y, &ks, keys[i]);
		grid_put(g, x + 1, y, &ls, " ");
		view_text_fit(g, x + 2, y, bw - 10, &ls,
		    lang_text(l, label[i]));
	}

	if (v->cleartext) {
		y++;
		rows = by + bh - 1 - y;
		if (rows > 0)
			view_text_wrap(g, bx + 3, y, bw - 6, rows,
			    v->passwords_ok ? &dim : &err,
			    v->passwords_ok ?
			    lang_text(l,
			    "Telnet is clear text: anyone on the way can read "
			    "what you type, passwords too. Prefer ssh.") :
			    lang_text(l,
			    "Telnet is clear text, so this hall takes no "
			    "passwords here: play as a guest, or use ssh to "
			    "log in."));
	}

	/* The sysop's message of the day, below the box. */
	y = by + bh + 1;
	if (v->motd != NULL && y < g->sy - 1)
		view_text_wrap(g, bx, y, bw, g->sy - 1 - y, &norm, v->motd);
}
