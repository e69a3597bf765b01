/*
 * bench-store.c - prints what the store and the password hash cost:
 * yescrypt hashes per second, finished games committed per second (each
 * one transaction with synchronous=FULL), live-table saves per second
 * (synchronous=NORMAL), user lookups per second.
 *
 * The database goes in $BENCH_DIR, else $TMPDIR, else the current
 * directory; fsync costs depend on that file system.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "src/store/password.h"
#include "src/store/store.h"

static double
now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
cpu_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
die(const char *what, const char *msg)
{
	fprintf(stderr, "bench-store: %s: %s\n", what, msg);
	exit(1);
}

static void
bench_password(void)
{
	char	hash[PASSWORD_HASH_MAX], err[PASSWORD_ERR_LEN];
	double	t0, c0, t, c;
	int	n = 0, ok = 0;

	t0 = now_sec();
	c0 = cpu_sec();
	do {
		if (password_hash("a fairly ordinary password", hash,
		    sizeof hash, err, sizeof err) != 0)
			die("password_hash", err);
		n++;
	} while (now_sec() - t0 < 1.0 || n < 5);
	t = now_sec() - t0;
	c = cpu_sec() - c0;
	printf("password hash (%.*s...): %.1f hashes/s on one thread, "
	    "%.1f ms wall, %.1f ms CPU each\n", 10, hash, n / t,
	    1000 * t / n, 1000 * c / n);

	t0 = now_sec();
	for (n = 0; n < 5; n++)
		ok += password_verify("a fairly ordinary password", hash);
	t = now_sec() - t0;
	printf("password verify: %.1f ms each (%d/5 matched)\n",
	    1000 * t / 5, ok);
	t0 = now_sec();
	for (n = 0; n < 5; n++)
		ok += password_verify("a fairly ordinary password", "");
	t = now_sec() - t0;
	printf("password verify, no such account (dummy hash): %.1f ms "
	    "each\n", 1000 * t / 5);
}

#define NUSERS 10000
#define NGAMES 300
#define NSAVES 2000
#define NLOOKUPS 200000

static void
bench_store(const char *dir)
{
	char			 path[512], err[STORE_ERR_LEN], name[32];
	char			 record[600], data[900];
	struct store		*st;
	struct store_user	 u;
	struct store_game	 g;
	double			 t0, t;
	int			 i, j, seed = 1;

	snprintf(path, sizeof path, "%s/bench-store-%ld.db", dir,
	    (long)getpid());
	st = store_open(path, err, sizeof err);
	if (st == NULL)
		die("store_open", err);

	t0 = now_sec();
	for (i = 0; i < NUSERS; i++) {
		snprintf(name, sizeof name, "Player%05d", i);
		if (store_user_add(st, name, "$y$j9T$x$y", 1, NULL) != STORE_OK)
			die("store_user_add", store_error(st));
	}
	t = now_sec() - t0;
	printf("user adds (one transaction each, synchronous=NORMAL): "
	    "%.0f/s\n", NUSERS / t);

	t0 = now_sec();
	for (i = 0; i < NLOOKUPS; i++) {
		seed = seed * 1103515245 + 12345;
		snprintf(name, sizeof name, "PLAYER%05d",
		    (unsigned)seed % NUSERS);
		if (store_user_find(st, name, &u) != STORE_OK)
			die("store_user_find", store_error(st));
	}
	t = now_sec() - t0;
	printf("user lookups by name (%d users): %.0f/s\n", NUSERS,
	    NLOOKUPS / t);

	/* A 15x15 game of about 120 moves. */
	snprintf(record, sizeof record, "gomoku size=15 moves");
	for (j = 0; j < 120; j++) {
		size_t len = strlen(record);
		snprintf(record + len, sizeof record - len, " %c%d",
		    'a' + j % 15, 1 + j / 15);
	}
	t0 = now_sec();
	for (i = 0; i < NGAMES; i++) {
		memset(&g, 0, sizeof g);
		snprintf(g.variant, sizeof g.variant, "gomoku");
		snprintf(g.options, sizeof g.options, "size=15");
		g.record = record;
		g.started = i;
		g.ended = i + 600;
		snprintf(g.result, sizeof g.result, "black wins: five");
		g.rated = 1;
		g.nplayers = 2;
		for (j = 0; j < 2; j++) {
			g.players[j].seat = j;
			g.players[j].kind = STORE_PLAYER_USER;
			g.players[j].user = 1 + (i * 2 + j) % NUSERS;
			snprintf(g.players[j].name, sizeof g.players[j].name,
			    "p%d", j);
			g.players[j].rank = 1 + j;
			g.players[j].outcome = j == 0 ? STORE_WIN : STORE_LOSS;
		}
		if (store_game_finish(st, &g) != STORE_OK)
			die("store_game_finish", store_error(st));
	}
	t = now_sec() - t0;
	printf("finished rated games committed (synchronous=FULL): %.0f/s, "
	    "%.2f ms each\n", NGAMES / t, 1000 * t / NGAMES);

	memset(data, 'x', sizeof data - 1);
	data[sizeof data - 1] = '\0';
	t0 = now_sec();
	for (i = 0; i < NSAVES; i++) {
		snprintf(name, sizeof name, "T%03d", i % 50);
		if (store_table_save(st, name, data, i) != STORE_OK)
			die("store_table_save", store_error(st));
	}
	t = now_sec() - t0;
	printf("live table saves (900 bytes, synchronous=NORMAL): %.0f/s, "
	    "%.3f ms each\n", NSAVES / t, 1000 * t / NSAVES);

	store_close(st);
	printf("database: %s\n", path);
	unlink(path);
	snprintf(name, sizeof name, "-wal");
	strncat(path, name, sizeof path - strlen(path) - 1);
	unlink(path);
	path[strlen(path) - 4] = '\0';
	strncat(path, "-shm", sizeof path - strlen(path) - 1);
	unlink(path);
}

int
main(void)
{
	const char *dir = getenv("BENCH_DIR");

	if (dir == NULL || *dir == '\0')
		dir = getenv("TMPDIR");
	if (dir == NULL || *dir == '\0')
		dir = ".";
	setvbuf(stdout, NULL, _IOLBF, 0);
	bench_password();
	bench_store(dir);
	return 0;
}
