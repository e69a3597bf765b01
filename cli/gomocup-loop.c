/*
 * gomocup-loop.c - `gamehall-engine --gomocup`: the protocol core
 * (gomocup.c) between standard input and output, with the search on a
 * second thread.
 *
 * The manager may speak while we think (END to stop a game, INFO
 * time_left, ...), and a command must not be lost or answered out of
 * order.  So the main thread never stops reading: lines that come during a
 * search wait in a queue and are handled after the move is written, except
 * END, which raises the stop flag and exits as soon as the search returns
 * (a few milliseconds).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/gomocup.h"

struct gomocup_loop {
	struct gomocup *gc;

	char **queue;         /* lines read, not yet handled */
	size_t qhead, qlen, qsize;

	char *in;             /* a partial line */
	size_t inlen, insize;
	int eof;

	int thinking;
	pthread_t thread;
	int done[2];          /* the worker writes a byte here when it ends */
	struct cpu_stop stop;
	struct gomocup_job job;
};

static void *
gomocup_loop_worker(void *arg)
{
	struct gomocup_loop	*l = arg;
	ssize_t			 n;

	gomocup_job_run(&l->job, &l->stop);
	do
		n = write(l->done[1], "", 1);
	while (n < 0 && errno == EINTR);
	return NULL;
}

static int
gomocup_loop_write(const char *text)
{
	if (text[0] == '\0')
		return 0;
	if (fputs(text, stdout) == EOF || fflush(stdout) != 0)
		return -1;
	return 0;
}

static int
gomocup_loop_push(struct gomocup_loop *l, const char *line, size_t len)
{
	char	*copy;

	if (l->qhead + l->qlen == l->qsize) {
		if (l->qhead > 0) {
			memmove(l->queue, l->queue + l->qhead,
			    l->qlen * sizeof *l->queue);
			l->qhead = 0;
		} else {
			size_t size = l->qsize * 2 + 16;
			char **q = realloc(l->queue, size * sizeof *q);

			if (q == NULL)
				return -1;
			l->queue = q;
			l->qsize = size;
		}
	}
	if ((copy = strndup(line, len)) == NULL)
		return -1;
	l->queue[l->qhead + l->qlen++] = copy;
	return 0;
}

static int
gomocup_loop_is_end(const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	return strncasecmp(line, "END", 3) == 0 &&
	    strchr(" \t\r\n", line[3]) != NULL;
}

/* Is END waiting?  Then the search is not wanted any more. */
static int
gomocup_loop_end_queued(const struct gomocup_loop *l)
{
	for (size_t i = 0; i < l->qlen; i++) {
		if (gomocup_loop_is_end(l->queue[l->qhead + i]))
			return 1;
	}
	return 0;
}

static void
gomocup_loop_join(struct gomocup_loop *l)
{
	char	 byte;
	ssize_t	 n;

	pthread_join(l->thread, NULL);
	do
		n = read(l->done[0], &byte, 1);
	while (n < 0 && errno == EINTR);
	l->thinking = 0;
}

/* Write what the search found. */
static int
gomocup_loop_answer(struct gomocup_loop *l)
{
	return gomocup_loop_write(gomocup_job_answer(l->gc, &l->job));
}

static int
gomocup_loop_start_think(struct gomocup_loop *l)
{
	gomocup_job_prepare(l->gc, &l->job);
	if (l->job.game == NULL)
		return gomocup_loop_answer(l);
	cpu_stop_init(&l->stop);
	if (pthread_create(&l->thread, NULL, gomocup_loop_worker, l) != 0) {
		/* No thread: think here; END cannot stop it, but the move
		 * is still answered. */
		char byte;

		gomocup_loop_worker(l);
		if (read(l->done[0], &byte, 1) != 1)
			return -1;
		return gomocup_loop_answer(l);
	}
	l->thinking = 1;
	return 0;
}

static int
gomocup_loop_finish_think(struct gomocup_loop *l)
{
	gomocup_loop_join(l);
	return gomocup_loop_answer(l);
}

/* Read what is there; complete lines go to the queue. */
static int
gomocup_loop_read(struct gomocup_loop *l)
{
	char	 buf[4096];
	ssize_t	 n = read(STDIN_FILENO, buf, sizeof buf);
	size_t	 start = 0;

	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -1;
	if (n == 0) {
		l->eof = 1;
		if (l->inlen > 0 && gomocup_loop_push(l, l->in, l->inlen) != 0)
			return -1;
		l->inlen = 0;
		return 0;
	}
	if (l->inlen + (size_t)n > l->insize) {
		size_t size = l->inlen + (size_t)n + 256;
		char *in = realloc(l->in, size);

		if (in == NULL)
			return -1;
		l->in = in;
		l->insize = size;
	}
	memcpy(l->in + l->inlen, buf, (size_t)n);
	l->inlen += (size_t)n;
	for (size_t i = 0; i < l->inlen; i++) {
		if (l->in[i] != '\n')
			continue;
		if (gomocup_loop_push(l, l->in + start, i - start) != 0)
			return -1;
		start = i + 1;
	}
	memmove(l->in, l->in + start, l->inlen - start);
	l->inlen -= start;
	return 0;
}

static int
gomocup_loop_run(struct gomocup_loop *l)
{
	for (;;) {
		struct pollfd pfd[2];
		nfds_t nfd = 0;
		int action;

		while (!l->thinking && l->qlen > 0) {
			char *line = l->queue[l->qhead++];
			const char *out;

			l->qlen--;
			out = gomocup_feed(l->gc, line, &action);
			free(line);
			if (action == GOMOCUP_QUIT)
				return 0;
			if (gomocup_loop_write(out) != 0)
				return 1;
			if (action == GOMOCUP_THINK)
				gomocup_loop_start_think(l);
		}
		if (l->thinking && gomocup_loop_end_queued(l)) {
			cpu_stop_raise(&l->stop);
			gomocup_loop_join(l);
			return 0;
		}
		if (!l->thinking && l->eof)
			return 0;
		if (!l->eof)
			pfd[nfd++] = (struct pollfd){ STDIN_FILENO, POLLIN, 0 };
		if (l->thinking)
			pfd[nfd++] = (struct pollfd){ l->done[0], POLLIN, 0 };
		if (poll(pfd, nfd, -1) < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		for (nfds_t i = 0; i < nfd; i++) {
			if (pfd[i].revents == 0)
				continue;
			if (pfd[i].fd == STDIN_FILENO) {
				if (gomocup_loop_read(l) != 0)
					l->eof = 1;
			} else if (gomocup_loop_finish_think(l) != 0)
				return 1;
		}
	}
}

int
gomocup_main(int level)
{
	struct gomocup_loop	 l;
	int			 rc;

	memset(&l, 0, sizeof l);
	if ((l.gc = gomocup_new(level)) == NULL || pipe(l.done) != 0) {
		fprintf(stderr, "gamehall-engine: out of resources\n");
		gomocup_free(l.gc);
		return 1;
	}
	rc = gomocup_loop_run(&l);
	if (l.thinking) {
		cpu_stop_raise(&l.stop);
		gomocup_loop_join(&l);
	}
	game_free(l.job.game);
	for (size_t i = 0; i < l.qlen; i++)
		free(l.queue[l.qhead + i]);
	free(l.queue);
	free(l.in);
	close(l.done[0]);
	close(l.done[1]);
	gomocup_free(l.gc);
	return rc;
}
