# src/people/people.mk: who someone is in the hall (identities: accounts and
# guests) and what people say (chat rooms), shared by the lobby and tables.
src_libdaemon_a_SOURCES += \
	src/people/identity.c src/people/identity.h \
	src/people/identity-ignore.c \
	src/people/chat.c src/people/chat.h
