/*
 * export-psq.c - stone games as Piskvork's .psq files (see export.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/export.h"
#include "engine/stone.h"

char *
export_psq_write(const struct game *g, char *err, size_t errlen)
{
	const struct stone_board *b = stone_game_board(g);
	char		*text = NULL;
	size_t		 size = 0;
	FILE		*f;
	struct move	 m;
	int		 i, n, side, col, row;

	if ((f = open_memstream(&text, &size)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	fprintf(f, "Piskvorky %dx%d, 11:11, 0\n", b->size, b->size);
	n = g->variant->ply(g);
	for (i = 0; i < n; i++) {
		g->variant->history(g, i, &m, &side);
		if (m.to < 0)
			continue;	/* a swap choice: no stone */
		col = m.to / b->size;
		row = m.to % b->size;
		fprintf(f, "%d,%d,0\n", col + 1, b->size - row);
	}
	if (fclose(f) != 0) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return text;
}

/* The rules' options with the size the file gives. */
static struct game *
export_psq_game(const struct game *rules, int size, char *err, size_t errlen)
{
	char	 opts[256], *tok[GAME_MAX_OPTIONS + 1], *save = NULL, *w;
	char	 sz[16];
	int	 n = 0, have = 0;

	if (rules->variant->options(rules, opts, sizeof opts) < 0)
		opts[0] = '\0';
	snprintf(sz, sizeof sz, "size=%d", size);
	for (w = strtok_r(opts, " ", &save); w != NULL && n < GAME_MAX_OPTIONS;
	    w = strtok_r(NULL, " ", &save)) {
		if (strncmp(w, "size=", 5) == 0) {
			w = sz;
			have = 1;
		}
		tok[n++] = w;
	}
	if (!have && size != stone_game_board(rules)->size) {
		snprintf(err, errlen, "%s is played on %dx%d, the file on "
		    "%dx%d", rules->variant->name,
		    stone_game_board(rules)->size,
		    stone_game_board(rules)->size, size, size);
		return NULL;
	}
	tok[n] = NULL;
	return game_new(rules->variant->name, n, tok, err, errlen);
}

struct game *
export_psq_read(const char *text, const struct game *rules, char *err,
    size_t errlen)
{
	struct game	*g;
	const char	*p = text;
	int		 w, h, x, y, t, line = 1, size;
	char		 e[GAME_ERR_LEN];

	if (stone_game_board(rules) == NULL) {
		snprintf(err, errlen, "a psq file holds a stone game, not %s",
		    rules->variant->name);
		return NULL;
	}
	if (sscanf(p, "Piskvorky %dx%d", &w, &h) != 2 || w != h || w < 5 ||
	    w > STONE_MAX_SIZE) {
		snprintf(err, errlen, "psq: the first line is not "
		    "'Piskvorky NxN, ...' with a board this engine plays");
		return NULL;
	}
	size = w;
	if ((g = export_psq_game(rules, size, err, errlen)) == NULL)
		return NULL;
	for (;;) {
		p += strcspn(p, "\n");
		if (*p == '\0')
			break;
		p++;
		line++;
		/* A line that is not a stone ends the moves: Piskvork puts
		 * the players' programs after them. */
		if (sscanf(p, "%d,%d,%d", &x, &y, &t) != 3)
			break;
		if (x < 1 || x > size || y < 1 || y > size) {
			snprintf(err, errlen, "psq line %d: %d,%d is off the "
			    "board", line, x, y);
			game_free(g);
			return NULL;
		}
		if (export_stone(g, -1, (x - 1) * size + (size - y), e,
		    sizeof e) != 0) {
			snprintf(err, errlen, "psq line %d: %s", line, e);
			game_free(g);
			return NULL;
		}
	}
	return g;
}
