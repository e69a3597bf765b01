/*
 * notify.c - sd_notify, or our own datagram to $NOTIFY_SOCKET when the
 * daemon is built without libsystemd, so the unit's Type=notify works
 * either way.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <config.h>	/* autoconf: HAVE_LIBSYSTEMD */
#ifdef HAVE_LIBSYSTEMD
#include <systemd/sd-daemon.h>
#endif

#include "src/base/notify.h"

#ifdef HAVE_LIBSYSTEMD
int
notify_send(const char *state)
{
	return sd_notify(0, state) < 0 ? -1 : 0;
}
#else
int
notify_send(const char *state)
{
	const char		*path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un	 sun;
	socklen_t		 len;
	size_t			 n;
	ssize_t			 sent;
	int			 fd, saved;

	if (path == NULL || *path == '\0')
		return 0;
	/* A path, or "@name" for the abstract namespace. */
	n = strlen(path);
	if ((path[0] != '/' && path[0] != '@') || n >= sizeof sun.sun_path)
		return -1;
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, n);
	if (path[0] == '@')
		sun.sun_path[0] = '\0';
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n +
	    (path[0] == '/' ? 1 : 0));

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	sent = sendto(fd, state, strlen(state), MSG_NOSIGNAL,
	    (struct sockaddr *)&sun, len);
	saved = errno;
	close(fd);
	errno = saved;
	return sent == (ssize_t)strlen(state) ? 0 : -1;
}
#endif

int
notify_reloading(void)
{
	struct timespec	 ts;
	char		 state[64];

	clock_gettime(CLOCK_MONOTONIC, &ts);
	snprintf(state, sizeof state, "RELOADING=1\nMONOTONIC_USEC=%llu",
	    (unsigned long long)ts.tv_sec * 1000000ULL +
	    (unsigned long long)ts.tv_nsec / 1000);
	return notify_send(state);
}
