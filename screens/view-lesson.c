/*
 * view-lesson.c - a lesson step drawn: the board as at a table (the same
 * marks: × on Black's restricted points, the last stone, the cursor; a
 * shogi board from South with the squares a picked-up piece may go to),
 * and beside it
 *
 *   Lesson: Five in a row   step 2 of 5
 *   what to do, wrapped
 *   how the last try went (good, or the hint)
 *
 * with the keys on the status line.  Where the board leaves rows free
 * below it (four-player shogi's is wide and short), the text goes on
 * there across the screen, so a longer language still fits.
 */
#include <stdio.h>
#include <string.h>

#include "engine/stone.h"
#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/view-lesson.h"
#include "screens/views.h"

#define VIEW_LESSON_BX 1
#define VIEW_LESSON_BY 2
#define VIEW_LESSON_ELLIPSIS "\xe2\x80\xa6"	/* U+2026, as view-text.c */

/* Where the text goes: beside the board (x, w) down to row bottom, then
 * across the screen below it (fx, fw). */
struct view_lesson_area {
	int	 x, w, bottom, fx, fw;
};

/* s wrapped from row y in the area, its last row at most last (cut there
 * with an ellipsis); the row after it. */
static int
view_lesson_flow(struct grid *g, const struct view_lesson_area *a, int y,
    int last, const struct grid_style *style, const char *s)
{
	size_t	 len = strlen(s), pos = 0, next, n;
	int	 x, w, cols;

	while (pos < len && y <= last) {
		x = y <= a->bottom ? a->x : a->fx;
		w = y <= a->bottom ? a->w : a->fw;
		n = view_text_line(s + pos, len - pos, w, &next);
		if (y == last && pos + next < len) {
			cols = grid_putn(g, x, y, w - 1, style, s + pos, n);
			grid_put(g, x + cols, y, style, VIEW_LESSON_ELLIPSIS);
		} else
			grid_putn(g, x, y, w, style, s + pos, n);
		pos += next;
		y++;
	}
	return y;
}

/* The last row the board drew on (columns x to x + w - 1). */
static int
view_lesson_board_bottom(const struct grid *g, int x, int w, int top)
{
	int	 bottom = top;

	for (int y = top; y < g->sy; y++)
		for (int i = x; i < x + w && i < g->sx; i++) {
			const struct grid_cell *c = grid_get(g, i, y);

			if (c->ch != ' ' && c->ch != GRID_PAD)
				bottom = y;
		}
	return bottom;
}

int
view_lesson_board_hit(const struct view_lesson *v, int mx, int my)
{
	if (v->board.game == NULL)
		return -1;
	if (stone_game_board(v->board.game) == NULL)
		return view_board_yonin_hit(&v->board, VIEW_LESSON_BX,
		    VIEW_LESSON_BY, mx, my);
	return view_board_stone_hit(&v->board, VIEW_LESSON_BX, VIEW_LESSON_BY,
	    mx, my);
}

void
view_lesson_draw(struct grid *g, const struct view_lesson *v,
    struct view_hits *hits)
{
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 fb = view_style(v->good ? VIEW_GOOD :
				    VIEW_ERROR);
	struct view_lesson_area	 a;
	char			 text[128];
	int			 bw = 0, px, pw, y;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	snprintf(text, sizeof text, lang_text(v->chrome.lang, "Lesson: %s"),
	    v->title != NULL ? lang_text(v->chrome.lang, v->title) : "");
	view_text_fit(g, 2, 1, g->sx / 2, &head, text);
	if (v->board.game != NULL && stone_game_board(v->board.game) == NULL)
		bw = view_board_yonin_draw(g, VIEW_LESSON_BX, VIEW_LESSON_BY,
		    &v->board, hits);
	else if (v->board.game != NULL)
		bw = view_board_stone_draw(g, VIEW_LESSON_BX, VIEW_LESSON_BY,
		    &v->board, hits);
	px = VIEW_LESSON_BX + bw + 2;
	pw = g->sx - px - 1;
	if (pw < 10)
		return;
	a.x = px;
	a.w = pw;
	a.bottom = g->sy;
	if (bw > 0)
		a.bottom = view_lesson_board_bottom(g, VIEW_LESSON_BX, bw,
		    VIEW_LESSON_BY) + 1;
	a.fx = VIEW_LESSON_BX + 1;
	a.fw = g->sx - a.fx - 1;
	y = VIEW_LESSON_BY;
	snprintf(text, sizeof text, lang_text(v->chrome.lang, "Step %d of %d"),
	    v->step + 1, v->nsteps);
	view_text_fit(g, px, y++, pw, &head, text);
	y++;
	if (v->text != NULL)
		y = view_lesson_flow(g, &a, y, g->sy - 5, &norm,
		    lang_text(v->chrome.lang, v->text));
	y++;
	if (v->feedback != NULL && y < g->sy - 3)
		y = view_lesson_flow(g, &a, y, g->sy - 4, &fb, v->feedback);
	if (v->finished && y + 1 < g->sy - 2)
		view_lesson_flow(g, &a, y + 1, g->sy - 3, &dim,
		    lang_text(v->chrome.lang, "That was the lesson. Esc goes "
		    "back; open a table (n) or play the computer (v) to try "
		    "it for real."));
}
