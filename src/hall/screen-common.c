/*
 * screen-common.c - the keys out of a screen pushed over the lobby, moving
 * a selection in a list (arrows, PgUp/PgDn, Home/End, and vi's j/k/g/G
 * where letters are not being typed), chat messages as view rows, dates
 * as the screens show them, and where a shogi piece may be put down.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/yonin.h"
#include "src/hall/hall-int.h"

int
screen_nav_key(struct client *c, const struct key_event *ev)
{
	switch (ev->key) {
	case KEY_ESCAPE:
	case 'q':
		client_pop(c);
		return 1;
	case '?':
	case KEY_F1:
		screen_help_open(c);
		return 1;
	}
	return 0;
}

void
screen_list_clamp(int n, int rows, int *sel, int *top)
{
	if (rows < 1)
		rows = 1;
	if (n <= 0) {
		*sel = -1;
		*top = 0;
		return;
	}
	if (*sel < 0)
		*sel = 0;
	if (*sel >= n)
		*sel = n - 1;
	if (*top > *sel)
		*top = *sel;
	if (*sel >= *top + rows)
		*top = *sel - rows + 1;
	if (*top > n - rows)
		*top = n - rows;
	if (*top < 0)
		*top = 0;
}

int
screen_list_key(const struct key_event *ev, int n, int rows, int *sel,
    int *top, bool vi)
{
	int	 key = (int)ev->key;

	if (ev->mods & (KEY_MOD_CTRL | KEY_MOD_ALT))
		return 0;
	if (vi) {
		switch (key) {
		case 'j':
			key = KEY_DOWN;
			break;
		case 'k':
			key = KEY_UP;
			break;
		case 'g':
			key = KEY_HOME;
			break;
		case 'G':
			key = KEY_END;
			break;
		}
	}
	if (ev->key == KEY_MOUSE) {
		if (ev->mouse.action == KEY_MOUSE_WHEEL_UP)
			key = KEY_UP;
		else if (ev->mouse.action == KEY_MOUSE_WHEEL_DOWN)
			key = KEY_DOWN;
	}
	switch (key) {
	case KEY_UP:
		(*sel)--;
		break;
	case KEY_DOWN:
		(*sel)++;
		break;
	case KEY_PGUP:
		*sel -= rows > 1 ? rows - 1 : 1;
		break;
	case KEY_PGDN:
		*sel += rows > 1 ? rows - 1 : 1;
		break;
	case KEY_HOME:
		*sel = 0;
		break;
	case KEY_END:
		*sel = n - 1;
		break;
	default:
		return 0;
	}
	screen_list_clamp(n, rows, sel, top);
	return 1;
}

int
screen_chat_lines(struct chat *chat, const struct identity *me, int *back,
    uint64_t *seen, struct view_chat_line *out, size_t max)
{
	const struct chat_msg	*m;
	size_t			 i, k = 0, n = chat_count(chat);
	uint64_t		 last = chat_last_seq(chat);

	if (*back > 0 && last > *seen)
		*back += (int)(last - *seen);
	*seen = last;
	if (*back > (int)n - 1)
		*back = n > 0 ? (int)n - 1 : 0;
	for (i = 0; i < n && k < max; i++) {
		m = chat_get(chat, i);
		/* Whom he ignores (/ignore) says nothing to him. */
		if (m->from[0] != '\0' && identity_ignores(me, m->from))
			continue;
		out[k].time = m->time;
		out[k].from = m->from[0] != '\0' ? m->from : NULL;
		out[k].text = m->text;
		out[k].guest = m->guest;
		out[k].you = me != NULL && m->from[0] != '\0' &&
		    strcmp(m->from, me->name) == 0;
		k++;
	}
	return (int)k;
}

void
screen_date(int64_t when, char *buf, size_t len)
{
	time_t		 t = (time_t)when;
	struct tm	 tm;

	if (when <= 0 || gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d", &tm) == 0)
		snprintf(buf, len, "-");
}

int
screen_yonin_put(const struct game *g, int from, int to, struct move *m)
{
	struct move	 mv[128];
	int		 n = yonin_legal_from(g, from, mv, 128);
	int		 with = 0, without = 0;

	for (int i = 0; i < n && i < 128; i++) {
		if (mv[i].to != to)
			continue;
		if (mv[i].promote)
			with = 1;
		else
			without = 1;
	}
	memset(m, 0, sizeof *m);
	m->from = (int16_t)from;
	m->to = (int16_t)to;
	m->promote = (uint8_t)with;
	return with && without ? 2 : with || without;
}
