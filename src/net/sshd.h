/*
 * sshd.h - the SSH transport (libssh server sessions on the loop).
 *
 * docs/design.md §2: sockets come from the server's evconnlistener and go to
 * ssh_bind_accept_fd; every session is nonblocking and pumped from
 * libevent; output is written only outside libssh callbacks.
 *
 * Identity (docs/design.md §2.8), the same answers whether or not the name
 * is an account, so that nobody learns which names are (sshd-auth.c):
 * - "none" is denied; every public key probe is accepted, and a key whose
 *   signature verifies is recorded (SHA256 fingerprint): a key registered
 *   to an account logs into that account, any other lets the user in
 *   without an account, the key being the connection's device.
 * - keyboard-interactive asks one hidden "Password" (no name, no
 *   instruction); password and keyboard-interactive check the answer by
 *   yescrypt on the worker pool against the account's hash (a name that
 *   is none fails in the same time), and the empty answer lets the user in
 *   without an account (the hall's welcome screen).
 * - a probe never signed, a bad signature and a wrong password count
 *   toward the attempt limit and the source's penalty.
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
/*
 * Stop the key exchange threads, taking back every session they held
 * (server_free, before the conns go).  sshd_free does it too.
 */
void	sshd_stop(struct sshd *);
void	sshd_free(struct sshd *);

/* Take over an accepted socket that limits_accept let in. */
void	sshd_accept(struct sshd *, int fd, const struct sockaddr *,
	    socklen_t);

#endif
