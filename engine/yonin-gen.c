/*
 * yonin-gen.c - which moves are legal in four-player shogi.
 *
 * A move is first possible by the pieces' movement (yp_pseudo, the
 * generator's loops), then judged in yp_judge by every rule of
 * docs/rules.md §2 (Forbidden, Repetition): own king left attacked, a new
 * check on the partner (pairs), pawn drops (last rank, nifu by facing, in
 * front of an overturned king, mate), and the continuous checker's fourth
 * repetition.  play() and the generator use the same judge, so a refusal
 * always has the generator's reason.
 */
#include <stdio.h>
#include <string.h>

#include "engine/yonin-pos.h"

struct yp_ctx {
	const struct yonin_game *g;
	const struct yonin_state *s;	/* the position judged */
	struct yonin_state w;		/* a copy to play moves on, made when
					   a rule needs the board after */
	int w_ready;
	int seat;
	int partner;	/* pairs: the living partner, else -1 */
	unsigned land;	/* seat's bit in yp_land[] */
	int king, pking;
	int incheck;
	int pinned[4];	/* own pieces shielding the king from a rook line */
	int npinned;
	unsigned att;	/* owners whose pieces attack seat's king */
	unsigned nifu;	/* lines holding seat's own-facing unpromoted pawn */
	int rep;	/* judge the repetition rule */
	/*
	 * Not in check, no partner, no repetition to judge: then the only
	 * rule a board move can break is leaving the own king attacked, which
	 * only the king itself or a piece shielding it (pinned[]) can do.
	 */
	int simple;
};

static void
yp_ctx_init(struct yp_ctx *c, const struct yonin_game *g,
    const struct yonin_state *s, int seat, int flags)
{
	c->g = g;
	c->s = s;
	c->w_ready = 0;
	c->seat = seat;
	c->partner = -1;
	if (g->opt.pairs && (s->alive >> yp_partner(seat) & 1)) {
		c->partner = yp_partner(seat);
		c->pking = s->king[c->partner];
	} else
		c->pking = 0;
	c->land = c->partner >= 0 ? 0x10u << seat : 1u << seat;
	c->king = s->king[seat];
	c->att = s->alive & ~(1u << seat);
	c->incheck = s->checkers[seat] != 0;
	/* Only rooks slide, so only an own piece that is the first on a rank
	 * or file from the king, with an attacking rook or dragon next
	 * behind it, can uncover a check.  (In check every move is judged in
	 * full, so none are listed then.) */
	c->npinned = 0;
	for (int d = 0; d < 8 && !c->incheck; d += 2) {
		int b = c->king + yp_off[d], shield;
		uint8_t cell;

		while (s->sq[b] == 0)
			b += yp_off[d];
		if (yp_kind(s->sq[b]) == YP_WALL || yp_owner(s->sq[b]) != seat)
			continue;
		shield = b;
		b += yp_off[d];
		while (s->sq[b] == 0)
			b += yp_off[d];
		cell = s->sq[b];
		if (yp_slider(yp_kind(cell)) && (c->att >> yp_owner(cell) & 1))
			c->pinned[c->npinned++] = shield;
	}
	c->nifu = 0;
	if (s->hand[seat][yp_hand_slot(YONIN_PAWN)] > 0) {
		uint64_t set[2] = { s->own[seat][0], s->own[seat][1] };

		while (set[0] | set[1]) {
			int b = yp_own_next(set);

			if (s->sq[b] == yp_cell(YONIN_PAWN, seat, seat))
				c->nifu |= 1u << yp_line(seat, b);
		}
	}
	c->rep = !(flags & YP_GEN_NOREP) && g->rep3 > 0;
	c->simple = !c->incheck && c->partner < 0 && !c->rep;
}

static struct yonin_state *
yp_ctx_scratch(struct yp_ctx *c)
{
	if (!c->w_ready) {
		memcpy(&c->w, c->s, sizeof c->w);
		c->w_ready = 1;
	}
	return &c->w;
}

static int
yp_ctx_pinned(const struct yp_ctx *c, int box)
{
	for (int i = 0; i < c->npinned; i++) {
		if (c->pinned[i] == box)
			return 1;
	}
	return 0;
}

/*
 * After a move from `from` (or a drop, from = 0) to `to` on c->w: is the
 * partner's king attacked now by something that did not attack it before?
 * The moved piece counts as new wherever it stands; otherwise only a rook
 * line opened through `from` can be new.
 */
