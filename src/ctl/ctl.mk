# src/ctl/ctl.mk: the sysop's control socket in the daemon (ctl.c, above
# the hall: it hands each line to hall_command) and gamehallctl, the
# program that talks to it (it needs nothing of the daemon's but the
# protocol).
src_libdaemon_a_SOURCES += src/ctl/ctl.c src/ctl/ctl.h

# A sysop's tool, beside the daemon.
sbin_PROGRAMS += gamehallctl
gamehallctl_SOURCES = cli/gamehallctl.c
