/*
 * view-board-yonin.c - the four-player shogi board, drawn from a seat.
 *
 * The viewer's seat is at the bottom; the others follow clockwise (the
 * next player on his left).  A square takes four columns: the way the piece
 * faces as the viewer sees it (▲ ▶ ▼ ◀, ASCII ^ > v <), '+' when promoted,
 * the kind (K R G S P); an overturned king shows × instead of an arrow.
 * Each owner has a colour (S yellow, W green, N cyan, E magenta); pieces
 * that nobody owns are dim.  Files and ranks label the edges as they fall
 * from this seat; each player's hand sits on his side of the board.
 *
 *            N alice  G1 P2
 *       9   8   7   6   5   4   3   2   1
 *  W  a   ·   · ▼S  ▼G  ▼K  ▼G  ▼S   ·   · a  E
 *  ...
 *  i                                         i
 *       9   8   7   6   5   4   3   2   1
 *            S bob  P1
 *
 * Marks: the king of a player in check on red, the selected piece in
 * reverse, legal destinations as * (or on green when a piece stands
 * there), the cursor underlined with the terminal's cursor on it.
 */
#include <stdio.h>
#include <string.h>

#include "engine/yonin.h"
#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/view-table.h"

#define SQ_W 4		/* columns a square takes */
#define HAND_W 4	/* the side hands' columns */
#define LABEL_W 3	/* rank label and its gap */
#define BOARD_X (HAND_W + LABEL_W)
#define BOARD_Y 2

static const uint32_t view_board_yonin_facing_glyph[4] = {
	0x25b2,	/* ▲ away from the viewer */
	0x25b6,	/* ▶ to his right */
	0x25bc,	/* ▼ towards him */
	0x25c0,	/* ◀ to his left */
};

static const char view_board_yonin_kind_char[] = {
	'?', 'K', 'G', 'R', 'S', 'P'
};

void
view_board_yonin_size(int *w, int *h)
{
	*w = BOARD_X + YONIN_SIZE * SQ_W + LABEL_W + HAND_W;
	*h = BOARD_Y + YONIN_SIZE + 2;
}

struct grid_style
view_board_yonin_seat_style(int seat)
{
	static const uint16_t colour[4] = {
		GRID_YELLOW + GRID_BRIGHT, GRID_GREEN + GRID_BRIGHT,
		GRID_CYAN + GRID_BRIGHT, GRID_MAGENTA + GRID_BRIGHT,
	};
	struct grid_style s = GRID_STYLE_DEFAULT;

	if (seat < 0 || seat > 3) {
		s.attr = GRID_DIM;
		return s;
	}
	s.fg = colour[seat];
	s.attr = GRID_BOLD;
	return s;
}

/* Where the viewer sees a seat: 0 bottom, 1 left, 2 top, 3 right. */
static int
view_board_yonin_rel(const struct view_board *vb, int seat)
{
	return (seat - vb->bottom + 4) & 3;
}

/* Screen square (sx, sy) of the 9x9 as the viewer sees it -> engine sq. */
int
view_board_yonin_square(int bottom, int sx, int sy)
{
	int	 x, y;

	switch (bottom & 3) {
	case YONIN_S:
		x = sx;
		y = sy;
		break;
	case YONIN_W:		/* the picture turned a quarter left */
		x = 8 - sy;
		y = sx;
		break;
	case YONIN_N:
		x = 8 - sx;
		y = 8 - sy;
		break;
	default:		/* E: a quarter right */
		x = sy;
		y = 8 - sx;
		break;
	}
	return y * 9 + x;
}

int
view_board_yonin_cell(const struct view_board *vb, int x, int y, int sq,
    int *cx, int *cy)
{
	if (sq < 0 || sq >= YONIN_SQUARES)
		return -1;
	for (int sy = 0; sy < 9; sy++) {
		for (int sx = 0; sx < 9; sx++) {
			if (view_board_yonin_square(vb->bottom, sx, sy) != sq)
				continue;
			*cx = x + BOARD_X + sx * SQ_W;
			*cy = y + BOARD_Y + sy;
			return 0;
		}
	}
	return -1;
}

