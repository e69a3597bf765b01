/*
 * test-cpu-yonin.c - the four-player shogi CPU: every level mates in one
 * when it can; the levels meant to see more take what is free and do not
 * walk into a mate (whatever their node budget); it never checks its
 * partner, always answers legally, and beats random and greedy players.
 * The free-for-all's levels 1 and 2 play nearly at random on purpose and
 * its level 3 has no capture search (cpu-yonin.c), so there the tactics
 * below hold from level 3 or 4 up, in pairs mode from level 1 or 2.  Every
 * expectation is judged by the engine's own rules (play(), status(),
 * yonin_alive()), not by a move written down here.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-yonin.h"
#include "engine/cpu-yonin-mate.h"
#include "tests/unit/cpu-yonin-match.h"

/* A game with options such as "mode=pairs" (one at most). */
static struct game *
fresh(const char *opts)
{
	char obuf[64], err[GAME_ERR_LEN];
	char *opt[1] = { obuf };
	struct game *g;

	snprintf(obuf, sizeof obuf, "%s", opts);
	g = game_new("yonin", *opts != '\0', opt, err, sizeof err);
	ck_assert_msg(g != NULL, "%s", err);
	return g;
}

static struct game *
setup(const char *opts, const char *tokens)
{
	char buf[512], *tok[64], *save = NULL, err[GAME_ERR_LEN];
	struct game *g = fresh(opts);
	int n = 0;

	snprintf(buf, sizeof buf, "%s", tokens);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < 64;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0, "%s: %s",
	    tokens, err);
	return g;
}

/* The CPU's answer at a level with a node limit, played on g (so the
 * rules judge it); returns the move. */
