/*
 * table-spec.c - what a table is created from: the variant, its engine
 * options (checked by the engine itself) and the table's own options, as
 * words ("gomoku size=19 timer=30") or as the rows of the create form.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/cpu.h"
#include "src/table/table.h"

/* Rows of the create form, per variant, then the rows every table has. */
#define ROW_TIMER { "timer", "Turn timer", 3, { "none", "30", "60" }, \
	    { "none", "30 s", "60 s" } }
#define ROW_RATED { "rated", "Rated", 2, { "yes", "no" }, { "yes", "no" } }
#define ROW_PRIVATE { "private", "Open or private", 2, { "no", "yes" }, \
	    { "open (listed)", "private (by code)" } }
#define ROW_ROTATE { "rotate", "First player rotates", 2, { "on", "off" }, \
	    { "on", "off" } }
#define ROWS_COMMON ROW_TIMER, ROW_RATED, ROW_PRIVATE, ROW_ROTATE

static const struct table_form_row table_form_gomoku[] = {
	{ "size", "Board size", 2, { "15", "19" }, { "15x15", "19x19" } },
	{ "overline", "Overline wins", 2, { "on", "off" }, { "on", "off" } },
	{ "restrict", "Black's restrictions", 2, { "off", "on" },
	    { "off", "on (blocked)" } },
	ROWS_COMMON,
};

static const struct table_form_row table_form_swap[] = {
	{ "opening", "Opening", 3, { "free", "swap", "swap2" },
	    { "free", "swap", "swap2" } },
	ROWS_COMMON,
};

static const struct table_form_row table_form_plain[] = {
	ROWS_COMMON,
};

static const struct table_form_row table_form_connect6[] = {
	{ "size", "Board size", 3, { "19", "15", "13" },
	    { "19x19", "15x15", "13x13" } },
	ROWS_COMMON,
};

static const struct table_form_row table_form_yonin[] = {
	{ "mode", "Mode", 2, { "individual", "pairs" },
	    { "individual", "pairs" } },
	{ "end", "Game ends", 2, { "two", "last" },
	    { "two out", "last player" } },
	{ "transfer", "Loser's pieces", 2, { "inherit", "ownerless" },
	    { "to the eliminator", "ownerless" } },
	{ "movelimit", "Move limit", 4, { "0", "200", "400", "800" },
	    { "none", "200", "400", "800" } },
	{ "legal", "Show legal moves", 2, { "on", "off" }, { "on", "off" } },
	ROW_TIMER, ROW_RATED, ROW_PRIVATE,
	{ "rotate", "First seat rotates", 2, { "on", "off" }, { "on", "off" } },
};

#define NROWS(a) ((int)(sizeof (a) / sizeof (a)[0]))

int
table_form_rows(const char *variant, const struct table_form_row **rows)
{
	if (strcmp(variant, "gomoku") == 0) {
		*rows = table_form_gomoku;
		return NROWS(table_form_gomoku);
	}
	if (strcmp(variant, "freestyle") == 0 ||
	    strcmp(variant, "standard") == 0) {
		*rows = table_form_swap;
		return NROWS(table_form_swap);
	}
	if (strcmp(variant, "connect6") == 0) {
		*rows = table_form_connect6;
		return NROWS(table_form_connect6);
	}
	if (strcmp(variant, "yonin") == 0) {
		*rows = table_form_yonin;
		return NROWS(table_form_yonin);
	}
	*rows = table_form_plain;
	return NROWS(table_form_plain);
}

int
table_spec_default(struct table_spec *spec, const char *variant)
{
	memset(spec, 0, sizeof *spec);
	if (game_variant_find(variant) == NULL)
		return -1;
	snprintf(spec->variant, sizeof spec->variant, "%s", variant);
	spec->timer = 0;
	spec->rated = 1;
	spec->private_ = 0;
	spec->rotate = 1;
	spec->show_legal = 1;
	spec->cpu = 0;
	spec->cpu_level = 3;
	return 0;
}

int
table_spec_seats(const struct table_spec *spec)
{
	const struct variant	*v = game_variant_find(spec->variant);

	return v != NULL ? v->nsides : 0;
}

/* The names of every variant, for "unknown variant" messages. */
static void
table_spec_variants(char *buf, size_t len)
{
	size_t	 at = 0;

	buf[0] = '\0';
	for (int i = 0; game_variants[i] != NULL && at < len; i++) {
		int n = snprintf(buf + at, len - at, "%s%s", i > 0 ? ", " : "",
		    game_variants[i]->name);

		if (n < 0)
			break;
		at += (size_t)n;
	}
}

/* yes/on -> 1, no/off -> 0, else -1. */
static int
table_spec_bool(const char *v)
{
	if (strcasecmp(v, "yes") == 0 || strcasecmp(v, "on") == 0 ||
	    strcmp(v, "1") == 0)
		return 1;
	if (strcasecmp(v, "no") == 0 || strcasecmp(v, "off") == 0 ||
	    strcmp(v, "0") == 0)
		return 0;
	return -1;
}

