/*
 * fake-hall.h - a real hall (src/hall) on a fake server and fake
 * transports, for unit tests of the screen controllers.
 *
 * The hall, its conns (src/net/conn.c), the store (in memory) and the
 * worker pool are the real ones; only the server (its accessors) and the
 * transports are fakes.  Time is a manual clock: fake_hall_spin() runs the
 * loop and moves the clock a millisecond at a time, so the hall's frame
 * and Esc timers fire as they would, without sleeping.  Every byte a
 * terminal is sent goes into a libvterm screen, which the tests read back
 * as text, and into a capture buffer they can search for sequences.
 */
#ifndef TESTS_UNIT_FAKE_HALL_H
#define TESTS_UNIT_FAKE_HALL_H

#include <sys/queue.h>

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

struct fake_hall;
struct conn;
struct hall;
struct client;

/* One connection and the terminal at its far end. */
struct fake_term {
	struct fake_hall	*fh;
	struct conn		*conn;		/* NULL once gone */
	char			 name[64];	/* fake_term_guest's guest */
	int			 cols, rows;	/* the screen's size */

	unsigned char		*out;		/* everything sent, in order */
	size_t			 nout, outsize;
	size_t			 sends;		/* offers: send calls */
	bool			 stalled;	/* takes nothing, not reading */
	int			 closes;	/* transport close calls */
	bool			 gone;

	void			*vt;		/* VTerm */
	void			*screen;	/* VTermScreen */
	char			*row;		/* scratch for fake_term_row */
	int			*rowcol;	/* ... each byte's column */
	size_t			 rowsize;

	TAILQ_ENTRY(fake_term)	 entry;
};

/* Keys as a terminal sends them. */
#define FAKE_ENTER "\r"
#define FAKE_ESC "\033"
#define FAKE_CTRL_L "\014"

/*
 * The hall of the test that runs: a TCase from fake_hall_tcase() makes a
 * new one before each test and frees it after.
 */
extern struct fake_hall *fh;
TCase		*fake_hall_tcase(const char *name);

/* A hall, ready to take connections; the clock stands at a fixed time. */
struct fake_hall *fake_hall_new(void);
/* Close every connection and free everything. */
void		 fake_hall_free(struct fake_hall *);
struct hall	*fake_hall_hall(struct fake_hall *);

/*
 * Run the loop for ms milliseconds of the manual clock (0: just what is
 * due now), a millisecond at a time.
 */
void		 fake_hall_spin(struct fake_hall *, int ms);
/* Long enough for any frame to go out (ambient changes wait longest). */
void		 fake_hall_settle(struct fake_hall *);
/* Run the loop (in real time) until the worker pool has no job left,
 * then settle. */
void		 fake_hall_wait_worker(struct fake_hall *);
/*
 * Hold the pool's one thread with a job of the test's own, so that a job
 * queued behind it is surely still pending (worker_pending counts the
 * holder too); release lets it go and waits for the pool to empty.
 */
void		 fake_hall_hold_worker(struct fake_hall *);
void		 fake_hall_release_worker(struct fake_hall *);

/*
 * A new SSH connection with a pty of cols x rows (as the client claims:
 * the conn clamps it, the screen is kept at the clamped size), TERM
 * xterm-256color and a UTF-8 locale, handed to the hall; settled.
 */
struct fake_term *fake_term_connect(struct fake_hall *, int cols, int rows);
/*
 * The same, from a client whose SSH key (not an account's) was verified
 * (fingerprint, or NULL) and who asked for a command (`ssh -t host join
 * CODE`: exec, or NULL).
 */
struct fake_term *fake_term_connect_with(struct fake_hall *, int cols,
		    int rows, const char *fingerprint, const char *exec);
/* A guest in the lobby at 80x24 ("g" on the welcome screen), his name in
 * the terminal's name. */
struct fake_term *fake_term_guest(struct fake_hall *);
/* Type bytes (keys as a terminal sends them) and settle. */
void		 fake_term_type(struct fake_term *, const char *keys);
/* The same, without running the loop. */
void		 fake_term_input(struct fake_term *, const char *keys);
/* The window changes size (the screen follows) and the loop settles. */
void		 fake_term_resize(struct fake_term *, int cols, int rows);
/* The terminal stops reading (takes no output), or reads again: then what
 * was kept goes out and the hall is told it may draw. */
void		 fake_term_stall(struct fake_term *, bool stalled);
/* The peer hangs up: the transport goes and the hall is told. */
void		 fake_term_hangup(struct fake_term *);
/* The hall's client of this connection (NULL before open, after close). */
struct client	*fake_term_client(struct fake_term *);

/* Write to the screen behind the hall's back (another program did). */
void		 fake_term_scribble(struct fake_term *, const char *bytes);

/* The text of one row of the screen, trailing blanks cut (scratch). */
const char	*fake_term_row(struct fake_term *, int row);
/* The row where text is, or -1. */
int		 fake_term_find(struct fake_term *, const char *text);
/* Click (mouse button 1, pressed and released) on text, and settle. */
void		 fake_term_click(struct fake_term *, const char *text);
/* How many times text occurs on the screen (rows read separately). */
int		 fake_term_count(struct fake_term *, const char *text);
/* Of two players at a table, the one whose screen says "you to move"
 * (the test fails unless exactly one does). */
struct fake_term *fake_term_to_move(struct fake_term *, struct fake_term *);
/* A move typed after ':' ("h8", "7g7f"), and settle. */
void		 fake_term_play(struct fake_term *, const char *move);
/* The whole screen as text, rows joined by newlines (malloc'd). */
char		*fake_term_screen(struct fake_term *);
/* The word after prefix on the title bar ("guest-1a2b", a table code). */
void		 fake_term_title_word(struct fake_term *, const char *prefix,
		    char *out, size_t len);
/* Whether the bytes sent since offset `from` contain seq. */
bool		 fake_term_sent(struct fake_term *, size_t from,
		    const char *seq);

/* Fail with the whole screen, so a failure shows what was drawn. */
#define ck_screen(ft, cond, what) do {					\
	if (!(cond)) {							\
		char *scr_ = fake_term_screen(ft);			\
		ck_abort_msg("%s; the screen:\n%s", what, scr_);	\
	}								\
} while (0)
#define ck_shows(ft, text) \
	ck_screen(ft, fake_term_find(ft, text) >= 0, "no '" text "'")
#define ck_hides(ft, text) \
	ck_screen(ft, fake_term_find(ft, text) < 0, "'" text "' still shown")

#endif
