/*
 * lobby-frame.c - the lobby's shared frames: what a crowd sees alike, drawn
 * once per change for everyone who sees the same page, instead of once per
 * viewer.
 *
 * With thousands in the lobby every arrival, departure and chat line is
 * news to all of them, and each used to draw his whole lobby for it, and
 * to build the list of tables for himself.  Most of a lobby frame is the
 * same for everyone at the same size who looks at the same page of the
 * lists: the tables in view, the page of the online list, the chat's
 * newest lines, the count.  So the hall keeps a few frames of those shared
 * parts (view_lobby_draw_shared), keyed by what they depend on - the size,
 * the first table and the first name in view - and by the lobby's
 * generation, which moves whenever anything they show changes (someone
 * came or went, a chat line, a table listed differently).  A viewer's frame
 * is a copy of the right one with his own parts drawn over it
 * (view_lobby_draw_own): his name, the status line, the focus and the
 * selections, his own chat lines, the input line.  The screen stays pure:
 * these are grids, and the writer diffs them as before.
 *
 * The tables listed to someone who sits at none and hosts none are the
 * same for everyone too: they are built here once per change of the
 * tables, not per viewer and frame.  Whoever has a table of his own sees
 * it listed first (even a private one) and draws his frame himself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/hall/hall-int.h"
#include "src/table/table.h"

/* Pages in use at once: sizes times pages people look at.  Past it the
 * least recently used frame is drawn again for the newcomer. */
#define LOBBY_FRAMES_MAX 32

struct lobby_frame {
	struct grid	*grid;		/* NULL: unused */
	int		 sx, sy, table_top, user_top;
	const struct lang *lang;	/* the words are in it: a frame is
					   shared only by readers of one */
	uint64_t	 gen;		/* the lobby's when drawn */
	uint64_t	 used;		/* lobby_frames tick when last used */
	struct view_hits hits;		/* where its buttons are */
};

struct lobby_frames {
	uint64_t		 gen;		/* anything shared changed */
	uint64_t		 tables_gen;	/* the tables' listing changed */
	uint64_t		 tick;
	struct lobby_frame	 frame[LOBBY_FRAMES_MAX];
	struct lobby_frames_stats stats;

	/* The tables as listed to someone with none of his own, and who
	 * has one (a seat or hosting: an open-addressed set of pointers),
	 * both as of rows_gen. */
	uint64_t		 rows_gen;
	bool			 rows_valid;
	struct view_table_row	*rows;
	int			 nrows, rows_cap;
	const struct identity	**owners;
	size_t			 owners_cap;	/* a power of two, or 0 */
};

struct lobby_frames *
lobby_frames_new(void)
{
	return calloc(1, sizeof (struct lobby_frames));
}

void
lobby_frames_free(struct lobby_frames *lf)
{
	if (lf == NULL)
		return;
	for (int i = 0; i < LOBBY_FRAMES_MAX; i++)
		grid_free(lf->frame[i].grid);
	free(lf->rows);
	free(lf->owners);
	free(lf);
}

void
lobby_frames_changed(struct lobby_frames *lf)
{
	lf->gen++;
}

void
lobby_frames_tables_changed(struct lobby_frames *lf)
{
	lf->gen++;
	lf->tables_gen++;
}

const struct lobby_frames_stats *
lobby_frames_stats(const struct lobby_frames *lf)
{
	return &lf->stats;
}

/* ---- the tables, once per change ------------------------------------------ */

static size_t
lobby_frames_slot(const struct identity *id, size_t cap)
{
	uintptr_t	 h = (uintptr_t)id;

	h ^= h >> 17;
	h *= (uintptr_t)0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 7) & (cap - 1);
}

static void
lobby_frames_owner_add(struct lobby_frames *lf, const struct identity *id)
{
	size_t	 i;

	if (id == NULL || lf->owners_cap == 0)
		return;
	for (i = lobby_frames_slot(id, lf->owners_cap);
	    lf->owners[i] != NULL; i = (i + 1) & (lf->owners_cap - 1))
		if (lf->owners[i] == id)
			return;
	lf->owners[i] = id;
}

