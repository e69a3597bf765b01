/*
 * cpumatch.c - the CPU against itself, level against level, and against
 * outside Gomocup engines.  Prints figures; never fails on them.
 *
 *	cpumatch [--games N] [--level N] [--time MS] [--opening N]
 *	    [--variant NAME]... [--seed N] [--no-external] [--record FILE]
 *	cpumatch --engine "CMD ARGS" [--rule R] [--size N] [--games N]
 *	    [--level N] [--time MS] [--engine-time MS] [--opening N]
 *
 * Without --engine: every variant, level N against level N-1, games in
 * pairs from the same random opening with the colours swapped, then a
 * Gomocup match of our CPU against
 * `gamehall-engine --gomocup` at the same level, to keep that path honest.
 * With --engine: our CPU at level N against that Gomocup engine only; it
 * is told INFO timeout_turn --engine-time (default: --time).
 *
 * Four-player shogi is played two against two: level N at S and N and
 * level N-1 at W and E, then the seats the other way round from the same
 * opening.  Each game scores the four (level N, level N-1) pairs of
 * players, 1 to the level-N player when he ranked better, 1/2 a tie, and
 * takes their mean.  One seat against three would ask the stronger level
 * to beat three players to score well, and would measure the seat as much
 * as the level; two and two in alternating seats is symmetric.
 *
 * --record FILE writes every CPU turn of the self-match to FILE, one line
 * each (game, ply, level, the move, nodes, depth, milliseconds and what
 * the search said it found), then all the game's moves, the random
 * opening's too, and its result: the games a level loses can be read back
 * and replayed move by move.
 *
 * The score is the level-N side's, with a 95% margin (1.96 standard
 * errors of the per-game score) and the Elo difference it implies.
 */
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/cpu.h"
#include "engine/stone.h"
#include "cli/gomocup.h"
#include "tests/child-pipe.h"

#define CPUMATCH_MAX_GAMES 100000
#define CPUMATCH_TT_BYTES (4u << 20)
#define CPUMATCH_MAX_PLY 1000

struct cpumatch_opts {
	int games;
	int level;
	int time_ms;
	int opening;          /* random plies before the CPUs take over; -1 auto */
	uint64_t seed;
	const char *variants[16];
	int nvariants;
	const char *engine;   /* an outside Gomocup engine's command line */
	int rule, size;
	int their_ms;         /* the outside engine's timeout_turn; 0: time_ms */
	int external;         /* run the self-match through the protocol */
	FILE *record;         /* --record: every turn of the self-match */
};

struct cpumatch_tally {
	int games, wins, draws, losses, plies;
	double sum, sumsq;    /* per-game scores of the level-N side */
	double seconds;
	double first_sum;     /* the level-N side's score when it moved first */
	int first_games;
	int forfeits;         /* outside engine: answers we could not play */
};

static uint64_t
cpumatch_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static double
cpumatch_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
cpumatch_score(struct cpumatch_tally *t, double score)
{
	t->games++;
	t->sum += score;
	t->sumsq += score * score;
	if (score == 1)
		t->wins++;
	else if (score == 0)
		t->losses++;
	else
		t->draws++;
}

static void
cpumatch_print(const char *what, const struct cpumatch_tally *t)
{
	double mean, sd = 0, margin = 0;

	if (t->games == 0) {
		printf("%-44s no games\n", what);
		return;
	}
	mean = t->sum / t->games;
	if (t->games > 1) {
		double var = (t->sumsq - t->games * mean * mean) /
		    (t->games - 1);

		sd = var > 0 ? sqrt(var) : 0;
		margin = 1.96 * sd / sqrt(t->games);
	}
	printf("%-44s %4d games  +%d =%d -%d  score %5.1f%% +- %4.1f%%",
	    what, t->games, t->wins, t->draws, t->losses, 100 * mean,
	    100 * margin);
	if (mean > 0 && mean < 1)
		printf("  elo %+4.0f", mean == 0.5 ? 0 :
		    -400 * log10(1 / mean - 1));
	printf("  (%.1f plies/game, %.1f s", (double)t->plies / t->games,
	    t->seconds);
	/* A rule that favours the first player bounds what any level can
	 * score with the second: the two halves tell it from the level. */
	if (t->first_games > 0 && t->first_games < t->games)
		printf(", moving first %.1f%%, second %.1f%%",
		    100 * t->first_sum / t->first_games,
		    100 * (t->sum - t->first_sum) /
		    (t->games - t->first_games));
	if (t->forfeits > 0)
		printf(", %d forfeits", t->forfeits);
	printf(")\n");
	fflush(stdout);
}

