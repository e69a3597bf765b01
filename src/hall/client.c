/*
 * client.c - one person's session on one connection: the terminal (what it
 * can show, its size, the grid it shows), the keys, the screens.
 *
 * Output follows "latest screen wins": a change only sets a CLIENT_REDRAW
 * flag and arms the redraw timer; the frame is drawn when the timer fires
 * (at most one per CLIENT_FRAME_MS, ambient changes at most one per
 * CLIENT_AMBIENT_MS), and only while the conn is not busy.  While output
 * is pending nothing is queued: when the conn says `writable`, the newest
 * state is drawn and diffed against what the terminal shows.  A client that
 * stops reading costs one pending frame, never a queue.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "screens/tty.h"
#include "src/base/clock.h"
#include "src/hall/hall-int.h"
#include "src/hall/screen-table.h"
#include "src/base/log.h"
#include "src/hall/passjob.h"

/* Frames bigger than this do not keep their buffer between frames. */
#define CLIENT_BUF_KEEP 65536

static void	client_redraw_cb(void *);
static void	client_esc_cb(void *);
static void	client_linger_cb(void *);
static void	client_finish(struct client *);

static int
client_clamp(int v, int max)
{
	if (v < 1)
		return 1;
	return v > max ? max : v;
}

int
client_sx(const struct client *c)
{
	return client_clamp(c->cols, CLIENT_COLS_MAX);
}

int
client_sy(const struct client *c)
{
	return client_clamp(c->rows, CLIENT_ROWS_MAX);
}

static const char *
client_nz(const char *s)
{
	return s != NULL && *s != '\0' ? s : NULL;
}

/*
 * What the terminal can show, from what its client told (conn_info), and
 * use it unless the user chose in Settings.  1 if the detection changed.
 */
static int
client_detect(struct client *c)
{
	const struct conn_info	*info = c->info;
	struct tty_env		 env;
	struct tty_caps		 was = c->detected;

	memset(&env, 0, sizeof env);
	env.term = client_nz(info->term);
	env.lang = client_nz(info->lang);
	env.lc_all = client_nz(info->lc_all);
	env.lc_ctype = client_nz(info->lc_ctype);
	env.no_color = info->no_color ? "1" : NULL;
	tty_caps_detect(&c->detected, &env);
	snprintf(c->detected_term, sizeof c->detected_term, "%s", info->term);
	if (!c->caps_chosen)
		c->caps = c->detected;
	return was.utf8 != c->detected.utf8 ||
	    was.colours != c->detected.colours;
}

struct client *
client_new(struct hall *hall, struct conn *conn, const struct conn_info *info)
{
	struct client	*c;

	c = calloc(1, sizeof *c);
	if (c == NULL)
		return NULL;
	c->hall = hall;
	c->conn = conn;
	c->info = info;
	client_detect(c);
	/* The language the client's locale asks for (LANG or LC_ALL sent
	 * over SSH), when the hall has it; an account's choice comes at
	 * log-in (hall.c). */
	c->lang = lang_from_locale(c->info->lc_all[0] != '\0' ?
	    c->info->lc_all : c->info->lang);
	if (c->lang == NULL)
		c->lang = lang_english();
	c->mouse = c->detected.mouse;

	c->input_ms = clock_ms(hall->clock);
	c->cols = info->cols;
	c->rows = info->rows;
	keys_init(&c->keys);
	c->redraw_timer = clock_timer_new(hall->clock, client_redraw_cb, c);
	c->esc_timer = clock_timer_new(hall->clock, client_esc_cb, c);
	c->linger_timer = clock_timer_new(hall->clock, client_linger_cb, c);
	c->lobby_timer = clock_timer_new(hall->clock, hall_lobby_due, c);
	if (c->redraw_timer == NULL || c->esc_timer == NULL ||
	    c->linger_timer == NULL || c->lobby_timer == NULL) {
		client_free(c);
		return NULL;
	}
	snprintf(c->exec, sizeof c->exec, "%s", info->exec);
	return c;
}