/* A table key: 1 handled, 0 not a table key, -1 bad value (err set). */
static int
table_spec_own(struct table_spec *spec, const char *key, const char *val,
    char *err, size_t errlen)
{
	int	 b;

	if (strcmp(key, "timer") == 0) {
		if (strcasecmp(val, "none") == 0 || strcmp(val, "0") == 0 ||
		    strcasecmp(val, "off") == 0)
			spec->timer = 0;
		else if (strcmp(val, "30") == 0 || strcasecmp(val, "30s") == 0)
			spec->timer = 30;
		else if (strcmp(val, "60") == 0 || strcasecmp(val, "60s") == 0)
			spec->timer = 60;
		else {
			snprintf(err, errlen, "bad value for timer: %.40s "
			    "(none, 30 or 60)", val);
			return -1;
		}
		return 1;
	}
	if (strcmp(key, "cpu") == 0) {
		const struct variant *v = game_variant_find(spec->variant);
		char *end;
		long n = strtol(val, &end, 10);

		if (*val == '\0' || *end != '\0' || n < 0 || v == NULL ||
		    n >= v->nsides) {
			snprintf(err, errlen, "bad value for cpu: %.40s (0 to "
			    "%d: one seat at least is for a person)", val,
			    v != NULL ? v->nsides - 1 : 1);
			return -1;
		}
		spec->cpu = (int)n;
		return 1;
	}
	if (strcmp(key, "level") == 0) {
		if ((spec->cpu_level = cpu_level_parse(val)) < 0) {
			snprintf(err, errlen, "bad value for level: %.40s (1 to "
			    "5, or beginner, easy, medium, hard, master)", val);
			return -1;
		}
		return 1;
	}
	if (strcmp(key, "rated") != 0 && strcmp(key, "private") != 0 &&
	    strcmp(key, "rotate") != 0 && strcmp(key, "legal") != 0)
		return 0;
	if (strcmp(key, "legal") == 0 && strcmp(spec->variant, "yonin") != 0)
		return 0;	/* the engine's message: unknown option */
	if ((b = table_spec_bool(val)) < 0) {
		snprintf(err, errlen, "bad value for %s: %.40s (%s)", key, val,
		    strcmp(key, "rated") == 0 || strcmp(key, "private") == 0 ?
		    "yes or no" : "on or off");
		return -1;
	}
	if (strcmp(key, "rated") == 0)
		spec->rated = b;
	else if (strcmp(key, "private") == 0)
		spec->private_ = b;
	else if (strcmp(key, "rotate") == 0)
		spec->rotate = b;
	else
		spec->show_legal = b;
	return 1;
}

/* Keep an engine option, replacing an earlier one with the same key. */
static int
table_spec_engine(struct table_spec *spec, const char *word, size_t keylen,
    char *err, size_t errlen)
{
	int	 i;

	if (strlen(word) >= TABLE_OPT_LEN) {
		snprintf(err, errlen, "option too long: %.40s", word);
		return -1;
	}
	for (i = 0; i < spec->nopt; i++) {
		if (strncmp(spec->opt[i], word, keylen + 1) == 0)
			break;
	}
	if (i == spec->nopt) {
		if (spec->nopt == GAME_MAX_OPTIONS) {
			snprintf(err, errlen, "too many options");
			return -1;
		}
		spec->nopt++;
	}
	snprintf(spec->opt[i], sizeof spec->opt[i], "%s", word);
	return 0;
}

/* Let the engine judge the engine options by making a game. */
static int
table_spec_check(const struct table_spec *spec, char *err, size_t errlen)
{
	char		*opt[GAME_MAX_OPTIONS];
	struct game	*g;

	for (int i = 0; i < spec->nopt; i++)
		opt[i] = (char *)spec->opt[i];
	if ((g = game_new(spec->variant, spec->nopt, opt, err, errlen)) == NULL)
		return -1;
	game_free(g);
	return 0;
}

int
table_spec_parse(struct table_spec *spec, int argc, char *const argv[],
    char *err, size_t errlen)
{
	char	 variant[TABLE_VARIANT_LEN], names[128];
	size_t	 i;

	if (argc < 1 || argv[0][0] == '\0') {
		table_spec_variants(names, sizeof names);
		snprintf(err, errlen, "which variant? (%s)", names);
		return -1;
	}
	for (i = 0; argv[0][i] != '\0' && i < sizeof variant - 1; i++)
		variant[i] = (char)tolower((unsigned char)argv[0][i]);
	variant[i] = '\0';
	if (argv[0][i] != '\0' || table_spec_default(spec, variant) != 0) {
		table_spec_variants(names, sizeof names);
		snprintf(err, errlen, "unknown variant: %.40s (%s)", argv[0],
		    names);
		return -1;
	}
	for (int a = 1; a < argc; a++) {
		const char *word = argv[a], *eq = strchr(word, '=');
		char key[TABLE_OPT_LEN];
		int r;

		if (eq == NULL || eq == word || eq[1] == '\0') {
			snprintf(err, errlen, "bad option: %.40s (KEY=VALUE)",
			    word);
			return -1;
		}
		if ((size_t)(eq - word) >= sizeof key) {
			snprintf(err, errlen, "unknown option for %s: %.40s",
			    spec->variant, word);
			return -1;
		}
		memcpy(key, word, (size_t)(eq - word));
		key[eq - word] = '\0';
		if ((r = table_spec_own(spec, key, eq + 1, err, errlen)) < 0)
			return -1;
		if (r == 0 && table_spec_engine(spec, word,
		    (size_t)(eq - word), err, errlen) != 0)
			return -1;
	}
	return table_spec_check(spec, err, errlen);
}

