/*
 * hall-int.h - the hall's insides, shared by hall.c, client.c, the
 * screen-*.c controllers and their helpers (form.c, passjob.c,
 * hall-tables.c).  Nothing outside the hall includes this; main() uses
 * hall.h.
 *
 * Shape:
 *
 *   conn  --input-->  client (keys, size)  --key-->  top screen
 *   hall state change -> CLIENT_REDRAW on the clients it concerns (a
 *   table's viewers, hall->lobby, everyone) -> when the frame is due the
 *   top screen draws a view into the scratch grid -> tty_diff against what
 *   the terminal shows -> conn
 *
 * Where a client is (c->table, or the lobby) is the hall's state, not
 * its screens': see hall_table_enter/hall_table_leave (screen-table.h).
 *
 * A client is one connection's session: its terminal (capabilities, size,
 * the grid it shows), its key decoder with the Esc timer, and a small stack
 * of screens (welcome, then lobby with account/help/... pushed over it).
 * A screen is a table of functions plus its own state; it fills a view
 * struct (screens/views.h) and never writes bytes itself.
 */
#ifndef SRC_HALL_INT_H
#define SRC_HALL_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>

#include "screens/buf.h"
#include "screens/grid.h"
#include "screens/grid-pack.h"
#include "screens/tty-caps.h"
#include "screens/views.h"
#include "src/people/chat.h"
#include "src/net/conn.h"
#include "src/people/identity.h"
#include "src/table/table.h"
#include "src/term/keys.h"
#include "src/base/ratelimit.h"

struct clock_timer;
struct event;
struct event_base;
struct config;
struct store;
struct worker;
struct worker_job;
struct passjob;
struct rating;
struct store_user;

#define HALL_NAME "gamehall"
#define HALL_TAGLINE N_("gomoku, renju, Connect6 and four-player shogi")

/* The grid never grows past this, whatever size the terminal claims: a
 * larger terminal gets the screen in its top-left corner. */
#define CLIENT_COLS_MAX 500
#define CLIENT_ROWS_MAX 200
#define CLIENT_STACK_MAX 8
#define CLIENT_STATUS_LEN 256
#define CLIENT_EXEC_LEN 256
#define PASSWORD_FIELD_MAX 256	/* characters a password field takes */
/* A name field takes more than a name may have, so a long name gets a
 * clear "at most 16" instead of keys that silently do nothing. */
#define NAME_FIELD_MAX 40

/*
 * At most one frame per this many ms: a burst of changes (a crowd arriving
 * in the lobby) costs each viewer one frame, not one per change.  Well under
 * the 50 ms a move may take to reach the other screens.
 *
 * Keys are not metered here: the conn meters keyboard input (config
 * input_rate/input_burst) and delays what is beyond it by reading the
 * socket no faster, so a paste arrives whole, later, and a flood backs up
 * into the sender's TCP window (src/net/conn.c).
 */
#define CLIENT_FRAME_MS 20
/*
 * Changes the viewer did not cause and need not see at once (someone
 * arrived or left, a lobby chat line) wait for this since the last frame:
 * with a crowd arriving, each viewer draws a few frames a second instead of
 * one per arrival, which made a login cost grow with the crowd.
 */
#define CLIENT_AMBIENT_MS 150
/*
 * With a crowd, ambient frames are rationed: the rationed walk
 * (hall-walk.c) marks at most this many clients a second in all, more only
 * when a round of everyone would take longer than HALL_AMBIENT_MAX_MS, so
 * what an arrival costs the daemon no longer grows with the number of
 * people who would see it: each of them sees the new count a little later
 * instead.  A lobby chat line is not rationed this way: it goes to the
 * lobby's viewers only, a slice a loop turn, within CLIENT_AMBIENT_MS.
 */
#define HALL_AMBIENT_FPS 1000
#define HALL_AMBIENT_MAX_MS 5000
/* The rationed walk marks a slice of clients this often (hall-walk.c). */
#define HALL_AMBIENT_WALK_MS 20
/* The chat walk marks this many clients of the lobby a loop turn: about
 * 3 ms of frames, so that a table's frames never wait long behind it. */
