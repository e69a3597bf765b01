/*
 * grid.h - a cell grid the size of a terminal: what one frame shows.
 *
 * A view draws a whole frame into a grid; the writer (screens/tty.h) compares
 * it with the grid the terminal already shows and sends only the changes.
 *
 * Each cell holds one code point and a style.  A wide character (two
 * columns) sits in its left cell; the right cell holds GRID_PAD.  The drawing
 * functions keep that invariant: overwriting either half of a wide
 * character blanks the other half.
 *
 * A character may carry up to GRID_MARKS_MAX combining marks (utf8_mark:
 * é as e + U+0301, Indic and Thai vowel signs, Hangul conjoining jamo), as
 * the text layer (src/term/clean.h) keeps them: text drawn with grid_put
 * attaches each mark to the character just written (the left half of a
 * wide one); a mark at the start of the text, after a space or anything
 * dropped (a control, invalid UTF-8), or beyond the fourth is dropped, and
 * writing over a character takes its marks away.  Marks take no column.
 * They are kept out of the cells, which stay small (a grid is per client
 * and most hold none): a cell holds the number of an entry in its grid's
 * side table of mark sequences, so a cell's marks only mean something with
 * its grid (grid_cell_marks, grid_cell_equal).
 *
 * Other zero-width code points (format characters, variation selectors)
 * are not stored: grid_put drops them, as it drops control characters and
 * invalid UTF-8, so a grid never holds anything the writer could send as a
 * control.
 *
 * Views draw box and board lines with the Unicode box-drawing characters
 * (and stones with ● ○); the writer picks the ASCII fallback for terminals
 * without UTF-8, so a view draws once.
 *
 * Coordinates are 0-based, x = column, y = row.  Everything clips at the
 * grid's edge; nothing writes outside it whatever the arguments.
 */
#ifndef SCREENS_GRID_H
#define SCREENS_GRID_H

#include <stddef.h>
#include <stdint.h>

#define GRID_MAX_SX 1000	/* larger terminals are clamped by the caller */
#define GRID_MAX_SY 1000

/* Attributes (grid_style.attr). */
#define GRID_BOLD	0x01
#define GRID_UNDERLINE	0x02
#define GRID_REVERSE	0x04
#define GRID_DIM	0x08

/*
 * Colours (grid_style.fg/bg): 0-7 the ANSI colours, 8-15 their bright
 * versions, 16-255 the xterm 256-colour palette, or GRID_DEFAULT.
 * The writer maps them to what the terminal can show.
 */
#define GRID_DEFAULT	0x100
#define GRID_BLACK	0
#define GRID_RED	1
#define GRID_GREEN	2
#define GRID_YELLOW	3
#define GRID_BLUE	4
#define GRID_MAGENTA	5
#define GRID_CYAN	6
#define GRID_WHITE	7
#define GRID_BRIGHT	8	/* add to 0-7 */

#define GRID_PAD	0	/* right half of a wide character */

/*
 * 4 bytes, in bit-fields: a colour takes 9 bits (0-255 or GRID_DEFAULT),
 * the attributes 8.  Members are read and set like plain integers; a
 * value too big for its field keeps only its low bits (a colour above
 * GRID_DEFAULT is no colour the writer knows either way).
 */
struct grid_style {
	uint32_t	fg:9;
	uint32_t	bg:9;
	uint32_t	attr:8;
	uint32_t	:6;
};

#define GRID_STYLE_DEFAULT \
	((struct grid_style){ GRID_DEFAULT, GRID_DEFAULT, 0 })

#define GRID_MARKS_MAX	4	/* marks on one character, as src/term keeps */

/*
 * 8 bytes, so that the grid a client's terminal shows (80x24: 15 KB) is
 * the smaller part of what an idle session costs.  A code point needs 21
 * bits; the other 11 of its word number the marks.  The grid keeps the
 * unused bits zero, so equal rows are equal bytes (the writer compares rows
 * with memcmp first); cells set by hand are still compared right, more
 * slowly.
 */
#define GRID_CELL_MARKS_BITS 11
#define GRID_MARKS_IDS	((1u << GRID_CELL_MARKS_BITS) - 1)	/* side table
					   entries a grid holds at most */

struct grid_cell {
	uint32_t		ch:21;	/* code point, or GRID_PAD */
	uint32_t		marks:GRID_CELL_MARKS_BITS; /* 0 none, else an
					   entry of the grid's side table */
	struct grid_style	style;
};

struct grid_marks;

struct grid {
	int			 sx, sy;
	struct grid_cell	*cells;	/* sy rows of sx cells */
	struct grid_marks	*marks;	/* mark sequences; NULL until one */

	/* Where the terminal's cursor is left after this frame. */
	int			 cx, cy;
	int			 cursor_visible;
};

/* Line kinds for boxes and lines. */
enum grid_line {
	GRID_LINE_LIGHT,	/* ─ │ ┌ */
	GRID_LINE_HEAVY,	/* ━ ┃ ┏ */
	GRID_LINE_DOUBLE,	/* ═ ║ ╔ */
	GRID_LINE_ROUND,	/* light lines with rounded corners ╭ */
};

/* Directions of a line piece in a cell, for grid_line_cell. */
#define GRID_UP		0x1
#define GRID_DOWN	0x2
#define GRID_LEFT	0x4
#define GRID_RIGHT	0x8

/*
 * A blank grid (spaces, default style, cursor hidden at 0,0); NULL if a size
 * is outside 1..GRID_MAX_* or memory runs out.
 */