/*
 * A random legal move near the middle: the opening.  Stone games keep to
 * the 5x5 square around the centre so that the CPUs get a playable
 * position; a move that loses at once is not taken.
 */
static int
cpumatch_random_move(struct game *g, uint64_t *rng)
{
	const struct variant *v = g->variant;
	const struct stone_board *b = stone_game_board(g);
	struct game_status st;
	struct move *list, pick[512];
	char err[GAME_ERR_LEN];
	int n, npick = 0;

	v->status(g, &st);
	if (st.phase != GAME_PLAYING)
		return -1;
	n = v->legal(g, NULL, 0);
	if (n <= 0 || (list = calloc((size_t)n, sizeof *list)) == NULL)
		return -1;
	n = v->legal(g, list, n);
	for (int i = 0; i < n && npick < (int)(sizeof pick / sizeof pick[0]);
	    i++) {
		if (b != NULL) {
			int c = b->size / 2, col = list[i].to / b->size,
			    row = list[i].to % b->size;

			if (abs(col - c) > 2 || abs(row - c) > 2)
				continue;
		}
		pick[npick++] = list[i];
	}
	if (npick == 0) {
		memcpy(pick, list, sizeof pick[0]);
		npick = 1;
	}
	free(list);
	for (int tries = 0; tries < 8; tries++) {
		struct move m = pick[cpumatch_rand(rng) % (uint64_t)npick];
		struct game_status after;

		if (v->play(g, st.to_move, &m, err, sizeof err) != 0)
			continue;
		v->status(g, &after);
		if (after.phase == GAME_PLAYING)
			return 0;
		v->undo(g);
	}
	return -1;
}

/* A few random moves from the start: the opening of a game (and of its
 * twin with the colours swapped, from the same seed). */
static void
cpumatch_open(struct game *g, int plies, uint64_t seed)
{
	uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;

	for (int i = 0; i < plies; i++) {
		if (cpumatch_random_move(g, &rng) != 0)
			break;
	}
}

/* "NAME KEY=VALUE..." */
static struct game *
cpumatch_game_new(const char *variant)
{
	char err[GAME_ERR_LEN], buf[128], *opt[GAME_MAX_OPTIONS], *save = NULL;
	int nopt = 0;
	struct game *g;
	const char *name;

	snprintf(buf, sizeof buf, "%s", variant);
	name = strtok_r(buf, " ", &save);
	for (char *t; nopt < GAME_MAX_OPTIONS &&
	    (t = strtok_r(NULL, " ", &save)) != NULL;)
		opt[nopt++] = t;
	if ((g = game_new(name, nopt, opt, err, sizeof err)) == NULL)
		fprintf(stderr, "cpumatch: %s: %s\n", variant, err);
	return g;
}

/* One line of --record: the turn as the CPU answered it. */
static void
cpumatch_record_turn(FILE *f, const struct game *g, int game, int level,
    const struct cpu_result *res)
{
	const struct stone_board *b = stone_game_board(g);

	fprintf(f, "game %d ply %d L%d", game, g->variant->ply(g), level);
	if (res->is_choice)
		fprintf(f, " choice %u", res->choice);
	for (int i = 0; i < res->nmoves; i++) {
		char text[8];

		if (b != NULL)
			stone_point_format(b->size, res->move[i].to, text);
		else
			snprintf(text, sizeof text, "%d", res->move[i].to);
		fprintf(f, " %s", text);
	}
	fprintf(f, " nodes %llu depth %d ms %d score %d (%s)\n",
	    (unsigned long long)res->nodes, res->depth, res->elapsed_ms,
	    res->score, res->pv);
}

