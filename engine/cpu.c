/*
 * cpu.c - the computer player's entry point: the limits, the stop flag, the
 * dispatch to a family's search, and the last word on legality.
 *
 * Whatever a family answers is played on a copy of the game before it is
 * returned; a move the rules refuse (which would be a bug in the search) is
 * replaced by a safe legal one, so a caller can trust every answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "engine/cpu-int.h"
#include "engine/forbidden.h"
#include "engine/stone.h"

static const char *const cpu_level_names[CPU_LEVEL_MAX + 1] = {
	NULL, "beginner", "easy", "medium", "hard", "master",
};

const char *
cpu_level_name(int level)
{
	if (level < CPU_LEVEL_MIN || level > CPU_LEVEL_MAX)
		return "?";
	return cpu_level_names[level];
}

int
cpu_level_parse(const char *s)
{
	if (s == NULL)
		return -1;
	for (int l = CPU_LEVEL_MIN; l <= CPU_LEVEL_MAX; l++) {
		if (strcasecmp(s, cpu_level_names[l]) == 0)
			return l;
	}
	if (s[0] >= '1' && s[0] <= '5' && s[1] == '\0')
		return s[0] - '0';
	return -1;
}

void
cpu_stop_init(struct cpu_stop *stop)
{
	atomic_init(&stop->raised, 0);
}

void
cpu_stop_raise(struct cpu_stop *stop)
{
	atomic_store_explicit(&stop->raised, 1, memory_order_relaxed);
}

int
cpu_stop_raised(struct cpu_stop *stop)
{
	return stop != NULL &&
	    atomic_load_explicit(&stop->raised, memory_order_relaxed);
}

void
cpu_limits_default(struct cpu_limits *lim, int level)
{
	memset(lim, 0, sizeof *lim);
	if (level < CPU_LEVEL_MIN)
		level = CPU_LEVEL_MIN;
	if (level > CPU_LEVEL_MAX)
		level = CPU_LEVEL_MAX;
	lim->level = level;
	lim->time_ms = CPU_DEFAULT_TIME_MS;
}

int64_t
cpu_now_us(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int
cpu_search_done(struct cpu_search *s)
{
	if (s->stopped)
		return 1;
	if (cpu_stop_raised(s->stop) ||
	    (s->node_cap != 0 && s->nodes >= s->node_cap) ||
	    (s->deadline_us != 0 && cpu_now_us() >= s->deadline_us))
		s->stopped = 1;
	return s->stopped;
}

int
cpu_search_tick(struct cpu_search *s)
{
	s->nodes++;
	if (s->stopped)
		return 1;
	if ((s->nodes & 255) != 0)
		return 0;
	return cpu_search_done(s);
}

int
cpu_search_used(const struct cpu_search *s)
{
	int64_t	 total = s->deadline_us - s->start_us;

	if (s->deadline_us == 0 || total <= 0)
		return 0;
	return (int)((cpu_now_us() - s->start_us) * 1000 / total);
}

void
cpu_search_share(struct cpu_search *s, int permille)
{
	if (s->deadline_us == 0 || permille >= 1000)
		return;
	if (permille < 1)
		permille = 1;
	s->deadline_us = s->start_us + (s->deadline_us - s->start_us) *
	    permille / 1000;
}

uint64_t
cpu_rand(struct cpu_search *s)
{
	s->rng ^= s->rng >> 12;
	s->rng ^= s->rng << 25;
	s->rng ^= s->rng >> 27;
	return s->rng * 0x2545F4914F6CDD1DULL;
}

int
cpu_rand_below(struct cpu_search *s, int n)
{
	return n <= 1 ? 0 : (int)(cpu_rand(s) % (uint64_t)n);
}

/* How many stones the CPU places now: both of a Connect6 pair, else one. */
static int
cpu_moves_wanted(const struct game *g)
{
	struct stone_info	 info;

	if (stone_game_info(g, &info) == 0 && info.kind == STONE_INFO_CONNECT6)
		return info.left;
	return 1;
}

/* Does the move hand the game to someone else at once?  (Renju Black on a
 * restricted point, a stone game's blocked point.) */
static int
cpu_move_loses(struct game *copy, int side, const struct move *m)
{
	struct game_status	 st;
	char			 err[GAME_ERR_LEN];
	int			 loses;

	if (copy->variant->play(copy, side, m, err, sizeof err) != 0)
		return 1;
	copy->variant->status(copy, &st);
	loses = st.phase == GAME_OVER && st.winner >= 0 &&
	    st.winner != side && copy->variant->nsides == 2;
	copy->variant->undo(copy);
	return loses;
}

