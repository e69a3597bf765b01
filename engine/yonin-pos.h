/*
 * yonin-pos.h - inside four-player shogi: the position, the game and the
 * functions the yonin*.c files share.  Not for use outside engine/yonin*.c;
 * engine/yonin.h is the public face.
 *
 * The board is a mailbox of 11 x 11 cells with a wall around the 9 x 9
 * squares, so stepping off the board reads YONIN_WALL.  A cell is one byte:
 * kind (low 4 bits), owner (2 bits), facing (2 bits).  An eliminated seat
 * keeps owning exactly the pieces that have no owner in the rules: his
 * overturned king always, and with transfer=ownerless his board pieces.
 * So "ownerless" and "overturned" are simply "owned by a seat that is not
 * alive", and a piece moves and attacks only while its owner lives.
 */
#ifndef ENGINE_YONIN_POS_H
#define ENGINE_YONIN_POS_H

#include <stdint.h>

#include "engine/game.h"
#include "engine/yonin.h"

#define YP_W 11			/* mailbox width */
#define YP_CELLS (YP_W * YP_W)
#define YP_WALL 0x0f
#define YP_REP_BUCKETS 4096	/* repetition pre-filter, a power of two */

/* Cell kinds: the base kinds of yonin.h, then the promoted ones. */
enum {
	YP_PROOK = YONIN_ROOK + 3,	/* dragon */
	YP_PSILVER = YONIN_SILVER + 3,
	YP_PPAWN = YONIN_PAWN + 3,
	YP_NKINDS
};

/* Directions, clockwise from "up the board" (towards rank a). */
enum { YP_UP, YP_UR, YP_RIGHT, YP_DR, YP_DOWN, YP_DL, YP_LEFT, YP_UL };

static const int yp_off[8] = { -YP_W, -YP_W + 1, 1, YP_W + 1, YP_W,
    YP_W - 1, -1, -YP_W - 1 };

static inline int yp_kind(uint8_t c) { return c & 0x0f; }
static inline int yp_owner(uint8_t c) { return (c >> 4) & 3; }
static inline int yp_facing(uint8_t c) { return c >> 6; }
static inline uint8_t
yp_cell(int kind, int owner, int facing)
{
	return (uint8_t)(kind | owner << 4 | facing << 6);
}
static inline int yp_promotable(int k) { return k >= YONIN_ROOK && k <= YONIN_PAWN; }
static inline int yp_base(int k) { return k > YONIN_PAWN ? k - 3 : k; }
static inline int yp_slider(int k) { return k == YONIN_ROOK || k == YP_PROOK; }

/*
 * yp_dirs[cell]: the directions (bit d = yp_off[d]) in which the cell's
 * piece steps one square, turned for its facing; 0 for an empty square and
 * the wall.  Rook slides are not in it.  A table indexed by the cell byte
 * because the attack tests ask this for every neighbour of a king.
 */
extern const uint8_t yp_dirs[256];

static inline unsigned yp_steps(uint8_t cell) { return yp_dirs[cell]; }

/*
 * yp_land[cell]: bit p (p = 0..3) when seat p's piece may move onto the
 * cell, bit 4 + p the same for seat p with a living partner (pairs: the
 * partner's pieces cannot be captured).  Empty cells take anyone; the
 * wall and kings nobody.
 */
extern const uint8_t yp_land[256];

/*
 * What the generator asks of every target cell, as tables indexed by the
 * mailbox index (built at compile time in yonin-pos.c): the square
 * (-1 on the wall), its column and row (0..8 on the board), and how far up
 * it stands for each facing (see yp_depth).
 */
extern const int8_t yp_sq_of[YP_CELLS];
extern const int8_t yp_x_of[YP_CELLS];
extern const int8_t yp_y_of[YP_CELLS];
extern const int8_t yp_depth_of[YONIN_SEATS][YP_CELLS];