struct grid	*grid_create(int sx, int sy);
void		 grid_free(struct grid *);
/* The bytes g holds (its cells and side table, not malloc's overhead):
 * what an idle client costs, for bench-grid. */
size_t		 grid_bytes(const struct grid *);
/* New size, contents blanked.  0, or -1 (grid unchanged). */
int		 grid_resize(struct grid *, int sx, int sy);
/* dst becomes a copy of src (resized if needed).  0, or -1. */
int		 grid_copy(struct grid *dst, const struct grid *src);

/* All cells become spaces in style (NULL = default). */
void		 grid_clear(struct grid *, const struct grid_style *);
/* The w x h cells at x,y of src into dst, marks and all (the grids are of
 * one size; the caller keeps wide characters whole): 0, or -1 when the
 * sizes differ. */
int		 grid_copy_rect(struct grid *dst, const struct grid *src, int x,
		    int y, int w, int h);

/* The cell at x,y, or NULL outside the grid. */
const struct grid_cell *grid_get(const struct grid *, int x, int y);

/* Inline: the writer compares every cell of every frame. */
static inline int
grid_style_equal(const struct grid_style *a, const struct grid_style *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attr == b->attr;
}

/* Cells a of grid ga and b of grid gb carry the same marks (any grids). */
int		 grid_marks_equal(const struct grid *ga,
		     const struct grid_cell *a, const struct grid *gb,
		     const struct grid_cell *b);

/*
 * Cell a of grid ga and cell b of grid gb show the same: character, style
 * and marks.  The grids are needed for the marks only; a cell without any
 * (marks 0) may come from no grid at all (NULL).
 */
static inline int
grid_cell_equal(const struct grid *ga, const struct grid_cell *a,
    const struct grid *gb, const struct grid_cell *b)
{
	if (a->ch != b->ch || !grid_style_equal(&a->style, &b->style))
		return 0;
	if ((a->marks | b->marks) == 0)
		return 1;	/* the usual case: no table to look at */
	return grid_marks_equal(ga, a, gb, b);
}

/*
 * The marks cell c of grid g carries, in order, into marks (NULL: only
 * count them); their number, 0 to GRID_MARKS_MAX.
 */
int		 grid_cell_marks(const struct grid *, const struct grid_cell *c,
		     uint32_t marks[GRID_MARKS_MAX]);

/*
 * Put one code point at x,y, without marks.  Returns the columns it took (1
 * or 2), or 0 if it was not stored (outside the grid, zero width - marks go
 * on with grid_mark -, a control, or a wide
 * character that does not fit before the right edge - then x,y becomes a
 * space so stale halves never show).
 */
int		 grid_set(struct grid *, int x, int y, uint32_t ch,
		     const struct grid_style *);

/*
 * Attach combining mark cp (utf8_mark) to the character at x,y, or to the
 * left half of the wide character whose pad x,y is.  1 if attached; 0 if
 * cp is not a mark, x,y is outside the grid or holds a space, the
 * character has GRID_MARKS_MAX already, or the side table is full
 * (GRID_MARKS_IDS different sequences on one screen) or out of memory.
 */
int		 grid_mark(struct grid *, int x, int y, uint32_t cp);

/*
 * Put a UTF-8 string at x,y in one style, clipped at the grid's edges (x may
 * be negative: the part left of column 0 is cut).  Returns the columns the
 * text advanced, so x + result is where following text goes; it stops at
 * the right edge.  grid_putn also stops after maxcols columns and len bytes
 * (a wide character that would cross maxcols is not drawn); the marks
 * after the last character that fits still go on it.  grid_printf formats
 * first (the text is then treated like grid_put's).
 */
int		 grid_put(struct grid *, int x, int y,
		     const struct grid_style *, const char *s);
int		 grid_putn(struct grid *, int x, int y, int maxcols,
		     const struct grid_style *, const char *s, size_t len);
int		 grid_printf(struct grid *, int x, int y,
		     const struct grid_style *, const char *fmt, ...)
		     __attribute__((format(printf, 5, 6)));

/* Fill w x h cells at x,y with ch (narrow or wide). */
void		 grid_fill(struct grid *, int x, int y, int w, int h,
		     uint32_t ch, const struct grid_style *);
/* Change only the style of w x h cells, keeping their characters. */
void		 grid_restyle(struct grid *, int x, int y, int w, int h,
		     const struct grid_style *);

/*
 * Lines.  Pieces join: drawing a line over another line of the same kind
 * merges the two (─ over │ gives ┼, a line ending on a box edge gives ├),
 * so boards and split boxes come out right whatever the drawing order.
 * grid_line_cell adds the pieces dirs (GRID_UP|...) to one cell.
 * grid_box draws a w x h frame (w, h >= 2) whose corners are x,y and
 * x+w-1,y+h-1; the inside is untouched.
 */
void		 grid_line_cell(struct grid *, int x, int y, unsigned dirs,
		     enum grid_line, const struct grid_style *);
void		 grid_hline(struct grid *, int x, int y, int w,
		     enum grid_line, const struct grid_style *);
void		 grid_vline(struct grid *, int x, int y, int h,
		     enum grid_line, const struct grid_style *);
void		 grid_box(struct grid *, int x, int y, int w, int h,
		     enum grid_line, const struct grid_style *);

/* The directions of the line piece ch draws, or 0 if not a line piece. */
unsigned	 grid_line_dirs(uint32_t ch);

/* Where to leave the cursor after this frame, and whether it shows. */
void		 grid_cursor(struct grid *, int x, int y, int visible);

#endif
