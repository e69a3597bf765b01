/*
 * lesson-gomoku.c - the three-minute lesson of the five-in-a-row family:
 * a stone, a five, a block, a four-three, and renju's restricted point.
 * Every position is set up from gh-setup tokens and every move is judged
 * by the engine.
 */
#include <stddef.h>

#include "screens/lang.h"
#include "screens/lesson.h"

static const struct lesson_step lesson_gomoku_steps[] = {
	{ "gomoku", NULL, LESSON_AT, "h8",
	    N_("Black moves first, and stones go on the crossings of the lines. "
	    "Place a black stone on the centre point, h8: the cursor is "
	    "already there, so press Enter (or type :h8)."),
	    N_("The centre is h8: column h, row 8. Move there and press Enter."),
	    N_("Good. Stones never move and are never taken: every one counts."), NULL, NULL },
	{ "gomoku", "black f8 g8 h8 i8 white f9 g9 h9 e7 tomove black",
	    LESSON_FIVE, NULL,
	    N_("You have four in a row on row 8. Add the fifth stone to win: "
	    "five in a row, across, up and down or diagonally, ends the game."),
	    N_("Extend the row f8-i8 at one of its ends."),
	    N_("Five in a row: you win. It could have been either end."), NULL, NULL },
	{ "gomoku", "black c5 h8 i9 j7 white d5 e5 f5 g5 tomove black",
	    LESSON_BLOCK, NULL,
	    N_("White has four in a row, d5 to g5. On his next move it becomes "
	    "five. Block it now: a four must always be answered."),
	    N_("c5 already blocks one end. Which point would make White's "
	    "five?"),
	    N_("Blocked. Look for the opponent's fours before your own plans."), NULL, NULL },
	{ "gomoku", "black f8 g8 h8 i9 i10 white e8 d4 l3 m12 tomove black",
	    LESSON_FOUR_THREE, NULL,
	    N_("The winning shape is the four-three: one stone that makes a "
	    "four and an open three at once. White must block the four, and "
	    "then the three becomes an open four that cannot be stopped. "
	    "Find the point."),
	    N_("Row 8 (f8 g8 h8) and column i (i9 i10) meet at one point."),
	    N_("A four-three. White blocks j8, you play i11 or i7: an open four, "
	    "and five next."), NULL, NULL },
	{ "renju", "black g8 h8 i9 i10 white h7 a1 a3 a5 tomove black",
	    LESSON_SAFE, NULL,
	    N_("Renju restricts Black. The board marks i8 with ×: a stone there "
	    "would make two threes at once, a double-three, and in renju that "
	    "loses at once. Play any other point."),
	    N_("In a real game that was the end: Black loses on a restricted "
	    "point. Avoid the ×."),
	    N_("Safe. That is the lesson: five wins, block fours, build "
	    "four-threes, and in renju keep off the × points."), NULL, NULL },
};

const struct lesson lesson_gomoku = {
	N_("Five in a row"), lesson_gomoku_steps,
	(int)(sizeof lesson_gomoku_steps / sizeof lesson_gomoku_steps[0]),
};
