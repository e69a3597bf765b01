/*
 * gomocup.c - the Gomocup (piskvork) AI protocol's commands: the board as
 * the manager sees it, the rules and limits it announces, and the move
 * asked for, built into a position of our variants for cpu_think().
 *
 * The manager's board is kept as it is (ours, theirs) rather than as a
 * game: managers send positions that our opening rules would not reach
 * move by move (BOARD in any order, a renju game whose first stone is off
 * the centre), and gh-setup places stones as they are.  So every move is
 * thought on a fresh set-up of the whole board.
 */
#include <config.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/stone.h"
#include "cli/gomocup.h"

#define GOMOCUP_DEFAULT_TURN_MS 5000
/* What the answer costs on its way to the manager, kept off every move. */
#define GOMOCUP_MARGIN_MS 30
#define GOMOCUP_FAST_MS 50 /* timeout_turn 0: "as fast as possible" */

enum gomocup_cell {
	GOMOCUP_EMPTY,
	GOMOCUP_OURS,
	GOMOCUP_THEIRS,
};

/* Gomocup's rule bits. */
#define GOMOCUP_RULE_EXACT 1
#define GOMOCUP_RULE_CONTINUOUS 2
#define GOMOCUP_RULE_RENJU 4
#define GOMOCUP_RULE_CARO 8

struct gomocup_board {
	uint8_t cell[STONE_MAX_POINTS];
	int16_t order[STONE_MAX_POINTS]; /* the stones, as they came */
	int n;
};

struct gomocup {
	int level;
	int size;              /* 0 until START */
	int rule;              /* GOMOCUP_RULE_EXACT or _RENJU or 0 */
	struct gomocup_board board;

	/* Between BOARD (or SWAP2BOARD) and DONE. */
	int reading;
	int reading_swap2;
	struct gomocup_board incoming;
	char incoming_err[160];
	int swap2_asked;        /* the job is SWAP2BOARD's, on incoming */

	long timeout_turn;     /* ms; 0: as fast as possible */
	long timeout_match;    /* ms; 0: none */
	long time_left;        /* ms; -1: not told */
	long long max_memory;  /* bytes; 0: none */
	struct cpu_tt *tt;
	size_t tt_bytes;
	uint64_t seed;

	char out[256];
};

struct gomocup *
gomocup_new(int level)
{
	struct gomocup	*gc = calloc(1, sizeof *gc);

	if (gc == NULL)
		return NULL;
	gc->level = level;
	gc->timeout_turn = GOMOCUP_DEFAULT_TURN_MS;
	gc->time_left = -1;
	gc->seed = 1;
	return gc;
}

void
gomocup_free(struct gomocup *gc)
{
	if (gc == NULL)
		return;
	cpu_tt_free(gc->tt);
	free(gc);
}

static const char *
gomocup_say(struct gomocup *gc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static const char *
gomocup_say(struct gomocup *gc, const char *fmt, ...)
{
	va_list	 ap;
	size_t	 n;

	va_start(ap, fmt);
	vsnprintf(gc->out, sizeof gc->out - 1, fmt, ap);
	va_end(ap);
	n = strlen(gc->out);
	gc->out[n] = '\n';
	gc->out[n + 1] = '\0';
	return gc->out;
}

/* A whole decimal number 0..max, skipping blanks around it; -1 if not. */
static long long
gomocup_number(const char *s, const char **end, long long max)
{
	long	 long v = 0;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		v = v * 10 + (*s - '0');
		if (v > max)
			return -1;
	}
	while (*s == ' ')
		s++;
	*end = s;
	return v;
}

/* "X,Y" and, with field != NULL, "X,Y,F"; the point, or -1. */
static int
gomocup_point_fields(int size, const char *text, int *field)
{
	const char	*t;
	long		 long x, y, f;

	if (size <= 0 || (x = gomocup_number(text, &t, 9999)) < 0 || *t != ',' ||
	    (y = gomocup_number(t + 1, &t, 9999)) < 0)
		return -1;
	if (field != NULL) {
		if (*t != ',' || (f = gomocup_number(t + 1, &t, 9)) < 0)
			return -1;
		*field = (int)f;
	}
	if (*t != '\0' || x >= size || y >= size)
		return -1;
	return (int)x * size + (size - 1 - (int)y);
}

