/*
 * screen-lesson.c - a three-minute lesson on the board (screens/lesson.h
 * holds the steps): each step sets up a position, the player makes the
 * move asked for, and the engine judges it - whether the move may be made
 * at all (the variant's play), and whether it does what the step asks (a
 * five, a block, a four-three, a safe move in renju, a six or a stopped
 * one in Connect6, a capture, drop, promotion or answered check in
 * four-player shogi) from the engine's own functions.  The daemon adds no
 * rule of its own.  A Connect6 turn is two stones: the first stays while
 * the second is awaited, and the turn is judged whole.
 *
 * The drills (the same steps, with a solution each) use this screen too.
 *
 * Keys: arrows (hjkl) move, Enter or Space places a stone or picks up and
 * puts down a shogi piece (and goes on once a step is done), 1-4 take a
 * shogi piece from the hand, y / n answer whether to promote, n / p the
 * next / previous step, s shows the solution (drills), Esc puts a picked
 * piece back or leaves, q leaves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/stone.h"
#include "engine/stone-goal.h"
#include "engine/yonin.h"
#include "screens/lang.h"
#include "screens/lesson.h"
#include "screens/view-lesson.h"
#include "src/hall/hall-int.h"
#include "src/hall/lessonjob.h"
#include "src/hall/screen-lesson.h"

#define SCREEN_LESSON_TOKENS 32

/* A stone game's try, from its placing to its verdict. */
struct lesson_try {
	int			 point;		/* the turn's last stone */
	int			 second;	/* ... of a Connect6 pair */
	enum stone_goal		 goal;		/* when searched */
};

struct screen_lesson {
	const struct lesson	*lesson;
	const struct lang	*lang;		/* the player's */
	int			 step;
	struct game		*game;		/* the step's position */
	int			 cursor;
	int			 done;		/* the step was solved */
	int			 shown;		/* ... its solution shown */
	int			 half;		/* one stone of a pair is down */
	char			 feedback[320];
	int			 win[32];
	/* Four-player shogi: the piece picked up (-1 none) or the kind of
	 * the hand's piece to drop (0 none), where it may go, and a move
	 * waiting for its promotion answer. */
	int			 selected, hand_kind;
	uint8_t			 marks[YONIN_SQUARES];
	int			 asking;
	struct move		 promote;

	/* A searched verdict on its way (lessonjob.h), for `pending`. */
	struct client		*client;
	struct lessonjob	*judging;
	struct lesson_try	 pending;
};

static void
screen_lesson_unpick(struct screen_lesson *l)
{
	l->selected = -1;
	l->hand_kind = 0;
	l->asking = 0;
	memset(l->marks, 0, sizeof l->marks);
}

/* Set up step i: a fresh game of its variant, its position, the cursor
 * in the centre. */
static void
screen_lesson_step(struct screen_lesson *l, int i)
{
	const struct lesson_step	*s;
	const struct stone_board	*b;
	char				 err[GAME_ERR_LEN], buf[512];
	char				*tok[SCREEN_LESSON_TOKENS], *p, *save;
	int				 n = 0;

	if (i < 0 || i >= l->lesson->nsteps)
		return;
	s = &l->lesson->steps[i];
	lessonjob_cancel(l->judging);	/* its verdict was for this game */
	l->judging = NULL;
	game_free(l->game);
	l->step = i;
	l->done = 0;
	l->shown = 0;
	l->half = 0;
	screen_lesson_unpick(l);
	l->feedback[0] = '\0';
	l->game = game_new(s->variant, 0, NULL, err, sizeof err);
	if (l->game == NULL) {
		snprintf(l->feedback, sizeof l->feedback, "%s", err);
		return;
	}
	if (s->setup != NULL) {
		snprintf(buf, sizeof buf, "%s", s->setup);
		for (p = strtok_r(buf, " ", &save); p != NULL &&
		    n < SCREEN_LESSON_TOKENS; p = strtok_r(NULL, " ", &save))
			tok[n++] = p;
		if (game_setup(l->game, n, tok, err, sizeof err) != 0)
			snprintf(l->feedback, sizeof l->feedback, "%s", err);
	}
	if ((b = stone_game_board(l->game)) != NULL)
		l->cursor = (b->size / 2) * b->size + b->size / 2;
	else
		l->cursor = YONIN_SQUARES / 2;		/* 5e */
}

