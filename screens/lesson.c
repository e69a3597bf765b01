/*
 * lesson.c - which lesson and which drills go with a variant: the
 * five-in-a-row family shares one of each (lesson-gomoku.c,
 * drills-gomoku.c), Connect6 has its own (lesson-connect6.c,
 * drills-connect6.c), four-player shogi a lesson (lesson-yonin.c).
 */
#include <stddef.h>
#include <string.h>

#include "screens/lesson.h"

struct lesson_family {
	const char		*variant;
	const struct lesson	*lesson, *drills;
};

static const struct lesson_family lesson_families[] = {
	{ "gomoku", &lesson_gomoku, &drills_gomoku },
	{ "freestyle", &lesson_gomoku, &drills_gomoku },
	{ "standard", &lesson_gomoku, &drills_gomoku },
	{ "renju", &lesson_gomoku, &drills_gomoku },
	{ "connect6", &lesson_connect6, &drills_connect6 },
	{ "yonin", &lesson_yonin, NULL },
};

static const struct lesson_family *
lesson_family(const char *variant)
{
	for (size_t i = 0; variant != NULL && i < sizeof lesson_families /
	    sizeof lesson_families[0]; i++) {
		if (strcmp(lesson_families[i].variant, variant) == 0)
			return &lesson_families[i];
	}
	return NULL;
}

const struct lesson *
lesson_find(const char *variant)
{
	const struct lesson_family	*f = lesson_family(variant);

	return f != NULL ? f->lesson : NULL;
}

const struct lesson *
drills_find(const char *variant)
{
	const struct lesson_family	*f = lesson_family(variant);

	return f != NULL ? f->drills : NULL;
}
