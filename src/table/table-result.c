/*
 * table-result.c - how a game at a table ended: the ranks, and the result
 * as a person reads it ("black (alice) wins: five", "white (bob) wins:
 * black (alice) resigned", "draw agreed", "ranks: 1 S alice, 2 E bob, ...
 * (eliminations)").
 *
 * The ranks are worked out once, when the game ends, from the engine's
 * verdict and the table's own end (a resignation, an agreed draw, a
 * player who left a rated game).  The words are made from them whenever
 * they are wanted, so that each viewer can read them in his own language:
 * the table knows no language, it is handed a lookup (table_words).  The
 * English text, the one without a lookup, is what the store keeps.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/yonin.h"
#include "src/table/table-int.h"

/* Marks a text for the catalogs (xgettext's N_); it is looked up later,
 * through the viewer's table_words. */
#define N_(s) (s)

/*
 * The engine's words that appear in a result, so that only these are
 * looked up: its reasons (as tokens; "forbidden " is said apart) and the
 * stone games' side names.
 */
static const char *const table_result_words[] = {
	N_("five"), N_("overline"), N_("six"), N_("double-three"),
	N_("double-four"), N_("eliminations"), N_("repetition"),
	N_("movelimit"), N_("over"), N_("black"), N_("white"),
};

/* A result being said: where, and in whose words. */
struct table_result_out {
	char		*buf;
	size_t		 len, at;
	table_words	 words;
	const void	*ctx;
};

/* format_arg: a msgid that is a format is checked against its arguments
 * where it is used. */
static const char *table_result_word(const struct table_result_out *,
    const char *) __attribute__((format_arg(2)));

static const char *
table_result_word(const struct table_result_out *say, const char *msgid)
{
	return say->words != NULL ? say->words(say->ctx, msgid) : msgid;
}

/* One of the engine's words, in the viewer's words if it is one we know. */
static const char *
table_result_engine(const struct table_result_out *say, const char *word)
{
	for (size_t i = 0; i < sizeof table_result_words /
	    sizeof table_result_words[0]; i++)
		if (strcmp(word, table_result_words[i]) == 0)
			return table_result_word(say, word);
	return word;
}

