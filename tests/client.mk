# tests/client.mk: the test client (tclient: libssh client + libvterm, and
# telnet), the harness that runs the real gamehalld, the transport-level
# integration tests, the tmux smoke test and the load generator.

# Other parts' integration tests link $(TCLIENT_LIBS) and add
# $(TCLIENT_CFLAGS) to their CFLAGS; calling harness_add_account() also
# needs $(STORE_LDADD) after $(TCLIENT_LIBS).
noinst_LIBRARIES += tests/integration/libtclient.a
tests_integration_libtclient_a_SOURCES = \
	tests/integration/tclient.c tests/integration/tclient.h \
	tests/integration/tclient-int.h tests/integration/tclient-ssh.c \
	tests/integration/tclient-telnet.c \
	tests/integration/harness.c tests/integration/harness.h \
	tests/integration/harness-account.c
TCLIENT_CFLAGS = $(LIBSSH_CFLAGS) $(LIBTELNET_CFLAGS) $(VTERM_CFLAGS)
tests_integration_libtclient_a_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS)
TCLIENT_LIBS = tests/integration/libtclient.a $(LIBSSH_LIBS) \
	$(LIBTELNET_LIBS) $(VTERM_LIBS)

# The client on its own (no daemon needed).
check_PROGRAMS += tests/integration/test-tclient
TESTS += tests/integration/test-tclient
tests_integration_test_tclient_SOURCES = tests/integration/test-tclient.c
tests_integration_test_tclient_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_tclient_LDADD = $(TCLIENT_LIBS) $(CHECK_LIBS)

# The transports of the real daemon (skip while ./gamehalld is not built).
check_PROGRAMS += tests/integration/test-transport
TESTS += tests/integration/test-transport
tests_integration_test_transport_SOURCES = \
	tests/integration/test-transport.c
tests_integration_test_transport_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_transport_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# Logging in as an outsider sees it: no account enumeration, device keys,
# reasons on disconnection.
check_PROGRAMS += tests/integration/test-login
TESTS += tests/integration/test-login
tests_integration_test_login_SOURCES = tests/integration/test-login.c
tests_integration_test_login_CFLAGS = $(AM_CFLAGS) $(TCLIENT_CFLAGS) \
	$(CHECK_CFLAGS)
tests_integration_test_login_LDADD = $(TCLIENT_LIBS) $(STORE_LDADD) \
	$(CHECK_LIBS)

# hallrun: run a command next to a fresh daemon (used by smoke-tmux.sh).
check_PROGRAMS += tests/integration/hallrun
tests_integration_hallrun_SOURCES = tests/integration/hallrun.c
tests_integration_hallrun_CFLAGS = $(AM_CFLAGS)
tests_integration_hallrun_LDADD = tests/integration/libtclient.a

# The real OpenSSH client under tmux.
dist_check_SCRIPTS += tests/integration/smoke-tmux.sh
TESTS += tests/integration/smoke-tmux.sh

# Load generator: `make bench`.
EXTRA_PROGRAMS += tests/bench/hallbench
BENCH_PROGS += tests/bench/hallbench
tests_bench_hallbench_SOURCES = tests/bench/hallbench.c \
	tests/bench/crowd.c tests/bench/crowd.h
tests_bench_hallbench_CFLAGS = $(AM_CFLAGS) -O2 $(TCLIENT_CFLAGS)
tests_bench_hallbench_LDADD = $(TCLIENT_LIBS) -lpthread
# It runs the daemon, so `make bench` must build that first.
EXTRA_tests_bench_hallbench_DEPENDENCIES = gamehalld$(EXEEXT)
CLEANFILES += tests/bench/hallbench
