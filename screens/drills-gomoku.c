/*
 * drills-gomoku.c - technique drills for the five-in-a-row family:
 * twenty-five positions, Black to move, where one move (sometimes one of
 * two or three) does the job - a five, the block of White's four, a
 * four-three, a win by fours alone, and the end of White's three where
 * the block holds (the other loses to his fours).  Each is set up from
 * gh-setup tokens and the move is judged by the engine
 * (engine/stone-goal.h); a wrong try shows the hint, s the solution.
 * tests/unit/test-lesson.c checks every solution, that only a few points
 * solve each, and that the tempting wrong blocks lose.
 */
#include <stddef.h>

#include "screens/lang.h"
#include "screens/lesson.h"

#define FIVE(setup, answer, text, hint, solution) \
	{ "gomoku", setup, LESSON_FIVE, answer, text, hint, \
	    N_("Five: that wins."), solution, NULL }
#define BLOCK(setup, answer, text, hint, solution) \
	{ "gomoku", setup, LESSON_BLOCK, answer, text, hint, \
	    N_("Blocked: White has no five to make."), solution, NULL }
#define FOUR_THREE(setup, answer, text, hint, solution) \
	{ "gomoku", setup, LESSON_FOUR_THREE, answer, text, hint, \
	    N_("A four-three: White blocks the four, the three becomes an open " \
	    "four."), solution, NULL }
#define HOLD(setup, answer, wrong, text, hint, solution) \
	{ "gomoku", setup, LESSON_HOLD, answer, text, hint, \
	    N_("Held: White has no win by fours left."), solution, wrong }
#define VCF(setup, answer, text, hint, solution) \
	{ "gomoku", setup, LESSON_VCF, answer, text, hint, \
	    N_("A win by fours: every White reply is forced, and the last four " \
	    "is double."), solution, NULL }

