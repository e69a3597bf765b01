/*
 * screen-welcome.c - the first screen for a connection that is not yet an
 * account: log in, register, or play as a guest.
 */
#include <stdlib.h>
#include <string.h>

#include "src/hall/hall-int.h"
#include "src/base/log.h"

struct screen_welcome {
	int	selected;
	char	guest[IDENTITY_NAME_LEN];	/* a returning device's guest */
};

static bool
screen_welcome_passwords_ok(struct client *c)
{
	return c->info->passwords_ok;
}

static void
screen_welcome_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_welcome	*w = state;
	struct view_welcome	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Welcome",
	    N_("Up/Down choose  Enter select  l log in  r register  g guest  "
	    "q quit  ? help"));
	v.tagline = lang_text(c->lang, HALL_TAGLINE);
	v.motd = hall_sysop_motd(c->hall);
	v.selected = w->selected;
	v.passwords_ok = screen_welcome_passwords_ok(c);
	v.cleartext = c->info->transport == CONN_TELNET;
	v.guest_name = w->guest[0] != '\0' ? w->guest : NULL;
	view_welcome_draw(g, &v, &c->hits);
}

static void
screen_welcome_choose(struct client *c, struct screen_welcome *w, int which)
{
	struct identity	*id;

	w->selected = which;
	switch (which) {
	case VIEW_WELCOME_LOGIN:
	case VIEW_WELCOME_REGISTER:
		if (!screen_welcome_passwords_ok(c)) {
			client_status(c, true, "Telnet is clear text, so "
			    "passwords are refused here: play as a guest or "
			    "use ssh.");
			return;
		}
		if (which == VIEW_WELCOME_LOGIN)
			screen_login_open(c);
		else
			screen_register_open(c);
		return;
	case VIEW_WELCOME_GUEST:
		id = identities_guest(c->hall->ids, c->info->fingerprint);
		if (id == NULL) {
			client_status(c, true, "Out of memory: try again.");
			return;
		}
		log_info("%s: guest %s%s", conn_label(c->conn), id->name,
		    id->key[0] != '\0' ? " (device key)" : "");
		hall_enter(c->hall, c, id);	/* the lobby, next */
		return;
	case VIEW_WELCOME_QUIT:
		client_leave(c, "Goodbye.");
		return;
	}
}

static void
screen_welcome_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_welcome	*w = state;
	const struct view_hit	*hit;

	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action == KEY_MOUSE_PRESS && hit != NULL &&
		    hit->id == VIEW_HIT_BUTTON)
			screen_welcome_choose(c, w, hit->index);
		return;
	}
	if (ev->mods == KEY_MOD_CTRL) {
		if (ev->key == 'd')
			screen_welcome_choose(c, w, VIEW_WELCOME_QUIT);
		return;
	}
	switch (ev->key) {
	case KEY_UP:
	case 'k':
	case KEY_BACKTAB:
		w->selected = (w->selected + VIEW_WELCOME_NBUTTONS - 1) %
		    VIEW_WELCOME_NBUTTONS;
		break;
	case KEY_DOWN:
	case 'j':
	case KEY_TAB:
		w->selected = (w->selected + 1) % VIEW_WELCOME_NBUTTONS;
		break;
	case KEY_HOME:
		w->selected = 0;
		break;
	case KEY_END:
		w->selected = VIEW_WELCOME_NBUTTONS - 1;
		break;
	case KEY_ENTER:
		screen_welcome_choose(c, w, w->selected);
		break;
	case 'l':
	case 'L':
		screen_welcome_choose(c, w, VIEW_WELCOME_LOGIN);
		break;
	case 'r':
	case 'R':
		screen_welcome_choose(c, w, VIEW_WELCOME_REGISTER);
		break;
	case 'g':
	case 'G':
		screen_welcome_choose(c, w, VIEW_WELCOME_GUEST);
		break;
	case 'q':
	case 'Q':
		screen_welcome_choose(c, w, VIEW_WELCOME_QUIT);
		break;
	case '?':
	case KEY_F1:
		screen_help_open(c);
		break;
	}
}

static const struct screen screen_welcome_ops = {
	.name = "welcome",
	.draw = screen_welcome_draw,
	.key = screen_welcome_key,
	.free = free,
};

void
screen_welcome_open(struct client *c)
{
	struct screen_welcome	*w;

	w = calloc(1, sizeof *w);
	if (w == NULL) {
		client_leave(c, "Out of memory: try again later.");
		return;
	}
	/* Login is where most people go when passwords work. */
	w->selected = screen_welcome_passwords_ok(c) ? VIEW_WELCOME_LOGIN :
	    VIEW_WELCOME_GUEST;
	if (c->info->fingerprint[0] != '\0' &&
	    !identities_guest_name(c->hall->ids, c->info->fingerprint,
	    w->guest, sizeof w->guest))
		w->guest[0] = '\0';
	client_reset(c, &screen_welcome_ops, w);
}
