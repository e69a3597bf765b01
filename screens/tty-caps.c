/*
 * tty-caps.c - what a terminal can show, from the strings its client sent
 * (rules in tty-caps.h).  No terminfo: clients arrive over the network with
 * TERM values this machine may not know, and only two questions matter here
 * (UTF-8? how many colours?).
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "screens/tty-caps.h"

static int
tty_caps_set(const char *s)
{
	return s != NULL && *s != '\0';
}

/* Case-insensitive substring test. */
static int
tty_caps_has(const char *s, const char *what)
{
	size_t	 n = strlen(what);

	for (; *s != '\0'; s++) {
		if (strncasecmp(s, what, n) == 0)
			return 1;
	}
	return 0;
}

static int
tty_caps_suffix(const char *s, const char *end)
{
	size_t	 n = strlen(s), e = strlen(end);

	return n >= e && strcasecmp(s + n - e, end) == 0;
}

/* TERM equals name, or starts with name followed by '-' (xterm-color...). */
static int
tty_caps_family(const char *term, const char *name)
{
	size_t	 n = strlen(name);

	return strncasecmp(term, name, n) == 0 &&
	    (term[n] == '\0' || term[n] == '-' || term[n] == '.');
}

/* A locale's charset says UTF-8: "en_US.UTF-8", "C.utf8", "UTF-8". */
static int
tty_caps_utf8_locale(const char *locale)
{
	const char	*cs = strchr(locale, '.');

	if (cs == NULL)
		cs = locale;	/* LC_CTYPE=UTF-8, as macOS sends */
	else
		cs++;
	return strncasecmp(cs, "utf-8", 5) == 0 ||
	    strncasecmp(cs, "utf8", 4) == 0;
}

static const char *const tty_caps_ascii_terms[] = {
	"dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "ansi",
	"cons25", "unknown", "network", "sun", NULL,
};

static const char *const tty_caps_mono_terms[] = {
	"dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "unknown", NULL,
};

static int
tty_caps_in(const char *term, const char *const *list)
{
	for (; *list != NULL; list++) {
		if (tty_caps_family(term, *list))
			return 1;
	}
	return 0;
}

void
tty_caps_detect(struct tty_caps *caps, const struct tty_env *env)
{
	const char	*term = tty_caps_set(env->term) ? env->term : NULL;
	const char	*locale = NULL;

	if (tty_caps_set(env->lc_all))
		locale = env->lc_all;
	else if (tty_caps_set(env->lc_ctype))
		locale = env->lc_ctype;
	else if (tty_caps_set(env->lang))
		locale = env->lang;

	if (locale != NULL)
		caps->utf8 = tty_caps_utf8_locale(locale);
	else
		caps->utf8 = term != NULL && !tty_caps_in(term,
		    tty_caps_ascii_terms);

	if (tty_caps_set(env->no_color))
		caps->colours = TTY_COLOURS_NONE;
	else if (term != NULL && (tty_caps_in(term, tty_caps_mono_terms) ||
	    tty_caps_has(term, "-mono") || tty_caps_suffix(term, "-m")))
		caps->colours = TTY_COLOURS_NONE;
	else if ((term != NULL && (tty_caps_has(term, "256col") ||
	    tty_caps_has(term, "direct"))) ||
	    (env->colorterm != NULL && (strcasecmp(env->colorterm,
	    "truecolor") == 0 || strcasecmp(env->colorterm, "24bit") == 0)))
		caps->colours = TTY_COLOURS_256;
	else
		caps->colours = TTY_COLOURS_16;
	caps->cursor = term == NULL || !tty_caps_family(term, "dumb");
	caps->mouse = caps->cursor && (term == NULL ||
	    !tty_caps_in(term, tty_caps_mono_terms));
}
