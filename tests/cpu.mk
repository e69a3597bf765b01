# tests/cpu.mk: the computer player.  Each family's tactics test and bench
# add themselves in tests/cpu-stone.mk, tests/cpu-c6.mk, tests/cpu-yonin.mk.

# The contract every family keeps (legal answers, stop, determinism).
check_PROGRAMS += tests/unit/test-cpu
TESTS += tests/unit/test-cpu
tests_unit_test_cpu_SOURCES = tests/unit/test-cpu.c \
	tests/unit/testgame.c tests/unit/testgame.h
tests_unit_test_cpu_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -pthread
tests_unit_test_cpu_LDADD = engine/libengine.a $(CHECK_LIBS) -lpthread
