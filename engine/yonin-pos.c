/*
 * yonin-pos.c - the four-player shogi position: start set-up, Zobrist keys,
 * the board's constant tables, attacks and making a move on the board,
 * with what is kept alongside it (no turn logic; see yonin-turn.c).
 */
#include <string.h>

#include "engine/yonin-pos.h"

/*
 * Zobrist keys are a pure function of what they stand for (a 64-bit mix of
 * its index), so there is no table to fill or keep: the engine holds no
 * state outside its games.
 */
static inline uint64_t
yp_mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A piece whose owner is out counts as "ownerless" (owner 4), except the
 * overturned king, which stays its seat's. */
uint64_t
yp_key_piece(int box, uint8_t cell, unsigned alive)
{
	int	 kind = yp_kind(cell), owner = yp_owner(cell);

	if (!(alive >> owner & 1) && kind != YONIN_KING)
		owner = 4;
	return yp_mix(0x100000u + (((unsigned)box * 16 + (unsigned)kind) * 8 +
	    (unsigned)owner) * 4 + (unsigned)yp_facing(cell));
}

uint64_t
yp_key_hand(int seat, int slot, int count)
{
	if (count == 0)
		return 0;
	return yp_mix(0x200000u + (unsigned)(seat * 4 + slot) * 256 +
	    (unsigned)count);
}

uint64_t
yp_key_side(int seat)
{
	return yp_mix(0x300000u + (unsigned)seat);
}

static uint64_t
yp_key_out(int seat)
{
	return yp_mix(0x400000u + (unsigned)seat);
}

uint64_t
yp_hash_full(const struct yonin_state *s)
{
	uint64_t	 h = 0;

	for (int b = 0; b < YP_CELLS; b++) {
		int k = yp_kind(s->sq[b]);

		if (k != 0 && k != YP_WALL)
			h ^= yp_key_piece(b, s->sq[b], s->alive);
	}
	for (int p = 0; p < YONIN_SEATS; p++) {
		for (int i = 0; i < YONIN_HAND_KINDS; i++)
			h ^= yp_key_hand(p, i, s->hand[p][i]);
		if (!(s->alive >> p & 1))
			h ^= yp_key_out(p);
	}
	return h;
}

/*
 * One-step moves of each kind in its owner's frame, as a mask over the
 * directions (bit d = direction d, clockwise from forward), and the same
 * turned a quarter clockwise per seat of facing (S forward is up, W
 * right...).  Rooks step through their slides; the dragon adds the four
 * diagonal steps.  The macros build yp_dirs at compile time, so the engine
 * still has no table to fill at run time.
 */
#define YP_REL(k) ((k) == YONIN_KING ? 0xff : \
	(k) == YONIN_GOLD || (k) == YP_PSILVER || (k) == YP_PPAWN ? 0xd7 : \
	(k) == YONIN_SILVER ? 0xab : (k) == YONIN_PAWN ? 0x01 : \
	(k) == YP_PROOK ? 0xaa : 0)
#define YP_TURN(m, r) ((((m) << (r)) | ((m) >> (8 - (r)))) & 0xff)
#define YP_DIRS(c) YP_TURN(YP_REL((c) & 0x0f), 2 * ((c) >> 6))
#define YP_DIRS4(c) YP_DIRS(c), YP_DIRS((c) + 1), YP_DIRS((c) + 2), \
	YP_DIRS((c) + 3)
#define YP_DIRS16(c) YP_DIRS4(c), YP_DIRS4((c) + 4), YP_DIRS4((c) + 8), \
	YP_DIRS4((c) + 12)
#define YP_DIRS64(c) YP_DIRS16(c), YP_DIRS16((c) + 16), \
	YP_DIRS16((c) + 32), YP_DIRS16((c) + 48)

const uint8_t yp_dirs[256] = {
	YP_DIRS64(0), YP_DIRS64(64), YP_DIRS64(128), YP_DIRS64(192),
};

#define YP_LAND_OWNER(c) (((c) >> 4) & 3)
#define YP_LAND(c) ((c) == 0 ? 0xff : \
	((c) & 0x0f) == YP_WALL || ((c) & 0x0f) == YONIN_KING ? 0 : \
	(0x0f & ~(1 << YP_LAND_OWNER(c))) | \
	(0xf0 & ~(0x10 << YP_LAND_OWNER(c)) & \
	~(0x10 << ((YP_LAND_OWNER(c) + 2) & 3))))
#define YP_LAND4(c) YP_LAND(c), YP_LAND((c) + 1), YP_LAND((c) + 2), \
	YP_LAND((c) + 3)
