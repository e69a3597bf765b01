/*
 * harness.c - start, watch and stop the real gamehalld for a test.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/integration/harness.h"

#define HARNESS_START_MS 30000
#define HARNESS_STOP_MS 30000
#define HARNESS_SETTINGS_MAX 64

struct harness {
	pid_t	pid;
	bool	exited;
	int	status;
	int	ssh_port, telnet_port;
	char	dir[PATH_MAX - 32];	/* the temporary directory */
	char	state[PATH_MAX];	/* dir/state */
	char	log[PATH_MAX];		/* dir/gamehalld.log */
	size_t	log_from;		/* where this run's log starts */
};

static int64_t
harness_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
harness_nap(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

const char *
harness_daemon_path(void)
{
	static char path[PATH_MAX];
	const char *env = getenv("GAMEHALLD"), *top;

	if (env != NULL && *env != '\0')
		snprintf(path, sizeof path, "%s", env);
	else {
		top = getenv("top_builddir");
		snprintf(path, sizeof path, "%s/gamehalld",
		    top != NULL && *top != '\0' ? top : ".");
	}
	if (access(path, X_OK) != 0)
		return NULL;
	return path;
}

int
harness_free_port(void)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;
	int fd, port = -1;

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof sin) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sin, &len) == 0)
		port = ntohs(sin.sin_port);
	close(fd);
	return port;
}

/* Whether something listens on 127.0.0.1:port (from /proc/net/tcp). */
static bool
harness_listening(int port)
{
	char line[512];
	unsigned addr, lport, state;
	bool found = false;
	FILE *f;

	f = fopen("/proc/net/tcp", "r");
	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, " %*d: %x:%x %*x:%*x %x", &addr, &lport,
		    &state) != 3)
			continue;
		/* 0x0A is TCP_LISTEN; the address is in network order. */
		found = (int)lport == port && state == 0x0A &&
		    (addr == htonl(INADDR_LOOPBACK) || addr == 0);
	}
	fclose(f);
	return found;
}

static int
harness_rm_one(const char *path, const struct stat *st, int flag,
    struct FTW *ftw)
{
	remove(path);
	return 0;
}