int
gomocup_point_parse(int size, const char *text)
{
	return gomocup_point_fields(size, text, NULL);
}

void
gomocup_point_format(int size, int point, char *buf, size_t len)
{
	snprintf(buf, len, "%d,%d", point / size, size - 1 - point % size);
}

static void
gomocup_board_put(struct gomocup_board *b, int p, int who)
{
	b->cell[p] = (uint8_t)who;
	b->order[b->n++] = (int16_t)p;
}

static void
gomocup_board_take(struct gomocup_board *b, int p)
{
	int	 i;

	b->cell[p] = GOMOCUP_EMPTY;
	for (i = 0; i < b->n && b->order[i] != p; i++)
		;
	if (i < b->n) {
		memmove(&b->order[i], &b->order[i + 1],
		    (size_t)(b->n - i - 1) * sizeof b->order[0]);
		b->n--;
	}
}

/*
 * Our variant for the manager's rule and size: freestyle, standard (exact
 * five) and renju on 15x15; gomoku's size=19 with overline on or off on
 * 19x19, which are freestyle and exact five there.  NULL when we do not
 * play it, with why in err.
 */
struct game *
gomocup_game_new(int size, int rule, char *err, size_t errlen)
{
	char	*opt[2] = { "size=19", NULL };

	rule &= ~GOMOCUP_RULE_CONTINUOUS;
	if (size == 15) {
		return game_new(rule == GOMOCUP_RULE_RENJU ? "renju" :
		    rule == GOMOCUP_RULE_EXACT ? "standard" : "freestyle", 0,
		    NULL, err, errlen);
	}
	if (size == 19 && rule != GOMOCUP_RULE_RENJU) {
		opt[1] = rule == GOMOCUP_RULE_EXACT ? "overline=off" :
		    "overline=on";
		return game_new("gomoku", 2, opt, err, errlen);
	}
	snprintf(err, errlen, "%s on %dx%d is not played here (15x15 or "
	    "19x19; renju 15x15 only)", rule == GOMOCUP_RULE_RENJU ? "renju" :
	    "five in a row", size, size);
	return NULL;
}

static int
gomocup_supported(int size, int rule, char *err, size_t errlen)
{
	struct game	*g = gomocup_game_new(size, rule, err, errlen);

	game_free(g);
	return g != NULL ? 0 : -1;
}

/* Time for this move: the turn's limit, or a share of what is left of the
 * match if that is less, minus the way back. */
static int
gomocup_budget(const struct gomocup *gc)
{
	long	 ms = gc->timeout_turn > 0 ? gc->timeout_turn : GOMOCUP_FAST_MS;

	if (gc->timeout_match > 0 && gc->time_left >= 0) {
		/* Moves still to come for us: a game seldom fills the board,
		 * so plan for a quarter of the empty points. */
		long left = (gc->size * gc->size - gc->board.n) / 4;

		if (left < 10)
			left = 10;
		if (gc->time_left / left < ms)
			ms = gc->time_left / left;
	}
	ms -= ms / 10 + GOMOCUP_MARGIN_MS;
	return ms < 5 ? 5 : (int)ms;
}

static size_t
gomocup_tt_wanted(const struct gomocup *gc)
{
	size_t	 bytes = CPU_DEFAULT_TT_BYTES;

	/* Half the allowance for the table, the rest for everything else. */
	if (gc->max_memory > 0 && (unsigned long long)gc->max_memory / 2 < bytes)
		bytes = (size_t)(gc->max_memory / 2);
	return bytes < (64u << 10) ? (64u << 10) : bytes;
}

