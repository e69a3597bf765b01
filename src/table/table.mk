# src/table/table.mk: tables - seats, hosting, games through the engine,
# results, saving, the CPU thinking on the worker pool (cpujob).  No screens
# and no sockets: the hall draws and delivers.
src_libdaemon_a_SOURCES += \
	src/table/table.c src/table/table.h src/table/table-int.h \
	src/table/table-spec.c \
	src/table/table-list.c \
	src/table/table-index.c \
	src/table/table-play.c \
	src/table/table-result.c \
	src/table/table-save.c \
	src/table/table-cpu.c \
	src/table/table-clock.c \
	src/table/cpujob.c src/table/cpujob.h
