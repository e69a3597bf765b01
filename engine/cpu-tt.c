/*
 * cpu-tt.c - the transposition table: a fixed array of entries, replaced by
 * depth within a bucket of two.  The caller chooses its size once.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/cpu-int.h"

struct cpu_tt {
	size_t mask; /* entries - 1, a power of two */
	struct cpu_tt_entry *entry;
};

struct cpu_tt *
cpu_tt_new(size_t bytes)
{
	struct cpu_tt	*tt;
	size_t		 n = 2;

	while (n * 2 * sizeof(struct cpu_tt_entry) <= bytes)
		n *= 2;
	if ((tt = calloc(1, sizeof *tt)) == NULL)
		return NULL;
	if ((tt->entry = calloc(n, sizeof *tt->entry)) == NULL) {
		free(tt);
		return NULL;
	}
	tt->mask = n - 1;
	return tt;
}

void
cpu_tt_clear(struct cpu_tt *tt)
{
	memset(tt->entry, 0, (tt->mask + 1) * sizeof *tt->entry);
}

void
cpu_tt_free(struct cpu_tt *tt)
{
	if (tt == NULL)
		return;
	free(tt->entry);
	free(tt);
}

size_t
cpu_tt_bytes(const struct cpu_tt *tt)
{
	return (tt->mask + 1) * sizeof *tt->entry;
}

struct cpu_tt_entry *
cpu_tt_probe(struct cpu_tt *tt, uint64_t key)
{
	struct cpu_tt_entry	*e = &tt->entry[key & tt->mask & ~(size_t)1];

	if (e[0].flag != CPU_TT_NONE && e[0].key == key)
		return &e[0];
	if (e[1].flag != CPU_TT_NONE && e[1].key == key)
		return &e[1];
	return NULL;
}

/* The first of a bucket keeps the deepest result; the second the newest. */
void
cpu_tt_store(struct cpu_tt *tt, uint64_t key, uint32_t move, int score,
    int depth, int flag)
{
	struct cpu_tt_entry	*e = &tt->entry[key & tt->mask & ~(size_t)1];
	struct cpu_tt_entry	*slot;

	if (score > 32767)
		score = 32767;
	if (score < -32767)
		score = -32767;
	if (e[0].key == key || e[0].flag == CPU_TT_NONE || depth >= e[0].depth)
		slot = &e[0];
	else
		slot = &e[1];
	slot->key = key;
	slot->move = move;
	slot->score = (int16_t)score;
	slot->depth = (int8_t)depth;
	slot->flag = (uint8_t)flag;
}
