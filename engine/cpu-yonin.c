/*
 * cpu-yonin.c - the computer player for four-player shogi: a best-reply
 * search (BRS, Schadd & Winands 2011) in individual mode and a paranoid
 * one in pairs, both alpha-beta with iterative deepening, a transposition
 * table, move ordering by captures (MVV/LVA), checks, killers and history,
 * and a quiescence search of captures; at the root, a mate search by
 * checks (cpu-yonin-mate.c) for the chains of checks that check priority
 * makes a game of two, and in the defence of the deeper levels the same
 * search with every rival attacking (the coalition probe).  The two modes
 * have level tables of their own: in the free-for-all depth barely parts
 * the levels, so they part there by what they see.
 *
 * Why BRS: paranoid (every rival plays against us, each in his turn) was
 * the first search here and its levels did not separate: even level 5
 * scored 56% against level 1 (12 games).  Three rivals' moves between two
 * of ours let them gang up, so any quiet move looked lost, and check
 * priority made a check on the player before us skip the other two: the
 * search chose chains of checks that lost piece after piece.  In BRS one
 * rival replies (the one whose reply is worst for us) and the others wait;
 * checking one rival no longer silences two.  The rules have no passing,
 * so the waiting is yonin_pass() on the search's copy: every rival moves
 * in his own turn and check priority stays the rules' own (a rival in
 * check always moves, even after the layer's reply).  `layer` tells a
 * node whether the reply is made.  Waiting costs no depth; the depth
 * counts our moves and the rivals' replies.
 *
 * In pairs the two rivals are a team that really does play together, so
 * paranoid is the exact model there and stays.
 *
 * Scores are always the root side's (its team's in pairs), so the table's
 * key is mixed with the root seat and mode, and with whether the layer's
 * reply is made: a table reused for another seat never reads the other
 * seat's scores, nor a node whose rivals may still reply one whose rivals
 * must wait.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-int.h"
#include "engine/cpu-yonin.h"
#include "engine/cpu-yonin-mate.h"

#define CPU_YONIN_INF 32000

struct cpu_yonin_level {
	int depth;	/* deepest iteration */
	int qdepth;	/* captures followed past it */
	int noise;	/* +- centi-pawns on the root moves */
	uint64_t nodes;	/* the level's own cap (the strongest: only
			   without a deadline, else the clock rules) */
	int time;	/* share of the turn's time, per mille */
	int mate_len;	/* plies of the mate probes (0: none) */
	int mate_nodes;	/* nodes a probe may spend */
	int mate_share;	/* per mille of the nodes (and time) kept for the
			   defence's probes */
	int mate_moves;	/* root moves the defence may probe */
	int coalition;	/* the defence's probes: every rival attacks */
	int mate_waits;	/* and again with up to this many rivals waiting
			   first (yonin_pass), one more each probe */
};

/*
 * The levels of pairs mode, three of which the free-for-all plays too
 * (below).  Each thinks for 2 to 7 times less of the turn than the one
 * above where the clock binds (1000, 150, 70, 25, 10 per mille of the 2 s
 * default), so that a deeper level is not held to the depth of the one
 * below.  Iterations end on our own side's move (cpu_yonin_root), so what
 * the depth caps and the clock can part is a few plies; the rest is noise
 * on the root moves (a level plays a move up to twice its noise worse now
 * and then), how far captures are followed, and how long and wide the
 * mate probes by checks are (cpu-yonin-mate.c; at the root: a mate on the
 * player before us is played before any search, and of the search's best
 * moves in its order the first after which the next player has no mate by
 * checks on us is played; a share of the nodes and the time is kept back
 * for that):
 *  1 beginner: one ply, no capture search, noise 600: it takes a mate in
 *    one (as every level does, before any search) and mostly what is
 *    free, but sees neither a recapture nor a mate the next player has
 *    (at 700 it let a free rook go, test_free_rook);
 *  2 easy: three plies when it has the nodes (about 1,400 at the start;
 *    in the bench's 1,250 nearly always one), captures and mating checks
 *    two deep, noise 150: it sees the mates the rivals have next; mate
 *    probes of 3 plies, 250 nodes, over its 8 best moves;
 *  3 medium: three plies, five with the nodes, captures four deep, noise
 *    60; probes of 5 plies, 800 nodes, 24 moves; its defence's probes
 *    are coalition probes (cpu_yonin_mate_coalition: any rival the rules
 *    put on move after an answer may check next), and when the next
 *    player has none, the second and then the third rival are probed
 *    with those before them waiting (cpu_yonin_threatened), as are
 *    levels 4 and 5's;
 *  4 hard: as 3 with less noise (20) and more time, which buys five plies
 *    on the clock (300 ms: depth 5 at the start); probes of 9 plies,
 *    2,500 nodes, 48 moves;
 *  5 master: as deep as the time goes, captures six deep, no noise;
 *    probes of 13 plies, 8,000 nodes, 96 moves.
 * Each keeps 15% of its nodes and time for the defence's probes, which
 * it gives back to them after the search (a probe that finds nothing
 * mostly costs under a hundred nodes at level 3; keeping 30 to 40%, with
 * probes of 7 plies at level 4, scored alike).
 *
 * Three findings shape the search below: most mates here are drops, so
 * the capture search also plays the checks that mate; an iteration cut
 * short plays the move it was on rather than one it has just seen lose
 * (test_bait_mate); and drops far from every king are left out
 * (cpu_yonin_prune), or the middle levels' budget ends at one ply once
 * the hands fill.  What the levels score, and the changes tried and
 * taken back, are in docs/cpu-yonin-notes.md.
 */
