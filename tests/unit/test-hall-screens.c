/*
 * test-hall-screens.c - the hall's screen controllers (src/hall/screen-*.c)
 * driven as a person drives them: keys typed into a real conn on a fake
 * transport, the frames the hall sends read back off a libvterm screen
 * (tests/unit/fake-hall.h).  Time is a manual clock, so frame pacing and
 * the lone-Esc timer run without sleeping.
 */
#include <ctype.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "src/hall/hall-int.h"
#include "src/base/worker.h"
#include "src/hall/hall.h"
#include "src/table/table.h"
#include "src/term/keys.h"
#include "tests/unit/fake-hall.h"

#define KEY_ENTER_BYTES "\r"
#define KEY_ESC_BYTES "\033"
#define KEY_CTRL_L_BYTES "\014"

static struct fake_hall	*fh;

static void
setup(void)
{
	fh = fake_hall_new();
}

static void
teardown(void)
{
	fake_hall_free(fh);
	fh = NULL;
}

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

/* The word after `prefix` on the title bar ("guest-1a2b", a table code). */
static void
title_word(struct fake_term *ft, const char *prefix, char *out, size_t len)
{
	const char	*row = fake_term_row(ft, 0), *at;
	size_t		 n = 0;

	at = strstr(row, prefix);
	ck_screen(ft, at != NULL, "nothing like that on the title bar");
	at += strlen(prefix);
	while (n + 1 < len && (isalnum((unsigned char)at[n]) || at[n] == '-'))
		n++;
	memcpy(out, at, n);
	out[n] = '\0';
}

/* A guest in the lobby at 80x24; his name in name. */
static struct fake_term *
guest(char *name, size_t len)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);
	char			 word[16];	/* the hex digits */

	ck_shows(ft, "Welcome to gamehall");
	fake_term_type(ft, "g");
	ck_shows(ft, "gamehall - Lobby");
	title_word(ft, "guest-", word, sizeof word);
	snprintf(name, len, "guest-%s", word);
	return ft;
}

/* A new table of the defaults, opened from the lobby: its code. */
static void
create_table(struct fake_term *ft, char *code, size_t len)
{
	fake_term_type(ft, "n");
	ck_shows(ft, "Open a new table");
	fake_term_type(ft, KEY_ENTER_BYTES);
	ck_shows(ft, "gamehall - Table ");
	title_word(ft, "Table ", code, len);
	ck_assert_uint_eq(strlen(code), TABLE_CODE_LEN);
}

/* Join by code from the lobby (c, the code, Enter). */
static void
join_by_code(struct fake_term *ft, const char *code)
{
	char	title[64];

	fake_term_type(ft, "c");
	ck_shows(ft, "Join a table by its code");
	fake_term_type(ft, code);
	fake_term_type(ft, KEY_ENTER_BYTES);
	snprintf(title, sizeof title, "gamehall - Table %s", code);
	ck_screen(ft, fake_term_find(ft, title) >= 0, "not at the table");
}

static size_t
tables_open(void)
{
	return table_list_count(fake_hall_hall(fh)->tables);
}

/* ---- the welcome screen at any size ----------------------------------------- */

START_TEST(test_welcome_80x24)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	ck_shows(ft, "gamehall - Welcome");
	ck_shows(ft, "Welcome to gamehall");
	ck_shows(ft, "Log in");
	ck_shows(ft, "Register a name");
	ck_shows(ft, "Play as a guest");
	ck_shows(ft, "Quit");
	/* The first frame enters the alternate screen and clears it. */
	ck_assert(fake_term_sent(ft, 0, "\033[?1049h"));
	ck_assert(fake_term_sent(ft, 0, "\033[2J"));
}
END_TEST

