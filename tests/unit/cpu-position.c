/*
 * cpu-position.c - a CPU test's position printed for its table.
 */
#include <stdio.h>

#include "engine/stone.h"
#include "tests/unit/cpu-position.h"

void
cpu_position_print(int size, const uint8_t *cell, int white_to_move)
{
	char text[4];

	for (int colour = 1; colour <= 2; colour++) {
		printf("\t%s\"%s", colour == 1 ? "" : "    ",
		    colour == 1 ? "black" : "white");
		for (int p = 0; p < size * size; p++) {
			if (cell[p] == colour) {
				stone_point_format(size, p, text);
				printf(" %s", text);
			}
		}
		printf(" \"\n");
	}
	printf("\t    \"tomove %s\",\n", white_to_move ? "white" : "black");
}
