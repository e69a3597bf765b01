/*
 * view-table.h - the table screens: a stone board, a four-player shogi
 * board, the table screen around them, and the form that creates a table.
 *
 * Like every view (screens/views.h) these are pure: src/ fills the structs
 * below from the table and the viewer's own state (cursor, selection, chat
 * line) and the view draws a whole frame.  The position itself is read
 * from the engine's game (engine/game.h, stone.h, forbidden.h, yonin.h),
 * which the view never changes.
 *
 * Coordinates a person reads: stone boards have columns a.. from the left
 * and rows 1.. from the bottom, on every side of the board; a four-player
 * shogi board is drawn from the viewer's seat (his side at the bottom) and
 * labelled with files and ranks as they fall on each edge.
 */
#ifndef SCREENS_VIEW_TABLE_H
#define SCREENS_VIEW_TABLE_H

#include <stdint.h>

#include "engine/game.h"
#include "screens/grid.h"
#include "screens/views.h"

/* Clickable places of the table screens (view_hit.id; beyond views.h's). */
#define VIEW_HIT_POINT 100	/* the board: see view_table_board_hit */
#define VIEW_HIT_HAND 101	/* index = seat * 8 + hand slot (R G S P) */
#define VIEW_HIT_SEAT 102	/* index = seat */
#define VIEW_HIT_ROW 103	/* create form: index = row */

/* ---- boards ------------------------------------------------------------- */

/* What a board view shows beyond the position. */
struct view_board {
	const struct game *game;	/* the position (never NULL) */
	int		 large;		/* stone: 4 columns x 2 rows a point */
	int		 cursor;	/* point/square under the cursor, -1 */
	int		 show_cursor;	/* draw it (the viewer may act) */
	/* Stone games. */
	const int	*win;		/* winning line's points */
	int		 nwin;
	int		 restricted;	/* mark Black's restricted points */
	/* Four-player shogi. */
	int		 bottom;	/* seat drawn at the bottom (0 S..3 E) */
	int		 selected;	/* selected square, -1 */
	int		 hand_seat;	/* selected hand piece: its seat, -1 */
	int		 hand_slot;	/* ... and slot (R G S P) */
	const uint8_t	*marks;		/* 81 squares: 1 = a legal destination;
					   NULL = none shown */
	const char	*names[4];	/* players by side S W N E (or NULL) */
};

/* Columns and rows a board takes, coordinates and hands included. */
void	view_board_stone_size(int size, int large, int *w, int *h);
void	view_board_yonin_size(int *w, int *h);
/*
 * Draw the board with its top-left corner at x,y.  Points/squares are
 * recorded as VIEW_HIT_POINT (hand pieces as VIEW_HIT_HAND).  Returns the
 * columns used.
 */
int	view_board_stone_draw(struct grid *, int x, int y,
	    const struct view_board *, struct view_hits *);
int	view_board_yonin_draw(struct grid *, int x, int y,
	    const struct view_board *, struct view_hits *);
/*
 * Four-player shogi as a seat sees it: the square at column sx, row sy
 * (0..8 from the top left) of the board drawn with `bottom` at the bottom.
 */
int	view_board_yonin_square(int bottom, int sx, int sy);
/* The point/square under a click at mx,my on a board drawn at x,y, or -1. */
int	view_board_stone_hit(const struct view_board *, int x, int y, int mx,
	    int my);
int	view_board_yonin_hit(const struct view_board *, int x, int y, int mx,
	    int my);
/* A four-player seat's colour (S yellow, W green, N cyan, E magenta; -1
 * dim), the same on the board and in the seat list. */
struct grid_style view_board_yonin_seat_style(int seat);
/* The grid position of a point/square (its left column), for tests and
 * for placing the cursor: 0, or -1 if it is not on the board. */
int	view_board_stone_cell(const struct view_board *, int x, int y,
	    int point, int *cx, int *cy);
int	view_board_yonin_cell(const struct view_board *, int x, int y,
	    int sq, int *cx, int *cy);

/* ---- the table screen ----------------------------------------------------- */

