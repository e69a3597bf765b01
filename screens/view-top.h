/*
 * view-top.h - the leaderboard screen: one variant's ranked players, then
 * those whose rating is still provisional, unranked.  Pure, like every
 * view (screens/views.h).
 */
#ifndef SCREENS_VIEW_TOP_H
#define SCREENS_VIEW_TOP_H

#include "screens/grid.h"
#include "screens/views.h"

#define VIEW_HIT_TOP_ROW 110	/* index = row of the list */
#define VIEW_HIT_TOP_VARIANT 111 /* index = variant tab */

struct view_top_row {
	int		 rank;		/* 0: provisional, no rank */
	const char	*name;
	const char	*rating;	/* "1623", "1500?" */
	const char	*deviation;	/* "87" */
	int		 games, wins, losses, draws;
	int		 you;		/* the viewer */
};

struct view_top {
	struct view_chrome chrome;
	const char *const *variants;	/* the tabs */
	int		 nvariants;
	int		 variant;	/* the tab shown */
	const struct view_top_row *rows;
	int		 nrows;
	int		 selected;	/* row, -1 none */
	int		 top;		/* first row shown */
	int		 provisional_rd; /* the RD that makes a rating provisional */
};

/* Rows of the list that fit a grid of this size. */
int	view_top_rows(int sx, int sy);
void	view_top_draw(struct grid *, const struct view_top *,
	    struct view_hits *);

#endif
