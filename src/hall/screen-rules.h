/*
 * screen-rules.h - the rules pages as a screen (screens/view-rules.h
 * draws them), opened from the lobby, the create form and a table.
 */
#ifndef SRC_HALL_SCREEN_RULES_H
#define SRC_HALL_SCREEN_RULES_H

struct client;
struct table;

/*
 * The rules of a variant (NULL: the first), over the top screen.  From
 * the lobby (browse) Left/Right go through every game; otherwise the page
 * stays on its game.  `words` ("size=19 overline=off timer=30", may be
 * NULL) are said as settings under `head` ("Your choices").
 */
void	screen_rules_open(struct client *, const char *variant, int browse,
	    const char *words, const char *head);
/* At a table: its game, with its options as set, then its keys. */
void	screen_rules_open_table(struct client *, const struct table *);

#endif
