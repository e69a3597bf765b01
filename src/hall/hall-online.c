/*
 * hall-online.c - who is online, sorted by name, kept in order as people
 * come and go.
 *
 * The lobby draws a page of this list for each viewer, and with a crowd
 * people arrive many times a second: sorting the whole list again after
 * each arrival would cost every login the crowd's size times its log.  An
 * arrival is instead a binary search and a move of the pointers after it
 * (a few microseconds for ten thousand names), and finding a name typed
 * in the lobby is a binary search.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "src/hall/hall-int.h"

/* The first index whose name is not below `name` (ignoring case), looking
 * at only the first `len` bytes of each (a prefix search), or all. */
static size_t
hall_online_bound(struct hall *hall, const char *name, size_t len)
{
	size_t	 lo = 0, hi = hall->online;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *at = hall->online_sorted[mid]->name;
		int cmp = len > 0 ? strncasecmp(at, name, len) :
		    strcasecmp(at, name);

		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void
hall_online_add(struct hall *hall, struct identity *id)
{
	size_t	 at;

	if (hall->online == hall->online_cap) {
		size_t cap = hall->online_cap == 0 ? 64 : hall->online_cap * 2;
		struct identity **p = reallocarray(hall->online_sorted, cap,
		    sizeof *p);

		if (p == NULL)
			return;		/* out of memory: not listed */
		hall->online_sorted = p;
		hall->online_cap = cap;
	}
	at = hall_online_bound(hall, id->name, 0);
	memmove(&hall->online_sorted[at + 1], &hall->online_sorted[at],
	    (hall->online - at) * sizeof *hall->online_sorted);
	hall->online_sorted[at] = id;
	hall->online++;
	lobby_frames_changed(hall->lobby_frames);
}

void
hall_online_remove(struct hall *hall, struct identity *id)
{
	size_t	 at = hall_online_bound(hall, id->name, 0);

	/* Names are unique, ignoring case: it is here if anywhere. */
	while (at < hall->online && hall->online_sorted[at] != id &&
	    strcasecmp(hall->online_sorted[at]->name, id->name) == 0)
		at++;
	if (at == hall->online || hall->online_sorted[at] != id)
		return;
	memmove(&hall->online_sorted[at], &hall->online_sorted[at + 1],
	    (hall->online - at - 1) * sizeof *hall->online_sorted);
	hall->online--;
	lobby_frames_changed(hall->lobby_frames);
}

struct identity *const *
hall_online(struct hall *hall, size_t *n)
{
	*n = hall->online;
	return hall->online_sorted;
}

size_t
hall_online_find(struct hall *hall, const char *prefix)
{
	return hall_online_bound(hall, prefix, strlen(prefix));
}
