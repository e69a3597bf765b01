/*
 * gtp.c - the protocol core of gamehall-engine (docs/gamehall-engine.6): line
 * framing, ids, the command tables, and the commands every variant
 * answers through the ops of engine/game.h.  Family commands live in
 * gtp-stone.c and gtp-yonin.c.
 */
#include <config.h> /* the build's, not src/base/config.h */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/gtp.h"

struct gtp {
	struct game *game;
	struct gtp_reply reply;  /* what the handler says */
	struct gtp_reply answer; /* the framed answer */
	unsigned long long perft_budget; /* positions, see gtp_perft() */
	struct gtp_cpu cpu;
};

/* The default game before any gh-variant: the hall's default. */
#define GTP_DEFAULT_VARIANT "gomoku"
#define GTP_MAX_ARGS 4096

static const struct gtp_family *const gtp_families[] = {
	&gtp_family_stone, &gtp_family_yonin, NULL,
};

static const struct gtp_command gtp_generic_commands[];

/* The tables of commands every variant answers, in list_commands order. */
static const struct gtp_command *const gtp_common_tables[] = {
	gtp_generic_commands, gtp_cpu_commands, NULL,
};

static int gtp_reply_vadd(struct gtp_reply *, const char *, va_list)
    __attribute__((format(printf, 2, 0)));

static int
gtp_reply_vadd(struct gtp_reply *r, const char *fmt, va_list ap)
{
	va_list	 aq;
	int	 n;

	for (;;) {
		size_t room = r->size - r->len;

		va_copy(aq, ap);
		n = vsnprintf(r->buf != NULL ? r->buf + r->len : NULL, room,
		    fmt, aq);
		va_end(aq);
		if (n < 0)
			return -1;
		if ((size_t)n < room) {
			r->len += (size_t)n;
			return 0;
		} else {
			size_t size = r->size * 2 + (size_t)n + 64;
			char *buf = realloc(r->buf, size);

			if (buf == NULL)
				return -1;
			r->buf = buf;
			r->size = size;
		}
	}
}

/* Make room for n more bytes. */
static int
gtp_reply_reserve(struct gtp_reply *r, size_t n)
{
	char	*buf;

	if (r->size - r->len >= n)
		return 0;
	if ((buf = realloc(r->buf, r->len + n + 64)) == NULL)
		return -1;
	r->buf = buf;
	r->size = r->len + n + 64;
	return 0;
}

int
gtp_printf(struct gtp_reply *r, const char *fmt, ...)
{
	va_list	 ap;
	int	 rc;

	va_start(ap, fmt);
	rc = gtp_reply_vadd(r, fmt, ap);
	va_end(ap);
	return rc;
}

int
gtp_fail(struct gtp_reply *r, const char *fmt, ...)
{
	va_list	 ap;

	r->len = 0;
	if (r->buf != NULL)
		r->buf[0] = '\0';
	va_start(ap, fmt);
	(void)gtp_reply_vadd(r, fmt, ap);
	va_end(ap);
	return -1;
}

struct gtp *
gtp_new(void)
{
	struct gtp	*gtp = calloc(1, sizeof *gtp);
	char		 err[GAME_ERR_LEN];

	if (gtp == NULL)
		return NULL;
	gtp->perft_budget = GTP_PERFT_BUDGET;
	gtp_cpu_init(&gtp->cpu);
	gtp->game = game_new(GTP_DEFAULT_VARIANT, 0, NULL, err, sizeof err);
	if (gtp->game == NULL) {
		free(gtp);
		return NULL;
	}
	return gtp;
}

void
gtp_free(struct gtp *gtp)
{
	if (gtp == NULL)
		return;
	game_free(gtp->game);
	gtp_cpu_free(&gtp->cpu);
	free(gtp->reply.buf);
	free(gtp->answer.buf);
	free(gtp);
}

struct game *
gtp_game(struct gtp *gtp)
{
	return gtp->game;
}

