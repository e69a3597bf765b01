# src/term.mk: the input side of a client's terminal - key decoder, line
# editor, and the cleaner for user text.  Uses screens/utf8 (link
# src/libterm.a before screens/libscreens.a).
noinst_LIBRARIES += src/libterm.a
src_libterm_a_SOURCES = \
	src/keys.c src/keys.h \
	src/lineedit.c src/lineedit.h \
	src/clean.c src/clean.h
