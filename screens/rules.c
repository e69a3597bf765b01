/*
 * rules.c - finding a rule page, and saying in words how a table has its
 * options set ("Overline: off - only an exact five wins").
 */
#include <stdio.h>
#include <string.h>

#include "screens/rules.h"

static const struct rules_page *const rules_all[] = {
	&rules_page_gomoku, &rules_page_freestyle, &rules_page_standard,
	&rules_page_renju, &rules_page_connect6, &rules_page_yonin,
};

#define RULES_NPAGES ((int)(sizeof rules_all / sizeof rules_all[0]))

/* What every table has beside the variant's own options (docs/rules.md §3). */
static const struct rules_option rules_common[] = {
	{ "timer", N_("Turn timer"),
	    N_("how long each turn may take; when it runs out the computer "
	    "makes that one move and the game goes on"),
	    { "none", "0", "30", "60" },
	    { N_("none: take your time"), N_("none: take your time"),
	    N_("30 seconds a turn"), N_("60 seconds a turn") } },
	{ "rated", N_("Rated"),
	    N_("whether the result changes the players' ratings (only when "
	    "every seat is a registered player and no computer sits from "
	    "the start)"),
	    { "yes", "no" },
	    { N_("yes, when every player is registered"),
	    N_("no: no rating changes") } },
	{ "private", N_("Listed"),
	    N_("whether the lobby lists the table or friends join by its code"),
	    { "no", "yes" },
	    { N_("open: listed in the lobby"),
	    N_("private: joined by its code") } },
	{ "rotate", N_("First player rotates"),
	    N_("the first player is drawn for the first game and moves on by "
	    "one seat each game after"),
	    { "on", "off" },
	    { N_("on: it moves on each game"),
	    N_("off: the same seat starts") } },
	{ "level", N_("Computer"),
	    N_("how strong the computer plays"),
	    { "1", "2", "3", "4", "5" },
	    { N_("beginner"), N_("easy"), N_("medium"), N_("hard"),
	    N_("master") } },
};

int
rules_pages(void)
{
	return RULES_NPAGES;
}

const struct rules_page *
rules_page_at(int i)
{
	return i >= 0 && i < RULES_NPAGES ? rules_all[i] : NULL;
}

int
rules_page_index(const char *variant)
{
	for (int i = 0; variant != NULL && i < RULES_NPAGES; i++) {
		if (strcmp(rules_all[i]->variant, variant) == 0)
			return i;
	}
	return -1;
}

const struct rules_page *
rules_page_find(const char *variant)
{
	return rules_page_at(rules_page_index(variant));
}

const struct rules_option *
rules_table_options(int *n)
{
	*n = (int)(sizeof rules_common / sizeof rules_common[0]);
	return rules_common;
}

/* The option called key (len bytes) on the page or on every table. */
static const struct rules_option *
rules_option_find(const struct rules_page *p, const char *key, size_t len)
{
	const struct rules_option	*common;
	int				 n;

	for (int i = 0; i < p->noptions; i++) {
		if (strlen(p->options[i].key) == len &&
		    strncmp(p->options[i].key, key, len) == 0)
			return &p->options[i];
	}
	common = rules_table_options(&n);
	for (int i = 0; i < n; i++) {
		if (strlen(common[i].key) == len &&
		    strncmp(common[i].key, key, len) == 0)
			return &common[i];
	}
	return NULL;
}

int
rules_setting(const struct lang *l, const struct rules_page *p,
    const char *word, char *buf, size_t len)
{
	const struct rules_option	*o;
	const char			*eq = strchr(word, '=');

	if (p == NULL || eq == NULL)
		return -1;
	if ((o = rules_option_find(p, word, (size_t)(eq - word))) == NULL)
		return -1;
	for (int i = 0; i < RULES_OPTION_VALUES && o->value[i] != NULL; i++) {
		if (strcmp(o->value[i], eq + 1) == 0) {
			snprintf(buf, len, "%s: %s", lang_text(l, o->label),
			    lang_text(l, o->meaning[i]));
			return 0;
		}
	}
	/* A value the page has no words for (a move limit of 300): as it is
	 * written. */
	snprintf(buf, len, "%s: %s", lang_text(l, o->label), eq + 1);
	return 0;
}
