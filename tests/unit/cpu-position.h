/*
 * cpu-position.h - what the CPU tests that make their own positions share:
 * a position printed as the words that set it up, the form their tables
 * of positions keep.
 */
#ifndef TESTS_UNIT_CPU_POSITION_H
#define TESTS_UNIT_CPU_POSITION_H

#include <stdint.h>

/* Print a position as C string lines ("black ... white ... tomove ..."):
 * cells 0 empty, 1 black, 2 white, point = col * size + row. */
void cpu_position_print(int size, const uint8_t *cell, int white_to_move);

#endif
