/*
 * form.h - the state behind a view_form: labelled line editors, buttons,
 * which one has the focus, and the last message; and what the screens made
 * of one form share (drawing, keys, password jobs).  Used by the log in,
 * register, change password and join by code screens.
 *
 * Keys: Tab / Down / Enter go to the next field (Enter on the last field
 * or on the first button submits), Shift-Tab / Up go back, Esc or the last
 * button cancels; editing keys go to the focused field; a click focuses a
 * field or presses a button.
 *
 * A refused field (form_refuse) keeps the focus and says why.  People type
 * ahead: the keys that follow a Tab out of a refused name are the password,
 * typed blind.  So until the person edits the field on purpose (Backspace,
 * Delete, an arrow, Home/End, a Ctrl- editing key) or leaves it, printable
 * characters typed into it are dropped, never inserted: nothing typed for
 * a password is ever shown, or kept as a name.
 */
#ifndef SRC_FORM_H
#define SRC_FORM_H

#include <stdbool.h>

#include "screens/views.h"
#include "src/hall/passjob.h"

struct client;
struct grid;
struct key_event;
struct lineedit;

#define FORM_MESSAGE_LEN 256
#define FORM_TEXT_LEN 256	/* visible part of a field, bytes */

struct form_field {
	const char	*label;
	struct lineedit	*edit;
	bool		 hidden;
	const char	*note;
	char		 view[FORM_TEXT_LEN];	/* filled by form_view */
};

/* The title, lines, labels and buttons are English (marked for xgettext by
 * form_init, form_add_field, form_add_button and N_() for the lines) and
 * drawn in the client's language; form_message and form_refuse write in
 * the language of the last frame drawn. */
struct form {
	const struct lang	*lang;		/* of the last frame drawn */
	const char		*title;
	const char		*lines[VIEW_FORM_LINES];
	int			 nfields;
	struct form_field	 field[VIEW_FORM_FIELDS];
	int			 nbuttons;
	const char		*button[VIEW_FORM_BUTTONS];
	int			 focus;
	char			 message[FORM_MESSAGE_LEN];
	bool			 message_error;
	bool			 busy;		/* a job is checking it */
	bool			 held;		/* the focused field was refused:
						 * typing into it is dropped */
};

enum form_action {
	FORM_NONE,		/* not a form key */
	FORM_CHANGED,		/* redraw */
	FORM_SUBMIT,		/* OK (button 0, or Enter on the last field) */
	FORM_CANCEL,		/* Esc, or the last button when it cancels */
	FORM_BUTTON,		/* another button: form->focus says which */
};

void	form_init(struct form *, const char *title);
/* 0, or -1 when out of memory or full.  hidden: a password. */
int	form_add_field(struct form *, const char *label, size_t max_chars,
	    bool hidden);
void	form_add_button(struct form *, const char *label);
void	form_free(struct form *);

/* The text of field i (NUL-terminated UTF-8). */
const char *form_text(const struct form *, int i);
/* Empty fields i to the last (passwords to type again) and focus field i. */
void	form_clear_fields(struct form *, int i);
void	form_message(struct form *, bool error, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Field i is refused: the focus goes (stays) there, with the reason, and
 * typing into it is held until it is edited on purpose (see the top). */
void	form_refuse(struct form *, int i, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* ---- the form as the client's top screen ------------------------------ */

/* Draw it as the screen named `screen`, with hints in the status line. */
void	form_draw(struct form *, struct client *, struct grid *,
	    const char *screen, const char *hints);
/*
 * A key: FORM_CANCEL has popped the screen already, freeing the form;
 * FORM_SUBMIT is the caller's to act on.
 */
enum form_action form_key(struct form *, struct client *,
	    const struct key_event *);
/*
 * Hash a new password, or check one against hash, on the worker pool for
 * the screen `state` (passjob.h): the form is busy until cb, which calls
 * form_job_done first; or, when the job cannot start, the form's message
 * says why.
 */
void	form_hash(struct form *, struct client *, void *state,
	    const char *password, passjob_cb cb);
void	form_verify(struct form *, struct client *, void *state,
	    const char *password, const char *hash, passjob_cb cb);
void	form_job_done(struct form *, struct client *);

#endif
