/*
 * harness-account.c - give a running test daemon a registered account,
 * through the project's own store (src/store/store.h), as if the user had
 * registered.  Its own file so that programs that never call it need not
 * link the store: those that do link $(STORE_LDADD).
 */
#include <stdio.h>
#include <time.h>

#include "src/store/password.h"
#include "src/store/store.h"
#include "tests/integration/harness.h"

int
harness_add_account(struct harness *h, const char *name, const char *password)
{
	char path[4096], hash[PASSWORD_HASH_MAX], err[256];
	struct store *st;
	int rc;

	if (password_hash(password, hash, sizeof hash, err, sizeof err) != 0) {
		fprintf(stderr, "harness: password for %s: %s\n", name, err);
		return -1;
	}
	/* The daemon's default database (config.h); WAL lets us share it. */
	snprintf(path, sizeof path, "%s/gamehall.db", harness_state_dir(h));
	st = store_open(path, err, sizeof err);
	if (st == NULL) {
		fprintf(stderr, "harness: %s: %s\n", path, err);
		return -1;
	}
	rc = store_user_add(st, name, hash, (int64_t)time(NULL), NULL);
	if (rc != STORE_OK)
		fprintf(stderr, "harness: adding %s: %s\n", name,
		    store_error(st));
	store_close(st);
	return rc == STORE_OK ? 0 : -1;
}
