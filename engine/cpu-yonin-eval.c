/*
 * cpu-yonin-eval.c - what a four-player shogi position is worth to one seat
 * (or team): material on the board and in hand, king safety, mobility,
 * threatened pieces and the eliminations made, for every seat, then the
 * seat's worth against the others'.
 *
 * The board is read once through engine/yonin.h into a flat copy; the
 * attacks of every living piece are counted on it with the same step tables
 * the rules use, turned for the piece's facing.
 */
#include <string.h>

#include "engine/cpu-yonin.h"

const int cpu_yonin_value[CPU_YONIN_KINDS] = {
	0, 0, 560, 950, 500, 100, 1250, 540, 520,
};
/* A piece in hand may go anywhere, so it is worth a little more. */
const int cpu_yonin_hand_value[YONIN_HAND_KINDS] = { 1050, 620, 560, 115 };

/* Absolute directions clockwise from "up": a piece facing f turns its own
 * direction i into (i + 2f) & 7. */
static const int8_t cpu_yonin_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t cpu_yonin_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* One-step directions (bit i = own direction i) and slides by cell kind. */
static const uint8_t cpu_yonin_steps[CPU_YONIN_KINDS] = {
	0, 0xff, 0xd7, 0x00, 0xab, 0x01, 0xaa, 0xd7, 0xd7,
};
static const uint8_t cpu_yonin_slides[CPU_YONIN_KINDS] = {
	0, 0, 0, 0x55, 0, 0, 0x55, 0, 0,
};

/* Rivals: anyone but oneself and, in pairs, one's partner. */
static int
cpu_yonin_enemy(int pairs, int a, int c)
{
	return a != c && !(pairs && ((a + 2) & 3) == c);
}

void
cpu_yonin_read(const struct game *g, struct cpu_yonin_board *b)
{
	struct yonin_options	 o;
	struct game_status	 st;
	struct yonin_piece	 p;
	uint8_t			 prey_of[YONIN_SEATS + 1] = { 0 };
	int			 out[3], by[3], n;

	memset(b, 0, sizeof *b);
	yonin_options(g, &o);
	b->pairs = o.pairs;
	b->alive = yonin_alive(g);
	b->checks = yonin_checks(g);
	g->variant->status(g, &st);
	b->to_move = st.to_move;
	for (int i = 0; i < YONIN_SEATS; i++) {
		b->king[i] = -1;
		yonin_hand(g, i, b->hand[i]);
	}
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		if (!yonin_piece_at(g, sq, &p))
			continue;
		b->kind[sq] = (int8_t)(p.kind + (p.promoted ? 3 : 0));
		b->facing[sq] = (int8_t)p.facing;
		if (p.overturned)
			b->owner[sq] = CPU_YONIN_OVERTURNED;
		else
			b->owner[sq] = (int8_t)p.owner;
		if (p.kind == YONIN_KING && !p.overturned)
			b->king[p.owner] = (int8_t)sq;
	}
	n = yonin_eliminated(g, out, by);
	for (int i = 0; i < n; i++) {
		if (by[i] >= 0 && by[i] < YONIN_SEATS)
			b->elims[by[i]]++;
	}
	/* Who may take a piece, by its owner: the owner's rivals; anyone
	 * for an ownerless one. */
	prey_of[0] = 0x0f;
	for (int a = 0; a < YONIN_SEATS; a++) {
		for (int e = 0; e < YONIN_SEATS; e++) {
			if (!cpu_yonin_enemy(b->pairs, a, e))
				continue;
			prey_of[e + 1] |= (uint8_t)(1 << a);
			if (b->alive >> e & 1)
				b->enemies[a] |= (uint8_t)(1 << e);
		}
	}
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		if (b->kind[sq] != 0 && b->kind[sq] != YONIN_KING)
			b->prey[sq] = prey_of[b->owner[sq] + 1];
	}
}

