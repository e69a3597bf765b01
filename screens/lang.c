/*
 * lang.c - the hall's languages, looked up per session in one process.
 *
 * The daemon draws many sessions, in many languages, from one process with
 * more than one thread, so the language cannot be process state that is
 * flipped for each frame: setlocale() and $LANGUAGE (with gettext's
 * _nl_msg_cat_cntr) are process-wide, and a per-thread uselocale() needs a
 * compiled locale for each language (de_DE.UTF-8, ...), which a fresh
 * Debian 12 does not have (only C.UTF-8) and the hall should not ask a
 * sysop to generate.  Instead each language is a text domain of its own,
 * "gamehall-de", and a lookup names the session's: dgettext() is thread
 * safe and takes the domain as an argument.
 *
 * gettext still puts a locale name in the catalog's path
 * (DIR/LOCALE/LC_MESSAGES/DOMAIN.mo) and translates nothing in the "C"
 * locale.  So lang_open fixes both once, before any thread starts: the
 * messages' locale becomes C.UTF-8 (built into glibc's packages, always
 * there; gettext tries C.UTF-8, C.utf8, then C for it) and $LANGUAGE is
 * removed (a sysop's own LANGUAGE must not move the lookup).  The catalogs
 * therefore sit in DIR/C/LC_MESSAGES/gamehall-LANG.mo, which the build
 * makes (Makefile.am).  Nothing changes per session or per frame.
 */
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screens/lang.h"

static const struct lang lang_all[] = {
	{ "en", "English", NULL },
	{ "de", "Deutsch", "gamehall-de" },
	{ "fi", "Suomi", "gamehall-fi" },
	{ "sw", "Kiswahili", "gamehall-sw" },
	{ "zh_CN", "\xe4\xb8\xad\xe6\x96\x87", "gamehall-zh_CN" },	/* 中文 */
};

#define LANG_N ((int)(sizeof lang_all / sizeof lang_all[0]))

int
lang_count(void)
{
	return LANG_N;
}

const struct lang *
lang_at(int i)
{
	return i >= 0 && i < LANG_N ? &lang_all[i] : NULL;
}

int
lang_index(const struct lang *l)
{
	for (int i = 0; l != NULL && i < LANG_N; i++) {
		if (l == &lang_all[i])
			return i;
	}
	return 0;
}

const struct lang *
lang_english(void)
{
	return &lang_all[0];
}

const struct lang *
lang_find(const char *code)
{
	for (int i = 0; code != NULL && i < LANG_N; i++) {
		if (strcmp(lang_all[i].code, code) == 0)
			return &lang_all[i];
	}
	return NULL;
}

const struct lang *
lang_from_locale(const char *locale)
{
	char	 name[LANG_CODE_MAX];
	size_t	 n;

	if (locale == NULL)
		return NULL;
	/* language[_territory][.codeset][@modifier] */
	n = strcspn(locale, ".@");
	if (n == 0 || n >= sizeof name)
		return NULL;
	memcpy(name, locale, n);
	name[n] = '\0';
	if (strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0)
		return NULL;
	/* Chinese: the catalog is simplified Chinese, which zh_CN and zh_SG
	 * write; zh_TW and zh_HK write traditional characters. */
	if (strncmp(name, "zh", 2) == 0)
		return strcmp(name, "zh") == 0 || strcmp(name, "zh_CN") == 0 ||
		    strcmp(name, "zh_SG") == 0 ? lang_find("zh_CN") : NULL;
	name[strcspn(name, "_")] = '\0';
	return lang_find(name);
}

int
lang_open(const char *dir, char *err, size_t len)
{
	if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL &&
	    setlocale(LC_MESSAGES, "C.utf8") == NULL) {
		snprintf(err, len, "no C.UTF-8 locale: the pages stay in "
		    "English");
		return -1;
	}
	unsetenv("LANGUAGE");
	for (int i = 0; i < LANG_N; i++) {
		if (lang_all[i].domain == NULL)
			continue;
		if (bindtextdomain(lang_all[i].domain, dir) == NULL ||
		    bind_textdomain_codeset(lang_all[i].domain,
		    "UTF-8") == NULL) {
			snprintf(err, len, "%s: cannot bind the catalogs",
			    dir);
			return -1;
		}
	}
	return 0;
}

/* The catalog's header (the msgid "") is the one text every catalog
 * translates; without the catalog gettext gives the msgid back. */
int
lang_translated(const struct lang *l)
{
	const char	*h;

	if (l == NULL || l->domain == NULL)
		return 1;
	h = dgettext(l->domain, "");
	return h != NULL && *h != '\0';
}

const char *
lang_text(const struct lang *l, const char *msgid)
{
	if (l == NULL || l->domain == NULL || msgid == NULL || *msgid == '\0')
		return msgid;
	return dgettext(l->domain, msgid);
}

/* The catalog keys a text with a context as ctxt, EOT, msgid. */
const char *
lang_ptext(const struct lang *l, const char *ctxt, const char *msgid)
{
	char		 key[128];
	const char	*t;

	if (l == NULL || l->domain == NULL ||
	    snprintf(key, sizeof key, "%s\004%s", ctxt, msgid) >=
	    (int)sizeof key)
		return msgid;
	t = dgettext(l->domain, key);
	return t == key || strcmp(t, key) == 0 ? msgid : t;
}

const char *
lang_plural(const struct lang *l, const char *one, const char *many,
    unsigned long n)
{
	if (l == NULL || l->domain == NULL)
		return n == 1 ? one : many;
	return dngettext(l->domain, one, many, n);
}
