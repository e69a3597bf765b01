/*
 * hostkey.c - generate the Ed25519 host key once, then keep it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libssh/libssh.h>

#include "src/net/hostkey.h"
#include "src/base/log.h"

int
hostkey_fingerprint(void *key, char *fp, size_t fplen)
{
	unsigned char	*hash = NULL;
	size_t		 hlen = 0;
	char		*text;

	if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
	    &hlen) != 0)
		return -1;
	text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hlen);
	ssh_clean_pubkey_hash(&hash);
	if (text == NULL)
		return -1;
	snprintf(fp, fplen, "%s", text);
	ssh_string_free_char(text);
	return 0;
}

static int
hostkey_generate(const char *path, char *err, size_t errlen)
{
	ssh_key	 key = NULL;
	char	 pub[4096];
	mode_t	 old;
	int	 rc = -1, fd;

	if ((size_t)snprintf(pub, sizeof pub, "%s.pub", path) >= sizeof pub) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	/* Claim the name first (O_EXCL), so two starts never race. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) != SSH_OK) {
		snprintf(err, errlen, "cannot generate an Ed25519 key");
		goto out;
	}
	old = umask(077);
	if (ssh_pki_export_privkey_file(key, NULL, NULL, NULL, path) !=
	    SSH_OK) {
		umask(old);
		snprintf(err, errlen, "%s: cannot write the host key", path);
		goto out;
	}
	umask(022);
	if (ssh_pki_export_pubkey_file(key, pub) != SSH_OK)
		log_warn("%s: cannot write the public key", pub);
	umask(old);
	chmod(path, 0600);
	rc = 0;
out:
	if (rc != 0)
		unlink(path);
	ssh_key_free(key);
	return rc;
}

int
hostkey_ensure(const char *path, char *fp, size_t fplen, char *err,
    size_t errlen)
{
	ssh_key		 key = NULL;
	struct stat	 st;

	if (stat(path, &st) != 0) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		if (hostkey_generate(path, err, errlen) != 0)
			return -1;
		log_info("generated a new Ed25519 host key in %s", path);
	} else if ((st.st_mode & 077) != 0)
		log_warn("%s: the host key is readable by others (mode %03o)",
		    path, (unsigned)(st.st_mode & 0777));

	if (ssh_pki_import_privkey_file(path, NULL, NULL, NULL, &key) !=
	    SSH_OK) {
		snprintf(err, errlen, "%s: not a readable private key", path);
		return -1;
	}
	if (ssh_key_type(key) != SSH_KEYTYPE_ED25519)
		log_warn("%s: not an Ed25519 key; logins cost more CPU", path);
	if (hostkey_fingerprint(key, fp, fplen) != 0)
		snprintf(fp, fplen, "?");
	ssh_key_free(key);
	return 0;
}