int
cpu_yonin_hits(const struct cpu_yonin_board *b, int kind, int facing,
    int from, int target, int vacated)
{
	int	 x = from % 9, y = from / 9, tx = target % 9, ty = target / 9;
	int	 dx = tx - x, dy = ty - y;

	for (int i = 0; i < 8; i++) {
		int d = (i + 2 * facing) & 7;
		int sx = cpu_yonin_dx[d], sy = cpu_yonin_dy[d];

		if (cpu_yonin_steps[kind] >> i & 1) {
			if (dx == sx && dy == sy)
				return 1;
		}
		if (!(cpu_yonin_slides[kind] >> i & 1))
			continue;
		/* Only the one direction that points at the target. */
		if ((sx == 0 ? dx != 0 : (dx == 0 || (dx > 0) != (sx > 0))) ||
		    (sy == 0 ? dy != 0 : (dy == 0 || (dy > 0) != (sy > 0))))
			continue;
		for (int cx = x + sx, cy = y + sy; ; cx += sx, cy += sy) {
			int c = cy * 9 + cx;

			if (c == target)
				return 1;
			if (b->kind[c] != 0 && c != vacated)
				break;
		}
	}
	return 0;
}

/* Everything the attack count learns, per seat. */
struct cpu_yonin_map {
	uint8_t att[YONIN_SEATS][YONIN_SQUARES];
	int16_t low[YONIN_SEATS][YONIN_SQUARES]; /* cheapest attacker */
	int mob[YONIN_SEATS];
};

static void
cpu_yonin_mark(const struct cpu_yonin_board *b, struct cpu_yonin_map *m,
    int seat, int value, int c)
{
	m->att[seat][c]++;
	if (value < m->low[seat][c])
		m->low[seat][c] = (int16_t)value;
	if (b->kind[c] == 0 || cpu_yonin_takes(b, seat, c))
		m->mob[seat]++;
}

/* A mask of own directions turned into absolute ones for a facing. */
static inline unsigned
cpu_yonin_turn(unsigned mask, int facing)
{
	int	 r = 2 * facing;

	return r == 0 ? mask : ((mask << r) | (mask >> (8 - r))) & 0xff;
}

static void
cpu_yonin_attacks(const struct cpu_yonin_board *b, struct cpu_yonin_map *m)
{
	memset(m->att, 0, sizeof m->att);
	memset(m->mob, 0, sizeof m->mob);
	memset(m->low, 0x7f, sizeof m->low);
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		int k = b->kind[sq], o = b->owner[sq], f = b->facing[sq];
		int x = sq % 9, y = sq / 9, v;
		unsigned steps, slides;

		if (k == 0 || o < 0)
			continue;
		v = k == YONIN_KING ? 2000 : cpu_yonin_value[k];
		steps = cpu_yonin_turn(cpu_yonin_steps[k], f);
		slides = cpu_yonin_turn(cpu_yonin_slides[k], f);
		while (steps != 0) {
			int d = __builtin_ctz(steps);
			int cx = x + cpu_yonin_dx[d], cy = y + cpu_yonin_dy[d];

			steps &= steps - 1;
			if (cx >= 0 && cx < 9 && cy >= 0 && cy < 9)
				cpu_yonin_mark(b, m, o, v, cy * 9 + cx);
		}
		while (slides != 0) {
			int d = __builtin_ctz(slides);
			int sx = cpu_yonin_dx[d], sy = cpu_yonin_dy[d];

			slides &= slides - 1;
			for (int cx = x + sx, cy = y + sy; cx >= 0 && cx < 9 &&
			    cy >= 0 && cy < 9; cx += sx, cy += sy) {
				cpu_yonin_mark(b, m, o, v, cy * 9 + cx);
				if (b->kind[cy * 9 + cx] != 0)
					break;
			}
		}
	}
}

/* Attacks of the seats in es (a bit each) on a square, and the cheapest
 * of them. */
