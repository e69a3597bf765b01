/*
 * fuzz-telnet.c - libFuzzer target for telnet input (src/net/nvt.c over
 * libtelnet).  The first byte picks how the rest is cut into reads, so
 * sequences split at odd places are explored too.  Everything the module
 * reports must stay within its promises.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/net/conn.h"
#include "src/net/nvt.h"

struct fuzz_state {
	size_t	sent;
	size_t	input;
};

static void
fuzz_send(void *arg, const char *buf, size_t len)
{
	struct fuzz_state	*st = arg;

	if (buf == NULL && len > 0)
		abort();
	st->sent += len;
}

static void
fuzz_input(void *arg, const unsigned char *buf, size_t len)
{
	struct fuzz_state	*st = arg;
	volatile unsigned char	 sink = 0;
	size_t			 i;

	if (len == 0)
		abort();
	for (i = 0; i < len; i++)	/* every byte must be readable */
		sink ^= buf[i];
	(void)sink;
	st->input += len;
}

static void
fuzz_resize(void *arg, int cols, int rows)
{
	if (cols < 1 || cols > CONN_COLS_MAX || rows < 1 ||
	    rows > CONN_ROWS_MAX)
		abort();
}

static void
fuzz_term(void *arg, const char *term)
{
	size_t	i, n = strlen(term);

	if (n == 0 || n >= CONN_TERM_LEN)
		abort();
	for (i = 0; i < n; i++) {
		if ((unsigned char)term[i] <= 0x20 ||
		    (unsigned char)term[i] >= 0x7f ||
		    (term[i] >= 'A' && term[i] <= 'Z'))
			abort();
	}
}

static void
fuzz_error(void *arg, const char *why)
{
	if (why == NULL)
		abort();
}

static const struct nvt_callbacks fuzz_callbacks = {
	fuzz_send, fuzz_input, fuzz_resize, fuzz_term, fuzz_error
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_state	 st = { 0, 0 };
	struct nvt		*n;
	size_t			 chunk, off = 1;

	if (size == 0)
		return 0;
	n = nvt_new(&fuzz_callbacks, &st);
	if (n == NULL)
		return 0;
	nvt_start(n);
	chunk = 1 + data[0] % 17;
	while (off < size) {
		size_t	len = size - off < chunk ? size - off : chunk;

		nvt_recv(n, data + off, len);
		off += len;
	}
	nvt_send(n, data, size);
	nvt_free(n);
	return 0;
}