static void
harness_rm(const char *dir)
{
	nftw(dir, harness_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *
harness_log(const struct harness *h)
{
	char *buf = NULL;
	size_t len = 0, n;
	char chunk[65536];
	FILE *f;

	f = fopen(h->log, "r");
	if (f != NULL) {
		while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
			buf = realloc(buf, len + n + 1);
			if (buf == NULL)
				abort();
			memcpy(buf + len, chunk, n);
			len += n;
		}
		fclose(f);
	}
	if (buf == NULL)
		buf = calloc(1, 1);
	else
		buf[len] = '\0';
	return buf;
}

/* In the log of the daemon's current run (a restart starts a new one). */
static bool
harness_log_has(const struct harness *h, const char *text)
{
	char *log = harness_log(h);
	bool has = strlen(log) >= h->log_from &&
	    strstr(log + h->log_from, text) != NULL;

	free(log);
	return has;
}

/* Print the end of the log (the whole of a short one) for a test log. */
static void
harness_print_log(const struct harness *h)
{
	char *log = harness_log(h);
	size_t len = strlen(log);
	const char *from = len > 8192 ? log + len - 8192 : log;

	fprintf(stderr, "---- %s%s\n%s%s----\n", h->log,
	    from != log ? " (last 8 KB)" : "", from,
	    len > 0 && log[len - 1] != '\n' ? "\n" : "");
	free(log);
}

bool
harness_alive(struct harness *h)
{
	pid_t pid;

	if (h->exited)
		return false;
	pid = waitpid(h->pid, &h->status, WNOHANG);
	if (pid == h->pid) {
		h->exited = true;
		return false;
	}
	return true;
}

int
harness_signal(struct harness *h, int sig)
{
	if (!harness_alive(h))
		return -1;
	return kill(h->pid, sig);
}

int
harness_wait_exit(struct harness *h, int timeout_ms, int *status)
{
	int64_t deadline = harness_now_ms() + timeout_ms;

	while (harness_alive(h)) {
		if (harness_now_ms() >= deadline)
			return -1;
		harness_nap(20);
	}
	if (status != NULL)
		*status = h->status;
	return 0;
}

int
harness_wait_log(struct harness *h, const char *text, int timeout_ms)
{
	int64_t deadline = harness_now_ms() + timeout_ms;

	for (;;) {
		if (harness_log_has(h, text))
			return 0;
		if (!harness_alive(h) || harness_now_ms() >= deadline)
			return harness_log_has(h, text) ? 0 : -1;
		harness_nap(20);
	}
}

static void
harness_exec(struct harness *h, const char *path,
    const char *const *settings, pid_t parent)
{
	char ssh_port[16], telnet_port[16], top[PATH_MAX];
	char locale[PATH_MAX + 32];
	const char *top_env = getenv("top_builddir");
	const char *argv[18 + 4 * HARNESS_SETTINGS_MAX];
	char *extra, *word, *save = NULL;
	int argc = 0, fd, i;

	/* Die with the test, whichever way the test ends. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(127);
	fd = open(h->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (fd < 0)
		_exit(127);
	dup2(fd, STDERR_FILENO);
	dup2(fd, STDOUT_FILENO);
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd >= 0)
		dup2(fd, STDIN_FILENO);

	snprintf(ssh_port, sizeof ssh_port, "%d", h->ssh_port);
	snprintf(telnet_port, sizeof telnet_port, "%d", h->telnet_port);
	argv[argc++] = path;
	/* No system config file leaks into a test; and a test run as root
	 * says so, since gamehalld refuses root without a user. */
	argv[argc++] = "-f";
	argv[argc++] = "/dev/null";
	if (geteuid() == 0) {
		argv[argc++] = "-o";
		argv[argc++] = "user=root";
	}
	argv[argc++] = "--state-dir";
	argv[argc++] = h->state;
	argv[argc++] = "--ssh-port";
	argv[argc++] = ssh_port;
	argv[argc++] = "--telnet-port";
	argv[argc++] = telnet_port;
	argv[argc++] = "--listen";
	argv[argc++] = "127.0.0.1";
	/* The catalogs the build made, not an installed hall's. */
	if (top_env == NULL || *top_env == '\0' ||
	    realpath(top_env, top) == NULL)
		snprintf(top, sizeof top, ".");
	snprintf(locale, sizeof locale, "locale_dir=%s/locale", top);
	argv[argc++] = "-o";
	argv[argc++] = locale;
	for (i = 0; settings != NULL && settings[i] != NULL &&
	    i < HARNESS_SETTINGS_MAX; i++) {
		argv[argc++] = "-o";
		argv[argc++] = settings[i];
	}
	/* A developer's extra settings, e.g. HARNESS_SETTINGS=log_level=debug */
	extra = getenv("HARNESS_SETTINGS");
	if (extra != NULL && (extra = strdup(extra)) != NULL)
		for (word = strtok_r(extra, " ", &save); word != NULL &&
		    i < 2 * HARNESS_SETTINGS_MAX; word = strtok_r(NULL, " ",
		    &save), i++) {
			argv[argc++] = "-o";
			argv[argc++] = word;
		}
	argv[argc] = NULL;
	execv(path, (char *const *)argv);
	fprintf(stderr, "harness: exec %s: %s\n", path, strerror(errno));
	_exit(127);
}

/* Fork and exec the daemon, and wait until it serves: 0, or -1.  Its
 * "ready" line comes after every socket, the control socket included, is
 * bound and listening (a test that connected between the bind and the
 * listen was refused). */
static int
harness_spawn(struct harness *h, const char *path,
    const char *const *settings, pid_t parent)
{
	int64_t deadline;
	char *log = harness_log(h);

	h->log_from = strlen(log);
	free(log);
	h->exited = false;
	fflush(NULL);
	h->pid = fork();
	if (h->pid < 0) {
		fprintf(stderr, "harness: fork: %s\n", strerror(errno));
		return -1;
	}
	if (h->pid == 0)
		harness_exec(h, path, settings, parent);

	deadline = harness_now_ms() + HARNESS_START_MS;
	for (;;) {
		if (!harness_alive(h)) {
			fprintf(stderr, "harness: gamehalld exited while "
			    "starting (wait status 0x%x)\n", h->status);
			harness_print_log(h);
			return -1;
		}
		if (harness_log_has(h, "ready: ssh port") &&
		    harness_listening(h->ssh_port) &&
		    harness_listening(h->telnet_port))
			return 0;
		if (harness_now_ms() >= deadline) {
			fprintf(stderr, "harness: gamehalld did not listen on "
			    "ports %d and %d within %d s\n", h->ssh_port,
			    h->telnet_port, HARNESS_START_MS / 1000);
			harness_print_log(h);
			kill(h->pid, SIGKILL);
			waitpid(h->pid, NULL, 0);
			h->exited = true;
			return -1;
		}
		harness_nap(20);
	}
}

int
harness_restart(struct harness *h, const char *const *settings)
{
	const char *path = harness_daemon_path();

	if (harness_alive(h)) {
		fprintf(stderr, "harness: restart while gamehalld runs\n");
		return -1;
	}
	return harness_spawn(h, path, settings, getpid());
}

struct harness *
harness_start(const char *const *settings)
{
	const char *path = harness_daemon_path(), *tmp = getenv("TMPDIR");
	struct harness *h;
	pid_t parent = getpid();

	if (path == NULL) {
		fprintf(stderr, "harness: no gamehalld to start (build it, or "
		    "set GAMEHALLD or top_builddir)\n");
		return NULL;
	}
	h = calloc(1, sizeof *h);
	if (h == NULL)
		abort();
	snprintf(h->dir, sizeof h->dir, "%s/gamehall-test-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(h->dir) == NULL) {
		fprintf(stderr, "harness: mkdtemp %s: %s\n", h->dir,
		    strerror(errno));
		free(h);
		return NULL;
	}
	snprintf(h->state, sizeof h->state, "%s/state", h->dir);
	snprintf(h->log, sizeof h->log, "%s/gamehalld.log", h->dir);

	h->ssh_port = harness_free_port();
	do
		h->telnet_port = harness_free_port();
	while (h->telnet_port == h->ssh_port);
	if (h->ssh_port < 0 || h->telnet_port < 0) {
		fprintf(stderr, "harness: no free port\n");
		goto fail;
	}

	if (harness_spawn(h, path, settings, parent) != 0)
		goto fail;
	return h;
fail:
	fprintf(stderr, "harness: kept %s\n", h->dir);
	free(h);
	return NULL;
}

static const char *const harness_sanitizer_words[] = {
	"AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
	"ThreadSanitizer", "MemorySanitizer", "runtime error:", NULL
};

int
harness_stop(struct harness *h)
{
	const char *const *word;
	int bad = 0;
	char *log;

	if (h == NULL)
		return -1;
	if (harness_alive(h))
		kill(h->pid, SIGTERM);
	if (harness_wait_exit(h, HARNESS_STOP_MS, NULL) != 0) {
		fprintf(stderr, "harness: gamehalld (pid %d) still running "
		    "%d s after SIGTERM; killing it\n", (int)h->pid,
		    HARNESS_STOP_MS / 1000);
		kill(h->pid, SIGKILL);
		waitpid(h->pid, &h->status, 0);
		bad = 1;
	} else if (WIFSIGNALED(h->status)) {
		fprintf(stderr, "harness: gamehalld was killed by signal "
		    "%d\n", WTERMSIG(h->status));
		bad = 1;
	} else if (WEXITSTATUS(h->status) != 0) {
		fprintf(stderr, "harness: gamehalld exited with status %d\n",
		    WEXITSTATUS(h->status));
		bad = 1;
	}
	log = harness_log(h);
	for (word = harness_sanitizer_words; *word != NULL; word++)
		if (strstr(log, *word) != NULL) {
			fprintf(stderr, "harness: the log has a sanitizer "
			    "report (\"%s\")\n", *word);
			bad = 1;
			break;
		}
	free(log);
	if (bad) {
		harness_print_log(h);
		fprintf(stderr, "harness: kept %s\n", h->dir);
	} else if (getenv("HARNESS_KEEP") != NULL)
		/* A developer's look at a good run's log (HARNESS_KEEP=1). */
		fprintf(stderr, "harness: kept %s (HARNESS_KEEP)\n", h->dir);
	else
		harness_rm(h->dir);
	free(h);
	return bad ? -1 : 0;
}

int
harness_ssh_port(const struct harness *h)
{
	return h->ssh_port;
}

int
harness_telnet_port(const struct harness *h)
{
	return h->telnet_port;
}

pid_t
harness_pid(const struct harness *h)
{
	return h->pid;
}

const char *
harness_state_dir(const struct harness *h)
{
	return h->state;
}

const char *
harness_log_path(const struct harness *h)
{
	return h->log;
}

long
harness_rss_kb(const struct harness *h)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)h->pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* User + system seconds from a /proc stat file, and the name in it. */
static double
harness_stat_cpu(const char *path, char *name, size_t namelen)
{
	char buf[1024], *p, *open;
	unsigned long long utime, stime;
	size_t n;
	FILE *f;

	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* The command name may hold anything: count fields after its ')'. */
	p = strrchr(buf, ')');
	open = strchr(buf, '(');
	if (p == NULL || open == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d "
	    "%*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
		return -1;
	if (name != NULL && namelen > 0)
		snprintf(name, namelen, "%.*s", (int)(p - open - 1), open + 1);
	return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

double
harness_cpu_seconds(const struct harness *h)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/stat", (int)h->pid);
	return harness_stat_cpu(path, NULL, 0);
}

double
harness_thread_cpu_seconds(const struct harness *h, int tid, char *name,
    size_t namelen)
{
	char path[80];

	snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)h->pid, tid);
	return harness_stat_cpu(path, name, namelen);
}
