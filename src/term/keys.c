/*
 * keys.c - the key decoder (see keys.h).
 *
 * A byte-at-a-time state machine.  Each byte yields at most one event, which
 * is what lets keys_feed stop exactly when the caller's event array is full.
 * Partial sequences live in the fixed seq[] buffer; a sequence that would
 * outgrow it is discarded up to its final byte, so memory never grows.
 */
#include <stdio.h>
#include <string.h>

#include "src/term/keys.h"
#include "screens/utf8.h"

enum {
	KEYS_GROUND,
	KEYS_ESC,	/* ESC seen */
	KEYS_CSI,	/* ESC [ ... */
	KEYS_CSI_LINUX,	/* ESC [ [ : linux console F1-F5 */
	KEYS_SS3,	/* ESC O ... */
	KEYS_X10,	/* ESC [ M and three raw bytes */
	KEYS_DISCARD,	/* an overlong CSI: drop to its final byte */
	KEYS_UTF8,	/* inside a multibyte character */
};

#define KEYS_MAX_PARAMS 4
#define KEYS_MAX_COORD 10000

void
keys_init(struct keys *k)
{
	memset(k, 0, sizeof *k);
	k->state = KEYS_GROUND;
}

static void
keys_reset(struct keys *k)
{
	k->state = KEYS_GROUND;
	k->len = 0;
	k->alt = 0;
}

static int
keys_emit(struct key_event *ev, uint32_t key, unsigned mods)
{
	memset(ev, 0, sizeof *ev);
	ev->key = key;
	ev->mods = mods;
	return 1;
}

/* A C0 control or DEL outside any sequence. */
static int
keys_control(struct keys *k, unsigned char b, unsigned mods,
    struct key_event *ev)
{
	if (k->paste) {
		/* A paste is text: line ends and tabs become spaces. */
		if (b == '\r' || b == '\n' || b == '\t') {
			if (b == '\r')
				k->after_cr = 1;
			return keys_emit(ev, ' ', 0);
		}
		return 0;
	}
	switch (b) {
	case '\r':
		k->after_cr = 1;
		return keys_emit(ev, KEY_ENTER, mods);
	case '\n':
		return keys_emit(ev, KEY_ENTER, mods);
	case '\t':
		return keys_emit(ev, KEY_TAB, mods);
	case '\b':
	case 0x7f:
		return keys_emit(ev, KEY_BACKSPACE, mods);
	case 0:
		return keys_emit(ev, ' ', mods | KEY_MOD_CTRL);
	}
	if (b < 0x1b)
		return keys_emit(ev, 'a' + b - 1, mods | KEY_MOD_CTRL);
	/* 0x1c-0x1f */
	return keys_emit(ev, "\\]^_"[b - 0x1c], mods | KEY_MOD_CTRL);
}

/* Numeric parameters of a CSI body (after any private marker). */
static int
keys_params(const unsigned char *p, size_t len, int *param, int max)
{
	int	 n = 0, v = -1;
	size_t	 i;

	for (i = 0; i < len; i++) {
		if (p[i] >= '0' && p[i] <= '9') {
			if (v < 0)
				v = 0;
			if (v < 100000)
				v = v * 10 + (p[i] - '0');
		} else if (p[i] == ';' || p[i] == ':') {
			if (n < max)
				param[n] = v;
			n++;
			v = -1;
		} else
			return -1;	/* intermediates: not a key we know */
	}
	if (n < max)
		param[n] = v;
	return n + 1;
}

/* xterm's modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8). */
static unsigned
keys_mods(int m)
{
	unsigned	 mods = 0;

	if (m < 2)
		return 0;
	m--;
	if (m & 1)
		mods |= KEY_MOD_SHIFT;
	if (m & (2 | 8))
		mods |= KEY_MOD_ALT;
	if (m & 4)
		mods |= KEY_MOD_CTRL;
	return mods;
}

