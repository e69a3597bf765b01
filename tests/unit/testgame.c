/*
 * testgame.c - a game from "VARIANT KEY=VALUE ..." for the tests.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "tests/unit/testgame.h"

struct game *
testgame_new(const char *spec)
{
	char		 buf[256], *tok[16], *save = NULL, err[GAME_ERR_LEN];
	int		 n = 0;
	struct game	*g;

	snprintf(buf, sizeof buf, "%s", spec);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < 16;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	ck_assert_msg(n > 0, "an empty game spec");
	g = game_new(tok[0], n - 1, tok + 1, err, sizeof err);
	ck_assert_msg(g != NULL, "%s: %s", spec, err);
	return g;
}
