/*
 * tty-caps.h - what a client's terminal can show, decided from what the
 * client told us (TERM, locale variables, NO_COLOR, COLORTERM).  A pure
 * function: the daemon collects the strings from the transport (SSH pty-req
 * and env requests, telnet TTYPE/NEW-ENVIRON) and may adjust the result
 * afterwards (e.g. telnet without BINARY -> utf8 = 0).
 *
 * Rules, in order:
 *  - UTF-8: the first non-empty of LC_ALL, LC_CTYPE, LANG decides (its
 *    charset part, or the whole value if it has no '.', names UTF-8 or
 *    utf8, any case -> UTF-8; anything else, C and POSIX included ->
 *    ASCII).  When none is sent (ssh sends LANG only with SendEnv, and many
 *    clients never do), the TERM decides: the old and limited ones (dumb,
 *    vt52/100/102/220/320, ansi, cons25, sun, unknown, network) and no TERM
 *    at all get ASCII; every other TERM gets UTF-8, because the terminals
 *    that send xterm*, screen*, tmux*, rxvt*, linux, putty, alacritty,
 *    kitty, foot, ... today all handle it and are too many to list.
 *    (Telnet without BINARY: the daemon sets utf8 = 0 itself.)
 *  - Colours: NO_COLOR set and non-empty -> none.  TERM dumb, vt52, vt100,
 *    vt102, vt220, vt320, unknown, and any "-mono" or "-m" variant -> none.  COLORTERM truecolor/24bit, or
 *    TERM containing "256col" or "direct" -> 256.  Every other TERM, and no
 *    TERM -> 16.
 *  - A TERM family matches the name alone or followed by '-' or '.'
 *    (vt100-am is vt100), case-insensitively.
 *  - Cursor addressing: every TERM but dumb (a terminal that only prints
 *    lines: the hall's screens cannot be drawn on it, and it gets a line
 *    of text instead of escape sequences).
 *  - Mouse reports: not for dumb, vt52, vt100, vt102, vt220, vt320,
 *    unknown (a real VT would print the mode switches as garbage).
 */
#ifndef SCREENS_TTY_CAPS_H
#define SCREENS_TTY_CAPS_H

#define TTY_COLOURS_NONE 0
#define TTY_COLOURS_16 16
#define TTY_COLOURS_256 256

struct tty_caps {
	int	utf8;		/* 1: UTF-8 output; 0: ASCII only */
	int	colours;	/* TTY_COLOURS_* */
	int	cursor;		/* can address the cursor (not TERM=dumb) */
	int	mouse;		/* may be asked for mouse reports */
};

/* The strings as the client sent them; NULL for one that was not sent. */
struct tty_env {
	const char	*term;
	const char	*lang;
	const char	*lc_all;
	const char	*lc_ctype;
	const char	*no_color;
	const char	*colorterm;
};

void	tty_caps_detect(struct tty_caps *, const struct tty_env *);

#endif
