/*
 * screen-table.h - the table screens of a client (the table itself and the
 * form that opens one) and the hall's side of tables that they use.
 *
 * Where a client is belongs to the hall (hall-tables.c): entering a table
 * makes the client one of its viewers and opens the table screen over the
 * lobby; leaving takes it off the table's list.  The screens only call
 * table functions (src/table/table.h) and ask for a redraw, and freeing a
 * screen never touches a table: an emptied table is freed from the loop,
 * after the event that emptied it.
 */
#ifndef SRC_HALL_SCREEN_TABLE_H
#define SRC_HALL_SCREEN_TABLE_H

#include <stdbool.h>
#include <stddef.h>

struct client;
struct hall;
struct identity;
struct table;

/* ---- screens (screen-table.c, screen-table-create.c) --------------------- */

/* Open the screen of table t (the client is already its viewer). */
void	screen_table_open(struct client *, struct table *);
/* The form that opens a new table. */
void	screen_table_create_open(struct client *);
/* The same form to play the computer: the variant, its options and the
 * computer's level; the game starts at once, unrated and unlisted. */
void	screen_table_create_open_cpu(struct client *);
/* The client's table screen and everything over it go, with a message
 * (kicked, closed); nothing happens if it has none. */
void	screen_table_close(struct client *, const char *why);

/* ---- the hall's side (hall-tables.c) -------------------------------------- */

/* The client goes to table t: it leaves where it was, becomes a viewer of
 * t, and the table screen opens over the lobby. */
void	hall_table_enter(struct client *, struct table *);
/* The client leaves its table for the lobby (no-op when at none); the
 * table screen itself is the caller's to pop. */
void	hall_table_leave(struct client *);
/* The command that joins the table, "ssh -p 2222 -t host join CODE": the
 * host is public_host, else the address this client reached (unless a
 * loopback one), else the machine's name. */
void	hall_table_share(struct client *, const struct table *, char *buf,
	    size_t len);
/* Is the identity connected on any terminal? */
bool	hall_identity_online(struct hall *, const struct identity *);

#endif
