/*
 * passjob.h - hashing and checking passwords on the worker pool.
 *
 * yescrypt costs tens of milliseconds of CPU, so it never runs on the loop
 * thread.  A client has at most one job at a time; its result comes back on
 * the loop thread through the callback, but only while the screen that
 * asked (identified by its state pointer) is still the client's top screen
 * - a client that left the form, or closed, gets nothing, and the job is
 * cancelled when the client goes.
 *
 * The password is copied into the job and wiped when the job ends.
 */
#ifndef SRC_PASSJOB_H
#define SRC_PASSJOB_H

#include <stdbool.h>

struct client;

/*
 * ok: the password matched (verify), or hashing worked (hash: the new hash
 * in `hash`); err: why hashing failed ("a password needs at least 6
 * characters"), "" otherwise.
 */
typedef void (*passjob_cb)(struct client *, void *state, bool ok,
	    const char *hash, const char *err);

/*
 * Start a job for the client's top screen `state`.  0, or -1 with a message
 * for the user in why (the pool is busy or gone; a job is running).
 * `hash` for verify may be NULL or "" (an unknown user: a dummy hash is
 * checked all the same, so timing tells nothing).
 */
int	passjob_hash(struct client *, void *state, const char *password,
	    passjob_cb, char *why, size_t whylen);
int	passjob_verify(struct client *, void *state, const char *password,
	    const char *hash, passjob_cb, char *why, size_t whylen);

/* The client is going: forget its job (its callback will not come). */
void	passjob_cancel(struct client *);

#endif