/* The limits of a search of ours on a board of n stones. */
static void
gomocup_limits(struct gomocup *gc, struct cpu_limits *lim, int n)
{
	if (gc->tt != NULL && cpu_tt_bytes(gc->tt) != gomocup_tt_wanted(gc)) {
		cpu_tt_free(gc->tt);
		gc->tt = NULL;
	}
	if (gc->tt == NULL)
		gc->tt = cpu_tt_new(gomocup_tt_wanted(gc));
	cpu_limits_default(lim, gc->level);
	lim->time_ms = gomocup_budget(gc);
	lim->seed = gc->seed + (uint64_t)n * 0x9E3779B97F4A7C15ULL;
	lim->tt = gc->tt;
	lim->tt_bytes = gomocup_tt_wanted(gc);
}

static struct game *
gomocup_position(struct gomocup *gc)
{
	const struct gomocup_board	*b = &gc->board;
	char				 err[GAME_ERR_LEN], (*text)[16];
	char				**tok;
	struct game			*g;
	struct game_status		 st;
	int				 count[3] = { 0 }, ours, ntok = 0;

	if ((g = gomocup_game_new(gc->size, gc->rule, err, sizeof err)) ==
	    NULL)
		return NULL;
	for (int i = 0; i < b->n; i++)
		count[b->cell[b->order[i]]]++;
	/* Black moved first: we are White when they have the extra stone. */
	ours = count[GOMOCUP_THEIRS] > count[GOMOCUP_OURS];
	text = calloc((size_t)b->n + 1, sizeof *text);
	tok = calloc((size_t)b->n + 1, sizeof *tok);
	if (text == NULL || tok == NULL)
		goto fail;
	for (int i = 0; i < b->n; i++) {
		int p = b->order[i], who = b->cell[p] == GOMOCUP_OURS ? ours :
		    1 - ours;

		stone_point_format(gc->size, p, text[ntok]);
		strcat(text[ntok], who == 0 ? ":black" : ":white");
		tok[ntok] = text[ntok];
		ntok++;
	}
	snprintf(text[ntok], sizeof text[ntok], "tomove:%s",
	    ours == 0 ? "black" : "white");
	tok[ntok] = text[ntok];
	ntok++;
	if (game_setup(g, ntok, tok, err, sizeof err) != 0)
		goto fail;
	g->variant->status(g, &st);
	if (st.phase != GAME_PLAYING || st.to_move != ours)
		goto fail;
	free(text);
	free(tok);
	return g;
fail:
	free(text);
	free(tok);
	game_free(g);
	return NULL;
}

/* The empty point nearest the centre, or -1 on a full board. */
static int
gomocup_nearest_empty(const struct gomocup *gc)
{
	int	 best = -1, bestd = 0, c = gc->size / 2;

	for (int p = 0; p < gc->size * gc->size; p++) {
		int dx = p / gc->size - c, dy = p % gc->size - c;
		int d = dx * dx + dy * dy;

		if (gc->board.cell[p] == GOMOCUP_EMPTY && (best < 0 || d < bestd)) {
			best = p;
			bestd = d;
		}
	}
	return best;
}

static const char *
gomocup_move_answer(struct gomocup *gc, const struct cpu_result *res)
{
	char	 text[24];
	int	 p = -1;

	if (res != NULL && !res->is_choice && res->nmoves >= 1) {
		p = res->move[0].to;
		if (p < 0 || p >= gc->size * gc->size ||
		    gc->board.cell[p] != GOMOCUP_EMPTY)
			p = -1;
	}
	if (p < 0 && (p = gomocup_nearest_empty(gc)) < 0)
		return gomocup_say(gc, "ERROR the board is full");
	gomocup_board_put(&gc->board, p, GOMOCUP_OURS);
	gomocup_point_format(gc->size, p, text, sizeof text);
	return gomocup_say(gc, "%s", text);
}

void
gomocup_job_prepare(struct gomocup *gc, struct gomocup_job *job)
{
	memset(job, 0, sizeof *job);
	job->rc = -1;
	if (gc->swap2_asked) {
		job->swap2 = 1;
		job->game = gomocup_swap2_position(gc->size, gc->rule,
		    gc->incoming.order, gc->incoming.n, job->text,
		    sizeof job->text);
		gomocup_limits(gc, &job->lim, gc->incoming.n);
		/* Up to three searches share the turn. */
		job->lim.time_ms = job->lim.time_ms / 3 > 5 ?
		    job->lim.time_ms / 3 : 5;
		return;
	}
	job->game = gomocup_position(gc);
	gomocup_limits(gc, &job->lim, gc->board.n);
}

