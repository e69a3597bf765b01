# tests/controllers.mk: unit tests of the hall's screen controllers
# (src/hall/screen-*.c): a real hall, real conns and the in-memory store
# on a fake server and fake transports (tests/unit/fake-hall.c), keys typed
# as bytes, the frames read back off a libvterm screen, time on the manual
# clock.
CONTROLLER_TESTS = tests/unit/test-hall-screens \
	tests/unit/test-hall-screens-table tests/unit/test-hall-screens-login \
	tests/unit/test-hall-screens-rules tests/unit/test-hall-screens-crowd
check_PROGRAMS += $(CONTROLLER_TESTS)
TESTS += $(CONTROLLER_TESTS)

CONTROLLER_TEST_SOURCES = tests/unit/fake-hall.c tests/unit/fake-hall.h
CONTROLLER_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(DAEMON_CFLAGS) \
	$(VTERM_CFLAGS)
CONTROLLER_TEST_LDADD = $(TABLES_TEST_LDADD) $(VTERM_LIBS)

tests_unit_test_hall_screens_SOURCES = tests/unit/test-hall-screens.c \
	$(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_LDADD = $(CONTROLLER_TEST_LDADD)

tests_unit_test_hall_screens_table_SOURCES = \
	tests/unit/test-hall-screens-table.c $(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_table_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_table_LDADD = $(CONTROLLER_TEST_LDADD)

tests_unit_test_hall_screens_login_SOURCES = \
	tests/unit/test-hall-screens-login.c $(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_login_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_login_LDADD = $(CONTROLLER_TEST_LDADD)

# Chat lines to a crowd as bytes encoded once (lobby-frame.c).
tests_unit_test_hall_screens_crowd_SOURCES = \
	tests/unit/test-hall-screens-crowd.c tests/unit/grid-text.c \
	tests/unit/grid-text.h $(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_crowd_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_crowd_LDADD = $(CONTROLLER_TEST_LDADD)

tests_unit_test_hall_screens_rules_SOURCES = \
	tests/unit/test-hall-screens-rules.c $(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_rules_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_rules_LDADD = $(CONTROLLER_TEST_LDADD)

# The leaderboard, a profile's games and the replay screen.
check_PROGRAMS += tests/unit/test-hall-screens-history
TESTS += tests/unit/test-hall-screens-history
tests_unit_test_hall_screens_history_SOURCES = \
	tests/unit/test-hall-screens-history.c $(CONTROLLER_TEST_SOURCES)
tests_unit_test_hall_screens_history_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_hall_screens_history_LDADD = $(CONTROLLER_TEST_LDADD)

# The lessons and drills judged by the engine, the wrong blocks checked
# with the CPU's VCF finder (links the hall for screen_lesson_judge).
check_PROGRAMS += tests/unit/test-lesson
TESTS += tests/unit/test-lesson
tests_unit_test_lesson_SOURCES = tests/unit/test-lesson.c
tests_unit_test_lesson_CFLAGS = $(CONTROLLER_TEST_CFLAGS)
tests_unit_test_lesson_LDADD = $(CONTROLLER_TEST_LDADD)
