/*
 * hall-text.h - the exec commands that print text and end instead of
 * drawing screens: `ssh host top VARIANT` (the leaderboard) and
 * `ssh host export GAME [psq|sgf|record]` (a finished game for other
 * programs, engine/export.h).  They need no terminal and no login: what
 * they print is what any profile shows.  A command that works ends with
 * exit status 0; one that cannot (an unknown variant, no such game) says
 * why in one line and ends with status 1, as a refused exec does.
 */
#ifndef SRC_HALL_TEXT_H
#define SRC_HALL_TEXT_H

#include <stdbool.h>

struct conn;
struct conn_info;
struct hall;

/* Whether this exec command line is one of them. */
bool	 hall_text_wanted(const char *exec);
/* Answer it: the conn handler's open (a client that only says goodbye, or
 * NULL for a failure). */
void	*hall_text_open(struct hall *, struct conn *,
	    const struct conn_info *);

#endif
