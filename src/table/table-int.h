/*
 * table-int.h - inside a table: the structs the table*.c files share.
 * Nothing outside src/table*.c includes this; the rest of the daemon uses
 * table.h.
 */
#ifndef SRC_TABLE_INT_H
#define SRC_TABLE_INT_H

#include <sys/queue.h>

#include "src/table/table.h"

#define TABLE_RATING_LEN 16

/* Why the CPU thinks for a seat (struct table's cpu_for). */
#define TABLE_CPU_SEAT 0	/* a computer player's own seat */
#define TABLE_CPU_HELD 1	/* for an absent player, until he is back */
#define TABLE_CPU_TIMEOUT 2	/* one move: the player's time ran out */

struct table_seat_state {
	struct identity	*who;		/* NULL: empty; set by
					   table_index_seat */
	struct table	*table;		/* whose seat (table-index.c) */
	struct table_seat_state *next_who; /* the list's hash chain */
	int		 rematch;	/* agreed to play again */
	char		 rating[TABLE_RATING_LEN];
	/* The player's last terminal left during a game (table-clock.c):
	 * the seat waits for him until away_due (clock ms), then the CPU
	 * holds it (held) until he is back. */
	uint64_t	 away_due;
	int		 held;
};

struct table_watch_state {
	struct identity	*who;
	unsigned	 count;		/* terminals watching */
};

struct table {
	struct table_list	*list;
	TAILQ_ENTRY(table)	 entry;
	uint64_t		 serial;	/* order of creation */
	char			 code[TABLE_CODE_SIZE];
	struct table		*next_code;	/* the list's hash chain */
	struct table_spec	 spec;
	const struct variant	*variant;
	int			 nseats;

	struct identity		*host;
	struct table_seat_state	 seat[TABLE_MAX_SEATS];
	struct table_viewer_list viewers;	/* the hall's terminals */
	struct cpujob		*cpu_job;	/* a CPU seat thinking */
	int			 cpu_seat, cpu_ply; /* ... for, and from */
	int			 cpu_polling;
	struct table_watch_state *watch;
	int			 nwatch, capwatch;
	struct identity		*kicked[TABLE_KICKED_MAX];
	int			 nkicked;

	enum table_phase	 phase;
	struct game		*game;		/* in play, or the last one */
	int			 games;		/* games started */
	int			 first;		/* seat of P1 */
	int			 rated;		/* this game */
	int64_t			 started;

	/* Agreements between the players of the running game. */
	int			 draw_offer;	/* seat, -1 */
	int			 undo_ask;	/* seat, -1 */

	/* How the game ended. */
	enum table_end		 end;
	int			 end_seat;
	char			 result[TABLE_RESULT_LEN];
	int			 rank[TABLE_MAX_SEATS];	/* by seat */
	unsigned		 left_last;	/* seats scored last for
						   leaving a rated game */
	int			 nout;		/* yonin eliminations announced */

	/* The turn clock and the reclaim grace (table-clock.c). */
	struct clock_timer	*tick;		/* the next second that shows */
	int			 turn_seat;	/* whose turn the clock is for */
	int			 turn_ply;	/* ... since this ply */
	uint64_t		 turn_due;	/* his time runs out (0: none) */
	int			 timeout_seat;	/* the CPU moves for him: -1 */
	int			*timeouts;	/* plies played when time ran
						   out, ascending */
	int			 ntimeouts, captimeouts;
	int			 cpu_for;	/* why cpu_job thinks: TABLE_CPU_* */

	int			 unsaved;	/* changed since saved: in
						   the list's unsaved */
	TAILQ_ENTRY(table)	 unsaved_entry;

	struct chat		*chat;
	char			 brief[64];	/* table_spec_brief */
	char			 names[4 * 20];	/* "alice, bob" */
};

TAILQ_HEAD(table_head, table);

struct cpujob;
struct cpujob_pool;

struct table_list {
	struct clock		*clock;
	struct cpujob_pool	*cpu;		/* NULL: CPU seats never move */
	int			 cpu_time_ms;
	int			 grace_ms;	/* an absent player's seat waits */
	struct identities	*ids;
	struct table_head	 tables;
	size_t			 count;
	uint64_t		 serial;	/* the next table's */
	/* table-index.c: hash tables of nbuckets (a power of two) by code
	 * and by seat holder, and the tables changed since saved. */
	struct table		**by_code;
	struct table_seat_state	**by_who;
	size_t			 nbuckets;
	struct table_head	 unsaved;
	table_random_cb		 random;
	void			*random_arg;
	table_listener_cb	 listener;
	void			*listener_arg;
};

/* table-index.c */
int	table_index_init(struct table_list *);
void	table_index_free(struct table_list *);
void	table_index_add(struct table_list *, struct table *);
void	table_index_remove(struct table_list *, struct table *);
struct table *table_index_find(struct table_list *, const char *);
void	table_index_seat(struct table *, int, struct identity *);
struct table *table_index_seat_of(struct table_list *,
	    const struct identity *);
void	table_index_unsaved(struct table *);
void	table_index_saved(struct table *);

/* table.c */
void	table_notify(struct table *, enum table_event, struct identity *);
/* table-cpu.c: what the CPU seats owe now (after every change); stop a
 * search in flight (the table goes). */
void	table_cpu_poll(struct table *);
void	table_cpu_stop(struct table *);
/* Empty a seat (no checks); hosting moves on if the host is gone. */
void	table_vacate(struct table *, int seat);
/* A notice in the table chat ("alice sits down"). */
void	table_noticef(struct table *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* The first empty seat, or -1 with "every seat is taken". */
int	table_free_seat(const struct table *, char *err, size_t errlen);
/* The name of the identity in a seat, or "nobody". */
const char *table_seat_name(const struct table *, int seat);
/* Start game number t->games + 1 with the seated players. */
int	table_begin(struct table *, int64_t now, char *err, size_t errlen);
/* Free a table that never was live (a restore that failed): nobody is
 * told it closed, so its saved state stays where it is. */
void	table_discard(struct table *);
struct table *table_alloc(struct table_list *, const struct table_spec *,
	    const char *code, char *err, size_t errlen);
void	table_set_seat(struct table *, int seat, struct identity *);
void	table_set_host(struct table *, struct identity *);

/* table-clock.c */
/* After every change: a new turn starts the turn clock; re-arm. */
void	table_clock_poll(struct table *);
/* The seat's player has no terminal at the table in a game: hold it. */
void	table_seat_away(struct table *, int seat);
/* He is back: the seat is his again at once. */
void	table_seat_reclaim(struct table *, int seat);
/* The ply p (0-based) was played by the CPU for a player out of time. */
int	table_timeout_mark(struct table *, int ply);
/* An undo went back to ply: later marks go. */
void	table_timeout_trim(struct table *, int ply);
/* A rated game over with seats the CPU held: they rank last. */
/* The CPU acts for this seat now (a CPU seat, a held seat, time out). */
int	table_seat_cpu_moves(const struct table *, int seat);

/* table-list.c */
int	table_list_new_code(struct table_list *, char *out);
uint32_t table_list_random(struct table_list *);

/* table-play.c */
/* The game just ended (the engine said so, or a resignation or draw):
 * the result, ranks and the events. */
void	table_game_over(struct table *);
/* The ranks and the stored result of the game just over, from the engine
 * and the table's own end; no events (table_restore uses it too). */
void	table_result_make(struct table *);
/* After a move: announce eliminations, see whether the game is over. */
void	table_after_move(struct table *);
/* The events of a game's end, then absent players give up their seats. */
void	table_over_events(struct table *);

#endif
