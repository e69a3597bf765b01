/*
 * cpujob.c - a search on a worker thread, and the pool's transposition
 * tables.
 *
 * The job is shared by two threads: the loop thread owns it until it is
 * submitted and again from the done callback on; in between only the
 * worker's run touches it, except for the stop flag (atomic) and the
 * `stopped` mark, which the loop sets and only the loop reads.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "src/base/worker.h"
#include "src/table/cpujob.h"

struct cpujob_pool {
	struct worker		*worker;
	size_t			 tt_bytes;
	pthread_mutex_t		 lock;
	struct cpu_tt		**free_tt;	/* tables not in use */
	size_t			 nfree, capfree;
	size_t			 ntables;	/* allocated, in use or not */
	size_t			 thinking;	/* loop thread only */
};

struct cpujob {
	struct cpujob_pool	*pool;
	struct worker_job	*job;
	struct game		*game;		/* the job's own copy */
	struct cpu_limits	 limits;
	struct cpu_stop		 stop;
	struct cpu_result	 res;
	int			 rc;
	bool			 stopped;	/* loop thread: no answer wanted */
	cpujob_cb		 cb;
	void			*arg;
};

struct cpujob_pool *
cpujob_pool_new(struct worker *worker, size_t tt_bytes)
{
	struct cpujob_pool	*p = calloc(1, sizeof *p);

	if (p == NULL)
		return NULL;
	p->worker = worker;
	p->tt_bytes = tt_bytes != 0 ? tt_bytes : CPU_DEFAULT_TT_BYTES;
	pthread_mutex_init(&p->lock, NULL);
	return p;
}

void
cpujob_pool_free(struct cpujob_pool *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->nfree; i++)
		cpu_tt_free(p->free_tt[i]);
	free(p->free_tt);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

size_t
cpujob_pool_thinking(const struct cpujob_pool *p)
{
	return p->thinking;
}

size_t
cpujob_pool_tables(const struct cpujob_pool *p)
{
	size_t	 n;

	pthread_mutex_lock((pthread_mutex_t *)&p->lock);
	n = p->ntables;
	pthread_mutex_unlock((pthread_mutex_t *)&p->lock);
	return n;
}

/* A table for a search starting now (worker thread): a free one, or a new
 * one; NULL only when memory runs out (cpu_think then makes its own). */
static struct cpu_tt *
cpujob_pool_take(struct cpujob_pool *p)
{
	struct cpu_tt	*tt = NULL;

	pthread_mutex_lock(&p->lock);
	if (p->nfree > 0)
		tt = p->free_tt[--p->nfree];
	pthread_mutex_unlock(&p->lock);
	if (tt != NULL) {
		cpu_tt_clear(tt);
		return tt;
	}
	if ((tt = cpu_tt_new(p->tt_bytes)) == NULL)
		return NULL;
	pthread_mutex_lock(&p->lock);
	p->ntables++;
	pthread_mutex_unlock(&p->lock);
	return tt;
}

static void
cpujob_pool_give(struct cpujob_pool *p, struct cpu_tt *tt)
{
	struct cpu_tt	**grown;

	if (tt == NULL)
		return;
	pthread_mutex_lock(&p->lock);
	if (p->nfree == p->capfree) {
		size_t	cap = p->capfree == 0 ? 4 : p->capfree * 2;

		grown = realloc(p->free_tt, cap * sizeof *grown);
		if (grown == NULL) {
			p->ntables--;
			pthread_mutex_unlock(&p->lock);
			cpu_tt_free(tt);
			return;
		}
		p->free_tt = grown;
		p->capfree = cap;
	}
	p->free_tt[p->nfree++] = tt;
	pthread_mutex_unlock(&p->lock);
}

/* Worker thread. */
static void
cpujob_run(void *arg)
{
	struct cpujob	*j = arg;
	char		 err[GAME_ERR_LEN];

	j->limits.tt = cpujob_pool_take(j->pool);
	j->rc = cpu_think(j->game, &j->limits, &j->stop, &j->res, err,
	    sizeof err);
	cpujob_pool_give(j->pool, j->limits.tt);
	j->limits.tt = NULL;
}

/* Loop thread. */
static void
cpujob_done(void *arg, bool cancelled)
{
	struct cpujob	*j = arg;

	j->pool->thinking--;
	if (!cancelled && !j->stopped)
		j->cb(j->arg, j->rc, &j->res);
	game_free(j->game);
	free(j);
}

struct cpujob *
cpujob_start(struct cpujob_pool *p, const struct game *g,
    const struct cpu_limits *lim, cpujob_cb cb, void *arg)
{
	struct cpujob	*j = calloc(1, sizeof *j);

	if (j == NULL)
		return NULL;
	if ((j->game = game_copy(g)) == NULL) {
		free(j);
		return NULL;
	}
	j->pool = p;
	j->limits = *lim;
	j->limits.tt = NULL;
	cpu_stop_init(&j->stop);
	j->cb = cb;
	j->arg = arg;
	j->job = worker_submit(p->worker, WORKER_NORMAL, cpujob_run,
	    cpujob_done, j);
	if (j->job == NULL) {
		game_free(j->game);
		free(j);
		return NULL;
	}
	p->thinking++;
	return j;
}

void
cpujob_stop(struct cpujob *j)
{
	j->stopped = true;
	cpu_stop_raise(&j->stop);
	worker_cancel(j->job);
}