/*
 * The goal of step s when the engine must search to judge it (a block that
 * holds, a four-three, a win by fours, ...): on the worker pool in the
 * hall, since a search takes up to tens of milliseconds.  0 for the goals
 * a glance at the board decides.
 */
static int
screen_lesson_searched(const struct lesson_step *s, enum stone_goal *goal)
{
	switch (s->goal) {
	case LESSON_BLOCK:
		*goal = STONE_GOAL_BLOCK;
		return 1;
	case LESSON_FOUR_THREE:
		*goal = STONE_GOAL_FOUR_THREE;
		return 1;
	case LESSON_VCF:
		*goal = STONE_GOAL_VCF;
		return 1;
	case LESSON_HOLD:
		*goal = STONE_GOAL_HOLD;
		return 1;
	case LESSON_BLOCK_SIX:
		*goal = STONE_GOAL_BLOCK_SIX;
		return 1;
	default:
		return 0;
	}
}

/* Whether a goal no search decides is met, the turn complete. */
static int
screen_lesson_met(const struct stone_board *b, const struct lesson_step *s,
    const struct game_status *st, int point)
{
	switch (s->goal) {
	case LESSON_AT:
		return point == stone_point_parse(b->size, s->answer);
	case LESSON_FIVE:
	case LESSON_SIX:
		return st->phase == GAME_OVER && st->winner == 0;
	case LESSON_SAFE:
		return st->phase != GAME_OVER;
	default:
		return 0;	/* a searched goal with the game over */
	}
}

/*
 * The verdict on a complete turn (t): 1 it met the goal (it stays), 0 it
 * did not (the engine's word when the game ended, then the hint; the
 * turn's stones come off again).
 */
static int
screen_lesson_verdict(const struct lang *lang, struct game *g,
    const struct lesson_step *s, const struct lesson_try *t, int met,
    char *why, size_t len)
{
	const struct stone_board	*b = stone_game_board(g);
	struct game_status		 st;
	struct move			 m;
	char				 at[8], first[8];
	int				 second = t->second, side;

	if (met) {
		snprintf(why, len, "%s", lang_text(lang, s->done));
		return 1;
	}
	g->variant->status(g, &st);
	stone_point_format(b->size, t->point, at);
	if (second) {
		g->variant->history(g, g->variant->ply(g) - 2, &m, &side);
		stone_point_format(b->size, m.to, first);
	}
	if (st.phase == GAME_OVER && st.winner != 0 && second)
		snprintf(why, len, "%s and %s: %s. %s", first, at, st.reason,
		    lang_text(lang, s->hint));
	else if (st.phase == GAME_OVER && st.winner != 0)
		snprintf(why, len, "%s: %s. %s", at, st.reason,
		    lang_text(lang, s->hint));
	else if (second)
		snprintf(why, len, lang_text(lang, "%s and %s are not it. %s"),
		    first, at, lang_text(lang, s->hint));
	else
		snprintf(why, len, lang_text(lang, "%s is not it. %s"), at,
		    lang_text(lang, s->hint));
	g->variant->undo(g);
	if (second)
		g->variant->undo(g);
	return 0;
}

/*
 * Black's stone on t->point: screen_lesson_judge's answers, or 3 when the
 * goal must be searched (t->goal): the turn stays on the board until
 * screen_lesson_verdict.
 */
static int
screen_lesson_place(const struct lang *lang, struct game *g,
    const struct lesson_step *s, struct lesson_try *t, char *why,
    size_t len)
{
	const struct stone_board	*b = stone_game_board(g);
	struct game_status		 st;
	struct move			 m;
	char				 err[GAME_ERR_LEN], at[8];
	int				 point = t->point;

	if (b == NULL || point < 0 || point >= b->size * b->size)
		return -1;
	g->variant->status(g, &st);
	t->second = st.stone_of_turn == 2;
	memset(&m, 0, sizeof m);
	m.from = -1;
	m.to = (int16_t)point;
	stone_point_format(b->size, point, at);
	if (g->variant->play(g, 0, &m, err, sizeof err) != 0) {
		snprintf(why, len, "%s: %s", at, err);
		return -1;
	}
	g->variant->status(g, &st);
	/* The first stone of a Connect6 pair: the turn goes on. */
	if (st.phase == GAME_PLAYING && st.to_move == 0 &&
	    st.stone_of_turn == 2) {
		snprintf(why, len, lang_text(lang, "%s is down. Now the second "
		    "stone of the pair."), at);
		return 2;
	}
	if (st.phase != GAME_OVER && screen_lesson_searched(s, &t->goal))
		return 3;
	return screen_lesson_verdict(lang, g, s, t,
	    screen_lesson_met(b, s, &st, point), why, len);
}

