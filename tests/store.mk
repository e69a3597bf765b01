# tests/store.mk: unit tests and the benchmark of src/store/libstore.a.
check_PROGRAMS += tests/unit/test-store tests/unit/test-store-addr \
	tests/unit/test-password tests/unit/test-rating \
	tests/unit/test-store-durable
TESTS += tests/unit/test-store tests/unit/test-store-addr \
	tests/unit/test-password tests/unit/test-rating \
	tests/unit/test-store-durable

# A scratch database per test, for the store's tests.
STORE_SCRATCH = tests/unit/store-scratch.c tests/unit/store-scratch.h

tests_unit_test_store_SOURCES = tests/unit/test-store.c $(STORE_SCRATCH)
tests_unit_test_store_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(SQLITE_CFLAGS)
tests_unit_test_store_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

# The address matching of IP bans, on its own (store-int.h, no database).
tests_unit_test_store_addr_SOURCES = tests/unit/test-store-addr.c
tests_unit_test_store_addr_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	$(SQLITE_CFLAGS)
tests_unit_test_store_addr_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

# Account changes under synchronous=FULL, and private database files
# (store-int.h: the statement trace on the store's own connection).
tests_unit_test_store_durable_SOURCES = tests/unit/test-store-durable.c \
	$(STORE_SCRATCH)
tests_unit_test_store_durable_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	$(SQLITE_CFLAGS)
tests_unit_test_store_durable_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

tests_unit_test_password_SOURCES = tests/unit/test-password.c
tests_unit_test_password_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_password_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

tests_unit_test_rating_SOURCES = tests/unit/test-rating.c
tests_unit_test_rating_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_test_rating_LDADD = $(STORE_LDADD) $(CHECK_LIBS)

EXTRA_PROGRAMS += tests/bench/bench-store
BENCH_PROGS += tests/bench/bench-store
tests_bench_bench_store_SOURCES = tests/bench/bench-store.c
tests_bench_bench_store_CFLAGS = $(AM_CFLAGS) -O2
tests_bench_bench_store_LDADD = $(STORE_LDADD) -lpthread

# The board marks an account has had explained (schema step 5).
check_PROGRAMS += tests/unit/test-store-marks
TESTS += tests/unit/test-store-marks
tests_unit_test_store_marks_SOURCES = tests/unit/test-store-marks.c \
	$(STORE_SCRATCH)
tests_unit_test_store_marks_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	$(SQLITE_CFLAGS)
tests_unit_test_store_marks_LDADD = $(STORE_LDADD) $(CHECK_LIBS)
