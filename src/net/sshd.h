/*
 * sshd.h - the SSH transport (libssh server sessions on the loop).
 *
 * DESIGN §2: sockets come from the server's evconnlistener and go to
 * ssh_bind_accept_fd; every session is nonblocking and pumped from
 * libevent; output is written only outside libssh callbacks.
 *
 * Identity (DESIGN §2.8, the brief's rules):
 * - "none" is denied; any public key whose signature verifies is recorded
 *   (SHA256 fingerprint).
 * - User name = a registered account: its own key logs in; otherwise its
 *   password (password or keyboard-interactive), checked by yescrypt on
 *   the worker pool.
 * - User name not registered: a key that belongs to an account logs into
 *   that account; any other key, any password, or keyboard-interactive
 *   with no prompt lets the user in without an account (the hall's
 *   welcome screen).
 *
 * The pump is sshd.c, the authentication sshd-auth.c, the session channel
 * sshd-channel.c; they share sshd-int.h.
 */
#ifndef SRC_SSHD_H
#define SRC_SSHD_H

#include <sys/socket.h>

#include <stddef.h>

struct server;
struct sshd;

/*
 * The ssh_bind with the host key at host_key_path (which must exist; see
 * hostkey_ensure) and the kex/host-key restrictions.  NULL with a message
 * in err.
 */
struct sshd *sshd_new(struct server *, const char *host_key_path,
	    char *err, size_t errlen);
void	sshd_free(struct sshd *);

/* Take over an accepted socket that limits_accept let in. */
void	sshd_accept(struct sshd *, int fd, const struct sockaddr *,
	    socklen_t);

#endif
