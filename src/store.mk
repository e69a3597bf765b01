# src/store.mk: persistent storage (SQLite), password hashing (libxcrypt)
# and Glicko-2 ratings - pure modules, no libevent.
#
# Link a program that uses them with $(STORE_LDADD); compile its sources
# with $(STORE_CFLAGS) only if they include sqlite3.h/crypt.h themselves
# (src/store.h and src/password.h do not).
noinst_LIBRARIES += src/libstore.a
src_libstore_a_SOURCES = \
	src/store.c src/store.h \
	src/password.c src/password.h \
	src/rating.c src/rating.h
src_libstore_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS) $(LIBCRYPT_CFLAGS)

STORE_CFLAGS = $(SQLITE_CFLAGS) $(LIBCRYPT_CFLAGS)
STORE_LDADD = src/libstore.a $(SQLITE_LIBS) $(LIBCRYPT_LIBS) -lm
