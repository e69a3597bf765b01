# engine/cpu.mk: the computer player (cpu.h): the entry point and the table
# here; each family's search in its own fragment.
engine_libengine_a_SOURCES += engine/cpu.c engine/cpu.h engine/cpu-int.h \
	engine/cpu-tt.c
