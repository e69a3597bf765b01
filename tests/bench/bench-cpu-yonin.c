/*
 * bench-cpu-yonin.c - the four-player shogi CPU in figures: nodes per
 * second on one core, the time to the first move at each level, and
 * matches with a 95% margin:
 *  - each level in one seat against three random players, then three
 *    greedy (capture-first) ones, the seat rotating: the share of games
 *    it ranks first, and its mean rank;
 *  - the ladder, level N against N-1 two seats each in every seating,
 *    scored pair by pair by rank (bench_pairing says how),
 *    and level 5 against level 1;
 *  - the same ladder in pairs mode ("teams"): level N's two seats are
 *    partners against two partners of level N-1, S+N one game and W+E
 *    the next, scored by the team that won (the team of the first player
 *    out loses; repetition and the move limit are draws, 1/2);
 *  - the "lone" ladder: level N in one seat against three of N-1, then
 *    in three seats against one, each seat in turn, scored pair by pair
 *    by rank as the ladder is;
 *  - how the games ended (eliminations, repetition, move limit) and
 *    their lengths.
 *
 * What these matches have measured, change by change, is in
 * docs/cpu-yonin-notes.md (and in short in docs/gamehall-engine.md).
 *
 *   bench-cpu-yonin [GAMES [speed|simple|ladder|teams|lone [LEVEL [SCALE]]]]
 *   bench-cpu-yonin GAMES timed [LEVEL]
 *   bench-cpu-yonin GAMES pair|team|alone A B
 *   bench-cpu-yonin GAMES trace|tracet A B [NODES]
 *   bench-cpu-yonin GAMES mates|matest A B [LEN [NODES]]
 *	(default 8 games per match, every part; LEVEL: that rung only,
 *	0 every rung; SCALE: every level's node limit times SCALE;
 *	timed: the ladder with the levels' default time per move, on a
 *	machine whose load then shows in the figures;
 *	pair: two seats of A against two of B, each a level, 0 random or
 *	-1 greedy; team: the same in pairs mode, A's seats partners;
 *	alone: one seat of A against three of B, then three against one;
 *	mates, matest: the mate search alone at every position of pair's
 *	or team's games, LEN plies (default 9) and NODES a probe (20,000):
 *	how often it finds a mate, how many eliminations it foresaw (and
 *	the coalition probes of levels 3 to 5), and its speed;
 *	trace, tracet: pair's or team's games one by one, who went out,
 *	by whom, when, and A's lost players' last moves searched again by
 *	level 5 with NODES nodes, default 500,000; then counts by cause)
 *
 * Matches use node limits per move, not the clock, so that the figures do
 * not depend on the machine's load; each level's limit is 50 nodes per
 * mille of its share of the turn's time in the game's mode (cpu-yonin.c's
 * level tables: 10, 10, 10, 25, 1000 in the free-for-all, 10, 25, 70,
 * 150, 1000 in pairs mode), so the levels stand to one another as they do
 * on the clock.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/cpu-yonin.h"
#include "engine/cpu-yonin-mate.h"
#include "tests/unit/cpu-yonin-match.h"


/*
 * A level's node limit per move: 50 nodes per mille of its share of the
 * turn (cpu_yonin_level_share), times the ladder's SCALE, which main()
 * may set once, before any match: 13 gives about what the hall's default
 * 2 s a turn buys each level at some 320,000 nodes a second.
 */
static uint64_t bench_scale = 1;

static uint64_t
bench_nodes(int level, int pairs)
{
	return 50u * (uint64_t)cpu_yonin_level_share(level, pairs) *
	    bench_scale;
}

