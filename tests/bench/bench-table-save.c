/*
 * bench-table-save.c - prints what keeping live tables in the store costs
 * the loop: the time to save one table after a move (its text and one
 * commit, as hall-save.c does when one table changed), the time per table
 * when a batch of changed tables goes in one transaction, and the time to
 * restore 1,000 live tables at start (load, replay every record through
 * the engine, seat the players).  The tables are games in progress:
 * gomoku at 40 moves, Connect6 at 30 stones, four-player shogi at 40
 * plies, a third each.
 *
 *	bench-table-save [-n TABLES]
 *
 * The database goes in $BENCH_DIR, else $TMPDIR, else /tmp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/game.h"
#include "src/base/clock.h"
#include "src/people/identity.h"
#include "src/store/store.h"
#include "src/table/table.h"

static double
now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define BENCH_FLUSHES 2000
#define BENCH_FLUSH_TABLES 13

static double flush[BENCH_FLUSHES];

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
die(const char *what, const char *msg)
{
	fprintf(stderr, "bench-table-save: %s: %s\n", what, msg);
	exit(1);
}

/* Play `plies` legal moves: the first legal one from a shifting start,
 * so the games differ and stay in progress. */
static void
advance(struct table *t, int plies, unsigned seed)
{
	char	 err[TABLE_ERR_LEN];

	for (int i = 0; i < plies && table_phase(t) == TABLE_PLAYING; i++) {
		const struct game *g = table_game(t);
		struct move moves[512];
		int n = g->variant->legal(g, moves, 512);
		struct identity *who = table_seat(t, table_turn(t));

		if (n <= 0)
			break;
		if (table_play(t, who, &moves[(seed * 7919u + (unsigned)i *
		    104729u) % (unsigned)n], err, sizeof err) != 0)
			die("play", err);
	}
}

static struct table *
make_table(struct table_list *l, struct identities *ids, int i)
{
	static const char *const words[] = { "gomoku timer=60", "connect6",
	    "yonin" };
	static const int plies[] = { 40, 29, 40 };
	struct table_spec spec;
	struct identity *who[4];
	struct table *t;
	char err[TABLE_ERR_LEN], name[32];
	int kind = i % 3;

	if (table_spec_parse_line(&spec, words[kind], err, sizeof err) != 0)
		die("spec", err);
	for (int s = 0; s < 4; s++) {
		snprintf(name, sizeof name, "p%d-%d", i, s);
		who[s] = identities_user(ids, (int64_t)(i * 4 + s + 1), name);
	}
	if ((t = table_new(l, &spec, who[0], err, sizeof err)) == NULL)
		die("table", err);
	for (int s = 0; s < table_nseats(t); s++) {
		table_watch(t, who[s]);
		if (s > 0 && table_sit(t, who[s], s, err, sizeof err) != 0)
			die("sit", err);
	}
	if (table_start(t, who[0], 1, err, sizeof err) != 0)
		die("start", err);
	advance(t, plies[kind], (unsigned)i);
	for (int s = 0; s < 4; s++)
		identities_release(ids, who[s]);
	return t;
}

