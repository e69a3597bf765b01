/*
 * cpujob.h - the computer player thinking on the worker pool.
 *
 * A search takes up to seconds of CPU, so it never runs on the loop thread.
 * cpujob_start copies the game on the loop thread and queues the search
 * (engine/cpu.h) as a NORMAL job, so a waiting login (URGENT) goes first;
 * the answer comes back on the loop thread through the callback.
 *
 * cpujob_stop is for when the reason to think goes away (the table closed,
 * the human came back, an undo was granted): it raises the search's stop
 * flag, so a running search ends within milliseconds and its thread is free
 * again, and the callback never comes.
 *
 * Transposition tables are the pool's, not the job's: a job takes one when
 * its search starts on a thread and gives it back when it ends, so a hall
 * with 200 CPU seats waiting holds as many tables as it has threads
 * thinking, each allocated once.
 */
#ifndef SRC_TABLE_CPUJOB_H
#define SRC_TABLE_CPUJOB_H

#include <stddef.h>

#include "engine/cpu.h"

struct game;
struct worker;
struct cpujob;
struct cpujob_pool;

/* The answer, on the loop thread: 0 with the CPU's turn in res, or -1 (the
 * engine found nothing to do: the game is over). */
typedef void (*cpujob_cb)(void *arg, int rc, const struct cpu_result *res);

/* tt_bytes 0: CPU_DEFAULT_TT_BYTES per search. */
struct cpujob_pool *cpujob_pool_new(struct worker *, size_t tt_bytes);
/* Every job must have ended (answered or stopped) and the worker pool be
 * freed first, so no search still holds a table. */
void	cpujob_pool_free(struct cpujob_pool *);
/* Searches running or queued, and transposition tables allocated. */
size_t	cpujob_pool_thinking(const struct cpujob_pool *);
size_t	cpujob_pool_tables(const struct cpujob_pool *);

/* Think for whoever must act in g.  NULL when the pool refuses the job
 * (shutting down, out of memory); the callback then never comes. */
struct cpujob *cpujob_start(struct cpujob_pool *, const struct game *g,
	    const struct cpu_limits *, cpujob_cb, void *arg);
/* Loop thread; the job pointer is invalid afterwards. */
void	cpujob_stop(struct cpujob *);

#endif
