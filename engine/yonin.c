/*
 * yonin.c - four-player shogi behind the variant interface of game.h, and
 * the read-only view of yonin.h.  The rules are docs/rules.md §2; the
 * pieces of the engine are yonin-pos.c (board, attacks, hashing),
 * yonin-gen.c (legal moves), yonin-turn.c (turn order, eliminations, end,
 * repetition) and yonin-text.c (notation).
 *
 * Where docs/rules.md §2 is silent, these choices were made (as the
 * four-player shogi sites do, or as the wording of the rules implies):
 *
 * - Check.  Every other living player's pieces attack a king; in pairs the
 *   partner's too.  Pieces of an eliminated player (his overturned king,
 *   ownerless pieces) attack nothing.  Two kings side by side attack each
 *   other, so no move may bring kings together.
 * - Pawn-drop mate.  A pawn drop that attacks a king is refused when that
 *   king's owner, if it were his turn right after the drop, would have no
 *   legal move - whoever actually moves next.  His answers are judged on
 *   the board alone (the repetition rule is not consulted for them).
 * - New check on the partner (pairs).  A move may not leave the partner's
 *   king attacked by the piece moved or dropped, or along a rook line the
 *   move opened; an attack that was there before the move may stay (a
 *   player answering his own check cannot always lift his partner's).
 * - The eliminator.  Of the players whose pieces attack the stuck player's
 *   king (the owners of the pieces, not whoever uncovered them), the one who
 *   moved most recently; with no check, the most recent living mover.  In a
 *   set-up before any move, the nearest such player counterclockwise.
 * - Transfer.  inherit: the board pieces keep kind, facing and promotion;
 *   the hand is added to the eliminator's.  ownerless: the board pieces
 *   stay without owner, the hand is added to the eliminator's as in
 *   inherit (docs/rules.md §2, Options).
 * - Game end.  After a move: eliminations first (the cascade), then the
 *   fourth repetition, then the move limit.  The limit counts plies since
 *   the start or the set-up.
 * - Ranks.  The eliminated rank below every survivor, the first out last.
 *   Ending by eliminations, survivors compare eliminations, pieces, then
 *   the later last elimination; by repetition or move limit only
 *   eliminations and pieces (docs/rules.md §2 names only those two).
 *   Pieces count the player's own king.  Equal players share the better
 *   rank (1 2 2 2).
 * - Pairs.  The team with the first eliminated player loses: the winners
 *   get rank 1, the losers 3.  end=last is accepted and means nothing in
 *   pairs.  A fourth repetition in pairs is a draw like the move limit
 *   ("over draw repetition").
 * - Repetition.  The position is the board (owner, kind, facing,
 *   promotion), all hands, who is out and the player to move; pieces
 *   without an owner are the same whoever held them.  "Gave check" means
 *   the move left a living opponent's king (not the partner's) attacked by
 *   the mover's pieces.  A continuous checker must have moved at least once
 *   since the first occurrence; for his own move the move itself counts.
 * - Set-up.  The player to move is judged at once (no legal move: out, as
 *   if the turn had just reached him).  Unpromoted pawns on their last
 *   rank are refused; at most 100 pieces in all hands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/yonin-pos.h"

#define YP_MOVES_MAX 1024	/* more than any position has */

static struct yonin_game *
yp_game(struct game *g)
{
	return (struct yonin_game *)g;
}

