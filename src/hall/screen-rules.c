/*
 * screen-rules.c - a rules page over whatever screen asked for it: the
 * lobby (every game, Left/Right to the next), the create form (the game
 * being chosen, with the choices so far) or a table (its game, its options
 * as set, then the keys that work there).  Scrolls like the key list;
 * L opens the lesson on the board (every game) and D the drills (the
 * stone games), ? the key list, Esc or q goes back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/lesson.h"
#include "screens/rules.h"
#include "screens/view-rules.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-lesson.h"
#include "src/hall/screen-rules.h"
#include "src/table/table.h"

#define SCREEN_RULES_SETTINGS 16
#define SCREEN_RULES_SETTING_LEN 200

struct screen_rules {
	const struct lang *lang;	/* the settings' lines are in it */
	int	 index;		/* of rules_pages() */
	int	 browse;
	int	 top;
	int	 table_keys;	/* list the table's keys after the page */
	char	 head[64];
	int	 nsettings;
	char	 setting[SCREEN_RULES_SETTINGS][SCREEN_RULES_SETTING_LEN];
	const char *settings[SCREEN_RULES_SETTINGS];
};

/* The page as a view, for drawing or for measuring. */
static void
screen_rules_view(struct screen_rules *r, struct view_rules *v)
{
	memset(v, 0, sizeof *v);
	/* client_chrome sets it again when drawing: the same language, so
	 * what is measured is what is drawn. */
	v->chrome.lang = r->lang;
	v->page = rules_page_at(r->index);
	v->index = r->index;
	v->browse = r->browse;
	v->lesson = v->page != NULL && lesson_find(v->page->variant) != NULL;
	v->drills = v->page != NULL && drills_find(v->page->variant) != NULL;
	/* The settings belong to one game: not to the others browsed. */
	if (r->nsettings > 0) {
		v->settings_head = r->head;
		v->settings = r->settings;
		v->nsettings = r->nsettings;
	}
	if (r->table_keys) {
		v->keys_head = lang_text(r->lang, "Keys at the table");
		v->keys = view_help_section("Table", &v->nkeys);
	}
	v->top = r->top;
}

static int
screen_rules_max(struct screen_rules *r, int sx, int sy)
{
	struct view_rules	 v;
	int			 max;

	screen_rules_view(r, &v);
	max = view_rules_lines(&v, sx) - view_rules_rows(sy);
	return max < 0 ? 0 : max;
}

static void
screen_rules_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_rules	*r = state;
	struct view_rules	 v;
	int			 max = screen_rules_max(r, g->sx, g->sy);

	if (r->top > max)
		r->top = max;
	if (r->top < 0)
		r->top = 0;
	screen_rules_view(r, &v);
	client_chrome(c, &v.chrome, N_("Rules"), NULL); /* keys: the buttons */
	view_rules_draw(g, &v, &c->hits);
}

static void
screen_rules_turn(struct screen_rules *r, int by)
{
	int	 n = rules_pages();

	if (!r->browse || n < 1)
		return;
	r->index = (r->index + by + n) % n;
	r->top = 0;
}

/* The lesson of this page's family, if it has one. */
static void
screen_rules_lesson(struct client *c, struct screen_rules *r)
{
	const struct rules_page	*p = rules_page_at(r->index);
	const struct lesson	*l = p != NULL ? lesson_find(p->variant) : NULL;

	if (l != NULL)
		screen_lesson_open(c, l);
}

/* The drills of this page's family, if it has them. */
static void
screen_rules_drills(struct client *c, struct screen_rules *r)
{
	const struct rules_page	*p = rules_page_at(r->index);
	const struct lesson	*l = p != NULL ? drills_find(p->variant) : NULL;

	if (l != NULL)
		screen_lesson_open(c, l);
}

static void
screen_rules_key(struct client *c, void *state, const struct key_event *ev)
{
	struct screen_rules	*r = state;
	const struct view_hit	*hit;
	int			 page = view_rules_rows(client_sy(c)) - 1;

	if (page < 1)
		page = 1;
	if (ev->key == KEY_MOUSE) {
		hit = client_hit(c, ev);
		if (ev->mouse.action == KEY_MOUSE_WHEEL_UP)
			r->top -= 3;
		else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN)
			r->top += 3;
		else if (ev->mouse.action == KEY_MOUSE_PRESS && hit != NULL &&
		    hit->id == VIEW_HIT_BUTTON) {
			switch (hit->index) {
			case VIEW_RULES_B_SCROLL:
				r->top += page;
				break;
			case VIEW_RULES_B_OTHER:
				screen_rules_turn(r, 1);
				break;
			case VIEW_RULES_B_LESSON:
				screen_rules_lesson(c, r);
				return;
			case VIEW_RULES_B_KEYS:
				screen_help_open(c);
				return;
			case VIEW_RULES_B_BACK:
				client_pop(c);		/* frees r */
				return;
			}
		}
		if (r->top < 0)
			r->top = 0;
		client_dirty(c);
		return;
	}
	switch (ev->key) {
	case KEY_UP:
	case 'k':
		r->top--;
		break;
	case KEY_DOWN:
	case 'j':
	case KEY_ENTER:
		r->top++;
		break;
	case KEY_PGUP:
		r->top -= page;
		break;
	case KEY_PGDN:
	case ' ':
		r->top += page;
		break;
	case KEY_HOME:
	case 'g':
		r->top = 0;
		break;
	case KEY_END:
	case 'G':
		r->top = screen_rules_max(r, client_sx(c), client_sy(c));
		break;
	case KEY_LEFT:
	case 'h':
		screen_rules_turn(r, -1);
		break;
	case KEY_RIGHT:
	case 'l':
	case KEY_TAB:
		screen_rules_turn(r, 1);
		break;
	case 'L':
		screen_rules_lesson(c, r);
		return;
	case 'D':
		screen_rules_drills(c, r);
		return;
	case '?':
	case KEY_F1:
		screen_help_open(c);
		return;
	case KEY_ESCAPE:
	case 'q':
		client_pop(c);		/* frees r */
		return;
	default:
		return;
	}
	/* screen_rules_draw keeps top within the page. */
	if (r->top < 0)
		r->top = 0;
	client_dirty(c);
}