static void
bench_speed(void)
{
	struct game *g = match_game(0, 0);
	struct cpu_limits lim;
	struct cpu_result r;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, CPU_LEVEL_MAX);
	lim.time_ms = 0;
	lim.nodes = 300000;
	if (g == NULL || cpu_think(g, &lim, NULL, &r, err, sizeof err) != 0) {
		printf("speed: failed\n");
		game_free(g);
		return;
	}
	printf("nodes/s (one core, start position, level 5): %.0f "
	    "(%llu nodes in %d ms, depth %d)\n", r.elapsed_ms > 0 ?
	    r.nodes * 1000.0 / r.elapsed_ms : 0.0,
	    (unsigned long long)r.nodes, r.elapsed_ms, r.depth);
	for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX; level++) {
		cpu_limits_default(&lim, level);
		cpu_think(g, &lim, NULL, &r, err, sizeof err);
		printf("first move, level %d (default limits, %d ms allowed): "
		    "%d ms, %llu nodes, depth %d, pv %s\n", level,
		    lim.time_ms, r.elapsed_ms, (unsigned long long)r.nodes,
		    r.depth, r.pv);
		lim.time_ms = 0;
		lim.nodes = bench_nodes(level, 0);
		cpu_think(g, &lim, NULL, &r, err, sizeof err);
		printf("first move, level %d (the matches' %llu nodes): "
		    "depth %d, pv %s\n", level,
		    (unsigned long long)bench_nodes(level, 0), r.depth, r.pv);
	}
	game_free(g);
}

/* A share of games with a 95% margin. */
static void
bench_share(int part, int played, double *p, double *margin)
{
	*p = played > 0 ? (double)part / played : 0;
	*margin = played > 0 ? 1.96 * sqrt(*p * (1 - *p) / played) : 0;
}

/* How a set of games ended: by reason, and how long they were. */
struct bench_ends {
	int elims, repetition, movelimit, other;
	int shortest, longest;
};

static void
bench_ends_add(struct bench_ends *e, const struct match *m)
{
	const char *r = m->end.reason;

	if (strstr(r, "elimination") != NULL)
		e->elims++;
	else if (strstr(r, "repetition") != NULL)
		e->repetition++;
	else if (strstr(r, "limit") != NULL)
		e->movelimit++;
	else
		e->other++;
	if (e->shortest == 0 || m->plies < e->shortest)
		e->shortest = m->plies;
	if (m->plies > e->longest)
		e->longest = m->plies;
}

static void
bench_ends_print(const struct bench_ends *e)
{
	printf("  ends: %d by eliminations, %d repetition, %d move limit, "
	    "%d other; %d..%d plies\n", e->elims, e->repetition,
	    e->movelimit, e->other, e->shortest, e->longest);
}

/* Who put out whom, by side: out[victim's][eliminator's], 0 = a.  One of
 * a's two seats putting out the other costs a's score a place against b
 * however strong a is: the ceiling of the two-each seating. */
static void
bench_outs_add(int out[2][2], const struct match *m, unsigned mask)
{
	for (int k = 0; k < m->nout; k++)
		out[!(mask >> m->out[k] & 1)][!(mask >> m->by[k] & 1)]++;
}

static void
bench_outs_print(int out[2][2])
{
	printf("  eliminations: a by a %d, a by b %d, b by a %d, b by b %d\n",
	    out[0][0], out[0][1], out[1][0], out[1][1]);
}

/*
 * One seat of `level` against three simple players (MATCH_RANDOM or
 * MATCH_GREEDY), the CPU's seat rotating: the share of games it ranks
 * first, and its mean rank.
 */
static void
bench_simple(const char *name, int level, int other, int games,
    struct cpu_tt *tt)
{
	struct match m;
	struct bench_ends ends = { 0 };
	int first = 0, played = 0, ranks = 0, plies = 0;
	double p, margin;

	memset(&m, 0, sizeof m);
	m.tt = tt;
	m.movelimit = 300;
	for (int i = 0; i < games; i++) {
		int seat = i % YONIN_SEATS;

		for (int s = 0; s < YONIN_SEATS; s++)
			m.who[s] = other;
		m.who[seat] = level;
		m.nodes[seat] = bench_nodes(level, 0);
		m.seed = 1000u + (unsigned)i * 7919u;
		if (match_play(&m) != 0) {
			printf("  game %d failed (illegal %d)\n", i, m.illegal);
			continue;
		}
		played++;
		plies += m.plies;
		bench_ends_add(&ends, &m);
		first += m.end.rank[seat] == 1;
		ranks += m.end.rank[seat];
	}
	if (played == 0)
		return;
	bench_share(first, played, &p, &margin);
	printf("level %d vs 3 %-6s: first in %d/%d = %.0f%% +- %.0f%% (95%%), "
	    "mean rank %.2f, %.0f plies/game\n", level, name, first, played,
	    100 * p, 100 * margin, (double)ranks / played,
	    (double)plies / played);
	bench_ends_print(&ends);
	fflush(stdout);
}