START_TEST(test_welcome_tiny)
{
	struct fake_term	*ft = fake_term_connect(fh, 10, 3);
	char			*scr;

	ck_hides(ft, "Welcome");
	/* "make the window larger (80x24 at least; now 10x3)", wrapped. */
	ck_shows(ft, "make the");
	ck_shows(ft, "window");
	scr = fake_term_screen(ft);
	ck_assert_ptr_nonnull(strstr(scr, "larger"));
	free(scr);

	/* Grown to the minimum: the screen itself. */
	fake_term_resize(ft, 80, 24);
	ck_shows(ft, "Welcome to gamehall");
	ck_hides(ft, "make the window");
	/* One short of it either way: the note again, with the size. */
	fake_term_resize(ft, 79, 24);
	ck_shows(ft, "80x24 at least; now 79x24");
	fake_term_resize(ft, 80, 23);
	ck_shows(ft, "80x24 at least; now 80x23");
	fake_term_resize(ft, 1, 1);
	ck_hides(ft, "Welcome");
	fake_term_resize(ft, 80, 24);
	ck_shows(ft, "Welcome to gamehall");
}
END_TEST

START_TEST(test_welcome_huge)
{
	/* The conn clamps the size to CONN_*_MAX; the hall draws at most
	 * CLIENT_*_MAX in the top-left corner. */
	struct fake_term	*ft = fake_term_connect(fh, 10000, 10000);
	int			 row;

	ck_assert_int_eq(ft->cols, CONN_COLS_MAX);
	ck_assert_int_eq(ft->rows, CONN_ROWS_MAX);
	row = fake_term_find(ft, "Welcome to gamehall");
	ck_screen(ft, row >= 0, "no welcome");
	ck_assert_int_lt(row, CLIENT_ROWS_MAX);
	ck_hides(ft, "make the window");
	/* Down to 80x24 and up again: whole frames each time. */
	fake_term_resize(ft, 80, 24);
	ck_shows(ft, "Welcome to gamehall");
	fake_term_resize(ft, 10000, 10000);
	ck_shows(ft, "Welcome to gamehall");
	fake_term_type(ft, "g");
	ck_shows(ft, "gamehall - Lobby");
}
END_TEST

/* Every screen a guest reaches, at sizes around the edges. */
START_TEST(test_screens_every_size)
{
	static const int	 sizes[][2] = {
		{ 80, 24 }, { 79, 24 }, { 80, 23 }, { 81, 25 }, { 1, 1 },
		{ 40, 12 }, { 132, 43 }, { 300, 100 }, { 500, 200 },
		{ 10000, 10000 }, { 80, 24 },
	};
	static const struct {
		const char	*keys;		/* from the previous screen */
		const char	*shows;		/* at 80x24 and up */
	} screens[] = {
		{ "g", "gamehall - Lobby" },
		{ "?", "gamehall - Help" },
		{ "q", "gamehall - Lobby" },
		{ "n", "Open a new table" },
		{ KEY_ENTER_BYTES, "gamehall - Table " },
		{ "q", "gamehall - Lobby" },
		{ "c", "Join a table by its code" },
	};
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);
	size_t			 i, j;
	bool			 big;

	for (i = 0; i < sizeof screens / sizeof screens[0]; i++) {
		fake_term_type(ft, screens[i].keys);
		for (j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
			fake_term_resize(ft, sizes[j][0], sizes[j][1]);
			big = sizes[j][0] >= 80 && sizes[j][1] >= 24;
			ck_screen(ft, (fake_term_find(ft, screens[i].shows) >=
			    0) == big, screens[i].shows);
			ck_screen(ft, (fake_term_find(ft, "make the") >= 0) ==
			    (!big && sizes[j][0] > 1), "the size note");
		}
	}
}
END_TEST

/* ---- the lobby ------------------------------------------------------------- */