#define YP_LAND16(c) YP_LAND4(c), YP_LAND4((c) + 4), YP_LAND4((c) + 8), \
	YP_LAND4((c) + 12)
#define YP_LAND64(c) YP_LAND16(c), YP_LAND16((c) + 16), \
	YP_LAND16((c) + 32), YP_LAND16((c) + 48)

const uint8_t yp_land[256] = {
	YP_LAND64(0), YP_LAND64(64), YP_LAND64(128), YP_LAND64(192),
};

/* The per-cell tables of yonin-pos.h; wall cells get -1 or what the
 * formula gives (never read: nothing stands on the wall). */
#define YP_ROW11(F, b) F(b), F((b) + 1), F((b) + 2), F((b) + 3), \
	F((b) + 4), F((b) + 5), F((b) + 6), F((b) + 7), F((b) + 8), \
	F((b) + 9), F((b) + 10)
#define YP_EACH_CELL(F) YP_ROW11(F, 0), YP_ROW11(F, 11), YP_ROW11(F, 22), \
	YP_ROW11(F, 33), YP_ROW11(F, 44), YP_ROW11(F, 55), YP_ROW11(F, 66), \
	YP_ROW11(F, 77), YP_ROW11(F, 88), YP_ROW11(F, 99), YP_ROW11(F, 110)
#define YP_X(b) ((b) % YP_W - 1)
#define YP_Y(b) ((b) / YP_W - 1)
#define YP_SQ(b) (YP_X(b) >= 0 && YP_X(b) < 9 && YP_Y(b) >= 0 && \
	YP_Y(b) < 9 ? YP_Y(b) * 9 + YP_X(b) : -1)
#define YP_DEPTH_S(b) (8 - YP_Y(b))
#define YP_DEPTH_W(b) YP_X(b)
#define YP_DEPTH_N(b) YP_Y(b)
#define YP_DEPTH_E(b) (8 - YP_X(b))

const int8_t yp_sq_of[YP_CELLS] = { YP_EACH_CELL(YP_SQ) };
const int8_t yp_x_of[YP_CELLS] = { YP_EACH_CELL(YP_X) };
const int8_t yp_y_of[YP_CELLS] = { YP_EACH_CELL(YP_Y) };
const int8_t yp_depth_of[YONIN_SEATS][YP_CELLS] = {
	{ YP_EACH_CELL(YP_DEPTH_S) }, { YP_EACH_CELL(YP_DEPTH_W) },
	{ YP_EACH_CELL(YP_DEPTH_N) }, { YP_EACH_CELL(YP_DEPTH_E) },
};

/*
 * Is square `box` attacked by a piece whose owner is in `owners`, on the
 * board as it would be after a move that empties `vacated` and puts one of
 * the mover's own pieces on `filled` (-1: none)?  The move is only
 * imagined, so judging a move needs no copy of the position.  Callers pass
 * living owners only: pieces of an eliminated seat attack nothing.
 */
int
yp_attacked_after(const struct yonin_state *s, int box, unsigned owners,
    int vacated, int filled)
{
	for (int d = 0; d < 8; d++) {
		int nb = box + yp_off[d];
		uint8_t c = s->sq[nb];

		if ((yp_steps(c) >> ((d + 4) & 7) & 1) &&
		    (owners >> yp_owner(c) & 1) && nb != vacated &&
		    nb != filled)
			return 1;
	}
	for (int d = 0; d < 8; d += 2) {
		int b = box + yp_off[d];
		uint8_t c;

		while (b != filled && (s->sq[b] == 0 || b == vacated))
			b += yp_off[d];
		if (b == filled)
			continue;
		c = s->sq[b];
		if (yp_slider(yp_kind(c)) && (owners >> yp_owner(c) & 1))
			return 1;
	}
	return 0;
}

/* The owners (of `owners`) with a piece attacking square `box`. */
unsigned
yp_attackers(const struct yonin_state *s, int box, unsigned owners)
{
	unsigned	 found = 0;

	/* Unrolled, the offsets and bits are constants and there is no
	 * branch: this runs for every king a move may concern. */
#pragma GCC unroll 8
	for (int d = 0; d < 8; d++) {
		uint8_t c = s->sq[box + yp_off[d]];

		found |= (yp_steps(c) >> ((d + 4) & 7) & 1u) << yp_owner(c);
	}
	for (int d = 0; d < 8; d += 2) {
		int b = box + yp_off[d];

		while (s->sq[b] == 0)
			b += yp_off[d];
		if (yp_slider(yp_kind(s->sq[b])))
			found |= 1u << yp_owner(s->sq[b]);
	}
	return found & owners;
}

