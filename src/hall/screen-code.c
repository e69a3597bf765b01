/*
 * screen-code.c - join (or watch) a table by its code, as friends pass it
 * on.  Codes are short and plain: letters and digits.
 */
#include <ctype.h>
#include <stdlib.h>

#include "src/hall/form.h"
#include "src/hall/hall-int.h"

#define SCREEN_CODE_CHARS 16

struct screen_code {
	struct form	form;
	bool		watch;
};

static void
screen_code_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_code	*k = state;

	form_draw(&k->form, c, g, k->watch ? N_("Watch") : N_("Join"),
	    N_("Enter go  Esc back"));
}

static void
screen_code_submit(struct client *c, struct screen_code *k)
{
	const char	*code = form_text(&k->form, 0);
	char		 why[256];
	size_t		 i;

	if (*code == '\0') {
		form_message(&k->form, true, "Type the table's code.");
		return;
	}
	for (i = 0; code[i] != '\0'; i++) {
		if (!isalnum((unsigned char)code[i])) {
			form_message(&k->form, true, "A table code has only "
			    "letters and digits.");
			return;
		}
	}
	if (hall_tables_join(c->hall, c, code, k->watch, why,
	    sizeof why) != 0)
		form_message(&k->form, true, "%s", why);
}

static void
screen_code_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_code	*k = state;

	if (form_key(&k->form, c, ev) == FORM_SUBMIT)
		screen_code_submit(c, k);
}

static void
screen_code_free(void *state)
{
	struct screen_code	*k = state;

	form_free(&k->form);
	free(k);
}

static const struct screen screen_code_ops = {
	.name = "code",
	.draw = screen_code_draw,
	.key = screen_code_key,
	.free = screen_code_free,
};

void
screen_code_open(struct client *c, bool watch)
{
	struct screen_code	*k;

	k = calloc(1, sizeof *k);
	if (k == NULL)
		return;
	k->watch = watch;
	form_init(&k->form, watch ? N_("Watch a table by its code") :
	    N_("Join a table by its code"));
	k->form.lines[0] = N_("The code is on the table's screen, and in the "
	    "ssh command its players can pass on.");
	if (form_add_field(&k->form, "Table code", SCREEN_CODE_CHARS,
	    false) != 0) {
		screen_code_free(k);
		return;
	}
	form_add_button(&k->form, watch ? N_("Watch") : N_("Join"));
	form_add_button(&k->form, "Cancel");
	client_push(c, &screen_code_ops, k);
}
