/*
 * screen-replay.h - the replay of a finished game (screen-replay.c), from
 * a profile's list of games.
 */
#ifndef SRC_HALL_SCREEN_REPLAY_H
#define SRC_HALL_SCREEN_REPLAY_H

#include <stdint.h>

struct client;

/* Open the replay of stored game `id` (a status line says so when it
 * cannot be read). */
void	screen_replay_open(struct client *, int64_t id);

#endif
