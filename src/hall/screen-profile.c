/*
 * screen-profile.c - a player's profile: ratings per variant, the record
 * against the viewer (head to head), and recent games, read from the store
 * when the screen opens.  Yours (p), the one chosen in the online list or
 * on the leaderboard.  `f` shows one variant's games at a time; Enter
 * replays the selected game (screen-replay.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/lang.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-replay.h"
#include "src/store/rating.h"
#include "src/store/store.h"

#define SCREEN_PROFILE_GAMES 100	/* recent games listed */

struct screen_profile_rating {
	char	rating[16];
	char	rd[16];
};

struct screen_profile_game {
	char	date[16];
	char	opponents[4 * (STORE_NAME_MAX + 2)];
	char	result[16];
	char	change[16];
};

struct screen_profile {
	struct identities	*ids;
	struct identity		*who;		/* referenced */
	const struct lang	*lang;		/* the viewer's */
	char			 since[64];

	struct store_rating	*ratings;
	struct screen_profile_rating	*rtext;
	struct view_rating_row	*rrows;
	size_t			 nratings;

	struct store_game	*games;
	struct screen_profile_game	*gtext;
	struct view_game_row	*grows;
	size_t			 ngames;

	/* The games shown: all, or one variant's (indexes into games). */
	int			 filter;	/* -1 all, else ratings[] index */
	size_t			*shown;
	size_t			 nshown;
	struct view_game_row	*srows;

	char			 h2h[160];
	char			 detail[512];
	int			 sel;
	int			 top;
};

/* The viewer against this player, over every game both played. */
static void
screen_profile_h2h(struct client *c, struct screen_profile *p)
{
	const struct identity	*me = c->identity;
	struct store_h2h	 h;

	p->h2h[0] = '\0';
	if (me == NULL || me->kind != IDENTITY_USER ||
	    p->who->kind != IDENTITY_USER || me->user == p->who->user ||
	    store_games_between(c->hall->store, me->user, p->who->user,
	    &h) != STORE_OK)
		return;
	if (h.games == 0)
		snprintf(p->h2h, sizeof p->h2h, lang_text(c->lang,
		    "You and %s: no games together yet."), p->who->name);
	else
		snprintf(p->h2h, sizeof p->h2h, lang_plural(c->lang,
		    "You and %s: %d game, you won %d, lost %d, drew %d.",
		    "You and %s: %d games, you won %d, lost %d, drew %d.",
		    (unsigned long)h.games), p->who->name, h.games, h.won,
		    h.lost, h.games - h.won - h.lost);
}

/* The games of the variant filtered to (or all), and the selection kept
 * on the list. */
static void
screen_profile_filter(struct screen_profile *p)
{
	size_t	 i;
	const char *v = p->filter >= 0 && (size_t)p->filter < p->nratings ?
	    p->ratings[p->filter].variant : NULL;

	p->nshown = 0;
	for (i = 0; i < p->ngames && p->shown != NULL; i++) {
		if (v != NULL && strcmp(p->games[i].variant, v) != 0)
			continue;
		p->srows[p->nshown] = p->grows[i];
		p->shown[p->nshown++] = i;
	}
	p->sel = p->top = 0;
}

/* What the list cannot show of the selected game: its number (for
 * `export`), its options and the result in full. */
static void
screen_profile_detail(struct screen_profile *p)
{
	const struct store_game	*g;

	p->detail[0] = '\0';
	if (p->nshown == 0 || p->sel < 0 || (size_t)p->sel >= p->nshown)
		return;
	g = &p->games[p->shown[p->sel]];
	snprintf(p->detail, sizeof p->detail, "#%lld %s%s%.200s%s: %.120s  "
	    "(ssh ... export %lld)", (long long)g->id, g->variant,
	    g->options[0] != '\0' ? " " : "", g->options,
	    g->rated ? lang_text(p->lang, ", rated") : "", g->result,
	    (long long)g->id);
}

