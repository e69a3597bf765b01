/*
 * tty-scroll.c - scroll detection for the writer: bands of full rows that
 * moved up or down, shifted by the terminal instead of rewritten.
 *
 * A band of full rows that moved - the lobby's chat pane when a line
 * arrives - would cost a rewrite of every row it covers.  The terminal can
 * shift it instead: a scroll region (DECSTBM) around the band, the lines
 * scrolled inside it, the region reset.  The cell diff (tty.c) then runs
 * against the shown rows shifted the same way, so it writes only the lines
 * scrolled in and whatever else changed.
 *
 * Finding the shifts: for each shift n, the runs of rows where the frame
 * shows the shown row n below (or above) are candidate regions; each is
 * priced by an estimate of the bytes it saves, the best is taken, and the
 * search is repeated for other bands.  Rows are compared by hash first and
 * the chosen region checked cell for cell, so a collision can only cost a
 * missed scroll, never a wrong screen.
 */
#include <stdlib.h>
#include <string.h>

#include "screens/tty-int.h"

#define TTY_SCROLL_MAX 4	/* regions scrolled in one diff */
#define TTY_SCROLL_NMAX 128	/* longest shift looked for */

struct tty_scroll {
	const struct tty_ctx	 *c;
	const struct grid	 *frame;
	const struct grid_cell	**srow;		/* shown rows, as shifted */
	uint8_t			 *differ;	/* row differs from srow */
	const struct grid_cell	 *blank;	/* a row scrolled in */
	int			  first, last;	/* rows that may take part */
	uint64_t		 *fh, *sh;	/* row hashes: frame, srow */
	uint64_t		  bh;		/* hash of the blank row */
	int			 *cost;		/* bytes for srow -> frame */
	int			 *ink;		/* bytes for blank -> frame */
	int			 *pcost, *pink;	/* their sums over first..y-1 */
};

/* A shift: rows top..bot move up n (n > 0) or down -n (n < 0). */
struct tty_scroll_shift {
	int	top, bot, n;
	int	gain;		/* bytes it saves, estimated */
};

/* A row of grid g (or one without marks), marks included. */
static uint64_t
tty_scroll_hash(const struct grid *g, const struct grid_cell *row, int sx)
{
	uint64_t	 h = 0x6a09e667f3bcc909ULL, v;
	uint32_t	 marks[GRID_MARKS_MAX];
	int		 x, i, n;

	for (x = 0; x < sx; x++) {
		v = row[x].ch | (uint64_t)row[x].style.fg << 32 |
		    (uint64_t)row[x].style.bg << 48;
		h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
		h ^= (h >> 29) + row[x].style.attr;
		if (row[x].marks == 0)
			continue;
		n = grid_cell_marks(g, &row[x], marks);
		for (i = 0; i < n; i++)
			h = (h ^ marks[i]) * 0x9e3779b97f4a7c15ULL;
	}
	return h;
}

static int
tty_scroll_blank_cell(const struct grid_cell *gc)
{
	return gc->ch == ' ' &&
	    grid_style_equal(&gc->style, &GRID_STYLE_DEFAULT);
}

/*
 * Cells a (of the frame) and b (shown) look the same on this terminal
 * (nearly: a wide character's fallback depends on its pad), to price
 * changes as the diff will.  Marks show only in UTF-8.
 */
static int
tty_scroll_looks_same(struct tty_ctx *c, const struct grid_cell *a,
    const struct grid_cell *b)
{
	const unsigned	attrs = GRID_BOLD | GRID_UNDERLINE | GRID_REVERSE |
			    GRID_DIM;

	if (a->ch != b->ch && (c->caps->utf8 ||
	    tty_acs_ascii(a->ch) != tty_acs_ascii(b->ch)))
		return 0;
	if (c->caps->utf8 && (a->marks != 0 || b->marks != 0) &&
	    !grid_marks_equal(c->frame, a, c->shown, b))
		return 0;
	if (grid_style_equal(&a->style, &b->style))
		return 1;
	/* The attributes and colours the writer keeps (see tty_style). */
	return ((a->style.attr ^ b->style.attr) & attrs) == 0 &&
	    tty_colour(c, a->style.fg) == tty_colour(c, b->style.fg) &&
	    tty_colour(c, a->style.bg) == tty_colour(c, b->style.bg);
}

