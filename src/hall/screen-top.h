/*
 * screen-top.h - the leaderboard screen (screen-top.c), from the lobby.
 */
#ifndef SRC_HALL_SCREEN_TOP_H
#define SRC_HALL_SCREEN_TOP_H

struct client;

/* Open on `variant` (NULL: the first one). */
void	screen_top_open(struct client *, const char *variant);

#endif
