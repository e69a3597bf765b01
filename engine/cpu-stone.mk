# engine/cpu-stone.mk: the five-in-a-row family's search.
engine_libengine_a_SOURCES += engine/cpu-stone.c engine/cpu-stone.h \
	engine/cpu-stone-board.c engine/cpu-stone-search.c \
	engine/cpu-stone-vcf.c engine/cpu-stone-open.c
