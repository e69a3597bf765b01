/*
 * fuzz-keys.c - the key decoder on arbitrary bytes, split into reads at
 * places the input chooses, with the Esc timer firing at places it chooses.
 * Every event must be a sane key; the decoder's buffer never overflows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "src/term/keys.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(const struct key_event *ev, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (ev[i].key >= KEY_LAST)
			abort();
		if (ev[i].key < KEY_BASE && (ev[i].key < 0x20 ||
		    (ev[i].key >= 0x7f && ev[i].key < 0xa0) ||
		    (ev[i].key >= 0xd800 && ev[i].key <= 0xdfff)))
			abort();
		if (ev[i].key == KEY_MOUSE && (ev[i].mouse.x < 0 ||
		    ev[i].mouse.y < 0 || ev[i].mouse.x >= 10000 ||
		    ev[i].mouse.y >= 10000))
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct keys		k;
	struct key_event	ev[4];
	size_t			off = 0, chunk, used, n;
	uint8_t			ctl;

	if (size < 1)
		return 0;
	ctl = data[0];
	data++;
	size--;
	keys_init(&k);
	while (off < size) {
		/* chunk sizes from the control byte, rotating */
		chunk = 1 + (ctl & 7);
		ctl = (uint8_t)((ctl >> 3) | (ctl << 5));
		if (chunk > size - off)
			chunk = size - off;
		while (chunk > 0) {
			n = 1 + (ctl & 3);
			used = keys_feed(&k, data + off, chunk, ev, &n);
			if (used == 0 || used > chunk || n > 4)
				abort();
			check(ev, n);
			off += used;
			chunk -= used;
		}
		if (k.len > KEYS_SEQ_MAX)
			abort();
		if ((ctl & 0x10) && keys_pending(&k) > 0) {
			n = keys_timeout(&k, ev);
			check(ev, n);
			if (keys_pending(&k) != 0)
				abort();
		}
	}
	if (keys_pending(&k) > 0) {
		n = keys_timeout(&k, ev);
		check(ev, n);
	}
	return 0;
}
