/*
 * store-game.c - finished games: the game with its record, one row per
 * seat with the ratings before and after, and the one transaction that
 * stores a result (store_game_finish).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "src/store/store-int.h"

_Static_assert(STORE_PLAYERS_MAX == GAME_MAX_SIDES,
    "a stored game has one row per seat");
_Static_assert(STORE_PLAYERS_MAX <= RATING_MAX_PLAYERS,
    "every seat of a rated game is rated");

static int
store_game_check(struct store *st, const struct store_game *g)
{
	const struct store_game_player	*p, *q;
	int				 i, j, rc;

	if ((rc = store_check_text(st, "variant", g->variant,
	    STORE_VARIANT_MAX, 1)) != 0 ||
	    (rc = store_check_text(st, "options", g->options,
	    STORE_OPTIONS_MAX, 0)) != 0 ||
	    (rc = store_check_text(st, "game record", g->record, SIZE_MAX - 1,
	    1)) != 0 ||
	    (rc = store_check_text(st, "result", g->result, STORE_RESULT_MAX,
	    0)) != 0 ||
	    (rc = store_check_text(st, "table code", g->table, STORE_CODE_MAX,
	    0)) != 0)
		return rc;
	if (g->nplayers < 1 || g->nplayers > STORE_PLAYERS_MAX)
		return store_fail(st, STORE_INVALID, "a game has 1 to %d "
		    "players, not %d", STORE_PLAYERS_MAX, g->nplayers);
	if (g->rated && g->nplayers < 2)
		return store_fail(st, STORE_INVALID, "a rated game needs two "
		    "players or more");
	for (i = 0; i < g->nplayers; i++) {
		p = &g->players[i];
		if ((rc = store_check_text(st, "player name", p->name,
		    STORE_NAME_MAX, 1)) != 0 ||
		    (rc = store_check_text(st, "side name", p->side,
		    STORE_SIDE_MAX, 0)) != 0)
			return rc;
		if (p->seat < 0 || p->seat >= STORE_PLAYERS_MAX)
			return store_fail(st, STORE_INVALID, "seat %d is out "
			    "of range", p->seat);
		if (p->kind != STORE_PLAYER_USER &&
		    p->kind != STORE_PLAYER_GUEST &&
		    p->kind != STORE_PLAYER_CPU)
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid kind", p->name);
		if ((p->kind == STORE_PLAYER_USER) != (p->user > 0))
			return store_fail(st, STORE_INVALID, "player %s: only "
			    "a registered user has a user id", p->name);
		if (p->outcome != STORE_LOSS && p->outcome != STORE_DRAW &&
		    p->outcome != STORE_WIN)
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid outcome", p->name);
		if (p->rank < 0 || (g->rated && p->rank < 1))
			return store_fail(st, STORE_INVALID, "player %s has "
			    "no valid rank", p->name);
		if (g->rated && p->kind != STORE_PLAYER_USER)
			return store_fail(st, STORE_INVALID, "a rated game "
			    "needs registered players in every seat (%s is "
			    "not)", p->name);
		for (j = 0; j < i; j++) {
			q = &g->players[j];
			if (q->seat == p->seat)
				return store_fail(st, STORE_INVALID, "seat %d "
				    "is given twice", p->seat);
			if (g->rated && q->user == p->user)
				return store_fail(st, STORE_INVALID, "a rated "
				    "game needs distinct players (%s plays "
				    "twice)", p->name);
		}
	}
	return STORE_OK;
}

/*
 * The new ratings of a rated game's players, from their ratings in
 * old[] (read here) and their ranks.
 */
static int
store_game_rate(struct store *st, const struct store_game *g,
    struct store_rating *old, struct rating *before, struct rating *after)
{
	int	 rank[STORE_PLAYERS_MAX];
	int	 i, rc;

	for (i = 0; i < g->nplayers; i++) {
		rc = store_rating_read(st, g->players[i].user, g->variant,
		    &old[i]);
		if (rc != STORE_OK)
			return rc;
		before[i] = old[i].rating;
		rank[i] = g->players[i].rank;
	}
	if (rating_update_ranked(g->nplayers, before, rank, after) != 0)
		return store_fail(st, STORE_INVALID, "cannot rate this game");
	return STORE_OK;
}