static const struct lesson_step drills_gomoku_steps[] = {
	/* Win now. */
	FIVE("black f6 g6 i6 j6 white f7 g7 h7 k6 tomove black", "h6",
	    N_("Win in one move."), N_("A gap in a row counts: fill it."),
	    N_("h6 fills the gap in f6 g6 . i6 j6.")),
	FIVE("black d4 e5 f6 g7 h10 white c3 e7 f8 g9 tomove black", "h8",
	    N_("Win in one move."), N_("Look along the diagonals."),
	    N_("h8 ends the diagonal d4-g7; c3 closes the other end.")),
	FIVE("black k3 k5 k6 k7 h8 white k2 k8 j6 l6 tomove black", "k4",
	    N_("Win in one move."), N_("Both ends of column k are closed: look "
	    "inside."), N_("k4: k3 k4 k5 k6 k7.")),
	FIVE("black h8 h9 h10 e2 f3 g4 h5 white d1 h11 g8 i9 tomove black",
	    "i6", N_("Win in one move - not with the three in column h."),
	    N_("The four is on a diagonal, closed at d1."),
	    N_("i6 ends e2 f3 g4 h5.")),
	FIVE("black c12 d11 f9 g8 white b13 h7 d10 e11 tomove black", "e10",
	    N_("Win in one move."), N_("Two and two on one diagonal, with a gap."),
	    N_("e10: c12 d11 e10 f9 g8.")),
	/* Block the right point. */
	BLOCK("black e10 h7 h6 h5 white f10 g10 h10 i10 c3 tomove black",
	    "j10", N_("White threatens five. Stop it."),
	    N_("Your own three can wait: White's four cannot."),
	    N_("j10: e10 already closes the left end.")),
	BLOCK("black j9 k9 l9 c2 white d3 e4 g6 h7 m13 tomove black", "f5",
	    N_("White threatens five. Stop it."),
	    N_("A four with a gap is still a four."),
	    N_("f5, the gap in d3 e4 . g6 h7.")),
	BLOCK("black m3 f8 g9 h10 white m4 m5 m6 m7 b2 tomove black", "m8",
	    N_("White threatens five. Stop it."), N_("Column m is closed at one end."),
	    N_("m8: m3 is yours already.")),
	BLOCK("black e8 f9 k11 l11 white f12 g12 i12 j12 c3 tomove black",
	    "h12", N_("White threatens five. Stop it."),
	    N_("Two and two on row 12."), N_("h12, between g12 and i12.")),
	BLOCK("black m2 e6 e7 e8 white l3 k4 j5 i6 n14 tomove black", "h7",
	    N_("White threatens five. Stop it."),
	    N_("m2 closes one end of White's diagonal."),
	    N_("h7 closes the other end of l3 k4 j5 i6.")),
	/* The four-three. */
	FOUR_THREE("black e4 f4 g4 h5 h6 white d4 c8 l10 m3 tomove black",
	    "h4", N_("Make a four and an open three with one stone."),
	    N_("Row 4 and column h meet at one point."),
	    N_("h4: the four e4-h4 and the three h4 h5 h6.")),
	FOUR_THREE("black c3 d4 e5 g6 h6 white b2 k12 l3 c10 tomove black",
	    "f6", N_("Make a four and an open three with one stone."),
	    N_("The diagonal c3-e5 and row 6 meet at one point."),
	    N_("f6: the four c3-f6 and the three f6 g6 h6.")),
	FOUR_THREE("black j10 j11 j12 k8 l7 white j13 c3 d12 n2 tomove black",
	    "j9", N_("Make a four and an open three with one stone."),
	    N_("Column j and the diagonal k8 l7 meet at one point."),
	    N_("j9: the four j9-j12 and the three j9 k8 l7.")),
	FOUR_THREE("black c10 d10 f10 e11 e12 white b10 l4 m9 j14 tomove black",
	    "e10", N_("Make a four and an open three with one stone."),
	    N_("Fill the gap of row 10 where it meets column e."),
	    N_("e10: the four c10-f10 and the three e10 e11 e12.")),
	FOUR_THREE("black g12 h12 i12 j11 j10 white f12 c4 m5 d8 tomove black",
	    "j12", N_("Make a four and an open three with one stone."),
	    N_("Row 12 and column j meet at one point."),
	    N_("j12: the four g12-j12 and the three j10 j11 j12.")),
	/* Win by fours alone. */
	VCF("black c4 d4 e4 f6 g6 h6 i5 i7 white b4 e6 i3 n13 a10 "
	    "tomove black", "g4",
	    N_("Win with fours only: every move a four, until one is double."),
	    N_("Start with a four; the point White must fill should not stop "
	    "your next one."),
	    N_("g4: White must block, then the next four is double (f4, i6 and "
	    "j6 win too).")),
	VCF("black j3 j4 j5 k7 l8 m9 h8 h9 white j2 n10 g7 c13 a5 "
	    "tomove black", "j6",
	    N_("Win with fours only: every move a four, until one is double."),
	    N_("Column j and the diagonal k7 l8 m9 meet at one point."),
	    N_("j6: two fours at once, column j3-j6 and the diagonal j6-m9.")),
	VCF("black f10 g10 h10 i11 i12 j8 k7 white e10 i13 l6 c3 m2 "
	    "tomove black", "i10",
	    N_("Win with fours only: every move a four, until one is double."),
	    N_("Row 10 first; White's block leaves column i and the diagonal."),
	    N_("i10: White blocks j10, then i9 is a double four.")),
	VCF("black j10 i10 h10 g11 g12 f8 e7 white k10 g13 d6 m3 c2 "
	    "tomove black", "g10",
	    N_("Win with fours only: every move a four, until one is double."),
	    N_("Row 10 first; then column g and the diagonal meet."),
	    N_("g10: White blocks f10, then g9 is a double four.")),
	VCF("black f3 f4 f5 e7 d8 c9 h8 h9 white f2 b10 i7 m13 o5 "
	    "tomove black", "f6",
	    N_("Win with fours only: every move a four, until one is double."),
	    N_("Column f and the diagonal e7 d8 c9 meet at one point."),
	    N_("f6: two fours at once, column f3-f6 and the diagonal f6-c9.")),
	/* Block the right end: of the two (or three) blocks, one holds. */
	HOLD("black c3 m3 c13 n13 white h8 i8 j8 k9 k10 k11 tomove black",
	    "k8", "g8",
	    N_("White's three h8 i8 j8 can be blocked at either end. Only one "
	    "block holds: find it."),
	    N_("At the wrong end White plays the other and makes two fours at "
	    "once: where do row 8 and column k meet?"),
	    N_("k8 closes row 8 and column k together; after g8, White's k8 is "
	    "a double four.")),
	HOLD("black l2 b12 m13 n8 white d4 e5 f6 g8 g9 tomove black",
	    "g7", "c3",
	    N_("White's diagonal three d4 e5 f6 has two ends. Only one block "
	    "holds: find it."),
	    N_("One end is also the point that makes g8 g9 a three."),
	    N_("g7: after c3, White's g7 is a four and a three at once, and wins "
	    "by fours.")),
	HOLD("black b2 m2 l8 n14 white e10 e11 e12 f13 g13 h13 tomove black",
	    "e13", "e9",
	    N_("White's three e10 e11 e12 can be blocked at either end. Only one "
	    "block holds: find it."),
	    N_("Column e and row 13 meet at one of its ends."),
	    N_("e13 closes column e and row 13 together; after e9, White's e13 "
	    "is a double four.")),
	HOLD("black b2 c12 n13 o6 white m4 l5 k6 j8 j9 tomove black",
	    "j7", "n3",
	    N_("White's diagonal three m4 l5 k6 has two ends. Only one block "
	    "holds: find it."),
	    N_("One end is also the point that makes j8 j9 a three."),
	    N_("j7: after n3, White's j7 is a four and a three at once, and wins "
	    "by fours.")),
	HOLD("black b3 m3 l12 h14 white c10 d10 f10 e11 e12 tomove black",
	    "e10", "g10",
	    N_("White's broken three c10 d10 . f10 can be blocked at either end "
	    "or in its gap. Only one block holds: find it."),
	    N_("Blocked at an end, the gap becomes a four and a three for White."),
	    N_("e10, the gap: it closes row 10 and column e; after g10 (or b10), "
	    "White's e10 is a four and a three.")),
};

const struct lesson drills_gomoku = {
	N_("Five in a row drills"), drills_gomoku_steps,
	(int)(sizeof drills_gomoku_steps / sizeof drills_gomoku_steps[0]),
};
