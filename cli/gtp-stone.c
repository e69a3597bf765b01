/*
 * gtp-stone.c - engine commands of the five-in-a-row family and Connect6
 * only: boardsize, gh-forbidden, and the swap openings' gh-choose and
 * gh-players (docs/gamehall-engine.6).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/forbidden.h"
#include "engine/stone.h"
#include "cli/gtp.h"

static const char *const gtp_stone_variants[] = {
	"gomoku", "freestyle", "standard", "renju", "connect6", NULL
};

/* A new empty board of N x N with the table's other options. */
static int
gtp_stone_boardsize(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	struct game		*g = gtp_game(gtp), *ng;
	const struct variant	*v = g->variant;
	char opts[256], sizeopt[32], err[GAME_ERR_LEN], *save = NULL, *t;
	char			*opt[GAME_MAX_OPTIONS + 1];
	int nopt = 0, has_size = 0, size = stone_game_board(g)->size;
	char			*end;
	long			 n;

	if (argc != 2)
		return gtp_fail(r, "usage: boardsize N");
	n = strtol(argv[1], &end, 10);
	if (end == argv[1] || *end != '\0' || n < 1 || n > 99)
		return gtp_fail(r, "bad board size: %s", argv[1]);
	if (v->options(g, opts, sizeof opts) < 0)
		return gtp_fail(r, "options too long");
	snprintf(sizeopt, sizeof sizeopt, "size=%ld", n);
	for (t = strtok_r(opts, " ", &save); t != NULL && nopt < GAME_MAX_OPTIONS;
	    t = strtok_r(NULL, " ", &save)) {
		if (strncmp(t, "size=", 5) == 0) {
			t = sizeopt;
			has_size = 1;
		}
		opt[nopt++] = t;
	}
	if (!has_size && n != size)
		return gtp_fail(r, "%s is played on %dx%d only: %ld", v->name,
		    size, size, n);
	if ((ng = game_new(v->name, nopt, opt, err, sizeof err)) == NULL)
		return gtp_fail(r, "boardsize %ld: %s", n, err);
	gtp_set_game(gtp, ng);
	return 0;
}

static int
gtp_stone_forbidden(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	struct game			*g = gtp_game(gtp);
	const struct stone_board	*b = stone_game_board(g);
	uint8_t				 map[STONE_MAX_POINTS];
	int				 shown = 0;

	if (argc != 1)
		return gtp_fail(r, "%s takes no arguments", argv[0]);
	/* Connect6 restricts nothing: its answer is the protocol's empty
	 * one, not a refusal (the five-shapes do not apply to it). */
	if (g->variant == &variant_connect6)
		return 0;
	forbidden_map(b, map);
	/* Point order is the protocol's sort order. */
	for (int p = 0; p < b->size * b->size; p++) {
		char text[4];

		if (map[p] == FORBIDDEN_NONE)
			continue;
		stone_point_format(b->size, p, text);
		gtp_printf(r, "%s%s:%s", shown++ > 0 ? " " : "", text,
		    forbidden_name(map[p]));
	}
	return 0;
}

static int
gtp_stone_choose(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char	 err[GAME_ERR_LEN];

	if (argc != 2)
		return gtp_fail(r, "usage: gh-choose black|white|more");
	if (game_choose_text(gtp_game(gtp), argv[1], err, sizeof err) != 0)
		return gtp_fail(r, "%s", err);
	return 0;
}

static int
gtp_stone_players(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	struct game		*g = gtp_game(gtp);
	const struct variant	*v = g->variant;

	if (argc != 1)
		return gtp_fail(r, "%s takes no arguments", argv[0]);
	for (int p = 0; p < v->nsides; p++) {
		int side = v->player_side(g, p);

		gtp_printf(r, "%sP%d=%s", p > 0 ? " " : "", p + 1,
		    side < 0 ? "?" : v->side_name(g, side));
	}
	return 0;
}

/*
 * gh-legal FROM: a stone comes from nowhere, so FROM is the one point
 * asked about, and its "moves" are that point when a stone may go there.
 * A point's name is not a prefix: h1 is not h10.
 */
static int
gtp_stone_legal_from(const struct game *g, const char *from,
    struct move *moves, int n, char *err, size_t errlen)
{
	int	 p = stone_point_parse(stone_game_board(g)->size, from);
	int	 kept = 0;

	if (p < 0) {
		snprintf(err, errlen, "not a point of %s", g->variant->name);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (moves[i].to == p)
			moves[kept++] = moves[i];
	}
	return kept;
}

static const struct gtp_command gtp_stone_commands[] = {
	{ "boardsize", gtp_stone_boardsize },
	{ "gh-forbidden", gtp_stone_forbidden },
	{ "gh-choose", gtp_stone_choose },
	{ "gh-players", gtp_stone_players },
	{ NULL, NULL }
};

const struct gtp_family gtp_family_stone = {
	"stone", gtp_stone_variants, gtp_stone_commands, gtp_stone_legal_from
};
