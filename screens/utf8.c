/*
 * utf8.c - decoding and encoding UTF-8, and the width of a string.
 *
 * Strict decoding (RFC 3629): no overlong forms, no surrogates, nothing
 * above U+10FFFF.  Everything that reads bytes from a client goes through
 * utf8_decode, so there is one definition of "valid".
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "screens/utf8.h"

int
utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *skip)
{
	const unsigned char	*p = (const unsigned char *)s;
	uint32_t		 c, min;
	size_t			 need, i;

	*cp = UTF8_REPLACEMENT;
	*skip = 1;
	if (len == 0)
		return 0;
	c = p[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c < 0xc2)		/* continuation, or overlong 2-byte lead */
		return -1;
	if (c < 0xe0) {
		need = 1;
		c &= 0x1f;
		min = 0x80;
	} else if (c < 0xf0) {
		need = 2;
		c &= 0x0f;
		min = 0x800;
	} else if (c < 0xf5) {
		need = 3;
		c &= 0x07;
		min = 0x10000;
	} else
		return -1;

	/*
	 * Check each continuation byte as it comes, including the ranges that
	 * the second byte must respect (E0 A0.., ED ..9F, F0 90.., F4 ..8F),
	 * so a truncated sequence is only "truncated" if it could still become
	 * valid; otherwise the maximal invalid prefix is skipped.
	 */
	for (i = 1; i <= need; i++) {
		unsigned char	b;
		unsigned char	lo = 0x80, hi = 0xbf;

		if (i == 1) {
			if (p[0] == 0xe0)
				lo = 0xa0;
			else if (p[0] == 0xed)
				hi = 0x9f;
			else if (p[0] == 0xf0)
				lo = 0x90;
			else if (p[0] == 0xf4)
				hi = 0x8f;
		}
		if (i >= len)
			return 0;
		b = p[i];
		if (b < lo || b > hi) {
			*skip = i;
			return -1;
		}
		c = (c << 6) | (b & 0x3f);
	}
	if (c < min || c > UTF8_MAX || (c >= 0xd800 && c <= 0xdfff)) {
		*skip = need + 1;	/* unreachable given the checks above */
		return -1;
	}
	*cp = c;
	return (int)need + 1;
}

int
utf8_len(uint32_t cp)
{
	if (cp < 0x80)
		return 1;
	if (cp < 0x800)
		return 2;
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	if (cp < 0x10000)
		return 3;
	if (cp <= UTF8_MAX)
		return 4;
	return 0;
}

int
utf8_encode(uint32_t cp, char *out)
{
	unsigned char	*o = (unsigned char *)out;

	switch (utf8_len(cp)) {
	case 1:
		o[0] = cp;
		return 1;
	case 2:
		o[0] = 0xc0 | (cp >> 6);
		o[1] = 0x80 | (cp & 0x3f);
		return 2;
	case 3:
		o[0] = 0xe0 | (cp >> 12);
		o[1] = 0x80 | ((cp >> 6) & 0x3f);
		o[2] = 0x80 | (cp & 0x3f);
		return 3;
	case 4:
		o[0] = 0xf0 | (cp >> 18);
		o[1] = 0x80 | ((cp >> 12) & 0x3f);
		o[2] = 0x80 | ((cp >> 6) & 0x3f);
		o[3] = 0x80 | (cp & 0x3f);
		return 4;
	}
	return 0;
}

int
utf8_strnwidth(const char *s, size_t len)
{
	uint32_t	 cp;
	size_t		 skip;
	int		 n, w, total = 0;

	while (len > 0) {
		n = utf8_decode(s, len, &cp, &skip);
		if (n <= 0) {
			if (n == 0)
				break;	/* truncated at the end */
			s += skip;
			len -= skip;
			continue;
		}
		w = utf8_width(cp);
		if (w > 0)
			total += w;
		s += n;
		len -= n;
	}
	return total;
}

int
utf8_strwidth(const char *s)
{
	return utf8_strnwidth(s, strlen(s));
}