static int
yp_options_parse(struct yonin_options *o, int nopt, char *const opt[],
    char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	for (int i = 0; i < nopt; i++) {
		const char *eq = strchr(opt[i], '=');
		const char *v, *values;	/* what the key accepts */
		size_t klen;

		if (eq == NULL) {
			snprintf(err, errlen, "bad option '%.40s' (want "
			    "KEY=VALUE)", opt[i]);
			return -1;
		}
		klen = (size_t)(eq - opt[i]);
		v = eq + 1;
		if (klen == 4 && strncmp(opt[i], "mode", 4) == 0) {
			values = "individual or pairs";
			if (strcmp(v, "individual") == 0)
				o->pairs = 0;
			else if (strcmp(v, "pairs") == 0)
				o->pairs = 1;
			else
				goto bad_value;
		} else if (klen == 3 && strncmp(opt[i], "end", 3) == 0) {
			values = "two or last";
			if (strcmp(v, "two") == 0)
				o->to_last = 0;
			else if (strcmp(v, "last") == 0)
				o->to_last = 1;
			else
				goto bad_value;
		} else if (klen == 8 && strncmp(opt[i], "transfer", 8) == 0) {
			values = "inherit or ownerless";
			if (strcmp(v, "inherit") == 0)
				o->ownerless = 0;
			else if (strcmp(v, "ownerless") == 0)
				o->ownerless = 1;
			else
				goto bad_value;
		} else if (klen == 9 && strncmp(opt[i], "movelimit", 9) == 0) {
			char *end;
			long n;

			values = "0 for none, or plies up to 1000000";
			if (v[0] < '0' || v[0] > '9')
				goto bad_value;
			n = strtol(v, &end, 10);
			if (*end != '\0' || n < 0 || n > 1000000)
				goto bad_value;
			o->movelimit = (int)n;
		} else {
			snprintf(err, errlen, "unknown option for yonin: %.*s "
			    "(mode, end, transfer, movelimit)",
			    (int)(klen > 40 ? 40 : klen), opt[i]);
			return -1;
		}
		continue;
	bad_value:
		snprintf(err, errlen, "bad value for %.*s: '%.40s' (%s)",
		    (int)klen, opt[i], v, values);
		return -1;
	}
	return 0;
}

static void
yp_reset(struct game *g)
{
	struct yonin_game	*y = yp_game(g);

	free(g->setup);
	g->setup = NULL;
	yp_start(&y->hist[0]);
	y->n = 0;
	yp_begin(y, YONIN_S);
}

