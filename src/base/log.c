/*
 * log.c - timestamped, levelled log lines on stderr.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "src/base/log.h"

/* Set once by main before any thread starts; read-only afterwards. */
static enum log_level log_level = LOG_LEVEL_INFO;

void
log_set_level(enum log_level level)
{
	log_level = level;
}

bool
log_enabled(enum log_level level)
{
	return level <= log_level;
}

void
log_msg(enum log_level level, const char *fmt, ...)
{
	char		 line[1024], stamp[32];
	struct timeval	 tv;
	struct tm	 tm;
	va_list		 ap;
	int		 n;

	if (!log_enabled(level))
		return;
	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	/* One call, so concurrent lines from worker threads stay whole. */
	fprintf(stderr, "%s.%03ld %s: %s\n", stamp, (long)tv.tv_usec / 1000,
	    config_log_level_name(level), line);
}
