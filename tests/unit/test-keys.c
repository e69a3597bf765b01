/*
 * test-keys.c - the key decoder, with every input split every way.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/term/keys.h"

/* Check's ck_assert records every call; hot loops use this instead. */
#define CHECK(c) do {							\
	if (!(c))							\
		ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);	\
} while (0)

/*
 * Decode data fed in the given chunk boundaries (cuts[] are offsets, in
 * order), calling keys_timeout at the end if asked; the event names joined
 * by spaces go to out.
 */
static void
decode(const char *data, size_t len, const size_t *cuts, size_t ncuts,
    int timeout, char *out, size_t outlen)
{
	struct keys		k;
	struct key_event	ev[64];
	char			name[64];
	size_t			start = 0, end, n, i, c, used, o = 0;

	keys_init(&k);
	out[0] = '\0';
	for (c = 0; c <= ncuts; c++) {
		end = c < ncuts ? cuts[c] : len;
		while (start < end) {
			n = sizeof ev / sizeof ev[0];
			used = keys_feed(&k, data + start, end - start, ev, &n);
			CHECK((used) > (0));
			start += used;
			for (i = 0; i < n; i++) {
				keys_name(&ev[i], name, sizeof name);
				o += snprintf(out + o, outlen - o, "%s%s",
				    o ? " " : "", name);
			}
		}
	}
	if (timeout && keys_pending(&k)) {
		if (keys_timeout(&k, &ev[0])) {
			keys_name(&ev[0], name, sizeof name);
			o += snprintf(out + o, outlen - o, "%s%s", o ? " " : "",
			    name);
		}
		CHECK((keys_pending(&k)) == (0));
	}
}

struct key_case {
	const char	*in;
	size_t		 len;	/* 0: strlen */
	const char	*want;
};

