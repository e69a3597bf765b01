/*
 * screen-top.c - the leaderboard screen: one variant at a time (←/→ or a
 * click on its name), read from the store when the variant is chosen;
 * Enter opens the selected player's profile.  The rows are top.c's, the
 * same that `ssh host top VARIANT` prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "screens/view-top.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-top.h"
#include "src/hall/top.h"
#include "src/store/rating.h"

struct screen_top {
	const char		*variants[16];
	int			 nvariants;
	int			 variant;
	struct top		 board;
	struct view_top_row	*rows;
	char			 why[256];	/* a store that failed */
	int			 sel;
	int			 top;
};

static void
screen_top_load(struct client *c, struct screen_top *t)
{
	size_t	 i;

	top_free(&t->board);
	free(t->rows);
	t->rows = NULL;
	t->why[0] = '\0';
	t->sel = t->top = 0;
	if (top_load(&t->board, c->hall->store, t->variants[t->variant],
	    t->why, sizeof t->why) != 0) {
		client_status(c, true, "%s", t->why);
		return;
	}
	if (t->board.nrows > 0 &&
	    (t->rows = calloc(t->board.nrows, sizeof *t->rows)) == NULL) {
		top_free(&t->board);
		return;
	}
	for (i = 0; i < t->board.nrows; i++) {
		const struct top_row *r = &t->board.rows[i];

		t->rows[i].rank = r->rank;
		t->rows[i].name = r->name;
		t->rows[i].rating = r->rating;
		t->rows[i].deviation = r->rd;
		t->rows[i].games = r->games;
		t->rows[i].wins = r->wins;
		t->rows[i].losses = r->losses;
		t->rows[i].draws = r->draws;
		t->rows[i].you = c->identity != NULL &&
		    c->identity->kind == IDENTITY_USER &&
		    c->identity->user == r->user;
	}
}

static void
screen_top_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_top	*t = state;
	struct view_top		 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Leaderboard", NULL);
	v.variants = t->variants;
	v.nvariants = t->nvariants;
	v.variant = t->variant;
	v.rows = t->rows;
	v.nrows = t->rows != NULL ? (int)t->board.nrows : 0;
	v.selected = v.nrows > 0 ? t->sel : -1;
	v.top = t->top;
	v.provisional_rd = (int)RATING_RD_PROVISIONAL;
	view_top_draw(g, &v, &c->hits);
}

static void
screen_top_variant(struct client *c, struct screen_top *t, int variant)
{
	if (variant < 0 || variant >= t->nvariants || variant == t->variant)
		return;
	t->variant = variant;
	screen_top_load(c, t);
}

static void
screen_top_profile(struct client *c, struct screen_top *t)
{
	struct identity	*id;

	if (t->rows == NULL || t->sel < 0 || (size_t)t->sel >= t->board.nrows)
		return;
	id = identities_user(c->hall->ids, t->board.rows[t->sel].user,
	    t->board.rows[t->sel].name);
	if (id == NULL)
		return;
	screen_profile_open(c, id);	/* takes its own reference */
	identities_release(c->hall->ids, id);
}

static void
screen_top_mouse(struct client *c, struct screen_top *t,
    const struct key_event *ev)
{
	const struct view_hit	*hit = client_hit(c, ev);
	int			 n = t->rows != NULL ? (int)t->board.nrows : 0;

	if (ev->mouse.action == KEY_MOUSE_WHEEL_UP && t->top > 0)
		t->top--;
	else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN && t->top + 1 < n)
		t->top++;
	if (ev->mouse.action != KEY_MOUSE_PRESS || hit == NULL)
		return;
	switch ((int)hit->id) {
	case VIEW_HIT_TOP_VARIANT:
		screen_top_variant(c, t, hit->index);
		break;
	case VIEW_HIT_TOP_ROW:
		if (hit->index == t->sel)
			screen_top_profile(c, t);
		t->sel = hit->index;
		break;
	case VIEW_HIT_BUTTON:
		if (hit->index == 1)
			screen_top_profile(c, t);
		else if (hit->index == 2)
			client_pop(c);
		else
			screen_top_variant(c, t, (t->variant + 1) %
			    t->nvariants);
		break;
	}
}

static void
screen_top_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_top	*t = state;
	int			 n = t->rows != NULL ? (int)t->board.nrows : 0;

	if (ev->key == KEY_MOUSE) {
		screen_top_mouse(c, t, ev);
		return;
	}
	if (screen_list_key(ev, n, view_top_rows(client_sx(c), client_sy(c)),
	    &t->sel, &t->top, true))
		return;
	switch (ev->key) {
	case KEY_LEFT:
	case 'h':
		screen_top_variant(c, t, t->variant > 0 ? t->variant - 1 :
		    t->nvariants - 1);
		return;
	case KEY_RIGHT:
	case 'l':
		screen_top_variant(c, t, (t->variant + 1) % t->nvariants);
		return;
	case KEY_ENTER:
		screen_top_profile(c, t);
		return;
	}
	screen_nav_key(c, ev);
}

static void
screen_top_free(void *state)
{
	struct screen_top	*t = state;

	top_free(&t->board);
	free(t->rows);
	free(t);
}

static const struct screen screen_top_ops = {
	.name = "top",
	.draw = screen_top_draw,
	.key = screen_top_key,
	.free = screen_top_free,
};

void
screen_top_open(struct client *c, const char *variant)
{
	struct screen_top	*t;
	int			 i;

	if ((t = calloc(1, sizeof *t)) == NULL)
		return;
	for (i = 0; game_variants[i] != NULL && i < 16; i++) {
		t->variants[i] = game_variants[i]->name;
		if (variant != NULL && strcmp(variant, t->variants[i]) == 0)
			t->variant = i;
	}
	t->nvariants = i;
	screen_top_load(c, t);
	client_push(c, &screen_top_ops, t);
}
