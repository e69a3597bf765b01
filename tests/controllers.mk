# tests/controllers.mk: unit tests of the hall's screen controllers
# (src/hall/screen-*.c): a real hall, real conns and the in-memory store
# on a fake server and fake transports (tests/unit/fake-hall.c), keys typed
# as bytes, the frames read back off a libvterm screen, time on the manual
# clock.
check_PROGRAMS += tests/unit/test-hall-screens
TESTS += tests/unit/test-hall-screens
tests_unit_test_hall_screens_SOURCES = tests/unit/test-hall-screens.c \
	tests/unit/fake-hall.c tests/unit/fake-hall.h
tests_unit_test_hall_screens_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	$(DAEMON_CFLAGS) $(VTERM_CFLAGS)
tests_unit_test_hall_screens_LDADD = $(TABLES_TEST_LDADD) $(VTERM_LIBS)
