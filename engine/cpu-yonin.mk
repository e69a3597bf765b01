# engine/cpu-yonin.mk: the four-player shogi search.
engine_libengine_a_SOURCES += engine/cpu-yonin.c engine/cpu-yonin-eval.c \
	engine/cpu-yonin.h