/* A seat's player by name: a level, or a simple player. */
static const char *
bench_name(int who, char buf[8])
{
	if (who == MATCH_RANDOM)
		return "random";
	if (who == MATCH_GREEDY)
		return "greedy";
	snprintf(buf, 8, "L%d", who);
	return buf;
}

/*
 * The score of one pairs-mode game for the team of the seats in `mask`
 * (partners sit opposite, so the mask is 0x5 or 0xa): 1 when that team
 * won, 0 when the other did, 1/2 for a draw (repetition and the move
 * limit end a pairs game without winners).
 */
static double
bench_team(const struct game_status *end, unsigned mask)
{
	if (end->winners & mask)
		return 1;
	if (end->winners != 0)
		return 0;
	return 0.5;
}

/*
 * How a pairing seats its two levels: two seats each in a free-for-all
 * (the ladder), two partners each in pairs mode (the teams), or one
 * against three and three against one in a free-for-all (the lone
 * ladder: no two players of the stronger level fight each other in half
 * of its games, nor of the weaker in the other half).
 */
enum bench_format {
	BENCH_FFA,
	BENCH_PAIRS,
	BENCH_LONE,
};

/*
 * The seats of a's players in game i of a pairing.  In pairs mode
 * they are partners, so opposite: S and N, then W and E.  In a
 * free-for-all every one of the six ways to seat two players comes in
 * turn, each followed by its mirror (b where a was): opposite seats face
 * each other's rooks down the middle, so seated only opposite, a's two
 * players fight each other first and whichever loses that fight ranks
 * below the b players, who meanwhile fight each other.  A seating drawn
 * at random is adjacent two times in three.  Alone, a sits in each
 * seat in turn, each time followed by the mirror: a in the other three.
 */
static unsigned
bench_mask(int i, enum bench_format fmt)
{
	static const unsigned two[6] = { 0x5, 0xa, 0x3, 0xc, 0x6, 0x9 };
	static const unsigned lone[8] = { 0x1, 0xe, 0x2, 0xd, 0x4, 0xb, 0x8,
	    0x7 };

	if (fmt == BENCH_LONE)
		return lone[i % 8];
	return two[i % (fmt == BENCH_PAIRS ? 2 : 6)];
}

/* Game i's players (a in the seats of `mask`) and seed: the same seed for
 * a seating and its mirror. */
static void
bench_seat(struct match *m, int a, int b, int i, unsigned mask)
{
	for (int s = 0; s < YONIN_SEATS; s++) {
		m->who[s] = mask >> s & 1 ? a : b;
		m->nodes[s] = m->who[s] > 0 ?
		    bench_nodes(m->who[s], m->pairs) : 0;
	}
	m->seed = 2000u + (unsigned)(i / 2) * 7919u;
}

/*
 * Player `a` against player `b`, fairly for four players: two seats of
 * each, seated in turn as bench_mask says (each seating and its mirror
 * from the same seed), each game scored by match_pairwise (the
 * four pairs of an a and a b player: 1 to whichever ranked better, 1/2 a
 * tie).  With `pairs` the game is in pairs mode, a's two seats partners
 * against b's two, and each game is scored by bench_team (the winning
 * team 1, a draw 1/2).  The margin is 1.96 standard errors of the
 * per-game score.
 */
static void
bench_pairing(int a, int b, int games, int timed, enum bench_format fmt,
    struct cpu_tt *tt)
{
	int pairs = fmt == BENCH_PAIRS;
	struct match m;
	struct bench_ends ends = { 0 };
	double sum = 0, sumsq = 0, mean, margin = 0;
	int played = 0, plies = 0, won = 0, drawn = 0;
	long depth[2] = { 0, 0 }, moves[2] = { 0, 0 };
	int outs[2][2] = { { 0, 0 }, { 0, 0 } };
	char na[8], nb[8];