START_TEST(test_guest_lobby)
{
	char			 name[64], is_here[80], who[80];
	struct fake_term	*ft = guest(name, sizeof name);
	size_t			 i;

	/* guest- and four hex digits. */
	ck_assert_uint_eq(strlen(name), 10);
	for (i = 6; i < 10; i++)
		ck_assert_msg(isxdigit((unsigned char)name[i]), "%s", name);
	snprintf(who, sizeof who, "%s (guest)", name);
	ck_screen(ft, fake_term_find(ft, who) == 0, "who on the title bar");
	ck_shows(ft, "1 online");
	ck_shows(ft, "Online (1)");
	ck_shows(ft, "Tables (0)");
	snprintf(is_here, sizeof is_here, "%s is here.", name);
	ck_screen(ft, fake_term_find(ft, is_here) > 0, "no arrival");
	ck_hides(ft, "Welcome");
}
END_TEST

START_TEST(test_lobby_chat)
{
	char			 na[64], nb[64], line[128];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);

	/* A sees B arrive without typing anything. */
	ck_shows(a, "Online (2)");
	snprintf(line, sizeof line, "%s is here.", nb);
	ck_screen(a, fake_term_find(a, line) > 0, "B's arrival");

	fake_term_type(a, "t");
	fake_term_type(a, "hello from the tests");
	/* Typed, not yet said: on A's input line only. */
	ck_hides(b, "hello from the tests");
	fake_term_type(a, KEY_ENTER_BYTES);
	snprintf(line, sizeof line, "%s: hello from the tests", na);
	ck_screen(b, fake_term_find(b, line) > 0, "the line on B's screen");
	ck_screen(a, fake_term_find(a, line) > 0, "the line on A's screen");
	/* A's input line is empty again; Esc leaves the chat line. */
	ck_assert_int_eq(fake_term_count(a, "hello from the tests"), 1);
	fake_term_type(a, KEY_ESC_BYTES);
	fake_hall_spin(fh, 100);
	ck_shows(a, "(press Tab or t to chat)");
}
END_TEST

START_TEST(test_ctrl_l)
{
	char			 name[64], *before, *after;
	struct fake_term	*ft = guest(name, sizeof name);
	size_t			 mark, sends;

	before = fake_term_screen(ft);
	/* A key that changes nothing: no frame at all. */
	mark = ft->nout;
	sends = ft->sends;
	fake_term_type(ft, "z");
	ck_assert_uint_eq(ft->sends, sends);
	ck_assert_uint_eq(ft->nout, mark);

	/* The terminal lost what it showed (another program wrote over
	 * it): Ctrl-L sends the whole screen again. */
	fake_term_scribble(ft, "\033[H\033[2Jgarbage");
	ck_shows(ft, "garbage");
	ck_hides(ft, "gamehall - Lobby");
	fake_term_type(ft, KEY_CTRL_L_BYTES);
	ck_assert_uint_eq(ft->sends, sends + 1);	/* one frame */
	ck_assert(fake_term_sent(ft, mark, "\033[2J"));
	after = fake_term_screen(ft);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
}
END_TEST

START_TEST(test_help_and_back)
{
	char			 name[64];
	struct fake_term	*ft = guest(name, sizeof name);

	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");
	ck_hides(ft, "gamehall - Lobby");
	fake_term_type(ft, KEY_ESC_BYTES);
	ck_shows(ft, "gamehall - Lobby");
	/* ? again, and ? closes it too. */
	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");
	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Lobby");
}
END_TEST

