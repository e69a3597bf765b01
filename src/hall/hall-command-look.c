/*
 * hall-command-look.c - the sysop's commands that only look: status, who,
 * tables, bans, audit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "src/base/clock.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-command-int.h"

/* ---- looking ----------------------------------------------------------------- */

static const char *
cmd_where(struct client *c, char *buf, size_t len)
{
	if (c->table != NULL) {
		snprintf(buf, len, "table %s", table_code(c->table));
		return buf;
	}
	if (c->in_lobby)
		return "lobby";
	return c->identity == NULL ? "welcome" : "elsewhere";
}

static const char *
cmd_kind(const struct identity *id)
{
	if (id == NULL)
		return "-";
	if (id->kind == IDENTITY_GUEST)
		return "guest";
	if (id->kind == IDENTITY_CPU)
		return "cpu";
	return id->sysop ? "sysop" : "user";
}

void
cmd_who(struct cmd *c)
{
	struct hall	*hall = c->hall;
	struct client	*cl;
	uint64_t	 now = clock_ms(hall->clock);
	char		 where[32];
	int		 n = 0;

	if (!cmd_args(c, 1, 1, "who"))
		return;
	TAILQ_FOREACH(cl, &hall->clients, entry) {
		if (cl->conn == NULL)
			continue;
		cmd_field(c, "name", "%s", cl->identity != NULL ?
		    cl->identity->name : "-");
		cmd_field(c, "kind", "%s", cmd_kind(cl->identity));
		cmd_field(c, "address", "%s", cl->info->peer);
		cmd_field(c, "session", "%s:%d", cl->info->peer,
		    cl->info->peer_port);
		cmd_field(c, "transport", "%s", cl->info->transport ==
		    CONN_SSH ? "ssh" : "telnet");
		cmd_field(c, "size", "%dx%d", cl->cols, cl->rows);
		cmd_field(c, "idle", "%llu", (unsigned long long)(now -
		    (cl->input_ms != 0 ? cl->input_ms : now)) / 1000);
		cmd_field(c, "where", "%s", cmd_where(cl, where,
		    sizeof where));
		cmd_field(c, "muted", "%s", cl->identity != NULL &&
		    hall_sysop_is_muted(hall, cl->identity->name, NULL) ?
		    "yes" : "no");
		cmd_record_end(c);
		n++;
	}
	cmd_ok(c, "%d session%s", n, n == 1 ? "" : "s");
}

static const char *
cmd_phase(const struct table *t)
{
	switch (table_phase(t)) {
	case TABLE_WAITING:
		return "waiting";
	case TABLE_PLAYING:
		return "playing";
	case TABLE_OVER:
		return "over";
	}
	return "?";
}

void
cmd_tables(struct cmd *c)
{
	struct table		*t;
	const struct game	*g;
	char			 seats[256];
	size_t			 len;
	int			 n = 0, turn;

	if (!cmd_args(c, 1, 1, "tables"))
		return;
	for (t = table_list_first(c->hall->tables); t != NULL;
	    t = table_next(t)) {
		seats[0] = '\0';
		for (int s = 0; s < table_nseats(t); s++) {
			struct identity *id = table_seat(t, s);

			len = strlen(seats);
			snprintf(seats + len, sizeof seats - len, "%s%s",
			    s > 0 ? "," : "", id != NULL ? id->name : "-");
		}
		g = table_game(t);
		turn = table_turn(t);
		cmd_field(c, "code", "%s", table_code(t));
		cmd_field(c, "variant", "%s", table_spec(t)->variant);
		cmd_field(c, "phase", "%s", cmd_phase(t));
		cmd_field(c, "seats", "%s", seats);
		cmd_field(c, "watchers", "%d", table_watchers(t));
		cmd_field(c, "move", "%d", g != NULL ? g->variant->ply(g) : 0);
		cmd_field(c, "clock", "%d", turn >= 0 ?
		    table_clock_left(t, turn) : -1);
		cmd_record_end(c);
		n++;
	}
	cmd_ok(c, "%d table%s", n, n == 1 ? "" : "s");
}