static struct move
think_play(struct game *g, int level, uint64_t nodes, uint64_t seed)
{
	struct cpu_limits lim;
	struct cpu_result r;
	struct game_status st;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, level);
	lim.time_ms = 0;
	lim.nodes = nodes;
	lim.seed = seed;
	lim.tt_bytes = 1u << 20;
	ck_assert_msg(cpu_think(g, &lim, NULL, &r, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_int_eq(r.nmoves, 1);
	g->variant->status(g, &st);
	ck_assert_msg(g->variant->play(g, st.to_move, &r.move[0], err,
	    sizeof err) == 0, "level %d: illegal answer: %s", level, err);
	return r.move[0];
}

/* Can the player to move eliminate `victim` at once? */
static int
can_eliminate(struct game *g, int victim)
{
	struct move list[1024];
	int n = g->variant->legal(g, list, 1024), found = 0;

	for (int i = 0; i < n && i < 1024 && !found; i++) {
		g->variant->apply(g, &list[i]);
		found = !(yonin_alive(g) >> victim & 1);
		g->variant->undo(g);
	}
	return found;
}

/* Random play from the start, to a random depth. */
static struct game *
scrambled(const char *opts, unsigned *seed, int plies)
{
	struct game *g = fresh(opts);
	struct game_status st;

	for (int i = 0; i < plies; i++) {
		struct move m;

		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		m = match_simple(g, i & 1, seed);
		g->variant->apply(g, &m);
	}
	return g;
}

/*
 * West's rook on 3f is attacked by South's on 5f and defended by nothing
 * (West is a rival in both modes).  Levels from `first` up take it: their
 * noise is well under a rook.
 */
static void
free_rook(const char *opts, int first)
{
	for (int level = first; level <= CPU_LEVEL_MAX; level++) {
		struct game *g = setup(opts, "5i:S:K 9e:W:K 5a:N:K 1e:E:K "
		    "5f:S:R 3f:W:R 7g:W:P tomove:S");
		int before[YONIN_HAND_KINDS], after[YONIN_HAND_KINDS];

		yonin_hand(g, YONIN_S, before);
		think_play(g, level, 8000, 1);
		yonin_hand(g, YONIN_S, after);
		ck_assert_msg(after[0] == before[0] + 1,
		    "level %d (%s) did not take the rook", level, opts);
		game_free(g);
	}
}

START_TEST(test_free_rook)
{
	free_rook("", 3);
	free_rook("mode=pairs", 1);
}
END_TEST

START_TEST(test_mate_drop)
{
	/* A gold dropped on 5b, held by the pawn on 5c, mates North. */
	for (int level = 1; level <= CPU_LEVEL_MAX; level++) {
		struct game *g = setup("", "5i:S:K 9e:W:K 5a:N:K 1e:E:K "
		    "5c:S:P 8g:E:S hand:S:G1 tomove:S");

		ck_assert(can_eliminate(g, YONIN_N));
		think_play(g, level, 8000, 2);
		ck_assert_msg(!(yonin_alive(g) >> YONIN_N & 1),
		    "level %d missed the mate", level);
		game_free(g);
	}
}
END_TEST

/* Random positions where the mover can mate someone at once: every
 * level does, even the free-for-all's nearly random level 1. */
START_TEST(test_mate_random)
{
	unsigned seed = 7;
	int found = 0;

	for (int tries = 0; tries < 400 && found < 4; tries++) {
		struct game *g = scrambled("", &seed, 20 + tries % 60);
		struct game_status st;
		int victim = -1;

		g->variant->status(g, &st);
		if (st.phase == GAME_PLAYING && yonin_alive(g) == 0xf) {
			for (int p = 0; p < YONIN_SEATS && victim < 0; p++)
				if (p != st.to_move && can_eliminate(g, p))
					victim = p;
		}
		for (int level = 1; victim >= 0 && level <= CPU_LEVEL_MAX;
		    level++) {
			think_play(g, level, 10000, 3);
			ck_assert_msg(yonin_alive(g) != 0xf,
			    "level %d played no mate", level);
			g->variant->undo(g);
		}
		found += victim >= 0;
		game_free(g);
	}
	ck_assert_int_gt(found, 0);
}
END_TEST

/* Does any reply of the next player eliminate `seat` at once? */
static int
mated_next(struct game *g, int seat)
{
	struct game_status st;

	if (!(yonin_alive(g) >> seat & 1))
		return 1;
	g->variant->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return 0;
	return can_eliminate(g, seat);
}

/*
 * Scrambled positions of a mode (opts; seeded by seed, tries of them,
 * plies + tries % spread plies deep), all four players in, where some of
 * the mover's moves are lost, as `lost` judges the position after one,
 * and others are not: every level from `first` up, given `nodes`, plays a
 * move that `kept` accepts.  At least one such position must turn up.
 */
static void
levels_pick_safe(const char *opts, unsigned seed, int tries, int plies,
    int spread, int first, uint64_t nodes, int (*lost)(struct game *, int me),
    int (*kept)(struct game *, int me), const char *what)
{
	struct move list[1024];
	int found = 0;

	for (int t = 0; t < tries && found < 3; t++) {
		struct game *g = scrambled(opts, &seed, plies + t % spread);
		struct game_status st;
		int n, safe = 0, unsafe = 0, me;

		g->variant->status(g, &st);
		if (st.phase != GAME_PLAYING || yonin_alive(g) != 0xf) {
			game_free(g);
			continue;
		}
		me = st.to_move;
		n = g->variant->legal(g, list, 1024);
		for (int i = 0; i < n && i < 1024; i++) {
			g->variant->apply(g, &list[i]);
			if (lost(g, me))
				unsafe++;
			else
				safe++;
			g->variant->undo(g);
		}
		if (safe > 0 && unsafe > 0) {
			found++;
			for (int level = first; level <= CPU_LEVEL_MAX;
			    level++) {
				think_play(g, level, nodes, (uint64_t)level);
				ck_assert_msg(kept(g, me), "level %d (%s) %s",
				    level, opts, what);
				g->variant->undo(g);
			}
		}
		game_free(g);
	}
	ck_assert_int_gt(found, 0);
}

static int
not_mated_next(struct game *g, int seat)
{
	return !mated_next(g, seat);
}

/*
 * Positions where some of the mover's moves let the next player mate him
 * and others do not: every level but the free-for-all's two noisiest
 * picks a safe one.
 */
START_TEST(test_no_walk_into_mate)
{
	levels_pick_safe("", 11, 600, 16, 50, 3, 6000, mated_next,
	    not_mated_next, "walked into a mate");
	levels_pick_safe("mode=pairs", 11, 600, 16, 50, 1, 6000, mated_next,
	    not_mated_next, "walked into a mate");
}
END_TEST

/*
 * West holds a gold whose drop on 5h (held by the rook on 9h) mates
 * South, and a gold on 2d is South's rook's for the taking: the levels
 * with a capture search (pairs mode's from 2 up, the free-for-all's from
 * 4 up) see the mate at any node budget from `least` up: the capture
 * search also plays the checks that mate (it walked into drop mates), and
 * an iteration cut short after finding its first move lost no longer
 * plays that move (with 2,000 nodes every level took the gold and was
 * mated).  The gold is North's in the free-for-all, East's in pairs
 * (North is South's partner there).  Given 250 nodes, level 5 of pairs
 * mode finishes no iteration (its capture search goes six deep), so it
 * plays the first move of its order, the capture, and the probe of it
 * runs out before it reads the drop.
 */
static void
bait_mate(const char *opts, const char *gold, int first, uint64_t least)
{
	char pos[160];

	snprintf(pos, sizeof pos, "5i:S:K 6i:S:P 2b:S:R 5a:N:K 2d:%s:G "
	    "1f:E:K 9e:W:K 9h:W:R hand:W:G1 tomove:S", gold);
	for (int level = first; level <= CPU_LEVEL_MAX; level++) {
		for (uint64_t nodes = least; nodes <= 6000; nodes += 250) {
			struct game *g = setup(opts, pos);

			think_play(g, level, nodes, nodes);
			ck_assert_msg(!mated_next(g, YONIN_S), "level %d (%s) "
			    "with %llu nodes walked into the mate", level,
			    opts, (unsigned long long)nodes);
			game_free(g);
		}
	}
}

START_TEST(test_bait_mate)
{
	bait_mate("", "N", 4, 250);
	bait_mate("mode=pairs", "E", 2, 500);
}
END_TEST


/*
 * The mate search's own answer on g: the player to move against
 * `defender` within `len` plies, alone or (coalition) with every rival
 * of the defender, with a budget that never binds here.
 */
static int
mate_probe_by(struct game *g, int defender, int len, struct move *first,
    int coalition)
{
	struct cpu_search s;
	struct cpu_yonin_mate *m;
	struct move dummy;
	int r;

	memset(&s, 0, sizeof s);
	m = cpu_yonin_mate_new(&s);
	ck_assert(m != NULL);
	r = (coalition ? cpu_yonin_mate_coalition : cpu_yonin_mate)(m, g,
	    defender, len, 2000000, first != NULL ? first : &dummy);
	cpu_yonin_mate_free(m);
	return r;
}

static int
mate_probe(struct game *g, int defender, int len, struct move *first)
{
	return mate_probe_by(g, defender, len, first, 0);
}

static int answers_lose(struct game *, unsigned, int, int);

/*
 * The same question answered by brute force with nothing but the rules,
 * to judge the mate search by: a move of the player to move, one of the
 * `attackers` (a bit per seat), any move, not only those the search
 * calls checks, that eliminates the defender, or puts him in check with
 * the turn his and every answer lost (answers_lose) within plies - 1.
 */
static int
forced_mate(struct game *g, unsigned attackers, int defender, int plies)
{
	struct move *mv = malloc(1024 * sizeof *mv);
	struct game_status st;
	int n, found = 0;

	ck_assert(mv != NULL);
	n = g->variant->legal(g, mv, 1024);
	for (int i = 0; i < n && i < 1024 && !found; i++) {
		g->variant->apply(g, &mv[i]);
		g->variant->status(g, &st);
		if (!(yonin_alive(g) >> defender & 1))
			found = 1;
		else if (plies >= 3 && st.phase == GAME_PLAYING &&
		    st.to_move == defender &&
		    (yonin_checks(g) >> defender & 1))
			found = answers_lose(g, attackers, defender,
			    plies - 1);
		g->variant->undo(g);
	}
	free(mv);
	return found;
}

/* The defender to move: every answer gives the turn, by the rules, to
 * one of the attackers, with a forced mate within plies - 1. */
static int
answers_lose(struct game *g, unsigned attackers, int defender, int plies)
{
	struct move *ans = malloc(1024 * sizeof *ans);
	struct game_status st;
	int n, lost = 1;

	ck_assert(ans != NULL);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.to_move, defender);
	n = g->variant->legal(g, ans, 1024);
	for (int j = 0; j < n && j < 1024 && lost; j++) {
		g->variant->apply(g, &ans[j]);
		g->variant->status(g, &st);
		lost = st.phase == GAME_PLAYING &&
		    (attackers >> st.to_move & 1) &&
		    forced_mate(g, attackers, defender, plies - 1);
		g->variant->undo(g);
	}
	free(ans);
	return lost;
}

