/*
 * rules-yonin.c - the rule page of four-player shogi (docs/rules.md section
 * 2), written for this hall.  The markup of the lines is in
 * screens/rules.h.
 */
#include <stddef.h>

#include "screens/rules.h"

static const struct rules_option rules_yonin_options[] = {
	{ "mode", N_("Mode"), N_("everyone for himself, or two teams"),
	    { "individual", "pairs" },
	    { N_("individual: each against the other three"),
	    N_("pairs: the players opposite each other are a team; the team "
	    "loses when one of them is out") } },
	{ "end", N_("Game ends"), N_("when the game stops"),
	    { "two", "last" },
	    { N_("when two players are out"), N_("when one player is left "
	    "(individual only)") } },
	{ "transfer", N_("A loser's pieces"), N_("where an eliminated player's "
	    "pieces on the board go (his hand always goes to the eliminator)"),
	    { "inherit", "ownerless" },
	    { N_("to the eliminator, keeping the way they face"),
	    N_("ownerless: they never move or attack, and anyone may capture "
	    "them") } },
	{ "movelimit", N_("Move limit"),
	    N_("moves by all players together before "
	    "the game stops: then players are ranked by eliminations, then "
	    "pieces (in pairs it is a draw)"),
	    { "0", "200", "400", "800" },
	    { N_("none"), N_("200 moves"), N_("400 moves"), N_("800 moves") } },
	{ "legal", N_("Show legal moves"), N_("whether the board marks where a "
	    "picked-up piece may go"),
	    { "on", "off" },
	    { N_("on: destinations marked * (green)"), N_("off: no marks") } },
};

