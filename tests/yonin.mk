# tests/yonin.mk: four-player shogi.  Its rule scenarios are the transcripts
# tests/transcripts/yonin-*.gtp (run by tests/transcript, see tests/stone.mk).

# Random play-outs with invariants, the quarter-turn symmetry, play() against
# the generator, copies and records.
check_PROGRAMS += tests/unit/test-yonin
TESTS += tests/unit/test-yonin
tests_unit_test_yonin_SOURCES = tests/unit/test-yonin.c
tests_unit_test_yonin_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_yonin_LDADD = engine/libengine.a $(CHECK_LIBS)

# perft from the start position, nodes per second
EXTRA_PROGRAMS += tests/bench/bench-yonin
BENCH_PROGS += tests/bench/bench-yonin
tests_bench_bench_yonin_SOURCES = tests/bench/bench-yonin.c
tests_bench_bench_yonin_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_yonin_LDADD = engine/libengine.a
