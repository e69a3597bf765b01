/*
 * export.c - a game as other programs read it (see export.h): the choice
 * of format, the hall's record format, and the reader that tells the
 * formats apart.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/export.h"
#include "engine/stone.h"

int
export_format_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "psq") == 0)
		return EXPORT_PSQ;
	if (strcmp(s, "sgf") == 0)
		return EXPORT_SGF;
	if (strcmp(s, "record") == 0)
		return EXPORT_RECORD;
	return -1;
}

int
export_format_fits(const struct game *g, enum export_format f)
{
	if (f == EXPORT_RECORD)
		return 1;
	return stone_game_board(g) != NULL;
}

int
export_stone(struct game *g, int side, int point, char *err, size_t errlen)
{
	struct game_status	 st;
	struct move		 m = { .from = -1, .to = (int16_t)point };
	unsigned		 choice;

	g->variant->status(g, &st);
	if (st.phase == GAME_CHOOSING) {
		/* Stones alternate in colour whatever was chosen: only who
		 * holds which colour differs, and no stone file says. */
		choice = (st.choices & GAME_CHOICE_BLACK) ? GAME_CHOICE_BLACK :
		    GAME_CHOICE_WHITE;
		if (g->variant->choose(g, choice, err, errlen) != 0)
			return -1;
		g->variant->status(g, &st);
	}
	if (st.phase != GAME_PLAYING) {
		snprintf(err, errlen, "a stone after the end of the game");
		return -1;
	}
	return g->variant->play(g, side >= 0 ? side : st.to_move, &m, err,
	    errlen);
}

/* The record line, with comments before it for a person reading. */
static char *
export_record_write(const struct game *g, const struct export_info *info,
    char *err, size_t errlen)
{
	char	*text = NULL, *line;
	size_t	 size = 0, len = 4096;
	FILE	*f;
	int	 i;

	for (;;) {
		if ((line = malloc(len)) == NULL)
			goto nomem;
		if (game_record(g, line, len) >= 0)
			break;
		free(line);
		if (len >= (size_t)1 << 24) {
			snprintf(err, errlen, "the record is too long");
			return NULL;
		}
		len *= 4;
	}
	if ((f = open_memstream(&text, &size)) == NULL) {
		free(line);
		goto nomem;
	}
	fprintf(f, "# gamehall record 1\n");
	for (i = 0; info != NULL && i < g->variant->nsides; i++) {
		if (info->players[i] != NULL)
			fprintf(f, "# %s: %s\n", g->variant->side_name(g, i),
			    info->players[i]);
	}
	if (info != NULL && info->date != NULL)
		fprintf(f, "# date: %s\n", info->date);
	if (info != NULL && info->result != NULL)
		fprintf(f, "# result: %s\n", info->result);
	fprintf(f, "%s\n", line);
	free(line);
	if (fclose(f) != 0) {
		free(text);
		goto nomem;
	}
	return text;
nomem:
	snprintf(err, errlen, "out of memory");
	return NULL;
}

char *
export_write(const struct game *g, enum export_format fmt,
    const struct export_info *info, char *err, size_t errlen)
{
	if (!export_format_fits(g, fmt)) {
		snprintf(err, errlen, "%s has no %s format; try 'record'",
		    g->variant->name, fmt == EXPORT_PSQ ? "psq" : "sgf");
		return NULL;
	}
	if (fmt != EXPORT_RECORD && g->setup != NULL) {
		snprintf(err, errlen, "a game from a set-up position exports "
		    "as a record only");
		return NULL;
	}
	switch (fmt) {
	case EXPORT_PSQ:
		return export_psq_write(g, err, errlen);
	case EXPORT_SGF:
		return export_sgf_write(g, info, err, errlen);
	default:
		return export_record_write(g, info, err, errlen);
	}
}

/* The first line that is not a '#' comment or blank is the record. */
static struct game *
export_record_read(const char *text, char *err, size_t errlen)
{
	const char	*p = text, *end;
	char		*line;
	struct game	*g;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p == '\0') {
			snprintf(err, errlen, "no game in the text");
			return NULL;
		}
		end = p + strcspn(p, "\r\n");
		if (*p != '#')
			break;
		p = end;
	}
	if ((line = strndup(p, (size_t)(end - p))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	g = game_replay(line, err, errlen);
	free(line);
	return g;
}

struct game *
export_load(const char *text, const struct game *rules, char *err,
    size_t errlen)
{
	const char	*p = text;

	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (strncmp(p, "Piskvorky", 9) == 0) {
		if (rules == NULL) {
			snprintf(err, errlen, "a psq file names no rules");
			return NULL;
		}
		return export_psq_read(p, rules, err, errlen);
	}
	if (*p == '(')
		return export_sgf_read(p, err, errlen);
	return export_record_read(p, err, errlen);
}
