/*
 * yonin-text.c - four-player shogi as text: USI moves, the gh-setup /
 * gh-board tokens of docs/gamehall-engine.6, the showboard picture and the
 * status line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/yonin-pos.h"

const int yonin_hand_kinds[YONIN_HAND_KINDS] = {
	YONIN_ROOK, YONIN_GOLD, YONIN_SILVER, YONIN_PAWN,
};

static const char yp_seat_chars[] = "SWNE";

char
yonin_seat_char(int seat)
{
	return seat >= 0 && seat < YONIN_SEATS ? yp_seat_chars[seat] : '?';
}

int
yonin_seat_parse(const char *s)
{
	if (s == NULL || s[0] == '\0' || s[1] != '\0')
		return -1;
	switch (s[0]) {
	case 'S': case 's': return YONIN_S;
	case 'W': case 'w': return YONIN_W;
	case 'N': case 'n': return YONIN_N;
	case 'E': case 'e': return YONIN_E;
	}
	return -1;
}

static int
yp_seat_of(char c)
{
	const char	*p = c != '\0' ? strchr(yp_seat_chars, c) : NULL;

	return p != NULL ? (int)(p - yp_seat_chars) : -1;
}

/* Two characters "7g" at s: the square, or -1. */
static int
yp_square_at(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i')
		return -1;
	return (s[1] - 'a') * 9 + ('9' - s[0]);
}

int
yonin_square_parse(const char *s)
{
	if (s == NULL || strlen(s) != 2)
		return -1;
	return yp_square_at(s);
}

void
yonin_square_name(int sq, char buf[3])
{
	if (sq < 0 || sq >= YONIN_SQUARES) {
		strcpy(buf, "??");
		return;
	}
	buf[0] = (char)('9' - sq % 9);
	buf[1] = (char)('a' + sq / 9);
	buf[2] = '\0';
}

const char *
yp_kind_name(int kind)
{
	static const char *const names[YP_NKINDS] = {
		"", "K", "G", "R", "S", "P", "+R", "+S", "+P",
	};

	return kind > 0 && kind < YP_NKINDS ? names[kind] : "?";
}

static int
yp_kind_letter(char c)
{
	switch (c) {
	case 'K': return YONIN_KING;
	case 'G': return YONIN_GOLD;
	case 'R': return YONIN_ROOK;
	case 'S': return YONIN_SILVER;
	case 'P': return YONIN_PAWN;
	}
	return -1;
}

int
yp_move_parse(const char *text, struct move *m, char *err, size_t errlen)
{
	size_t	 len = strlen(text);
	int	 a, b;

	memset(m, 0, sizeof *m);
	if (len == 4 && text[1] == '*') {
		int k = yp_kind_letter(text[0]);

		if (k < YONIN_GOLD || (b = yp_square_at(text + 2)) < 0)
			goto bad;
		m->from = -1;
		m->to = (int16_t)b;
		m->piece = (uint8_t)k;
		return 0;
	}
	if ((len != 4 && !(len == 5 && text[4] == '+')) ||
	    (a = yp_square_at(text)) < 0 || (b = yp_square_at(text + 2)) < 0)
		goto bad;
	m->from = (int16_t)a;
	m->to = (int16_t)b;
	m->promote = len == 5;
	return 0;
bad:
	snprintf(err, errlen, "bad move '%.40s' (USI: 7g7f, 7g7f+ or P*5e)",
	    text);
	return -1;
}

void
yp_move_format(const struct move *m, char *buf, size_t len)
{
	char	 a[3], b[3];

	yonin_square_name(m->to, b);
	if (m->from < 0) {
		snprintf(buf, len, "%s*%s", yp_kind_name(m->piece), b);
		return;
	}
	yonin_square_name(m->from, a);
	snprintf(buf, len, "%s%s%s", a, b, m->promote ? "+" : "");
}

/* ---- gh-setup ---- */

#define YP_HAND_MAX 100	/* keeps every count far inside a byte */

static int
yp_setup_fail(char *err, size_t errlen, const char *tok, const char *why)
{
	snprintf(err, errlen, "bad token '%.40s': %s", tok, why);
	return -1;
}

/* "P2,G1" (a count of 1 may be left out; empty: no pieces). */
static int
yp_setup_hand(const char *list, uint8_t hand[YONIN_HAND_KINDS], int *total)
{
	const char	*p = list;

	while (*p != '\0') {
		int k = yp_kind_letter(*p++), n = 1;

		if (k < YONIN_GOLD)
			return -1;
		if (*p >= '0' && *p <= '9') {
			char *end;
			long v = strtol(p, &end, 10);

			if (v < 0 || v > YP_HAND_MAX)
				return -1;
			n = (int)v;
			p = end;
		}
		if (*p == ',')
			p++;
		else if (*p != '\0')
			return -1;
		*total += n;
		if (*total > YP_HAND_MAX)
			return -1;
		hand[yp_hand_slot(k)] = (uint8_t)(hand[yp_hand_slot(k)] + n);
	}
	return 0;
}