#define HALL_WALK_SLICE 128
/* Past this many online, who comes and goes is no longer said in the
 * lobby chat (hall.c, hall_announce). */
#define HALL_ANNOUNCE_MAX 100
#define CLIENT_LINGER_MS 2000	/* waiting for output before closing */

/*
 * Why a client must draw: set by whatever changed, checked once when the
 * frame is due (client_draw), cleared when it went out.
 */
#define CLIENT_REDRAW		0x1	/* the screen changed: draw a frame */
#define CLIENT_REDRAW_FULL	0x2	/* ... and send it whole (Ctrl-L, a
					   new size, a terminal in doubt) */

struct client;
struct hall;

/*
 * A walk over many clients, a slice at a time (hall-walk.c): the lobby's
 * (lobby) or everyone's, where it goes on from (NULL: not walking).
 */
struct hall_walk {
	struct hall		*hall;
	bool			 lobby;		/* hall->lobby, else clients */
	struct clock_timer	*timer;
	struct client		*next;
	bool			 again;		/* changed since the round began */
	bool			 everyone;	/* not only the lobby (clients) */
	bool			 everyone_again;
};

/* Which shared frame, at which generation, a viewer's frame was drawn
 * over (lobby_frames_get), or the steps brought it to since. */
struct lobby_seen {
	int		 slot;
	uint64_t	 id;
	uint64_t	 gen;
};
/*
 * Where a viewer's lobby frame is his own, not the shared frame's
 * (lobby_frames_own): whole rows below the title bar, and columns of the
 * title bar (his name, and the cells beside it that move when the count
 * of those online grows a digit); and the rows that steps brought on
 * since his last full frame, where his packed shown grid is behind.
 */
#define LOBBY_OWN_WORDS ((CLIENT_ROWS_MAX + 63) / 64)
struct lobby_own {
	uint64_t	 rows[LOBBY_OWN_WORDS];
	int		 x0, x1;	/* row 0: x0..x1-1 (x0 == x1: none) */
	int		 behind0, behind1; /* behind0 > behind1: none */
};

/* A screen: what it draws and what its keys do. */
struct screen {
	const char	*name;
	/* Fill a view and draw it into g; record clickable places in
	 * c->hits. */
	void		(*draw)(struct client *c, void *state, struct grid *g);
	void		(*key)(struct client *c, void *state,
			    const struct key_event *ev);
	void		(*free)(void *state);
};

struct client_screen {
	const struct screen	*screen;
	void			*state;
};

struct client {
	struct hall		*hall;
	struct conn		*conn;		/* NULL once closed */
	const struct conn_info	*info;
	TAILQ_ENTRY(client)	 entry;

	/* Who this is: NULL on the welcome screen. */
	struct identity		*identity;

	/*
	 * Where this person is: at a table (c->table, with c->viewer in the
	 * table's list of viewers), else in the lobby once logged in (then
	 * in_lobby, and listed in hall->lobby).  Only the hall's table code
	 * (hall-tables.c) and hall_set_identity change them; screens read
	 * them and never decide them.
	 */
	struct table		*table;
	struct table_viewer	 viewer;
	bool			 in_lobby;
	TAILQ_ENTRY(client)	 lobby_entry;

	/* The language the screens are drawn in (English by default, the
	 * account's choice once logged in): handed to every view through
	 * its chrome, never process state (screens/lang.c). */
	const struct lang	*lang;

