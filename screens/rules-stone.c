/*
 * rules-stone.c - the rule pages of the five-in-a-row family and Connect6
 * (docs/rules.md section 1), written for this hall.  The markup of the lines
 * is in screens/rules.h.
 */
#include <stddef.h>

#include "screens/rules.h"

/* ---- options ------------------------------------------------------------- */

static const struct rules_option rules_gomoku_options[] = {
	{ "size", N_("Board"), N_("the board's lines each way"),
	    { "15", "19" }, { N_("15×15"), N_("19×19") } },
	{ "overline", N_("Overline"),
	    N_("whether six or more in a row wins"),
	    { "on", "off" },
	    { N_("counts as five (six or more wins too)"),
	    N_("does not win: only an exact five wins, for both colours, and "
	    "six or more leaves the game running") } },
	{ "restrict", N_("Black's restrictions"),
	    N_("whether Black may make a double-three, a double-four or an "
	    "overline"),
	    { "off", "on" },
	    { N_("off: Black may play anywhere"),
	    N_("on: Black's double-three, double-four and overline points are "
	    "blocked (marked ×; trying one costs nothing)") } },
};

static const struct rules_option rules_swap_options[] = {
	{ "opening", N_("Opening"), N_("how the game begins"),
	    { "free", "swap", "swap2" },
	    { N_("free: Black simply plays first"),
	    N_("swap: the first player places three stones, the second picks "
	    "a colour"),
	    N_("swap2: three stones, then the second player picks a colour or "
	    "adds two more and hands the choice back") } },
};

static const struct rules_option rules_connect6_options[] = {
	{ "size", N_("Board"), N_("the board's lines each way"),
	    { "19", "15", "13" }, { N_("19×19"), N_("15×15"), N_("13×13") } },
};

/* ---- gomoku ---------------------------------------------------------------- */

static const char *const rules_gomoku_text[] = {
	N_("#The aim"),
	N_("Two players, Black and White, take turns placing stones on the "
	"points where the lines cross. The first to get five of his own "
	"stones in an unbroken row, across, up and down or diagonally, wins."),
	N_("#Setting up"),
	N_("- The board starts empty: 15×15 lines, or 19×19 if the table "
	"chooses."),
	N_("- Stones go on the crossings, not inside the squares."),
	N_("- Black moves first. The hall draws who starts the first game and, "
	"unless the table turns it off, the other player starts the next."),
	N_("#How to play"),
	N_("- On your turn place one stone of your colour on any empty point. "
	"You cannot pass."),
	N_("- Stones never move and are never taken, even when surrounded. "
	"(Taking stones belongs to another game, Ninuki-renju.)"),
	N_("- A row is broken by an empty point or by one of the opponent's "
	"stones."),
	N_("- Six or more in a row is an overline. It wins too, unless the "
	"table turns overline off: then only an exact five wins, for both "
	"colours, and an overline leaves the game running."),
	N_("- Black's restrictions are off unless the table turns them on. "
	"With them on, Black may not play a point that makes a double-three, "
	"a double-four or an overline: such points are marked × on the "
	"board, and trying one places nothing and costs nothing - it is "
	"still Black's turn. A move that makes an exact five is always "
	"allowed and wins, whatever else it makes. White is never "
	"restricted."),
	N_("#How it ends"),
	N_("- The first five wins at once."),
	N_("- A full board without a winning row is a draw; so is a game where "
	"Black, with restrictions on, has no point left to play."),
	N_("- Either player may resign at any time: that is a loss. A draw may "
	"be offered (d) and accepted."),
	N_("- In a rated game a draw counts half a win for both ratings."),
	N_("#How to win: the four-three"),
	N_("Black's first move is worth a lot: a computer search in 1994 "
	    "showed "
	"that on an empty 15×15 board without restrictions Black wins with "
	"best play. The way there is too long to learn by heart; learn the "
	"shapes instead."),
	N_("- A four-three: a four and an open three made with one stone. The "
	"opponent must block the four, and then the three becomes an open "
	"four, with two points to win."),
	N_("- Keep making fours: each one forces a block, and the blocks can "
	"build your four-three."),
	N_("- Block the opponent's four before you make your own three, and "
	    "his "
	"open three before it becomes an open four."),
	N_("- Start near the centre, where the most lines of five pass."),
	N_("#Options a table may change"),
	"@options",
	N_("#Terms"),
	N_("=Row\tstones of one colour in a line, across, up and down or "
	"diagonally"),
	N_("=Five\tfive of one colour in an unbroken row: the winning shape"),
	N_("=Four\ta row that one more stone turns into five"),
	N_("=Open four\ta four with both ends free (.XXXX.): two points make "
	"five, so it cannot be stopped"),
	N_("=Three\ta row that one more stone turns into an open four"),
	N_("=Overline\tsix or more of one colour in an unbroken row"),
	N_("=Restricted point\ta point where Black may not play when the "
	"table's restrictions are on: a double-three (two threes at once), "
	"a double-four (two fours at once) or an overline; marked × on the "
	"board"),
	N_("#Common questions"),
	N_("?Can the board be bigger?"),
	N_("Yes: the table may choose 19×19 instead of 15×15."),
	N_("?Can I take a move back?"),
	N_("Ask with u. A person must agree (y); against the computer in an "
	"unrated game it is granted at once."),
	N_("?Can a game be drawn?"),
	N_("Yes: a full board with no five, Black left without a legal point "
	"under restrictions, or a draw offered and accepted."),
	N_("?Who moves first?"),
	N_("The hall draws it for the first game and, unless the table turns "
	"it off, the first move passes to the other player each game."),
	N_("?Does six in a row win?"),
	N_("By default yes, for both colours. With overline off only an exact "
	"five wins and six or more does not end the game."),
	N_("?What do the restrictions change?"),
	N_("Only Black is affected: no double-three, no double-four, no "
	"overline. White plays as before."),
	N_("?What if Black tries a restricted point?"),
	N_("Nothing is placed and it is still Black's turn. Trying costs "
	"nothing here (in renju it loses)."),
	N_("?A five that is also a double-three or a double-four?"),
	N_("Allowed, and it wins at once: five comes first."),
	N_("?How is this different from renju?"),
	N_("Renju is gomoku for tournaments: Black's restrictions always apply "
	"and playing one loses, an overline wins only for White, and the "
	"first stones follow an opening rule. Gomoku here has no "
	"restrictions unless the table turns them on, and then they only "
	"block. For the full game choose renju."),
	NULL
};

