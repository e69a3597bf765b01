# tests/cpu-yonin.mk: the yonin family's CPU tests and bench.

# Tactics (a winning capture, a king to save, a mate), pairs, legality on
# random positions and quick games against random and greedy players.
check_PROGRAMS += tests/unit/test-cpu-yonin
TESTS += tests/unit/test-cpu-yonin
tests_unit_test_cpu_yonin_SOURCES = tests/unit/test-cpu-yonin.c \
	tests/unit/cpu-yonin-match.h
tests_unit_test_cpu_yonin_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_cpu_yonin_LDADD = engine/libengine.a $(CHECK_LIBS)

# make bench: nodes per second, time to the first move, matches.
EXTRA_PROGRAMS += tests/bench/bench-cpu-yonin
BENCH_PROGS += tests/bench/bench-cpu-yonin
tests_bench_bench_cpu_yonin_SOURCES = tests/bench/bench-cpu-yonin.c \
	tests/unit/cpu-yonin-match.h
tests_bench_bench_cpu_yonin_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_cpu_yonin_LDADD = engine/libengine.a -lm
