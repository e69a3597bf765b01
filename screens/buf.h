/*
 * buf.h - a growable byte buffer: where the tty writer puts the bytes it
 * produces.  screens/ must not depend on libevent, so the writer appends here
 * and the daemon moves the bytes on (to libssh, to an evbuffer, ...).
 *
 * Allocation failure does not abort: the buffer remembers it (failed = 1),
 * ignores everything appended afterwards, and the caller checks once after a
 * whole frame (a frame that failed to build must not be sent; redraw fully
 * later).
 */
#ifndef SCREENS_BUF_H
#define SCREENS_BUF_H

#include <stddef.h>

struct buf {
	char	*data;	/* not NUL-terminated */
	size_t	 len;	/* bytes held */
	size_t	 size;	/* bytes allocated */
	int	 failed;	/* an append ran out of memory */
};

void	buf_init(struct buf *);
void	buf_free(struct buf *);		/* frees data; the buf is then empty */
void	buf_reset(struct buf *);	/* len = 0, failed = 0; keeps memory */

/* Appends return 0, or -1 when out of memory (and set failed). */
int	buf_add(struct buf *, const void *, size_t);
int	buf_addc(struct buf *, char);
int	buf_adds(struct buf *, const char *);

#endif
