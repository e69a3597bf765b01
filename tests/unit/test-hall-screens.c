/*
 * test-hall-screens.c - the hall's screen controllers (src/hall/screen-*.c)
 * up to the lobby - welcome, login and register, lobby, help - and what
 * every screen shares (sizes, keys, Ctrl-L, a terminal that stops
 * reading), driven as a person drives them: keys typed into a real conn
 * on a fake transport, the frames the hall sends read back off a libvterm
 * screen (tests/unit/fake-hall.h).  Time is a manual clock, so frame pacing and
 * the lone-Esc timer run without sleeping.
 */
#include <ctype.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "src/hall/hall-int.h"
#include "src/base/worker.h"
#include "src/hall/hall.h"
#include "src/net/transport.h"
#include "src/term/keys.h"
#include "tests/unit/fake-hall.h"

/* ---- the welcome screen at any size -------------------------------------- */

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
		{ FAKE_ENTER, "gamehall - Table " },
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

/* ---- the lobby ----------------------------------------------------------- */

START_TEST(test_guest_lobby)
{
	char			 is_here[80], who[80];
	struct fake_term	*ft = fake_term_guest(fh);
	size_t			 i;

	/* guest- and four hex digits. */
	ck_assert_uint_eq(strlen(ft->name), 10);
	for (i = 6; i < 10; i++)
		ck_assert_msg(isxdigit((unsigned char)ft->name[i]),
		    "%s", ft->name);
	snprintf(who, sizeof who, "%s (guest)", ft->name);
	ck_screen(ft, fake_term_find(ft, who) == 0, "who on the title bar");
	ck_shows(ft, "1 online");
	ck_shows(ft, "Online (1)");
	ck_shows(ft, "Tables (0)");
	snprintf(is_here, sizeof is_here, "%s is here.", ft->name);
	ck_screen(ft, fake_term_find(ft, is_here) > 0, "no arrival");
	ck_hides(ft, "Welcome");
}
END_TEST

START_TEST(test_lobby_chat)
{
	char			 line[128];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	/* A sees B arrive without typing anything. */
	ck_shows(a, "Online (2)");
	snprintf(line, sizeof line, "%s is here.", b->name);
	ck_screen(a, fake_term_find(a, line) > 0, "B's arrival");

	fake_term_type(a, "t");
	fake_term_type(a, "hello from the tests");
	/* Typed, not yet said: on A's input line only. */
	ck_hides(b, "hello from the tests");
	fake_term_type(a, FAKE_ENTER);
	snprintf(line, sizeof line, "%s: hello from the tests", a->name);
	ck_screen(b, fake_term_find(b, line) > 0, "the line on B's screen");
	ck_screen(a, fake_term_find(a, line) > 0, "the line on A's screen");
	/* A's input line is empty again; Esc leaves the chat line. */
	ck_assert_int_eq(fake_term_count(a, "hello from the tests"), 1);
	fake_term_type(a, FAKE_ESC);
	fake_hall_spin(fh, 100);
	ck_shows(a, "(press Tab or t to chat)");
}
END_TEST

START_TEST(test_ctrl_l)
{
	char			*before, *after;
	struct fake_term	*ft = fake_term_guest(fh);
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
	fake_term_type(ft, FAKE_CTRL_L);
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
	struct fake_term	*ft = fake_term_guest(fh);

	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");
	ck_hides(ft, "gamehall - Lobby");
	fake_term_type(ft, FAKE_ESC);
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
	struct fake_term	*ft = fake_term_guest(fh);

	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");

	fake_term_input(ft, FAKE_ESC);
	fake_hall_spin(fh, KEYS_ESC_MS - 10);
	ck_shows(ft, "gamehall - Help");	/* still held */
	fake_hall_spin(fh, 10 + CLIENT_FRAME_MS + 5);
	ck_shows(ft, "gamehall - Lobby");	/* resolved by the clock */

	/* An arrow split across reads within the window is an arrow. */
	fake_term_type(ft, "?");
	ck_shows(ft, "gamehall - Help");
	fake_term_input(ft, FAKE_ESC);
	fake_hall_spin(fh, 10);
	fake_term_input(ft, "[B");
	fake_hall_settle(fh);
	ck_shows(ft, "gamehall - Help");

	/* Esc then a letter in time is Alt-letter, not Esc and the letter:
	 * Alt-z does nothing on the help screen. */
	fake_term_input(ft, FAKE_ESC);
	fake_hall_spin(fh, 10);
	fake_term_input(ft, "z");
	fake_hall_settle(fh);
	ck_shows(ft, "gamehall - Help");

	/* Esc Esc: the first is a lone Esc at once, without the timer. */
	fake_term_input(ft, FAKE_ESC FAKE_ESC);
	fake_hall_spin(fh, CLIENT_FRAME_MS + 5);
	ck_assert_int_lt(CLIENT_FRAME_MS + 5, KEYS_ESC_MS);
	ck_shows(ft, "gamehall - Lobby");
}
END_TEST

