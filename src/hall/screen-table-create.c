/*
 * screen-table-create.c - the form that opens a new table: the variant
 * and each of its options as a row of choices (table_form_rows), the
 * defaults preselected.  Up/Down pick a row, Left/Right change it, Enter
 * opens the table (the same words `ssh host new VARIANT KEY=VALUE...`
 * takes), ? shows the rules of the game being chosen, Esc goes back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/view-table.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-rules.h"
#include "src/hall/screen-table.h"
#include "src/table/table.h"

struct screen_table_create {
	int			 variant;	/* index in game_variants */
	const struct table_form_row *row[TABLE_FORM_ROWS + 1];
	int			 nrows;
	int			 choice[TABLE_FORM_ROWS + 1];
	int			 selected;	/* 0 the variant, 1.. rows */
	int			 cpu;		/* against the computer */
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

/* Against the computer: its level first, and no rows that do not apply
 * (a practice game is unrated and unlisted). */
static const struct table_form_row screen_table_create_level = {
	"level", "Computer", 5, { "2", "3", "4", "5", "1" },
	{ "easy", "medium", "hard", "master", "beginner" },
};

static int
screen_table_create_skipped(const struct screen_table_create *tc,
    const struct table_form_row *row)
{
	return tc->cpu && (strcmp(row->key, "rated") == 0 ||
	    strcmp(row->key, "private") == 0 ||
	    strcmp(row->key, "rotate") == 0);
}

static void
screen_table_create_set_variant(struct screen_table_create *tc, int v)
{
	const struct table_form_row	*rows;
	int				 n;

	tc->variant = v;
	n = table_form_rows(game_variants[v]->name, &rows);
	tc->nrows = 0;
	if (tc->cpu)
		tc->row[tc->nrows++] = &screen_table_create_level;
	for (int i = 0; i < n && tc->nrows < TABLE_FORM_ROWS + 1; i++) {
		if (!screen_table_create_skipped(tc, &rows[i]))
			tc->row[tc->nrows++] = &rows[i];
	}
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
		    " %s=%s", tc->row[i]->key,
		    tc->row[i]->value[tc->choice[i]]);
	/* Every seat but the player's is the computer's. */
	if (tc->cpu && at < sizeof tc->words)
		snprintf(tc->words + at, sizeof tc->words - at,
		    " cpu=%d rated=no private=yes",
		    game_variants[tc->variant]->nsides - 1);
}

static void
screen_table_create_draw(struct client *c, void *state, struct grid *g)
{
	struct screen_table_create	*tc = state;
	struct view_table_create	 v;

	memset(&v, 0, sizeof v);
	client_chrome(c, &v.chrome, tc->cpu ? N_("Play the computer") :
	    N_("New table"), tc->cpu ? N_("Up/Down choose  Left/Right change  "
	    "Enter play  ? rules  Esc cancel") : N_("Up/Down choose  "
	    "Left/Right change  Enter open  ? rules  Esc cancel"));
	v.title = lang_text(c->lang,
	    tc->cpu ? N_("Play the computer (unrated)") :
	    N_("Open a new table"));
	v.row[0].label = lang_text(c->lang, "Variant");
	v.row[0].value = table_variant_title(game_variants[tc->variant]->name);
	v.row[0].nchoices = screen_table_create_nvariants();
	v.row[0].choice = tc->variant;
	for (int i = 0; i < tc->nrows && i + 1 < VIEW_CREATE_ROWS; i++) {
		/* The table's words, in the language where the catalog
		 * has them (the rules pages name the same options). */
		v.row[i + 1].label = lang_text(c->lang, tc->row[i]->label);
		v.row[i + 1].value = lang_text(c->lang,
		    tc->row[i]->shown[tc->choice[i]]);
		v.row[i + 1].nchoices = tc->row[i]->nchoices;
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
	if (tc->choice[row] >= tc->row[row]->nchoices)
		tc->choice[row] = tc->row[row]->nchoices - 1;
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
	case '?': case KEY_F1:
		/* The rules of the game being chosen, with the choices. */
		screen_table_create_words(tc);
		screen_rules_open(c, game_variants[tc->variant]->name, 0,
		    strchr(tc->words, ' '), lang_text(c->lang, "Your choices"));
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

static void
screen_table_create_push(struct client *c, int cpu)
{
	struct screen_table_create	*tc = calloc(1, sizeof *tc);

	if (tc == NULL)
		return;
	tc->cpu = cpu;
	screen_table_create_set_variant(tc, 0);
	client_push(c, &screen_table_create_ops, tc);
}

void
screen_table_create_open(struct client *c)
{
	screen_table_create_push(c, 0);
}

void
screen_table_create_open_cpu(struct client *c)
{
	screen_table_create_push(c, 1);
}
