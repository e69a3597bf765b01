/*
 * views.h - the hall's screens, as pure functions from what a screen shows
 * to a cell grid.
 *
 * src/ fills one of the read-only structs below from the hall's state and
 * calls the matching view_*_draw; the view clears the grid and draws a whole
 * frame.  Views never see a connection, a line editor or the store: text
 * fields arrive as the visible part of the line plus the cursor's column
 * (see view_form_field_width and friends, which tell src/ how wide a field
 * will be at a given grid size).  Every string may be NULL (drawn as
 * nothing) and is assumed already cleaned (src/term/clean.h); the grid drops
 * anything unprintable anyway.
 *
 * Mouse: a view records where its clickable things landed in a struct
 * view_hits (may be NULL), so src/ can turn a click at x,y into the action
 * without knowing the layout.
 *
 * Layout: everything fits VIEW_MIN_COLS x VIEW_MIN_ROWS; larger grids get
 * wider columns, more rows of lists and chat.  Below the minimum, src/
 * draws view_small instead.
 */
#ifndef SCREENS_VIEWS_H
#define SCREENS_VIEWS_H

#include "screens/grid.h"
#include "screens/lang.h"

#define VIEW_MIN_COLS 80
#define VIEW_MIN_ROWS 24

/* ---- styles by role (one look for every screen) ----------------------- */

/*
 * Every role stands out by an attribute as well as a colour, so screens
 * read the same on a terminal without colours (the writer then sends the
 * attributes only).
 */
enum view_role {
	VIEW_NORMAL,
	VIEW_TITLE,		/* the title bar */
	VIEW_HEADING,		/* a section heading */
	VIEW_RULE,		/* lines between sections */
	VIEW_DIM,		/* less important text */
	VIEW_KEY,		/* the key of a button: "n" */
	VIEW_SELECTED,		/* the selected row of a focused list */
	VIEW_SELECTED_IDLE,	/* the selected row of an unfocused list */
	VIEW_FIELD,		/* an input field */
	VIEW_ERROR,
	VIEW_GOOD,		/* a success message */
	VIEW_USER,		/* a registered name */
	VIEW_GUEST,		/* a guest's name */
	VIEW_YOU,		/* the viewer's own name */
	VIEW_NOTICE,		/* a notice from the hall in the chat */
};

struct grid_style view_style(enum view_role);

/* ---- text helpers ----------------------------------------------------- */

/*
 * One line of s (len bytes) that fits w columns (terminal cells), broken
 * at a space when a word would cross the edge, beside a wide character
 * (Chinese has no spaces; never before its closing punctuation), inside
 * the word when it alone is too long, or at a newline.  Returns the bytes
 * of the line (trailing spaces not included) and sets *next to where the
 * following line starts; at the end of s, *next == len.
 */
size_t	view_text_line(const char *s, size_t len, int w, size_t *next);
/* Rows s needs word-wrapped to w columns (at least 1). */
int	view_text_rows(const char *s, int w);
/*
 * s word-wrapped into the box x,y,w,h; returns the rows drawn.  Text that
 * does not fit is cut, the last row ending in an ellipsis.
 */
int	view_text_wrap(struct grid *, int x, int y, int w, int h,
	    const struct grid_style *, const char *s);
/* s in at most w columns; cut with an ellipsis if longer.  Returns cols. */
int	view_text_fit(struct grid *, int x, int y, int w,
	    const struct grid_style *, const char *s);
/* s centred in the w columns from x. */
int	view_text_centre(struct grid *, int x, int y, int w,
	    const struct grid_style *, const char *s);

/* ---- clickable places ------------------------------------------------ */

enum view_hit_id {
	VIEW_HIT_NONE = 0,
	VIEW_HIT_BUTTON,	/* index = button number of the screen */
	VIEW_HIT_FIELD,		/* index = form field */
	VIEW_HIT_TABLE,		/* index = row in the tables list */
	VIEW_HIT_USER,		/* index = row on the page of names shown */
	VIEW_HIT_CHAT,		/* the chat pane or its input line */
	VIEW_HIT_KEY,		/* index = row in the SSH keys list */
	VIEW_HIT_SETTING,	/* index = setting row */
	VIEW_HIT_OPTION,	/* index = setting row * 16 + choice */
};

#define VIEW_HITS_MAX 64

struct view_hit {
	int		x, y, w, h;
	enum view_hit_id id;
	int		index;
};

struct view_hits {
	int		n;
	struct view_hit	hit[VIEW_HITS_MAX];
};

