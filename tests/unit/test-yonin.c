/*
 * test-yonin.c - four-player shogi (engine/yonin*.c) as a whole: random
 * play-outs with invariants checked after every move, the quarter-turn
 * symmetry of the rules, play() against the move generator, copies and
 * records.  The rule scenarios themselves are transcripts
 * (tests/transcripts/yonin-*.gtp).
 *
 * YONIN_SEED=N repeats a run (the seed is printed on failure);
 * YONIN_GAMES=N changes how many games each test plays.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/yonin.h"

#define MOVES_MAX 1024
/* Check writes a record for every passing ck_assert: in the inner loops
 * only a failure calls it. */
#define REQUIRE(cond, ...) do { \
	if (!(cond)) \
		ck_abort_msg(__VA_ARGS__); \
} while (0)
#define TOTAL_PIECES 36 /* 4 x (K R 2G 2S 3P) */

static uint64_t
rng_next(uint64_t *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static int
rng_below(uint64_t *s, int n)
{
	return (int)(rng_next(s) % (uint64_t)n);
}

static uint64_t
test_seed(void)
{
	const char *env = getenv("YONIN_SEED");

	return env != NULL ? strtoull(env, NULL, 10) : 0x5eed2024ull;
}

static int
test_games(int dflt)
{
	const char *env = getenv("YONIN_GAMES");

	return env != NULL ? atoi(env) : dflt;
}

static struct game *
new_game(int nopt, char *const opt[])
{
	char err[GAME_ERR_LEN];
	struct game *g = game_new("yonin", nopt, opt, err, sizeof err);

	ck_assert_msg(g != NULL, "game_new: %s", err);
	return g;
}

/* The whole position as gh-setup tokens. */
static char *
position(const struct game *g)
{
	static const size_t len = 4096;
	char *buf = malloc(len);

	ck_assert_ptr_nonnull(buf);
	ck_assert_int_ge(yonin_position(g, buf, len), 0);
	return buf;
}

/* A fresh game of the same options set up from the tokens in text. */
static struct game *
setup_from(const struct game *like, const char *text, char *err,
    size_t errlen)
{
	struct yonin_options o;
	char mode[32], end[32], transfer[32], limit[32];
	char *opt[4] = { mode, end, transfer, limit };
	char *copy = strdup(text), *tok[128], *save = NULL;
	int n = 0;
	struct game *g;

	yonin_options(like, &o);
	snprintf(mode, sizeof mode, "mode=%s", o.pairs ? "pairs" : "individual");
	snprintf(end, sizeof end, "end=%s", o.to_last ? "last" : "two");
	snprintf(transfer, sizeof transfer, "transfer=%s",
	    o.ownerless ? "ownerless" : "inherit");
	snprintf(limit, sizeof limit, "movelimit=%d", o.movelimit);
	g = new_game(4, opt);
	for (char *t = strtok_r(copy, " ", &save); t != NULL && n < 128;
	    t = strtok_r(NULL, " ", &save))
		tok[n++] = t;
	if (game_setup(g, n, tok, err, errlen) != 0) {
		game_free(g);
		g = NULL;
	}
	free(copy);
	return g;
}

static int
count_pieces(const struct game *g)
{
	int n = 0;

	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		struct yonin_piece p;

		n += yonin_piece_at(g, sq, &p);
	}
	for (int seat = 0; seat < YONIN_SEATS; seat++) {
		int c[YONIN_HAND_KINDS];

		yonin_hand(g, seat, c);
		for (int i = 0; i < YONIN_HAND_KINDS; i++)
			n += c[i];
	}
	return n;
}

/* Check priority from `after`, computed from the public view. */
static int
expected_next(const struct game *g, int after)
{
	unsigned checks = yonin_checks(g), alive = yonin_alive(g);

	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (after + i) % YONIN_SEATS;

		if (checks >> p & 1)
			return p;
	}
	for (int i = 1; i < YONIN_SEATS; i++) {
		int p = (after + i) % YONIN_SEATS;

		if (alive >> p & 1)
			return p;
	}
	return -1;
}

