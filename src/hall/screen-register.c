/*
 * screen-register.c - register a name: the name, and a password asked
 * twice, hidden.  From the welcome screen, or from the lobby for a guest
 * who wants to keep his name, rating and games from now on.
 *
 * The name is checked at once (the rule, guest- names, taken ignoring
 * case) so the person learns before the slow part; the password is hashed
 * on the worker pool, and the store has the last word on a name taken in
 * the meantime.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/clock.h"
#include "src/term/clean.h"
#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/base/log.h"
#include "src/store/password.h"
#include "src/store/store.h"

enum { SCREEN_REGISTER_NAME, SCREEN_REGISTER_PASSWORD, SCREEN_REGISTER_AGAIN };

struct screen_register {
	struct form	form;
	char		name[CLEAN_NAME_MAX + 1];	/* being registered */
};

static void
screen_register_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_register	*r = state;

	form_draw(&r->form, c, g, "Register",
	    N_("Tab next field  Enter register  Esc back"));
}

/*
 * Whether a name may be registered: 0, or -1 with the reason.  Also used
 * before the password is hashed, so a taken name is told at once.
 */
static int
screen_register_name_ok(struct hall *hall, const struct lang *lang,
    const char *name, char *why, size_t whylen)
{
	struct store_user	 u;
	char			 reason[128];

	if (*name == '\0') {
		snprintf(why, whylen, "%s", lang_text(lang, "Choose a name: 2 "
		    "to 16 letters, digits, '-' or '_'."));
		return -1;
	}
	if (clean_name(name, reason, sizeof reason) != 0) {
		snprintf(why, whylen, lang_text(lang, "That name cannot be "
		    "used: %s."), reason);
		return -1;
	}
	if (identity_name_is_guest(name)) {
		snprintf(why, whylen, "%s", lang_text(lang, "Names starting "
		    "with \"guest\" are kept for guests: choose another."));
		return -1;
	}
	switch (store_user_find(hall->store, name, &u)) {
	case STORE_NOTFOUND:
		return 0;
	case STORE_OK:
		snprintf(why, whylen, lang_text(lang, "The name %s is taken "
		    "(names are the same whatever their case): choose "
		    "another."), u.name);
		return -1;
	default:
		snprintf(why, whylen, lang_text(lang, "The hall could not "
		    "check the name: %s"), store_error(hall->store));
		return -1;
	}
}

static void
screen_register_hashed(struct client *c, void *state, bool ok, const char *hash,
    const char *err)
{
	struct screen_register	*r = state;
	struct hall		*hall = c->hall;
	struct store_user	 u;
	struct identity		*id;
	char			 was[IDENTITY_NAME_LEN];

	form_job_done(&r->form, c);
	if (!ok) {
		form_message(&r->form, true, "%s.", err);
		form_clear_fields(&r->form, SCREEN_REGISTER_PASSWORD);
		return;
	}
	switch (store_user_add(hall->store, r->name, hash,
	    clock_wall(hall->clock), &u)) {
	case STORE_OK:
		break;
	case STORE_EXISTS:
		form_refuse(&r->form, SCREEN_REGISTER_NAME, "The name %s "
		    "was just taken: choose another.", r->name);
		return;
	default:
		form_message(&r->form, true, "The hall could not register "
		    "you: %s", store_error(hall->store));
		return;
	}
	id = identities_user(hall->ids, u.id, u.name);
	if (id == NULL) {
		form_message(&r->form, true, "Registered, but out of memory: "
		    "log in again.");
		return;
	}
	conn_set_account(c->conn, u.id, u.name);
	log_info("%s: registered %s", conn_label(c->conn), u.name);
	if (c->identity != NULL) {
		/* A guest taking a name: one notice, not "left" + "here". */
		snprintf(was, sizeof was, "%s", c->identity->name);
		hall_set_identity(hall, c, id, false);
		hall_notice(hall, "%s registered as %s.", was, u.name);
		hall_lobby_soon(c);
	} else
		hall_enter(hall, c, id);	/* the lobby, next */
	if (c->info->fingerprint[0] != '\0')
		client_status(c, false, "Welcome, %s! Press a, then k, and "
		    "this SSH key logs you straight in next time.", u.name);
	else
		client_status(c, false, "Welcome, %s! Your name is "
		    "registered.", u.name);
}