static const struct key_case key_cases[] = {
	{ "a", 0, "a" },
	{ "Hi!", 0, "H i !" },
	{ "\xc3\xa9", 0, "U+00E9" },
	{ "\xe4\xb8\xad", 0, "U+4E2D" },
	{ "\xf0\x9f\x98\x80", 0, "U+1F600" },
	{ " ", 0, "Space" },
	/* Enter in every spelling, and CR LF / CR NUL as one */
	{ "\r", 0, "Enter" },
	{ "\n", 0, "Enter" },
	{ "\r\n", 0, "Enter" },
	{ "\r\0", 2, "Enter" },
	{ "\r\r", 0, "Enter Enter" },
	{ "\n\n", 0, "Enter Enter" },
	{ "\r\na\r\0b", 6, "Enter a Enter b" },
	{ "\n\r", 0, "Enter Enter" },
	{ "\t", 0, "Tab" },
	{ "\x7f", 0, "BSpace" },
	{ "\b", 0, "BSpace" },
	{ "\x01\x05\x0b\x15\x17\x1a", 0, "C-a C-e C-k C-u C-w C-z" },
	{ "\0", 1, "C-Space" },
	{ "\x1c\x1d\x1e\x1f", 0, "C-\\ C-] C-^ C-_" },
	/* Esc: only on the timer */
	{ "\x1b", 0, "Escape" },
	{ "\x1b\x1b", 0, "Escape Escape" },
	{ "\x1b[", 0, "M-[" },
	{ "\x1bO", 0, "M-O" },
	{ "\x1b[1;", 0, "" },
	/* cursor keys */
	{ "\x1b[A\x1b[B\x1b[C\x1b[D", 0, "Up Down Right Left" },
	{ "\x1bOA\x1bOB\x1bOC\x1bOD", 0, "Up Down Right Left" },
	{ "\x1b[1;5A\x1b[1;2B\x1b[1;3C\x1b[1;6D", 0,
	    "C-Up S-Down M-Right C-S-Left" },
	{ "\x1b[H\x1b[1~\x1b[7~\x1bOH", 0, "Home Home Home Home" },
	{ "\x1b[F\x1b[4~\x1b[8~\x1bOF", 0, "End End End End" },
	{ "\x1b[5~\x1b[6~\x1b[2~\x1b[3~\x1b[3;5~", 0,
	    "PPage NPage IC DC C-DC" },
	{ "\x1bOP\x1bOQ\x1bOR\x1bOS", 0, "F1 F2 F3 F4" },
	{ "\x1b[11~\x1b[12~\x1b[13~\x1b[14~\x1b[15~", 0, "F1 F2 F3 F4 F5" },
	{ "\x1b[[A\x1b[[B\x1b[[C\x1b[[D\x1b[[E", 0, "F1 F2 F3 F4 F5" },
	{ "\x1b[17~\x1b[18~\x1b[19~\x1b[20~\x1b[21~\x1b[23~\x1b[24~", 0,
	    "F6 F7 F8 F9 F10 F11 F12" },
	{ "\x1b[1;2P\x1b[15;5~", 0, "S-F1 C-F5" },
	{ "\x1bOM", 0, "Enter" },
	{ "\x1b[Z", 0, "BTab" },
	/* Alt */
	{ "\x1b" "a", 0, "M-a" },
	{ "\x1b\x01", 0, "C-M-a" },
	{ "\x1b\x7f", 0, "M-BSpace" },
	{ "\x1b\r", 0, "M-Enter" },
	{ "\x1b\xc3\xa9", 0, "M-U+00E9" },
	/* mouse */
	{ "\x1b[<0;10;5M", 0, "Mouse press 0 9,4" },
	{ "\x1b[<0;10;5m", 0, "Mouse release 0 9,4" },
	{ "\x1b[<2;1;1M", 0, "Mouse press 2 0,0" },
	{ "\x1b[<64;1;1M\x1b[<65;3;4M", 0,
	    "Mouse wheelup 0 0,0 Mouse wheeldown 0 2,3" },
	{ "\x1b[<32;2;2M", 0, "Mouse drag 0 1,1" },
	{ "\x1b[<35;2;2M", 0, "Mouse move 0 1,1" },
	{ "\x1b[<16;1;1M", 0, "C-Mouse press 0 0,0" },
	{ "\x1b[<0;0;5M", 0, "" },
	{ "\x1b[<0;99999999;5M", 0, "" },
	{ "\x1b[<0;5M", 0, "" },
	{ "\x1b[<66;5;5M", 0, "" },
	{ "\x1b[M !!", 0, "Mouse press 0 0,0" },
	{ "\x1b[M#!!", 0, "Mouse release 3 0,0" },
	/* bracketed paste: text only */
	{ "\x1b[200~hi\r\nyou\x1b[A\x01\x1b[201~x", 0,
	    "h i Space y o u x" },
	{ "\x1b[200~a\x1b" "b\x1bOA\x1b[201~", 0, "a b O A" },
	{ "\x1b[200~\x1b[<0;1;1M\x1b[201~\r", 0, "Enter" },
	/* other replies are dropped */
	{ "\x1b[I\x1b[O\x1b[12;40R\x1b[?1;2c\x1b[>0;1;2c", 0, "" },
	/* malformed and overlong */
	{ "\x1b[99999999999A", 0, "" },
	{ "\x1b[1;5;7;8;9;10;11A", 0, "C-Up" },
	{ "\x1b[1111111111111111111111111111111111111111111111111A" "b",
	    0, "b" },
	{ "\x1b[1\x01", 0, "C-a" },
	{ "\x1b[1\x1b[A", 0, "Up" },
	{ "\x1b[1 q", 0, "" },
	{ "\x1b[1$Ax", 0, "x" },
	/* invalid UTF-8 and C1 */
	{ "\xff", 0, "" },
	{ "\xc3(", 0, "(" },
	{ "\xe4\xb8" "a", 0, "a" },
	{ "\xc0\xaf", 0, "" },
	{ "\xed\xa0\x80", 0, "" },
	{ "\xf4\x90\x80\x80", 0, "" },
	{ "\xc2\x9b" "31m", 0, "3 1 m" },
	{ "\x9b" "31m", 0, "3 1 m" },
	{ "\x80\x80\x80z", 0, "z" },
};

static void
check_case(const struct key_case *kc)
{
	size_t	len = kc->len ? kc->len : strlen(kc->in), cut, i;
	size_t	cuts[256];
	char	out[1024];

	/* in one piece */
	decode(kc->in, len, NULL, 0, 1, out, sizeof out);
	ck_assert_msg(strcmp(out, kc->want) == 0, "%s: got '%s' want '%s'",
	    kc->want, out, kc->want);
	/* split in two everywhere */
	for (cut = 1; cut < len; cut++) {
		decode(kc->in, len, &cut, 1, 1, out, sizeof out);
		ck_assert_msg(strcmp(out, kc->want) == 0,
		    "%s split at %zu: got '%s'", kc->want, cut, out);
	}
	/* byte by byte */
	for (i = 0; i + 1 < len && i < 256; i++)
		cuts[i] = i + 1;
	decode(kc->in, len, cuts, i, 1, out, sizeof out);
	ck_assert_msg(strcmp(out, kc->want) == 0, "%s byte by byte: got '%s'",
	    kc->want, out);
}

START_TEST(test_keys_table)
{
	check_case(&key_cases[_i]);
}
END_TEST

