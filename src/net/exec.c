/*
 * exec.c - the exec command lines the hall accepts.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "src/net/exec.h"

#define EXEC_USAGE "this hall knows: join CODE, watch CODE, " \
	"new VARIANT [KEY=VALUE...], top VARIANT, export GAME [FORMAT]"

int
exec_check(const char *cmd, char *out, size_t outlen, char *why,
    size_t whylen)
{
	const char	*words[EXEC_MAX_WORDS];
	size_t		 lens[EXEC_MAX_WORDS], nwords = 0, i, o = 0, len;
	const char	*p = cmd;
	char		 first[16];

	if (outlen > 0)
		*out = '\0';
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		if (nwords == EXEC_MAX_WORDS) {
			snprintf(why, whylen, "too many words; %s", EXEC_USAGE);
			return -1;
		}
		words[nwords] = p;
		while (*p != '\0' && *p != ' ' && *p != '\t') {
			if ((unsigned char)*p < 0x21 ||
			    (unsigned char)*p > 0x7e) {
				snprintf(why, whylen,
				    "only printable ASCII is allowed; %s",
				    EXEC_USAGE);
				return -1;
			}
			p++;
		}
		lens[nwords] = (size_t)(p - words[nwords]);
		nwords++;
	}
	if (nwords == 0) {
		snprintf(why, whylen, "empty command; %s", EXEC_USAGE);
		return -1;
	}
	len = lens[0] < sizeof first - 1 ? lens[0] : sizeof first - 1;
	memcpy(first, words[0], len);
	first[len] = '\0';
	if (lens[0] >= sizeof first || (strcmp(first, "join") != 0 &&
	    strcmp(first, "watch") != 0 && strcmp(first, "new") != 0 &&
	    strcmp(first, "top") != 0 && strcmp(first, "export") != 0)) {
		/* Never echo a long or odd word back whole. */
		snprintf(why, whylen, "unknown command '%.20s'; %s", first,
		    EXEC_USAGE);
		return -1;
	}
	if (strcmp(first, "top") == 0 && nwords != 2) {
		snprintf(why, whylen, "top takes a variant, e.g. 'top renju'");
		return -1;
	}
	if (strcmp(first, "export") == 0 && (nwords < 2 || nwords > 3)) {
		snprintf(why, whylen, "export takes a game number and maybe "
		    "a format, e.g. 'export 12' or 'export 12 psq'");
		return -1;
	}
	if ((strcmp(first, "join") == 0 || strcmp(first, "watch") == 0) &&
	    nwords != 2) {
		snprintf(why, whylen, "%s takes one table code, e.g. '%s AB12'",
		    first, first);
		return -1;
	}
	if (strcmp(first, "new") == 0 && nwords < 2) {
		snprintf(why, whylen, "new takes a variant, e.g. "
		    "'new renju' or 'new gomoku timer=30'");
		return -1;
	}
	for (i = 0; i < nwords; i++) {
		if (o + lens[i] + (i > 0) + 1 > outlen) {
			snprintf(why, whylen, "command too long; %s",
			    EXEC_USAGE);
			if (outlen > 0)
				*out = '\0';
			return -1;
		}
		if (i > 0)
			out[o++] = ' ';
		memcpy(out + o, words[i], lens[i]);
		o += lens[i];
	}
	out[o] = '\0';
	return 0;
}
