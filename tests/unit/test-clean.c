/*
 * test-clean.c - the cleaner for user text, with hostile input.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/term/clean.h"
#include "screens/utf8.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

static const char *
cleaned(const char *in, int maxcols, int flags)
{
	static char	out[256];

	clean_text(out, sizeof out, in, strlen(in), maxcols, flags);
	return out;
}

/* Cleaned text is valid UTF-8 of allowed code points only, and every
 * combining mark sits on a character, a few at most. */
static void
check_clean(const char *s, size_t len)
{
	uint32_t	cp, before = ' ';
	size_t		skip;
	int		n, marks = 0;

	CHECK((strlen(s)) == (len));
	while (len > 0) {
		n = utf8_decode(s, len, &cp, &skip);
		CHECK((n) > (0));
		if (!clean_char_ok(cp))
			ck_abort_msg("U+%04X kept", cp);
		if (clean_mark(cp)) {
			CHECK(before != ' ');
			CHECK(++marks <= CLEAN_MARKS_MAX);
		} else {
			before = cp;
			marks = 0;
		}
		s += n;
		len -= n;
	}
}

struct clean_case {
	const char	*in;
	const char	*want;
};

static const struct clean_case clean_cases[] = {
	{ "hello", "hello" },
	{ "héllo 中文", "héllo 中文" },
	/* escapes of every kind lose their ESC and C1 introducers */
	{ "\x1b]0;pwn\x07", "]0;pwn" },
	{ "\x1b[2J", "[2J" },
	{ "\x1b[?1000h", "[?1000h" },
	{ "\xc2\x9b" "31m", "31m" },
	{ "\x9b" "31m", "\xef\xbf\xbd" "31m" },
	{ "\xc2\x9d" "0;x\xc2\x9c", "0;x" },
	{ "a\x7f" "b\x08" "c\x00" "d", "abc" },	/* NUL ends the C string */
	/* bidi and zero-width */
	{ "\xe2\x80\xae" "gnp.exe", "gnp.exe" },
	{ "a\xe2\x80\x8b" "dmin", "admin" },
	{ "x\xe2\x81\xa6y\xe2\x81\xa9z", "xyz" },
	{ "\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c" "a", "a" },
	{ "\xef\xbb\xbf" "bom", "bom" },
	{ "\xe2\x81\xa0\xe2\x80\x8c\xe2\x80\x8d" "j", "j" },
	{ "soft\xc2\xad" "hyphen", "softhyphen" },
	{ "tag\xf3\xa0\x80\x81\xf3\xa0\x81\xa1", "tag" },
	{ "pua\xee\x80\x80", "pua" },
	{ "line\xe2\x80\xa8" "sep", "linesep" },
	/* invalid UTF-8: one U+FFFD per bad run */
	{ "\xc0\xaf", "\xef\xbf\xbd" },
	{ "a\xff\xfe\xfd" "b", "a\xef\xbf\xbd" "b" },
	{ "\xed\xa0\x80", "\xef\xbf\xbd" },
	{ "trunc\xe4\xb8", "trunc\xef\xbf\xbd" },
	/* whitespace */
	{ "a\tb", "a b" },
	{ "a\r\nb", "a b" },
	{ "a\nb\rc", "a b c" },
};

START_TEST(test_clean_table)
{
	const struct clean_case	*c = &clean_cases[_i];
	const char		*out = cleaned(c->in, -1, 0);

	ck_assert_msg(strcmp(out, c->want) == 0, "'%s' -> '%s'", c->want, out);
	check_clean(out, strlen(out));
}
END_TEST

START_TEST(test_clean_flags)
{
	ck_assert_str_eq(cleaned("  two   words \t ", -1, CLEAN_TRIM),
	    "two words");
	ck_assert_str_eq(cleaned("\xe3\x80\x80wide\xc2\xa0space ", -1,
	    CLEAN_TRIM), "wide space");
	ck_assert_str_eq(cleaned("   ", -1, CLEAN_TRIM), "");
	ck_assert_str_eq(cleaned("xterm-256color\xc3\xa9\x1b", -1,
	    CLEAN_ASCII), "xterm-256color");
	ck_assert_str_eq(cleaned("\xff" "ab", -1, CLEAN_ASCII), "ab");
}
END_TEST

