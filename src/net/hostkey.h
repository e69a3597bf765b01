/*
 * hostkey.h - the server's SSH host key: one Ed25519 key, made on first
 * start and kept (a new key makes every client shout "REMOTE HOST
 * IDENTIFICATION HAS CHANGED").
 */
#ifndef SRC_HOSTKEY_H
#define SRC_HOSTKEY_H

#include <stddef.h>

/*
 * Make sure an Ed25519 private key exists at path (mode 0600, with
 * path.pub beside it), generating it if the file is missing.  An existing
 * file is never overwritten.  Puts the key's "SHA256:..." fingerprint in
 * fp.  0, or -1 with a message in err.
 */
int	hostkey_ensure(const char *path, char *fp, size_t fplen, char *err,
	    size_t errlen);

/* "SHA256:..." of a libssh key (ssh_key), as ssh-keygen -l prints it. */
int	hostkey_fingerprint(void *key, char *fp, size_t fplen);

#endif
