/*
 * tclient.c - the terminal half of the test client: a libvterm screen fed
 * by a transport (tclient-ssh.c, tclient-telnet.c), the keyboard, and the
 * waits and screen queries the tests assert with.
 */
#include <sys/socket.h>

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tests/integration/tclient-int.h"

int64_t
tclient_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
tclient_left_ms(int64_t deadline)
{
	int64_t left = deadline - tclient_now_ms();

	if (left < 0)
		return 0;
	if (left > 3600 * 1000)
		return 3600 * 1000;
	return (int)left;
}

int
tclient_poll_fd(int fd, bool want_write, int ms)
{
	struct pollfd pfd;
	int64_t deadline = tclient_now_ms() + ms;
	int rc;

	if (fd < 0) {
		/* Nothing to wait on yet (a connect in progress): nap. */
		struct timespec ts = { 0, (ms > 10 ? 10 : ms) * 1000000L };

		nanosleep(&ts, NULL);
		return 0;
	}
	pfd.fd = fd;
	pfd.events = POLLIN | (want_write ? POLLOUT : 0);
	for (;;) {
		pfd.revents = 0;
		rc = poll(&pfd, 1, ms);
		if (rc >= 0 || errno != EINTR)
			return rc;
		ms = tclient_left_ms(deadline);
	}
}

int
tclient_clamp(int v, int max)
{
	if (v < 1)
		return 1;
	if (v > max)
		return max;
	return v;
}

int
tclient_fail(struct tclient *tc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tc->error, sizeof tc->error, fmt, ap);
	va_end(ap);
	return -1;
}

const char *
tclient_error(const struct tclient *tc)
{
	return tc->error;
}

/* The terminal wants to send something (a key, or a reply to a query). */
static void
tclient_vterm_output(const char *s, size_t len, void *arg)
{
	struct tclient *tc = arg;

	if (tc->outlen + len > tc->outsize) {
		size_t size = tc->outsize ? tc->outsize : 256;

		while (size < tc->outlen + len)
			size *= 2;
		tc->out = realloc(tc->out, size);
		if (tc->out == NULL)
			abort();
		tc->outsize = size;
	}
	memcpy(tc->out + tc->outlen, s, len);
	tc->outlen += len;
}

/* Send what the terminal queued. */
static int
tclient_flush(struct tclient *tc)
{
	int rc = 0;

	if (tc->outlen == 0)
		return 0;
	if (tc->closed)
		rc = tclient_fail(tc, "connection closed");
	else if (tc->transport->write(tc, tc->out, tc->outlen) != 0)
		rc = -1;
	else
		tc->sent += tc->outlen;
	tc->outlen = 0;
	return rc;
}

static int
tclient_settermprop(VTermProp prop, VTermValue *val, void *arg)
{
	struct tclient *tc = arg;

	switch (prop) {
	case VTERM_PROP_TITLE:
		snprintf(tc->title, sizeof tc->title, "%s",
		    val->string != NULL ? val->string : "");
		break;
	case VTERM_PROP_MOUSE:
		tc->mouse = val->number;
		break;
	case VTERM_PROP_CURSORVISIBLE:
		tc->cursor_visible = val->boolean;
		break;
	default:
		break;
	}
	return 1;
}

static int
tclient_bell(void *arg)
{
	struct tclient *tc = arg;

	tc->bells++;
	return 1;
}

static const VTermScreenCallbacks tclient_screen_callbacks = {
	.settermprop = tclient_settermprop,
	.bell = tclient_bell,
};

struct tclient *
tclient_new(const struct tclient_transport *transport, int port)
{
	struct tclient *tc;

	tc = calloc(1, sizeof *tc);
	if (tc == NULL)
		abort();
	tc->transport = transport;
	tc->port = port;
	tc->timeout_ms = TCLIENT_TIMEOUT_DEFAULT;
	tc->cols = 80;
	tc->rows = 24;
	snprintf(tc->term, sizeof tc->term, "xterm-256color");
	tc->pty = true;
	tc->reading = true;
	tc->cursor_visible = true;

	tc->vt = vterm_new(tc->rows, tc->cols);
	if (tc->vt == NULL)
		abort();
	vterm_set_utf8(tc->vt, 1);
	vterm_output_set_callback(tc->vt, tclient_vterm_output, tc);
	tc->screen = vterm_obtain_screen(tc->vt);
	vterm_screen_set_callbacks(tc->screen, &tclient_screen_callbacks, tc);
	vterm_screen_enable_altscreen(tc->screen, 1);
	vterm_screen_reset(tc->screen, 1);
	return tc;
}