/*
 * The body of store_game_finish(), inside its transaction; before[] and
 * after[] are filled, and read, only when `rated`.  It is read once from
 * g so that every step agrees on it.
 */
static int
store_game_write(struct store *st, const struct store_game *g, int rated,
    struct rating *before, struct rating *after, int64_t *id)
{
	struct store_rating		 old[STORE_PLAYERS_MAX];
	const struct store_game_player	*p;
	sqlite3_stmt			*s;
	int				 i, rc;

	if (rated && (rc = store_game_rate(st, g, old, before, after)) !=
	    STORE_OK)
		return rc;

	s = store_stmt(st, S_GAME_INSERT);
	store_bind_text(s, 1, g->variant);
	store_bind_text(s, 2, g->options);
	store_bind_text(s, 3, g->record);
	sqlite3_bind_int64(s, 4, g->started);
	sqlite3_bind_int64(s, 5, g->ended);
	store_bind_text(s, 6, g->result);
	sqlite3_bind_int(s, 7, rated);
	if (store_run(s) != SQLITE_DONE)
		return store_dbfail(st, "storing a game");
	*id = sqlite3_last_insert_rowid(st->db);

	for (i = 0; i < g->nplayers; i++) {
		p = &g->players[i];
		s = store_stmt(st, S_PLAYER_INSERT);
		sqlite3_bind_int64(s, 1, *id);
		sqlite3_bind_int(s, 2, p->seat);
		sqlite3_bind_int(s, 3, (int)p->kind);
		if (p->user > 0)
			sqlite3_bind_int64(s, 4, p->user);
		store_bind_text(s, 5, p->name);
		store_bind_text(s, 6, p->side);
		sqlite3_bind_int(s, 7, p->rank);
		sqlite3_bind_int(s, 8, (int)p->outcome);
		if (rated) {
			store_rating_bind(s, 9, &before[i]);
			store_rating_bind(s, 12, &after[i]);
		}
		rc = store_run(s);
		if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
			return store_fail(st, STORE_NOTFOUND, "player %s: no "
			    "such user", p->name);
		if (rc != SQLITE_DONE)
			return store_dbfail(st, "storing a game's player");
	}

	for (i = 0; rated && i < g->nplayers; i++) {
		p = &g->players[i];
		if ((rc = store_rating_put(st, p->user, &old[i], &after[i],
		    p->outcome)) != STORE_OK)
			return rc;
	}

	if (g->table[0] != '\0') {
		s = store_stmt(st, S_TABLE_DELETE);
		store_bind_text(s, 1, g->table);
		if (store_run(s) != SQLITE_DONE)
			return store_dbfail(st, "removing a finished table");
	}
	return STORE_OK;
}

int
store_game_finish(struct store *st, struct store_game *g)
{
	struct rating	 before[STORE_PLAYERS_MAX], after[STORE_PLAYERS_MAX];
	int64_t		 id = 0;
	int		 i, rc, rated = g->rated != 0;

	if ((rc = store_game_check(st, g)) != STORE_OK)
		return rc;

	/* A crash must never lose a result (store_begin_durable). */
	if ((rc = store_begin_durable(st)) != STORE_OK)
		return rc;
	rc = store_game_write(st, g, rated, before, after, &id);
	if (rc != STORE_OK)
		return store_rollback(st, rc);
	if ((rc = store_commit(st)) != STORE_OK)
		return rc;

	g->id = id;
	for (i = 0; rated && i < g->nplayers; i++) {
		g->players[i].before = before[i];
		g->players[i].after = after[i];
	}
	return STORE_OK;
}

static int
store_game_row(sqlite3_stmt *s, void *p)
{
	struct store_game	*g = p;

	g->id = sqlite3_column_int64(s, 0);
	store_column_copy(s, 1, g->variant, sizeof g->variant);
	store_column_copy(s, 2, g->options, sizeof g->options);
	g->started = sqlite3_column_int64(s, 3);
	g->ended = sqlite3_column_int64(s, 4);
	store_column_copy(s, 5, g->result, sizeof g->result);
	g->rated = sqlite3_column_int(s, 6) != 0;
	return 0;
}

