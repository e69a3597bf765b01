/*
 * view-help.c - every key, screen by screen.
 *
 * Lines starting with '#' are headings; other lines are "KEYS\tWHAT".
 * Each line is looked up whole in the reader's language when drawn (a
 * translation keeps the keys before the tab); the sections are found by
 * their English headings.
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

static const char *const view_help_text[] = {
	N_("#Everywhere"),
	N_("?\tthis help (Esc or q leaves it)"),
	N_("Esc\tback / cancel"),
	N_("Ctrl-L\tdraw the whole screen again"),
	N_("Mouse\tclick lists, fields and buttons"),
	N_("#Lobby"),
	N_("Tab / Shift-Tab\tnext / previous pane: tables, online, chat"),
	N_("Up Down, j k\tmove in the list"),
	N_("PgUp PgDn\tpage through the list; in the chat, scroll it"),
	N_("Home End, g G\tfirst / last in the list"),
	N_("Enter\tjoin the selected table (yours come first)"),
	N_("n\tcreate a table (? in the form: the chosen game's rules)"),
	N_("r\tthe rules of every game (Left/Right: the next game;"),
	N_("\tL: a lesson on the board; D, stone games: drills)"),
	N_("v\tplay the computer: variant, options, level; starts at once"),
	N_("c\tjoin a table by its code"),
	N_("w\twatch the selected table"),
	N_("t\ttype in the chat (Enter sends, Esc leaves)"),
	N_("f\tfind someone online: type the start of a name"),
	N_("p\tyour profile: ratings, games (Enter: replay), head-to-head"),
	N_("l\tthe leaderboards, a game at a time (Left/Right)"),
	N_("a\tyour account: password and SSH keys (guests: register)"),
	N_("s\tsettings: UTF-8 or ASCII, colours, mouse, language"),
	N_("p, Enter on a name\ta profile; r in it reports him to the sysop"),
	N_("t, then /ignore NAME\tstop seeing his chat (/unignore NAME)"),
	N_("S\tthe sysop menu (sysops only)"),
	N_("q, Ctrl-D, Ctrl-C\tleave the hall (Ctrl-C asks first in your game)"),
	N_("#Table"),
	N_("?\tthis table's rules, its options as set, its keys"),
	N_("Arrows, h j k l\tmove the cursor on the board"),
	N_("Enter, Space\tplace a stone; shogi: pick up a piece, then its square"),
	N_("Mouse\tclick a point, a piece, a square or a piece in your hand"),
	N_(":\ttype a move (h8, 7g7f, 7g7f+, P*5e)"),
	N_("1 2 3 4\tshogi: drop a rook, gold, silver or pawn from your hand"),
	N_("s\ttake a seat / leave it (before the game)"),
	N_("g\tstart the game (host, seats full) / agree to a rematch"),
	N_("b w m\tswap openings: take black / white / place two more"),
	N_("r\tresign (asks first)"),
	N_("d\toffer a draw, or accept the one offered"),
	N_("u\task to take back your move"),
	N_("y n\tanswer a draw offer or a request to take back"),
	N_("K, H\thost: send someone away / pass hosting on"),
	N_("C\thost: seat the computer in a free seat (level 1-5)"),
	N_("p\tthe profile of a seated player (then the seat; Esc back)"),
	N_("R\treplay the moves so far (the game goes on; Esc back)"),
	N_("v\tfour-player shogi: turn the board to another side"),
	N_("c, Tab\ttype in the table chat (Enter sends, Esc leaves)"),
	N_("PgUp PgDn\tscroll the table chat"),
	N_("Esc, q\tback to the lobby (asks first in your game)"),
	N_("\tyour seat stays yours: the lobby lists the table, and after"),
	N_("\tthe grace the computer plays for you until you are back"),
	N_("#Chat line and form fields"),
	N_("Left Right\tmove the cursor"),
	N_("Home End, Ctrl-A Ctrl-E\tstart / end of the line"),
	N_("Backspace, Delete\tdelete a character"),
	N_("Ctrl-U, Ctrl-K, Ctrl-W\tdelete to the start / to the end / a word"),
	N_("Tab, Up Down\tnext / previous field"),
	N_("Enter\tsend the line / next field / OK"),
	N_("#Account"),
	N_("k\tregister the key of this connection (one keystroke)"),
	N_("Del, x\tremove the selected key (asks first)"),
	N_("P\tchange (or set) your password"),
	N_("#Settings"),
	N_("Up Down\tchoose a setting"),
	N_("Left Right, Space\tchange it"),
	N_("d\tgo back to what your terminal told"),
	N_("#Connecting"),
	N_("ssh NAME@HOST\tlog in as NAME: straight in with a registered key"),
	N_("ssh HOST\tthe welcome screen: log in, register, or play as a guest"),
	N_("ssh -t HOST join CODE\tgo straight to a table (also: watch CODE)"),
};

#define VIEW_HELP_NLINES \
	((int)(sizeof view_help_text / sizeof view_help_text[0]))

int
view_help_lines(void)
{
	return VIEW_HELP_NLINES;
}

const char *const *
view_help_section(const char *heading, int *n)
{
	int	 first = -1;

	*n = 0;
	for (int i = 0; i < VIEW_HELP_NLINES; i++) {
		if (view_help_text[i][0] == '#') {
			if (first >= 0)
				break;
			if (strcmp(view_help_text[i] + 1, heading) == 0)
				first = i + 1;
		} else if (first >= 0)
			(*n)++;
	}
	return first >= 0 ? &view_help_text[first] : NULL;
}

int
view_help_rows(int sy)
{
	int	rows = sy - 5;	/* title, heading, blank, buttons, status */

	return rows < 1 ? 1 : rows;
}

void
view_help_draw(struct grid *g, const struct view_help *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	const struct view_button buttons[] = {
		{ "j/k PgUp/PgDn", lang_text(l, "scroll"), NULL, 0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 key = view_style(VIEW_KEY);
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 dim = view_style(VIEW_DIM);
	const char		*line, *tab;
	char			 more[64];
	int			 rows, i, idx, y, kw, x = 2;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);

	view_text_fit(g, x, 1, g->sx - 4, &head, lang_text(l, "Keys"));
	rows = view_help_rows(g->sy);
	kw = g->sx >= 100 ? 32 : 26;
	for (i = 0; i < rows; i++) {
		idx = v->top + i;
		if (idx < 0 || idx >= VIEW_HELP_NLINES)
			break;
		line = lang_text(l, view_help_text[idx]);
		y = 2 + i;
		if (view_help_text[idx][0] == '#') {
			if (line[0] == '#')
				line++;
			view_text_fit(g, x, y, g->sx - 4, &head, line);
			continue;
		}
		tab = strchr(line, '\t');
		if (tab == NULL) {
			view_text_fit(g, x + 2, y, g->sx - 6, &norm, line);
			continue;
		}
		grid_putn(g, x + 2, y, kw - 3, &key, line,
		    (size_t)(tab - line));
		view_text_fit(g, x + kw, y, g->sx - x - kw - 1, &norm,
		    tab + 1);
	}
	if (v->top + rows < VIEW_HELP_NLINES) {
		snprintf(more, sizeof more, lang_plural(l,
		    "(%d more line: PgDn)", "(%d more lines: PgDn)",
		    (unsigned long)(VIEW_HELP_NLINES - v->top - rows)),
		    VIEW_HELP_NLINES - v->top - rows);
		view_text_fit(g, g->sx - 26, 1, 24, &dim, more);
	}
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 2, -1, hits);
}
