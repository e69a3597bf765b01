/*
 * table-screen.h - the table screens of a client (the table itself and the
 * form that opens one) and the hall's side of tables that they use.
 *
 * The screens only call table functions (src/table/table.h) and ask for a
 * redraw; the hall (hall-tables.c) owns the list of tables, stores
 * finished games and marks every client that shows a table dirty when the
 * table changes.
 */
#ifndef SRC_TABLE_SCREEN_H
#define SRC_TABLE_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

struct client;
struct hall;
struct identity;
struct table;
struct table_list;

/* ---- screens (screen-table.c, screen-table-create.c) --------------------- */

/* Show table t to the client (seated or watching); the client's identity
 * is counted as present at the table until the screen goes. */
void	screen_table_open(struct client *, struct table *);
/* The form that opens a new table. */
void	screen_table_create_open(struct client *);
/* The table a client shows (anywhere in its stack of screens), or NULL. */
struct table *screen_table_of(struct client *);
/* The table went away under the client (kicked, closed): back to the
 * lobby with a message. */
void	screen_table_close(struct client *, const char *why);

/* ---- the hall's side (hall-tables.c) -------------------------------------- */

/* The person left the table on one terminal (the table may be freed). */
void	hall_table_depart(struct hall *, struct table *, struct identity *);
/* The command that joins the table: "ssh -p 2222 -t host join CODE". */
void	hall_table_share(struct hall *, const struct table *, char *buf,
	    size_t len);
/* Is the identity connected on any terminal? */
bool	hall_identity_online(struct hall *, const struct identity *);

#endif
