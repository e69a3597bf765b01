/*
 * stone.c - the five-in-a-row family and Connect6 behind struct variant
 * (docs/rules.md §1): gomoku, freestyle, standard, renju, connect6.  They
 * differ only in a few rules (struct stone_rules); the board is
 * stone-board.c and Black's restricted points are judged by forbidden.c.
 *
 * Choices made here where docs/rules.md is silent:
 * - after gh-setup a swap opening counts as settled (P1 holds Black);
 * - gh-setup refuses a position in which a side has already won;
 * - reset() returns to the empty board and forgets any set-up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/forbidden.h"
#include "engine/stone.h"

enum stone_kind {
	STONE_GOMOKU,
	STONE_FREESTYLE,
	STONE_STANDARD,
	STONE_RENJU,
	STONE_CONNECT6,
};

enum stone_opening {
	STONE_OPEN_FREE,
	STONE_OPEN_SWAP,
	STONE_OPEN_SWAP2,
};

/* Where a swap opening stands. */
enum stone_stage {
	STONE_STAGE_PLAY,    /* ordinary play; the colours are settled */
	STONE_STAGE_THREE,   /* P1 places black, white, black */
	STONE_STAGE_CHOOSE1, /* P2 chooses (swap2: or more) */
	STONE_STAGE_MORE,    /* swap2: P2 places white, black */
	STONE_STAGE_CHOOSE2, /* swap2: P1 chooses */
};

enum stone_reason {
	STONE_REASON_NONE,
	STONE_REASON_FIVE,
	STONE_REASON_OVERLINE,
	STONE_REASON_SIX,
	STONE_REASON_DOUBLE_THREE,
	STONE_REASON_DOUBLE_FOUR,
	STONE_REASON_FORBIDDEN_OVERLINE,
	STONE_REASON_FULL,
	STONE_REASON_BLOCKED,
};

static const char *const stone_reason_text[] = {
	"", "five", "overline", "six", "forbidden double-three",
	"forbidden double-four", "forbidden overline", "full", "blocked",
};

struct stone_rules {
	enum stone_kind kind;
	int size;
	int overline;       /* gomoku: a run of six or more wins */
	int restrict_black; /* gomoku: Black's restricted points are blocked */
	enum stone_opening opening;
};

struct stone_turn {
	int8_t to_move; /* 0 black, 1 white */
	int8_t per;     /* stones in this turn (Connect6: 1 or 2) */
	int8_t left;    /* of which still to place */
	int8_t stage;   /* enum stone_stage */
	int8_t p1side;  /* the side P1 holds, -1 undecided */
};

struct stone_hist {
	int16_t point;  /* -1: a swap choice */
	uint8_t side;   /* the colour, or the player who chose */
	uint8_t choice; /* GAME_CHOICE_* */
	struct stone_turn before;
};

struct stone_game {
	struct game base;
	struct stone_rules rules;
	struct stone_board board;
	struct stone_turn turn;
	int8_t winner;  /* set with reason when the last move ended the game */
	uint8_t reason; /* enum stone_reason; NONE while none did */
	int nhist;
	struct stone_hist hist[STONE_MAX_POINTS + 4];
};

static struct game *stone_create(const struct variant *, int, char *const[],
    char *, size_t);

#define STONE(g) ((struct stone_game *)(g))
#define CSTONE(g) ((const struct stone_game *)(g))

static enum stone_kind
stone_kind_of(const struct variant *v)
{
	if (v == &variant_freestyle)
		return STONE_FREESTYLE;
	if (v == &variant_standard)
		return STONE_STANDARD;
	if (v == &variant_renju)
		return STONE_RENJU;
	if (v == &variant_connect6)
		return STONE_CONNECT6;
	return STONE_GOMOKU;
}

/* The turn a game starts with, on an empty board or after a set-up. */
static void
stone_turn_start(struct stone_game *s, int to_move)
{
	s->turn.to_move = (int8_t)to_move;
	s->turn.per = s->turn.left = 1;
	if (s->rules.kind == STONE_CONNECT6 && s->board.stones > 0)
		s->turn.per = s->turn.left = 2;
	s->turn.stage = STONE_STAGE_PLAY;
	s->turn.p1side = 0;
}

