/*
 * fuzz-gtp.c - libFuzzer target for the engine protocol core: the input
 * is a conversation, one command per line, fed to a fresh gtp core.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gtp *gtp = gtp_new();
	char *buf = malloc(size + 1), *line, *nl;
	int quit = 0;

	if (gtp == NULL || buf == NULL)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	/* Long counts stop early: the fuzzer wants speed. */
	gtp_set_perft_budget(gtp, 20000);
	/* genmove thinks by nodes only, a few thousand: the fuzzer wants
	 * the protocol around it, not the search's strength. */
	gtp_cpu(gtp)->time_ms = 0;
	gtp_cpu(gtp)->level = 1;
	for (line = buf; !quit && line <= buf + size; line = nl + 1) {
		const char *answer;

		nl = memchr(line, '\n', (size_t)(buf + size - line));
		if (nl == NULL)
			nl = buf + size;
		*nl = '\0';
		answer = gtp_feed(gtp, line, &quit);
		/* Every answer is framed: empty, or ends in an empty line
		 * with none before it. */
		if (answer[0] != '\0') {
			size_t n = strlen(answer);
			const char *first = strstr(answer, "\n\n");

			if ((answer[0] != '=' && answer[0] != '?') || n < 3 ||
			    first != answer + n - 2)
				abort();
		}
	}
	gtp_free(gtp);
	free(buf);
	return 0;
}
