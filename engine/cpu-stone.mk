# engine/cpu-stone.mk: the five-in-a-row family's search.
engine_libengine_a_SOURCES += engine/cpu-stone.c engine/cpu-stone.h \
	engine/cpu-stone-board.c engine/cpu-stone-search.c \
	engine/cpu-stone-vcf.c engine/cpu-stone-open.c
# The line shapes are constant data generated at build time.
nodist_engine_libengine_a_SOURCES += engine/cpu-stone-table.c
EXTRA_PROGRAMS += engine/cpu-stone-gen
engine_cpu_stone_gen_SOURCES = engine/cpu-stone-gen.c engine/cpu-stone.h
engine/cpu-stone-table.c: engine/cpu-stone-gen$(EXEEXT)
	$(AM_V_GEN)engine/cpu-stone-gen$(EXEEXT) > $@.tmp && mv $@.tmp $@
CLEANFILES += engine/cpu-stone-table.c engine/cpu-stone-gen$(EXEEXT)