struct gtp_cpu *
gtp_cpu(struct gtp *gtp)
{
	return &gtp->cpu;
}

void
gtp_set_game(struct gtp *gtp, struct game *g)
{
	if (g == gtp->game)
		return;
	game_free(gtp->game);
	gtp->game = g;
}

void
gtp_set_perft_budget(struct gtp *gtp, unsigned long long positions)
{
	gtp->perft_budget = positions;
}

/* The family a variant belongs to, or NULL. */
static const struct gtp_family *
gtp_family_of(const struct variant *v)
{
	for (int i = 0; gtp_families[i] != NULL; i++) {
		const char *const *names = gtp_families[i]->variants;

		for (int j = 0; names[j] != NULL; j++) {
			if (strcmp(names[j], v->name) == 0)
				return gtp_families[i];
		}
	}
	return NULL;
}

/* Find a command anywhere; *family is set to its family (NULL: generic). */
static const struct gtp_command *
gtp_find(const char *name, const struct gtp_family **family)
{
	*family = NULL;
	for (int t = 0; gtp_common_tables[t] != NULL; t++) {
		const struct gtp_command *c = gtp_common_tables[t];

		for (int i = 0; c[i].name != NULL; i++) {
			if (strcmp(c[i].name, name) == 0)
				return &c[i];
		}
	}
	for (int i = 0; gtp_families[i] != NULL; i++) {
		const struct gtp_command *c = gtp_families[i]->commands;

		for (int j = 0; c[j].name != NULL; j++) {
			if (strcmp(c[j].name, name) == 0) {
				*family = gtp_families[i];
				return &c[j];
			}
		}
	}
	return NULL;
}

/*
 * Strings in "natural" order: runs of digits compare by value.  That is
 * the protocol's order for stone points (a2 before a10) and plain byte
 * order for shogi moves, whose numbers are single digits.
 */
static int
gtp_natural_cmp(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;

			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			if (ea - a != eb - b)
				return ea - a < eb - b ? -1 : 1;
			for (; a < ea; a++, b++) {
				if (*a != *b)
					return *a < *b ? -1 : 1;
			}
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a == *b ? 0 : *a == '\0' ? -1 : 1;
}

