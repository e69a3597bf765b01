/*
 * test-lineedit.c - the one-line editor, driven through the key decoder as
 * a person types (and as an attacker would).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/term/clean.h"
#include "src/term/keys.h"
#include "src/term/lineedit.h"
#include "screens/utf8.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

/* Type bytes; returns the last result, *entered counts Enters. */
static enum lineedit_result
type(struct lineedit *le, const char *bytes, int *entered)
{
	struct keys		k;
	struct key_event	ev[16];
	enum lineedit_result	r = LINEEDIT_IGNORED;
	size_t			len = strlen(bytes), used, n, i;

	keys_init(&k);
	while (len > 0) {
		n = 16;
		used = keys_feed(&k, bytes, len, ev, &n);
		bytes += used;
		len -= used;
		for (i = 0; i < n; i++) {
			r = lineedit_key(le, &ev[i]);
			if (r == LINEEDIT_ENTER && entered != NULL)
				(*entered)++;
		}
	}
	if (keys_timeout(&k, ev))
		r = lineedit_key(le, ev);
	return r;
}

static enum lineedit_result
key(struct lineedit *le, uint32_t k, unsigned mods)
{
	struct key_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.key = k;
	ev.mods = mods;
	return lineedit_key(le, &ev);
}

START_TEST(test_lineedit_basic)
{
	struct lineedit	*le = lineedit_create(100, 400, 0);
	int		 entered = 0;

	ck_assert_ptr_nonnull(le);
	type(le, "hello world", NULL);
	ck_assert_str_eq(lineedit_text(le), "hello world");
	ck_assert_uint_eq(lineedit_cursor(le), 11);
	/* left twice, insert */
	type(le, "\x1b[D\x1b[DX", NULL);
	ck_assert_str_eq(lineedit_text(le), "hello worXld");
	/* home, delete, end, backspace */
	type(le, "\x1b[H\x1b[3~\x1b[F\x7f", NULL);
	ck_assert_str_eq(lineedit_text(le), "ello worXl");
	/* Ctrl-A, Ctrl-K kills all */
	type(le, "\x01\x0b", NULL);
	ck_assert_str_eq(lineedit_text(le), "");
	type(le, "one two  three", NULL);
	/* Ctrl-W: the word before the cursor */
	type(le, "\x17", NULL);
	ck_assert_str_eq(lineedit_text(le), "one two  ");
	type(le, "\x17", NULL);
	ck_assert_str_eq(lineedit_text(le), "one ");
	/* Ctrl-U kills to the start */
	type(le, "abc\x1b[D\x15", NULL);
	ck_assert_str_eq(lineedit_text(le), "c");
	ck_assert_uint_eq(lineedit_cursor(le), 0);
	/* Ctrl-E, Ctrl-B, Ctrl-F, Ctrl-D */
	type(le, "xyz\x05\x02\x02\x04", NULL);
	ck_assert_str_eq(lineedit_text(le), "xyc");
	/* ^H is backspace too */
	type(le, "\x05\x08", NULL);
	ck_assert_str_eq(lineedit_text(le), "xy");
	/* Alt-b, Alt-f, Alt-d, Alt-Backspace */
	lineedit_set(le, "aa bb cc");
	type(le, "\x1b" "b\x1b" "b", NULL);
	ck_assert_uint_eq(lineedit_cursor(le), 3);
	type(le, "\x1b" "d", NULL);
	ck_assert_str_eq(lineedit_text(le), "aa  cc");
	type(le, "\x1b" "f\x1b\x7f", NULL);
	ck_assert_str_eq(lineedit_text(le), "aa  ");
	/* Enter returns the line */
	ck_assert_int_eq(type(le, "!\r", &entered), LINEEDIT_ENTER);
	ck_assert_int_eq(entered, 1);
	ck_assert_str_eq(lineedit_text(le), "aa  !");
	lineedit_clear(le);
	ck_assert_str_eq(lineedit_text(le), "");
	ck_assert_uint_eq(lineedit_chars(le), 0);
	lineedit_free(le);
}
END_TEST