/* A terminal that stops reading gets no queue: one frame waits, and the
 * newest state is drawn once it reads again. */
START_TEST(test_slow_terminal_latest_wins)
{
	char			 line[128];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);
	size_t			 sends;

	fake_term_type(a, "t");
	fake_term_stall(a, true);
	sends = a->sends;
	fake_term_type(a, "a");			/* a frame offered, kept */
	ck_assert_uint_eq(a->sends, sends + 1);
	fake_term_type(a, "bcdef");		/* drawn later, not queued */
	fake_term_type(b, "t" "hi from b" FAKE_ENTER);
	fake_hall_spin(fh, 1000);
	ck_assert_uint_eq(a->sends, sends + 1);
	ck_hides(a, "abcdef");

	fake_term_stall(a, false);
	/* The kept frame, then one frame of the newest state. */
	ck_assert_uint_eq(a->sends, sends + 3);
	ck_shows(a, "Say: abcdef");
	snprintf(line, sizeof line, "%s: hi from b", b->name);
	ck_screen(a, fake_term_find(a, line) > 0, "B's line on A's screen");
}
END_TEST

/* UTF-8 typed in one terminal is what the other shows. */
START_TEST(test_chat_utf8)
{
	char			 line[128];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	fake_term_type(a, "t" "h\xc3\xa9llo w\xc3\xb6rld \xe2\x98\x83"
	    FAKE_ENTER);
	snprintf(line, sizeof line, "%s: h\xc3\xa9llo w\xc3\xb6rld "
	    "\xe2\x98\x83", a->name);
	ck_screen(b, fake_term_find(b, line) > 0, "the line on B's screen");
	/* Too fast: the sixth line in a burst waits, and stays typed. */
	for (int i = 0; i < 5; i++)
		fake_term_type(a, "x" FAKE_ENTER);
	ck_shows(a, "slow down: wait");
	ck_shows(a, "Say: x");
	fake_hall_spin(fh, 4000);
	fake_term_type(a, FAKE_ENTER);
	ck_hides(a, "slow down");
	ck_hides(a, "Say: x");
}
END_TEST