static int
cpu_yonin_enemy_att(const struct cpu_yonin_board *b,
    const struct cpu_yonin_map *m, unsigned es, int sq, int *low)
{
	int		 n = 0;

	*low = 30000;
	while (es != 0) {
		int e = __builtin_ctz(es);

		es &= es - 1;
		n += m->att[e][sq];
		if (m->low[e][sq] < *low)
			*low = m->low[e][sq];
	}
	return n;
}

/* The king's ring: attacks on it, defenders, squares to flee to, and the
 * enemies' hands that could drop into it: an empty square by the king that
 * only the king guards is where a dropped piece checks it (most mates in
 * this game are drops).  es (a bit each) are the enemies counted. */
static int
cpu_yonin_king(const struct cpu_yonin_board *b, const struct cpu_yonin_map *m,
    int seat, unsigned es)
{
	int	 k = b->king[seat], kx = k % 9, ky = k / 9;
	int	 danger = 0, flee = 0, shelter = 0, hands = 0, holes = 0, low;

	for (int dy = -1; dy <= 1; dy++) {
		for (int dx = -1; dx <= 1; dx++) {
			int x = kx + dx, y = ky + dy, c, e, d;

			if (x < 0 || x > 8 || y < 0 || y > 8)
				continue;
			c = y * 9 + x;
			e = cpu_yonin_enemy_att(b, m, es, c, &low);
			d = m->att[seat][c] - (c != k);
			danger += e * 3 + (e > d ? 4 : 0);
			if (c == k)
				continue;
			if (b->owner[c] == seat && (b->kind[c] == YONIN_GOLD ||
			    b->kind[c] == YONIN_SILVER))
				shelter++;
			if (b->kind[c] == 0 && d == 0)
				holes++;
			if (e == 0 && (b->kind[c] == 0 ||
			    cpu_yonin_takes(b, seat, c)))
				flee++;
		}
	}
	for (int e = 0; e < YONIN_SEATS; e++) {
		if (!(es >> e & 1))
			continue;
		for (int i = 0; i < YONIN_HAND_KINDS; i++)
			hands += b->hand[e][i];
	}
	if (hands > 6)
		hands = 6;
	return -danger * (10 + 2 * hands) - holes * (5 + 6 * hands) +
	    shelter * 25 + (flee == 0 ? -90 : flee == 1 ? -30 : 0);
}

