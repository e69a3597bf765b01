# tests/hall.mk: the hall's tests - its views, identities, chat (unit, with
# Check) and the screens a person sees over real SSH (integration).
HALL_UNIT_TESTS = tests/unit/test-views tests/unit/test-identity \
	tests/unit/test-chat
check_PROGRAMS += $(HALL_UNIT_TESTS)
TESTS += $(HALL_UNIT_TESTS)

tests_unit_test_views_SOURCES = tests/unit/test-views.c \
	tests/unit/grid-text.c tests/unit/grid-text.h
tests_unit_test_views_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_views_LDADD = screens/libscreens.a $(CHECK_LIBS)

tests_unit_test_identity_SOURCES = tests/unit/test-identity.c
tests_unit_test_identity_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_identity_LDADD = src/libdaemon.a $(CHECK_LIBS)

tests_unit_test_chat_SOURCES = tests/unit/test-chat.c
tests_unit_test_chat_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_chat_LDADD = src/libdaemon.a src/term/libterm.a \
	screens/libscreens.a $(CHECK_LIBS) -lm

# The screens over real SSH and telnet (skips while ./gamehalld is not built).
check_PROGRAMS += tests/integration/test-hall
TESTS += tests/integration/test-hall
tests_integration_test_hall_SOURCES = tests/integration/test-hall.c
tests_integration_test_hall_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_hall_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# The leaderboard (src/hall/top.c) from a prepared store.
check_PROGRAMS += tests/unit/test-top
TESTS += tests/unit/test-top
tests_unit_test_top_SOURCES = tests/unit/test-top.c
tests_unit_test_top_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_top_LDADD = src/libdaemon.a $(STORE_LDADD) \
	engine/libengine.a $(CHECK_LIBS)

# Finished games and leaderboards from the shell: export and top over SSH.
check_PROGRAMS += tests/integration/test-history
TESTS += tests/integration/test-history
tests_integration_test_history_SOURCES = tests/integration/test-history.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_history_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_history_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# The leaderboard and replay views.
check_PROGRAMS += tests/unit/test-view-history
TESTS += tests/unit/test-view-history
tests_unit_test_view_history_SOURCES = tests/unit/test-view-history.c
tests_unit_test_view_history_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_view_history_LDADD = screens/libscreens.a engine/libengine.a \
	$(CHECK_LIBS)

# What a crowd in the lobby costs per viewer: chat lines and arrivals.
EXTRA_PROGRAMS += tests/bench/lobbybench
BENCH_PROGS += tests/bench/lobbybench
tests_bench_lobbybench_SOURCES = tests/bench/lobbybench.c \
	tests/bench/crowd.c tests/bench/crowd.h
tests_bench_lobbybench_CFLAGS = $(AM_CFLAGS) -O2 $(TCLIENT_CFLAGS)
tests_bench_lobbybench_LDADD = $(TCLIENT_LIBS) -lpthread
EXTRA_tests_bench_lobbybench_DEPENDENCIES = gamehalld$(EXEEXT)
CLEANFILES += tests/bench/lobbybench