/* Square (0..80) <-> mailbox index. */
static inline int yp_box(int sq) { return (sq / 9 + 1) * YP_W + sq % 9 + 1; }
static inline int yp_sq(int box) { return yp_sq_of[box]; }
static inline int yp_x(int box) { return yp_x_of[box]; }
static inline int yp_y(int box) { return yp_y_of[box]; }

/* Hand slot (R G S P) of a base kind, and back. */
static inline int
yp_hand_slot(int kind)
{
	return kind == YONIN_ROOK ? 0 : kind == YONIN_GOLD ? 1 :
	    kind == YONIN_SILVER ? 2 : 3;
}

/* Which of a seat's lines a square is on: the file for S/N, the rank for
 * W/E (the line a pawn of that facing walks along). */
static inline int
yp_line(int facing, int box)
{
	return (facing & 1) ? yp_y(box) : yp_x(box);
}

/* How far up a piece facing `facing` stands: 0 on its own first rank
 * (from its side of the board), 8 on its last. */
static inline int
yp_depth(int facing, int box)
{
	return yp_depth_of[facing][box];
}

enum yp_phase { YP_PLAYING, YP_OVER };
enum yp_reason { YP_NONE, YP_ELIMINATIONS, YP_REPETITION, YP_MOVELIMIT };

/*
 * One position with everything that changes when a move is played, so a
 * move is undone by dropping the last of these from the history.
 */
struct yonin_state {
	uint8_t sq[YP_CELLS];
	uint8_t hand[YONIN_SEATS][YONIN_HAND_KINDS];
	uint8_t king[YONIN_SEATS];	/* mailbox index of each seat's king */
	uint8_t alive;			/* bit per seat */
	int8_t to_move;
	uint8_t nout;
	uint8_t out[3], by[3];		/* eliminations in order */
	uint8_t phase, reason;
	uint8_t winners;		/* pairs: bit per winning seat */
	int8_t rank[YONIN_SEATS];
	/*
	 * For each living seat, the owners whose pieces attack his king (0
	 * for an eliminated seat).  yp_make keeps it by looking again only at
	 * the kings whose lines or neighbours the move touched.
	 */
	uint8_t checkers[YONIN_SEATS];
	uint64_t hash;			/* everything but the player to move */
	/*
	 * Bit b of own[p] (b = mailbox index, word b / 64) is set when cell b
	 * holds a piece whose owner field is p, so a seat's pieces are found
	 * without scanning the 81 squares.  Kept with sq[] by yp_place and
	 * yp_lift; yp_refresh rebuilds it.
	 */
	uint64_t own[YONIN_SEATS][2];

	/* The move that led here (none in the first state). */
	struct move move;
	int8_t mover;
	uint8_t gave_check;		/* it left an opponent's king attacked */
};

struct yonin_game {
	struct game base;
	struct yonin_options opt;
	struct yonin_state *hist;	/* hist[0] start .. hist[n] now */
	int n, cap;
	/*
	 * How many states of the history have a hash (without the player to
	 * move) in each bucket: a move can only make a position's fourth
	 * occurrence if its bucket already holds three, and that is rare, so
	 * the exact count is only looked for then.
	 */
	uint16_t rep[YP_REP_BUCKETS];
	int rep3;			/* buckets holding three or more */
	int passes;			/* yp_pass states in the history */
};

static inline const struct yonin_game *
yp_cgame(const struct game *g)
{
	return (const struct yonin_game *)g;
}

static inline struct yonin_state *
yp_now(const struct yonin_game *y)
{
	return &y->hist[y->n];
}

/* Seat masks. */
static inline int yp_partner(int seat) { return (seat + 2) & 3; }

/* Bit per living seat whose king is attacked. */
static inline unsigned
yp_checks(const struct yonin_state *s)
{
	unsigned m = 0;

	for (int p = 0; p < YONIN_SEATS; p++)
		m |= (s->checkers[p] != 0) << p;
	return m;
}