/*
 * Rough bytes to turn row s into row f: one per changed cell, and an erase
 * for any change in f's blank tail.  It only has to rank alternatives, and
 * it errs low on both sides (no moves, no SGR).  A change the terminal
 * cannot show (a colour without colours, an accent without UTF-8) costs
 * nothing, as in the diff.
 */
static int
tty_scroll_cost(struct tty_ctx *c, const struct grid_cell *f,
    const struct grid_cell *s)
{
	int	 x, tail, n = 0, sx = c->sx;

	for (tail = sx; tail > 0; tail--) {
		if (!tty_scroll_blank_cell(&f[tail - 1]))
			break;
	}
	for (x = 0; x < tail; x++) {
		if (grid_cell_equal(c->frame, &f[x], c->shown, &s[x]))
			continue;
		if (c->caps->utf8 && f[x].ch != s[x].ch)
			n++;			/* the usual case, quickly */
		else
			n += !tty_scroll_looks_same(c, &f[x], &s[x]);
	}
	for (; x < sx; x++) {
		if (!grid_cell_equal(c->frame, &f[x], c->shown, &s[x]) &&
		    !tty_scroll_looks_same(c, &f[x], &s[x]))
			return n + 4;		/* ESC [ K after a move */
	}
	return n;
}

static int
tty_scroll_digits(int n)
{
	int	 d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* Bytes tty_move sends from home to the start of row y. */
static int
tty_scroll_home_to(int y)
{
	if (y == 0)
		return 0;
	if (y <= 3)
		return y;			/* LFs */
	return 3 + tty_scroll_digits(y);	/* ESC [ y B */
}

/*
 * Up by n: LFs at the region's bottom, or delete lines (DL) at its top,
 * whichever is shorter.  Down by n: reverse index (RI) at the top for one
 * line, insert lines (IL) for more.  Inside a region both only move the
 * region's lines.
 */
static int
tty_scroll_uses_lf(const struct tty_scroll_shift *sh)
{
	int	dl = tty_scroll_home_to(sh->top) + 2 + (sh->n == 1 ? 0 :
		    tty_scroll_digits(sh->n)) + 1;

	return sh->n > 0 && tty_scroll_home_to(sh->bot) + sh->n <= dl;
}

/* All the bytes a shift costs: region, move, scroll, region reset. */
static int
tty_scroll_overhead(const struct tty_scroll_shift *sh)
{
	int	 len, n = sh->n > 0 ? sh->n : -sh->n;

	len = 2 + (sh->top == 0 ? 0 : tty_scroll_digits(sh->top + 1)) + 1 +
	    tty_scroll_digits(sh->bot + 1) + 1;
	if (tty_scroll_uses_lf(sh))
		len += tty_scroll_home_to(sh->bot) + n;
	else if (sh->n < 0 && n == 1)
		len += tty_scroll_home_to(sh->top) + 2;
	else {
		len += tty_scroll_home_to(sh->top) + 3 +
		    (n == 1 ? 0 : tty_scroll_digits(n));
	}
	return len + 3;
}

/*
 * The rows y in lo..hi with y + n in lo..hi too: the rows a shift of n
 * inside lo..hi keeps (they show what was n rows away).
 */
static void
tty_scroll_kept(int n, int *lo, int *hi)
{
	if (n > 0)
		*hi -= n;
	else
		*lo -= n;
}

/* Price the shift of top..bot by n whose scrolled-in rows are b0..b1. */
static void
tty_scroll_try(const struct tty_scroll *s, int top, int bot, int n, int b0,
    int b1, struct tty_scroll_shift *best)
{
	struct tty_scroll_shift	 sh = { top, bot, n, 0 };

	sh.gain = s->pcost[bot + 1] - s->pcost[top] -
	    (s->pink[b1 + 1] - s->pink[b0]) - tty_scroll_overhead(&sh);
	if (sh.gain > best->gain)
		*best = sh;
}

/*
 * Price every shift by n: a shift of n needs the frame's row y to be the
 * shown row y + n; a run of such rows a..b makes the region a..b+n (up,
 * n > 0) or a+n..b (down, n < 0), whose other rows come in blank.
 */
static void
tty_scroll_runs(const struct tty_scroll *s, int n,
    struct tty_scroll_shift *best)
{
	int	 y, a, lo = s->first, hi = s->last;

	tty_scroll_kept(n, &lo, &hi);
	for (y = lo; y <= hi; y++) {
		if (s->fh[y] != s->sh[y + n])
			continue;
		for (a = y; y <= hi; y++) {
			if (s->fh[y] != s->sh[y + n])
				break;
		}
		if (n > 0)
			tty_scroll_try(s, a, y - 1 + n, n, y, y - 1 + n, best);
		else
			tty_scroll_try(s, a + n, y - 1, n, a + n, a - 1, best);
	}
}

/*
 * The most profitable shift inside first..last; best->gain stays 0 if
 * none saves anything.  Ties go to the shortest shift, up before down.
 */
static void
tty_scroll_best(const struct tty_scroll *s, struct tty_scroll_shift *best)
{
	int	 n, nmax = s->last - s->first;

	if (nmax > TTY_SCROLL_NMAX)
		nmax = TTY_SCROLL_NMAX;
	memset(best, 0, sizeof *best);
	for (n = 1; n <= nmax; n++) {
		tty_scroll_runs(s, n, best);
		tty_scroll_runs(s, -n, best);
	}
}

/* The rows the shift keeps really are the frame's (not just by hash). */
static int
tty_scroll_check(const struct tty_scroll *s,
    const struct tty_scroll_shift *sh)
{
	int	 y, lo = sh->top, hi = sh->bot;

	tty_scroll_kept(sh->n, &lo, &hi);
	for (y = lo; y <= hi; y++) {
		if (!tty_row_same(s->c, tty_grid_row(s->frame, y),
		    s->srow[y + sh->n]))
			return 0;
	}
	return 1;
}

/*
 * Send a shift.  The region is set with the default SGR (a scrolled-in
 * line takes the current background); setting it homes the cursor, and so
 * does the reset that tty_scroll sends after the last shift.
 */
static void
tty_scroll_send(struct tty_ctx *c, const struct tty_scroll_shift *sh)
{
	char	 tmp[32];
	int	 len, n = sh->n > 0 ? sh->n : -sh->n;

	tty_sgr(c, &GRID_STYLE_DEFAULT);
	len = tty_csi_2(tmp, sh->top + 1, sh->bot + 1, 'r');
	buf_add(c->b, tmp, len);
	c->cx = c->cy = 0;
	if (tty_scroll_uses_lf(sh)) {
		tty_move(c, 0, sh->bot);
		while (n-- > 0)
			buf_addc(c->b, '\n');
	} else {
		tty_move(c, 0, sh->top);
		if (sh->n < 0 && n == 1)
			buf_add(c->b, "\033M", 2);
		else {
			len = tty_csi_n(tmp, n, sh->n > 0 ? 'M' : 'L');
			buf_add(c->b, tmp, len);
		}
	}
}

/*
 * After a shift: the shown rows, their hashes and costs, shifted too.  The
 * walk starts at the end the rows move away from, so each row is read
 * before it is overwritten.
 */
static void
tty_scroll_apply(struct tty_scroll *s, const struct tty_scroll_shift *sh)
{
	int	 y, from, n = sh->n, step = n > 0 ? 1 : -1;

	for (y = n > 0 ? sh->top : sh->bot; y >= sh->top && y <= sh->bot;
	    y += step) {
		from = y + n;
		if (from >= sh->top && from <= sh->bot) {
			s->srow[y] = s->srow[from];
			s->sh[y] = s->sh[from];
		} else {
			s->srow[y] = s->blank;
			s->sh[y] = s->bh;
		}
	}
	for (y = sh->top; y <= sh->bot; y++) {
		if (s->srow[y] == s->blank) {
			s->cost[y] = s->ink[y];
			s->differ[y] = !tty_row_same(s->c,
			    tty_grid_row(s->frame, y), s->blank);
		} else {
			s->cost[y] = 0;		/* checked equal */
			s->differ[y] = 0;
		}
	}
}

/*
 * Shift what the terminal shows towards frame where that saves bytes;
 * srow and differ follow.  *blankp is the blank row srow may now point
 * to, for the caller to free.  Out of memory, nothing is shifted.
 */
void
tty_scroll(struct tty_ctx *c, const struct grid *frame,
    const struct grid_cell **srow, uint8_t *differ, struct grid_cell **blankp)
{
	struct tty_scroll	 s;
	struct tty_scroll_shift	 sh;
	struct grid_cell	*blank;
	int			 y, x, i, sx = frame->sx, sy = frame->sy, sent = 0;

	*blankp = NULL;
	memset(&s, 0, sizeof s);
	s.first = -1;
	for (y = 0; y < sy; y++) {
		if (differ[y]) {
			if (s.first < 0)
				s.first = y;
			s.last = y;
		}
	}
	if (s.first < 0 || s.last - s.first < 1)
		return;			/* a region needs two rows */

	blank = calloc(sx, sizeof *blank);
	s.fh = calloc(sy, sizeof *s.fh);
	s.sh = calloc(sy, sizeof *s.sh);
	s.cost = calloc(sy, sizeof *s.cost);
	s.ink = calloc(sy, sizeof *s.ink);
	s.pcost = calloc(sy + 1, sizeof *s.pcost);
	s.pink = calloc(sy + 1, sizeof *s.pink);
	if (blank == NULL || s.fh == NULL || s.sh == NULL || s.cost == NULL ||
	    s.ink == NULL || s.pcost == NULL || s.pink == NULL) {
		free(blank);
		goto out;
	}
	for (x = 0; x < sx; x++) {
		blank[x].ch = ' ';
		blank[x].style = GRID_STYLE_DEFAULT;
	}
	*blankp = blank;
	s.frame = frame;
	s.srow = srow;
	s.differ = differ;
	s.blank = blank;
	s.c = c;
	s.bh = tty_scroll_hash(NULL, blank, sx);
	for (y = s.first; y <= s.last; y++) {
		const struct grid_cell *fr = tty_grid_row(frame, y);

		s.fh[y] = tty_scroll_hash(frame, fr, sx);
		s.sh[y] = tty_scroll_hash(c->shown, srow[y], sx);
		s.cost[y] = differ[y] ? tty_scroll_cost(c, fr, srow[y]) : 0;
		s.ink[y] = tty_scroll_cost(c, fr, blank);
	}

	for (i = 0; i < TTY_SCROLL_MAX; i++) {
		for (y = s.first; y <= s.last; y++) {
			s.pcost[y + 1] = s.pcost[y] + s.cost[y];
			s.pink[y + 1] = s.pink[y] + s.ink[y];
		}
		tty_scroll_best(&s, &sh);
		if (sh.gain <= 0 || !tty_scroll_check(&s, &sh))
			break;
		tty_scroll_send(c, &sh);
		tty_scroll_apply(&s, &sh);
		sent = 1;
	}
	if (sent) {
		buf_add(c->b, "\033[r", 3);	/* whole screen; home */
		c->cx = c->cy = 0;
	}
out:
	free(s.fh);
	free(s.sh);
	free(s.cost);
	free(s.ink);
	free(s.pcost);
	free(s.pink);
}