	/* The terminal. */
	struct tty_caps		 caps;		/* in use */
	struct tty_caps		 detected;	/* what TERM etc. said */
	char			 detected_term[CONN_TERM_LEN]; /* ... the TERM */
	bool			 caps_chosen;	/* set in Settings: detection
						   no longer decides */
	bool			 mouse;		/* mouse reports wanted */
	bool			 mouse_sent;	/* ... and the terminal told */
	bool			 entered;	/* tty_enter was sent */
	int			 cols, rows;	/* as the client says */
	struct grid_pack	*shown;		/* what the terminal shows,
						   packed between frames (an
						   idle client's 15 KB of cells
						   take about 1), or NULL */
	bool			 shown_valid;
	/*
	 * A lobby frame drawn over a shared one (lobby_seen says which, at
	 * which generation; lobby_own where it is his own): while his own
	 * half stays as it was (lobby_fast: nothing but ambient changes
	 * since), changes of the shared one elsewhere reach him as the
	 * steps' bytes, encoded once for everyone.  Then `shown` is behind
	 * where they changed it (shown_behind) until the next full frame
	 * puts it right.
	 */
	struct lobby_seen	 lobby_seen;
	struct lobby_seen	 lobby_next;	/* of the frame being drawn */
	struct lobby_own	 lobby_own, lobby_own_next;
	bool			 lobby_drawn;	/* ... it was such a frame */
	bool			 lobby_fast;
	bool			 shown_behind;
	int			 redraw;	/* CLIENT_REDRAW* */
	struct clock_timer	*redraw_timer;	/* coalesces redraws */
	bool			 redraw_background; /* ... only ambient ones */
	uint64_t		 frame_ms;	/* when the last frame went */
	struct view_hits	 hits;		/* of the frame last drawn */
	char			 who[IDENTITY_NAME_LEN + 16]; /* title text */

	/* Input. */
	struct keys		 keys;
	uint64_t		 input_ms;	/* when the last key came */
	struct clock_timer	*esc_timer;	/* the lone-Esc timer */
	bool			 quit_asked;	/* Ctrl-C once in a game */

	/* The status line: until the next key. */
	char			 status[CLIENT_STATUS_LEN];
	bool			 status_error;

	/* Screens, bottom first. */
	struct client_screen	 stack[CLIENT_STACK_MAX];
	int			 depth;

	/* An exec command (`ssh -t host join AB12`) waiting for the lobby. */
	char			 exec[CLIENT_EXEC_LEN];
	bool			 guest_offer;	/* came in as a guest by it */

	/* A password job on the worker pool (see passjob.h). */
	struct passjob		*job;

	/* Leaving: the terminal is restored, then the conn closed. */
	bool			 closing;
	bool			 close_sent;	/* conn_close was called */
	char			*farewell;
	struct clock_timer	*linger_timer;
	struct clock_timer	*lobby_timer;	/* hall_lobby_soon */
	bool			 lobby_due;
};

TAILQ_HEAD(client_list, client);

struct hall {
	struct event_base	*base;
	struct clock		*clock;
	const struct config	*cfg;
	struct store		*store;
	struct worker		*worker;

	struct client_list	 clients;
	unsigned		 nclients;
	struct client_list	 lobby;		/* clients in the lobby */
	struct event		*reap_ev;	/* frees emptied tables */

	struct identities	*ids;
	unsigned		 online;	/* identities with sessions */
	struct chat		*chat;		/* the lobby's */
	struct table_list	*tables;	/* hall-tables.c */
	char			 host[256];	/* in the share line */

	/*
	 * Bumped whenever an account changes (a key added or removed, a
	 * password set) on any terminal: a screen showing account data
	 * reads it again when this moved since it last read.
	 */
	uint64_t		 account_gen;

	bool			 shutting_down;
	char			*shutdown_message;

	/* The sysop's: mutes, the MOTD, the countdown (hall-sysop.c). */
	struct hall_sysop	*sysop;

	/* Live tables to the store (hall-save.c). */
	struct clock_timer	*save_timer;
	bool			 saves_frozen;	/* shutting down: no more */

	/*
	 * Every client draws its next frame here and diffs it into `out`:
	 * the loop draws one client at a time, so one scratch grid and one
	 * buffer serve all of them instead of a frame per idle session.
	 * After a frame is sent the scratch grid and the client's `shown`
	 * change places.
	 */
	struct grid		*frame;
	struct buf		 out;
	/* What the lobby's crowd sees alike, drawn once (lobby-frame.c). */
	struct lobby_frames	*lobby_frames;
	/* Changes many may see are told to them a slice at a time: chat
	 * lines to the lobby, rationed arrivals and such to everyone. */
	struct hall_walk	 chat_walk;
	struct hall_walk	 ambient_walk;
	/* The lobby view's rows, filled per frame like `frame`. */
	struct view_user	 lobby_users[CLIENT_ROWS_MAX];
	struct view_chat_line	 lobby_chat[CHAT_SCROLLBACK];

