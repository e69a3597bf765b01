/*
 * gomocup-pipe.h - a Gomocup engine (or any line-speaking program) run as
 * a child on two pipes, for the tests and the match runner: send lines,
 * read answer lines with a time limit, wait for it to exit.
 */
#ifndef TESTS_GOMOCUP_PIPE_H
#define TESTS_GOMOCUP_PIPE_H

#include <stddef.h>
#include <sys/types.h>

struct gomocup_pipe {
	pid_t pid;
	int in;          /* we write here */
	int out;         /* and read here */
	char buf[4096];
	size_t len;
};

/* argv[0] is the program (searched in PATH).  0, or -1. */
int gomocup_pipe_start(struct gomocup_pipe *, char *const argv[]);
/* The whole text; 0, or -1 when the child is gone. */
int gomocup_pipe_send(struct gomocup_pipe *, const char *text);
/* The next line without its "\r\n", within ms; NULL on time out or end. */
char *gomocup_pipe_line(struct gomocup_pipe *, int ms, char *line,
    size_t size);
/* Close our end of its input, so that it sees the end of it. */
void gomocup_pipe_close_input(struct gomocup_pipe *);
/* Its exit status within ms (our end of its input stays open while we
 * wait); after that it is killed and -1 returned.  Closes both pipes. */
int gomocup_pipe_wait(struct gomocup_pipe *, int ms);

#endif