/* The levels the two tables share. */
#define CPU_YONIN_ONE_PLY(noise) \
	{ 1, 0, noise, 20000, 10, 0, 0, 0, 0, 0, 0 }
#define CPU_YONIN_EASY \
	{ 3, 2, 150, 60000, 25, 3, 250, 150, 8, 0, 0 }
#define CPU_YONIN_MASTER \
	{ CPU_YONIN_MAXPLY - 7, 6, 0, 4000000, 1000, 13, 8000, 150, 96, 1, 2 }

static const struct cpu_yonin_level cpu_yonin_pairs_levels[] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	CPU_YONIN_ONE_PLY(600),
	CPU_YONIN_EASY,
	{ 5, 4, 60, 250000, 70, 5, 800, 150, 24, 1, 2 },
	{ 7, 4, 20, 1200000, 150, 9, 2500, 150, 48, 1, 2 },
	CPU_YONIN_MASTER,
};

/*
 * The levels of the free-for-all, spaced by what parts them there.  A
 * deeper search barely ranks better among four: over 80 games or more,
 * pairs mode's levels scored 63% (3 against 2), 56% (4 against 3) and
 * 52% (5 against 4), even at 13 times the nodes, while 2 beat 1 by 77%
 * and 5 beat 2 by 77%.  What wins a free-for-all is not walking into the
 * mates and the free captures that one more ply shows, so the levels
 * part by that: level 5 is pairs mode's master, level 4 its easy, level 3
 * its beginner, and below them the noise grows until level 1 picks at
 * random (a million centi-pawns outweigh anything a move does; like every
 * level, it still plays a mate in one first: cpu_yonin_puts_out).
 * Raising level 3's noise would part it more from level 4, but at 700 it
 * lets a free rook go and walks into mates (test_free_rook,
 * test_no_walk_into_mate).  Each rung then scores 75% or more against
 * the one below (docs/cpu-yonin-notes.md has the figures), and levels 3
 * to 5 still rank first in 95% or more of games against three random or
 * greedy players.
 */
static const struct cpu_yonin_level cpu_yonin_ffa_levels[] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	CPU_YONIN_ONE_PLY(1000000),
	CPU_YONIN_ONE_PLY(2000),
	CPU_YONIN_ONE_PLY(600),
	CPU_YONIN_EASY,
	CPU_YONIN_MASTER,
};

/* Level `level` of one mode, clamped to the levels there are. */
static int
cpu_yonin_clamp(int level)
{
	return level < CPU_LEVEL_MIN ? CPU_LEVEL_MIN :
	    level > CPU_LEVEL_MAX ? CPU_LEVEL_MAX : level;
}

static const struct cpu_yonin_level *
cpu_yonin_level(int level, int pairs)
{
	level = cpu_yonin_clamp(level);
	return pairs ? &cpu_yonin_pairs_levels[level] :
	    &cpu_yonin_ffa_levels[level];
}

int
cpu_yonin_level_share(int level, int pairs)
{
	return cpu_yonin_level(level, pairs)->time;
}

struct cpu_yonin {
	struct cpu_search *s;
	struct cpu_yonin_mate *mate;	/* NULL for a level without probes */
	struct game *g;
	const struct variant *v;
	int root;
	int pairs;
	int brs;	/* individual mode: best-reply search */
	uint64_t mix;
	uint64_t mix_layer;	/* keys of nodes after the layer's reply */
	int qdepth;
	struct move killer[CPU_YONIN_MAXPLY][2];
	int32_t history[YONIN_SEATS][YONIN_SQUARES + 1][YONIN_SQUARES];
	/* Each ply's moves and their ordering keys live here rather than on
	 * the stack, so that a worker thread's small stack is enough. */
	struct move mv[CPU_YONIN_MAXPLY][CPU_YONIN_MOVES];
	int32_t key[CPU_YONIN_MAXPLY][CPU_YONIN_MOVES];
	int32_t noise[CPU_YONIN_MOVES], score[CPU_YONIN_MOVES];
};

static uint32_t
cpu_yonin_pack(const struct move *m)
{
	return (uint32_t)(m->from + 1) | (uint32_t)m->to << 7 |
	    (uint32_t)m->piece << 14 | (uint32_t)m->promote << 17;
}

static int
cpu_yonin_team(const struct cpu_yonin *c, int seat)
{
	return seat == c->root || (c->pairs && seat == ((c->root + 2) & 3));
}

/* Is seat in check now? */
static int
cpu_yonin_checked(const struct cpu_yonin *c, int seat)
{
	return yonin_checks(c->g) >> seat & 1;
}

/*
 * Best-reply search: after the root's move one rival replies and the
 * others wait.  `layer` says whether that reply is made (1) or not yet (0).
 * A rival who is not in check waits once it is made; before, he may reply
 * or wait for the next one.  Pass on the turn of a rival who must wait;
 * 1 when done (undo to take it back).
 */