static int
keys_mouse(struct key_event *ev, int b, int x, int y, int release,
    unsigned mods)
{
	enum key_mouse_action	 action;
	int			 button;

	if (b < 0 || x < 1 || y < 1 || x > KEYS_MAX_COORD ||
	    y > KEYS_MAX_COORD)
		return 0;
	if (b & 4)
		mods |= KEY_MOD_SHIFT;
	if (b & 8)
		mods |= KEY_MOD_ALT;
	if (b & 16)
		mods |= KEY_MOD_CTRL;
	button = (b & 3) + ((b & 128) ? 3 : 0);
	if (b & 64) {
		if ((b & 3) > 1)
			return 0;	/* horizontal wheel: not used */
		action = (b & 3) == 0 ? KEY_MOUSE_WHEEL_UP :
		    KEY_MOUSE_WHEEL_DOWN;
		button = 0;
	} else if (b & 32) {
		if ((b & 3) == 3) {
			action = KEY_MOUSE_MOVE;
			button = 0;
		} else
			action = KEY_MOUSE_DRAG;
	} else if (release) {
		action = KEY_MOUSE_RELEASE;
	} else
		action = KEY_MOUSE_PRESS;
	keys_emit(ev, KEY_MOUSE, mods);
	ev->mouse.action = action;
	ev->mouse.button = button;
	ev->mouse.x = x - 1;
	ev->mouse.y = y - 1;
	return 1;
}

static uint32_t
keys_tilde(int n)
{
	switch (n) {
	case 1: case 7:
		return KEY_HOME;
	case 2:
		return KEY_INSERT;
	case 3:
		return KEY_DELETE;
	case 4: case 8:
		return KEY_END;
	case 5:
		return KEY_PGUP;
	case 6:
		return KEY_PGDN;
	case 11: case 12: case 13: case 14: case 15:
		return KEY_F1 + n - 11;
	case 17: case 18: case 19: case 20: case 21:
		return KEY_F6 + n - 17;
	case 23: case 24:
		return KEY_F11 + n - 23;
	}
	return 0;
}

/* Keys named by a final letter, in CSI and SS3 alike. */
static uint32_t
keys_letter(unsigned char f)
{
	switch (f) {
	case 'A':
		return KEY_UP;
	case 'B':
		return KEY_DOWN;
	case 'C':
		return KEY_RIGHT;
	case 'D':
		return KEY_LEFT;
	case 'H':
		return KEY_HOME;
	case 'F':
		return KEY_END;
	case 'P': case 'Q': case 'R': case 'S':
		return KEY_F1 + (f - 'P');
	case 'Z':
		return KEY_BACKTAB;
	}
	return 0;
}

/* A complete CSI sequence in seq[0..len): ESC [ body final. */
static int
keys_csi(struct keys *k, struct key_event *ev)
{
	const unsigned char	*body = k->seq + 2;
	size_t			 blen = k->len - 3;
	unsigned char		 f = k->seq[k->len - 1];
	int			 param[KEYS_MAX_PARAMS], n, i;
	uint32_t		 key;

	for (i = 0; i < KEYS_MAX_PARAMS; i++)
		param[i] = -1;

	if (blen > 0 && body[0] == '<') {	/* SGR mouse */
		if (k->paste || (f != 'M' && f != 'm'))
			return 0;
		n = keys_params(body + 1, blen - 1, param, KEYS_MAX_PARAMS);
		if (n != 3)
			return 0;
		return keys_mouse(ev, param[0], param[1], param[2], f == 'm',
		    0);
	}
	if (blen > 0 && body[0] >= 0x3c && body[0] <= 0x3f)
		return 0;	/* other private replies: dropped */
	n = keys_params(body, blen, param, KEYS_MAX_PARAMS);
	if (n < 0)
		return 0;
	if (f == '~' && (param[0] == 200 || param[0] == 201)) {
		k->paste = param[0] == 200;
		return 0;
	}
	if (k->paste)
		return 0;
	if (f == '~') {
		key = keys_tilde(param[0]);
		if (key == 0)
			return 0;
		return keys_emit(ev, key, keys_mods(param[1]));
	}
	key = keys_letter(f);
	if (key == 0)
		return 0;	/* focus reports, rxvt oddities */
	if (param[0] > 1)
		return 0;	/* CSI 12;40R is a cursor report, not F3 */
	if (key == KEY_BACKTAB)
		return keys_emit(ev, key, 0);
	/* CSI 1;5A: a modified key; plain CSI A has no parameters. */
	return keys_emit(ev, key, n >= 2 ? keys_mods(param[1]) : 0);
}

