# tests/cpu-c6.mk: the c6 family's CPU tests and bench.

# Sixes made and blocked at every level, forced wins checked by brute force,
# legal answers on random positions.
check_PROGRAMS += tests/unit/test-cpu-c6
TESTS += tests/unit/test-cpu-c6
tests_unit_test_cpu_c6_SOURCES = tests/unit/test-cpu-c6.c \
	tests/unit/cpu-position.c tests/unit/cpu-position.h
tests_unit_test_cpu_c6_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_cpu_c6_LDADD = engine/libengine.a $(CHECK_LIBS)

# make bench: nodes per second, time to the first move, level against level.
EXTRA_PROGRAMS += tests/bench/bench-cpu-c6
BENCH_PROGS += tests/bench/bench-cpu-c6
tests_bench_bench_cpu_c6_SOURCES = tests/bench/bench-cpu-c6.c \
	tests/bench/level-figures.h
tests_bench_bench_cpu_c6_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_cpu_c6_LDADD = engine/libengine.a -lm
