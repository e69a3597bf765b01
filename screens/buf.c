/*
 * buf.c - a growable byte buffer that records running out of memory instead
 * of aborting (see buf.h).
 */
#include <stdlib.h>
#include <string.h>

#include "screens/buf.h"

void
buf_init(struct buf *b)
{
	memset(b, 0, sizeof *b);
}

void
buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	b->failed = 0;
}

static int
buf_grow(struct buf *b, size_t more)
{
	size_t	 size;
	char	*data;

	if (b->failed)
		return -1;
	if (more <= b->size - b->len)
		return 0;
	if (more > ((size_t)-1) / 2 - b->len)
		goto fail;
	size = b->size < 256 ? 256 : b->size;
	while (size - b->len < more)
		size *= 2;
	data = realloc(b->data, size);
	if (data == NULL)
		goto fail;
	b->data = data;
	b->size = size;
	return 0;
fail:
	b->failed = 1;
	return -1;
}

int
buf_add(struct buf *b, const void *data, size_t len)
{
	if (len == 0)
		return b->failed ? -1 : 0;
	if (buf_grow(b, len) != 0)
		return -1;
	memcpy(b->data + b->len, data, len);
	b->len += len;
	return 0;
}

int
buf_addc(struct buf *b, char c)
{
	return buf_add(b, &c, 1);
}

int
buf_adds(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}
