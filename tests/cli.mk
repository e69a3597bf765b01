# tests/cli.mk: gamehall-engine's CPU commands, the Gomocup protocol and the match runner.
# The genmove transcripts are tests/transcripts/cpu-*.gtp (run by
# tests/transcript, tests/stone.mk); genmove in-process is in test-gtp.

# The Gomocup core in-process, and the real program over pipes.
check_PROGRAMS += tests/unit/test-gomocup
TESTS += tests/unit/test-gomocup
tests_unit_test_gomocup_SOURCES = tests/unit/test-gomocup.c \
	tests/child-pipe.c tests/child-pipe.h
tests_unit_test_gomocup_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_gomocup_LDADD = cli/libgtp.a engine/libengine.a $(CHECK_LIBS)
tests_unit_test_gomocup_DEPENDENCIES = cli/libgtp.a engine/libengine.a \
	gamehall-engine$(EXEEXT)

# make bench: level against level in every variant, and through the
# Gomocup protocol against gamehall-engine --gomocup (a self-match); run
# longer with
#   tests/bench/cpumatch --games 200 --level 4 --time 200
#   tests/bench/cpumatch --engine "pbrain-other" --rule 0 --size 15
EXTRA_PROGRAMS += tests/bench/cpumatch
BENCH_PROGS += tests/bench/cpumatch
tests_bench_cpumatch_SOURCES = tests/bench/cpumatch.c tests/child-pipe.c \
	tests/child-pipe.h
tests_bench_cpumatch_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_cpumatch_LDADD = cli/libgtp.a engine/libengine.a -lm
tests_bench_cpumatch_DEPENDENCIES = cli/libgtp.a engine/libengine.a \
	gamehall-engine$(EXEEXT)

# Export (engine/export.c) read back through gh-load, every variant.
check_PROGRAMS += tests/unit/test-export
TESTS += tests/unit/test-export
tests_unit_test_export_SOURCES = tests/unit/test-export.c
tests_unit_test_export_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_export_LDADD = cli/libgtp.a engine/libengine.a $(CHECK_LIBS)

# make fuzz: the files gh-load reads, and their round trip (clang only).
EXTRA_DIST += tests/fuzz/fuzz-export.c
if HAVE_FUZZ_CC
FUZZ_PROGS += fuzz/fuzz-export
fuzz/fuzz-export: tests/fuzz/fuzz-export.c $(engine_libengine_a_SOURCES) \
		$(nodist_engine_libengine_a_SOURCES)
	@mkdir -p fuzz
	$(AM_V_GEN)$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -I$(top_srcdir) -I$(top_builddir) -D_GNU_SOURCE -o $@ \
	    $(top_srcdir)/tests/fuzz/fuzz-export.c \
	    $(addprefix $(top_srcdir)/,$(filter %.c,$(engine_libengine_a_SOURCES))) \
	    $(nodist_engine_libengine_a_SOURCES)
CLEANFILES += fuzz/fuzz-export
endif