START_TEST(test_device_key_guest)
{
	const char		*fp = "SHA256:dGVzdHMgb2YgdGhlIGhhbGwgc2NyZWVu";
	struct fake_term	*a, *b;
	char			 name[64], word[16], offer[96];

	a = fake_term_connect_with(fh, 80, 24, fp, NULL);
	ck_shows(a, "Play as a guest");
	fake_term_type(a, "g");
	fake_term_title_word(a, "guest-", word, sizeof word);
	snprintf(name, sizeof name, "guest-%s", word);
	fake_term_hangup(a);

	/* The same key again: the same guest is offered, and given. */
	b = fake_term_connect_with(fh, 80, 24, fp, NULL);
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
	fake_term_type(a, "alice" FAKE_ENTER "sesame-42" FAKE_ENTER
	    "sesame-43" FAKE_ENTER);
	ck_shows(a, "The two passwords differ");
	fake_term_type(a, "sesame-42" FAKE_ENTER "sesame-42"
	    FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(a, "gamehall - Lobby");
	ck_shows(a, "Welcome, alice! Your name is registered.");
	ck_screen(a, fake_term_find(a, "alice") == 0, "alice on the title");
	ck_hides(a, "(guest)");

	b = fake_term_connect(fh, 80, 24);
	fake_term_type(b, "l");
	ck_shows(b, "gamehall - Log in");
	fake_term_type(b, "alice" FAKE_ENTER "wrong-one"
	    FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(b, "Wrong name or password. Wait 1 s");
	/* The wait is on the hall's clock. */
	fake_term_type(b, "sesame-42" FAKE_ENTER);
	ck_shows(b, "before the next try");
	ck_assert_uint_eq(worker_pending(fake_hall_hall(fh)->worker), 0);
	fake_hall_spin(fh, 1000);
	fake_term_type(b, FAKE_ENTER);
	fake_hall_wait_worker(fh);
	ck_shows(b, "gamehall - Lobby");
	ck_screen(b, fake_term_find(b, "alice") == 0, "alice on the title");
	/* One person on two terminals. */
	ck_shows(b, "1 online");
}
END_TEST

START_TEST(test_quit_and_hangup)
{
	char			 bye[80];
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_guest(fh);

	ck_shows(b, "Online (2)");
	fake_term_type(a, "q");
	/* The terminal is given back (alternate screen left), the farewell
	 * said, the transport asked to close. */
	ck_assert_int_eq(a->closes, 1);
	ck_assert(fake_term_sent(a, 0, "\033[?1049l"));
	snprintf(bye, sizeof bye, "Goodbye, %s.", a->name);
	ck_screen(a, fake_term_find(a, bye) >= 0, "no farewell");
	/* Still online until the transport is gone. */
	ck_shows(b, "Online (2)");
	fake_term_hangup(a);
	ck_shows(b, "Online (1)");
	snprintf(bye, sizeof bye, "%s left.", a->name);
	ck_screen(b, fake_term_find(b, bye) > 0, "no departure");
}
END_TEST

/* Ctrl-C leaves the hall from any screen that is not one's own game: the
 * welcome, the lobby, its chat line, a screen over it. */
START_TEST(test_ctrl_c_quits)
{
	static const char	*keys[] = { "", "?", "t", "n" };
	char			 bye[80];
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	fake_term_type(ft, "\x03");
	ck_assert_int_eq(ft->closes, 1);
	ck_screen(ft, fake_term_find(ft, "Goodbye.") >= 0, "no farewell");
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		ft = fake_term_guest(fh);
		fake_term_type(ft, keys[i]);
		fake_term_type(ft, "\x03");
		ck_assert_int_eq(ft->closes, 1);
		snprintf(bye, sizeof bye, "Goodbye, %s.", ft->name);
		ck_screen(ft, fake_term_find(ft, bye) >= 0, "no farewell");
	}
}
END_TEST

/* The mouse: a click on a button is the button's key. */
START_TEST(test_mouse)
{
	struct fake_term	*ft = fake_term_connect(fh, 80, 24);

	ck_shows(ft, "Play as a guest");
	fake_term_click(ft, "Play as a guest");
	ck_shows(ft, "gamehall - Lobby");
	fake_term_click(ft, "help");
	ck_shows(ft, "gamehall - Help");
	fake_term_type(ft, "q");
	fake_term_click(ft, "n new");
	ck_shows(ft, "Open a new table");
}
END_TEST

/* Each of the lobby's keys opens its screen, and Esc comes back. */
START_TEST(test_lobby_keys)
{
	static const struct {
		const char	*key, *shows;
	} keys[] = {
		{ "p", "gamehall - Profile" },
		{ "s", "gamehall - Settings" },
		{ "a", "gamehall - Register" },	/* a guest takes a ft->name */
		{ "c", "gamehall - Join" },
		{ "n", "gamehall - New table" },
		{ "?", "gamehall - Help" },
	};
	struct fake_term	*ft = fake_term_guest(fh);
	size_t			 i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		fake_term_type(ft, keys[i].key);
		ck_screen(ft, fake_term_find(ft, keys[i].shows) == 0,
		    keys[i].shows);
		fake_term_type(ft, FAKE_ESC);
		ck_screen(ft, fake_term_find(ft, "gamehall - Lobby") == 0,
		    keys[i].shows);
	}
	/* The profile is one's own: the ft->name on the title bar and below. */
	fake_term_type(ft, "p");
	ck_screen(ft, fake_term_count(ft, ft->name) == 2, "one's ft->name");
	ck_shows(ft, "Guests play unrated games");
}
END_TEST

/* f and a name: the online list jumps to it; Enter there, the profile. */
START_TEST(test_lobby_find)
{
	struct fake_term	*a = fake_term_guest(fh), *b, *c;

	b = fake_term_guest(fh);
	c = fake_term_guest(fh);
	fake_term_type(a, "f");
	ck_shows(a, "Find: _");
	/* The whole name of the one who is not first (ignoring case). */
	for (const char *p = c->name; *p != '\0'; p++) {
		char key[2] = { (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p),
		    '\0' };

		fake_term_type(a, key);
	}
	fake_term_type(a, FAKE_ENTER);		/* the search ends there */
	ck_hides(a, "Find:");
	fake_term_type(a, FAKE_ENTER);		/* and Enter opens it */
	ck_shows(a, "gamehall - Profile");
	ck_screen(a, fake_term_find(a, c->name) >= 0, "not c's profile");
	ck_screen(a, fake_term_find(a, b->name) < 0, "b's profile");
	/* A name that is not there: the place it would be, nothing breaks. */
	fake_term_type(a, FAKE_ESC);
	fake_term_type(a, "f");
	fake_term_type(a, "zzzz");
	ck_shows(a, "Find: zzzz_");
	fake_term_type(a, FAKE_ESC);
	ck_hides(a, "Find:");
}
END_TEST

