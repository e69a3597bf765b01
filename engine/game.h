/*
 * game.h - the one interface every variant sits behind.
 *
 * engine/ is a library of rules: no I/O, no globals, no libevent, no SQLite.
 * The daemon, the screens and gamehall-engine all reach a game through the
 * functions below; a variant is a table of functions (struct variant) and a
 * game is a struct whose first member is struct game.
 *
 * Words used throughout:
 *   side    - who moves in the rules: a stone colour (0 black, 1 white) or a
 *             shogi seat (0 S, 1 W, 2 N, 3 E).
 *   player  - who sits at the table, in seat order (P1, P2, ...).  In most
 *             variants player i holds side i; swap openings decide it late,
 *             see game_player_side().
 */
#ifndef ENGINE_GAME_H
#define ENGINE_GAME_H

#include <stddef.h>
#include <stdint.h>

#define GAME_MAX_SIDES 4
#define GAME_ERR_LEN 160 /* room for any refusal message */
#define GAME_MAX_OPTIONS 8

/*
 * A move of any variant.  Stone games use `to` only (from = -1).  Shogi uses
 * from/to for a board move, and from = -1 with `piece` set for a drop.
 * Squares and points are variant-defined indices.
 */
struct move {
	int16_t from;
	int16_t to;
	uint8_t piece;   /* drop: the kind dropped; otherwise 0 */
	uint8_t promote; /* shogi: the move promotes */
};

enum game_phase {
	GAME_PLAYING,  /* status.to_move must move */
	GAME_CHOOSING, /* a swap choice is pending: status.chooser must choose */
	GAME_OVER,
};

/* Choices of a swap opening (bit mask in game_status.choices). */
#define GAME_CHOICE_BLACK 0x1
#define GAME_CHOICE_WHITE 0x2
#define GAME_CHOICE_MORE 0x4

struct game_status {
	enum game_phase phase;
	int to_move;       /* GAME_PLAYING: the side to move */
	int chooser;       /* GAME_CHOOSING: the player (0 = P1) who chooses */
	unsigned choices;  /* GAME_CHOOSING: GAME_CHOICE_* allowed */
	int stone_of_turn; /* Connect6: 1 or 2 (which stone of the pair); else 0 */

	/* GAME_OVER */
	int winner;                 /* two-side games: winning side, -1 a draw */
	unsigned winners;           /* bit per side that won (pairs: a team) */
	int rank[GAME_MAX_SIDES];   /* 1 = first; equal numbers share a rank; 0 none */
	char reason[40];            /* "five", "forbidden double-three", "full",
	                               "eliminations", "repetition", ... */
};

struct game;

struct variant {
	const char *name;   /* "gomoku", "renju", "yonin", ... */
	int nsides;         /* 2 or 4 */

	/* Options are KEY=VALUE strings (the names of docs/gamehall-engine.6,
	 * VARIANTS).  Unknown keys or values are refused with a message that
	 * names them. */
	struct game *(*create)(const struct variant *, int nopt,
	    char *const opt[], char *err, size_t errlen);
	void (*free)(struct game *);
	struct game *(*copy)(const struct game *);
	void (*reset)(struct game *);  /* back to the start position */
	/* Every option, defaults included, as "key=value key=value". */
	int (*options)(const struct game *, char *buf, size_t len);

	/* Sides: "black"/"b" or "S"; -1 when not a side of this variant. */
	int (*side_parse)(const struct game *, const char *);
	const char *(*side_name)(const struct game *, int side);

	int (*move_parse)(const struct game *, const char *text,
	    struct move *, char *err, size_t errlen);
	void (*move_format)(const struct game *, const struct move *,
	    char *buf, size_t len);

	/* Play one move for `side` if the rules allow it: 0, or -1 with the
	 * reason in err and the position unchanged. */
	int (*play)(struct game *, int side, const struct move *,
	    char *err, size_t errlen);
	/* Play a move that legal() produced, without judging it again. */
	void (*apply)(struct game *, const struct move *);
	/* Take back the last move or choice: 0, or -1 when there is none. */
	int (*undo)(struct game *);
	void (*status)(const struct game *, struct game_status *);
	/* All legal moves of the side to move; returns how many (may exceed
	 * max, only max are stored). */
	int (*legal)(const struct game *, struct move *out, int max);

	/* Swap openings (NULL where the variant has none). */
	int (*choose)(struct game *, unsigned choice, char *err, size_t errlen);
	/* The side player p holds, or -1 while a swap leaves it undecided. */
	int (*player_side)(const struct game *, int player);

	/* Positions as gh-setup / gh-board tokens (docs/gamehall-engine.6). */
	int (*setup)(struct game *, int ntok, char *const tok[],
	    char *err, size_t errlen);
	int (*board)(const struct game *, char *buf, size_t len);
	int (*show)(const struct game *, char *buf, size_t len); /* showboard */
	int (*status_text)(const struct game *, char *buf, size_t len);

	/* Number of moves played since the start or the set-up. */
	int (*ply)(const struct game *);
	/* The i-th move played (0-based), with the side that made it; choices
	 * in the history are returned as a move with to = -1 and
	 * piece = the GAME_CHOICE_* bit. */
	void (*history)(const struct game *, int i, struct move *, int *side);
};

/* The part every variant's game struct starts with. */
struct game {
	const struct variant *variant;
	char *setup;	/* gh-setup tokens this game started from, or NULL */
};

/* Every variant, NULL-terminated, and lookup by name. */
extern const struct variant *const game_variants[];
const struct variant *game_variant_find(const char *name);

struct game *game_new(const char *variant, int nopt, char *const opt[],
    char *err, size_t errlen);
void game_free(struct game *);
struct game *game_copy(const struct game *);

int game_setup(struct game *, int ntok, char *const tok[], char *err,
    size_t errlen);
int game_play_text(struct game *, const char *side, const char *move,
    char *err, size_t errlen);
int game_choose_text(struct game *, const char *choice, char *err,
    size_t errlen);
uint64_t game_perft(struct game *, int depth);

/*
 * The record the hall stores: one line,
 *   VARIANT key=value... [setup TOKEN...] moves [M...]
 * where each M is a move in the variant's notation, or a swap choice
 * written @black, @white or @more.  game_replay() rebuilds the same
 * position (and the same undo history) from it.
 */
int game_record(const struct game *, char *buf, size_t len);
struct game *game_replay(const char *record, char *err, size_t errlen);

#endif
