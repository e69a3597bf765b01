/*
 * screen-table-chat.c - the table's chat line: typing, sending through the
 * speaker's rate limit, and scrolling back.
 */
#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/term/lineedit.h"

#include "src/hall/screen-table-int.h"

void
screen_table_scroll(struct screen_table *ts, int by)
{
	int	 n = (int)chat_count(table_chat(ts->table));

	ts->chat_back += by;
	if (ts->chat_back > n - 1)
		ts->chat_back = n > 0 ? n - 1 : 0;
	if (ts->chat_back < 0)
		ts->chat_back = 0;
	client_dirty(ts->client);
}

void
screen_table_chat_key(struct screen_table *ts, const struct key_event *ev)
{
	char		 err[TABLE_ERR_LEN];
	struct identity	*id = ts->who;

	switch (ev->key) {
	case KEY_ESCAPE:
	case KEY_TAB:
		ts->chatting = false;
		client_dirty(ts->client);
		return;
	case KEY_PGUP:
		screen_table_scroll(ts, 5);
		return;
	case KEY_PGDN:
		screen_table_scroll(ts, -5);
		return;
	}
	if (lineedit_key(ts->chat_line, ev) != LINEEDIT_ENTER) {
		client_dirty(ts->client);
		return;
	}
	if (*lineedit_text(ts->chat_line) == '\0')
		return;
	if (hall_ignore_command(ts->client, lineedit_text(ts->chat_line))) {
		lineedit_clear(ts->chat_line);
		return;
	}
	if (hall_sysop_muted(ts->hall, id, err, sizeof err)) {
		screen_table_refused(ts, err);
		return;
	}
	if (!id->chat_limit_set) {
		const struct config *cfg = ts->hall->cfg;

		ratelimit_init(&id->chat_limit, cfg->chat_rate / 60.0,
		    cfg->chat_burst, clock_ms(ts->hall->clock));
		id->chat_limit_set = true;
	}
	if (table_say(ts->table, id, &id->chat_limit,
	    clock_ms(ts->hall->clock), clock_wall(ts->hall->clock),
	    lineedit_text(ts->chat_line), err, sizeof err) != 0) {
		screen_table_refused(ts, err);
		return;
	}
	ts->chat_back = 0;
	lineedit_clear(ts->chat_line);
}
