/*
 * screen-table-create.c - the form that opens a new table: the variant
 * and each of its options as a row of choices (table_form_rows), the
 * defaults preselected.  Up/Down pick a row, Left/Right change it, Enter
 * opens the table (the same words `ssh host new VARIANT KEY=VALUE...`
 * takes), Esc goes back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/view-table.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-table.h"
#include "src/table/table.h"

struct screen_table_create {
	int			 variant;	/* index in game_variants */
	const struct table_form_row *rows;
	int			 nrows;
	int			 choice[TABLE_FORM_ROWS];
	int			 selected;	/* 0 the variant, 1.. rows */
	char			 message[256];
	char			 words[512];
};

static int
screen_table_create_nvariants(void)
{
	int	 n = 0;

	while (game_variants[n] != NULL)
		n++;
	return n;
}

static void
screen_table_create_set_variant(struct screen_table_create *tc, int v)
{
	tc->variant = v;
	tc->nrows = table_form_rows(game_variants[v]->name, &tc->rows);
	if (tc->nrows > TABLE_FORM_ROWS)
		tc->nrows = TABLE_FORM_ROWS;
	memset(tc->choice, 0, sizeof tc->choice);
}

/* "gomoku size=19 overline=on ... timer=30": what the table is made from. */
static void
screen_table_create_words(struct screen_table_create *tc)
{
	size_t	 at;

	at = (size_t)snprintf(tc->words, sizeof tc->words, "%s",
	    game_variants[tc->variant]->name);
	for (int i = 0; i < tc->nrows && at < sizeof tc->words; i++)
		at += (size_t)snprintf(tc->words + at, sizeof tc->words - at,
		    " %s=%s", tc->rows[i].key,
		    tc->rows[i].value[tc->choice[i]]);
}

static void
screen_table_create_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_table_create	*tc = state;
	struct view_table_create	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, "New table", "Up/Down choose  Left/Right "
	    "change  Enter open  Esc cancel");
	v.title = "Open a new table";
	v.row[0].label = "Variant";
	v.row[0].value = game_variants[tc->variant]->name;
	v.row[0].nchoices = screen_table_create_nvariants();
	v.row[0].choice = tc->variant;
	for (int i = 0; i < tc->nrows && i + 1 < VIEW_CREATE_ROWS; i++) {
		v.row[i + 1].label = tc->rows[i].label;
		v.row[i + 1].value = tc->rows[i].shown[tc->choice[i]];
		v.row[i + 1].nchoices = tc->rows[i].nchoices;
		v.row[i + 1].choice = tc->choice[i];
	}
	v.nrows = tc->nrows + 1;
	v.selected = tc->selected;
	screen_table_create_words(tc);
	v.summary = tc->words;
	v.message = tc->message[0] != '\0' ? tc->message : NULL;
	view_table_create_draw(g, &v, &c->hits);
}

static void
screen_table_create_change(struct screen_table_create *tc, int row, int by)
{
	if (row == 0) {
		int n = screen_table_create_nvariants();

		if (n > 0)
			screen_table_create_set_variant(tc,
			    (tc->variant + by + n) % n);
		return;
	}
	row--;
	if (row < 0 || row >= tc->nrows)
		return;
	tc->choice[row] += by;
	if (tc->choice[row] < 0)
		tc->choice[row] = 0;
	if (tc->choice[row] >= tc->rows[row].nchoices)
		tc->choice[row] = tc->rows[row].nchoices - 1;
}

static void
screen_table_create_submit(struct client *c, struct screen_table_create *tc)
{
	char	 why[256];

	screen_table_create_words(tc);
	/* On success the form is replaced by the table. */
	if (hall_tables_create(c->hall, c, tc->words, why, sizeof why) != 0) {
		snprintf(tc->message, sizeof tc->message, "%s", why);
		client_dirty(c);
	}
}

static void
screen_table_create_key(struct client *c, void *state,
    const struct key_event *ev)
{
	struct screen_table_create	*tc = state;

	tc->message[0] = '\0';
	if (ev->key == KEY_MOUSE) {
		const struct view_hit *hit = client_hit(c, ev);

		if (hit == NULL || ev->mouse.action != KEY_MOUSE_PRESS)
			return;
		if (hit->id == VIEW_HIT_ROW)
			tc->selected = hit->index;
		else if (hit->id == VIEW_HIT_OPTION) {
			tc->selected = hit->index / 16;
			screen_table_create_change(tc, tc->selected,
			    hit->index % 16 ? 1 : -1);
		} else if (hit->id == VIEW_HIT_BUTTON) {
			if (hit->index == 0)
				screen_table_create_submit(c, tc);
			else
				client_pop(c);
			return;
		}
		client_dirty(c);
		return;
	}
	switch (ev->key) {
	case KEY_UP: case 'k':
		if (tc->selected > 0)
			tc->selected--;
		break;
	case KEY_DOWN: case 'j': case KEY_TAB:
		if (tc->selected < tc->nrows)
			tc->selected++;
		break;
	case KEY_LEFT: case 'h':
		screen_table_create_change(tc, tc->selected, -1);
		break;
	case KEY_RIGHT: case 'l': case ' ':
		screen_table_create_change(tc, tc->selected, 1);
		break;
	case KEY_ENTER:
		screen_table_create_submit(c, tc);
		return;
	case KEY_ESCAPE: case 'q':
		client_pop(c);
		return;
	default:
		return;
	}
	client_dirty(c);
}

static void
screen_table_create_free(void *state)
{
	free(state);
}

static const struct screen screen_table_create_ops = {
	.name = "table-create",
	.draw = screen_table_create_draw,
	.key = screen_table_create_key,
	.free = screen_table_create_free,
};

void
screen_table_create_open(struct client *c)
{
	struct screen_table_create	*tc = calloc(1, sizeof *tc);

	if (tc == NULL)
		return;
	screen_table_create_set_variant(tc, 0);
	client_push(c, &screen_table_create_ops, tc);
}