static int
same_move(const struct move *a, const struct move *b)
{
	return a->from == b->from && a->to == b->to &&
	    (a->from >= 0 || a->piece == b->piece) &&
	    a->promote == b->promote;
}

/*
 * The position text with a move made on the board by plain token editing
 * (hands are left alone: only the board matters here), `seat` to move.
 */
static char *
edit_position(const char *text, const struct move *m, int seat,
    const struct game *g)
{
	char *out = malloc(strlen(text) + 64), *copy = strdup(text);
	char from[3] = "", to[3], moved[24] = "", *save = NULL;
	size_t at = 0;

	yonin_square_name(m->to, to);
	if (m->from >= 0)
		yonin_square_name(m->from, from);
	for (char *t = strtok_r(copy, " ", &save); t != NULL;
	    t = strtok_r(NULL, " ", &save)) {
		if (m->from >= 0 && strncmp(t, from, 2) == 0 && t[2] == ':') {
			/* SQ:O:[+]K[:F] -> to:O:[+]K[:F], promoted if asked */
			snprintf(moved, sizeof moved, "%s:%c:%s%s", to, t[3],
			    m->promote ? "+" : "", t + 5);
			continue;
		}
		if (strncmp(t, to, 2) == 0 && t[2] == ':')
			continue;	/* captured */
		if (strncmp(t, "tomove:", 7) == 0)
			continue;
		at += (size_t)sprintf(out + at, "%s ", t);
	}
	if (m->from < 0) {
		static const char letters[] = "??GRSP";

		snprintf(moved, sizeof moved, "%s:%c:%c", to,
		    yonin_seat_char(seat), letters[m->piece]);
	}
	sprintf(out + at, "%s tomove:%c", moved, yonin_seat_char(seat));
	free(copy);
	(void)g;
	return out;
}

/*
 * Every move that can be written (all from/to pairs with and without
 * promotion, every drop): play() must accept exactly the generated ones;
 * an accepted move must not leave the mover's king attacked, and one
 * refused for that reason must, as a fresh set-up of the edited board
 * shows (an independent look at the generator's pin shortcuts).
 */
static int
check_play_matches_legal(struct game *g, const struct move *legal, int n)
{
	const struct variant *v = g->variant;
	struct game_status st;
	uint64_t hash = yonin_hash(g);
	char *text = position(g);
	int accepted = 0, self_checks = 0;

	v->status(g, &st);
	for (int i = 0; i < YONIN_SQUARES * (YONIN_SQUARES * 2 + 4); i++) {
		struct move m;
		char err[GAME_ERR_LEN];
		int listed = 0, rc;

		memset(&m, 0, sizeof m);
		if (i < YONIN_SQUARES * YONIN_SQUARES * 2) {
			m.from = (int16_t)(i / (YONIN_SQUARES * 2));
			m.to = (int16_t)(i / 2 % YONIN_SQUARES);
			m.promote = (uint8_t)(i & 1);
		} else {
			int j = i - YONIN_SQUARES * YONIN_SQUARES * 2;

			m.from = -1;
			m.to = (int16_t)(j / 4);
			m.piece = (uint8_t)(YONIN_GOLD + j % 4);
		}
		if (m.from >= 0 && !yonin_piece_at(g, m.from,
		    &(struct yonin_piece){ 0 }))
			continue;
		for (int j = 0; j < n && !listed; j++)
			listed = same_move(&m, &legal[j]);
		rc = v->play(g, st.to_move, &m, err, sizeof err);
		REQUIRE((rc == 0) == listed, "play says %s, generator %s",
		    rc == 0 ? "legal" : err, listed ? "lists it" : "does not");
		if (rc == 0) {
			accepted++;
			REQUIRE(!(yonin_alive(g) >> st.to_move & 1) ||
			    !(yonin_checks(g) >> st.to_move & 1),
			    "a legal move left the mover's king attacked");
			REQUIRE(v->undo(g) == 0 && yonin_hash(g) == hash,
			    "undo after play");
			continue;
		}
		REQUIRE(err[0] != '\0', "a move refused silently");
		if (strstr(err, "leaves your king in check") != NULL) {
			char *edited = edit_position(text, &m, st.to_move, g);
			char e2[GAME_ERR_LEN];
			struct game *f = setup_from(g, edited, e2, sizeof e2);
			int s1[3], b1[3];

			self_checks++;
			REQUIRE(f != NULL, "set-up of %s: %s", edited, e2);
			if (yonin_eliminated(f, s1, b1) ==
			    yonin_eliminated(g, s1, b1))
				REQUIRE(yonin_checks(f) >> st.to_move & 1,
				    "refused as self-check, but the king is "
				    "not attacked in %s", edited);
			game_free(f);
			free(edited);
		}
	}
	REQUIRE(accepted == n, "play accepted %d, generator %d", accepted, n);
	free(text);
	return self_checks;
}

