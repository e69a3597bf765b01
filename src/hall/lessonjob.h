/*
 * lessonjob.h - judging a lesson or drill move on the worker pool.
 *
 * Some steps ask for more than a glance at the board: "block so that White
 * cannot force a win" is answered by the CPU's threat search, which takes up
 * to tens of milliseconds.  On the loop thread that would stall every screen
 * in the hall, and a player may try a move as fast as he can type.  So the
 * search runs on a copy of the board on a worker thread, and the verdict
 * comes back on the loop.
 *
 * The lesson screen owns its job: it cancels it when it goes (or moves to
 * another step), after which the callback is never called.
 */
#ifndef SRC_HALL_LESSONJOB_H
#define SRC_HALL_LESSONJOB_H

#include "engine/stone-goal.h"

struct stone_board;
struct worker;
struct lessonjob;

/*
 * On the loop thread, once for every job not cancelled by its asker: 1 or
 * 0, whether colour's last stone met the goal, or -1 when the pool shut
 * down before judging it.  The job is gone when it returns.
 */
typedef void (*lessonjob_cb)(void *arg, int met);

/*
 * Judge `goal` for colour on a copy of b.  NULL when the pool is gone or
 * too busy (the caller says so and takes the move back).
 */
struct lessonjob *lessonjob_start(struct worker *, const struct stone_board *b,
	    int colour, enum stone_goal goal, lessonjob_cb, void *arg);

/* The asker is going: the callback will not come.  NULL is ignored. */
void	lessonjob_cancel(struct lessonjob *);

#endif