/* The daemon's resident memory in kB, from /proc; -1 if unknown. */
static long
cmd_rss_kb(void)
{
	FILE	*f = fopen("/proc/self/status", "r");
	char	 line[128];
	long	 kb = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

void
cmd_status(struct cmd *c)
{
	struct hall		*hall = c->hall;
	struct client		*cl;
	struct table		*t;
	struct store_stats	 st;
	int64_t			 today;
	int			 ssh = 0, telnet = 0, users = 0, guests = 0;
	int			 welcome = 0, waiting = 0, playing = 0, cpu = 0;
	int			 cpu_moving = 0, turn;
	int			 nv = 0;
	char			 byvariant[512];
	const char		*names[64];
	int			 counts[64];

	if (!cmd_args(c, 1, 1, "status"))
		return;
	TAILQ_FOREACH(cl, &hall->clients, entry) {
		if (cl->conn == NULL)
			continue;
		if (cl->info->transport == CONN_SSH)
			ssh++;
		else
			telnet++;
		if (cl->identity == NULL)
			welcome++;
		else if (cl->identity->kind == IDENTITY_USER)
			users++;
		else
			guests++;
	}
	for (t = table_list_first(hall->tables); t != NULL;
	    t = table_next(t)) {
		const char	*v = table_spec(t)->variant;
		int		 i;

		if (table_phase(t) == TABLE_PLAYING)
			playing++;
		else
			waiting++;
		cpu += table_cpu_seats(t);
		/* The computer to move (its seat, or one it holds): what the
		 * CPU pool is thinking about. */
		turn = table_turn(t);
		if (table_phase(t) == TABLE_PLAYING && turn >= 0 &&
		    (table_seat_is_cpu(t, turn) || table_seat_held(t, turn)))
			cpu_moving++;
		for (i = 0; i < nv && strcmp(names[i], v) != 0; i++)
			;
		if (i == nv && nv < 64) {
			names[nv] = v;
			counts[nv++] = 0;
		}
		if (i < nv)
			counts[i]++;
	}
	byvariant[0] = '\0';
	for (int i = 0; i < nv; i++) {
		size_t len = strlen(byvariant);

		snprintf(byvariant + len, sizeof byvariant - len, "%s%s:%d",
		    i > 0 ? "," : "", names[i], counts[i]);
	}
	cmd_field(c, "version", "%s", PACKAGE_VERSION);
	cmd_field(c, "uptime", "%lld", (long long)(clock_wall(hall->clock) -
	    hall_sysop_started(hall)));
	cmd_field(c, "sessions", "%d", ssh + telnet);
	cmd_field(c, "ssh", "%d", ssh);
	cmd_field(c, "telnet", "%d", telnet);
	cmd_field(c, "users", "%d", users);
	cmd_field(c, "guests", "%d", guests);
	cmd_field(c, "welcome", "%d", welcome);
	cmd_field(c, "online", "%u", hall->online);
	cmd_field(c, "tables", "%d", waiting + playing);
	cmd_field(c, "playing", "%d", playing);
	cmd_field(c, "waiting", "%d", waiting);
	cmd_field(c, "variants", "%s", nv > 0 ? byvariant : "-");
	cmd_field(c, "cpu_seats", "%d", cpu);
	cmd_field(c, "cpu_to_move", "%d", cpu_moving);
	cmd_field(c, "memory_kb", "%ld", cmd_rss_kb());
	if (hall->store != NULL && store_stats(hall->store,
	    clock_wall(hall->clock), &st) == STORE_OK) {
		cmd_field(c, "accounts", "%lld", (long long)st.users);
		cmd_field(c, "games", "%lld", (long long)st.games);
		/* Today is UTC's, as every time the sysop sees. */
		if (store_games_since(hall->store, clock_wall(hall->clock) -
		    clock_wall(hall->clock) % 86400, &today) == STORE_OK)
			cmd_field(c, "games_today", "%lld", (long long)today);
		cmd_field(c, "bans", "%lld", (long long)st.bans);
		cmd_field(c, "store_bytes", "%lld", (long long)st.db_bytes);
	}
	cmd_field(c, "shutdown_in", "%d", hall_sysop_shutdown_left(hall));
	cmd_ok(c, "gamehall %s", PACKAGE_VERSION);
}

void
cmd_bans(struct cmd *c)
{
	struct store_ban	*b = NULL;
	size_t			 n = 0;
	char			 t1[32], t2[32];

	if (!cmd_args(c, 1, 1, "bans"))
		return;
	if (c->hall->store == NULL || store_ban_list(c->hall->store,
	    clock_wall(c->hall->clock), &b, &n) != STORE_OK) {
		cmd_error(c, "%s", c->hall->store != NULL ?
		    store_error(c->hall->store) : "no store");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cmd_time(t1, sizeof t1, b[i].created);
		cmd_time(t2, sizeof t2, b[i].expires);
		cmd_field(c, "id", "%lld", (long long)b[i].id);
		cmd_field(c, "kind", "%s", b[i].kind == STORE_BAN_ADDR ? "ip" :
		    b[i].kind == STORE_BAN_KEY ? "key" : "account");
		cmd_field(c, "target", "%s", b[i].what);
		cmd_field(c, "since", "%s", t1);
		cmd_field(c, "until", "%s", b[i].expires != 0 ? t2 : "never");
		cmd_field(c, "reason", "%s", b[i].reason);
		cmd_record_end(c);
	}
	free(b);
	cmd_ok(c, "%zu ban%s in force", n, n == 1 ? "" : "s");
}

/* "audit [COUNT]", "reports [COUNT]": how many, 50 unless given. */
static bool
cmd_count(struct cmd *c, const char *usage, long *limit)
{
	char	*end;

	*limit = 50;
	if (!cmd_args(c, 1, 2, usage))
		return false;
	if (c->argc == 2) {
		*limit = strtol(c->argv[1], &end, 10);
		if (*end != '\0' || *limit < 1 || *limit > 10000) {
			cmd_error(c, "not a count from 1 to 10000: %s",
			    c->argv[1]);
			return false;
		}
	}
	return true;
}

/* The store said no (or there is none). */
static void
cmd_store_failed(struct cmd *c)
{
	cmd_error(c, "%s", c->hall->store != NULL ?
	    store_error(c->hall->store) : "no store");
}

void
cmd_audit_list(struct cmd *c)
{
	struct store_audit	*a = NULL;
	size_t			 n = 0;
	long			 limit;
	char			 t[32];

	if (!cmd_count(c, "audit [COUNT]", &limit))
		return;
	if (c->hall->store == NULL || store_audit_list(c->hall->store,
	    (int)limit, &a, &n) != STORE_OK) {
		cmd_store_failed(c);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cmd_time(t, sizeof t, a[i].when);
		cmd_field(c, "when", "%s", t);
		cmd_field(c, "who", "%s", a[i].actor);
		cmd_field(c, "what", "%s", a[i].what);
		cmd_field(c, "why", "%s", a[i].why);
		cmd_field(c, "result", "%s", a[i].result);
		cmd_record_end(c);
	}
	free(a);
	cmd_ok(c, "%zu entr%s", n, n == 1 ? "y" : "ies");
}

void
cmd_reports(struct cmd *c)
{
	struct store_report	*r = NULL;
	size_t			 n = 0;
	long			 limit;
	char			 t[32];

	if (!cmd_count(c, "reports [COUNT]", &limit))
		return;
	if (c->hall->store == NULL || store_report_list(c->hall->store,
	    (int)limit, &r, &n) != STORE_OK) {
		cmd_store_failed(c);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cmd_time(t, sizeof t, r[i].when);
		cmd_field(c, "id", "%lld", (long long)r[i].id);
		cmd_field(c, "when", "%s", t);
		cmd_field(c, "from", "%s", r[i].reporter);
		cmd_field(c, "about", "%s", r[i].target);
		cmd_field(c, "reason", "%s", r[i].reason);
		cmd_record_end(c);
	}
	free(r);
	cmd_ok(c, "%zu report%s", n, n == 1 ? "" : "s");
}
