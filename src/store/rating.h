/*
 * rating.h - Glicko-2 ratings.
 *
 * Exactly Glickman's "Example of the Glicko-2 system" (tau = 0.5, the
 * Illinois iteration for the volatility, epsilon 1e-6).  The hall makes each
 * game its own rating period (lichess-style), so a game's results against
 * every opponent go into one rating_period() call, computed from everyone's
 * rating as it stood BEFORE the game.
 *
 * Pure arithmetic: no state, no allocation, thread-safe.  Ratings are on the
 * Glicko scale (1500 / 350 / 0.06 for a new player); the conversion to the
 * Glicko-2 scale happens inside.
 */
#ifndef SRC_RATING_H
#define SRC_RATING_H

#define RATING_INITIAL 1500.0
#define RATING_RD_INITIAL 350.0
#define RATING_VOL_INITIAL 0.06
#define RATING_TAU 0.5
/* lichess shows a rating with a "?" while RD is this high or higher. */
#define RATING_RD_PROVISIONAL 110.0
/* The most players rating_update_ranked() accepts. */
#define RATING_MAX_PLAYERS 16

struct rating {
	double r;   /* rating, e.g. 1500 */
	double rd;  /* rating deviation, e.g. 350 */
	double vol; /* volatility, e.g. 0.06 */
};

/* A new player: 1500 / 350 / 0.06. */
void rating_init(struct rating *);
int rating_is_provisional(const struct rating *);

/*
 * One rating period for `self`: n results against opp[i], score[i] being
 * 1 (win), 0.5 (draw) or 0 (loss).  With n == 0 only the deviation grows
 * (step 6 of the paper).  `out` may be `self`.
 */
void rating_period(const struct rating *self, int n,
    const struct rating *opp, const double *score, struct rating *out);

/*
 * A two-player game: score_a is A's score (1, 0.5 or 0; B scores
 * 1 - score_a).  Both new ratings come from the old ones; the outputs may
 * alias the inputs.
 */
void rating_update_pair(const struct rating *a, const struct rating *b,
    double score_a, struct rating *new_a, struct rating *new_b);

/*
 * A ranked game of n players (2..RATING_MAX_PLAYERS): rank[i] is player i's
 * final place, 1 = first; equal ranks are ties.  Each player gets one
 * result against each other player - a win over those ranked below, a loss
 * to those above, half for a tie - all in one period, from the pre-game
 * ratings.  `out` may alias `in`.  Returns 0, or -1 (out untouched) when n
 * is out of range or a rank is below 1.
 */
int rating_update_ranked(int n, const struct rating *in, const int *rank,
    struct rating *out);

#endif
