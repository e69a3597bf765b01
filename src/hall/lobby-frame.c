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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/tty.h"
#include "src/hall/hall-int.h"
#include "src/table/table.h"

/* Pages in use at once: sizes times pages people look at.  Past it the
 * least recently used frame is drawn again for the newcomer. */
#define LOBBY_FRAMES_MAX 32
/* Generations of a page kept: a viewer this many chat lines behind still
 * catches up by the steps' bytes; one further behind draws in full. */
#define LOBBY_FRAME_GENS 4
/* A step's bytes for this many kinds of terminal (UTF-8 or not, colours). */
#define LOBBY_STEP_CAPS 4

/* The bytes of one step, for one kind of terminal. */
struct lobby_step {
	bool		 set;
	int		 utf8, colours;
	struct buf	 bytes;
};

/* A page's shared half at one generation, and the step from the one
 * before. */
struct lobby_gen {
	struct grid	*grid;
	uint64_t	 gen;
	uint64_t	 tables_gen;	/* the tables' listing it shows */
	bool		 step_ok;	/* the step from the one before may be
					   sent: the tables stayed */
	int		 y0, y1;	/* rows the step may write (y0 > y1:
					   none), row 0 in columns x0..x1-1 */
	int		 x0, x1;
	struct lobby_step step[LOBBY_STEP_CAPS];
};

struct lobby_frame {
	bool		 used_slot;
	int		 sx, sy, table_top;
	/* The page of names by the name at its top, not by its place: the
	 * place moves whenever someone before it comes or goes, and the
	 * page with it, its names and their rows as they were (a step of
	 * the count only, for those who show it). */
	char		 user_first[IDENTITY_NAME_LEN];
	const struct lang *lang;	/* the words are in it: a frame is
					   shared only by readers of one */
	uint64_t	 id;		/* moves when the slot takes another
					   page: a viewer's note of it is old */
	uint64_t	 used;		/* lobby_frames tick when last used */
	struct view_hits hits;		/* where its buttons are */
	struct lobby_gen gens[LOBBY_FRAME_GENS];	/* a ring */
	int		 head, ngens;	/* the newest; how many */
	uint64_t	 row_gen[CLIENT_ROWS_MAX]; /* each row last changed: a
					   viewer at this generation or later
					   shows the newest's row, even once
					   his own generation left the ring */
};

struct lobby_frames {
	uint64_t		 gen;		/* anything shared changed */
	uint64_t		 tables_gen;	/* the tables' listing changed */
	uint64_t		 tick;
	uint64_t		 ids;
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
	for (int i = 0; i < LOBBY_FRAMES_MAX; i++) {
		for (int k = 0; k < LOBBY_FRAME_GENS; k++) {
			struct lobby_gen *g = &lf->frame[i].gens[k];

			grid_free(g->grid);
			for (int j = 0; j < LOBBY_STEP_CAPS; j++)
				buf_free(&g->step[j].bytes);
		}
	}
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

/* Rows from..to-1 of a and b (grids of one size) hold the same cells. */
static bool
lobby_frames_same_rows(const struct grid *a, const struct grid *b, int from,
    int to)
{
	const struct grid_cell	*ca, *cb;
	int			 r, x;

	if (a->sx != b->sx || a->sy != b->sy)
		return false;
	for (r = from < 0 ? 0 : from; r < to && r < a->sy; r++) {
		ca = &a->cells[(size_t)r * a->sx];
		cb = &b->cells[(size_t)r * b->sx];
		for (x = 0; x < a->sx; x++)
			if (!grid_cell_equal(a, &ca[x], b, &cb[x]))
				return false;
	}
	return true;
}

/* The slot's next generation, its grid at sx x sy and blank: the oldest
 * is taken over once the ring is full.  NULL: out of memory. */
static struct lobby_gen *
lobby_frames_push(struct lobby_frame *f, int sx, int sy)
{
	struct lobby_gen	*g;
	int			 at = f->ngens == 0 ? 0 :
				     (f->head + 1) % LOBBY_FRAME_GENS;

	g = &f->gens[at];
	for (int j = 0; j < LOBBY_STEP_CAPS; j++) {
		g->step[j].set = false;
		buf_reset(&g->step[j].bytes);
	}
	if (g->grid != NULL && (g->grid->sx != sx || g->grid->sy != sy) &&
	    grid_resize(g->grid, sx, sy) != 0) {
		grid_free(g->grid);
		g->grid = NULL;
	}
	if (g->grid == NULL)
		g->grid = grid_create(sx, sy);
	if (g->grid == NULL)
		return NULL;
	grid_clear(g->grid, NULL);
	return g;
}

static struct lobby_gen *
lobby_frames_newest(struct lobby_frame *f)
{
	return f->ngens > 0 ? &f->gens[f->head] : NULL;
}

/*
 * What the step from prev to g changes, and whether viewers may take it as
 * it is.  The tables are the one thing the shared half shows less of than
 * a viewer's own (his selected table in full): a step that changed them
 * is never sent as it is.  The rows it may write are all those between
 * the first and the last that changed, since the writer may scroll them.
 */
static void
lobby_frames_changes(struct lobby_frame *f, const struct lobby_gen *prev,
    struct lobby_gen *g)
{
	const struct grid_cell	*a, *b;
	int			 y, x, sy = g->grid->sy, sx = g->grid->sx;

