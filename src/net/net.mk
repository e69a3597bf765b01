# src/net/net.mk: listeners and admission control, the transport-neutral
# connection (conn.h, transport.h), the SSH transport (libssh: the pump in
# sshd.c, the key exchange on threads of its own in sshd-kex.c, the
# established sessions' encryption and socket on threads in sshd-io.c,
# authentication in sshd-auth.c, the session channel in sshd-channel.c), the
# telnet transport (libtelnet), host keys and exec
# requests.
src_libdaemon_a_SOURCES += \
	src/net/limits.c src/net/limits.h \
	src/net/hostkey.c src/net/hostkey.h \
	src/net/exec.c src/net/exec.h \
	src/net/conn.c src/net/conn.h src/net/transport.h \
	src/net/server.c src/net/server.h \
	src/net/sshd.c src/net/sshd.h src/net/sshd-int.h \
	src/net/sshd-auth.c src/net/sshd-channel.c src/net/sshd-kex.c \
	src/net/sshd-io.c \
	src/net/nvt.c src/net/nvt.h \
	src/net/telnetd.c src/net/telnetd.h
