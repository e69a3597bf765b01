/*
 * clean.c - the cleaner for user text (see clean.h).
 *
 * Text is cleaned once, when it arrives, so everything stored and shown is
 * already safe; the grid and the writer refuse controls again on output.
 */
#include <stdio.h>
#include <string.h>

#include "src/term/clean.h"
#include "screens/utf8.h"

struct clean_range {
	uint32_t	first;
	uint32_t	last;
};

/*
 * Code points never allowed in user text: every format character (general
 * category Cf in Unicode 14: bidi controls, zero-width characters, invisible
 * operators, tags, ...), and the other invisible or layout-breaking ones
 * people use to spoof names (fillers, variation selectors, CGJ, line and
 * paragraph separators).  Sorted.
 */
static const struct clean_range clean_banned[] = {
	{ 0x00ad, 0x00ad },	/* soft hyphen */
	{ 0x034f, 0x034f },	/* combining grapheme joiner */
	{ 0x0600, 0x0605 },	/* Arabic number signs (Cf) */
	{ 0x061c, 0x061c },	/* Arabic letter mark (bidi) */
	{ 0x06dd, 0x06dd },
	{ 0x070f, 0x070f },
	{ 0x0890, 0x0891 },
	{ 0x08e2, 0x08e2 },
	{ 0x115f, 0x1160 },	/* Hangul fillers */
	{ 0x17b4, 0x17b5 },	/* Khmer inherent vowels (invisible) */
	{ 0x180b, 0x180f },	/* Mongolian selectors, vowel separator */
	{ 0x200b, 0x200f },	/* zero-width space/joiners, LRM, RLM */
	{ 0x2028, 0x202e },	/* line/para separators, bidi embeddings */
	{ 0x2060, 0x2064 },	/* word joiner, invisible operators */
	{ 0x2066, 0x206f },	/* bidi isolates, deprecated format */
	{ 0x3164, 0x3164 },	/* Hangul filler */
	{ 0xfe00, 0xfe0f },	/* variation selectors */
	{ 0xfeff, 0xfeff },	/* zero-width no-break space, BOM */
	{ 0xffa0, 0xffa0 },	/* halfwidth Hangul filler */
	{ 0xfff9, 0xfffb },	/* interlinear annotation */
	{ 0x110bd, 0x110bd },
	{ 0x110cd, 0x110cd },
	{ 0x13430, 0x13438 },	/* Egyptian hieroglyph format controls */
	{ 0x1bca0, 0x1bca3 },	/* shorthand format controls */
	{ 0x1d173, 0x1d17a },	/* musical format controls */
	{ 0xe0000, 0xe007f },	/* tags */
	{ 0xe0100, 0xe01ef },	/* variation selectors supplement */
};

int
clean_char_ok(uint32_t cp)
{
	size_t	 lo = 0, hi = sizeof clean_banned / sizeof clean_banned[0];

	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return 0;		/* C0, DEL, C1 */
	if (cp < 0xad)
		return 1;
	if (cp > UTF8_MAX || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe)
		return 0;		/* noncharacters */
	if ((cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000)
		return 0;		/* private use: width unknown */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp < clean_banned[mid].first)
			hi = mid;
		else if (cp > clean_banned[mid].last)
			lo = mid + 1;
		else
			return 0;
	}
	return 1;
}

int
clean_mark(uint32_t cp)
{
	return utf8_width(cp) == 0 && clean_char_ok(cp);
}

int
clean_space(uint32_t cp)
{
	return cp == ' ' || cp == 0xa0 || cp == 0x1680 ||
	    (cp >= 0x2000 && cp <= 0x200a) || cp == 0x202f || cp == 0x205f ||
	    cp == 0x3000;
}

size_t
clean_text(char *out, size_t outsize, const void *in, size_t inlen,
    int maxcols, int flags)
{
	const char	*p = in;
	char		 enc[4];
	size_t		 len = 0, skip;
	uint32_t	 cp;
	int		 n, w, cols = 0, bad = 0, space = 0, cr = 0;
	int		 marks = -1;	/* on the last character; -1: none to
					   sit on */

	if (outsize == 0)
		return 0;
	while (inlen > 0) {
		n = utf8_decode(p, inlen, &cp, &skip);
		if (n <= 0) {
			if (n == 0)
				skip = inlen;	/* truncated at the end */
			p += skip;
			inlen -= skip;
			if (bad || (flags & CLEAN_ASCII))
				continue;
			bad = 1;	/* one U+FFFD per invalid run */
			cp = UTF8_REPLACEMENT;
		} else {
			p += n;
			inlen -= n;
			bad = 0;
		}

		if (cp == '\n' && cr) {
			cr = 0;
			continue;	/* CR LF: one space */
		}
		cr = cp == '\r';
		if (cp == '\t' || cp == '\r' || cp == '\n')
			cp = ' ';
		if (!clean_char_ok(cp))
			continue;
		if ((flags & CLEAN_ASCII) && cp > 0x7e)
			continue;
		if ((flags & CLEAN_TRIM) && clean_space(cp)) {
			space = len > 0;	/* leading spaces go */
			marks = -1;
			continue;
		}
		if (clean_mark(cp)) {
			if (marks < 0 || marks >= CLEAN_MARKS_MAX)
				continue;
			marks++;
		} else
			marks = clean_space(cp) ? -1 : 0;
		if (space) {
			/* The squeezed space, only if the next one fits too. */
			w = utf8_width(cp);
			if ((maxcols >= 0 && cols + 1 + (w > 0 ? w : 0) >
			    maxcols) || len + 1 + utf8_len(cp) > outsize - 1)
				break;
			out[len++] = ' ';
			cols++;
			space = 0;
		}
		w = utf8_width(cp);
		if (w < 0)
			continue;
		if (maxcols >= 0 && cols + w > maxcols)
			break;
		n = utf8_encode(cp, enc);
		if (len + n > outsize - 1)
			break;
		memcpy(out + len, enc, n);
		len += n;
		cols += w;
	}
	out[len] = '\0';
	return len;
}

int
clean_name(const char *name, char *why, size_t whylen)
{
	const unsigned char	*p = (const unsigned char *)name;
	size_t			 n;

	if (why != NULL && whylen > 0)
		why[0] = '\0';
	for (n = 0; p[n] != '\0'; n++) {
		unsigned char c = p[n];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_')
			continue;
		if (why == NULL || whylen == 0)
			return -1;
		if (c == ' ')
			snprintf(why, whylen, "a name may not contain spaces");
		else if (c > 0x20 && c < 0x7f)
			snprintf(why, whylen, "a name may use only letters "
			    "A-Z, digits, '-' and '_', not '%c'", c);
		else
			snprintf(why, whylen, "a name may use only letters "
			    "A-Z, digits, '-' and '_' (no accents, symbols "
			    "or control characters)");
		return -1;
	}
	if (n < CLEAN_NAME_MIN) {
		if (why != NULL && whylen > 0)
			snprintf(why, whylen, "a name needs at least %d "
			    "characters", CLEAN_NAME_MIN);
		return -1;
	}
	if (n > CLEAN_NAME_MAX) {
		if (why != NULL && whylen > 0)
			snprintf(why, whylen, "a name has at most %d "
			    "characters", CLEAN_NAME_MAX);
		return -1;
	}
	return 0;
}
