# tests/sysop.mk: the sysop's tools over real SSH - gamehallctl and the
# control socket, moderation seen on people's screens, bans across a
# restart, the sysop menu, the audit log (skips while ./gamehalld or
# ./gamehallctl is not built).
check_PROGRAMS += tests/integration/test-sysop
TESTS += tests/integration/test-sysop
tests_integration_test_sysop_SOURCES = tests/integration/test-sysop.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_sysop_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_sysop_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# The store's side: key bans, renames, the audit log, the schema step.
check_PROGRAMS += tests/unit/test-store-sysop
TESTS += tests/unit/test-store-sysop
tests_unit_test_store_sysop_SOURCES = tests/unit/test-store-sysop.c \
	$(STORE_SCRATCH)
tests_unit_test_store_sysop_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	$(SQLITE_CFLAGS)
tests_unit_test_store_sysop_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

# The sysop menu's view, drawn into a grid.
check_PROGRAMS += tests/unit/test-view-sysop
TESTS += tests/unit/test-view-sysop
tests_unit_test_view_sysop_SOURCES = tests/unit/test-view-sysop.c \
	tests/unit/grid-text.c tests/unit/grid-text.h
tests_unit_test_view_sysop_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_view_sysop_LDADD = screens/libscreens.a $(CHECK_LIBS)