static int
cpu_yonin_waits(struct cpu_yonin *c, int seat, int layer)
{
	return c->brs && layer && !cpu_yonin_team(c, seat) &&
	    !cpu_yonin_checked(c, seat) && yonin_pass(c->g) == 0;
}

/* A rival not yet replied may wait when someone after him still can: a
 * pass that hands the turn straight back to the root's side would leave
 * the layer without its reply.  1 when passed (undo to take it back). */
static int
cpu_yonin_defers(struct cpu_yonin *c, int seat, int layer)
{
	struct game_status	 st;

	if (!c->brs || layer || cpu_yonin_team(c, seat) ||
	    cpu_yonin_checked(c, seat) || yonin_pass(c->g) != 0)
		return 0;
	c->v->status(c->g, &st);
	if (st.phase == GAME_PLAYING && cpu_yonin_team(c, st.to_move)) {
		c->v->undo(c->g);
		return 0;
	}
	return 1;
}

/* The root side's score of a finished game: by rank, or by the team's
 * win in pairs; sooner is better, later is less bad.  Each rank is as far
 * from the next as the others, as in the hall's pairwise rating (a place
 * gained is one more player beaten, whichever place it is). */
static int
cpu_yonin_final(const struct cpu_yonin *c, const struct game_status *st,
    int ply)
{
	static const int by_rank[5] = { 0, CPU_YONIN_WIN, CPU_YONIN_WIN / 3,
	    -CPU_YONIN_WIN / 3, -CPU_YONIN_WIN };
	int v, r = st->rank[c->root];

	if (c->pairs) {
		if (st->winners == 0)
			return 0;
		v = (st->winners >> c->root & 1) ? CPU_YONIN_WIN :
		    -CPU_YONIN_WIN;
	} else
		v = r >= 1 && r <= 4 ? by_rank[r] : 0;
	return v > 0 ? v - ply : v < 0 ? v + ply : 0;
}

/* Does seat's move m attack the king of a rival of seat among `kings`
 * (a bit per seat) with the piece it moves or drops?  Checks a move
 * uncovers are left out: this is for ordering and for the mate probes,
 * where a cheap test is worth more than a complete one. */
static int
cpu_yonin_gives_check(const struct cpu_yonin *c,
    const struct cpu_yonin_board *b, int seat, const struct move *m,
    unsigned kings)
{
	int	 facing, kind = cpu_yonin_moved(b, seat, m, &facing);

	for (int p = 0; p < YONIN_SEATS; p++) {
		if (p == seat || !(kings >> p & 1) || b->king[p] < 0 ||
		    (c->pairs && p == ((seat + 2) & 3)))
			continue;
		if (cpu_yonin_hits(b, kind, facing, m->to, b->king[p],
		    m->from))
			return 1;
	}
	return 0;
}

/* Ordering: the table's move, captures by MVV/LVA, promotions, checks,
 * killers, then history. */
static void
cpu_yonin_order(struct cpu_yonin *c, const struct cpu_yonin_board *b,
    int seat, struct move *mv, int n, int32_t *key, uint32_t ttmove, int ply)
{
	for (int i = 0; i < n; i++) {
		const struct move *m = &mv[i];
		int32_t k = 0;
		int kind = cpu_yonin_moved(b, seat, m, NULL);
		int victim = b->kind[m->to];

		if (ttmove != 0 && cpu_yonin_pack(m) == ttmove)
			k = 1 << 30;
		else if (victim != 0) {
			k = (1 << 24) + cpu_yonin_value[victim] * 16 -
			    (m->from >= 0 ? cpu_yonin_value[b->kind[m->from]] /
			    16 : 0);
		} else if (m->promote)
			k = (1 << 23) + cpu_yonin_value[kind];
		else if (ply < CPU_YONIN_MAXPLY &&
		    (cpu_yonin_same(m, &c->killer[ply][0]) ||
		    cpu_yonin_same(m, &c->killer[ply][1])))
			k = 1 << 21;
		else {
			k = c->history[seat][m->from + 1][m->to];
			if (k > (1 << 20))
				k = 1 << 20;
		}
		if (cpu_yonin_gives_check(c, b, seat, m, 0x0f))
			k += 1 << 22;
		key[i] = k;
	}
}

/* Bring the best remaining move to position i; `also` (may be NULL) is
 * kept in step with the moves. */
void
cpu_yonin_pick(struct move *mv, int32_t *key, int32_t *also, int i, int n)
{
	int	 best = i;

	for (int j = i + 1; j < n; j++)
		if (key[j] > key[best])
			best = j;
	if (best != i) {
		struct move t = mv[i];
		int32_t k = key[i];

		mv[i] = mv[best];
		key[i] = key[best];
		mv[best] = t;
		key[best] = k;
		if (also != NULL) {
			k = also[i];
			also[i] = also[best];
			also[best] = k;
		}
	}
}

/* Play a move on the copy; refuse (and take it back) a move that puts the
 * mover's partner in a new check, which the CPU never does. */