/* Add to the text; cut at the end. */
static void table_result_add(struct table_result_out *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static void
table_result_add(struct table_result_out *say, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	if (say->at >= say->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(say->buf + say->at, say->len - say->at, fmt, ap);
	va_end(ap);
	if (n > 0)
		say->at += (size_t)n;
}

/* "black (alice)", or just the name while colours are undecided. */
static void
table_result_who(const struct table_result_out *say, const struct table *t,
    int seat, char *buf, size_t len)
{
	int	 side = table_seat_side(t, seat);

	if (side >= 0)
		snprintf(buf, len, "%s (%s)", table_result_engine(say,
		    t->game->variant->side_name(t->game, side)),
		    table_seat_name(t, seat));
	else
		snprintf(buf, len, "%s", table_seat_name(t, seat));
}

/* ---- the ranks -------------------------------------------------------- */

static void
table_result_ranks_stone(struct table *t, const struct game_status *st)
{
	int	 win;

	if (t->end == TABLE_END_RESIGN) {
		t->rank[t->end_seat] = 2;
		t->rank[1 - t->end_seat] = 1;
	} else if (t->end == TABLE_END_DRAW || st->winner < 0)
		t->rank[0] = t->rank[1] = 1;
	else if ((win = table_side_seat(t, st->winner)) >= 0) {
		t->rank[win] = 1;
		t->rank[1 - win] = 2;
	}
}

static void
table_result_ranks_yonin(struct table *t, const struct game_status *st)
{
	int	 any = 0;

	for (int s = 0; s < t->nseats; s++) {
		int side = table_seat_side(t, s);

		t->rank[s] = side >= 0 ? st->rank[side] : 0;
		any |= t->rank[s] != 0;
	}
	if (any)
		return;
	/* Pairs: a winning team, or a draw without ranks. */
	for (int s = 0; s < t->nseats; s++) {
		int side = table_seat_side(t, s);

		t->rank[s] = st->winners == 0 ? 1 :
		    (st->winners >> side & 1) ? 1 : 2;
	}
}

/*
 * A rated game that someone left (a CPU held his seat to the end): the
 * others keep their order (ties stay ties) above the held seats, which
 * share the last place.
 */
static void
table_result_ranks_left(struct table *t)
{
	int	 rank[TABLE_MAX_SEATS], next = 1;

	t->left_last = 0;
	for (int s = 0; s < t->nseats; s++)
		if (t->rated && t->seat[s].held)
			t->left_last |= 1u << s;
	if (t->left_last == 0)
		return;
	memcpy(rank, t->rank, sizeof rank[0] * (size_t)t->nseats);
	for (int r = 1; r <= t->nseats; r++) {
		int n = 0;

		for (int s = 0; s < t->nseats; s++) {
			if (!(t->left_last >> s & 1) && t->rank[s] == r) {
				rank[s] = next;
				n++;
			}
		}
		next += n;
	}
	for (int s = 0; s < t->nseats; s++)
		if (t->left_last >> s & 1)
			rank[s] = next;
	memcpy(t->rank, rank, sizeof rank[0] * (size_t)t->nseats);
}

/* ---- the words ---------------------------------------------------------- */

static void
table_result_say_stone(struct table_result_out *say, const struct table *t,
    const struct game_status *st)
{
	char	 w[96], l[96];
	int	 win;

	if (t->end == TABLE_END_DRAW) {
		table_result_add(say, "%s",
		    table_result_word(say, N_("draw agreed")));
		return;
	}
	if (t->end == TABLE_END_RESIGN) {
		table_result_who(say, t, 1 - t->end_seat, w, sizeof w);
		table_result_who(say, t, t->end_seat, l, sizeof l);
		table_result_add(say, table_result_word(say,
		    N_("%s wins: %s resigned")), w, l);
		return;
	}
	if (st->winner < 0) {
		table_result_add(say, table_result_word(say, N_("draw: %s")),
		    table_result_word(say,
		    strcmp(st->reason, "full") == 0 ?
		    N_("the board is full") :
		    strcmp(st->reason, "blocked") == 0 ?
		    N_("black has no point left to play") : st->reason));
		return;
	}
	if ((win = table_side_seat(t, st->winner)) >= 0)
		table_result_who(say, t, win, w, sizeof w);
	else
		snprintf(w, sizeof w, "%s", table_result_engine(say,
		    t->game->variant->side_name(t->game, st->winner)));
	if (strncmp(st->reason, "forbidden ", 10) == 0)
		table_result_add(say, table_result_word(say, N_("%s wins: "
		    "black played a restricted point (%s)")), w,
		    table_result_engine(say, st->reason + 10));
	else
		table_result_add(say, table_result_word(say, N_("%s wins: %s")),
		    w, table_result_engine(say, st->reason));
}

static void
table_result_say_yonin(struct table_result_out *say, const struct table *t,
    const struct game_status *st)
{
	const struct game	*g = t->game;
	struct yonin_options	 opt;
	int			 any = 0, n = 0;

	yonin_options(g, &opt);
	for (int s = 0; s < t->nseats; s++) {
		int side = table_seat_side(t, s);

		any |= side >= 0 && st->rank[side] != 0;
	}
	if (opt.pairs && st->winners != 0) {
		table_result_add(say, "%s",
		    table_result_word(say, N_("winners:")));
		for (int s = 0; s < t->nseats; s++) {
			int side = table_seat_side(t, s);

			if (st->winners >> side & 1)
				table_result_add(say, "%s %s %s",
				    n++ > 0 ? "," : "",
				    g->variant->side_name(g, side),
				    table_seat_name(t, s));
		}
	} else if (opt.pairs || !any)
		table_result_add(say, "%s", table_result_word(say, N_("draw")));
	else {
		table_result_add(say, "%s",
		    table_result_word(say, N_("ranks:")));
		/* The engine's ranks: who left is said after them. */
		for (int r = 1; r <= t->nseats; r++)
			for (int s = 0; s < t->nseats; s++) {
				int side = table_seat_side(t, s);

				if (side >= 0 && st->rank[side] == r)
					table_result_add(say, "%s %d %s %s",
					    n++ > 0 ? "," : "", r,
					    g->variant->side_name(g, side),
					    table_seat_name(t, s));
			}
	}
	table_result_add(say, " (%s)", table_result_engine(say,
	    st->reason[0] != '\0' ? st->reason : "over"));
}

static void
table_result_say(const struct table *t, table_words words, const void *ctx,
    char *buf, size_t len)
{
	struct table_result_out	 say = { buf, len, 0, words, ctx };
	struct game_status	 st;

	if (len == 0)
		return;
	buf[0] = '\0';
	t->game->variant->status(t->game, &st);
	if (t->nseats == 2)
		table_result_say_stone(&say, t, &st);
	else
		table_result_say_yonin(&say, t, &st);
	for (int s = 0; s < t->nseats; s++)
		if (t->left_last >> s & 1)
			table_result_add(&say, table_result_word(&say,
			    N_("; %s left: scored last")),
			    table_seat_name(t, s));
}

/* ---- the table's -------------------------------------------------------- */

void
table_result_make(struct table *t)
{
	struct game_status	 st;

	memset(t->rank, 0, sizeof t->rank);
	t->game->variant->status(t->game, &st);
	if (t->nseats == 2)
		table_result_ranks_stone(t, &st);
	else
		table_result_ranks_yonin(t, &st);
	table_result_ranks_left(t);
	table_result_say(t, NULL, NULL, t->result, sizeof t->result);
}

void
table_result_text(const struct table *t, table_words words, const void *ctx,
    char *buf, size_t len)
{
	if (t->phase == TABLE_OVER)
		table_result_say(t, words, ctx, buf, len);
	else if (len > 0)
		buf[0] = '\0';
}

enum table_end
table_end(const struct table *t)
{
	return t->end;
}

const char *
table_result(const struct table *t)
{
	return t->phase == TABLE_OVER ? t->result : "";
}

int
table_seat_rank(const struct table *t, int seat)
{
	if (t->phase != TABLE_OVER || seat < 0 || seat >= t->nseats)
		return 0;
	return t->rank[seat];
}