/* South checks East (the player before him, so East's answers give the
 * turn back to South) and mates in `plies`, not fewer: the mate search
 * proves it at that length and not below, the rules' brute force agrees,
 * and the first move it gives starts a mate. */
static void
mate_in(const char *position, int plies)
{
	struct game *g = setup("", position);
	struct move first;

	ck_assert(!forced_mate(g, 1u << YONIN_S, YONIN_E, plies - 2));
	ck_assert(forced_mate(g, 1u << YONIN_S, YONIN_E, plies));
	ck_assert_int_eq(mate_probe(g, YONIN_E, plies - 2, NULL),
	    CPU_YONIN_MATE_NO);
	ck_assert_int_eq(mate_probe(g, YONIN_E, plies, &first),
	    CPU_YONIN_MATE_YES);
	g->variant->apply(g, &first);
	ck_assert(yonin_checks(g) >> YONIN_E & 1);
	ck_assert(answers_lose(g, 1u << YONIN_S, YONIN_E, plies - 1));
	game_free(g);
}

START_TEST(test_mate_search_3)
{
	/* G*2f, then whatever East answers, a mate. */
	mate_in("5i:S:K 9e:W:K 5a:N:K 1f:E:K 2h:S:R 3g:S:P hand:S:G1 "
	    "tomove:S", 3);
}
END_TEST

