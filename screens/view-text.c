/*
 * view-text.c - laying out text for the views: word wrapping, cutting with
 * an ellipsis, centring.  Widths come from screens/utf8 (the same table the
 * grid uses), so what is measured here is what the grid draws.
 */
#include <string.h>

#include "screens/grid.h"
#include "screens/utf8.h"
#include "screens/views.h"

#define VIEW_ELLIPSIS "\xe2\x80\xa6"	/* U+2026; the writer has a fallback */

/* The next code point at s[i] (len bytes): its byte length and width. */
static size_t
view_text_next(const char *s, size_t len, size_t i, uint32_t *cp, int *w)
{
	size_t	 skip;
	int	 n;

	n = utf8_decode(s + i, len - i, cp, &skip);
	if (n <= 0) {		/* invalid or truncated: drawn as nothing */
		*cp = UTF8_REPLACEMENT;
		*w = 0;
		return n < 0 ? skip : len - i;
	}
	*w = utf8_width(*cp);
	if (*w < 0)
		*w = 0;
	return (size_t)n;
}

/*
 * Punctuation that must not begin a line of Chinese or Japanese (a comma,
 * a full stop, a closing bracket): the line breaks before the character
 * ahead of it instead.
 */
static int
view_text_no_start(uint32_t cp)
{
	switch (cp) {
	case 0x3001: case 0x3002:		/* 、。 */
	case 0x300d: case 0x300f: case 0x3011:	/* 」』】 */
	case 0xff01: case 0xff09: case 0xff0c:	/* ！）， */
	case 0xff1a: case 0xff1b: case 0xff1f:	/* ：；？ */
		return 1;
	}
	return 0;
}

size_t
view_text_line(const char *s, size_t len, int w, size_t *next)
{
	size_t		 i = 0, n, brk = 0, end;
	int		 col = 0, cw, have_brk = 0, wide = 0;
	uint32_t	 cp;

	if (w < 1)
		w = 1;
	while (i < len) {
		n = view_text_next(s, len, i, &cp, &cw);
		if (cp == '\n') {
			end = i;
			*next = i + n;
			goto trim;
		}
		if (cp == ' ') {
			brk = i;
			have_brk = 1;
		} else if (i > 0 && (cw == 2 || wide) &&
		    !view_text_no_start(cp)) {
			/* Chinese is written without spaces: a line may
			 * break beside any wide character. */
			brk = i;
			have_brk = 1;
		}
		wide = cw == 2;
		if (col + cw > w) {
			if (cp == ' ') {	/* break on this very space */
				end = i;
				*next = i;
			} else if (have_brk) {
				end = brk;
				*next = brk;
			} else {
				/* One word longer than the line. */
				end = i;
				*next = i;
				if (i == 0) {	/* a wide char in 1 column */
					end = n;
					*next = n;
				}
			}
			while (*next < len && s[*next] == ' ')
				(*next)++;
			goto trim;
		}
		col += cw;
		i += n;
	}
	end = len;
	*next = len;
trim:
	while (end > 0 && s[end - 1] == ' ')
		end--;
	return end;
}

int
view_text_rows(const char *s, int w)
{
	size_t	 len, pos = 0, next;
	int	 rows = 0;

	if (s == NULL)
		return 1;
	len = strlen(s);
	do {
		view_text_line(s + pos, len - pos, w, &next);
		pos += next;
		rows++;
	} while (pos < len);
	return rows;
}

int
view_text_wrap(struct grid *g, int x, int y, int w, int h,
    const struct grid_style *style, const char *s)
{
	size_t	 len, pos = 0, next, n;
	int	 row = 0, cols;

	if (s == NULL || w < 1 || h < 1)
		return 0;
	len = strlen(s);
	while (pos < len && row < h) {
		n = view_text_line(s + pos, len - pos, w, &next);
		if (row == h - 1 && pos + next < len) {
			/* The last row and more to come: cut it here. */
			cols = grid_putn(g, x, y + row, w - 1, style, s + pos,
			    n);
			grid_put(g, x + cols, y + row, style, VIEW_ELLIPSIS);
		} else
			grid_putn(g, x, y + row, w, style, s + pos, n);
		pos += next;
		row++;
	}
	return row;
}

int
view_text_fit(struct grid *g, int x, int y, int w,
    const struct grid_style *style, const char *s)
{
	int	 cols;

	if (s == NULL || w < 1)
		return 0;
	if (utf8_strwidth(s) <= w)
		return grid_putn(g, x, y, w, style, s, strlen(s));
	cols = grid_putn(g, x, y, w - 1, style, s, strlen(s));
	return cols + grid_put(g, x + cols, y, style, VIEW_ELLIPSIS);
}

int
view_text_centre(struct grid *g, int x, int y, int w,
    const struct grid_style *style, const char *s)
{
	int	 sw;

	if (s == NULL || w < 1)
		return 0;
	sw = utf8_strwidth(s);
	if (sw >= w)
		return view_text_fit(g, x, y, w, style, s);
	return grid_putn(g, x + (w - sw) / 2, y, w, style, s, strlen(s));
}
