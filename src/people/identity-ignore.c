/*
 * identity-ignore.c - whom a person ignores: a few names whose chat he no
 * longer sees, in the lobby or at a table.  Kept on the identity, so every
 * terminal of his ignores the same people, until he leaves the hall.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "src/people/identity.h"

static int
identity_ignore_find(const struct identity *id, const char *name)
{
	for (int i = 0; i < id->nignored; i++) {
		if (strcasecmp(id->ignored[i], name) == 0)
			return i;
	}
	return -1;
}

bool
identity_ignores(const struct identity *id, const char *name)
{
	return id != NULL && id->nignored > 0 && name != NULL &&
	    identity_ignore_find(id, name) >= 0;
}

int
identity_ignore(struct identity *id, const char *name)
{
	if (identity_ignore_find(id, name) >= 0)
		return 0;
	if (id->nignored == IDENTITY_IGNORE_MAX ||
	    strlen(name) >= IDENTITY_IGNORE_LEN)
		return -1;
	snprintf(id->ignored[id->nignored++], IDENTITY_IGNORE_LEN, "%s",
	    name);
	return 0;
}

int
identity_unignore(struct identity *id, const char *name)
{
	int	 i = identity_ignore_find(id, name);

	if (i < 0)
		return -1;
	memcpy(id->ignored[i], id->ignored[--id->nignored],
	    sizeof id->ignored[i]);
	return 0;
}
