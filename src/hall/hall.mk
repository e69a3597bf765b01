# src/hall/hall.mk: the hall - clients, the controllers of their screens
# (screen-*.c: keys in, a view struct out to screens/), accounts, the lobby
# and the hall's side of tables.
src_libdaemon_a_SOURCES += \
	src/hall/hall.c src/hall/hall.h src/hall/hall-int.h \
	src/hall/hall-tables.c \
	src/hall/hall-save.c \
	src/hall/hall-online.c src/hall/lobby-frame.c src/hall/hall-walk.c \
	src/hall/hall-sysop.c src/hall/hall-sysop.h \
	src/hall/hall-command.c src/hall/hall-command-int.h \
	src/hall/hall-command-look.c src/hall/hall-command-moderate.c \
	src/hall/hall-command-account.c \
	src/hall/screen-sysop.c src/hall/hall-ignore.c \
	src/hall/screen-report.c \
	src/hall/hall-text.c src/hall/hall-text.h \
	src/hall/top.c src/hall/top.h \
	src/hall/client.c \
	src/hall/form.c src/hall/form.h \
	src/hall/passjob.c src/hall/passjob.h \
	src/hall/lessonjob.c src/hall/lessonjob.h \
	src/hall/screen-common.c \
	src/hall/screen-welcome.c \
	src/hall/screen-login.c \
	src/hall/screen-register.c \
	src/hall/screen-password.c \
	src/hall/screen-lobby.c \
	src/hall/screen-account.c \
	src/hall/screen-profile.c \
	src/hall/screen-top.c src/hall/screen-top.h \
	src/hall/screen-replay.c src/hall/screen-replay.h \
	src/hall/screen-settings.c \
	src/hall/screen-help.c \
	src/hall/screen-rules.c src/hall/screen-rules.h \
	src/hall/screen-lesson.c src/hall/screen-lesson.h \
	src/hall/screen-code.c \
	src/hall/screen-table.h src/hall/screen-table-int.h \
	src/hall/screen-table.c src/hall/screen-table-view.c \
	src/hall/screen-table-board.c src/hall/screen-table-chat.c \
	src/hall/screen-table-marks.c \
	src/hall/screen-table-create.c
