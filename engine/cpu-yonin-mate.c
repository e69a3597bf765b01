/*
 * cpu-yonin-mate.c - the mate search by checks (cpu-yonin-mate.h): an
 * iterative-deepening AND/OR search with a small table of proofs and
 * disproofs.
 *
 * Why not df-pn, the standard for tsume: the budgets here are small (a few
 * hundred to a few thousand nodes a probe, inside a move's search of 500
 * to 50,000), and the mates that decide these games are short; deepening
 * by whole moves finds the shortest mate first and gives each level a
 * length to stop at, and the work of the shorter lengths is what the
 * table keeps.  df-pn proves long mates in fewer nodes but needs a large
 * table to do so, and its proof numbers read through the table are
 * unsound where legality depends on the path, as here (a continuous
 * checker may not repeat a position a fourth time).  A depth-limited
 * search keeps that error to the table's few transpositions, and the
 * first move of a proof is a legal move whatever the table says.
 *
 * Ordering: the attacker's checks that leave the fewest answers first
 * (the idea behind proof numbers, at one ply), the defender's answers
 * that most often escape first (captures, then king moves, then
 * interpositions and drops).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-yonin.h"
#include "engine/cpu-yonin-mate.h"

#define CPU_YONIN_MATE_PLIES (CPU_YONIN_MATE_MAXLEN + 1)
#define CPU_YONIN_MATE_TABLE 8192	/* entries, a power of two */

struct cpu_yonin_mate_entry {
	uint64_t key;
	int8_t depth;	/* plies left when it was found */
	uint8_t result;	/* CPU_YONIN_MATE_YES or _NO */
};

struct cpu_yonin_mate {
	struct cpu_search *s;
	struct game *g;
	const struct variant *v;
	unsigned attackers;	/* bit per seat whose checks keep the chain */
	int defender;
	uint64_t mix;		/* attackers and defender, into the keys */
	uint64_t used, budget;
	int out;		/* the budget or the search ran out */
	struct cpu_yonin_mate_figures fig;
	struct cpu_yonin_mate_entry table[CPU_YONIN_MATE_TABLE];
	/* Each ply's last proving check: after one answer the check that
	 * mated often mates after the others too. */
	struct move killer[CPU_YONIN_MATE_PLIES];
	struct move mv[CPU_YONIN_MATE_PLIES][CPU_YONIN_MOVES];
	int32_t key[CPU_YONIN_MATE_PLIES][CPU_YONIN_MOVES];
};

struct cpu_yonin_mate *
cpu_yonin_mate_new(struct cpu_search *s)
{
	struct cpu_yonin_mate *m = calloc(1, sizeof *m);

	if (m != NULL)
		m->s = s;
	return m;
}

void
cpu_yonin_mate_free(struct cpu_yonin_mate *m)
{
	free(m);
}

void
cpu_yonin_mate_figures(const struct cpu_yonin_mate *m,
    struct cpu_yonin_mate_figures *f)
{
	*f = m->fig;
}

/* Count a node; 1 when the probe must end (its budget, or the search's
 * node cap, clock or stop flag). */
static int
cpu_yonin_mate_tick(struct cpu_yonin_mate *m)
{
	m->fig.nodes++;
	if (++m->used > m->budget || cpu_search_tick(m->s))
		m->out = 1;
	return m->out;
}

static struct cpu_yonin_mate_entry *
cpu_yonin_mate_slot(struct cpu_yonin_mate *m, uint64_t key)
{
	return &m->table[key & (CPU_YONIN_MATE_TABLE - 1)];
}

/* What the table knows of a node with `depth` plies left: a proof found
 * in as many plies or fewer, or a disproof as deep or deeper; -1 when
 * nothing. */
static int
cpu_yonin_mate_known(struct cpu_yonin_mate *m, uint64_t key, int depth)
{
	const struct cpu_yonin_mate_entry *e = cpu_yonin_mate_slot(m, key);

	if (e->key != key)
		return -1;
	if (e->result == CPU_YONIN_MATE_YES && e->depth <= depth)
		return CPU_YONIN_MATE_YES;
	if (e->result == CPU_YONIN_MATE_NO && e->depth >= depth)
		return CPU_YONIN_MATE_NO;
	return -1;
}

static int
cpu_yonin_mate_store(struct cpu_yonin_mate *m, uint64_t key, int depth,
    int result)
{
	struct cpu_yonin_mate_entry *e = cpu_yonin_mate_slot(m, key);

	e->key = key;
	e->depth = (int8_t)depth;
	e->result = (uint8_t)result;
	return result;
}

