/*
 * screen-settings.c - how this connection's screens are drawn: UTF-8 or
 * ASCII, 256, 16 or no colours, mouse reports on or off, and the language
 * of the pages.  The detection from TERM, the locale and NO_COLOR chose
 * the start (and follows a terminal type told late, until the user
 * chooses); changes apply at once and last for the connection, except the
 * language, which an account keeps in the store (a guest's lasts for the
 * session).
 */
#include <stdlib.h>
#include <string.h>

#include "src/hall/hall-int.h"
#include "src/store/store.h"

struct screen_settings {
	int	selected;
};

static int
screen_settings_nchoices(int row)
{
	static const int n[VIEW_NSETTINGS - 1] = { 2, 3, 2 };

	return row == VIEW_SETTING_LANGUAGE ? lang_count() : n[row];
}

static int
screen_settings_colour_choice(int colours)
{
	return colours >= TTY_COLOURS_256 ? 0 : colours >= TTY_COLOURS_16 ?
	    1 : 2;
}

static void
screen_settings_current(struct client *c, int *choice)
{
	choice[VIEW_SETTING_CHARSET] = c->caps.utf8 ? 0 : 1;
	choice[VIEW_SETTING_COLOURS] =
	    screen_settings_colour_choice(c->caps.colours);
	choice[VIEW_SETTING_MOUSE] = c->mouse ? 0 : 1;
	choice[VIEW_SETTING_LANGUAGE] = lang_index(c->lang);
}

/* A new language: at once, and kept for an account. */
static void
screen_settings_language(struct client *c, int choice)
{
	const struct lang	*l = lang_at(choice);

	if (l == NULL || l == c->lang)
		return;
	c->lang = l;
	if (c->identity != NULL && c->identity->kind == IDENTITY_USER &&
	    store_user_set_lang(c->hall->store, c->identity->user,
	    l->code) != STORE_OK)
		client_status(c, true, "%s", lang_text(c->lang,
		    "The language could not be saved: it lasts for this "
		    "connection."));
	client_redraw(c);
}

static void
screen_settings_apply(struct client *c, const int *choice)
{
	static const int colours[3] = {
		TTY_COLOURS_256, TTY_COLOURS_16, TTY_COLOURS_NONE
	};

	if (choice[VIEW_SETTING_LANGUAGE] != lang_index(c->lang)) {
		screen_settings_language(c, choice[VIEW_SETTING_LANGUAGE]);
		return;
	}
	client_set_caps(c, choice[VIEW_SETTING_CHARSET] == 0,
	    colours[choice[VIEW_SETTING_COLOURS]],
	    choice[VIEW_SETTING_MOUSE] == 0);
}

/* The locale variable that decided UTF-8, as tty-caps reads them. */
static const char *
screen_settings_locale(struct client *c)
{
	if (c->info->lc_all[0] != '\0')
		return c->info->lc_all;
	if (c->info->lc_ctype[0] != '\0')
		return c->info->lc_ctype;
	if (c->info->lang[0] != '\0')
		return c->info->lang;
	return NULL;
}

static void
screen_settings_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_settings	*s = state;
	struct view_settings	 v;

	memset(&v, 0, sizeof v);
	/* The keys are the view's buttons: the status line is for news. */
	client_chrome(c, &v.chrome, N_("Settings"), NULL);
	screen_settings_current(c, v.choice);
	v.detected[VIEW_SETTING_CHARSET] = c->detected.utf8 ? 0 : 1;
	v.detected[VIEW_SETTING_COLOURS] =
	    screen_settings_colour_choice(c->detected.colours);
	v.detected[VIEW_SETTING_MOUSE] = 0;
	v.detected[VIEW_SETTING_LANGUAGE] =
	    lang_index(lang_from_locale(screen_settings_locale(c)));
	v.selected = s->selected;
	v.term = c->info->term;
	v.lang = screen_settings_locale(c);
	view_settings_draw(g, &v, &c->hits);
}

static void
screen_settings_change(struct client *c, int row, int by)
{
	int	 choice[VIEW_NSETTINGS];
	int	 n = screen_settings_nchoices(row);

	screen_settings_current(c, choice);
	choice[row] = (choice[row] + by + n) % n;
	screen_settings_apply(c, choice);
}

static void
screen_settings_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_settings	*s = state;
	const struct view_hit	*hit;
	int			 choice[VIEW_NSETTINGS];

	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action != KEY_MOUSE_PRESS || hit == NULL)
			return;
		if (hit->id == VIEW_HIT_SETTING)
			s->selected = hit->index;
		else if (hit->id == VIEW_HIT_OPTION) {
			s->selected = hit->index / 16;
			if (s->selected >= VIEW_NSETTINGS)
				return;
			screen_settings_current(c, choice);
			choice[s->selected] = hit->index % 16;
			screen_settings_apply(c, choice);
		} else if (hit->id == VIEW_HIT_BUTTON && hit->index == 2)
			client_caps_reset(c);
		else if (hit->id == VIEW_HIT_BUTTON && hit->index == 3)
			client_pop(c);
		return;
	}
	switch (ev->key) {
	case KEY_UP:
	case 'k':
		s->selected = (s->selected + VIEW_NSETTINGS - 1) %
		    VIEW_NSETTINGS;
		break;
	case KEY_DOWN:
	case 'j':
	case KEY_TAB:
		s->selected = (s->selected + 1) % VIEW_NSETTINGS;
		break;
	case KEY_LEFT:
	case 'h':
		screen_settings_change(c, s->selected, -1);
		break;
	case KEY_RIGHT:
	case 'l':
	case ' ':
	case KEY_ENTER:
		screen_settings_change(c, s->selected, 1);
		break;
	case 'd':
		client_caps_reset(c);
		break;
	default:
		screen_nav_key(c, ev);
		break;
	}
}

static const struct screen screen_settings_ops = {
	.name = "settings",
	.draw = screen_settings_draw,
	.key = screen_settings_key,
	.free = free,
};

void
screen_settings_open(struct client *c)
{
	struct screen_settings	*s;

	s = calloc(1, sizeof *s);
	if (s != NULL)
		client_push(c, &screen_settings_ops, s);
}
