# tests/cpu-stone.mk: the stone family's CPU tests and bench.

# Fives, blocks, VCF and VCT positions, restricted points, legal answers.
check_PROGRAMS += tests/unit/test-cpu-stone
TESTS += tests/unit/test-cpu-stone
tests_unit_test_cpu_stone_SOURCES = tests/unit/test-cpu-stone.c \
	tests/unit/testgame.c tests/unit/testgame.h \
	tests/unit/cpu-position.c tests/unit/cpu-position.h
tests_unit_test_cpu_stone_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_cpu_stone_LDADD = engine/libengine.a $(CHECK_LIBS)

# make bench: nodes per second, time to a move, level against level.
EXTRA_PROGRAMS += tests/bench/bench-cpu-stone
BENCH_PROGS += tests/bench/bench-cpu-stone
tests_bench_bench_cpu_stone_SOURCES = tests/bench/bench-cpu-stone.c \
	tests/bench/level-figures.h
tests_bench_bench_cpu_stone_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_cpu_stone_LDADD = engine/libengine.a -lm
