/*
 * screen-report.c - a complaint about someone, for the sysop: r in a
 * profile opens it, the reason is typed, and the store keeps it
 * (gamehallctl reports lists them).  The reported person is not told.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "src/base/clock.h"
#include "src/base/log.h"
#include "src/hall/form.h"
#include "src/hall/hall-int.h"
#include "src/store/store.h"
#include "src/term/clean.h"

#define SCREEN_REPORT_CHARS 160

struct screen_report {
	struct form	 form;
	char		 title[IDENTITY_NAME_LEN + 32];
	char		 target[IDENTITY_NAME_LEN];
};

static void
screen_report_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_report	*r = state;

	form_draw(&r->form, c, g, "Report", "Enter send  Esc back");
}

static void
screen_report_submit(struct client *c, struct screen_report *r)
{
	const char	*typed = form_text(&r->form, 0);
	char		 reason[STORE_REASON_MAX + 1];
	struct hall	*hall = c->hall;

	clean_text(reason, sizeof reason, typed, strlen(typed), -1,
	    CLEAN_TRIM);
	if (reason[0] == '\0') {
		form_message(&r->form, true, "Say what happened.");
		return;
	}
	if (hall->store == NULL || store_report_add(hall->store,
	    clock_wall(hall->clock), c->identity->name, r->target, reason) !=
	    STORE_OK) {
		form_message(&r->form, true, "The report could not be kept: "
		    "try again later.");
		return;
	}
	log_info("%s: %s reported %s", conn_label(c->conn),
	    c->identity->name, r->target);
	client_pop(c);
	client_status(c, false, "Thank you: the sysop will read your report.");
}

static void
screen_report_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_report	*r = state;

	if (form_key(&r->form, c, ev) == FORM_SUBMIT)
		screen_report_submit(c, r);
}

static void
screen_report_free(void *state)
{
	struct screen_report	*r = state;

	form_free(&r->form);
	free(r);
}

static const struct screen screen_report_ops = {
	.name = "report",
	.draw = screen_report_draw,
	.key = screen_report_key,
	.free = screen_report_free,
};

void
screen_report_open(struct client *c, const struct identity *who)
{
	struct screen_report	*r;

	if (c->identity == NULL || who == NULL)
		return;
	if (who == c->identity || strcasecmp(who->name, c->identity->name) ==
	    0) {
		client_status(c, true, "That is your own profile.");
		return;
	}
	if (who->kind == IDENTITY_CPU) {
		client_status(c, true, "The computer player cannot be "
		    "reported.");
		return;
	}
	if ((r = calloc(1, sizeof *r)) == NULL)
		return;
	snprintf(r->target, sizeof r->target, "%s", who->name);
	snprintf(r->title, sizeof r->title, "Report %s to the sysop",
	    who->name);
	form_init(&r->form, r->title);
	r->form.lines[0] = "Say what happened. Only the sysop reads reports; "
	    "the person is not told who sent one.";
	if (form_add_field(&r->form, "What happened", SCREEN_REPORT_CHARS,
	    false) != 0) {
		screen_report_free(r);
		return;
	}
	form_add_button(&r->form, "Send");
	form_add_button(&r->form, "Cancel");
	client_push(c, &screen_report_ops, r);
}
