/*
 * table.h - a table of the hall: where people play one variant, game after
 * game, and others watch.
 *
 * A table is its options (struct table_spec), its seats and the move record
 * of the game in play; everything else (the position, whose turn it is, the
 * result) is derived by asking the engine (engine/game.h), which is the only
 * judge of a rule: a move goes to the engine and a refused move comes back
 * with the engine's reason, unchanged.  What the table itself decides is
 * who sits where and which seat may act: seats, hosting, starting, the
 * first player, rematches, resignations, draw and undo agreements, the
 * table chat.
 *
 * Seats belong to identities (src/people/identity.h), never to connections: a
 * player who drops keeps his seat and finds the game as it stands when he
 * comes back; one person may watch from several terminals.  The table holds
 * a reference on every identity it keeps (seats, watchers, host).
 *
 * Players, sides and seats: the engine numbers players P1, P2... (player 0
 * moves first) and sides (black/white, S/W/N/E).  A table numbers its
 * chairs, seat 0..n-1.  In each game seat s is player (s - first) mod n,
 * where `first` is drawn at random for the first game and moves on by one
 * each game (the rotate option), so the seats keep their clockwise order.
 * Player p holds the side the engine says (game.h player_side; in swap
 * openings it is decided during the game).
 *
 * Phases: WAITING (seats filling; the host starts when they are full),
 * PLAYING, OVER (the result stands; a rematch starts when every seated
 * player agrees, or someone leaves and the table waits again).
 *
 * Events: every change calls the list's listener (table_list_listen) with
 * TABLE_CHANGED, so the hall redraws everyone seated or watching, and
 * TABLE_LISTING when what the lobby lists changed.  A finished game also
 * sends TABLE_GAME_OVER: the caller then builds the store request with
 * table_game_request() and stores it; after that, seated players who are
 * no longer at the table (no terminal shows it) give up their seats.
 * A kick sends TABLE_KICKED with the identity, so the hall can take that
 * person's terminals back to the lobby.  Listeners must not free the table.
 *
 * Everything runs on the loop thread; nothing here blocks or does I/O.
 */
#ifndef SRC_TABLE_H
#define SRC_TABLE_H

#include <sys/queue.h>

#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

struct identity;
struct identities;
struct chat;
struct ratelimit;
struct clock;
struct store_game;

#define TABLE_CODE_LEN 5	/* characters of a table code */
#define TABLE_CODE_SIZE 8	/* room for one with its NUL */
/* The letters and digits of a code: no 0/O, 1/I/L, 8/B, 5/S lookalikes. */
#define TABLE_CODE_ALPHABET "23456789ACDEFGHJKMNPQRTUVWXYZ"
#define TABLE_MAX_SEATS GAME_MAX_SIDES
#define TABLE_VARIANT_LEN 16
#define TABLE_OPT_LEN 32	/* one engine option "KEY=VALUE" */
#define TABLE_ERR_LEN GAME_ERR_LEN
#define TABLE_RESULT_LEN 120	/* the store's result text */
#define TABLE_KICKED_MAX 16	/* people a table remembers as kicked */
#define TABLE_CHAT_LINES 100	/* the table chat's scrollback */

/* ---- what a table is created from --------------------------------------- */

struct table_spec {
	char	variant[TABLE_VARIANT_LEN];
	/* Engine options (docs/gamehall-engine.6), as given; the engine
	 * checks them. */
	int	nopt;
	char	opt[GAME_MAX_OPTIONS][TABLE_OPT_LEN];
	int	timer;		/* seconds per turn: 0 (none), 30, 60 */
	int	rated;		/* rated when every seat is a registered user */
	int	private_;	/* unlisted; joined by code only */
	int	rotate;		/* the first player moves on each game */
	int	show_legal;	/* four-player shogi: highlight destinations */
	int	cpu;		/* seats the computer takes at the start */
	int	cpu_level;	/* ... at this level (engine/cpu.h), 1..5 */
};

/* The defaults (docs/rules.md §3, and §2 Options: timer none, rated,
 * open, rotate on, legal moves shown) for a variant; -1 if the variant is
 * unknown. */
int	table_spec_default(struct table_spec *, const char *variant);

