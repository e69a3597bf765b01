# src/daemon.mk: the transport half of gamehalld - settings, logging,
# listeners and admission control, the SSH (libssh) and telnet (libtelnet)
# transports, the transport-neutral conn, the worker pool.  HALL appends
# the hall's sources to src/libhall.a in src/hall.mk (included after this).

DAEMON_CFLAGS = $(LIBSSH_CFLAGS) $(LIBEVENT_CFLAGS) $(LIBTELNET_CFLAGS) \
	$(SQLITE_CFLAGS)
DAEMON_LIBS = $(LIBSSH_LIBS) $(LIBEVENT_LIBS) $(LIBTELNET_LIBS) \
	$(SQLITE_LIBS) $(LIBCRYPT_LIBS) -lpthread -lm

noinst_LIBRARIES += src/libhall.a
src_libhall_a_CFLAGS = $(AM_CFLAGS) $(DAEMON_CFLAGS)
src_libhall_a_SOURCES = \
	src/config.c src/config.h \
	src/log.c src/log.h \
	src/limits.c src/limits.h \
	src/worker.c src/worker.h \
	src/hostkey.c src/hostkey.h \
	src/exec.c src/exec.h \
	src/conn.c src/conn.h src/transport.h \
	src/server.c src/server.h \
	src/sshd.c src/sshd.h \
	src/nvt.c src/nvt.h \
	src/telnetd.c src/telnetd.h

bin_PROGRAMS += gamehalld
gamehalld_SOURCES = src/gamehalld.c
gamehalld_CFLAGS = $(AM_CFLAGS) $(DAEMON_CFLAGS)
gamehalld_LDADD = src/libhall.a src/libterm.a screens/libscreens.a \
	src/libstore.a engine/libengine.a $(DAEMON_LIBS)

EXTRA_DIST += etc/gamehall.conf etc/gamehalld.service etc/gamehalld.8
