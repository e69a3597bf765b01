/*
 * lesson-yonin.c - the three-minute lesson of four-player shogi, seen from
 * South (the bottom): moving a piece, capturing, dropping from the hand,
 * promotion, and answering a check out of turn (check priority).  Every
 * position is set up from gh-setup tokens; the engine judges each move's
 * legality and what it did.
 */
#include <stddef.h>

#include "screens/lang.h"
#include "screens/lesson.h"

/* The four kings in their places: every position has them. */
#define KINGS "5i:S:K 9e:W:K 5a:N:K 1e:E:K "

static const struct lesson_step lesson_yonin_steps[] = {
	{ "yonin", KINGS "5g:S:P 4i:S:G tomove:S", LESSON_MOVE, "5g5f",
	    N_("Four players share one board; you sit at the bottom (South) and "
	    "your pieces move up. Pick up your pawn on 5g: move the cursor "
	    "onto it and press Enter. The marks show where it may go: press "
	    "Enter on 5f."),
	    N_("The pawn is on 5g, two rows below the centre: put the cursor "
	    "there, Enter, then Enter one square up."),
	    N_("Good. A pawn steps one square forward; the others move as in "
	    "shogi, and the marks always show where."), NULL, NULL },
	{ "yonin", KINGS "5g:S:P 4h:S:S 5f:N:G 3f:W:P tomove:S",
	    LESSON_CAPTURE, "5g5f",
	    N_("North's gold stands on 5f, right in front of your pawn. Capture "
	    "it: move the pawn onto it."),
	    N_("Only your pawn on 5g reaches an opponent's piece."),
	    N_("Captured. The gold is now in your hand (beside the board), "
	    "unpromoted, yours to drop later."), NULL, NULL },
	{ "yonin", KINGS "hand:S:P1 tomove:S", LESSON_DROP, "P*5e",
	    N_("Your hand holds a pawn. Instead of moving, a turn may drop a "
	    "piece from the hand onto an empty square: press 4 (keys 1 to 4 "
	    "are rook, gold, silver, pawn), then Enter on a marked square, "
	    "5e for one."),
	    N_("Press 4 for the pawn in your hand, then Enter on one of the "
	    "marked squares."),
	    N_("Dropped. A dropped piece moves your way from then on."),
	    NULL, NULL },
	{ "yonin", KINGS "4d:S:S tomove:S", LESSON_PROMOTE, "4d4c+",
	    N_("Rooks, silvers and pawns promote in the three ranks farthest "
	    "from you (a to c for South). Move your silver from 4d into rank "
	    "c, and answer y when asked: a promoted silver moves as a gold."),
	    N_("Pick up the silver on 4d, put it down on a marked square of "
	    "rank c, and press y."),
	    N_("Promoted: +S. A pawn that reaches the last rank must promote."),
	    NULL, NULL },
	{ "yonin", KINGS "5b:N:P 5d:E:R 4i:S:G 6h:S:S tomove:S",
	    LESSON_UNCHECK, NULL,
	    N_("East's rook on 5d checks your king along file 5. Here the "
	    "player in check moves at once, even out of turn: check "
	    "priority (West, whose turn it was, is skipped). Answer it: step "
	    "the king aside, or put a piece between."),
	    N_("A move that leaves your king in check is refused. Try the king "
	    "to the side, or the gold or silver onto file 5."),
	    N_("Out of check. Play goes on clockwise from you. That is the "
	    "lesson: move, capture, drop, promote, and answer checks first."),
	    NULL, NULL },
};

const struct lesson lesson_yonin = {
	N_("Four-player shogi"), lesson_yonin_steps,
	(int)(sizeof lesson_yonin_steps / sizeof lesson_yonin_steps[0]),
};
