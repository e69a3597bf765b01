/*
 * yonin-turn.c - what happens after a move in four-player shogi: who moves
 * next (check priority), eliminations and what they hand over, the end of
 * the game with its ranks, and the fourth repetition.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/yonin-pos.h"

/* Room for one more state at hist[n + 1]. */
int
yp_reserve(struct yonin_game *y)
{
	if (y->n + 1 >= y->cap) {
		int cap = y->cap * 2;
		struct yonin_state *h = realloc(y->hist, (size_t)cap *
		    sizeof *h);

		if (h == NULL)
			return -1;
		y->hist = h;
		y->cap = cap;
	}
	return 0;
}

/* A new state at hist[n + 1], a copy of hist[n], becomes the current. */
int
yp_push(struct yonin_game *y)
{
	if (yp_reserve(y) != 0)
		return -1;
	memcpy(&y->hist[y->n + 1], &y->hist[y->n], sizeof *y->hist);
	y->n++;
	return 0;
}

void
yp_rep_add(struct yonin_game *y, uint64_t hash, int delta)
{
	uint16_t	*b = &y->rep[hash & (YP_REP_BUCKETS - 1)];

	if (delta > 0 && ++*b == 3)
		y->rep3++;
	else if (delta < 0 && (*b)-- == 3)
		y->rep3--;
}

/*
 * Check priority: the first living player in check clockwise from `after`
 * (who just moved, or was just eliminated), else the next living one.
 */
static int
yp_next(const struct yonin_state *s, int after)
{
	unsigned	 checks = yp_checks(s);

	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (after + i) & 3;

		if (checks >> p & 1)
			return p;
	}
	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (after + i) & 3;

		if (s->alive >> p & 1)
			return p;
	}
	return after;
}

/*
 * Who put stuck seat x into the check he could not answer: of the players
 * whose pieces attack his king, the one who moved last.  Without a check,
 * the last living player to move.  Before the first move (a set-up) the
 * nearest such player counterclockwise stands in for "last".
 */
static int
yp_eliminator(const struct yonin_game *y, const struct yonin_state *s, int x)
{
	unsigned	 others = s->alive & ~(1u << x);
	unsigned	 cand = yp_attackers(s, s->king[x], others);

	if (cand == 0)
		cand = others;
	for (int i = y->n; i >= 1; i--) {
		int m = y->hist[i].mover;

		if (m >= 0 && (cand >> m & 1))
			return m;
	}
	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (x - i) & 3;

		if (cand >> p & 1)
			return p;
	}
	return -1;
}

/* Ranks when the game ends: the eliminated below everyone, the first out
 * last; survivors by eliminations, pieces and (ending by eliminations
 * only) the later last elimination; equal players share a rank. */
static void
yp_rank(struct yonin_state *s, int by_eliminations)
{
	int elims[YONIN_SEATS] = { 0 }, last[YONIN_SEATS] = { -1, -1, -1, -1 };
	int	 pieces[YONIN_SEATS];

	for (int i = 0; i < s->nout; i++) {
		elims[s->by[i]]++;
		last[s->by[i]] = i;
		s->rank[s->out[i]] = (int8_t)(YONIN_SEATS - i);
	}
	for (int p = 0; p < YONIN_SEATS; p++)
		pieces[p] = yp_pieces(s, p);
	for (int p = 0; p < YONIN_SEATS; p++) {
		int better = 0;

		if (!(s->alive >> p & 1))
			continue;
		for (int q = 0; q < YONIN_SEATS; q++) {
			if (q == p || !(s->alive >> q & 1))
				continue;
			if (elims[q] != elims[p]) {
				better += elims[q] > elims[p];
				continue;
			}
			if (pieces[q] != pieces[p]) {
				better += pieces[q] > pieces[p];
				continue;
			}
			if (by_eliminations)
				better += last[q] > last[p];
		}
		s->rank[p] = (int8_t)(1 + better);
	}
	s->winners = 0;
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (s->rank[p] == 1)
			s->winners |= (uint8_t)(1u << p);
	}
}