/*
 * g and fresh hold the same position, fresh set up from scratch: the same
 * kings in check, and g's legal moves are fresh's in the same order (the
 * engine keeps who attacks each king and where each seat's pieces stand
 * as moves are made and undone; a set-up works them out afresh).  Only
 * the repetition rule, which needs g's history, may refuse more in g.
 */
static void
check_same_as_fresh(struct game *g, struct game *fresh)
{
	struct move a[MOVES_MAX], b[MOVES_MAX];
	int na = g->variant->legal(g, a, MOVES_MAX);
	int nb = fresh->variant->legal(fresh, b, MOVES_MAX);
	int j = 0;

	ck_assert_uint_eq(yonin_checks(g), yonin_checks(fresh));
	ck_assert_int_le(na, nb);
	for (int i = 0; i < na; i++) {
		while (j < nb && !same_move(&a[i], &b[j]))
			j++;
		REQUIRE(j < nb, "legal move %d of %d missing or out of order "
		    "in the set-up position", i, na);
		j++;
	}
}

/*
 * Play one random game, checking after every move: pieces conserved, the
 * right player to move, the incremental hash, checks and moves against
 * those of the position set up from scratch, and undo restoring position
 * and hash.  Returns the plies.
 */
static int
random_game(struct game *g, uint64_t *rng, int maxply, int *deep)
{
	const struct variant *v = g->variant;
	struct move moves[MOVES_MAX];
	int ply = 0;

	for (; ply < maxply; ply++) {
		struct game_status st;
		char *before, *after, err[GAME_ERR_LEN];
		uint64_t hash = yonin_hash(g);
		int n, mover, outs_before, outs_after, seat[3], by[3];
		struct game *fresh;

		v->status(g, &st);
		if (st.phase != GAME_PLAYING)
			break;
		n = v->legal(g, moves, MOVES_MAX);
		ck_assert_int_gt(n, 0); /* a stuck player would be out */
		ck_assert_int_le(n, MOVES_MAX);
		for (int i = 0; i < n; i++) {
			for (int j = i + 1; j < n; j++)
				REQUIRE(!same_move(&moves[i], &moves[j]),
				    "a move is listed twice");
		}
		/* *deep counts the self-check refusals verified */
		if (deep != NULL && ply % 3 == 0)
			*deep += check_play_matches_legal(g, moves, n);
		mover = st.to_move;
		ck_assert(yonin_alive(g) >> mover & 1);
		before = position(g);
		outs_before = yonin_eliminated(g, seat, by);
		{
			struct move m = moves[rng_below(rng, n)];

			ck_assert_int_eq(v->play(g, mover, &m, err, sizeof err),
			    0);
			after = position(g);
			/* undo restores exactly; then play it again */
			ck_assert_int_eq(v->undo(g), 0);
			{
				char *again = position(g);

				ck_assert_str_eq(again, before);
				free(again);
			}
			ck_assert(yonin_hash(g) == hash);
			v->apply(g, &m);
			{
				char *again = position(g);

				ck_assert_str_eq(again, after);
				free(again);
			}
		}
		ck_assert_int_eq(count_pieces(g), TOTAL_PIECES);
		outs_after = yonin_eliminated(g, seat, by);
		v->status(g, &st);
		if (st.phase == GAME_PLAYING) {
			int from = outs_after > outs_before ?
			    seat[outs_after - 1] : mover;

			ck_assert_int_eq(st.to_move, expected_next(g, from));
			/* the same position set up from scratch: same key */
			fresh = setup_from(g, after, err, sizeof err);
			ck_assert_msg(fresh != NULL, "set-up of %s: %s", after,
			    err);
			ck_assert_msg(yonin_hash(fresh) == yonin_hash(g),
			    "incremental hash differs after %s", after);
			check_same_as_fresh(g, fresh);
			game_free(fresh);
		}
		free(before);
		free(after);
	}
	return ply;
}