int
view_board_yonin_hit(const struct view_board *vb, int x, int y, int mx,
    int my)
{
	int	 sx = mx - (x + BOARD_X), sy = my - (y + BOARD_Y);

	if (sx < 0 || sy < 0 || sx >= 9 * SQ_W || sy >= 9)
		return -1;
	return view_board_yonin_square(vb->bottom, sx / SQ_W, sy);
}

/* "9".."1" or "a".."i": what names the line a screen column/row is on. */
static char
view_board_yonin_label(int bottom, int along_x, int i)
{
	int	 a, b;

	/* Two squares on the same screen column (row): whatever they share
	 * in the engine's frame is this line's name. */
	if (along_x) {
		a = view_board_yonin_square(bottom, i, 0);
		b = view_board_yonin_square(bottom, i, 1);
	} else {
		a = view_board_yonin_square(bottom, 0, i);
		b = view_board_yonin_square(bottom, 1, i);
	}
	if (a % 9 == b % 9)
		return (char)('9' - a % 9);
	return (char)('a' + a / 9);
}

/* "G1 P2": a hand's pieces, the zero counts left out; records hits. */
static int
view_board_yonin_hand_draw(struct grid *g, int x, int y, int vertical,
    int maxw, const struct view_board *vb, int seat, struct view_hits *hits)
{
	static const char hand_char[YONIN_HAND_KINDS] = { 'R', 'G', 'S', 'P' };
	struct grid_style	 st = view_board_yonin_seat_style(seat);
	int			 count[YONIN_HAND_KINDS], at = 0;
	char			 text[8];

	yonin_hand(vb->game, seat, count);
	for (int i = 0; i < YONIN_HAND_KINDS; i++) {
		struct grid_style s = st;
		int n;

		if (count[i] == 0)
			continue;
		snprintf(text, sizeof text, "%c%d", hand_char[i], count[i]);
		if (vb->hand_seat == seat && vb->hand_slot == i)
			s.attr |= GRID_REVERSE;
		if (vertical) {
			n = grid_put(g, x, y + at, &s, text);
			view_hits_add(hits, x, y + at, n, 1, VIEW_HIT_HAND,
			    seat * 8 + i);
			at++;
		} else {
			if (at + (int)strlen(text) > maxw)
				break;
			n = grid_put(g, x + at, y, &s, text);
			view_hits_add(hits, x + at, y, n, 1, VIEW_HIT_HAND,
			    seat * 8 + i);
			at += n + 1;
		}
	}
	return at;
}

/* "N alice  G1 P2" on the top or bottom edge. */
static void
view_board_yonin_edge_draw(struct grid *g, int x, int y, int w,
    const struct view_board *vb, int seat, struct view_hits *hits)
{
	struct grid_style	 st = view_board_yonin_seat_style(seat);
	char			 text[48];
	int			 n;

	snprintf(text, sizeof text, "%c %s", yonin_seat_char(seat),
	    vb->names[seat] != NULL ? vb->names[seat] : "");
	n = view_text_fit(g, x, y, w / 2, &st, text);
	view_board_yonin_hand_draw(g, x + n + 2, y, 0, w - n - 2, vb, seat,
	    hits);
}

