/*
 * screen-table-int.h - what the files of the table screen share: its state
 * (one per client at a table) and the functions one file calls in another.
 *
 *   screen-table.c        opening, closing, the keys and the questions
 *   screen-table-view.c   the view of the table for one viewer, drawn
 *   screen-table-board.c  the board: cursor, stones, shogi pick-up, drops
 *                         and promotion, the mouse
 *   screen-table-chat.c   the table's chat line and its scrolling
 *   screen-table-marks.c  what the marks on the board mean
 */
#ifndef SRC_HALL_SCREEN_TABLE_INT_H
#define SRC_HALL_SCREEN_TABLE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/yonin.h"
#include "screens/view-table.h"
#include "src/hall/hall-int.h"
#include "src/table/table.h"

#define SCREEN_TABLE_LINE_CHARS 300
#define SCREEN_TABLE_MOVE_CHARS 16
#define SCREEN_TABLE_MOVES_MAX 1024	/* moves listed (the newest) */
#define SCREEN_TABLE_MOVE_TEXT 16

enum screen_table_ask {
	SCREEN_TABLE_ASK_NONE,
	SCREEN_TABLE_ASK_RESIGN,
	SCREEN_TABLE_ASK_PROMOTE,
	SCREEN_TABLE_ASK_KICK,
	SCREEN_TABLE_ASK_HOST,
	SCREEN_TABLE_ASK_LEAVE,
	SCREEN_TABLE_ASK_CPU,
	SCREEN_TABLE_ASK_PROFILE,
};

struct screen_table {
	struct client		*client;
	struct hall		*hall;
	struct table		*table;		/* NULL once it went away */
	struct identity		*who;		/* a reference */

	int			 cursor;	/* point / square */
	int			 bottom;	/* four-player: seat at the bottom */
	bool			 bottom_chosen;	/* the viewer turned the board */
	int			 selected;	/* square picked up, -1 */
	int			 hand_kind;	/* hand piece to drop, 0 none */
	uint8_t			 marks[YONIN_SQUARES];
	bool			 have_marks;
	struct move		 promote;	/* asked: promote this move? */
	enum screen_table_ask	 ask;

	struct lineedit		*chat_line;
	bool			 chatting;
	int			 chat_back;
	uint64_t		 chat_seen;
	struct lineedit		*move_line;
	bool			 typing;	/* a move being typed after ':' */

	/* Built for each frame. */
	struct view_chat_line	 chat[TABLE_CHAT_LINES];
	char			 movetext[SCREEN_TABLE_MOVES_MAX]
				    [SCREEN_TABLE_MOVE_TEXT];
	const char		*moves[SCREEN_TABLE_MOVES_MAX];
	char			 input[1024];
	char			 title[48], share[160];
	char			 state[160], choice[160], prompt[160];
	char			 result[2 * TABLE_RESULT_LEN]; /* in the
						   viewer's language */
	char			 hands[4][32], sides[4][8];
	int			 win[32];
	char			 hints[160];
	char			 markname[160];	/* the mark under the cursor */
};

/*
 * What the opponent asks of this viewer, answered with y / n.  Both may be
 * open at once: the request to take a move back is asked (and answered)
 * first, since taking a move back withdraws a draw offer.
 */
enum screen_table_request {
	SCREEN_TABLE_REQUEST_NONE,
	SCREEN_TABLE_REQUEST_UNDO,
	SCREEN_TABLE_REQUEST_DRAW,
};

/* screen-table.c */
int	 screen_table_seat(const struct screen_table *ts);
bool	 screen_table_yonin(const struct screen_table *ts);
int	 screen_table_bottom(struct screen_table *ts);
bool	 screen_table_my_turn(const struct screen_table *ts);
enum screen_table_request screen_table_request(
	    const struct screen_table *ts);
void	 screen_table_refused(struct screen_table *ts, const char *why);

/* screen-table-view.c */
void	 screen_table_draw(struct client *c, void *state, struct grid *g);

/* screen-table-board.c */
void	 screen_table_clear_selection(struct screen_table *ts);
void	 screen_table_play(struct screen_table *ts, const struct move *m);
void	 screen_table_act(struct screen_table *ts);
void	 screen_table_cursor_move(struct screen_table *ts, int dx, int dy);
void	 screen_table_hand_pick(struct screen_table *ts, int slot);
void	 screen_table_mouse(struct screen_table *ts,
    const struct key_event *ev);

/* screen-table-marks.c: the first sight of a kind of mark explained on
 * the status line, and the mark under the cursor named there. */
void	 screen_table_marks(struct screen_table *ts, struct view_table *v);

/* screen-table-chat.c */
void	 screen_table_scroll(struct screen_table *ts, int by);
void	 screen_table_chat_key(struct screen_table *ts,
    const struct key_event *ev);

#endif
