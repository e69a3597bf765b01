/*
 * screen-account.c - a registered user's account: the password, and the
 * SSH keys that log straight in, listed by fingerprint.  The key of the
 * current connection, when it is not registered yet, is registered with
 * one keystroke (k).  (Here k does not move in the list: it is that key.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/base/clock.h"
#include "src/hall/hall-int.h"
#include "src/base/log.h"
#include "src/store/store.h"

struct screen_account_key {
	struct store_key	key;
	char			added[16];
};

struct screen_account {
	struct screen_account_key	*keys;
	size_t			 nkeys;
	struct view_key_row	*rows;
	int			 sel, top;
	bool			 confirm;
	bool			 has_password;
	char			 since[64];
	enum view_conn_key	 conn_key;
	uint64_t		 gen;		/* hall->account_gen read */
};

/* Read the account and its keys again from the store. */
static void
screen_account_load(struct client *c, struct screen_account *a)
{
	struct store		*store = c->hall->store;
	struct store_user	 u;
	struct store_key	*keys = NULL;
	size_t			 n = 0, i;
	const char		*fp = c->info->fingerprint;
	char			 date[16];

	free(a->keys);
	free(a->rows);
	a->keys = NULL;
	a->rows = NULL;
	a->nkeys = 0;
	a->confirm = false;
	a->gen = c->hall->account_gen;

	if (store_user_get(store, c->identity->user, &u) == STORE_OK) {
		a->has_password = u.hash[0] != '\0';
		screen_date(u.created, date, sizeof date);
		snprintf(a->since, sizeof a->since, "Registered %s.", date);
	}
	if (store_key_list(store, c->identity->user, &keys, &n) !=
	    STORE_OK) {
		client_status(c, true, "The hall could not read your keys: "
		    "%s", store_error(store));
		n = 0;
	}
	if (n > 0) {
		a->keys = calloc(n, sizeof *a->keys);
		a->rows = calloc(n, sizeof *a->rows);
		if (a->keys == NULL || a->rows == NULL)
			n = 0;
	}
	a->conn_key = fp[0] == '\0' ? VIEW_CONN_KEY_NONE : VIEW_CONN_KEY_NEW;
	for (i = 0; i < n; i++) {
		a->keys[i].key = keys[i];
		screen_date(keys[i].added, a->keys[i].added,
		    sizeof a->keys[i].added);
		a->rows[i].fingerprint = a->keys[i].key.fingerprint;
		a->rows[i].type = a->keys[i].key.type;
		a->rows[i].added = a->keys[i].added;
		a->rows[i].current = strcmp(keys[i].fingerprint, fp) == 0;
		if (a->rows[i].current)
			a->conn_key = VIEW_CONN_KEY_YOURS;
	}
	a->nkeys = n;
	free(keys);
	if (a->conn_key == VIEW_CONN_KEY_NEW &&
	    store_user_by_key(store, fp, &u) == STORE_OK)
		a->conn_key = VIEW_CONN_KEY_OTHER;
	screen_list_clamp((int)a->nkeys, view_account_key_rows(client_sx(c),
	    client_sy(c)), &a->sel, &a->top);
}

static void
screen_account_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_account	*a = state;
	struct view_account	 v;

	/* Changed here or on another terminal of the account. */
	if (a->gen != c->hall->account_gen)
		screen_account_load(c, a);
	memset(&v, 0, sizeof v);
	/* The keys are the view's buttons (and its question when removing
	 * a key): the status line is for news. */
	client_chrome(c, &v.chrome, "Account", NULL);
	v.name = c->identity->name;
	v.since = a->since;
	v.has_password = a->has_password;
	v.keys = a->rows;
	v.nkeys = (int)a->nkeys;
	screen_list_clamp(v.nkeys, view_account_key_rows(g->sx, g->sy),
	    &a->sel, &a->top);
	v.key_sel = a->sel;
	v.key_top = a->top;
	v.conn_key = a->conn_key;
	v.conn_fingerprint = c->info->fingerprint;
	v.confirm = a->confirm;
	view_account_draw(g, &v, &c->hits);
}

