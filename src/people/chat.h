/*
 * chat.h - a chat room's scrollback and its speed limit.
 *
 * The lobby has one chat (tables will have their own).  Messages are
 * cleaned (src/term/clean.h) when they arrive, before anyone sees them: escape
 * sequences, controls, bidi and zero-width characters are gone, the text
 * is bounded, so what is stored can be drawn as it is.  The scrollback is a
 * ring of the last `cap` messages; older ones are dropped.
 *
 * Speed: each speaker has a token bucket (struct ratelimit, src/net/limits.h);
 * chat_say takes one token per message and refuses the message, telling
 * how long to wait, when there is none.  Empty messages cost nothing.
 */
#ifndef SRC_CHAT_H
#define SRC_CHAT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "src/base/ratelimit.h"

#define CHAT_TEXT_MAX 400	/* bytes of a message after cleaning */
#define CHAT_TEXT_COLS 300	/* display columns of a message */
#define CHAT_FROM_LEN 65	/* a name with its NUL */
#define CHAT_SCROLLBACK 200	/* messages the lobby keeps */

struct chat_msg {
	uint64_t	seq;		/* 1, 2, ... in order of arrival */
	int64_t		when;		/* Unix seconds */
	char		time[8];	/* "12:34" (UTC) */
	char		from[CHAT_FROM_LEN];	/* "" for a notice */
	int		guest;		/* from a guest */
	char		text[CHAT_TEXT_MAX + 1];
};

enum chat_result {
	CHAT_OK,
	CHAT_EMPTY,		/* nothing left after cleaning */
	CHAT_TOO_FAST,		/* the speaker's budget is spent */
};

struct chat;

/* A room keeping the last cap (>= 1) messages; NULL when out of memory. */
struct chat	*chat_new(size_t cap);
void		 chat_free(struct chat *);

/*
 * A message from `from` (a clean name): text is raw user input (len
 * bytes), cleaned here.  `limit` (may be NULL: no limit) is the speaker's
 * bucket, now_ms its clock; on CHAT_TOO_FAST *wait_ms (may be NULL) is how
 * long until a message would pass.  On CHAT_OK the message is the newest
 * (chat_get(chat, chat_count(chat) - 1)).
 */
enum chat_result chat_say(struct chat *, struct ratelimit *limit,
		    uint64_t now_ms, int64_t when, const char *from, int guest,
		    const char *text, size_t len, uint64_t *wait_ms);

/* A notice from the hall or a table ("alice is here"), printf-style;
 * not limited.  The lobby and every table say things through this one. */
enum chat_result chat_notice(struct chat *, int64_t when, const char *fmt,
		    ...) __attribute__((format(printf, 3, 4)));
enum chat_result chat_vnotice(struct chat *, int64_t when, const char *fmt,
		    va_list);

size_t		 chat_count(const struct chat *);
/* Message i, 0 = the oldest kept; NULL outside. */
const struct chat_msg *chat_get(const struct chat *, size_t i);
/* The sequence number of the newest message (0 when none yet). */
uint64_t	 chat_last_seq(const struct chat *);

#endif
