/*
 * gtp.h - the gamehall-engine protocol (docs/gamehall-engine.6) as a library.
 *
 * The core is a pure function of its input: feed it one line, get back the
 * complete answer text ("= ...\n\n" or "? ...\n\n", id echoed).  No I/O, so
 * the unit tests and the fuzzer drive it in-process and main() in
 * gamehall-engine.c only moves lines between stdin and stdout.
 *
 *	struct gtp *g = gtp_new();
 *	const char *answer = gtp_feed(g, "gh-variant renju", &quit);
 *	...
 *	gtp_free(g);
 *
 * Commands come from tables.  gtp.c holds the generic ones, which work for
 * every variant through the ops of engine/game.h (play, undo, gh-legal,
 * gh-board, gh-setup, gh-status, gh-perft, gh-record, showboard,
 * clear_board, gh-variant, ...); cli/gtp-cpu.c the CPU's, which work for
 * every variant too (genmove, gh-level, gh-time, gh-seed, gh-hash).  A
 * family of variants adds its own
 * commands in its own file and table:
 *	cli/gtp-stone.c  gtp_family_stone  (gomoku ... connect6: boardsize,
 *	                                    gh-forbidden, gh-choose, gh-players)
 *	cli/gtp-yonin.c  gtp_family_yonin  (yonin: gh-checks, gh-hands,
 *	                                    gh-eliminated)
 * and the list of families is gtp_families[] in gtp.c.  A family command
 * is listed and known always; used while the game belongs to another family
 * it is refused ("gh-checks: not a command of renju").
 *
 * Writing a command handler:
 *
 *	static int
 *	gtp_yonin_checks(struct gtp *gtp, int argc, char **argv,
 *	    struct gtp_reply *r)
 *	{
 *		struct game *g = gtp_game(gtp);
 *
 *		if (argc != 1)
 *			return gtp_fail(r, "usage: %s", argv[0]);
 *		... gtp_printf(r, "%s", ...) for the answer text ...
 *		return 0;
 *	}
 *
 * argv[0] is the command name, argv[1..argc-1] its words (split on
 * whitespace, id removed).  Return 0 for success: the text printed into r
 * is the answer.  Return -1 (gtp_fail does it) for failure: the text is the
 * reason after "? ".  Answers never end in a newline; multi-line answers
 * put '\n' between lines.  A handler that fails must leave the game as it
 * was.  Register it in the family's NULL-terminated table:
 *
 *	static const struct gtp_command gtp_yonin_commands[] = {
 *		{ "gh-checks", gtp_yonin_checks },
 *		{ NULL, NULL }
 *	};
 *	const struct gtp_family gtp_family_yonin = {
 *		"yonin", gtp_yonin_variants, gtp_yonin_commands
 *	};
 *
 * The game a handler sees (gtp_game()) is never NULL.  A handler that
 * needs a different game (boardsize) builds it and hands it over with
 * gtp_set_game().
 */
#ifndef SRC_GTP_H
#define SRC_GTP_H

#include <stddef.h>

#include "engine/game.h"

struct gtp;

/* The answer being built by a handler. */
struct gtp_reply {
	char *buf;
	size_t len;
	size_t size;
};

typedef int (*gtp_handler)(struct gtp *, int argc, char **argv,
    struct gtp_reply *);

struct gtp_command {
	const char *name;
	gtp_handler fn;
};

struct gtp_family {
	const char *name;
	const char *const *variants; /* NULL-terminated variant names */
	const struct gtp_command *commands; /* NULL-name-terminated */
	/*
	 * gh-legal FROM: what FROM means is the family's (a shogi square or
	 * drop, a stone point).  Keeps in moves[0..n-1] the ones FROM names,
	 * in order, and returns how many; or -1 with the reason in err when
	 * FROM names nothing in this game, so that a typo is never answered
	 * as "no moves".
	 */
	int (*legal_from)(const struct game *, const char *from,
	    struct move *moves, int n, char *err, size_t errlen);
};

extern const struct gtp_family gtp_family_stone, gtp_family_yonin;

/*
 * The CPU player's settings (gtp-cpu.c: genmove, gh-level, gh-time,
 * gh-seed, gh-hash).  Its commands work in every variant, like the generic
 * ones; the table is kept apart so that gtp.c stays the framing and the
 * rules.  The table is made on the first genmove and kept across moves.
 */
struct cpu_tt;
struct gtp_cpu {
	int level;         /* CPU_LEVEL_MIN..CPU_LEVEL_MAX */
	int time_ms;       /* per move; 0: the level's node cap only */
	unsigned long long seed;
	size_t tt_bytes;
	struct cpu_tt *tt; /* NULL until the first genmove */
};

extern const struct gtp_command gtp_cpu_commands[];

/* gh-load FILE (cli/gtp-load.c): a game exported by the hall, back. */
int gtp_load(struct gtp *, int argc, char **argv, struct gtp_reply *);
void gtp_cpu_init(struct gtp_cpu *);
void gtp_cpu_free(struct gtp_cpu *);

/* The longest command line accepted; longer lines are refused whole. */
#define GTP_LINE_MAX 65536

struct gtp *gtp_new(void);
void gtp_free(struct gtp *);

/*
 * One input line (a trailing "\n" or "\r\n" is allowed).  Returns the
 * answer including its final empty line, or "" when the line is blank or a
 * comment.  The pointer stays valid until the next call.  *quit is set to 1
 * after "quit" (the answer still has to be written), else left alone.
 */
const char *gtp_feed(struct gtp *, const char *line, int *quit);

/*
 * gh-perft gives up once it has listed the moves of this many positions
 * (default GTP_PERFT_BUDGET, some seconds of work), so that no count
 * runs for long; the answer is then a refusal.
 */
#define GTP_PERFT_BUDGET 5000000ULL
void gtp_set_perft_budget(struct gtp *, unsigned long long positions);
/*
 * The count of gh-perft (cli/gtp-perft.c): 0 with the sequences of exactly
 * `depth` moves in *count; -1 when the walk would list the moves of more
 * than `budget` positions; -2 out of memory.  The game is left as it was.
 */
int gtp_perft(struct game *, int depth, unsigned long long budget,
    unsigned long long *count);

/* For handlers. */
struct game *gtp_game(struct gtp *);
struct gtp_cpu *gtp_cpu(struct gtp *);
/* A whole decimal number 0..max, or -1 when the text is not one. */
long gtp_number(const char *, long max);
void gtp_set_game(struct gtp *, struct game *); /* frees the old game */
int gtp_printf(struct gtp_reply *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int gtp_fail(struct gtp_reply *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
