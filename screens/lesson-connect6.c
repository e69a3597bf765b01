/*
 * lesson-connect6.c - the three-minute lesson of Connect6: the first
 * stone, two stones a turn and a six, blocking a four with both stones,
 * and two threats stopped with one stone each.  Every position is set up
 * from gh-setup tokens and every turn is judged by the engine.
 */
#include <stddef.h>

#include "screens/lang.h"
#include "screens/lesson.h"

static const struct lesson_step lesson_connect6_steps[] = {
	{ "connect6", NULL, LESSON_AT, "j10",
	    N_("Connect6 is played on a 19×19 board. Black opens with a single "
	    "stone; from then on each player places two stones a turn. Place "
	    "Black's first stone on the centre, j10: the cursor is there, so "
	    "press Enter."),
	    N_("The centre is j10: column j, row 10. Move there and press Enter."),
	    N_("Good. That single stone is Black's whole first turn; White now "
	    "answers with two."), NULL, NULL },
	{ "connect6", "black g10 h10 i10 j10 white g11 h11 k12 f9 tomove black",
	    LESSON_SIX, NULL,
	    N_("Six in a row wins (seven or more too). You have four on row 10, "
	    "g10 to j10, and a turn is two stones: place both to make six."),
	    N_("Add both stones to the row g10-j10: two at one end, or one at "
	    "each."),
	    N_("Six: you win. In Connect6 a four is already a threat of six."),
	    NULL, NULL },
	{ "connect6", "black j12 c3 p15 white f7 g7 h7 i7 tomove black",
	    LESSON_BLOCK_SIX, NULL,
	    N_("White has four in a row, f7 to i7. With his two stones next turn "
	    "he makes six. One stone cannot stop that: block with both, one "
	    "on each side of the four."),
	    N_("A single block leaves White room for six on the other side: put "
	    "one stone at each end, within two points of the four."),
	    N_("Blocked with both stones. A four takes your whole turn to stop."),
	    NULL, NULL },
	{ "connect6", "black e7 c9 o3 white f7 g7 h7 i7 c10 c11 c12 c13 "
	    "tomove black", LESSON_BLOCK_SIX, NULL,
	    N_("White has two fours now, each already closed at one end: row 7 "
	    "by e7, column c by c9. Each needs one stone to stop it, and you "
	    "have two: stop both."),
	    N_("One stone on the open side of each four: row 7 beyond i7, column "
	    "c beyond c13."),
	    N_("Both stopped. That is the lesson: one stone first, then two a "
	    "turn; six wins; and count White's fours before you attack."),
	    NULL, NULL },
};

const struct lesson lesson_connect6 = {
	N_("Connect6"), lesson_connect6_steps,
	(int)(sizeof lesson_connect6_steps / sizeof lesson_connect6_steps[0]),
};