/* South's pieces in hand, all kinds. */
static int
screen_lesson_hand(const struct game *g)
{
	int	 count[YONIN_HAND_KINDS], n = 0;

	yonin_hand(g, YONIN_S, count);
	for (int i = 0; i < YONIN_HAND_KINDS; i++)
		n += count[i];
	return n;
}

int
screen_lesson_judge(struct game *g, const struct lesson_step *s, int point,
    char *why, size_t len)
{
	struct lesson_try	 t = { .point = point };
	int			 r;

	if ((r = screen_lesson_place(NULL, g, s, &t, why, len)) != 3)
		return r;
	return screen_lesson_verdict(NULL, g, s, &t,
	    stone_goal_met(stone_game_board(g), STONE_BLACK, t.goal), why,
	    len);
}

/* screen_lesson_judge_move, what to say in the player's language. */
static int
screen_lesson_judge_move_in(const struct lang *lang, struct game *g,
    const struct lesson_step *s, const struct move *m, char *why,
    size_t len)
{
	struct yonin_piece	 piece;
	struct move		 want;
	char			 err[GAME_ERR_LEN], text[16];
	int			 hand = screen_lesson_hand(g), ok = 0;
	unsigned		 checked = yonin_checks(g) & (1u << YONIN_S);

	g->variant->move_format(g, m, text, sizeof text);
	if (g->variant->play(g, YONIN_S, m, err, sizeof err) != 0) {
		snprintf(why, len, "%s: %s", text, err);
		return -1;
	}
	switch (s->goal) {
	case LESSON_MOVE:
		ok = g->variant->move_parse(g, s->answer, &want, err,
		    sizeof err) == 0 && want.from == m->from &&
		    want.to == m->to && want.piece == m->piece &&
		    want.promote == m->promote;
		break;
	case LESSON_CAPTURE:
		ok = screen_lesson_hand(g) > hand;
		break;
	case LESSON_DROP:
		ok = m->from < 0;
		break;
	case LESSON_PROMOTE:
		ok = yonin_piece_at(g, m->to, &piece) && piece.promoted &&
		    m->promote;
		break;
	case LESSON_UNCHECK:
		ok = checked && !(yonin_checks(g) & (1u << YONIN_S));
		break;
	default:
		break;
	}
	if (ok) {
		snprintf(why, len, "%s", lang_text(lang, s->done));
		return 1;
	}
	snprintf(why, len, lang_text(lang, "%s is not it. %s"), text,
	    lang_text(lang, s->hint));
	g->variant->undo(g);
	return 0;
}

int
screen_lesson_judge_move(struct game *g, const struct lesson_step *s,
    const struct move *m, char *why, size_t len)
{
	return screen_lesson_judge_move_in(NULL, g, s, m, why, len);
}

/* Four-player shogi: a move from the lesson's hand, judged; the pick-up
 * goes either way. */
static void
screen_lesson_yonin_play(struct screen_lesson *l, const struct move *m)
{
	int	 r = screen_lesson_judge_move_in(l->lang, l->game,
		    &l->lesson->steps[l->step], m, l->feedback,
		    sizeof l->feedback);

	screen_lesson_unpick(l);
	if (r == 1)
		l->done = 1;
}

/* Four-player shogi: Enter on the cursor's square - pick up one of
 * South's pieces (its legal squares marked), put it down, or drop the
 * hand's piece there.  The engine's list says where a piece may go and
 * whether promotion is a choice. */
