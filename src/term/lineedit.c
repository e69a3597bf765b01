/*
 * lineedit.c - the one-line editor (see lineedit.h).
 *
 * The text is an array of code points; the UTF-8 string is rebuilt after
 * every change (lines are short) so lineedit_text can stay const.
 *
 * Every idle lobby session has a chat line, and nearly all of them are
 * empty: the arrays are allocated on the first character, grow by doubling
 * up to the bounds, and go when the line is empty again, so an empty line
 * costs its struct alone.  Memory given back or left behind by growing is
 * wiped first (the same editor takes passwords).
 */
#include <stdlib.h>
#include <string.h>

#include "src/term/clean.h"
#include "src/term/keys.h"
#include "src/term/lineedit.h"
#include "screens/utf8.h"

#define LINEEDIT_MAX_CHARS 65536
#define LINEEDIT_MAX_BYTES (4 * LINEEDIT_MAX_CHARS)
#define LINEEDIT_FIRST 16	/* code points of a new line's arrays */

struct lineedit {
	uint32_t	*text;		/* cap code points; NULL while empty */
	size_t		 cap;
	size_t		 n;		/* code points held */
	size_t		 bytes;		/* their UTF-8 length */
	size_t		 cursor;	/* 0..n */
	size_t		 scroll;	/* first code point shown */
	size_t		 max_chars;
	size_t		 max_bytes;
	int		 flags;
	int		 full;		/* an insertion did not fit */
	char		*str;		/* room for the UTF-8 of cap code
					   points and a NUL; NULL while empty */
};

struct lineedit *
lineedit_create(size_t max_chars, size_t max_bytes, int flags)
{
	struct lineedit	*le;

	if (max_chars < 1 || max_chars > LINEEDIT_MAX_CHARS ||
	    max_bytes < 4 || max_bytes > LINEEDIT_MAX_BYTES)
		return NULL;
	le = calloc(1, sizeof *le);
	if (le == NULL)
		return NULL;
	le->max_chars = max_chars;
	le->max_bytes = max_bytes;
	le->flags = flags;
	return le;
}

/* The string's room for cap code points. */
static size_t
lineedit_str_size(const struct lineedit *le, size_t cap)
{
	return (4 * cap < le->max_bytes ? 4 * cap : le->max_bytes) + 1;
}

/* Wipe and free the arrays (the line is empty, or going). */
static void
lineedit_release(struct lineedit *le)
{
	if (le->text != NULL)
		memset(le->text, 0, le->cap * sizeof *le->text);
	if (le->str != NULL)
		memset(le->str, 0, lineedit_str_size(le, le->cap));
	free(le->text);
	free(le->str);
	le->text = NULL;
	le->str = NULL;
	le->cap = 0;
}

/* Room for n code points.  0, or -1 (out of memory: unchanged). */
static int
lineedit_reserve(struct lineedit *le, size_t n)
{
	uint32_t	*text;
	char		*str;
	size_t		 cap;

	if (n <= le->cap)
		return 0;
	for (cap = le->cap > 0 ? le->cap : LINEEDIT_FIRST; cap < n; cap *= 2)
		;
	if (cap > le->max_chars)
		cap = le->max_chars;
	text = calloc(cap, sizeof *text);
	str = calloc(lineedit_str_size(le, cap), 1);
	if (text == NULL || str == NULL) {
		free(text);
		free(str);
		return -1;
	}
	if (le->n > 0) {
		memcpy(text, le->text, le->n * sizeof *text);
		memcpy(str, le->str, le->bytes + 1);
	}
	lineedit_release(le);
	le->text = text;
	le->str = str;
	le->cap = cap;
	return 0;
}

void
lineedit_free(struct lineedit *le)
{
	if (le == NULL)
		return;
	lineedit_release(le);
	free(le);
}

size_t
lineedit_bytes(const struct lineedit *le)
{
	return sizeof *le + (le->text != NULL ? le->cap * sizeof *le->text +
	    lineedit_str_size(le, le->cap) : 0);
}

static void
lineedit_sync(struct lineedit *le)
{
	size_t	 i, len = 0;

	if (le->n == 0) {
		lineedit_release(le);
		le->bytes = 0;
		return;
	}
	for (i = 0; i < le->n; i++)
		len += utf8_encode(le->text[i], le->str + len);
	le->str[len] = '\0';
	le->bytes = len;
}

const char *
lineedit_text(const struct lineedit *le)
{
	return le->str != NULL ? le->str : "";
}

size_t
lineedit_chars(const struct lineedit *le)
{
	return le->n;
}

size_t
lineedit_cursor(const struct lineedit *le)
{
	return le->cursor;
}

void
lineedit_set_flags(struct lineedit *le, int flags)
{
	le->flags = flags;
}

void
lineedit_clear(struct lineedit *le)
{
	le->n = le->cursor = le->scroll = 0;
	le->full = 0;
	lineedit_sync(le);
}