	memset(&m, 0, sizeof m);
	m.tt = tt;
	m.movelimit = 300;
	m.timed = timed;
	m.pairs = pairs;
	for (int i = 0; i < games; i++) {
		unsigned mask = bench_mask(i, fmt);
		double v;

		bench_seat(&m, a, b, i, mask);
		if (match_play(&m) != 0) {
			printf("  game %d failed (illegal %d)\n", i, m.illegal);
			continue;
		}
		played++;
		plies += m.plies;
		bench_ends_add(&ends, &m);
		v = pairs ? bench_team(&m.end, mask) :
		    match_pairwise(&m.end, mask);
		bench_outs_add(outs, &m, mask);
		won += v == 1;
		drawn += v == 0.5;
		sum += v;
		sumsq += v * v;
		for (int p = 0; p < m.plies && p < MATCH_RECORD; p++) {
			int side = !(mask >> m.rec_mover[p] & 1);

			depth[side] += m.rec_depth[p];
			moves[side]++;
		}
	}
	if (played == 0)
		return;
	mean = sum / played;
	if (played > 1) {
		double var = (sumsq - played * mean * mean) / (played - 1);

		margin = var > 0 ? 1.96 * sqrt(var / played) : 0;
	}
	if (pairs)
		printf("%s-%s (pairs mode, partners, alternating seats%s): "
		    "%.1f%% +- %.1f%% (95%%) over %d games (won %d, drawn %d, "
		    "lost %d), %.0f plies/game\n", bench_name(a, na),
		    bench_name(b, nb), timed ? ", default time limits" : "",
		    100 * mean, 100 * margin, played, won, drawn,
		    played - won - drawn, (double)plies / played);
	else
		printf("%s-%s (%s, every seating, pairs by rank%s): "
		    "%.1f%% +- %.1f%% (95%%) over %d games, %.0f plies/game\n",
		    bench_name(a, na), bench_name(b, nb), fmt == BENCH_LONE ?
		    "1 seat against 3 and 3 against 1" : "2 seats each", timed ?
		    ", default time limits" : "", 100 * mean, 100 * margin,
		    played, (double)plies / played);
	bench_ends_print(&ends);
	if (!pairs)
		bench_outs_print(outs);
	printf("  mean depth reached: %s %.2f, %s %.2f\n", na, moves[0] > 0 ?
	    (double)depth[0] / moves[0] : 0.0, nb, moves[1] > 0 ?
	    (double)depth[1] / moves[1] : 0.0);
	fflush(stdout);
}

/* The game of m before its ply `upto`, replayed from the start. */
static struct game *
bench_replay(const struct match *m, int upto)
{
	struct game *g = match_game(m->pairs, m->movelimit);

	for (int i = 0; g != NULL && i < upto && i < MATCH_RECORD; i++)
		g->variant->apply(g, &m->rec[i]);
	return g;
}

/* What the trace counts, over a pairing's games. */
struct bench_causes {
	int out[2][2];		/* [victim's side][eliminator's side], 0 = a */
	int seen;		/* a went out on a move the deep search avoids */
	int unseen;		/* ... on the move the deep search plays too */
	int early;		/* lost (by the deep search) at every move looked at */
	int gang;		/* two or more rivals moved between a's last
				   move and its elimination */
	int checked_out;	/* a was in check on its last move */
};

#define BENCH_LOOK 6	/* a's moves searched again before it went out */

/* The plies from `from` to `to` as played, with the kings each left in
 * check ("+NE"). */
static void
bench_line(const struct match *m, int from, int to)
{
	struct game *g = bench_replay(m, from);
	char text[16];

	printf("    line:");
	for (int i = from; g != NULL && i <= to; i++) {
		unsigned checks;

		g->variant->move_format(g, &m->rec[i], text, sizeof text);
		g->variant->apply(g, &m->rec[i]);
		checks = yonin_checks(g);
		printf(" %d.%c:%s", i, yonin_seat_char(m->rec_mover[i]), text);
		if (checks != 0) {
			printf("+");
			for (int s = 0; s < YONIN_SEATS; s++)
				if (checks >> s & 1)
					printf("%c", yonin_seat_char(s));
		}
	}
	printf("\n");
	game_free(g);
}

