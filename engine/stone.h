/*
 * stone.h - the board every five-in-a-row variant and Connect6 share.
 *
 * Points are numbered column-major, point = col * size + row (col 0 is
 * `a`, row 0 is `1`), so ascending point order is the protocol's sort
 * order: a1 a2 ... a15 b1 ...
 *
 * Besides the cells, the board keeps every line (rows, columns, both
 * diagonals) as a bit mask per colour.  A cell's bit in its line is
 * STONE_LINE_PAD + its position, so an 11-cell window around any point
 * is one shift and mask away: that is what makes the restricted-point judge
 * and the win test cheap.  Cells beyond the board are set in `edge`.
 */
#ifndef ENGINE_STONE_H
#define ENGINE_STONE_H

#include <stdint.h>

#include "engine/game.h"

#define STONE_MAX_SIZE 19
#define STONE_MAX_POINTS (STONE_MAX_SIZE * STONE_MAX_SIZE)
#define STONE_MAX_LINES (2 * STONE_MAX_SIZE - 1)
#define STONE_LINE_PAD 5

enum stone_cell {
	STONE_EMPTY = 0,
	STONE_BLACK = 1,
	STONE_WHITE = 2,
};

/* Directions of a line: along a row, a column, the two diagonals. */
enum stone_dir {
	STONE_DIR_ROW,
	STONE_DIR_COL,
	STONE_DIR_DIAG,
	STONE_DIR_ANTI,
	STONE_NDIRS
};

/* One step along each direction, as (col, row). */
static const int stone_dir_step[STONE_NDIRS][2] = {
	{ 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 },
};

struct stone_board {
	int size;
	int stones;       /* stones on the board */
	uint8_t cell[STONE_MAX_POINTS];
	/* [colour 0 black, 1 white][dir][line] */
	uint32_t line[2][STONE_NDIRS][STONE_MAX_LINES];
	uint32_t edge[STONE_NDIRS][STONE_MAX_LINES];
};

/* Which line a cell is on in direction d, and its position on it. */
static inline int
stone_line_index(int size, int d, int col, int row)
{
	switch (d) {
	case STONE_DIR_ROW:
		return row;
	case STONE_DIR_COL:
		return col;
	case STONE_DIR_DIAG:
		return col - row + size - 1;
	default:
		return col + row;
	}
}

static inline int
stone_line_pos(int d, int col, int row)
{
	return d == STONE_DIR_COL ? row : col;
}

void stone_board_init(struct stone_board *, int size);
/* Put a stone of colour c (STONE_BLACK/STONE_WHITE) on an empty point. */
void stone_board_put(struct stone_board *, int point, int c);
void stone_board_take(struct stone_board *, int point);
/*
 * The run of colour c's stones through (col,row) in direction d, counting
 * (col,row) itself as c's whatever it holds: its length.
 */
int stone_board_run(const struct stone_board *, int d, int col, int row,
    int c);
/* The longest run of c through a point in any direction. */
int stone_board_longest(const struct stone_board *, int point, int c);
/* Does c have a run of exactly five through the point in some direction? */
int stone_board_exact_five(const struct stone_board *, int point, int c);

/* Text of a point ("h8"); buf needs 4 bytes.  Parse: -1 if not a point. */
void stone_point_format(int size, int point, char *buf);
int stone_point_parse(int size, const char *text);

/*
 * For the screens: the board of a stone game, or NULL when g is not one;
 * and whether Black's restricted points matter in it (renju, gomoku
 * restrict=on).
 */
const struct stone_board *stone_game_board(const struct game *);
int stone_game_restricted(const struct game *);
/*
 * The rules and the turn of a stone game, for a player program (the CPU)
 * that must know them as the judge does.  0, or -1 when g is not one.
 */
enum stone_info_kind {
	STONE_INFO_GOMOKU,
	STONE_INFO_FREESTYLE,
	STONE_INFO_STANDARD,
	STONE_INFO_RENJU,
	STONE_INFO_CONNECT6,
};

enum stone_info_stage {
	STONE_INFO_PLAY,    /* ordinary play; the colours are settled */
	STONE_INFO_THREE,   /* swap: P1 places black, white, black */
	STONE_INFO_CHOOSE1, /* P2 chooses (swap2: or more) */
	STONE_INFO_MORE,    /* swap2: P2 places white, black */
	STONE_INFO_CHOOSE2, /* swap2: P1 chooses */
};

struct stone_info {
	enum stone_info_kind kind;
	int size;
	int overline;       /* gomoku: a run of six or more wins (for White,
	                       and for Black unless restrict_black) */
	int restrict_black; /* gomoku: Black's restricted points are blocked */
	int opening;        /* 0 free, 1 swap, 2 swap2 */
	enum stone_info_stage stage;
	int to_move;        /* 0 black, 1 white */
	int per, left;      /* stones in this turn, of which still to place */
};
int stone_game_info(const struct game *, struct stone_info *);

/* The winning line's points in order (at most max); 0 when no line won. */
int stone_game_win_line(const struct game *, int *points, int max);

extern const struct variant variant_gomoku, variant_freestyle,
    variant_standard, variant_renju, variant_connect6;

#endif