static int
yp_partner_new_check(const struct yp_ctx *c, int from, int to)
{
	const struct yonin_state	*w = &c->w;
	int				 pk = c->pking, step;

	if (yp_piece_attacks(w, to, pk))
		return 1;
	if (from == 0)
		return 0;
	if (yp_x(from) == yp_x(pk))
		step = from > pk ? YP_W : -YP_W;
	else if (yp_y(from) == yp_y(pk))
		step = from > pk ? 1 : -1;
	else
		return 0;
	{
		int b = pk + step, passed = 0;
		uint8_t cell;
		int k;

		while (w->sq[b] == 0) {
			if (b == from)
				passed = 1;
			b += step;
		}
		cell = w->sq[b];
		k = yp_kind(cell);
		return passed && (k == YONIN_ROOK || k == YP_PROOK) &&
		    yp_owner(cell) != c->partner &&
		    (w->alive >> yp_owner(cell) & 1);
	}
}

/* Every rule a possible move can break; YP_LEGAL if none. */
static int
yp_ctx_judge(struct yp_ctx *c, const struct move *m)
{
	const struct yonin_state	*s = c->s;
	int t = yp_box(m->to), seat = c->seat, refusal = YP_LEGAL;

	if (m->from < 0) {
		uint8_t fc = 0;

		if (m->piece == YONIN_PAWN) {
			if (yp_depth(seat, t) == 8)
				return YP_PAWN_LAST;
			if (c->nifu >> yp_line(seat, t) & 1)
				return YP_NIFU;
			fc = s->sq[t + yp_off[2 * seat]];
			if (yp_kind(fc) == YONIN_KING &&
			    !(s->alive >> yp_owner(fc) & 1))
				return YP_PAWN_OVERTURNED;
		}
		if (c->incheck && yp_attacked_after(s, c->king, c->att, -1, t))
			return YP_SELF_CHECK;
		if (c->partner >= 0 || (m->piece == YONIN_PAWN &&
		    yp_kind(fc) == YONIN_KING && yp_owner(fc) != seat)) {
			struct yonin_state *w = yp_ctx_scratch(c);

			yp_place(w, t, yp_cell(m->piece, seat, seat));
			if (c->partner >= 0 && yp_partner_new_check(c, 0, t))
				refusal = YP_PARTNER_CHECK;
			else if (m->piece == YONIN_PAWN &&
			    yp_kind(fc) == YONIN_KING && yp_owner(fc) != seat) {
				/* The pawn checks that king: mate if its
				 * owner, to move now, would have no answer
				 * (his checkers are all his generator reads
				 * of w->checkers). */
				int o = yp_owner(fc);
				uint8_t hn = w->hand[seat][3];
				uint8_t ck = w->checkers[o];

				w->hand[seat][3] = (uint8_t)(hn - 1);
				w->checkers[o] |= (uint8_t)(1u << seat);
				if (!yp_has_move(c->g, w, o, YP_GEN_NOREP))
					refusal = YP_PAWN_MATE;
				w->hand[seat][3] = hn;
				w->checkers[o] = ck;
			}
			yp_lift(w, t);
		}
	} else {
		int f = yp_box(m->from);
		uint8_t pc = s->sq[f];

		if (yp_kind(pc) == YONIN_KING) {
			if (yp_attacked_after(s, t, c->att, f, t))
				return YP_SELF_CHECK;
		} else if ((c->incheck || yp_ctx_pinned(c, f)) &&
		    yp_attacked_after(s, c->king, c->att, f, t))
			return YP_SELF_CHECK;
		if (c->partner >= 0) {
			struct yonin_state *w = yp_ctx_scratch(c);
			uint8_t cap = w->sq[t];

			w->sq[f] = 0;
			w->sq[t] = m->promote ? (uint8_t)(pc + 3) : pc;
			if (yp_partner_new_check(c, f, t))
				refusal = YP_PARTNER_CHECK;
			w->sq[f] = pc;
			w->sq[t] = cap;
		}
	}
	if (refusal == YP_LEGAL && c->rep &&
	    yp_repeats(c->g, c->s, seat, m))
		refusal = YP_REPEAT_CHECK;
	return refusal;
}

struct yp_out {
	struct move *out;
	int max, n, first;
};

/* List a legal move; 1 when the caller may stop. */
static inline int
yp_add(struct yp_out *o, int from, int to, int piece, int promote)
{
	if (o->n < o->max) {
		struct move *m = &o->out[o->n];

		m->from = (int16_t)from;
		m->to = (int16_t)to;
		m->piece = (uint8_t)piece;
		m->promote = (uint8_t)promote;
	}
	o->n++;
	return o->first;
}