static int
keys_ss3(struct keys *k, struct key_event *ev)
{
	unsigned char	 f = k->seq[k->len - 1];
	int		 param[KEYS_MAX_PARAMS] = { -1, -1, -1, -1 };
	unsigned	 mods = 0;
	uint32_t	 key;

	if (k->paste)
		return 0;
	if (k->len > 3) {	/* ESC O 5 A: an old modified form */
		if (keys_params(k->seq + 2, k->len - 3, param, 1) != 1)
			return 0;
		mods = keys_mods(param[0]);
	}
	if (f == 'M')
		return keys_emit(ev, KEY_ENTER, mods);	/* keypad Enter */
	if (f >= 'p' && f <= 'y')
		return keys_emit(ev, '0' + (f - 'p'), mods);
	key = keys_letter(f);
	if (key == 0 || key == KEY_BACKTAB)
		return 0;
	return keys_emit(ev, key, mods);
}

static int keys_byte(struct keys *, unsigned char, struct key_event *);

/* A byte in the ground state. */
static int
keys_ground(struct keys *k, unsigned char b, struct key_event *ev)
{
	uint32_t	 cp;
	size_t		 skip;
	unsigned	 mods = k->alt ? KEY_MOD_ALT : 0;

	if (k->after_cr) {
		k->after_cr = 0;
		if (b == '\n' || b == '\0')
			return 0;
	}
	if (b == 0x1b) {
		k->state = KEYS_ESC;
		k->seq[0] = b;
		k->len = 1;
		return 0;
	}
	k->alt = 0;
	if (b < 0x20 || b == 0x7f)
		return keys_control(k, b, mods, ev);
	if (b < 0x80)
		return keys_emit(ev, b, mods);
	/* A UTF-8 lead byte. */
	k->seq[0] = b;
	k->len = 1;
	if (utf8_decode((char *)k->seq, 1, &cp, &skip) < 0) {
		k->len = 0;
		return 0;
	}
	k->alt = mods != 0;
	k->state = KEYS_UTF8;
	return 0;
}

static int
keys_byte(struct keys *k, unsigned char b, struct key_event *ev)
{
	uint32_t	 cp;
	size_t		 skip;
	int		 n;

	switch (k->state) {
	case KEYS_GROUND:
		return keys_ground(k, b, ev);

	case KEYS_ESC:
		if (b == '[' || (b == 'O' && !k->paste)) {
			k->seq[k->len++] = b;
			k->state = b == '[' ? KEYS_CSI : KEYS_SS3;
			return 0;
		}
		keys_reset(k);
		if (k->paste)
			return keys_byte(k, b, ev);	/* a stray ESC */
		if (b == 0x1b) {
			/* ESC ESC: the first was a lone Esc. */
			k->state = KEYS_ESC;
			k->seq[0] = b;
			k->len = 1;
			return keys_emit(ev, KEY_ESCAPE, 0);
		}
		k->alt = 1;		/* ESC x: Alt-x */
		return keys_ground(k, b, ev);

	case KEYS_CSI:
	case KEYS_SS3:
	case KEYS_DISCARD:
		if (b < 0x20 || b > 0x7e) {
			/* Not part of a sequence: drop what we had. */
			keys_reset(k);
			return keys_byte(k, b, ev);
		}
		if (k->state == KEYS_DISCARD) {
			if (b >= 0x40)
				keys_reset(k);
			return 0;
		}
		if (k->len == sizeof k->seq) {
			k->state = KEYS_DISCARD;
			if (b >= 0x40)
				keys_reset(k);
			return 0;
		}
		k->seq[k->len++] = b;
		if (k->state == KEYS_SS3) {
			if (b >= 0x40) {
				n = keys_ss3(k, ev);
				keys_reset(k);
				return n;
			}
			return 0;
		}
		if (k->len == 3 && b == '[') {
			k->state = KEYS_CSI_LINUX;
			return 0;
		}
		if (k->len == 3 && b == 'M') {
			k->state = KEYS_X10;	/* three raw bytes follow */
			return 0;
		}
		if (b >= 0x40) {
			n = keys_csi(k, ev);
			keys_reset(k);
			return n;
		}
		return 0;

	case KEYS_CSI_LINUX:
		keys_reset(k);
		if (b >= 'A' && b <= 'E' && !k->paste)
			return keys_emit(ev, KEY_F1 + (b - 'A'), 0);
		if (b < 0x20 || b > 0x7e)
			return keys_byte(k, b, ev);
		return 0;

	case KEYS_X10:
		k->seq[k->len++] = b;
		if (k->len < 6)
			return 0;
		n = 0;
		if (!k->paste && k->seq[3] >= 32) {
			n = keys_mouse(ev, k->seq[3] - 32, k->seq[4] - 32,
			    k->seq[5] - 32, (k->seq[3] & 3) == 3 &&
			    !(k->seq[3] & 64), 0);
		}
		keys_reset(k);
		return n;

	case KEYS_UTF8:
		k->seq[k->len++] = b;
		n = utf8_decode((char *)k->seq, k->len, &cp, &skip);
		if (n == 0)
			return 0;
		if (n < 0) {
			/* Only this byte can be wrong: the rest was checked. */
			keys_reset(k);
			return keys_byte(k, b, ev);
		}
		n = k->alt;
		keys_reset(k);
		if (cp < 0xa0)
			return 0;	/* C1 controls are not keys */
		return keys_emit(ev, cp, n ? KEY_MOD_ALT : 0);
	}
	keys_reset(k);
	return 0;
}

