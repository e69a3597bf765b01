/*
 * yonin-pos.c - the four-player shogi position: start set-up, Zobrist keys,
 * attacks and making a move on the board (no turn logic; see yonin-turn.c).
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
	int kind = yp_kind(cell), owner = yp_owner(cell);

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
	uint64_t h = 0;

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
 * directions (bit d = direction d, clockwise from forward).  Rooks step
 * through their slides; the dragon adds the four diagonal steps.
 */
static const uint8_t yp_rel_steps[16] = {
	[YONIN_KING] = 0xff,
	[YONIN_GOLD] = 0xd7,	/* forward, both forward diagonals, sides, back */
	[YONIN_SILVER] = 0xab,	/* forward and the four diagonals */
	[YONIN_PAWN] = 0x01,
	[YP_PROOK] = 0xaa,
	[YP_PSILVER] = 0xd7,
	[YP_PPAWN] = 0xd7,
};

/* The absolute step directions of a cell's piece: the relative set turned
 * a quarter clockwise per seat of facing (S forward is up, W right...). */
unsigned
yp_steps(uint8_t cell)
{
	unsigned m = yp_rel_steps[yp_kind(cell)];
	int r = 2 * yp_facing(cell);

	return r == 0 ? m : ((m << r) | (m >> (8 - r))) & 0xff;
}

static inline int
yp_slider(int kind)
{
	return kind == YONIN_ROOK || kind == YP_PROOK;
}

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
		int k = yp_kind(c);

		if (k == 0 || k == YP_WALL || nb == vacated || nb == filled ||
		    !(owners >> yp_owner(c) & 1))
			continue;
		if (yp_steps(c) >> ((d + 4) & 7) & 1)
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

int
yp_attacked(const struct yonin_state *s, int box, unsigned owners)
{
	return yp_attacked_after(s, box, owners, -1, -1);
}

/* The owners (of `owners`) with a piece attacking square `box`. */
unsigned
yp_attackers(const struct yonin_state *s, int box, unsigned owners)
{
	unsigned found = 0;

	for (int d = 0; d < 8; d++) {
		uint8_t c = s->sq[box + yp_off[d]];
		int k = yp_kind(c);

		if (k == 0 || k == YP_WALL || !(owners >> yp_owner(c) & 1))
			continue;
		if (yp_steps(c) >> ((d + 4) & 7) & 1)
			found |= 1u << yp_owner(c);
	}
	for (int d = 0; d < 8; d += 2) {
		int b = box + yp_off[d];
		uint8_t c;

		while (s->sq[b] == 0)
			b += yp_off[d];
		c = s->sq[b];
		if (yp_slider(yp_kind(c)) && (owners >> yp_owner(c) & 1))
			found |= 1u << yp_owner(c);
	}
	return found;
}

/* Does the piece on `from` attack `target` (path clear for a slide)? */
int
yp_piece_attacks(const struct yonin_state *s, int from, int target)
{
	uint8_t c = s->sq[from];
	int diff = target - from;

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

/* Bit per living seat whose king is attacked.  Everyone else's pieces
 * attack a king, a partner's too in pairs (RULES.md). */
unsigned
yp_checks(const struct yonin_state *s)
{
	unsigned checks = 0;

	for (int p = 0; p < YONIN_SEATS; p++) {
		if ((s->alive >> p & 1) &&
		    yp_attacked(s, s->king[p], s->alive & ~(1u << p)))
			checks |= 1u << p;
	}
	return checks;
}

/* Does `seat` attack the king of a living opponent (not his partner)? */
int
yp_gives_check(const struct yonin_state *s, int seat, int pairs)
{
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (p == seat || !(s->alive >> p & 1) ||
		    (pairs && p == yp_partner(seat)))
			continue;
		if (yp_attacked(s, s->king[p], 1u << seat))
			return 1;
	}
	return 0;
}

/* The hash (without the player to move) after `seat` plays m on s. */
uint64_t
yp_hash_after(const struct yonin_state *s, int seat, const struct move *m)
{
	uint64_t h = s->hash;
	int t = yp_box(m->to);

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

/* Play m for seat on the board and hands, keeping the hash. */
void
yp_make(struct yonin_state *s, int seat, const struct move *m)
{
	int t = yp_box(m->to);

	if (m->from < 0) {
		int slot = yp_hand_slot(m->piece), n = s->hand[seat][slot];
		uint8_t c = yp_cell(m->piece, seat, seat);

		s->hash ^= yp_key_hand(seat, slot, n) ^
		    yp_key_hand(seat, slot, n - 1);
		s->hand[seat][slot] = (uint8_t)(n - 1);
		s->sq[t] = c;
		s->hash ^= yp_key_piece(t, c, s->alive);
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
		}
		s->hash ^= yp_key_piece(f, c, s->alive) ^
		    yp_key_piece(t, nc, s->alive);
		s->sq[f] = 0;
		s->sq[t] = nc;
		if (yp_kind(c) == YONIN_KING)
			s->king[seat] = (uint8_t)t;
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
	s->hash = yp_hash_full(s);
}

/* RULES.md's total: board pieces owned (the king included), the hand, and
 * the overturned king of every player this seat eliminated. */
int
yp_pieces(const struct yonin_state *s, int seat)
{
	int n = 0;

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