static const struct screen screen_rules_ops = {
	.name = "rules",
	.draw = screen_rules_draw,
	.key = screen_rules_key,
	.free = free,
};

/* One settings line more (the caller's text). */
static void
screen_rules_add(struct screen_rules *r, const char *text)
{
	if (r->nsettings >= SCREEN_RULES_SETTINGS)
		return;
	snprintf(r->setting[r->nsettings], SCREEN_RULES_SETTING_LEN, "%s",
	    text);
	r->settings[r->nsettings] = r->setting[r->nsettings];
	r->nsettings++;
}

/* "size=19 overline=off ..." said as settings lines, in their order. */
static void
screen_rules_words(struct screen_rules *r, const char *words)
{
	const struct rules_page	*p = rules_page_at(r->index);
	char			 word[64], line[SCREEN_RULES_SETTING_LEN];
	const char		*s = words, *end;

	while (s != NULL && *s != '\0') {
		while (*s == ' ')
			s++;
		end = strchr(s, ' ');
		if (end == NULL)
			end = s + strlen(s);
		if (end > s && (size_t)(end - s) < sizeof word) {
			snprintf(word, sizeof word, "%.*s", (int)(end - s), s);
			if (rules_setting(r->lang, p, word, line,
			    sizeof line) == 0)
				screen_rules_add(r, line);
		}
		s = end;
	}
}

static struct screen_rules *
screen_rules_new(struct client *c, const char *variant, int browse)
{
	struct screen_rules	*r = calloc(1, sizeof *r);

	if (r == NULL)
		return NULL;
	r->lang = c->lang;
	r->index = rules_page_index(variant);
	if (r->index < 0)
		r->index = 0;
	r->browse = browse;
	return r;
}

void
screen_rules_open(struct client *c, const char *variant, int browse,
    const char *words, const char *head)
{
	struct screen_rules	*r;

	if ((r = screen_rules_new(c, variant, browse)) == NULL)
		return;
	snprintf(r->head, sizeof r->head, "%s", head != NULL ? head :
	    lang_text(c->lang, "Your choices"));
	screen_rules_words(r, words);
	client_push(c, &screen_rules_ops, r);
}

void
screen_rules_open_table(struct client *c, const struct table *t)
{
	const struct table_spec	*spec = table_spec(t);
	const struct game	*g = table_game(t);
	struct screen_rules	*r;
	char			 words[256];
	size_t			 at = 0;
	int			 n;

	if ((r = screen_rules_new(c, spec->variant, 0)) == NULL)
		return;
	r->table_keys = 1;
	snprintf(r->head, sizeof r->head, lang_text(c->lang,
	    "This table (%s)"), table_code(t));
	/* The engine's options as it has them, defaults included. */
	words[0] = '\0';
	if (g != NULL && (n = g->variant->options(g, words, sizeof words)) > 0)
		at = (size_t)n;
	if (at < sizeof words)
		snprintf(words + at, sizeof words - at,
		    " timer=%d private=%s rotate=%s%s", spec->timer,
		    spec->private_ ? "yes" : "no", spec->rotate ? "on" : "off",
		    table_spec_seats(spec) == 4 ? spec->show_legal ?
		    " legal=on" : " legal=off" : "");
	screen_rules_words(r, words);
	/* Rated as it stands now, and why not when it was asked for. */
	if (table_rated_now(t))
		screen_rules_words(r, "rated=yes");
	else if (spec->rated && table_unrated_why(t) != NULL) {
		char line[SCREEN_RULES_SETTING_LEN];

		snprintf(line, sizeof line, lang_text(c->lang,
		    "Rated: no (%s)"), table_unrated_why(t));
		screen_rules_add(r, line);
	} else
		screen_rules_words(r, "rated=no");
	client_push(c, &screen_rules_ops, r);
}