/*
 * A crowd at the same size and page shares one drawing of the lobby's
 * shared half per change, and each still sees his own over it.
 */
START_TEST(test_lobby_shared_frames)
{
	struct lobby_frames_stats	 before, after;
	struct fake_term		*t[4];
	char				 line[128];
	int				 i;

	for (i = 0; i < 4; i++)
		t[i] = fake_term_guest(fh);
	before = *lobby_frames_stats(fake_hall_hall(fh)->lobby_frames);
	fake_term_type(t[0], "t");
	fake_term_type(t[0], "hello, crowd" FAKE_ENTER);
	after = *lobby_frames_stats(fake_hall_hall(fh)->lobby_frames);
	/* The line made the four of them draw: one shared half drawn, the
	 * others used it, or the bytes of its step (lobby_frames_catch_up). */
	ck_assert_uint_ge(after.shared - before.shared + after.caught_up -
	    before.caught_up, 3);
	ck_assert_uint_lt(after.drawn - before.drawn, 4);
	snprintf(line, sizeof line, "%s: hello, crowd", t[0]->name);
	for (i = 0; i < 4; i++) {
		char who[80];

		ck_screen(t[i], fake_term_find(t[i], line) > 0, "the line");
		snprintf(who, sizeof who, "%s (guest)", t[i]->name);
		ck_screen(t[i], fake_term_find(t[i], who) == 0, "his name on "
		    "the title bar");
		ck_shows(t[i], "Online (4)");
	}
	/* His own: the chat line he types is his alone. */
	fake_term_type(t[1], "t");
	fake_term_type(t[1], "not yet said");
	ck_shows(t[1], "not yet said");
	for (i = 0; i < 4; i++)
		if (i != 1)
			ck_hides(t[i], "not yet said");
	ck_shows(t[2], "(press Tab or t to chat)");
}
END_TEST

/* The terminal of the guest called name, or NULL. */
static struct fake_term *
crowd_term(struct fake_term **t, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (t[i] != NULL && strcmp(t[i]->name, name) == 0)
			return t[i];
	return NULL;
}

/* name is on the online list's page that ft shows (not only in the
 * chat's notices). */
static bool
crowd_listed(struct fake_term *ft, const char *name)
{
	int	 rows = view_lobby_user_rows(ft->cols, ft->rows);

	for (int y = 2; y < 2 + rows; y++) {
		const char *r = fake_term_row(ft, y), *sep = strstr(r, "│");

		if (sep != NULL && strstr(sep, name) != NULL)
			return true;
	}
	return false;
}

/* The online list of a crowd, a page at a time: the page stays put when
 * someone elsewhere comes or goes, and moves when someone on it goes. */