/*
 * A spec from words: "VARIANT [KEY=VALUE...]" as the `new` command and the
 * create form give them.  Keys: the variant's engine options
 * (docs/gamehall-engine.6: size, overline, restrict, opening, mode, end,
 * transfer, movelimit) and the table's own: timer=none|30|60,
 * rated=yes|no, private=no|yes, rotate=on|off, legal=on|off (yonin's "show
 * legal moves"), cpu=N (the computer takes N seats; at least one is left
 * for a person) and level=1..5 or beginner|easy|medium|hard|master.
 * Every value is checked, the engine's by creating a game.  0, or -1 with
 * a one-line message naming what is wrong (the spec is then unspecified).
 */
int	table_spec_parse(struct table_spec *, int argc, char *const argv[],
	    char *err, size_t errlen);
/* The same from one string of words. */
int	table_spec_parse_line(struct table_spec *, const char *line,
	    char *err, size_t errlen);
/*
 * Every option as "KEY=VALUE ..." (engine options canonical, as the engine
 * prints them, then the table's), the form table_spec_parse reads back.
 */
int	table_spec_text(const struct table_spec *, char *buf, size_t len);
/* A short summary for the lobby list: "19x19 restrict swap2 pairs". */
void	table_spec_brief(const struct table_spec *, char *buf, size_t len);
/* The game's name as people say it ("Four-player shogi" for `yonin`,
 * the command word); the variant itself when unknown. */
const char *table_variant_title(const char *variant);
/* Seats a variant needs (2 or 4), or 0 when unknown. */
int	table_spec_seats(const struct table_spec *);

/*
 * The create form: for each variant, the rows it offers, each a key with
 * its choices, defaults first.  Rows are the same for every variant after
 * the variant-specific ones (timer, rated, private, rotate).
 */
#define TABLE_FORM_ROWS 12
#define TABLE_FORM_CHOICES 6

struct table_form_row {
	const char	*key;		/* "size", "timer", ... */
	const char	*label;		/* "Board size" */
	int		 nchoices;
	const char	*value[TABLE_FORM_CHOICES];	/* as parsed */
	const char	*shown[TABLE_FORM_CHOICES];	/* as shown */
};

/* The rows for a variant (variant row not included); returns how many. */
int	table_form_rows(const char *variant, const struct table_form_row **rows);

/* ---- the registry of live tables ----------------------------------------- */

enum table_event {
	TABLE_CHANGED,		/* redraw whoever shows the table */
	TABLE_LISTING,		/* what the lobby lists changed (seats,
				   watchers, phase) */
	TABLE_GAME_OVER,	/* a game ended: store it */
	TABLE_KICKED,		/* `who` was sent away by the host */
	TABLE_CLOSED,		/* about to be freed */
	TABLE_TICK,		/* a countdown shown moved on a second:
				   redraw whoever shows the table */
};

struct table;
typedef void (*table_listener_cb)(struct table *, enum table_event,
    struct identity *who, void *arg);
typedef uint32_t (*table_random_cb)(void *arg);

struct table_list;

/* random NULL = the system's.  The identities registry and the clock must
 * outlive it. */
struct table_list *table_list_new(struct identities *, struct clock *,
	    table_random_cb random, void *arg);
/* Frees every table still in it. */
void	table_list_free(struct table_list *);
void	table_list_listen(struct table_list *, table_listener_cb, void *arg);
/* A live table by code (any case; spaces and dashes ignored), or NULL. */
struct table *table_list_find(struct table_list *, const char *code);
struct table *table_list_first(struct table_list *);
struct table *table_next(struct table *);
size_t	table_list_count(const struct table_list *);
/* The table where `who` sits (the oldest, when several), or NULL. */
struct table *table_list_seat_of(struct table_list *,
	    const struct identity *who);

/*
 * Normalise a typed code into out (TABLE_CODE_SIZE bytes): upper case,
 * spaces and dashes dropped.  0, or -1 when it cannot be a code.
 */
int	table_code_normalise(const char *in, char *out);

/* ---- a table --------------------------------------------------------------- */

enum table_phase {
	TABLE_WAITING,
	TABLE_PLAYING,
	TABLE_OVER,
};