int
main(int argc, char **argv)
{
	const char *dir = getenv("BENCH_DIR");
	struct identities *ids = identities_new(NULL, NULL);
	struct clock *clk = clock_new_manual(1000, 1700000000);
	struct table_list *l = table_list_new(ids, clk, NULL, NULL), *l2;
	struct store_table *rows, *loaded = NULL;
	struct store *st;
	char path[4096], err[256];
	double t0, one, batch, restore;
	size_t n = 1000, nloaded = 0, bytes = 0, ok = 0;
	int c, k = 0;

	while ((c = getopt(argc, argv, "n:")) != -1) {
		if (c != 'n' || (n = (size_t)atol(optarg)) < 1) {
			fprintf(stderr, "usage: bench-table-save [-n TABLES]\n");
			return 2;
		}
	}
	if (dir == NULL || *dir == '\0')
		dir = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/bench-table-save-%d.db",
	    dir != NULL && *dir != '\0' ? dir : "/tmp", (int)getpid());
	if ((st = store_open(path, err, sizeof err)) == NULL)
		die("store", err);
	if (ids == NULL || clk == NULL || l == NULL ||
	    (rows = calloc(n > BENCH_FLUSH_TABLES ? n : BENCH_FLUSH_TABLES,
	    sizeof *rows)) == NULL)
		die("setup", "out of memory");
	for (size_t i = 0; i < n; i++)
		make_table(l, ids, (int)i);

	/* One table changed: its text and a commit of its own. */
	t0 = now_sec();
	for (struct table *t = table_list_first(l); t != NULL;
	    t = table_next(t)) {
		char *text = table_save(t);

		bytes += strlen(text);
		if (store_table_save(st, table_code(t), text, 1) != STORE_OK)
			die("save", store_error(st));
		free(text);
	}
	one = (now_sec() - t0) / (double)n;

	/* Every table changed at once: one transaction for them all. */
	t0 = now_sec();
	for (struct table *t = table_list_first(l); t != NULL;
	    t = table_next(t), k++) {
		snprintf(rows[k].code, sizeof rows[k].code, "%s",
		    table_code(t));
		rows[k].data = table_save(t);
	}
	if (store_tables_save(st, rows, n, 2) != STORE_OK)
		die("batch", store_error(st));
	batch = (now_sec() - t0) / (double)n;
	for (size_t i = 0; i < n; i++)
		free(rows[i].data);

	/*
	 * The hall's rhythm: 2,500 tables at a move every 20 s each is 12.5
	 * changed tables a 100 ms flush (hall-save.c).  Every flush is one
	 * commit on the loop, and the commit that fills the log to SQLite's
	 * checkpoint threshold also copies the log into the database: the
	 * tail of these times is what a move waits behind.
	 */
	for (int f = 0; f < BENCH_FLUSHES; f++) {
		struct table *t = table_list_first(l);
		double t1;

		for (int j = 0; j < (f * BENCH_FLUSH_TABLES) % (int)n &&
		    t != NULL; j++)
			t = table_next(t);
		for (k = 0; k < BENCH_FLUSH_TABLES; k++) {
			if (t == NULL)
				t = table_list_first(l);
			snprintf(rows[k].code, sizeof rows[k].code, "%s",
			    table_code(t));
			rows[k].data = table_save(t);
			t = table_next(t);
		}
		t1 = now_sec();
		if (store_tables_save(st, rows, BENCH_FLUSH_TABLES, 2) !=
		    STORE_OK)
			die("flush", store_error(st));
		flush[f] = now_sec() - t1;
		for (k = 0; k < BENCH_FLUSH_TABLES; k++)
			free(rows[k].data);
	}
	qsort(flush, BENCH_FLUSHES, sizeof flush[0], cmp_double);

	/* A restart: every saved table back into a fresh registry. */
	l2 = table_list_new(ids, clk, NULL, NULL);
	t0 = now_sec();
	if (store_table_load_all(st, &loaded, &nloaded) != STORE_OK)
		die("load", store_error(st));
	for (size_t i = 0; i < nloaded; i++) {
		table_list_free(l);	/* the old codes must be free */
		l = NULL;
		if (table_restore(l2, loaded[i].data, err, sizeof err) != NULL)
			ok++;
		else
			fprintf(stderr, "bench-table-save: %s: %s\n",
			    loaded[i].code, err);
	}
	restore = now_sec() - t0;

	printf("live tables: %zu in progress (gomoku, Connect6, four-player "
	    "shogi), %.0f bytes of text each\n", n, (double)bytes /
	    (double)n);
	printf("save after a move: %.1f us (the table's text and one "
	    "commit)\n", one * 1e6);
	printf("save in a batch of %zu: %.1f us per table (one commit for "
	    "all)\n", n, batch * 1e6);
	printf("flushes of %d tables (2,500 tables at a move every 20 s): "
	    "p50 %.2f ms, p99 %.2f ms, max %.2f ms over %d commits\n",
	    BENCH_FLUSH_TABLES, flush[BENCH_FLUSHES / 2] * 1e3,
	    flush[BENCH_FLUSHES * 99 / 100] * 1e3,
	    flush[BENCH_FLUSHES - 1] * 1e3, BENCH_FLUSHES);
	printf("restore at start: %zu of %zu tables in %.1f ms (%.0f us "
	    "each: load, replay, seats)\n", ok, nloaded, restore * 1e3,
	    restore * 1e6 / (double)(nloaded > 0 ? nloaded : 1));
	store_tables_free(loaded, nloaded);
	table_list_free(l2);
	store_close(st);
	identities_free(ids);
	clock_free(clk);
	unlink(path);
	for (int i = 0; i < 2; i++) {
		char side[sizeof path + 8];

		snprintf(side, sizeof side, "%s%s", path, i ? "-shm" : "-wal");
		unlink(side);
	}
	return ok == nloaded ? 0 : 1;
}
