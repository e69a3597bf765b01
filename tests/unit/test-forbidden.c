/*
 * test-forbidden.c - the fast restricted-point judge against the slow
 * reference (forbidden-ref.c) on many random, plausible positions.
 *
 * The seed is printed on failure; FORBIDDEN_SEED=N repeats a run and
 * FORBIDDEN_POSITIONS=N changes how many positions are tried.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/forbidden.h"
#include "engine/stone.h"
#include "tests/unit/forbidden-ref.h"

static uint64_t
rng_next(uint64_t *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static int
rng_below(uint64_t *s, int n)
{
	return (int)(rng_next(s) % (uint64_t)n);
}

/*
 * Stones gathered around a random centre (a triangular spread), Black a
 * little more often than White so that threes and fours are common.
 */
static void
random_position(struct stone_board *b, int size, uint64_t *s)
{
	int n = 8 + rng_below(s, 80), cx = rng_below(s, size);
	int cy = rng_below(s, size), black_pct = 50 + rng_below(s, 25);
	int spread = 3 + rng_below(s, 4);

	stone_board_init(b, size);
	for (int i = 0, tries = 0; i < n && tries < 10000; tries++) {
		int x = cx + rng_below(s, spread + 1) - rng_below(s, spread + 1);
		int y = cy + rng_below(s, spread + 1) - rng_below(s, spread + 1);

		if (x < 0 || y < 0 || x >= size || y >= size ||
		    b->cell[x * size + y] != STONE_EMPTY)
			continue;
		stone_board_put(b, x * size + y,
		    rng_below(s, 100) < black_pct ? STONE_BLACK : STONE_WHITE);
		i++;
	}
}

START_TEST(test_random_positions)
{
	const char *env = getenv("FORBIDDEN_SEED");
	uint64_t seed = env != NULL ? strtoull(env, NULL, 10) :
	    (uint64_t)time(NULL), s;
	int positions = 2000, kinds[4] = { 0 }, compared = 0;
	struct stone_board b;
	struct ref_board r;
	uint8_t map[STONE_MAX_POINTS];

	if ((env = getenv("FORBIDDEN_POSITIONS")) != NULL)
		positions = atoi(env);
	s = seed * 2 + 1;
	for (int i = 0; i < positions; i++) {
		int size = i % 10 == 9 ? 19 : 15;

		random_position(&b, size, &s);
		ref_from_stone(&r, &b);
		forbidden_map(&b, map);
		for (int p = 0; p < size * size; p++) {
			int want = ref_judge(&r, p / size, p % size);

			if (want == REF_FIVE)
				want = FORBIDDEN_NONE;
			if (map[p] != want || forbidden_at(&b, p) != want) {
				char text[4];

				stone_point_format(size, p, text);
				ck_abort_msg("seed %llu position %d (%dx%d, %d "
				    "stones) point %s: fast map %d, fast "
				    "point %d, reference %d",
				    (unsigned long long)seed, i, size, size,
				    b.stones, text, map[p], forbidden_at(&b, p),
				    want);
			}
			kinds[want]++;
			compared++;
		}
	}
	printf("test-forbidden: seed %llu, %d positions, %d points: %d "
	    "double-three, %d double-four, %d overline\n",
	    (unsigned long long)seed, positions, compared,
	    kinds[FORBIDDEN_DOUBLE_THREE], kinds[FORBIDDEN_DOUBLE_FOUR],
	    kinds[FORBIDDEN_OVERLINE]);
	/* The positions must actually exercise every kind. */
	if (positions >= 500) {
		ck_assert_int_gt(kinds[FORBIDDEN_DOUBLE_THREE], 0);
		ck_assert_int_gt(kinds[FORBIDDEN_DOUBLE_FOUR], 0);
		ck_assert_int_gt(kinds[FORBIDDEN_OVERLINE], 0);
	}
}
END_TEST

/* Hand-made shapes where the fast judge's window ends matter. */
START_TEST(test_edges)
{
	struct stone_board b;
	static const char *const black[] = { "a8", "b8", "c7", "c9", NULL };

	stone_board_init(&b, 15);
	for (int i = 0; black[i] != NULL; i++)
		stone_board_put(&b, stone_point_parse(15, black[i]),
		    STONE_BLACK);
	/* XXX at the edge is no three: c8 is allowed. */
	ck_assert_int_eq(forbidden_at(&b, stone_point_parse(15, "c8")),
	    FORBIDDEN_NONE);
	stone_board_init(&b, 15);
	stone_board_put(&b, stone_point_parse(15, "b8"), STONE_BLACK);
	stone_board_put(&b, stone_point_parse(15, "c8"), STONE_BLACK);
	stone_board_put(&b, stone_point_parse(15, "d7"), STONE_BLACK);
	stone_board_put(&b, stone_point_parse(15, "d9"), STONE_BLACK);
	ck_assert_int_eq(forbidden_at(&b, stone_point_parse(15, "d8")),
	    FORBIDDEN_DOUBLE_THREE);
	/* Occupied points are never restricted. */
	ck_assert_int_eq(forbidden_at(&b, stone_point_parse(15, "b8")),
	    FORBIDDEN_NONE);
}
END_TEST

static Suite *
forbidden_suite(void)
{
	Suite *s = suite_create("forbidden");
	TCase *tc = tcase_create("judge");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_edges);
	tcase_add_test(tc, test_random_positions);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(forbidden_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
