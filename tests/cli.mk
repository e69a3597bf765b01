# tests/cli.mk: gamehall-engine's CPU commands, the Gomocup protocol and the match runner.
# The genmove transcripts are tests/transcripts/cpu-*.gtp (run by
# tests/transcript, tests/stone.mk); genmove in-process is in test-gtp.

# The Gomocup core in-process, and the real program over pipes.
check_PROGRAMS += tests/unit/test-gomocup
TESTS += tests/unit/test-gomocup
tests_unit_test_gomocup_SOURCES = tests/unit/test-gomocup.c
tests_unit_test_gomocup_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_gomocup_LDADD = cli/libgtp.a engine/libengine.a $(CHECK_LIBS)
tests_unit_test_gomocup_DEPENDENCIES = cli/libgtp.a engine/libengine.a \
	gamehall-engine$(EXEEXT)
