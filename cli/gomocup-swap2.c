/*
 * gomocup-swap2.c - SWAP2BOARD: the swap2 opening through our own swap2
 * tables (freestyle or standard opening=swap2), so that the CPU decides
 * it as it does at the hall's tables.
 *
 * The manager's stones come in the order they were placed (black, white,
 * black, then white, black).  Its answers, as the Gomocup managers read
 * them:
 *	no stones:  the opening's three stones, "X,Y X,Y X,Y";
 *	three:      SWAP (we take Black, and the other side plays White's
 *	            fourth stone), one stone (we take White and this is the
 *	            fourth), or two stones (White's and Black's, and the choice
 *	            goes back to the opener);
 *	five:       SWAP (we take Black), or one stone (we take White and
 *	            this is the sixth).
 * White is to move at every choice, so SWAP always means "we take Black".
 */
#include <stdio.h>
#include <string.h>

#include "engine/stone.h"
#include "cli/gomocup.h"

struct game *
gomocup_swap2_position(int size, int rule, const int16_t *points, int n,
    char *err, size_t errlen)
{
	char		*opt[1] = { "opening=swap2" };
	struct game	*g;

	rule &= ~2; /* the continuous game is the manager's business */
	if (size != 15 || (rule != 0 && rule != 1)) {
		snprintf(err, errlen, "swap2 is played here on 15x15 with "
		    "rule 0 or 1 only");
		return NULL;
	}
	if ((g = game_new(rule == 1 ? "standard" : "freestyle", 1, opt, err,
	    errlen)) == NULL)
		return NULL;
	for (int i = 0; i < n; i++) {
		const struct variant *v = g->variant;
		struct game_status st;
		int rc;

		v->status(g, &st);
		/* The responder placed two more stones: that was "more". */
		if (st.phase == GAME_CHOOSING &&
		    v->choose(g, GAME_CHOICE_MORE, err, errlen) != 0)
			break;
		v->status(g, &st);
		rc = st.phase == GAME_PLAYING ? v->play(g, st.to_move,
		    &(struct move){ .from = -1, .to = points[i] }, err,
		    errlen) : -1;
		if (rc != 0) {
			if (st.phase != GAME_PLAYING)
				snprintf(err, errlen, "stone %d cannot be "
				    "placed", i + 1);
			game_free(g);
			return NULL;
		}
	}
	return g;
}

/* Append a point in the manager's words. */
static void
gomocup_swap2_add(int size, int point, char *text, size_t len)
{
	size_t	 at = strlen(text);
	char	 buf[24];

	gomocup_point_format(size, point, buf, sizeof buf);
	snprintf(text + at, len - at, "%s%s", at > 0 ? " " : "", buf);
}

void
gomocup_swap2_run(struct game *g, const struct cpu_limits *lim,
    struct cpu_stop *stop, char *text, size_t len)
{
	const struct variant	*v = g->variant;
	int			 size = stone_game_board(g)->size, placed = 0;
	char			 err[GAME_ERR_LEN];

	text[0] = '\0';
	/* At most three stones or a choice and a stone. */
	for (int step = 0; step < 4; step++) {
		struct game_status st;
		struct stone_info info;
		struct cpu_result res;

		v->status(g, &st);
		stone_game_info(g, &info);
		/* Our stones are down and the choice is the other side's. */
		if (st.phase == GAME_OVER || (st.phase == GAME_CHOOSING &&
		    placed > 0))
			return;
		if (cpu_think(g, lim, stop, &res, err, sizeof err) != 0)
			return;
		if (res.is_choice) {
			if (res.choice == GAME_CHOICE_BLACK) {
				snprintf(text, len, "SWAP");
				return;
			}
			if (v->choose(g, res.choice, err, sizeof err) != 0)
				return;
			continue;
		}
		for (int i = 0; i < res.nmoves; i++) {
			v->status(g, &st);
			if (v->play(g, st.to_move, &res.move[i], err,
			    sizeof err) != 0)
				return;
			gomocup_swap2_add(size, res.move[i].to, text, len);
			placed++;
		}
		/* Having taken White, we play one stone and the game goes on. */
		if (info.stage == STONE_INFO_PLAY)
			return;
	}
}
