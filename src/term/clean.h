/*
 * clean.h - the cleaner user text passes through when it arrives (names,
 * chat, typed fields), so stored and displayed text never carries anything
 * a terminal would act on.  TERM, the SSH user name and environment values
 * are cut to printable ASCII by the transports themselves (src/net/sshd.c,
 * src/net/nvt.c), which also drop spaces.
 *
 * clean_text removes or replaces:
 *  - invalid UTF-8 (bad bytes, overlong forms, surrogates): each invalid run
 *    becomes one U+FFFD
 *  - C0 controls, DEL, C1 controls (U+0080-009F); Tab, CR, LF -> one space
 *  - bidi controls: U+061C, U+200E/200F, U+202A-202E, U+2066-2069
 *  - invisible and zero-width characters: U+00AD, U+034F, U+115F/1160,
 *    U+17B4/17B5, U+180B-180F, U+200B-200D, U+2028/2029 (line breaks),
 *    U+2060-2064, U+206A-206F, U+3164, U+FE00-FE0F and U+E0100-E01EF
 *    (variation selectors), U+FEFF, U+FFA0, U+FFF9-FFFB, tags U+E0000-E007F
 *  - noncharacters (U+FDD0-FDEF, U+xFFFE/xFFFF) and private use (its width
 *    is unknown to us)
 * and bounds the result in bytes and in display columns (cut at a character
 * boundary, never inside one; once a character does not fit, nothing after
 * it is kept, so a cut text has no holes).
 *
 * Combining marks (clean_mark: é as e + U+0301, Indic and Thai vowel signs,
 * Hangul conjoining jamo) are kept, zero columns each, attached to the
 * character before them: at most CLEAN_MARKS_MAX on one character, none at
 * the start or on a space (a mark there would sit on whatever the screen
 * shows before the text).
 */
#ifndef SRC_CLEAN_H
#define SRC_CLEAN_H

#include <stddef.h>
#include <stdint.h>

#define CLEAN_NAME_MIN 2
#define CLEAN_NAME_MAX 16

/* clean_text flags */
#define CLEAN_TRIM	0x1	/* drop leading/trailing spaces, squeeze runs;
				   Unicode spaces (U+00A0, U+2000-200A,
				   U+3000, ...) count as spaces */
#define CLEAN_ASCII	0x2	/* keep printable ASCII only (TERM, env) */

/*
 * Marks on one character: enough for Vietnamese, Indic, Thai, pointed
 * Hebrew and jamo syllables (2-3), and short of the piles ("zalgo") that
 * spill over the lines above and below.
 */
#define CLEAN_MARKS_MAX 4

/* 1 if cp may appear in cleaned user text. */
int	clean_char_ok(uint32_t cp);
/* 1 if cp is a space that CLEAN_TRIM squeezes (U+0020, U+00A0, U+2000-200A,
 * U+3000, ...); no mark sits on one. */
int	clean_space(uint32_t cp);
/* 1 if cp is a combining mark: allowed, and zero columns wide (what stays
 * of the zero-width characters once clean_char_ok has refused the format
 * and invisible ones). */
int	clean_mark(uint32_t cp);

/*
 * Clean inlen bytes of in into out (outsize >= 1; the result is
 * NUL-terminated, at most outsize-1 bytes) keeping at most maxcols display
 * columns (< 0: no column bound).  Returns the length of the result.
 * NUL bytes in the input are removed like other controls.
 */
size_t	clean_text(char *out, size_t outsize, const void *in, size_t inlen,
	    int maxcols, int flags);

/*
 * Check an account name: 2-16 characters, each an ASCII letter, digit, '-'
 * or '_'.  Returns 0, or -1 with a reason for the person in why (e.g.
 * "a name has at most 16 characters").  Names are compared ignoring case
 * elsewhere; this function does not change the name.
 */
int	clean_name(const char *name, char *why, size_t whylen);

#endif
