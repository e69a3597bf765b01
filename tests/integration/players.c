/*
 * players.c - people at tables over real SSH, for the integration tests:
 * accounts, logging in (as an account or a guest), opening and joining
 * tables by the exec commands, typing moves, waiting for what a screen
 * shows.  Every wait has a deadline and fails the test with what never
 * appeared.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/integration/harness.h"
#include "tests/integration/players.h"
#include "tests/integration/tclient.h"

struct harness *
players_start(void)
{
	return players_start_with(NULL);
}

struct harness *
players_start_with(const char *const *settings)
{
	struct harness *h;

	if (harness_daemon_path() == NULL)
		return NULL;
	h = harness_start(settings);
	ck_assert_msg(h != NULL, "gamehalld did not start (see above)");
	return h;
}

void
players_stop(struct harness *h)
{
	ck_assert_msg(harness_stop(h) == 0,
	    "gamehalld did not exit cleanly (see above)");
}

void
players_wait(struct tclient *tc, const char *text)
{
	ck_assert_msg(tclient_wait_for(tc, text, WAIT_MS) == 0,
	    "\"%s\" never appeared", text);
}

void
players_wait_gone(struct tclient *tc, const char *text)
{
	ck_assert_msg(tclient_wait_gone(tc, text, WAIT_MS) == 0,
	    "\"%s\" never went away", text);
}

void
players_line(struct tclient *tc, const char *text)
{
	ck_assert_int_eq(tclient_type(tc, text), 0);
	ck_assert_int_eq(tclient_key(tc, TCLIENT_KEY_ENTER), 0);
}

/*
 * Someone connecting as `name` (running `exec` if not NULL): with the
 * password of his account (the SSH login itself: he lands in the lobby),
 * or as a guest from the welcome screen when password is NULL.
 */
struct tclient *
players_person(struct harness *h, const char *name, const char *password,
    const char *exec)
{
	struct tclient *tc = tclient_ssh_new(harness_ssh_port(h), name);
	const char *answers[] = { password, NULL };

	tclient_set_term(tc, 80, 24, "xterm-256color");
	ck_assert_msg(tclient_connect(tc) == 0, "connect: %s",
	    tclient_error(tc));
	ck_assert_int_eq(tclient_auth_kbdint(tc, password != NULL ? answers :
	    NULL), TCLIENT_AUTH_SUCCESS);
	if (exec != NULL)
		ck_assert_int_eq(tclient_exec(tc, exec), 0);
	else
		ck_assert_int_eq(tclient_shell(tc), 0);
	/* A guest chooses on the welcome screen; a link takes him in. */
	if (password == NULL && exec == NULL) {
		players_wait(tc, "Welcome to gamehall");
		ck_assert_int_eq(tclient_type(tc, "g"), 0);
	}
	if (password == NULL)
		players_wait(tc, "(guest)");
	return tc;
}

struct tclient *
players_member(struct harness *h, const char *name, const char *exec)
{
	return players_person(h, name, PASSWORD, exec);
}

/* The table's code, from the share line "... join CODE". */
void
players_code(struct tclient *tc, char code[8])
{
	int row, col;

	players_wait(tc, "Share: ssh");
	ck_assert(tclient_find(tc, " join ", &row, &col));
	ck_assert_int_eq(sscanf(tclient_row(tc, row) + col + 6, "%5s", code),
	    1);
	ck_assert_int_eq(strlen(code), 5);
}

/* A move typed after ':'. */
void
players_move(struct tclient *tc, const char *m)
{
	char text[32];

	snprintf(text, sizeof text, ":%s", m);
	players_line(tc, text);
}

/* Everyone in `all` sees move number n. */
void
players_seen(struct tclient **all, int n, int ply, const char *m)
{
	char text[32];

	snprintf(text, sizeof text, "%d.%s", ply, m);
	for (int i = 0; i < n; i++)
		players_wait(all[i], text);
}

/* Is `name` black at this table, as tc sees it? */
int
players_is_black(struct tclient *tc, const char *name)
{
	char text[64];

	snprintf(text, sizeof text, "\xe2\x97\x8f %s", name);	/* ● */
	return tclient_find(tc, text, NULL, NULL);
}

void
players_colours(struct tclient *alice, struct tclient *bob,
    struct tclient **black, struct tclient **white, struct tclient *all[2])
{
	*black = players_is_black(alice, "alice") ? alice : bob;
	*white = *black == alice ? bob : alice;
	all[0] = alice;
	all[1] = bob;
}

/* alice opens `spec` with `new`, bob joins with `join CODE`; alice starts.
 * Returns who plays black first in *black (0 alice, 1 bob). */
void
players_two(struct harness *h, const char *spec, struct tclient **alice,
    struct tclient **bob, char code[8])
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "new %s", spec);
	*alice = players_member(h, "alice", cmd);
	players_code(*alice, code);
	players_wait(*alice, "waiting for 1 more player");
	snprintf(cmd, sizeof cmd, "join %s", code);
	*bob = players_member(h, "bob", cmd);
	players_wait(*bob, "Share: ssh");
	players_wait(*alice, "waiting for alice to start");
	ck_assert_int_eq(tclient_type(*alice, "g"), 0);
	players_wait(*alice, "to move");
	players_wait(*bob, "to move");
}

void
players_accounts(struct harness *h)
{
	const char *const names[] = { "alice", "bob", "carol", "dave" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		ck_assert_int_eq(harness_add_account(h, names[i], PASSWORD), 0);
}

