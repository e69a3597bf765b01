/*
 * tty.h - the writer: the bytes that bring a terminal from what it shows to
 * a new frame.
 *
 * tty_diff compares two grids and appends ANSI bytes to a buf: only changed
 * cells are written; the cursor is moved by the cheapest of CUP, relative
 * moves, CR/LF, backspace or simply rewriting the cells in between; SGR is
 * emitted only when the style changes (by the shorter of a reset or the
 * individual "off" codes).  The terminal's capabilities choose UTF-8 or the
 * ASCII fallback (box drawing -> + - |, ● -> X, ○ -> O, Latin-1 letters
 * without their accents, anything else -> ?, a wide character -> ??) and the
 * colours (256; 16 with the 256 palette mapped to the nearest of the 16; none
 * = attributes only).
 *
 * The writer is stateless.  Before a diff it assumes the terminal shows
 * `shown` exactly, with default SGR, cursor at shown->cx,cy and visibility
 * shown->cursor_visible; after the bytes it appends, the terminal shows
 * `frame`, with default SGR, the cursor at frame->cx,cy and shown or hidden
 * as frame->cursor_visible.  So the caller keeps one grid per client of
 * what was sent and copies (grid_copy) each frame into it after sending.
 *
 * shown = NULL means "unknown" (a new client, after a resize, after output
 * was lost): the screen is cleared and the whole frame drawn.  A shown grid
 * of another size than frame is treated as unknown.
 *
 * Autowrap is assumed on (the terminal default; tty_enter sets it): writing
 * the last column leaves the cursor waiting to wrap, and the writer always
 * moves it off that state before writing again, in a way that works with
 * xterm and with libvterm (which only drops a pending wrap when the cursor
 * really moves).  It never sends LF on the last row, so the screen never
 * scrolls as a whole.
 *
 * A band of full rows that moved up or down (a chat pane when a line
 * arrives) is shifted by the terminal instead of rewritten: a scroll region
 * (DECSTBM) around it, LF, RI, DL or IL inside it, then the region reset to
 * the whole screen, all before any cell is written (so with the default
 * SGR: the lines scrolled in are blank in the default colours).  Only the
 * lines scrolled in and other changes are then written.  The writer takes
 * a shift when it estimates fewer bytes that way.  Origin mode is assumed
 * off (the default).  On a terminal's main screen a region that starts at
 * the top row may copy the lines it scrolls out to the scrollback, as
 * xterm and libvterm do; tty_enter switches to the alternate screen, which
 * has none.
 */
#ifndef SCREENS_TTY_H
#define SCREENS_TTY_H

#include "screens/buf.h"
#include "screens/grid.h"
#include "screens/tty-caps.h"

/* tty_enter flags */
#define TTY_MOUSE 0x1	/* turn on mouse reports (1000 + SGR 1006) */

void	tty_diff(struct buf *, const struct grid *shown,
	    const struct grid *frame, const struct tty_caps *);

/*
 * Entering: alternate screen, autowrap on, cursor hidden, mouse reports if
 * asked, SGR reset, screen cleared.  Leaving: mouse off, SGR reset, cursor
 * shown, back to the normal screen.  After tty_enter the terminal state is
 * "unknown" for tty_diff (pass shown = NULL next).  tty_mouse turns on
 * press/release/wheel reports (1000) in the SGR format (1006), which
 * src/keys decodes.
 */
void	tty_enter(struct buf *, const struct tty_caps *, int flags);
void	tty_leave(struct buf *, const struct tty_caps *);
void	tty_mouse(struct buf *, int on);
void	tty_cursor_visible(struct buf *, int on);
/* The cursor to column x, row y (0-based), by CUP. */
void	tty_cursor_to(struct buf *, int x, int y);
void	tty_clear(struct buf *);	/* SGR reset, clear, home */

/*
 * The ASCII character the writer sends for ch on an ASCII terminal
 * (tty-acs.c).  The 16-colour index it uses for a 256-palette colour is
 * colour_256to16 (colour.h).
 */
char	tty_acs_ascii(uint32_t ch);

#endif