START_TEST(test_mate_search_5)
{
	mate_in("5i:S:K 9e:W:K 5a:N:K 2i:E:K hand:S:R1,G1 tomove:S", 5);
}
END_TEST

/*
 * With a silver in hand instead of the gold East escapes every line of
 * checks: the search must not call it proven, however long it looks,
 * and the brute force agrees at five plies.
 */
START_TEST(test_mate_search_defended)
{
	struct game *g = setup("", "5i:S:K 9e:W:K 5a:N:K 2i:E:K "
	    "hand:S:R1,S1 tomove:S");

	ck_assert(!forced_mate(g, 1u << YONIN_S, YONIN_E, 5));
	ck_assert_int_ne(mate_probe(g, YONIN_E, 5, NULL),
	    CPU_YONIN_MATE_YES);
	ck_assert_int_ne(mate_probe(g, YONIN_E, 9, NULL),
	    CPU_YONIN_MATE_YES);
	game_free(g);
}
END_TEST

/* On random positions the mate search and the brute force agree on
 * every mate in three of the player to move against the one before. */
START_TEST(test_mate_search_agrees)
{
	unsigned seed = 23;

	for (int i = 0; i < 30; i++) {
		struct game *g = scrambled("", &seed, 30 + i * 3);
		struct game_status st;

		g->variant->status(g, &st);
		if (st.phase == GAME_PLAYING && yonin_alive(g) == 0xf) {
			int prey = (st.to_move + 3) & 3;
			int bf = forced_mate(g, 1u << st.to_move, prey, 3);

			ck_assert_int_eq(mate_probe(g, prey, 3, NULL) ==
			    CPU_YONIN_MATE_YES, bf);
		}
		game_free(g);
	}
}
END_TEST

/* The rivals of `defender` in g: the living seats but him and, in
 * pairs, his partner. */
static unsigned
rivals_of(struct game *g, int defender)
{
	struct yonin_options o;
	unsigned r = yonin_alive(g) & ~(1u << defender);

	yonin_options(g, &o);
	if (o.pairs)
		r &= ~(1u << ((defender + 2) & 3));
	return r;
}

/*
 * Every rival of the defender attacks: whoever the rules put on move
 * after an answer may check next.  The coalition search proves the mate
 * at `plies` and not below, the rules' brute force (with the same set of
 * attackers) agrees, and its first move starts a mate; the player to move
 * alone has none within `plies`, by the brute force and by the
 * one-attacker search.
 */
static void
coalition_in(const char *position, int defender, int plies)
{
	struct game *g = setup("", position);
	struct game_status st;
	struct move first;
	unsigned rivals = rivals_of(g, defender);

	g->variant->status(g, &st);
	ck_assert(!forced_mate(g, 1u << st.to_move, defender, plies));
	ck_assert_int_ne(mate_probe(g, defender, plies, NULL),
	    CPU_YONIN_MATE_YES);
	if (plies > 2) {
		ck_assert(!forced_mate(g, rivals, defender, plies - 2));
		ck_assert_int_eq(mate_probe_by(g, defender, plies - 2, NULL,
		    1), CPU_YONIN_MATE_NO);
	}
	ck_assert(forced_mate(g, rivals, defender, plies));
	ck_assert_int_eq(mate_probe_by(g, defender, plies, &first, 1),
	    CPU_YONIN_MATE_YES);
	g->variant->apply(g, &first);
	if (yonin_alive(g) >> defender & 1) {
		ck_assert(yonin_checks(g) >> defender & 1);
		ck_assert(answers_lose(g, rivals, defender, plies - 1));
	}
	game_free(g);
}