const struct rules_page rules_page_gomoku = {
	"gomoku", N_("Gomoku"),
	N_("five in a row on 15×15 or 19×19, the table's own rules"),
	rules_gomoku_text, rules_gomoku_options,
	(int)(sizeof rules_gomoku_options / sizeof rules_gomoku_options[0]),
};

/* ---- freestyle ---------------------------------------------------------- */

/* The swap openings, said the same way on the freestyle and standard
 * pages. */
#define RULES_SWAP_LINES \
	"#The opening: free, swap or swap2", \
	"- Free: Black plays the first stone and the game goes on.", \
	"- Swap: the first player places three stones (black, white, " \
	"black). The second player then chooses to play Black or White, " \
	"and the game goes on with White's next stone.", \
	"- Swap2: the first player places the same three stones. The " \
	"second player takes White, takes Black, or places two more " \
	"stones (white, black) and gives the choice of colour back to the " \
	"first player.", \
	"- Choosing is b (black), w (white) or m (two more stones). The " \
	"result and the rating belong to the colour each player ends up " \
	"with.", \
	"- Why: the first stones are worth so much that whoever places " \
	"them should not also get to keep them; the one who places them " \
	"tries to make a balanced position."

static const char *const rules_freestyle_text[] = {
	N_("#The aim"),
	N_("Five or more in a row wins. Freestyle is five in a row at its "
	"simplest: any unbroken row of five or more stones of your colour, "
	"across, up and down or diagonally, ends the game."),
	N_("#Setting up"),
	N_("- A 15×15 board, empty. Black moves first (or the opening decides "
	"who is Black, see below)."),
	N_("#How to play"),
	N_("- Take turns placing one stone on any empty point. Stones never "
	"move and are never taken."),
	N_("- There are no restricted points for either colour."),
	N_("- Six or seven in a row win like five: filling the gap between a "
	"three and a two to make six is as good as making five."),
	RULES_SWAP_LINES,
	N_("#How it ends"),
	N_("- The first row of five or more wins."),
	N_("- A full board with no winning row is a draw; because overlines "
	"count, that is rarer still than in standard gomoku."),
	N_("- Resign any time (a loss); a draw may be offered and accepted."),
	N_("#Options a table may change"),
	"@options",
	N_("#Terms"),
	N_("=Five\tfive of one colour in an unbroken row"),
	N_("=Overline\tsix or more in a row; in freestyle it wins"),
	N_("=Four\ta row that one more stone turns into five"),
	N_("=Three\ta row that one more stone turns into an open four"),
	N_("=Swap, swap2\topening rules that balance the first player's "
	"advantage"),
	N_("#Common questions"),
	N_("?How is freestyle different from standard gomoku?"),
	N_("Only in the overline: standard counts exactly five, freestyle five "
	"or more."),
	N_("?Is the first player really winning?"),
	N_("On an empty 15×15 board, yes with perfect play (proved by computer "
	"in 1994). That is why tournaments add swap2; at a friendly table "
	"the free opening is fine."),
	N_("?Where does freestyle come from?"),
	N_("Five in a row on a go board was played in Japan in the Edo period, "
	"and any five won: that old game is freestyle. It is also known as "
	"gomokunarabe, wuziqi and omok."),
	NULL
};