START_TEST(test_lineedit_results)
{
	struct lineedit	*le = lineedit_create(3, 100, 0);

	ck_assert_int_eq(key(le, 'a', 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, KEY_RIGHT, 0), LINEEDIT_UNCHANGED);
	ck_assert_int_eq(key(le, KEY_LEFT, 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, KEY_UP, 0), LINEEDIT_IGNORED);
	ck_assert_int_eq(key(le, KEY_TAB, 0), LINEEDIT_IGNORED);
	ck_assert_int_eq(key(le, KEY_ESCAPE, 0), LINEEDIT_IGNORED);
	ck_assert_int_eq(key(le, KEY_MOUSE, 0), LINEEDIT_IGNORED);
	ck_assert_int_eq(key(le, 'x', KEY_MOD_CTRL), LINEEDIT_IGNORED);
	ck_assert_int_eq(key(le, 'q', KEY_MOD_ALT), LINEEDIT_IGNORED);
	/* full: refused */
	key(le, 'b', 0);
	key(le, 'c', 0);
	ck_assert_int_eq(key(le, 'd', 0), LINEEDIT_UNCHANGED);
	ck_assert_str_eq(lineedit_text(le), "bca");
	/* Ctrl-D on an empty line is the caller's */
	lineedit_clear(le);
	ck_assert_int_eq(key(le, 'd', KEY_MOD_CTRL), LINEEDIT_IGNORED);
	ck_assert_ptr_null(lineedit_create(0, 10, 0));
	ck_assert_ptr_null(lineedit_create(10, 3, 0));
	lineedit_free(le);
}
END_TEST

START_TEST(test_lineedit_hostile)
{
	struct lineedit	*le = lineedit_create(50, 200, 0);
	const char	*t;

	/* escapes typed or pasted never reach the text */
	type(le, "a\x1b]0;pwn\x07" "b\x1b[2Jc", NULL);
	t = lineedit_text(le);
	ck_assert_ptr_null(strchr(t, 0x1b));
	ck_assert_ptr_null(strchr(t, 0x07));
	/* bidi, zero-width, C1, invalid UTF-8 */
	lineedit_clear(le);
	type(le, "\xcc\x81\xe2\x80\xae" "x\xe2\x80\x8by\xc2\x9bz\xc0\xaf"
	    "\xff", NULL);
	ck_assert_str_eq(lineedit_text(le), "xyz");
	/* a paste with newlines does not submit */
	lineedit_clear(le);
	ck_assert_int_ne(type(le, "\x1b[200~l1\r\nl2\x1b[201~", NULL),
	    LINEEDIT_ENTER);
	ck_assert_str_eq(lineedit_text(le), "l1 l2");
	/* lineedit_set drops what is not allowed */
	ck_assert_int_eq(lineedit_set(le, "ok\x1b[1mno"), -1);
	ck_assert_str_eq(lineedit_text(le), "ok[1mno");
	ck_assert_int_eq(lineedit_set(le, "fine é 中"), 0);
	lineedit_free(le);
}
END_TEST

/*
 * An empty line holds no arrays, whatever its bounds: they come with the
 * first character, grow with the text (a long line, marks and wide
 * characters kept exactly across each growth) and go when the line is
 * empty again, by clear, by deleting or by a set to "".
 */