START_TEST(test_playouts)
{
	/* every option combination */
	static const char *const modes[] = { "mode=individual", "mode=pairs" };
	static const char *const ends[] = { "end=two", "end=last" };
	static const char *const transfers[] = { "transfer=inherit",
		"transfer=ownerless" };
	uint64_t seed = test_seed() + (uint64_t)_i, rng = seed;
	int games = test_games(6), overs = 0, outs = 0, verified = 0;

	for (int k = 0; k < games; k++) {
		char *opt[3] = { (char *)modes[k & 1], (char *)ends[(k >> 1) & 1],
			(char *)transfers[(k >> 2) & 1] };
		struct game *g = new_game(3, opt);
		struct game_status st;
		int seat[3], by[3];

		random_game(g, &rng, 600, k < 2 ? &verified : NULL);
		g->variant->status(g, &st);
		overs += st.phase == GAME_OVER;
		outs += yonin_eliminated(g, seat, by);
		game_free(g);
	}
	/* random games do end; the invariants saw eliminations */
	ck_assert_msg(games < 4 || outs > 0, "seed %llu: no elimination",
	    (unsigned long long)seed);
	ck_assert_msg(verified > 0, "seed %llu: no self-check refusal seen",
	    (unsigned long long)seed);
	(void)overs;
}
END_TEST

/* ---- the quarter turn: S->W->N->E, (x,y) -> (8-y,x) ---- */

static char
next_seat(char c)
{
	int s = yonin_seat_parse((char[]){ c, '\0' });

	return s < 0 ? c : yonin_seat_char((s + 1) % YONIN_SEATS);
}

static void
rotate_square(char *sq)
{
	int s = yonin_square_parse((char[]){ sq[0], sq[1], '\0' });
	int x = s % 9, y = s / 9;
	char name[3];

	yonin_square_name((x) * 9 + (8 - y), name);
	sq[0] = name[0];
	sq[1] = name[1];
}

/* Turn every token of a position a quarter clockwise. */
static char *
rotate_position(const char *text)
{
	char *out = strdup(text);
	char *p = out;

	while (*p != '\0') {
		char *end = strchr(p, ' ');
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);

		if (strncmp(p, "hand:", 5) == 0)
			p[5] = next_seat(p[5]);
		else if (strncmp(p, "out:", 4) == 0) {
			p[4] = next_seat(p[4]);
			p[6] = next_seat(p[6]);
		} else if (strncmp(p, "tomove:", 7) == 0)
			p[7] = next_seat(p[7]);
		else {
			/* SQ:O:KIND[:F] */
			int colons = 0;

			for (size_t i = 0; i < len; i++)
				colons += p[i] == ':';
			rotate_square(p);
			p[3] = next_seat(p[3]);
			if (colons == 3)
				p[len - 1] = next_seat(p[len - 1]);
		}
		p += len;
		while (*p == ' ')
			p++;
	}
	return out;
}

static int
rotate_sq(int s)
{
	return (s % 9) * 9 + (8 - s / 9);
}

/* The legal moves of g, turned, equal those of r (sets of moves). */
static void
check_rotated_moves(struct game *g, struct game *r)
{
	struct move a[MOVES_MAX], b[MOVES_MAX];
	int na = g->variant->legal(g, a, MOVES_MAX);
	int nb = r->variant->legal(r, b, MOVES_MAX);

	ck_assert_int_eq(na, nb);
	for (int i = 0; i < na; i++) {
		struct move m = a[i];
		int found = 0;

		m.to = (int16_t)rotate_sq(m.to);
		if (m.from >= 0)
			m.from = (int16_t)rotate_sq(m.from);
		for (int j = 0; j < nb && !found; j++)
			found = same_move(&m, &b[j]);
		REQUIRE(found, "a turned move is missing");
	}
}

