/*
 * table-list.c - the hall's live tables and their codes.
 *
 * A code is TABLE_CODE_LEN characters from an alphabet without lookalikes
 * (no 0/O, 1/I/L, 5/S, 8/B), drawn at random and never given to a second
 * table while the first lives: 29^5 is about 20 million codes, so a draw
 * almost never collides and a few retries always find one.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "src/table/table-int.h"

static uint32_t
table_list_sys_random(void *arg)
{
	uint32_t	 v = 0;

	(void)arg;
	if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v)
		v = (uint32_t)random();
	return v;
}

struct table_list *
table_list_new(struct identities *ids, struct clock *clock,
    table_random_cb random_cb, void *arg)
{
	struct table_list	*l;

	if ((l = calloc(1, sizeof *l)) == NULL)
		return NULL;
	TAILQ_INIT(&l->tables);
	if (table_index_init(l) != 0) {
		free(l);
		return NULL;
	}
	l->ids = ids;
	l->clock = clock;
	l->random = random_cb != NULL ? random_cb : table_list_sys_random;
	l->random_arg = arg;
	return l;
}

void
table_list_free(struct table_list *l)
{
	struct table	*t;

	if (l == NULL)
		return;
	l->listener = NULL;
	while ((t = TAILQ_FIRST(&l->tables)) != NULL)
		table_free(t);
	table_index_free(l);
	free(l);
}

void
table_list_listen(struct table_list *l, table_listener_cb cb, void *arg)
{
	l->listener = cb;
	l->listener_arg = arg;
}

uint32_t
table_list_random(struct table_list *l)
{
	return l->random(l->random_arg);
}

int
table_code_normalise(const char *in, char *out)
{
	size_t	 n = 0;

	for (; *in != '\0'; in++) {
		int c = toupper((unsigned char)*in);

		if (c == ' ' || c == '-' || c == '\t')
			continue;
		if (n == TABLE_CODE_LEN || c == '\0' ||
		    strchr(TABLE_CODE_ALPHABET, c) == NULL)
			return -1;
		out[n++] = (char)c;
	}
	out[n] = '\0';
	return n == TABLE_CODE_LEN ? 0 : -1;
}

struct table *
table_list_find(struct table_list *l, const char *code)
{
	char		 norm[TABLE_CODE_SIZE];

	if (code == NULL || table_code_normalise(code, norm) != 0)
		return NULL;
	return table_index_find(l, norm);
}

int
table_list_new_code(struct table_list *l, char *out)
{
	size_t	 nalpha = strlen(TABLE_CODE_ALPHABET);

	for (int tries = 0; tries < 1000; tries++) {
		for (int i = 0; i < TABLE_CODE_LEN; i++)
			out[i] = TABLE_CODE_ALPHABET[table_list_random(l) %
			    nalpha];
		out[TABLE_CODE_LEN] = '\0';
		if (table_list_find(l, out) == NULL)
			return 0;
	}
	return -1;
}

struct table *
table_list_first(struct table_list *l)
{
	return TAILQ_FIRST(&l->tables);
}

struct table *
table_next(struct table *t)
{
	return TAILQ_NEXT(t, entry);
}

struct table *
table_list_first_unsaved(struct table_list *l)
{
	return TAILQ_FIRST(&l->unsaved);
}

struct table *
table_next_unsaved(struct table *t)
{
	return TAILQ_NEXT(t, unsaved_entry);
}

size_t
table_list_count(const struct table_list *l)
{
	return l->count;
}

struct table *
table_list_seat_of(struct table_list *l, const struct identity *who)
{
	return table_index_seat_of(l, who);
}