START_TEST(test_lineedit_lazy)
{
	struct lineedit	*le = lineedit_create(300, 400, 0);
	struct lineedit	*small = lineedit_create(1, 4, 0);
	size_t		 empty = lineedit_bytes(le), grown;
	char		 want[512];
	int		 i, len = 0;

	ck_assert_uint_eq(empty, lineedit_bytes(small));
	ck_assert_str_eq(lineedit_text(le), "");
	ck_assert_int_eq(key(le, KEY_BACKSPACE, 0), LINEEDIT_UNCHANGED);
	ck_assert_int_eq(key(le, KEY_DELETE, 0), LINEEDIT_UNCHANGED);
	ck_assert_int_eq(key(le, 'u', KEY_MOD_CTRL), LINEEDIT_UNCHANGED);
	ck_assert_uint_eq(lineedit_bytes(le), empty);

	type(le, "a", NULL);
	ck_assert_uint_gt(lineedit_bytes(le), empty);
	ck_assert_uint_lt(lineedit_bytes(le), 300 * 4);
	key(le, KEY_BACKSPACE, 0);
	ck_assert_str_eq(lineedit_text(le), "");
	ck_assert_uint_eq(lineedit_bytes(le), empty);

	/* 100 times e + U+0301 then 中: through every doubling. */
	for (i = 0; i < 100; i++) {
		type(le, i % 2 ? "e\xcc\x81" : "\xe4\xb8\xad", NULL);
		len += snprintf(want + len, sizeof want - len, "%s",
		    i % 2 ? "e\xcc\x81" : "\xe4\xb8\xad");
		CHECK(strcmp(lineedit_text(le), want) == 0);
	}
	ck_assert_uint_eq(lineedit_chars(le), 150);
	grown = lineedit_bytes(le);
	ck_assert_uint_gt(grown, empty + 150 * 4);
	key(le, KEY_HOME, 0);
	key(le, 'k', KEY_MOD_CTRL);
	ck_assert_str_eq(lineedit_text(le), "");
	ck_assert_uint_eq(lineedit_bytes(le), empty);
	ck_assert_int_eq(lineedit_set(le, "again"), 0);
	ck_assert_str_eq(lineedit_text(le), "again");
	lineedit_clear(le);
	ck_assert_uint_eq(lineedit_bytes(le), empty);
	ck_assert_int_eq(lineedit_set(le, "x"), 0);
	ck_assert_int_eq(lineedit_set(le, ""), 0);
	ck_assert_uint_eq(lineedit_bytes(le), empty);

	/* The bounds still hold with arrays sized on the way. */
	type(small, "ab", NULL);
	ck_assert_str_eq(lineedit_text(small), "a");
	lineedit_free(le);
	lineedit_free(small);
}
END_TEST

START_TEST(test_lineedit_bounds)
{
	struct lineedit	*le = lineedit_create(5, 8, 0);
	char		 big[10001];

	/* the byte bound: 中 is 3 bytes; once one did not fit the line is
	 * full, even for what would */
	type(le, "中中中", NULL);
	ck_assert_str_eq(lineedit_text(le), "中中");
	ck_assert_int_eq(key(le, 'a', 0), LINEEDIT_UNCHANGED);
	ck_assert_int_eq(key(le, KEY_BACKSPACE, 0), LINEEDIT_CHANGED);
	type(le, "abcde", NULL);
	ck_assert_str_eq(lineedit_text(le), "中abcd");
	/* the code point bound */
	lineedit_clear(le);
	type(le, "abcdefgh", NULL);
	ck_assert_str_eq(lineedit_text(le), "abcde");
	/* 10 kB typed: bounded */
	lineedit_free(le);
	le = lineedit_create(200, 800, 0);
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	type(le, big, NULL);
	ck_assert_uint_eq(lineedit_chars(le), 200);
	ck_assert_uint_eq(strlen(lineedit_text(le)), 200);
	lineedit_free(le);
}
END_TEST

/*
 * A paste longer than the line stops where it stopped fitting: the chat
 * line (300 code points, 400 bytes) given B5, 1500 x 漢 and END keeps B5 and
 * 132 x 漢, not the E and N that would still fit after them.  Deleting or
 * moving the cursor makes room to type again.
 */
