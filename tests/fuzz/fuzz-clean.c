/*
 * fuzz-clean.c - the cleaner and the line editor on arbitrary bytes.
 *
 * The input is cleaned with parameters it chooses, and typed into a line
 * editor through the key decoder.  Everything that comes out must be valid
 * UTF-8 of allowed characters, within its byte and column bounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/term/clean.h"
#include "src/term/keys.h"
#include "src/term/lineedit.h"
#include "screens/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check_text(const char *s, size_t len, int maxcols)
{
	uint32_t	cp;
	size_t		skip;
	int		n, cols = 0;

	if (strlen(s) != len)
		abort();
	while (len > 0) {
		n = utf8_decode(s, len, &cp, &skip);
		if (n <= 0 || !clean_char_ok(cp) || utf8_width(cp) < 0)
			abort();
		cols += utf8_width(cp);
		s += n;
		len -= n;
	}
	if (maxcols >= 0 && cols > maxcols)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char			 out[256], view[128];
	struct lineedit		*le;
	struct keys		 k;
	struct key_event	 ev[8];
	size_t			 len, used, n, i, outsize;
	int			 maxcols, width, col, flags;

	if (size < 3)
		return 0;
	outsize = 1 + data[0] % sizeof out;
	maxcols = (int)(data[1] % 80) - 1;
	width = 1 + data[2] % 40;
	flags = data[2] >> 6;
	data += 3;
	size -= 3;

	len = clean_text(out, outsize, data, size, maxcols, flags);
	if (len >= outsize)
		abort();
	check_text(out, len, maxcols);

	le = lineedit_create(1 + width, 4 * width, width & 1 ?
	    LINEEDIT_STARS : 0);
	if (le == NULL)
		abort();
	keys_init(&k);
	while (size > 0) {
		n = 8;
		used = keys_feed(&k, data, size, ev, &n);
		data += used;
		size -= used;
		for (i = 0; i < n; i++) {
			lineedit_key(le, &ev[i]);
			check_text(lineedit_text(le),
			    strlen(lineedit_text(le)), -1);
			if (lineedit_chars(le) > (size_t)width + 1 ||
			    strlen(lineedit_text(le)) > (size_t)(4 * width) ||
			    lineedit_cursor(le) > lineedit_chars(le))
				abort();
			lineedit_view(le, width, view, sizeof view, &col);
			if (col < 0 || col >= width ||
			    utf8_strwidth(view) > width)
				abort();
		}
	}
	if (keys_timeout(&k, ev))
		lineedit_key(le, ev);
	lineedit_free(le);
	return 0;
}
