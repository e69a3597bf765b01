/*
 * gamehall-engine.c - the rules engine on the command line: lines from
 * standard input through the protocol core (gtp.c), answers to standard
 * output, flushed one by one (shared/PROTOCOL.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gtp.h"

int
main(int argc, char **argv)
{
	struct gtp *gtp;
	char *line = NULL;
	size_t size = 0;
	ssize_t n;
	int quit = 0;

	if (argc > 1) {
		fprintf(stderr, "usage: gamehall-engine\n");
		return 2;
	}
	if ((gtp = gtp_new()) == NULL) {
		fprintf(stderr, "gamehall-engine: out of memory\n");
		return 1;
	}
	while (!quit && (n = getline(&line, &size, stdin)) != -1) {
		const char *answer;

		/* GTP drops control characters; a NUL must go here, before
		 * it hides the rest of the line. */
		if (strlen(line) != (size_t)n) {
			ssize_t out = 0;

			for (ssize_t i = 0; i < n; i++) {
				if (line[i] != '\0')
					line[out++] = line[i];
			}
			line[out] = '\0';
		}
		answer = gtp_feed(gtp, line, &quit);
		if (answer[0] != '\0') {
			fputs(answer, stdout);
			if (fflush(stdout) != 0)
				break;
		}
	}
	free(line);
	gtp_free(gtp);
	return 0;
}
