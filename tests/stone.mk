# tests/stone.mk: the five-in-a-row family, Connect6 and gamehall-engine.

# Transcripts (gamehall-engine(6)) against the real engine: every file of
# tests/shared/testdata and tests/transcripts.  Run some alone with
#   tests/transcript -e ./gamehall-engine FILE.gtp...
check_PROGRAMS += tests/transcript
TESTS += tests/transcript
tests_transcript_SOURCES = tests/transcript.c tests/child-pipe.c \
	tests/child-pipe.h
EXTRA_DIST += tests/transcripts

# The rules, variant by variant, through engine/game.h.
check_PROGRAMS += tests/unit/test-stone
TESTS += tests/unit/test-stone
tests_unit_test_stone_SOURCES = tests/unit/test-stone.c \
	tests/unit/testgame.c tests/unit/testgame.h
tests_unit_test_stone_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_stone_LDADD = engine/libengine.a $(CHECK_LIBS)

# The fast restricted-point judge against a slow, literal reference.
check_PROGRAMS += tests/unit/test-forbidden
TESTS += tests/unit/test-forbidden
tests_unit_test_forbidden_SOURCES = tests/unit/test-forbidden.c \
	tests/unit/forbidden-ref.c tests/unit/forbidden-ref.h
tests_unit_test_forbidden_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_forbidden_LDADD = engine/libengine.a $(CHECK_LIBS)

# The protocol core in-process.
check_PROGRAMS += tests/unit/test-gtp
TESTS += tests/unit/test-gtp
tests_unit_test_gtp_SOURCES = tests/unit/test-gtp.c
tests_unit_test_gtp_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_gtp_LDADD = cli/libgtp.a engine/libengine.a $(CHECK_LIBS)

# make bench: restricted-point maps and play+undo per second.
EXTRA_PROGRAMS += tests/bench/bench-stone
BENCH_PROGS += tests/bench/bench-stone
tests_bench_bench_stone_SOURCES = tests/bench/bench-stone.c
tests_bench_bench_stone_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_stone_LDADD = engine/libengine.a

# make fuzz: the protocol core under libFuzzer (clang only).  Everything is
# compiled from source so that the engine is instrumented too.
EXTRA_DIST += tests/fuzz/fuzz-gtp.c tests/fuzz/fuzz-gtp.dict
if HAVE_FUZZ_CC
FUZZ_PROGS += fuzz/fuzz-gtp
fuzz/fuzz-gtp: tests/fuzz/fuzz-gtp.c $(cli_libgtp_a_SOURCES) \
		$(engine_libengine_a_SOURCES) $(nodist_engine_libengine_a_SOURCES)
	@mkdir -p fuzz
	$(AM_V_GEN)$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -I$(top_srcdir) -I$(top_builddir) -D_GNU_SOURCE -o $@ \
	    $(top_srcdir)/tests/fuzz/fuzz-gtp.c \
	    $(addprefix $(top_srcdir)/,$(filter %.c,$(cli_libgtp_a_SOURCES) \
	    $(engine_libengine_a_SOURCES))) $(nodist_engine_libengine_a_SOURCES)
CLEANFILES += fuzz/fuzz-gtp
endif
