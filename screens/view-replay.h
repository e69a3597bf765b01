/*
 * view-replay.h - the replay of a finished game: the board at one move,
 * the move list with that move marked, the players and the result.  Pure,
 * like every view (screens/views.h); the position is the engine's game,
 * which the controller steps.
 */
#ifndef SCREENS_VIEW_REPLAY_H
#define SCREENS_VIEW_REPLAY_H

#include "screens/grid.h"
#include "screens/view-table.h"
#include "screens/views.h"

struct view_replay {
	struct view_chrome chrome;
	const char	*title;		/* "renju #12" */
	const char	*players;	/* "black alice, white bob" */
	const char	*about;		/* "2026-12-01  size=15  rated" */
	const char	*result;	/* "black (alice) wins: five" */
	struct view_board board;	/* the position at `ply` */
	int		 yonin;
	const char *const *moves;	/* every move of the game, in order */
	int		 nmoves;
	int		 ply;		/* moves played on the board, 0..n */
	const char	*jump;		/* digits typed so far, or NULL */
};

void	view_replay_draw(struct grid *, const struct view_replay *,
	    struct view_hits *);

#endif
