/*
 * child-pipe.h - a line-speaking program (gamehall-engine, a Gomocup
 * engine) run as a child on two pipes, for the tests and the match runner:
 * send lines, read answer lines with a time limit, wait for it to exit.
 */
#ifndef TESTS_CHILD_PIPE_H
#define TESTS_CHILD_PIPE_H

#include <stddef.h>
#include <sys/types.h>

struct child_pipe {
	pid_t pid;
	int in;          /* we write here */
	int out;         /* and read here */
	char buf[4096];
	size_t len;
};

/* argv[0] is the program (searched in PATH).  0, or -1. */
int child_pipe_start(struct child_pipe *, char *const argv[]);
/* The whole text; 0, or -1 when the child is gone. */
int child_pipe_send(struct child_pipe *, const char *text);
/* The next line without its "\r\n", within ms; NULL on time out or end. */
char *child_pipe_line(struct child_pipe *, int ms, char *line,
    size_t size);
/* Close our end of its input, so that it sees the end of it. */
void child_pipe_close_input(struct child_pipe *);
/* Its exit status within ms (our end of its input stays open while we
 * wait); after that it is killed and -1 returned.  Closes both pipes. */
int child_pipe_wait(struct child_pipe *, int ms);

#endif