/* A lone Esc is held for KEYS_ESC_MS: it could begin a sequence. */
START_TEST(test_esc_timer)
{
	char			 name[64];
	struct fake_term	*ft = guest(name, sizeof name);

	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");

	fake_term_input(ft, KEY_ESC_BYTES);
	fake_hall_spin(fh, KEYS_ESC_MS - 10);
	ck_shows(ft, "gamehall - Help");	/* still held */
	fake_hall_spin(fh, 10 + CLIENT_FRAME_MS + 5);
	ck_shows(ft, "gamehall - Lobby");	/* resolved by the clock */

	/* An arrow split across reads within the window is an arrow. */
	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");
	fake_term_input(ft, KEY_ESC_BYTES);
	fake_hall_spin(fh, 10);
	fake_term_input(ft, "[B");
	fake_hall_settle(fh);
	ck_shows(ft, "gamehall - Help");

	/* Esc then a letter in time is Alt-letter, not Esc and the letter:
	 * Alt-z does nothing on the help screen. */
	fake_term_input(ft, KEY_ESC_BYTES);
	fake_hall_spin(fh, 10);
	fake_term_input(ft, "z");
	fake_hall_settle(fh);
	ck_shows(ft, "gamehall - Help");

	/* Esc Esc: the first is a lone Esc at once. */
	fake_term_type(ft, KEY_ESC_BYTES KEY_ESC_BYTES);
	ck_shows(ft, "gamehall - Lobby");
}
END_TEST

/* A terminal that stops reading gets no queue: one frame waits, and the
 * newest state is drawn once it reads again. */
START_TEST(test_slow_terminal_latest_wins)
{
	char			 na[64], nb[64], line[128];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);
	size_t			 sends;

	fake_term_type(a, "t");
	fake_term_stall(a, true);
	sends = a->sends;
	fake_term_type(a, "a");			/* a frame offered, kept */
	ck_assert_uint_eq(a->sends, sends + 1);
	fake_term_type(a, "bcdef");		/* drawn later, not queued */
	fake_term_type(b, "t" "hi from b" KEY_ENTER_BYTES);
	fake_hall_spin(fh, 1000);
	ck_assert_uint_eq(a->sends, sends + 1);
	ck_hides(a, "abcdef");

	fake_term_stall(a, false);
	/* The kept frame, then one frame of the newest state. */
	ck_assert_uint_eq(a->sends, sends + 3);
	ck_shows(a, "Say: abcdef");
	snprintf(line, sizeof line, "%s: hi from b", nb);
	ck_screen(a, fake_term_find(a, line) > 0, "B's line on A's screen");
}
END_TEST

/* UTF-8 typed in one terminal is what the other shows. */
START_TEST(test_chat_utf8)
{
	char			 na[64], nb[64], line[128];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);

	fake_term_type(a, "t" "h\xc3\xa9llo w\xc3\xb6rld \xe2\x98\x83"
	    KEY_ENTER_BYTES);
	snprintf(line, sizeof line, "%s: h\xc3\xa9llo w\xc3\xb6rld "
	    "\xe2\x98\x83", na);
	ck_screen(b, fake_term_find(b, line) > 0, "the line on B's screen");
	/* Too fast: the sixth line in a burst waits, and stays typed. */
	for (int i = 0; i < 5; i++)
		fake_term_type(a, "x" KEY_ENTER_BYTES);
	ck_shows(a, "slow down: wait");
	ck_shows(a, "Say: x");
	fake_hall_spin(fh, 4000);
	fake_term_type(a, KEY_ENTER_BYTES);
	ck_hides(a, "slow down");
	ck_hides(a, "Say: x");
}
END_TEST

START_TEST(test_device_key_guest)
{
	const char		*fp = "SHA256:dGVzdHMgb2YgdGhlIGhhbGwgc2NyZWVucw";
	struct fake_term	*a = fake_term_connect_key(fh, 80, 24, fp);
	struct fake_term	*b;
	char			 name[64], word[16], offer[96];

	ck_shows(a, "Play as a guest");
	fake_term_type(a, "g");
	title_word(a, "guest-", word, sizeof word);
	snprintf(name, sizeof name, "guest-%s", word);
	fake_term_hangup(a);

	/* The same key again: the same guest is offered, and given. */
	b = fake_term_connect_key(fh, 80, 24, fp);
	snprintf(offer, sizeof offer, "Play as a guest (%s)", name);
	ck_screen(b, fake_term_find(b, offer) >= 0, "the guest offered");
	fake_term_type(b, "g");
	ck_screen(b, fake_term_find(b, name) == 0, "the same guest");
}
END_TEST

