/*
 * bench-grid.c - what the writer sends and how fast it diffs.
 *
 * Prints the bytes for a full 80x24 redraw of a hall-like frame (a 15x15
 * board, a chat pane beside it, a status line), for a stone placed on the
 * board, for a chat line appended there (the pane shares its rows with the
 * board, so only its rows below the board can be scrolled), for a chat
 * line appended in the lobby (screens/view-lobby.c: a full-width pane the
 * writer scrolls with a scroll region), the same with the chat in accented
 * text (combining marks: Vietnamese-like e + U+0323 U+0302), the diffs per
 * second at 80x24 and 200x60, how long a table frame takes to pack and
 * to unpack (screens/grid-pack.c: a client's shown grid between frames),
 * and what a grid takes in memory (a cell, an 80x24 grid, and its side
 * table of marks when the chat has them).
 * Figures only; nothing passes or fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "screens/buf.h"
#include "screens/grid.h"
#include "screens/grid-pack.h"
#include "screens/tty.h"
#include "screens/views.h"

#define CHAT_LINES 64

static const char *chat_text[] = {
	"alice: good game!", "bob: thanks, that four was sneaky",
	"carol: anyone for renju?", "dave: 中文 works too ●○",
	"erin: watching table 3", "frank: gg",
};

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A hall-like frame: board on the left, chat on the right, status below. */
static void
draw(struct grid *g, int stones, int chat_first)
{
	struct grid_style	board = { GRID_BLACK, 179, 0 };
	struct grid_style	status = { GRID_WHITE, GRID_BLUE, GRID_BOLD };
	struct grid_style	name = { GRID_CYAN, GRID_DEFAULT, GRID_BOLD };
	int			x, y, i, chat_x = 34, chat_h = g->sy - 3;

	grid_clear(g, NULL);
	for (y = 0; y < 15; y++) {
		for (x = 0; x < 15; x++) {
			unsigned d = 0;

			d |= y > 0 ? GRID_UP : 0;
			d |= y < 14 ? GRID_DOWN : 0;
			d |= x > 0 ? GRID_LEFT : 0;
			d |= x < 14 ? GRID_RIGHT : 0;
			grid_line_cell(g, 2 + 2 * x, 1 + y, d,
			    GRID_LINE_LIGHT, &board);
			if (x < 14)
				grid_set(g, 3 + 2 * x, 1 + y, 0x2500, &board);
		}
	}
	for (i = 0; i < stones; i++) {
		grid_set(g, 2 + 2 * ((i * 7) % 15), 1 + (i * 11) % 15,
		    i % 2 ? 0x25cb : 0x25cf, &board);
	}
	grid_box(g, chat_x, 0, g->sx - chat_x, chat_h, GRID_LINE_ROUND, NULL);
	for (y = 1; y < chat_h - 1; y++) {
		const char *line = chat_text[(chat_first + y) % 6];

		grid_putn(g, chat_x + 1, y, g->sx - chat_x - 2, &name, line,
		    strchr(line, ':') - line);
		grid_putn(g, chat_x + 1 + (int)(strchr(line, ':') - line), y,
		    g->sx - chat_x - 2 - (int)(strchr(line, ':') - line), NULL,
		    strchr(line, ':'), strlen(strchr(line, ':')));
	}
	grid_fill(g, 0, g->sy - 2, g->sx, 1, ' ', &status);
	grid_put(g, 1, g->sy - 2, &status, "gomoku  alice ● 4:32  bob ○ 5:01");
	grid_put(g, 0, g->sy - 1, NULL, "> hello wor");
	grid_cursor(g, 11, g->sy - 1, 1);
}

/*
 * The lobby with nchat messages of about 60 columns (the newest at the
 * bottom of its full-width chat pane), as a viewer whose focus is on the
 * tables sees it; with marks, a third of the letters carry one or two
 * combining marks.
 */
