/*
 * bench-grid.c - what the writer sends and how fast it diffs.
 *
 * Prints the bytes for a full 80x24 redraw of a hall-like frame (a 15x15
 * board, a chat pane, a status line), for a stone placed on the board, for
 * a chat line appended (the pane scrolls, redrawn by diff), and the diffs
 * per second at 80x24 and 200x60.  Figures only; nothing passes or fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "screens/buf.h"
#include "screens/grid.h"
#include "screens/tty.h"

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
	printf("%-18s chat line appended:%6zu bytes (pane scrolls by diff)\n",
	    label, diff_bytes(b, a, caps));
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
	grid_free(a);
	grid_free(b);
	grid_free(c);
}

int
main(void)
{
	struct tty_caps	utf8_256 = { 1, TTY_COLOURS_256 };
	struct tty_caps	utf8_16 = { 1, TTY_COLOURS_16 };
	struct tty_caps	ascii_none = { 0, TTY_COLOURS_NONE };

	sizes("utf8/256 colours", &utf8_256);
	sizes("utf8/16 colours", &utf8_16);
	sizes("ascii/no colour", &ascii_none);
	rate(80, 24, &utf8_256);
	rate(200, 60, &utf8_256);
	return 0;
}
