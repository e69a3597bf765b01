/*
 * view-lesson.h - a lesson step on the board: the board on the left, and
 * beside it the step, what to do, and how the last try went.
 */
#ifndef SCREENS_VIEW_LESSON_H
#define SCREENS_VIEW_LESSON_H

#include "screens/grid.h"
#include "screens/view-table.h"
#include "screens/views.h"

struct view_lesson {
	struct view_chrome	 chrome;
	const char		*title;		/* "Five in a row" */
	int			 step, nsteps;	/* 0-based step */
	const char		*text;		/* what to do */
	const char		*feedback;	/* the last try, or NULL */
	int			 good;		/* ... it was right */
	int			 finished;	/* the last step is done */
	struct view_board	 board;
};

/* The point under a click at mx,my on a grid sx x sy, or -1. */
int	view_lesson_board_hit(const struct view_lesson *, int mx, int my);
void	view_lesson_draw(struct grid *, const struct view_lesson *,
	    struct view_hits *);

#endif