START_TEST(test_lobby_pages)
{
	enum { N = 20 };
	struct fake_term	*t[N], *a, *gone;
	struct identity *const	*online;
	char			 names[N][IDENTITY_NAME_LEN], head[32];
	int			 rows = view_lobby_user_rows(80, 24), i;
	size_t			 n;

	ck_assert_int_lt(2 * rows, N);
	for (i = 0; i < N; i++)
		t[i] = fake_term_guest(fh);
	online = hall_online(fake_hall_hall(fh), &n);
	ck_assert_uint_eq(n, N);
	for (i = 0; i < N; i++)
		snprintf(names[i], sizeof names[i], "%s", online[i]->name);
	/* Someone who is not on the second page looks at it. */
	a = crowd_term(t, N, names[N - 1]);
	ck_shows(a, "Online (20) p1");
	fake_term_type(a, "\t");
	fake_term_type(a, "\033[6~");		/* PgDn */
	ck_shows(a, "Online (20) p2");
	ck_screen(a, crowd_listed(a, names[rows]), "the page's first");
	ck_screen(a, crowd_listed(a, names[2 * rows - 1]), "its last");
	ck_screen(a, !crowd_listed(a, names[rows - 1]), "page 1");
	ck_screen(a, !crowd_listed(a, names[2 * rows]), "page 3");

	/* One of the first page goes: the second page is as it was. */
	gone = crowd_term(t, N, names[0]);
	fake_term_hangup(gone);
	fake_hall_settle(fh);
	ck_shows(a, "Online (19)");
	for (i = rows; i < 2 * rows; i++)
		ck_screen(a, crowd_listed(a, names[i]), "page 2 moved");
	ck_screen(a, !crowd_listed(a, names[2 * rows]), "page 3 in");

	/* One of the second page goes: the next one comes up into it. */
	gone = crowd_term(t, N, names[rows + 1]);
	fake_term_hangup(gone);
	fake_hall_settle(fh);
	ck_shows(a, "Online (18)");
	ck_screen(a, !crowd_listed(a, names[rows + 1]), "still there");
	ck_screen(a, crowd_listed(a, names[2 * rows]), "none came up");
	ck_screen(a, crowd_listed(a, names[rows]), "the page's first");

	/* PgUp, then the last page (G), then the first again (g). */
	fake_term_type(a, "\033[5~");
	ck_shows(a, "Online (18) p1");
	ck_screen(a, crowd_listed(a, names[1]), "page 1");
	fake_term_type(a, "G");
	snprintf(head, sizeof head, "Online (18) p%d", (18 - 1) / rows + 1);
	ck_screen(a, fake_term_find(a, head) >= 0, head);
	ck_screen(a, crowd_listed(a, names[N - 1]), "the last name");
	fake_term_type(a, "g");
	ck_shows(a, "Online (18) p1");
	/* Down past the page's end turns it. */
	for (i = 0; i < rows; i++)
		fake_term_type(a, "j");
	ck_shows(a, "Online (18) p2");
}
END_TEST

/* A crowd's comings and goings are not said in the lobby chat: each
 * would scroll every viewer's chat pane. */
START_TEST(test_lobby_crowd_quiet)
{
	struct fake_term	*first = fake_term_guest(fh), *t;
	char			 line[96], count[32];
	int			 i;

	for (i = 1; i < HALL_ANNOUNCE_MAX; i++)
		t = fake_term_guest(fh);
	snprintf(line, sizeof line, "%s is here.", t->name);
	ck_screen(first, fake_term_find(first, line) > 0, "the last said");
	t = fake_term_guest(fh);		/* one more than the most */
	snprintf(count, sizeof count, "%d online", HALL_ANNOUNCE_MAX + 1);
	ck_screen(first, fake_term_find(first, count) == 0, count);
	snprintf(line, sizeof line, "%s is here.", t->name);
	ck_screen(first, fake_term_find(first, line) < 0, "a crowd's arrival");
	fake_term_hangup(t);
	fake_hall_settle(fh);
	snprintf(line, sizeof line, "%s left.", t->name);
	ck_screen(first, fake_term_find(first, line) < 0, "a crowd's leaving");
	snprintf(count, sizeof count, "%d online", HALL_ANNOUNCE_MAX);
	ck_screen(first, fake_term_find(first, count) == 0, count);
}
END_TEST

/* Shutdown: every terminal is given back, told why, and closed. */
START_TEST(test_shutdown)
{
	struct fake_term	*a = fake_term_guest(fh);
	struct fake_term	*b = fake_term_connect(fh, 80, 24);
	struct fake_term	*c;

	hall_shutdown(fake_hall_hall(fh), "The hall closes for the night.");
	fake_hall_settle(fh);
	ck_assert_int_eq(a->closes, 1);
	ck_assert_int_eq(b->closes, 1);
	ck_assert(fake_term_sent(a, 0, "\033[?1049l"));
	ck_shows(a, "The hall closes for the night.");
	ck_shows(b, "The hall closes for the night.");
	/* Someone arriving now is told the same and not let in. */
	c = fake_term_connect(fh, 80, 24);
	ck_assert(!conn_is_open(c->conn));
	ck_assert_int_eq(c->closes, 1);
	ck_hides(c, "Welcome");
	ck_shows(c, "The hall closes for the night.");
}
END_TEST

/* Leaving while the worker hashes a password: the job is dropped, the
 * hall stays whole. */
