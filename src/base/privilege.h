/*
 * privilege.h - giving up root, as sshd does: the daemon binds its ports
 * as whoever started it, then becomes the `user` of the config before it
 * opens anything else (the state directory, the database, the host key),
 * so a flaw anywhere in the hall runs with that account's rights only.
 */
#ifndef SRC_BASE_PRIVILEGE_H
#define SRC_BASE_PRIVILEGE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Who a run as the current process would end up as. */
struct privilege {
	bool	change;		/* root becoming another account */
	uid_t	uid;
	gid_t	gid;
	char	name[64];
};

/*
 * Decide, without changing anything: started as root, user must name an
 * account (root itself only when named: the sysop's explicit choice);
 * not root, user is ignored unless it names another account, which is
 * reported in warn (we cannot become it, and staying ourselves is no
 * worse).  0, or -1 with the reason in err (root without a user, an
 * unknown user).
 */
int	privilege_plan(struct privilege *, const char *user, char *err,
	    size_t errlen, char *warn, size_t warnlen);

/*
 * Become the planned account for good: supplementary groups, group, then
 * user (real, effective and saved), and check that root cannot be taken
 * back.  Nothing to do unless plan->change.  0, or -1 with err.
 */
int	privilege_drop(const struct privilege *, char *err, size_t errlen);

#endif