static void
screen_lesson_yonin_act(struct screen_lesson *l)
{
	struct yonin_piece	 p;
	struct move		 mv[128], m;
	int			 n;

	memset(&m, 0, sizeof m);
	if (l->hand_kind != 0) {
		m.from = -1;
		m.to = (int16_t)l->cursor;
		m.piece = (uint8_t)l->hand_kind;
		screen_lesson_yonin_play(l, &m);
		return;
	}
	if (l->selected == l->cursor) {
		screen_lesson_unpick(l);
		return;
	}
	if (yonin_piece_at(l->game, l->cursor, &p) && p.owner == YONIN_S &&
	    !p.overturned) {
		screen_lesson_unpick(l);
		l->selected = l->cursor;
		n = yonin_legal_from(l->game, l->selected, mv, 128);
		for (int i = 0; i < n && i < 128; i++)
			l->marks[mv[i].to] = 1;
		if (n == 0)
			snprintf(l->feedback, sizeof l->feedback, "%s",
			    lang_text(l->lang, "That piece has no legal "
			    "move."));
		return;
	}
	if (l->selected < 0) {
		snprintf(l->feedback, sizeof l->feedback, "%s",
		    lang_text(l->lang, "Pick up one of your own pieces: "
		    "South's, at the bottom."));
		return;
	}
	if (screen_yonin_put(l->game, l->selected, l->cursor, &m) == 2) {
		l->promote = m;
		l->asking = 1;
		snprintf(l->feedback, sizeof l->feedback, "%s",
		    lang_text(l->lang, "Promote? y/n"));
		return;
	}
	screen_lesson_yonin_play(l, &m);
}

/* Four-player shogi: keys 1-4 take the hand's rook, gold, silver or
 * pawn, to drop. */
static void
screen_lesson_yonin_hand(struct screen_lesson *l, int slot)
{
	struct move	 mv[YONIN_SQUARES];
	int		 count[YONIN_HAND_KINDS], n;

	yonin_hand(l->game, YONIN_S, count);
	screen_lesson_unpick(l);
	if (count[slot] == 0) {
		snprintf(l->feedback, sizeof l->feedback, "%s",
		    lang_text(l->lang, "Your hand has no such piece."));
		return;
	}
	l->hand_kind = yonin_hand_kinds[slot];
	n = yonin_legal_drops(l->game, l->hand_kind, mv, YONIN_SQUARES);
	for (int i = 0; i < n && i < YONIN_SQUARES; i++)
		l->marks[mv[i].to] = 1;
}

/* What the turn's verdict means for the screen. */
static void
screen_lesson_after(struct screen_lesson *l, int r)
{
	l->done = r == 1;
	l->half = r == 2;
}

/* No verdict to be had (the pool is busy, or closing): the turn comes off,
 * unjudged, to be tried again. */
static void
screen_lesson_unjudged(struct screen_lesson *l, const struct lesson_try *t)
{
	l->game->variant->undo(l->game);
	if (t->second)
		l->game->variant->undo(l->game);
	screen_lesson_after(l, 0);
	snprintf(l->feedback, sizeof l->feedback, "%s", lang_text(l->lang,
	    "The hall is busy: try that move again in a moment."));
}

/* The worker's verdict on a searched goal (lessonjob.h). */
static void
screen_lesson_judged(void *arg, int met)
{
	struct screen_lesson	*l = arg;

	l->judging = NULL;
	if (met < 0)
		screen_lesson_unjudged(l, &l->pending);
	else
		screen_lesson_after(l, screen_lesson_verdict(l->lang, l->game,
		    &l->lesson->steps[l->step], &l->pending, met,
		    l->feedback, sizeof l->feedback));
	client_dirty(l->client);
}

/* The stone at the cursor, judged: at once, or by a search on the worker
 * pool, during which the screen takes no other move. */
static void
screen_lesson_try(struct screen_lesson *l)
{
	struct lesson_try	 t = { .point = l->cursor };
	int			 r;

	if (l->game == NULL || l->judging != NULL)
		return;
	l->shown = 0;
	if (stone_game_board(l->game) == NULL) {
		screen_lesson_yonin_act(l);
		return;
	}
	r = screen_lesson_place(l->lang, l->game, &l->lesson->steps[l->step],
	    &t, l->feedback, sizeof l->feedback);
	if (r != 3) {
		screen_lesson_after(l, r);
		return;
	}
	l->pending = t;
	l->half = 0;
	l->judging = lessonjob_start(l->client->hall->worker,
	    stone_game_board(l->game), STONE_BLACK, t.goal,
	    screen_lesson_judged, l);
	if (l->judging != NULL) {
		snprintf(l->feedback, sizeof l->feedback, "%s",
		    lang_text(l->lang, "Judging the move..."));
		return;
	}
	screen_lesson_unjudged(l, &t);
}

