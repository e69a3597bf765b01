/*
 * gomocup.h - the Gomocup (piskvork) AI protocol as a library, for
 * `gamehall-engine --gomocup` (docs/gamehall-engine.md).
 *
 * Like gtp.h, the core is a function of its input lines: no I/O and no
 * threads.  It keeps the board as the manager sees it and answers each
 * command; when a command asks for a move it says so (GOMOCUP_THINK) and
 * the caller runs the search wherever it likes, here on a second thread
 * (gomocup-loop.c), so that it can read END while the CPU thinks:
 *
 *	out = gomocup_feed(gc, line, &action);     write out
 *	if (action == GOMOCUP_THINK) {
 *		gomocup_job_prepare(gc, &job);
 *		gomocup_job_run(&job, &stop);      on any thread
 *		out = gomocup_job_answer(gc, &job); write out
 *	}
 *
 * Between gomocup_job_prepare() and gomocup_job_answer() no other call may
 * be made (the loop queues the lines that arrive meanwhile).
 *
 * Coordinates: the manager's X is our column (0 = `a`), its Y counts rows
 * from the top, so Y = size - 1 - our row: 0,0 is a15 on 15x15, and the
 * manager's picture and ours are the same way up.
 */
#ifndef CLI_GOMOCUP_H
#define CLI_GOMOCUP_H

#include "engine/cpu.h"

enum gomocup_action {
	GOMOCUP_NONE,
	GOMOCUP_THINK, /* the next thing to write is our move */
	GOMOCUP_QUIT,  /* END: exit at once */
};

struct gomocup;

struct gomocup *gomocup_new(int level);
void gomocup_free(struct gomocup *);

/* One input line (a trailing "\r\n" allowed).  The text to write (whole
 * lines, possibly ""), valid until the next call. */
const char *gomocup_feed(struct gomocup *, const char *line, int *action);

/*
 * A search asked for: a move, or the answer to a swap2 opening
 * (SWAP2BOARD: three stones, SWAP, one stone, or two stones).  The game
 * and the limits are the job's own, so that it may run on another thread
 * (the table in lim is the core's, kept across moves).
 */
struct gomocup_job {
	struct game *game;     /* NULL: the rules cannot build the position */
	struct cpu_limits lim;
	int swap2;
	int rc;                /* 0 when the search answered */
	struct cpu_result res; /* a move */
	char text[96];         /* swap2: the answer, or why there is none */
};

void gomocup_job_prepare(struct gomocup *, struct gomocup_job *);
void gomocup_job_run(struct gomocup_job *, struct cpu_stop *);
/* Put our move on the board and answer it as "X,Y\n" (with no answer from
 * the search: the empty point nearest the centre); frees the job's game. */
const char *gomocup_job_answer(struct gomocup *, struct gomocup_job *);

/* The three above with the search in the caller's thread. */
const char *gomocup_think(struct gomocup *, struct cpu_stop *);

/* gomocup-swap2.c: the swap2 opening of our freestyle (rule 0) or
 * standard (rule 1) table with the stones given, in order; and the answer
 * to it, the text of SWAP2BOARD's reply, found on a thread of its own. */
struct game *gomocup_swap2_position(int size, int rule, const int16_t *points,
    int n, char *err, size_t errlen);
void gomocup_swap2_run(struct game *, const struct cpu_limits *,
    struct cpu_stop *, char *text, size_t len);

/* The manager's point "X,Y" to ours, and back: -1 / 0 when out of the
 * board or malformed. */
int gomocup_point_parse(int size, const char *text);
void gomocup_point_format(int size, int point, char *buf, size_t len);

/* The game of ours that plays the manager's rule (0 five or more, 1 exact
 * five, 4 renju; the continuous bit 2 dropped) on size x size; NULL with
 * why in err when there is none. */
struct game *gomocup_game_new(int size, int rule, char *err, size_t errlen);

/* Run the protocol on standard input and output (gomocup-loop.c). */
int gomocup_main(int level);

#endif