static int
cpu_yonin_make(struct cpu_yonin *c, int seat, const struct move *m)
{
	unsigned	 before = 0;
	int		 partner = (seat + 2) & 3;

	if (c->pairs)
		before = yonin_checks(c->g);
	c->v->apply(c->g, m);
	if (c->pairs && !(before >> partner & 1) &&
	    (yonin_checks(c->g) >> partner & 1)) {
		c->v->undo(c->g);
		return -1;
	}
	return 0;
}

/* Ends of the tree that need no moves: a finished game, or the root seat
 * gone.  1 and *score when so. */
static int
cpu_yonin_leaf(struct cpu_yonin *c, struct game_status *st, int ply,
    int *score)
{
	c->v->status(c->g, st);
	if (st->phase == GAME_OVER) {
		*score = cpu_yonin_final(c, st, ply);
		return 1;
	}
	if (!(yonin_alive(c->g) >> c->root & 1)) {
		*score = -CPU_YONIN_WIN + ply;
		return 1;
	}
	return 0;
}

static int
cpu_yonin_quiesce(struct cpu_yonin *c, int alpha, int beta, int ply, int q,
    int layer)
{
	struct cpu_yonin_board	 b;
	struct game_status	 st;
	struct move		*mv;
	int32_t			*key;
	unsigned		 kings;
	int			 n, k = 0, stand, best, max;

	if (cpu_search_tick(c->s))
		return 0;
	if (cpu_yonin_leaf(c, &st, ply, &stand))
		return stand;
	if (ply < CPU_YONIN_MAXPLY - 1 && cpu_yonin_waits(c, st.to_move,
	    layer)) {
		stand = cpu_yonin_quiesce(c, alpha, beta, ply + 1, q, layer);
		c->v->undo(c->g);
		return stand;
	}
	max = cpu_yonin_team(c, st.to_move);
	/* A rival who may leave the reply to those after him stands pat
	 * on what they do. */
	if (q == c->qdepth && q > 0 && ply < CPU_YONIN_MAXPLY - 1 &&
	    cpu_yonin_defers(c, st.to_move, layer)) {
		stand = cpu_yonin_quiesce(c, alpha, beta, ply + 1, q, 0);
		c->v->undo(c->g);
		if (c->s->stopped)
			return stand;
		cpu_yonin_read(c->g, &b);
	} else {
		cpu_yonin_read(c->g, &b);
		stand = cpu_yonin_eval(&b, c->root);
	}
	if (q <= 0 || ply >= CPU_YONIN_MAXPLY - 1)
		return stand;
	if (max ? stand >= beta : stand <= alpha)
		return stand;
	if (max && stand > alpha)
		alpha = stand;
	if (!max && stand < beta)
		beta = stand;
	best = stand;
	mv = c->mv[ply];
	key = c->key[ply];
	n = c->v->legal(c->g, mv, CPU_YONIN_MOVES);
	if (n > CPU_YONIN_MOVES)
		n = CPU_YONIN_MOVES;
	/* Captures, and checks that might mate: a rival's on the root side's
	 * kings, ours on any rival's.  Most mates here are drops, and a
	 * search of captures alone walks into them. */
	kings = max ? 0x0fu : 1u << c->root | (c->pairs ? 1u << ((c->root +
	    2) & 3) : 0);
	for (int i = 0; i < n; i++) {
		int to = mv[i].to;

		if ((mv[i].from >= 0 && b.kind[to] != 0 && (max ||
		    (b.owner[to] >= 0 && cpu_yonin_team(c, b.owner[to])))) ||
		    cpu_yonin_gives_check(c, &b, st.to_move, &mv[i], kings))
			mv[k++] = mv[i];
	}
	cpu_yonin_order(c, &b, st.to_move, mv, k, key, 0, ply);
	for (int i = 0; i < k; i++) {
		int v, quiet;

		cpu_yonin_pick(mv, key, NULL, i, k);
		quiet = mv[i].from < 0 || b.kind[mv[i].to] == 0;
		if (cpu_yonin_make(c, st.to_move, &mv[i]) != 0)
			continue;
		/* A quiet check counts only when it mates. */
		if (quiet && yonin_alive(c->g) == b.alive) {
			c->v->undo(c->g);
			continue;
		}
		v = cpu_yonin_quiesce(c, alpha, beta, ply + 1, q - 1, !max);
		c->v->undo(c->g);
		if (c->s->stopped)
			return best;
		if (max ? v > best : v < best)
			best = v;
		if (max && v > alpha)
			alpha = v;
		if (!max && v < beta)
			beta = v;
		if (alpha >= beta)
			break;
	}
	return best;
}

static void
cpu_yonin_reward(struct cpu_yonin *c, int seat, const struct move *m,
    int victim, int depth, int ply)
{
	if (victim != 0 || ply >= CPU_YONIN_MAXPLY)
		return;
	if (!cpu_yonin_same(m, &c->killer[ply][0])) {
		c->killer[ply][1] = c->killer[ply][0];
		c->killer[ply][0] = *m;
	}
	c->history[seat][m->from + 1][m->to] += depth * depth;
}