struct view_seat {
	const char	*name;		/* NULL: an empty seat */
	const char	*side;		/* "black", "S", NULL while unknown */
	const char	*rating;	/* "1523", "1500?", NULL */
	int		 guest;
	int		 you;
	int		 host;
	int		 away;		/* not at the table */
	int		 away_left;	/* ... his seat waits so many s; -1 */
	int		 elsewhere;	/* ... but connected (the lobby) */
	int		 no_key;	/* ... and cannot come back as himself */
	const char	*standin;	/* the CPU plays for him: its level */
	int		 timed;		/* his turn clock runs: */
	int		 clock;		/* ... seconds left */
	int		 to_move;
	int		 in_check;	/* four-player shogi */
	int		 out;		/* eliminated */
	int		 rank;		/* final rank, 0 none */
	int		 agreed;	/* wants a rematch */
	const char	*hand;		/* four-player shogi: "R1 G2 P3" */
};

enum view_table_b {
	VIEW_TABLE_B_SIT,
	VIEW_TABLE_B_START,
	VIEW_TABLE_B_RESIGN,
	VIEW_TABLE_B_DRAW,
	VIEW_TABLE_B_UNDO,
	VIEW_TABLE_B_REMATCH,
	VIEW_TABLE_B_CHAT,
	VIEW_TABLE_B_BACK,
	VIEW_TABLE_NBUTTONS
};

struct view_table {
	struct view_chrome chrome;
	const char	*code;
	const char	*variant;	/* "gomoku" */
	const char	*options;	/* "19x19 restricted", may be "" */
	const char	*share;		/* "ssh -p 2222 -t host join K7P3Q" */
	int		 timer;		/* seconds, 0 none */
	int		 rated;
	const char	*unrated_why;	/* "a guest plays": rated was asked */
	int		 private_;
	int		 watchers;

	int		 nseats;
	struct view_seat seat[4];

	/* The board: before the first game, the variant's start position. */
	struct view_board board;
	int		 yonin;		/* four-player shogi board */

	/* Lines about the game, each NULL when there is nothing to say. */
	const char	*state;		/* "waiting for 1 more player",
					   "bob to move", "stone 1 of 2" */
	const char	*choice;	/* "bob chooses: black, white or more" */
	const char	*result;	/* "black (alice) wins: five" */
	const char	*prompt;	/* "Resign this game? y/n" */

	/* Moves as a person reads them, oldest first ("h8", "7g7f"). */
	const char *const *moves;
	int		 nmoves;

	/* The table chat (views.h lines), oldest first. */
	const struct view_chat_line *chat;
	int		 nchat;
	int		 chat_back;
	int		 chatting;	/* the chat line has the keyboard */
	const char	*input;
	int		 input_cursor;

	struct view_button buttons[VIEW_TABLE_NBUTTONS];
	int		 nbuttons;
};

/*
 * The point/square a click at mx,my lands on in the table screen drawn
 * into a grid sx x sy (the whole board is one VIEW_HIT_POINT place with
 * index -1; this finds the point), or -1.
 */
int	view_table_board_hit(const struct view_table *, int sx, int sy, int mx,
	    int my);
/* Width the chat input gets on a grid sx x sy (for lineedit_view). */
int	view_table_input_width(const struct view_table *, int sx, int sy);
void	view_table_draw(struct grid *, const struct view_table *,
	    struct view_hits *);

/* ---- the create form -------------------------------------------------------- */

#define VIEW_CREATE_ROWS 16

struct view_create_row {
	const char	*label;		/* "Board size" */
	const char	*value;		/* the choice shown: "19x19" */
	int		 nchoices;
	int		 choice;	/* index, to show "<  >" at the ends */
};

struct view_table_create {
	struct view_chrome chrome;
	const char	*title;		/* "New table" */
	int		 nrows;
	struct view_create_row row[VIEW_CREATE_ROWS];	/* row 0: variant */
	int		 selected;
	const char	*summary;	/* "gomoku size=19 timer=30 ..." */
	const char	*message;	/* the last refusal, or NULL */
};

void	view_table_create_draw(struct grid *, const struct view_table_create *,
	    struct view_hits *);

#endif
