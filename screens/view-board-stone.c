/*
 * view-board-stone.c - a five-in-a-row or Connect6 board with its
 * coordinates on every side.
 *
 * Compact (fits a 19x19 board in 80x24): one row and two columns a point,
 * the points joined by lines:
 *
 *      a b c d e f g h i j k l m n o
 *   15 ┌─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┐ 15
 *   14 ├─┼─┼─┼─┼─┼─┼─┼─┼─┼─┼─┼─┼─┼─┤ 14
 *    8 ├─┼─┼─┼─┼─┼─●(○)┼─┼─┼─┼─┼─┼─┤ 8
 *
 * Large (for big terminals): four columns and two rows a point.
 *
 * Marks: the stones of the last turn (Connect6: both of the pair) between
 * ( ) in their own colour; the cursor between [ ] (and the terminal's
 * cursor on it); the stones of a winning line stand out; a
 * restricted point for Black shows ×.  Every mark is a glyph as well as a
 * colour, so it reads the same without colours.
 */
#include <stdio.h>
#include <string.h>

#include "engine/forbidden.h"
#include "engine/stone.h"
#include "screens/grid.h"
#include "screens/view-table.h"

#define STONE_BLACK_GLYPH 0x25cf	/* ● */
#define STONE_WHITE_GLYPH 0x25cb	/* ○ */
#define STONE_FORBID_GLYPH 0x00d7	/* × */

/* Stones one turn places at most (Connect6's pair). */
#define STONE_TURN_MAX 2

/* Columns of the row labels on each side ("15 ", " 15"). */
#define LABEL_W 3

static int
view_board_stone_pitch_x(int large)
{
	return large ? 4 : 2;
}

static int
view_board_stone_pitch_y(int large)
{
	return large ? 2 : 1;
}

void
view_board_stone_size(int size, int large, int *w, int *h)
{
	*w = LABEL_W + (size - 1) * view_board_stone_pitch_x(large) + 1 +
	    LABEL_W;
	*h = (size - 1) * view_board_stone_pitch_y(large) + 1 + 2;
}

int
view_board_stone_cell(const struct view_board *vb, int x, int y, int point,
    int *cx, int *cy)
{
	const struct stone_board	*b = stone_game_board(vb->game);
	int				 col, row;

	if (b == NULL || point < 0 || point >= b->size * b->size)
		return -1;
	col = point / b->size;
	row = point % b->size;
	*cx = x + LABEL_W + col * view_board_stone_pitch_x(vb->large);
	*cy = y + 1 + (b->size - 1 - row) * view_board_stone_pitch_y(vb->large);
	return 0;
}

int
view_board_stone_hit(const struct view_board *vb, int x, int y, int mx,
    int my)
{
	const struct stone_board	*b = stone_game_board(vb->game);
	int px = view_board_stone_pitch_x(vb->large);
	int py = view_board_stone_pitch_y(vb->large);
	int				 col, row;

	if (b == NULL)
		return -1;
	/* The nearest point; a click on a joining line counts for the point
	 * on its left (or above). */
	col = (mx - (x + LABEL_W) + (px - 1) / 2) / px;
	if (mx - (x + LABEL_W) < -(px - 1) / 2)
		return -1;
	row = (my - (y + 1) + (py - 1) / 2) / py;
	if (my < y + 1)
		return -1;
	if (col < 0 || col >= b->size || row < 0 || row >= b->size)
		return -1;
	return col * b->size + (b->size - 1 - row);
}

/* The line piece of an empty point: where its lines go. */
static unsigned
view_board_stone_point_dirs(int size, int col, int row)
{
	unsigned	 d = GRID_UP | GRID_DOWN | GRID_LEFT | GRID_RIGHT;

	if (col == 0)
		d &= ~GRID_LEFT;
	if (col == size - 1)
		d &= ~GRID_RIGHT;
	if (row == 0)
		d &= ~GRID_DOWN;
	if (row == size - 1)
		d &= ~GRID_UP;
	return d;
}

static int
view_board_stone_in(const int *points, int n, int p)
{
	for (int i = 0; i < n; i++) {
		if (points[i] == p)
			return 1;
	}
	return 0;
}

/*
 * The points of the last turn, newest first: the last stone and the
 * stones of the same side placed just before it (Connect6's pair); a
 * swap choice ends the turn.  Returns how many (at most max).
 */
static int
view_board_stone_last_turn(const struct game *gm, int *points, int max)
{
	const struct variant	*v = gm->variant;
	struct move		 m;
	int			 n = 0, side = -1, s;

	for (int i = v->ply(gm) - 1; i >= 0 && n < max; i--) {
		v->history(gm, i, &m, &s);
		if (m.to < 0 || (side >= 0 && s != side))
			break;
		side = s;
		points[n++] = m.to;
	}
	return n;
}