/*
 * Drops far from every king are left out of the search when the side to
 * move is not in check (a check by a rook may need a block anywhere on its
 * line).  With pieces in hand drops are most of the moves (four kinds on
 * some sixty empty squares), and nearly all of them do nothing for some
 * plies: spent on them, the budget of the middle levels finished one ply
 * where the hands were full.  The attacks and the defences that decide
 * this game are drops by a king.  Returns the moves kept, in place.
 */
static int
cpu_yonin_prune(const struct cpu_yonin_board *b, int seat, struct move *mv,
    int n)
{
	int	 k = 0;

	if (b->checks >> seat & 1)
		return n;
	for (int i = 0; i < n; i++) {
		int near = mv[i].from >= 0;

		for (int p = 0; p < YONIN_SEATS && !near; p++) {
			int q = b->king[p];

			near = q >= 0 && abs(q % 9 - mv[i].to % 9) <= 2 &&
			    abs(q / 9 - mv[i].to / 9) <= 2;
		}
		if (near)
			mv[k++] = mv[i];
	}
	return k;
}

/* The search proper; `layer` as for cpu_yonin_waits. */
static int
cpu_yonin_search(struct cpu_yonin *c, int depth, int alpha, int beta, int ply,
    int layer)
{
	struct cpu_yonin_board	 b;
	struct game_status	 st;
	struct cpu_tt_entry	*e;
	struct move		*mv = c->mv[ply], bestm;
	int32_t			*key = c->key[ply];
	uint64_t		 hash;
	uint32_t		 ttmove = 0;
	int n, best, max, a0 = alpha, b0 = beta, played = 0, v, passed = 0;

	/* The capture search counts its own node. */
	if (depth <= 0 || ply >= CPU_YONIN_MAXPLY - 1)
		return cpu_yonin_quiesce(c, alpha, beta, ply, c->qdepth, layer);
	if (cpu_search_tick(c->s))
		return 0;
	if (cpu_yonin_leaf(c, &st, ply, &v))
		return v;
	/* Waiting costs no depth: the layer's reply was the ply. */
	if (cpu_yonin_waits(c, st.to_move, layer)) {
		v = cpu_yonin_search(c, depth, alpha, beta, ply + 1, layer);
		c->v->undo(c->g);
		return v;
	}
	hash = yonin_hash(c->g) ^ c->mix ^ (layer ? c->mix_layer : 0);
	if ((e = cpu_tt_probe(c->s->tt, hash)) != NULL) {
		ttmove = e->move;
		if (e->depth >= depth) {
			if (e->flag == CPU_TT_EXACT)
				return e->score;
			if (e->flag == CPU_TT_LOWER && e->score >= beta)
				return e->score;
			if (e->flag == CPU_TT_UPPER && e->score <= alpha)
				return e->score;
		}
	}
	max = cpu_yonin_team(c, st.to_move);
	n = c->v->legal(c->g, mv, CPU_YONIN_MOVES);
	if (n > CPU_YONIN_MOVES)
		n = CPU_YONIN_MOVES;
	cpu_yonin_read(c->g, &b);
	n = cpu_yonin_prune(&b, st.to_move, mv, n);
	if (n == 0)
		return cpu_yonin_eval(&b, c->root);
	best = max ? -CPU_YONIN_INF : CPU_YONIN_INF;
	/* A rival who may leave the reply to the next: that first, as the
	 * bound his own replies must beat. */
	if (ply < CPU_YONIN_MAXPLY - 1 && cpu_yonin_defers(c, st.to_move,
	    layer)) {
		v = cpu_yonin_search(c, depth, alpha, beta, ply + 1, 0);
		c->v->undo(c->g);
		if (c->s->stopped)
			return 0;
		best = v;
		passed = 1;
		if (v < beta)
			beta = v;
		if (alpha >= beta)
			return best;
	}
	cpu_yonin_order(c, &b, st.to_move, mv, n, key, ttmove, ply);
	bestm = mv[0];
	for (int i = 0; i < n; i++) {
		cpu_yonin_pick(mv, key, NULL, i, n);
		if (cpu_yonin_make(c, st.to_move, &mv[i]) != 0)
			continue;
		played++;
		v = cpu_yonin_search(c, depth - 1, alpha, beta, ply + 1, !max);
		c->v->undo(c->g);
		if (c->s->stopped)
			return best == -CPU_YONIN_INF || best == CPU_YONIN_INF ?
			    0 : best;
		if (max ? v > best : v < best) {
			best = v;
			bestm = mv[i];
			passed = 0;
		}
		if (max && v > alpha)
			alpha = v;
		if (!max && v < beta)
			beta = v;
		if (alpha >= beta) {
			cpu_yonin_reward(c, st.to_move, &mv[i],
			    b.kind[mv[i].to], depth, ply);
			break;
		}
	}
	if (played == 0 && !passed)
		return cpu_yonin_eval(&b, c->root);
	cpu_tt_store(c->s->tt, hash, passed ? 0 : cpu_yonin_pack(&bestm), best,
	    depth, best <= a0 ? CPU_TT_UPPER : best >= b0 ? CPU_TT_LOWER :
	    CPU_TT_EXACT);
	return best;
}