/*
 * Might the attacker's move m check the king on `king`: the piece it moves
 * or drops attacks it, or it leaves a square on the king's rank or file
 * (a rook behind may be uncovered)?  A cheap filter; the rules decide.
 */
static int
cpu_yonin_mate_may_check(const struct cpu_yonin_board *b, int seat,
    const struct move *m, int king)
{
	int	 facing, kind = cpu_yonin_moved(b, seat, m, &facing);

	if (cpu_yonin_hits(b, kind, facing, m->to, king, m->from))
		return 1;
	return m->from >= 0 && (m->from % 9 == king % 9 ||
	    m->from / 9 == king / 9);
}

static int cpu_yonin_mate_and(struct cpu_yonin_mate *, int depth, int ply);

/* An attacker, `seat`, to move with `depth` plies left (odd). */
static int
cpu_yonin_mate_or(struct cpu_yonin_mate *m, int seat, int depth, int ply,
    struct move *first)
{
	struct cpu_yonin_board	 b;
	struct game_status	 st;
	struct move		*mv = m->mv[ply];
	int32_t			*key = m->key[ply];
	uint64_t		 hash = yonin_hash(m->g) ^ m->mix;
	int			 n, k = 0, known, king;

	/* The root needs its move, which the table does not keep. */
	if (first == NULL &&
	    (known = cpu_yonin_mate_known(m, hash, depth)) >= 0)
		return known;
	n = m->v->legal(m->g, mv, CPU_YONIN_MOVES);
	if (n > CPU_YONIN_MOVES)
		n = CPU_YONIN_MOVES;
	cpu_yonin_read(m->g, &b);
	if ((king = b.king[m->defender]) < 0)
		return CPU_YONIN_MATE_NO;
	for (int i = 1; i < n; i++)
		if (cpu_yonin_same(&mv[i], &m->killer[ply])) {
			struct move t = mv[0];

			mv[0] = mv[i];
			mv[i] = t;
		}
	for (int i = 0; i < n; i++) {
		if (!cpu_yonin_mate_may_check(&b, seat, &mv[i], king))
			continue;
		if (cpu_yonin_mate_tick(m))
			return CPU_YONIN_MATE_UNKNOWN;
		m->v->apply(m->g, &mv[i]);
		if (!(yonin_alive(m->g) >> m->defender & 1)) {
			m->v->undo(m->g);
			m->killer[ply] = mv[i];
			if (first != NULL)
				*first = mv[i];
			return cpu_yonin_mate_store(m, hash, 1,
			    CPU_YONIN_MATE_YES);
		}
		m->v->status(m->g, &st);
		if (st.phase != GAME_PLAYING || st.to_move != m->defender ||
		    !(yonin_checks(m->g) >> m->defender & 1)) {
			m->v->undo(m->g);
			continue;
		}
		/* The fewest answers first (the pick takes the largest). */
		if (depth >= 3)
			key[k] = -m->v->legal(m->g, m->mv[ply + 1],
			    CPU_YONIN_MOVES);
		m->v->undo(m->g);
		mv[k++] = mv[i];
	}
	if (depth < 3 || k == 0)
		return cpu_yonin_mate_store(m, hash, depth, CPU_YONIN_MATE_NO);
	for (int i = 0; i < k; i++) {
		int r;

		/* Counted when it was tried above. */
		cpu_yonin_pick(mv, key, NULL, i, k);
		m->v->apply(m->g, &mv[i]);
		r = cpu_yonin_mate_and(m, depth - 1, ply + 1);
		m->v->undo(m->g);
		if (r == CPU_YONIN_MATE_YES) {
			m->killer[ply] = mv[i];
			if (first != NULL)
				*first = mv[i];
			return cpu_yonin_mate_store(m, hash, depth, r);
		}
		/* Only a probe that ran out leaves a node unknown. */
		if (m->out)
			return CPU_YONIN_MATE_UNKNOWN;
	}
	return cpu_yonin_mate_store(m, hash, depth, CPU_YONIN_MATE_NO);
}