START_TEST(test_rotation)
{
	static const char *const modes[] = { "mode=individual", "mode=pairs" };
	static const char *const transfers[] = { "transfer=inherit",
		"transfer=ownerless" };
	uint64_t seed = test_seed() ^ 0x9e3779b9ull, rng = seed;
	int games = test_games(6), positions = 0;

	for (int k = 0; k < games; k++) {
		char *opt[2] = { (char *)modes[k & 1],
			(char *)transfers[(k >> 1) & 1] };
		struct game *g = new_game(2, opt);
		int plies = 20 + rng_below(&rng, 200);

		for (int ply = 0; ply < plies; ply++) {
			struct move moves[MOVES_MAX];
			struct game_status st;
			int n;

			g->variant->status(g, &st);
			if (st.phase != GAME_PLAYING)
				break;
			n = g->variant->legal(g, moves, MOVES_MAX);
			g->variant->apply(g, &moves[rng_below(&rng, n)]);
			if (ply % 7 == 6) {
				char err[GAME_ERR_LEN];
				char *text = position(g), *turned = text;
				struct game *base = setup_from(g, text, err,
				    sizeof err);
				struct game *r;

				ck_assert_msg(base != NULL, "%s: %s", text, err);
				/* four quarter turns come back to the start */
				for (int q = 0; q < 4; q++) {
					char *next = rotate_position(turned);

					if (turned != text)
						free(turned);
					turned = next;
					r = setup_from(g, turned, err,
					    sizeof err);
					ck_assert_msg(r != NULL, "%s: %s",
					    turned, err);
					check_rotated_moves(base, r);
					ck_assert_uint_eq(yonin_checks(r),
					    ((yonin_checks(base) << 1) |
					    (yonin_checks(base) >> 3)) & 0xf);
					if (q == 0 && positions % 4 == 0)
						ck_assert_uint_eq(game_perft(base, 3),
						    game_perft(r, 3));
					else if (q == 0)
						ck_assert_uint_eq(game_perft(base, 2),
						    game_perft(r, 2));
					game_free(base);
					base = r;
				}
				{
					char *back = position(base);

					ck_assert_msg(strcmp(back, text) == 0,
					    "four turns: %s != %s", back, text);
					free(back);
				}
				free(turned);
				game_free(base);
				free(text);
				positions++;
			}
		}
		game_free(g);
	}
	ck_assert_int_gt(positions, 0);
}
END_TEST

/* ---- copies, records, the start ---- */

START_TEST(test_start)
{
	struct game *g = new_game(0, NULL);
	struct move moves[MOVES_MAX];
	struct game_status st;
	int n;

	g->variant->status(g, &st);
	ck_assert_int_eq(st.phase, GAME_PLAYING);
	ck_assert_int_eq(st.to_move, YONIN_S);
	ck_assert_int_eq(count_pieces(g), TOTAL_PIECES);
	ck_assert_uint_eq(yonin_alive(g), 0xf);
	ck_assert_uint_eq(yonin_checks(g), 0);
	/* every seat has 9 moves, and nobody can touch another in 4 plies */
	n = g->variant->legal(g, moves, MOVES_MAX);
	ck_assert_int_eq(n, 9);
	ck_assert_uint_eq(game_perft(g, 4), 9ull * 9 * 9 * 9);
	/* the rotation of the start is the start, S to move -> W to move */
	{
		char *text = position(g), *turned = rotate_position(text);
		char err[GAME_ERR_LEN];
		struct game *r = setup_from(g, turned, err, sizeof err);
		char *rt;

		ck_assert_ptr_nonnull(r);
		rt = position(r);
		ck_assert(strstr(rt, "tomove:W") != NULL);
		ck_assert_int_eq(strncmp(rt, text, strlen(text) - 8), 0);
		free(rt);
		free(text);
		free(turned);
		game_free(r);
	}
	game_free(g);
}
END_TEST