/* Judge a move and list it if legal.  Kept out of line: most moves need
 * no judge, and the generator's loops stay lighter without it. */
static __attribute__((noinline)) int
yp_add_judged(struct yp_ctx *c, struct yp_out *o, int from, int to,
    int piece, int promote)
{
	struct move	 m;

	m.from = (int16_t)from;
	m.to = (int16_t)to;
	m.piece = (uint8_t)piece;
	m.promote = (uint8_t)promote;
	if (yp_ctx_judge(c, &m) != YP_LEGAL)
		return 0;
	return yp_add(o, from, to, piece, promote);
}

/*
 * List the move if legal; 1 when the caller may stop.  `safe` says the
 * caller knows no rule can refuse it (see yp_ctx.simple), which spares
 * the judge for most moves of most positions.
 */
static inline int
yp_try(struct yp_ctx *c, struct yp_out *o, int from, int to, int piece,
    int promote, int safe)
{
	if (safe)
		return yp_add(o, from, to, piece, promote);
	return yp_add_judged(c, o, from, to, piece, promote);
}

/* What the generator needs of the piece it moves, worked out once. */
struct yp_piece {
	int sq;			/* the square it moves from */
	int kind;
	const int8_t *depth;	/* yp_depth_of[its facing] */
	int from_zone;		/* it starts in its promotion zone */
	int safe;		/* no rule can refuse its moves */
};

/* The move of piece p to cell t, with its promotion choices. */
static inline __attribute__((always_inline)) int
yp_try_board(struct yp_ctx *c, struct yp_out *o, const struct yp_piece *p,
    int t)
{
	int	 st = yp_sq(t), dt;

	if (!yp_promotable(p->kind))
		return yp_try(c, o, p->sq, st, 0, 0, p->safe);
	dt = p->depth[t];
	if (p->kind == YONIN_PAWN && dt == 8)
		return yp_try(c, o, p->sq, st, 0, 1, p->safe);
	if (yp_try(c, o, p->sq, st, 0, 0, p->safe))
		return 1;
	if (p->from_zone || dt >= 6)
		return yp_try(c, o, p->sq, st, 0, 1, p->safe);
	return 0;
}

/* Can seat's piece land on a square holding cell tc? */
static inline int
yp_can_take(const struct yp_ctx *c, uint8_t tc)
{
	return yp_land[tc] & c->land;
}

/* The king's moves, each judged: each needs an attack test. */
static int
yp_gen_king(struct yp_ctx *c, struct yp_out *o)
{
	const struct yonin_state	*s = c->s;
	int				 f = c->king, sf = yp_sq(f);
	unsigned			 steps = yp_steps(s->sq[f]);

	while (steps != 0) {
		int t = f + yp_off[__builtin_ctz(steps)];

		steps &= steps - 1;
		if (yp_can_take(c, s->sq[t]) &&
		    yp_add_judged(c, o, sf, yp_sq(t), 0, 0))
			return 1;
	}
	return 0;
}

/* The moves of the piece (not the king) on cell f. */
static inline int
yp_gen_piece(struct yp_ctx *c, struct yp_out *o, int f)
{
	const struct yonin_state	*s = c->s;
	uint8_t				 pc = s->sq[f];
	unsigned			 steps = yp_steps(pc);
	struct yp_piece			 p;

	p.sq = yp_sq(f);
	p.kind = yp_kind(pc);
	p.depth = yp_depth_of[yp_facing(pc)];
	p.from_zone = p.depth[f] >= 6;
	p.safe = c->simple && !yp_ctx_pinned(c, f);
	while (steps != 0) {
		int t = f + yp_off[__builtin_ctz(steps)];

		steps &= steps - 1;
		if (yp_can_take(c, s->sq[t]) && yp_try_board(c, o, &p, t))
			return 1;
	}
	if (yp_slider(p.kind)) {
		for (int d = 0; d < 8; d += 2) {
			int t = f + yp_off[d];

			for (; s->sq[t] == 0; t += yp_off[d]) {
				if (yp_try_board(c, o, &p, t))
					return 1;
			}
			if (yp_can_take(c, s->sq[t]) &&
			    yp_try_board(c, o, &p, t))
				return 1;
		}
	}
	return 0;
}