void
client_free(struct client *c)
{
	if (c == NULL)
		return;
	passjob_cancel(c);
	hall_table_leave(c);
	hall_lobby_leave(c);
	while (c->depth > 0)
		client_pop(c);
	clock_timer_free(c->redraw_timer);
	clock_timer_free(c->esc_timer);
	clock_timer_free(c->linger_timer);
	clock_timer_free(c->lobby_timer);
	grid_pack_free(c->shown);
	free(c->farewell);
	free(c);
}

/* ---- drawing ------------------------------------------------------------- */

static bool
client_too_small(const struct client *c)
{
	return c->cols < VIEW_MIN_COLS || c->rows < VIEW_MIN_ROWS;
}

/* The hall's scratch frame at this client's size, blank. */
static struct grid *
client_frame(struct client *c)
{
	struct hall	*h = c->hall;
	int		 sx = client_sx(c), sy = client_sy(c);

	if (h->frame == NULL)
		h->frame = grid_create(sx, sy);
	else if (h->frame->sx != sx || h->frame->sy != sy) {
		if (grid_resize(h->frame, sx, sy) != 0) {
			grid_free(h->frame);
			h->frame = grid_create(sx, sy);
		}
	} else
		grid_clear(h->frame, NULL);
	return h->frame;
}

/*
 * A change of the crowd's half of the lobby, for someone whose own half is
 * as it was and out of its way: the crowd's bytes of it
 * (lobby_frames_catch_up), his cursor put back after them.  1: sent (or
 * nothing to send), 0: not so, he draws in full.
 */
static int
client_draw_fast(struct client *c)
{
	struct buf		*out = &c->hall->out;
	struct lobby_seen	 seen = c->lobby_seen;
	struct lobby_own	 own = c->lobby_own;
	int			 x, y, visible, r;

	if (!c->lobby_fast || !c->shown_valid || c->shown == NULL ||
	    (c->redraw & CLIENT_REDRAW_FULL) || !c->entered ||
	    c->mouse != c->mouse_sent)
		return 0;
	buf_reset(out);
	grid_pack_cursor(c->shown, &x, &y, &visible);
	if (visible)
		tty_cursor_visible(out, 0);
	r = lobby_frames_catch_up(c->hall->lobby_frames, &seen, &own,
	    &c->caps, out);
	if (r < 0)
		return 0;
	if (r > 0) {
		tty_cursor_to(out, x, y);
		if (visible)
			tty_cursor_visible(out, 1);
		if (out->failed)
			return 0;
		if (conn_write(c->conn, out->data, out->len) ==
		    CONN_WRITE_REFUSED)
			return 1;	/* stays due */
		c->frame_ms = clock_ms(c->hall->clock);
		c->shown_behind = true;
	}
	c->lobby_seen = seen;
	c->lobby_own = own;
	c->redraw = 0;
	return 1;
}

/*
 * What the terminal shows, unpacked for the diff: NULL when unknown (sent
 * in full).  What steps brought on is put right first.
 */
static struct grid *
client_shown(struct client *c)
{
	struct grid	*shown;

	if (!c->shown_valid || c->shown == NULL)
		return NULL;
	if ((shown = grid_pack_unpack(c->shown)) == NULL)
		return NULL;			/* no memory: sent in full */
	if (c->shown_behind && lobby_frames_restore(c->hall->lobby_frames,
	    &c->lobby_seen, &c->lobby_own, shown) != 0) {
		grid_free(shown);
		return NULL;			/* that generation is gone */
	}
	return shown;
}