	/* Who is online, sorted by name (hall-online.c): kept in order as
	 * people come and go, never sorted again. */
	struct identity		**online_sorted;
	size_t			 online_cap;
};

/* ---- hall-save.c: live tables in the store --------------------------------- */

int	 hall_save_init(struct hall *);
void	 hall_save_free(struct hall *);
/* A table changed: the next batch saves it. */
void	 hall_save_soon(struct hall *);
/* Every unsaved table to the store now, in one transaction. */
void	 hall_save_flush(struct hall *);
/* A table closed: its saved state goes. */
void	 hall_save_forget(struct hall *, struct table *);
/* Shutting down: tell the tables, save them all, save nothing more. */
void	 hall_save_last(struct hall *);

/* ---- hall-sysop.c: moderation, the MOTD, broadcasts, the countdown ----- */

int	 hall_sysop_init(struct hall *);
void	 hall_sysop_free(struct hall *);
/* The message of the day, or NULL. */
const char *hall_sysop_motd(struct hall *);
/* Set it (NULL or "": none); kept in the state directory.  0 or -1. */
int	 hall_sysop_set_motd(struct hall *, const char *text);
/* id is muted: true, with what to tell him in why. */
bool	 hall_sysop_muted(struct hall *, const struct identity *id,
	    char *why, size_t len);
/* Mute a name for `seconds` (0: until unmuted); unmute: 0, -1 if not
 * muted. */
void	 hall_sysop_mute(struct hall *, const char *name, int64_t seconds);
int	 hall_sysop_unmute(struct hall *, const char *name);
/* Whether a name is muted now, and until when (0: until unmuted). */
bool	 hall_sysop_is_muted(struct hall *, const char *name, int64_t *until);
/*
 * A connection (its key, its address) or a name (may be NULL) is banned:
 * true, with the line to tell the user in why.
 */
bool	 hall_sysop_banned(struct hall *, const struct conn_info *,
	    const char *name, char *why, size_t len);
/* Everyone now banned leaves at once; returns how many sessions. */
int	 hall_sysop_enforce(struct hall *);
/* Sessions of `who` (a name, or a session "ADDRESS:PORT") leave with the
 * reason; returns how many. */
int	 hall_sysop_kick(struct hall *, const char *who, const char *reason);
/* Shown on every terminal's status line until its next key. */
void	 hall_sysop_broadcast(struct hall *, const char *text);
/* The lobby opened for c: the MOTD on its status line. */
void	 hall_sysop_greet(struct client *);
/* Close a live table: its game stored as aborted, unrated; 0, or -1 with
 * the reason in why. */
int	 hall_sysop_table_close(struct hall *, const char *code,
	    const char *reason, char *why, size_t len);
/* A countdown everyone sees, then the daemon stops (seconds 0: now);
 * cancel: 0, or -1 when none runs. */
void	 hall_sysop_shutdown(struct hall *, int seconds, const char *message);
int	 hall_sysop_shutdown_cancel(struct hall *);
/* Seconds left of the countdown, -1 when none runs. */
int	 hall_sysop_shutdown_left(struct hall *);
/* When the hall started (wall seconds). */
int64_t	 hall_sysop_started(struct hall *);
/* The password resets waiting for the worker pool (hall-command.c). */
struct cmd_reset;
struct cmd_reset **hall_sysop_resets(struct hall *);
/* The hall goes: those resets end without it. */
void	 hall_command_free(struct hall *);

/* ---- hall-ignore.c: /ignore and /unignore in any chat ------------------- */

/* text, typed in a chat, was /ignore or /unignore: done (the status line
 * says so), true; else false: it is chat. */
bool	 hall_ignore_command(struct client *, const char *text);

/* ---- hall.c -------------------------------------------------------------- */

/* Every client draws again soon (what they show may have changed),
 * rationed with a crowd (HALL_AMBIENT_*). */
