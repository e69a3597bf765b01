# src/hall.mk: the hall - clients, screens, accounts, lobby - in the daemon's
# library (src/daemon.mk defines src_libhall_a_SOURCES and gamehalld).
src_libhall_a_SOURCES += \
	src/hall.c src/hall.h src/hall-int.h \
	src/hall-tables.c \
	src/client.c \
	src/identity.c src/identity.h \
	src/chat.c src/chat.h \
	src/form.c src/form.h \
	src/passjob.c src/passjob.h \
	src/screen-common.c \
	src/screen-welcome.c \
	src/screen-login.c \
	src/screen-register.c \
	src/screen-password.c \
	src/screen-lobby.c \
	src/screen-account.c \
	src/screen-profile.c \
	src/screen-settings.c \
	src/screen-help.c \
	src/screen-code.c