/*
 * Is the move just made one that puts a rival out at once and either
 * leaves the game going or ends it with us first?  (One that ends it with
 * us second, by the survivors' eliminations and pieces, is left to the
 * search.)  `before`: who was alive before it.
 */
static int
cpu_yonin_puts_out(struct cpu_yonin *c, unsigned before)
{
	unsigned		 gone = before & ~yonin_alive(c->g);
	struct game_status	 st;

	c->v->status(c->g, &st);
	if (st.phase == GAME_OVER && !(st.winners >> c->root & 1))
		return 0;
	for (int p = 0; p < YONIN_SEATS; p++)
		if ((gone >> p & 1) && !cpu_yonin_team(c, p))
			return 1;
	return 0;
}

/*
 * The root's moves, partner checks left out when there is another move,
 * and in *mate the first of them that cpu_yonin_puts_out, else -1 (found
 * while each is made for the partner check, not in a pass of its own).
 */
static int
cpu_yonin_root_moves(struct cpu_yonin *c, int seat, struct move *mv,
    int *mate)
{
	int	 n = c->v->legal(c->g, mv, CPU_YONIN_MOVES), k = 0;
	unsigned before = yonin_alive(c->g);

	if (n > CPU_YONIN_MOVES)
		n = CPU_YONIN_MOVES;
	*mate = -1;
	for (int i = 0; i < n; i++) {
		if (cpu_yonin_make(c, seat, &mv[i]) != 0)
			continue;
		if (*mate < 0 && cpu_yonin_puts_out(c, before))
			*mate = k;
		c->v->undo(c->g);
		mv[k++] = mv[i];
	}
	if (k > 0)
		return k;
	/* Every move checks the partner: all of them stay, so look again. */
	for (int i = 0; i < n && *mate < 0; i++) {
		c->v->apply(c->g, &mv[i]);
		if (cpu_yonin_puts_out(c, before))
			*mate = i;
		c->v->undo(c->g);
	}
	return n;
}

/* The line the table remembers after the root's move, for the logs (the
 * rivals who wait are not written). */