/* Registering and logging in: the passwords on the real worker pool. */
START_TEST(test_register_and_login)
{
	struct fake_term	*a = fake_term_connect(fh, 80, 24);
	struct fake_term	*b;

	fake_term_type(a, "r");
	ck_shows(a, "Register a name");
	fake_term_type(a, "alice" KEY_ENTER_BYTES "sesame-42" KEY_ENTER_BYTES
	    "sesame-43" KEY_ENTER_BYTES);
	ck_shows(a, "The two passwords differ");
	fake_term_type(a, "sesame-42" KEY_ENTER_BYTES "sesame-42"
	    KEY_ENTER_BYTES);
	fake_hall_wait_worker(fh);
	ck_shows(a, "gamehall - Lobby");
	ck_shows(a, "Welcome, alice! Your name is registered.");
	ck_screen(a, fake_term_find(a, "alice") == 0, "alice on the title");
	ck_hides(a, "(guest)");

	b = fake_term_connect(fh, 80, 24);
	fake_term_type(b, "l");
	ck_shows(b, "gamehall - Log in");
	fake_term_type(b, "alice" KEY_ENTER_BYTES "wrong-one"
	    KEY_ENTER_BYTES);
	fake_hall_wait_worker(fh);
	ck_shows(b, "Wrong name or password. Wait 1 s");
	/* The wait is on the hall's clock. */
	fake_term_type(b, "sesame-42" KEY_ENTER_BYTES);
	ck_shows(b, "before the next try");
	ck_assert_uint_eq(worker_pending(fake_hall_hall(fh)->worker), 0);
	fake_hall_spin(fh, 1000);
	fake_term_type(b, KEY_ENTER_BYTES);
	fake_hall_wait_worker(fh);
	ck_shows(b, "gamehall - Lobby");
	ck_screen(b, fake_term_find(b, "alice") == 0, "alice on the title");
	/* One person on two terminals. */
	ck_shows(b, "1 online");
}
END_TEST

/* ---- tables -------------------------------------------------------------- */

START_TEST(test_create_table_listed)
{
	char			 na[64], nb[64], code[16], text[64];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);

	ck_shows(b, "Tables (0)");
	create_table(a, code, sizeof code);
	ck_assert_uint_eq(tables_open(), 1);
	snprintf(text, sizeof text, "Table %s is open", code);
	ck_screen(a, fake_term_find(a, text) >= 0, "no status line");
	ck_shows(a, "waiting for 1 more player");
	/* The second guest's lobby lists it, open, its host seated. */
	ck_shows(b, "Tables (1)");
	ck_screen(b, fake_term_find(b, code) > 0, "the code in B's lobby");
	ck_screen(b, fake_term_find(b, na) > 0, "the host in B's lobby");
	ck_shows(b, "1/2");
	/* Esc in the form goes back to the lobby without a table. */
	fake_term_type(b, "n");
	ck_shows(b, "Open a new table");
	fake_term_type(b, KEY_ESC_BYTES);
	ck_shows(b, "gamehall - Lobby");
	ck_assert_uint_eq(tables_open(), 1);
}
END_TEST

START_TEST(test_join_by_code_bad)
{
	char			 na[64];
	struct fake_term	*a = guest(na, sizeof na);

	fake_term_type(a, "c");
	ck_shows(a, "Join a table by its code");
	fake_term_type(a, KEY_ENTER_BYTES);
	ck_shows(a, "Type the table's code.");
	fake_term_type(a, "ZZZZZ" KEY_ENTER_BYTES);
	ck_shows(a, "no such table ZZZZZ");
	ck_shows(a, "Join a table by its code");
}
END_TEST

/* Which of the two is to move (its screen says "you to move"). */
static struct fake_term *
to_move(struct fake_term *a, struct fake_term *b)
{
	bool	ma = fake_term_find(a, "you to move") >= 0;
	bool	mb = fake_term_find(b, "you to move") >= 0;

	ck_assert_msg(ma != mb, "exactly one is to move");
	return ma ? a : b;
}