static int
gtp_natural_qsort(const void *a, const void *b)
{
	return gtp_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* Parse a whole non-negative decimal number up to max; -1 if it is not. */
long
gtp_number(const char *s, long max)
{
	char	*end;
	long	 v;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	return v;
}

/*
 * Text that a variant op writes into a fixed buffer: retry with more room
 * until it fits.  Returns a malloc'd string or NULL.
 */
static char *
gtp_text(const struct game *g,
    int (*fn)(const struct game *, char *, size_t))
{
	size_t	 size = 4096;

	for (;;) {
		char *buf = malloc(size);

		if (buf == NULL)
			return NULL;
		if (fn(g, buf, size) >= 0)
			return buf;
		free(buf);
		if (size >= (size_t)1 << 24)
			return NULL;
		size *= 4;
	}
}

static int
gtp_no_args(int argc, char **argv, struct gtp_reply *r)
{
	if (argc != 1)
		return gtp_fail(r, "%s takes no arguments", argv[0]);
	return 0;
}

static int
gtp_cmd_protocol_version(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	return gtp_printf(r, "2");
}

static int
gtp_cmd_name(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	return gtp_printf(r, "gamehall");
}

static int
gtp_cmd_version(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	return gtp_printf(r, "%s", PACKAGE_VERSION);
}

static int
gtp_cmd_known_command(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	const struct gtp_family	*f;

	if (argc != 2)
		return gtp_fail(r, "usage: known_command COMMAND");
	return gtp_printf(r, "%s", gtp_find(argv[1], &f) ? "true" : "false");
}

static int
gtp_cmd_list_commands(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	const char	*sep = "";

	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	for (int t = 0; gtp_common_tables[t] != NULL; t++) {
		const struct gtp_command *c = gtp_common_tables[t];

		for (int i = 0; c[i].name != NULL; i++) {
			gtp_printf(r, "%s%s", sep, c[i].name);
			sep = "\n";
		}
	}
	for (int i = 0; gtp_families[i] != NULL; i++) {
		const struct gtp_command *c = gtp_families[i]->commands;

		for (int j = 0; c[j].name != NULL; j++) {
			gtp_printf(r, "%s%s", sep, c[j].name);
			sep = "\n";
		}
	}
	return 0;
}

/* quit itself is handled in gtp_feed(), which must know to stop. */
static int
gtp_cmd_quit(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	return gtp_no_args(argc, argv, r);
}

static int
gtp_cmd_clear_board(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	gtp->game->variant->reset(gtp->game);
	return 0;
}

static int
gtp_cmd_play(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char	 err[GAME_ERR_LEN];

	if (argc != 3)
		return gtp_fail(r, "usage: play COLOR MOVE");
	if (game_play_text(gtp->game, argv[1], argv[2], err, sizeof err) != 0)
		return gtp_fail(r, "%s", err);
	return 0;
}

static int
gtp_cmd_undo(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	if (gtp->game->variant->undo(gtp->game) != 0)
		return gtp_fail(r, "cannot undo: nothing has been played");
	return 0;
}

static int
gtp_cmd_showboard(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	char	*text;

	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	if ((text = gtp_text(gtp->game, gtp->game->variant->show)) == NULL)
		return gtp_fail(r, "out of memory");
	/* The picture starts on a line of its own, as in other GTP engines. */
	gtp_printf(r, "\n%s", text);
	free(text);
	return 0;
}

static int
gtp_cmd_variant(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char		 err[GAME_ERR_LEN];
	struct game	*g;

	if (argc < 2)
		return gtp_fail(r, "usage: gh-variant NAME [KEY=VALUE]...");
	if ((g = game_new(argv[1], argc - 2, argv + 2, err, sizeof err)) ==
	    NULL)
		return gtp_fail(r, "%s", err);
	gtp_set_game(gtp, g);
	return 0;
}

/* On a copy, so that a refused set-up leaves the game as it was whatever
 * the variant does. */
static int
gtp_cmd_setup(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char		 err[GAME_ERR_LEN];
	struct game	*g = game_copy(gtp->game);

	if (g == NULL)
		return gtp_fail(r, "out of memory");
	if (game_setup(g, argc - 1, argv + 1, err, sizeof err) != 0) {
		game_free(g);
		return gtp_fail(r, "%s", err);
	}
	gtp_set_game(gtp, g);
	return 0;
}

static int
gtp_cmd_status(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char	*text;

	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	if ((text = gtp_text(gtp->game, gtp->game->variant->status_text)) ==
	    NULL)
		return gtp_fail(r, "out of memory");
	gtp_printf(r, "%s", text);
	free(text);
	return 0;
}

/* Every legal move; returns how many (*out malloc'd), or -1. */
static int
gtp_legal_moves(struct game *g, struct move **out)
{
	struct move	*moves = NULL;
	int		 n, room = 1024;

	for (;;) {
		struct move *m = realloc(moves, (size_t)room * sizeof *m);

		if (m == NULL) {
			free(moves);
			return -1;
		}
		moves = m;
		/* A count, never negative: 0 when the game is over. */
		if ((n = g->variant->legal(g, moves, room)) < 0)
			n = 0;
		if (n <= room)
			break;
		room = n;
	}
	*out = moves;
	return n;
}

static int
gtp_cmd_legal(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	struct game		*g = gtp->game;
	const struct gtp_family	*family = gtp_family_of(g->variant);
	struct move		*moves;
	char			**texts, err[GAME_ERR_LEN];
	int			 n;

	if (argc > 2)
		return gtp_fail(r, "usage: gh-legal [FROM]");
	if (argc == 2 && (family == NULL || family->legal_from == NULL))
		return gtp_fail(r, "gh-legal %.40s: %s takes no FROM", argv[1],
		    g->variant->name);
	if ((n = gtp_legal_moves(g, &moves)) < 0)
		return gtp_fail(r, "out of memory");
	if (argc == 2 && (n = family->legal_from(g, argv[1], moves, n, err,
	    sizeof err)) < 0) {
		free(moves);
		return gtp_fail(r, "gh-legal %.40s: %s", argv[1], err);
	}
	if ((texts = calloc((size_t)n + 1, sizeof *texts)) == NULL) {
		free(moves);
		return gtp_fail(r, "out of memory");
	}
	for (int i = 0; i < n; i++) {
		char buf[32];

		g->variant->move_format(g, &moves[i], buf, sizeof buf);
		if ((texts[i] = strdup(buf)) == NULL) {
			for (int j = 0; j < i; j++)
				free(texts[j]);
			free(texts);
			free(moves);
			return gtp_fail(r, "out of memory");
		}
	}
	free(moves);
	qsort(texts, (size_t)n, sizeof *texts, gtp_natural_qsort);
	for (int i = 0; i < n; i++) {
		gtp_printf(r, "%s%s", i > 0 ? " " : "", texts[i]);
		free(texts[i]);
	}
	free(texts);
	return 0;
}

static int
gtp_cmd_board(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	char	*text;

	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	if ((text = gtp_text(gtp->game, gtp->game->variant->board)) == NULL)
		return gtp_fail(r, "out of memory");
	gtp_printf(r, "%s", text);
	free(text);
	return 0;
}

static int
gtp_cmd_perft(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	unsigned long long	 count;
	long			 depth;

	if (argc != 2)
		return gtp_fail(r, "usage: gh-perft DEPTH");
	if ((depth = gtp_number(argv[1], 64)) < 0)
		return gtp_fail(r, "bad depth: %s (0 to 64)", argv[1]);
	switch (gtp_perft(gtp->game, (int)depth, gtp->perft_budget, &count)) {
	case 0:
		return gtp_printf(r, "%llu", count);
	case -1:
		return gtp_fail(r, "gh-perft %ld: more than %llu positions to "
		    "walk, the budget of one answer", depth, gtp->perft_budget);
	default:
		return gtp_fail(r, "out of memory");
	}
}

static int
gtp_cmd_record(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	size_t	 size = 4096;

	if (gtp_no_args(argc, argv, r) != 0)
		return -1;
	for (;;) {
		char *buf = malloc(size);

		if (buf == NULL)
			return gtp_fail(r, "out of memory");
		if (game_record(gtp->game, buf, size) >= 0) {
			gtp_printf(r, "%s", buf);
			free(buf);
			return 0;
		}
		free(buf);
		if (size >= (size_t)1 << 24)
			return gtp_fail(r, "record too long");
		size *= 4;
	}
}

static const struct gtp_command gtp_generic_commands[] = {
	{ "protocol_version", gtp_cmd_protocol_version },
	{ "name", gtp_cmd_name },
	{ "version", gtp_cmd_version },
	{ "known_command", gtp_cmd_known_command },
	{ "list_commands", gtp_cmd_list_commands },
	{ "quit", gtp_cmd_quit },
	{ "clear_board", gtp_cmd_clear_board },
	{ "play", gtp_cmd_play },
	{ "undo", gtp_cmd_undo },
	{ "showboard", gtp_cmd_showboard },
	{ "gh-variant", gtp_cmd_variant },
	{ "gh-setup", gtp_cmd_setup },
	{ "gh-status", gtp_cmd_status },
	{ "gh-legal", gtp_cmd_legal },
	{ "gh-board", gtp_cmd_board },
	{ "gh-perft", gtp_cmd_perft },
	{ "gh-record", gtp_cmd_record },
	{ "gh-load", gtp_load },
	{ NULL, NULL }
};

/*
 * GTP's preprocessing: control characters other than tab go, tabs become
 * spaces, a '#' starts a comment.  Works in place.
 */
static void
gtp_clean(char *line)
{
	char	*out = line;

	for (char *in = line; *in != '\0' && *in != '#'; in++) {
		unsigned char c = (unsigned char)*in;

		if (c == '\t')
			*out++ = ' ';
		else if (c >= 32 && c != 127)
			*out++ = (char)c;
	}
	*out = '\0';
}

/* Frame the reply: "=ID TEXT\n\n", never with an empty line inside. */
static const char *
gtp_frame(struct gtp *gtp, int ok, const char *id)
{
	struct gtp_reply	*a = &gtp->answer;
	const char *text = gtp->reply.len > 0 ? gtp->reply.buf : "";

	a->len = 0;
	gtp_printf(a, "%c%s%s", ok ? '=' : '?', id,
	    text[0] != '\0' && text[0] != '\n' ? " " : "");
	/* Copy the text without the newlines that would end the answer
	 * early. */
	if (gtp_reply_reserve(a, gtp->reply.len + 3) == 0) {
		for (const char *t = text; *t != '\0'; t++) {
			if (*t == '\n' && (t[1] == '\n' || t[1] == '\0'))
				continue;
			a->buf[a->len++] = *t;
		}
		a->buf[a->len] = '\0';
	}
	gtp_printf(a, "\n\n");
	return a->buf != NULL ? a->buf : "?\n\n";
}

const char *
gtp_feed(struct gtp *gtp, const char *input, int *quit)
{
	const struct gtp_command	*cmd;
	const struct gtp_family		*family;
	char				*line, *save = NULL, *id = "", *t;
	char				**words, **argv;
	int				 argc = 0, ok;
	size_t				 len = strlen(input);

	gtp->reply.len = 0;
	if (gtp->reply.buf != NULL)
		gtp->reply.buf[0] = '\0';
	if (len > GTP_LINE_MAX) {
		gtp_fail(&gtp->reply, "line too long (more than %d bytes)",
		    GTP_LINE_MAX);
		return gtp_frame(gtp, 0, "");
	}
	if ((line = strdup(input)) == NULL ||
	    (words = calloc(GTP_MAX_ARGS + 1, sizeof *words)) == NULL) {
		free(line);
		gtp_fail(&gtp->reply, "out of memory");
		return gtp_frame(gtp, 0, "");
	}
	gtp_clean(line);
	argv = words;
	for (t = strtok_r(line, " ", &save); t != NULL;
	    t = strtok_r(NULL, " ", &save)) {
		if (argc == GTP_MAX_ARGS) {
			argc = -1;
			break;
		}
		argv[argc++] = t;
	}
	if (argc == 0) {
		free(words);
		free(line);
		return "";
	}
	if (argc > 0 && isdigit((unsigned char)argv[0][0])) {
		/* A numeric id, echoed in the answer. */
		int digits = 1;

		for (const char *c = argv[0]; *c != '\0'; c++)
			digits &= isdigit((unsigned char)*c) != 0;
		if (digits && strlen(argv[0]) <= 18) {
			id = argv[0];
			argv++;
			argc--;
		}
	}
	if (argc < 0)
		ok = gtp_fail(&gtp->reply, "too many words (more than %d)",
		    GTP_MAX_ARGS) == 0;
	else if (argc == 0)
		ok = gtp_fail(&gtp->reply, "no command after the id") == 0;
	else if ((cmd = gtp_find(argv[0], &family)) == NULL)
		ok = gtp_fail(&gtp->reply, "unknown command") == 0;
	else if (family != NULL &&
	    gtp_family_of(gtp->game->variant) != family)
		ok = gtp_fail(&gtp->reply, "%s: not a command of %s", argv[0],
		    gtp->game->variant->name) == 0;
	else {
		ok = cmd->fn(gtp, argc, argv, &gtp->reply) == 0;
		if (ok && strcmp(argv[0], "quit") == 0)
			*quit = 1;
	}
	t = (char *)gtp_frame(gtp, ok, id);
	free(words);
	free(line);
	return t;
}