void	 hall_dirty_all(struct hall *);
/* ... every client in the lobby. */
void	 hall_dirty_lobby_soon(struct hall *);
/*
 * The client becomes identity id (NULL: nobody), taking over the caller's
 * reference and giving back the old one; who is online changes, and with
 * `announce` the lobby chat says so.
 */
void	 hall_set_identity(struct hall *, struct client *, struct identity *id,
	    bool announce);
/* The client becomes id (as above, announced) and goes to the lobby,
 * where a waiting exec command runs. */
void	 hall_enter(struct hall *, struct client *, struct identity *id);
/* The lobby opens on the next loop turn, replacing every screen, once the
 * screen that asked has returned (it is not freed under its own feet). */
void	 hall_lobby_soon(struct client *);
void	 hall_lobby_due(void *client);
/* Say something in the lobby chat as the client's identity: 0, or -1
 * with the reason (too fast: wait) in why. */
int	 hall_chat(struct hall *, struct client *, const char *text,
	    char *why, size_t whylen);
/* ---- hall-walk.c: telling a crowd, a slice at a time --------------------- */

int	 hall_walk_init(struct hall_walk *, struct hall *, bool lobby);
void	 hall_walk_free(struct hall_walk *);
/* A change: everyone the walk covers draws again (everyone: not only the
 * lobby's clients, on the walk over all of them). */
void	 hall_walk_start(struct hall_walk *, bool everyone);
/* c leaves the walk's list. */
void	 hall_walk_gone(struct hall_walk *, struct client *c);

/* ---- lobby-frame.c: the lobby's shared frames ------------------------- */

struct lobby_frames;
struct lobby_frames_stats {
	uint64_t	 drawn;		/* shared frames drawn */
	uint64_t	 shared;	/* ... and used again by another viewer */
	uint64_t	 encoded;	/* steps turned into a terminal's bytes */
	uint64_t	 caught_up;	/* viewers sent steps instead of a diff */
};

struct lobby_frames *lobby_frames_new(void);
void	 lobby_frames_free(struct lobby_frames *);
/* Something every lobby viewer may see changed (someone came or went, a
 * chat line): the frames drawn so far are out of date. */
void	 lobby_frames_changed(struct lobby_frames *);
/* ... and the tables' listing changed too. */
void	 lobby_frames_tables_changed(struct lobby_frames *);
/* The tables as listed to someone with none of his own, built once per
 * change (NULL and 0 when out of memory). */
const struct view_table_row *lobby_frames_tables(struct lobby_frames *,
	    struct hall *, int *n);
/* id sits at or hosts a table: his list is his own (his tables first). */
bool	 lobby_frames_has_table(struct lobby_frames *, struct hall *,
	    const struct identity *id);
/*
 * The shared half of the lobby (view_lobby_draw_shared) for v at sx x sy,
 * drawn now unless one drawn since the last change is kept for the same
 * page; NULL when there is none and `may_draw` is false (v's chat lines
 * are not everyone's), or out of memory; *hits are the places its buttons
 * were drawn, *seen (may be NULL) which frame it is.  Valid until the next
 * call.
 */
const struct grid *lobby_frames_get(struct lobby_frames *,
	    const struct view_lobby *v, int sx, int sy, bool may_draw,
	    const struct view_hits **hits, struct lobby_seen *seen);
/* Where frame, a viewer's lobby drawn over shared, is his own. */
void	 lobby_frames_own(struct lobby_own *, const struct grid *frame,
	    const struct grid *shared);
/*
 * Encoded once, sent to many.  A viewer shows the frame `seen` with his
 * own half over it (own), and his own half is as it was: when what
 * changed on his page since is nowhere his own half drew (a chat line, the
 * count of those online, the page of names when his name and selection
 * are not on it) and is all there is to see (not the tables, whose rows
 * his selection shows in full), the bytes that bring him up to date are
 * the same for everyone who shows that page; they are worked out once per
 * step and kind of terminal.  Appends them to out, the cursor left where
 * the shared half has it, and moves seen and own's rows behind on: 1.
 * 0: nothing changed.  -1: not so (the page is not drawn yet at the
 * newest generation, his own half is in the way, his generation is gone,
 * out of memory): out is as it was, and he draws in full.
 */