static int
yp_gen_drops(struct yp_ctx *c, struct yp_out *o, int kind)
{
	const struct yonin_state *s = c->s;
	/* Only pawn drops have rules of their own. */
	int safe = c->simple && kind != YONIN_PAWN;

	if (s->hand[c->seat][yp_hand_slot(kind)] == 0)
		return 0;
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		if (s->sq[yp_box(sq)] == 0 &&
		    yp_try(c, o, -1, sq, kind, 0, safe))
			return 1;
	}
	return 0;
}

/*
 * Legal moves of `seat` in s (which is the game's current position unless
 * YP_GEN_NOREP says the repetition rule is not to be looked at); returns
 * how many, storing at most max.  s->checkers[seat] must be right.
 * The moves are listed king first, then the other pieces by square, then
 * the drops.  When only "has he any move?" is asked (YP_GEN_FIRST) of a
 * player in check, the king still goes first, as his answer is usually a
 * king move; out of check the king goes last, as his moves each need an
 * attack test and another piece nearly always has a move that needs none.
 */
int
yp_gen(const struct yonin_game *g, const struct yonin_state *s, int seat,
    struct move *out, int max, int flags)
{
	struct yp_ctx	 c;
	struct yp_out	 o = { out, max, 0, (flags & YP_GEN_FIRST) != 0 };
	uint64_t	 set[2];
	int		 king_last;

	if (!(s->alive >> seat & 1))
		return 0;
	yp_ctx_init(&c, g, s, seat, flags);
	king_last = o.first && !c.incheck;
	if (!king_last && yp_gen_king(&c, &o))
		return o.n;
	set[0] = s->own[seat][0];
	set[1] = s->own[seat][1];
	set[c.king >> 6] &= ~(1ull << (c.king & 63));
	while (set[0] | set[1]) {
		if (yp_gen_piece(&c, &o, yp_own_next(set)))
			return o.n;
	}
	if (king_last && yp_gen_king(&c, &o))
		return o.n;
	for (int i = 0; i < YONIN_HAND_KINDS; i++) {
		if (yp_gen_drops(&c, &o, yonin_hand_kinds[i]))
			return o.n;
	}
	return o.n;
}

/*
 * A sure sign, found without the generator's set-up, that `seat` has a
 * legal move: out of check, with no partner and no repetition to judge, a
 * piece off his king's rank and file (so shielding it from no rook) that
 * can step or slide at all has one.  0 means "not sure".  Every turn asks
 * whether the player has a move, and this nearly always answers it.
 */
static int
yp_easy_move(const struct yonin_game *g, const struct yonin_state *s,
    int seat, int flags)
{
	int		 king = s->king[seat];
	uint64_t	 set[2] = { s->own[seat][0], s->own[seat][1] };

	if (s->checkers[seat] != 0 ||
	    (g->opt.pairs && (s->alive >> yp_partner(seat) & 1)) ||
	    (!(flags & YP_GEN_NOREP) && g->rep3 > 0))
		return 0;
	while (set[0] | set[1]) {
		int f = yp_own_next(set);
		uint8_t pc = s->sq[f];
		unsigned steps = yp_steps(pc);

		/* The king too is on his own lines. */
		if (yp_x(f) == yp_x(king) || yp_y(f) == yp_y(king))
			continue;
		if (yp_slider(yp_kind(pc)))
			steps |= 0x55;	/* a slide starts with a step */
		while (steps != 0) {
			int t = f + yp_off[__builtin_ctz(steps)];

			steps &= steps - 1;
			if (yp_land[s->sq[t]] >> seat & 1)
				return 1;
		}
	}
	return 0;
}

/* Has `seat` any legal move in s?  (flags: YP_GEN_NOREP as for yp_gen;
 * a pawn-mate answer is judged on the board alone, see yonin.c.) */
int
yp_has_move(const struct yonin_game *g, const struct yonin_state *s,
    int seat, int flags)
{
	if (!(s->alive >> seat & 1))
		return 0;
	return yp_easy_move(g, s, seat, flags) ||
	    yp_gen(g, s, seat, NULL, 0, flags | YP_GEN_FIRST) > 0;
}

int
yp_judge(const struct yonin_game *g, const struct yonin_state *s, int seat,
    const struct move *m)
{
	struct yp_ctx	 c;

	yp_ctx_init(&c, g, s, seat, 0);
	return yp_ctx_judge(&c, m);
}

