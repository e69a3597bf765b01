# src/daemon.mk: gamehalld and its library.  src/ holds one folder per layer,
# each with its own fragment, lowest first:
#   base/   settings, logging, the clock, the worker pool
#   store/  SQLite storage, password hashing, ratings (src/store/libstore.a)
#   term/   the input side of a terminal: keys, line editor, cleaner
#           (src/term/libterm.a)
#   net/    listeners, admission limits, the SSH and telnet transports
#   people/ who someone is (identities) and what people say (chat)
#   table/  tables: seats, hosting, games through the engine, results
#   hall/   the hall: clients, their screens' controllers, the lobby
# A layer includes headers only from itself and the layers below it
# (tests/layers.sh checks it).  base, net, people, table and hall go into
# src/libdaemon.a.

DAEMON_CFLAGS = $(LIBSSH_CFLAGS) $(LIBEVENT_CFLAGS) $(LIBTELNET_CFLAGS) \
	$(SQLITE_CFLAGS) $(LIBSYSTEMD_CFLAGS)
DAEMON_LIBS = $(LIBSSH_LIBS) $(LIBEVENT_LIBS) $(LIBTELNET_LIBS) \
	$(SQLITE_LIBS) $(LIBCRYPT_LIBS) $(LIBSYSTEMD_LIBS) -lpthread -lm

noinst_LIBRARIES += src/libdaemon.a
src_libdaemon_a_CFLAGS = $(AM_CFLAGS) $(DAEMON_CFLAGS)
src_libdaemon_a_SOURCES =

# A daemon: sbin, like sshd.
sbin_PROGRAMS += gamehalld
gamehalld_SOURCES = src/gamehalld.c
gamehalld_CFLAGS = $(AM_CFLAGS) $(DAEMON_CFLAGS)
gamehalld_LDADD = src/libdaemon.a src/term/libterm.a screens/libscreens.a \
	src/store/libstore.a engine/libengine.a $(DAEMON_LIBS)


include src/base/base.mk
include src/store/store.mk
include src/term/term.mk
include src/net/net.mk
include src/people/people.mk
include src/table/table.mk
include src/hall/hall.mk
include src/ctl/ctl.mk
