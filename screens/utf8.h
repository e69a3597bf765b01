/*
 * utf8.h - UTF-8 and display width: the one place that knows how text maps
 * to bytes and to terminal columns.  Used by the grid, the writer, and by
 * src/ (key decoder, line editor, cleaner).
 *
 * Width: our own table (East Asian Wide/Fullwidth ranges and emoji -> 2,
 * combining marks and format characters -> 0), not libc wcwidth(): libc's
 * answer depends on the process locale and the glibc version, and the daemon
 * must lay out every client's screen identically whatever its own locale.
 * Ambiguous-width characters (box drawing, ●○, Greek, ...) count as 1, as
 * xterm, libvterm and most western terminals draw them.
 */
#ifndef SCREENS_UTF8_H
#define SCREENS_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_MAX 0x10ffff
#define UTF8_REPLACEMENT 0xfffd

/*
 * Decode one code point from s (at most len bytes, len > 0).  Returns the
 * bytes consumed (1-4) and sets *cp; on invalid input (bad lead, bad
 * continuation, overlong form, surrogate, > U+10FFFF) returns -1 with *cp =
 * UTF8_REPLACEMENT and sets *skip to how many bytes to drop (>= 1, the
 * maximal invalid prefix); on a valid but truncated sequence (len too short)
 * returns 0.
 */
int	utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *skip);

/* Encode cp into out (4 bytes of room); returns 1-4, or 0 if cp is not a
 * Unicode scalar value. */
int	utf8_encode(uint32_t cp, char *out);

/* Bytes cp needs in UTF-8 (0 if invalid). */
int	utf8_len(uint32_t cp);

/*
 * Columns cp takes: 0 (combining, zero-width, format), 1, 2 (wide), or -1
 * for C0/C1 controls, DEL, surrogates and non-scalar values.
 */
int	utf8_width(uint32_t cp);
/* The same from the tables only, without utf8_width's shortcuts (tests). */
int	utf8_width_table(uint32_t cp);

/*
 * 1 if cp is a combining mark: zero columns, drawn on the character before
 * it (é as e + U+0301, Indic and Thai vowel signs, Hangul conjoining
 * jamo).  The zero-width code points that are not marks are the format
 * characters (bidi controls, zero-width space and joiners, tags), which
 * reorder or join what a terminal shows, and the variation selectors,
 * which may turn a narrow glyph into a wide emoji: the grid drops those.
 */
int	utf8_mark(uint32_t cp);

/* 1 if cp is a space (U+0020, U+00A0, U+2000-200A, U+3000, ...): nothing
 * for a mark to sit on.  The same set as src/term's clean_space. */
int	utf8_space(uint32_t cp);

/* Columns of a UTF-8 string as the grid would draw it (invalid bytes and
 * controls count 0, as grid_put drops them). */
int	utf8_strwidth(const char *s);
int	utf8_strnwidth(const char *s, size_t len);

#endif
