/*
 * screen-lesson.h - a three-minute lesson on the board (screens/lesson.h),
 * opened from a rules page.
 */
#ifndef SRC_HALL_SCREEN_LESSON_H
#define SRC_HALL_SCREEN_LESSON_H

struct client;
struct lesson;

/* The lesson, from its first step, over the top screen. */
void	screen_lesson_open(struct client *, const struct lesson *);

#endif