/* How the last game ended, beyond what the engine says. */
enum table_end {
	TABLE_END_NONE,		/* not over, or the engine ended it */
	TABLE_END_RESIGN,	/* end_seat resigned */
	TABLE_END_DRAW,		/* a draw offered and accepted */
};

/*
 * A new table with a fresh code; the host (may be NULL in tests) takes
 * the first seat.  NULL with a message when the spec is bad (the engine's
 * word) or memory runs out.
 */
struct table *table_new(struct table_list *, const struct table_spec *,
	    struct identity *host, char *err, size_t errlen);
/* Tells the listener TABLE_CLOSED, gives back every reference, frees. */
void	table_free(struct table *);

const char *table_code(const struct table *);
/* The options in short for the lobby ("19x19 swap2"), and who sits there
 * ("alice, bob"; valid until the next call). */
const char *table_brief(const struct table *);
const char *table_names(struct table *);
const struct table_spec *table_spec(const struct table *);
enum table_phase table_phase(const struct table *);
int	table_nseats(const struct table *);
/* The identity in a seat, or NULL when it is empty. */
struct identity *table_seat(const struct table *, int seat);
/* The seat of an identity, or -1. */
int	table_seat_find(const struct table *, const struct identity *);
int	table_seats_taken(const struct table *);
struct identity *table_host(const struct table *);
/* Nobody seated but the computer, nobody watching or viewing (the hall
 * may free it then). */
int	table_is_empty(const struct table *);
/* Games started at this table so far. */
int	table_games(const struct table *);

/* A seat's rating text as the hall found it ("1523", "1500?"), "" if
 * unknown. */
void	table_seat_set_rating(struct table *, int seat, const char *rating);
const char *table_seat_rating(const struct table *, int seat);

/*
 * Take a seat (`seat` -1: the next free one); a seated player switches
 * seats this way while the game waits.  0, or -1 with the reason.
 */
int	table_sit(struct table *, struct identity *, int seat, char *err,
	    size_t errlen);
/* Leave one's seat while no game is running (the player stays as a
 * watcher).  0, or -1 with the reason. */
int	table_leave(struct table *, struct identity *, char *err,
	    size_t errlen);
/* The host sends a seated player or watcher away before the game. */
int	table_kick(struct table *, struct identity *host, int seat,
	    char *err, size_t errlen);
/* The host hands hosting to the player in a seat. */
int	table_pass_host(struct table *, struct identity *host, int seat,
	    char *err, size_t errlen);
/* The host starts the first game once every seat is taken. */
int	table_start(struct table *, struct identity *, int64_t now,
	    char *err, size_t errlen);
/* After a game: agree to play again; the game starts when everyone has. */
int	table_rematch(struct table *, struct identity *, int64_t now,
	    char *err, size_t errlen);
/* 1 if the seat has agreed to a rematch. */
int	table_rematch_agreed(const struct table *, int seat);

/*
 * The terminals showing a table.  The hall embeds a struct table_viewer in
 * each client and lists it here while the client is at the table, so that
 * a change reaches exactly the terminals that show it.  The table never
 * looks inside; it only refuses to be freed while the list is not empty
 * (table_is_empty).
 */
struct table_viewer {
	TAILQ_ENTRY(table_viewer) entry;
};
TAILQ_HEAD(table_viewer_list, table_viewer);

void	table_viewer_add(struct table *, struct table_viewer *);
void	table_viewer_remove(struct table *, struct table_viewer *);
struct table_viewer *table_viewer_first(struct table *);
struct table_viewer *table_viewer_next(struct table_viewer *);

/* ---- computer players in seats (table-cpu.c) ---------------------------- */

struct cpujob_pool;
/* Searches go to the pool and think for time_ms; without a pool CPU seats
 * can be taken but never move. */
void	table_list_set_cpu(struct table_list *, struct cpujob_pool *,
	    int time_ms);
/*
 * The level the computer plays for an absent player (the table shows it),
 * and for one move when a player's time runs out (at most
 * TABLE_TIMEOUT_MS of thinking: the game must go on).
 */
#define TABLE_STANDIN_LEVEL 3
#define TABLE_TIMEOUT_MS 1000
/* ... and thinks this long at most when nobody is at the table any more
 * (it plays the game out, so the table can close). */
