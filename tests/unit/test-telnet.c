/*
 * test-telnet.c - the telnet protocol module (src/net/nvt.c) fed friendly and
 * hostile bytes: negotiation, CR LF / CR NUL, split IAC sequences, NAWS
 * extremes, TTYPE, subnegotiation floods, COMPRESS2, output escaping.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/net/conn.h"
#include "src/net/nvt.h"

#define IAC 255
#define DONT 254
#define DO 253
#define WONT 252
#define WILL 251
#define SB 250
#define SE 240
#define IP 244
#define OPT_BINARY 0
#define OPT_ECHO 1
#define OPT_SGA 3
#define OPT_TTYPE 24
#define OPT_NAWS 31
#define OPT_COMPRESS2 86

struct capture {
	unsigned char	sent[65536];
	size_t		nsent;
	unsigned char	in[1 << 20];
	size_t		nin;
	int		cols, rows, resizes;
	char		term[128];
	int		terms;
	int		errors;
};

static void
cap_send(void *arg, const char *buf, size_t len)
{
	struct capture	*c = arg;

	ck_assert_uint_le(c->nsent + len, sizeof c->sent);
	memcpy(c->sent + c->nsent, buf, len);
	c->nsent += len;
}

static void
cap_input(void *arg, const unsigned char *buf, size_t len)
{
	struct capture	*c = arg;

	ck_assert_uint_gt(len, 0);
	if (c->nin + len > sizeof c->in)
		len = sizeof c->in - c->nin;
	memcpy(c->in + c->nin, buf, len);
	c->nin += len;
}

static void
cap_resize(void *arg, int cols, int rows)
{
	struct capture	*c = arg;

	ck_assert_int_ge(cols, 1);
	ck_assert_int_le(cols, CONN_COLS_MAX);
	ck_assert_int_ge(rows, 1);
	ck_assert_int_le(rows, CONN_ROWS_MAX);
	c->cols = cols;
	c->rows = rows;
	c->resizes++;
}

static void
cap_term(void *arg, const char *term)
{
	struct capture	*c = arg;
	size_t		 i;

	ck_assert_uint_gt(strlen(term), 0);
	ck_assert_uint_lt(strlen(term), CONN_TERM_LEN);
	for (i = 0; term[i] != '\0'; i++) {
		ck_assert((unsigned char)term[i] > 0x20 &&
		    (unsigned char)term[i] < 0x7f);
		ck_assert(!(term[i] >= 'A' && term[i] <= 'Z'));
	}
	strcpy(c->term, term);
	c->terms++;
}

static void
cap_error(void *arg, const char *why)
{
	struct capture	*c = arg;

	ck_assert_ptr_nonnull(why);
	c->errors++;
}

static const struct nvt_callbacks cap_callbacks = {
	cap_send, cap_input, cap_resize, cap_term, cap_error
};

static struct capture *cap;
static struct nvt *nvt;

static void
setup(void)
{
	cap = calloc(1, sizeof *cap);
	nvt = nvt_new(&cap_callbacks, cap);
	ck_assert_ptr_nonnull(nvt);
}

static void
teardown(void)
{
	nvt_free(nvt);
	free(cap);
}

static void
feed(const void *buf, size_t len)
{
	nvt_recv(nvt, buf, len);
}

#define FEED(...) do {							\
	static const unsigned char bytes_[] = { __VA_ARGS__ };		\
	feed(bytes_, sizeof bytes_);					\
} while (0)

static bool
sent_has(const unsigned char *seq, size_t len)
{
	size_t	i;

	for (i = 0; i + len <= cap->nsent; i++) {
		if (memcmp(cap->sent + i, seq, len) == 0)
			return true;
	}
	return false;
}

#define SENT_HAS(...) ({						\
	static const unsigned char seq_[] = { __VA_ARGS__ };		\
	sent_has(seq_, sizeof seq_);					\
})

START_TEST(test_opening_negotiation)
{
	nvt_start(nvt);
	ck_assert(SENT_HAS(IAC, WILL, OPT_ECHO));
	ck_assert(SENT_HAS(IAC, WILL, OPT_SGA));
	ck_assert(SENT_HAS(IAC, DO, OPT_SGA));
	ck_assert(SENT_HAS(IAC, WILL, OPT_BINARY));
	ck_assert(SENT_HAS(IAC, DO, OPT_BINARY));
	ck_assert(SENT_HAS(IAC, DO, OPT_NAWS));
	ck_assert(SENT_HAS(IAC, DO, OPT_TTYPE));
	ck_assert(!nvt_settled(nvt));

	/* WILL TTYPE is answered with SB TTYPE SEND. */
	cap->nsent = 0;
	FEED(IAC, WILL, OPT_TTYPE);
	ck_assert(SENT_HAS(IAC, SB, OPT_TTYPE, 1, IAC, SE));
	FEED(IAC, SB, OPT_NAWS, 0, 100, 0, 40, IAC, SE);
	ck_assert(!nvt_settled(nvt));
	ck_assert_int_eq(cap->cols, 100);
	ck_assert_int_eq(cap->rows, 40);
	FEED(IAC, SB, OPT_TTYPE, 0, 'X', 'T', 'E', 'R', 'M', '-', '2', '5',
	    '6', 'C', 'O', 'L', 'O', 'R', IAC, SE);
	ck_assert(nvt_settled(nvt));
	ck_assert_int_eq(cap->terms, 1);
	ck_assert_str_eq(cap->term, "xterm-256color");
	ck_assert_uint_eq(cap->nin, 0);
	ck_assert_int_eq(cap->errors, 0);
}
END_TEST

