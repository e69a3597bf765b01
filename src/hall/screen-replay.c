/*
 * screen-replay.c - a game again, move by move: ←/→ (or h/l) step,
 * Home/End go to the start and the end, digits then Enter go to a move
 * number.  A finished game is rebuilt from its stored record once
 * (game_replay); a live table's is a copy of its game as it stands when
 * the replay opens, so the table plays on undisturbed and Esc goes back to
 * it.  Each position shown is that game with the later moves taken back
 * (undo), so the engine, not this screen, says what the board was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/stone.h"
#include "screens/lang.h"
#include "screens/view-replay.h"
#include "src/hall/hall-int.h"
#include "src/base/clock.h"
#include "src/hall/screen-replay.h"
#include "src/store/store.h"
#include "src/table/table.h"

#define SCREEN_REPLAY_MOVE_LEN 16
#define SCREEN_REPLAY_JUMP_LEN 5	/* digits of a move number */

struct screen_replay {
	struct store_game	 sg;
	struct game		*full;		/* every move played */
	struct game		*shown;		/* the position at ply */
	char			(*text)[SCREEN_REPLAY_MOVE_LEN];
	const char		**moves;
	int			 nmoves;
	int			 ply;
	char			 jump[SCREEN_REPLAY_JUMP_LEN + 1];
	int			 win[STONE_MAX_SIZE];
	int			 nwin;

	char			 title[STORE_VARIANT_MAX + 32];
	char			 players[STORE_PLAYERS_MAX *
				    (STORE_NAME_MAX + STORE_SIDE_MAX + 4)];
	char			 about[STORE_OPTIONS_MAX + 64];
};

/* The position after `ply` moves; the last position keeps the winning
 * line. */
static void
screen_replay_goto(struct screen_replay *r, int ply)
{
	struct game	*g;
	int		 i;

	if (ply < 0)
		ply = 0;
	if (ply > r->nmoves)
		ply = r->nmoves;
	if ((g = game_copy(r->full)) == NULL)
		return;
	for (i = r->nmoves; i > ply; i--)
		if (g->variant->undo(g) != 0)
			break;
	game_free(r->shown);
	r->shown = g;
	r->ply = ply;
	r->nwin = ply == r->nmoves ? stone_game_win_line(g, r->win,
	    STONE_MAX_SIZE) : 0;
	if (r->nwin < 0)
		r->nwin = 0;
}

/* Moves as the table's list shows them; a swap choice as "@black". */
static int
screen_replay_moves(struct screen_replay *r)
{
	struct move	 m;
	int		 i, side;

	r->nmoves = r->full->variant->ply(r->full);
	if (r->nmoves == 0)
		return 0;
	r->text = calloc((size_t)r->nmoves, sizeof *r->text);
	r->moves = calloc((size_t)r->nmoves, sizeof *r->moves);
	if (r->text == NULL || r->moves == NULL)
		return -1;
	for (i = 0; i < r->nmoves; i++) {
		r->full->variant->history(r->full, i, &m, &side);
		if (m.to < 0 && m.from < 0)
			snprintf(r->text[i], sizeof r->text[i], "@%s",
			    m.piece == GAME_CHOICE_BLACK ? "black" :
			    m.piece == GAME_CHOICE_WHITE ? "white" : "more");
		else
			r->full->variant->move_format(r->full, &m, r->text[i],
			    sizeof r->text[i]);
		r->moves[i] = r->text[i];
	}
	return 0;
}

static void
screen_replay_about(struct screen_replay *r, const struct lang *lang)
{
	const struct store_game_player	*p;
	char				 date[16];
	size_t				 o = 0;
	int				 i;

	r->players[0] = '\0';
	for (i = 0; i < r->sg.nplayers && i < STORE_PLAYERS_MAX; i++) {
		p = &r->sg.players[i];
		o += (size_t)snprintf(r->players + o, o < sizeof r->players ?
		    sizeof r->players - o : 0, "%s%s%s%s", i > 0 ? ", " : "",
		    p->side, p->side[0] != '\0' ? " " : "",
		    p->kind == STORE_PLAYER_CPU ? "CPU" : p->name);
		if (o >= sizeof r->players)
			break;
	}
	screen_date(r->sg.ended, date, sizeof date);
	snprintf(r->about, sizeof r->about, "%s  %s%s%s", date,
	    r->sg.options, r->sg.options[0] != '\0' ? "  " : "",
	    r->sg.rated ? lang_text(lang, "rated") : lang_text(lang,
	    "unrated"));
}

static void screen_replay_show(struct client *, struct screen_replay *);

static void
screen_replay_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_replay	*r = state;
	struct view_replay	 v;
	int			 i;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Replay", NULL);
	v.title = r->title;
	v.players = r->players[0] != '\0' ? r->players : NULL;
	v.about = r->about;
	v.result = r->sg.result;
	v.board.game = r->shown;
	v.board.cursor = -1;
	v.board.selected = -1;
	v.board.hand_seat = -1;
	v.board.win = r->win;
	v.board.nwin = r->nwin;
	v.yonin = stone_game_board(r->shown) == NULL;
	for (i = 0; i < r->sg.nplayers && i < 4; i++) {
		int side = r->shown->variant->side_parse(r->shown,
		    r->sg.players[i].side);

		if (side >= 0 && side < 4)
			v.board.names[side] = r->sg.players[i].name;
	}
	v.moves = r->moves;
	v.nmoves = r->nmoves;
	v.ply = r->ply;
	v.jump = r->jump[0] != '\0' ? r->jump : NULL;
	view_replay_draw(g, &v, &c->hits);
}