/*
 * One player of a who went out on ply `ply`: his last moves before it,
 * latest first, searched again by level 5 with `deep` nodes, back to the
 * first the deep search does not call lost.  Played there what the deep
 * search plays: beyond its sight too; else a slip it would not make.
 */
static void
bench_look(const struct match *m, int victim, int ply, uint64_t deep,
    struct cpu_tt *tt, struct bench_causes *c)
{
	int own[BENCH_LOOK], n = 0, rivals = 0;
	unsigned movers = 0;
	const char *cause = "lost at every move looked at";

	for (int i = ply; i >= 0 && n < BENCH_LOOK; i--)
		if (m->rec_mover[i] == victim)
			own[n++] = i;
	for (int i = n > 0 ? own[0] + 1 : 0; i <= ply; i++)
		if (m->rec_mover[i] != victim)
			movers |= 1u << m->rec_mover[i];
	for (int s = 0; s < YONIN_SEATS; s++)
		rivals += movers >> s & 1;
	if (rivals >= 2)
		c->gang++;
	bench_line(m, n > 0 ? own[n - 1] : 0, ply);
	for (int k = 0; k < n; k++) {
		struct game *g = bench_replay(m, own[k]);
		struct cpu_limits lim;
		struct cpu_result r;
		char err[GAME_ERR_LEN], played[16], best[16];
		int same;

		if (g == NULL)
			return;
		if (k == 0 && (yonin_checks(g) >> victim & 1))
			c->checked_out++;
		cpu_limits_default(&lim, CPU_LEVEL_MAX);
		lim.time_ms = 0;
		lim.nodes = deep;
		lim.tt = tt;
		cpu_tt_clear(tt);
		if (cpu_think(g, &lim, NULL, &r, err, sizeof err) != 0) {
			game_free(g);
			return;
		}
		g->variant->move_format(g, &m->rec[own[k]], played,
		    sizeof played);
		g->variant->move_format(g, &r.move[0], best, sizeof best);
		same = memcmp(&r.move[0], &m->rec[own[k]],
		    sizeof r.move[0]) == 0;
		printf("    ply %3d %c%s: played %-7s (own score %6d, depth "
		    "%d), deep %-7s %6d depth %d\n", own[k],
		    yonin_seat_char(victim), (yonin_checks(g) >> victim & 1) ?
		    " in check" : "", played, m->rec_score[own[k]],
		    m->rec_depth[own[k]], best, r.score, r.depth);
		game_free(g);
		if (r.score > -CPU_YONIN_LOST) {
			if (same) {
				c->unseen++;
				cause = "deep search plays the same";
			} else {
				c->seen++;
				cause = "deep search plays otherwise";
			}
			printf("    -> %d own moves before: %s; %d rivals moved "
			    "after the last\n", k + 1, cause, rivals);
			return;
		}
	}
	c->early++;
	printf("    -> %s; %d rivals moved after the last\n", cause, rivals);
}

/*
 * Why a pairing went as it did, game by game (the same games as
 * bench_pairing): the seating, the eliminations (who, by whom, on which
 * ply), the ranks, pieces and score, and for every player of `a` who went
 * out, bench_look.  Then the counts by cause.
 */
static void
bench_trace(int a, int b, int games, int pairs, uint64_t deep,
    struct cpu_tt *tt)
{
	struct cpu_tt *dtt = cpu_tt_new(16u << 20);
	struct bench_causes c;
	struct match *m = calloc(1, sizeof *m);
	char na[8], nb[8];
	double sum = 0;

