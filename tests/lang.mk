# tests/lang.mk: the pages in every language (screens/lang.h) - every rules
# page at 80x24 in each, translated where po/LANG.po is written, two
# languages drawn at once, Chinese wrapped by cells.  Reads the build dir's
# locale/ (Makefile.am's catalogs), so it runs after them.
check_PROGRAMS += tests/unit/test-lang
TESTS += tests/unit/test-lang
tests_unit_test_lang_SOURCES = tests/unit/test-lang.c \
	tests/unit/grid-text.c tests/unit/grid-text.h
tests_unit_test_lang_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -pthread
tests_unit_test_lang_LDADD = screens/libscreens.a $(CHECK_LIBS) -lpthread
