/*
 * screen-table-marks.c - the marks on a board explain themselves.
 *
 * The first time a person sees a kind of mark (× on Black's restricted
 * points, a shogi board's legal destinations, an overturned king, a king
 * in check) one line on the status line says what it means; the person
 * (the identity, so every terminal of his) is then told no more.  And
 * while the cursor is on a mark, the status line names it: "i8 ×:
 * restricted for black: double-three", as the engine judges it
 * (engine/forbidden.h).
 */
#include <stdio.h>
#include <string.h>

#include "engine/forbidden.h"
#include "engine/stone.h"
#include "engine/yonin.h"
#include "src/base/log.h"
#include "src/hall/screen-table-int.h"
#include "src/store/store.h"

/* The kinds of mark, one bit each in identity->marks_told. */
#define MARK_RESTRICTED 0x1
#define MARK_LEGAL 0x2
#define MARK_OVERTURNED 0x4
#define MARK_CHECK 0x8

/* What a restricted point does at this table (docs/rules.md §1.2). */
static const char *
screen_table_marks_effect(const struct screen_table *ts)
{
	if (strcmp(table_spec(ts->table)->variant, "renju") == 0)
		return "it loses";
	return "blocked, no loss";
}

/* The kinds of mark the board shows now. */
static unsigned
screen_table_marks_shown(const struct view_board *vb)
{
	const struct stone_board	*b = stone_game_board(vb->game);
	uint8_t				 map[STONE_MAX_POINTS];
	unsigned			 shown = 0;

	if (b != NULL) {
		if (vb->restricted && forbidden_map(b, map) > 0)
			shown |= MARK_RESTRICTED;
		return shown;
	}
	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		struct yonin_piece p;

		if (vb->marks != NULL && vb->marks[sq])
			shown |= MARK_LEGAL;
		if (yonin_piece_at(vb->game, sq, &p) && p.overturned)
			shown |= MARK_OVERTURNED;
	}
	if (yonin_checks(vb->game) != 0)
		shown |= MARK_CHECK;
	return shown;
}

/* The line that explains one kind of mark. */
static void
screen_table_marks_line(const struct screen_table *ts, unsigned mark,
    char *buf, size_t len)
{
	switch (mark) {
	case MARK_RESTRICTED:
		/* One line of 80 columns at most, like the others. */
		snprintf(buf, len, "× restricted for Black: a double-three, "
		    "double-four or overline; %s",
		    screen_table_marks_effect(ts));
		break;
	case MARK_LEGAL:
		snprintf(buf, len, "* or a green square: where the piece you "
		    "picked up may go (Enter moves it)");
		break;
	case MARK_OVERTURNED:
		snprintf(buf, len, "× on a piece: an overturned king; its "
		    "player is out, it blocks the square");
		break;
	case MARK_CHECK:
		snprintf(buf, len, "A king on red is in check: its player "
		    "moves next, out of turn (check priority)");
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* "i8" or "5e": the point or square under the cursor. */
static void
screen_table_marks_where(const struct view_board *vb, char *buf, size_t len)
{
	const struct stone_board	*b = stone_game_board(vb->game);

	if (b != NULL)
		snprintf(buf, len, "%c%d", 'a' + vb->cursor / b->size,
		    vb->cursor % b->size + 1);
	else
		snprintf(buf, len, "%c%c", '9' - vb->cursor % 9,
		    'a' + vb->cursor / 9);
}

/* The name of the mark under the cursor into buf; 0, or -1 if none. */
static int
screen_table_marks_under(const struct screen_table *ts,
    const struct view_board *vb, char *buf, size_t len)
{
	const struct stone_board	*b = stone_game_board(vb->game);
	struct yonin_piece		 p;
	char				 at[16];
	int				 kind;

	if (!vb->show_cursor || vb->cursor < 0)
		return -1;
	screen_table_marks_where(vb, at, sizeof at);
	if (b != NULL) {
		if (!vb->restricted || vb->cursor >= b->size * b->size ||
		    (kind = forbidden_at(b, vb->cursor)) == FORBIDDEN_NONE)
			return -1;
		snprintf(buf, len, "%s ×: restricted for black: %s (%s)", at,
		    forbidden_name(kind), screen_table_marks_effect(ts));
		return 0;
	}
	if (vb->cursor >= YONIN_SQUARES)
		return -1;
	if (yonin_piece_at(vb->game, vb->cursor, &p)) {
		if (p.overturned) {
			snprintf(buf, len, "%s ×: an overturned king: its "
			    "player is out; nobody may capture, enter or pass "
			    "it", at);
			return 0;
		}
		if (p.kind == YONIN_KING &&
		    (yonin_checks(vb->game) >> p.owner & 1)) {
			snprintf(buf, len, "%s: %c's king is in check: %c moves "
			    "next (check priority)", at,
			    yonin_seat_char(p.owner), yonin_seat_char(p.owner));
			return 0;
		}
	}
	if (vb->marks != NULL && vb->marks[vb->cursor]) {
		snprintf(buf, len, "%s *: the piece you picked up may go here "
		    "(Enter)", at);
		return 0;
	}
	return -1;
}

/* An account is told each kind once, not once a session: kept in the
 * store (a failure only means it is told again another day). */
static void
screen_table_marks_keep(const struct screen_table *ts, unsigned mark)
{
	struct store	*st = ts->hall->store;

	if (ts->who->kind != IDENTITY_USER || st == NULL)
		return;
	if (store_marks_add(st, ts->who->user, mark) != STORE_OK)
		log_warn("account %lld: %s", (long long)ts->who->user,
		    store_error(st));
}

void
screen_table_marks(struct screen_table *ts, struct view_table *v)
{
	struct client	*c = ts->client;
	const char	*hints = v->chrome.hints;
	unsigned	 fresh;

	if (v->board.game == NULL)
		return;
	/* A kind of mark this person has not been told about: one line,
	 * until his next key (the first kind first). */
	fresh = screen_table_marks_shown(&v->board) & ~ts->who->marks_told;
	if (fresh != 0 && c->status[0] == '\0') {
		unsigned mark = fresh & -fresh;
		char line[CLIENT_STATUS_LEN];

		screen_table_marks_line(ts, mark, line, sizeof line);
		ts->who->marks_told |= mark;
		screen_table_marks_keep(ts, mark);
		client_status(c, false, "%s", line);
	}
	if (screen_table_marks_under(ts, &v->board, ts->markname,
	    sizeof ts->markname) == 0)
		hints = ts->markname;
	/* Again, for the status or the name just made. */
	client_chrome(c, &v->chrome, ts->title, hints);
}