/* Fill g->players from the database. */
static int
store_game_players(struct store *st, struct store_game *g)
{
	struct store_game_player	*p;
	sqlite3_stmt			*s = store_stmt(st, S_PLAYERS_OF_GAME);
	int				 rc;

	g->nplayers = 0;
	sqlite3_bind_int64(s, 1, g->id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW &&
	    g->nplayers < STORE_PLAYERS_MAX) {
		p = &g->players[g->nplayers++];
		memset(p, 0, sizeof *p);
		p->seat = sqlite3_column_int(s, 0);
		p->kind = (enum store_player_kind)sqlite3_column_int(s, 1);
		p->user = sqlite3_column_int64(s, 2); /* NULL reads as 0 */
		store_column_copy(s, 3, p->name, sizeof p->name);
		store_column_copy(s, 4, p->side, sizeof p->side);
		p->rank = sqlite3_column_int(s, 5);
		p->outcome = (enum store_outcome)sqlite3_column_int(s, 6);
		store_rating_column(s, 7, &p->before);
		store_rating_column(s, 10, &p->after);
	}
	sqlite3_reset(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_dbfail(st, "reading a game's players");
	return STORE_OK;
}

/* A game row with its record, which only store_game_get() reads. */
static int
store_game_record_row(sqlite3_stmt *s, void *p)
{
	struct store_game	*g = p;

	store_game_row(s, g);
	g->record = store_column_dup(s, 7);
	return g->record == NULL ? -1 : 0;
}

int
store_game_get(struct store *st, int64_t id, struct store_game *g)
{
	sqlite3_stmt	*s = store_stmt(st, S_GAME_GET);
	int		 rc;

	memset(g, 0, sizeof *g);
	sqlite3_bind_int64(s, 1, id);
	if ((rc = store_one(st, s, store_game_record_row, g, "no such game",
	    "reading a game")) == STORE_OK)
		rc = store_game_players(st, g);
	if (rc != STORE_OK)
		store_game_clear(g);
	return rc;
}

void
store_game_clear(struct store_game *g)
{
	free(g->record);
	memset(g, 0, sizeof *g);
}

int
store_games_of_user(struct store *st, int64_t user, int limit,
    struct store_game **out, size_t *n)
{
	struct store_game	*list;
	size_t			 count, i;
	sqlite3_stmt		*s;
	int			 rc;

	*out = NULL;
	*n = 0;
	if (limit <= 0)
		return STORE_OK;
	s = store_stmt(st, S_GAMES_OF_USER);
	sqlite3_bind_int64(s, 1, user);
	sqlite3_bind_int(s, 2, limit);
	if ((rc = store_list(st, s, "listing games", sizeof *list,
	    store_game_row, NULL, (void **)&list, &count)) != STORE_OK)
		return rc;
	/* The players after the game rows: one statement at a time. */
	for (i = 0; i < count; i++) {
		if ((rc = store_game_players(st, &list[i])) != STORE_OK) {
			store_games_free(list, count);
			return rc;
		}
	}
	*out = list;
	*n = count;
	return STORE_OK;
}

static int
store_h2h_row(sqlite3_stmt *s, void *out)
{
	struct store_h2h	*h = out;

	h->games = sqlite3_column_int(s, 0);
	h->won = sqlite3_column_int(s, 1);
	h->lost = sqlite3_column_int(s, 2);
	return 0;
}

int
store_games_between(struct store *st, int64_t a, int64_t b,
    struct store_h2h *h)
{
	sqlite3_stmt	*s = store_stmt(st, S_GAMES_BETWEEN);

	memset(h, 0, sizeof *h);
	sqlite3_bind_int64(s, 1, a);
	sqlite3_bind_int64(s, 2, b);
	return store_one(st, s, store_h2h_row, h, "no games",
	    "counting games between two players");
}

void
store_games_free(struct store_game *list, size_t n)
{
	store_free_each(list, n, sizeof *list,
	    offsetof(struct store_game, record));
}

static int
store_games_count_row(sqlite3_stmt *s, void *p)
{
	*(int64_t *)p = sqlite3_column_int64(s, 0);
	return 0;
}

int
store_games_since(struct store *st, int64_t since, int64_t *n)
{
	sqlite3_stmt	*s = store_stmt(st, S_GAMES_SINCE);

	*n = 0;
	sqlite3_bind_int64(s, 1, since);
	return store_one(st, s, store_games_count_row, n, "no count",
	    "counting games");
}
