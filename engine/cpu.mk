# engine/cpu.mk: the computer player (cpu.h), one search per family.
engine_libengine_a_SOURCES += engine/cpu.c engine/cpu.h engine/cpu-int.h \
	engine/cpu-tt.c engine/cpu-stone.c engine/cpu-c6.c engine/cpu-yonin.c
