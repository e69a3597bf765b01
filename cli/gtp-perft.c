/*
 * gtp-perft.c - gh-perft's count under a budget of work.  A guess of the
 * count cannot bound the time (one line of play says little about the
 * tree: a 40-ply four-player shogi position passed the old guess and took
 * 23 minutes), so the walk itself counts the positions whose moves it
 * lists and gives up past the budget.  The count is game_perft's
 * (engine/game.c), walked here because only here is there a budget.
 */
#include <stdlib.h>

#include "cli/gtp.h"

/* Every level keeps its own list; no position has more moves. */
#define GTP_PERFT_ROOM 1024
/* The guess may be this far above the budget before a walk is refused
 * unwalked; below it, the walk and its budget decide. */
#define GTP_PERFT_HOPELESS 100.0

struct gtp_perft {
	unsigned long long	 budget;
	unsigned long long	 listed;	/* positions whose moves were listed */
};

/*
 * Sequences of exactly `depth` moves from here, into *count; -1 once the
 * budget is spent.  Every apply is undone on the way out, also then.
 */
static int
gtp_perft_at(struct game *g, int depth, struct move *buf,
    struct gtp_perft *walk, unsigned long long *count)
{
	const struct variant	*v = g->variant;
	struct game_status	 st;
	int			 n;

	v->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return 0;
	if (walk->listed++ >= walk->budget)
		return -1;
	if ((n = v->legal(g, buf, GTP_PERFT_ROOM)) > GTP_PERFT_ROOM)
		n = GTP_PERFT_ROOM;
	if (depth == 1) {
		*count += (unsigned long long)n;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		int rc;

		v->apply(g, &buf[i]);
		rc = gtp_perft_at(g, depth - 1, buf + GTP_PERFT_ROOM, walk,
		    count);
		v->undo(g);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/*
 * A guess of the positions a walk of `depth` lists: the branching along
 * one line of play (the widest seen stands in for levels it could not
 * reach).  Only for refusing at once what is far past any budget.
 */
static double
gtp_perft_guess(struct game *g, int depth)
{
	const struct variant	*v = g->variant;
	struct move		*moves = malloc(GTP_PERFT_ROOM * sizeof *moves);
	double			 level_size = 1, total = 0, widest = 1;
	int			 played = 0, level = 0;

	if (moves == NULL)
		return 1e300;
	for (; level < depth; level++) {
		struct game_status st;
		int n;

		v->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		total += level_size;
		if ((n = v->legal(g, moves, GTP_PERFT_ROOM)) == 0)
			break;
		level_size *= n;
		if (n > widest)
			widest = n;
		v->apply(g, &moves[(n > GTP_PERFT_ROOM ? GTP_PERFT_ROOM : n) -
		    1]);
		played++;
	}
	while (played-- > 0)
		v->undo(g);
	free(moves);
	for (; level < depth; level++) {
		total += level_size;
		level_size *= widest;
	}
	return total;
}

int
gtp_perft(struct game *g, int depth, unsigned long long budget,
    unsigned long long *count)
{
	struct gtp_perft	 walk = { budget, 0 };
	struct move		*buf;
	int			 rc;

	*count = 1;
	if (depth <= 0)
		return 0;
	if (gtp_perft_guess(g, depth) > GTP_PERFT_HOPELESS * (double)budget)
		return -1;
	if ((buf = calloc((size_t)depth, GTP_PERFT_ROOM * sizeof *buf)) ==
	    NULL)
		return -2;
	*count = 0;
	rc = gtp_perft_at(g, depth, buf, &walk, count);
	free(buf);
	return rc;
}