#define TABLE_UNWATCHED_MS 200
/* The computer at a level (1..5) takes a free seat before the game. */
int	table_cpu_sit(struct table *, int seat, int level, char *err,
	    size_t errlen);
/* The host seats the computer in the first free seat (the game then is
 * unrated). */
int	table_cpu_invite(struct table *, struct identity *host, int level,
	    char *err, size_t errlen);
int	table_seat_is_cpu(const struct table *, int seat);
int	table_cpu_seats(const struct table *);

/* Watching: counted per identity (several terminals count once each). */
int	table_watch(struct table *, struct identity *);
void	table_unwatch(struct table *, struct identity *);
int	table_watchers(const struct table *);	/* people watching */
struct identity *table_watcher(const struct table *, int i);
int	table_is_watching(const struct table *, const struct identity *);
/*
 * The person is gone from the table's point of view (his last terminal
 * left it): he stops watching; a seated player keeps his seat while a
 * game runs and otherwise leaves it.  Returns 1 if anything changed.
 */
int	table_depart(struct table *, struct identity *);

/* ---- the turn clock and absent players (table-clock.c) --------------------
 *
 * With a turn timer (spec.timer seconds), the clock runs for the seat that
 * must act, from the moment its turn begins (a Connect6 turn is both
 * stones; a swap choice is a turn; in four-player shogi whoever must move
 * now, check priority included).  When it runs out the CPU makes that one
 * move for him (TABLE_STANDIN_LEVEL, quickly); the move list marks it.
 *
 * A seated player whose last terminal leaves the table while a game runs
 * is away: his seat waits the grace period (table_list_set_grace), then
 * the CPU holds it, playing for him until he comes back (table_watch from
 * any terminal of his gives it back at once, even mid-search).  A seat the
 * CPU holds when a rated game ends ranks last.  Outside a game, an away
 * seat is given up when the grace ends.  While anything counts down the
 * table sends TABLE_TICK each second so screens can redraw.
 */
void	table_list_set_grace(struct table_list *, int seconds);
/* Seconds left on the turn clock of the seat that must act (shown to
 * everyone), or -1 when no clock runs for it. */
int	table_clock_left(const struct table *, int seat);
/* Seconds the away seat still waits for its player; -1 if not away. */
int	table_seat_away_left(const struct table *, int seat);
/* The CPU plays for the seat's absent player. */
int	table_seat_held(const struct table *, int seat);
/* The player could not come back as himself (a guest without a key). */
int	table_seat_unreclaimable(const struct table *, int seat);
/* Ply i of the game in play was made by the CPU when time ran out. */
int	table_ply_timed_out(const struct table *, int ply);

/* ---- the table chat (separate from the lobby's) ------------------------- */

struct chat *table_chat(const struct table *);
/* A notice from the hall to everyone at the table ("the hall restarts"). */
void	table_announce(struct table *, const char *text);
/*
 * Say something as `who` (seated or watching; the text is raw input,
 * cleaned by the chat).  limit is the speaker's budget (the caller's rate
 * limit, may be NULL).  0, or -1 with the reason ("wait 2 s") in err.
 */
int	table_say(struct table *, struct identity *, struct ratelimit *limit,
	    uint64_t now_ms, int64_t when, const char *text, char *err,
	    size_t errlen);

/* ---- the game ------------------------------------------------------------- */

/* The game in play, or the last one; before the first game the variant's
 * start position (so a board can be drawn).  Never NULL. */
const struct game *table_game(const struct table *);
int	table_first(const struct table *);	/* seat of P1 this game */
/* Engine player index of a seat in this game (-1 none), and back. */
int	table_seat_player(const struct table *, int seat);
int	table_player_seat(const struct table *, int player);
/* The side a seat holds now, -1 when undecided (swap) or no game. */
int	table_seat_side(const struct table *, int seat);
/* The seat holding a side, or -1. */
int	table_side_seat(const struct table *, int side);
/*
 * The seat that must act now (move, or choose in a swap opening), -1 when
 * no game is running.
 */