static void
screen_account_add_key(struct client *c, struct screen_account *a)
{
	const struct conn_info	*info = c->info;

	switch (a->conn_key) {
	case VIEW_CONN_KEY_NONE:
		client_status(c, true, "This connection used no SSH key: "
		    "connect with your key, then press k here.");
		return;
	case VIEW_CONN_KEY_YOURS:
		client_status(c, false, "This key is registered to you "
		    "already.");
		return;
	case VIEW_CONN_KEY_OTHER:
		client_status(c, true, "This key belongs to another account.");
		return;
	case VIEW_CONN_KEY_NEW:
		break;
	}
	if (store_key_add(c->hall->store, c->identity->user,
	    info->fingerprint, info->key_type[0] != '\0' ? info->key_type :
	    NULL, NULL, clock_wall(c->hall->clock)) != STORE_OK) {
		client_status(c, true, "The key was not registered: %s",
		    store_error(c->hall->store));
		screen_account_load(c, a);
		return;
	}
	log_info("%s: %s registered key %s", conn_label(c->conn),
	    c->identity->name, info->fingerprint);
	hall_account_changed(c->hall, c->identity->user);
	screen_account_load(c, a);
	client_status(c, false, "Key registered: `ssh %s@host` now logs "
	    "you straight in with it.", c->identity->name);
}

static void
screen_account_remove_key(struct client *c, struct screen_account *a)
{
	char	 fp[STORE_FP_MAX + 1];

	a->confirm = false;
	if (a->sel < 0 || (size_t)a->sel >= a->nkeys)
		return;
	snprintf(fp, sizeof fp, "%s", a->keys[a->sel].key.fingerprint);
	if (store_key_remove(c->hall->store, c->identity->user, fp) !=
	    STORE_OK) {
		client_status(c, true, "The key was not removed: %s",
		    store_error(c->hall->store));
		return;
	}
	log_info("%s: %s removed key %s", conn_label(c->conn),
	    c->identity->name, fp);
	hall_account_changed(c->hall, c->identity->user);
	screen_account_load(c, a);
	client_status(c, false, "Key %s removed.", fp);
}

static void
screen_account_button(struct client *c, struct screen_account *a, int button)
{
	switch (button) {
	case VIEW_ACCOUNT_B_ADDKEY:
		screen_account_add_key(c, a);
		break;
	case VIEW_ACCOUNT_B_REMOVE:
		if (a->nkeys == 0)
			client_status(c, true, "There is no key to remove.");
		else
			a->confirm = true;
		break;
	case VIEW_ACCOUNT_B_PASSWORD:
		screen_password_open(c, a->has_password);
		break;
	case VIEW_ACCOUNT_B_BACK:
		client_pop(c);
		break;
	}
}

static void
screen_account_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_account	*a = state;
	const struct view_hit	*hit;
	int			 rows;

	if (a->confirm) {
		if (ev->key == 'y' || ev->key == 'Y')
			screen_account_remove_key(c, a);
		else if (ev->key != KEY_MOUSE)
			a->confirm = false;
		return;
	}
	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action != KEY_MOUSE_PRESS || hit == NULL)
			return;
		if (hit->id == VIEW_HIT_KEY)
			a->sel = hit->index;
		else if (hit->id == VIEW_HIT_BUTTON)
			screen_account_button(c, a, hit->index);
		return;
	}
	rows = view_account_key_rows(client_sx(c), client_sy(c));
	if (screen_list_key(ev, (int)a->nkeys, rows, &a->sel, &a->top, false))
		return;
	if (ev->mods & KEY_MOD_CTRL)
		return;
	switch (ev->key) {
	case 'k':
	case 'K':
		screen_account_button(c, a, VIEW_ACCOUNT_B_ADDKEY);
		break;
	case KEY_DELETE:
	case KEY_BACKSPACE:
	case 'x':
	case 'd':
		screen_account_button(c, a, VIEW_ACCOUNT_B_REMOVE);
		break;
	case 'P':
	case 'p':
		screen_account_button(c, a, VIEW_ACCOUNT_B_PASSWORD);
		break;
	default:
		screen_nav_key(c, ev);	/* Esc, q: as VIEW_ACCOUNT_B_BACK */
		break;
	}
}

static void
screen_account_free(void *state)
{
	struct screen_account	*a = state;

	free(a->keys);
	free(a->rows);
	free(a);
}

static const struct screen screen_account_ops = {
	.name = "account",
	.draw = screen_account_draw,
	.key = screen_account_key,
	.free = screen_account_free,
};

void
screen_account_open(struct client *c)
{
	struct screen_account	*a;

	if (c->identity == NULL || c->identity->kind != IDENTITY_USER)
		return;
	a = calloc(1, sizeof *a);
	if (a == NULL)
		return;
	a->sel = 0;
	screen_account_load(c, a);
	client_push(c, &screen_account_ops, a);
}