static void
client_draw(struct client *c)
{
	struct client_screen	*top;
	struct buf		*out = &c->hall->out;
	struct grid		*frame, *shown = NULL;
	enum conn_write_result	 r;
	bool			 entering;

	if (c->conn == NULL || c->closing || !(c->redraw & CLIENT_REDRAW))
		return;
	if (c->lobby_due)
		return;		/* the lobby opens first, then draws */
	if (conn_busy(c->conn))
		return;		/* `writable` draws the newest state */
	if (client_draw_fast(c))
		return;
	if ((frame = client_frame(c)) == NULL)
		return;		/* no memory: stays dirty, tried again later */

	buf_reset(out);
	entering = !c->entered;
	if (c->redraw & CLIENT_REDRAW_FULL)
		c->shown_valid = false;
	if (entering) {
		tty_enter(out, &c->caps, c->mouse ? TTY_MOUSE : 0);
		c->shown_valid = false;
	} else if (c->mouse != c->mouse_sent)
		tty_mouse(out, c->mouse);

	/* What the terminal shows, before the lobby's shared frames move
	 * on in this drawing. */
	shown = client_shown(c);

	top = c->depth > 0 ? &c->stack[c->depth - 1] : NULL;
	c->lobby_drawn = false;
	if (client_too_small(c) || top == NULL) {
		view_hits_clear(&c->hits);
		view_small_draw(frame, c->cols, c->rows);
	} else
		top->screen->draw(c, top->state, frame);

	tty_diff(out, shown, frame, &c->caps);
	grid_free(shown);
	if (out->failed) {
		/* Out of memory: nothing is sent; try again in full later. */
		c->shown_valid = false;
		buf_free(out);
		return;
	}
	if (out->len > 0) {
		r = conn_write(c->conn, out->data, out->len);
		if (r == CONN_WRITE_REFUSED)
			return;		/* stays due, in full */
		c->frame_ms = clock_ms(c->hall->clock);
	}
	c->redraw = 0;
	c->entered = true;
	c->mouse_sent = c->mouse;
	c->lobby_seen = c->lobby_next;
	c->lobby_own = c->lobby_own_next;
	c->lobby_fast = c->lobby_drawn;
	c->shown_behind = false;
	/* The frame is what the terminal shows now: kept packed, and the
	 * hall's scratch frame stays the hall's.  Without the memory to pack
	 * it, the next frame goes in full. */
	grid_pack_free(c->shown);
	c->shown = grid_pack_new(frame);
	c->shown_valid = c->shown != NULL;
	if (out->size > CLIENT_BUF_KEEP)
		buf_free(out);
}

static void
client_redraw_cb(void *arg)
{
	client_draw(arg);
}

/*
 * Mark the client dirty and make sure a frame is drawn no later than
 * `interval` ms after the last one; an earlier deadline already set stands,
 * a later one is brought forward.  A background frame (a change he did not
 * cause) runs after the loop's other work: while a crowd is brought up to
 * date, a move's frame does not wait behind it.  A frame of his own that
 * is due makes the timer his again.
 */
static void
client_dirty_within(struct client *c, unsigned interval, bool background)
{
	uint64_t	 now, next, due;

	if (c->conn == NULL || c->closing)
		return;
	c->redraw |= CLIENT_REDRAW;
	now = clock_ms(c->hall->clock);
	next = c->frame_ms + interval;
	if (next < now)
		next = now;
	if (clock_timer_pending(c->redraw_timer)) {
		due = clock_timer_due(c->redraw_timer);
		if (!c->redraw_background)
			background = false;
		if (due <= next && background == c->redraw_background)
			return;
		if (due < next)
			next = due;
	}
	c->redraw_background = background;
	clock_timer_set_background(c->redraw_timer, background);
	clock_timer_set(c->redraw_timer, next > now ? next - now : 0);
}

void
client_dirty(struct client *c)
{
	/* Something of his own may have changed: his next frame is drawn. */
	c->lobby_fast = false;
	client_dirty_within(c, CLIENT_FRAME_MS, false);
}

void
client_dirty_ambient(struct client *c)
{
	client_dirty_within(c, CLIENT_AMBIENT_MS, true);
}

void
client_dirty_after(struct client *c, unsigned ms)
{
	client_dirty_within(c, ms, false);
}

void
client_redraw(struct client *c)
{
	c->redraw |= CLIENT_REDRAW_FULL;
	client_dirty(c);
}

/* The terminal changed: its size, or (telnet) a type told late. */
void
client_resize(struct client *c, int cols, int rows)
{
	c->cols = cols;
	c->rows = rows;
	if (strcmp(c->detected_term, c->info->term) != 0 &&
	    client_detect(c) && !c->caps_chosen)
		log_info("%s: now drawn with %s and %d colours",
		    conn_label(c->conn), c->caps.utf8 ? "UTF-8" : "ASCII",
		    c->caps.colours);
	/* The next frame is drawn at the new size and sent in full. */
	client_redraw(c);
}