const struct rules_page rules_page_freestyle = {
	"freestyle", N_("Freestyle gomoku"),
	N_("five or more in a row wins; free, swap or swap2 opening"),
	rules_freestyle_text, rules_swap_options,
	(int)(sizeof rules_swap_options / sizeof rules_swap_options[0]),
};

/* ---- standard ------------------------------------------------------------ */

static const char *const rules_standard_text[] = {
	N_("#The aim"),
	N_("Make exactly five in a row. Standard gomoku is freestyle with one "
	"rule more: a row of six or more does not win."),
	N_("#Setting up"),
	N_("- A 15×15 board, empty. Black moves first (or the opening decides "
	"who is Black, see below)."),
	N_("#How to play"),
	N_("- Take turns placing one stone on any empty point. Stones never "
	"move and are never taken."),
	N_("- There are no restricted points: you may make an overline, it "
	    "just "
	"does not win, and the game goes on."),
	RULES_SWAP_LINES,
	N_("#How it ends"),
	N_("- The first exact five (five in a row, not six) wins, for either "
	"colour."),
	N_("- A full board with no exact five is a draw."),
	N_("- Resign any time (a loss); a draw may be offered and accepted."),
	N_("#Options a table may change"),
	"@options",
	N_("#Terms"),
	N_("=Five\texactly five of one colour in an unbroken row"),
	N_("=Overline\tsix or more in a row: allowed, but it does not win"),
	N_("=Four\ta row that one more stone turns into an exact five"),
	N_("=Three\ta row that one more stone turns into an open four"),
	N_("#Common questions"),
	N_("?I made six in a row and the game went on. Why?"),
	N_("In standard gomoku only an exact five wins. Look for a five "
	"somewhere else."),
	N_("?Can one stone make a five and an overline at once?"),
	N_("Yes, in different lines: the five wins."),
	N_("?How is this different from renju?"),
	N_("Renju also restricts Black (double-three, double-four and overline "
	"lose for Black) and uses an opening rule; standard gomoku treats "
	"both colours the same."),
	NULL
};

const struct rules_page rules_page_standard = {
	"standard", N_("Standard gomoku"),
	N_("exactly five wins; an overline does not; swap or swap2"),
	rules_standard_text, rules_swap_options,
	(int)(sizeof rules_swap_options / sizeof rules_swap_options[0]),
};

/* ---- renju ------------------------------------------------------------------ */