	g->y0 = sy;
	g->y1 = -1;
	g->x0 = g->x1 = 0;
	g->step_ok = prev != NULL && prev->tables_gen == g->tables_gen;
	for (y = 0; y < sy && y < CLIENT_ROWS_MAX; y++) {
		if (prev != NULL && lobby_frames_same_rows(prev->grid, g->grid,
		    y, y + 1))
			continue;
		f->row_gen[y] = g->gen;
		if (g->y0 > y)
			g->y0 = y;
		g->y1 = y;
	}
	if (prev == NULL || g->y0 != 0)
		return;
	a = prev->grid->cells;
	b = g->grid->cells;
	for (x = 0; x < sx && grid_cell_equal(prev->grid, &a[x], g->grid,
	    &b[x]); x++)
		;
	g->x0 = x;
	for (x = sx; x > g->x0 && grid_cell_equal(prev->grid, &a[x - 1],
	    g->grid, &b[x - 1]); x--)
		;
	g->x1 = x;
}

static bool
lobby_own_row(const struct lobby_own *own, int y)
{
	return y >= 0 && y < CLIENT_ROWS_MAX &&
	    (own->rows[y / 64] >> (y % 64) & 1) != 0;
}

void
lobby_frames_own(struct lobby_own *own, const struct grid *frame,
    const struct grid *shared)
{
	const struct grid_cell	*a = frame->cells, *b = shared->cells;
	int			 x, y;

	memset(own, 0, sizeof *own);
	own->behind0 = 1;
	own->behind1 = 0;
	if (frame->sx != shared->sx || frame->sy != shared->sy) {
		memset(own->rows, 0xff, sizeof own->rows);
		own->x1 = frame->sx;
		return;
	}
	for (y = 1; y < frame->sy && y < CLIENT_ROWS_MAX; y++)
		if (!lobby_frames_same_rows(frame, shared, y, y + 1))
			own->rows[y / 64] |= (uint64_t)1 << (y % 64);
	for (x = 0; x < frame->sx && grid_cell_equal(frame, &a[x], shared,
	    &b[x]); x++)
		;
	own->x0 = x;
	for (x = frame->sx; x > own->x0 && grid_cell_equal(frame, &a[x - 1],
	    shared, &b[x - 1]); x--)
		;
	/* The name stands left of the count, two spaces between: a count
	 * a digit longer moves the name, so those cells are his too. */
	own->x1 = x > own->x0 ? x + 3 : x;
	if (own->x1 > frame->sx)
		own->x1 = frame->sx;
}

/* The step's writes miss everything of his own. */
static bool
lobby_frames_misses(const struct lobby_gen *g, const struct lobby_own *own)
{
	if (!g->step_ok)
		return false;
	for (int y = g->y0 > 1 ? g->y0 : 1; y <= g->y1; y++)
		if (lobby_own_row(own, y))
			return false;
	return g->y0 != 0 || own->x0 == own->x1 ||
	    g->x1 <= own->x0 || g->x0 >= own->x1;
}

const struct grid *
lobby_frames_get(struct lobby_frames *lf, const struct view_lobby *v,
    int sx, int sy, bool may_draw, const struct view_hits **hits,
    struct lobby_seen *seen)
{
	struct lobby_frame	*f, *lru = NULL;
	struct lobby_gen	*g, *prev;
	/* users[0] is the one at user_top, when the page shows anyone. */
	const char		*first = v->nusers > v->user_top &&
				     v->user_top >= 0 && v->users != NULL &&
				     v->users[0].name != NULL ?
				     v->users[0].name : "";
	int			 i;