	if (m == NULL || dtt == NULL) {
		free(m);
		cpu_tt_free(dtt);
		return;
	}
	memset(&c, 0, sizeof c);
	m->tt = tt;
	m->movelimit = 300;
	m->pairs = pairs;
	printf("trace %s-%s%s, deep search level 5 with %llu nodes\n",
	    bench_name(a, na), bench_name(b, nb), pairs ? " (pairs mode)" :
	    "", (unsigned long long)deep);
	for (int i = 0; i < games; i++) {
		unsigned mask = bench_mask(i, pairs ? BENCH_PAIRS : BENCH_FFA);
		struct game *g;
		int nout = 0, plyout[3] = { 0 };
		double v;

		bench_seat(m, a, b, i, mask);
		if (match_play(m) != 0) {
			printf("game %d failed\n", i);
			continue;
		}
		/* The ply on which each went out. */
		g = match_game(pairs, m->movelimit);
		for (int p = 0; g != NULL && p < m->plies &&
		    p < MATCH_RECORD; p++) {
			int out[3], by[3];

			g->variant->apply(g, &m->rec[p]);
			while (nout < yonin_eliminated(g, out, by))
				plyout[nout++] = p;
		}
		game_free(g);
		v = pairs ? bench_team(&m->end, mask) :
		    match_pairwise(&m->end, mask);
		sum += v;
		printf("game %d (%s, %d plies, score %.2f): ", i,
		    m->end.reason, m->plies, v);
		for (int s = 0; s < YONIN_SEATS; s++)
			printf("%c=%s rank %d%s", yonin_seat_char(s),
			    bench_name(m->who[s], na), m->end.rank[s],
			    s < 3 ? ", " : "\n");
		bench_outs_add(c.out, m, mask);
		for (int k = 0; k < m->nout; k++) {
			int x = m->out[k], by = m->by[k];
			int vs = !(mask >> x & 1), bs = !(mask >> by & 1);

			printf("  out %c (%s) by %c (%s) on ply %d, moved by "
			    "%c\n", yonin_seat_char(x), vs ? "b" : "a",
			    yonin_seat_char(by), bs ? "b" : "a", plyout[k],
			    yonin_seat_char(m->rec_mover[plyout[k]]));
			if (vs == 0)
				bench_look(m, x, plyout[k], deep, dtt, &c);
		}
		fflush(stdout);
	}
	printf("score %.1f%% over %d games\n", 100 * sum / games, games);
	bench_outs_print(c.out);
	printf("a's eliminations: deep search plays otherwise %d, plays the "
	    "same %d, lost %d+ moves before %d; in check on its last move "
	    "%d; two or more rivals moved after its last %d\n", c.seen,
	    c.unseen, BENCH_LOOK, c.early, c.checked_out, c.gang);
	free(m);
	cpu_tt_free(dtt);
}

/* What bench_mates counts. */
struct bench_mate_count {
	long positions, proven[CPU_YONIN_MATE_MAXLEN + 1], unknown;
	long outs, out_seen;
	long out_all;	/* ... or a coalition mate, rivals waiting or not */
	uint64_t nodes;
	double seconds;
};

/* The mate search alone on g: the mover against `defender`. */
static int
bench_mate_probe(struct game *g, int defender, int len, uint64_t budget,
    struct bench_mate_count *c)
{
	struct cpu_search s;
	struct cpu_yonin_mate *mate;
	struct cpu_yonin_mate_figures f;
	struct move first;
	int64_t t0;
	int r;

	memset(&s, 0, sizeof s);
	if ((mate = cpu_yonin_mate_new(&s)) == NULL)
		return -1;
	t0 = cpu_now_us();
	r = cpu_yonin_mate(mate, g, defender, len, budget, &first);
	c->seconds += (cpu_now_us() - t0) / 1e6;
	cpu_yonin_mate_figures(mate, &f);
	c->nodes += f.nodes;
	if (r == CPU_YONIN_MATE_YES)
		c->proven[f.last_len]++;
	if (r == CPU_YONIN_MATE_UNKNOWN)
		c->unknown++;
	cpu_yonin_mate_free(mate);
	return r;
}

/*
 * Had x's rivals, after x's last move in h, a coalition mate by checks on
 * him (cpu_yonin_mate_coalition), begun by the next player or by a rival
 * further on with those before him waiting, as levels 3 to 5 probe it?
 * Not counted in the speed.
 */
