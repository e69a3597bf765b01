/*
 * test-startup.c - gamehalld's start-up as a sysop sees it, on the real
 * binary:
 *
 * - a busy port fails the start before anything is made on disk (no state
 *   directory, no host key);
 * - its log lines carry a timestamp on stderr, and none under journald;
 * - started as root without `user` it refuses, and with `user = nobody`
 *   it runs as nobody with a state directory nobody owns (root only;
 *   skipped otherwise);
 * - it tells the service manager READY=1, RELOADING=1 and STOPPING=1 over
 *   $NOTIFY_SOCKET;
 * - SIGHUP re-reads the file: a live setting changes, one that needs a
 *   restart is logged as kept.
 *
 * No test framework: each check prints what failed; the exit status is 0,
 * 1 on a failure, or 77 when nothing could run.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define STARTUP_WAIT_MS 10000

struct startup {
	char	 dir[256];	/* the test's temporary directory */
	char	 daemon[512];
	int	 failures;
};

/* A running daemon. */
struct startup_run {
	pid_t	 pid;
	char	 log[300];
	int	 notify;	/* our end of NOTIFY_SOCKET, or -1 */
	bool	 journal;	/* stderr as if journald read it */
};

static void
startup_fail(struct startup *t, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	printf("FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	t->failures++;
}

static long
startup_now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void
startup_sleep_ms(long ms)
{
	struct timespec	 ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* A listening socket on 127.0.0.1 on a port the kernel picks. */
static int
startup_listen(int *port)
{
	struct sockaddr_in	 sin;
	socklen_t		 len = sizeof sin;
	int			 fd;

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
	    listen(fd, 4) != 0 ||
	    getsockname(fd, (struct sockaddr *)&sin, &len) != 0) {
		close(fd);
		return -1;
	}
	*port = ntohs(sin.sin_port);
	return fd;
}

/* A port that was free a moment ago. */
static int
startup_free_port(void)
{
	int	 port = -1, fd = startup_listen(&port);

	if (fd >= 0)
		close(fd);
	return port;
}

static char *
startup_read_file(const char *path)
{
	static char	 buf[65536];
	FILE		*f = fopen(path, "r");
	size_t		 n;

	buf[0] = '\0';
	if (f == NULL)
		return buf;
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/*
 * Start gamehalld with args (NULL-terminated), stderr to run->log, and
 * NOTIFY_SOCKET at notify_path if that is not NULL.
 */
static int
startup_spawn(struct startup *t, struct startup_run *run, const char *name,
    const char *notify_path, const char *const *args)
{
	const char	*argv[32];
	int		 argc = 0, fd, i;

	snprintf(run->log, sizeof run->log, "%s/%s.log", t->dir, name);
	argv[argc++] = t->daemon;
	for (i = 0; args[i] != NULL && argc < 31; i++)
		argv[argc++] = args[i];
	argv[argc] = NULL;
	fflush(NULL);
	run->pid = fork();
	if (run->pid < 0)
		return -1;
	if (run->pid == 0) {
		fd = open(run->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			_exit(127);
		dup2(fd, STDERR_FILENO);
		dup2(fd, STDOUT_FILENO);
		if (notify_path != NULL)
			setenv("NOTIFY_SOCKET", notify_path, 1);
		else
			unsetenv("NOTIFY_SOCKET");
		unsetenv("JOURNAL_STREAM");
		if (run->journal) {
			struct stat	 st;
			char		 id[64];

			if (fstat(fd, &st) == 0) {
				snprintf(id, sizeof id, "%llu:%llu",
				    (unsigned long long)st.st_dev,
				    (unsigned long long)st.st_ino);
				setenv("JOURNAL_STREAM", id, 1);
			}
		}
		execv(t->daemon, (char *const *)argv);
		_exit(127);
	}
	return 0;
}

/* Wait for the daemon to exit; its exit status, or -1 (killed, timeout). */
static int
startup_wait(struct startup_run *run, int timeout_ms)
{
	long	 deadline = startup_now_ms() + timeout_ms;
	int	 status;

	for (;;) {
		pid_t	 r = waitpid(run->pid, &status, WNOHANG);

		if (r == run->pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		if (r < 0 || startup_now_ms() > deadline) {
			kill(run->pid, SIGKILL);
			waitpid(run->pid, NULL, 0);
			return -1;
		}
		startup_sleep_ms(20);
	}
}

/* Wait until the log holds text (false if the daemon died first). */
static bool
startup_wait_log(struct startup_run *run, const char *text, int timeout_ms)
{
	long	 deadline = startup_now_ms() + timeout_ms;

	while (startup_now_ms() < deadline) {
		if (strstr(startup_read_file(run->log), text) != NULL)
			return true;
		if (waitpid(run->pid, NULL, WNOHANG) == run->pid)
			return strstr(startup_read_file(run->log), text) !=
			    NULL;
		startup_sleep_ms(20);
	}
	return false;
}

/* The next datagram on the notify socket holding want, within a while. */
static bool
startup_wait_notify(struct startup_run *run, const char *want)
{
	struct pollfd	 pfd = { run->notify, POLLIN, 0 };
	char		 buf[512];
	long		 deadline = startup_now_ms() + STARTUP_WAIT_MS;
	ssize_t		 n;

	while (startup_now_ms() < deadline) {
		if (poll(&pfd, 1, 100) <= 0)
			continue;
		n = recv(run->notify, buf, sizeof buf - 1, 0);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		if (strstr(buf, want) != NULL)
			return true;
	}
	return false;
}

static bool
startup_exists(const char *path)
{
	struct stat	 st;

	return lstat(path, &st) == 0;
}

/* When root, the daemon must be told to stay root, as the harness does. */
static const char *
startup_user_arg(void)
{
	return geteuid() == 0 ? "user=root" : "user=";
}

/*
 * A second daemon on a busy port leaves nothing behind.  The telnet run
 * also logs as under journald: priority prefixes, no timestamps.
 */
static void
startup_busy_port(struct startup *t, bool telnet)
{
	struct startup_run	 run;
	char			 state[300], busy[16], other[16], *log;
	int			 port, fd, rc;
	const char		*args[16];
	int			 n = 0;

	fd = startup_listen(&port);
	if (fd < 0) {
		startup_fail(t, "cannot make a busy port");
		return;
	}
	snprintf(state, sizeof state, "%s/busy-%s", t->dir,
	    telnet ? "telnet" : "ssh");
	snprintf(busy, sizeof busy, "%d", port);
	snprintf(other, sizeof other, "%d", startup_free_port());
	args[n++] = "-f";
	args[n++] = "/dev/null";
	args[n++] = "-o";
	args[n++] = startup_user_arg();
	args[n++] = "--listen";
	args[n++] = "127.0.0.1";
	args[n++] = "--state-dir";
	args[n++] = state;
	args[n++] = "--ssh-port";
	args[n++] = telnet ? other : busy;
	args[n++] = "--telnet-port";
	args[n++] = telnet ? busy : other;
	args[n] = NULL;
	memset(&run, 0, sizeof run);
	run.journal = telnet;
	if (startup_spawn(t, &run, telnet ? "busy-telnet" : "busy-ssh", NULL,
	    args) != 0) {
		startup_fail(t, "fork: %s", strerror(errno));
		close(fd);
		return;
	}
	rc = startup_wait(&run, STARTUP_WAIT_MS);
	close(fd);
	if (rc != 1)
		startup_fail(t, "busy %s port: exit %d, not 1", telnet ?
		    "telnet" : "ssh", rc);
	if (startup_exists(state))
		startup_fail(t, "busy %s port: the state directory %s was "
		    "made", telnet ? "telnet" : "ssh", state);
	log = startup_read_file(run.log);
	if (strstr(log, "cannot listen") == NULL)
		startup_fail(t, "busy port: no 'cannot listen' in the log: %s",
		    log);
	if (telnet && strncmp(log, "<6>info: gamehalld", 18) != 0)
		startup_fail(t, "under journald: %s", log);
	if (!telnet && (log[0] < '0' || log[0] > '9'))
		startup_fail(t, "no timestamp on stderr: %s", log);
}

/* Root without a user is refused; root with user=nobody becomes nobody. */
static void
startup_root(struct startup *t)
{
	struct startup_run	 run;
	struct passwd		*pw = getpwnam("nobody");
	struct stat		 st;
	char			 state[300], port[16], status[64], *log;
	const char		*args[16];
	unsigned long		 ruid, euid, suid, fsuid;
	FILE			*f;
	int			 rc, n = 0;
	bool			 seen = false;

	if (geteuid() != 0) {
		printf("skip: not root, so no root refusal or privilege drop "
		    "to test\n");
		return;
	}
	snprintf(state, sizeof state, "%s/root-state", t->dir);
	snprintf(port, sizeof port, "%d", startup_free_port());
	args[n++] = "-f";
	args[n++] = "/dev/null";
	args[n++] = "--listen";
	args[n++] = "127.0.0.1";
	args[n++] = "--telnet-port";
	args[n++] = "0";
	args[n++] = "--ssh-port";
	args[n++] = port;
	args[n++] = "--state-dir";
	args[n++] = state;
	args[n] = NULL;
	memset(&run, 0, sizeof run);
	if (startup_spawn(t, &run, "root-refused", NULL, args) != 0)
		return;
	rc = startup_wait(&run, STARTUP_WAIT_MS);
	log = startup_read_file(run.log);
	if (rc != 1 || strstr(log, "refusing to run as root") == NULL)
		startup_fail(t, "root without user: exit %d, log: %s", rc, log);
	if (startup_exists(state))
		startup_fail(t, "root without user made %s", state);

	if (pw == NULL) {
		printf("skip: no user nobody to become\n");
		return;
	}
	/* nobody must reach the state directory through ours. */
	chmod(t->dir, 0755);
	args[n++] = "-o";
	args[n++] = "user=nobody";
	args[n] = NULL;
	if (startup_spawn(t, &run, "root-nobody", NULL, args) != 0)
		return;
	if (!startup_wait_log(&run, "ready:", STARTUP_WAIT_MS)) {
		startup_fail(t, "user=nobody did not start: %s",
		    startup_read_file(run.log));
		startup_wait(&run, 0);
		return;
	}
	snprintf(status, sizeof status, "/proc/%ld/status", (long)run.pid);
	f = fopen(status, "r");
	if (f != NULL) {
		char	 line[256];

		while (fgets(line, sizeof line, f) != NULL) {
			if (sscanf(line, "Uid: %lu %lu %lu %lu", &ruid, &euid,
			    &suid, &fsuid) != 4)
				continue;
			seen = true;
			if (ruid != pw->pw_uid || euid != pw->pw_uid ||
			    suid != pw->pw_uid)
				startup_fail(t, "user=nobody: %s", line);
		}
		fclose(f);
	}
	if (!seen)
		startup_fail(t, "no Uid line in %s", status);
	if (stat(state, &st) != 0 || st.st_uid != pw->pw_uid)
		startup_fail(t, "the state directory is not nobody's");
	kill(run.pid, SIGTERM);
	rc = startup_wait(&run, STARTUP_WAIT_MS);
	if (rc != 0)
		startup_fail(t, "user=nobody: exit %d after SIGTERM", rc);
}

/* Notifications, and SIGHUP re-reading the file. */
static void
startup_notify_reload(struct startup *t)
{
	struct startup_run	 run;
	struct sockaddr_un	 sun;
	char			 sock[300], conf[300], state[300], *log;
	const char		*args[16];
	FILE			*f;
	int			 ssh, telnet, rc, n = 0;

	snprintf(sock, sizeof sock, "%s/notify", t->dir);
	snprintf(conf, sizeof conf, "%s/reload.conf", t->dir);
	snprintf(state, sizeof state, "%s/reload-state", t->dir);
	ssh = startup_free_port();
	do
		telnet = startup_free_port();
	while (telnet == ssh);

	if (strlen(sock) >= sizeof sun.sun_path) {
		printf("skip: %s is too long for a socket\n", sock);
		return;
	}
	memset(&run, 0, sizeof run);
	run.notify = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, sock, strlen(sock));
	if (run.notify < 0 || bind(run.notify, (struct sockaddr *)&sun,
	    sizeof sun) != 0) {
		startup_fail(t, "notify socket: %s", strerror(errno));
		return;
	}
	f = fopen(conf, "w");
	if (f == NULL)
		return;
	fprintf(f, "listen = 127.0.0.1\nssh_port = %d\ntelnet_port = %d\n"
	    "state_dir = %s\n%s\nlog_level = info\n", ssh, telnet, state,
	    geteuid() == 0 ? "user = root" : "");
	fclose(f);
	args[n++] = "-f";
	args[n++] = conf;
	args[n] = NULL;
	if (startup_spawn(t, &run, "reload", sock, args) != 0)
		goto out;
	if (!startup_wait_notify(&run, "READY=1"))
		startup_fail(t, "no READY=1 notification: %s",
		    startup_read_file(run.log));

	f = fopen(conf, "w");
	if (f != NULL) {
		fprintf(f, "listen = 127.0.0.1\nssh_port = %d\n"
		    "telnet_port = %d\nstate_dir = %s\n%s\nlog_level = debug\n"
		    "max_tables = 7\n", ssh + 1 == telnet ? ssh + 2 : ssh + 1,
		    telnet, state, geteuid() == 0 ? "user = root" : "");
		fclose(f);
	}
	kill(run.pid, SIGHUP);
	if (!startup_wait_notify(&run, "RELOADING=1"))
		startup_fail(t, "no RELOADING=1 after SIGHUP");
	if (!startup_wait_notify(&run, "READY=1"))
		startup_fail(t, "no READY=1 after the reload");
	if (!startup_wait_log(&run, "kept until a restart", STARTUP_WAIT_MS))
		startup_fail(t, "no 'kept until a restart' after SIGHUP");
	log = startup_read_file(run.log);
	if (strstr(log, "changed log_level, max_tables") == NULL)
		startup_fail(t, "SIGHUP did not change log_level and "
		    "max_tables: %s", log);
	if (strstr(log, "restart: ssh_port") == NULL)
		startup_fail(t, "SIGHUP did not name ssh_port as needing a "
		    "restart: %s", log);

	kill(run.pid, SIGTERM);
	if (!startup_wait_notify(&run, "STOPPING=1"))
		startup_fail(t, "no STOPPING=1 on SIGTERM");
	rc = startup_wait(&run, STARTUP_WAIT_MS);
	if (rc != 0)
		startup_fail(t, "exit %d after SIGTERM", rc);
out:
	close(run.notify);
}

static void
startup_cleanup(const char *dir)
{
	char	 cmd[400];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

int
main(void)
{
	struct startup	 t;
	const char	*top = getenv("top_builddir"), *tmp = getenv("TMPDIR");

	memset(&t, 0, sizeof t);
	snprintf(t.daemon, sizeof t.daemon, "%s/gamehalld",
	    top != NULL && *top != '\0' ? top : ".");
	if (access(t.daemon, X_OK) != 0) {
		printf("skip: %s is not built\n", t.daemon);
		return 77;
	}
	snprintf(t.dir, sizeof t.dir, "%s/gamehall-startup-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(t.dir) == NULL) {
		perror("mkdtemp");
		return 99;
	}
	startup_busy_port(&t, false);
	startup_busy_port(&t, true);
	startup_root(&t);
	startup_notify_reload(&t);
	if (t.failures == 0)
		printf("ok: busy ports, root, notify, reload\n");
	startup_cleanup(t.dir);
	return t.failures == 0 ? 0 : 1;
}