static void
stone_clear(struct stone_game *s)
{
	stone_board_init(&s->board, s->rules.size);
	s->nhist = 0;
	s->winner = -1;
	s->reason = STONE_REASON_NONE;
	stone_turn_start(s, 0);
	if (s->rules.opening != STONE_OPEN_FREE) {
		s->turn.stage = STONE_STAGE_THREE;
		s->turn.p1side = -1;
	}
}

/* KEY=VALUE where VALUE is one of a '|'-separated list: its index, or -1. */
static int
stone_option_value(const char *value, const char *list)
{
	size_t	 n = strlen(value);
	int	 i = 0;

	for (const char *at = list;; i++) {
		const char *bar = strchr(at, '|');
		size_t len = bar != NULL ? (size_t)(bar - at) : strlen(at);

		if (n > 0 && len == n && strncmp(at, value, n) == 0)
			return i;
		if (bar == NULL)
			return -1;
		at = bar + 1;
	}
}

static int
stone_option(struct stone_rules *r, const char *name, const char *opt,
    char *err, size_t errlen)
{
	static const int	 gomoku_sizes[] = { 15, 19 };
	static const int	 connect6_sizes[] = { 19, 15, 13 };
	const char		*eq = strchr(opt, '=');
	const char		*key, *list;
	char			 keybuf[32];
	int			 v;

	if (eq == NULL || eq == opt || (size_t)(eq - opt) >= sizeof keybuf) {
		snprintf(err, errlen, "bad option: %s (KEY=VALUE)", opt);
		return -1;
	}
	memcpy(keybuf, opt, (size_t)(eq - opt));
	keybuf[eq - opt] = '\0';
	key = keybuf;
	if (r->kind == STONE_GOMOKU && strcmp(key, "size") == 0)
		list = "15|19";
	else if (r->kind == STONE_CONNECT6 && strcmp(key, "size") == 0)
		list = "19|15|13";
	else if (r->kind == STONE_GOMOKU && strcmp(key, "overline") == 0)
		list = "on|off";
	else if (r->kind == STONE_GOMOKU && strcmp(key, "restrict") == 0)
		list = "off|on";
	else if ((r->kind == STONE_FREESTYLE || r->kind == STONE_STANDARD) &&
	    strcmp(key, "opening") == 0)
		list = "free|swap|swap2";
	else {
		snprintf(err, errlen, "unknown option for %s: %s", name, key);
		return -1;
	}
	if ((v = stone_option_value(eq + 1, list)) < 0) {
		snprintf(err, errlen, "bad value for %s: %.40s (%s)", key, eq + 1,
		    list);
		return -1;
	}
	if (strcmp(key, "size") == 0) {
		const int *sizes = r->kind == STONE_GOMOKU ? gomoku_sizes :
		    connect6_sizes;
		int nsizes = r->kind == STONE_GOMOKU ?
		    (int)(sizeof gomoku_sizes / sizeof gomoku_sizes[0]) :
		    (int)(sizeof connect6_sizes / sizeof connect6_sizes[0]);

		/* The list named as many sizes as the table holds. */
		if (v >= nsizes) {
			snprintf(err, errlen, "bad value for size: %.40s",
			    eq + 1);
			return -1;
		}
		r->size = sizes[v];
	} else if (strcmp(key, "overline") == 0)
		r->overline = v == 0;
	else if (strcmp(key, "restrict") == 0)
		r->restrict_black = v == 1;
	else
		r->opening = (enum stone_opening)v;
	return 0;
}