static int
bench_mate_all(struct game *h, int x, int len, uint64_t budget)
{
	struct cpu_search s;
	struct cpu_yonin_mate *mate;
	struct game_status st;
	struct move first;
	int r = CPU_YONIN_MATE_NO, waited = 0;

	memset(&s, 0, sizeof s);
	if ((mate = cpu_yonin_mate_new(&s)) == NULL)
		return 0;
	for (;;) {
		h->variant->status(h, &st);
		if (st.phase != GAME_PLAYING || st.to_move == x)
			break;
		r = cpu_yonin_mate_coalition(mate, h, x, len, budget, &first);
		if (r == CPU_YONIN_MATE_YES || waited >= 2 || yonin_pass(h))
			break;
		waited++;
	}
	while (waited-- > 0)
		h->variant->undo(h);
	cpu_yonin_mate_free(mate);
	return r == CPU_YONIN_MATE_YES;
}

/* The living seat before `seat`, counter-clockwise. */
static int
bench_before(const struct game *g, int seat)
{
	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (seat + YONIN_SEATS - i) & 3;

		if (yonin_alive(g) >> p & 1)
			return p;
	}
	return -1;
}

/*
 * The mate search in a pairing's games (the same games as bench_pairing):
 * at every position, has the player to move a mate by checks against the
 * player before him (len plies, budget nodes)?  And for every player who
 * went out: after his last move, had the next player one against him (so
 * that a defence probe of that length would have seen it)?  Its speed in
 * nodes per second, on one core.
 */
static void
bench_mates(int a, int b, int games, int pairs, int len, uint64_t budget,
    struct cpu_tt *tt)
{
	struct match *m = calloc(1, sizeof *m);
	struct bench_mate_count c;
	char na[8], nb[8];

	if (m == NULL)
		return;
	memset(&c, 0, sizeof c);
	m->tt = tt;
	m->movelimit = 300;
	m->pairs = pairs;
	for (int i = 0; i < games; i++) {
		struct game *g;
		int last[YONIN_SEATS] = { -1, -1, -1, -1 }, nout = 0;

		bench_seat(m, a, b, i, bench_mask(i, pairs ? BENCH_PAIRS :
		    BENCH_FFA));
		if (match_play(m) != 0)
			continue;
		g = match_game(pairs, m->movelimit);
		for (int p = 0; g != NULL && p < m->plies &&
		    p < MATCH_RECORD; p++) {
			int out[3], by[3], mover = m->rec_mover[p];

			c.positions++;
			bench_mate_probe(g, bench_before(g, mover), len, budget,
			    &c);
			g->variant->apply(g, &m->rec[p]);
			last[mover] = p;
			while (nout < yonin_eliminated(g, out, by)) {
				struct game *h;
				int x = out[nout++];

				c.outs++;
				if (last[x] < 0 ||
				    (h = bench_replay(m, last[x] + 1)) == NULL)
					continue;
				c.out_seen += bench_mate_probe(h, x, len,
				    budget, &c) == CPU_YONIN_MATE_YES;
				c.out_all += bench_mate_all(h, x, len, budget);
				game_free(h);
			}
		}
		game_free(g);
	}
	printf("mate search in %s-%s%s games (%d plies, %llu nodes a "
	    "probe): %ld positions, mates by checks on the player before: ",
	    bench_name(a, na), bench_name(b, nb), pairs ? " (pairs mode)" :
	    "", len, (unsigned long long)budget, c.positions);
	for (int l = 1; l <= len; l += 2)
		printf("%s%d in %d", l > 1 ? ", " : "", (int)c.proven[l], l);
	printf("; out of budget %ld\n", c.unknown);
	printf("  players out %ld, of whom %ld had left the next player a "
	    "mate by checks on his last move, %ld his rivals a coalition "
	    "one\n", c.outs, c.out_seen, c.out_all);
	printf("  speed (one core): %.0f nodes/s (%llu nodes in %.2f s)\n",
	    c.seconds > 0 ? c.nodes / c.seconds : 0.0,
	    (unsigned long long)c.nodes, c.seconds);
	free(m);
}