int
table_spec_parse_line(struct table_spec *spec, const char *line, char *err,
    size_t errlen)
{
	char	*copy, *save = NULL, *w, *argv[GAME_MAX_OPTIONS + 8];
	int	 argc = 0, r;

	if ((copy = strdup(line != NULL ? line : "")) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (w = strtok_r(copy, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		if (argc == (int)(sizeof argv / sizeof argv[0])) {
			snprintf(err, errlen, "too many options");
			free(copy);
			return -1;
		}
		argv[argc++] = w;
	}
	r = table_spec_parse(spec, argc, argv, err, errlen);
	free(copy);
	return r;
}

int
table_spec_text(const struct table_spec *spec, char *buf, size_t len)
{
	char *opt[GAME_MAX_OPTIONS], err[GAME_ERR_LEN], eng[256] = "";
	struct game	*g;
	int		 n;

	for (int i = 0; i < spec->nopt; i++)
		opt[i] = (char *)spec->opt[i];
	g = game_new(spec->variant, spec->nopt, opt, err, sizeof err);
	if (g != NULL) {
		if (g->variant->options(g, eng, sizeof eng) < 0)
			eng[0] = '\0';
		game_free(g);
	}
	n = snprintf(buf, len, "%s%stimer=%s rated=%s private=%s rotate=%s%s",
	    eng, eng[0] != '\0' ? " " : "",
	    spec->timer == 0 ? "none" : spec->timer == 30 ? "30" : "60",
	    spec->rated ? "yes" : "no", spec->private_ ? "yes" : "no",
	    spec->rotate ? "on" : "off",
	    strcmp(spec->variant, "yonin") != 0 ? "" :
	    spec->show_legal ? " legal=on" : " legal=off");
	if (n >= 0 && (size_t)n < len && spec->cpu > 0)
		n += snprintf(buf + n, len - (size_t)n, " cpu=%d level=%d",
		    spec->cpu, spec->cpu_level);
	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* The value given for an engine key, or NULL (the default). */
static const char *
table_spec_value(const struct table_spec *spec, const char *key)
{
	size_t	 n = strlen(key);

	for (int i = 0; i < spec->nopt; i++) {
		if (strncmp(spec->opt[i], key, n) == 0 && spec->opt[i][n] == '=')
			return spec->opt[i] + n + 1;
	}
	return NULL;
}

void
table_spec_brief(const struct table_spec *spec, char *buf, size_t len)
{
	static const char *const keys[] = {
		"size", "overline", "restrict", "opening", "mode", "end",
		"transfer", "movelimit",
	};
	const char *dsize = strcmp(spec->variant, "connect6") == 0 ? "19" :
	    "15";
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const char *v = table_spec_value(spec, keys[i]);
		char word[48];

		if (v == NULL)
			continue;
		word[0] = '\0';
		if (i == 0 && strcmp(v, dsize) != 0)
			snprintf(word, sizeof word, "%sx%s", v, v);
		else if (i == 1 && strcmp(v, "off") == 0)
			snprintf(word, sizeof word, "no overline");
		else if (i == 2 && strcmp(v, "on") == 0)
			snprintf(word, sizeof word, "restricted");
		else if (i == 3 && strcmp(v, "free") != 0)
			snprintf(word, sizeof word, "%s", v);
		else if (i == 4 && strcmp(v, "individual") != 0)
			snprintf(word, sizeof word, "%s", v);
		else if (i == 5 && strcmp(v, "last") == 0)
			snprintf(word, sizeof word, "to the last");
		else if (i == 6 && strcmp(v, "ownerless") == 0)
			snprintf(word, sizeof word, "ownerless");
		else if (i == 7 && strcmp(v, "0") != 0)
			snprintf(word, sizeof word, "limit %s", v);
		if (word[0] == '\0' || at + strlen(word) + 2 > len)
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
		    at > 0 ? " " : "", word);
	}
}

const char *
table_variant_title(const char *variant)
{
	static const struct {
		const char	*name, *title;
	} titles[] = {
		{ "gomoku", "Gomoku" },
		{ "freestyle", "Freestyle gomoku" },
		{ "standard", "Standard gomoku" },
		{ "renju", "Renju" },
		{ "connect6", "Connect6" },
		{ "yonin", "Four-player shogi" },
	};

	for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
		if (strcmp(titles[i].name, variant) == 0)
			return titles[i].title;
	}
	return variant;
}
