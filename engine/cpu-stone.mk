# engine/cpu-stone.mk: the five-in-a-row family's search.
engine_libengine_a_SOURCES += engine/cpu-stone.c
