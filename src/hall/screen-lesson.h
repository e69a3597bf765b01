/*
 * screen-lesson.h - a three-minute lesson on the board (screens/lesson.h),
 * opened from a rules page.
 */
#ifndef SRC_HALL_SCREEN_LESSON_H
#define SRC_HALL_SCREEN_LESSON_H

#include <stddef.h>

struct client;
struct game;
struct lesson;
struct lesson_step;
struct move;

/*
 * Black's stone on `point` of g (the step's position), judged by the
 * engine: 1 it does what the step asks (it stays), 0 it does not (it is
 * taken back, with the first of its Connect6 pair), -1 it may not go
 * there, 2 it is the first of a Connect6 pair (it stays; the second
 * decides); what to say in why.
 */
int	screen_lesson_judge(struct game *, const struct lesson_step *,
	    int point, char *why, size_t len);
/*
 * South's move m on g, a four-player shogi step's position, judged by the
 * engine: 1 it does what the step asks (it stays), 0 it does not (taken
 * back), -1 it is not legal; what to say in why.
 */
int	screen_lesson_judge_move(struct game *, const struct lesson_step *,
	    const struct move *m, char *why, size_t len);
/* The lesson, from its first step, over the top screen. */
void	screen_lesson_open(struct client *, const struct lesson *);

#endif
