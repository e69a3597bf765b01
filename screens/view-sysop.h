/*
 * view-sysop.h - the sysop menu: the live figures, the answer to the last
 * command (as many rows as the terminal has, scrolled), its result line
 * and the command line.  Its own header, beside views.h, so that the
 * sysop's screen stays out of the views every screen shares.
 */
#ifndef SCREENS_VIEW_SYSOP_H
#define SCREENS_VIEW_SYSOP_H

#include "screens/views.h"

struct view_sysop {
	struct view_chrome chrome;
	const char	*figures;	/* "3 sessions, 2 online, 1 table" */
	const char *const *rows;	/* the answer, one row a record */
	int		 nrows;
	int		 top;		/* first row shown */
	const char	*result;	/* "ok: ...", "error: ...", or NULL */
	int		 result_error;
	const char	*input;		/* the visible part of the command */
	int		 input_cursor;
};

/* Rows of the answer a terminal of this size shows; the input's width. */
int	view_sysop_rows(int sx, int sy);
int	view_sysop_input_width(int sx);
void	view_sysop_draw(struct grid *, const struct view_sysop *,
	    struct view_hits *);

#endif
