/*
 * log.h - log lines: "2025-05-20 12:34:56.789 info: message" on stderr,
 * or to syslog (facility daemon).
 *
 * One write per line, so lines from worker threads do not interleave.
 * Under journald (JOURNAL_STREAM names our stderr) the line carries no
 * timestamp of ours, since the journal stamps every line itself.  The
 * level and the target are set by main at start-up and again when SIGHUP
 * re-reads the settings; everything below the level is dropped cheaply.
 * Never log a password or any secret.
 */
#ifndef SRC_LOG_H
#define SRC_LOG_H

#include <stdbool.h>

#include "src/base/config.h"

void	log_set_level(enum log_level);
void	log_set_target(enum log_target);
bool	log_enabled(enum log_level);
void	log_msg(enum log_level, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#define log_error(...) log_msg(LOG_LEVEL_ERROR, __VA_ARGS__)
#define log_warn(...) log_msg(LOG_LEVEL_WARN, __VA_ARGS__)
#define log_info(...) log_msg(LOG_LEVEL_INFO, __VA_ARGS__)
#define log_debug(...) do {						\
	if (log_enabled(LOG_LEVEL_DEBUG))				\
		log_msg(LOG_LEVEL_DEBUG, __VA_ARGS__);			\
} while (0)

#endif
