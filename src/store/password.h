/*
 * password.h - password policy, hashing and verification.
 *
 * yescrypt through libxcrypt ("$y$" hashes, the library's default cost).
 * One hash or one verification costs tens of milliseconds of CPU (see the
 * figure printed by tests/bench/bench-store), so the daemon must call these
 * on a worker thread, never on the loop thread.  They are thread-safe: no
 * static state, the crypt_data work area is allocated per call.
 *
 * Passwords are byte strings (UTF-8 from the terminal); lengths in the
 * policy count characters (UTF-8 code points), the maximum counts bytes.
 */
#ifndef SRC_PASSWORD_H
#define SRC_PASSWORD_H

#include <stddef.h>

#define PASSWORD_MIN_CHARS 6   /* policy for new passwords */
/* Longer input is refused, never hashed: libxcrypt refuses passphrases of
 * CRYPT_MAX_PASSPHRASE_SIZE (512) bytes or more with ERANGE. */
#define PASSWORD_MAX_BYTES 511
#define PASSWORD_HASH_MAX 384   /* room for any hash string, NUL included */
#define PASSWORD_ERR_LEN 128    /* room for any message below */

/*
 * Whether `pw` may become a password: 0, or -1 with a message for the user
 * in err ("a password needs at least 6 characters", ...).
 */
int password_policy(const char *pw, char *err, size_t errlen);

/*
 * Hash a new password (the policy applies) with a fresh random salt (from
 * getrandom).  On success 0 and the "$y$..." string in hash (hashlen >=
 * PASSWORD_HASH_MAX is always enough); else -1 with a message in err and
 * hash set to "".
 */
int password_hash(const char *pw, char *hash, size_t hashlen, char *err,
    size_t errlen);

/*
 * 1 if `pw` matches `hash`, else 0.  Compares in constant time.  An empty
 * or over-long pw, or a NULL, empty or malformed hash, is 0 - and when the
 * hash is NULL or empty (an unknown user, an account with no password) a
 * dummy hash is still computed, so the time taken does not tell whether
 * the account exists.  Never applies the minimum-length policy (it may
 * change after a password was set).
 */
int password_verify(const char *pw, const char *hash);

#endif
