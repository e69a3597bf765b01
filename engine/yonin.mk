# engine/yonin.mk: four-player shogi (docs/rules.md §2).
engine_libengine_a_SOURCES += engine/yonin.c engine/yonin.h \
	engine/yonin-pos.c engine/yonin-pos.h engine/yonin-gen.c \
	engine/yonin-turn.c engine/yonin-text.c
