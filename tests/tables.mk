# tests/tables.mk: unit tests of the tables and their screens.
TABLES_TEST_LDADD = src/libdaemon.a src/term/libterm.a screens/libscreens.a \
	src/store/libstore.a engine/libengine.a $(DAEMON_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/test-table tests/unit/test-view-table
TESTS += tests/unit/test-table tests/unit/test-view-table

tests_unit_test_table_SOURCES = tests/unit/test-table.c
tests_unit_test_table_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_table_LDADD = $(TABLES_TEST_LDADD)

tests_unit_test_view_table_SOURCES = tests/unit/test-view-table.c
tests_unit_test_view_table_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_view_table_LDADD = screens/libscreens.a engine/libengine.a \
	$(CHECK_LIBS)

# Tables over real SSH (skips while ./gamehalld is not built).
check_PROGRAMS += tests/integration/test-tables
TESTS += tests/integration/test-tables
tests_integration_test_tables_SOURCES = tests/integration/test-tables.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_tables_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_tables_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# Load generator: many tables playing with watchers (`make bench`).
EXTRA_PROGRAMS += tests/bench/tablebench
BENCH_PROGS += tests/bench/tablebench
tests_bench_tablebench_SOURCES = tests/bench/tablebench.c \
	tests/bench/crowd.c tests/bench/crowd.h
tests_bench_tablebench_CFLAGS = $(AM_CFLAGS) -O2 $(TCLIENT_CFLAGS)
tests_bench_tablebench_LDADD = $(TCLIENT_LIBS) -lpthread
CLEANFILES += tests/bench/tablebench

# Turn clocks, absent players and the CPU holding seats (a real worker
# pool for the CPU, a manual clock for the timers).
check_PROGRAMS += tests/unit/test-table-life
TESTS += tests/unit/test-table-life
tests_unit_test_table_life_SOURCES = tests/unit/test-table-life.c
tests_unit_test_table_life_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_table_life_LDADD = $(TABLES_TEST_LDADD)

# Table life over real SSH: drops and reclaims, the CPU holding a seat,
# abandoned rated games, playing the computer, restarts.
check_PROGRAMS += tests/integration/test-table-life
TESTS += tests/integration/test-table-life
tests_integration_test_table_life_SOURCES = \
	tests/integration/test-table-life.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_table_life_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_table_life_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# What saving and restoring live tables costs (`make bench`).
EXTRA_PROGRAMS += tests/bench/bench-table-save
BENCH_PROGS += tests/bench/bench-table-save
tests_bench_bench_table_save_SOURCES = tests/bench/bench-table-save.c
tests_bench_bench_table_save_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_table_save_LDADD = $(TABLES_TEST_LDADD)

# The rules pages and the lesson over real SSH.
check_PROGRAMS += tests/integration/test-rules
TESTS += tests/integration/test-rules
tests_integration_test_rules_SOURCES = tests/integration/test-rules.c \
	tests/integration/players.c tests/integration/players.h
tests_integration_test_rules_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_rules_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)
