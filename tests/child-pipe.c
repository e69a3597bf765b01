/*
 * child-pipe.c - a child program on two pipes (child-pipe.h).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/child-pipe.h"

int
child_pipe_start(struct child_pipe *c, char *const argv[])
{
	int to[2], from[2];

	memset(c, 0, sizeof *c);
	if (pipe(to) != 0)
		return -1;
	if (pipe(from) != 0) {
		close(to[0]);
		close(to[1]);
		return -1;
	}
	if ((c->pid = fork()) < 0)
		return -1;
	if (c->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	c->in = to[1];
	c->out = from[0];
	return 0;
}

int
child_pipe_send(struct child_pipe *c, const char *text)
{
	size_t len = strlen(text), at = 0;

	while (at < len) {
		ssize_t n = write(c->in, text + at, len - at);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		at += (size_t)n;
	}
	return 0;
}

char *
child_pipe_line(struct child_pipe *c, int ms, char *line, size_t size)
{
	for (;;) {
		struct pollfd pfd = { c->out, POLLIN, 0 };
		char *nl = memchr(c->buf, '\n', c->len);
		ssize_t n;
		int r;

		if (nl != NULL) {
			size_t k = (size_t)(nl - c->buf);

			snprintf(line, size, "%.*s", (int)k, c->buf);
			line[strcspn(line, "\r")] = '\0';
			memmove(c->buf, nl + 1, c->len - k - 1);
			c->len -= k + 1;
			return line;
		}
		if (c->len == sizeof c->buf)
			c->len = 0; /* too long to be an answer: drop it */
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return NULL;
		n = read(c->out, c->buf + c->len, sizeof c->buf - c->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return NULL;
		c->len += (size_t)n;
	}
}

void
child_pipe_close_input(struct child_pipe *c)
{
	if (c->in >= 0)
		close(c->in);
	c->in = -1;
}

int
child_pipe_wait(struct child_pipe *c, int ms)
{
	int status = -1;

	for (int waited = 0; waited <= ms; waited += 5) {
		if (waitpid(c->pid, &status, WNOHANG) == c->pid)
			goto out;
		usleep(5000);
	}
	kill(c->pid, SIGKILL);
	waitpid(c->pid, &status, 0);
	status = -1;
out:
	child_pipe_close_input(c);
	close(c->out);
	c->out = -1;
	return status;
}