static inline void
yp_own_flip(struct yonin_state *s, int owner, int box)
{
	s->own[owner][box >> 6] ^= 1ull << (box & 63);
}

/* Put a piece on an empty cell / empty a cell, keeping own[] (not the
 * hash: callers that keep one xor the keys themselves). */
static inline void
yp_place(struct yonin_state *s, int box, uint8_t cell)
{
	s->sq[box] = cell;
	yp_own_flip(s, yp_owner(cell), box);
}

static inline void
yp_lift(struct yonin_state *s, int box)
{
	yp_own_flip(s, yp_owner(s->sq[box]), box);
	s->sq[box] = 0;
}

/* The lowest cell of a piece set, which is then removed from it. */
static inline int
yp_own_next(uint64_t set[2])
{
	int w = set[0] == 0;
	int b = __builtin_ctzll(set[w]);

	set[w] &= set[w] - 1;
	return w * 64 + b;
}

/* yonin-pos.c */
uint64_t yp_key_piece(int box, uint8_t cell, unsigned alive);
uint64_t yp_key_hand(int seat, int slot, int count);
uint64_t yp_key_side(int seat);
uint64_t yp_hash_full(const struct yonin_state *);
void yp_refresh(struct yonin_state *);
int yp_attacked_after(const struct yonin_state *, int box, unsigned owners,
    int vacated, int filled);
int yp_piece_attacks(const struct yonin_state *, int from, int target);
unsigned yp_attackers(const struct yonin_state *, int box, unsigned owners);
int yp_gave_check(const struct yonin_state *, int mover, int pairs);
uint64_t yp_hash_after(const struct yonin_state *, int seat,
    const struct move *);
void yp_make(struct yonin_state *, int seat, const struct move *);
void yp_start(struct yonin_state *);
int yp_pieces(const struct yonin_state *, int seat);

/* yonin-gen.c */
enum yp_refusal {
	YP_LEGAL,
	YP_SELF_CHECK,
	YP_PARTNER_CHECK,
	YP_PAWN_LAST,
	YP_NIFU,
	YP_PAWN_OVERTURNED,
	YP_PAWN_MATE,
	YP_REPEAT_CHECK,
};
#define YP_GEN_FIRST 0x1	/* stop at the first legal move */
#define YP_GEN_NOREP 0x2	/* judge without the repetition rule */
int yp_gen(const struct yonin_game *, const struct yonin_state *, int seat,
    struct move *out, int max, int flags);
int yp_has_move(const struct yonin_game *, const struct yonin_state *,
    int seat, int flags);
int yp_judge(const struct yonin_game *, const struct yonin_state *,
    int seat, const struct move *);
int yp_pseudo(const struct yonin_game *, const struct yonin_state *, int seat,
    const struct move *, char *err, size_t errlen);
const char *yp_refusal_text(int);

/* yonin-turn.c */
int yp_reserve(struct yonin_game *);
int yp_push(struct yonin_game *);
void yp_finish(struct yonin_game *, int mover);
void yp_begin(struct yonin_game *, int first);
int yp_pass(struct yonin_game *);
void yp_rep_add(struct yonin_game *, uint64_t hash, int delta);
int yp_repeats(const struct yonin_game *, const struct yonin_state *,
    int seat, const struct move *);

/* yonin-text.c */
int yp_move_parse(const char *, struct move *, char *err, size_t errlen);
void yp_move_format(const struct move *, char *buf, size_t len);
int yp_setup(struct yonin_game *, int ntok, char *const tok[], char *err,
    size_t errlen);
int yp_board_text(const struct yonin_state *, char *buf, size_t len,
    int full);
int yp_show(const struct yonin_game *, char *buf, size_t len);
int yp_status_text(const struct yonin_game *, char *buf, size_t len);
const char *yp_kind_name(int kind);

#endif
