/*
 * log.c - levelled log lines on stderr (timestamped unless journald takes
 * them) or to syslog.
 */
#include <sys/stat.h>
#include <sys/time.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "src/base/log.h"

/*
 * The level and the target: written by main (at start, and on SIGHUP, on
 * the loop), read by every thread that logs, hence atomic.  They are the
 * process's logging, as stderr is.
 */
static int log_level = LOG_LEVEL_INFO;
static int log_target = LOG_TARGET_STDERR;

void
log_set_level(enum log_level level)
{
	__atomic_store_n(&log_level, (int)level, __ATOMIC_RELAXED);
}

void
log_set_target(enum log_target target)
{
	int	 was = __atomic_load_n(&log_target, __ATOMIC_RELAXED);

	if (target == LOG_TARGET_SYSLOG && was != LOG_TARGET_SYSLOG)
		openlog("gamehalld", LOG_PID | LOG_NDELAY, LOG_DAEMON);
	__atomic_store_n(&log_target, (int)target, __ATOMIC_RELAXED);
	if (target != LOG_TARGET_SYSLOG && was == LOG_TARGET_SYSLOG)
		closelog();
}

bool
log_enabled(enum log_level level)
{
	return (int)level <= __atomic_load_n(&log_level, __ATOMIC_RELAXED);
}

/*
 * Whether stderr is the journal's stream: JOURNAL_STREAM is
 * "DEVICE:INODE" of it, as systemd sets it for a service whose output
 * goes to the journal.  Checked per line, cheaply, because a redirected
 * stderr (2>file) inherits the variable but no longer matches.
 */
static bool
log_to_journal(void)
{
	const char		*env = getenv("JOURNAL_STREAM");
	struct stat		 st;
	unsigned long long	 dev, ino;

	if (env == NULL || sscanf(env, "%llu:%llu", &dev, &ino) != 2)
		return false;
	if (fstat(STDERR_FILENO, &st) != 0)
		return false;
	return (unsigned long long)st.st_dev == dev &&
	    (unsigned long long)st.st_ino == ino;
}

void
log_msg(enum log_level level, const char *fmt, ...)
{
	static const int	 priorities[] = { LOG_ERR, LOG_WARNING,
				    LOG_INFO, LOG_DEBUG };
	char			 line[1024], stamp[32];
	struct timeval		 tv;
	struct tm		 tm;
	va_list			 ap;
	int			 n;

	if (!log_enabled(level))
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;

	if (__atomic_load_n(&log_target, __ATOMIC_RELAXED) ==
	    LOG_TARGET_SYSLOG) {
		syslog(priorities[level], "%s", line);
		return;
	}
	if (log_to_journal()) {
		/* "<N>" is the journal's priority prefix (sd-daemon(3)). */
		fprintf(stderr, "<%d>%s: %s\n", priorities[level],
		    config_log_level_name(level), line);
		return;
	}
	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
	/* One call, so concurrent lines from worker threads stay whole. */
	fprintf(stderr, "%s.%03ld %s: %s\n", stamp, (long)tv.tv_usec / 1000,
	    config_log_level_name(level), line);
}