static struct game *
stone_create(const struct variant *v, int nopt, char *const opt[], char *err,
    size_t errlen)
{
	struct stone_rules	 r;
	struct stone_game	*s;

	memset(&r, 0, sizeof r);
	r.kind = stone_kind_of(v);
	r.size = r.kind == STONE_CONNECT6 ? 19 : 15;
	r.overline = r.kind != STONE_STANDARD;
	r.opening = STONE_OPEN_FREE;
	for (int i = 0; i < nopt; i++) {
		if (stone_option(&r, v->name, opt[i], err, errlen) != 0)
			return NULL;
	}
	if ((s = malloc(sizeof *s)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	memset(s, 0, offsetof(struct stone_game, hist));
	s->base.variant = v;
	s->base.setup = NULL;
	s->rules = r;
	stone_clear(s);
	return &s->base;
}

static void
stone_free(struct game *g)
{
	free(g);
}

/* Only the part of the history in use is copied. */
static struct game *
stone_copy(const struct game *g)
{
	const struct stone_game *s = CSTONE(g);
	size_t len = offsetof(struct stone_game, hist) +
	    (size_t)s->nhist * sizeof s->hist[0];
	struct stone_game *c;

	if ((c = malloc(sizeof *c)) == NULL)
		return NULL;
	memcpy(c, s, len);
	c->base.setup = NULL;	/* game_copy() gives it its own */
	return &c->base;
}

static void
stone_reset(struct game *g)
{
	free(g->setup);
	g->setup = NULL;
	stone_clear(STONE(g));
}

static int
stone_options(const struct game *g, char *buf, size_t len)
{
	const struct stone_rules	*r = &CSTONE(g)->rules;
	static const char *const openings[] = { "free", "swap", "swap2" };
	int				 n;

	switch (r->kind) {
	case STONE_GOMOKU:
		n = snprintf(buf, len, "size=%d overline=%s restrict=%s",
		    r->size, r->overline ? "on" : "off",
		    r->restrict_black ? "on" : "off");
		break;
	case STONE_FREESTYLE:
	case STONE_STANDARD:
		n = snprintf(buf, len, "opening=%s", openings[r->opening]);
		break;
	case STONE_CONNECT6:
		n = snprintf(buf, len, "size=%d", r->size);
		break;
	default:
		n = snprintf(buf, len, "%s", "");
		break;
	}
	return n < 0 || (size_t)n >= len ? -1 : n;
}

static int
stone_side_parse(const struct game *g, const char *text)
{
	if (strcasecmp(text, "black") == 0 || strcasecmp(text, "b") == 0)
		return 0;
	if (strcasecmp(text, "white") == 0 || strcasecmp(text, "w") == 0)
		return 1;
	return -1;
}

static const char *
stone_side_name(const struct game *g, int side)
{
	return side == 0 ? "black" : side == 1 ? "white" : "?";
}

static int
stone_move_parse(const struct game *g, const char *text, struct move *m,
    char *err, size_t errlen)
{
	int	 size = CSTONE(g)->rules.size;
	int	 p = stone_point_parse(size, text);
	char	 last[4];

	if (p < 0) {
		stone_point_format(size, size * size - 1, last);
		snprintf(err, errlen, "bad point: %.40s (a1 to %s)", text, last);
		return -1;
	}
	m->from = -1;
	m->to = (int16_t)p;
	m->piece = 0;
	m->promote = 0;
	return 0;
}

static void
stone_move_format(const struct game *g, const struct move *m, char *buf,
    size_t len)
{
	char	 text[4];

	stone_point_format(CSTONE(g)->rules.size, m->to, text);
	snprintf(buf, len, "%s", text);
}

/* The renju centre opening (docs/rules.md §1.4), judged by the stones on the
 * board: may a stone go on the point? */
static int
stone_centre_allows(const struct stone_game *s, int point)
{
	int size = s->rules.size, c = size / 2;
	int dc = abs(point / size - c), dr = abs(point % size - c);
	/* The n-th stone (n = 0, 1, 2) goes within n points of the centre. */
	int reach = s->board.stones;

	if (s->rules.kind != STONE_RENJU || reach > 2)
		return 1;
	return dc <= reach && dr <= reach;
}

/* Does Black's restricted point refuse the move (gomoku restrict=on)? */
static int
stone_blocks(const struct stone_game *s)
{
	return s->rules.kind == STONE_GOMOKU && s->rules.restrict_black &&
	    s->turn.to_move == 0;
}

static int
stone_has_legal_point(const struct stone_game *s)
{
	int	 n = s->rules.size * s->rules.size;

	for (int p = 0; p < n; p++) {
		if (s->board.cell[p] == STONE_EMPTY &&
		    stone_centre_allows(s, p) &&
		    (!stone_blocks(s) ||
		    forbidden_at(&s->board, p) == FORBIDDEN_NONE))
			return 1;
	}
	return 0;
}

static void
stone_status(const struct game *g, struct game_status *st)
{
	const struct stone_game	*s = CSTONE(g);
	int			 draw = STONE_REASON_NONE;

	memset(st, 0, sizeof *st);
	st->winner = -1;
	if (s->reason == STONE_REASON_NONE) {
		if (s->board.stones == s->rules.size * s->rules.size)
			draw = STONE_REASON_FULL;
		else if (s->turn.stage == STONE_STAGE_CHOOSE1 ||
		    s->turn.stage == STONE_STAGE_CHOOSE2) {
			st->phase = GAME_CHOOSING;
			st->chooser = s->turn.stage == STONE_STAGE_CHOOSE1;
			st->choices = GAME_CHOICE_BLACK | GAME_CHOICE_WHITE;
			if (s->turn.stage == STONE_STAGE_CHOOSE1 &&
			    s->rules.opening == STONE_OPEN_SWAP2)
				st->choices |= GAME_CHOICE_MORE;
			return;
		} else if (stone_blocks(s) && !stone_has_legal_point(s))
			draw = STONE_REASON_BLOCKED;
		else {
			st->phase = GAME_PLAYING;
			st->to_move = s->turn.to_move;
			if (s->rules.kind == STONE_CONNECT6)
				st->stone_of_turn = s->turn.per - s->turn.left +
				    1;
			return;
		}
	}
	st->phase = GAME_OVER;
	if (draw != STONE_REASON_NONE) {
		st->winner = -1;
		st->winners = 0;
		st->rank[0] = st->rank[1] = 1;
	} else {
		st->winner = s->winner;
		st->winners = 1u << s->winner;
		st->rank[s->winner] = 1;
		st->rank[1 - s->winner] = 2;
	}
	snprintf(st->reason, sizeof st->reason, "%s",
	    stone_reason_text[draw != STONE_REASON_NONE ? draw : s->reason]);
}

/*
 * Does the stone on `point` win for `side`?  The reason, or NONE.  With
 * restrictions on Black never wins by an overline (docs/rules.md §1.2).
 */
static int
stone_won(const struct stone_rules *r, const struct stone_board *b,
    int point, int side)
{
	int	 c = side + 1, longest = stone_board_longest(b, point, c);
	int	 five = longest >= 5 && stone_board_exact_five(b, point, c);
	int	 overline_wins;

	if (r->kind == STONE_CONNECT6)
		return longest >= 6 ? STONE_REASON_SIX : STONE_REASON_NONE;
	if (five)
		return STONE_REASON_FIVE;
	switch (r->kind) {
	case STONE_GOMOKU:
		overline_wins = r->overline && !(side == 0 && r->restrict_black);
		break;
	case STONE_FREESTYLE:
		overline_wins = 1;
		break;
	case STONE_RENJU:
		overline_wins = side == 1;
		break;
	default:
		overline_wins = 0;
		break;
	}
	return overline_wins && longest >= 6 ? STONE_REASON_OVERLINE :
	    STONE_REASON_NONE;
}

static void
stone_push(struct stone_game *s, int point, int side, unsigned choice)
{
	struct stone_hist	*h = &s->hist[s->nhist++];

	h->point = (int16_t)point;
	h->side = (uint8_t)side;
	h->choice = (uint8_t)choice;
	h->before = s->turn;
}

static void
stone_apply(struct game *g, const struct move *m)
{
	struct stone_game	*s = STONE(g);
	int point = m->to, side = s->turn.to_move, kind = FORBIDDEN_NONE;
	int			 reason;

	if (s->rules.kind == STONE_RENJU && side == 0)
		kind = forbidden_at(&s->board, point);
	stone_push(s, point, side, 0);
	stone_board_put(&s->board, point, side + 1);
	reason = stone_won(&s->rules, &s->board, point, side);
	if (reason == STONE_REASON_NONE && kind != FORBIDDEN_NONE) {
		/* An exact five was judged first by forbidden_at(); here a
		 * restricted point loses. */
		side = 1;
		reason = kind == FORBIDDEN_DOUBLE_THREE ?
		    STONE_REASON_DOUBLE_THREE : kind == FORBIDDEN_DOUBLE_FOUR ?
		    STONE_REASON_DOUBLE_FOUR : STONE_REASON_FORBIDDEN_OVERLINE;
	}
	if (reason != STONE_REASON_NONE) {
		s->winner = (int8_t)side;
		s->reason = (uint8_t)reason;
	}
	if (--s->turn.left == 0) {
		s->turn.to_move ^= 1;
		s->turn.per = s->turn.left =
		    s->rules.kind == STONE_CONNECT6 ? 2 : 1;
	}
	if (s->turn.stage == STONE_STAGE_THREE && s->board.stones == 3)
		s->turn.stage = STONE_STAGE_CHOOSE1;
	else if (s->turn.stage == STONE_STAGE_MORE && s->board.stones == 5)
		s->turn.stage = STONE_STAGE_CHOOSE2;
}

static int
stone_play(struct game *g, int side, const struct move *m, char *err,
    size_t errlen)
{
	struct stone_game	*s = STONE(g);
	int			 size = s->rules.size, kind;
	char			 text[4];

	/* Not stone_status(): a blocked draw needs no search here, as no
	 * move can be played in one anyway (see below). */
	if (s->reason != STONE_REASON_NONE || s->board.stones == size * size) {
		snprintf(err, errlen, "the game is over");
		return -1;
	}
	if (s->turn.stage == STONE_STAGE_CHOOSE1 ||
	    s->turn.stage == STONE_STAGE_CHOOSE2) {
		snprintf(err, errlen, "P%d must choose a colour first",
		    s->turn.stage == STONE_STAGE_CHOOSE1 ? 2 : 1);
		return -1;
	}
	if (side != s->turn.to_move) {
		snprintf(err, errlen, "it is %s's turn",
		    stone_side_name(g, s->turn.to_move));
		return -1;
	}
	if (m->from != -1 || m->to < 0 || m->to >= size * size) {
		snprintf(err, errlen, "not a point of the board");
		return -1;
	}
	stone_point_format(size, m->to, text);
	if (s->board.cell[m->to] != STONE_EMPTY) {
		snprintf(err, errlen, "%s is occupied", text);
		return -1;
	}
	if (!stone_centre_allows(s, m->to)) {
		snprintf(err, errlen, "%s is outside the centre opening's area "
		    "(%s)", text, s->board.stones == 0 ? "the first stone on h8" :
		    s->board.stones == 1 ? "next to h8" : "within f6-j10");
		return -1;
	}
	if (stone_blocks(s) &&
	    (kind = forbidden_at(&s->board, m->to)) != FORBIDDEN_NONE) {
		if (!stone_has_legal_point(s))
			snprintf(err, errlen, "the game is over");
		else
			snprintf(err, errlen, "%s is restricted for black (%s)",
			    text, forbidden_name(kind));
		return -1;
	}
	stone_apply(g, m);
	return 0;
}

static int
stone_undo(struct game *g)
{
	struct stone_game	*s = STONE(g);
	struct stone_hist	*h;

	if (s->nhist == 0)
		return -1;
	h = &s->hist[--s->nhist];
	if (h->point >= 0)
		stone_board_take(&s->board, h->point);
	s->turn = h->before;
	s->winner = -1;
	s->reason = STONE_REASON_NONE;
	return 0;
}

static int
stone_legal(const struct game *g, struct move *out, int max)
{
	const struct stone_game	*s = CSTONE(g);
	struct game_status	 st;
	uint8_t			 map[STONE_MAX_POINTS];
	int			 n = 0, npoints = s->rules.size * s->rules.size;
	int			 blocks = stone_blocks(s);

	stone_status(g, &st);
	if (st.phase != GAME_PLAYING)
		return 0;
	if (blocks)
		forbidden_map(&s->board, map);
	for (int p = 0; p < npoints; p++) {
		if (s->board.cell[p] != STONE_EMPTY ||
		    !stone_centre_allows(s, p) ||
		    (blocks && map[p] != FORBIDDEN_NONE))
			continue;
		if (n < max) {
			out[n].from = -1;
			out[n].to = (int16_t)p;
			out[n].piece = 0;
			out[n].promote = 0;
		}
		n++;
	}
	return n;
}

static int
stone_choose(struct game *g, unsigned choice, char *err, size_t errlen)
{
	struct stone_game	*s = STONE(g);
	struct game_status	 st;
	int			 chooser;

	stone_status(g, &st);
	if (st.phase != GAME_CHOOSING) {
		snprintf(err, errlen, "%s", s->rules.opening == STONE_OPEN_FREE ?
		    "this table has no swap opening" : "no choice is pending");
		return -1;
	}
	if ((choice & st.choices) == 0 || (choice & (choice - 1)) != 0) {
		snprintf(err, errlen, "P%d may choose %s", st.chooser + 1,
		    (st.choices & GAME_CHOICE_MORE) ? "black, white or more" :
		    "black or white");
		return -1;
	}
	chooser = st.chooser;
	stone_push(s, -1, chooser, choice);
	if (choice == GAME_CHOICE_MORE) {
		s->turn.stage = STONE_STAGE_MORE;
		return 0;
	}
	/* The chooser takes the colour; P1 holds the other if P2 chose. */
	if (chooser == 0)
		s->turn.p1side = choice == GAME_CHOICE_BLACK ? 0 : 1;
	else
		s->turn.p1side = choice == GAME_CHOICE_BLACK ? 1 : 0;
	s->turn.stage = STONE_STAGE_PLAY;
	return 0;
}

static int
stone_player_side(const struct game *g, int player)
{
	const struct stone_game	*s = CSTONE(g);

	if (player < 0 || player > 1 || s->turn.p1side < 0)
		return -1;
	return player == 0 ? s->turn.p1side : 1 - s->turn.p1side;
}

/*
 * gh-setup: "black POINT... white POINT... tomove COLOR", and the gh-board
 * forms "POINT:COLOR" and "tomove:COLOR".  Checked in full on a scratch
 * board before the game changes.
 */
static int
stone_setup(struct game *g, int ntok, char *const tok[], char *err,
    size_t errlen)
{
	struct stone_game	*s = STONE(g);
	struct stone_board	*b;
	int size = s->rules.size, colour = -1, to_move = -1, nstones[2] = { 0 };

	if ((b = malloc(sizeof *b)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	stone_board_init(b, size);
	for (int i = 0; i < ntok; i++) {
		const char *t = tok[i], *colon = strchr(t, ':');
		char head[8];
		int side, p;

		if (strcasecmp(t, "tomove") == 0 || strncasecmp(t, "tomove:",
		    7) == 0) {
			const char *c = colon != NULL ? colon + 1 :
			    i + 1 < ntok ? tok[++i] : "";

			if ((to_move = stone_side_parse(g, c)) < 0) {
				snprintf(err, errlen, "tomove needs black or white,"
				    " not '%.40s'", c);
				goto fail;
			}
			continue;
		}
		if ((side = stone_side_parse(g, t)) >= 0) {
			colour = side;
			continue;
		}
		side = colour;
		if (colon != NULL) {
			if ((size_t)(colon - t) >= sizeof head ||
			    (side = stone_side_parse(g, colon + 1)) < 0) {
				snprintf(err, errlen, "bad token: %.40s "
				    "(POINT:black or POINT:white)", t);
				goto fail;
			}
			memcpy(head, t, (size_t)(colon - t));
			head[colon - t] = '\0';
			t = head;
		}
		if ((p = stone_point_parse(size, t)) < 0) {
			snprintf(err, errlen, "bad token: %.40s (black POINT... "
			    "white POINT... tomove COLOR)", tok[i]);
			goto fail;
		}
		if (side < 0) {
			snprintf(err, errlen, "%s: black or white first", t);
			goto fail;
		}
		if (b->cell[p] != STONE_EMPTY) {
			snprintf(err, errlen, "%s is given twice", t);
			goto fail;
		}
		stone_board_put(b, p, side + 1);
		nstones[side]++;
	}
	/* A position where someone has already won is not a position to
	 * play on. */
	for (int p = 0; p < size * size; p++) {
		char text[4];

		if (b->cell[p] == STONE_EMPTY || stone_won(&s->rules, b, p,
		    b->cell[p] - 1) == STONE_REASON_NONE)
			continue;
		stone_point_format(size, p, text);
		snprintf(err, errlen, "%s already has a winning line at %s",
		    stone_side_name(g, b->cell[p] - 1), text);
		goto fail;
	}
	if (to_move < 0)
		to_move = nstones[0] > nstones[1] ? 1 : 0;
	s->board = *b;
	s->nhist = 0;
	s->winner = -1;
	s->reason = STONE_REASON_NONE;
	stone_turn_start(s, to_move);
	free(b);
	return 0;
fail:
	free(b);
	return -1;
}

static int
stone_board_text(const struct game *g, char *buf, size_t len)
{
	const struct stone_game	*s = CSTONE(g);
	int			 size = s->rules.size;
	size_t			 at = 0;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	for (int p = 0; p < size * size; p++) {
		char text[4];
		int n;

		if (s->board.cell[p] == STONE_EMPTY)
			continue;
		stone_point_format(size, p, text);
		n = snprintf(buf + at, len - at, "%s%s:%s", at > 0 ? " " : "",
		    text, stone_side_name(g, s->board.cell[p] - 1));
		if (n < 0 || (size_t)n >= len - at)
			return -1;
		at += (size_t)n;
	}
	return (int)at;
}

static int
stone_last_point(const struct stone_game *s)
{
	for (int i = s->nhist - 1; i >= 0; i--) {
		if (s->hist[i].point >= 0)
			return s->hist[i].point;
	}
	return -1;
}

/* X black, O white, the last stone in brackets; letters and numbers
 * around the edge as renju players read them. */
static int
stone_show(const struct game *g, char *buf, size_t len)
{
	const struct stone_game	*s = CSTONE(g);
	int size = s->rules.size, last = stone_last_point(s);
	size_t			 at = 0;
	int			 n;

#define SHOW(...) do {							\
	n = snprintf(buf + at, len - at, __VA_ARGS__);			\
	if (n < 0 || (size_t)n >= len - at)				\
		return -1;						\
	at += (size_t)n;						\
} while (0)
	if (len == 0)
		return -1;
	SHOW("   ");
	for (int c = 0; c < size; c++)
		SHOW(" %c", 'a' + c);
	SHOW("\n");
	for (int r = size - 1; r >= 0; r--) {
		SHOW("%2d ", r + 1);
		for (int c = 0; c < size; c++) {
			int p = c * size + r, cell = s->board.cell[p];

			SHOW("%c%c", p == last ? '(' : p - size == last &&
			    c > 0 ? ')' : ' ', cell == STONE_BLACK ? 'X' :
			    cell == STONE_WHITE ? 'O' : '.');
		}
		SHOW("%c%d\n", (size - 1) * size + r == last ? ')' : ' ',
		    r + 1);
	}
	SHOW("   ");
	for (int c = 0; c < size; c++)
		SHOW(" %c", 'a' + c);
#undef SHOW
	return (int)at;
}

static int
stone_status_text(const struct game *g, char *buf, size_t len)
{
	struct game_status	 st;
	int			 n;

	stone_status(g, &st);
	switch (st.phase) {
	case GAME_PLAYING:
		n = snprintf(buf, len, "play %s",
		    stone_side_name(g, st.to_move));
		break;
	case GAME_CHOOSING:
		n = snprintf(buf, len, "choose P%d black|white%s",
		    st.chooser + 1, (st.choices & GAME_CHOICE_MORE) ? "|more" :
		    "");
		break;
	default:
		n = snprintf(buf, len, "over %s %s", st.winner < 0 ? "draw" :
		    stone_side_name(g, st.winner), st.reason);
		break;
	}
	return n < 0 || (size_t)n >= len ? -1 : n;
}

static int
stone_ply(const struct game *g)
{
	return CSTONE(g)->nhist;
}

/* A choice is a move with to = -1; its side is the player who chose. */
static void
stone_history(const struct game *g, int i, struct move *m, int *side)
{
	const struct stone_hist	*h = &CSTONE(g)->hist[i];

	m->from = -1;
	m->to = h->point;
	m->piece = h->point < 0 ? h->choice : 0;
	m->promote = 0;
	*side = h->side;
}

const struct stone_board *
stone_game_board(const struct game *g)
{
	if (g == NULL || g->variant->create != stone_create)
		return NULL;
	return &CSTONE(g)->board;
}

int
stone_game_restricted(const struct game *g)
{
	const struct stone_game	*s = CSTONE(g);

	if (g == NULL || g->variant->create != stone_create)
		return 0;
	return s->rules.kind == STONE_RENJU ||
	    (s->rules.kind == STONE_GOMOKU && s->rules.restrict_black);
}

int
stone_game_info(const struct game *g, struct stone_info *info)
{
	const struct stone_game	*s = CSTONE(g);

	if (g == NULL || g->variant->create != stone_create)
		return -1;
	/* The public enums list the same values in the same order. */
	info->kind = (enum stone_info_kind)s->rules.kind;
	info->size = s->rules.size;
	info->overline = s->rules.overline;
	info->restrict_black = s->rules.restrict_black;
	info->opening = (int)s->rules.opening;
	info->stage = (enum stone_info_stage)s->turn.stage;
	info->to_move = s->turn.to_move;
	info->per = s->turn.per;
	info->left = s->turn.left;
	return 0;
}

/*
 * The stones of the line that won, from one end to the other: the exact
 * five through the last stone for a win by five, its longest run for an
 * overline or a six.  The engine judged the win from the same runs, so the
 * screens never measure lines themselves.
 */
int
stone_game_win_line(const struct game *g, int *points, int max)
{
	const int			(*step)[2] = stone_dir_step;
	const struct stone_game		*s = CSTONE(g);
	const struct stone_board	*b;
	int last, colour, col, row, best = 0, bestd = -1, n = 0;

	if (g == NULL || g->variant->create != stone_create)
		return 0;
	if (s->reason != STONE_REASON_FIVE &&
	    s->reason != STONE_REASON_OVERLINE && s->reason != STONE_REASON_SIX)
		return 0;
	if ((last = stone_last_point(s)) < 0)
		return 0;
	b = &s->board;
	colour = b->cell[last];
	col = last / b->size;
	row = last % b->size;
	for (int d = 0; d < STONE_NDIRS; d++) {
		int len = stone_board_run(b, d, col, row, colour);

		if (s->reason == STONE_REASON_FIVE ? len == 5 : len > best) {
			best = len;
			bestd = d;
			if (s->reason == STONE_REASON_FIVE)
				break;
		}
	}
	if (bestd < 0)
		return 0;
	/* Back to the run's first stone, then along it. */
	while (col - step[bestd][0] >= 0 && col - step[bestd][0] < b->size &&
	    row - step[bestd][1] >= 0 && row - step[bestd][1] < b->size &&
	    b->cell[(col - step[bestd][0]) * b->size + row - step[bestd][1]] ==
	    colour) {
		col -= step[bestd][0];
		row -= step[bestd][1];
	}
	while (n < best && n < max) {
		points[n++] = col * b->size + row;
		col += step[bestd][0];
		row += step[bestd][1];
	}
	return n;
}

#define STONE_VARIANT(id, vname, has_choose)				\
const struct variant id = {						\
	.name = vname,							\
	.nsides = 2,							\
	.create = stone_create,						\
	.free = stone_free,						\
	.copy = stone_copy,						\
	.reset = stone_reset,						\
	.options = stone_options,					\
	.side_parse = stone_side_parse,					\
	.side_name = stone_side_name,					\
	.move_parse = stone_move_parse,					\
	.move_format = stone_move_format,				\
	.play = stone_play,						\
	.apply = stone_apply,						\
	.undo = stone_undo,						\
	.status = stone_status,						\
	.legal = stone_legal,						\
	.choose = (has_choose) ? stone_choose : NULL,			\
	.player_side = stone_player_side,				\
	.setup = stone_setup,						\
	.board = stone_board_text,					\
	.show = stone_show,						\
	.status_text = stone_status_text,				\
	.ply = stone_ply,						\
	.history = stone_history,					\
}

STONE_VARIANT(variant_gomoku, "gomoku", 0);
STONE_VARIANT(variant_freestyle, "freestyle", 1);
STONE_VARIANT(variant_standard, "standard", 1);
STONE_VARIANT(variant_renju, "renju", 0);
STONE_VARIANT(variant_connect6, "connect6", 0);