int
view_board_yonin_draw(struct grid *g, int x, int y,
    const struct view_board *vb, struct view_hits *hits)
{
	struct grid_style	 label = view_style(VIEW_DIM);
	struct grid_style	 empty = view_style(VIEW_DIM);
	unsigned		 checks = yonin_checks(vb->game);
	int			 w, h, seat_at[4];
	char			 text[4];

	view_board_yonin_size(&w, &h);
	for (int s = 0; s < 4; s++)
		seat_at[view_board_yonin_rel(vb, s)] = s;

	/* Files and ranks. */
	for (int i = 0; i < 9; i++) {
		text[0] = view_board_yonin_label(vb->bottom, 1, i);
		text[1] = '\0';
		grid_put(g, x + BOARD_X + i * SQ_W + 2, y + 1, &label, text);
		grid_put(g, x + BOARD_X + i * SQ_W + 2, y + BOARD_Y + 9, &label,
		    text);
		text[0] = view_board_yonin_label(vb->bottom, 0, i);
		grid_put(g, x + HAND_W + 1, y + BOARD_Y + i, &label, text);
		grid_put(g, x + BOARD_X + 9 * SQ_W, y + BOARD_Y + i, &label,
		    text);
	}

	/* The players around the board. */
	view_board_yonin_edge_draw(g, x + BOARD_X, y, 9 * SQ_W, vb, seat_at[2],
	    hits);
	view_board_yonin_edge_draw(g, x + BOARD_X, y + BOARD_Y + 10, 9 * SQ_W,
	    vb, seat_at[0], hits);
	for (int side = 1; side <= 3; side += 2) {
		int seat = seat_at[side];
		int hx = side == 1 ? x : x + BOARD_X + 9 * SQ_W + LABEL_W;
		struct grid_style st = view_board_yonin_seat_style(seat);

		text[0] = yonin_seat_char(seat);
		text[1] = '\0';
		grid_put(g, hx, y + BOARD_Y, &st, text);
		view_board_yonin_hand_draw(g, hx, y + BOARD_Y + 2, 1, HAND_W,
		    vb, seat, hits);
	}

	/* The squares: one place for all (see view_board_yonin_hit). */
	view_hits_add(hits, x + BOARD_X, y + BOARD_Y, 9 * SQ_W, 9,
	    VIEW_HIT_POINT, -1);
	for (int sy = 0; sy < 9; sy++) {
		for (int sx = 0; sx < 9; sx++) {
			int sq = view_board_yonin_square(vb->bottom, sx, sy);
			int cx = x + BOARD_X + sx * SQ_W, cy = y + BOARD_Y + sy;
			int mark = vb->marks != NULL && vb->marks[sq];
			struct yonin_piece p;
			struct grid_style st;

			if (!yonin_piece_at(vb->game, sq, &p)) {
				st = empty;
				if (mark) {
					st = GRID_STYLE_DEFAULT;
					st.fg = GRID_GREEN + GRID_BRIGHT;
					st.attr = GRID_BOLD;
				}
				if (vb->show_cursor && vb->cursor == sq)
					st.attr |= GRID_UNDERLINE;
				grid_set(g, cx + 2, cy, mark ? '*' : 0xb7, &st);
				continue;
			}
			st = view_board_yonin_seat_style(p.owner);
			if (p.overturned)
				st.attr = GRID_DIM;
			if (p.kind == YONIN_KING && !p.overturned &&
			    (checks >> p.owner & 1)) {
				st.bg = GRID_RED;
				st.fg = GRID_WHITE + GRID_BRIGHT;
				st.attr |= GRID_BOLD | GRID_UNDERLINE;
			}
			if (mark) {
				st.bg = GRID_GREEN;
				st.attr |= GRID_UNDERLINE;
			}
			if (vb->selected == sq)
				st.attr |= GRID_REVERSE;
			if (vb->show_cursor && vb->cursor == sq)
				st.attr |= GRID_UNDERLINE;
			grid_set(g, cx, cy, p.promoted ? '+' : ' ', &st);
			grid_set(g, cx + 1, cy, p.overturned ? 0xd7 :
			    view_board_yonin_facing_glyph[
			    view_board_yonin_rel(vb, p.facing)], &st);
			grid_set(g, cx + 2, cy,
			    (uint32_t)view_board_yonin_kind_char[p.kind], &st);
		}
	}
	if (vb->show_cursor && vb->cursor >= 0) {
		int cx, cy;

		if (view_board_yonin_cell(vb, x, y, vb->cursor, &cx, &cy) == 0)
			grid_cursor(g, cx + 2, cy, 1);
	}
	return w;
}