/* A and B at one table, the game started; returns who moves. */
static struct fake_term *
game(struct fake_term *a, struct fake_term *b, char *code, size_t len)
{
	create_table(a, code, len);
	join_by_code(b, code);
	ck_shows(a, "waiting for ");		/* the host to start */
	ck_shows(b, "waiting for ");
	fake_term_type(a, "g");
	return to_move(a, b);
}

START_TEST(test_play_a_stone)
{
	char			 na[64], nb[64], code[16];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);
	struct fake_term	*mover, *other;
	int			 black_m, black_o;

	mover = game(a, b, code, sizeof code);
	other = mover == a ? b : a;
	ck_screen(b, fake_term_find(b, na) >= 0, "A at B's table");
	ck_screen(a, fake_term_find(a, nb) >= 0, "B at A's table");
	black_m = fake_term_count(mover, "●");
	black_o = fake_term_count(other, "●");
	/* The first stone, at the cursor (the centre). */
	fake_term_type(mover, KEY_ENTER_BYTES);
	ck_screen(other, fake_term_count(other, "●") == black_o + 1,
	    "the stone on the other screen");
	ck_screen(mover, fake_term_count(mover, "●") == black_m + 1,
	    "the stone on the mover's screen");
	/* Now it is the other's turn, and the move is listed as h8. */
	ck_shows(other, "you to move");
	ck_hides(mover, "you to move");
	ck_shows(other, "h8");
	/* The mover cannot move again. */
	fake_term_type(mover, "l" KEY_ENTER_BYTES);
	ck_screen(mover, fake_term_count(mover, "●") == black_m + 1,
	    "a second stone out of turn");
}
END_TEST

START_TEST(test_leave_asks_in_game)
{
	char			 na[64], nb[64], code[16], yours[64];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);

	(void)game(a, b, code, sizeof code);
	fake_term_type(a, "q");
	ck_shows(a, "Leave the table?");
	ck_shows(a, "gamehall - Table ");
	fake_term_type(a, "n");			/* stays */
	ck_hides(a, "Leave the table?");
	ck_shows(a, "gamehall - Table ");
	fake_term_type(a, "q");
	fake_term_type(a, "y");
	ck_shows(a, "gamehall - Lobby");
	/* The seat stays his: the table is listed as his, selected. */
	ck_assert_uint_eq(tables_open(), 1);
	snprintf(yours, sizeof yours, "%s", code);
	ck_screen(a, fake_term_find(a, yours) > 0, "the table in the lobby");
	ck_shows(a, "yours");
	/* Enter goes back to it. */
	fake_term_type(a, KEY_ENTER_BYTES);
	ck_shows(a, "gamehall - Table ");
}
END_TEST

/* Join from the lobby's list, and watch: the watcher sees the game. */
START_TEST(test_join_and_watch_from_list)
{
	char			 na[64], nb[64], nc[64], code[16];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);
	struct fake_term	*c = guest(nc, sizeof nc);
	struct fake_term	*mover;
	int			 black;

	create_table(a, code, sizeof code);
	ck_shows(b, "Tables (1)");
	/* The only table is selected: Enter joins it, and sits down. */
	fake_term_type(b, KEY_ENTER_BYTES);
	ck_shows(b, "gamehall - Table ");
	ck_screen(b, fake_term_find(b, code) == 0, "B at A's table");
	ck_shows(b, "waiting for ");
	ck_shows(c, "2/2");
	fake_term_type(c, "w");
	ck_screen(c, fake_term_find(c, code) == 0, "C at A's table");
	ck_shows(c, "watching");		/* not seated: no moves */
	fake_term_type(a, "g");
	mover = to_move(a, b);
	ck_hides(c, "you to move");
	black = fake_term_count(c, "●");
	fake_term_type(mover, KEY_ENTER_BYTES);
	ck_screen(c, fake_term_count(c, "●") == black + 1, "the watcher");
	/* The watcher cannot play. */
	fake_term_type(c, KEY_ENTER_BYTES);
	ck_shows(c, "you are watching");
}
END_TEST

