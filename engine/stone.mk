# engine/stone.mk: the five-in-a-row family and Connect6.
engine_libengine_a_SOURCES += engine/stone.c engine/stone.h \
	engine/stone-board.c engine/forbidden.c engine/forbidden.h \
	engine/stone-goal.c engine/stone-goal.h \
	engine/forbidden-line.h
# The judge's pattern tables are constant data generated at build time.
nodist_engine_libengine_a_SOURCES = engine/forbidden-table.c
EXTRA_PROGRAMS += engine/forbidden-gen
engine_forbidden_gen_SOURCES = engine/forbidden-gen.c engine/forbidden-line.h
engine/forbidden-table.c: engine/forbidden-gen$(EXEEXT)
	$(AM_V_GEN)engine/forbidden-gen$(EXEEXT) > $@.tmp && mv $@.tmp $@
CLEANFILES += engine/forbidden-table.c engine/forbidden-gen$(EXEEXT)
