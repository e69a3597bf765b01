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
};

struct lesson_step {
	const char		*variant;	/* "gomoku", "renju" */
	const char		*setup;		/* gh-setup tokens, or NULL */
	enum lesson_goal	 goal;
	const char		*answer;	/* LESSON_AT: the point */
	const char		*text;		/* what to do, and why */
	const char		*hint;		/* after a wrong try */
	const char		*done;		/* after the right one */
	const char		*solution;	/* drills: shown on request */
};

struct lesson {
	const char		*title;		/* "Five in a row" */
	const struct lesson_step *steps;
	int			 nsteps;
};

/* The lesson of a variant's family (the five-in-a-row games), or NULL. */
const struct lesson *lesson_find(const char *variant);

/* The drills of a variant's family: positions where the player must find
 * the winning move, each with a hint and the solution; or NULL. */
const struct lesson *drills_find(const char *variant);

extern const struct lesson lesson_gomoku, drills_gomoku;

#endif