/* East checks South, whose every answer hands the turn to West, who
 * mates: neither alone could (random play found it). */
START_TEST(test_coalition_3)
{
	coalition_in("1c:E:G 1e:E:K 1f:E:G 2c:W:P 2d:E:P 2e:E:R 2f:E:P "
	    "3a:N:G 3e:E:P 4b:N:P 4h:E:S 4i:E:S 5d:N:P 5f:E:G 5h:S:R 6a:N:G "
	    "6b:N:K 6c:N:P 6h:S:K 7b:N:S 7e:W:P 8d:W:P 8e:W:R 8f:W:P 9a:W:S "
	    "9d:W:G 9e:W:K 9g:W:G hand:W:G1,S3,P1 hand:E:R1,S1,P1 tomove:E",
	    YONIN_S, 3);
}
END_TEST

/* A coalition mate of five plies (random play found it): East starts. */
START_TEST(test_coalition_5)
{
	coalition_in("1c:E:S 1d:E:G 1e:E:K 1f:E:G 2d:E:P 2e:E:R 2f:E:P "
	    "3a:N:S 3b:N:G 3e:E:P 3i:S:K 4b:N:P 4g:W:S 5a:N:K 5b:N:R 5e:N:P "
	    "5g:S:P 6b:N:P 7b:N:G 7e:W:P 8b:W:S 8d:W:P 8e:W:R 8f:W:P 8h:S:G "
	    "8i:W:P 9d:W:G 9e:W:K 9f:W:G hand:W:S3,P1 hand:E:R1,G1,S1 "
	    "tomove:E", YONIN_S, 5);
}
END_TEST

/* On random positions of both modes the coalition search and the brute
 * force agree on every coalition mate in three, against each rival of
 * the player to move; and every one-attacker mate is a coalition one. */
START_TEST(test_coalition_agrees)
{
	unsigned seed = 31;
	int mates = 0;

	for (int i = 0; i < 40; i++) {
		struct game *g = scrambled(i & 1 ? "mode=pairs" : "", &seed,
		    24 + i * 2);
		struct game_status st;

		g->variant->status(g, &st);
		for (int d = 0; d < YONIN_SEATS && st.phase == GAME_PLAYING;
		    d++) {
			unsigned rivals;
			int bf, co;

			if (d == st.to_move || !(yonin_alive(g) >> d & 1))
				continue;
			rivals = rivals_of(g, d);
			if (!(rivals >> st.to_move & 1))
				continue;
			bf = forced_mate(g, rivals, d, 3);
			co = mate_probe_by(g, d, 3, NULL, 1) ==
			    CPU_YONIN_MATE_YES;
			ck_assert_int_eq(co, bf);
			if (mate_probe(g, d, 3, NULL) == CPU_YONIN_MATE_YES)
				ck_assert(co);
			mates += co;
		}
		game_free(g);
	}
	ck_assert_int_gt(mates, 0);
}
END_TEST

/* The rivals of `me` have a mate in 3 by checks (the search's word). */
static int
coalition_mated(struct game *g, int me)
{
	return !(yonin_alive(g) >> me & 1) || mate_probe_by(g, me, 3, NULL,
	    1) == CPU_YONIN_MATE_YES;
}

/* After the level's move, the rules' brute force finds no such mate. */
static int
coalition_safe(struct game *g, int me)
{
	struct game_status st;

	g->variant->status(g, &st);
	return st.phase != GAME_PLAYING ||
	    !(rivals_of(g, me) >> st.to_move & 1) ||
	    !forced_mate(g, rivals_of(g, me), me, 3);
}

/*
 * Positions where some of the mover's moves let his rivals together mate
 * him by checks within three plies and others do not: levels 3 to 5
 * (whose defence probes every rival's checks) play a safe one, as the
 * rules' brute force judges it.  The one-attacker probes of before pass
 * it too: in a scan of 6,000 positions none was found that only the
 * coalition probe avoids (check priority gives the turn after each answer
 * back to the player after us), so this guards the levels' defence, not
 * the coalition search itself (test_coalition_* do that).
 */
