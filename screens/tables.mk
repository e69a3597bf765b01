# screens/tables.mk: the table screens - the stone and four-player shogi
# boards, the table screen around them and the create form - pure views
# from the read-only structs of screens/view-table.h.
screens_libscreens_a_SOURCES += \
	screens/view-table.h \
	screens/view-board-stone.c \
	screens/view-board-yonin.c \
	screens/view-table.c \
	screens/view-table-create.c
