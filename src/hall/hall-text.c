/*
 * hall-text.c - the exec commands that print text (see hall-text.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/export.h"
#include "engine/game.h"
#include "src/base/log.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-text.h"
#include "src/hall/top.h"
#include "src/store/store.h"

bool
hall_text_wanted(const char *exec)
{
	return strncmp(exec, "top ", 4) == 0 || strncmp(exec, "export ", 7) == 0;
}

/* The winner's side of a two-side game from its players, -1 a draw, -2
 * unknown. */
static int
hall_text_winner(const struct game *g, const struct store_game *sg)
{
	int	 i, side, draws = 0;

	if (g->variant->nsides != 2)
		return -2;
	for (i = 0; i < sg->nplayers; i++) {
		side = g->variant->side_parse(g, sg->players[i].side);
		if (sg->players[i].outcome == STORE_WIN && side >= 0)
			return side;
		if (sg->players[i].outcome == STORE_DRAW)
			draws++;
	}
	return draws == sg->nplayers && draws > 0 ? -1 : -2;
}

/* A finished game of the store in a format: malloc'd text, or NULL with
 * why. */
static char *
hall_text_export(struct hall *hall, const char *args, char *why,
    size_t whylen)
{
	struct store_game	 sg;
	struct export_info	 info;
	struct game		*g;
	char			 buf[64], *fmtword, *end, *text, date[16];
	char			 err[GAME_ERR_LEN + 64];
	long long		 id;
	int			 fmt, i, side;

	snprintf(buf, sizeof buf, "%s", args);
	fmtword = strchr(buf, ' ');
	if (fmtword != NULL)
		*fmtword++ = '\0';
	id = strtoll(buf[0] == '#' ? buf + 1 : buf, &end, 10);
	if (*end != '\0' || end == buf || id <= 0) {
		snprintf(why, whylen, "export takes a game number (as the "
		    "profile lists it): export 12 [psq|sgf|record]");
		return NULL;
	}
	if (hall->store == NULL ||
	    store_game_get(hall->store, id, &sg) != STORE_OK) {
		snprintf(why, whylen, "no finished game %lld", id);
		return NULL;
	}
	if ((g = game_replay(sg.record, err, sizeof err)) == NULL) {
		log_warn("export %lld: the stored record does not replay: %s",
		    id, err);
		snprintf(why, whylen, "game %lld cannot be read back: %s", id,
		    err);
		store_game_clear(&sg);
		return NULL;
	}
	if (fmtword == NULL)
		fmt = export_format_fits(g, EXPORT_SGF) ? EXPORT_SGF :
		    EXPORT_RECORD;
	else if ((fmt = export_format_parse(fmtword)) < 0) {
		snprintf(why, whylen, "no format '%.16s': psq, sgf or record",
		    fmtword);
		goto fail;
	}
	memset(&info, 0, sizeof info);
	for (i = 0; i < sg.nplayers && i < STORE_PLAYERS_MAX; i++) {
		side = g->variant->side_parse(g, sg.players[i].side);
		if (side < 0 || side >= GAME_MAX_SIDES)
			side = sg.players[i].seat;
		if (side >= 0 && side < GAME_MAX_SIDES)
			info.players[side] = sg.players[i].name;
	}
	screen_date(sg.ended, date, sizeof date);
	info.date = date;
	info.result = sg.result;
	info.winner = hall_text_winner(g, &sg);
	if ((text = export_write(g, (enum export_format)fmt, &info, err,
	    sizeof err)) == NULL) {
		snprintf(why, whylen, "game %lld: %s", id, err);
		goto fail;
	}
	game_free(g);
	store_game_clear(&sg);
	return text;
fail:
	game_free(g);
	store_game_clear(&sg);
	return NULL;
}

static char *
hall_text_top(struct hall *hall, const char *variant, const char *nl,
    char *why, size_t whylen)
{
	struct top	 t;
	char		*text = NULL;

	if (top_load(&t, hall->store, variant, why, whylen) == 0 &&
	    (text = top_text(&t, nl)) == NULL)
		snprintf(why, whylen, "out of memory");
	top_free(&t);
	return text;
}

/* A terminal in raw mode (ssh -t) needs CR LF; a pipe wants LF alone. */
static char *
hall_text_crlf(char *text)
{
	size_t	 n = 0, i, o = 0;
	char	*out;

	for (i = 0; text[i] != '\0'; i++)
		n += text[i] == '\n';
	if ((out = malloc(i + n + 1)) == NULL) {
		free(text);
		return NULL;
	}
	for (i = 0; text[i] != '\0'; i++) {
		if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
			out[o++] = '\r';
		out[o++] = text[i];
	}
	out[o] = '\0';
	free(text);
	return out;
}

void *
hall_text_open(struct hall *hall, struct conn *conn,
    const struct conn_info *info)
{
	struct client	*c;
	char		 why[512], *text;

	why[0] = '\0';
	if (strncmp(info->exec, "top ", 4) == 0)
		text = hall_text_top(hall, info->exec + 4, "\n", why,
		    sizeof why);
	else
		text = hall_text_export(hall, info->exec + 7, why, sizeof why);
	if (text != NULL && info->pty)
		text = hall_text_crlf(text);
	if (text == NULL) {
		if (why[0] == '\0')
			snprintf(why, sizeof why, "out of memory");
		log_info("%s: %s: %s", conn_label(conn), info->exec, why);
		conn_close(conn, why);
		return NULL;
	}
	/* A client with no screen, so that the conn counts as opened (exit
	 * status 0) and goes the usual way when it closes. */
	if ((c = client_new(hall, conn, info)) == NULL) {
		free(text);
		conn_close(conn, "Out of memory: try again later.");
		return NULL;
	}
	c->exec[0] = '\0';
	TAILQ_INSERT_TAIL(&hall->clients, c, entry);
	hall->nclients++;
	log_info("%s: %s", conn_label(conn), info->exec);
	conn_write(conn, text, strlen(text));
	free(text);
	client_leave(c, NULL);
	return c;
}