int
cpu_yonin_eval(const struct cpu_yonin_board *b, int root)
{
	struct cpu_yonin_map	 m;
	int worth[YONIN_SEATS], threat[YONIN_SEATS], king[YONIN_SEATS];
	int			 attack = 0;
	int			 sum = 0, n = 0, mine, prey;
	int			 hunter;

	cpu_yonin_attacks(b, &m);
	for (int p = 0; p < YONIN_SEATS; p++) {
		worth[p] = CPU_YONIN_ELIM * b->elims[p] + 4 * m.mob[p];
		threat[p] = 0;
		for (int i = 0; i < YONIN_HAND_KINDS; i++)
			worth[p] += b->hand[p][i] * cpu_yonin_hand_value[i];
	}
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		int o = b->owner[sq], k = b->kind[sq], low, v, gain;

		if (k == 0 || o < 0 || k == YONIN_KING)
			continue;
		v = cpu_yonin_value[k];
		worth[o] += v;
		/* Attacked by no rival: no threat to it. */
		if (cpu_yonin_enemy_att(b, &m, b->enemies[o], sq, &low) == 0)
			continue;
		gain = m.att[o][sq] > 0 ? v - low : v;
		if (gain > threat[o])
			threat[o] = gain;
	}
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (!(b->alive >> p & 1))
			continue;
		king[p] = cpu_yonin_king(b, &m, p, b->enemies[p]);
		worth[p] += king[p];
		/* Check priority: a checked seat moves now, the others wait;
		 * a threat is sharp only when an enemy moves next. */
		if (b->to_move == p)
			worth[p] += 30;
		if (b->checks >> p & 1)
			worth[p] -= 60;
		worth[p] -= (b->enemies[p] >> b->to_move & 1) ?
		    threat[p] * 3 / 4 : threat[p] / 8;
	}
	if (b->pairs) {
		int r = root, q = (root + 1) & 3;

		return worth[r] + worth[(r + 2) & 3] - worth[q] -
		    worth[(q + 2) & 3];
	}
	mine = worth[root];
	prey = cpu_yonin_seat_before(b->alive, root);
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (p == root || !(b->alive >> p & 1))
			continue;
		attack -= p == prey ? 2 * king[p] : king[p] / 2;
		sum += worth[p];
		n++;
	}
	if (n == 0)
		return mine;
	/* The same holds the other way: the player after us chains his
	 * checks on us, so our king is weighed once more against him alone
	 * (his attacks on its ring and his hand).  That took L5-L2 from
	 * 65.6% +- 6.8% to 72.8% +- 6.2% (bench-cpu-yonin 80 pair 5 2, the
	 * same seeds); twice that weight scored less (69.4% over 40 games,
	 * 73.8% at this one).  The neighbours' rungs stayed where they were
	 * (40 games: L3-L2 60.6% from 56.9%, L4-L3 57.5%, L5-L4 50.6%). */
	hunter = cpu_yonin_seat_after(b->alive, root);
	mine += cpu_yonin_king(b, &m, root, 1u << hunter);
	/* Against the field, not its strongest: a finished game scores by
	 * rank, each place as far from the next (cpu_yonin_final, as the
	 * hall's pairwise rating), so what a position is worth is the sum
	 * of our chances against each rival, our worth against their mean.
	 * Weighing the strongest too (the mean of him and the field, before)
	 * set us on whoever led, often as strong a player as we are, when
	 * the weaker ones were the easier points: in L5-L2 (40 games) level
	 * 5 put out level 2 players 55 times with the mean alone, 43 times
	 * with a quarter's weight on the strongest, and was put out by level
	 * 2 8 and 13 times.  With the mean alone (bench-cpu-yonin, the same
	 * seeds, 40 games unless said; level 1's noise then 700): L2-L1
	 * 83.8% +- 6.0% (72.8% over 80 before), L3-L2 67.5% (60.6%), L4-L3
	 * 61.3% (57.5%; over 80 games L3-L2 64.1% +- 6.0% from 58.4%, L4-L3
	 * 55.9% +- 6.6% from 55.0%: no change there), L5-L4 54.4% (50.6%),
	 * L5-L2 77.2% +- 6.1% over 80 (72.8%; 81.2% over the first 40),
	 * L5-L1 83.1% +- 7.9% (87.8% over 80); against 3 greedy players
	 * level 5 first in 76/80 (95%, from 39/40), levels 3 and 4 in 39/40
	 * and 40/40.  Three quarters the mean and a quarter the strongest:
	 * L5-L2 72.5%; the mean less half of a lead over us: 73.1%.  So any
	 * weight on the strongest takes the gain back.
	 * Eliminations rank first, so a rival's weak king is worth more to
	 * us than its share of the field says, and most of all the
	 * king of the player before us: check priority gives us the turn
	 * back after each of his answers, so our checks on him are a game
	 * of two, while a check on anyone else hands the turn on after the
	 * answer.  Weighing his king four times the others' took L5-L2 from
	 * 55.6% to 66.2% (bench-cpu-yonin 40 pair 5 2, the same seeds; 80
	 * games: 65.6% +- 6.8%), and about as much when only one of the
	 * two levels weighs so (65.6% level 5 alone, 63.7% level 2 alone).
	 * The rungs between neighbours did not part more (80 games: L2-L1
	 * 72.8%, L3-L2 58.4%, L4-L3 55.0%, L5-L4 57.5%; L5-L1 86.2%, from
	 * 80.9%). */
	return mine - sum / n + attack / 4;
}
