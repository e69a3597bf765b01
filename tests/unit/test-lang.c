/*
 * test-lang.c - the hall's pages in every language (screens/lang.h).
 *
 * Every rules page, with a table's settings and keys, drawn at 80x24 in
 * every language at every scroll position: no row runs into the right
 * margin, measured in terminal cells (the grid's), and none is cut.  A
 * language whose po/LANG.po is in the source tree must have its catalog
 * built (the build dir's locale/) and its pages really translated: the
 * heading and the first line of each page differ from English.  Two
 * threads drawing in two languages at once each get their own words.
 * Wrapping Chinese, which has no spaces: by cells, beside any character.
 * Every step of every lesson and drill, on its board, with what to do and
 * the longest answer it can give (the hint after a wrong try, or the
 * solution), within 80x24 in every language and translated; and a
 * player's profile.
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "screens/grid.h"
#include "screens/lang.h"
#include "screens/lesson.h"
#include "screens/rules.h"
#include "screens/utf8.h"
#include "screens/view-lesson.h"
#include "screens/view-rules.h"
#include "screens/views.h"
#include "tests/unit/grid-text.h"

/* Whether po/LANG.po is in the source tree: then it must translate. */
static int
lang_written(const struct lang *l)
{
	const char	*top = getenv("top_srcdir");
	char		 path[4096];

	snprintf(path, sizeof path, "%s/po/%s.po", top != NULL ? top : ".",
	    l->code);
	return access(path, R_OK) == 0;
}

static void
lang_setup(void)
{
	const char	*top = getenv("top_builddir");
	char		 dir[4096], err[256];

	snprintf(dir, sizeof dir, "%s/locale", top != NULL ? top : ".");
	ck_assert_msg(lang_open(dir, err, sizeof err) == 0, "%s", err);
}

/* Row y of the grid as UTF-8, and its width in cells (the last cell that
 * is not blank, plus one). */
static int
row_text(const struct grid *g, int y, char *buf, size_t len)
{
	size_t	 n;
	int	 cells = 0;

	for (int x = 0; x < g->sx; x++) {
		const struct grid_cell *c = grid_get(g, x, y);

		if (c->ch != ' ' && c->ch != GRID_PAD)
			cells = x + (utf8_width(c->ch) == 2 ? 2 : 1);
	}
	n = strlen(grid_text_row(g, y, buf, len));
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	return cells;
}

/* The text rows end before the right margin (margin cells: a rules
 * page keeps two, a lesson one) and none is cut with an ellipsis. */
static void
check_margin(const struct grid *g, const char *what, int top, int margin)
{
	char	 text[1024];

	for (int y = 1; y < g->sy - 2; y++) {
		int cells = row_text(g, y, text, sizeof text);

		ck_assert_msg(cells <= g->sx - margin, "%s top %d: row %d takes %d "
		    "cells: %s", what, top, y, cells, text);
		ck_assert_msg(strstr(text, "\xe2\x80\xa6") == NULL,
		    "%s top %d: row %d cut: %s", what, top, y, text);
	}
}

static void
check_within(const struct grid *g, const char *what, int top)
{
	check_margin(g, what, top, 2);
}

/* A page as the table shows it, in a language. */
static void
page_view(struct view_rules *v, int i, const struct lang *l,
    const char *const *settings, int nsettings)
{
	int	 nkeys;

	memset(v, 0, sizeof *v);
	v->chrome.lang = l;
	v->page = rules_page_at(i);
	v->index = i;
	v->browse = 1;
	v->lesson = 1;
	v->settings_head = lang_text(l, "This table (%s)");
	v->settings = settings;
	v->nsettings = nsettings;
	v->keys_head = lang_text(l, "Keys at the table");
	v->keys = view_help_section("Table", &nkeys);
	v->nkeys = nkeys;
}

