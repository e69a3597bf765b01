# cli/cli.mk: gamehall-engine, the rules engine on the command line.
# The protocol core is a library so that tests and the fuzzer drive it
# in-process.
noinst_LIBRARIES += cli/libgtp.a
cli_libgtp_a_SOURCES = cli/gtp.c cli/gtp.h cli/gtp-stone.c cli/gtp-yonin.c \
	cli/gtp-cpu.c

bin_PROGRAMS += gamehall-engine
gamehall_engine_SOURCES = cli/gamehall-engine.c
gamehall_engine_LDADD = cli/libgtp.a engine/libengine.a