/* A piece token SQUARE:OWNER:KIND[:FACING] onto st (pass two). */
static int
yp_setup_piece(struct yonin_state *st, const char *tok, int *kings,
    char *err, size_t errlen)
{
	const char	*p = tok;
	int		 sq, owner, kind, promoted = 0, star = 0, facing, box;

	if (strlen(tok) < 6 || (sq = yp_square_at(p)) < 0 || p[2] != ':')
		return yp_setup_fail(err, errlen, tok, "want SQUARE:OWNER:KIND"
		    "[:FACING], hand:, out: or tomove:");
	p += 3;
	owner = *p == '-' ? -1 : yp_seat_of(*p);
	if ((owner < 0 && *p != '-') || p[1] != ':')
		return yp_setup_fail(err, errlen, tok, "owner is S, W, N, E "
		    "or -");
	p += 2;
	if (*p == '+') {
		promoted = 1;
		p++;
	}
	kind = yp_kind_letter(*p++);
	if (kind < 0)
		return yp_setup_fail(err, errlen, tok, "kind is K R G S P +R +S "
		    "+P or K*");
	if (*p == '*' && kind == YONIN_KING && !promoted) {
		star = 1;
		p++;
	}
	if (promoted && !yp_promotable(kind))
		return yp_setup_fail(err, errlen, tok, "only R, S and P "
		    "promote");
	facing = owner;
	if (*p == ':') {
		facing = yp_seat_of(p[1]);
		if (facing < 0 || p[2] != '\0')
			return yp_setup_fail(err, errlen, tok, "facing is S, W, "
			    "N or E");
	} else if (*p != '\0')
		return yp_setup_fail(err, errlen, tok, "unexpected text after "
		    "the kind");
	box = yp_box(sq);
	if (st->sq[box] != 0)
		return yp_setup_fail(err, errlen, tok, "square used twice");
	if (kind == YONIN_KING) {
		if (owner < 0)
			return yp_setup_fail(err, errlen, tok, "a king has an "
			    "owner");
		if (star == ((st->alive >> owner) & 1))
			return yp_setup_fail(err, errlen, tok, star ?
			    "K* is the king of a seat given by out:" :
			    "an eliminated seat's king is K*");
		if (kings[owner]++ > 0)
			return yp_setup_fail(err, errlen, tok, "a second king");
		facing = owner;
		st->king[owner] = (uint8_t)box;
	} else if (owner < 0) {
		/* Ownerless: held by an eliminated seat (see yonin-pos.h). */
		if (facing < 0)
			return yp_setup_fail(err, errlen, tok, "an ownerless "
			    "piece needs its facing");
		if (st->alive == 0xf)
			return yp_setup_fail(err, errlen, tok, "ownerless "
			    "pieces need an eliminated seat (out:)");
		owner = !(st->alive >> facing & 1) ? facing : st->out[0];
	} else if (!(st->alive >> owner & 1))
		return yp_setup_fail(err, errlen, tok, "that seat is "
		    "eliminated: its pieces belong to another or to nobody (-)");
	if (kind == YONIN_PAWN && !promoted && yp_depth(facing, box) == 8)
		return yp_setup_fail(err, errlen, tok, "a pawn on its last rank "
		    "could never move");
	st->sq[box] = yp_cell(promoted ? kind + 3 : kind, owner, facing);
	return 0;
}

