/*
 * chat.c - a chat room's scrollback ring and speed limit (see chat.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "src/people/chat.h"
#include "src/term/clean.h"

struct chat {
	struct chat_msg	*ring;
	size_t		 cap;
	size_t		 start;		/* index of the oldest */
	size_t		 count;
	uint64_t	 seq;
};

struct chat *
chat_new(size_t cap)
{
	struct chat	*chat;

	if (cap < 1)
		return NULL;
	chat = calloc(1, sizeof *chat);
	if (chat == NULL)
		return NULL;
	chat->ring = calloc(cap, sizeof *chat->ring);
	if (chat->ring == NULL) {
		free(chat);
		return NULL;
	}
	chat->cap = cap;
	return chat;
}

void
chat_free(struct chat *chat)
{
	if (chat == NULL)
		return;
	free(chat->ring);
	free(chat);
}

/* The slot for a new message: the oldest is dropped when the ring is full. */
static struct chat_msg *
chat_slot(struct chat *chat, int64_t when)
{
	struct chat_msg	*m;
	struct tm	 tm;
	time_t		 t = (time_t)when;

	if (chat->count < chat->cap)
		m = &chat->ring[(chat->start + chat->count++) % chat->cap];
	else {
		m = &chat->ring[chat->start];
		chat->start = (chat->start + 1) % chat->cap;
	}
	memset(m, 0, sizeof *m);
	m->seq = ++chat->seq;
	m->when = when;
	if (gmtime_r(&t, &tm) != NULL)
		snprintf(m->time, sizeof m->time, "%02d:%02d", tm.tm_hour,
		    tm.tm_min);
	return m;
}

enum chat_result
chat_say(struct chat *chat, struct ratelimit *limit, uint64_t now_ms,
    int64_t when, const char *from, int guest, const char *text, size_t len,
    uint64_t *wait_ms)
{
	struct chat_msg	*m;
	char		 clean[CHAT_TEXT_MAX + 1];

	if (clean_text(clean, sizeof clean, text, len, CHAT_TEXT_COLS,
	    CLEAN_TRIM) == 0)
		return CHAT_EMPTY;
	if (limit != NULL && !ratelimit_take(limit, 1, now_ms)) {
		if (wait_ms != NULL)
			*wait_ms = ratelimit_wait_ms(limit, 1, now_ms);
		return CHAT_TOO_FAST;
	}
	m = chat_slot(chat, when);
	snprintf(m->from, sizeof m->from, "%s", from != NULL ? from : "?");
	m->guest = guest;
	memcpy(m->text, clean, sizeof m->text);
	return CHAT_OK;
}

enum chat_result
chat_notice(struct chat *chat, int64_t when, const char *fmt, ...)
{
	enum chat_result	 r;
	va_list			 ap;

	va_start(ap, fmt);
	r = chat_vnotice(chat, when, fmt, ap);
	va_end(ap);
	return r;
}

enum chat_result
chat_vnotice(struct chat *chat, int64_t when, const char *fmt, va_list ap)
{
	struct chat_msg	*m;
	char		 text[CHAT_TEXT_MAX + 1], clean[CHAT_TEXT_MAX + 1];

	vsnprintf(text, sizeof text, fmt, ap);
	if (clean_text(clean, sizeof clean, text, strlen(text),
	    CHAT_TEXT_COLS, CLEAN_TRIM) == 0)
		return CHAT_EMPTY;
	m = chat_slot(chat, when);
	memcpy(m->text, clean, sizeof m->text);
	return CHAT_OK;
}

size_t
chat_count(const struct chat *chat)
{
	return chat->count;
}

const struct chat_msg *
chat_get(const struct chat *chat, size_t i)
{
	if (i >= chat->count)
		return NULL;
	return &chat->ring[(chat->start + i) % chat->cap];
}

uint64_t
chat_last_seq(const struct chat *chat)
{
	return chat->seq;
}
