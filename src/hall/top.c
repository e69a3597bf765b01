/*
 * top.c - the leaderboard of one variant (see top.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "src/hall/top.h"
#include "src/store/rating.h"
#include "src/store/store.h"

void
top_variants(char *buf, size_t len)
{
	size_t	 o = 0;
	int	 i;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; game_variants[i] != NULL; i++) {
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s",
		    i > 0 ? ", " : "", game_variants[i]->name);
		if (o >= len)
			return;
	}
}

static void
top_row_fill(struct top_row *row, const struct store_ranked *r)
{
	const struct rating	*g = &r->rating.rating;

	row->provisional = rating_is_provisional(g) != 0;
	row->user = r->user;
	snprintf(row->name, sizeof row->name, "%s", r->name);
	snprintf(row->rating, sizeof row->rating, "%.0f%s", g->r,
	    row->provisional ? "?" : "");
	snprintf(row->rd, sizeof row->rd, "%.0f", g->rd);
	row->games = r->rating.games;
	row->wins = r->rating.wins;
	row->losses = r->rating.losses;
	row->draws = r->rating.draws;
}

int
top_load(struct top *t, struct store *store, const char *variant, char *why,
    size_t whylen)
{
	struct store_ranked	*r = NULL;
	size_t			 n = 0, i;
	char			 known[256];

	memset(t, 0, sizeof *t);
	if (variant == NULL || game_variant_find(variant) == NULL) {
		top_variants(known, sizeof known);
		snprintf(why, whylen, "no such variant '%.24s'; there is a "
		    "leaderboard for %s", variant != NULL ? variant : "",
		    known);
		return -1;
	}
	snprintf(t->variant, sizeof t->variant, "%s", variant);
	if (store == NULL)
		return 0;
	/* The store lists the established players first, best first. */
	if (store_rating_top(store, variant, TOP_LIMIT, &r, &n) != STORE_OK) {
		snprintf(why, whylen, "the leaderboard cannot be read now: %s",
		    store_error(store));
		return -1;
	}
	if (n > 0 && (t->rows = calloc(n, sizeof *t->rows)) == NULL) {
		free(r);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		top_row_fill(&t->rows[i], &r[i]);
		if (!t->rows[i].provisional)
			t->rows[i].rank = (int)++t->nranked;
	}
	t->nrows = n;
	free(r);
	return 0;
}

void
top_free(struct top *t)
{
	free(t->rows);
	t->rows = NULL;
	t->nrows = t->nranked = 0;
}

char *
top_text(const struct top *t, const char *nl)
{
	char		*text = NULL;
	size_t		 size = 0, i;
	FILE		*f;
	const struct top_row *row;

	if ((f = open_memstream(&text, &size)) == NULL)
		return NULL;
	fprintf(f, "Leaderboard: %s%s", t->variant, nl);
	if (t->nranked == 0)
		fprintf(f, "No ranked players yet: a rating counts once its "
		    "deviation is below %.0f.%s", RATING_RD_PROVISIONAL, nl);
	else
		fprintf(f, "%4s  %-20s %7s %5s %6s%s", "Rank", "Name",
		    "Rating", "RD", "Games", nl);
	for (i = 0; i < t->nranked; i++) {
		row = &t->rows[i];
		fprintf(f, "%4d  %-20s %7s %5s %6d%s", row->rank, row->name,
		    row->rating, row->rd, row->games, nl);
	}
	if (t->nrows > t->nranked) {
		fprintf(f, "Provisional (deviation %.0f or more, not ranked "
		    "yet):%s", RATING_RD_PROVISIONAL, nl);
		for (i = t->nranked; i < t->nrows; i++) {
			row = &t->rows[i];
			fprintf(f, "%4s  %-20s %7s %5s %6d%s", "-", row->name,
			    row->rating, row->rd, row->games, nl);
		}
	}
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}
