/*
 * colour.c - the 256-colour palette mapped down to the 16 ANSI colours.
 *
 * The palette is xterm's: the 16 ANSI colours, a 6x6x6 cube, then 24
 * greys.  A 16-colour terminal is given the ANSI colour that looks nearest.
 */
#include <stdint.h>

#include "screens/colour.h"

/* The xterm colours of the 16 ANSI ones, to map the palette to them. */
static const uint8_t colour_rgb16[16][3] = {
	{ 0x00, 0x00, 0x00 }, { 0xcd, 0x00, 0x00 }, { 0x00, 0xcd, 0x00 },
	{ 0xcd, 0xcd, 0x00 }, { 0x00, 0x00, 0xee }, { 0xcd, 0x00, 0xcd },
	{ 0x00, 0xcd, 0xcd }, { 0xe5, 0xe5, 0xe5 }, { 0x7f, 0x7f, 0x7f },
	{ 0xff, 0x00, 0x00 }, { 0x00, 0xff, 0x00 }, { 0xff, 0xff, 0x00 },
	{ 0x5c, 0x5c, 0xff }, { 0xff, 0x00, 0xff }, { 0x00, 0xff, 0xff },
	{ 0xff, 0xff, 0xff },
};

static void
colour_rgb256(int c, int rgb[3])
{
	static const int	 levels[6] = { 0, 95, 135, 175, 215, 255 };

	if (c < 16) {
		rgb[0] = colour_rgb16[c][0];
		rgb[1] = colour_rgb16[c][1];
		rgb[2] = colour_rgb16[c][2];
	} else if (c < 232) {
		c -= 16;
		rgb[0] = levels[c / 36];
		rgb[1] = levels[(c / 6) % 6];
		rgb[2] = levels[c % 6];
	} else
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (c - 232);
}

/*
 * Nearest of the 16 by "redmean" distance (a cheap approximation of how
 * far apart colours look).  Chromatic colours never map to the greys: a
 * dull red should stay red on a 16-colour terminal, not turn grey.
 */
int
colour_256to16(int c)
{
	int	 rgb[3], p[3], i, best = 0, chroma, max, min;
	long	 d, bestd = -1, rmean, dr, dg, db;

	if (c < 0 || c > 255)
		return -1;
	if (c < 16)
		return c;
	colour_rgb256(c, rgb);
	max = rgb[0] > rgb[1] ? rgb[0] : rgb[1];
	max = max > rgb[2] ? max : rgb[2];
	min = rgb[0] < rgb[1] ? rgb[0] : rgb[1];
	min = min < rgb[2] ? min : rgb[2];
	chroma = max - min;
	for (i = 0; i < 16; i++) {
		int grey = (i == 0 || i == 7 || i == 8 || i == 15);

		if (chroma >= 80 && grey)
			continue;
		p[0] = colour_rgb16[i][0];
		p[1] = colour_rgb16[i][1];
		p[2] = colour_rgb16[i][2];
		rmean = (rgb[0] + p[0]) / 2;
		dr = rgb[0] - p[0];
		dg = rgb[1] - p[1];
		db = rgb[2] - p[2];
		d = ((512 + rmean) * dr * dr >> 8) + 4 * dg * dg +
		    ((767 - rmean) * db * db >> 8);
		if (bestd < 0 || d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}