START_TEST(test_every_page_every_language)
{
	struct grid	*g = grid_create(80, 24), *en = grid_create(80, 24);
	char		 a[1024], b[1024];
	int		 translated = 0;

	lang_setup();
	for (int k = 0; k < lang_count(); k++) {
		const struct lang *l = lang_at(k);
		int must = l->domain != NULL && lang_written(l);

		if (must)
			ck_assert_msg(lang_translated(l), "%s: po/%s.po is "
			    "there but its catalog is not built", l->code,
			    l->code);
		else if (l->domain != NULL)
			printf("%s: no po/%s.po yet: drawn, not compared\n",
			    l->code, l->code);
		for (int i = 0; i < rules_pages(); i++) {
			const struct rules_page *p = rules_page_at(i);
			char set[4][200];
			const char *settings[4];
			struct view_rules v, ve;
			int last, n = 0;

			/* The "This table" lines in the language. */
			for (int o = 0; o < p->noptions && n < 2; o++) {
				char word[64];

				snprintf(word, sizeof word, "%s=%s",
				    p->options[o].key, p->options[o].value[1] !=
				    NULL ? p->options[o].value[1] :
				    p->options[o].value[0]);
				if (rules_setting(l, p, word, set[n],
				    sizeof set[n]) == 0) {
					settings[n] = set[n];
					n++;
				}
			}
			if (rules_setting(l, p, "timer=30", set[n],
			    sizeof set[n]) == 0) {
				settings[n] = set[n];
				n++;
			}
			page_view(&v, i, l, settings, n);
			last = view_rules_lines(&v, 80) - view_rules_rows(24);
			ck_assert_int_gt(last, 0);
			for (v.top = 0; v.top < last;
			    v.top += view_rules_rows(24)) {
				view_rules_draw(g, &v, NULL);
				check_within(g, l->code, v.top);
			}
			v.top = last;
			view_rules_draw(g, &v, NULL);
			check_within(g, l->code, v.top);

			if (!must)
				continue;
			/* The heading and the page's first line, against
			 * English's. */
			page_view(&ve, i, lang_english(), NULL, 0);
			page_view(&v, i, l, NULL, 0);
			view_rules_draw(en, &ve, NULL);
			view_rules_draw(g, &v, NULL);
			for (int y = 1; y <= 2; y++) {
				row_text(en, y, a, sizeof a);
				row_text(g, y, b, sizeof b);
				ck_assert_msg(strcmp(a, b) != 0, "%s: %s row "
				    "%d is English: %s", l->code, p->variant,
				    y, b);
			}
			translated++;
		}
	}
	/* German at least is written (po/de.po). */
	ck_assert_int_ge(translated, rules_pages());
	grid_free(g);
	grid_free(en);
}
END_TEST

/* ---- lessons and drills ------------------------------------------------ */

/* Step i of a lesson drawn in a language on its board, with one of its
 * answers below: a wrong try's hint (right 0), or the solution or the
 * done text (right 1; the last step's then says the lesson is over). */
static void
lesson_view_draw(struct grid *g, const struct lesson *ls, int i,
    const struct lang *l, int done)
{
	const struct lesson_step	*s = &ls->steps[i];
	struct view_lesson		 v;
	struct game			*game;
	char				 err[256], buf[512], wrong[512];
	char				 right[512], *tok[32], *p, *save;
	int				 n = 0;

	game = game_new(s->variant, 0, NULL, err, sizeof err);
	ck_assert_msg(game != NULL, "%s", err);
	if (s->setup != NULL) {
		snprintf(buf, sizeof buf, "%s", s->setup);
		for (p = strtok_r(buf, " ", &save); p != NULL && n < 32;
		    p = strtok_r(NULL, " ", &save))
			tok[n++] = p;
		ck_assert_msg(game_setup(game, n, tok, err, sizeof err) == 0,
		    "%s", err);
	}
	snprintf(wrong, sizeof wrong, lang_text(l, "%s and %s are not it. %s"),
	    "k10", "l10", lang_text(l, s->hint));
	if (s->solution != NULL)
		snprintf(right, sizeof right, lang_text(l, "Solution: %s"),
		    lang_text(l, s->solution));
	else
		snprintf(right, sizeof right, "%s", lang_text(l, s->done));
	memset(&v, 0, sizeof v);
	v.chrome.lang = l;
	v.title = ls->title;
	v.step = i;
	v.nsteps = ls->nsteps;
	v.text = s->text;
	v.feedback = done ? right : wrong;
	v.good = done;
	v.finished = done && s->solution == NULL && i == ls->nsteps - 1;
	v.board.game = game;
	v.board.cursor = 0;
	v.board.show_cursor = 1;
	v.board.selected = -1;
	v.board.hand_seat = -1;
	grid_clear(g, NULL);
	view_lesson_draw(g, &v, NULL);
	game_free(game);
}

