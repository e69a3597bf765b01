/*
 * lineedit.h - a one-line editor for chat and form fields.
 *
 * Holds code points, so the cursor never lands inside a character.  Bounded
 * both in code points and in UTF-8 bytes: an insertion that would pass
 * either bound is refused, and the line is then full: nothing more is
 * inserted until something is deleted or the cursor moves, so a paste too
 * long for the line is cut where it stopped fitting, never with holes
 * (terminals need not bracket a paste, so it cannot be told from typing).
 * Characters that clean_char_ok() rejects (controls, bidi, zero-width, ...)
 * are never inserted, so the text is already clean.
 *
 * Combining marks (clean_mark()) are kept as clean_text keeps them: on the
 * character before them, CLEAN_MARKS_MAX at most, never on a space or at
 * the start.  A character and its marks are one for the cursor (Left,
 * Right, Delete and the view step over them together); Backspace takes
 * back the last code point, so a mark typed after a letter goes first.
 * lineedit_chars and lineedit_cursor still count code points.
 *
 * Keys (src/term/keys.h): printable characters insert; Left/Right/Home/End,
 * Ctrl-A/E/B/F move; Backspace/^H, Delete/Ctrl-D delete; Ctrl-K kills to the
 * end, Ctrl-U to the start, Ctrl-W the word before the cursor; Alt-B/Alt-F
 * move by words; Enter ends the line.  Other keys are left to the caller.
 *
 * Showing it: lineedit_view gives the visible part for a field of some width
 * (scrolled horizontally so the cursor stays visible) as a UTF-8 string
 * plus the cursor's column, which src/ hands to the view that draws the
 * field (views in screens/ never see this struct).
 */
#ifndef SRC_LINEEDIT_H
#define SRC_LINEEDIT_H

#include <stddef.h>
#include <stdint.h>

struct key_event;

/* lineedit_create flags */
#define LINEEDIT_HIDDEN	0x1	/* password: show nothing */
#define LINEEDIT_STARS	0x2	/* password: show one '*' per character */

enum lineedit_result {
	LINEEDIT_IGNORED,	/* not an editing key: the caller's */
	LINEEDIT_UNCHANGED,	/* an editing key with no effect (refused) */
	LINEEDIT_CHANGED,	/* text or cursor moved: redraw */
	LINEEDIT_ENTER,		/* Enter: lineedit_text() is the line */
};

struct lineedit;

/* max_chars >= 1 code points, max_bytes >= 4 bytes of UTF-8. NULL when out
 * of memory or a bound is out of range. */
struct lineedit	*lineedit_create(size_t max_chars, size_t max_bytes,
		    int flags);
void		 lineedit_free(struct lineedit *);
/* The bytes it holds (not malloc's overhead): an empty line holds only its
 * struct, whatever its bounds (what an idle session's chat line costs). */
size_t		 lineedit_bytes(const struct lineedit *);

enum lineedit_result lineedit_key(struct lineedit *,
		    const struct key_event *);

/* The text as a NUL-terminated UTF-8 string (valid until the next change). */
const char	*lineedit_text(const struct lineedit *);
size_t		 lineedit_chars(const struct lineedit *);	/* code points */
size_t		 lineedit_cursor(const struct lineedit *);	/* 0..chars */
void		 lineedit_clear(struct lineedit *);
/* Replace the text (e.g. a form's default); what does not fit or is not
 * allowed is dropped; the cursor goes to the end.  Returns 0, or -1 if
 * anything was dropped. */
int		 lineedit_set(struct lineedit *, const char *);
void		 lineedit_set_flags(struct lineedit *, int flags);

/*
 * The visible window for a field `width` columns wide: at most outlen-1 bytes
 * of UTF-8 in out (NUL-terminated) and *cursor_col, the cursor's column in
 * the field (0..width-1).  Returns the columns of text placed.  Keeps its
 * scroll position between calls, moving it only as far as needed.
 */
int		 lineedit_view(struct lineedit *, int width, char *out,
		    size_t outlen, int *cursor_col);

#endif
