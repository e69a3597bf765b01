/*
 * top.h - the leaderboard of one variant, as rows ready to show: the
 * screen (screen-top.c) and `ssh host top VARIANT` (hall-text.c) read the
 * same rows, so what the two say never differs.
 *
 * Players whose deviation is still high (RD at or above
 * RATING_RD_PROVISIONAL, as lichess marks a rating with "?") have no rank:
 * they come after the ranked ones, marked provisional, until their games
 * have brought the deviation down.
 */
#ifndef SRC_HALL_TOP_H
#define SRC_HALL_TOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "src/store/store.h"

#define TOP_LIMIT 50	/* players listed, ranked and provisional */

struct top_row {
	int	 rank;		/* 1.. for ranked players, 0 provisional */
	bool	 provisional;
	int64_t	 user;
	char	 name[STORE_NAME_MAX + 1];
	char	 rating[16];	/* "1623", "1500?" */
	char	 rd[16];	/* "87" */
	int	 games;
	int	 wins, losses, draws;
};

struct top {
	char		 variant[STORE_VARIANT_MAX + 1];
	struct top_row	*rows;
	size_t		 nrows;
	size_t		 nranked;	/* rows[0..nranked-1] have a rank */
};

/*
 * Load the leaderboard of `variant` (a name of engine/game.h).  0, or -1
 * with a line for the user in why: an unknown variant (naming the known
 * ones) or a store that failed.  Free with top_free (also after -1).
 */
int	 top_load(struct top *, struct store *, const char *variant,
	    char *why, size_t whylen);
void	 top_free(struct top *);
/* The variants a leaderboard exists for, "gomoku, freestyle, ...". */
void	 top_variants(char *buf, size_t len);
/*
 * The leaderboard as plain text, lines ended by `nl` ("\n", or "\r\n" for
 * a terminal in raw mode); malloc'd, NULL without memory.
 */
char	*top_text(const struct top *, const char *nl);

#endif
