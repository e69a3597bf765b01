/*
 * screen-sysop.c - the sysop menu, from the lobby (S), for accounts with
 * the sysop role: the live figures, and a command line that runs the same
 * commands as gamehallctl (hall-command.c), audited under the sysop's
 * name.  The answer shows above the line, one row a record (its values,
 * two spaces apart), scrolled with PgUp/PgDn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/buf.h"
#include "screens/view-sysop.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall-sysop.h"
#include "src/table/table.h"
#include "src/term/lineedit.h"

#define SCREEN_SYSOP_ROWS 1000		/* rows of an answer kept */
#define SCREEN_SYSOP_INPUT_VIEW 1024	/* bytes of the visible command */

struct screen_sysop {
	struct lineedit	*line;
	char		*answer;	/* the last reply, rows cut in place */
	const char	*rows[SCREEN_SYSOP_ROWS];
	int		 nrows;
	int		 top;
	const char	*result;	/* its last line, in answer */
	bool		 result_error;
	char		 figures[128];
	char		 input[SCREEN_SYSOP_INPUT_VIEW];
};

/* Only a sysop, as the store said at his login or a grant since. */
static bool
screen_sysop_allowed(struct client *c)
{
	return c->identity != NULL && c->identity->kind == IDENTITY_USER &&
	    c->identity->sysop;
}

static void
screen_sysop_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_sysop	*s = state;
	struct view_sysop	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Sysop", "Enter run  PgUp/PgDn scroll  "
	    "Esc back  (help lists the commands)");
	snprintf(s->figures, sizeof s->figures, "%u sessions, %u people "
	    "online, %zu tables.", c->hall->nclients, c->hall->online,
	    table_list_count(c->hall->tables));
	v.figures = s->figures;
	v.rows = s->rows;
	v.nrows = s->nrows;
	v.top = s->top;
	v.result = s->result;
	v.result_error = s->result_error;
	lineedit_view(s->line, view_sysop_input_width(g->sx), s->input,
	    sizeof s->input, &v.input_cursor);
	v.input = s->input;
	view_sysop_draw(g, &v, &c->hits);
}

/* A reply as rows: each record's values, two spaces apart; the last line
 * is the result.  Takes the reply (malloc'd). */
static void
screen_sysop_show(struct screen_sysop *s, char *reply)
{
	char	*p, *q, *eol, *o;
	bool	 value;

	free(s->answer);
	s->answer = reply;
	s->nrows = 0;
	s->top = 0;
	s->result = NULL;
	for (p = reply; (eol = strchr(p, '\n')) != NULL; p = eol + 1) {
		*eol = '\0';
		if (eol[1] == '\0') {
			s->result = p;
			break;
		}
		if (s->nrows < SCREEN_SYSOP_ROWS)
			s->rows[s->nrows++] = p;
		/* key=value<TAB>key=value -> value  value, in place: the
		 * text only shrinks (a tab and a key give two spaces). */
		value = false;
		for (o = q = p; q < eol; q++) {
			if (*q == '\t') {
				*o++ = ' ';
				*o++ = ' ';
				value = false;
			} else if (*q == '=' && !value)
				value = true;
			else if (value)
				*o++ = *q;
		}
		*o = '\0';
	}
	s->result_error = s->result != NULL &&
	    strncmp(s->result, "error", 5) == 0;
}

static void
screen_sysop_run(struct client *c, struct screen_sysop *s)
{
	struct buf	 out;

	if (!screen_sysop_allowed(c)) {
		/* Revoked while the menu was open. */
		client_pop(c);
		client_status(c, true, "You are no longer a sysop.");
		return;
	}
	if (*lineedit_text(s->line) == '\0')
		return;
	buf_init(&out);
	hall_command(c->hall, c->identity->name, lineedit_text(s->line), &out,
	    NULL, NULL);
	buf_addc(&out, '\0');
	if (out.failed) {
		buf_free(&out);
		return;
	}
	/* The buffer's memory becomes the answer. */
	screen_sysop_show(s, out.data);
	lineedit_clear(s->line);
}

static void
screen_sysop_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_sysop	*s = state;
	int			 page = view_sysop_rows(client_sx(c),
				    client_sy(c));

	switch (ev->key) {
	case KEY_ESCAPE:
		client_pop(c);
		return;
	case KEY_PGUP:
		s->top -= page;
		if (s->top < 0)
			s->top = 0;
		return;
	case KEY_PGDN:
		if (s->top + page < s->nrows)
			s->top += page;
		return;
	}
	if (lineedit_key(s->line, ev) == LINEEDIT_ENTER)
		screen_sysop_run(c, s);
}

static void
screen_sysop_free(void *state)
{
	struct screen_sysop	*s = state;

	lineedit_free(s->line);
	free(s->answer);
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
	if ((s->line = lineedit_create(HALL_COMMAND_LINE_MAX / 2,
	    HALL_COMMAND_LINE_MAX - 1, 0)) == NULL) {
		free(s);
		return;
	}
	client_push(c, &screen_sysop_ops, s);
}