static void
screen_profile_game_text(const struct lang *lang, const struct store_game *g,
    int64_t user, struct screen_profile_game *t)
{
	const struct store_game_player	*me = NULL, *p;
	static const char *const	 place[] = { "?", N_("1st"), N_("2nd"),
					    N_("3rd"), N_("4th") };
	size_t				 len = 0;
	int				 i;
	double				 d;

	screen_date(g->ended, t->date, sizeof t->date);
	t->opponents[0] = '\0';
	for (i = 0; i < g->nplayers && i < STORE_PLAYERS_MAX; i++) {
		p = &g->players[i];
		if (p->kind == STORE_PLAYER_USER && p->user == user &&
		    me == NULL) {
			me = p;
			continue;
		}
		len += (size_t)snprintf(t->opponents + len,
		    len < sizeof t->opponents ? sizeof t->opponents - len : 0,
		    "%s%s", len > 0 ? ", " : "",
		    p->kind == STORE_PLAYER_CPU ? "CPU" : p->name);
		if (len >= sizeof t->opponents)
			len = sizeof t->opponents - 1;
	}
	t->change[0] = '\0';
	if (me == NULL) {
		snprintf(t->result, sizeof t->result, "-");
		return;
	}
	if (g->nplayers > 2 && me->rank >= 1 && me->rank <= 4)
		snprintf(t->result, sizeof t->result, "%s",
		    lang_text(lang, place[me->rank]));
	else
		snprintf(t->result, sizeof t->result, "%s",
		    me->outcome == STORE_WIN ? lang_text(lang, "won") :
		    me->outcome == STORE_DRAW ? lang_text(lang, "draw") :
		    lang_text(lang, "lost"));
	if (g->rated) {
		d = me->after.r - me->before.r;
		snprintf(t->change, sizeof t->change, "%+.0f", d);
	}
}

static void
screen_profile_load(struct client *c, struct screen_profile *p)
{
	struct store		*store = c->hall->store;
	struct store_user	 u;
	int64_t			 user = p->who->user;
	size_t			 i;
	char			 date[16];

	if (p->who->kind != IDENTITY_USER)
		return;
	if (store_user_get(store, user, &u) == STORE_OK) {
		screen_date(u.created, date, sizeof date);
		snprintf(p->since, sizeof p->since, lang_text(c->lang,
		    "Registered %s."), date);
	}
	if (store_rating_list(store, user, &p->ratings, &p->nratings) !=
	    STORE_OK)
		p->nratings = 0;
	if (p->nratings > 0) {
		p->rtext = calloc(p->nratings, sizeof *p->rtext);
		p->rrows = calloc(p->nratings, sizeof *p->rrows);
		if (p->rtext == NULL || p->rrows == NULL)
			p->nratings = 0;
	}
	for (i = 0; i < p->nratings; i++) {
		const struct store_rating *r = &p->ratings[i];

		hall_rating_text(&r->rating, p->rtext[i].rating,
		    sizeof p->rtext[i].rating);
		snprintf(p->rtext[i].rd, sizeof p->rtext[i].rd, "%.0f",
		    r->rating.rd);
		p->rrows[i].variant = r->variant;
		p->rrows[i].rating = p->rtext[i].rating;
		p->rrows[i].deviation = p->rtext[i].rd;
		p->rrows[i].games = r->games;
		p->rrows[i].wins = r->wins;
		p->rrows[i].losses = r->losses;
		p->rrows[i].draws = r->draws;
	}

	if (store_games_of_user(store, user, SCREEN_PROFILE_GAMES, &p->games,
	    &p->ngames) != STORE_OK)
		p->ngames = 0;
	if (p->ngames > 0) {
		p->gtext = calloc(p->ngames, sizeof *p->gtext);
		p->grows = calloc(p->ngames, sizeof *p->grows);
		if (p->gtext == NULL || p->grows == NULL) {
			store_games_free(p->games, p->ngames);
			p->games = NULL;
			p->ngames = 0;
		}
	}
	for (i = 0; i < p->ngames; i++) {
		screen_profile_game_text(c->lang, &p->games[i], user,
		    &p->gtext[i]);
		p->grows[i].date = p->gtext[i].date;
		p->grows[i].variant = p->games[i].variant;
		p->grows[i].opponents = p->gtext[i].opponents;
		p->grows[i].result = p->gtext[i].result;
		p->grows[i].change = p->gtext[i].change[0] != '\0' ?
		    p->gtext[i].change : NULL;
	}
	if (p->ngames > 0) {
		p->shown = calloc(p->ngames, sizeof *p->shown);
		p->srows = calloc(p->ngames, sizeof *p->srows);
	}
	p->filter = -1;
	screen_profile_filter(p);
	screen_profile_h2h(c, p);
}