/* Does the piece on `from` attack `target` (path clear for a slide)? */
int
yp_piece_attacks(const struct yonin_state *s, int from, int target)
{
	uint8_t	 c = s->sq[from];
	int	 diff = target - from;

	for (int d = 0; d < 8; d++) {
		if (yp_off[d] == diff)
			return yp_steps(c) >> d & 1 ? 1 :
			    yp_slider(yp_kind(c)) && (d & 1) == 0;
	}
	if (!yp_slider(yp_kind(c)))
		return 0;
	if (yp_y(from) != yp_y(target) && yp_x(from) != yp_x(target))
		return 0;
	{
		int step = yp_y(from) == yp_y(target) ? (diff > 0 ? 1 : -1) :
		    (diff > 0 ? YP_W : -YP_W);
		int b = from + step;

		while (b != target && s->sq[b] == 0)
			b += step;
		return b == target;
	}
}

/* The owners attacking seat p's king: everyone else living, a partner
 * too in pairs (docs/rules.md §2, Options); nobody for an eliminated seat. */
static unsigned
yp_king_attackers(const struct yonin_state *s, int p)
{
	if (!(s->alive >> p & 1))
		return 0;
	return yp_attackers(s, s->king[p], s->alive & ~(1u << p));
}

/* checkers[] from scratch. */
static void
yp_checkers(struct yonin_state *s)
{
	for (int p = 0; p < YONIN_SEATS; p++)
		s->checkers[p] = (uint8_t)yp_king_attackers(s, p);
}

/* Everything kept alongside the board from scratch: after a set-up or an
 * elimination (which changes owners). */
void
yp_refresh(struct yonin_state *s)
{
	memset(s->own, 0, sizeof s->own);
	for (int b = 0; b < YP_CELLS; b++) {
		int k = yp_kind(s->sq[b]);

		if (k != 0 && k != YP_WALL)
			yp_own_flip(s, yp_owner(s->sq[b]), b);
	}
	s->hash = yp_hash_full(s);
	yp_checkers(s);
}

/*
 * Can a change on cell `box` alter what attacks the king on `k`?  Only a
 * piece next to the king steps onto it, and only the first piece on its
 * rank or file from it slides onto it (no piece slides diagonally).
 */
static inline int
yp_near(int box, int k)
{
	int	 dx = yp_x(box) - yp_x(k), dy = yp_y(box) - yp_y(k);

	/* dx or dy is 0 (a line), or both are +-1 (a diagonal step) */
	return (unsigned)(dx * dy + 1) <= 2;
}

/* After a move that changed cells f (-1 for a drop) and t: checkers[] of
 * the kings it may concern, the mover's own included. */
static void
yp_checkers_after(struct yonin_state *s, int f, int t)
{
	for (int p = 0; p < YONIN_SEATS; p++) {
		int k = s->king[p];

		if ((s->alive >> p & 1) && (yp_near(t, k) ||
		    (f >= 0 && yp_near(f, k))))
			s->checkers[p] = (uint8_t)yp_king_attackers(s, p);
	}
}

/* Does `mover` attack the king of a living opponent (not his partner in
 * pairs)?  That is "gave check" for the repetition rule. */
int
yp_gave_check(const struct yonin_state *s, int mover, int pairs)
{
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (p != mover && !(pairs && p == yp_partner(mover)) &&
		    (s->checkers[p] >> mover & 1))
			return 1;
	}
	return 0;
}

/* The hash (without the player to move) after `seat` plays m on s. */
uint64_t
yp_hash_after(const struct yonin_state *s, int seat, const struct move *m)
{
	uint64_t	 h = s->hash;
	int		 t = yp_box(m->to);

	if (m->from < 0) {
		int slot = yp_hand_slot(m->piece), n = s->hand[seat][slot];

		h ^= yp_key_hand(seat, slot, n) ^ yp_key_hand(seat, slot, n - 1);
		h ^= yp_key_piece(t, yp_cell(m->piece, seat, seat), s->alive);
	} else {
		int f = yp_box(m->from);
		uint8_t c = s->sq[f], cap = s->sq[t];

		if (cap != 0) {
			int slot = yp_hand_slot(yp_base(yp_kind(cap)));
			int n = s->hand[seat][slot];

			h ^= yp_key_piece(t, cap, s->alive);
			h ^= yp_key_hand(seat, slot, n) ^
			    yp_key_hand(seat, slot, n + 1);
		}
		h ^= yp_key_piece(f, c, s->alive);
		h ^= yp_key_piece(t, m->promote ? (uint8_t)(c + 3) : c,
		    s->alive);
	}
	return h;
}