int	 lobby_frames_catch_up(struct lobby_frames *, struct lobby_seen *seen,
	    struct lobby_own *own, const struct tty_caps *, struct buf *out);
/*
 * The rows behind of shown, a grid the viewer's terminal showed before
 * steps brought it on to the generation seen, put right from that
 * generation (his own cells are still right): 0, or -1 when it is gone
 * and those rows changed since.
 */
int	 lobby_frames_restore(struct lobby_frames *,
	    const struct lobby_seen *seen, const struct lobby_own *own,
	    struct grid *shown);
const struct lobby_frames_stats *lobby_frames_stats(
	    const struct lobby_frames *);

/* ---- hall-online.c ------------------------------------------------------ */

/* Everyone online, sorted by name (valid until who is online changes). */
struct identity *const *hall_online(struct hall *, size_t *n);
/* Someone's first terminal came, his last went. */
void	 hall_online_add(struct hall *, struct identity *);
void	 hall_online_remove(struct hall *, struct identity *);
/* Where a name starting with `prefix` is (or would be) in the list,
 * ignoring case: the first index whose name is not below it. */
size_t	 hall_online_find(struct hall *, const char *prefix);
/* Account `user` changed in the store (keys, password): every terminal
 * showing it reads it again (see hall->account_gen). */
void	 hall_account_changed(struct hall *, int64_t user);
/* Fill an identity's lobby rating from the store. */
void	 hall_identity_rating(struct hall *, struct identity *);
/* The identity of an account logging in (a reference): its sysop flag and
 * lobby rating filled in, the visit recorded.  NULL: out of memory. */
struct identity *hall_user_identity(struct hall *, const struct store_user *);
/* A rating as every screen shows it: "1523", or "1500?" while it is
 * provisional. */
void	 hall_rating_text(const struct rating *, char *buf, size_t len);
/* Post a notice to the lobby chat and redraw. */
void	 hall_notice(struct hall *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* ---- hall-tables.c: the tables the lobby lists -------------------------- */

/*
 * The lobby shows the rows hall_tables_rows gives and its actions call the
 * functions below (the table screens use src/hall/screen-table.h).
 */
int	 hall_tables_init(struct hall *);
/* The client is in the lobby now (logged in and at no table), or not. */
void	 hall_lobby_enter(struct client *);
void	 hall_lobby_leave(struct client *);
void	 hall_tables_free(struct hall *);
/* The tables the lobby lists to `who` (may be NULL): the open ones, and
 * his own (a seat, or hosting) even when private. */
int	 hall_tables_count(struct hall *, const struct identity *who);
/* Fill at most max rows, his own first; returns how many.  The rows'
 * strings are valid until the tables change. */
int	 hall_tables_rows(struct hall *, const struct identity *who,
	    struct view_table_row *rows, int max);
/* Join / watch a table by code: 0, or -1 with a message in why. */
/*
 * A seat of the client's identity waits in a game (he dropped, or left
 * for the lobby): the terminal goes there, whatever it came for, with a
 * line that says so.  false when there is none.
 */
bool	 hall_tables_reclaim(struct hall *, struct client *);
int	 hall_tables_join(struct hall *, struct client *, const char *code,
	    bool watch, char *why, size_t whylen);
/* Create a table from "VARIANT [KEY=VALUE...]" (NULL: the defaults). */
int	 hall_tables_create(struct hall *, struct client *, const char *spec,
	    char *why, size_t whylen);

/* ---- client.c ------------------------------------------------------------ */

struct client	*client_new(struct hall *, struct conn *,
		    const struct conn_info *);
void		 client_free(struct client *);
void		 client_input(struct client *, const unsigned char *, size_t);
void		 client_resize(struct client *, int cols, int rows);
void		 client_writable(struct client *);
/* The conn is gone: no more writing. */
void		 client_closed(struct client *);

/* Set CLIENT_REDRAW: a frame goes within CLIENT_FRAME_MS of the last. */
void		 client_dirty(struct client *);
/* Draw again within CLIENT_AMBIENT_MS: a change someone else made. */
void		 client_dirty_ambient(struct client *);
/* ... and within `ms` of the last frame (the hall scales it with the
 * crowd, see hall_dirty_all). */
void		 client_dirty_after(struct client *, unsigned ms);
/* Ctrl-L: forget what the terminal shows and send everything. */
void		 client_redraw(struct client *);

void		 client_push(struct client *, const struct screen *, void *);
void		 client_pop(struct client *);
/* Replace the whole stack with one screen. */
void		 client_reset(struct client *, const struct screen *, void *);
/* The top screen's state, or NULL. */
void		*client_top(struct client *);

/* The status line: fmt is English and shown in the client's language
 * (the marked sources' catalogs, screens/lang.h). */
void		 client_status(struct client *, bool error, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));
void		 client_status_clear(struct client *);