START_TEST(test_lineedit_full)
{
	struct lineedit	*le = lineedit_create(300, 400, 0);
	char		*paste = malloc(2 + 1500 * 3 + 4), want[401];
	size_t		 n = 0;

	ck_assert_ptr_nonnull(paste);
	n += (size_t)sprintf(paste + n, "B5");
	for (int i = 0; i < 1500; i++)
		n += (size_t)sprintf(paste + n, "漢");
	sprintf(paste + n, "END");
	n = (size_t)sprintf(want, "B5");
	for (int i = 0; i < 132; i++)
		n += (size_t)sprintf(want + n, "漢");
	type(le, paste, NULL);
	ck_assert_str_eq(lineedit_text(le), want);
	/* the same pasted between brackets */
	lineedit_clear(le);
	type(le, "\x1b[200~", NULL);
	type(le, paste, NULL);
	type(le, "\x1b[201~", NULL);
	ck_assert_str_eq(lineedit_text(le), want);
	ck_assert_int_eq(key(le, 'x', 0), LINEEDIT_UNCHANGED);
	/* a cursor move, a deletion: room again */
	ck_assert_int_eq(key(le, KEY_LEFT, 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, 'x', 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, 'y', 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, 'q', 0), LINEEDIT_UNCHANGED);
	ck_assert_int_eq(key(le, KEY_END, 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, KEY_BACKSPACE, 0), LINEEDIT_CHANGED);
	ck_assert_int_eq(key(le, 'z', 0), LINEEDIT_CHANGED);
	ck_assert_uint_eq(strlen(lineedit_text(le)), 398);
	/* lineedit_set cuts the same way */
	ck_assert_int_eq(lineedit_set(le, paste), -1);
	ck_assert_str_eq(lineedit_text(le), want);
	free(paste);
	lineedit_free(le);
}
END_TEST

/*
 * Combining marks are kept, attached to the character before them: they
 * take no column, the cursor steps over a character and its marks as one,
 * Backspace takes the last mark back first (as it was typed), Delete the
 * whole character.  A mark with nothing to sit on, or one too many, is
 * refused.
 */
START_TEST(test_lineedit_marks)
{
	struct lineedit	*le = lineedit_create(100, 400, 0);
	char		 out[64];
	int		 col;

	type(le, "cafe\xcc\x81", NULL);
	ck_assert_str_eq(lineedit_text(le), "cafe\xcc\x81");
	ck_assert_uint_eq(lineedit_chars(le), 5);
	ck_assert_int_eq(lineedit_view(le, 10, out, sizeof out, &col), 4);
	ck_assert_str_eq(out, "cafe\xcc\x81");
	ck_assert_int_eq(col, 4);
	key(le, KEY_LEFT, 0);
	ck_assert_uint_eq(lineedit_cursor(le), 3);
	key(le, KEY_RIGHT, 0);
	ck_assert_uint_eq(lineedit_cursor(le), 5);
	key(le, 'b', KEY_MOD_CTRL);
	ck_assert_uint_eq(lineedit_cursor(le), 3);
	key(le, 'f', KEY_MOD_CTRL);
	ck_assert_uint_eq(lineedit_cursor(le), 5);
	ck_assert_int_eq(key(le, KEY_BACKSPACE, 0), LINEEDIT_CHANGED);
	ck_assert_str_eq(lineedit_text(le), "cafe");
	type(le, "\xcc\x81\xcc\x88", NULL);
	key(le, KEY_LEFT, 0);
	ck_assert_uint_eq(lineedit_cursor(le), 3);
	ck_assert_int_eq(key(le, KEY_DELETE, 0), LINEEDIT_CHANGED);
	ck_assert_str_eq(lineedit_text(le), "caf");
	/* a mark typed before a character sits on the one before it */
	key(le, KEY_HOME, 0);
	key(le, KEY_RIGHT, 0);
	type(le, "\xcc\x81", NULL);
	ck_assert_str_eq(lineedit_text(le), "c\xcc\x81" "af");
	ck_assert_uint_eq(lineedit_cursor(le), 2);
	/* nothing to sit on */
	lineedit_clear(le);
	ck_assert_int_eq(key(le, 0x301, 0), LINEEDIT_UNCHANGED);
	type(le, "a \xcc\x81", NULL);
	ck_assert_str_eq(lineedit_text(le), "a ");
	/* a pile keeps CLEAN_MARKS_MAX, and a full pile does not make the
	 * line full */
	lineedit_clear(le);
	type(le, "a\xcc\x81\xcc\x82\xcc\x83\xcc\x84\xcc\x85\xcc\x86" "b",
	    NULL);
	ck_assert_str_eq(lineedit_text(le),
	    "a\xcc\x81\xcc\x82\xcc\x83\xcc\x84" "b");
	/* Thai, Hindi and conjoining jamo as typed */
	ck_assert_int_eq(lineedit_set(le, "\xe0\xb8\x97\xe0\xb8\xb5\xe0\xb9\x88 "
	    "\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\x82 \xe1\x84\x80\xe1\x85\xa1"
	    "\xe1\x86\xa8"), 0);
	/* a scrolled view never starts on a mark */
	lineedit_clear(le);
	for (int i = 0; i < 20; i++)
		type(le, "e\xcc\x81", NULL);
	for (int w = 1; w < 8; w++) {
		for (int i = 0; i < 20; i++) {
			lineedit_view(le, w, out, sizeof out, &col);
			ck_assert(out[0] == 'e' || out[0] == '\0');
			ck_assert_int_le(utf8_strwidth(out), w);
			key(le, KEY_LEFT, 0);
		}
		key(le, KEY_END, 0);
	}
	/* a password shows one star per character */
	lineedit_set_flags(le, LINEEDIT_STARS);
	lineedit_set(le, "e\xcc\x81x");
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_str_eq(out, "**");
	ck_assert_int_eq(col, 2);
	lineedit_free(le);
}
END_TEST