	lf->tick++;
	for (i = 0; i < LOBBY_FRAMES_MAX; i++) {
		f = &lf->frame[i];
		if (f->used_slot && f->sx == sx && f->sy == sy &&
		    f->table_top == v->table_top &&
		    strcmp(f->user_first, first) == 0 &&
		    f->lang == v->chrome.lang) {
			g = lobby_frames_newest(f);
			if (g != NULL && g->gen == lf->gen) {
				f->used = lf->tick;
				lf->stats.shared++;
				*hits = &f->hits;
				goto out;
			}
			lru = f;	/* this page's frame, out of date */
			break;
		}
		if (lru == NULL || !f->used_slot ||
		    (lru->used_slot && f->used < lru->used))
			lru = f;
	}
	if (!may_draw)
		return NULL;
	f = lru;
	if (!(f->used_slot && f->sx == sx && f->sy == sy &&
	    f->table_top == v->table_top &&
	    strcmp(f->user_first, first) == 0 &&
	    f->lang == v->chrome.lang)) {
		/* Another page: its generations mean nothing here. */
		f->used_slot = true;
		f->sx = sx;
		f->sy = sy;
		f->table_top = v->table_top;
		snprintf(f->user_first, sizeof f->user_first, "%s", first);
		f->lang = v->chrome.lang;
		f->id = ++lf->ids;
		f->ngens = 0;
	}
	prev = lobby_frames_newest(f);
	if ((g = lobby_frames_push(f, sx, sy)) == NULL) {
		f->used_slot = false;
		return NULL;
	}
	view_lobby_draw_shared(g->grid, v, &f->hits);
	g->gen = lf->gen;
	g->tables_gen = lf->tables_gen;
	lobby_frames_changes(f, prev, g);
	if (f->ngens > 0)
		f->head = (f->head + 1) % LOBBY_FRAME_GENS;
	if (f->ngens < LOBBY_FRAME_GENS)
		f->ngens++;
	f->used = lf->tick;
	lf->stats.drawn++;
	*hits = &f->hits;
out:
	if (seen != NULL) {
		seen->slot = (int)(f - lf->frame);
		seen->id = f->id;
		seen->gen = lf->gen;
	}
	return lobby_frames_newest(f)->grid;
}

/* The generation `gen` of the frame seen names, or NULL when it is gone. */
static struct lobby_gen *
lobby_frames_find(struct lobby_frames *lf, const struct lobby_seen *seen,
    struct lobby_frame **fp, int *at)
{
	struct lobby_frame	*f;
	int			 k, i;

	if (seen->slot < 0 || seen->slot >= LOBBY_FRAMES_MAX)
		return NULL;
	f = &lf->frame[seen->slot];
	if (!f->used_slot || f->id != seen->id)
		return NULL;
	for (k = 0; k < f->ngens; k++) {
		i = (f->head - k + LOBBY_FRAME_GENS) % LOBBY_FRAME_GENS;
		if (f->gens[i].gen == seen->gen) {
			*fp = f;
			*at = k;
			return &f->gens[i];
		}
	}
	return NULL;
}

/* Step g (from the generation before it, `from`) for this terminal. */
static const struct buf *
lobby_frames_step(struct lobby_frames *lf, struct lobby_gen *from,
    struct lobby_gen *g, const struct tty_caps *caps)
{
	struct lobby_step	*st, *free_st = NULL;
	int			 j;

