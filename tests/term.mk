# tests/term.mk: unit tests, benchmark and fuzz targets of the terminal layer
# (screens/ grid, writer, caps; src/ keys, line editor, cleaner).
TERM_TESTS = tests/unit/test-grid tests/unit/test-grid-pack tests/unit/test-tty \
	tests/unit/test-keys tests/unit/test-lineedit tests/unit/test-clean
check_PROGRAMS += $(TERM_TESTS)
TESTS += $(TERM_TESTS)

TERM_TEST_LDADD = src/term/libterm.a screens/libscreens.a $(CHECK_LIBS)

tests_unit_test_grid_SOURCES = tests/unit/test-grid.c
tests_unit_test_grid_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_grid_LDADD = $(TERM_TEST_LDADD)

tests_unit_test_grid_pack_SOURCES = tests/unit/test-grid-pack.c
tests_unit_test_grid_pack_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_grid_pack_LDADD = $(TERM_TEST_LDADD)

tests_unit_test_tty_SOURCES = tests/unit/test-tty.c
tests_unit_test_tty_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(VTERM_CFLAGS)
tests_unit_test_tty_LDADD = $(TERM_TEST_LDADD) $(VTERM_LIBS)

tests_unit_test_keys_SOURCES = tests/unit/test-keys.c
tests_unit_test_keys_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_keys_LDADD = $(TERM_TEST_LDADD)

tests_unit_test_lineedit_SOURCES = tests/unit/test-lineedit.c
tests_unit_test_lineedit_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_lineedit_LDADD = $(TERM_TEST_LDADD)

tests_unit_test_clean_SOURCES = tests/unit/test-clean.c
tests_unit_test_clean_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_clean_LDADD = $(TERM_TEST_LDADD)

# Benchmark: bytes per frame and diffs per second.
EXTRA_PROGRAMS += tests/bench/bench-grid
BENCH_PROGS += tests/bench/bench-grid
tests_bench_bench_grid_SOURCES = tests/bench/bench-grid.c
tests_bench_bench_grid_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_grid_LDADD = screens/libscreens.a
CLEANFILES += tests/bench/bench-grid

if HAVE_FUZZ_CC
FUZZ_TERM_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined \
	-I$(top_srcdir) -I$(top_builddir) -D_GNU_SOURCE

fuzz/fuzz-keys: $(top_srcdir)/tests/fuzz/fuzz-keys.c \
	    $(top_srcdir)/src/term/keys.c $(top_srcdir)/screens/utf8.c \
	    $(top_srcdir)/screens/utf8-width.c
	@mkdir -p fuzz
	$(FUZZ_CC) $(FUZZ_TERM_FLAGS) -o $@ $(top_srcdir)/tests/fuzz/fuzz-keys.c \
	    $(top_srcdir)/src/term/keys.c $(top_srcdir)/screens/utf8.c \
	    $(top_srcdir)/screens/utf8-width.c

fuzz/fuzz-clean: $(top_srcdir)/tests/fuzz/fuzz-clean.c \
	    $(top_srcdir)/src/term/clean.c $(top_srcdir)/src/term/lineedit.c \
	    $(top_srcdir)/src/term/keys.c $(top_srcdir)/screens/utf8.c \
	    $(top_srcdir)/screens/utf8-width.c
	@mkdir -p fuzz
	$(FUZZ_CC) $(FUZZ_TERM_FLAGS) -o $@ $(top_srcdir)/tests/fuzz/fuzz-clean.c \
	    $(top_srcdir)/src/term/clean.c $(top_srcdir)/src/term/lineedit.c \
	    $(top_srcdir)/src/term/keys.c $(top_srcdir)/screens/utf8.c \
	    $(top_srcdir)/screens/utf8-width.c

FUZZ_TTY_SRC = $(top_srcdir)/tests/fuzz/fuzz-tty.c \
	$(top_srcdir)/screens/buf.c $(top_srcdir)/screens/grid.c \
	$(top_srcdir)/screens/grid-pack.c \
	$(top_srcdir)/screens/colour.c $(top_srcdir)/screens/tty.c \
	$(top_srcdir)/screens/tty-acs.c $(top_srcdir)/screens/tty-scroll.c \
	$(top_srcdir)/screens/utf8.c $(top_srcdir)/screens/utf8-width.c
fuzz/fuzz-tty: $(FUZZ_TTY_SRC)
	@mkdir -p fuzz
	$(FUZZ_CC) $(FUZZ_TERM_FLAGS) $(VTERM_CFLAGS) -o $@ $(FUZZ_TTY_SRC) \
	    $(VTERM_LIBS)

FUZZ_PROGS += fuzz/fuzz-keys fuzz/fuzz-clean fuzz/fuzz-tty
CLEANFILES += fuzz/fuzz-keys fuzz/fuzz-clean fuzz/fuzz-tty
endif
EXTRA_DIST += tests/fuzz/fuzz-keys.c tests/fuzz/fuzz-clean.c \
	tests/fuzz/fuzz-tty.c