START_TEST(test_lineedit_view)
{
	struct lineedit	*le = lineedit_create(100, 400, 0);
	char		 out[64];
	int		 col, cols;

	type(le, "hello", NULL);
	cols = lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_str_eq(out, "hello");
	ck_assert_int_eq(cols, 5);
	ck_assert_int_eq(col, 5);

	/* wider than the field: scrolled so the cursor shows */
	type(le, " wonderful world", NULL);
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_int_eq(col, 9);
	ck_assert_str_eq(out, "ful world");
	/* home: the start shows again */
	type(le, "\x1b[H", NULL);
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_int_eq(col, 0);
	ck_assert_str_eq(out, "hello wond");
	/* moving right within the window does not scroll */
	type(le, "\x1b[C\x1b[C\x1b[C", NULL);
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_int_eq(col, 3);
	ck_assert_str_eq(out, "hello wond");

	/* wide characters never split, and the cursor counts columns */
	lineedit_set(le, "中文中文中文");
	lineedit_view(le, 5, out, sizeof out, &col);
	ck_assert_str_eq(out, "中文");
	ck_assert_int_eq(col, 4);
	ck_assert_int_le(utf8_strwidth(out), 5);

	/* the text shrinks: the window slides back */
	type(le, "\x17", NULL);
	type(le, "ab", NULL);
	lineedit_view(le, 5, out, sizeof out, &col);
	ck_assert_str_eq(out, "ab");
	ck_assert_int_eq(col, 2);

	/* passwords */
	lineedit_set_flags(le, LINEEDIT_STARS);
	lineedit_set(le, "s3cret");
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_str_eq(out, "******");
	ck_assert_int_eq(col, 6);
	ck_assert_str_eq(lineedit_text(le), "s3cret");
	lineedit_set_flags(le, LINEEDIT_HIDDEN);
	lineedit_view(le, 10, out, sizeof out, &col);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(col, 0);

	/* tiny fields and tiny buffers */
	lineedit_set_flags(le, 0);
	lineedit_set(le, "abc");
	ck_assert_int_eq(lineedit_view(le, 0, out, sizeof out, &col), 0);
	lineedit_view(le, 1, out, sizeof out, &col);
	ck_assert_int_eq(col, 0);
	lineedit_view(le, 10, out, 2, &col);
	ck_assert_str_eq(out, "a");
	lineedit_free(le);
}
END_TEST

