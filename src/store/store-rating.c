/*
 * store-rating.c - a user's Glicko-2 rating and record in each variant,
 * and the leaderboard.  Ratings change only in store_game_finish(), which
 * reads and writes them here inside its own transaction.
 */
#include <stdio.h>
#include <string.h>

#include "src/store/store-int.h"

/* A rating as three columns or values from i: r, rd, vol. */
void
store_rating_column(sqlite3_stmt *s, int i, struct rating *r)
{
	r->r = sqlite3_column_double(s, i);
	r->rd = sqlite3_column_double(s, i + 1);
	r->vol = sqlite3_column_double(s, i + 2);
}

void
store_rating_bind(sqlite3_stmt *s, int i, const struct rating *r)
{
	sqlite3_bind_double(s, i, r->r);
	sqlite3_bind_double(s, i + 1, r->rd);
	sqlite3_bind_double(s, i + 2, r->vol);
}

static int
store_rating_row(sqlite3_stmt *s, void *p)
{
	struct store_rating	*r = p;

	store_column_copy(s, 0, r->variant, sizeof r->variant);
	store_rating_column(s, 1, &r->rating);
	r->games = sqlite3_column_int(s, 4);
	r->wins = sqlite3_column_int(s, 5);
	r->losses = sqlite3_column_int(s, 6);
	r->draws = sqlite3_column_int(s, 7);
	return 0;
}

static int
store_rating_ranked_row(sqlite3_stmt *s, void *p)
{
	struct store_ranked	*r = p;

	store_rating_row(s, &r->rating);
	r->user = sqlite3_column_int64(s, 8);
	store_column_copy(s, 9, r->name, sizeof r->name);
	return 0;
}

/* Read one rating (a new player's if none) without checking input. */
int
store_rating_read(struct store *st, int64_t user, const char *variant,
    struct store_rating *r)
{
	sqlite3_stmt	*s = store_stmt(st, S_RATING_GET);
	int		 rc;

	memset(r, 0, sizeof *r);
	snprintf(r->variant, sizeof r->variant, "%s", variant);
	rating_init(&r->rating);
	sqlite3_bind_int64(s, 1, user);
	store_bind_text(s, 2, variant);
	rc = store_one(st, s, store_rating_row, r, "", "reading a rating");
	return rc == STORE_NOTFOUND ? STORE_OK : rc;
}

/*
 * Write a user's new rating `after` with one more game of this outcome
 * on top of the counts in `old`, as read by store_rating_read().
 */
int
store_rating_put(struct store *st, int64_t user,
    const struct store_rating *old, const struct rating *after,
    enum store_outcome outcome)
{
	sqlite3_stmt	*s = store_stmt(st, S_RATING_PUT);

	sqlite3_bind_int64(s, 1, user);
	store_bind_text(s, 2, old->variant);
	store_rating_bind(s, 3, after);
	sqlite3_bind_int(s, 6, old->games + 1);
	sqlite3_bind_int(s, 7, old->wins + (outcome == STORE_WIN));
	sqlite3_bind_int(s, 8, old->losses + (outcome == STORE_LOSS));
	sqlite3_bind_int(s, 9, old->draws + (outcome == STORE_DRAW));
	if (store_run(s) != SQLITE_DONE)
		return store_dbfail(st, "storing a rating");
	return STORE_OK;
}

int
store_rating_get(struct store *st, int64_t user, const char *variant,
    struct store_rating *r)
{
	int	 rc;

	if ((rc = store_check_text(st, "variant", variant, STORE_VARIANT_MAX,
	    1)) != 0)
		return rc;
	return store_rating_read(st, user, variant, r);
}

int
store_rating_list(struct store *st, int64_t user, struct store_rating **out,
    size_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_RATING_LIST);

	sqlite3_bind_int64(s, 1, user);
	return store_list(st, s, "listing ratings", sizeof **out,
	    store_rating_row, NULL, (void **)out, n);
}

int
store_rating_top(struct store *st, const char *variant, int limit,
    struct store_ranked **out, size_t *n)
{
	sqlite3_stmt	*s;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((rc = store_check_text(st, "variant", variant, STORE_VARIANT_MAX,
	    1)) != 0)
		return rc;
	if (limit <= 0)
		return STORE_OK;
	s = store_stmt(st, S_RATING_TOP);
	store_bind_text(s, 1, variant);
	sqlite3_bind_double(s, 2, RATING_RD_PROVISIONAL);
	sqlite3_bind_int(s, 3, limit);
	return store_list(st, s, "listing the best players", sizeof **out,
	    store_rating_ranked_row, NULL, (void **)out, n);
}
