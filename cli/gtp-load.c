/*
 * gtp-load.c - gh-load FILE: the game a file exported by the hall (or
 * another program's .psq or .sgf) holds becomes the game, so that genmove
 * can analyse it.  Like GTP's loadsgf this one command reads a file; the
 * text itself is read by engine/export.c.  A .psq file names no rules:
 * they are those of the game before the command (set with gh-variant).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gtp.h"
#include "engine/export.h"

#define GTP_LOAD_MAX (4 << 20)	/* bytes: far more than any game */

static char *
gtp_load_read(const char *path, char *err, size_t errlen)
{
	FILE	*f;
	char	*text;
	size_t	 n;

	if ((f = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if ((text = malloc(GTP_LOAD_MAX + 1)) == NULL) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	n = fread(text, 1, GTP_LOAD_MAX + 1, f);
	if (ferror(f) || n > GTP_LOAD_MAX) {
		snprintf(err, errlen, "%s: %s", path, ferror(f) ?
		    "read error" : "too long for a game");
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	text[n] = '\0';
	return text;
}

int
gtp_load(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct game	*g;
	char		*text, err[GAME_ERR_LEN + 64];

	if (argc != 2)
		return gtp_fail(r, "usage: gh-load FILE");
	if ((text = gtp_load_read(argv[1], err, sizeof err)) == NULL)
		return gtp_fail(r, "%s", err);
	g = export_load(text, gtp_game(gtp), err, sizeof err);
	free(text);
	if (g == NULL)
		return gtp_fail(r, "%s", err);
	gtp_set_game(gtp, g);
	return 0;
}
