/*
 * forbidden-line.h - the pattern tables the restricted-point judge reads.
 *
 * They are generated at build time by engine/forbidden-gen.c into
 * forbidden-table.c, so the library holds them as constant data.
 *
 * A window is the 11 cells of one line centred on the point p being
 * judged (offsets -5..+5).  Its black cells and its blocked cells (white
 * stones and cells beyond the board) are two 11-bit masks, bit 5 being p;
 * the index of the window is
 *	forbidden_ternary[black] + 2 * forbidden_ternary[blocked]
 * (base 3 over the ten cells other than p), and forbidden_line[index]
 * says what black at p makes on that line.
 */
#ifndef ENGINE_FORBIDDEN_LINE_H
#define ENGINE_FORBIDDEN_LINE_H

#include <stdint.h>

#define FORBIDDEN_WINDOW 11
#define FORBIDDEN_LINE_ENTRIES 59049 /* 3^10 */

#define FL_FIVE 0x1          /* an exact five through p */
#define FL_OVER 0x2          /* six or more through p */
#define FL_FOURS(e) (((e) >> 2) & 0x3) /* fours through p: 0, 1 or 2 */
#define FL_THREE(e) (((e) >> 4) & 0xff)
/*
 * FL_THREE: with no four on the line, the points q whose black stone would
 * make a straight four containing p: bit i for offset i - 4 (i < 4) or
 * i - 3 (i >= 4), i.e. offsets -4..-1, +1..+4.
 */

extern const uint16_t forbidden_ternary[1 << FORBIDDEN_WINDOW];
extern const uint16_t forbidden_line[FORBIDDEN_LINE_ENTRIES];

#endif
