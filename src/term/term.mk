# src/term/term.mk: the input side of a client's terminal - key decoder,
# line editor, and the cleaner for user text.  Uses screens/utf8 (link
# src/term/libterm.a before screens/libscreens.a).
noinst_LIBRARIES += src/term/libterm.a
src_term_libterm_a_SOURCES = \
	src/term/keys.c src/term/keys.h \
	src/term/lineedit.c src/term/lineedit.h \
	src/term/clean.c src/term/clean.h
