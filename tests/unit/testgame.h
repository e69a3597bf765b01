/*
 * testgame.h - what the engine's tests share: a game from the words a
 * person would type ("gomoku size=19 restrict=on"), failing the test with
 * the engine's message when it refuses them.
 */
#ifndef TESTS_UNIT_TESTGAME_H
#define TESTS_UNIT_TESTGAME_H

#include "engine/game.h"

struct game *testgame_new(const char *spec);

#endif