int
view_board_stone_draw(struct grid *g, int x, int y,
    const struct view_board *vb, struct view_hits *hits)
{
	const struct stone_board	*b = stone_game_board(vb->game);
	struct grid_style wood = GRID_STYLE_DEFAULT, label, black, white;
	struct grid_style		 mark, cur, win, forbid;
	uint8_t				 map[STONE_MAX_POINTS];
	int size, px, py, w, h, last[STONE_TURN_MAX], nlast, cx, cy;
	char				 text[16];

	if (b == NULL)
		return 0;
	size = b->size;
	px = view_board_stone_pitch_x(vb->large);
	py = view_board_stone_pitch_y(vb->large);
	view_board_stone_size(size, vb->large, &w, &h);
	nlast = view_board_stone_last_turn(vb->game, last, STONE_TURN_MAX);

	wood.fg = GRID_BLACK;
	wood.bg = GRID_YELLOW;
	label = view_style(VIEW_DIM);
	black = wood;
	black.attr = GRID_BOLD;
	white = wood;
	white.fg = GRID_WHITE + GRID_BRIGHT;
	white.attr = GRID_BOLD;
	mark = wood;
	mark.fg = GRID_RED;
	mark.attr = GRID_BOLD;
	cur = mark;
	cur.fg = GRID_BLUE;
	win = wood;
	win.bg = GRID_GREEN;
	win.attr = GRID_BOLD | GRID_REVERSE;
	forbid = wood;
	forbid.fg = GRID_RED;

	memset(map, 0, sizeof map);
	if (vb->restricted)
		forbidden_map(b, map);

	/* Coordinates on every side. */
	for (int c = 0; c < size; c++) {
		text[0] = (char)('a' + c);
		text[1] = '\0';
		grid_put(g, x + LABEL_W + c * px, y, &label, text);
		grid_put(g, x + LABEL_W + c * px, y + h - 1, &label, text);
	}
	for (int r = 0; r < size; r++) {
		int ry = y + 1 + (size - 1 - r) * py;

		snprintf(text, sizeof text, "%2d", r + 1);
		grid_put(g, x, ry, &label, text);
		grid_put(g, x + w - 2, ry, &label, text);
	}

	/* The wood and the lines. */
	grid_fill(g, x + LABEL_W - 1, y + 1, (size - 1) * px + 3,
	    (size - 1) * py + 1, ' ', &wood);
	for (int c = 0; c < size; c++) {
		for (int r = 0; r < size; r++) {
			int p = c * size + r;
			unsigned dirs = view_board_stone_point_dirs(size, c, r);

			if (view_board_stone_cell(vb, x, y, p, &cx, &cy) != 0)
				continue;
			grid_line_cell(g, cx, cy, dirs, GRID_LINE_LIGHT, &wood);
			for (int k = 1; k < px && c < size - 1; k++)
				grid_line_cell(g, cx + k, cy,
				    GRID_LEFT | GRID_RIGHT, GRID_LINE_LIGHT,
				    &wood);
			for (int k = 1; k < py && r > 0; k++)
				grid_line_cell(g, cx, cy + k, GRID_UP | GRID_DOWN,
				    GRID_LINE_LIGHT, &wood);
		}
	}

	/* One place for the whole board: a click is turned into a point by
	 * view_board_stone_hit (a view_hits list is too short for 361). */
	view_hits_add(hits, x + LABEL_W - 1, y + 1, (size - 1) * px + 3,
	    (size - 1) * py + 1, VIEW_HIT_POINT, -1);

	/* Stones and marks. */
	for (int p = 0; p < size * size; p++) {
		if (view_board_stone_cell(vb, x, y, p, &cx, &cy) != 0)
			continue;
		if (b->cell[p] == STONE_BLACK || b->cell[p] == STONE_WHITE) {
			struct grid_style st = b->cell[p] == STONE_BLACK ?
			    black : white;

			if (view_board_stone_in(vb->win, vb->nwin, p)) {
				st.bg = win.bg;
				st.attr |= GRID_REVERSE;
			}
			grid_set(g, cx, cy, b->cell[p] == STONE_BLACK ?
			    STONE_BLACK_GLYPH : STONE_WHITE_GLYPH, &st);
		} else if (map[p] != FORBIDDEN_NONE)
			grid_set(g, cx, cy, STONE_FORBID_GLYPH, &forbid);
	}
	for (int i = nlast - 1; i >= 0; i--) {
		/* In the stone's own style, so the three cells go out in one
		 * run: a move costs each viewer few bytes. */
		const struct grid_cell *sc;
		struct grid_style st = mark;

		if (vb->show_cursor && vb->cursor == last[i])
			continue;
		if (view_board_stone_cell(vb, x, y, last[i], &cx, &cy) != 0)
			continue;
		if ((sc = grid_get(g, cx, cy)) != NULL)
			st = sc->style;
		grid_set(g, cx - 1, cy, '(', &st);
		grid_set(g, cx + 1, cy, ')', &st);
	}
	if (vb->show_cursor && vb->cursor >= 0 &&
	    view_board_stone_cell(vb, x, y, vb->cursor, &cx, &cy) == 0) {
		grid_set(g, cx - 1, cy, '[', &cur);
		grid_set(g, cx + 1, cy, ']', &cur);
		grid_cursor(g, cx, cy, 1);
	}
	return w;
}
