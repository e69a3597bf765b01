/*
 * players.h - people at tables over real SSH, for the integration tests
 * (players.c): the daemon started and stopped, accounts, people logging
 * in with the exec commands, moves typed, screens waited for.  Each call
 * fails the running Check test when what it waits for never comes.
 */
#ifndef TESTS_INTEGRATION_PLAYERS_H
#define TESTS_INTEGRATION_PLAYERS_H

struct harness;
struct tclient;

#define WAIT_MS 30000		/* what a screen must show within */
#define PASSWORD "correct horse"	/* every test account's */

/* The daemon with the default settings, or NULL when it is not built
 * (the test then returns: skipped). */
struct harness *players_start(void);
/* ... with settings ("key=value", NULL-terminated). */
struct harness *players_start_with(const char *const *settings);
/* Stop it and check it exited cleanly. */
void	players_stop(struct harness *);
/* Accounts alice, bob, carol and dave, with PASSWORD. */
void	players_accounts(struct harness *);

void	players_wait(struct tclient *, const char *text);
void	players_wait_gone(struct tclient *, const char *text);
/* Type text and Enter. */
void	players_line(struct tclient *, const char *text);

/*
 * Someone connecting as `name` (running `exec` if not NULL): with the
 * password of his account (the SSH login itself: he lands in the lobby),
 * or as a guest from the welcome screen when password is NULL.
 */
struct tclient *players_person(struct harness *, const char *name,
	    const char *password, const char *exec);
/* The same with PASSWORD. */
struct tclient *players_member(struct harness *, const char *name,
	    const char *exec);

/* The table's code, from the share line "... join CODE". */
void	players_code(struct tclient *, char code[8]);
/* A move typed after ':'. */
void	players_move(struct tclient *, const char *move);
/* Everyone in `all` sees move number ply, `move`. */
void	players_seen(struct tclient **all, int n, int ply, const char *move);
/* Is `name` black at this table, as the terminal shows it? */
int	players_is_black(struct tclient *, const char *name);
/* Who of alice and bob plays black and who white, and both in all[2]. */
void	players_colours(struct tclient *alice, struct tclient *bob,
	    struct tclient **black, struct tclient **white,
	    struct tclient *all[2]);
/* alice opens `spec` with `new`, bob joins with `join CODE`; alice
 * starts the game. */
void	players_two(struct harness *, const char *spec, struct tclient **alice,
	    struct tclient **bob, char code[8]);

#endif