	for (j = 0; j < LOBBY_STEP_CAPS; j++) {
		st = &g->step[j];
		if (!st->set) {
			if (free_st == NULL)
				free_st = st;
			continue;
		}
		if (st->utf8 == caps->utf8 && st->colours == caps->colours)
			return &st->bytes;
	}
	if ((st = free_st) == NULL)
		return NULL;	/* a fifth kind of terminal: draws in full */
	buf_reset(&st->bytes);
	tty_diff(&st->bytes, from->grid, g->grid, caps);
	if (st->bytes.failed)
		return NULL;
	st->set = true;
	st->utf8 = caps->utf8;
	st->colours = caps->colours;
	lf->stats.encoded++;
	return &st->bytes;
}

int
lobby_frames_catch_up(struct lobby_frames *lf, struct lobby_seen *seen,
    struct lobby_own *own, const struct tty_caps *caps, struct buf *out)
{
	struct lobby_frame	*f;
	struct lobby_gen	*g, *from;
	const struct buf	*b;
	size_t			 start = out->len;
	int			 k, i;

	if ((g = lobby_frames_find(lf, seen, &f, &k)) == NULL)
		return -1;
	if (lobby_frames_newest(f)->gen != lf->gen)
		return -1;	/* the page is not drawn yet at this one */
	if (k == 0)
		return 0;	/* nothing shared changed */
	/* Every step to the newest must miss his own. */
	for (; k > 0; k--) {
		i = (f->head - k + 1 + LOBBY_FRAME_GENS) % LOBBY_FRAME_GENS;
		if (!lobby_frames_misses(&f->gens[i], own))
			return -1;
	}
	/* The steps assume the cursor where the shared half leaves it. */
	tty_cursor_to(out, g->grid->cx, g->grid->cy);
	for (from = g; from != lobby_frames_newest(f); from = g) {
		i = (int)(from - f->gens);
		g = &f->gens[(i + 1) % LOBBY_FRAME_GENS];
		if ((b = lobby_frames_step(lf, from, g, caps)) == NULL) {
			out->len = start;
			return -1;
		}
		buf_add(out, b->data, b->len);
		if (g->y0 <= g->y1) {
			if (own->behind0 > own->behind1) {
				own->behind0 = g->y0;
				own->behind1 = g->y1;
			}
			if (own->behind0 > g->y0)
				own->behind0 = g->y0;
			if (own->behind1 < g->y1)
				own->behind1 = g->y1;
		}
	}
	if (out->failed) {
		out->len = start;
		return -1;
	}
	seen->gen = lf->gen;
	lf->stats.caught_up++;
	return 1;
}

int
lobby_frames_restore(struct lobby_frames *lf, const struct lobby_seen *seen,
    const struct lobby_own *own, struct grid *shown)
{
	struct lobby_frame	*f;
	struct lobby_gen	*g;
	int			 k, y;

	if ((g = lobby_frames_find(lf, seen, &f, &k)) == NULL) {
		/* Gone from the ring: the newest has the rows behind if they
		 * did not change since. */
		if (seen->slot < 0 || seen->slot >= LOBBY_FRAMES_MAX)
			return -1;
		f = &lf->frame[seen->slot];
		if (!f->used_slot || f->id != seen->id || f->ngens == 0)
			return -1;
		for (y = own->behind0; y <= own->behind1; y++)
			if (y < 0 || y >= CLIENT_ROWS_MAX ||
			    f->row_gen[y] > seen->gen)
				return -1;
		g = lobby_frames_newest(f);
	}
	if (g->grid->sx != shown->sx || g->grid->sy != shown->sy)
		return -1;
	for (y = own->behind0; y <= own->behind1; y++) {
		if (y == 0) {
			/* The title bar but his name. */
			grid_copy_rect(shown, g->grid, 0, 0, own->x0, 1);
			grid_copy_rect(shown, g->grid, own->x1, 0,
			    shown->sx - own->x1, 1);
		} else if (!lobby_own_row(own, y))
			grid_copy_rect(shown, g->grid, 0, y, shown->sx, 1);
	}
	return 0;
}
