/*
 * screen-sysop.c - the sysop menu, from the lobby (S), for accounts with
 * the sysop role: the live figures, and a command line that runs the same
 * commands as gamehallctl (hall-command.c), audited under the sysop's
 * name.  The answer shows above the line, one row a record.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/buf.h"
#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-sysop.h"
#include "src/table/table.h"

#define SCREEN_SYSOP_LINE_LEN 200

struct screen_sysop {
	struct form	form;
	char		text[VIEW_FORM_LINES][SCREEN_SYSOP_LINE_LEN];
};

/* Only a sysop, as the store said at his login or a grant since. */
static bool
screen_sysop_allowed(struct client *c)
{
	return c->identity != NULL && c->identity->kind == IDENTITY_USER &&
	    c->identity->sysop;
}

static void
screen_sysop_figures(struct client *c, struct screen_sysop *s)
{
	snprintf(s->text[0], sizeof s->text[0], "%u sessions, %u people "
	    "online, %zu tables.", c->hall->nclients, c->hall->online,
	    table_list_count(c->hall->tables));
	snprintf(s->text[1], sizeof s->text[1], "Commands as gamehallctl's: "
	    "who, tables, kick NAME, mute NAME 30m, ban account NAME,");
	snprintf(s->text[2], sizeof s->text[2], "broadcast TEXT, motd TEXT, "
	    "table close CODE, status, help.");
	for (int i = 0; i < VIEW_FORM_LINES; i++)
		s->form.lines[i] = s->text[i][0] != '\0' ? s->text[i] : NULL;
}

static void
screen_sysop_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_sysop	*s = state;

	form_draw(&s->form, c, g, "Sysop", "Enter run  Esc back");
}

/* A reply's records as rows: the values, two spaces apart. */
static void
screen_sysop_show(struct screen_sysop *s, const char *reply)
{
	const char	*p = reply, *eol, *last = reply;
	int		 row = 0;

	memset(s->text, 0, sizeof s->text);
	for (; (eol = strchr(p, '\n')) != NULL; p = eol + 1) {
		if (eol[1] == '\0') {
			last = p;
			break;
		}
		if (row < VIEW_FORM_LINES) {
			char	*o = s->text[row++];
			size_t	 n = 0;
			bool	 value = false;

			for (const char *q = p; q < eol && n + 3 <
			    SCREEN_SYSOP_LINE_LEN; q++) {
				if (*q == '\t') {
					o[n++] = ' ';
					o[n++] = ' ';
					value = false;
				} else if (*q == '=' && !value)
					value = true;
				else if (value)
					o[n++] = *q;
			}
			o[n] = '\0';
		}
	}
	for (int i = 0; i < VIEW_FORM_LINES; i++)
		s->form.lines[i] = s->text[i][0] != '\0' ? s->text[i] : NULL;
	form_message(&s->form, strncmp(last, "error", 5) == 0, "%.*s",
	    (int)strcspn(last, "\n"), last);
}

static void
screen_sysop_submit(struct client *c, struct screen_sysop *s)
{
	struct buf	 out;

	if (!screen_sysop_allowed(c)) {
		/* Revoked while the menu was open. */
		client_pop(c);
		client_status(c, true, "You are no longer a sysop.");
		return;
	}
	buf_init(&out);
	hall_command(c->hall, c->identity->name, form_text(&s->form, 0), &out,
	    NULL, NULL);
	buf_addc(&out, '\0');
	if (out.failed)
		form_message(&s->form, true, "Out of memory.");
	else
		screen_sysop_show(s, out.data);
	buf_free(&out);
	/* The menu may be gone: the sysop kicked himself, a shutdown. */
	if (client_top(c) == s)
		form_clear_fields(&s->form, 0);
}

static void
screen_sysop_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_sysop	*s = state;

	if (form_key(&s->form, c, ev) == FORM_SUBMIT)
		screen_sysop_submit(c, s);
}

static void
screen_sysop_free(void *state)
{
	struct screen_sysop	*s = state;

	form_free(&s->form);
	free(s);
}

static const struct screen screen_sysop_ops = {
	.name = "sysop",
	.draw = screen_sysop_draw,
	.key = screen_sysop_key,
	.free = screen_sysop_free,
};

void
screen_sysop_open(struct client *c)
{
	struct screen_sysop	*s;

	if (!screen_sysop_allowed(c)) {
		client_status(c, true, "The sysop menu is for the hall's "
		    "sysops only.");
		return;
	}
	if ((s = calloc(1, sizeof *s)) == NULL)
		return;
	form_init(&s->form, "Sysop menu");
	screen_sysop_figures(c, s);
	if (form_add_field(&s->form, "Command", HALL_COMMAND_LINE_MAX / 2,
	    false) != 0) {
		screen_sysop_free(s);
		return;
	}
	form_add_button(&s->form, "Run");
	form_add_button(&s->form, "Back");
	client_push(c, &screen_sysop_ops, s);
}