START_TEST(test_copy_and_record)
{
	uint64_t rng = test_seed() ^ 0x1234567ull;
	int games = test_games(6);

	for (int k = 0; k < games; k++) {
		struct game *g = new_game(0, NULL), *c, *r;
		char err[GAME_ERR_LEN], *a, *b, *rec;
		size_t len = 1 << 16;
		struct move moves[MOVES_MAX];

		random_game(g, &rng, 50 + rng_below(&rng, 150), NULL);
		/* the record replays to the same position and history */
		rec = malloc(len);
		ck_assert_int_ge(game_record(g, rec, len), 0);
		r = game_replay(rec, err, sizeof err);
		ck_assert_msg(r != NULL, "replay: %s", err);
		a = position(g);
		b = position(r);
		ck_assert_str_eq(a, b);
		ck_assert(yonin_hash(g) == yonin_hash(r));
		ck_assert_int_eq(r->variant->ply(r), g->variant->ply(g));
		free(b);
		/* a copy goes on like the original */
		c = game_copy(g);
		ck_assert_ptr_nonnull(c);
		for (int i = 0; i < 20; i++) {
			struct game_status st;
			int n;

			g->variant->status(g, &st);
			if (st.phase != GAME_PLAYING)
				break;
			n = g->variant->legal(g, moves, MOVES_MAX);
			ck_assert_int_eq(c->variant->legal(c, moves + n,
			    MOVES_MAX - n), n);
			{
				struct move m = moves[rng_below(&rng, n)];

				g->variant->apply(g, &m);
				c->variant->apply(c, &m);
			}
		}
		free(a);
		a = position(g);
		b = position(c);
		ck_assert_str_eq(a, b);
		ck_assert(yonin_hash(g) == yonin_hash(c));
		/* and undoing all of it reaches the start */
		while (c->variant->undo(c) == 0)
			;
		ck_assert_int_eq(c->variant->ply(c), 0);
		free(b);
		b = position(c);
		ck_assert(strstr(b, "tomove:S") != NULL);
		ck_assert_int_eq(count_pieces(c), TOTAL_PIECES);
		free(a);
		free(b);
		free(rec);
		game_free(c);
		game_free(r);
		game_free(g);
	}
}
END_TEST

/* ---- a player with no legal move out of check ---- */

/*
 * S, not in check, has only a silver pinned along his king's rank (it has
 * no sideways step, so every move of it uncovers the rook) and a king
 * whose two squares N's gold covers: the set-up judges him at once, and
 * he is out.  Without the rook the silver moves and S plays on.  This
 * holds the engine's quick "has he any move?" to pins on the king's lines.
 */
START_TEST(test_only_pinned_moves)
{
	char *tok[] = { "9i:S:K", "8i:S:S", "9g:N:G", "5a:N:K", "1a:E:K",
		"1e:W:K", "tomove:S", "5i:N:R" };
	char err[GAME_ERR_LEN];
	struct move m[MOVES_MAX];
	struct game_status st;

	for (int pinned = 1; pinned >= 0; pinned--) {
		struct game *g = new_game(0, NULL);
		int n = pinned ? 8 : 7;

		ck_assert_msg(game_setup(g, n, tok, err, sizeof err) == 0,
		    "set-up: %s", err);
		g->variant->status(g, &st);
		ck_assert_uint_eq(yonin_checks(g) & 1, 0);
		if (pinned) {
			ck_assert_uint_eq(yonin_alive(g) & 1, 0);
			ck_assert_int_ne(st.to_move, YONIN_S);
		} else {
			ck_assert_uint_eq(yonin_alive(g), 0xf);
			ck_assert_int_eq(st.to_move, YONIN_S);
			/* 8h 9h 7h; the king's 9h and 8h are covered */
			ck_assert_int_eq(g->variant->legal(g, m, MOVES_MAX), 3);
		}
		game_free(g);
	}
}
END_TEST

/* ---- the searches' pass ---- */

/* A pass hands the turn on as a move would (check priority included),
 * changes nothing else, is undone, counts for neither the move limit nor
 * repetition, and is refused in check or when the game is over. */