static void
yp_over(const struct yonin_game *y, struct yonin_state *s, int reason)
{
	s->phase = YP_OVER;
	s->reason = (uint8_t)reason;
	memset(s->rank, 0, sizeof s->rank);
	s->winners = 0;
	if (!y->opt.pairs) {
		yp_rank(s, reason == YP_ELIMINATIONS);
		return;
	}
	if (reason == YP_ELIMINATIONS) {
		/* The team with the eliminated player loses. */
		int loser = s->out[s->nout - 1];

		for (int p = 0; p < YONIN_SEATS; p++) {
			int lost = p == loser || p == yp_partner(loser);

			s->rank[p] = (int8_t)(lost ? 3 : 1);
			if (!lost)
				s->winners |= (uint8_t)(1u << p);
		}
	}
	/* Pairs by repetition or move limit: a draw without ranks. */
}

/* Is the game over by the number of players out? */
static int
yp_enough_out(const struct yonin_game *y, const struct yonin_state *s)
{
	if (y->opt.pairs)
		return s->nout >= 1;
	return s->nout >= (y->opt.to_last ? 3 : 2);
}

static void
yp_eliminate(struct yonin_game *y, struct yonin_state *s, int x)
{
	int	 e = yp_eliminator(y, s, x);

	s->alive &= (uint8_t)~(1u << x);
	s->out[s->nout] = (uint8_t)x;
	s->by[s->nout] = (uint8_t)(e < 0 ? x : e);
	s->nout++;
	if (e >= 0) {
		/* ownerless: the board pieces keep the eliminated owner,
		 * which makes them ownerless (yonin-pos.c); the hand goes
		 * to the eliminator in both modes (docs/rules.md §2,
		 * Options). */
		for (int b = 0; b < YP_CELLS && !y->opt.ownerless; b++) {
			uint8_t c = s->sq[b];
			int k = yp_kind(c);

			if (k != 0 && k != YP_WALL && k != YONIN_KING &&
			    yp_owner(c) == x)
				s->sq[b] = yp_cell(k, e, yp_facing(c));
		}
		for (int i = 0; i < YONIN_HAND_KINDS; i++) {
			s->hand[e][i] = (uint8_t)(s->hand[e][i] + s->hand[x][i]);
			s->hand[x][i] = 0;
		}
	}
	/* Owners changed: the piece sets, the keys of ownerless pieces and
	 * who attacks whom all follow. */
	yp_refresh(s);
	if (yp_enough_out(y, s))
		yp_over(y, s, YP_ELIMINATIONS);
}

/*
 * The turn reaches `next`: if he has no legal move he is out, and play
 * goes on as if he had just moved, cascading.
 */
static void
yp_turn(struct yonin_game *y, int next)
{
	struct yonin_state	*s = yp_now(y);

	for (;;) {
		s->to_move = (int8_t)next;
		if (s->phase != YP_PLAYING)
			return;
		if (yp_has_move(y, s, next, 0))
			return;
		/* Even when this ends the game, the turn passes on: a
		 * finished position names a living player to move. */
		yp_eliminate(y, s, next);
		next = yp_next(s, next);
	}
}

/* The full key of history state i: the position with its player to move. */
static inline uint64_t
yp_full(const struct yonin_state *s)
{
	return s->hash ^ yp_key_side(s->to_move);
}

/*
 * How often `full` occurs in hist[0..n].  Of the moves after its first
 * occurrence, *moved gets a bit per seat that made one and *quiet a bit
 * per seat that made one giving no check.
 */
static int
yp_occurrences(const struct yonin_game *y, uint64_t full, unsigned *moved,
    unsigned *quiet)
{
	int	 count = 0, first = -1;

	*moved = *quiet = 0;
	for (int i = 0; i <= y->n; i++) {
		if (yp_full(&y->hist[i]) == full && count++ == 0)
			first = i;
	}
	for (int i = first + 1; first >= 0 && i <= y->n; i++) {
		int m = y->hist[i].mover;

		if (m < 0)
			continue;
		*moved |= 1u << m;
		if (!y->hist[i].gave_check)
			*quiet |= 1u << m;
	}
	return count;
}