/* The answer's first point not yet taken (a Connect6 answer is the
 * turn's two, "k10 l10"), or -1. */
static int
screen_lesson_answer(const struct stone_board *b,
    const struct lesson_step *s)
{
	char	 buf[32], *p, *save;
	int	 at;

	if (s->answer == NULL)
		return -1;
	snprintf(buf, sizeof buf, "%s", s->answer);
	for (p = strtok_r(buf, " ", &save); p != NULL;
	    p = strtok_r(NULL, " ", &save)) {
		at = stone_point_parse(b->size, p);
		if (at >= 0 && b->cell[at] == STONE_EMPTY)
			return at;
	}
	return -1;
}

/* A drill's solution: said, and the cursor put on it. */
static void
screen_lesson_solution(struct screen_lesson *l)
{
	const struct lesson_step	*s = &l->lesson->steps[l->step];
	const struct stone_board	*b;
	int				 p;

	if (s->solution == NULL || l->done || l->judging != NULL ||
	    l->game == NULL ||
	    (b = stone_game_board(l->game)) == NULL)
		return;
	/* Half a pair comes off: the solution is a whole turn. */
	if (l->half) {
		l->game->variant->undo(l->game);
		l->half = 0;
	}
	snprintf(l->feedback, sizeof l->feedback, lang_text(l->lang,
	    "Solution: %s"), lang_text(l->lang, s->solution));
	l->shown = 1;
	if ((p = screen_lesson_answer(b, s)) >= 0)
		l->cursor = p;
}

static void
screen_lesson_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_lesson	*l = state;
	struct view_lesson	 v;
	struct game_status	 st;
	int			 last = l->step == l->lesson->nsteps - 1;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Lesson", l->done ? last ?
	    N_("Esc back  p previous step") :
	    N_("Enter next step  p previous  Esc back") :
	    l->asking ? N_("y promote  n do not  Esc neither") :
	    l->game != NULL && stone_game_board(l->game) == NULL ?
	    N_("arrows move  Enter pick up / put down  1-4 drop  n skip  "
	    "p previous  Esc back") :
	    l->lesson->steps[l->step].solution != NULL ?
	    N_("arrows move  Enter place  s solution  n skip  p previous  "
	    "Esc back") :
	    N_("arrows move  Enter place  n skip  p previous  Esc back"));
	v.title = l->lesson->title;
	v.step = l->step;
	v.nsteps = l->lesson->nsteps;
	v.text = l->lesson->steps[l->step].text;
	v.feedback = l->feedback[0] != '\0' ? l->feedback : NULL;
	/* A solution, or a move being judged, is no error. */
	v.good = l->done || l->shown || l->half || l->judging != NULL;
	v.finished = l->done && last;
	v.board.game = l->game;
	v.board.cursor = l->cursor;
	v.board.show_cursor = !l->done;
	v.board.selected = l->selected;
	v.board.hand_seat = -1;
	if (l->hand_kind != 0) {
		v.board.hand_seat = YONIN_S;
		for (int i = 0; i < YONIN_HAND_KINDS; i++)
			if (yonin_hand_kinds[i] == l->hand_kind)
				v.board.hand_slot = i;
	}
	if (l->selected >= 0 || l->hand_kind != 0)
		v.board.marks = l->marks;
	if (l->game != NULL) {
		l->game->variant->status(l->game, &st);
		v.board.restricted = stone_game_restricted(l->game) &&
		    st.phase == GAME_PLAYING && st.to_move == 0;
		v.board.win = l->win;
		v.board.nwin = stone_game_win_line(l->game, l->win,
		    (int)(sizeof l->win / sizeof l->win[0]));
		if (v.board.nwin < 0)
			v.board.nwin = 0;
	}
	view_lesson_draw(g, &v, &c->hits);
}

