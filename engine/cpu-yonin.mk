# engine/cpu-yonin.mk: the four-player shogi search.
engine_libengine_a_SOURCES += engine/cpu-yonin.c engine/cpu-yonin-eval.c \
	engine/cpu-yonin-mate.c engine/cpu-yonin.h engine/cpu-yonin-mate.h
