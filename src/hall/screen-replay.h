/*
 * screen-replay.h - the replay of a finished game (screen-replay.c), from
 * a profile's list of games, and of the moves so far at a live table.
 */
#ifndef SRC_HALL_SCREEN_REPLAY_H
#define SRC_HALL_SCREEN_REPLAY_H

#include <stdint.h>

struct client;
struct table;

/* Open the replay of stored game `id` (a status line says so when it
 * cannot be read). */
void	screen_replay_open(struct client *, int64_t id);
/* Open the replay of table t's game as it stands now (the table plays on;
 * Esc comes back to the screen below). */
void	screen_replay_open_table(struct client *, const struct table *t);

#endif