START_TEST(test_avoids_coalition_mate)
{
	levels_pick_safe("", 41, 800, 20, 60, 3, 20000, coalition_mated,
	    coalition_safe, "let its rivals mate it together");
}
END_TEST

/*
 * South may step his king to where West, next to move, mates it by
 * checks in five plies (West's rook and gold in hand); other moves are
 * safe.  Level 3 steps elsewhere (the search alone, two or three plies
 * deep here, stepped there with every seed).
 */
START_TEST(test_avoids_mate_by_checks)
{
	static const char pos[] = "9e:W:K 5a:N:K 1a:E:K 6g:S:K 6i:W:G "
	    "hand:W:R1,G1 tomove:S";
	struct move list[1024];
	struct game *g = setup("", pos);
	int n = g->variant->legal(g, list, 1024), safe = 0, lost = 0;

	for (int i = 0; i < n; i++) {
		g->variant->apply(g, &list[i]);
		if (mate_probe(g, YONIN_S, 7, NULL) == CPU_YONIN_MATE_YES)
			lost++;
		else
			safe++;
		g->variant->undo(g);
	}
	ck_assert_int_gt(lost, 0);
	ck_assert_int_gt(safe, 0);
	game_free(g);
	for (uint64_t seed = 1; seed <= 4; seed++) {
		g = setup("", pos);
		think_play(g, 3, 6000, seed);
		ck_assert_msg(mate_probe(g, YONIN_S, 7, NULL) !=
		    CPU_YONIN_MATE_YES, "level 3 (seed %llu) let West mate "
		    "by checks", (unsigned long long)seed);
		game_free(g);
	}
}
END_TEST

/* The evaluation fears the player after us most: check priority lets him
 * check us again after each of our answers.  A gold in West's hand (he
 * moves after South) is worth less to South than the same gold in East's
 * (he moves before South, whom South's checks chain against). */
static int
eval_south(const char *holder)
{
	char pos[128];
	struct cpu_yonin_board b;
	struct game *g;

	snprintf(pos, sizeof pos, "5i:S:K 9e:W:K 5a:N:K 1e:E:K hand:%s:G1 "
	    "tomove:N", holder);
	g = setup("", pos);
	cpu_yonin_read(g, &b);
	game_free(g);
	return cpu_yonin_eval(&b, YONIN_S);
}

START_TEST(test_eval_hunter)
{
	int west = eval_south("W"), east = eval_south("E");

	ck_assert_msg(west < east, "South's worth: %d with the gold in "
	    "West's hand, %d in East's", west, east);
}
END_TEST

/* Pairs: the CPU never puts its partner in a new check. */
START_TEST(test_pairs_partner)
{
	unsigned seed = 5;

	for (int i = 0; i < 24; i++) {
		struct game *g = scrambled("mode=pairs", &seed, 10 + i * 3);
		struct game_status st;
		unsigned before;
		int partner;

		g->variant->status(g, &st);
		if (st.phase == GAME_PLAYING) {
			partner = (st.to_move + 2) & 3;
			before = yonin_checks(g);
			think_play(g, 1 + i % CPU_LEVEL_MAX, 5000, (uint64_t)i);
			ck_assert_msg((before >> partner & 1) ||
			    !(yonin_checks(g) >> partner & 1),
			    "checked its partner");
		}
		game_free(g);
	}
}
END_TEST

/* Every level answers legally on random positions of every mode. */
START_TEST(test_legal_everywhere)
{
	static const char *const modes[] = {
		"", "mode=pairs", "transfer=ownerless", "end=last",
		"movelimit=30",
	};
	unsigned seed = 99;

	for (int i = 0; i < 40; i++) {
		struct game *g = scrambled(modes[i % 5], &seed, i * 4);
		struct game_status st;

		g->variant->status(g, &st);
		if (st.phase == GAME_PLAYING)
			think_play(g, 1 + i % CPU_LEVEL_MAX, 3000,
			    (uint64_t)i);
		game_free(g);
	}
}
END_TEST