START_TEST(test_lessons_every_language)
{
	const struct lesson	*all[] = { &lesson_gomoku, &drills_gomoku,
				    &lesson_connect6, &drills_connect6,
				    &lesson_yonin };
	struct grid		*g = grid_create(80, 24);
	struct grid		*en = grid_create(80, 24);
	char			 a[1024], b[1024], what[64];

	lang_setup();
	for (int k = 0; k < lang_count(); k++) {
		const struct lang *l = lang_at(k);
		int must = l->domain != NULL && lang_written(l);

		for (size_t j = 0; j < sizeof all / sizeof all[0]; j++) {
			for (int i = 0; i < 2 * all[j]->nsteps; i++) {
				int same = 1;

				snprintf(what, sizeof what, "%s %s step %d%s",
				    l->code, all[j]->title, i / 2 + 1,
				    i % 2 ? " done" : " wrong");
				lesson_view_draw(g, all[j], i / 2, l, i % 2);
				check_margin(g, what, 0, 1);
				if (!must)
					continue;
				/* What to do is in the language. */
				lesson_view_draw(en, all[j], i / 2,
				    lang_english(), i % 2);
				for (int y = 1; y < 24 - 2; y++) {
					row_text(en, y, a, sizeof a);
					row_text(g, y, b, sizeof b);
					if (strcmp(a, b) != 0)
						same = 0;
				}
				ck_assert_msg(!same, "%s is English", what);
				ck_assert_msg(strstr(b, "Lesson") == NULL ||
				    strcmp(l->code, "en") == 0, "%s", what);
			}
		}
	}
	grid_free(g);
	grid_free(en);
}
END_TEST

/* ---- a profile --------------------------------------------------------- */

START_TEST(test_profile_every_language)
{
	struct grid	*g = grid_create(80, 24), *en = grid_create(80, 24);
	char		 a[1024], b[1024], h2h[160], since[64];

	lang_setup();
	for (int k = 0; k < lang_count(); k++) {
		const struct lang *l = lang_at(k);
		const struct view_rating_row r[] = {
			{ "renju", "1523", "85", 12, 7, 4, 1 },
			{ "yonin", "1500?", "350", 1, 0, 1, 0 },
		};
		const struct view_game_row gr[] = {
			{ "2026-11-29", "renju", "bob", lang_text(l, "won"),
			    "+12" },
			{ "2026-11-28", "yonin", "bob, CPU, carol",
			    lang_text(l, "2nd"), "-3" },
			{ "2026-11-27", "gomoku", "CPU", lang_text(l, "draw"),
			    NULL },
		};
		struct view_profile v;
		int same = 1;

		snprintf(h2h, sizeof h2h, lang_plural(l, "You and %s: %d "
		    "game, you won %d, lost %d, drew %d.", "You and %s: %d "
		    "games, you won %d, lost %d, drew %d.", 12), "alice", 12,
		    7, 4, 1);
		snprintf(since, sizeof since, lang_text(l, "Registered %s."),
		    "2026-11-01");
		memset(&v, 0, sizeof v);
		v.chrome.lang = l;
		v.name = "alice";
		v.since = since;
		v.ratings = r;
		v.nratings = 2;
		v.games = gr;
		v.ngames = 3;
		v.selected = 0;
		v.h2h = h2h;
		view_profile_draw(g, &v, NULL);
		/* The rules run to the edge; no text is cut. */
		check_margin(g, l->code, 0, 0);
		if (l->domain == NULL || !lang_written(l))
			continue;
		v.chrome.lang = lang_english();
		view_profile_draw(en, &v, NULL);
		for (int y = 1; y < 24 - 2; y++) {
			row_text(en, y, a, sizeof a);
			row_text(g, y, b, sizeof b);
			if (strstr(a, "Ratings") != NULL && strcmp(a, b) != 0)
				same = 0;
		}
		ck_assert_msg(!same, "%s: the profile is English", l->code);
	}
	grid_free(g);
	grid_free(en);
}
END_TEST

/* ---- two languages at once --------------------------------------------- */

struct drawer {
	const struct lang	*lang;
	int			 rounds;
	char			 heading[256];	/* the first seen */
	int			 differ;	/* frames unlike the first */
};

static void *
drawer_run(void *arg)
{
	struct drawer	*d = arg;
	struct grid	*g = grid_create(80, 24);
	char		 text[256];

	for (int r = 0; r < d->rounds; r++) {
		struct view_rules v;

		page_view(&v, 0, d->lang, NULL, 0);
		view_rules_draw(g, &v, NULL);
		row_text(g, 1, text, sizeof text);
		if (r == 0)
			snprintf(d->heading, sizeof d->heading, "%s", text);
		else if (strcmp(text, d->heading) != 0)
			d->differ++;
	}
	grid_free(g);
	return NULL;
}

