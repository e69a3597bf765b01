/*
 * game.c - what every variant shares: lookup by name, set-up, text moves,
 * perft and the stored record.  Variant rules live in their own files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

extern const struct variant variant_gomoku, variant_freestyle,
    variant_standard, variant_renju, variant_connect6, variant_yonin;

const struct variant *const game_variants[] = {
	&variant_gomoku, &variant_freestyle, &variant_standard,
	&variant_renju, &variant_connect6, &variant_yonin, NULL,
};

#define GAME_RECORD_MAX_TOKENS 4096

const struct variant *
game_variant_find(const char *name)
{
	for (int i = 0; game_variants[i] != NULL; i++) {
		if (strcmp(game_variants[i]->name, name) == 0)
			return game_variants[i];
	}
	return NULL;
}

struct game *
game_new(const char *name, int nopt, char *const opt[], char *err,
    size_t errlen)
{
	const struct variant	*v = game_variant_find(name);

	if (v == NULL) {
		snprintf(err, errlen, "unknown variant: %s", name);
		return NULL;
	}
	return v->create(v, nopt, opt, err, errlen);
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	free(g->setup);
	g->variant->free(g);
}

struct game *
game_copy(const struct game *g)
{
	struct game	*c = g->variant->copy(g);

	if (c != NULL && g->setup != NULL) {
		c->setup = strdup(g->setup);
		if (c->setup == NULL) {
			game_free(c);
			return NULL;
		}
	} else if (c != NULL)
		c->setup = NULL;
	return c;
}

/* Keep the tokens so the record can say where the game started. */
int
game_setup(struct game *g, int ntok, char *const tok[], char *err,
    size_t errlen)
{
	size_t	 len = 1;
	char	*s;

	if (g->variant->setup(g, ntok, tok, err, errlen) != 0)
		return -1;
	for (int i = 0; i < ntok; i++)
		len += strlen(tok[i]) + 1;
	if ((s = malloc(len)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s[0] = '\0';
	for (int i = 0; i < ntok; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, tok[i]);
	}
	free(g->setup);
	g->setup = s;
	return 0;
}

int
game_play_text(struct game *g, const char *side_text, const char *move_text,
    char *err, size_t errlen)
{
	const struct variant	*v = g->variant;
	struct move		 m;
	int			 side = v->side_parse(g, side_text);

	if (side < 0) {
		snprintf(err, errlen, "unknown side: %s", side_text);
		return -1;
	}
	if (v->move_parse(g, move_text, &m, err, errlen) != 0)
		return -1;
	return v->play(g, side, &m, err, errlen);
}

int
game_choose_text(struct game *g, const char *text, char *err, size_t errlen)
{
	unsigned	 choice;

	if (g->variant->choose == NULL) {
		snprintf(err, errlen, "%s has no swap choice", g->variant->name);
		return -1;
	}
	if (strcmp(text, "black") == 0 || strcmp(text, "b") == 0)
		choice = GAME_CHOICE_BLACK;
	else if (strcmp(text, "white") == 0 || strcmp(text, "w") == 0)
		choice = GAME_CHOICE_WHITE;
	else if (strcmp(text, "more") == 0)
		choice = GAME_CHOICE_MORE;
	else {
		snprintf(err, errlen, "unknown choice: %s (black, white or more)",
		    text);
		return -1;
	}
	return g->variant->choose(g, choice, err, errlen);
}

static uint64_t
game_perft_at(struct game *g, int depth, struct move *buf, int room)
{
	const struct variant	*v = g->variant;
	struct game_status	 st;
	uint64_t		 n = 0;
	int			 count;

	v->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return 0;
	count = v->legal(g, buf, room);
	if (count > room)
		count = room;	/* cannot happen with the room perft gives */
	if (depth == 1)
		return (uint64_t)count;
	for (int i = 0; i < count; i++) {
		v->apply(g, &buf[i]);
		n += game_perft_at(g, depth - 1, buf + count, room - count);
		v->undo(g);
	}
	return n;
}

/*
 * Sequences of exactly `depth` legal moves; a finished game ends a sequence
 * early and contributes nothing (gh-perft in docs/gamehall-engine.6).
 */
uint64_t
game_perft(struct game *g, int depth)
{
	/* Every level keeps its own list; 19x19 has 361 points at most. */
	enum { ROOM_PER_LEVEL = 1024 };
	struct move *buf;
	uint64_t n;

	if (depth <= 0)
		return 1;
	buf = calloc((size_t)depth, ROOM_PER_LEVEL * sizeof *buf);
	if (buf == NULL)
		return 0;
	n = game_perft_at(g, depth, buf, depth * ROOM_PER_LEVEL);
	free(buf);
	return n;
}

/* Append to a bounded buffer; returns -1 once it would overflow. */
static int
game_record_put(char *buf, size_t len, size_t *at, const char *s)
{
	size_t	 n = strlen(s);

	if (*at + n + 2 > len)
		return -1;
	if (*at > 0)
		buf[(*at)++] = ' ';
	memcpy(buf + *at, s, n + 1);
	*at += n;
	return 0;
}

int
game_record(const struct game *g, char *buf, size_t len)
{
	const struct variant	*v = g->variant;
	char			 opts[512], mv[32];
	size_t			 at = 0;
	int			 ply = v->ply(g);

	if (len == 0)
		return -1;
	buf[0] = '\0';
	if (v->options(g, opts, sizeof opts) < 0)
		return -1;
	if (game_record_put(buf, len, &at, v->name) != 0 ||
	    (opts[0] != '\0' && game_record_put(buf, len, &at, opts) != 0))
		return -1;
	if (g->setup != NULL && (game_record_put(buf, len, &at, "setup") != 0 ||
	    game_record_put(buf, len, &at, g->setup) != 0))
		return -1;
	if (game_record_put(buf, len, &at, "moves") != 0)
		return -1;
	for (int i = 0; i < ply; i++) {
		struct move m;
		int side;

		v->history(g, i, &m, &side);
		if (m.to < 0) {
			snprintf(mv, sizeof mv, "@%s",
			    m.piece == GAME_CHOICE_BLACK ? "black" :
			    m.piece == GAME_CHOICE_WHITE ? "white" : "more");
		} else
			v->move_format(g, &m, mv, sizeof mv);
		if (game_record_put(buf, len, &at, mv) != 0)
			return -1;
	}
	return (int)at;
}

struct game *
game_replay(const char *record, char *err, size_t errlen)
{
	char		*copy, *save = NULL, *t;
	char		**tok;
	int		 ntok = 0, i, nopt, setup_at = -1, moves_at = -1;
	struct game	*g = NULL;

	if ((copy = strdup(record)) == NULL ||
	    (tok = calloc(GAME_RECORD_MAX_TOKENS, sizeof *tok)) == NULL) {
		free(copy);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	for (t = strtok_r(copy, " \t\r\n", &save); t != NULL;
	    t = strtok_r(NULL, " \t\r\n", &save)) {
		if (ntok == GAME_RECORD_MAX_TOKENS) {
			snprintf(err, errlen, "record too long");
			goto out;
		}
		if (setup_at < 0 && moves_at < 0 && strcmp(t, "setup") == 0)
			setup_at = ntok;
		else if (moves_at < 0 && strcmp(t, "moves") == 0)
			moves_at = ntok;
		tok[ntok++] = t;
	}
	if (ntok == 0 || moves_at < 0) {
		snprintf(err, errlen, "record has no 'moves' part");
		goto out;
	}
	nopt = (setup_at >= 0 ? setup_at : moves_at) - 1;
	if ((g = game_new(tok[0], nopt, tok + 1, err, errlen)) == NULL)
		goto out;
	if (setup_at >= 0 && game_setup(g, moves_at - setup_at - 1,
	    tok + setup_at + 1, err, errlen) != 0)
		goto fail;
	for (i = moves_at + 1; i < ntok; i++) {
		struct game_status st;
		char e[GAME_ERR_LEN];

		if (tok[i][0] == '@') {
			if (game_choose_text(g, tok[i] + 1, e, sizeof e) != 0)
				goto bad_move;
			continue;
		}
		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING) {
			snprintf(e, sizeof e, "the game is not in play");
			goto bad_move;
		}
		{
			struct move m;

			if (g->variant->move_parse(g, tok[i], &m, e, sizeof e) != 0 ||
			    g->variant->play(g, st.to_move, &m, e, sizeof e) != 0)
				goto bad_move;
		}
		continue;
	bad_move:
		snprintf(err, errlen, "move %d (%s): %s", i - moves_at, tok[i], e);
		goto fail;
	}
	goto out;
fail:
	game_free(g);
	g = NULL;
out:
	free(tok);
	free(copy);
	return g;
}