START_TEST(test_clean_bounds)
{
	char	out[8], big[20000];
	size_t	n;

	/* columns: a wide character that does not fit is left out */
	ck_assert_str_eq(cleaned("abcdef", 3, 0), "abc");
	ck_assert_str_eq(cleaned("ab中", 3, 0), "ab");
	ck_assert_str_eq(cleaned("中中中", 4, 0), "中中");
	ck_assert_str_eq(cleaned("a b", 2, CLEAN_TRIM), "a");
	ck_assert_str_eq(cleaned("abc", 0, 0), "");
	/* bytes: never cut inside a character */
	n = clean_text(out, sizeof out, "aé中中", strlen("aé中中"), -1, 0);
	ck_assert_uint_eq(n, 6);
	ck_assert_str_eq(out, "aé中");
	n = clean_text(out, 1, "abc", 3, -1, 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(out, "");
	/* a 10 kB line is bounded */
	memset(big, 'x', sizeof big);
	n = clean_text(out, sizeof out, big, sizeof big, -1, 0);
	ck_assert_uint_eq(n, 7);
	/* embedded NULs in a length-counted input are removed */
	n = clean_text(out, sizeof out, "a\0b", 3, -1, 0);
	ck_assert_str_eq(out, "ab");
}
END_TEST

START_TEST(test_clean_char_ok)
{
	uint32_t	cp;

	for (cp = 0; cp < 0x20; cp++)
		ck_assert(!clean_char_ok(cp));
	for (cp = 0x7f; cp < 0xa0; cp++)
		ck_assert(!clean_char_ok(cp));
	for (cp = 0x202a; cp <= 0x202e; cp++)
		ck_assert(!clean_char_ok(cp));
	for (cp = 0x2066; cp <= 0x2069; cp++)
		ck_assert(!clean_char_ok(cp));
	ck_assert(!clean_char_ok(0x200b));
	ck_assert(!clean_char_ok(0x200c));
	ck_assert(!clean_char_ok(0x200d));
	ck_assert(!clean_char_ok(0x200e));
	ck_assert(!clean_char_ok(0x200f));
	ck_assert(!clean_char_ok(0x2060));
	ck_assert(!clean_char_ok(0xfeff));
	ck_assert(!clean_char_ok(0x061c));
	ck_assert(!clean_char_ok(0xd800));
	ck_assert(!clean_char_ok(0x110000));
	ck_assert(!clean_char_ok(0xfffe));
	ck_assert(!clean_char_ok(0x1ffff));
	ck_assert(clean_char_ok(' '));
	ck_assert(clean_char_ok('~'));
	ck_assert(clean_char_ok(0xa0));
	ck_assert(clean_char_ok(0xe9));
	ck_assert(clean_char_ok(0x4e2d));
	ck_assert(clean_char_ok(0x25cf));
	ck_assert(clean_char_ok(0x1f600));
	ck_assert(clean_char_ok(0xfffd));
	ck_assert(clean_char_ok(0x301));	/* combining: harmless */
}
END_TEST

/*
 * Combining marks stay, zero columns each, on the character before them:
 * é written as e + U+0301, Hindi and Thai vowel signs and tone marks,
 * Hangul syllables spelt in conjoining jamo.  With no character to sit on
 * (the start, a space) they go, and a pile of them is cut short.
 */
START_TEST(test_clean_marks)
{
	char	out[401], in[5000], want[401];
	size_t	n;

	ck_assert_str_eq(cleaned("cafe\xcc\x81", -1, 0), "cafe\xcc\x81");
	ck_assert_str_eq(cleaned("\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\x82"
	    "\xe0\xa4\xa6\xe0\xa5\x80", -1, 0),
	    "\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\x82\xe0\xa4\xa6\xe0\xa5\x80");
	ck_assert_str_eq(cleaned("\xe0\xb8\x97\xe0\xb8\xb5\xe0\xb9\x88", -1,
	    0), "\xe0\xb8\x97\xe0\xb8\xb5\xe0\xb9\x88");
	ck_assert_str_eq(cleaned("\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8", -1,
	    0), "\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8");
	/* zero columns: two e + U+0301 in two columns */
	ck_assert_str_eq(cleaned("e\xcc\x81" "e\xcc\x81" "x", 2, 0),
	    "e\xcc\x81" "e\xcc\x81");
	/* nothing to sit on */
	ck_assert_str_eq(cleaned("\xcc\x81" "a", -1, 0), "a");
	ck_assert_str_eq(cleaned("a \xcc\x81" "b", -1, 0), "a b");
	ck_assert_str_eq(cleaned("a  \xcc\x81" "b", -1, CLEAN_TRIM), "a b");
	ck_assert_str_eq(cleaned("\xcc\x81\xcc\x81", -1, CLEAN_TRIM), "");
	/* a pile (zalgo) keeps CLEAN_MARKS_MAX */
	ck_assert_str_eq(cleaned("a\xcc\x81\xcc\x82\xcc\x83\xcc\x84\xcc\x85"
	    "\xcc\x86" "b", -1, 0), "a\xcc\x81\xcc\x82\xcc\x83\xcc\x84" "b");
	/* still refused between letters: ZWJ, ZWNJ, CGJ, bidi overrides */
	ck_assert_str_eq(cleaned("a\xe2\x80\x8d\xe2\x80\x8c\xcd\x8f"
	    "\xe2\x80\xae" "b", -1, 0), "ab");
	ck_assert(!clean_mark(0x200d));
	ck_assert(!clean_mark(0x034f));
	ck_assert(!clean_mark('e'));
	ck_assert(clean_mark(0x301));
	ck_assert(clean_mark(0x1161));
	/* a paste at the byte cap stops there: nothing narrow after it */
	n = (size_t)snprintf(in, sizeof in, "B5");
	for (int i = 0; i < 1500; i++)
		n += (size_t)snprintf(in + n, sizeof in - n, "\xe6\xbc\xa2");
	snprintf(in + n, sizeof in - n, "END");
	n = (size_t)snprintf(want, sizeof want, "B5");
	for (int i = 0; i < 132; i++)
		n += (size_t)snprintf(want + n, sizeof want - n, "\xe6\xbc\xa2");
	clean_text(out, sizeof out, in, strlen(in), 300, CLEAN_TRIM);
	ck_assert_str_eq(out, want);
}
END_TEST

/* Random bytes always come out clean and within bounds. */
START_TEST(test_clean_random)
{
	unsigned char	in[300];
	char		out[64];
	uint64_t	s = 0x2545f4914f6cdd1dULL;
	int		round, i, cols;
	size_t		n;

	for (round = 0; round < 20000; round++) {
		int len = round % 300;

		for (i = 0; i < len; i++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			in[i] = (unsigned char)s;
		}
		cols = round % 40;
		n = clean_text(out, sizeof out, in, len, cols, round & 3);
		CHECK((n) < (sizeof out));
		check_clean(out, n);
		CHECK((utf8_strwidth(out)) <= (cols));
	}
}
END_TEST

START_TEST(test_clean_name)
{
	char	why[128];

	ck_assert_int_eq(clean_name("ab", why, sizeof why), 0);
	ck_assert_int_eq(clean_name("Alice_99-x", why, sizeof why), 0);
	ck_assert_int_eq(clean_name("abcdefghijklmnop", why, sizeof why), 0);
	ck_assert_int_eq(clean_name("abcdefghijklmnopq", why, sizeof why),
	    -1);
	ck_assert_str_eq(why, "a name has at most 16 characters");
	ck_assert_int_eq(clean_name("a", why, sizeof why), -1);
	ck_assert_str_eq(why, "a name needs at least 2 characters");
	ck_assert_int_eq(clean_name("", why, sizeof why), -1);
	ck_assert_str_eq(why, "a name needs at least 2 characters");
	ck_assert_int_eq(clean_name("bob smith", why, sizeof why), -1);
	ck_assert_str_eq(why, "a name may not contain spaces");
	ck_assert_int_eq(clean_name("bob.smith", why, sizeof why), -1);
	ck_assert_ptr_nonnull(strstr(why, "not '.'"));
	ck_assert_int_eq(clean_name("jos\xc3\xa9", why, sizeof why), -1);
	ck_assert_ptr_nonnull(strstr(why, "no accents"));
	ck_assert_int_eq(clean_name("a\x1b[2Jb", why, sizeof why), -1);
	ck_assert_ptr_null(strchr(why, 0x1b));
	ck_assert_int_eq(clean_name("a\xe2\x80\x8b" "dmin", why, sizeof why),
	    -1);
	/* no room for a reason is fine */
	ck_assert_int_eq(clean_name("x", NULL, 0), -1);
	ck_assert_int_eq(clean_name("xy", NULL, 0), 0);
}
END_TEST

static Suite *
clean_suite(void)
{
	Suite	*s = suite_create("clean");
	TCase	*tc = tcase_create("clean");

	tcase_add_loop_test(tc, test_clean_table, 0,
	    sizeof clean_cases / sizeof clean_cases[0]);
	tcase_add_test(tc, test_clean_flags);
	tcase_add_test(tc, test_clean_bounds);
	tcase_add_test(tc, test_clean_char_ok);
	tcase_add_test(tc, test_clean_marks);
	tcase_add_test(tc, test_clean_random);
	tcase_add_test(tc, test_clean_name);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(clean_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