void
gomocup_job_run(struct gomocup_job *job, struct cpu_stop *stop)
{
	char	 err[GAME_ERR_LEN];

	if (job->game == NULL)
		return;
	if (job->swap2) {
		gomocup_swap2_run(job->game, &job->lim, stop, job->text,
		    sizeof job->text);
		job->rc = 0;
		return;
	}
	job->rc = cpu_think(job->game, &job->lim, stop, &job->res, err,
	    sizeof err);
}

const char *
gomocup_job_answer(struct gomocup *gc, struct gomocup_job *job)
{
	const char	*out;

	if (job->swap2) {
		gc->swap2_asked = 0;
		out = gomocup_say(gc, "%s%s", job->game == NULL ||
		    job->text[0] == '\0' ? "ERROR SWAP2BOARD: " : "",
		    job->text[0] != '\0' ? job->text : "no answer");
	} else
		out = gomocup_move_answer(gc, job->rc == 0 ? &job->res : NULL);
	game_free(job->game);
	job->game = NULL;
	return out;
}

const char *
gomocup_think(struct gomocup *gc, struct cpu_stop *stop)
{
	struct gomocup_job	 job;

	gomocup_job_prepare(gc, &job);
	gomocup_job_run(&job, stop);
	return gomocup_job_answer(gc, &job);
}

static const char *
gomocup_start(struct gomocup *gc, int size)
{
	char	 err[GAME_ERR_LEN];

	if (gomocup_supported(size, gc->rule, err, sizeof err) != 0)
		return gomocup_say(gc, "ERROR %s", err);
	gc->size = size;
	memset(&gc->board, 0, sizeof gc->board);
	if (gc->tt != NULL)
		cpu_tt_clear(gc->tt);
	return gomocup_say(gc, "OK");
}

static const char *
gomocup_info(struct gomocup *gc, const char *args)
{
	char		 key[32], err[GAME_ERR_LEN];
	const char	*t;
	long		 long v;
	int		 n = 0, rule;

	while (*args == ' ')
		args++;
	while (args[n] != '\0' && args[n] != ' ' && n < (int)sizeof key - 1) {
		key[n] = (char)tolower((unsigned char)args[n]);
		n++;
	}
	key[n] = '\0';
	args += n;
	/* Keys we have no use for (folder, game_type, evaluate, ...). */
	if (strcmp(key, "timeout_turn") != 0 &&
	    strcmp(key, "timeout_match") != 0 &&
	    strcmp(key, "time_left") != 0 && strcmp(key, "max_memory") != 0 &&
	    strcmp(key, "rule") != 0)
		return "";
	while (*args == ' ')
		args++;
	/* The manager reads nothing while it sends INFO, so a complaint
	 * waits in the pipe until the next answer: only MESSAGE, which
	 * any manager passes over, may go there.  time_left runs below
	 * zero once our time is up. */
	if (strcmp(key, "time_left") == 0 && args[0] == '-' &&
	    gomocup_number(args + 1, &t, (long long)1 << 50) >= 0 &&
	    *t == '\0') {
		gc->time_left = 0;
		return "";
	}
	if ((v = gomocup_number(args, &t, (long long)1 << 50)) < 0 ||
	    *t != '\0')
		return gomocup_say(gc, "MESSAGE INFO %s needs a whole number, "
		    "not '%.40s'", key, args);
	if (strcmp(key, "timeout_turn") == 0)
		gc->timeout_turn = v > 1L << 30 ? 1L << 30 : (long)v;
	else if (strcmp(key, "timeout_match") == 0)
		gc->timeout_match = v > 1L << 30 ? 1L << 30 : (long)v;
	else if (strcmp(key, "time_left") == 0)
		gc->time_left = v > 1L << 30 ? 1L << 30 : (long)v;
	else if (strcmp(key, "max_memory") == 0)
		gc->max_memory = v;
	else {
		if (v & GOMOCUP_RULE_CARO)
			return gomocup_say(gc, "MESSAGE rule %lld: caro is not "
			    "played here; keeping the rule before", v);
		/* A continuous game is the manager's business. */
		rule = (int)(v & ~(long long)GOMOCUP_RULE_CONTINUOUS);
		if (rule != 0 && rule != GOMOCUP_RULE_EXACT &&
		    rule != GOMOCUP_RULE_RENJU)
			return gomocup_say(gc, "MESSAGE rule %lld is not "
			    "played here (0, 1 or 4); keeping the rule before",
			    v);
		if (gc->size != 0 &&
		    gomocup_supported(gc->size, rule, err, sizeof err) != 0)
			return gomocup_say(gc, "MESSAGE rule %lld: %s; keeping "
			    "the rule before", v, err);
		gc->rule = rule;
	}
	return "";
}

