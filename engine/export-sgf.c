/*
 * export-sgf.c - stone games as SGF (see export.h).  SGF points are two
 * letters, column then row, both from the top-left corner.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/export.h"
#include "engine/stone.h"

#define EXPORT_SGF_C6 "Connect6"

/* An SGF text value: ']' and '\' escaped. */
static void
export_sgf_value(FILE *f, const char *prop, const char *s)
{
	if (s == NULL)
		return;
	fprintf(f, "%s[", prop);
	for (; *s != '\0'; s++) {
		if (*s == ']' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc(']', f);
}

char *
export_sgf_write(const struct game *g, const struct export_info *info,
    char *err, size_t errlen)
{
	const struct stone_board *b = stone_game_board(g);
	char		*text = NULL, opts[256], gh[300];
	size_t		 size = 0;
	FILE		*f;
	struct move	 m;
	int		 i, n, side, c6;

	if ((f = open_memstream(&text, &size)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c6 = strcmp(g->variant->name, "connect6") == 0;
	if (g->variant->options(g, opts, sizeof opts) < 0)
		opts[0] = '\0';
	snprintf(gh, sizeof gh, "%s%s%s", g->variant->name,
	    opts[0] != '\0' ? " " : "", opts);
	fprintf(f, "(;FF[4]CA[UTF-8]AP[gamehall]GM[%s]SZ[%d]",
	    c6 ? EXPORT_SGF_C6 : "4", b->size);
	export_sgf_value(f, "GH", gh);
	if (info != NULL) {
		export_sgf_value(f, "PB", info->players[0]);
		export_sgf_value(f, "PW", info->players[1]);
		export_sgf_value(f, "DT", info->date);
		if (info->winner == 0 || info->winner == 1)
			fprintf(f, "RE[%c+]", info->winner == 0 ? 'B' : 'W');
		else if (info->winner == -1)
			fprintf(f, "RE[0]");
		export_sgf_value(f, "GC", info->result);
	}
	fputc('\n', f);
	n = g->variant->ply(g);
	for (i = 0; i < n; i++) {
		g->variant->history(g, i, &m, &side);
		if (m.to < 0)
			continue;	/* a swap choice: no stone */
		fprintf(f, ";%c[%c%c]", side == 0 ? 'B' : 'W',
		    'a' + m.to / b->size, 'a' + (b->size - 1 - m.to % b->size));
		if (i % 10 == 9)
			fputc('\n', f);
	}
	fprintf(f, ")\n");
	if (fclose(f) != 0) {
		free(text);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	return text;
}

/* The next property (an upper-case name and its first value) after *p,
 * moving past the rest of its values; 0, or -1 at the end of the tree. */
static int
export_sgf_prop(const char **p, char *name, size_t nlen, char *val,
    size_t vlen)
{
	const char	*s = *p;
	size_t		 n = 0, v = 0;
	int		 first = 1;

	for (;;) {
		while (*s != '\0' && !isupper((unsigned char)*s) && *s != ')')
			s++;
		if (*s == '\0' || *s == ')')
			return -1;
		n = 0;
		while (isupper((unsigned char)*s) || islower((unsigned char)*s)) {
			if (isupper((unsigned char)*s) && n + 1 < nlen)
				name[n++] = *s;
			s++;
		}
		name[n] = '\0';
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '[')
			break;
	}
	v = 0;
	while (*s == '[') {
		for (s++; *s != '\0' && *s != ']'; s++) {
			if (*s == '\\' && s[1] != '\0')
				s++;
			if (first && v + 1 < vlen)
				val[v++] = *s;
		}
		if (*s == ']')
			s++;
		first = 0;
		while (isspace((unsigned char)*s))
			s++;
	}
	val[v] = '\0';
	*p = s;
	return 0;
}

static struct game *
export_sgf_game(const char *gm, int size, const char *gh, char *err,
    size_t errlen)
{
	char	 buf[300], *tok[GAME_MAX_OPTIONS + 2], *save = NULL, *w;
	char	 sz[16];
	int	 n = 0;

	if (gh[0] != '\0') {
		snprintf(buf, sizeof buf, "%s", gh);
		for (w = strtok_r(buf, " ", &save); w != NULL &&
		    n < GAME_MAX_OPTIONS + 1; w = strtok_r(NULL, " ", &save))
			tok[n++] = w;
		if (n == 0) {
			snprintf(err, errlen, "sgf: an empty GH[]");
			return NULL;
		}
		tok[n] = NULL;
		return game_new(tok[0], n - 1, tok + 1, err, errlen);
	}
	/* Another program's file: the family's plain rules on its board. */
	snprintf(sz, sizeof sz, "size=%d", size > 0 ? size : 15);
	tok[0] = sz;
	tok[1] = NULL;
	if (strcmp(gm, EXPORT_SGF_C6) == 0)
		return game_new("connect6", 1, tok, err, errlen);
	if (strcmp(gm, "4") == 0)
		return game_new("gomoku", 1, tok, err, errlen);
	snprintf(err, errlen, "sgf: GM[%.16s] is not a game of this engine "
	    "(4 for gomoku and renju, %s)", gm, EXPORT_SGF_C6);
	return NULL;
}

struct game *
export_sgf_read(const char *text, char *err, size_t errlen)
{
	const struct stone_board *b;
	struct game	*g = NULL;
	const char	*p = text + 1, *moves;
	char		 name[16], val[300], gm[32] = "", gh[300] = "";
	char		 e[GAME_ERR_LEN];
	int		 size = 0, col, row, nmove = 0;

	/* The root node's properties come before the first move. */
	for (;;) {
		moves = p;
		if (export_sgf_prop(&p, name, sizeof name, val,
		    sizeof val) != 0)
			break;
		if (strcmp(name, "B") == 0 || strcmp(name, "W") == 0)
			break;
		if (strcmp(name, "GM") == 0)
			snprintf(gm, sizeof gm, "%.31s", val);
		else if (strcmp(name, "SZ") == 0)
			size = atoi(val);
		else if (strcmp(name, "GH") == 0)
			snprintf(gh, sizeof gh, "%s", val);
	}
	if ((g = export_sgf_game(gm, size, gh, err, errlen)) == NULL)
		return NULL;
	if ((b = stone_game_board(g)) == NULL) {
		snprintf(err, errlen, "sgf: %s is not a stone game",
		    g->variant->name);
		game_free(g);
		return NULL;
	}
	p = moves;
	while (export_sgf_prop(&p, name, sizeof name, val, sizeof val) == 0) {
		if (strcmp(name, "B") != 0 && strcmp(name, "W") != 0)
			continue;
		nmove++;
		if (strlen(val) != 2 || val[0] < 'a' || val[1] < 'a' ||
		    val[0] - 'a' >= b->size || val[1] - 'a' >= b->size) {
			snprintf(err, errlen, "sgf move %d: '%.8s' is not a "
			    "point of the %dx%d board", nmove, val, b->size,
			    b->size);
			game_free(g);
			return NULL;
		}
		col = val[0] - 'a';
		row = b->size - 1 - (val[1] - 'a');
		if (export_stone(g, name[0] == 'B' ? 0 : 1,
		    col * b->size + row, e, sizeof e) != 0) {
			snprintf(err, errlen, "sgf move %d: %s", nmove, e);
			game_free(g);
			return NULL;
		}
	}
	return g;
}