/* Room for n rows and a set of owners at most half full.  -1: no memory. */
static int
lobby_frames_room(struct lobby_frames *lf, int n, size_t owners)
{
	size_t	 cap = 64;
	void	*p;

	if (n > lf->rows_cap) {
		if ((p = reallocarray(lf->rows, (size_t)n,
		    sizeof *lf->rows)) == NULL)
			return -1;
		lf->rows = p;
		lf->rows_cap = n;
	}
	while (cap < owners * 2)
		cap *= 2;
	if (cap != lf->owners_cap) {
		free(lf->owners);
		lf->owners_cap = 0;
		if ((lf->owners = calloc(cap, sizeof *lf->owners)) == NULL)
			return -1;
		lf->owners_cap = cap;
	} else
		memset(lf->owners, 0, cap * sizeof *lf->owners);
	return 0;
}

static int
lobby_frames_build_rows(struct lobby_frames *lf, struct hall *hall)
{
	struct table	*t;
	size_t		 owners = 0;
	int		 n;

	for (t = table_list_first(hall->tables); t != NULL; t = table_next(t))
		owners += 1 + (size_t)table_nseats(t);
	n = hall_tables_count(hall, NULL);
	if (lobby_frames_room(lf, n > 0 ? n : 1, owners) != 0)
		return -1;
	lf->nrows = hall_tables_rows(hall, NULL, lf->rows, n);
	for (t = table_list_first(hall->tables); t != NULL; t = table_next(t)) {
		lobby_frames_owner_add(lf, table_host(t));
		for (int s = 0; s < table_nseats(t); s++)
			lobby_frames_owner_add(lf, table_seat(t, s));
	}
	lf->rows_gen = lf->tables_gen;
	lf->rows_valid = true;
	return 0;
}

const struct view_table_row *
lobby_frames_tables(struct lobby_frames *lf, struct hall *hall, int *n)
{
	if ((!lf->rows_valid || lf->rows_gen != lf->tables_gen) &&
	    lobby_frames_build_rows(lf, hall) != 0) {
		lf->rows_valid = false;
		*n = 0;
		return NULL;
	}
	*n = lf->nrows;
	return lf->rows;
}

bool
lobby_frames_has_table(struct lobby_frames *lf, struct hall *hall,
    const struct identity *id)
{
	int	 n;
	size_t	 i;

	if (id == NULL)
		return false;
	(void)lobby_frames_tables(lf, hall, &n);
	if (!lf->rows_valid)
		return true;	/* no memory for the set: draw alone */
	for (i = lobby_frames_slot(id, lf->owners_cap);
	    lf->owners[i] != NULL; i = (i + 1) & (lf->owners_cap - 1))
		if (lf->owners[i] == id)
			return true;
	return false;
}

/* ---- the frames ------------------------------------------------------------ */

const struct grid *
lobby_frames_get(struct lobby_frames *lf, const struct view_lobby *v,
    int sx, int sy, bool may_draw, const struct view_hits **hits)
{
	struct lobby_frame	*f, *lru = NULL;
	int			 i;

	lf->tick++;
	for (i = 0; i < LOBBY_FRAMES_MAX; i++) {
		f = &lf->frame[i];
		if (f->grid != NULL && f->sx == sx && f->sy == sy &&
		    f->table_top == v->table_top &&
		    f->user_top == v->user_top && f->lang == v->chrome.lang) {
			if (f->gen == lf->gen) {
				f->used = lf->tick;
				lf->stats.shared++;
				*hits = &f->hits;
				return f->grid;
			}
			lru = f;	/* this page's frame, out of date */
			break;
		}
		if (lru == NULL || f->grid == NULL ||
		    (lru->grid != NULL && f->used < lru->used))
			lru = f;
	}
	if (!may_draw)
		return NULL;
	if (lru->grid == NULL)
		lru->grid = grid_create(sx, sy);
	else if ((lru->grid->sx != sx || lru->grid->sy != sy) &&
	    grid_resize(lru->grid, sx, sy) != 0) {
		grid_free(lru->grid);
		lru->grid = grid_create(sx, sy);
	}
	if (lru->grid == NULL)
		return NULL;
	view_lobby_draw_shared(lru->grid, v, &lru->hits);
	lru->sx = sx;
	lru->sy = sy;
	lru->table_top = v->table_top;
	lru->user_top = v->user_top;
	lru->lang = v->chrome.lang;
	lru->gen = lf->gen;
	lru->used = lf->tick;
	lf->stats.drawn++;
	*hits = &lru->hits;
	return lru->grid;
}