static void
draw_lobby(struct grid *g, int nchat, int marks)
{
	static const struct view_table_row tables[] = {
		{ .code = "AB12", .variant = "renju", .seats = 2,
		    .players = 1, .names = "alice", .timer = "30s",
		    .rated = 1 },
		{ .code = "CD34", .variant = "yonin", .seats = 4,
		    .players = 3, .names = "bob, carol, dave", .watchers = 2 },
		{ .code = "EF56", .variant = "gomoku", .seats = 2,
		    .players = 2, .names = "erin, frank", .watchers = 5,
		    .timer = "60s", .rated = 1 },
	};
	static const struct view_user users[] = {
		{ .name = "alice", .rating = "1623", .sessions = 1 },
		{ .name = "bob", .rating = "1500?", .sessions = 1 },
		{ .name = "carol", .rating = "1711", .you = 1, .sessions = 1 },
		{ .name = "guest-7f3a", .guest = 1, .sessions = 1 },
	};
	static const char *who[] = { "alice", "bob", "dave", "erin" };
	struct view_chat_line	chat[CHAT_LINES];
	char			text[CHAT_LINES][61 * 5], when[CHAT_LINES][6];
	struct view_lobby	v;
	int			i, j, n;

	memset(&v, 0, sizeof v);
	v.chrome.hall = "gamehall";
	v.chrome.screen = "Lobby";
	v.chrome.who = "carol";
	v.chrome.online = 4;
	v.chrome.clock = "12:34";
	v.chrome.hints = "Tab next pane  Enter join  q quit";
	v.focus = VIEW_LOBBY_TABLES;
	v.tables = tables;
	v.ntables = 3;
	v.users = users;
	v.nusers = 4;
	if (nchat > CHAT_LINES)
		nchat = CHAT_LINES;
	for (i = 0; i < nchat; i++) {
		for (j = n = 0; j < 60; j++) {
			text[i][n++] = j % 6 == 5 ? ' ' : 'a' + (i * 7 + j) % 26;
			if (marks && j % 6 == 1)
				n += sprintf(text[i] + n, "\xcc\x81");
			else if (marks && j % 6 == 3)
				n += sprintf(text[i] + n, "\xcc\xa3\xcc\x82");
		}
		text[i][n] = '\0';
		snprintf(when[i], sizeof when[i], "12:%02d", i % 60);
		chat[i].time = when[i];
		chat[i].from = who[i % 4];
		chat[i].text = text[i];
		chat[i].guest = 0;
		chat[i].you = 0;
	}
	v.chat = chat;
	v.nchat = nchat;
	view_lobby_draw(g, &v, NULL);
}

static size_t
diff_bytes(const struct grid *shown, const struct grid *frame,
    const struct tty_caps *caps)
{
	struct buf	b;
	size_t		n;

	buf_init(&b);
	tty_diff(&b, shown, frame, caps);
	n = b.len;
	buf_free(&b);
	return n;
}

static void
sizes(const char *label, const struct tty_caps *caps)
{
	struct grid	*a = grid_create(80, 24), *b = grid_create(80, 24);

	draw(a, 40, 0);
	printf("%-18s full 80x24 redraw: %6zu bytes\n", label,
	    diff_bytes(NULL, a, caps));
	draw(b, 41, 0);
	printf("%-18s one stone placed:  %6zu bytes\n", label,
	    diff_bytes(a, b, caps));
	draw(a, 41, 1);
	printf("%-18s side chat line:    %6zu bytes (pane beside the board)\n",
	    label, diff_bytes(b, a, caps));
	draw_lobby(a, 60, 0);
	draw_lobby(b, 61, 0);
	printf("%-18s lobby chat line:   %6zu bytes (full-width pane scrolled)"
	    "\n", label, diff_bytes(a, b, caps));
	draw_lobby(a, 60, 1);
	draw_lobby(b, 61, 1);
	printf("%-18s accented line:     %6zu bytes (the same, with marks)\n",
	    label, diff_bytes(a, b, caps));
	grid_free(a);
	grid_free(b);
}

