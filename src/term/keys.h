/*
 * keys.h - the key decoder: bytes from a client's terminal in, key events out.
 *
 * Bytes may be split anywhere across reads; the decoder holds a partial
 * sequence in a fixed buffer (no allocation, ever: a struct keys is embedded
 * in its owner).  Malformed, unknown or overlong sequences are dropped.
 *
 *   printable text       key = the code point (UTF-8 decoded; invalid bytes
 *                        dropped), mods 0
 *   Enter                CR, LF, CR LF and CR NUL are each one KEY_ENTER
 *   Tab, Shift-Tab       KEY_TAB, KEY_BACKTAB (CSI Z)
 *   Backspace            DEL and ^H are both KEY_BACKSPACE
 *   Ctrl-letter          key = 'a'..'z', mods KEY_MOD_CTRL (except ^H ^I ^J
 *                        ^M ^[ above); NUL is Ctrl-space (' '), 0x1c-0x1f
 *                        are Ctrl- \ ] ^ _
 *   Esc                  KEY_ESCAPE: a lone ESC is reported only when
 *                        keys_timeout() is called (see keys_pending)
 *   Alt-key              ESC followed by a key: that key with KEY_MOD_ALT
 *   cursor/edit keys     arrows, Home/End (CSI H/F, CSI 1~/4~, CSI 7~/8~,
 *                        SS3 H/F), PgUp/PgDn, Insert/Delete, F1-F12 (SS3
 *                        P-S, CSI 11~-24~, linux console CSI [A-[E), with
 *                        xterm modifiers (CSI 1;5A = Ctrl-Up) in mods
 *   mouse                xterm SGR reports (CSI < b;x;y M/m) -> KEY_MOUSE
 *                        with .mouse filled; coordinates 0-based
 *   bracketed paste      CSI 200~ ... CSI 201~: the markers are dropped and
 *                        the pasted text comes as printable characters only
 *                        (Tab, CR, LF -> space; other controls and escape
 *                        sequences dropped), so a paste can never submit a
 *                        line or trigger a command key.
 *
 * Other sequences (focus reports, cursor position reports, old X10 mouse)
 * are consumed and dropped.  The decoder assumes UTF-8 input; bytes of
 * another charset are invalid and dropped.
 */
#ifndef SRC_KEYS_H
#define SRC_KEYS_H

#include <stddef.h>
#include <stdint.h>

#define KEYS_ESC_MS 50		/* how long a lone ESC is held */
#define KEYS_SEQ_MAX 32		/* longest sequence kept; longer ones dropped */

/* Keys that are not characters: above every Unicode code point. */
enum {
	KEY_BASE = 0x110000,
	KEY_ENTER = KEY_BASE,
	KEY_TAB,
	KEY_BACKTAB,
	KEY_BACKSPACE,
	KEY_ESCAPE,
	KEY_UP,
	KEY_DOWN,
	KEY_LEFT,
	KEY_RIGHT,
	KEY_HOME,
	KEY_END,
	KEY_PGUP,
	KEY_PGDN,
	KEY_INSERT,
	KEY_DELETE,
	KEY_F1, KEY_F2, KEY_F3, KEY_F4, KEY_F5, KEY_F6,
	KEY_F7, KEY_F8, KEY_F9, KEY_F10, KEY_F11, KEY_F12,
	KEY_MOUSE,
	KEY_LAST
};
#define KEY_F(n) (KEY_F1 + (n) - 1)

/* mods */
#define KEY_MOD_SHIFT	0x1
#define KEY_MOD_ALT	0x2
#define KEY_MOD_CTRL	0x4

/* key_mouse.action */
enum key_mouse_action {
	KEY_MOUSE_PRESS,
	KEY_MOUSE_RELEASE,
	KEY_MOUSE_DRAG,		/* motion with a button held (mode 1002) */
	KEY_MOUSE_MOVE,		/* motion, no button (mode 1003) */
	KEY_MOUSE_WHEEL_UP,
	KEY_MOUSE_WHEEL_DOWN,
};

struct key_mouse {
	enum key_mouse_action	action;
	int			button;	/* 0 left, 1 middle, 2 right, 3+ others */
	int			x, y;	/* 0-based cell */
};

struct key_event {
	uint32_t		key;	/* a code point or KEY_* */
	unsigned		mods;	/* KEY_MOD_* */
	struct key_mouse	mouse;	/* key == KEY_MOUSE */
};

/* The decoder's state; embed it, treat the fields as private. */
struct keys {
	unsigned char	seq[KEYS_SEQ_MAX];
	size_t		len;
	int		state;
	int		after_cr;	/* swallow LF/NUL right after CR */
	int		paste;		/* inside a bracketed paste */
	int		alt;		/* ESC prefix seen before a UTF-8 char */
};

void	keys_init(struct keys *);

/*
 * Decode bytes: stores up to *n events in ev (*n on entry is the room, on
 * return the count) and returns how many bytes it consumed - all of len
 * unless ev filled up; call again with the rest.  With *n >= 1 on entry at
 * least one byte is always consumed.
 */
size_t	keys_feed(struct keys *, const void *data, size_t len,
	    struct key_event *ev, size_t *n);

/*
 * 0 when nothing waits on time; otherwise the milliseconds after which the
 * caller should call keys_timeout (the decoder holds a lone ESC, or an ESC
 * sequence that may still be completing).  Check after every keys_feed:
 * arm the timer when > 0, cancel it when 0.
 */
int	keys_pending(const struct keys *);

/*
 * The timer fired: a held lone ESC becomes KEY_ESCAPE, ESC + one byte
 * becomes that key with Alt, anything longer is dropped.  Returns 1 if an
 * event was stored in *ev, else 0.
 */
int	keys_timeout(struct keys *, struct key_event *ev);

/* A short name for an event ("C-a", "Up", "M-x", "F5", "Space", "U+00E9",
 * "Mouse press 0 9,4") for logs and tests; returns out. */
const char *keys_name(const struct key_event *, char *out, size_t len);

#endif
