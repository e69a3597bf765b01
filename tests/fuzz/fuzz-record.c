/*
 * fuzz-record.c - libFuzzer target for stored game records: any bytes are
 * replayed; a record that replays must write itself back to a record that
 * replays to the same record again (what the hall stores it can restore).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char once[1 << 16], twice[1 << 16];	/* fuzzer-only scratch */
	char *text, err[GAME_ERR_LEN];
	struct game *g, *again;

	if (size > 8192)
		return 0;
	if ((text = malloc(size + 1)) == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	g = game_replay(text, err, sizeof err);
	free(text);
	if (g == NULL)
		return 0;
	if (game_record(g, once, sizeof once) < 0)
		abort();
	if ((again = game_replay(once, err, sizeof err)) == NULL)
		abort();
	if (game_record(again, twice, sizeof twice) < 0 ||
	    strcmp(once, twice) != 0)
		abort();
	game_free(again);
	game_free(g);
	return 0;
}
