/*
 * export.h - a game as other programs read it, and back.
 *
 * Pure text from a game (engine/game.h; the hall rebuilds one from its
 * stored record with game_replay), so the daemon (`ssh host export GAME`)
 * and gamehall-engine (gh-load) share one writer and one reader:
 *
 *   EXPORT_PSQ     stone games: Piskvork's .psq, as Renlib reads it -
 *                  "Piskvorky 15x15, 11:11, 0", then one "x,y,0" line a
 *                  stone (1-based, x from the left, y from the top).  The
 *                  file names no rules: the reader takes them from the
 *                  game it is given.
 *   EXPORT_SGF     stone games: SGF FF[4], GM[4] (gomoku and renju) or
 *                  GM[Connect6] (SGF has no number for it), SZ, the
 *                  players, RE, one node a stone; the hall's own GH[]
 *                  property keeps the variant and its options.
 *   EXPORT_RECORD  every variant, the only one four-player shogi has: '#'
 *                  comment lines (players, result), then the record line
 *                  of game_record() (docs/gamehall-engine.md).
 *
 * No I/O: text in, text out (open_memstream only builds strings).
 */
#ifndef ENGINE_EXPORT_H
#define ENGINE_EXPORT_H

#include <stddef.h>

#include "engine/game.h"

enum export_format {
	EXPORT_PSQ,
	EXPORT_SGF,
	EXPORT_RECORD,
};

/* What the header says beside the moves; every field may be NULL. */
struct export_info {
	const char *players[GAME_MAX_SIDES]; /* by side: black, white / S W N E */
	const char *result;		     /* "black wins: five" */
	const char *date;		     /* "2026-12-01" */
	int winner;			     /* two sides: the side, -1 a draw,
					        -2 unknown */
};

/* "psq", "sgf", "record" -> the format; -1 for none of them. */
int export_format_parse(const char *);
/* Whether the variant of g can be written in this format. */
int export_format_fits(const struct game *, enum export_format);

/*
 * The game (its moves from the start) in the format: malloc'd text ending
 * in a newline, or NULL with the reason in err (a format the variant does
 * not have, a game from a set-up position outside the record, memory).
 */
char *export_write(const struct game *, enum export_format,
    const struct export_info *, char *err, size_t errlen);

/*
 * The game a text holds, whichever of the three formats it is in (told by
 * its first line).  A PSQ file names no rules: `rules` (may be NULL only
 * for the other formats) gives the variant and its options, the board size
 * coming from the file.  NULL with the reason in err.
 */
struct game *export_load(const char *text, const struct game *rules,
    char *err, size_t errlen);

/* For export-psq.c and export-sgf.c: play a stone of `side` (-1: the side
 * to move) at point, making the swap choice that comes first (colours
 * alternate whoever holds them, so the position is the same). */
int export_stone(struct game *, int side, int point, char *err,
    size_t errlen);

char *export_psq_write(const struct game *, char *err, size_t errlen);
struct game *export_psq_read(const char *text, const struct game *rules,
    char *err, size_t errlen);
char *export_sgf_write(const struct game *, const struct export_info *,
    char *err, size_t errlen);
struct game *export_sgf_read(const char *text, char *err, size_t errlen);

#endif
