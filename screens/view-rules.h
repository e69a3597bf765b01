/*
 * view-rules.h - a rules page (screens/rules.h) as a screen: the page
 * word-wrapped to the terminal's width and scrolled, headed by how the
 * table (or the create form) has its options set, and at a table followed
 * by the keys that work there.
 */
#ifndef SCREENS_VIEW_RULES_H
#define SCREENS_VIEW_RULES_H

#include "screens/grid.h"
#include "screens/rules.h"
#include "screens/views.h"

enum {
	VIEW_RULES_B_SCROLL,
	VIEW_RULES_B_OTHER,	/* other games: only when browsing */
	VIEW_RULES_B_LESSON,	/* the lesson: only when there is one */
	VIEW_RULES_B_KEYS,
	VIEW_RULES_B_BACK,
	VIEW_RULES_NBUTTONS
};

struct view_rules {
	struct view_chrome	 chrome;
	const struct rules_page	*page;
	int			 index;		/* of rules_pages(), for "2/6" */
	int			 browse;	/* Left/Right go to other pages */
	int			 lesson;	/* L opens a lesson on the board */
	int			 drills;	/* D opens drills */

	/* "This table": the options as set, one line each (may be 0). */
	const char		*settings_head;	/* "This table K7P3Q" */
	const char *const	*settings;
	int			 nsettings;

	/* Keys to list after the page ("KEYS\tWHAT" as view-help.c). */
	const char		*keys_head;
	const char *const	*keys;
	int			 nkeys;

	int			 top;		/* first row shown */
};

/* Rows of text the page takes at a grid sx wide, and rows shown at a
 * grid sy high (the controller keeps top within them). */
int	view_rules_lines(const struct view_rules *, int sx);
int	view_rules_rows(int sy);
void	view_rules_draw(struct grid *, const struct view_rules *,
	    struct view_hits *);

#endif
