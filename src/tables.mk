# src/tables.mk: tables - seats, hosting, games through the engine, results,
# saving - in the daemon's library (src/daemon.mk defines src/libhall.a).
src_libhall_a_SOURCES += \
	src/table.c src/table.h src/table-int.h \
	src/table-spec.c \
	src/table-list.c \
	src/table-play.c \
	src/table-save.c \
	src/table-screen.h src/screen-table.c src/screen-table-create.c