void
client_writable(struct client *c)
{
	if (c->closing) {
		client_finish(c);
		return;
	}
	client_draw(c);
}

/* ---- keys ------------------------------------------------------------------ */

/*
 * Ctrl-C leaves the hall from any screen, as it ends a terminal program.
 * In a running game of one's own it asks first (the game goes on without
 * him: the seat is held as for a dropped line), and the second Ctrl-C in a
 * row leaves.
 */
static void
client_interrupt(struct client *c)
{
	char	 bye[IDENTITY_NAME_LEN + 32];

	if (!c->quit_asked && c->table != NULL && c->identity != NULL &&
	    table_phase(c->table) == TABLE_PLAYING &&
	    table_seat_find(c->table, c->identity) >= 0) {
		c->quit_asked = true;
		client_status(c, false, "Quit the hall? Your seat is kept for "
		    "you while you are away. Ctrl-C again to quit, any other "
		    "key to stay.");
		return;
	}
	snprintf(bye, sizeof bye, c->identity != NULL ? "Goodbye, %s." :
	    "Goodbye.", c->identity != NULL ? c->identity->name : "");
	client_leave(c, bye);
}

static void
client_key(struct client *c, const struct key_event *ev)
{
	struct client_screen	*top;

	/* Mouse releases and motion mean nothing here: no redraw. */
	if (ev->key == KEY_MOUSE && ev->mouse.action != KEY_MOUSE_PRESS &&
	    ev->mouse.action != KEY_MOUSE_WHEEL_UP &&
	    ev->mouse.action != KEY_MOUSE_WHEEL_DOWN)
		return;
	client_status_clear(c);
	if (ev->key == 'c' && ev->mods == KEY_MOD_CTRL) {
		client_interrupt(c);
		return;
	}
	c->quit_asked = false;
	/* Ctrl-L repaints the whole terminal, whatever the screen. */
	if (ev->key == 'l' && ev->mods == KEY_MOD_CTRL) {
		client_redraw(c);
		return;
	}
	top = c->depth > 0 ? &c->stack[c->depth - 1] : NULL;
	if (top != NULL)
		top->screen->key(c, top->state, ev);
	client_dirty(c);
}

static void
client_esc_arm(struct client *c)
{
	int	 ms = keys_pending(&c->keys);

	if (ms <= 0) {
		clock_timer_cancel(c->esc_timer);
		return;
	}
	clock_timer_set(c->esc_timer, (uint64_t)ms);
}

static void
client_esc_cb(void *arg)
{
	struct client		*c = arg;
	struct key_event	 ev;

	if (c->closing)
		return;
	if (keys_timeout(&c->keys, &ev))
		client_key(c, &ev);
	client_esc_arm(c);
}

void
client_input(struct client *c, const unsigned char *buf, size_t len)
{
	struct key_event	 ev[64];
	size_t			 n, used, i;

	c->input_ms = clock_ms(c->hall->clock);	/* idle time, for `who` */
	while (len > 0 && !c->closing) {
		n = sizeof ev / sizeof ev[0];
		used = keys_feed(&c->keys, buf, len, ev, &n);
		buf += used;
		len -= used;
		for (i = 0; i < n && !c->closing; i++)
			client_key(c, &ev[i]);
	}
	if (!c->closing)
		client_esc_arm(c);
}

const struct view_hit *
client_hit(struct client *c, const struct key_event *ev)
{
	if (ev->key != KEY_MOUSE)
		return NULL;
	return view_hits_find(&c->hits, ev->mouse.x, ev->mouse.y);
}

/* ---- screens ----------------------------------------------------------------- */

void
client_push(struct client *c, const struct screen *s, void *state)
{
	if (c->depth == CLIENT_STACK_MAX) {
		/* Deeper than any path through the screens: drop the top. */
		client_pop(c);
	}
	c->stack[c->depth].screen = s;
	c->stack[c->depth].state = state;
	c->depth++;
	client_dirty(c);
}