/*
 * A refusal (WONT) of what we asked for is not answered (RFC 1143: no
 * negotiation loops).  libtelnet 0.21 does not report it either, so the
 * transport's half-second timer is what settles a refusing client.
 */
START_TEST(test_refusals_quiet)
{
	nvt_start(nvt);
	cap->nsent = 0;
	FEED(IAC, WONT, OPT_TTYPE, IAC, WONT, OPT_NAWS, IAC, DONT, OPT_ECHO);
	ck_assert_uint_eq(cap->nsent, 0);
	ck_assert_int_eq(cap->terms, 0);
	ck_assert_int_eq(cap->resizes, 0);
	ck_assert_int_eq(cap->errors, 0);
	/* Asking again what was refused gets one answer, not a loop. */
	FEED(IAC, DO, OPT_ECHO);
	ck_assert_uint_le(cap->nsent, 3);
}
END_TEST

START_TEST(test_cr_translation)
{
	FEED('a', '\r', '\0', 'b', '\r', '\n', 'c', '\r', 'd', '\n', '\0');
	ck_assert_uint_eq(cap->nin, 9);
	ck_assert_int_eq(memcmp(cap->in, "a\rb\rc\rd\n\0", 9), 0);

	/* Split across reads: the CR is remembered. */
	cap->nin = 0;
	feed("x\r", 2);
	feed("\ny", 2);
	feed("\r", 1);
	feed("\0", 1);
	feed("\r\r\n", 3);
	ck_assert_uint_eq(cap->nin, 6);
	ck_assert_int_eq(memcmp(cap->in, "x\ry\r\r\r", 6), 0);
}
END_TEST

START_TEST(test_iac_in_data)
{
	/* IAC IAC is a data byte 0xFF; IAC NOP vanishes; IAC IP is ^C. */
	FEED('a', IAC, IAC, 'b', IAC, 241, 'c', IAC, IP);
	ck_assert_uint_eq(cap->nin, 5);
	ck_assert_int_eq(memcmp(cap->in, "a\xff" "bc\x03", 5), 0);
}
END_TEST

START_TEST(test_partial_iac)
{
	/* Every sequence cut at every byte. */
	static const unsigned char stream[] = {
		'h', IAC, WILL, OPT_TTYPE, 'i', IAC, SB, OPT_NAWS, 0, 90, 0,
		40, IAC, SE, IAC, IAC, '\r', '\0', 'z', IAC, DO, OPT_ECHO
	};
	size_t	i;

	for (i = 0; i < sizeof stream; i++)
		feed(&stream[i], 1);
	ck_assert_uint_eq(cap->nin, 5);
	ck_assert_int_eq(memcmp(cap->in, "hi\xff\rz", 5), 0);
	ck_assert_int_eq(cap->cols, 90);
	ck_assert_int_eq(cap->rows, 40);
	ck_assert_int_eq(cap->errors, 0);
}
END_TEST

START_TEST(test_naws_extremes)
{
	/* 0x0 means "unknown": no change from 80x24. */
	FEED(IAC, SB, OPT_NAWS, 0, 0, 0, 0, IAC, SE);
	ck_assert_int_eq(cap->resizes, 0);
	ck_assert(nvt_settled(nvt) == false);	/* TTYPE still open */

	/* 65535x65535: clamped. */
	FEED(IAC, SB, OPT_NAWS, IAC, IAC, IAC, IAC, IAC, IAC, IAC, IAC, IAC,
	    SE);
	ck_assert_int_eq(cap->resizes, 1);
	ck_assert_int_eq(cap->cols, CONN_COLS_MAX);
	ck_assert_int_eq(cap->rows, CONN_ROWS_MAX);

	/* A 255 column count arrives as IAC IAC. */
	FEED(IAC, SB, OPT_NAWS, 0, IAC, IAC, 0, 50, IAC, SE);
	ck_assert_int_eq(cap->cols, 255);
	ck_assert_int_eq(cap->rows, 50);

	/* Only one dimension known: the other stays. */
	FEED(IAC, SB, OPT_NAWS, 0, 120, 0, 0, IAC, SE);
	ck_assert_int_eq(cap->cols, 120);
	ck_assert_int_eq(cap->rows, 50);

	/* Wrong lengths are ignored. */
	FEED(IAC, SB, OPT_NAWS, 0, 10, 0, IAC, SE);
	FEED(IAC, SB, OPT_NAWS, 0, 10, 0, 10, 0, IAC, SE);
	FEED(IAC, SB, OPT_NAWS, IAC, SE);
	ck_assert_int_eq(cap->cols, 120);
	ck_assert_int_eq(cap->rows, 50);
	ck_assert_int_eq(cap->errors, 0);
}
END_TEST