START_TEST(test_hangup_during_hash)
{
	struct fake_term	*a = fake_term_connect(fh, 80, 24);
	struct fake_term	*b = fake_term_guest(fh);
	struct worker		*w = fake_hall_hall(fh)->worker;

	fake_hall_hold_worker(fh);
	fake_term_type(a, "r");
	fake_term_input(a, "bob" FAKE_ENTER "sesame-42" FAKE_ENTER
	    "sesame-42" FAKE_ENTER);
	fake_hall_spin(fh, 0);
	/* The gate and the hash behind it. */
	ck_assert_uint_eq(worker_pending(w), 2);
	fake_term_hangup(a);
	fake_hall_release_worker(fh);
	ck_shows(b, "Online (1)");
	ck_hides(b, "bob");
}
END_TEST

/* A new size while the terminal is not reading: when it reads again, one
 * whole frame at the new size. */
START_TEST(test_resize_while_stalled)
{
	struct fake_term	*a = fake_term_guest(fh);
	size_t			 mark;

	fake_term_stall(a, true);
	fake_term_type(a, "?");
	fake_term_resize(a, 120, 40);
	fake_term_resize(a, 100, 30);
	mark = a->nout;
	fake_term_stall(a, false);
	ck_assert(fake_term_sent(a, mark, "\033[2J"));
	ck_shows(a, "gamehall - Help");
	/* Drawn at 100 columns: the title bar's right end is there. */
	ck_screen(a, strstr(fake_term_row(a, 0), "1 online") != NULL &&
	    strlen(fake_term_row(a, 0)) > 80, "the title at 100 columns");
}
END_TEST

/* Settings: ASCII makes every frame 7-bit; mouse off tells the terminal. */
START_TEST(test_settings_ascii)
{
	struct fake_term	*ft = fake_term_guest(fh);
	size_t			 mark, i;

	ck_assert(fake_term_sent(ft, 0, "\033[?1000h"));
	fake_term_type(ft, "s");
	ck_shows(ft, "gamehall - Settings");
	fake_term_type(ft, " ");		/* the first row: UTF-8 -> ASCII */
	fake_term_type(ft, "j" "j" " ");	/* the third: mouse off */
	mark = ft->nout;
	fake_term_type(ft, FAKE_ESC);
	fake_term_type(ft, FAKE_CTRL_L);
	ck_shows(ft, "gamehall - Lobby");
	ck_assert_uint_gt(ft->nout, mark);
	for (i = mark; i < ft->nout; i++)
		ck_assert_msg(ft->out[i] < 0x80, "byte %zu is 0x%02x", i - mark,
		    ft->out[i]);
	ck_assert(fake_term_sent(ft, 0, "\033[?1000l"));
	/* d in Settings goes back to what the terminal said. */
	fake_term_type(ft, "s" "d" FAKE_ESC);
	mark = ft->nout;
	fake_term_type(ft, FAKE_CTRL_L);
	ck_assert(fake_term_sent(ft, mark, "\xe2\x94\x80"));	/* ─ */
}
END_TEST

static Suite *
hall_screens_suite(void)
{
	Suite	*s = suite_create("hall-screens");
	TCase	*tc;

	tc = fake_hall_tcase("welcome");
	tcase_add_test(tc, test_welcome_80x24);
	tcase_add_test(tc, test_welcome_tiny);
	tcase_add_test(tc, test_welcome_huge);
	tcase_add_test(tc, test_screens_every_size);
	suite_add_tcase(s, tc);

	tc = fake_hall_tcase("lobby");
	tcase_add_test(tc, test_guest_lobby);
	tcase_add_test(tc, test_lobby_chat);
	tcase_add_test(tc, test_ctrl_l);
	tcase_add_test(tc, test_help_and_back);
	tcase_add_test(tc, test_esc_timer);
	tcase_add_test(tc, test_quit_and_hangup);
	tcase_add_test(tc, test_ctrl_c_quits);
	tcase_add_test(tc, test_slow_terminal_latest_wins);
	tcase_add_test(tc, test_chat_utf8);
	tcase_add_test(tc, test_device_key_guest);
	tcase_add_test(tc, test_register_and_login);
	tcase_add_test(tc, test_mouse);
	tcase_add_test(tc, test_lobby_keys);
	tcase_add_test(tc, test_shutdown);
	tcase_add_test(tc, test_hangup_during_hash);
	tcase_add_test(tc, test_resize_while_stalled);
	tcase_add_test(tc, test_settings_ascii);
	tcase_add_test(tc, test_lobby_find);
	tcase_add_test(tc, test_lobby_shared_frames);
	tcase_add_test(tc, test_lobby_pages);
	tcase_add_test(tc, test_lobby_crowd_quiet);
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