/* Play m for seat on the board and hands, keeping the hash, own[] and
 * checkers[]. */
void
yp_make(struct yonin_state *s, int seat, const struct move *m)
{
	int	 t = yp_box(m->to);

	if (m->from < 0) {
		int slot = yp_hand_slot(m->piece), n = s->hand[seat][slot];
		uint8_t c = yp_cell(m->piece, seat, seat);

		s->hash ^= yp_key_hand(seat, slot, n) ^
		    yp_key_hand(seat, slot, n - 1);
		s->hand[seat][slot] = (uint8_t)(n - 1);
		yp_place(s, t, c);
		s->hash ^= yp_key_piece(t, c, s->alive);
		yp_checkers_after(s, -1, t);
	} else {
		int f = yp_box(m->from);
		uint8_t c = s->sq[f], cap = s->sq[t];
		uint8_t nc = m->promote ? (uint8_t)(c + 3) : c;

		if (cap != 0) {
			int slot = yp_hand_slot(yp_base(yp_kind(cap)));
			int n = s->hand[seat][slot];

			s->hash ^= yp_key_piece(t, cap, s->alive);
			s->hash ^= yp_key_hand(seat, slot, n) ^
			    yp_key_hand(seat, slot, n + 1);
			s->hand[seat][slot] = (uint8_t)(n + 1);
			yp_lift(s, t);
		}
		s->hash ^= yp_key_piece(f, c, s->alive) ^
		    yp_key_piece(t, nc, s->alive);
		yp_lift(s, f);
		yp_place(s, t, nc);
		if (yp_kind(c) == YONIN_KING)
			s->king[seat] = (uint8_t)t;
		yp_checkers_after(s, f, t);
	}
}

/* South's pieces; the other seats are the same turned a quarter each. */
static const struct {
	int kind, x, y;
} yp_start_pieces[] = {
	{ YONIN_SILVER, 2, 8 }, { YONIN_GOLD, 3, 8 }, { YONIN_KING, 4, 8 },
	{ YONIN_GOLD, 5, 8 }, { YONIN_SILVER, 6, 8 }, { YONIN_PAWN, 3, 7 },
	{ YONIN_ROOK, 4, 7 }, { YONIN_PAWN, 5, 7 }, { YONIN_PAWN, 4, 6 },
};

void
yp_start(struct yonin_state *s)
{
	memset(s, 0, sizeof *s);
	memset(s->sq, YP_WALL, sizeof s->sq);
	for (int y = 0; y < 9; y++) {
		for (int x = 0; x < 9; x++)
			s->sq[yp_box(y * 9 + x)] = 0;
	}
	for (int p = 0; p < YONIN_SEATS; p++) {
		for (size_t i = 0; i < sizeof yp_start_pieces /
		    sizeof yp_start_pieces[0]; i++) {
			int x = yp_start_pieces[i].x, y = yp_start_pieces[i].y;
			int box;

			for (int r = 0; r < p; r++) {	/* (x,y) -> (8-y,x) */
				int nx = 8 - y;

				y = x;
				x = nx;
			}
			box = yp_box(y * 9 + x);
			s->sq[box] = yp_cell(yp_start_pieces[i].kind, p, p);
			if (yp_start_pieces[i].kind == YONIN_KING)
				s->king[p] = (uint8_t)box;
		}
	}
	s->alive = 0xf;
	s->to_move = YONIN_S;
	s->mover = -1;
	s->move.from = s->move.to = -1;
	yp_refresh(s);
}

/* The total of docs/rules.md §2 (End and ranks): board pieces owned (the
 * king included), the hand, and the overturned king of every player this
 * seat eliminated. */
int
yp_pieces(const struct yonin_state *s, int seat)
{
	int	 n = 0;

	if (s->alive >> seat & 1) {
		for (int b = 0; b < YP_CELLS; b++) {
			int k = yp_kind(s->sq[b]);

			if (k != 0 && k != YP_WALL && yp_owner(s->sq[b]) == seat)
				n++;
		}
	}
	for (int i = 0; i < YONIN_HAND_KINDS; i++)
		n += s->hand[seat][i];
	for (int i = 0; i < s->nout; i++) {
		if (s->by[i] == seat)
			n++;
	}
	return n;
}
