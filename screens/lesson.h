/*
 * lesson.h - the three-minute lessons on the board, as data: short steps,
 * each a position (gh-setup tokens, gamehall-engine(6)), what the player is told
 * to do, and the goal the engine checks the move against
 * (src/hall/screen-lesson.c judges it).
 */
#ifndef SCREENS_LESSON_H
#define SCREENS_LESSON_H

enum lesson_goal {
	LESSON_AT,		/* play the point `answer` */
	LESSON_FIVE,		/* win with this move */
	LESSON_BLOCK,		/* leave White no five to make */
	LESSON_FOUR_THREE,	/* a four that, once blocked, leaves an open
				   four (or a win) to make */
	LESSON_SAFE,		/* any move that does not lose (renju's
				   restricted points) */
	LESSON_VCF,		/* a four that wins by fours alone */
	LESSON_HOLD,		/* a block after which White has no win by
				   fours (the right end of his three) */
	LESSON_SIX,		/* Connect6: win with this turn's stones */
	LESSON_BLOCK_SIX,	/* Connect6: this turn's two stones leave
				   White no six to make with his next two */
	/* Four-player shogi, South (the bottom) to move. */
	LESSON_MOVE,		/* the move `answer` ("5g5f") */
	LESSON_CAPTURE,		/* a move that takes a piece into the hand */
	LESSON_DROP,		/* a piece dropped from the hand */
	LESSON_PROMOTE,		/* a move that promotes */
	LESSON_UNCHECK,		/* South is in check: any move that answers
				   it (the engine allows no other) */
};

/*
 * In Connect6 a turn is two stones (Black's first, one): the step is
 * judged once the turn is complete, and a wrong turn comes off whole.
 */
struct lesson_step {
	const char		*variant;	/* "gomoku", "renju", "connect6",
						   "yonin" */
	const char		*setup;		/* gh-setup tokens, or NULL */
	enum lesson_goal	 goal;
	const char		*answer;	/* the point ("h8"), or the turn's
						   two ("k10 l10"), or the move
						   ("5g5f"); for LESSON_AT and
						   LESSON_MOVE the one accepted */
	const char		*text;		/* what to do, and why */
	const char		*hint;		/* after a wrong try */
	const char		*done;		/* after the right one */
	const char		*solution;	/* drills: shown on request */
	const char		*wrong;		/* LESSON_HOLD: the tempting block
						   that loses (the tests check
						   it does) */
};

struct lesson {
	const char		*title;		/* "Five in a row" */
	const struct lesson_step *steps;
	int			 nsteps;
};

/* The lesson of a variant's family (the five-in-a-row games, Connect6,
 * four-player shogi), or NULL. */
const struct lesson *lesson_find(const char *variant);

/* The drills of a variant's family: positions where the player must find
 * the winning move, each with a hint and the solution; or NULL. */
const struct lesson *drills_find(const char *variant);

extern const struct lesson lesson_gomoku, drills_gomoku;
extern const struct lesson lesson_connect6, drills_connect6;
extern const struct lesson lesson_yonin;

#endif