/*
 * Would `seat` playing m on the current position make its fourth
 * occurrence as a continuous checker (this move checks, and so did every
 * earlier move of his since the first occurrence)?  Then m is illegal.
 */
int
yp_repeats(const struct yonin_game *y, const struct yonin_state *s, int seat,
    const struct move *m)
{
	struct yonin_state	 w;
	unsigned		 moved, quiet;
	uint64_t		 h = yp_hash_after(s, seat, m);

	if (y->rep[h & (YP_REP_BUCKETS - 1)] < 3)
		return 0;
	memcpy(&w, s, sizeof w);
	yp_make(&w, seat, m);
	if (!yp_gave_check(&w, seat, y->opt.pairs))
		return 0;
	w.to_move = (int8_t)yp_next(&w, seat);
	if (yp_occurrences(y, yp_full(&w), &moved, &quiet) < 3)
		return 0;
	return !(quiet >> seat & 1);
}

/* The position now (hist[n]) is final: count it, and end the game on a
 * fourth occurrence or at the move limit. */
static void
yp_settle(struct yonin_game *y)
{
	struct yonin_state	*s = yp_now(y);

	yp_rep_add(y, s->hash, 1);
	if (s->phase != YP_PLAYING)
		return;
	if (y->rep[s->hash & (YP_REP_BUCKETS - 1)] >= 4) {
		unsigned moved, quiet;

		/* A continuous checker other than the mover (who could
		 * not have made this move) keeps the game going. */
		if (yp_occurrences(y, yp_full(s), &moved, &quiet) >= 4 &&
		    (moved & ~quiet) == 0) {
			yp_over(y, s, YP_REPETITION);
			return;
		}
	}
	if (y->opt.movelimit > 0 && y->n - y->passes >= y->opt.movelimit)
		yp_over(y, s, YP_MOVELIMIT);
}

/* hist[n] has just had `mover`'s move made on it: hand on the turn. */
void
yp_finish(struct yonin_game *y, int mover)
{
	struct yonin_state	*s = yp_now(y);

	s->mover = (int8_t)mover;
	s->gave_check = (uint8_t)yp_gave_check(s, mover, y->opt.pairs);
	yp_turn(y, yp_next(s, mover));
	yp_settle(y);
}

/*
 * The player to move lets the turn go by (a search's null move; the rules
 * have none): the turn is handed on as after a move of his, check priority
 * and eliminations included.  The new state is counted for the repetition
 * filter so that undo stays symmetric; a pass never itself ends the game
 * (no yp_settle) and y->passes keeps it out of the move limit.
 */
int
yp_pass(struct yonin_game *y)
{
	struct yonin_state	*s = yp_now(y);
	int			 mover = s->to_move;

	if (s->phase != YP_PLAYING || s->checkers[mover] != 0 ||
	    yp_push(y) != 0)
		return -1;
	s = yp_now(y);
	memset(&s->move, 0, sizeof s->move);
	s->move.from = s->move.to = -1;
	s->mover = (int8_t)mover;
	s->gave_check = 0;
	yp_turn(y, yp_next(s, mover));
	yp_rep_add(y, yp_now(y)->hash, 1);
	y->passes++;
	return 0;
}

/* hist[0] has just been set up with `first` to move. */
void
yp_begin(struct yonin_game *y, int first)
{
	struct yonin_state	*s = yp_now(y);

	memset(y->rep, 0, sizeof y->rep);
	y->rep3 = 0;
	y->passes = 0;
	s->mover = -1;
	s->gave_check = 0;
	if (s->phase == YP_PLAYING && yp_enough_out(y, s))
		yp_over(y, s, YP_ELIMINATIONS);
	yp_turn(y, first);
	yp_settle(y);
}