START_TEST(test_hostile_ttype)
{
	unsigned char	buf[600];
	size_t		n = 0;
	int		i;

	buf[n++] = IAC;
	buf[n++] = SB;
	buf[n++] = OPT_TTYPE;
	buf[n++] = 0;
	buf[n++] = 0x1b;
	buf[n++] = '[';
	buf[n++] = '2';
	buf[n++] = 'J';
	buf[n++] = 0xc3;
	buf[n++] = 0xa9;
	for (i = 0; i < 500; i++)
		buf[n++] = 'V';
	buf[n++] = IAC;
	buf[n++] = SE;
	feed(buf, n);
	ck_assert_int_eq(cap->terms, 1);
	ck_assert_ptr_null(strchr(cap->term, 0x1b));
	ck_assert_uint_lt(strlen(cap->term), CONN_TERM_LEN);
	ck_assert_int_eq(strncmp(cap->term, "[2jvvv", 6), 0);

	/* Nothing printable: no term at all. */
	FEED(IAC, SB, OPT_TTYPE, 0, 1, 2, 3, ' ', IAC, SE);
	ck_assert_int_eq(cap->terms, 1);
}
END_TEST

START_TEST(test_subnegotiation_flood)
{
	unsigned char	*flood;
	size_t		 n = 0, i;

	flood = malloc(300000);
	flood[n++] = IAC;
	flood[n++] = SB;
	flood[n++] = 200;
	for (i = 0; i < 200000; i++)
		flood[n++] = (unsigned char)(i & 0x7f);
	flood[n++] = IAC;
	flood[n++] = SE;
	feed(flood, n);
	/* And many small unterminated ones. */
	n = 0;
	for (i = 0; i < 10000; i++) {
		flood[n++] = IAC;
		flood[n++] = SB;
		flood[n++] = (unsigned char)i;
	}
	feed(flood, n);
	free(flood);
	FEED(IAC, SE);

	/* Still working afterwards (or cleanly broken, never worse). */
	if (!nvt_broken(nvt)) {
		cap->nin = 0;
		FEED(IAC, SB, OPT_NAWS, 0, 100, 0, 30, IAC, SE, 'o', 'k');
		ck_assert_int_eq(cap->cols, 100);
		ck_assert_int_eq(cap->rows, 30);
		ck_assert_uint_eq(cap->nin, 2);
		ck_assert_int_eq(memcmp(cap->in, "ok", 2), 0);
	} else
		ck_assert_int_ge(cap->errors, 1);
}
END_TEST

START_TEST(test_compress2_refused)
{
	FEED('a');
	FEED(IAC, SB, OPT_COMPRESS2, IAC, SE, 0x78, 0x9c, 'x', 'y', 'z');
	ck_assert_int_eq(cap->errors, 1);
	ck_assert(nvt_broken(nvt));
	/* Nothing after the error reaches the hall. */
	FEED('b', 'c');
	ck_assert_uint_eq(cap->nin, 1);
	ck_assert_int_eq(cap->in[0], 'a');
}
END_TEST

START_TEST(test_output_escaping)
{
	nvt_send(nvt, "a\xff" "b\r\n", 5);
	ck_assert_uint_eq(cap->nsent, 6);
	ck_assert_int_eq(memcmp(cap->sent, "a\xff\xff" "b\r\n", 6), 0);
}
END_TEST

/* Deterministic garbage: no crash, sizes always in bounds. */
START_TEST(test_random_garbage)
{
	unsigned char	buf[4096];
	uint32_t	x = 12345;
	int		round;
	size_t		i, len;

	nvt_start(nvt);
	for (round = 0; round < 500 && !nvt_broken(nvt); round++) {
		x = x * 1103515245 + 12345;
		len = 1 + (x >> 8) % sizeof buf;
		for (i = 0; i < len; i++) {
			x = x * 1103515245 + 12345;
			/* Plenty of IACs and option bytes. */
			buf[i] = (x >> 16) % 4 == 0 ? IAC :
			    (unsigned char)(x >> 16);
			if (buf[i] == OPT_COMPRESS2)
				buf[i] = 'c';
		}
		cap->nsent = 0;
		feed(buf, len);
	}
	ck_assert_int_eq(cap->errors, nvt_broken(nvt) ? 1 : 0);
}
END_TEST

static Suite *
telnet_suite(void)
{
	Suite	*s = suite_create("telnet");
	TCase	*tc = tcase_create("nvt");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_opening_negotiation);
	tcase_add_test(tc, test_refusals_quiet);
	tcase_add_test(tc, test_cr_translation);
	tcase_add_test(tc, test_iac_in_data);
	tcase_add_test(tc, test_partial_iac);
	tcase_add_test(tc, test_naws_extremes);
	tcase_add_test(tc, test_hostile_ttype);
	tcase_add_test(tc, test_subnegotiation_flood);
	tcase_add_test(tc, test_compress2_refused);
	tcase_add_test(tc, test_output_escaping);
	tcase_add_test(tc, test_random_garbage);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(telnet_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
