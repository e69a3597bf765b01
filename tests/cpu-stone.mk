# tests/cpu-stone.mk: the stone family's CPU tests and bench.

# Fives, blocks, VCF and VCT positions, restricted points, legal answers.
check_PROGRAMS += tests/unit/test-cpu-stone
TESTS += tests/unit/test-cpu-stone
tests_unit_test_cpu_stone_SOURCES = tests/unit/test-cpu-stone.c
tests_unit_test_cpu_stone_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_cpu_stone_LDADD = engine/libengine.a $(CHECK_LIBS)