/* One line between BOARD and DONE. */
static const char *
gomocup_board_line(struct gomocup *gc, const char *line, int *action)
{
	struct gomocup_board	*in = &gc->incoming;
	int			 p, field;

	if (strcasecmp(line, "DONE") == 0) {
		gc->reading = 0;
		if (gc->incoming_err[0] != '\0')
			return gomocup_say(gc, "ERROR %s: %s", gc->reading_swap2 ?
			    "SWAP2BOARD" : "BOARD", gc->incoming_err);
		if (gc->reading_swap2) {
			if (in->n != 0 && in->n != 3 && in->n != 5)
				return gomocup_say(gc, "ERROR SWAP2BOARD: %d "
				    "stones (0, 3 or 5)", in->n);
			gc->swap2_asked = 1;
		} else
			gc->board = *in;
		*action = GOMOCUP_THINK;
		return "";
	}
	if (gc->incoming_err[0] != '\0')
		return "";
	/* SWAP2BOARD's stones are bare points, black and white in turn. */
	if (gc->reading_swap2) {
		field = in->n % 2 == 0 ? GOMOCUP_THEIRS : GOMOCUP_OURS;
		p = gomocup_point_parse(gc->size, line);
	} else
		p = gomocup_point_fields(gc->size, line, &field);
	if (p < 0)
		snprintf(gc->incoming_err, sizeof gc->incoming_err,
		    "not %s on the board: %.40s", gc->reading_swap2 ? "X,Y" :
		    "X,Y,F", line);
	else if (field != GOMOCUP_OURS && field != GOMOCUP_THEIRS)
		snprintf(gc->incoming_err, sizeof gc->incoming_err,
		    "%.40s: only 1 (ours) and 2 (theirs) are understood; 3 "
		    "(continuous game) is not", line);
	else if (in->cell[p] != GOMOCUP_EMPTY)
		snprintf(gc->incoming_err, sizeof gc->incoming_err,
		    "%.40s is given twice", line);
	else
		gomocup_board_put(in, p, field);
	return "";
}

/* TURN, PLAY and TAKEBACK name a point. */
static int
gomocup_arg_point(struct gomocup *gc, const char *cmd, const char *args,
    const char **why)
{
	int	 p;

	if (gc->size == 0) {
		*why = gomocup_say(gc, "ERROR %s before START", cmd);
		return -1;
	}
	if ((p = gomocup_point_parse(gc->size, args)) < 0) {
		*why = gomocup_say(gc, "ERROR %s needs X,Y on the %dx%d board, "
		    "not '%.40s'", cmd, gc->size, gc->size, args);
		return -1;
	}
	return p;
}

