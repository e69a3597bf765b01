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
	{ "timer", "Turn timer",
	    "how long each turn may take; when it runs out the computer "
	    "makes that one move and the game goes on",
	    { "none", "0", "30", "60" },
	    { "none: take your time", "none: take your time",
	    "30 seconds a turn", "60 seconds a turn" } },
	{ "rated", "Rated",
	    "whether the result changes the players' ratings (only when "
	    "every seat is a registered player and no computer sits from "
	    "the start)",
	    { "yes", "no" },
	    { "yes, when every player is registered",
	    "no: no rating changes" } },
	{ "private", "Listed",
	    "whether the lobby lists the table or friends join by its code",
	    { "no", "yes" },
	    { "open: listed in the lobby", "private: joined by its code" } },
	{ "rotate", "First player rotates",
	    "the first player is drawn for the first game and moves on by "
	    "one seat each game after",
	    { "on", "off" },
	    { "on: it moves on each game", "off: the same seat starts" } },
	{ "level", "Computer",
	    "how strong the computer plays",
	    { "1", "2", "3", "4", "5" },
	    { "beginner", "easy", "medium", "hard", "master" } },
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
rules_setting(const struct rules_page *p, const char *word, char *buf,
    size_t len)
{
	const struct rules_option	*o;
	const char			*eq = strchr(word, '=');

	if (p == NULL || eq == NULL)
		return -1;
	if ((o = rules_option_find(p, word, (size_t)(eq - word))) == NULL)
		return -1;
	for (int i = 0; i < RULES_OPTION_VALUES && o->value[i] != NULL; i++) {
		if (strcmp(o->value[i], eq + 1) == 0) {
			snprintf(buf, len, "%s: %s", o->label, o->meaning[i]);
			return 0;
		}
	}
	/* A value the page has no words for (a move limit of 300): as it is
	 * written. */
	snprintf(buf, len, "%s: %s", o->label, eq + 1);
	return 0;
}