int	table_turn(const struct table *);
/* The seat that must act has a swap choice to make (not a move). */
int	table_turn_is_choice(const struct table *);
/* The game in play is rated (decided at its start). */
int	table_game_rated(const struct table *);
/*
 * Rated as things stand: the game in play's, else the next game's with
 * the seats as they are.  When the host asked for a rated table and it is
 * not, why ("a guest plays", "the computer plays"); NULL otherwise.
 */
int	table_rated_now(const struct table *);
const char *table_unrated_why(const struct table *);

/*
 * Moves: the engine judges.  0, or -1 with the reason in err (the engine's
 * for a rule, the table's for "not your turn") and nothing changed.
 */
int	table_play(struct table *, struct identity *, const struct move *,
	    char *err, size_t errlen);
int	table_play_text(struct table *, struct identity *, const char *move,
	    char *err, size_t errlen);
/* Swap openings: GAME_CHOICE_BLACK / WHITE / MORE. */
int	table_choose(struct table *, struct identity *, unsigned choice,
	    char *err, size_t errlen);
/* Stone games only. */
int	table_resign(struct table *, struct identity *, char *err,
	    size_t errlen);
/* Offer a draw, or accept the opponent's offer (stone games). */
int	table_draw(struct table *, struct identity *, char *err,
	    size_t errlen);
int	table_draw_decline(struct table *, struct identity *, char *err,
	    size_t errlen);
/* The seat offering a draw, -1 none. */
int	table_draw_offer(const struct table *);
/*
 * Ask to take back one's last move (stone games); the opponent answers.
 * Accepted, the moves back to and including the asker's last turn are
 * undone.
 */
int	table_undo_ask(struct table *, struct identity *, char *err,
	    size_t errlen);
int	table_undo_answer(struct table *, struct identity *, int yes,
	    char *err, size_t errlen);
int	table_undo_request(const struct table *);	/* asking seat, -1 */

/* ---- the result ---------------------------------------------------------- */

enum table_end table_end(const struct table *);
/*
 * The result as a person reads it ("black wins: five", "white wins: black
 * resigned", "draw agreed", "ranks: 1 S, 2 N, 3 E, 4 W (eliminations)"),
 * "" while the game runs.
 */
const char *table_result(const struct table *);
/*
 * A lookup of the words a table says (a msgid in, the text in some
 * language out), so that the hall can show each viewer the result in his
 * own language; the table itself knows none.
 */
typedef const char *(*table_words)(const void *ctx, const char *msgid);
/* table_result's text in the words of `words` (NULL: English, as stored);
 * "" while the game runs. */
void	table_result_text(const struct table *, table_words, const void *ctx,
	    char *buf, size_t len);
/* A seat's final rank in the game just over (1 = first; 0 none). */
int	table_seat_rank(const struct table *, int seat);
/*
 * Stone games: the points of the winning line, along the line (at most max);
 * returns how many (0 when the game was not won by a line).
 */
int	table_win_line(const struct table *, int *points, int max);

/*
 * The request for store_game_finish() for the game just over: players in
 * engine player order (seat = player index), outcomes and ranks, rated
 * only if the game was rated (every seat a distinct registered user),
 * `table` = this table's code (its saved state goes in the same
 * transaction; save the table again afterwards if it lives on).
 * g->record is malloc'd: free() it.  0, or -1 when no game is over.
 */
int	table_game_request(const struct table *, struct store_game *g,
	    int64_t now);

/* ---- saving and restoring -------------------------------------------------- */

/* Changed since it was last saved (every event but TABLE_TICK marks it);
 * table_mark_saved after table_save's text went to the store. */
int	table_unsaved(const struct table *);
void	table_mark_saved(struct table *);
/* The unsaved tables, in the order they changed; table_mark_saved takes a
 * table out, so take the next one first. */
struct table *table_list_first_unsaved(struct table_list *);
struct table *table_next_unsaved(struct table *);
/* The table as text for store_table_save (malloc'd; NULL if out of memory). */
char	*table_save(const struct table *);
/*
 * A table from table_save() text, in the list, with its old code; seats
 * come back to the identities (accounts by id, guests by device key).
 * NULL with a message when the text is bad or the code is taken.
 */
struct table *table_restore(struct table_list *, const char *text, char *err,
	    size_t errlen);

#endif