void
tclient_free(struct tclient *tc)
{
	if (tc == NULL)
		return;
	tc->transport->free(tc);
	vterm_free(tc->vt);
	free(tc->out);
	free(tc->rowbuf);
	free(tc);
}

void
tclient_drop(struct tclient *tc)
{
	int	 fd;

	if (tc == NULL)
		return;
	/* The socket dies under the transport: whatever goodbye it tries
	 * on the way out never reaches the server. */
	if ((fd = tc->transport->fd(tc)) >= 0)
		shutdown(fd, SHUT_RDWR);
	tclient_free(tc);
}

void
tclient_set_term(struct tclient *tc, int cols, int rows, const char *term)
{
	tc->cols = cols;
	tc->rows = rows;
	if (term != NULL)
		snprintf(tc->term, sizeof tc->term, "%s", term);
	if (!tc->screenless)
		vterm_set_size(tc->vt, tclient_clamp(rows,
		    TCLIENT_SCREEN_MAX_ROWS), tclient_clamp(cols,
		    TCLIENT_SCREEN_MAX_COLS));
}

void
tclient_drop_screen(struct tclient *tc)
{
	/* A 1x1 screen rather than none: every query still has one to
	 * look at, and libvterm gives back the cells of the old size. */
	tc->screenless = true;
	vterm_set_size(tc->vt, 1, 1);
}

void
tclient_set_pty(struct tclient *tc, bool pty)
{
	tc->pty = pty;
}

void
tclient_set_timeout(struct tclient *tc, int ms)
{
	tc->timeout_ms = ms;
}

int
tclient_connect(struct tclient *tc)
{
	tc->error[0] = '\0';
	return tc->transport->connect(tc);
}

void
tclient_received(struct tclient *tc, const char *buf, size_t len)
{
	tc->received += len;
	if (!tc->screenless)
		vterm_input_write(tc->vt, buf, len);
}

int
tclient_read(struct tclient *tc, int timeout_ms)
{
	int n;

	if (tc->closed)
		return -1;
	if (!tc->reading) {
		if (timeout_ms > 0) {
			struct timespec ts = { timeout_ms / 1000,
			    (timeout_ms % 1000) * 1000000L };

			nanosleep(&ts, NULL);
		}
		return 0;
	}
	n = tc->transport->read(tc, timeout_ms);
	if (n < 0)
		tc->closed = true;
	/* Replies to terminal queries go out as a terminal would send them. */
	if (!tc->closed)
		tclient_flush(tc);
	return n;
}

void
tclient_set_reading(struct tclient *tc, bool reading)
{
	tc->reading = reading;
}

int
tclient_fd(const struct tclient *tc)
{
	return tc->transport->fd(tc);
}

bool
tclient_closed(const struct tclient *tc)
{
	return tc->closed;
}

uint64_t
tclient_bytes_received(const struct tclient *tc)
{
	return tc->received;
}

uint64_t
tclient_bytes_sent(const struct tclient *tc)
{
	return tc->sent;
}

/* --- Keyboard ----------------------------------------------------------- */

int
tclient_send(struct tclient *tc, const void *bytes, size_t len)
{
	tclient_vterm_output(bytes, len, tc);
	return tclient_flush(tc);
}

int
tclient_type(struct tclient *tc, const char *utf8)
{
	return tclient_send(tc, utf8, strlen(utf8));
}

