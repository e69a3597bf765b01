# tests/daemon.mk: unit tests and the fuzz target of the transport half of
# gamehalld (settings, admission control, worker pool, telnet protocol,
# exec commands).  Over-the-wire tests live in tests/client.mk.
DAEMON_TESTS = tests/unit/test-config tests/unit/test-limits \
	tests/unit/test-worker tests/unit/test-telnet tests/unit/test-exec \
	tests/unit/test-conn tests/unit/test-clock tests/unit/test-cpujob
check_PROGRAMS += $(DAEMON_TESTS)
TESTS += $(DAEMON_TESTS)

# The tests compile the few sources they need themselves, so they do not
# wait for everything else in src/libdaemon.a to build.
DAEMON_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(DAEMON_CFLAGS)
DAEMON_TEST_LDADD = $(CHECK_LIBS) $(DAEMON_LIBS)
DAEMON_TEST_BASE = src/base/config.c src/base/log.c src/base/clock.c \
	src/base/ratelimit.c

tests_unit_test_clock_SOURCES = tests/unit/test-clock.c $(DAEMON_TEST_BASE)
tests_unit_test_clock_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_clock_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_cpujob_SOURCES = tests/unit/test-cpujob.c $(DAEMON_TEST_BASE) \
	src/base/worker.c src/base/waker.c src/table/cpujob.c
tests_unit_test_cpujob_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_cpujob_LDADD = engine/libengine.a $(DAEMON_TEST_LDADD)

tests_unit_test_config_SOURCES = tests/unit/test-config.c $(DAEMON_TEST_BASE)
tests_unit_test_config_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_config_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_limits_SOURCES = tests/unit/test-limits.c $(DAEMON_TEST_BASE) src/net/limits.c
tests_unit_test_limits_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_limits_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_worker_SOURCES = tests/unit/test-worker.c $(DAEMON_TEST_BASE) src/base/worker.c \
	src/base/waker.c
tests_unit_test_worker_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_worker_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_telnet_SOURCES = tests/unit/test-telnet.c $(DAEMON_TEST_BASE) src/net/nvt.c
tests_unit_test_telnet_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_telnet_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_exec_SOURCES = tests/unit/test-exec.c $(DAEMON_TEST_BASE) src/net/exec.c
tests_unit_test_exec_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_exec_LDADD = $(DAEMON_TEST_LDADD)

tests_unit_test_conn_SOURCES = tests/unit/test-conn.c $(DAEMON_TEST_BASE) src/net/conn.c src/net/limits.c
tests_unit_test_conn_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_unit_test_conn_LDADD = $(DAEMON_TEST_LDADD)

EXTRA_DIST += tests/fuzz/fuzz-telnet.c

if HAVE_FUZZ_CC
FUZZ_PROGS += fuzz/fuzz-telnet
fuzz/fuzz-telnet: $(top_srcdir)/tests/fuzz/fuzz-telnet.c \
	$(top_srcdir)/src/net/nvt.c $(top_srcdir)/src/net/nvt.h
	@mkdir -p fuzz
	$(AM_V_CC)$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -I$(top_srcdir) -I$(top_builddir) -D_GNU_SOURCE \
	    $(LIBTELNET_CFLAGS) -o $@ $(top_srcdir)/tests/fuzz/fuzz-telnet.c \
	    $(top_srcdir)/src/net/nvt.c $(LIBTELNET_LIBS)
CLEANFILES += fuzz/fuzz-telnet
endif

# The arrows between layers run one way (src/daemon.mk lists the layers).
TESTS += tests/layers.sh
EXTRA_DIST += tests/layers.sh