void	view_hits_clear(struct view_hits *);
/* Record a place (ignored when hits is NULL or full). */
void	view_hits_add(struct view_hits *, int x, int y, int w, int h,
	    enum view_hit_id, int index);
/* The last-added place containing x,y (drawn last = on top), or NULL. */
const struct view_hit *view_hits_find(const struct view_hits *, int x,
	    int y);

/* ---- what every screen has: title bar and status line ----------------- */

struct view_chrome {
	/* The reader's language (screens/lang.h): every view draws its
	 * words in it; NULL is English. */
	const struct lang *lang;
	const char	*hall;		/* the hall's name */
	const char	*screen;	/* "Lobby", "Log in", ... */
	const char	*who;		/* "alice", "guest-7f3a (guest)", NULL */
	int		 online;	/* people online; < 0 = not shown */
	const char	*clock;		/* "12:34" or NULL */
	/* The bottom line: a message if there is one, else the key hints. */
	const char	*status;
	int		 status_error;	/* the message is an error: stand out */
	const char	*hints;		/* "Tab next field  Enter OK  Esc back" */
};

/*
 * Clear the grid and draw the title bar (row 0) and the status line (the
 * last row).  Every view_*_draw does this first.
 */
void	view_chrome_draw(struct grid *, const struct view_chrome *);
/* Only the title bar and the status line, over whatever those rows held
 * (a copy of a shared frame). */
void	view_chrome_bars(struct grid *, const struct view_chrome *);

/* The window is too small: a short note, word-wrapped to whatever fits. */
void	view_small_draw(struct grid *, int cols, int rows);

/* ---- a one-button-per-key bar ------------------------------------------ */

struct view_button {
	const char	*key;	/* "n", "Enter", "?" */
	const char	*label;	/* "new table" */
	const char	*brief;	/* shorter label when space is short, or NULL */
	int		 disabled;
};

/*
 * Draw buttons on row y from x, at most w columns, centred when they fit
 * with room to spare; shortens labels (then drops the last buttons) when
 * they do not fit.  Records VIEW_HIT_BUTTON with index = position in the
 * array.  `selected` (or -1) is shown highlighted.
 */
void	view_buttons_draw(struct grid *, int x, int y, int w,
	    const struct view_button *, int n, int selected,
	    struct view_hits *);

/* ---- welcome ------------------------------------------------------------ */

enum {
	VIEW_WELCOME_LOGIN,
	VIEW_WELCOME_REGISTER,
	VIEW_WELCOME_GUEST,
	VIEW_WELCOME_QUIT,
	VIEW_WELCOME_NBUTTONS
};

struct view_welcome {
	struct view_chrome chrome;
	const char	*tagline;	/* the games, one line */
	const char	*motd;		/* the sysop's words, or NULL */
	int		 selected;	/* VIEW_WELCOME_* */
	int		 passwords_ok;	/* log in / register possible */
	int		 cleartext;	/* telnet: the clear-text warning */
	const char	*guest_name;	/* what a guest would be called, or NULL */
};

void	view_welcome_draw(struct grid *, const struct view_welcome *,
	    struct view_hits *);

/* ---- forms: log in, register, change password, join by code ----------- */

#define VIEW_FORM_FIELDS 4
#define VIEW_FORM_LINES 6
#define VIEW_FORM_BUTTONS 3

struct view_field {
	const char	*label;		/* "Name", "Password" */
	const char	*text;		/* the visible part of the line */
	int		 cursor;	/* cursor column within the field */
	int		 hidden;	/* a password: a note says it is hidden */
	const char	*note;		/* a hint after the field, or NULL */
};

struct view_form {
	struct view_chrome chrome;
	const char	*title;		/* "Register a name" */
	const char	*lines[VIEW_FORM_LINES];	/* text above the fields */
	int		 nfields;
	struct view_field field[VIEW_FORM_FIELDS];
	int		 nbuttons;
	const char	*button[VIEW_FORM_BUTTONS];	/* "OK", "Cancel" */
	/* focus: 0..nfields-1 a field, nfields + i button i */
	int		 focus;
	const char	*message;	/* the result of the last try, or NULL */
	int		 message_error;
	int		 busy;		/* checking: a "please wait" note */
};

/* The width of the text part of a form field on a grid sx columns wide. */
int	view_form_field_width(int sx);
void	view_form_draw(struct grid *, const struct view_form *,
	    struct view_hits *);

/* ---- lobby --------------------------------------------------------------- */

struct view_user {
	const char	*name;
	int		 guest;
	const char	*rating;	/* "1523", "1500?" or NULL when unknown */
	int		 you;		/* this is the viewer */
	int		 sessions;	/* terminals this person has open */
};

