# tests/engine.mk: shared test plumbing.

# make fuzz: stored game records (game_replay, then a round trip), clang only.
EXTRA_DIST += tests/fuzz/fuzz-record.c
if HAVE_FUZZ_CC
FUZZ_PROGS += fuzz/fuzz-record
fuzz/fuzz-record: tests/fuzz/fuzz-record.c $(engine_libengine_a_SOURCES) \
		$(nodist_engine_libengine_a_SOURCES)
	@mkdir -p fuzz
	$(AM_V_GEN)$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -I$(top_srcdir) -I$(top_builddir) -D_GNU_SOURCE -o $@ \
	    $(top_srcdir)/tests/fuzz/fuzz-record.c \
	    $(addprefix $(top_srcdir)/,$(filter %.c,$(engine_libengine_a_SOURCES))) \
	    $(nodist_engine_libengine_a_SOURCES)
CLEANFILES += fuzz/fuzz-record
endif
