/*
 * hall-tables.c - what the lobby knows of tables.
 *
 * Tables arrive in a later issue; this file is where they plug in.  The
 * lobby lists whatever hall_tables_rows gives and its actions (create,
 * join, join by code, watch, and the `ssh host join CODE` command) come
 * here.  Until tables exist there are none to list, no code names a table,
 * and creating one is answered plainly.
 */
#include <stdio.h>

#include "src/hall-int.h"

int
hall_tables_count(struct hall *hall)
{
	(void)hall;
	return 0;
}

int
hall_tables_rows(struct hall *hall, struct view_table_row *rows, int max)
{
	(void)hall;
	(void)rows;
	(void)max;
	return 0;
}

int
hall_tables_join(struct hall *hall, struct client *c, const char *code,
    bool watch, char *why, size_t whylen)
{
	(void)hall;
	(void)c;
	(void)watch;
	snprintf(why, whylen, "no such table %s", code);
	return -1;
}

int
hall_tables_create(struct hall *hall, struct client *c, const char *spec,
    char *why, size_t whylen)
{
	(void)hall;
	(void)c;
	(void)spec;
	snprintf(why, whylen, "new tables cannot be opened on this hall "
	    "yet");
	return -1;
}
