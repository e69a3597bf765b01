/*
 * passjob.c - password hashing and checking on the worker pool (see
 * passjob.h).
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "src/hall/hall-int.h"
#include "src/hall/passjob.h"
#include "src/store/password.h"
#include "src/base/worker.h"

/* More queued jobs than this and a login is told to try again. */
#define PASSJOB_QUEUE_MAX 64

enum passjob_kind {
	PASSJOB_HASH,
	PASSJOB_VERIFY,
};

struct passjob {
	enum passjob_kind	 kind;
	struct client		*client;	/* NULL once it went */
	void			*state;
	passjob_cb		 cb;
	struct worker_job	*job;

	/* In: */
	char			 password[PASSWORD_MAX_BYTES + 1];
	char			 hash[PASSWORD_HASH_MAX];
	/* Out: */
	bool			 ok;
	char			 err[PASSWORD_ERR_LEN];
};

/* On a worker thread: touches only the job. */
static void
passjob_run(void *arg)
{
	struct passjob	*pj = arg;

	if (pj->kind == PASSJOB_HASH)
		pj->ok = password_hash(pj->password, pj->hash,
		    sizeof pj->hash, pj->err, sizeof pj->err) == 0;
	else
		pj->ok = password_verify(pj->password, pj->hash) == 1;
	explicit_bzero(pj->password, sizeof pj->password);
}

static void
passjob_free(struct passjob *pj)
{
	explicit_bzero(pj, sizeof *pj);
	free(pj);
}

/* On the loop thread. */
static void
passjob_done(void *arg, bool cancelled)
{
	struct passjob	*pj = arg;
	struct client	*c = pj->client;

	if (c != NULL)
		c->job = NULL;	/* also when the pool cancelled it */
	if (cancelled || c == NULL) {
		passjob_free(pj);
		return;
	}
	if (!c->closing && client_top(c) == pj->state)
		pj->cb(c, pj->state, pj->ok, pj->hash, pj->err);
	passjob_free(pj);
}

static int
passjob_start(struct client *c, enum passjob_kind kind, void *state,
    const char *password, const char *hash, passjob_cb cb, char *why,
    size_t whylen)
{
	struct passjob	*pj;
	size_t		 len = strlen(password);

	if (c->job != NULL) {
		snprintf(why, whylen, "still checking the last try");
		return -1;
	}
	if (len > PASSWORD_MAX_BYTES) {
		snprintf(why, whylen, "that password is too long");
		return -1;
	}
	if (worker_pending(c->hall->worker) > PASSJOB_QUEUE_MAX) {
		snprintf(why, whylen, "the hall is busy: try again in a "
		    "moment");
		return -1;
	}
	pj = calloc(1, sizeof *pj);
	if (pj == NULL) {
		snprintf(why, whylen, "out of memory: try again");
		return -1;
	}
	pj->kind = kind;
	pj->client = c;
	pj->state = state;
	pj->cb = cb;
	memcpy(pj->password, password, len + 1);
	if (hash != NULL)
		snprintf(pj->hash, sizeof pj->hash, "%s", hash);
	pj->job = worker_submit(c->hall->worker, WORKER_URGENT, passjob_run,
	    passjob_done, pj);
	if (pj->job == NULL) {
		passjob_free(pj);
		snprintf(why, whylen, "the hall cannot check passwords just "
		    "now: try again");
		return -1;
	}
	c->job = pj;
	return 0;
}

int
passjob_hash(struct client *c, void *state, const char *password,
    passjob_cb cb, char *why, size_t whylen)
{
	return passjob_start(c, PASSJOB_HASH, state, password, NULL, cb, why,
	    whylen);
}

int
passjob_verify(struct client *c, void *state, const char *password,
    const char *hash, passjob_cb cb, char *why, size_t whylen)
{
	return passjob_start(c, PASSJOB_VERIFY, state, password, hash, cb,
	    why, whylen);
}

void
passjob_cancel(struct client *c)
{
	struct passjob	*pj = c->job;

	if (pj == NULL)
		return;
	c->job = NULL;
	pj->client = NULL;
	worker_cancel(pj->job);
}
