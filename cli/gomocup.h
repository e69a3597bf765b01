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
 *		pos = gomocup_position(gc, &lim);  may be NULL
 *		cpu_think(pos, &lim, &stop, &res, ...) on any thread
 *		out = gomocup_answer(gc, ok ? &res : NULL);  write out
 *		game_free(pos);
 *	}
 *
 * Between gomocup_position() and gomocup_answer() no other call may be
 * made (the loop queues the lines that arrive meanwhile).
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

/* The position to think on and the limits for this move (the table is the
 * core's, kept across moves); NULL when the rules cannot build it, and
 * gomocup_answer() then picks a move itself. */
struct game *gomocup_position(struct gomocup *, struct cpu_limits *);

/* Put our move on the board and answer it as "X,Y\n".  res NULL (or not
 * a move on an empty point): the empty point nearest the centre. */
const char *gomocup_answer(struct gomocup *, const struct cpu_result *);

/* Both of the above with the search in the caller's thread. */
const char *gomocup_think(struct gomocup *, struct cpu_stop *);

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