static void
screen_lesson_move(struct screen_lesson *l, int dx, int dy)
{
	const struct stone_board	*b;
	int				 col, row;

	if (l->game == NULL)
		return;
	if ((b = stone_game_board(l->game)) == NULL) {
		/* Shogi squares: y * 9 + x, rank a (y 0) at the top. */
		col = l->cursor % YONIN_SIZE + dx;
		row = l->cursor / YONIN_SIZE + dy;
		if (col >= 0 && col < YONIN_SIZE && row >= 0 &&
		    row < YONIN_SIZE)
			l->cursor = row * YONIN_SIZE + col;
		return;
	}
	col = l->cursor / b->size + dx;
	row = l->cursor % b->size - dy;
	if (col >= 0 && col < b->size && row >= 0 && row < b->size)
		l->cursor = col * b->size + row;
}

static void
screen_lesson_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_lesson	*l = state;

	if (ev->key == KEY_MOUSE) {
		const struct view_hit	*hit = client_hit(c, ev);
		struct view_lesson	 v;
		int			 p;

		if (ev->mouse.action != KEY_MOUSE_PRESS || hit == NULL ||
		    hit->id != VIEW_HIT_POINT || l->done)
			return;
		memset(&v, 0, sizeof v);
		v.board.game = l->game;
		if ((p = view_lesson_board_hit(&v, ev->mouse.x,
		    ev->mouse.y)) < 0)
			return;
		l->cursor = p;
		screen_lesson_try(l);
		client_dirty(c);
		return;
	}
	if (l->asking) {
		/* Promote? y/n; Esc keeps the piece in the hand. */
		if (ev->key == 'y' || ev->key == 'n') {
			struct move m = l->promote;

			m.promote = ev->key == 'y';
			screen_lesson_yonin_play(l, &m);
		} else if (ev->key == KEY_ESCAPE) {
			l->asking = 0;
			l->feedback[0] = '\0';
		} else
			return;
		client_dirty(c);
		return;
	}
	switch (ev->key) {
	case '1': case '2': case '3': case '4':
		if (l->game == NULL || stone_game_board(l->game) != NULL ||
		    l->done)
			return;
		screen_lesson_yonin_hand(l, (int)ev->key - '1');
		break;
	case KEY_UP: case 'k':
		screen_lesson_move(l, 0, -1);
		break;
	case KEY_DOWN: case 'j':
		screen_lesson_move(l, 0, 1);
		break;
	case KEY_LEFT: case 'h':
		screen_lesson_move(l, -1, 0);
		break;
	case KEY_RIGHT: case 'l':
		screen_lesson_move(l, 1, 0);
		break;
	case KEY_ENTER: case ' ':
		if (!l->done)
			screen_lesson_try(l);
		else if (l->step + 1 < l->lesson->nsteps)
			screen_lesson_step(l, l->step + 1);
		break;
	case 'n':
		if (l->step + 1 < l->lesson->nsteps)
			screen_lesson_step(l, l->step + 1);
		break;
	case 'p':
		if (l->step > 0)
			screen_lesson_step(l, l->step - 1);
		break;
	case 's':
		screen_lesson_solution(l);
		break;
	case KEY_ESCAPE: case 'q':
		if (ev->key == KEY_ESCAPE && (l->selected >= 0 ||
		    l->hand_kind != 0)) {
			screen_lesson_unpick(l);
			break;
		}
		client_pop(c);		/* frees l */
		return;
	default:
		return;
	}
	client_dirty(c);
}

static void
screen_lesson_free(void *state)
{
	struct screen_lesson	*l = state;

	lessonjob_cancel(l->judging);
	game_free(l->game);
	free(l);
}

static const struct screen screen_lesson_ops = {
	.name = "lesson",
	.draw = screen_lesson_draw,
	.key = screen_lesson_key,
	.free = screen_lesson_free,
};

void
screen_lesson_open(struct client *c, const struct lesson *lesson)
{
	struct screen_lesson	*l;

	if (lesson == NULL || lesson->nsteps < 1 ||
	    (l = calloc(1, sizeof *l)) == NULL)
		return;
	l->lesson = lesson;
	l->lang = c->lang;
	l->client = c;
	l->selected = -1;
	screen_lesson_step(l, 0);
	client_push(c, &screen_lesson_ops, l);
}
