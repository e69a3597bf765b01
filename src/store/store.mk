# src/store/store.mk: persistent storage (SQLite), password hashing
# (libxcrypt) and Glicko-2 ratings - pure modules, no libevent.
#
# Link a program that uses them with $(STORE_LDADD); compile its sources
# with $(STORE_CFLAGS) only if they include sqlite3.h/crypt.h themselves
# (src/store/store.h and src/store/password.h do not).
noinst_LIBRARIES += src/store/libstore.a
src_store_libstore_a_SOURCES = \
	src/store/store.c src/store/store.h src/store/store-int.h \
	src/store/store-user.c src/store/store-key.c \
	src/store/store-rating.c src/store/store-game.c \
	src/store/store-table.c src/store/store-ban.c \
	src/store/store-addr.c src/store/store-audit.c \
	src/store/store-report.c src/store/store-marks.c \
	src/store/store-checkpoint.c \
	src/store/password.c src/store/password.h \
	src/store/rating.c src/store/rating.h
src_store_libstore_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS) $(LIBCRYPT_CFLAGS)

STORE_CFLAGS = $(SQLITE_CFLAGS) $(LIBCRYPT_CFLAGS)
STORE_LDADD = src/store/libstore.a $(SQLITE_LIBS) $(LIBCRYPT_LIBS) -lm