static struct game *
yp_create(const struct variant *v, int nopt, char *const opt[], char *err,
    size_t errlen)
{
	struct yonin_game	*y;

	if ((y = calloc(1, sizeof *y)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (yp_options_parse(&y->opt, nopt, opt, err, errlen) != 0) {
		free(y);
		return NULL;
	}
	y->cap = 64;
	if ((y->hist = calloc((size_t)y->cap, sizeof *y->hist)) == NULL) {
		free(y);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	y->base.variant = v;
	y->base.setup = NULL;
	yp_reset(&y->base);
	return &y->base;
}

static void
yp_free(struct game *g)
{
	struct yonin_game	*y = yp_game(g);

	free(y->hist);
	free(y);
}

static struct game *
yp_copy(const struct game *g)
{
	const struct yonin_game	*y = yp_cgame(g);
	struct yonin_game	*c;

	if ((c = malloc(sizeof *c)) == NULL)
		return NULL;
	memcpy(c, y, sizeof *c);
	c->base.setup = NULL;
	if ((c->hist = malloc((size_t)y->cap * sizeof *c->hist)) == NULL) {
		free(c);
		return NULL;
	}
	memcpy(c->hist, y->hist, (size_t)(y->n + 1) * sizeof *c->hist);
	return &c->base;
}

static int
yp_options_text(const struct game *g, char *buf, size_t len)
{
	const struct yonin_options *o = &yp_cgame(g)->opt;
	int n = snprintf(buf, len, "mode=%s end=%s transfer=%s movelimit=%d",
	    o->pairs ? "pairs" : "individual", o->to_last ? "last" : "two",
	    o->ownerless ? "ownerless" : "inherit", o->movelimit);

	return n < 0 || (size_t)n >= len ? -1 : n;
}

static int
yp_side_parse(const struct game *g, const char *s)
{
	return yonin_seat_parse(s);
}

static const char *
yp_side_name(const struct game *g, int side)
{
	static const char	*const names[] = { "S", "W", "N", "E" };

	return side >= 0 && side < YONIN_SEATS ? names[side] : "?";
}

static int
yp_move_parse_op(const struct game *g, const char *text, struct move *m,
    char *err, size_t errlen)
{
	return yp_move_parse(text, m, err, errlen);
}

static void
yp_move_format_op(const struct game *g, const struct move *m, char *buf,
    size_t len)
{
	yp_move_format(m, buf, len);
}

static void
yp_apply(struct game *g, const struct move *m)
{
	struct yonin_game	*y = yp_game(g);
	int			 mover = yp_now(y)->to_move;
	struct yonin_state	*s;

	/* apply() takes the generator's moves; refuse to write outside the
	 * board whatever it is given. */
	if (m->to < 0 || m->to >= YONIN_SQUARES || m->from < -1 ||
	    m->from >= YONIN_SQUARES ||
	    (m->from < 0 && (m->piece < YONIN_GOLD || m->piece > YONIN_PAWN)))
		return;
	if (yp_now(y)->phase != YP_PLAYING || yp_push(y) != 0)
		return;
	s = yp_now(y);
	yp_make(s, mover, m);
	s->move = *m;
	yp_finish(y, mover);
}

static int
yp_play(struct game *g, int side, const struct move *m, char *err,
    size_t errlen)
{
	struct yonin_game		*y = yp_game(g);
	const struct yonin_state	*s = yp_now(y);
	int				 r;

	if (s->phase != YP_PLAYING) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (side < 0 || side >= YONIN_SEATS || side != s->to_move) {
		snprintf(err, errlen, "it is %c's turn, not %c's",
		    yonin_seat_char(s->to_move), yonin_seat_char(side));
		return -1;
	}
	if (yp_pseudo(y, s, side, m, err, errlen) != 0)
		return -1;
	if ((r = yp_judge(y, s, side, m)) != YP_LEGAL) {
		snprintf(err, errlen, "%s", yp_refusal_text(r));
		return -1;
	}
	if (yp_reserve(y) != 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	yp_apply(g, m);
	return 0;
}

static int
yp_undo(struct game *g)
{
	struct yonin_game	*y = yp_game(g);

	if (y->n == 0)
		return -1;
	yp_rep_add(y, yp_now(y)->hash, -1);
	if (yp_now(y)->move.to < 0)
		y->passes--;
	y->n--;
	return 0;
}

static void
yp_status(const struct game *g, struct game_status *st)
{
	static const char *const reasons[] = {
		"", "eliminations", "repetition", "movelimit",
	};
	const struct yonin_game *y = yp_cgame(g);
	const struct yonin_state *s = yp_now(y);

	memset(st, 0, sizeof *st);
	st->phase = s->phase == YP_PLAYING ? GAME_PLAYING : GAME_OVER;
	st->to_move = s->to_move;
	st->chooser = -1;
	st->winner = -1;
	if (s->phase == YP_OVER) {
		st->winners = s->winners;
		for (int p = 0; p < YONIN_SEATS; p++)
			st->rank[p] = s->rank[p];
		snprintf(st->reason, sizeof st->reason, "%s",
		    reasons[s->reason]);
	}
}

static int
yp_legal(const struct game *g, struct move *out, int max)
{
	const struct yonin_game		*y = yp_cgame(g);
	const struct yonin_state	*s = yp_now(y);

	if (s->phase != YP_PLAYING)
		return 0;
	return yp_gen(y, s, s->to_move, out, max, 0);
}

static int
yp_player_side(const struct game *g, int player)
{
	return player >= 0 && player < YONIN_SEATS ? player : -1;
}

static int
yp_setup_op(struct game *g, int ntok, char *const tok[], char *err,
    size_t errlen)
{
	return yp_setup(yp_game(g), ntok, tok, err, errlen);
}

static int
yp_board_op(const struct game *g, char *buf, size_t len)
{
	return yp_board_text(yp_now(yp_cgame(g)), buf, len, 0);
}

static int
yp_show_op(const struct game *g, char *buf, size_t len)
{
	return yp_show(yp_cgame(g), buf, len);
}

static int
yp_status_text_op(const struct game *g, char *buf, size_t len)
{
	return yp_status_text(yp_cgame(g), buf, len);
}

static int
yp_ply(const struct game *g)
{
	return yp_cgame(g)->n;
}

static void
yp_history(const struct game *g, int i, struct move *m, int *side)
{
	const struct yonin_game	*y = yp_cgame(g);

	if (i < 0 || i >= y->n) {
		memset(m, 0, sizeof *m);
		m->from = m->to = -1;
		*side = -1;
		return;
	}
	*m = y->hist[i + 1].move;
	*side = y->hist[i + 1].mover;
}

const struct variant variant_yonin = {
	.name = "yonin",
	.nsides = 4,
	.create = yp_create,
	.free = yp_free,
	.copy = yp_copy,
	.reset = yp_reset,
	.options = yp_options_text,
	.side_parse = yp_side_parse,
	.side_name = yp_side_name,
	.move_parse = yp_move_parse_op,
	.move_format = yp_move_format_op,
	.play = yp_play,
	.apply = yp_apply,
	.undo = yp_undo,
	.status = yp_status,
	.legal = yp_legal,
	.choose = NULL,
	.player_side = yp_player_side,
	.setup = yp_setup_op,
	.board = yp_board_op,
	.show = yp_show_op,
	.status_text = yp_status_text_op,
	.ply = yp_ply,
	.history = yp_history,
};

/* ---- yonin.h: the read-only view ---- */

static int
yp_is_yonin(const struct game *g)
{
	return g != NULL && g->variant == &variant_yonin;
}

void
yonin_options(const struct game *g, struct yonin_options *o)
{
	if (!yp_is_yonin(g)) {
		memset(o, 0, sizeof *o);
		return;
	}
	*o = yp_cgame(g)->opt;
}

int
yonin_piece_at(const struct game *g, int sq, struct yonin_piece *p)
{
	const struct yonin_state	*s;
	uint8_t				 c;
	int				 k;

	if (!yp_is_yonin(g) || sq < 0 || sq >= YONIN_SQUARES)
		return 0;
	s = yp_now(yp_cgame(g));
	c = s->sq[yp_box(sq)];
	if (c == 0)
		return 0;
	k = yp_kind(c);
	p->kind = yp_base(k);
	p->promoted = k > YONIN_PAWN;
	p->facing = yp_facing(c);
	p->owner = yp_owner(c);
	p->overturned = 0;
	if (!(s->alive >> p->owner & 1)) {
		if (k == YONIN_KING)
			p->overturned = 1;
		else
			p->owner = -1;
	}
	return 1;
}

void
yonin_hand(const struct game *g, int seat, int count[YONIN_HAND_KINDS])
{
	for (int i = 0; i < YONIN_HAND_KINDS; i++) {
		count[i] = yp_is_yonin(g) && seat >= 0 && seat < YONIN_SEATS ?
		    yp_now(yp_cgame(g))->hand[seat][i] : 0;
	}
}

unsigned
yonin_checks(const struct game *g)
{
	return yp_is_yonin(g) ? yp_checks(yp_now(yp_cgame(g))) : 0;
}

unsigned
yonin_alive(const struct game *g)
{
	return yp_is_yonin(g) ? yp_now(yp_cgame(g))->alive : 0;
}

int
yonin_eliminated(const struct game *g, int seat[3], int by[3])
{
	const struct yonin_state	*s;

	if (!yp_is_yonin(g))
		return 0;
	s = yp_now(yp_cgame(g));
	for (int i = 0; i < s->nout; i++) {
		seat[i] = s->out[i];
		by[i] = s->by[i];
	}
	return s->nout;
}

int
yonin_pieces(const struct game *g, int seat)
{
	if (!yp_is_yonin(g) || seat < 0 || seat >= YONIN_SEATS)
		return 0;
	return yp_pieces(yp_now(yp_cgame(g)), seat);
}

/* The legal moves kept by a filter: from a square, or drops of a kind. */
static int
yp_legal_filtered(const struct game *g, int from, int kind, struct move *out,
    int max)
{
	struct move	 all[YP_MOVES_MAX];
	int		 n, kept = 0;

	if (!yp_is_yonin(g))
		return 0;
	n = yp_legal(g, all, YP_MOVES_MAX);
	if (n > YP_MOVES_MAX)
		n = YP_MOVES_MAX;
	for (int i = 0; i < n; i++) {
		if (kind != 0 ? (all[i].from < 0 && all[i].piece == kind) :
		    all[i].from == from) {
			if (kept < max)
				out[kept] = all[i];
			kept++;
		}
	}
	return kept;
}

int
yonin_legal_from(const struct game *g, int from, struct move *out, int max)
{
	if (from < 0 || from >= YONIN_SQUARES)
		return 0;
	return yp_legal_filtered(g, from, 0, out, max);
}

int
yonin_legal_drops(const struct game *g, int kind, struct move *out, int max)
{
	if (kind < YONIN_GOLD || kind > YONIN_PAWN)
		return 0;
	return yp_legal_filtered(g, -1, kind, out, max);
}

int
yonin_pass(struct game *g)
{
	return yp_is_yonin(g) ? yp_pass(yp_game(g)) : -1;
}

uint64_t
yonin_hash(const struct game *g)
{
	const struct yonin_state	*s;

	if (!yp_is_yonin(g))
		return 0;
	s = yp_now(yp_cgame(g));
	return s->hash ^ yp_key_side(s->to_move);
}

int
yonin_position(const struct game *g, char *buf, size_t len)
{
	if (!yp_is_yonin(g))
		return -1;
	return yp_board_text(yp_now(yp_cgame(g)), buf, len, 1);
}
