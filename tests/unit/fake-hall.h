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
	int			 cols, rows;	/* the screen's size */

	unsigned char		*out;		/* everything sent, in order */
	size_t			 nout, outsize;
	size_t			 sends;		/* offers (transport send calls) */
	bool			 stalled;	/* takes nothing (not reading) */
	int			 closes;	/* transport close calls */
	bool			 gone;

	void			*vt;		/* VTerm */
	void			*screen;	/* VTermScreen */
	char			*row;		/* scratch for fake_term_row */
	size_t			 rowsize;

	TAILQ_ENTRY(fake_term)	 entry;
};

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
 * A new SSH connection with a pty of cols x rows (as the client claims:
 * the conn clamps it, the screen is kept at the clamped size), TERM
 * xterm-256color and a UTF-8 locale; opened by the hall and settled.
 */
struct fake_term *fake_term_connect(struct fake_hall *, int cols, int rows);
/* The same, from a client whose SSH key (not an account's) was verified. */
struct fake_term *fake_term_connect_key(struct fake_hall *, int cols,
		    int rows, const char *fingerprint);
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
/* How many times text occurs on the screen (rows read separately). */
int		 fake_term_count(struct fake_term *, const char *text);
/* The whole screen as text, rows joined by newlines (malloc'd). */
char		*fake_term_screen(struct fake_term *);
/* Whether the bytes sent since offset `from` contain seq. */
bool		 fake_term_sent(struct fake_term *, size_t from,
		    const char *seq);

#endif
