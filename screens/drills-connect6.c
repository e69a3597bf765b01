/*
 * drills-connect6.c - technique drills for Connect6: twenty positions,
 * Black to move with the two stones of a turn - ten where the turn wins
 * (a six, often through gaps, and not always where it first looks), ten
 * where it must stop every six White threatens, which takes the right
 * stones in the right places.  Each is set up from gh-setup tokens and
 * the turn is judged by the engine (engine/stone-goal.h); a wrong turn
 * shows the hint, s the solution.  tests/unit/test-lesson.c checks every
 * solution and that only a few turns solve each.
 */
#include <stddef.h>

#include "screens/lang.h"
#include "screens/lesson.h"

#define SIX(setup, answer, text, hint, solution) \
	{ "connect6", setup, LESSON_SIX, answer, text, hint, \
	    N_("Six: that wins."), solution, NULL }
#define STOP(setup, answer, text, hint, solution) \
	{ "connect6", setup, LESSON_BLOCK_SIX, answer, text, hint, \
	    N_("Stopped: White has no six to make with his two stones."), \
	    solution, NULL }

static const struct lesson_step drills_connect6_steps[] = {
	/* Win this turn. */
	SIX("black d4 e4 g4 i4 white d5 e5 f5 o9 p9 tomove black", "f4 h4",
	    N_("Win this turn: two stones."),
	    N_("Six points of row 4 already hold four of your stones."),
	    N_("f4 and h4 fill the two gaps of d4 e4 . g4 . i4.")),
	SIX("black c3 d4 f6 g7 white b2 i9 c8 k4 tomove black", "e5 h8",
	    N_("Win this turn: two stones."),
	    N_("Look along the diagonal: a gap inside, and room at one end."),
	    N_("e5 and h8: c3 d4 e5 f6 g7 h8 (b2 closes the other end).")),
	SIX("black k5 k6 k7 k8 white k4 k11 j6 l7 tomove black", "k9 k10",
	    N_("Win this turn: two stones."),
	    N_("Column k is closed at k4 and at k11: count what is between."),
	    N_("k9 and k10: k5 to k10 is six.")),
	SIX("black n3 m4 k6 j7 white o2 h8 m6 k4 tomove black", "l5 i8",
	    N_("Win this turn: two stones."),
	    N_("The diagonal from n3 up to the left has a gap."),
	    N_("l5 and i8: n3 m4 l5 k6 j7 i8 (o2 closes the lower end).")),
	SIX("black e12 f12 g12 h12 p4 p6 p7 p9 white d12 j12 o5 q8 c3 "
	    "tomove black", "p5 p8",
	    N_("Win this turn - but not on row 12."),
	    N_("Row 12 is closed at d12 and j12: no six fits there. Look at "
	    "column p."),
	    N_("p5 and p8: p4 to p9 is six.")),
	SIX("black f10 g11 h12 i13 white e9 e11 j11 m5 tomove black",
	    "j14 k15",
	    N_("Win this turn: two stones."),
	    N_("e9 closes the diagonal below: go the other way."),
	    N_("j14 and k15: f10 g11 h12 i13 j14 k15.")),
	SIX("black c15 d15 e15 h15 white b15 d14 f16 m9 tomove black",
	    "f15 g15",
	    N_("Win this turn: two stones."),
	    N_("b15 closes row 15 on the left: fill what is between e15 and h15."),
	    N_("f15 and g15: c15 to h15 is six.")),
	SIX("black j3 j4 j6 j8 white j2 j10 h5 k7 tomove black", "j5 j7",
	    N_("Win this turn: two stones."),
	    N_("Column j, between j2 and j10, has two gaps."),
	    N_("j5 and j7: j3 to j8 is six.")),
	SIX("black h4 i5 j6 k7 white h6 k5 c3 q15 tomove black", "g3 l8",
	    N_("Win this turn: two stones."),
	    N_("The diagonal h4-k7 is open at both ends: two at one end, or one "
	    "at each."),
	    N_("g3 and l8 (f2 g3 and l8 m9 win too).")),
	SIX("black c17 d16 f14 g13 m4 n4 o4 white l4 p4 e9 k12 j3 "
	    "tomove black", "e15 h12",
	    N_("Win this turn - not on row 4."),
	    N_("Row 4 is closed at l4 and p4. Look for a diagonal with a gap."),
	    N_("e15 and h12: c17 d16 e15 f14 g13 h12 (b18 and e15 win too).")),
	/* Stop every six. */
	STOP("black m2 c3 q15 white d10 e10 g10 h10 m3 m4 m5 m6 tomove black",
	    "f10 m7",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Row 10 has one point that spoils every six through it; column m "
	    "is closed at m2."),
	    N_("f10 (the gap of d10 e10 . g10 h10) and m7 (m8 would do too).")),
	STOP("black b2 p3 q16 white e15 f15 g15 i15 j15 c3 d4 e5 f6 "
	    "tomove black", "h15 g7",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Five of six points on row 15 are White's: one stone must go in "
	    "the gap. The diagonal c3-f6 is closed at b2."),
	    N_("h15 and g7 (h8 would do too).")),
	STOP("black c12 p3 q16 white g4 h5 i6 j7 tomove black", "f3 k8",
	    N_("White has an open four. Stop it with your two stones."),
	    N_("One stone at each end - but the right ones: every six through "
	    "g4 h5 i6 j7 must be spoilt."),
	    N_("f3 and k8, next to the four (e2 and k8, or f3 and l9, do too).")),
	STOP("black c3 d16 o3 white q8 q9 q10 q11 tomove black", "q7 q12",
	    N_("White has an open four. Stop it with your two stones."),
	    N_("Close to the four, one stone each side."),
	    N_("q7 and q12 (q6 and q12, or q7 and q13, do too).")),
	STOP("black b3 p9 d14 r18 white c3 d3 e3 f3 o10 n11 m12 l13 "
	    "tomove black", "g3 k14",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Both fours are closed at one end: b3 and p9."),
	    N_("g3 and k14 (h3 for g3, or j15 for k14, do too).")),
	STOP("black d17 c5 k18 white r5 q6 o8 n9 e17 f17 g17 h17 "
	    "tomove black", "p7 i17",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("The diagonal r5 q6 . o8 n9 has a gap that spoils every six "
	    "through it."),
	    N_("p7 (the gap) and i17 (j17 would do too).")),
	STOP("black p3 c16 k9 white l2 l3 l4 l6 l7 p14 q15 r16 s17 "
	    "tomove black", "l5 o13",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Column l needs its gap filled. The diagonal p14-s17 runs into the "
	    "edge of the board."),
	    N_("l5 and o13 (n12 would do for o13).")),
	STOP("black e4 p17 c10 white m5 l6 k7 j8 tomove black", "n4 i9",
	    N_("White has an open four. Stop it with your two stones."),
	    N_("Every six through m5 l6 k7 j8 must hold one of your stones."),
	    N_("n4 and i9, next to the four (o3 and i9, or n4 and h10, do too).")),
	STOP("black b13 s9 k5 white c13 d13 e13 f13 h13 s10 s11 s12 s13 "
	    "tomove black", "g13 s14",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Row 13 has one point that is in every six; column s is closed "
	    "at s9."),
	    N_("g13 and s14 (s15 would do for s14).")),
	STOP("black i2 b13 q10 white j2 k2 m2 n2 c14 d15 e16 f17 "
	    "tomove black", "l2 g18",
	    N_("White threatens six twice. Stop both with your two stones."),
	    N_("Both fours are closed at one end, by i2 and by b13."),
	    N_("l2 and g18 (o2 for l2, or h19 for g18, do too).")),
};

const struct lesson drills_connect6 = {
	N_("Connect6 drills"), drills_connect6_steps,
	(int)(sizeof drills_connect6_steps / sizeof drills_connect6_steps[0]),
};
