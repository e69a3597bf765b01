/*
 * password.c - yescrypt password hashes through libxcrypt.
 *
 * Everything is per call (the 32 KB crypt_data work area on the heap, wiped
 * before it is freed), so worker threads may hash concurrently.
 */
#include <sys/random.h>

#include <crypt.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/store/password.h"

_Static_assert(PASSWORD_MAX_BYTES < CRYPT_MAX_PASSPHRASE_SIZE,
    "libxcrypt must accept every password the policy allows");
_Static_assert(PASSWORD_HASH_MAX >= CRYPT_OUTPUT_SIZE,
    "room for any crypt output");

/* yescrypt wants at least 16 bytes of salt entropy; libxcrypt's own default
 * for "$y$" is 16, and more is not used. */
#define PASSWORD_SALT_BYTES 16

/* UTF-8 code points in s (continuation bytes are not counted). */
static size_t
password_chars(const char *s)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++) {
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	}
	return n;
}

int
password_policy(const char *pw, char *err, size_t errlen)
{
	if (pw == NULL || *pw == '\0') {
		snprintf(err, errlen, "the password is empty");
		return -1;
	}
	if (strnlen(pw, PASSWORD_MAX_BYTES + 1) > PASSWORD_MAX_BYTES) {
		snprintf(err, errlen, "the password is too long (at most %d "
		    "bytes)", PASSWORD_MAX_BYTES);
		return -1;
	}
	if (password_chars(pw) < PASSWORD_MIN_CHARS) {
		snprintf(err, errlen, "a password needs at least %d characters",
		    PASSWORD_MIN_CHARS);
		return -1;
	}
	return 0;
}

/* Fill buf from getrandom(2), which may return short or be interrupted. */
static int
password_random(unsigned char *buf, size_t len)
{
	size_t	 done = 0;
	ssize_t	 n;

	while (done < len) {
		n = getrandom(buf + done, len - done, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		done += (size_t)n;
	}
	return 0;
}

/*
 * crypt_rn() into a fresh work area; the result is copied to out.  0, or -1
 * when libxcrypt refuses (it returns NULL or a string starting with '*').
 */
static int
password_crypt(const char *pw, const char *setting, char *out,
    size_t outlen)
{
	struct crypt_data	*cd;
	const char		*h;
	int			 rc = -1;

	cd = calloc(1, sizeof *cd);
	if (cd == NULL)
		return -1;
	h = crypt_rn(pw, setting, cd, sizeof *cd);
	if (h != NULL && h[0] != '*' && strlen(h) < outlen) {
		memcpy(out, h, strlen(h) + 1);
		rc = 0;
	}
	explicit_bzero(cd, sizeof *cd);
	free(cd);
	return rc;
}

int
password_hash(const char *pw, char *hash, size_t hashlen, char *err,
    size_t errlen)
{
	unsigned char	 rbytes[PASSWORD_SALT_BYTES];
	char		 setting[CRYPT_GENSALT_OUTPUT_SIZE];

	if (hashlen > 0)
		hash[0] = '\0';
	if (password_policy(pw, err, errlen) != 0)
		return -1;
	if (password_random(rbytes, sizeof rbytes) != 0) {
		snprintf(err, errlen, "no random bytes for a salt: %s",
		    strerror(errno));
		return -1;
	}
	if (crypt_gensalt_rn("$y$", 0, (const char *)rbytes, sizeof rbytes,
	    setting, sizeof setting) == NULL) {
		snprintf(err, errlen, "cannot make a yescrypt salt: %s",
		    strerror(errno));
		return -1;
	}
	explicit_bzero(rbytes, sizeof rbytes);
	if (password_crypt(pw, setting, hash, hashlen) != 0) {
		if (hashlen > 0)
			hash[0] = '\0';
		snprintf(err, errlen, "cannot hash the password: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* Equal strings, in time that depends only on their lengths. */
static int
password_equal(const char *a, const char *b)
{
	size_t			 la = strlen(a), lb = strlen(b), i;
	volatile unsigned char	 diff = 0;

	if (la != lb)
		return 0;
	for (i = 0; i < la; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return diff == 0;
}

int
password_verify(const char *pw, const char *hash)
{
	static const char	 dummy_salt[PASSWORD_SALT_BYTES] = "gamehall-dummy!";
	char			 dummy[CRYPT_GENSALT_OUTPUT_SIZE];
	char			 out[CRYPT_OUTPUT_SIZE];
	const char		*setting = hash;
	size_t			 len;
	int			 ok;

	if (pw == NULL)
		return 0;
	len = strnlen(pw, PASSWORD_MAX_BYTES + 1);
	if (len == 0 || len > PASSWORD_MAX_BYTES)
		return 0;

	if (hash == NULL || *hash == '\0') {
		/* Spend the same time as for a real account.  A fixed salt
		 * is fine: the output is thrown away. */
		if (crypt_gensalt_rn("$y$", 0, dummy_salt, sizeof dummy_salt,
		    dummy, sizeof dummy) == NULL)
			return 0;
		setting = dummy;
	}
	if (password_crypt(pw, setting, out, sizeof out) != 0)
		return 0;
	ok = setting == hash && password_equal(out, hash);
	explicit_bzero(out, sizeof out);
	return ok;
}
