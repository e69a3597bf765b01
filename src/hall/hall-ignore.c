/*
 * hall-ignore.c - chat moderation for everyone: "/ignore NAME" typed in a
 * chat (the lobby's or a table's) and that person's chat is no longer
 * shown to you; "/unignore NAME" shows it again; "/ignore" alone says whom
 * you ignore.  The list is on the identity (identity-ignore.c); the chat
 * panes skip what it names (screen_chat_lines).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "src/hall/hall-int.h"
#include "src/term/clean.h"

/* text is "/WORD" or "/WORD ARG": the argument (or ""), else NULL. */
static const char *
hall_ignore_arg(const char *text, const char *word)
{
	size_t	 n = strlen(word);

	if (strncmp(text, word, n) != 0 || (text[n] != '\0' && text[n] != ' '))
		return NULL;
	text += n;
	while (*text == ' ')
		text++;
	return text;
}

static void
hall_ignore_list(struct client *c)
{
	char	 list[IDENTITY_IGNORE_MAX * (IDENTITY_IGNORE_LEN + 2)];
	size_t	 len = 0;

	list[0] = '\0';
	for (int i = 0; i < c->identity->nignored; i++) {
		snprintf(list + len, sizeof list - len, "%s%s", i > 0 ? ", " :
		    "", c->identity->ignored[i]);
		len = strlen(list);
	}
	if (len == 0)
		client_status(c, false, "You ignore nobody. /ignore NAME "
		    "hides someone's chat from you.");
	else
		client_status(c, false, "You ignore %s (/unignore NAME to see "
		    "him again).", list);
}

bool
hall_ignore_command(struct client *c, const char *text)
{
	struct identity	*id = c->identity;
	const char	*name;
	char		 why[128];
	bool		 undo;

	if (id == NULL || text[0] != '/')
		return false;
	if ((name = hall_ignore_arg(text, "/ignore")) != NULL)
		undo = false;
	else if ((name = hall_ignore_arg(text, "/unignore")) != NULL)
		undo = true;
	else
		return false;	/* "/me waves" and the like are chat */
	if (*name == '\0') {
		hall_ignore_list(c);
		return true;
	}
	if (strchr(name, ' ') != NULL || (clean_name(name, why,
	    sizeof why) != 0 && !identity_name_is_guest(name))) {
		client_status(c, true, "/%s takes one name: /%s NAME", undo ?
		    "unignore" : "ignore", undo ? "unignore" : "ignore");
		return true;
	}
	if (strcasecmp(name, id->name) == 0) {
		client_status(c, true, "You cannot ignore yourself.");
		return true;
	}
	if (undo) {
		if (identity_unignore(id, name) != 0)
			client_status(c, true, "You do not ignore %s.", name);
		else
			client_status(c, false, "You see %s's chat again.",
			    name);
	} else if (identity_ignore(id, name) != 0)
		client_status(c, true, "You ignore %d people already: "
		    "/unignore someone first.", IDENTITY_IGNORE_MAX);
	else
		client_status(c, false, "You no longer see %s's chat "
		    "(/unignore %s to see it again).", name, name);
	hall_dirty_all(c->hall);
	return true;
}