/* The last line of a game in --record: every move from the first, the
 * random opening's too, so that the game can be replayed (`play` in
 * gamehall-engine) and a turn searched again. */
static void
cpumatch_record_moves(FILE *f, const struct game *g, int game)
{
	const struct stone_board *b = stone_game_board(g);
	int n = g->variant->ply(g);

	fprintf(f, "game %d moves", game);
	for (int i = 0; i < n; i++) {
		struct move m;
		char text[16];
		int side;

		g->variant->history(g, i, &m, &side);
		if (m.to < 0)
			snprintf(text, sizeof text, "choice%d", m.piece);
		else if (b != NULL)
			stone_point_format(b->size, m.to, text);
		else
			snprintf(text, sizeof text, "%d", m.to);
		fprintf(f, " %s", text);
	}
	fprintf(f, "\n");
}

/* The CPU's whole turn for whoever must act; -1 if it had none. */
static int
cpumatch_cpu_turn(struct game *g, int level, int time_ms, struct cpu_tt *tt,
    uint64_t seed, FILE *record, int game)
{
	const struct variant *v = g->variant;
	struct cpu_limits lim;
	struct cpu_result res;
	char err[GAME_ERR_LEN];

	cpu_limits_default(&lim, level);
	lim.time_ms = time_ms;
	lim.seed = seed;
	lim.tt = tt;
	if (cpu_think(g, &lim, NULL, &res, err, sizeof err) != 0)
		return -1;
	if (record != NULL)
		cpumatch_record_turn(record, g, game, level, &res);
	if (res.is_choice)
		return v->choose(g, res.choice, err, sizeof err);
	for (int i = 0; i < res.nmoves; i++) {
		struct game_status st;

		v->status(g, &st);
		if (st.phase != GAME_PLAYING || v->play(g, st.to_move,
		    &res.move[i], err, sizeof err) != 0)
			return -1;
	}
	return 0;
}

/* Does seat `who` play level N?  In four-player shogi `strong` names the
 * first of the two alternate seats that do. */
static int
cpumatch_is_strong(const struct game *g, int who, int strong)
{
	if (g->variant->nsides == 2)
		return who == strong;
	return ((who - strong) & 1) == 0;
}

/* The level-N side's score when the game is over: 1, 1/2, 0; in
 * four-player shogi the mean over the (level N, level N-1) pairs of
 * players of 1 for the better rank, 1/2 a tie. */
static double
cpumatch_result(const struct game *g, int strong)
{
	const struct variant *v = g->variant;
	struct game_status st;
	double score = 0;
	int pairs = 0;

	v->status(g, &st);
	if (v->nsides == 2) {
		if (st.phase != GAME_OVER || st.winner < 0)
			return 0.5;
		return st.winner == strong ? 1 : 0;
	}
	for (int a = 0; a < v->nsides; a++) {
		if (!cpumatch_is_strong(g, a, strong))
			continue;
		for (int b = 0; b < v->nsides; b++) {
			if (cpumatch_is_strong(g, b, strong))
				continue;
			pairs++;
			if (st.rank[a] == 0 || st.rank[b] == 0 ||
			    st.rank[a] == st.rank[b])
				score += 0.5;
			else if (st.rank[a] < st.rank[b])
				score += 1;
		}
	}
	return pairs > 0 ? score / pairs : 0.5;
}

/* Level against level in one variant. */
static void
cpumatch_variant(const struct cpumatch_opts *o, const char *variant,
    struct cpu_tt *tt[])
{
	struct cpumatch_tally t = { 0 };
	char what[96];
	double start = cpumatch_now();
	int weak = o->level > CPU_LEVEL_MIN ? o->level - 1 : o->level;
	int four = strncmp(variant, "yonin", 5) == 0;
	int set = 2;
	int plies = o->opening >= 0 ? o->opening : four ? 4 : 2;

