/*
 * lang.h - the languages the hall's pages are shown in, and looking up a
 * text in one of them.
 *
 * English is the text in the sources (the msgids); every other language is
 * a gettext catalog built from po/LANG.po.  A session holds a language
 * (const struct lang *) and hands it to the drawing; nothing here keeps a
 * "current" language, so two sessions drawn at once by the same process
 * each see their own (lang.c says how).
 *
 * Marking: lang_text(lang, "...") and lang_plural(lang, "...", "...", n)
 * where a text is drawn; N_("...") where it is kept in a table (the rule
 * pages) and looked up when drawn.  xgettext knows the three (po/Makevars).
 */
#ifndef SCREENS_LANG_H
#define SCREENS_LANG_H

#include <stddef.h>

/* A text in a table, to be looked up with lang_text when drawn. */
#define N_(s) (s)

struct lang {
	const char	*code;		/* "de", as in po/LINGUAS; "en" */
	const char	*name;		/* in itself: "Deutsch" */
	const char	*domain;	/* "gamehall-de"; NULL for English */
};

#define LANG_CODE_MAX 8		/* bytes of the longest code, "zh_CN" */

/* The languages in the order the settings offer them, English first. */
int			 lang_count(void);
const struct lang	*lang_at(int i);
/* The index of a language of lang_at, 0 (English) for NULL. */
int			 lang_index(const struct lang *);
/* English: the default. */
const struct lang	*lang_english(void);
/* By code ("de", "zh_CN"), or NULL. */
const struct lang	*lang_find(const char *code);
/* The language a locale name asks for ("de_DE.UTF-8", "zh_CN.UTF-8",
 * "fi"), or NULL when the hall has none (or for C and POSIX). */
const struct lang	*lang_from_locale(const char *locale);

/*
 * Once at start, before any thread: read the catalogs from dir (the build
 * dir's locale/ or the installed one).  0, or -1 with a message in err
 * (then every page stays English).
 */
int	lang_open(const char *dir, char *err, size_t len);
/* 1 if the language's catalog was found and translates (English: 1). */
int	lang_translated(const struct lang *);

/* msgid in the language (NULL: English); never NULL for a msgid. */
const char	*lang_text(const struct lang *, const char *msgid)
		    __attribute__((format_arg(2)));
/* msgid in the language, as said in ctxt: one English word that means two
 * things ("open" a table, an "open" table) has a translation for each
 * (gettext's pgettext). */
const char	*lang_ptext(const struct lang *, const char *ctxt,
		    const char *msgid) __attribute__((format_arg(3)));
/* The form for n ("1 more line", "3 more lines") in the language. */
const char	*lang_plural(const struct lang *, const char *one,
		    const char *many, unsigned long n)
		    __attribute__((format_arg(2), format_arg(3)));

#endif
