/*
 * hall.h - the hall: everything a user sees and does once connected.
 *
 * The hall owns the clients (one per connection: terminal, keys, screens),
 * the identities behind them (accounts and guests), the lobby with its chat
 * and, later, the tables.  It runs entirely on the loop thread; password
 * hashing goes to the worker pool.
 *
 * The daemon's main() creates one hall after the store and the worker pool,
 * hands hall_conn_handler() to its transports (every new connection is
 * given to the hall through those callbacks), calls hall_shutdown() on
 * SIGTERM and hall_free() after the loop has ended.
 */
#ifndef SRC_HALL_H
#define SRC_HALL_H

struct event_base;
struct clock;
struct cpujob_pool;
struct config;
struct store;
struct worker;
struct conn_handler;

struct hall;

/*
 * A new hall on `base`.  The config, the store and the worker pool must
 * outlive the hall.  NULL on allocation failure.
 */
struct hall *hall_new(struct event_base *base, struct clock *clock,
    const struct config *cfg, struct store *store, struct worker *worker);
/* Computer players think on this pool (made and freed by the caller, after
 * the hall and the worker pool); without one, CPU seats never move. */
void	hall_set_cpu(struct hall *, struct cpujob_pool *);

/* Bring back the live tables saved in the store (after hall_set_cpu, so
 * the CPU seats move); a table that cannot come back is archived. */
void	hall_restore(struct hall *);

/*
 * The callbacks the transports call for every connection; their user
 * pointer is the hall (see conn.h).
 */
const struct conn_handler *hall_conn_handler(void);

/*
 * Tell every user `message` (e.g. "the hall is shutting down"), then close
 * every connection once its output has drained (or after a short linger).
 * New connections after this get the message and are closed at once.
 */
void hall_shutdown(struct hall *hall, const char *message);

/* Free the hall; every connection must already be closed (or it is closed). */
void hall_free(struct hall *hall);

#endif
