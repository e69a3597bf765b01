/*
 * gamehall-engine.c - the rules engine on the command line: lines from
 * standard input through the protocol core (gtp.c), answers to standard
 * output, flushed one by one (docs/gamehall-engine.6).  With --gomocup, or
 * when run as pbrain-*, the Gomocup protocol instead (gomocup-loop.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cpu.h"
#include "cli/gomocup.h"
#include "cli/gtp.h"

static int
usage(void)
{
	fprintf(stderr, "usage: gamehall-engine [--gomocup [--level N]]\n");
	return 2;
}

int
main(int argc, char **argv)
{
	struct gtp	*gtp;
	char		*line = NULL;
	size_t		 size = 0;
	ssize_t		 n;
	int		 quit = 0, gomocup = 0, level = CPU_LEVEL_MAX;
	const char	*base = strrchr(argv[0], '/');

	/* Gomocup managers run "pbrain-NAME" with no arguments. */
	base = base != NULL ? base + 1 : argv[0];
	if (strncmp(base, "pbrain-", 7) == 0)
		gomocup = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--gomocup") == 0)
			gomocup = 1;
		else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc &&
		    (level = cpu_level_parse(argv[i + 1])) > 0)
			i++;
		else
			return usage();
	}
	if (gomocup)
		return gomocup_main(level);
	if (level != CPU_LEVEL_MAX)
		return usage();
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
