/*
 * view-replay.c - the replay screen (see view-replay.h): the board on the
 * left as at a table, the game and its moves on the right.
 */
#include <stdio.h>

#include "engine/stone.h"
#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/view-replay.h"
#include "screens/views.h"

#define VIEW_REPLAY_CELL 10	/* columns of one entry of the move list */

/* The move list: as many columns as fit, the window scrolled so the move
 * last played is in it. */
static void
view_replay_moves(struct grid *g, const struct view_replay *v, int x, int y,
    int w, int h)
{
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 sel = view_style(VIEW_SELECTED);
	int			 cols = w / VIEW_REPLAY_CELL, first, i, idx;
	char			 text[32];

	if (cols < 1 || h < 1)
		return;
	/* Whole rows, so a move keeps its column while stepping. */
	first = 0;
	while (v->ply - 1 >= first + cols * h)
		first += cols;
	for (i = 0; i < cols * h; i++) {
		idx = first + i;
		if (idx >= v->nmoves)
			break;
		snprintf(text, sizeof text, "%3d %s", idx + 1,
		    v->moves[idx] != NULL ? v->moves[idx] : "");
		view_text_fit(g, x + (i % cols) * VIEW_REPLAY_CELL, y + i / cols,
		    VIEW_REPLAY_CELL - 1, idx == v->ply - 1 ? &sel :
		    idx < v->ply ? &norm : &dim, text);
	}
}

void
view_replay_draw(struct grid *g, const struct view_replay *v,
    struct view_hits *hits)
{
	const struct lang	*l = v->chrome.lang;
	const struct view_button buttons[] = {
		{ "\xe2\x86\x90/\xe2\x86\x92", lang_text(l, "step"), NULL,
		    0 },
		{ "Home/End", lang_text(l, "start/end"), lang_text(l, "ends"),
		    0 },
		{ "N Enter", lang_text(l, "go to move"), lang_text(l, "go"),
		    0 },
		{ "Esc", lang_text(l, "back"), NULL, 0 },
	};
	struct grid_style	 norm = view_style(VIEW_NORMAL);
	struct grid_style	 head = view_style(VIEW_HEADING);
	struct grid_style	 dim = view_style(VIEW_DIM);
	struct grid_style	 key = view_style(VIEW_KEY);
	const struct stone_board *b = NULL;
	struct view_board	 vb = v->board;
	char			 text[64];
	int			 bw, bh, px, pw, y, large = 0, lw, lh;

	view_hits_clear(hits);
	view_chrome_draw(g, &v->chrome);
	if (g->sx < VIEW_MIN_COLS || g->sy < VIEW_MIN_ROWS) {
		view_small_draw(g, g->sx, g->sy);
		return;
	}
	if (v->board.game != NULL)
		b = stone_game_board(v->board.game);
	if (v->yonin || b == NULL)
		view_board_yonin_size(&bw, &bh);
	else {
		view_board_stone_size(b->size, 1, &lw, &lh);
		if (g->sy >= lh + 4 && g->sx >= lw + 2 + 30 + 6) {
			large = 1;
			bw = lw;
			bh = lh;
		} else
			view_board_stone_size(b->size, 0, &bw, &bh);
	}
	vb.large = large;
	if (v->board.game != NULL) {
		if (v->yonin)
			view_board_yonin_draw(g, 1, 1, &vb, NULL);
		else
			view_board_stone_draw(g, 1, 1, &vb, NULL);
	}

	px = 1 + bw + 2;
	pw = g->sx - px - 1;
	if (pw < 12)
		return;
	y = 1;
	view_text_fit(g, px, y++, pw, &head, v->title);
	if (v->players != NULL)
		y += view_text_wrap(g, px, y, pw, 2, &norm, v->players);
	if (v->about != NULL)
		y += view_text_wrap(g, px, y, pw, 2, &dim, v->about);
	if (v->result != NULL)
		y += view_text_wrap(g, px, y, pw, 2, &norm, v->result);
	y++;
	if (v->jump != NULL)
		snprintf(text, sizeof text, lang_text(l, "Go to move: %s_"),
		    v->jump);
	else if (v->ply == 0)
		snprintf(text, sizeof text, lang_plural(l, "Start (%d move)",
		    "Start (%d moves)", (unsigned long)v->nmoves), v->nmoves);
	else
		snprintf(text, sizeof text, lang_text(l, "Move %d of %d"),
		    v->ply, v->nmoves);
	view_text_fit(g, px, y++, pw, v->jump != NULL ? &key : &head, text);
	view_replay_moves(g, v, px, y, pw, g->sy - 3 - y);
	view_buttons_draw(g, 0, g->sy - 2, g->sx, buttons, 4, -1, hits);
}
