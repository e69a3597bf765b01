/*
 * screen-password.c - change (or set) the password of the logged-in
 * account: the old one (when there is one), the new one twice.  The old
 * password is checked and the new one hashed on the worker pool, one after
 * the other.  After a failed try every field is typed again.
 */
#include <stdlib.h>
#include <string.h>

#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/base/log.h"
#include "src/store/password.h"
#include "src/store/store.h"

struct screen_password {
	struct form	form;
	bool		has_old;	/* the account has a password */
	int		f_new, f_again;	/* field numbers */
};

static void
screen_password_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_password	*p = state;

	form_draw(&p->form, c, g, "Password",
	    N_("Tab next field  Enter change  Esc back"));
}

static void
screen_password_hashed(struct client *c, void *state, bool ok, const char *hash,
    const char *err)
{
	struct screen_password	*p = state;
	struct hall		*hall = c->hall;

	form_job_done(&p->form, c);
	if (!ok) {
		form_message(&p->form, true, "%s.", err);
		form_clear_fields(&p->form, 0);
		return;
	}
	if (store_user_set_password(hall->store, c->identity->user,
	    hash) != STORE_OK) {
		form_message(&p->form, true, "The hall could not save it: %s",
		    store_error(hall->store));
		form_clear_fields(&p->form, 0);
		return;
	}
	log_info("%s: %s changed the password", conn_label(c->conn),
	    c->identity->name);
	hall_account_changed(hall, c->identity->user);
	client_pop(c);		/* frees p */
	client_status(c, false, "Your password is changed.");
}

/* Start hashing the new password. */
static void
screen_password_hash_new(struct client *c, struct screen_password *p)
{
	form_hash(&p->form, c, p, form_text(&p->form, p->f_new),
	    screen_password_hashed);
}

static void
screen_password_old_checked(struct client *c, void *state, bool ok,
    const char *hash,
    const char *err)
{
	struct screen_password	*p = state;

	form_job_done(&p->form, c);
	if (!ok) {
		form_message(&p->form, true, "The old password is wrong.");
		form_clear_fields(&p->form, 0);
		return;
	}
	screen_password_hash_new(c, p);
}

static void
screen_password_submit(struct client *c, struct screen_password *p)
{
	struct store_user	 u;
	const char		*pw = form_text(&p->form, p->f_new);
	char			 why[256];

	if (c->identity == NULL || c->identity->kind != IDENTITY_USER)
		return;
	if (password_policy(pw, why, sizeof why) != 0) {
		form_message(&p->form, true, "%s.", why);
		form_clear_fields(&p->form, 0);
		return;
	}
	if (strcmp(pw, form_text(&p->form, p->f_again)) != 0) {
		form_message(&p->form, true, "The two new passwords differ: "
		    "type them again.");
		form_clear_fields(&p->form, 0);
		return;
	}
	if (!p->has_old) {
		screen_password_hash_new(c, p);
		return;
	}
	if (store_user_get(c->hall->store, c->identity->user, &u) !=
	    STORE_OK) {
		form_message(&p->form, true, "The hall could not read your "
		    "account: %s", store_error(c->hall->store));
		return;
	}
	form_verify(&p->form, c, p, form_text(&p->form, 0), u.hash,
	    screen_password_old_checked);
}

static void
screen_password_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_password	*p = state;

	if (form_key(&p->form, c, ev) == FORM_SUBMIT)
		screen_password_submit(c, p);
}

static void
screen_password_free(void *state)
{
	struct screen_password	*p = state;

	form_free(&p->form);
	free(p);
}

static const struct screen screen_password_ops = {
	.name = "password",
	.draw = screen_password_draw,
	.key = screen_password_key,
	.free = screen_password_free,
};

void
screen_password_open(struct client *c, bool has_password)
{
	struct screen_password	*p;
	int			 rc = 0;

	if (c->identity == NULL || c->identity->kind != IDENTITY_USER)
		return;
	p = calloc(1, sizeof *p);
	if (p == NULL)
		return;
	p->has_old = has_password;
	form_init(&p->form, has_password ? N_("Change your password") :
	    N_("Set a password"));
	p->form.lines[0] = N_("Passwords are not shown as you type.");
	if (has_password)
		rc |= form_add_field(&p->form, "Old password",
		    PASSWORD_FIELD_MAX, true);
	p->f_new = p->form.nfields;
	rc |= form_add_field(&p->form, "New password", PASSWORD_FIELD_MAX,
	    true);
	p->f_again = p->form.nfields;
	rc |= form_add_field(&p->form, "New password again",
	    PASSWORD_FIELD_MAX, true);
	if (rc != 0) {
		screen_password_free(p);
		return;
	}
	form_add_button(&p->form, "Change");
	form_add_button(&p->form, "Cancel");
	client_push(c, &screen_password_ops, p);
}