/* The defender, in check, to move with `depth` plies left (even). */
static int
cpu_yonin_mate_and(struct cpu_yonin_mate *m, int depth, int ply)
{
	struct game_status	 st;
	struct yonin_piece	 p;
	struct move		*mv = m->mv[ply];
	int32_t			*key = m->key[ply];
	uint64_t		 hash = yonin_hash(m->g) ^ m->mix;
	int			 n, known;

	if ((known = cpu_yonin_mate_known(m, hash, depth)) >= 0)
		return known;
	n = m->v->legal(m->g, mv, CPU_YONIN_MOVES);
	if (n > CPU_YONIN_MOVES)
		n = CPU_YONIN_MOVES;
	for (int i = 0; i < n; i++) {
		if (mv[i].from < 0)
			key[i] = 0;
		else if (yonin_piece_at(m->g, mv[i].to, &p))
			key[i] = 3;
		else
			key[i] = yonin_piece_at(m->g, mv[i].from, &p) &&
			    p.kind == YONIN_KING ? 2 : 1;
	}
	for (int i = 0; i < n; i++) {
		int r;

		cpu_yonin_pick(mv, key, NULL, i, n);
		if (cpu_yonin_mate_tick(m))
			return CPU_YONIN_MATE_UNKNOWN;
		m->v->apply(m->g, &mv[i]);
		m->v->status(m->g, &st);
		/* The answer escapes when the chain breaks: the game ends,
		 * or the rules give the next turn to someone who is not an
		 * attacker (for one attacker: anyone but him). */
		if (st.phase != GAME_PLAYING ||
		    !(m->attackers >> st.to_move & 1))
			r = CPU_YONIN_MATE_NO;
		else
			r = cpu_yonin_mate_or(m, st.to_move, depth - 1, ply + 1,
			    NULL);
		m->v->undo(m->g);
		if (r == CPU_YONIN_MATE_NO)
			return cpu_yonin_mate_store(m, hash, depth, r);
		if (m->out)
			return CPU_YONIN_MATE_UNKNOWN;
	}
	return cpu_yonin_mate_store(m, hash, depth, CPU_YONIN_MATE_YES);
}

/* The probe itself, for the player to move among `attackers`. */
static int
cpu_yonin_mate_by(struct cpu_yonin_mate *m, struct game *g, int defender,
    unsigned attackers, int maxlen, uint64_t budget, struct move *first)
{
	struct game_status	 st;
	int			 r = CPU_YONIN_MATE_NO;

	g->variant->status(g, &st);
	if (st.phase != GAME_PLAYING || defender == st.to_move ||
	    defender < 0 || defender >= YONIN_SEATS ||
	    !(yonin_alive(g) >> defender & 1) || maxlen < 1 ||
	    !(attackers >> st.to_move & 1) || (attackers >> defender & 1))
		return CPU_YONIN_MATE_NO;
	if (maxlen > CPU_YONIN_MATE_MAXLEN)
		maxlen = CPU_YONIN_MATE_MAXLEN;
	m->g = g;
	m->v = g->variant;
	m->attackers = attackers;
	m->defender = defender;
	m->mix = 0xbf58476d1ce4e5b9ULL * (uint64_t)(attackers * 4 +
	    (unsigned)defender + 1);
	m->used = 0;
	m->budget = budget;
	m->out = 0;
	m->fig.probes++;
	for (int len = 1; len <= maxlen; len += 2) {
		r = cpu_yonin_mate_or(m, st.to_move, len, 0, first);
		if (r == CPU_YONIN_MATE_YES)
			m->fig.last_len = len;
		if (r != CPU_YONIN_MATE_NO)
			break;
	}
	if (r == CPU_YONIN_MATE_YES)
		m->fig.proven++;
	if (r == CPU_YONIN_MATE_UNKNOWN)
		m->fig.unknown++;
	return r;
}

int
cpu_yonin_mate(struct cpu_yonin_mate *m, struct game *g, int defender,
    int maxlen, uint64_t budget, struct move *first)
{
	struct game_status	 st;

	g->variant->status(g, &st);
	if (st.phase != GAME_PLAYING || st.to_move < 0 ||
	    st.to_move >= YONIN_SEATS)
		return CPU_YONIN_MATE_NO;
	return cpu_yonin_mate_by(m, g, defender, 1u << st.to_move, maxlen,
	    budget, first);
}

int
cpu_yonin_mate_coalition(struct cpu_yonin_mate *m, struct game *g,
    int defender, int maxlen, uint64_t budget, struct move *first)
{
	struct yonin_options	 o;
	unsigned		 rivals;

	if (defender < 0 || defender >= YONIN_SEATS)
		return CPU_YONIN_MATE_NO;
	yonin_options(g, &o);
	rivals = yonin_alive(g) & ~(1u << defender);
	if (o.pairs)
		rivals &= ~(1u << ((defender + 2) & 3));
	return cpu_yonin_mate_by(m, g, defender, rivals, maxlen, budget,
	    first);
}