static const char *const rules_yonin_text[] = {
	N_("#The aim"),
	N_("Four players sit on the four sides of a 9×9 shogi board and play "
	"in turn, clockwise. A player whose king cannot escape is out, and "
	"his pieces go to whoever trapped him. When two players are out the "
	"game ends, and the one who put out the most players wins. There is "
	"no resignation."),
	N_("#Setting up"),
	N_("- Each player has nine pieces on his side: silver, gold, king, "
	"gold, silver on the nearest row; pawn, rook, pawn in front of "
	"them; one pawn in the middle of the third row."),
	N_("- Every piece faces the player opposite its owner, and moves as in "
	"shogi: king one step any way; gold one step forward, diagonally "
	"forward, sideways or straight back; silver one step forward or "
	"diagonally; pawn one step forward; rook any distance in a straight "
	"line. There are no bishops, knights or lances."),
	N_("- Seats in turn order: S (south, bottom), W (west), N (north), E "
	"(east). Each player is followed by the one on his left. The first "
	"seat moves on by one each game unless the table turns that off."),
	N_("- Squares are written as a shogi player at S reads them: files 9 "
	"to 1 from left to right, ranks a to i from top to bottom (5i is "
	"S's king). Moves: 7g7f, 7g7f+ (promoting), P*5e (a drop)."),
	N_("#How to play"),
	N_("- On your turn, move one piece on the board or drop one piece from "
	"your hand."),
	N_("- Moving onto an opponent's piece captures it. It goes into your "
	"hand unpromoted, and from your next turn you may drop it on an "
	"empty square, facing your way."),
	N_("- Kings are never captured, and no piece moves onto a king."),
	N_("- Check priority: a player whose king is in check moves at once, "
	"out of turn, and play goes on clockwise from him. Turns skipped "
	"that way are not made up. When several kings are in check, the one "
	"nearest clockwise from the player who just moved answers first."),
	N_("- Promotion: a rook, silver or pawn may promote when its move "
	"starts or ends in the three far ranks in the direction it faces "
	"(for S ranks a-c, for N g-i, for W files 3-1, for E files 9-7). A "
	"pawn that reaches its last rank must promote. A promoted silver or "
	"pawn moves as a gold; a promoted rook (dragon) moves as a rook plus "
	"one step diagonally."),
	N_("- Not allowed: two unpromoted pawns of yours facing your way on "
	    "one "
	"of your lines (a file for S and N, a rank for W and E; inherited "
	"pawns facing elsewhere do not count); a pawn drop that mates; a pawn where it could never "
	"move again; dropping a pawn just in front of an overturned king "
	"(moving one there is fine); any move that leaves your own king in "
	"check."),
	N_("#Out, and the end"),
	N_("- A player is judged when the turn reaches him: with no legal "
	    "move, "
	"in check or not, he is out."),
	N_("- His king is overturned (drawn with ×) and stays as a block that "
	"nobody can capture, enter or pass, and that attacks nothing."),
	N_("- His pieces on the board keep the way they face (and so their "
	"promotion zone) and go, with his hand, to the player who gave the "
	"check he could not answer (with no check, to the last mover). A "
	"check belongs to the owner of the checking piece, even when another "
	"player's move opened the line."),
	N_("- The game ends when two players are out. The first out is 4th, "
	"the second 3rd. The two left are ranked by players they put out, "
	"then by pieces (on the board, in hand, and the overturned kings of "
	"those they put out), then by who made his last elimination later. "
	"Still equal: they share the rank."),
	N_("- Repetition: when the same position (board, hands and player to "
	"move) comes a fourth time, the game ends and is ranked the same "
	"way. A player who has given check with every move since the first "
	"time may not repeat: he must play something else."),
	N_("- Nobody can resign: the computer plays for someone who leaves."),
	N_("#Options a table may change"),
	"@options",
	N_("#Terms"),
	N_("=Check priority\ta king in check is answered at once, out of turn; "
	"play then goes on clockwise from the player who answered"),
	N_("=Far ranks\tthe three ranks farthest away in the direction a piece "
	"faces: where it may promote"),
	N_("=Overturned king\tthe king of a player who is out: it stays on its "
	"square as a block that nobody can capture, enter or pass"),
	N_("=Inherited pieces\tthe board pieces of a player who is out, now "
	"owned by his eliminator; they keep their facing, so they still "
	"move and promote towards the side they faced"),
	N_("=Pairs\tthe mode where opposite seats are a team: you may not put "
	"or leave your partner's king in check, and cannot capture his "
	"pieces"),
	N_("#Marks on the board"),
	N_("- ▲ ▶ ▼ ◀ show which way a piece faces as you see the board; + "
	"before the letter means promoted."),
	N_("- A king on red is in check: its player moves next."),
	N_("- * (or a green square) marks where the piece you picked up may "
	    "go, "
	"when the table shows legal moves."),
	N_("- × in place of the arrow: an overturned king."),
	N_("#Common questions"),
	N_("?I am in check: do I wait for my turn?"),
	N_("No. You move at once, and play goes on clockwise from you. The "
	"turns skipped are not made up."),
	N_("?Can I capture a king?"),
	N_("No. A king in check must get out of it; if it cannot, its player "
	    "is "
	"out and the king is overturned."),
	N_("?Where do a loser's pieces go?"),
	N_("His king stays overturned as a block. His board pieces and his "
	    "hand "
	"go to the player who checked him, facing as before - or, if the "
	"table says so, his board pieces stay ownerless and anyone may "
	"capture them."),
	N_("?Where do I promote?"),
	N_("In the three far ranks in the direction the piece faces, when its "
	"move starts or ends there. An inherited piece promotes towards the "
	"side it faced for its first owner."),
	N_("?Can I resign?"),
	N_("No. If you leave, the computer plays your seat."),
	NULL
};

const struct rules_page rules_page_yonin = {
	"yonin", N_("Four-player shogi"),
	N_("shogi for four on 9×9: check priority, inherited pieces"),
	rules_yonin_text, rules_yonin_options,
	(int)(sizeof rules_yonin_options / sizeof rules_yonin_options[0]),
};