size_t
keys_feed(struct keys *k, const void *data, size_t len, struct key_event *ev,
    size_t *n)
{
	const unsigned char	*p = data;
	size_t			 room = *n, used = 0;

	*n = 0;
	while (used < len && *n < room) {
		*n += keys_byte(k, p[used], &ev[*n]);
		used++;
	}
	return used;
}

int
keys_pending(const struct keys *k)
{
	switch (k->state) {
	case KEYS_ESC:
	case KEYS_CSI:
	case KEYS_CSI_LINUX:
	case KEYS_SS3:
	case KEYS_X10:
	case KEYS_DISCARD:
		return KEYS_ESC_MS;
	}
	return 0;
}

int
keys_timeout(struct keys *k, struct key_event *ev)
{
	int	 r = 0;

	if (!k->paste) {
		if (k->state == KEYS_ESC)
			r = keys_emit(ev, KEY_ESCAPE, 0);
		else if ((k->state == KEYS_CSI || k->state == KEYS_SS3) &&
		    k->len == 2)
			r = keys_emit(ev, k->seq[1], KEY_MOD_ALT);
	}
	if (keys_pending(k))
		keys_reset(k);
	return r;
}

static const char *const keys_names[] = {
	"Enter", "Tab", "BTab", "BSpace", "Escape", "Up", "Down", "Left",
	"Right", "Home", "End", "PPage", "NPage", "IC", "DC",
	"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11",
	"F12", "Mouse",
};

const char *
keys_name(const struct key_event *ev, char *out, size_t len)
{
	static const char *const actions[] = {
		"press", "release", "drag", "move", "wheelup", "wheeldown",
	};
	char	 prefix[16], name[48];
	size_t	 i = 0;

	if (ev->mods & KEY_MOD_CTRL)
		i += snprintf(prefix + i, sizeof prefix - i, "C-");
	if (ev->mods & KEY_MOD_ALT)
		i += snprintf(prefix + i, sizeof prefix - i, "M-");
	if (ev->mods & KEY_MOD_SHIFT)
		i += snprintf(prefix + i, sizeof prefix - i, "S-");
	prefix[i] = '\0';

	if (ev->key == KEY_MOUSE) {
		snprintf(name, sizeof name, "Mouse %s %d %d,%d",
		    (unsigned)ev->mouse.action < 6 ?
		    actions[ev->mouse.action] : "?", ev->mouse.button,
		    ev->mouse.x, ev->mouse.y);
	} else if (ev->key >= KEY_BASE && ev->key < KEY_LAST)
		snprintf(name, sizeof name, "%s", keys_names[ev->key - KEY_BASE]);
	else if (ev->key > 0x20 && ev->key < 0x7f)
		snprintf(name, sizeof name, "%c", (int)ev->key);
	else if (ev->key == ' ')
		snprintf(name, sizeof name, "Space");
	else
		snprintf(name, sizeof name, "U+%04X", (unsigned)ev->key);
	snprintf(out, len, "%s%s", prefix, name);
	return out;
}