int
tclient_key(struct tclient *tc, enum tclient_key key)
{
	static const VTermKey map[] = {
		[TCLIENT_KEY_ENTER] = VTERM_KEY_ENTER,
		[TCLIENT_KEY_TAB] = VTERM_KEY_TAB,
		[TCLIENT_KEY_BACKTAB] = VTERM_KEY_TAB,
		[TCLIENT_KEY_BACKSPACE] = VTERM_KEY_BACKSPACE,
		[TCLIENT_KEY_ESCAPE] = VTERM_KEY_ESCAPE,
		[TCLIENT_KEY_UP] = VTERM_KEY_UP,
		[TCLIENT_KEY_DOWN] = VTERM_KEY_DOWN,
		[TCLIENT_KEY_LEFT] = VTERM_KEY_LEFT,
		[TCLIENT_KEY_RIGHT] = VTERM_KEY_RIGHT,
		[TCLIENT_KEY_HOME] = VTERM_KEY_HOME,
		[TCLIENT_KEY_END] = VTERM_KEY_END,
		[TCLIENT_KEY_PAGEUP] = VTERM_KEY_PAGEUP,
		[TCLIENT_KEY_PAGEDOWN] = VTERM_KEY_PAGEDOWN,
		[TCLIENT_KEY_INSERT] = VTERM_KEY_INS,
		[TCLIENT_KEY_DELETE] = VTERM_KEY_DEL,
	};

	if ((size_t)key >= sizeof map / sizeof map[0])
		return tclient_fail(tc, "tclient_key: no key %d", (int)key);
	vterm_keyboard_key(tc->vt, map[key],
	    key == TCLIENT_KEY_BACKTAB ? VTERM_MOD_SHIFT : VTERM_MOD_NONE);
	return tclient_flush(tc);
}

int
tclient_fkey(struct tclient *tc, int n)
{
	if (n < 1 || n > 12)
		return tclient_fail(tc, "tclient_fkey: no key F%d", n);
	vterm_keyboard_key(tc->vt, VTERM_KEY_FUNCTION(n), VTERM_MOD_NONE);
	return tclient_flush(tc);
}

int
tclient_ctrl(struct tclient *tc, char c)
{
	char b;

	if (c >= 'a' && c <= 'z')
		c -= 'a' - 'A';
	if (c < '@' || c > '_')
		return tclient_fail(tc, "tclient_ctrl: no Ctrl-%c", c);
	b = c & 0x1f;
	return tclient_send(tc, &b, 1);
}

int
tclient_click(struct tclient *tc, int row, int col)
{
	char buf[64];
	int n;

	n = snprintf(buf, sizeof buf, "\033[<0;%d;%dM\033[<0;%d;%dm",
	    col + 1, row + 1, col + 1, row + 1);
	return tclient_send(tc, buf, (size_t)n);
}

bool
tclient_mouse_mode(const struct tclient *tc)
{
	return tc->mouse != VTERM_PROP_MOUSE_NONE;
}

int
tclient_resize(struct tclient *tc, int cols, int rows)
{
	if (tc->closed)
		return tclient_fail(tc, "connection closed");
	tclient_set_term(tc, cols, rows, NULL);
	return tc->transport->resize(tc, cols, rows);
}

/* --- The screen --------------------------------------------------------- */

int
tclient_cols(const struct tclient *tc)
{
	int rows, cols;

	vterm_get_size(tc->vt, &rows, &cols);
	return cols;
}

int
tclient_rows(const struct tclient *tc)
{
	int rows, cols;

	vterm_get_size(tc->vt, &rows, &cols);
	return rows;
}

static size_t
tclient_utf8(uint32_t c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	if (c < 0x110000) {
		out[0] = (char)(0xf0 | (c >> 18));
		out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[3] = (char)(0x80 | (c & 0x3f));
		return 4;
	}
	return tclient_utf8(0xfffd, out);
}

/*
 * A cell's characters as UTF-8 into out (room for 6 * 4 bytes): a blank
 * for an empty cell, nothing for the right half of a wide character.
 */
static size_t
tclient_cell_text(const VTermScreenCell *cell, char *out)
{
	size_t n = 0;
	int i;

	if (cell->chars[0] == (uint32_t)-1)
		return 0;
	if (cell->chars[0] == 0) {
		out[0] = ' ';
		return 1;
	}
	for (i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell->chars[i] != 0; i++)
		n += tclient_utf8(cell->chars[i], out + n);
	return n;
}

/*
 * A row's text into tc->rowbuf, trailing blanks cut.  With cols non-NULL
 * it also gets, for each byte, the column it came from (malloc'd).
 */
