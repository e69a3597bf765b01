# src/engine-cli.mk: gamehall-engine, the rules engine on the command line.
# The protocol core is a library so that tests and the fuzzer drive it
# in-process.
noinst_LIBRARIES += src/libgtp.a
src_libgtp_a_SOURCES = src/gtp.c src/gtp.h src/gtp-stone.c src/gtp-yonin.c

bin_PROGRAMS += gamehall-engine
gamehall_engine_SOURCES = src/gamehall-engine.c
gamehall_engine_LDADD = src/libgtp.a engine/libengine.a
