# engine/export.mk: games as other programs read them (PSQ, SGF, the
# hall's record), written by the daemon and read back by gamehall-engine.
engine_libengine_a_SOURCES += engine/export.c engine/export.h \
	engine/export-psq.c engine/export-sgf.c