static const char *
tclient_row_build(struct tclient *tc, int row, int **colsp)
{
	VTermScreenCell cell;
	VTermPos pos;
	int width = tclient_cols(tc), *cols = NULL;
	size_t len = 0, keep = 0, need = (size_t)width * 24 + 1;
	size_t i, n;

	if (tc->rowsize < need) {
		tc->rowbuf = realloc(tc->rowbuf, need);
		if (tc->rowbuf == NULL)
			abort();
		tc->rowsize = need;
	}
	if (colsp != NULL) {
		cols = malloc(need * sizeof *cols);
		if (cols == NULL)
			abort();
	}
	pos.row = row;
	for (pos.col = 0; row >= 0 && row < tclient_rows(tc) &&
	    pos.col < width; pos.col++) {
		vterm_screen_get_cell(tc->screen, pos, &cell);
		n = tclient_cell_text(&cell, tc->rowbuf + len);
		for (i = 0; cols != NULL && i < n; i++)
			cols[len + i] = pos.col;
		len += n;
		if (n > 0 && !(n == 1 && tc->rowbuf[len - 1] == ' '))
			keep = len;
	}
	tc->rowbuf[keep] = '\0';
	if (colsp != NULL)
		*colsp = cols;
	return tc->rowbuf;
}

const char *
tclient_row(struct tclient *tc, int row)
{
	return tclient_row_build(tc, row, NULL);
}

char *
tclient_screen(struct tclient *tc)
{
	char *s = NULL;
	size_t len = 0, n;
	int row, rows = tclient_rows(tc);

	for (row = 0; row < rows; row++) {
		tclient_row(tc, row);
		n = strlen(tc->rowbuf);
		s = realloc(s, len + n + 2);
		if (s == NULL)
			abort();
		memcpy(s + len, tc->rowbuf, n);
		len += n;
		if (row + 1 < rows)
			s[len++] = '\n';
	}
	if (s == NULL)
		s = calloc(1, 1);
	else
		s[len] = '\0';
	return s;
}

bool
tclient_find(struct tclient *tc, const char *text, int *rowp, int *colp)
{
	const char *line, *at;
	int row, *cols;

	for (row = 0; row < tclient_rows(tc); row++) {
		line = tclient_row_build(tc, row, &cols);
		at = strstr(line, text);
		if (at != NULL) {
			if (rowp != NULL)
				*rowp = row;
			if (colp != NULL)
				*colp = cols[at - line];
			free(cols);
			return true;
		}
		free(cols);
	}
	return false;
}

static int
tclient_color(struct tclient *tc, VTermColor *c, bool fg)
{
	if (fg && VTERM_COLOR_IS_DEFAULT_FG(c))
		return TCLIENT_COLOR_DEFAULT;
	if (!fg && VTERM_COLOR_IS_DEFAULT_BG(c))
		return TCLIENT_COLOR_DEFAULT;
	if (VTERM_COLOR_IS_INDEXED(c))
		return c->indexed.idx;
	return TCLIENT_COLOR_RGB(c->rgb.red, c->rgb.green, c->rgb.blue);
}

int
tclient_cell(struct tclient *tc, int row, int col, struct tclient_cell *out)
{
	VTermScreenCell cell;
	VTermPos pos = { row, col };
	size_t n;

	memset(out, 0, sizeof *out);
	if (row < 0 || row >= tclient_rows(tc) || col < 0 ||
	    col >= tclient_cols(tc))
		return -1;
	vterm_screen_get_cell(tc->screen, pos, &cell);
	n = tclient_cell_text(&cell, out->text);
	out->text[n] = '\0';
	out->width = cell.width;
	out->bold = cell.attrs.bold;
	out->italic = cell.attrs.italic;
	out->reverse = cell.attrs.reverse;
	out->blink = cell.attrs.blink;
	out->underline = cell.attrs.underline;
	out->fg = tclient_color(tc, &cell.fg, true);
	out->bg = tclient_color(tc, &cell.bg, false);
	return 0;
}