static void
screen_replay_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_replay	*r = state;
	const struct view_hit	*hit;
	size_t			 n = strlen(r->jump);

	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action == KEY_MOUSE_WHEEL_UP)
			screen_replay_goto(r, r->ply - 1);
		else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN)
			screen_replay_goto(r, r->ply + 1);
		else if (ev->mouse.action == KEY_MOUSE_PRESS && hit != NULL &&
		    hit->id == VIEW_HIT_BUTTON && hit->index == 3)
			client_pop(c);
		return;
	}
	if (ev->mods == 0 && ev->key >= '0' && ev->key <= '9') {
		if (n < SCREEN_REPLAY_JUMP_LEN) {
			r->jump[n] = (char)ev->key;
			r->jump[n + 1] = '\0';
		}
		return;
	}
	if (n > 0) {
		/* A move number being typed: Enter goes, Esc forgets it. */
		if (ev->key == KEY_ENTER)
			screen_replay_goto(r, atoi(r->jump));
		if (ev->key == KEY_BACKSPACE) {
			r->jump[n - 1] = '\0';
			return;
		}
		r->jump[0] = '\0';
		if (ev->key == KEY_ENTER || ev->key == KEY_ESCAPE)
			return;
	}
	switch (ev->key) {
	case KEY_LEFT:
	case 'h':
		screen_replay_goto(r, r->ply - 1);
		return;
	case KEY_RIGHT:
	case 'l':
	case ' ':
		screen_replay_goto(r, r->ply + 1);
		return;
	case KEY_HOME:
		screen_replay_goto(r, 0);
		return;
	case KEY_END:
		screen_replay_goto(r, r->nmoves);
		return;
	}
	screen_nav_key(c, ev);
}

static void
screen_replay_free(void *state)
{
	struct screen_replay	*r = state;

	game_free(r->shown);
	game_free(r->full);
	free(r->text);
	free(r->moves);
	store_game_clear(&r->sg);
	free(r);
}

static const struct screen screen_replay_ops = {
	.name = "replay",
	.draw = screen_replay_draw,
	.key = screen_replay_key,
	.free = screen_replay_free,
};

/* Over the top screen, at the end: where the game stands is what one
 * came to see. */
static void
screen_replay_show(struct client *c, struct screen_replay *r)
{
	screen_replay_about(r, c->lang);
	screen_replay_goto(r, r->nmoves);
	if (r->shown == NULL) {
		screen_replay_free(r);
		return;
	}
	client_push(c, &screen_replay_ops, r);
}

void
screen_replay_open(struct client *c, int64_t id)
{
	struct screen_replay	*r;
	char			 err[GAME_ERR_LEN];

	if ((r = calloc(1, sizeof *r)) == NULL)
		return;
	if (c->hall->store == NULL ||
	    store_game_get(c->hall->store, id, &r->sg) != STORE_OK) {
		client_status(c, true, "Game #%lld cannot be read now.",
		    (long long)id);
		free(r);
		return;
	}
	if ((r->full = game_replay(r->sg.record, err, sizeof err)) == NULL ||
	    screen_replay_moves(r) != 0) {
		client_status(c, true, "Game #%lld cannot be replayed: %s",
		    (long long)id, r->full == NULL ? err : "out of memory");
		screen_replay_free(r);
		return;
	}
	snprintf(r->title, sizeof r->title, lang_text(c->lang,
	    "%s, game #%lld"), r->sg.variant, (long long)r->sg.id);
	screen_replay_show(c, r);
}

/*
 * The moves so far of a live table, described as a stored game would be:
 * the players with their sides as they sit now, the options in effect.
 */
static int
screen_replay_live(struct screen_replay *r, const struct table *t,
    int64_t now, const struct lang *lang)
{
	const struct game	*g = table_game(t);
	struct game_status	 st;
	int			 seat, n = 0;

	if ((r->full = game_copy(g)) == NULL)
		return -1;
	snprintf(r->sg.variant, sizeof r->sg.variant, "%s", g->variant->name);
	if (g->variant->options(g, r->sg.options, sizeof r->sg.options) < 0)
		r->sg.options[0] = '\0';
	r->sg.ended = now;
	r->sg.rated = table_game_rated(t);
	for (seat = 0; seat < table_nseats(t) && n < STORE_PLAYERS_MAX;
	    seat++) {
		struct store_game_player	*p = &r->sg.players[n];
		const struct identity		*id = table_seat(t, seat);
		int				 side = table_seat_side(t, seat);

		if (id == NULL)
			continue;
		p->kind = id->kind == IDENTITY_CPU ? STORE_PLAYER_CPU :
		    STORE_PLAYER_GUEST;
		snprintf(p->name, sizeof p->name, "%s", id->name);
		if (side >= 0)
			snprintf(p->side, sizeof p->side, "%s",
			    g->variant->side_name(g, side));
		n++;
	}
	r->sg.nplayers = n;
	g->variant->status(g, &st);
	if (st.phase == GAME_OVER)
		snprintf(r->sg.result, sizeof r->sg.result, lang_text(lang,
		    "over: %s (Esc: back to the table)"), st.reason);
	else
		snprintf(r->sg.result, sizeof r->sg.result, "%s",
		    lang_text(lang, "in play: the game goes on at the table "
		    "(Esc: back to it)"));
	snprintf(r->title, sizeof r->title, lang_text(lang,
	    "%s, table %s: the moves so far"), r->sg.variant, table_code(t));
	return screen_replay_moves(r);
}

void
screen_replay_open_table(struct client *c, const struct table *t)
{
	struct screen_replay	*r;

	if ((r = calloc(1, sizeof *r)) == NULL)
		return;
	if (screen_replay_live(r, t, clock_wall(c->hall->clock),
	    c->lang) != 0) {
		client_status(c, true, "Out of memory: no replay now.");
		screen_replay_free(r);
		return;
	}
	screen_replay_show(c, r);
}