const char *
gomocup_feed(struct gomocup *gc, const char *input, int *action)
{
	char		 line[512], cmd[16];
	const char	*args, *why = "";
	size_t		 len = strcspn(input, "\r\n");
	long		 long n;
	int		 p, c = 0;

	*action = GOMOCUP_NONE;
	if (len >= sizeof line)
		return gomocup_say(gc, "ERROR line too long");
	memcpy(line, input, len);
	line[len] = '\0';
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = '\0';
	args = line;
	while (*args == ' ' || *args == '\t')
		args++;
	if (*args == '\0')
		return "";
	if (gc->reading) {
		/* A manager that gives up on a game says END anywhere. */
		if (strcasecmp(args, "END") == 0) {
			*action = GOMOCUP_QUIT;
			return "";
		}
		return gomocup_board_line(gc, args, action);
	}
	while (isalnum((unsigned char)*args) || *args == '_') {
		if (c < (int)sizeof cmd - 1)
			cmd[c++] = (char)toupper((unsigned char)*args);
		args++;
	}
	cmd[c] = '\0';
	while (*args == ' ')
		args++;

	if (strcmp(cmd, "END") == 0) {
		*action = GOMOCUP_QUIT;
		return "";
	}
	if (strcmp(cmd, "START") == 0) {
		const char *t;

		if ((n = gomocup_number(args, &t, 9999)) < 0 || *t != '\0')
			return gomocup_say(gc, "ERROR START needs a board size");
		return gomocup_start(gc, (int)n);
	}
	if (strcmp(cmd, "RECTSTART") == 0) {
		const char *t;
		long long h;

		if ((n = gomocup_number(args, &t, 9999)) < 0 || *t != ',' ||
		    (h = gomocup_number(t + 1, &t, 9999)) < 0 || *t != '\0')
			return gomocup_say(gc, "ERROR RECTSTART needs W,H");
		if (n != h)
			return gomocup_say(gc, "ERROR rectangular boards are "
			    "not played here (%lldx%lld)", n, h);
		return gomocup_start(gc, (int)n);
	}
	if (strcmp(cmd, "INFO") == 0)
		return gomocup_info(gc, args);
	if (strcmp(cmd, "ABOUT") == 0)
		return gomocup_say(gc, "name=\"gamehall\", version=\"%s\", "
		    "author=\"the gamehall authors\", country=\"-\"",
		    PACKAGE_VERSION);
	if (strcmp(cmd, "RESTART") == 0) {
		if (gc->size == 0)
			return gomocup_say(gc, "ERROR RESTART before START");
		memset(&gc->board, 0, sizeof gc->board);
		return gomocup_say(gc, "OK");
	}
	if (strcmp(cmd, "BOARD") == 0 || strcmp(cmd, "SWAP2BOARD") == 0) {
		if (gc->size == 0)
			return gomocup_say(gc, "ERROR %s before START", cmd);
		gc->reading = 1;
		gc->reading_swap2 = cmd[0] == 'S';
		memset(&gc->incoming, 0, sizeof gc->incoming);
		gc->incoming_err[0] = '\0';
		return "";
	}
	if (strcmp(cmd, "BEGIN") == 0) {
		if (gc->size == 0)
			return gomocup_say(gc, "ERROR BEGIN before START");
		*action = GOMOCUP_THINK;
		return "";
	}
	if (strcmp(cmd, "TURN") == 0 || strcmp(cmd, "PLAY") == 0) {
		if ((p = gomocup_arg_point(gc, cmd, args, &why)) < 0)
			return why;
		if (gc->board.cell[p] != GOMOCUP_EMPTY)
			return gomocup_say(gc, "ERROR %s %s: the point is "
			    "taken", cmd, args);
		if (cmd[0] == 'P') {
			/* The manager places our stone for us: echo it. */
			char text[24];

			gomocup_board_put(&gc->board, p, GOMOCUP_OURS);
			gomocup_point_format(gc->size, p, text, sizeof text);
			return gomocup_say(gc, "%s", text);
		}
		gomocup_board_put(&gc->board, p, GOMOCUP_THEIRS);
		*action = GOMOCUP_THINK;
		return "";
	}
	if (strcmp(cmd, "TAKEBACK") == 0) {
		if ((p = gomocup_arg_point(gc, cmd, args, &why)) < 0)
			return why;
		if (gc->board.cell[p] == GOMOCUP_EMPTY)
			return gomocup_say(gc, "ERROR TAKEBACK %s: no stone there",
			    args);
		gomocup_board_take(&gc->board, p);
		return gomocup_say(gc, "OK");
	}
	return gomocup_say(gc, "UNKNOWN command %.40s", cmd);
}