/* Three-way splits of a mixed stream. */
START_TEST(test_keys_three_way)
{
	const char	*in = "a\x1b[1;5A\r\n\xe4\xb8\xad\x1b[<0;3;4m\x1bOP";
	const char	*want = "a C-Up Enter U+4E2D Mouse release 0 2,3 F1";
	size_t		 len = strlen(in), cuts[2];
	char		 out[256];

	for (cuts[0] = 1; cuts[0] < len; cuts[0]++) {
		for (cuts[1] = cuts[0]; cuts[1] < len; cuts[1]++) {
			decode(in, len, cuts, 2, 0, out, sizeof out);
			ck_assert_str_eq(out, want);
		}
	}
}
END_TEST

START_TEST(test_keys_pending)
{
	struct keys		k;
	struct key_event	ev[4];
	size_t			n;

	keys_init(&k);
	ck_assert_int_eq(keys_pending(&k), 0);
	n = 4;
	keys_feed(&k, "\x1b", 1, ev, &n);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(keys_pending(&k), KEYS_ESC_MS);
	n = 4;
	keys_feed(&k, "[", 1, ev, &n);
	ck_assert_int_eq(keys_pending(&k), KEYS_ESC_MS);
	n = 4;
	keys_feed(&k, "B", 1, ev, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ev[0].key, KEY_DOWN);
	ck_assert_int_eq(keys_pending(&k), 0);
	/* a partial UTF-8 character waits without a timer */
	n = 4;
	keys_feed(&k, "\xe4", 1, ev, &n);
	ck_assert_int_eq(keys_pending(&k), 0);
	ck_assert_int_eq(keys_timeout(&k, ev), 0);
	n = 4;
	keys_feed(&k, "\xb8\xad", 2, ev, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ev[0].key, 0x4e2d);
	/* a timeout with nothing held is harmless */
	ck_assert_int_eq(keys_timeout(&k, ev), 0);
}
END_TEST

/* keys_feed stops when the event array is full, and resumes. */
START_TEST(test_keys_room)
{
	struct keys		k;
	struct key_event	ev[2];
	size_t			n, used;

	keys_init(&k);
	n = 1;
	used = keys_feed(&k, "abc", 3, ev, &n);
	ck_assert_uint_eq(used, 1);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(ev[0].key, 'a');
	n = 2;
	used = keys_feed(&k, "bc", 2, ev, &n);
	ck_assert_uint_eq(used, 2);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(ev[1].key, 'c');
	n = 0;
	ck_assert_uint_eq(keys_feed(&k, "x", 1, ev, &n), 0);
}
END_TEST

/* Random bytes: only sane events, and the decoder recovers after. */
START_TEST(test_keys_garbage)
{
	struct keys		k;
	struct key_event	ev[8];
	unsigned char		buf[512];
	uint64_t		s = 88172645463325252ULL;
	size_t			i, n, used, off, round;

	keys_init(&k);
	for (round = 0; round < 2000; round++) {
		size_t len = 1 + round % 97;

		for (i = 0; i < len; i++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			/* bias towards the interesting bytes */
			buf[i] = (s & 3) == 0 ? "\x1b[;<0123456789~MAO\r\n"[
			    (s >> 8) % 20] : (unsigned char)(s >> 16);
		}
		for (off = 0; off < len; off += used) {
			n = 8;
			used = keys_feed(&k, buf + off, len - off, ev, &n);
			for (i = 0; i < n; i++) {
				CHECK((ev[i].key) < (KEY_LAST));
				if (ev[i].key < KEY_BASE) {
					CHECK(ev[i].key >= 0x20);
					CHECK(ev[i].key < 0x7f ||
					    ev[i].key >= 0xa0);
				}
				if (ev[i].key == KEY_MOUSE) {
					CHECK((ev[i].mouse.x) >= (0));
					CHECK((ev[i].mouse.y) >= (0));
				}
			}
			CHECK((k.len) <= (KEYS_SEQ_MAX));
		}
		if (round % 10 == 0 && keys_pending(&k))
			keys_timeout(&k, ev);
	}
	/* end any paste, drop anything held, then a key decodes */
	n = 8;
	keys_feed(&k, "\x1b[201~", 6, ev, &n);
	keys_timeout(&k, ev);
	n = 8;
	keys_feed(&k, "\r\x1b[A", 4, ev, &n);
	CHECK((n) >= (1));
	CHECK((ev[n - 1].key) == (KEY_UP));
}
END_TEST

static Suite *
keys_suite(void)
{
	Suite	*s = suite_create("keys");
	TCase	*tc = tcase_create("keys");

	tcase_add_loop_test(tc, test_keys_table, 0,
	    sizeof key_cases / sizeof key_cases[0]);
	tcase_add_test(tc, test_keys_three_way);
	tcase_add_test(tc, test_keys_pending);
	tcase_add_test(tc, test_keys_room);
	tcase_add_test(tc, test_keys_garbage);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(keys_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