void
tclient_cursor(const struct tclient *tc, int *row, int *col)
{
	VTermPos pos;

	vterm_state_get_cursorpos(vterm_obtain_state(tc->vt), &pos);
	if (row != NULL)
		*row = pos.row;
	if (col != NULL)
		*col = pos.col;
}

bool
tclient_cursor_visible(const struct tclient *tc)
{
	return tc->cursor_visible;
}

const char *
tclient_title(const struct tclient *tc)
{
	return tc->title;
}

unsigned
tclient_bells(const struct tclient *tc)
{
	return tc->bells;
}

void
tclient_dump(struct tclient *tc, FILE *f)
{
	int row, last, crow, ccol;

	tclient_cursor(tc, &crow, &ccol);
	fprintf(f, "---- %s screen %dx%d, cursor %d,%d, %llu bytes received, "
	    "title \"%s\"%s\n", tc->transport->name, tclient_cols(tc),
	    tclient_rows(tc), crow, ccol, (unsigned long long)tc->received,
	    tc->title, tc->closed ? ", closed" : "");
	/* Trailing empty rows are only counted, to keep test logs short. */
	for (last = tclient_rows(tc) - 1; last > 0; last--)
		if (*tclient_row(tc, last) != '\0')
			break;
	for (row = 0; row <= last; row++)
		fprintf(f, "%3d|%s\n", row, tclient_row(tc, row));
	if (last + 1 < tclient_rows(tc))
		fprintf(f, "   (rows %d-%d empty)\n", last + 1,
		    tclient_rows(tc) - 1);
	fprintf(f, "----\n");
}

/* --- Waiting ------------------------------------------------------------ */

static bool
tclient_shows(struct tclient *tc, const char *text)
{
	char *s = tclient_screen(tc);
	bool found = strstr(s, text) != NULL;

	free(s);
	return found;
}

/* Read until the screen shows (want) or stops showing (!want) text. */
static int
tclient_wait_text(struct tclient *tc, const char *text, bool want,
    int timeout_ms)
{
	int64_t deadline = tclient_now_ms() + timeout_ms;
	int left;

	for (;;) {
		if (tclient_shows(tc, text) == want)
			return 0;
		left = tclient_left_ms(deadline);
		if (tc->closed || left == 0) {
			tclient_fail(tc, "%s while waiting for \"%s\" to %s "
			    "the screen", tc->closed ? "connection closed" :
			    "timed out", text, want ? "appear on" :
			    "leave");
			fprintf(stderr, "tclient: %s\n", tc->error);
			tclient_dump(tc, stderr);
			return -1;
		}
		tclient_read(tc, left);
	}
}

int
tclient_wait_for(struct tclient *tc, const char *text, int timeout_ms)
{
	return tclient_wait_text(tc, text, true, timeout_ms);
}

int
tclient_wait_gone(struct tclient *tc, const char *text, int timeout_ms)
{
	return tclient_wait_text(tc, text, false, timeout_ms);
}

int
tclient_wait_closed(struct tclient *tc, int timeout_ms)
{
	int64_t deadline = tclient_now_ms() + timeout_ms;
	int left;

	while (!tc->closed) {
		left = tclient_left_ms(deadline);
		if (left == 0) {
			tclient_fail(tc, "timed out waiting for the server "
			    "to close the connection");
			fprintf(stderr, "tclient: %s\n", tc->error);
			tclient_dump(tc, stderr);
			return -1;
		}
		if (!tc->reading)
			return tclient_fail(tc, "not reading: cannot see "
			    "the connection close");
		tclient_read(tc, left);
	}
	return 0;
}

uint64_t
tclient_settle(struct tclient *tc, int quiet_ms, int timeout_ms)
{
	int64_t deadline = tclient_now_ms() + timeout_ms;
	int64_t quiet_until = tclient_now_ms() + quiet_ms;
	uint64_t before = tc->received;
	int left, n;

	while (!tc->closed && (left = tclient_left_ms(deadline)) > 0) {
		if (tclient_left_ms(quiet_until) == 0)
			break;
		if (left > tclient_left_ms(quiet_until))
			left = tclient_left_ms(quiet_until);
		n = tclient_read(tc, left);
		if (n > 0)
			quiet_until = tclient_now_ms() + quiet_ms;
	}
	return tc->received - before;
}
