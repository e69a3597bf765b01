/*
 * rules.h - the hall's rule pages, one per variant, as data: written for
 * this hall from docs/rules.md (the authority) and the seed pages it is
 * modelled on, in our own words.
 *
 * A page is lines of text, each one paragraph that the view wraps to the
 * terminal's width.  The first character says what a line is:
 *
 *   "#Heading"          a section heading
 *   "- text"            a bullet
 *   "?Question"         a common question; the next line answers it
 *   "=Term\tmeaning"    a term and what it means
 *   anything else       a plain paragraph
 *
 * The words are English, marked N_() for the catalogs (screens/lang.h):
 * the view looks each line up in the reader's language when it draws, and
 * a translation keeps the line's first character.  Option words and values
 * (overline=off) are the commands' and stay as they are.
 *
 * Every option a table may change is described once (struct
 * rules_option), so the page's list of options and the "This table" lines
 * that say how a table has them set come from the same words.
 */
#ifndef SCREENS_RULES_H
#define SCREENS_RULES_H

#include <stddef.h>

#include "screens/lang.h"

#define RULES_OPTION_VALUES 6

/* One option: its word (as `new VARIANT KEY=VALUE` takes it), a label,
 * and what each value means, defaults first. */
struct rules_option {
	const char	*key;			/* "overline" */
	const char	*label;			/* "Overline" */
	const char	*about;			/* one line on what it is */
	const char	*value[RULES_OPTION_VALUES];	/* "on", "off" */
	const char	*meaning[RULES_OPTION_VALUES];	/* "counts as five" */
};

struct rules_page {
	const char			*variant;	/* "gomoku" */
	const char			*title;		/* "Gomoku" */
	const char			*brief;		/* one line */
	const char *const		*text;		/* NULL-terminated */
	const struct rules_option	*options;	/* the variant's own */
	int				 noptions;
};

/* The pages in the order the create form offers the variants. */
int	rules_pages(void);
const struct rules_page *rules_page_at(int i);
/* A variant's page (its command word, "yonin"), or NULL. */
const struct rules_page *rules_page_find(const char *variant);
/* Its index, or -1. */
int	rules_page_index(const char *variant);

/* The options every table has (timer, rated, private, rotate, the
 * computer's level), after the variant's own. */
const struct rules_option *rules_table_options(int *n);

/*
 * One "This table" line from an option word "KEY=VALUE" of a table or of
 * the create form: "Overline: off - only an exact five wins" into buf, in
 * the language given.
 * 0, or -1 when the page knows no such option (the word is skipped).
 */
int	rules_setting(const struct lang *, const struct rules_page *,
	    const char *word, char *buf, size_t len);

/* The pages themselves (rules-stone.c, rules-yonin.c). */
extern const struct rules_page rules_page_gomoku, rules_page_freestyle,
	    rules_page_standard, rules_page_renju, rules_page_connect6,
	    rules_page_yonin;

#endif