static void
screen_register_submit(struct client *c, struct screen_register *r)
{
	const char	*name = form_text(&r->form, SCREEN_REGISTER_NAME);
	const char	*pw = form_text(&r->form, SCREEN_REGISTER_PASSWORD);
	const char	*again = form_text(&r->form, SCREEN_REGISTER_AGAIN);
	char		 why[256];

	if (screen_register_name_ok(c->hall, c->lang, name, why,
	    sizeof why) != 0) {
		form_refuse(&r->form, SCREEN_REGISTER_NAME, "%s", why);
		return;
	}
	if (password_policy(pw, why, sizeof why) != 0) {
		form_message(&r->form, true, "%s.", why);
		form_clear_fields(&r->form, SCREEN_REGISTER_PASSWORD);
		return;
	}
	if (strcmp(pw, again) != 0) {
		form_message(&r->form, true, "The two passwords differ: type "
		    "them again.");
		form_clear_fields(&r->form, SCREEN_REGISTER_PASSWORD);
		return;
	}
	snprintf(r->name, sizeof r->name, "%s", name);
	form_hash(&r->form, c, r, pw, screen_register_hashed);
}

static void
screen_register_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_register	*r = state;
	char			 why[256];
	int			 focus = r->form.focus;

	switch (form_key(&r->form, c, ev)) {
	case FORM_SUBMIT:
		screen_register_submit(c, r);
		break;
	case FORM_CHANGED:
		/*
		 * Leaving the name field: say at once if it cannot be had,
		 * and stay in it, where the message is about (a button
		 * still works by click or Esc).  The keys typed next were
		 * meant for the password: form_refuse holds them out of
		 * the name.
		 */
		if (focus == SCREEN_REGISTER_NAME &&
		    r->form.focus != SCREEN_REGISTER_NAME &&
		    r->form.focus < r->form.nfields &&
		    *form_text(&r->form, SCREEN_REGISTER_NAME) != '\0' &&
		    screen_register_name_ok(c->hall, c->lang,
		    form_text(&r->form, SCREEN_REGISTER_NAME), why,
		    sizeof why) != 0)
			form_refuse(&r->form, SCREEN_REGISTER_NAME, "%s", why);
		break;
	default:
		break;
	}
}

static void
screen_register_free(void *state)
{
	struct screen_register	*r = state;

	form_free(&r->form);
	free(r);
}

static const struct screen screen_register_ops = {
	.name = "register",
	.draw = screen_register_draw,
	.key = screen_register_key,
	.free = screen_register_free,
};

void
screen_register_open(struct client *c)
{
	struct screen_register	*r;

	r = calloc(1, sizeof *r);
	if (r == NULL)
		return;
	form_init(&r->form, "Register a name");
	r->form.lines[0] = N_("A name keeps your rating and your games. 2 to "
	    "16 "
	    "letters, digits, '-' or '_'; the same name in other capitals "
	    "counts as taken.");
	r->form.lines[1] = N_("The password is asked twice and not shown.");
	if (form_add_field(&r->form, "Name", NAME_FIELD_MAX, false) != 0 ||
	    form_add_field(&r->form, "Password", PASSWORD_FIELD_MAX,
	    true) != 0 ||
	    form_add_field(&r->form, "Password again", PASSWORD_FIELD_MAX,
	    true) != 0) {
		screen_register_free(r);
		return;
	}
	form_add_button(&r->form, "Register");
	form_add_button(&r->form, "Cancel");
	client_push(c, &screen_register_ops, r);
}
