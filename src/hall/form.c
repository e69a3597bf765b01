/*
 * form.c - fields, buttons and focus behind a view_form (see form.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/term/keys.h"
#include "src/term/lineedit.h"

#define FORM_FIELD_BYTES 1024	/* bytes of UTF-8 a field may hold */
#define FORM_HELD_NOTE " Keys typed here were not taken: edit the " \
	"field first."


void
form_init(struct form *f, const char *title)
{
	memset(f, 0, sizeof *f);
	f->title = title;
}

int
form_add_field(struct form *f, const char *label, size_t max_chars,
    bool hidden)
{
	struct form_field	*ff;

	if (f->nfields >= VIEW_FORM_FIELDS)
		return -1;
	ff = &f->field[f->nfields];
	ff->edit = lineedit_create(max_chars, FORM_FIELD_BYTES,
	    hidden ? LINEEDIT_HIDDEN : 0);
	if (ff->edit == NULL)
		return -1;
	ff->label = label;
	ff->hidden = hidden;
	f->nfields++;
	return 0;
}

void
form_add_button(struct form *f, const char *label)
{
	if (f->nbuttons < VIEW_FORM_BUTTONS)
		f->button[f->nbuttons++] = label;
}

void
form_free(struct form *f)
{
	int	 i;

	for (i = 0; i < f->nfields; i++) {
		/* Passwords should not linger in freed memory. */
		if (f->field[i].edit != NULL)
			lineedit_clear(f->field[i].edit);
		lineedit_free(f->field[i].edit);
		f->field[i].edit = NULL;
	}
	f->nfields = 0;
}

const char *
form_text(const struct form *f, int i)
{
	if (i < 0 || i >= f->nfields)
		return "";
	return lineedit_text(f->field[i].edit);
}

void
form_clear_fields(struct form *f, int i)
{
	int	 j;

	if (i < 0 || i >= f->nfields)
		return;
	for (j = i; j < f->nfields; j++)
		lineedit_clear(f->field[j].edit);
	f->focus = i;
	f->held = false;
}

void
form_message(struct form *f, bool error, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(f->message, sizeof f->message, lang_text(f->lang, fmt), ap);
	va_end(ap);
	f->message_error = error;
}

void
form_refuse(struct form *f, int i, const char *fmt, ...)
{
	va_list	 ap;

	if (i < 0 || i >= f->nfields)
		return;
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof f->message, lang_text(f->lang, fmt), ap);
	va_end(ap);
	f->message_error = true;
	f->focus = i;
	f->held = true;
}

/* A key that would insert a character: what a held field drops. */
static bool
form_is_typing(const struct key_event *ev)
{
	return ev->key < KEY_BASE &&
	    (ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT)) == 0;
}

/* The action of pressing button i. */
static enum form_action
form_press(struct form *f, int i, bool cancel_button)
{
	f->focus = f->nfields + i;
	if (i == 0)
		return FORM_SUBMIT;
	if (cancel_button && i == f->nbuttons - 1)
		return FORM_CANCEL;
	return FORM_BUTTON;
}

/* A key (hit: where a mouse press landed, or NULL), the hold aside. */
static enum form_action
form_input_key(struct form *f, const struct key_event *ev,
    const struct view_hit *hit, bool cancel_button)
{
	int	 n = f->nfields + f->nbuttons;

	if (ev->key == KEY_MOUSE) {
		if (ev->mouse.action != KEY_MOUSE_PRESS || hit == NULL)
			return FORM_NONE;
		if (hit->id == VIEW_HIT_FIELD && hit->index < f->nfields) {
			f->focus = hit->index;
			return FORM_CHANGED;
		}
		if (hit->id == VIEW_HIT_BUTTON && hit->index < f->nbuttons)
			return form_press(f, hit->index, cancel_button);
		return FORM_NONE;
	}
	switch (ev->key) {
	case KEY_ESCAPE:
		return FORM_CANCEL;
	case KEY_TAB:
	case KEY_DOWN:
		f->focus = (f->focus + 1) % n;
		return FORM_CHANGED;
	case KEY_BACKTAB:
	case KEY_UP:
		f->focus = (f->focus + n - 1) % n;
		return FORM_CHANGED;
	case KEY_ENTER:
		if (f->focus >= f->nfields)
			return form_press(f, f->focus - f->nfields,
			    cancel_button);
		if (f->focus < f->nfields - 1) {
			f->focus++;
			return FORM_CHANGED;
		}
		return FORM_SUBMIT;
	case KEY_LEFT:
	case KEY_RIGHT:
		/* Between buttons, arrows move the focus. */
		if (f->focus >= f->nfields) {
			if (ev->key == KEY_LEFT && f->focus > f->nfields)
				f->focus--;
			else if (ev->key == KEY_RIGHT && f->focus < n - 1)
				f->focus++;
			return FORM_CHANGED;
		}
		break;
	}
	if (f->focus < f->nfields) {
		switch (lineedit_key(f->field[f->focus].edit, ev)) {
		case LINEEDIT_CHANGED:
			f->message[0] = '\0';
			return FORM_CHANGED;
		case LINEEDIT_UNCHANGED:
			return FORM_CHANGED;
		case LINEEDIT_ENTER:
			return FORM_SUBMIT;
		case LINEEDIT_IGNORED:
			break;
		}
	}
	return FORM_NONE;
}