int
yp_setup(struct yonin_game *y, int ntok, char *const tok[], char *err,
    size_t errlen)
{
	struct yonin_state	 st;
	int tomove = -1, kings[YONIN_SEATS] = { 0 }, total = 0;
	unsigned		 handset = 0;

	yp_start(&st);
	for (int b = 0; b < YP_CELLS; b++) {
		if (st.sq[b] != YP_WALL)
			st.sq[b] = 0;
	}
	/* Pass one: who is out, hands, who moves. */
	for (int i = 0; i < ntok; i++) {
		const char *t = tok[i];

		if (strncmp(t, "out:", 4) == 0) {
			int x = yp_seat_of(t[4]), by = -1;

			if (x >= 0 && t[5] == ':' && t[6] != '\0' && t[7] == '\0')
				by = yp_seat_of(t[6]);
			if (by < 0 || by == x)
				return yp_setup_fail(err, errlen, t, "want "
				    "out:SEAT:BY");
			if (!(st.alive >> x & 1) || !(st.alive >> by & 1))
				return yp_setup_fail(err, errlen, t, "a seat "
				    "goes out once, and only a living one "
				    "eliminates");
			if (st.nout == 3)
				return yp_setup_fail(err, errlen, t, "at most "
				    "three go out");
			st.alive &= (uint8_t)~(1u << x);
			st.out[st.nout] = (uint8_t)x;
			st.by[st.nout] = (uint8_t)by;
			st.nout++;
		} else if (strncmp(t, "hand:", 5) == 0) {
			int x = yp_seat_of(t[5]);

			if (x < 0 || t[6] != ':')
				return yp_setup_fail(err, errlen, t, "want "
				    "hand:SEAT:P2,G1");
			if (handset >> x & 1)
				return yp_setup_fail(err, errlen, t, "that hand "
				    "is given twice");
			handset |= 1u << x;
			if (yp_setup_hand(t + 7, st.hand[x], &total) != 0)
				return yp_setup_fail(err, errlen, t, "want "
				    "KIND COUNT pairs of R G S P, e.g. P2,G1 "
				    "(at most 100 pieces in hand)");
		} else if (strncmp(t, "tomove:", 7) == 0) {
			tomove = t[7] != '\0' && t[8] == '\0' ?
			    yp_seat_of(t[7]) : -1;
			if (tomove < 0)
				return yp_setup_fail(err, errlen, t, "want "
				    "tomove:SEAT");
		}
	}
	/* Pass two: the pieces. */
	for (int i = 0; i < ntok; i++) {
		if (strncmp(tok[i], "out:", 4) == 0 ||
		    strncmp(tok[i], "hand:", 5) == 0 ||
		    strncmp(tok[i], "tomove:", 7) == 0)
			continue;
		if (yp_setup_piece(&st, tok[i], kings, err, errlen) != 0)
			return -1;
	}
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (kings[p] == 0) {
			snprintf(err, errlen, "%c has no king%s on the board",
			    yonin_seat_char(p), (st.alive >> p & 1) ? "" :
			    " (K*)");
			return -1;
		}
	}
	if (tomove < 0) {
		for (int p = YONIN_SEATS - 1; p >= 0; p--) {
			if (st.alive >> p & 1)
				tomove = p;
		}
	}
	if (!(st.alive >> tomove & 1)) {
		snprintf(err, errlen, "tomove:%c is eliminated",
		    yonin_seat_char(tomove));
		return -1;
	}
	st.to_move = (int8_t)tomove;
	yp_refresh(&st);
	memcpy(&y->hist[0], &st, sizeof st);
	y->n = 0;
	yp_begin(y, tomove);
	return 0;
}

/* ---- gh-board, positions ---- */

static int
yp_tok_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Join tokens with spaces; -1 if buf is too small. */
static int
yp_join(char (*tok)[24], int n, char *buf, size_t len)
{
	size_t	 at = 0;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		size_t l = strlen(tok[i]);

		if (at + l + 2 > len)
			return -1;
		if (at > 0)
			buf[at++] = ' ';
		memcpy(buf + at, tok[i], l + 1);
		at += l;
	}
	return (int)at;
}

/* A piece as a gh-setup token. */
static void
yp_piece_token(const struct yonin_state *s, int box, char *out, size_t len)
{
	uint8_t	 c = s->sq[box];
	int	 k = yp_kind(c), o = yp_owner(c), f = yp_facing(c);
	int	 dead = !(s->alive >> o & 1);
	char	 sqn[3];

	yonin_square_name(yp_sq(box), sqn);
	if (k == YONIN_KING)
		snprintf(out, len, "%s:%c:K%s", sqn, yp_seat_chars[o],
		    dead ? "*" : "");
	else if (dead)
		snprintf(out, len, "%s:-:%s:%c", sqn, yp_kind_name(k),
		    yp_seat_chars[f]);
	else if (f != o)
		snprintf(out, len, "%s:%c:%s:%c", sqn, yp_seat_chars[o],
		    yp_kind_name(k), yp_seat_chars[f]);
	else
		snprintf(out, len, "%s:%c:%s", sqn, yp_seat_chars[o],
		    yp_kind_name(k));
}

static void
yp_hand_list(const struct yonin_state *s, int seat, char *out, size_t len)
{
	size_t	 at = 0;

	out[0] = '\0';
	for (int i = 0; i < YONIN_HAND_KINDS; i++) {
		if (s->hand[seat][i] == 0)
			continue;
		at += (size_t)snprintf(out + at, len - at, "%s%s%d",
		    at > 0 ? "," : "", yp_kind_name(yonin_hand_kinds[i]),
		    s->hand[seat][i]);
		if (at >= len)
			break;
	}
}

/*
 * The pieces as sorted gh-setup tokens; with `full` also the hands, the
 * eliminations (in order) and the player to move, which is then a whole
 * gh-setup.
 */
