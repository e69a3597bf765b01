# engine/cpu-c6.mk: the Connect6 search.
engine_libengine_a_SOURCES += engine/cpu-c6.c engine/cpu-c6.h \
	engine/cpu-c6-board.c engine/cpu-c6-gen.c engine/cpu-c6-tss.c