/* Stopped before it starts: still a legal move. */
START_TEST(test_stopped)
{
	struct game *g = setup("", "5i:S:K 9e:W:K 5a:N:K 1e:E:K "
	    "5f:S:R 5c:N:R tomove:S");
	struct cpu_limits lim;
	struct cpu_result r;
	struct cpu_stop stop;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, 5);
	cpu_stop_init(&stop);
	cpu_stop_raise(&stop);
	ck_assert(cpu_think(g, &lim, &stop, &r, err, sizeof err) == 0);
	ck_assert(g->variant->play(g, YONIN_S, &r.move[0], err,
	    sizeof err) == 0);
	game_free(g);
}
END_TEST

/* Level 3 ranks first in most quick games against random and greedy
 * players (node limits keep it quick). */
START_TEST(test_beats_simple)
{
	struct match m;
	int first = 0, games = 0;

	memset(&m, 0, sizeof m);
	m.tt = cpu_tt_new(1u << 20);
	m.movelimit = 300;
	for (int i = 0; i < 4; i++) {
		int seat = i % 4;

		for (int p = 0; p < YONIN_SEATS; p++)
			m.who[p] = i < 2 ? MATCH_RANDOM : MATCH_GREEDY;
		m.who[seat] = 3;
		m.nodes[seat] = 5000;
		m.seed = 100u + (unsigned)i;
		ck_assert(match_play(&m) == 0);
		ck_assert_int_eq(m.illegal, 0);
		games++;
		first += m.end.rank[seat] == 1;
	}
	cpu_tt_free(m.tt);
	ck_assert_msg(first * 4 >= games * 3, "first in %d of %d", first,
	    games);
}
END_TEST

/* Pairs: a team of two level 3 seats beats a team of greedy players. */
START_TEST(test_pairs_team)
{
	struct match m;
	int won = 0;

	memset(&m, 0, sizeof m);
	m.tt = cpu_tt_new(1u << 20);
	m.movelimit = 300;
	m.pairs = 1;
	for (int i = 0; i < 2; i++) {
		for (int p = 0; p < YONIN_SEATS; p++) {
			m.who[p] = (p & 1) == i ? 3 : MATCH_GREEDY;
			m.nodes[p] = 5000;
		}
		m.seed = 200u + (unsigned)i;
		ck_assert(match_play(&m) == 0);
		won += m.end.winners >> i & 1;
	}
	cpu_tt_free(m.tt);
	ck_assert_int_eq(won, 2);
}
END_TEST

/* The ladder's score: the four (first side, second side) pairs by rank. */
START_TEST(test_pairwise)
{
	struct game_status end;

	memset(&end, 0, sizeof end);
	end.rank[0] = 1, end.rank[1] = 2, end.rank[2] = 4, end.rank[3] = 3;
	/* S (1st) beats W and E; N (4th) loses to both. */
	ck_assert(match_pairwise(&end, 0x5) == 0.5);
	end.rank[2] = 2, end.rank[1] = 3, end.rank[3] = 4;
	ck_assert(match_pairwise(&end, 0x5) == 1.0);
	ck_assert(match_pairwise(&end, 0xa) == 0.0);
	/* A shared rank is half a point. */
	end.rank[1] = 1;
	ck_assert(match_pairwise(&end, 0xa) == 0.375);
	memset(end.rank, 0, sizeof end.rank);
	ck_assert(match_pairwise(&end, 0x5) == 0.5);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("cpu-yonin");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_free_rook);
	tcase_add_test(tc, test_mate_drop);
	tcase_add_test(tc, test_mate_random);
	tcase_add_test(tc, test_no_walk_into_mate);
	tcase_add_test(tc, test_bait_mate);
	tcase_add_test(tc, test_mate_search_3);
	tcase_add_test(tc, test_mate_search_5);
	tcase_add_test(tc, test_mate_search_defended);
	tcase_add_test(tc, test_mate_search_agrees);
	tcase_add_test(tc, test_avoids_mate_by_checks);
	tcase_add_test(tc, test_coalition_3);
	tcase_add_test(tc, test_coalition_5);
	tcase_add_test(tc, test_coalition_agrees);
	tcase_add_test(tc, test_avoids_coalition_mate);
	tcase_add_test(tc, test_eval_hunter);
	tcase_add_test(tc, test_pairs_partner);
	tcase_add_test(tc, test_legal_everywhere);
	tcase_add_test(tc, test_stopped);
	tcase_add_test(tc, test_beats_simple);
	tcase_add_test(tc, test_pairs_team);
	tcase_add_test(tc, test_pairwise);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
