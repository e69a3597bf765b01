/*
 * notify.h - telling the service manager how start-up, reloads and
 * shutdown go (systemd's Type=notify): "READY=1", "RELOADING=1",
 * "STOPPING=1", "STATUS=...".
 *
 * Through libsystemd's sd_notify when configure found it, otherwise one
 * datagram of our own to $NOTIFY_SOCKET (the whole protocol a daemon
 * needs, see sd_notify(3)).  Without NOTIFY_SOCKET, outside systemd,
 * nothing is sent.
 */
#ifndef SRC_BASE_NOTIFY_H
#define SRC_BASE_NOTIFY_H

/* Send state (newline-separated assignments).  0 when sent or when there
 * is no service manager to tell, -1 if sending failed. */
int	notify_send(const char *state);

/* "RELOADING=1" with the MONOTONIC_USEC that newer systemd wants. */
int	notify_reloading(void);

#endif