struct view_table_row {
	const char	*code;		/* "AB12" */
	const char	*variant;	/* "renju" */
	const char	*options;	/* "19x19 swap2" or NULL */
	int		 seats;		/* seats at the table */
	int		 players;	/* seats taken */
	const char	*names;		/* "alice, bob" */
	int		 watchers;
	const char	*timer;		/* "30s", "60s" or NULL (none) */
	int		 rated;
	int		 private_;	/* open or private */
	int		 mine;		/* the viewer sits or hosts there */
	const char	*unrated_why;	/* "a guest plays": rated was asked */
};

struct view_chat_line {
	const char	*time;		/* "12:34" */
	const char	*from;		/* NULL: a notice from the hall */
	const char	*text;
	int		 guest;		/* from a guest */
	int		 you;		/* from the viewer */
};

enum view_lobby_focus {
	VIEW_LOBBY_TABLES,
	VIEW_LOBBY_USERS,
	VIEW_LOBBY_CHAT,
};

enum {
	VIEW_LOBBY_B_NEW,
	VIEW_LOBBY_B_CPU,
	VIEW_LOBBY_B_JOIN,
	VIEW_LOBBY_B_CODE,
	VIEW_LOBBY_B_WATCH,
	VIEW_LOBBY_B_PROFILE,
	VIEW_LOBBY_B_ACCOUNT,
	VIEW_LOBBY_B_SETTINGS,
	VIEW_LOBBY_B_HELP,
	VIEW_LOBBY_B_QUIT,
	VIEW_LOBBY_NBUTTONS
};

struct view_lobby {
	struct view_chrome chrome;
	enum view_lobby_focus focus;

	const struct view_table_row *tables;
	int		 ntables;
	int		 table_sel;	/* selected row, -1 none */
	int		 table_top;	/* first row shown */

	const struct view_user *users;	/* users[0] is the one at user_top;
					   only the rows shown are filled */
	int		 nusers;	/* everyone online */
	int		 user_sel;
	int		 user_top;
	const char	*find;		/* typing a name to find, or NULL */

	/*
	 * The chat, oldest first: the view shows the newest lines that fit,
	 * minus `chat_back` lines scrolled back (wrapped rows count, see
	 * view_lobby_chat_rows).
	 */
	const struct view_chat_line *chat;
	int		 nchat;
	int		 chat_back;	/* messages scrolled back from the end */
	int		 chat_own;	/* these lines are not everyone's
					   (/ignore): see view_lobby_draw_own */

	const char	*input;		/* the visible part of the chat line */
	int		 input_cursor;
	const char	*input_note;	/* e.g. "slow down" beside the input */
};

/* Rows of table list, online list and chat a grid sx x sy gets. */
int	view_lobby_table_rows(int sx, int sy);
int	view_lobby_user_rows(int sx, int sy);
int	view_lobby_chat_rows(int sx, int sy);
int	view_lobby_input_width(int sx);
void	view_lobby_draw(struct grid *, const struct view_lobby *,
	    struct view_hits *);
/*
 * view_lobby_draw in two halves, so that a crowd's frames are drawn once
 * (src/hall/lobby-frame.c).  The shared half draws what every viewer of
 * the same page sees alike - the sizes, the tables in view, the page of
 * the online list, the chat's newest lines, the count, the buttons, whose
 * places it records in hits (may be NULL) - and ignores the viewer's own:
 * his name on the title bar, the status line, the focus (it draws the
 * lobby's first, on the tables), the selections, `you` marks, scrolling
 * back, the search, the input line.  The own half draws those over a copy
 * of the shared one and records the clicks, the shared half's last.
 * Drawing shared(a) then own(b), for any a that differs from b only in
 * what the shared half ignores, gives the grid view_lobby_draw(b) gives.
 * A table list with one of the viewer's own (mine) is his alone: such a
 * view is drawn whole.
 */
void	view_lobby_draw_shared(struct grid *, const struct view_lobby *,
	    struct view_hits *);
void	view_lobby_draw_own(struct grid *, const struct view_lobby *,
	    const struct view_hits *shared, struct view_hits *);
/*
 * The chat band: the rows *y..*y+*h-1 of a grid sx x sy that hold the
 * chat's lines, full width, and nothing else.  Unless the viewer's chat is
 * his own (view_lobby_chat_own: scrolled back, a line of his in view, or
 * lines left out for him), the own half draws nothing there, so those rows
 * of his frame are the shared half's.
 */