void
client_pop(struct client *c)
{
	struct client_screen	*top;

	if (c->depth == 0)
		return;
	top = &c->stack[--c->depth];
	if (top->screen->free != NULL)
		top->screen->free(top->state);
	top->screen = NULL;
	top->state = NULL;
	client_dirty(c);
}

void
client_reset(struct client *c, const struct screen *s, void *state)
{
	while (c->depth > 0)
		client_pop(c);
	client_push(c, s, state);
}

void *
client_top(struct client *c)
{
	return c->depth > 0 ? c->stack[c->depth - 1].state : NULL;
}

/* ---- the status line and the chrome ------------------------------------------ */

void
client_status(struct client *c, bool error, const char *fmt, ...)
{
	va_list	 ap;

	/* The message in the reader's language (fmt is English, marked by
	 * xgettext's client_status keyword, po/Makevars). */
	va_start(ap, fmt);
	vsnprintf(c->status, sizeof c->status, lang_text(c->lang, fmt), ap);
	va_end(ap);
	c->status_error = error;
	client_dirty(c);
}

void
client_status_clear(struct client *c)
{
	c->status[0] = '\0';
}

void
client_chrome(struct client *c, struct view_chrome *v, const char *screen,
    const char *hints)
{
	memset(v, 0, sizeof *v);
	v->lang = c->lang;
	v->hall = HALL_NAME;
	/* screen and hints are English, marked N_() by the callers. */
	v->screen = lang_text(c->lang, screen);
	if (c->identity != NULL) {
		snprintf(c->who, sizeof c->who, "%s%s", c->identity->name,
		    c->identity->kind == IDENTITY_GUEST ?
		    lang_text(c->lang, " (guest)") : "");
		v->who = c->who;
	}
	v->online = (int)c->hall->online;
	v->status = c->status[0] != '\0' ? c->status : NULL;
	v->status_error = c->status_error;
	v->hints = hints != NULL ? lang_text(c->lang, hints) : NULL;
}

void
client_set_caps(struct client *c, int utf8, int colours, bool mouse)
{
	c->caps.utf8 = utf8;
	c->caps.colours = colours;
	c->mouse = mouse;
	c->caps_chosen = true;
	client_redraw(c);
}

void
client_caps_reset(struct client *c)
{
	c->caps = c->detected;
	c->mouse = c->detected.mouse;
	c->caps_chosen = false;
	client_redraw(c);
}

/* ---- leaving ------------------------------------------------------------------ */

void
client_leave(struct client *c, const char *farewell)
{
	if (c->closing || c->conn == NULL)
		return;
	c->closing = true;
	passjob_cancel(c);
	clock_timer_cancel(c->redraw_timer);
	clock_timer_cancel(c->esc_timer);
	free(c->farewell);
	c->farewell = farewell != NULL ? strdup(lang_text(c->lang, farewell)) :
	    NULL;
	if (c->entered && conn_busy(c->conn)) {
		/* Restore the terminal once the frame in flight is out. */
		clock_timer_set(c->linger_timer, CLIENT_LINGER_MS);
		return;
	}
	client_finish(c);
}

/* Put the terminal back as it was, and close. */
static void
client_finish(struct client *c)
{
	clock_timer_cancel(c->linger_timer);
	if (c->conn == NULL || c->close_sent)
		return;
	c->close_sent = true;
	if (c->entered && !conn_busy(c->conn)) {
		struct buf	*out = &c->hall->out;

		buf_reset(out);
		tty_leave(out, &c->caps);
		if (!out->failed)
			conn_write(c->conn, out->data, out->len);
		c->entered = false;
	}
	conn_close(c->conn, c->farewell);
}

static void
client_linger_cb(void *arg)
{
	client_finish(arg);
}

void
client_closed(struct client *c)
{
	c->conn = NULL;
	c->closing = true;
	passjob_cancel(c);
	clock_timer_cancel(c->redraw_timer);
	clock_timer_cancel(c->esc_timer);
	clock_timer_cancel(c->linger_timer);
	clock_timer_cancel(c->lobby_timer);
}