static void
cpu_yonin_pv(struct cpu_yonin *c, const struct move *first, char *pv,
    size_t len)
{
	struct move		*mv = c->mv[1];
	struct game_status	 st;
	struct cpu_tt_entry	*e;
	char			 text[16];
	int			 played = 0, used, layer = 0, steps = 0;

	c->v->move_format(c->g, first, text, sizeof text);
	used = snprintf(pv, len, "%s", text);
	c->v->apply(c->g, first);
	played++;
	while (steps < 5 && played < CPU_YONIN_MAXPLY && used > 0 &&
	    (size_t)used + 12 < len) {
		int n, found = -1;

		c->v->status(c->g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		if (cpu_yonin_waits(c, st.to_move, layer)) {
			played++;
			continue;
		}
		e = cpu_tt_probe(c->s->tt, yonin_hash(c->g) ^ c->mix ^
		    (layer ? c->mix_layer : 0));
		if (e == NULL)
			break;
		if (e->move == 0) {
			if (!cpu_yonin_defers(c, st.to_move, layer))
				break;
			played++;
			continue;
		}
		n = c->v->legal(c->g, mv, CPU_YONIN_MOVES);
		for (int i = 0; i < n && i < CPU_YONIN_MOVES; i++)
			if (cpu_yonin_pack(&mv[i]) == e->move)
				found = i;
		if (found < 0)
			break;
		c->v->move_format(c->g, &mv[found], text, sizeof text);
		used += snprintf(pv + used, len - (size_t)used, " %c:%s",
		    yonin_seat_char(st.to_move), text);
		layer = !cpu_yonin_team(c, st.to_move);
		c->v->apply(c->g, &mv[found]);
		played++;
		steps++;
	}
	while (played-- > 0)
		c->v->undo(c->g);
}

/*
 * A mate by checks on the player before us: check priority gives us the
 * turn back after each of his answers, so it is a game of two that the
 * mate search reads far deeper than the search does.  1 and *m when so.
 * (Against the others a check hands the turn on after the answer; their
 * mates in one the search finds itself.)
 */
static int
cpu_yonin_attack(struct cpu_yonin *c, const struct cpu_yonin_level *lv,
    struct move *m)
{
	int	 prey = cpu_yonin_seat_before(yonin_alive(c->g), c->root);

	if (c->mate == NULL || prey < 0 || cpu_yonin_team(c, prey))
		return 0;
	return cpu_yonin_mate(c->mate, c->g, prey, lv->mate_len,
	    (uint64_t)lv->mate_nodes, m) == CPU_YONIN_MATE_YES;
}

/*
 * Does the root's move m let whoever moves next mate the root by checks
 * (for the player after us, the same game of two; with `coalition`, any
 * rival the rules put on move after an answer may check next)?  And with
 * `mate_waits`, does a rival further on have such a mate when those
 * before him let their turns go by (yonin_pass)?  Check priority hands
 * the turn after each answer to the player after us, so a chain begun by
 * the second or third rival goes on with the first; their mates built
 * together start that way, which a probe of the next player alone never
 * sees.
 */
static int
cpu_yonin_threatened(struct cpu_yonin *c, const struct cpu_yonin_level *lv,
    const struct move *m)
{
	struct game_status	 st;
	struct move		 first;
	int			 r = CPU_YONIN_MATE_NO, waited = 0;

	c->v->apply(c->g, m);
	for (;;) {
		c->v->status(c->g, &st);
		if (st.phase != GAME_PLAYING || cpu_yonin_team(c, st.to_move))
			break;
		r = (lv->coalition ? cpu_yonin_mate_coalition :
		    cpu_yonin_mate)(c->mate, c->g, c->root, lv->mate_len,
		    (uint64_t)lv->mate_nodes, &first);
		if (r == CPU_YONIN_MATE_YES || waited >= lv->mate_waits ||
		    cpu_search_done(c->s) || yonin_pass(c->g) != 0)
			break;
		waited++;
	}
	while (waited-- > 0)
		c->v->undo(c->g);
	c->v->undo(c->g);
	return r == CPU_YONIN_MATE_YES;
}

/*
 * The defence: the search's choice unless the next player then has a
 * mate by checks against us, else the first of the next best moves (in
 * the search's order) after which he has none that a probe proves.  When
 * all are lost, or a probe runs out, the search's choice or the move in
 * hand stands.  Returns the index in mv.
 */
static int
cpu_yonin_defend(struct cpu_yonin *c, const struct cpu_yonin_level *lv,
    const struct move *mv, int n, int best)
{
	for (int j = 0; j < n && j < lv->mate_moves; j++) {
		int i = j == 0 ? best : j <= best ? j - 1 : j;

		if (!cpu_yonin_threatened(c, lv, &mv[i]))
			return i;
		if (cpu_search_done(c->s))
			break;
	}
	return best;
}

/* Keep `share` per mille of what is left of the node cap and the clock
 * for the defence's probes, which come after the search. */
static void
cpu_yonin_reserve(struct cpu_search *s, int share, uint64_t *cap,
    int64_t *deadline)
{
	int64_t	 now;

	*cap = s->node_cap;
	*deadline = s->deadline_us;
	if (share <= 0)
		return;
	if (s->node_cap > s->nodes)
		s->node_cap = s->nodes + (s->node_cap - s->nodes) *
		    (uint64_t)(1000 - share) / 1000;
	if (s->deadline_us != 0 && s->deadline_us > (now = cpu_now_us()))
		s->deadline_us = now + (s->deadline_us - now) *
		    (1000 - share) / 1000;
}

/* Give the reserve back: the search stopped on its own share only. */
static void
cpu_yonin_release(struct cpu_search *s, uint64_t cap, int64_t deadline)
{
	s->node_cap = cap;
	s->deadline_us = deadline;
	s->stopped = 0;
	cpu_search_done(s);
}

/* The root's answer: move m, with the score, depth and line for the logs. */
static int
cpu_yonin_answer(struct cpu_yonin *c, struct cpu_result *res,
    const struct move *m, int score, int depth)
{
	struct move	 mv = *m;

	res->move[0] = mv;
	res->nmoves = 1;
	res->score = score;
	res->depth = depth;
	cpu_yonin_pv(c, &mv, res->pv, sizeof res->pv);
	return 0;
}

static int
cpu_yonin_root(struct cpu_yonin *c, const struct cpu_yonin_level *lv,
    struct cpu_result *res)
{
	struct move		*mv = c->mv[0];
	int32_t *key = c->key[0], *noise = c->noise, *score = c->score;
	struct cpu_yonin_board	 b;
	struct game_status	 st;
	int n, seat, best_i = 0, best_score = 0, done_depth = 0, kept, mate;
	uint64_t		 cap;
	int64_t			 deadline;

	c->v->status(c->g, &st);
	seat = st.to_move;
	if ((n = cpu_yonin_root_moves(c, seat, mv, &mate)) <= 0)
		return -1;
	/*
	 * A rival put out at once comes before anything else: the levels'
	 * noise (up to a million at level 1 of the free-for-all) must not
	 * hide it, and a shallow search must not trade it for a check that
	 * its capture search over-rates (the free-for-all's level 4 did,
	 * at one ply: test_mate_random).
	 */
	if (mate >= 0)
		return cpu_yonin_answer(c, res, &mv[mate], CPU_YONIN_ELIM, 1);
	cpu_yonin_read(c->g, &b);
	/* The far drops go as in the search, unless they are all there is. */
	if ((kept = cpu_yonin_prune(&b, seat, mv, n)) > 0)
		n = kept;
	cpu_yonin_order(c, &b, seat, mv, n, key, 0, 0);
	for (int i = 0; i < n; i++)
		cpu_yonin_pick(mv, key, NULL, i, n);
	for (int i = 0; i < n; i++)
		noise[i] = lv->noise > 0 ? cpu_rand_below(c->s,
		    2 * lv->noise + 1) - lv->noise : 0;
	/* Stopped before any depth is done: the best by the static order. */
	res->move[0] = mv[0];
	res->nmoves = 1;
	if (cpu_yonin_attack(c, lv, &res->move[0])) {
		struct cpu_yonin_mate_figures f;

		cpu_yonin_mate_figures(c->mate, &f);
		return cpu_yonin_answer(c, res, &res->move[0],
		    CPU_YONIN_WIN / 3, f.last_len);
	}
	cpu_yonin_reserve(c->s, c->mate != NULL ? lv->mate_share : 0, &cap,
	    &deadline);
	/*
	 * Each iteration ends on our own move, so that no iteration leaves
	 * the rivals the last word: in BRS the depth goes two at a time
	 * (ours, the layer's reply, ours, ...), since an iteration ending on
	 * the reply takes the worst of some three hundred rival moves as
	 * final.  A level 2 capped at two plies (noise 120) scored 50% +-
	 * 11% against a one-ply level 1 (noise 300), one capped at three
	 * plies of odd depths (noise 150) 68% +- 14% against a noisier level
	 * 1 (400; 20 games each, node limits).
	 * In pairs (paranoid) the teams take turns ply by ply (S and N
	 * against W and E, in the order S W N E), so every odd depth ends
	 * on our side's move: past five plies the iterations go two at a
	 * time.  Going four at a time (to the root seat's own next move),
	 * level 5's 50,000 nodes never finished the nine-ply iteration and
	 * it played like level 4 (L5-L4 62.5%); two at a time it finishes
	 * seven and scored 72.5% +- 14% on the same 40 games' seeds, with
	 * L4-L3 unchanged at 80%.
	 */
	for (int d = 1; d <= lv->depth && !cpu_search_done(c->s);
	    d += c->brs ? 2 : d < 5 ? 1 : 2) {
		int alpha = -CPU_YONIN_INF, it_best = -1, it_score = 0;
		int it_raw = 0, searched = 0;

		for (int i = 0; i < n; i++) {
			int v;

			c->v->apply(c->g, &mv[i]);
			v = cpu_yonin_search(c, d - 1, alpha - noise[i],
			    CPU_YONIN_INF, 1, 0);
			c->v->undo(c->g);
			if (c->s->stopped)
				break;
			searched = i + 1;
			score[i] = v + noise[i];
			if (it_best < 0 || score[i] > it_score) {
				it_best = i;
				it_score = score[i];
				it_raw = v;
				alpha = score[i];
			}
		}
		if (c->s->stopped) {
			/*
			 * A partial iteration searched the last one's best
			 * first, so whatever beat it is at least as good.
			 * But when all it searched goes out, the move it was
			 * on (the next in the last order, not seen to go
			 * out) is the better guess: keeping the best of the
			 * searched, the search played the very move it had
			 * just seen lose, and a deeper level, cut short more
			 * often, did so more often.
			 */
			if (it_best >= 0 && it_raw <= -CPU_YONIN_LOST &&
			    searched < n)
				best_i = searched;
			else if (it_best >= 0) {
				best_i = it_best;
				best_score = it_score;
			}
			break;
		}
		best_i = it_best;
		best_score = it_score;
		done_depth = d;
		/* Next iteration: the best first, then by this one's scores
		 * (an upper bound only, for the moves that failed low). */
		for (int i = 0; i < n; i++)
			key[i] = i == best_i ? CPU_YONIN_INF : score[i];
		for (int i = 0; i < n; i++)
			cpu_yonin_pick(mv, key, noise, i, n);
		best_i = 0;
		/* A won game needs no more depth, and an iteration begun after
		 * half the time would rarely finish. */
		if (best_score >= CPU_YONIN_WIN - CPU_YONIN_MAXPLY ||
		    cpu_search_used(c->s) > 500)
			break;
	}
	cpu_yonin_release(c->s, cap, deadline);
	if (c->mate != NULL)
		best_i = cpu_yonin_defend(c, lv, mv, n, best_i);
	return cpu_yonin_answer(c, res, &mv[best_i], best_score, done_depth);
}

int
cpu_yonin_think(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	const struct cpu_yonin_level	*lv;
	struct yonin_options		 o;
	struct cpu_yonin		*c;
	struct game_status		 st;
	int				 level, rc;

	level = cpu_yonin_clamp(s->limits->level);
	g->variant->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return -1;
	yonin_options(g, &o);
	lv = cpu_yonin_level(level, o.pairs);
	if ((level < CPU_LEVEL_MAX || s->deadline_us == 0) &&
	    (s->node_cap == 0 || s->node_cap > lv->nodes))
		s->node_cap = lv->nodes;
	cpu_search_share(s, lv->time);
	if ((c = calloc(1, sizeof *c)) == NULL)
		return -1;
	if ((c->g = game_copy(g)) == NULL) {
		free(c);
		return -1;
	}
	c->s = s;
	if (lv->mate_len > 0 && (c->mate = cpu_yonin_mate_new(s)) == NULL) {
		game_free(c->g);
		free(c);
		return -1;
	}
	c->v = g->variant;
	c->root = st.to_move;
	c->pairs = o.pairs;
	c->brs = !o.pairs;
	c->mix_layer = 0x94d049bb133111ebULL;
	c->qdepth = lv->qdepth;
	c->mix = 0x9e3779b97f4a7c15ULL * (uint64_t)(c->root + 1) ^
	    (o.pairs ? 0xd1b54a32d192ed03ULL : 0);
	rc = cpu_yonin_root(c, lv, res);
	cpu_yonin_mate_free(c->mate);
	game_free(c->g);
	free(c);
	return rc;
}
