/*
 * hallrun.c - run a command next to a fresh gamehalld.
 *
 *	hallrun [-o key=value]... command [arg]...
 *
 * Starts the daemon through the harness, runs the command with
 * GAMEHALL_SSH_PORT, GAMEHALL_TELNET_PORT, GAMEHALL_PID,
 * GAMEHALL_STATE_DIR and GAMEHALL_LOG in its environment, then stops the
 * daemon and checks that it exited cleanly.  The exit status is the
 * command's; 1 if the command passed but the daemon did not stop cleanly;
 * 77 (skip) if there is no gamehalld; 99 if it would not start.  Shell
 * tests (smoke-tmux.sh) use it so they need no port picking of their own.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/integration/harness.h"

#define HALLRUN_SETTINGS_MAX 32

static void
hallrun_setenv_int(const char *name, long value)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%ld", value);
	setenv(name, buf, 1);
}

int
main(int argc, char **argv)
{
	const char *settings[HALLRUN_SETTINGS_MAX + 1];
	struct harness *h;
	int nsettings = 0, status, rc, i = 1;
	pid_t pid;

	while (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
		if (nsettings == HALLRUN_SETTINGS_MAX) {
			fprintf(stderr, "hallrun: too many -o\n");
			return 99;
		}
		settings[nsettings++] = argv[i + 1];
		i += 2;
	}
	settings[nsettings] = NULL;
	if (i >= argc) {
		fprintf(stderr, "usage: hallrun [-o key=value]... command "
		    "[arg]...\n");
		return 99;
	}
	if (harness_daemon_path() == NULL) {
		fprintf(stderr, "hallrun: gamehalld is not built: skipping\n");
		return 77;
	}
	h = harness_start(settings);
	if (h == NULL)
		return 99;

	hallrun_setenv_int("GAMEHALL_SSH_PORT", harness_ssh_port(h));
	hallrun_setenv_int("GAMEHALL_TELNET_PORT", harness_telnet_port(h));
	hallrun_setenv_int("GAMEHALL_PID", (long)harness_pid(h));
	setenv("GAMEHALL_STATE_DIR", harness_state_dir(h), 1);
	setenv("GAMEHALL_LOG", harness_log_path(h), 1);

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "hallrun: fork: %s\n", strerror(errno));
		harness_stop(h);
		return 99;
	}
	if (pid == 0) {
		execvp(argv[i], argv + i);
		fprintf(stderr, "hallrun: %s: %s\n", argv[i], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status))
		rc = WEXITSTATUS(status);
	else {
		fprintf(stderr, "hallrun: %s killed by signal %d\n", argv[i],
		    WTERMSIG(status));
		rc = 1;
	}
	if (harness_stop(h) != 0 && (rc == 0 || rc == 77))
		rc = 1;
	return rc;
}
