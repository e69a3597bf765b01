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
 * with the keys on the status line.
 */
#include <stdio.h>
#include <string.h>

#include "engine/stone.h"
#include "screens/grid.h"
#include "screens/view-lesson.h"
#include "screens/views.h"

#define VIEW_LESSON_BX 1
#define VIEW_LESSON_BY 2

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
	char			 text[128];
	int			 bw = 0, px, pw, y;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	snprintf(text, sizeof text, "Lesson: %s", v->title != NULL ?
	    v->title : "");
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
	y = VIEW_LESSON_BY;
	snprintf(text, sizeof text, "Step %d of %d", v->step + 1, v->nsteps);
	view_text_fit(g, px, y++, pw, &head, text);
	y++;
	if (v->text != NULL)
		y += view_text_wrap(g, px, y, pw, g->sy - 4 - y, &norm,
		    v->text);
	y++;
	if (v->feedback != NULL && y < g->sy - 3)
		y += view_text_wrap(g, px, y, pw, g->sy - 3 - y, &fb,
		    v->feedback);
	if (v->finished && y + 1 < g->sy - 2)
		view_text_wrap(g, px, y + 1, pw, g->sy - 3 - y, &dim,
		    "That was the lesson. Esc goes back; open a table (n) or "
		    "play the computer (v) to try it for real.");
}
