/*
 * screen-login.c - log in with a name and a password.
 *
 * The password is checked on the worker pool (passjob.h).  Every failure
 * is reported to the conn (conn_login_failed), which adds the same
 * per-source penalties and attempt limit as SSH authentication: the form
 * then refuses a new try until the delay it gives has passed, and the
 * connection ends when the attempts are used up.  A wrong name and a wrong
 * password get the same answer after the same work.
 */
#include <stdlib.h>

#include "src/base/clock.h"
#include "src/term/clean.h"
#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/base/log.h"
#include "src/store/store.h"

enum { SCREEN_LOGIN_NAME, SCREEN_LOGIN_PASSWORD };

struct screen_login {
	struct form	 form;
	uint64_t	 retry_at;	/* ms: no new try before this */
	int64_t		 user;		/* the account tried, 0 if none */
};

static void
screen_login_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_login	*l = state;

	form_draw(&l->form, c, g, "Log in",
	    N_("Tab next field  Enter log in  Esc back"));
}

static void
screen_login_checked(struct client *c, void *state, bool ok, const char *hash,
    const char *err)
{
	struct screen_login	*l = state;
	struct hall		*hall = c->hall;
	struct store_user	 u;
	struct identity		*id;
	int			 ms;

	form_job_done(&l->form, c);
	if (ok && l->user > 0 &&
	    store_user_get(hall->store, l->user, &u) == STORE_OK) {
		if (u.banned) {
			form_message(&l->form, true, "This account is "
			    "banned%s%s.", u.ban_reason[0] != '\0' ? ": " : "",
			    u.ban_reason);
			form_clear_fields(&l->form, SCREEN_LOGIN_PASSWORD);
			return;
		}
		id = hall_user_identity(hall, &u);
		if (id == NULL) {
			form_message(&l->form, true, "Out of memory: try "
			    "again.");
			return;
		}
		conn_login_succeeded(c->conn);
		conn_set_account(c->conn, u.id, u.name);
		log_info("%s: %s logged in with a password",
		    conn_label(c->conn), u.name);
		hall_enter(hall, c, id);	/* the lobby, next */
		return;
	}

	ms = conn_login_failed(c->conn);
	if (ms < 0) {
		client_leave(c, "Too many failed logins. Goodbye.");
		return;
	}
	l->retry_at = clock_ms(hall->clock) + (uint64_t)ms;
	form_clear_fields(&l->form, SCREEN_LOGIN_PASSWORD);
	if (ms >= 1000)
		form_message(&l->form, true, "Wrong name or password. "
		    "Wait %d s before the next try.", (ms + 999) / 1000);
	else
		form_message(&l->form, true, "Wrong name or password.");
}

static void
screen_login_submit(struct client *c, struct screen_login *l)
{
	struct store_user	 u;
	const char		*name = form_text(&l->form, SCREEN_LOGIN_NAME);
	const char		*pw = form_text(&l->form,
	    SCREEN_LOGIN_PASSWORD);
	const char		*hash = NULL;
	char			 why[256];
	uint64_t		 now = clock_ms(c->hall->clock);

	if (*name == '\0') {
		l->form.focus = SCREEN_LOGIN_NAME;
		form_message(&l->form, true, "Type your name.");
		return;
	}
	if (*pw == '\0') {
		l->form.focus = SCREEN_LOGIN_PASSWORD;
		form_message(&l->form, true, "Type your password.");
		return;
	}
	if (now < l->retry_at) {
		form_message(&l->form, true, "Wait %llu s before the next "
		    "try.", (unsigned long long)(l->retry_at - now + 999) /
		    1000);
		return;
	}
	l->user = 0;
	if (clean_name(name, why, sizeof why) == 0 &&
	    store_user_find(c->hall->store, name, &u) == STORE_OK) {
		l->user = u.id;
		hash = u.hash;
	}
	/* An unknown name is checked against a dummy hash all the same. */
	form_verify(&l->form, c, l, pw, hash, screen_login_checked);
}

static void
screen_login_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_login	*l = state;

	if (form_key(&l->form, c, ev) == FORM_SUBMIT)
		screen_login_submit(c, l);
}

static void
screen_login_free(void *state)
{
	struct screen_login	*l = state;

	form_free(&l->form);
	free(l);
}

static const struct screen screen_login_ops = {
	.name = "login",
	.draw = screen_login_draw,
	.key = screen_login_key,
	.free = screen_login_free,
};

void
screen_login_open(struct client *c)
{
	struct screen_login	*l;

	l = calloc(1, sizeof *l);
	if (l == NULL)
		return;
	form_init(&l->form, "Log in");
	l->form.lines[0] = N_("Your name and password. (With an SSH key you "
	    "registered, `ssh NAME@host` logs you straight in.)");
	if (form_add_field(&l->form, "Name", NAME_FIELD_MAX, false) != 0 ||
	    form_add_field(&l->form, "Password", PASSWORD_FIELD_MAX,
	    true) != 0) {
		screen_login_free(l);
		return;
	}
	form_add_button(&l->form, "Log in");
	form_add_button(&l->form, "Cancel");
	client_push(c, &screen_login_ops, l);
}
