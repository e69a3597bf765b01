/*
 * gtp-cpu.c - the CPU player on the protocol: genmove and the settings it
 * reads (gh-level, gh-time, gh-seed, gh-hash), for every variant through
 * engine/cpu.h.  genmove thinks in the caller's thread: with a time limit
 * the answer depends on the clock, with gh-time 0 only on the position,
 * the level and the seed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "cli/gtp.h"

#define GTP_CPU_DEFAULT_LEVEL 3
#define GTP_CPU_DEFAULT_SEED 1
#define GTP_CPU_TIME_MAX 3600000L /* an hour a move is plenty */
#define GTP_CPU_HASH_MAX 1024L     /* MB; more is no use to one search */

void
gtp_cpu_init(struct gtp_cpu *cpu)
{
	memset(cpu, 0, sizeof *cpu);
	cpu->level = GTP_CPU_DEFAULT_LEVEL;
	cpu->time_ms = CPU_DEFAULT_TIME_MS;
	cpu->seed = GTP_CPU_DEFAULT_SEED;
	cpu->tt_bytes = CPU_DEFAULT_TT_BYTES;
}

void
gtp_cpu_free(struct gtp_cpu *cpu)
{
	cpu_tt_free(cpu->tt);
	cpu->tt = NULL;
}

static const char *
gtp_cpu_choice_name(unsigned choice)
{
	switch (choice) {
	case GAME_CHOICE_BLACK:
		return "@black";
	case GAME_CHOICE_WHITE:
		return "@white";
	default:
		return "@more";
	}
}

/* Play what the CPU answered, all of it or nothing. */
static int
gtp_cpu_apply(struct game *g, const struct cpu_result *res,
    struct gtp_reply *r)
{
	const struct variant	*v = g->variant;
	char			 err[GAME_ERR_LEN], text[32];
	int			 played = 0;

	if (res->is_choice) {
		if (v->choose == NULL ||
		    v->choose(g, res->choice, err, sizeof err) != 0)
			return gtp_fail(r, "the CPU's choice was refused");
		return gtp_printf(r, "%s", gtp_cpu_choice_name(res->choice));
	}
	for (int i = 0; i < res->nmoves; i++) {
		struct game_status st;

		v->status(g, &st);
		if (st.phase != GAME_PLAYING ||
		    v->play(g, st.to_move, &res->move[i], err, sizeof err) != 0) {
			while (played-- > 0)
				v->undo(g);
			return gtp_fail(r, "the CPU's move was refused");
		}
		played++;
	}
	for (int i = 0; i < res->nmoves; i++) {
		v->move_format(g, &res->move[i], text, sizeof text);
		gtp_printf(r, "%s%s", i > 0 ? " " : "", text);
	}
	return 0;
}

/*
 * genmove COLOR: the CPU's turn for COLOR, played and answered.  While a
 * swap choice is pending the turn belongs to a player, not a colour, so any
 * colour asks for the choice.
 */
static int
gtp_cpu_genmove(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct game		*g = gtp_game(gtp);
	const struct variant	*v = g->variant;
	struct gtp_cpu		*cpu = gtp_cpu(gtp);
	struct game_status	 st;
	struct cpu_limits	 lim;
	struct cpu_result	 res;
	char			 err[GAME_ERR_LEN];
	int			 side;

	if (argc != 2)
		return gtp_fail(r, "usage: genmove %s",
		    v->nsides == 4 ? "SEAT" : "COLOR");
	if ((side = v->side_parse(g, argv[1])) < 0)
		return gtp_fail(r, "not a %s of %s: %s",
		    v->nsides == 4 ? "seat" : "colour", v->name, argv[1]);
	v->status(g, &st);
	if (st.phase == GAME_OVER)
		return gtp_fail(r, "the game is over");
	if (st.phase == GAME_PLAYING && st.to_move != side)
		return gtp_fail(r, "not %s's turn: %s is to move",
		    v->side_name(g, side), v->side_name(g, st.to_move));
	if (cpu->tt == NULL && (cpu->tt = cpu_tt_new(cpu->tt_bytes)) == NULL)
		return gtp_fail(r, "out of memory for the table");

	cpu_limits_default(&lim, cpu->level);
	lim.time_ms = cpu->time_ms;
	/* A different stream for every move of the game, yet repeatable. */
	lim.seed = cpu->seed + (uint64_t)v->ply(g) * 0x9E3779B97F4A7C15ULL;
	lim.tt = cpu->tt;
	if (cpu_think(g, &lim, NULL, &res, err, sizeof err) != 0)
		return gtp_fail(r, "%s", err);
	return gtp_cpu_apply(g, &res, r);
}