	for (int gi = 0; gi < o->games; gi++) {
		uint64_t seed = o->seed + (uint64_t)(gi / set) * 7919;
		struct game *g = cpumatch_game_new(variant);
		int strong = gi % set, ply = 0;

		if (g == NULL)
			return;
		cpumatch_open(g, plies, seed);
		for (int i = 0; i < 4; i++)
			cpu_tt_clear(tt[i]);
		for (; ply < CPUMATCH_MAX_PLY; ply++) {
			struct game_status st;
			int who;

			g->variant->status(g, &st);
			if (st.phase == GAME_OVER)
				break;
			who = st.phase == GAME_CHOOSING ?
			    g->variant->player_side(g, st.chooser) : st.to_move;
			/* An undecided swap: the chooser is P2, the side that
			 * would be White. */
			if (who < 0)
				who = st.chooser;
			if (cpumatch_cpu_turn(g, cpumatch_is_strong(g, who,
			    strong) ? o->level : weak,
			    o->time_ms, tt[who], seed + (uint64_t)ply,
			    o->record, gi) != 0)
				break;
		}
		t.plies += g->variant->ply(g);
		cpumatch_score(&t, cpumatch_result(g, strong));
		if (strong == 0) {
			t.first_games++;
			t.first_sum += cpumatch_result(g, strong);
		}
		if (o->record != NULL) {
			cpumatch_record_moves(o->record, g, gi);
			fprintf(o->record, "game %d %s: L%d as side %d scored "
			    "%.1f\n", gi, variant, o->level, strong,
			    cpumatch_result(g, strong));
		}
		game_free(g);
	}
	t.seconds = cpumatch_now() - start;
	snprintf(what, sizeof what, "%s L%d vs L%d%s", variant, o->level, weak,
	    four ? " (2 vs 2 alternating, pairs by rank)" : "");
	cpumatch_print(what, &t);
}

/* The next answer of an outside engine that is not MESSAGE or DEBUG,
 * within ms; NULL if none. */
static const char *
cpumatch_answer(struct child_pipe *e, int ms, char *line, size_t size)
{
	while (child_pipe_line(e, ms, line, size) != NULL) {
		if (strncmp(line, "MESSAGE", 7) != 0 &&
		    strncmp(line, "DEBUG", 5) != 0)
			return line;
	}
	return NULL;
}

static void
cpumatch_stop(struct child_pipe *e)
{
	child_pipe_send(e, "END\n");
	child_pipe_close_input(e);
	child_pipe_wait(e, 1000);
}