START_TEST(test_empty_table_freed_later)
{
	char			 na[64], nb[64], code[16];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);
	const struct conn_handler *h = hall_conn_handler();
	struct client		*ca = fake_term_client(a);
	struct hall		*hall = fake_hall_hall(fh);

	create_table(a, code, sizeof code);
	ck_shows(b, "Tables (1)");
	ck_assert_ptr_nonnull(ca);
	ck_assert_ptr_nonnull(ca->table);

	/* q at a table with no game running: no question, back at once.
	 * Called as conn.c calls it, so nothing of the loop runs. */
	h->input(ca, (const unsigned char *)"q", 1);
	ck_assert_ptr_null(ca->table);
	ck_assert(ca->in_lobby);
	/* Empty now, but freed only from the loop, after this call. */
	ck_assert_uint_eq(tables_open(), 1);
	ck_assert(table_is_empty(table_list_first(hall->tables)));
	event_base_loop(hall->base, EVLOOP_NONBLOCK);
	ck_assert_uint_eq(tables_open(), 0);

	fake_hall_settle(fh);
	ck_shows(a, "gamehall - Lobby");
	ck_shows(a, "Tables (0)");
	ck_shows(b, "Tables (0)");
	ck_shows(b, "No tables are open.");
	ck_screen(b, fake_term_find(b, code) < 0, "the code still listed");
}
END_TEST

START_TEST(test_quit_and_hangup)
{
	char			 na[64], nb[64], bye[80];
	struct fake_term	*a = guest(na, sizeof na);
	struct fake_term	*b = guest(nb, sizeof nb);

	ck_shows(b, "Online (2)");
	fake_term_type(a, "q");
	/* The terminal is given back (alternate screen left), the farewell
	 * said, the transport asked to close. */
	ck_assert_int_eq(a->closes, 1);
	ck_assert(fake_term_sent(a, 0, "\033[?1049l"));
	snprintf(bye, sizeof bye, "Goodbye, %s.", na);
	ck_screen(a, fake_term_find(a, bye) >= 0, "no farewell");
	/* Still online until the transport is gone. */
	ck_shows(b, "Online (2)");
	fake_term_hangup(a);
	ck_shows(b, "Online (1)");
	snprintf(bye, sizeof bye, "%s left.", na);
	ck_screen(b, fake_term_find(b, bye) > 0, "no departure");
}
END_TEST

static Suite *
hall_screens_suite(void)
{
	Suite	*s = suite_create("hall-screens");
	TCase	*tc;

	tc = tcase_create("welcome");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_welcome_80x24);
	tcase_add_test(tc, test_welcome_tiny);
	tcase_add_test(tc, test_welcome_huge);
	tcase_add_test(tc, test_screens_every_size);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("lobby");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_guest_lobby);
	tcase_add_test(tc, test_lobby_chat);
	tcase_add_test(tc, test_ctrl_l);
	tcase_add_test(tc, test_help_and_back);
	tcase_add_test(tc, test_esc_timer);
	tcase_add_test(tc, test_quit_and_hangup);
	tcase_add_test(tc, test_slow_terminal_latest_wins);
	tcase_add_test(tc, test_chat_utf8);
	tcase_add_test(tc, test_device_key_guest);
	tcase_add_test(tc, test_register_and_login);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);

	tc = tcase_create("tables");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_create_table_listed);
	tcase_add_test(tc, test_join_by_code_bad);
	tcase_add_test(tc, test_play_a_stone);
	tcase_add_test(tc, test_leave_asks_in_game);
	tcase_add_test(tc, test_join_and_watch_from_list);
	tcase_add_test(tc, test_empty_table_freed_later);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(hall_screens_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
