# cli/cli.mk: gamehall-engine, the rules engine on the command line.
# The protocol core is a library so that tests and the fuzzer drive it
# in-process.
noinst_LIBRARIES += cli/libgtp.a
cli_libgtp_a_SOURCES = cli/gtp.c cli/gtp.h cli/gtp-stone.c cli/gtp-yonin.c \
	cli/gtp-cpu.c cli/gtp-perft.c cli/gtp-load.c cli/gomocup.c cli/gomocup.h \
	cli/gomocup-swap2.c

bin_PROGRAMS += gamehall-engine
gamehall_engine_SOURCES = cli/gamehall-engine.c cli/gomocup-loop.c
gamehall_engine_CFLAGS = $(AM_CFLAGS) -pthread
gamehall_engine_LDADD = cli/libgtp.a engine/libengine.a -lpthread

# Gomocup managers look for pbrain-NAME beside the other engines.
install-exec-hook:
	cd $(DESTDIR)$(bindir) && rm -f pbrain-gamehall$(EXEEXT) && \
	    ln -s gamehall-engine$(EXEEXT) pbrain-gamehall$(EXEEXT)
uninstall-hook:
	rm -f $(DESTDIR)$(bindir)/pbrain-gamehall$(EXEEXT)