START_TEST(test_pass)
{
	char *limit[] = { "movelimit=2" };
	char *check_n[] = { "5i:S:K", "9e:W:K", "5a:N:K", "1e:E:K",
		"4a:E:R", "tomove:S" };
	char *check_s[] = { "5i:S:K", "9e:W:K", "5a:N:K", "1e:E:K",
		"5g:N:R", "tomove:S" };
	char err[GAME_ERR_LEN];
	struct game *g = new_game(1, limit);
	struct game_status st;
	struct move m[MOVES_MAX];
	char *before = position(g), *after;
	uint64_t hash = yonin_hash(g);
	int side;

	ck_assert_int_eq(yonin_pass(g), 0);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.phase, GAME_PLAYING);
	ck_assert_int_eq(st.to_move, YONIN_W);
	ck_assert_uint_ne(yonin_hash(g), hash);
	ck_assert_int_eq(g->variant->ply(g), 1);
	g->variant->history(g, 0, m, &side);
	ck_assert_int_eq(side, YONIN_S);
	ck_assert_int_eq(m[0].from, -1);
	ck_assert_int_eq(m[0].to, -1);
	after = position(g);
	/* the same pieces and hands, only the player to move differs */
	ck_assert_ptr_nonnull(strstr(before, "tomove:S"));
	ck_assert_ptr_nonnull(strstr(after, "tomove:W"));
	ck_assert_int_eq(strcmp(before, after) != 0, 1);
	ck_assert_int_eq(strncmp(before, after, (size_t)(strstr(before,
	    "tomove:") - before)), 0);
	free(after);
	/* the move limit counts W's move and N's, not the pass */
	ck_assert_int_gt(g->variant->legal(g, m, MOVES_MAX), 0);
	g->variant->apply(g, &m[0]);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.phase, GAME_PLAYING);
	ck_assert_int_eq(st.to_move, YONIN_N);
	ck_assert_int_gt(g->variant->legal(g, m, MOVES_MAX), 0);
	g->variant->apply(g, &m[0]);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.phase, GAME_OVER);
	ck_assert_int_eq(yonin_pass(g), -1);
	ck_assert_int_eq(g->variant->ply(g), 3);
	/* undone: the position and its key as before */
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(g->variant->undo(g), 0);
	ck_assert_uint_eq(yonin_hash(g), hash);
	after = position(g);
	ck_assert_str_eq(after, before);
	free(after);
	free(before);
	game_free(g);

	/* check priority: after S's pass the checked N moves, not W */
	g = new_game(0, NULL);
	ck_assert_msg(game_setup(g, 6, check_n, err, sizeof err) == 0,
	    "set-up: %s", err);
	ck_assert_int_eq(yonin_pass(g), 0);
	g->variant->status(g, &st);
	ck_assert_int_eq(st.to_move, YONIN_N);
	game_free(g);

	/* in check: refused, nothing changed */
	g = new_game(0, NULL);
	ck_assert_msg(game_setup(g, 6, check_s, err, sizeof err) == 0,
	    "set-up: %s", err);
	hash = yonin_hash(g);
	ck_assert_uint_eq(yonin_checks(g) & 1, 1);
	ck_assert_int_eq(yonin_pass(g), -1);
	ck_assert_uint_eq(yonin_hash(g), hash);
	ck_assert_int_eq(g->variant->ply(g), 0);
	game_free(g);
}
END_TEST

/* ---- the read-only view ---- */

