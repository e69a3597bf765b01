# engine/cpu-c6.mk: the Connect6 search.
engine_libengine_a_SOURCES += engine/cpu-c6.c