static const char *const rules_renju_text[] = {
	N_("#The aim"),
	N_("Five in a row, under the rules tournaments use. Renju keeps the "
	"game fair by restricting Black, who moves first: Black must win "
	"with an exact five and loses by playing a restricted point."),
	N_("#Setting up"),
	N_("- A 15×15 board, empty. Black moves first."),
	N_("- The opening (the centre rule): Black's first stone goes on the "
	"centre point h8. White's first stone goes on one of the eight "
	"points around it. Black's second stone goes inside the 5×5 square "
	"around the centre. After that, anywhere."),
	N_("- A stone outside the allowed area is refused; it does not lose."),
	N_("#How to play"),
	N_("- Take turns placing one stone on any empty point. Stones never "
	"move and are never taken."),
	N_("- White may play anywhere and wins with five or with an overline."),
	N_("- Black wins only with an exact five. Black may not make a "
	"double-three, a double-four or an overline: a black stone on such "
	"a point loses at once (the move is recorded and White wins)."),
	N_("- The board marks every restricted point with × while Black is to "
	"move, and the status line names the one under your cursor "
	"(\"restricted for black: double-three\")."),
	N_("- Five first: a black stone that makes an exact five wins, even if "
	"it also makes a double-three, a double-four or an overline in "
	"another line."),
	N_("#The restricted shapes, exactly"),
	N_("- A four is a line through the new stone with one point that makes "
	"an exact five. Two such points five apart (.XXXX.) are one open "
	"four; two points closer together on one line (X.XXX.X) are two "
	"fours."),
	N_("- A three is a line, with no four in it, where one more stone "
	    "makes "
	"an open four - and that stone must itself be allowed for Black. A "
	"\"three\" whose only way to an open four is restricted is no three."),
	N_("- Two or more fours at once: double-four. Two or more threes at "
	"once: double-three. Six or more in a row: overline."),
	N_("- So a four-three (one four and one three) is allowed and is "
	"Black's way to win; four-three-three and four-four-three are "
	"restricted."),
	N_("- The edge of the board counts like a white stone."),
	N_("#How it ends"),
	N_("- Black wins with an exact five; White with five or more."),
	N_("- Black loses at once on a restricted point."),
	N_("- A full board without a win is a draw."),
	N_("- Resign any time (a loss); a draw may be offered and accepted."),
	N_("#Options a table may change"),
	N_("Renju has no options of its own: the restrictions and the opening "
	"are part of the game."),
	"@options",
	N_("#Terms"),
	N_("=Five\texactly five of one colour in an unbroken row"),
	N_("=Overline\tsix or more in a row: wins for White, loses for Black"),
	N_("=Four\ta line where one more stone makes five"),
	N_("=Open four\ta four with both ends free (.XXXX.): it cannot be "
	"stopped"),
	N_("=Three\ta line where one more (allowed) stone makes an open four"),
	N_("=Double-three\tone black stone making two threes at once"),
	N_("=Double-four\tone black stone making two fours at once"),
	N_("=Restricted point\ta point where a black stone would make a "
	"double-three, a double-four or an overline (and no five): marked × "
	"on the board; Black loses by playing it"),
	N_("=Four-three\ta four and a three made together: allowed, and the "
	"classic win"),
	N_("#Common questions"),
	N_("?Why only Black?"),
	N_("Moving first is a big advantage; the restrictions take some of it "
	"back. White is never restricted."),
	N_("?A five that is also a double-three?"),
	N_("It wins. An exact five always comes first."),
	N_("?Does the hall warn me before I play a restricted point?"),
	N_("The × marks are the warning, and the status line names the shape "
	"under your cursor. Playing one anyway loses the game."),
	N_("?Can White win with six?"),
	N_("Yes. Only Black is held to an exact five."),
	N_("?Why was my second stone refused?"),
	N_("The opening rule: Black's first stone on h8, White's first next to "
	"it, Black's second within two points of the centre."),
	NULL
};

const struct rules_page rules_page_renju = {
	"renju", N_("Renju"),
	N_("tournament five in a row: Black is restricted, centre opening"),
	rules_renju_text, NULL, 0,
};

/* ---- Connect6 -------------------------------------------------------------- */

static const char *const rules_connect6_text[] = {
	N_("#The aim"),
	N_("Six or more in a row wins. Connect6 is five in a row raised by "
	    "one, "
	"with a turn order that makes it fair without any special rules."),
	N_("#Setting up"),
	N_("- A 19×19 board (13×13 or 15×15 if the table chooses), empty."),
	N_("- Black moves first, with a single stone: the only one-stone turn "
	"of the game."),
	N_("#How to play"),
	N_("- After Black's first stone, White and Black each place two stones "
	"a turn, one after the other, on any empty points. The two need not "
	"be next to each other."),
	N_("- The turn passes after the second stone. The table shows \"stone "
	    "1 "
	"of 2\" and \"stone 2 of 2\"; the last pair is marked on the board."),
	N_("- Stones never move and are never taken. No swap, no restricted "
	"points."),
	N_("- Why it is fair: after every turn the player who just moved is at "
	"most one stone ahead, never more."),
	N_("#How it ends"),
	N_("- The game ends the moment a row of six or more appears, even on "
	"the first stone of a pair."),
	N_("- A full board with no six is a draw."),
	N_("- Resign any time (a loss); a draw may be offered and accepted."),
	N_("#Options a table may change"),
	"@options",
	N_("#Terms"),
	N_("=Six\tsix or more of one colour in an unbroken row: the win"),
	N_("=Pair\tthe two stones of one turn"),
	N_("=Threat\ta row that one more pair could turn into six; two "
	"threats at once need both of the opponent's stones to stop"),
	N_("#Common questions"),
	N_("?Do my two stones have to touch?"),
	N_("No: any two empty points."),
	N_("?If my first stone makes six, do I still place the second?"),
	N_("No: the game is over at once."),
	N_("?Why no swap or restrictions?"),
	N_("The one-stone first turn already balances the game."),
	N_("?Who invented it?"),
	N_("I-Chen Wu of National Chiao Tung University in Taiwan, in 2003; it "
	"has been played at the Computer Olympiad since."),
	NULL
};

const struct rules_page rules_page_connect6 = {
	"connect6", N_("Connect6"),
	N_("six in a row, two stones a turn after Black's first"),
	rules_connect6_text, rules_connect6_options,
	(int)(sizeof rules_connect6_options /
	    sizeof rules_connect6_options[0]),
};