static void
screen_profile_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_profile	*p = state;
	struct view_profile	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Profile", NULL);	/* keys: the buttons */
	v.name = p->who->name;
	v.guest = p->who->kind == IDENTITY_GUEST;
	v.since = p->since[0] != '\0' ? p->since : NULL;
	v.ratings = p->rrows;
	v.nratings = (int)p->nratings;
	v.games = p->srows;
	v.ngames = (int)p->nshown;
	v.top = p->top;
	v.selected = p->nshown > 0 ? p->sel : -1;
	v.h2h = p->h2h[0] != '\0' ? p->h2h : NULL;
	v.filter = p->filter >= 0 && (size_t)p->filter < p->nratings ?
	    p->ratings[p->filter].variant : NULL;
	screen_profile_detail(p);
	v.detail = p->detail[0] != '\0' ? p->detail : NULL;
	view_profile_draw(g, &v, &c->hits);
}

/* The next variant with rated games, then all of them again. */
static void
screen_profile_next_filter(struct screen_profile *p)
{
	p->filter = p->filter + 1 < (int)p->nratings ? p->filter + 1 : -1;
	screen_profile_filter(p);
}

static void
screen_profile_replay(struct client *c, struct screen_profile *p)
{
	if (p->nshown == 0 || p->sel < 0 || (size_t)p->sel >= p->nshown)
		return;
	screen_replay_open(c, p->games[p->shown[p->sel]].id);
}

static void
screen_profile_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_profile	*p = state;
	const struct view_hit	*hit;
	struct view_profile	 v;
	int			 rows;

	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action == KEY_MOUSE_PRESS && hit != NULL &&
		    hit->id == VIEW_HIT_BUTTON) {
			if (p->who->kind == IDENTITY_GUEST || hit->index == 3)
				client_pop(c);
			else if (hit->index == 1)
				screen_profile_replay(c, p);
			else if (hit->index == 2)
				screen_profile_next_filter(p);
		} else if (ev->mouse.action == KEY_MOUSE_PRESS &&
		    hit != NULL && (int)hit->id == VIEW_HIT_ROW_PROFILE) {
			if (hit->index == p->sel)
				screen_profile_replay(c, p);
			else
				p->sel = hit->index;
		} else if (ev->mouse.action == KEY_MOUSE_WHEEL_UP &&
		    p->top > 0)
			p->top--;
		else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN &&
		    p->top + 1 < (int)p->nshown)
			p->top++;
		return;
	}
	if (ev->key == 'r' && ev->mods == 0) {
		screen_report_open(c, p->who);
		return;
	}
	memset(&v, 0, sizeof v);
	v.nratings = (int)p->nratings;
	v.h2h = p->h2h[0] != '\0' ? p->h2h : NULL;
	rows = view_profile_game_rows(&v, client_sx(c), client_sy(c));
	if (screen_list_key(ev, (int)p->nshown, rows, &p->sel, &p->top, true))
		return;
	switch (ev->key) {
	case KEY_ENTER:
		screen_profile_replay(c, p);
		return;
	case 'f':
		screen_profile_next_filter(p);
		return;
	}
	screen_nav_key(c, ev);
}

static void
screen_profile_free(void *state)
{
	struct screen_profile	*p = state;

	identities_release(p->ids, p->who);
	free(p->ratings);
	free(p->rtext);
	free(p->rrows);
	store_games_free(p->games, p->ngames);
	free(p->gtext);
	free(p->grows);
	free(p->shown);
	free(p->srows);
	free(p);
}

static const struct screen screen_profile_ops = {
	.name = "profile",
	.draw = screen_profile_draw,
	.key = screen_profile_key,
	.free = screen_profile_free,
};

void
screen_profile_open(struct client *c, struct identity *who)
{
	struct screen_profile	*p;

	if (who == NULL)
		return;
	p = calloc(1, sizeof *p);
	if (p == NULL)
		return;
	p->ids = c->hall->ids;
	p->who = who;
	p->lang = c->lang;
	identity_ref(who);
	p->filter = -1;
	screen_profile_load(c, p);
	client_push(c, &screen_profile_ops, p);
}