START_TEST(test_two_languages_at_once)
{
	struct drawer	 de = { lang_find("de"), 300, "", 0 };
	struct drawer	 en = { lang_english(), 300, "", 0 };
	pthread_t	 t1, t2;

	lang_setup();
	ck_assert_ptr_nonnull(de.lang);
	ck_assert(pthread_create(&t1, NULL, drawer_run, &de) == 0);
	ck_assert(pthread_create(&t2, NULL, drawer_run, &en) == 0);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	ck_assert_msg(strstr(de.heading, "Regeln: Gomoku") != NULL, "%s",
	    de.heading);
	ck_assert_msg(strstr(en.heading, "Rules: Gomoku") != NULL, "%s",
	    en.heading);
	ck_assert_int_eq(de.differ, 0);
	ck_assert_int_eq(en.differ, 0);
}
END_TEST

/* ---- finding a language ------------------------------------------------ */

START_TEST(test_lang_from_locale)
{
	ck_assert_ptr_eq(lang_from_locale("de_DE.UTF-8"), lang_find("de"));
	ck_assert_ptr_eq(lang_from_locale("de_AT"), lang_find("de"));
	ck_assert_ptr_eq(lang_from_locale("fi_FI.UTF-8"), lang_find("fi"));
	ck_assert_ptr_eq(lang_from_locale("sw_KE"), lang_find("sw"));
	ck_assert_ptr_eq(lang_from_locale("zh_CN.UTF-8"), lang_find("zh_CN"));
	ck_assert_ptr_eq(lang_from_locale("zh_TW.UTF-8"), NULL);
	ck_assert_ptr_eq(lang_from_locale("en_GB.UTF-8"), lang_english());
	ck_assert_ptr_eq(lang_from_locale("C.UTF-8"), NULL);
	ck_assert_ptr_eq(lang_from_locale("POSIX"), NULL);
	ck_assert_ptr_eq(lang_from_locale(""), NULL);
	ck_assert_ptr_eq(lang_from_locale("fr_FR"), NULL);
	ck_assert_ptr_eq(lang_find("xx"), NULL);
	ck_assert_int_eq(lang_index(lang_find("sw")), 3);
	ck_assert_int_eq(lang_index(NULL), 0);
	/* English needs no catalog and is the msgid itself. */
	ck_assert(lang_translated(lang_english()));
	ck_assert_str_eq(lang_text(NULL, "Rules: %s"), "Rules: %s");
	ck_assert_str_eq(lang_plural(lang_english(), "a", "b", 2), "b");
}
END_TEST

/* ---- Chinese wraps by cells -------------------------------------------- */

START_TEST(test_wrap_chinese)
{
	/* 二十个汉字，没有空格：每个两格宽。 (17 characters, two cells each) */
	const char	*s = "\xe4\xba\x8c\xe5\x8d\x81\xe4\xb8\xaa\xe6\xb1\x89"
	    "\xe5\xad\x97\xef\xbc\x8c\xe6\xb2\xa1\xe6\x9c\x89\xe7\xa9\xba"
	    "\xe6\xa0\xbc\xef\xbc\x9a\xe6\xaf\x8f\xe4\xb8\xaa\xe4\xb8\xa4"
	    "\xe6\xa0\xbc\xe5\xae\xbd\xe3\x80\x82";
	size_t		 len = strlen(s), pos = 0, next, n;
	int		 rows = 0, w = 9;

	do {
		n = view_text_line(s + pos, len - pos, w, &next);
		ck_assert_int_le(utf8_strnwidth(s + pos, n), w);
		/* Full rows use the width, less the one cell an odd
		 * width leaves, or two when punctuation moved down. */
		if (pos + next < len)
			ck_assert_int_ge(utf8_strnwidth(s + pos, n), w - 3);
		/* No row starts with the comma, colon or full stop. */
		ck_assert(strncmp(s + pos + next, "\xef\xbc\x8c", 3) != 0);
		ck_assert(strncmp(s + pos + next, "\xef\xbc\x9a", 3) != 0);
		ck_assert(strncmp(s + pos + next, "\xe3\x80\x82", 3) != 0);
		ck_assert_int_gt(next, 0);
		pos += next;
		rows++;
	} while (pos < len);
	/* 34 cells in rows of 8 or less: 5 or 6 rows (by bytes, 51 of them,
	 * the rows would overflow). */
	ck_assert_int_ge(rows, 5);
	ck_assert_int_le(rows, 6);
	/* An English word among Chinese still breaks at its space. */
	n = view_text_line("ab cd", 5, 4, &next);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(next, 3);
}
END_TEST

static Suite *
lang_suite(void)
{
	Suite	*s = suite_create("lang");
	TCase	*tc = tcase_create("lang");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_page_every_language);
	tcase_add_test(tc, test_lessons_every_language);
	tcase_add_test(tc, test_profile_every_language);
	tcase_add_test(tc, test_two_languages_at_once);
	tcase_add_test(tc, test_lang_from_locale);
	tcase_add_test(tc, test_wrap_chinese);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(lang_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
