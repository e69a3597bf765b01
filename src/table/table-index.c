/*
 * table-index.c - finding a table without walking every table: by its code
 * (`join CODE`, a new table's code drawn free), by a person who sits at it
 * (every login asks, for the seat he may be coming back to), and the
 * tables changed since they were saved (the hall's save flush, ten times
 * a second).
 *
 * With 2,500 tables each of these walked 2,500 tables: a login paid for
 * every table in the hall, and the flush looked at each table ten times a
 * second to find the dozen that moved.  Codes and seat holders are in hash
 * tables of the list's own (the seats' chains run through the seats
 * themselves, so that a seat costs no allocation), doubled as the tables
 * outgrow them; the unsaved tables are a list.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/hash.h"
#include "src/table/table-int.h"

#define TABLE_INDEX_MIN 64	/* buckets, a power of two */

/* An identity is one object in the registry: its address is the key. */
static size_t
table_index_who_hash(const struct identity *who)
{
	return hash_u64((uint64_t)(uintptr_t)who);
}

static void
table_index_link_code(struct table_list *l, struct table *t)
{
	size_t	 b = hash_string(t->code) & (l->nbuckets - 1);

	t->next_code = l->by_code[b];
	l->by_code[b] = t;
}

static void
table_index_link_seat(struct table_list *l, struct table_seat_state *s)
{
	size_t	 b = table_index_who_hash(s->who) & (l->nbuckets - 1);

	s->next_who = l->by_who[b];
	l->by_who[b] = s;
}

static void
table_index_unlink_seat(struct table_list *l, struct table_seat_state *s)
{
	struct table_seat_state **p;

	p = &l->by_who[table_index_who_hash(s->who) & (l->nbuckets - 1)];
	for (; *p != NULL; p = &(*p)->next_who) {
		if (*p == s) {
			*p = s->next_who;
			break;
		}
	}
	s->next_who = NULL;
}

/* Buckets for n tables, every table and seat indexed again: 0, or -1 when
 * there is no memory (the old buckets stay: longer chains, still right). */
static int
table_index_rehash(struct table_list *l, size_t n)
{
	struct table		**code;
	struct table_seat_state	**who;
	struct table		 *t;

	code = calloc(n, sizeof *code);
	who = calloc(n, sizeof *who);
	if (code == NULL || who == NULL) {
		free(code);
		free(who);
		return -1;
	}
	free(l->by_code);
	free(l->by_who);
	l->by_code = code;
	l->by_who = who;
	l->nbuckets = n;
	TAILQ_FOREACH(t, &l->tables, entry) {
		table_index_link_code(l, t);
		for (int i = 0; i < t->nseats; i++) {
			if (t->seat[i].who != NULL)
				table_index_link_seat(l, &t->seat[i]);
		}
	}
	return 0;
}

int
table_index_init(struct table_list *l)
{
	TAILQ_INIT(&l->unsaved);
	return table_index_rehash(l, TABLE_INDEX_MIN);
}

void
table_index_free(struct table_list *l)
{
	free(l->by_code);
	free(l->by_who);
	l->by_code = NULL;
	l->by_who = NULL;
	l->nbuckets = 0;
}

/* t has just joined l->tables, its code set and no seat taken yet. */
void
table_index_add(struct table_list *l, struct table *t)
{
	/* The rehash indexes t with the others. */
	if (l->count > l->nbuckets &&
	    table_index_rehash(l, l->nbuckets * 2) == 0)
		return;
	table_index_link_code(l, t);
}

/* t is leaving l->tables. */
void
table_index_remove(struct table_list *l, struct table *t)
{
	struct table	**p;

	p = &l->by_code[hash_string(t->code) & (l->nbuckets - 1)];
	for (; *p != NULL; p = &(*p)->next_code) {
		if (*p == t) {
			*p = t->next_code;
			break;
		}
	}
	for (int i = 0; i < t->nseats; i++) {
		if (t->seat[i].who != NULL)
			table_index_unlink_seat(l, &t->seat[i]);
	}
	table_index_saved(t);
}

struct table *
table_index_find(struct table_list *l, const char *norm)
{
	struct table	*t;

	t = l->by_code[hash_string(norm) & (l->nbuckets - 1)];
	for (; t != NULL; t = t->next_code) {
		if (strcmp(t->code, norm) == 0)
			return t;
	}
	return NULL;
}

/* Seat s of t changes hands, from its holder now to who (either NULL). */
void
table_index_seat(struct table *t, int s, struct identity *who)
{
	struct table_seat_state	*seat = &t->seat[s];

	if (seat->who != NULL)
		table_index_unlink_seat(t->list, seat);
	seat->who = who;
	seat->table = t;
	if (who != NULL)
		table_index_link_seat(t->list, seat);
}

/* The table where who sits; the oldest when there are several, as the
 * walk of the list in its order found. */
struct table *
table_index_seat_of(struct table_list *l, const struct identity *who)
{
	struct table_seat_state	*s;
	struct table		*found = NULL;

	if (who == NULL)
		return NULL;
	s = l->by_who[table_index_who_hash(who) & (l->nbuckets - 1)];
	for (; s != NULL; s = s->next_who) {
		if (s->who == who && (found == NULL ||
		    s->table->serial < found->serial))
			found = s->table;
	}
	return found;
}

void
table_index_unsaved(struct table *t)
{
	if (t->unsaved)
		return;
	t->unsaved = 1;
	TAILQ_INSERT_TAIL(&t->list->unsaved, t, unsaved_entry);
}

void
table_index_saved(struct table *t)
{
	if (!t->unsaved)
		return;
	t->unsaved = 0;
	TAILQ_REMOVE(&t->list->unsaved, t, unsaved_entry);
}