static int
lineedit_is_mark(const struct lineedit *le, size_t i)
{
	return i < le->n && clean_mark(le->text[i]);
}

/* The start of the character after the one at i (i is a start). */
static size_t
lineedit_next(const struct lineedit *le, size_t i)
{
	if (i < le->n)
		i++;
	while (lineedit_is_mark(le, i))
		i++;
	return i;
}

/* The start of the character before i. */
static size_t
lineedit_prev(const struct lineedit *le, size_t i)
{
	if (i > 0)
		i--;
	while (i > 0 && lineedit_is_mark(le, i))
		i--;
	return i;
}

/* May a mark go at the cursor: is there a character to sit on, with room
 * for one more? */
static int
lineedit_mark_fits(const struct lineedit *le)
{
	size_t	 at = le->cursor;

	while (at > 0 && clean_mark(le->text[at - 1]))
		at--;
	return at > 0 && !clean_space(le->text[at - 1]) &&
	    le->cursor - at < CLEAN_MARKS_MAX;
}

/* Insert cp at the cursor, or refuse: 0 or -1. */
static int
lineedit_insert(struct lineedit *le, uint32_t cp)
{
	if (!clean_char_ok(cp) || utf8_width(cp) < 0)
		return -1;
	if (clean_mark(cp) && !lineedit_mark_fits(le))
		return -1;
	if (le->full)
		return -1;
	if (le->n + 1 > le->max_chars ||
	    le->bytes + utf8_len(cp) > le->max_bytes) {
		le->full = 1;
		return -1;
	}
	if (lineedit_reserve(le, le->n + 1) != 0)
		return -1;
	memmove(le->text + le->cursor + 1, le->text + le->cursor,
	    (le->n - le->cursor) * sizeof *le->text);
	le->text[le->cursor++] = cp;
	le->n++;
	le->bytes += utf8_len(cp);
	return 0;
}

/* Remove code points [from, to). */
static void
lineedit_cut(struct lineedit *le, size_t from, size_t to)
{
	if (from >= to)
		return;		/* nothing, maybe not even arrays */
	memmove(le->text + from, le->text + to,
	    (le->n - to) * sizeof *le->text);
	le->n -= to - from;
	if (le->cursor > to)
		le->cursor -= to - from;
	else if (le->cursor > from)
		le->cursor = from;
}

int
lineedit_set(struct lineedit *le, const char *s)
{
	size_t		 len = strlen(s), skip;
	uint32_t	 cp;
	int		 n, dropped = 0;

	lineedit_clear(le);
	while (len > 0) {
		n = utf8_decode(s, len, &cp, &skip);
		if (n <= 0) {
			if (n == 0)
				skip = len;
			s += skip;
			len -= skip;
			dropped = 1;
			continue;
		}
		s += n;
		len -= n;
		if (lineedit_insert(le, cp) != 0)
			dropped = 1;
	}
	lineedit_sync(le);
	return dropped ? -1 : 0;
}

static int
lineedit_isspace(uint32_t cp)
{
	return cp == ' ' || cp == 0x3000 || cp == 0xa0;
}

static size_t
lineedit_word_left(const struct lineedit *le)
{
	size_t	 i = le->cursor;

	while (i > 0 && lineedit_isspace(le->text[i - 1]))
		i--;
	while (i > 0 && !lineedit_isspace(le->text[i - 1]))
		i--;
	return i;
}

static size_t
lineedit_word_right(const struct lineedit *le)
{
	size_t	 i = le->cursor;

	while (i < le->n && lineedit_isspace(le->text[i]))
		i++;
	while (i < le->n && !lineedit_isspace(le->text[i]))
		i++;
	return i;
}

