/*
 * view-account.c - a registered user's account: the password and the SSH
 * keys (devices) that log straight in.
 */
#include <stdio.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

#define VIEW_ACCOUNT_LIST_Y 8	/* first key row */

int
view_account_key_rows(int sx, int sy)
{
	/* Below the list: a blank row, three rows about this connection's
	 * key, a blank row, the buttons, the status line. */
	int	rows = sy - 7 - VIEW_ACCOUNT_LIST_Y;

	return rows < 1 ? 1 : rows;
}

void
view_account_draw(struct grid *g, const struct view_account *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	struct view_button	 buttons[VIEW_ACCOUNT_NBUTTONS] = {
		[VIEW_ACCOUNT_B_ADDKEY] = { "k", lang_text(l,
		    "register this connection's key"),
		    lang_text(l, "add this key"), 0 },
		[VIEW_ACCOUNT_B_REMOVE] = { "Del", lang_text(l, "remove key"),
		    lang_text(l, "remove"), 0 },
		[VIEW_ACCOUNT_B_PASSWORD] = { "P", lang_text(l,
		    "change password"),
		    lang_text(l, "password"), 0 },
		[VIEW_ACCOUNT_B_BACK] = { "Esc", lang_text(l, "back"), NULL,
		    0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 rule = view_style(VIEW_RULE);
	struct grid_style	 st;
	const struct view_key_row *k;
	char			 text[256];
	int			 x = 2, w = g->sx - 4, y, i, idx, rows, n;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	snprintf(text, sizeof text, lang_text(l, "Account: %s"),
	    v->name != NULL ? v->name :
	    "");
	view_text_fit(g, x, 2, w, &head, text);
	if (v->since != NULL)
		view_text_fit(g, x, 3, w, &dim, v->since);
	view_text_fit(g, x, 4, w, &norm, v->has_password ?
	    lang_text(l, "Password: set (P changes it).") :
	    lang_text(l,
	    "Password: none - you log in with your SSH keys (P sets one)."));

	snprintf(text, sizeof text, lang_text(l, " SSH keys (%d) "), v->nkeys);
	grid_hline(g, 0, 6, g->sx, GRID_LINE_LIGHT, &rule);
	grid_put(g, x - 1, 6, &head, text);
	view_text_fit(g, x + 2, 7, 50, &head, lang_text(l, "Fingerprint"));
	view_text_fit(g, x + 54, 7, 12, &head, lang_text(l, "Type"));
	view_text_fit(g, x + 68, 7, g->sx - x - 68, &head, lang_text(l,
	    "Added"));

	rows = view_account_key_rows(g->sx, g->sy);
	y = VIEW_ACCOUNT_LIST_Y;
	if (v->nkeys == 0)
		view_text_wrap(g, x, y, w, rows, &dim,
		    lang_text(l,
		    "No keys yet: with none, you log in with your name and "
		    "password."));
	for (i = 0; i < rows; i++) {
		idx = v->key_top + i;
		if (idx < 0 || idx >= v->nkeys)
			break;
		k = &v->keys[idx];
		st = idx == v->key_sel ? view_style(VIEW_SELECTED) : norm;
		grid_fill(g, x - 1, y + i, w + 2, 1, ' ', &st);
		if (k->current)
			grid_put(g, x, y + i, &st, "*");
		view_text_fit(g, x + 2, y + i, 51, &st, k->fingerprint);
		view_text_fit(g, x + 54, y + i, 13, &st, k->type);
		view_text_fit(g, x + 68, y + i, g->sx - x - 68, &st,
		    k->added);
		view_hits_add(hits, 0, y + i, g->sx, 1, VIEW_HIT_KEY, idx);
	}

	/* This connection's key, and what k would do. */
	y = VIEW_ACCOUNT_LIST_Y + rows + 1;
	if (v->confirm && v->key_sel >= 0 && v->key_sel < v->nkeys) {
		st = view_style(VIEW_ERROR);
		snprintf(text, sizeof text,
		    lang_text(l,
		    "Remove the key %s? Press y to remove it, n to keep it."),
		    v->keys[v->key_sel].fingerprint);
		view_text_wrap(g, x, y, w, 3, &st, text);
	} else {
		switch (v->conn_key) {
		case VIEW_CONN_KEY_NEW:
			snprintf(text, sizeof text, lang_text(l,
			    "This connection used "
			    "the key %s. Press k to register it: then `ssh "
			    "%s@host` logs you straight in with it."),
			    v->conn_fingerprint != NULL ?
			    v->conn_fingerprint : "", v->name != NULL ?
			    v->name : "NAME");
			st = view_style(VIEW_GOOD);
			break;
		case VIEW_CONN_KEY_YOURS:
			snprintf(text, sizeof text, lang_text(l,
			    "This connection's key "
			    "(marked *) is registered to you."));
			st = dim;
			break;
		case VIEW_CONN_KEY_OTHER:
			snprintf(text, sizeof text, lang_text(l,
			    "This connection's key "
			    "belongs to another account."));
			st = dim;
			break;
		default:
			snprintf(text, sizeof text, lang_text(l,
			    "This connection used no "
			    "SSH key. Connect with your key (ssh uses it when "
			    "you have one) and press k here to register it."));
			st = dim;
			break;
		}
		view_text_wrap(g, x, y, w, 3, &st, text);
	}

	buttons[VIEW_ACCOUNT_B_ADDKEY].disabled =
	    v->conn_key != VIEW_CONN_KEY_NEW;
	buttons[VIEW_ACCOUNT_B_REMOVE].disabled = v->nkeys == 0;
	n = VIEW_ACCOUNT_NBUTTONS;
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, n, -1, hits);
}