START_TEST(test_view)
{
	struct game *g = new_game(0, NULL);
	struct yonin_piece p;
	struct move m[MOVES_MAX];
	char name[3], err[GAME_ERR_LEN];
	int n, seat[3], by[3], counts[YONIN_HAND_KINDS];

	for (int sq = 0; sq < YONIN_SQUARES; sq++) {
		yonin_square_name(sq, name);
		ck_assert_int_eq(yonin_square_parse(name), sq);
	}
	ck_assert_int_eq(yonin_square_parse("0a"), -1);
	ck_assert_int_eq(yonin_square_parse("5j"), -1);
	ck_assert_int_eq(yonin_square_parse("5"), -1);
	ck_assert_int_eq(yonin_seat_parse("E"), YONIN_E);
	ck_assert_int_eq(yonin_seat_parse("X"), -1);

	/* W's king on 9e, facing right; nothing on 5e */
	ck_assert_int_eq(yonin_piece_at(g, yonin_square_parse("9e"), &p), 1);
	ck_assert_int_eq(p.kind, YONIN_KING);
	ck_assert_int_eq(p.owner, YONIN_W);
	ck_assert_int_eq(p.facing, YONIN_W);
	ck_assert_int_eq(p.overturned, 0);
	ck_assert_int_eq(yonin_piece_at(g, yonin_square_parse("5e"), &p), 0);
	ck_assert_int_eq(yonin_piece_at(g, -1, &p), 0);
	ck_assert_int_eq(yonin_piece_at(g, YONIN_SQUARES, &p), 0);

	n = yonin_legal_from(g, yonin_square_parse("7i"), m, MOVES_MAX);
	ck_assert_int_eq(n, 2);	/* 7i7h 7i8h */
	ck_assert_int_eq(yonin_legal_from(g, yonin_square_parse("5h"), m,
	    MOVES_MAX), 0);
	ck_assert_int_eq(yonin_legal_drops(g, YONIN_PAWN, m, MOVES_MAX), 0);

	/* an eliminated W: overturned king, ownerless pieces, hands */
	{
		char *tok[] = { "5i:S:K", "9e:W:K*", "5a:N:K", "1e:E:K",
			"4g:-:+S:W", "hand:S:P2,G1", "hand:W:R1", "out:W:N",
			"tomove:S" };
		char *opt[] = { "transfer=ownerless" };

		game_free(g);
		g = new_game(1, opt);
		ck_assert_int_eq(game_setup(g, 9, tok, err, sizeof err), 0);
	}
	ck_assert_int_eq(yonin_piece_at(g, yonin_square_parse("9e"), &p), 1);
	ck_assert_int_eq(p.overturned, 1);
	ck_assert_int_eq(p.owner, YONIN_W);
	ck_assert_int_eq(yonin_piece_at(g, yonin_square_parse("4g"), &p), 1);
	ck_assert_int_eq(p.owner, -1);
	ck_assert_int_eq(p.kind, YONIN_SILVER);
	ck_assert_int_eq(p.promoted, 1);
	ck_assert_int_eq(p.facing, YONIN_W);
	yonin_hand(g, YONIN_S, counts);
	ck_assert_int_eq(counts[0] + counts[1] * 10 + counts[2] * 100 +
	    counts[3] * 1000, 2010);	/* R0 G1 S0 P2 */
	ck_assert_int_eq(yonin_eliminated(g, seat, by), 1);
	ck_assert_int_eq(seat[0], YONIN_W);
	ck_assert_int_eq(by[0], YONIN_N);
	ck_assert_uint_eq(yonin_alive(g), 0xd);
	/* S: K + G1 + P2; N: K + W's overturned king */
	ck_assert_int_eq(yonin_pieces(g, YONIN_S), 4);
	ck_assert_int_eq(yonin_pieces(g, YONIN_N), 2);
	n = yonin_legal_drops(g, YONIN_GOLD, m, MOVES_MAX);
	ck_assert_int_eq(n, YONIN_SQUARES - 5);
	n = yonin_legal_drops(g, YONIN_PAWN, m, MOVES_MAX);
	/* not on rank a (8 empty squares there), nor on 9f in front of the
	 * overturned king */
	ck_assert_int_eq(n, YONIN_SQUARES - 5 - 8 - 1);
	game_free(g);
}
END_TEST

static Suite *
yonin_suite(void)
{
	Suite *s = suite_create("yonin");
	TCase *tc = tcase_create("rules");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_start);
	tcase_add_test(tc, test_view);
	tcase_add_test(tc, test_pass);
	tcase_add_test(tc, test_only_pinned_moves);
	tcase_add_loop_test(tc, test_playouts, 0, 4);
	tcase_add_test(tc, test_rotation);
	tcase_add_test(tc, test_copy_and_record);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(yonin_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	printf("seed %llu (YONIN_SEED to repeat)\n",
	    (unsigned long long)test_seed());
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