/* gh-level [N|NAME]: set the level, or answer it as "N NAME". */
static int
gtp_cpu_level(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct gtp_cpu	*cpu = gtp_cpu(gtp);
	int		 level;

	if (argc == 1)
		return gtp_printf(r, "%d %s", cpu->level,
		    cpu_level_name(cpu->level));
	if (argc != 2)
		return gtp_fail(r, "usage: gh-level [1-5|beginner|easy|medium|"
		    "hard|master]");
	if ((level = cpu_level_parse(argv[1])) < 0)
		return gtp_fail(r, "bad level: %s (1 to 5, or beginner easy "
		    "medium hard master)", argv[1]);
	cpu->level = level;
	return 0;
}

/*
 * A numeric setting: without an argument answer it, with one set it to a
 * whole number min..max.  0, or -1 with the refusal in r.
 */
static int
gtp_cpu_number_setting(int argc, char **argv, struct gtp_reply *r,
    const char *what, long min, long max, long *value)
{
	long	 v;

	if (argc == 1)
		return gtp_printf(r, "%ld", *value);
	if (argc != 2)
		return gtp_fail(r, "usage: %s [%s]", argv[0], what);
	if ((v = gtp_number(argv[1], max)) < min)
		return gtp_fail(r, "bad %s: %s (%ld to %ld)", what, argv[1],
		    min, max);
	*value = v;
	return 0;
}

/* gh-time [MS]: time per move; 0 leaves only the level's node cap. */
static int
gtp_cpu_time(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct gtp_cpu	*cpu = gtp_cpu(gtp);
	long		 ms = cpu->time_ms;

	if (gtp_cpu_number_setting(argc, argv, r, "MS", 0, GTP_CPU_TIME_MAX,
	    &ms) != 0)
		return -1;
	cpu->time_ms = (int)ms;
	return 0;
}

static int
gtp_cpu_seed(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct gtp_cpu	*cpu = gtp_cpu(gtp);
	char		*end;
	unsigned long	 long seed;

	if (argc == 1)
		return gtp_printf(r, "%llu", cpu->seed);
	if (argc != 2)
		return gtp_fail(r, "usage: gh-seed [N]");
	errno = 0;
	seed = strtoull(argv[1], &end, 10);
	if (!isdigit((unsigned char)argv[1][0]) || *end != '\0' || errno != 0)
		return gtp_fail(r, "bad seed: %s", argv[1]);
	cpu->seed = seed;
	return 0;
}

/* gh-hash [MB]: the table's size; a new size drops what the table knew. */
static int
gtp_cpu_hash(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct gtp_cpu	*cpu = gtp_cpu(gtp);
	long		 mb = (long)(cpu->tt_bytes >> 20);

	if (gtp_cpu_number_setting(argc, argv, r, "MB", 1, GTP_CPU_HASH_MAX,
	    &mb) != 0)
		return -1;
	if (argc == 2) {
		gtp_cpu_free(cpu);
		cpu->tt_bytes = (size_t)mb << 20;
	}
	return 0;
}

const struct gtp_command gtp_cpu_commands[] = {
	{ "genmove", gtp_cpu_genmove },
	{ "gh-level", gtp_cpu_level },
	{ "gh-time", gtp_cpu_time },
	{ "gh-seed", gtp_cpu_seed },
	{ "gh-hash", gtp_cpu_hash },
	{ NULL, NULL }
};