/* Terminal settings chosen by the user: UTF-8, colours (TTY_COLOURS_*),
 * mouse.  From then on a terminal type learnt late changes nothing. */
void		 client_set_caps(struct client *, int utf8, int colours,
		    bool mouse);
/* Back to what the terminal told (and mouse on), following it again. */
void		 client_caps_reset(struct client *);

/* Restore the terminal, say farewell (may be NULL; English, shown in the
 * client's language), close. */
void		 client_leave(struct client *, const char *farewell);

/* The chrome every screen draws: title bar and status line.  screen and
 * hints are English (hints marked N_()), drawn in the client's language. */
void		 client_chrome(struct client *, struct view_chrome *,
		    const char *screen, const char *hints);
/* Where a mouse press landed in the last frame (NULL: nowhere). */
const struct view_hit *client_hit(struct client *,
		    const struct key_event *);
/* The frame's size (what views draw into). */
int		 client_sx(const struct client *);
int		 client_sy(const struct client *);

/* ---- the screens (screen-*.c) -------------------------------------------- */

void	 screen_welcome_open(struct client *);
void	 screen_login_open(struct client *);
void	 screen_register_open(struct client *);
void	 screen_lobby_open(struct client *);
void	 screen_account_open(struct client *);
void	 screen_password_open(struct client *, bool has_password);
void	 screen_profile_open(struct client *, struct identity *);
void	 screen_settings_open(struct client *);
void	 screen_help_open(struct client *);
void	 screen_code_open(struct client *, bool watch);
/* A complaint about `who` for the sysop (from his profile). */
void	 screen_report_open(struct client *, const struct identity *who);
/* The sysop menu; refused (a status line) to anyone without the role. */
void	 screen_sysop_open(struct client *);
/* The lobby under the top screen selects the table with this code (coming
 * back from it, Enter goes there again). */
void	 screen_lobby_select(struct client *, const char *code);

/* Keys every screen shares; 1 if handled (Ctrl-L). */
/* Esc or q goes back (pops the screen), ? or F1 opens the help; 1 if the
 * key was one of them. */
int	 screen_nav_key(struct client *, const struct key_event *);
/* Moving a selection in a list of n rows showing `rows` at a time: the
 * key moved it (1) or is not a list key (0). */
int	 screen_list_key(const struct key_event *, int n, int rows, int *sel,
	    int *top, bool vi);
/* Keep sel visible in a window of rows starting at top. */
void	 screen_list_clamp(int n, int rows, int *sel, int *top);
/*
 * A chat's messages as view rows (at most max), `me`'s own marked (may be
 * NULL); returns how many.  *back (messages scrolled back) grows with the
 * messages that came since *seen, so a reader scrolled back keeps seeing
 * the same ones.
 */
int	 screen_chat_lines(struct chat *, const struct identity *me, int *back,
	    uint64_t *seen, struct view_chat_line *out, size_t max);
/* A day as "2024-05-17" (UTC), or "-" for none (when <= 0). */
void	 screen_date(int64_t when, char *buf, size_t len);
/*
 * Four-player shogi: the piece on `from` put down on `to`, as the
 * engine's list of legal moves has it: 1 with the move in *m (its
 * promotion as it must be), 2 when promoting is a choice (*m promotes),
 * 0 when it may not go there (*m is the move as tried, unpromoted).
 */
int	 screen_yonin_put(const struct game *, int from, int to,
	    struct move *m);

#endif
