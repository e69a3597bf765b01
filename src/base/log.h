/*
 * log.h - log lines to stderr: "2025-05-20 12:34:56.789 info: message".
 *
 * One fprintf per line, so lines from worker threads do not interleave.
 * The level is set once at start-up (log_set_level); everything below it
 * is dropped cheaply.  Never log a password or any secret.
 */
#ifndef SRC_LOG_H
#define SRC_LOG_H

#include <stdbool.h>

#include "src/base/config.h"

void	log_set_level(enum log_level);
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
