/*
 * exec.h - which `ssh host COMMAND` command lines reach the hall.
 *
 * Only the hall's own commands: "join CODE", "watch CODE",
 * "new VARIANT [KEY=VALUE...]", and the two that print text and end,
 * "top VARIANT" and "export GAME [FORMAT]".  The words must be printable ASCII; runs
 * of blanks are squeezed to one space.  Everything else is refused by the
 * SSH transport with a one-line message and exit status 1.
 */
#ifndef SRC_EXEC_H
#define SRC_EXEC_H

#include <stddef.h>

#define EXEC_MAX_WORDS 16

/*
 * Check and normalise `cmd` into out.  0 if the hall takes it, else -1
 * with a one-line reason in why ("unknown command 'ls'; this hall knows
 * join CODE, watch CODE and new VARIANT [KEY=VALUE...]").
 */
int	exec_check(const char *cmd, char *out, size_t outlen, char *why,
	    size_t whylen);

#endif
