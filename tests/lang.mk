# tests/lang.mk: the pages in every language (screens/lang.h) - every rules
# page at 80x24 in each, translated where po/LANG.po is written, two
# languages drawn at once, Chinese wrapped by cells.  Reads the build dir's
# locale/ (Makefile.am's catalogs), so it runs after them.
check_PROGRAMS += tests/unit/test-lang
TESTS += tests/unit/test-lang
tests_unit_test_lang_SOURCES = tests/unit/test-lang.c \
	tests/unit/grid-text.c tests/unit/grid-text.h
tests_unit_test_lang_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -pthread
tests_unit_test_lang_LDADD = screens/libscreens.a engine/libengine.a \
	$(CHECK_LIBS) -lpthread -lm

# Over real SSH: two people in two languages at once, the account keeping
# its choice.
check_PROGRAMS += tests/integration/test-lang
TESTS += tests/integration/test-lang
tests_integration_test_lang_SOURCES = tests/integration/test-lang.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_lang_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_lang_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)
