/*
 * yonin.h - four-player shogi (docs/rules.md §2): what a screen and
 * gamehall-engine need beyond engine/game.h.
 *
 * The game itself is reached through variant_yonin and the ops of game.h;
 * the functions here only read a position (and list moves) so that the
 * daemon can draw it without knowing a rule.
 *
 * Sides are the seats in turn order: 0 S (bottom), 1 W (left), 2 N (top),
 * 3 E (right).  Squares are numbered sq = y * 9 + x, where x = 0 is file 9
 * (South's left) and y = 0 is rank a (the top row): 7g is x 2, y 6.  In
 * struct move, from/to are such squares (from = -1 for a drop) and
 * `piece` is the yonin_kind dropped.
 */
#ifndef ENGINE_YONIN_H
#define ENGINE_YONIN_H

#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

#define YONIN_SEATS 4
#define YONIN_SIZE 9
#define YONIN_SQUARES 81
#define YONIN_HAND_KINDS 4	/* rook, gold, silver, pawn: the shown order */

enum yonin_seat {
	YONIN_S,
	YONIN_W,
	YONIN_N,
	YONIN_E,
};

/* Base kinds (promotion is a flag of struct yonin_piece). */
enum yonin_kind {
	YONIN_NONE = 0,
	YONIN_KING = 1,
	YONIN_GOLD = 2,
	YONIN_ROOK = 3,
	YONIN_SILVER = 4,
	YONIN_PAWN = 5,
};

/* Options (docs/gamehall-engine.6: mode, end, transfer, movelimit). */
struct yonin_options {
	int pairs;	/* mode=pairs: opposite seats are a team */
	int to_last;	/* end=last: play on to the last player */
	int ownerless;	/* transfer=ownerless */
	int movelimit;	/* plies; 0 none */
};

struct yonin_piece {
	int kind;	/* enum yonin_kind, never YONIN_NONE */
	int owner;	/* seat, or -1 for an ownerless piece */
	int facing;	/* the seat whose direction the piece moves in */
	int promoted;
	int overturned;	/* an eliminated player's king (owner = that seat) */
};

extern const struct variant variant_yonin;

/* The kinds a hand holds, in the order hands are written (R G S P). */
extern const int yonin_hand_kinds[YONIN_HAND_KINDS];

/* "7g" <-> square.  parse returns the square or -1. */
int yonin_square_parse(const char *);
void yonin_square_name(int sq, char buf[3]);
/* 'S' 'W' 'N' 'E' <-> seat; -1 when not a seat. */
int yonin_seat_parse(const char *);
char yonin_seat_char(int seat);

void yonin_options(const struct game *, struct yonin_options *);

/* The piece on a square: 1 and *p filled, or 0 when the square is empty. */
int yonin_piece_at(const struct game *, int sq, struct yonin_piece *p);
/* count[i] = pieces of yonin_hand_kinds[i] in seat's hand. */
void yonin_hand(const struct game *, int seat, int count[YONIN_HAND_KINDS]);
/* Bit per living seat whose king is attacked now. */
unsigned yonin_checks(const struct game *);
/* Bit per seat still playing. */
unsigned yonin_alive(const struct game *);
/* Eliminated seats in the order they went out and who eliminated each;
 * returns how many (at most 3). */
int yonin_eliminated(const struct game *, int seat[3], int by[3]);
/* A seat's total for ranking: board pieces it owns, its hand and the
 * overturned kings of the players it eliminated. */
int yonin_pieces(const struct game *, int seat);

/* Legal moves of the side to move from one square, or drops of one kind
 * (kind = YONIN_ROOK ...); same contract as variant->legal. */
int yonin_legal_from(const struct game *, int from, struct move *, int max);
int yonin_legal_drops(const struct game *, int kind, struct move *, int max);

/*
 * For a search on its own copy only (the rules have no passing): the
 * player to move lets his turn go by, and the turn goes on as after a move
 * of his (check priority, eliminations).  This lets a best-reply search
 * have one rival move while the others wait, each in his own turn.  A pass
 * never itself ends the game (by repetition or at the move limit) and does
 * not count towards the move limit, but it is a ply of the history
 * (ply(), history() with from = to = -1, and a later move's repetition
 * count sees its position) and is taken back with the variant's undo().  0, or -1 when the game
 * is over or the player to move is in check (a pass would leave his king
 * attacked).
 */
int yonin_pass(struct game *);

/* Zobrist key of the position: board (owner, kind, facing, promotion),
 * hands, eliminated seats and the player to move. */
uint64_t yonin_hash(const struct game *);

/*
 * The whole position as gh-setup tokens (pieces, hands, out:, tomove:),
 * sorted; feeding them to gh-setup rebuilds it (without the history).
 * Returns the length, or -1 when buf is too small.
 */
int yonin_position(const struct game *, char *buf, size_t len);

#endif
