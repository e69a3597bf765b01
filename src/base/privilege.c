/*
 * privilege.c - deciding who to run as, and becoming that account.
 */
#include <sys/types.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "src/base/privilege.h"

static int
privilege_error(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s", what);
	return -1;
}

int
privilege_plan(struct privilege *p, const char *user, char *err,
    size_t errlen, char *warn, size_t warnlen)
{
	struct passwd	*pw;

	memset(p, 0, sizeof *p);
	if (warnlen > 0)
		*warn = '\0';
	p->uid = geteuid();
	p->gid = getegid();
	if (*user == '\0') {
		if (p->uid == 0)
			return privilege_error(err, errlen, "refusing to run "
			    "as root: set user = NAME (the account to run as, "
			    "e.g. -o user=nobody)");
		return 0;
	}
	errno = 0;
	pw = getpwnam(user);
	if (pw == NULL) {
		snprintf(err, errlen, "user %s: %s", user, errno != 0 ?
		    strerror(errno) : "no such user");
		return -1;
	}
	snprintf(p->name, sizeof p->name, "%s", user);
	if (p->uid != 0) {
		if (pw->pw_uid != p->uid)
			snprintf(warn, warnlen, "not started as root: staying "
			    "uid %lu, not becoming %s", (unsigned long)p->uid,
			    user);
		return 0;
	}
	p->uid = pw->pw_uid;
	p->gid = pw->pw_gid;
	p->change = p->uid != 0;
	return 0;
}

int
privilege_drop(const struct privilege *p, char *err, size_t errlen)
{
	gid_t	 groups[2];
	uid_t	 ruid, euid, suid;
	gid_t	 rgid, egid, sgid;
	int	 n;

	if (!p->change)
		return 0;
	/* Only the account's own group: root's supplementary groups would
	 * otherwise stay with us. */
	if (setgroups(1, &p->gid) != 0 ||
	    setresgid(p->gid, p->gid, p->gid) != 0 ||
	    setresuid(p->uid, p->uid, p->uid) != 0) {
		snprintf(err, errlen, "becoming %s: %s", p->name,
		    strerror(errno));
		return -1;
	}

	/* Verify, as sshd's permanently_set_uid does: a partial change
	 * would leave a way back to root. */
	if (getresuid(&ruid, &euid, &suid) != 0 ||
	    getresgid(&rgid, &egid, &sgid) != 0)
		return privilege_error(err, errlen, "cannot read our ids");
	if (ruid != p->uid || euid != p->uid || suid != p->uid ||
	    rgid != p->gid || egid != p->gid || sgid != p->gid)
		return privilege_error(err, errlen, "ids did not change");
	n = getgroups(2, groups);
	if (n < 0 || n > 1 || (n == 1 && groups[0] != p->gid))
		return privilege_error(err, errlen,
		    "supplementary groups remain");
	if (setuid(0) == 0 || seteuid(0) == 0)
		return privilege_error(err, errlen, "root could be regained");
	return 0;
}
