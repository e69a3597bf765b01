/*
 * lessonjob.c - judging a lesson move on the worker pool (see lessonjob.h).
 */
#include <stdlib.h>

#include "engine/stone.h"
#include "src/base/worker.h"
#include "src/hall/lessonjob.h"

/* More queued jobs than this and the move is refused for now: a judgement
 * is worth no more than a login waiting for its password check. */
#define LESSONJOB_QUEUE_MAX 64

struct lessonjob {
	struct worker_job	*job;
	lessonjob_cb		 cb;
	void			*arg;		/* NULL once cancelled */

	/* In: */
	struct stone_board	 board;
	int			 colour;
	enum stone_goal		 goal;
	/* Out: */
	int			 met;
};

/* On a worker thread: touches only the job's own copy. */
static void
lessonjob_run(void *arg)
{
	struct lessonjob	*lj = arg;

	lj->met = stone_goal_met(&lj->board, lj->colour, lj->goal);
}

/* On the loop thread. */
static void
lessonjob_done(void *arg, bool cancelled)
{
	struct lessonjob	*lj = arg;

	if (lj->arg != NULL)
		lj->cb(lj->arg, cancelled ? -1 : lj->met);
	free(lj);
}

struct lessonjob *
lessonjob_start(struct worker *w, const struct stone_board *b, int colour,
    enum stone_goal goal, lessonjob_cb cb, void *arg)
{
	struct lessonjob	*lj;

	if (w == NULL || worker_pending(w) > LESSONJOB_QUEUE_MAX)
		return NULL;
	if ((lj = malloc(sizeof *lj)) == NULL)
		return NULL;
	lj->cb = cb;
	lj->arg = arg;
	lj->board = *b;
	lj->colour = colour;
	lj->goal = goal;
	lj->met = 0;
	lj->job = worker_submit(w, WORKER_NORMAL, lessonjob_run,
	    lessonjob_done, lj);
	if (lj->job == NULL) {
		free(lj);
		return NULL;
	}
	return lj;
}

void
lessonjob_cancel(struct lessonjob *lj)
{
	if (lj == NULL)
		return;
	lj->arg = NULL;
	worker_cancel(lj->job);
}