enum lineedit_result
lineedit_key(struct lineedit *le, const struct key_event *ev)
{
	size_t		 old_cursor = le->cursor, old_n = le->n, to;
	uint32_t	 key = ev->key;
	unsigned	 mods = ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT);

	if (mods == KEY_MOD_CTRL && key < KEY_BASE) {
		switch (key) {
		case 'a':
			le->cursor = 0;
			break;
		case 'e':
			le->cursor = le->n;
			break;
		case 'b':
			le->cursor = lineedit_prev(le, le->cursor);
			break;
		case 'f':
			le->cursor = lineedit_next(le, le->cursor);
			break;
		case 'k':
			lineedit_cut(le, le->cursor, le->n);
			break;
		case 'u':
			lineedit_cut(le, 0, le->cursor);
			break;
		case 'w':
			lineedit_cut(le, lineedit_word_left(le), le->cursor);
			break;
		case 'd':
			if (le->n == 0)
				return LINEEDIT_IGNORED;	/* EOF-ish */
			lineedit_cut(le, le->cursor,
			    lineedit_next(le, le->cursor));
			break;
		default:
			return LINEEDIT_IGNORED;
		}
	} else if (mods == KEY_MOD_ALT) {
		switch (key) {
		case 'b':
			le->cursor = lineedit_word_left(le);
			break;
		case 'f':
			le->cursor = lineedit_word_right(le);
			break;
		case 'd':
			to = lineedit_word_right(le);
			lineedit_cut(le, le->cursor, to);
			break;
		case KEY_BACKSPACE:
			lineedit_cut(le, lineedit_word_left(le), le->cursor);
			break;
		default:
			return LINEEDIT_IGNORED;
		}
	} else if (key == KEY_ENTER) {
		return LINEEDIT_ENTER;
	} else if (key == KEY_BACKSPACE) {
		if (le->cursor > 0)
			lineedit_cut(le, le->cursor - 1, le->cursor);
	} else if (key == KEY_DELETE) {
		lineedit_cut(le, le->cursor, lineedit_next(le, le->cursor));
	} else if (key == KEY_LEFT) {
		if (mods & KEY_MOD_CTRL)
			le->cursor = lineedit_word_left(le);
		else
			le->cursor = lineedit_prev(le, le->cursor);
	} else if (key == KEY_RIGHT) {
		if (mods & KEY_MOD_CTRL)
			le->cursor = lineedit_word_right(le);
		else
			le->cursor = lineedit_next(le, le->cursor);
	} else if (key == KEY_HOME) {
		le->cursor = 0;
	} else if (key == KEY_END) {
		le->cursor = le->n;
	} else if (key < KEY_BASE && mods == 0) {
		if (lineedit_insert(le, key) != 0)
			return LINEEDIT_UNCHANGED;
		lineedit_sync(le);
		return LINEEDIT_CHANGED;
	} else
		return LINEEDIT_IGNORED;

	if (le->n != old_n)
		lineedit_sync(le);
	if (le->n != old_n || le->cursor != old_cursor) {
		le->full = 0;	/* room made, or a new place to type */
		return LINEEDIT_CHANGED;
	}
	return LINEEDIT_UNCHANGED;
}

static int
lineedit_width(const struct lineedit *le, size_t i)
{
	if (lineedit_is_mark(le, i))
		return 0;
	if (le->flags & LINEEDIT_STARS)
		return 1;
	return utf8_width(le->text[i]);
}

/* Columns of code points [from, to). */
static size_t
lineedit_cols(const struct lineedit *le, size_t from, size_t to)
{
	size_t	 cols = 0;

	for (; from < to; from++)
		cols += lineedit_width(le, from);
	return cols;
}

int
lineedit_view(struct lineedit *le, int width, char *out, size_t outlen,
    int *cursor_col)
{
	size_t	 cols, total, len = 0, i;
	int	 w;

	*cursor_col = 0;
	if (outlen > 0)
		out[0] = '\0';
	if (width <= 0 || outlen == 0 || (le->flags & LINEEDIT_HIDDEN))
		return 0;

	/* Keep the cursor inside the field (its cell is column width-1 at
	 * most), then use any room on the right to show more on the left. */
	/* The window starts on a character, never on its marks (edits
	 * may have moved text under it). */
	if (le->scroll > le->cursor)
		le->scroll = le->cursor;
	while (le->scroll > 0 && lineedit_is_mark(le, le->scroll))
		le->scroll--;
	cols = lineedit_cols(le, le->scroll, le->cursor);
	while (le->scroll < le->cursor && cols > (size_t)width - 1) {
		size_t next = lineedit_next(le, le->scroll);

		cols -= lineedit_cols(le, le->scroll, next);
		le->scroll = next;
	}
	total = cols + lineedit_cols(le, le->cursor, le->n) +
	    (le->cursor == le->n);
	while (le->scroll > 0) {
		size_t prev = lineedit_prev(le, le->scroll);

		w = (int)lineedit_cols(le, prev, le->scroll);
		if (total + w > (size_t)width || cols + w > (size_t)width - 1)
			break;
		le->scroll = prev;
		total += w;
		cols += w;
	}

	cols = 0;
	for (i = le->scroll; i < le->n; i++) {
		char	enc[4];
		int	n;

		w = lineedit_width(le, i);
		if (cols + w > (size_t)width)
			break;
		if ((le->flags & LINEEDIT_STARS) && w == 0)
			n = 0;	/* a mark: its character has the star */
		else if (le->flags & LINEEDIT_STARS) {
			enc[0] = '*';
			n = 1;
		} else
			n = utf8_encode(le->text[i], enc);
		if (len + n > outlen - 1)
			break;
		memcpy(out + len, enc, n);
		len += n;
		cols += w;
	}
	out[len] = '\0';
	*cursor_col = (int)lineedit_cols(le, le->scroll, le->cursor);
	if (*cursor_col > width - 1)
		*cursor_col = width - 1;
	return (int)cols;
}
