/*
 * fuzz-export.c - libFuzzer target for the files gh-load reads
 * (engine/export.c): any bytes are loaded as a PSQ, SGF or record text
 * (PSQ under renju's rules); a game that loads must export in every format
 * it has and load back to the same position.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/export.h"
#include "engine/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char want[1 << 14], got[1 << 14];	/* fuzzer-only scratch */
	char *text, *out, err[GAME_ERR_LEN + 64];
	struct game *rules, *g, *back;
	int f;

	if (size > 8192)
		return 0;
	if ((text = malloc(size + 1)) == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	if ((rules = game_new("renju", 0, NULL, err, sizeof err)) == NULL)
		abort();
	g = export_load(text, rules, err, sizeof err);
	free(text);
	if (g == NULL) {
		game_free(rules);
		return 0;
	}
	if (g->variant->board(g, want, sizeof want) < 0)
		abort();
	for (f = EXPORT_PSQ; f <= EXPORT_RECORD; f++) {
		if (!export_format_fits(g, (enum export_format)f))
			continue;
		out = export_write(g, (enum export_format)f, NULL, err,
		    sizeof err);
		if (out == NULL)
			abort();
		/* A psq file is read under the rules it was written from. */
		back = export_load(out, g, err, sizeof err);
		free(out);
		if (back == NULL || back->variant->board(back, got,
		    sizeof got) < 0 || strcmp(want, got) != 0)
			abort();
		game_free(back);
	}
	game_free(g);
	game_free(rules);
	return 0;
}