int
main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 8;
	const char *what = argc > 2 ? argv[2] : NULL;
	int only = argc > 3 ? atoi(argv[3]) : 0;
	int scale = argc > 4 && what != NULL && (strcmp(what, "ladder") == 0
	    || strcmp(what, "teams") == 0 || strcmp(what, "lone") == 0) ?
	    atoi(argv[4]) : 1;
	/* Scaled up, the hall's own table size (cpu.h's default). */
	struct cpu_tt *tt = cpu_tt_new(scale > 1 ? 16u << 20 : 4u << 20);

	if (tt == NULL || games <= 0 || scale <= 0)
		return 1;
	bench_scale = (uint64_t)scale;
	if (what == NULL || strcmp(what, "speed") == 0)
		bench_speed();
	if (what != NULL && strcmp(what, "timed") == 0)
		printf("matches (%d games each, the levels' default time per "
		    "move; figures depend on the machine's load)\n", games);
	else if (what == NULL || strcmp(what, "speed") != 0) {
		printf("matches (%d games each, node limits per move", games);
		for (int pairs = 0; pairs <= 1; pairs++) {
			printf(pairs ? "; pairs mode:" : ":");
			for (int l = CPU_LEVEL_MIN; l <= CPU_LEVEL_MAX; l++)
				printf(" L%d %llu", l, (unsigned long long)
				    bench_nodes(l, pairs));
		}
		printf(")\n");
	}
	if (what == NULL || strcmp(what, "simple") == 0) {
		for (int level = CPU_LEVEL_MIN; level <= CPU_LEVEL_MAX;
		    level++) {
			if (only != 0 && only != level)
				continue;
			bench_simple("random", level, MATCH_RANDOM, games, tt);
			bench_simple("greedy", level, MATCH_GREEDY, games, tt);
		}
	}
	for (int fmt = BENCH_FFA; fmt <= BENCH_LONE; fmt++) {
		static const char *const parts[] = { "ladder", "teams",
		    "lone" };
		const char *part = parts[fmt];

		if (what != NULL && strcmp(what, part) != 0)
			continue;
		for (int level = 2; level <= CPU_LEVEL_MAX; level++)
			if (only == 0 || only == level)
				bench_pairing(level, level - 1, games, 0,
				    (enum bench_format)fmt, tt);
		if (only == 0)
			bench_pairing(CPU_LEVEL_MAX, CPU_LEVEL_MIN, games, 0,
			    (enum bench_format)fmt, tt);
	}
	if (what != NULL && strcmp(what, "timed") == 0)
		for (int level = 2; level <= CPU_LEVEL_MAX; level++)
			if (only == 0 || only == level)
				bench_pairing(level, level - 1, games, 1,
				    BENCH_FFA, tt);
	if (what != NULL && (strcmp(what, "trace") == 0 ||
	    strcmp(what, "tracet") == 0) && argc > 4)
		bench_trace(atoi(argv[3]), atoi(argv[4]), games,
		    strcmp(what, "tracet") == 0, argc > 5 ?
		    strtoull(argv[5], NULL, 10) : 500000, tt);
	if (what != NULL && (strcmp(what, "mates") == 0 ||
	    strcmp(what, "matest") == 0) && argc > 4)
		bench_mates(atoi(argv[3]), atoi(argv[4]), games,
		    strcmp(what, "matest") == 0, argc > 5 ? atoi(argv[5]) : 9,
		    argc > 6 ? strtoull(argv[6], NULL, 10) : 20000, tt);
	if (what != NULL && (strcmp(what, "pair") == 0 ||
	    strcmp(what, "team") == 0 || strcmp(what, "alone") == 0) &&
	    argc > 4)
		bench_pairing(atoi(argv[3]), atoi(argv[4]), games, 0,
		    strcmp(what, "team") == 0 ? BENCH_PAIRS :
		    strcmp(what, "alone") == 0 ? BENCH_LONE : BENCH_FFA, tt);
	cpu_tt_free(tt);
	return 0;
}
