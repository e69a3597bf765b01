# src/net/net.mk: listeners and admission control, the transport-neutral
# connection (conn.h, transport.h), the SSH (libssh) and telnet (libtelnet)
# transports, host keys and exec requests.
src_libdaemon_a_SOURCES += \
	src/net/limits.c src/net/limits.h \
	src/net/hostkey.c src/net/hostkey.h \
	src/net/exec.c src/net/exec.h \
	src/net/conn.c src/net/conn.h src/net/transport.h \
	src/net/server.c src/net/server.h \
	src/net/sshd.c src/net/sshd.h \
	src/net/nvt.c src/net/nvt.h \
	src/net/telnetd.c src/net/telnetd.h
