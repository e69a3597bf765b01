/*
 * tty-acs.c - the ASCII fallback: what the writer sends for a character on
 * a terminal without UTF-8.
 *
 * Line drawing becomes + - = |, stones X and O, Latin-1 letters lose their
 * accents, and common punctuation and symbols their nearest ASCII look;
 * anything else is '?'.  A board stays readable and no byte outside
 * printable ASCII is ever sent.  (The name is tmux's, whose tty-acs.c
 * does the same job with the VT100 line-drawing set; this writer does not
 * switch character sets, the fallback is plain ASCII.)
 */
#include <stdint.h>

#include "screens/grid.h"
#include "screens/tty.h"

/* Latin-1 letters without their accents, from U+00C0. */
static const char tty_acs_latin1[] =
    "AAAAAAACEEEEIIII" "DNOOOOOxOUUUUYTs"
    "aaaaaaaceeeeiiii" "dnooooo/ouuuuyty";

char
tty_acs_ascii(uint32_t ch)
{
	unsigned	 dirs;

	if (ch >= 0x20 && ch < 0x7f)
		return (char)ch;
	if (ch >= 0xc0 && ch <= 0xff)
		return tty_acs_latin1[ch - 0xc0];
	if ((dirs = grid_line_dirs(ch)) != 0) {
		if ((dirs & (GRID_UP | GRID_DOWN)) == 0)
			return (ch >= 0x2550 ? '=' : '-');
		if ((dirs & (GRID_LEFT | GRID_RIGHT)) == 0)
			return '|';
		return '+';
	}
	switch (ch) {
	case 0xa0:			/* no-break space */
		return ' ';
	case 0xab: case 0xbb:		/* « » */
	case 0x201c: case 0x201d:	/* “ ” */
		return '"';
	case 0xb7:			/* · */
	case 0x2026:			/* … */
		return '.';
	case 0x2018: case 0x2019:	/* ‘ ’ */
		return '\'';
	case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014:
	case 0x2015: case 0x2212:	/* dashes, minus */
	case 0x2504: case 0x2505: case 0x2508: case 0x2509: case 0x254c:
	case 0x254d:			/* dashed horizontal lines */
		return '-';
	case 0x2506: case 0x2507: case 0x250a: case 0x250b: case 0x254e:
	case 0x254f:			/* dashed vertical lines */
		return '|';
	case 0x2571:
		return '/';
	case 0x2572:
		return '\\';
	case 0x2573: case 0xd7:
		return 'x';
	case 0x25cf: case 0x2b24: case 0x26ab:	/* ● ⬤ ⚫ black stones */
		return 'X';
	case 0x25cb: case 0x25ef: case 0x26aa:	/* ○ ◯ ⚪ white stones */
		return 'O';
	case 0x25c9: case 0x25ce: case 0x25cd: case 0x25cc:
		return '@';
	case 0x2022: case 0x2605: case 0x2606: case 0x25c6: case 0x25c7:
	case 0x2727: case 0x2726:		/* • ★ ☆ ◆ ◇ ✦ ✧ */
		return '*';
	case 0x25a0: case 0x25a1: case 0x25aa: case 0x25ab:
		return '#';
	case 0x2190: case 0x25c0: case 0x25c1: case 0x2039:
		return '<';
	case 0x2192: case 0x25b6: case 0x25b7: case 0x203a:
		return '>';
	case 0x2191: case 0x25b2: case 0x25b3:
		return '^';
	case 0x2193: case 0x25bc: case 0x25bd:
		return 'v';
	case 0x2713: case 0x2714:		/* ✓ */
		return 'v';
	case 0x2717: case 0x2718:		/* ✗ */
		return 'x';
	}
	if (ch >= 0x2580 && ch <= 0x259f)	/* block elements */
		return '#';
	if (ch >= 0x2500 && ch <= 0x257f)
		return '+';
	return '?';
}