void	view_lobby_chat_band(int sx, int sy, int *y, int *h);
int	view_lobby_chat_own(const struct view_lobby *);

/* ---- account: password and SSH keys ------------------------------------- */

struct view_key_row {
	const char	*fingerprint;	/* "SHA256:..." */
	const char	*type;		/* "ssh-ed25519" */
	const char	*added;		/* "2026-11-29" */
	int		 current;	/* the key of this connection */
};

enum view_conn_key {
	VIEW_CONN_KEY_NONE,		/* no key on this connection */
	VIEW_CONN_KEY_NEW,		/* a key nobody registered: can add */
	VIEW_CONN_KEY_YOURS,		/* already one of the list */
	VIEW_CONN_KEY_OTHER,		/* another account's key */
};

enum {
	VIEW_ACCOUNT_B_ADDKEY,
	VIEW_ACCOUNT_B_REMOVE,
	VIEW_ACCOUNT_B_PASSWORD,
	VIEW_ACCOUNT_B_BACK,
	VIEW_ACCOUNT_NBUTTONS
};

struct view_account {
	struct view_chrome chrome;
	const char	*name;
	const char	*since;		/* "registered 2026-11-29" */
	int		 has_password;
	const struct view_key_row *keys;
	int		 nkeys;
	int		 key_sel;	/* -1 none */
	int		 key_top;
	enum view_conn_key conn_key;
	const char	*conn_fingerprint;
	int		 confirm;	/* asking "remove key_sel? y/n" */
};

int	view_account_key_rows(int sx, int sy);
void	view_account_draw(struct grid *, const struct view_account *,
	    struct view_hits *);

/* ---- profile: ratings and recent games ----------------------------------- */

struct view_rating_row {
	const char	*variant;
	const char	*rating;	/* "1523" or "1500?" (provisional) */
	const char	*deviation;	/* "RD 85" */
	int		 games, wins, losses, draws;
};

struct view_game_row {
	const char	*date;		/* "2026-11-29" */
	const char	*variant;
	const char	*opponents;	/* "bob, CPU" */
	const char	*result;	/* "won", "lost", "draw", "2nd" */
	const char	*change;	/* "+12", "-8" or NULL (unrated) */
};

#define VIEW_HIT_ROW_PROFILE 112	/* index = row of the games list */

struct view_profile {
	struct view_chrome chrome;
	const char	*name;
	int		 guest;
	const char	*since;
	const struct view_rating_row *ratings;
	int		 nratings;
	const struct view_game_row *games;
	int		 ngames;
	int		 top;		/* scrolled: first games row shown */
	int		 selected;	/* games row, -1 none */
	const char	*h2h;		/* "You and bob: 3 won, ..." or NULL */
	const char	*filter;	/* the variant shown, NULL all */
	const char	*detail;	/* about the selected game, or NULL */
};
/* Rows of the games list that fit (for the controller's scrolling). */
int	view_profile_game_rows(const struct view_profile *, int sx, int sy);

void	view_profile_draw(struct grid *, const struct view_profile *,
	    struct view_hits *);

/* ---- settings ----------------------------------------------------------- */

enum {
	VIEW_SETTING_CHARSET,		/* 0 UTF-8, 1 ASCII */
	VIEW_SETTING_COLOURS,		/* 0 256, 1 16, 2 none */
	VIEW_SETTING_MOUSE,		/* 0 on, 1 off */
	VIEW_SETTING_LANGUAGE,		/* lang_at(i): 0 English */
	VIEW_NSETTINGS
};

struct view_settings {
	struct view_chrome chrome;
	int		 choice[VIEW_NSETTINGS];	/* current choice per row */
	int		 detected[VIEW_NSETTINGS];	/* what TERM etc. said */
	int		 selected;			/* row */
	const char	*term;		/* TERM as sent, or NULL */
	const char	*lang;		/* the locale that decided, or NULL */
};

void	view_settings_draw(struct grid *, const struct view_settings *,
	    struct view_hits *);

/* ---- help --------------------------------------------------------------- */

struct view_help {
	struct view_chrome chrome;
	int		 top;		/* first line shown (scrolling) */
};

/* Lines of help text in all (for scrolling limits). */
int	view_help_lines(void);
/* Rows the help text gets on a grid of sy rows. */
int	view_help_rows(int sy);
/* The "KEYS\tWHAT" lines of one section ("Table"), for the rules page
 * at a table; NULL (and *n 0) when there is none. */
const char *const *view_help_section(const char *heading, int *n);
void	view_help_draw(struct grid *, const struct view_help *,
	    struct view_hits *);

#endif