/* A legal move that does not lose at once where there is one, chosen at
 * random: the answer when a search found nothing or erred. */
static int
cpu_fallback(struct game *copy, struct cpu_search *s, struct move *out)
{
	const struct variant	*v = copy->variant;
	struct game_status	 st;
	struct move		*list;
	int			 n, start, found = -1;

	v->status(copy, &st);
	n = v->legal(copy, NULL, 0);
	if (n <= 0 || (list = calloc((size_t)n, sizeof *list)) == NULL)
		return -1;
	n = v->legal(copy, list, n);
	start = cpu_rand_below(s, n);
	for (int i = 0; i < n && found < 0; i++) {
		int k = (start + i) % n;

		if (!cpu_move_loses(copy, st.to_move, &list[k]))
			found = k;
	}
	*out = list[found >= 0 ? found : start];
	free(list);
	return 0;
}

/* Play the answer on the copy; mend what the rules refuse. */
static int
cpu_check(struct game *copy, struct cpu_search *s, struct cpu_result *res)
{
	const struct variant	*v = copy->variant;
	struct game_status	 st;
	char			 err[GAME_ERR_LEN];
	int			 want = cpu_moves_wanted(copy);

	v->status(copy, &st);
	if (st.phase == GAME_CHOOSING) {
		if (!res->is_choice || (res->choice & st.choices) == 0 ||
		    (res->choice & (res->choice - 1)) != 0) {
			res->is_choice = 1;
			res->choice = (st.choices & GAME_CHOICE_BLACK) ?
			    GAME_CHOICE_BLACK : GAME_CHOICE_WHITE;
		}
		res->nmoves = 0;
		return v->choose(copy, res->choice, err, sizeof err);
	}
	res->is_choice = 0;
	if (res->nmoves > want)
		res->nmoves = want;
	for (int i = 0; i < want; i++) {
		v->status(copy, &st);
		if (st.phase != GAME_PLAYING) {
			res->nmoves = i;
			break;
		}
		if (i < res->nmoves && v->play(copy, st.to_move,
		    &res->move[i], err, sizeof err) == 0)
			continue;
		if (cpu_fallback(copy, s, &res->move[i]) != 0 ||
		    v->play(copy, st.to_move, &res->move[i], err,
		    sizeof err) != 0)
			return -1;
		res->nmoves = i + 1;
	}
	return res->nmoves > 0 ? 0 : -1;
}

int
cpu_think(const struct game *g, const struct cpu_limits *lim,
    struct cpu_stop *stop, struct cpu_result *res, char *err, size_t errlen)
{
	struct cpu_search	 s;
	struct game_status	 st;
	struct game		*copy;
	const char		*name = g->variant->name;
	int			 rc;

	memset(res, 0, sizeof *res);
	g->variant->status(g, &st);
	if (st.phase == GAME_OVER) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	memset(&s, 0, sizeof s);
	s.limits = lim;
	s.stop = stop;
	s.start_us = cpu_now_us();
	if (lim->time_ms > 0)
		s.deadline_us = s.start_us + (int64_t)lim->time_ms * 1000;
	s.node_cap = lim->nodes;
	s.rng = lim->seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
	if (s.rng == 0)
		s.rng = 1;
	s.tt = lim->tt;
	if (s.tt == NULL && (s.tt = cpu_tt_new(lim->tt_bytes ? lim->tt_bytes :
	    CPU_DEFAULT_TT_BYTES)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}

	if (strcmp(name, "yonin") == 0)
		rc = cpu_yonin_think(g, &s, res);
	else if (strcmp(name, "connect6") == 0)
		rc = cpu_c6_think(g, &s, res);
	else
		rc = cpu_stone_think(g, &s, res);
	if (rc != 0)
		res->nmoves = 0;

	rc = -1;
	if ((copy = game_copy(g)) != NULL) {
		rc = cpu_check(copy, &s, res);
		game_free(copy);
	}
	if (lim->tt == NULL)
		cpu_tt_free(s.tt);
	res->nodes = s.nodes;
	res->elapsed_ms = (int)((cpu_now_us() - s.start_us) / 1000);
	if (rc != 0)
		snprintf(err, errlen, "no legal move");
	return rc;
}