/* Diffs per second between frames a and b (alternating), for a second. */
static void
rate_one(const char *what, const struct grid *a, const struct grid *b,
    const struct tty_caps *caps)
{
	struct buf	out;
	double		t0, t;
	long		n = 0;

	buf_init(&out);
	t0 = now();
	do {
		buf_reset(&out);
		if (b == NULL)
			tty_diff(&out, NULL, a, caps);
		else
			tty_diff(&out, (n & 1) ? a : b, (n & 1) ? b : a, caps);
		n++;
	} while ((t = now() - t0) < 1.0);
	printf("%dx%d: %9.0f %s/s (%4.1f us, %zu bytes each)\n", a->sx, a->sy,
	    n / t, what, t / n * 1e6, out.len);
	buf_free(&out);
}

static void
rate(int sx, int sy, const struct tty_caps *caps)
{
	struct grid	*a = grid_create(sx, sy), *b = grid_create(sx, sy);
	struct grid	*c = grid_create(sx, sy);

	draw(a, 40, 0);
	draw(b, 41, 0);
	draw(c, 41, 1);
	rate_one("diffs (a stone)", a, b, caps);
	rate_one("diffs (stone + chat scroll)", a, c, caps);
	rate_one("full redraws", a, NULL, caps);
	draw_lobby(a, 60, 0);
	draw_lobby(b, 61, 0);
	rate_one("diffs (lobby chat line)", a, b, caps);
	draw_lobby(a, 60, 1);
	draw_lobby(b, 61, 1);
	rate_one("diffs (accented chat line)", a, b, caps);
	rate_one("full redraws (accented)", a, NULL, caps);
	grid_free(a);
	grid_free(b);
	grid_free(c);
}

/*
 * What keeping a client's shown grid packed between frames costs each
 * frame: packing the frame just sent, unpacking it for the next diff.
 */
static void
pack_rate(int sx, int sy)
{
	struct grid		*a = grid_create(sx, sy), *u;
	struct grid_pack	*p;
	double			 t0, t, tp, tu;
	long			 n = 0;
	size_t			 bytes = 0;

	draw(a, 40, 1);
	t0 = now();
	do {
		p = grid_pack_new(a);
		bytes = grid_pack_bytes(p);
		grid_pack_free(p);
		n++;
	} while ((t = now() - t0) < 0.5);
	tp = t / n;
	p = grid_pack_new(a);
	n = 0;
	t0 = now();
	do {
		u = grid_pack_unpack(p);
		grid_free(u);
		n++;
	} while ((t = now() - t0) < 0.5);
	tu = t / n;
	printf("%dx%d: a table frame packs in %.1f us (%zu bytes) and unpacks "
	    "in %.1f us\n", sx, sy, tp * 1e6, bytes, tu * 1e6);
	grid_pack_free(p);
	grid_free(a);
}

/* What one client's shown grid costs while it sits idle. */
static void
memory(void)
{
	struct grid	*g = grid_create(80, 24);

	printf("memory: cell %zu bytes; 80x24 grid %zu bytes", sizeof
	    (struct grid_cell), grid_bytes(g));
	draw_lobby(g, 60, 0);
	printf("; lobby %zu", grid_bytes(g));
	draw_lobby(g, 60, 1);
	printf("; lobby, accented chat %zu\n", grid_bytes(g));
	grid_free(g);
}

int
main(void)
{
	struct tty_caps	utf8_256 = { 1, TTY_COLOURS_256, 1, 1 };
	struct tty_caps	utf8_16 = { 1, TTY_COLOURS_16, 1, 1 };
	struct tty_caps	ascii_none = { 0, TTY_COLOURS_NONE, 1, 1 };

	sizes("utf8/256 colours", &utf8_256);
	sizes("utf8/16 colours", &utf8_16);
	sizes("ascii/no colour", &ascii_none);
	rate(80, 24, &utf8_256);
	rate(200, 60, &utf8_256);
	pack_rate(80, 24);
	pack_rate(200, 60);
	memory();
	return 0;
}
