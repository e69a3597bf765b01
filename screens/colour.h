/*
 * colour.h - the colours a terminal can show: the xterm 256-colour palette
 * and its mapping down to the 16 ANSI colours, for terminals that have no
 * more (tty-caps.h says which).
 */
#ifndef SCREENS_COLOUR_H
#define SCREENS_COLOUR_H

/*
 * The 16-colour index (0-15) nearest to a 256-palette colour; 0-15 map to
 * themselves, anything outside 0-255 to -1.
 */
int	colour_256to16(int colour);

#endif
