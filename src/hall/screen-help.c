/*
 * screen-help.c - every key (screens/view-help.c holds the text), over
 * whatever screen asked for it; Esc, q or ? goes back.
 */
#include <stdlib.h>
#include <string.h>

#include "src/hall/hall-int.h"

struct screen_help {
	int	top;
};

static void
screen_help_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_help	*h = state;
	struct view_help	 v;
	int			 max;

	max = view_help_lines() - view_help_rows(g->sy);
	if (h->top > max)
		h->top = max;
	if (h->top < 0)
		h->top = 0;
	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "Help", NULL);	/* keys: the buttons */
	v.top = h->top;
	view_help_draw(g, &v, &c->hits);
}

static void
screen_help_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_help	*h = state;
	const struct view_hit	*hit;
	int			 page = view_help_rows(client_sy(c)) - 1;

	if (page < 1)
		page = 1;
	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action == KEY_MOUSE_WHEEL_UP)
			h->top -= 3;
		else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN)
			h->top += 3;
		else if (hit != NULL && hit->id == VIEW_HIT_BUTTON &&
		    hit->index == 1)
			client_pop(c);		/* frees h */
		return;
	}
	switch (ev->key) {
	case KEY_UP:
	case 'k':
		h->top--;
		break;
	case KEY_DOWN:
	case 'j':
	case KEY_ENTER:
		h->top++;
		break;
	case KEY_PGUP:
		h->top -= page;
		break;
	case KEY_PGDN:
	case ' ':
		h->top += page;
		break;
	case KEY_HOME:
	case 'g':
		h->top = 0;
		break;
	case KEY_END:
	case 'G':
		h->top = view_help_lines();
		break;
	case KEY_ESCAPE:
	case 'q':
	case '?':
	case KEY_F1:
		client_pop(c);		/* frees h */
		return;
	}
	/* screen_help_draw keeps top within the text. */
	if (h->top < 0)
		h->top = 0;
}

static const struct screen screen_help_ops = {
	.name = "help",
	.draw = screen_help_draw,
	.key = screen_help_key,
	.free = free,
};

void
screen_help_open(struct client *c)
{
	struct screen_help	*h;

	if (c->depth > 0 && c->stack[c->depth - 1].screen == &screen_help_ops)
		return;
	h = calloc(1, sizeof *h);
	if (h != NULL)
		client_push(c, &screen_help_ops, h);
}