static void
cpumatch_sendf(struct child_pipe *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
cpumatch_sendf(struct child_pipe *e, const char *fmt, ...)
{
	char line[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	child_pipe_send(e, line);
}

/*
 * One game against the outside engine, which plays `theirs` (0 black).
 * Its answers are judged by our rules: one we cannot play (a taken point,
 * off the board, no answer in time) loses the game for it.
 */
static double
cpumatch_external_game(const struct cpumatch_opts *o, const char *cmd,
    int theirs, uint64_t seed, struct cpu_tt *tt,
    struct cpumatch_tally *t)
{
	char *argv[] = { "/bin/sh", "-c", (char *)cmd, NULL };
	struct child_pipe e;
	struct game *g;
	char err[GAME_ERR_LEN], line[64], answer[256];
	const char *a;
	double score = 0.5;
	int plies = o->opening >= 0 ? o->opening : 2, wait_ms;

	if ((g = gomocup_game_new(o->size, o->rule, err, sizeof err)) == NULL) {
		fprintf(stderr, "cpumatch: %s\n", err);
		return -1;
	}
	cpumatch_open(g, plies, seed);
	if (child_pipe_start(&e, argv) != 0) {
		fprintf(stderr, "cpumatch: cannot run %s\n", cmd);
		game_free(g);
		return -1;
	}
	wait_ms = (o->their_ms > 0 ? o->their_ms : o->time_ms) * 5 + 3000;
	cpumatch_sendf(&e, "START %d\n", o->size);
	if ((a = cpumatch_answer(&e, wait_ms, answer, sizeof answer)) == NULL ||
	    strcmp(a, "OK") != 0) {
		fprintf(stderr, "cpumatch: %s: START %d: %s\n", cmd, o->size,
		    a != NULL ? a : "no answer");
		cpumatch_stop(&e);
		game_free(g);
		return -1;
	}
	cpumatch_sendf(&e, "INFO timeout_turn %d\nINFO timeout_match 0\n"
	    "INFO rule %d\n", o->their_ms > 0 ? o->their_ms : o->time_ms,
	    o->rule);

	for (int ply = 0, told = 0; ply < CPUMATCH_MAX_PLY; ply++) {
		const struct variant *v = g->variant;
		const struct stone_board *b = stone_game_board(g);
		struct game_status st;
		struct move m;
		int p, side, last;

		v->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		if (st.to_move != theirs) {
			if (cpumatch_cpu_turn(g, o->level, o->time_ms, tt,
			    seed + (uint64_t)ply, NULL, 0) != 0)
				break;
			continue;
		}
		/* Their turn: the whole board the first time, then our
		 * last stone. */
		if (!told && b->stones == 0)
			cpumatch_sendf(&e, "BEGIN\n");
		else if (!told) {
			cpumatch_sendf(&e, "BOARD\n");
			for (int i = 0; i < v->ply(g); i++) {
				v->history(g, i, &m, &side);
				gomocup_point_format(b->size, m.to, line,
				    sizeof line);
				cpumatch_sendf(&e, "%s,%d\n", line,
				    side == theirs ? 1 : 2);
			}
			cpumatch_sendf(&e, "DONE\n");
		} else {
			v->history(g, v->ply(g) - 1, &m, &side);
			gomocup_point_format(b->size, m.to, line, sizeof line);
			cpumatch_sendf(&e, "TURN %s\n", line);
		}
		told = 1;
		last = v->ply(g);
		if ((a = cpumatch_answer(&e, wait_ms, answer,
		    sizeof answer)) == NULL ||
		    (p = gomocup_point_parse(b->size, a)) < 0 ||
		    v->play(g, theirs, &(struct move){ .from = -1,
		    .to = (int16_t)p }, err, sizeof err) != 0 ||
		    v->ply(g) != last + 1) {
			t->forfeits++;
			score = 1;
			goto done;
		}
	}
	score = cpumatch_result(g, 1 - theirs);
done:
	t->plies += g->variant->ply(g);
	cpumatch_stop(&e);
	game_free(g);
	return score;
}

static void
cpumatch_external(const struct cpumatch_opts *o, const char *cmd,
    const char *label, struct cpu_tt *tt)
{
	struct cpumatch_tally t = { 0 };
	double start = cpumatch_now();
	char what[128];

	for (int gi = 0; gi < o->games; gi++) {
		double s = cpumatch_external_game(o, cmd, gi % 2,
		    o->seed + (uint64_t)(gi / 2) * 7919, tt, &t);

		if (s < 0)
			return;
		cpu_tt_clear(tt);
		cpumatch_score(&t, s);
	}
	t.seconds = cpumatch_now() - start;
	snprintf(what, sizeof what, "gomocup %dx%d rule %d L%d vs %s", o->size,
	    o->size, o->rule, o->level, label);
	cpumatch_print(what, &t);
}

static int
cpumatch_usage(void)
{
	fprintf(stderr, "usage: cpumatch [--games N] [--level N] [--time MS] "
	    "[--opening N] [--seed N]\n"
	    "                [--variant NAME]... [--no-external] "
	    "[--record FILE]\n"
	    "       cpumatch --engine \"CMD ARGS\" [--rule 0|1|4] "
	    "[--size 15|19] [--games N]\n"
	    "                [--engine-time MS] ...\n");
	return 2;
}

int
main(int argc, char **argv)
{
	static const char *const all[] = {
		"gomoku", "freestyle", "standard", "renju", "connect6",
		"yonin movelimit=300", NULL
	};
	struct cpumatch_opts o = {
		.games = 8, .level = 2, .time_ms = 20, .opening = -1,
		.seed = 1, .rule = 0, .size = 15, .external = 1,
	};
	struct cpu_tt *tt[4];

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--no-external") == 0) {
			o.external = 0;
			continue;
		}
		if (val == NULL)
			return cpumatch_usage();
		i++;
		if (strcmp(a, "--games") == 0)
			o.games = atoi(val);
		else if (strcmp(a, "--level") == 0)
			o.level = cpu_level_parse(val);
		else if (strcmp(a, "--time") == 0)
			o.time_ms = atoi(val);
		else if (strcmp(a, "--opening") == 0)
			o.opening = atoi(val);
		else if (strcmp(a, "--seed") == 0)
			o.seed = strtoull(val, NULL, 10);
		else if (strcmp(a, "--variant") == 0 && o.nvariants < 15)
			o.variants[o.nvariants++] = val;
		else if (strcmp(a, "--engine") == 0)
			o.engine = val;
		else if (strcmp(a, "--rule") == 0)
			o.rule = atoi(val);
		else if (strcmp(a, "--size") == 0)
			o.size = atoi(val);
		else if (strcmp(a, "--engine-time") == 0)
			o.their_ms = atoi(val);
		else if (strcmp(a, "--record") == 0) {
			if (o.record != NULL ||
			    (o.record = fopen(val, "w")) == NULL) {
				fprintf(stderr, "cpumatch: --record %s: cannot "
				    "write it\n", val);
				return 2;
			}
		} else
			return cpumatch_usage();
	}
	if (o.level < CPU_LEVEL_MIN || o.games < 1 ||
	    o.games > CPUMATCH_MAX_GAMES || o.time_ms < 0)
		return cpumatch_usage();
	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i < 4; i++) {
		if ((tt[i] = cpu_tt_new(CPUMATCH_TT_BYTES)) == NULL)
			return 1;
	}
	if (o.time_ms > 0)
		printf("cpumatch: %d games each, %d ms a move at most, seed "
		    "%llu\n", o.games, o.time_ms, (unsigned long long)o.seed);
	else
		printf("cpumatch: %d games each, the levels' node caps only, "
		    "seed %llu\n", o.games, (unsigned long long)o.seed);
	if (o.engine != NULL)
		cpumatch_external(&o, o.engine, o.engine, tt[0]);
	else {
		char cmd[4200];
		const char *dir = getenv("top_builddir");
		struct cpumatch_opts self = o;

		if (o.nvariants == 0) {
			for (int i = 0; all[i] != NULL; i++)
				cpumatch_variant(&o, all[i], tt);
		}
		for (int i = 0; i < o.nvariants; i++)
			cpumatch_variant(&o, o.variants[i], tt);
		/* The same CPU at the same level through the protocol and a
		 * pipe, with a turn limit that leaves it our time once its
		 * margins are off: near 50% unless the protocol path is
		 * wrong (a point read the wrong way up plays nonsense). */
		snprintf(cmd, sizeof cmd, "exec %s/gamehall-engine --gomocup "
		    "--level %d", dir != NULL ? dir : ".", o.level);
		self.their_ms = (o.time_ms + 30) * 10 / 9 + 1;
		if (o.external)
			cpumatch_external(&self, cmd, "itself (--gomocup)", tt[0]);
	}
	for (int i = 0; i < 4; i++)
		cpu_tt_free(tt[i]);
	if (o.record != NULL)
		fclose(o.record);
	return 0;
}