int
yp_board_text(const struct yonin_state *s, char *buf, size_t len, int full)
{
	char	 tok[YONIN_SQUARES + 8][24];
	int	 n = 0, r;

	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		if (s->sq[yp_box(sq)] != 0)
			yp_piece_token(s, yp_box(sq), tok[n++], sizeof tok[0]);
	}
	qsort(tok, (size_t)n, sizeof tok[0], yp_tok_cmp);
	if (full) {
		for (int p = 0; p < YONIN_SEATS; p++) {
			char list[40];

			yp_hand_list(s, p, list, sizeof list);
			if (list[0] != '\0')
				snprintf(tok[n++], sizeof tok[0], "hand:%c:%.16s",
				    yp_seat_chars[p], list);
		}
		for (int i = 0; i < s->nout; i++)
			snprintf(tok[n++], sizeof tok[0], "out:%c:%c",
			    yp_seat_chars[s->out[i]], yp_seat_chars[s->by[i]]);
		snprintf(tok[n++], sizeof tok[0], "tomove:%c",
		    yp_seat_chars[s->to_move]);
	}
	r = yp_join(tok, n, buf, len);
	return r;
}

/* ---- showboard and status ---- */

static int
yp_put(char *buf, size_t len, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
yp_put(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	if (*at >= len)
		return -1;
	va_start(ap, fmt);
	n = vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *at) {
		*at = len;
		return -1;
	}
	*at += (size_t)n;
	return 0;
}

/*
 * Rows a..i top to bottom, files 9..1 left to right; a piece is written
 * owner, kind and an arrow for its facing ("S P^", "N+Rv", "-G> " for an
 * ownerless gold facing right, "WK* " for an overturned king).
 */
int
yp_show(const struct yonin_game *y, char *buf, size_t len)
{
	static const char		 arrows[] = "^>v<";
	const struct yonin_state	*s = yp_now(y);
	unsigned			 checks = yp_checks(s);
	size_t				 at = 0;
	char				 status[80];

	yp_put(buf, len, &at, "     9    8    7    6    5    4    3    2    1\n");
	for (int yy = 0; yy < 9; yy++) {
		yp_put(buf, len, &at, "%c ", 'a' + yy);
		for (int x = 0; x < 9; x++) {
			uint8_t c = s->sq[yp_box(yy * 9 + x)];
			int k = yp_kind(c), o = yp_owner(c);
			int dead = !(s->alive >> o & 1);

			if (c == 0)
				yp_put(buf, len, &at, "   . ");
			else if (k == YONIN_KING)
				yp_put(buf, len, &at, " %cK%c ", yp_seat_chars[o],
				    dead ? '*' : ' ');
			else
				yp_put(buf, len, &at, " %c%c%c%c",
				    dead ? '-' : yp_seat_chars[o],
				    k > YONIN_PAWN ? '+' : ' ',
				    yp_kind_name(yp_base(k))[0],
				    arrows[yp_facing(c)]);
		}
		yp_put(buf, len, &at, "\n");
	}
	yp_put(buf, len, &at, "hands:");
	for (int p = 0; p < YONIN_SEATS; p++) {
		char list[40];

		yp_hand_list(s, p, list, sizeof list);
		yp_put(buf, len, &at, " %c=%s", yp_seat_chars[p], list);
	}
	yp_put(buf, len, &at, "\ncheck:");
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (checks >> p & 1)
			yp_put(buf, len, &at, " %c", yp_seat_chars[p]);
	}
	yp_put(buf, len, &at, "\nout:");
	for (int i = 0; i < s->nout; i++)
		yp_put(buf, len, &at, " %c:%c", yp_seat_chars[s->out[i]],
		    yp_seat_chars[s->by[i]]);
	yp_status_text(y, status, sizeof status);
	if (yp_put(buf, len, &at, "\n%s", status) != 0)
		return -1;
	return (int)at;
}

int
yp_status_text(const struct yonin_game *y, char *buf, size_t len)
{
	static const char *const reasons[] = {
		"", "eliminations", "repetition", "movelimit",
	};
	const struct yonin_state *s = yp_now(y);
	int n;

	if (s->phase == YP_PLAYING)
		n = snprintf(buf, len, "play %c", yp_seat_chars[s->to_move]);
	else if (y->opt.pairs && s->winners != 0)
		n = snprintf(buf, len, "over winners %c,%c",
		    yp_seat_chars[(s->winners & 1) ? 0 : 1],
		    yp_seat_chars[(s->winners & 1) ? 2 : 3]);
	else if (y->opt.pairs)
		n = snprintf(buf, len, "over draw %s", reasons[s->reason]);
	else
		n = snprintf(buf, len, "over %s ranks S=%d W=%d N=%d E=%d",
		    reasons[s->reason], s->rank[0], s->rank[1], s->rank[2],
		    s->rank[3]);
	return n < 0 || (size_t)n >= len ? -1 : n;
}
