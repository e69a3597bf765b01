/*
 * view-help.c - every key, screen by screen.
 *
 * Lines starting with '#' are headings; other lines are "KEYS\tWHAT".
 */
#include <stdio.h>
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

static const char *const view_help_text[] = {
	"#Everywhere",
	"?\tthis help (Esc or q leaves it)",
	"Esc\tback / cancel",
	"Ctrl-L\tdraw the whole screen again",
	"Mouse\tclick lists, fields and buttons",
	"#Lobby",
	"Tab / Shift-Tab\tnext / previous pane: tables, online, chat",
	"Up Down, j k\tmove in the list",
	"PgUp PgDn\tpage through the list; in the chat, scroll it",
	"Home End, g G\tfirst / last in the list",
	"Enter\tjoin the selected table (yours come first)",
	"n\tcreate a table (? in the form: the chosen game's rules)",
	"r\tthe rules of every game (Left/Right: the next game;",
	"\tL: a lesson on the board; D, stone games: drills)",
	"v\tplay the computer: variant, options, level; starts at once",
	"c\tjoin a table by its code",
	"w\twatch the selected table",
	"t\ttype in the chat (Enter sends, Esc leaves)",
	"f\tfind someone online: type the start of a name",
	"p\tyour profile: ratings, games (Enter: replay), head-to-head",
	"l\tthe leaderboards, a game at a time (Left/Right)",
	"a\tyour account: password and SSH keys (guests: register)",
	"s\tsettings: UTF-8 or ASCII, colours, mouse",
	"p, Enter on a name\ta profile; r in it reports him to the sysop",
	"t, then /ignore NAME\tstop seeing his chat (/unignore NAME)",
	"S\tthe sysop menu (sysops only)",
	"q, Ctrl-D, Ctrl-C\tleave the hall (Ctrl-C asks first in your game)",
	"#Table",
	"?\tthis table's rules, its options as set, its keys",
	"Arrows, h j k l\tmove the cursor on the board",
	"Enter, Space\tplace a stone; shogi: pick up a piece, then its square",
	"Mouse\tclick a point, a piece, a square or a piece in your hand",
	":\ttype a move (h8, 7g7f, 7g7f+, P*5e)",
	"1 2 3 4\tshogi: drop a rook, gold, silver or pawn from your hand",
	"s\ttake a seat / leave it (before the game)",
	"g\tstart the game (host, seats full) / agree to a rematch",
	"b w m\tswap openings: take black / white / place two more",
	"r\tresign (asks first)",
	"d\toffer a draw, or accept the one offered",
	"u\task to take back your move",
	"y n\tanswer a draw offer or a request to take back",
	"K, H\thost: send someone away / pass hosting on",
	"C\thost: seat the computer in a free seat (level 1-5)",
	"p\tthe profile of a seated player (then the seat; Esc back)",
	"R\treplay the moves so far (the game goes on; Esc back)",
	"v\tfour-player shogi: turn the board to another side",
	"c, Tab\ttype in the table chat (Enter sends, Esc leaves)",
	"PgUp PgDn\tscroll the table chat",
	"Esc, q\tback to the lobby (asks first in your game)",
	"\tyour seat stays yours: the lobby lists the table, and after",
	"\tthe grace the computer plays for you until you are back",
	"#Chat line and form fields",
	"Left Right\tmove the cursor",
	"Home End, Ctrl-A Ctrl-E\tstart / end of the line",
	"Backspace, Delete\tdelete a character",
	"Ctrl-U, Ctrl-K, Ctrl-W\tdelete to the start / to the end / a word",
	"Tab, Up Down\tnext / previous field",
	"Enter\tsend the line / next field / OK",
	"#Account",
	"k\tregister the key of this connection (one keystroke)",
	"Del, x\tremove the selected key (asks first)",
	"P\tchange (or set) your password",
	"#Settings",
	"Up Down\tchoose a setting",
	"Left Right, Space\tchange it",
	"d\tgo back to what your terminal told",
	"#Connecting",
	"ssh NAME@HOST\tlog in as NAME: straight in with a registered key",
	"ssh HOST\tthe welcome screen: log in, register, or play as a guest",
	"ssh -t HOST join CODE\tgo straight to a table (also: watch CODE)",
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
	static const struct view_button buttons[] = {
		{ "j/k PgUp/PgDn", "scroll", NULL, 0 },
		{ "Esc", "back", NULL, 0 },
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

	view_text_fit(g, x, 1, g->sx - 4, &head, "Keys");
	rows = view_help_rows(g->sy);
	kw = g->sx >= 100 ? 32 : 26;
	for (i = 0; i < rows; i++) {
		idx = v->top + i;
		if (idx < 0 || idx >= VIEW_HELP_NLINES)
			break;
		line = view_help_text[idx];
		y = 2 + i;
		if (line[0] == '#') {
			view_text_fit(g, x, y, g->sx - 4, &head, line + 1);
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
		snprintf(more, sizeof more, "(%d more lines: PgDn)",
		    VIEW_HELP_NLINES - v->top - rows);
		view_text_fit(g, g->sx - 26, 1, 24, &dim, more);
	}
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 2, -1, hits);
}