/* Every mark in s sits on a character, CLEAN_MARKS_MAX at most. */
static int
marks_sit(const char *s)
{
	uint32_t	cp, before = ' ';
	size_t		len = strlen(s), skip;
	int		n, marks = 0;

	for (; len > 0; s += n, len -= n) {
		if ((n = utf8_decode(s, len, &cp, &skip)) <= 0)
			return 0;
		if (!clean_mark(cp)) {
			before = cp;
			marks = 0;
		} else if (before == ' ' || ++marks > CLEAN_MARKS_MAX)
			return 0;
	}
	return 1;
}

/* The code point at index i of s. */
static uint32_t
cp_at(const char *s, size_t i)
{
	uint32_t	cp = 0;
	size_t		len = strlen(s), skip;
	int		n;

	for (; len > 0; s += n, len -= n) {
		if ((n = utf8_decode(s, len, &cp, &skip)) <= 0 || i-- == 0)
			break;
	}
	return cp;
}

/* Random keys: the text stays clean, bounded, and the view fits. */
START_TEST(test_lineedit_random)
{
	static const uint32_t	keys[] = { 'a', ' ', 0x4e2d, 0xe9, 0x301,
	    KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END, KEY_BACKSPACE, KEY_DELETE,
	    'w', 'k', 'u', 'b', 'f', 0x202e, 0x1b, 0x200b, KEY_ENTER };
	struct lineedit		*le = lineedit_create(30, 60, 0);
	uint64_t		 s = 1234567;
	char			 out[128];
	int			 i, col, width;

	for (i = 0; i < 100000; i++) {
		uint32_t	k;
		unsigned	mods = 0;

		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		k = keys[s % (sizeof keys / sizeof keys[0])];
		if (k == 'w' || k == 'k' || k == 'u')
			mods = KEY_MOD_CTRL;
		else if (k == 'b' || k == 'f')
			mods = (s >> 20) & 1 ? KEY_MOD_ALT : KEY_MOD_CTRL;
		key(le, k, mods);
		CHECK((lineedit_chars(le)) <= (30));
		CHECK((strlen(lineedit_text(le))) <= (60));
		CHECK((lineedit_cursor(le)) <= (lineedit_chars(le)));
		CHECK(strchr(lineedit_text(le), 0x1b) == NULL);
		CHECK(marks_sit(lineedit_text(le)));
		CHECK(lineedit_cursor(le) == lineedit_chars(le) ||
		    !clean_mark(cp_at(lineedit_text(le), lineedit_cursor(le))));
		width = 1 + (s >> 32) % 12;
		lineedit_view(le, width, out, sizeof out, &col);
		CHECK((utf8_strwidth(out)) <= (width));
		CHECK(out[0] == '\0' || !clean_mark(cp_at(out, 0)));
		CHECK((col) >= (0));
		CHECK((col) < (width));
	}
	lineedit_free(le);
}
END_TEST

static Suite *
lineedit_suite(void)
{
	Suite	*s = suite_create("lineedit");
	TCase	*tc = tcase_create("lineedit");

	tcase_add_test(tc, test_lineedit_basic);
	tcase_add_test(tc, test_lineedit_results);
	tcase_add_test(tc, test_lineedit_hostile);
	tcase_add_test(tc, test_lineedit_bounds);
	tcase_add_test(tc, test_lineedit_lazy);
	tcase_add_test(tc, test_lineedit_full);
	tcase_add_test(tc, test_lineedit_marks);
	tcase_add_test(tc, test_lineedit_view);
	tcase_add_test(tc, test_lineedit_random);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(lineedit_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