static const char *
yp_piece_word(int kind)
{
	switch (yp_base(kind)) {
	case YONIN_KING: return "king";
	case YONIN_GOLD: return "gold";
	case YONIN_ROOK: return kind == YP_PROOK ? "dragon" : "rook";
	case YONIN_SILVER: return kind == YP_PSILVER ? "promoted silver" :
	    "silver";
	default: return kind == YP_PPAWN ? "promoted pawn" : "pawn";
	}
}

/*
 * Is m possible by the movement of the pieces and the ownership of the
 * squares (before the forbidden-move rules)?  0, or -1 with why.
 */
int
yp_pseudo(const struct yonin_game *g, const struct yonin_state *s, int seat,
    const struct move *m, char *err, size_t errlen)
{
	char	 a[3], b[3];
	int	 t, f, k;
	uint8_t	 pc, tc;

	if (m->to < 0 || m->to >= YONIN_SQUARES ||
	    (m->from >= YONIN_SQUARES) || (m->from < 0 && m->from != -1)) {
		snprintf(err, errlen, "no such square");
		return -1;
	}
	yonin_square_name(m->to, b);
	t = yp_box(m->to);
	tc = s->sq[t];
	if (m->from < 0) {
		if (m->piece < YONIN_GOLD || m->piece > YONIN_PAWN) {
			snprintf(err, errlen, "only R, G, S and P are dropped");
			return -1;
		}
		if (s->hand[seat][yp_hand_slot(m->piece)] == 0) {
			snprintf(err, errlen, "no %s in %c's hand",
			    yp_piece_word(m->piece), yonin_seat_char(seat));
			return -1;
		}
		if (tc != 0) {
			snprintf(err, errlen, "%s is not empty", b);
			return -1;
		}
		if (m->promote) {
			snprintf(err, errlen, "a drop cannot promote");
			return -1;
		}
		return 0;
	}
	yonin_square_name(m->from, a);
	f = yp_box(m->from);
	pc = s->sq[f];
	k = yp_kind(pc);
	if (k == 0) {
		snprintf(err, errlen, "no piece on %s", a);
		return -1;
	}
	if (yp_owner(pc) != seat || !(s->alive >> seat & 1)) {
		snprintf(err, errlen, "the piece on %s is not %c's", a,
		    yonin_seat_char(seat));
		return -1;
	}
	if (yp_kind(tc) == YONIN_KING) {
		snprintf(err, errlen, "no move goes onto a king (%s)", b);
		return -1;
	}
	if (tc != 0 && yp_owner(tc) == seat && (s->alive >> seat & 1)) {
		snprintf(err, errlen, "%s holds your own piece", b);
		return -1;
	}
	if (tc != 0 && g->opt.pairs && yp_owner(tc) == yp_partner(seat) &&
	    (s->alive >> yp_partner(seat) & 1)) {
		snprintf(err, errlen, "your partner's piece on %s cannot be "
		    "captured", b);
		return -1;
	}
	if (!yp_piece_attacks(s, f, t)) {
		snprintf(err, errlen, "a %s cannot move from %s to %s",
		    yp_piece_word(k), a, b);
		return -1;
	}
	if (m->promote) {
		if (!yp_promotable(k)) {
			snprintf(err, errlen, "a %s cannot promote",
			    yp_piece_word(k));
			return -1;
		}
		if (yp_depth(yp_facing(pc), f) < 6 &&
		    yp_depth(yp_facing(pc), t) < 6) {
			snprintf(err, errlen, "%s%s is outside the promotion "
			    "zone", a, b);
			return -1;
		}
	} else if (k == YONIN_PAWN && yp_depth(yp_facing(pc), t) == 8) {
		snprintf(err, errlen, "a pawn on its last rank must promote "
		    "(%s%s+)", a, b);
		return -1;
	}
	return 0;
}

const char *
yp_refusal_text(int r)
{
	switch (r) {
	case YP_SELF_CHECK:
		return "that leaves your king in check";
	case YP_PARTNER_CHECK:
		return "that puts your partner's king in a new check";
	case YP_PAWN_LAST:
		return "a pawn cannot be dropped where it can never move";
	case YP_NIFU:
		return "two pawns on one line (nifu)";
	case YP_PAWN_OVERTURNED:
		return "no pawn drop in front of an overturned king";
	case YP_PAWN_MATE:
		return "a pawn drop may not mate";
	case YP_REPEAT_CHECK:
		return "a continuous checker may not repeat the position "
		    "a fourth time";
	default:
		return "legal";
	}
}