static enum form_action
form_input(struct form *f, const struct key_event *ev,
    const struct view_hit *hit, bool cancel_button)
{
	enum form_action	 action;
	int			 focus = f->focus;

	if (f->busy)
		return FORM_NONE;
	if (f->held && f->focus < f->nfields && form_is_typing(ev)) {
		/* Typed ahead, maybe blind: dropped, and said so. */
		if (strstr(f->message, FORM_HELD_NOTE) == NULL &&
		    strlen(f->message) + sizeof FORM_HELD_NOTE <=
		    sizeof f->message)
			strcat(f->message, FORM_HELD_NOTE);
		return FORM_CHANGED;
	}
	action = form_input_key(f, ev, hit, cancel_button);
	/* Leaving the field, or editing it on purpose, ends the hold. */
	if (f->focus != focus || (action == FORM_CHANGED &&
	    ev->key != KEY_MOUSE))
		f->held = false;
	return action;
}

/* Fill v (chrome excepted) for a grid sx wide. */
static void
form_view(struct form *f, int sx, struct view_form *v)
{
	const struct lang	*l = f->lang;
	int			 i, w = view_form_field_width(sx);

	v->title = lang_text(l, f->title);
	for (i = 0; i < VIEW_FORM_LINES; i++)
		v->lines[i] = f->lines[i] != NULL ? lang_text(l, f->lines[i]) :
		    NULL;
	v->nfields = f->nfields;
	for (i = 0; i < f->nfields; i++) {
		lineedit_view(f->field[i].edit, w, f->field[i].view,
		    sizeof f->field[i].view, &v->field[i].cursor);
		v->field[i].label = lang_text(l, f->field[i].label);
		v->field[i].text = f->field[i].view;
		v->field[i].hidden = f->field[i].hidden;
		v->field[i].note = f->field[i].note;
	}
	v->nbuttons = f->nbuttons;
	for (i = 0; i < f->nbuttons; i++)
		v->button[i] = lang_text(l, f->button[i]);
	v->focus = f->focus;
	v->message = f->message[0] != '\0' ? f->message : NULL;
	v->message_error = f->message_error;
	v->busy = f->busy;
}

void
form_draw(struct form *f, struct client *c, struct grid *g,
    const char *screen, const char *hints)
{
	struct view_form	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, screen, hints);
	f->lang = c->lang;
	form_view(f, g->sx, &v);
	view_form_draw(g, &v, &c->hits);
}

enum form_action
form_key(struct form *f, struct client *c, const struct key_event *ev)
{
	enum form_action	 action;

	action = form_input(f, ev, client_hit(c, ev), true);
	if (action == FORM_CANCEL)
		client_pop(c);	/* frees f */
	return action;
}

/* A password job was asked for (rc from passjob_*): wait, or say why not. */
static void
form_job(struct form *f, int rc, const char *why)
{
	if (rc != 0) {
		form_message(f, true, "%s", why);
		return;
	}
	f->busy = true;
	f->message[0] = '\0';
}

void
form_hash(struct form *f, struct client *c, void *state,
    const char *password, passjob_cb cb)
{
	char	 why[256];

	form_job(f, passjob_hash(c, state, password, cb, why, sizeof why),
	    why);
}

void
form_verify(struct form *f, struct client *c, void *state,
    const char *password, const char *hash, passjob_cb cb)
{
	char	 why[256];

	form_job(f, passjob_verify(c, state, password, hash, cb, why,
	    sizeof why), why);
}

/* The job answered: keys work again, and the answer is to be drawn. */
void
form_job_done(struct form *f, struct client *c)
{
	f->busy = false;
	client_dirty(c);
}
