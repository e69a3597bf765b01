/*
 * gtp-yonin.c - four-player shogi's own engine commands (gh-checks,
 * gh-hands, gh-eliminated; docs/gamehall-engine.6).  Owned by the yonin part;
 * see cli/gtp.h for how a handler is written and registered.  The generic
 * commands (play, undo, gh-legal, gh-board, ...) need nothing here.
 */
#include <stdio.h>
#include <string.h>

#include "engine/yonin.h"
#include "cli/gtp.h"

static const char *const gtp_yonin_variants[] = { "yonin", NULL };

/* gh-checks: the seats whose king is in check now, in seat order. */
static int
gtp_yonin_checks(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	unsigned	 checks;
	int		 shown = 0;

	if (argc != 1)
		return gtp_fail(r, "usage: %s", argv[0]);
	checks = yonin_checks(gtp_game(gtp));
	for (int p = 0; p < YONIN_SEATS; p++) {
		if (checks >> p & 1)
			gtp_printf(r, "%s%c", shown++ > 0 ? " " : "",
			    yonin_seat_char(p));
	}
	return 0;
}

/* gh-hands: S=G1,P2 W= N=R1 E= (pieces in the order R G S P). */
static int
gtp_yonin_hands(struct gtp *gtp, int argc, char **argv, struct gtp_reply *r)
{
	static const char letters[YONIN_HAND_KINDS] = { 'R', 'G', 'S', 'P' };

	if (argc != 1)
		return gtp_fail(r, "usage: %s", argv[0]);
	for (int p = 0; p < YONIN_SEATS; p++) {
		int count[YONIN_HAND_KINDS], shown = 0;

		yonin_hand(gtp_game(gtp), p, count);
		gtp_printf(r, "%s%c=", p > 0 ? " " : "", yonin_seat_char(p));
		for (int i = 0; i < YONIN_HAND_KINDS; i++) {
			if (count[i] > 0)
				gtp_printf(r, "%s%c%d", shown++ > 0 ? "," : "",
				    letters[i], count[i]);
		}
	}
	return 0;
}

/* gh-eliminated: SEAT:BY in the order they went out. */
static int
gtp_yonin_eliminated(struct gtp *gtp, int argc, char **argv,
    struct gtp_reply *r)
{
	int	 seat[3], by[3], n;

	if (argc != 1)
		return gtp_fail(r, "usage: %s", argv[0]);
	n = yonin_eliminated(gtp_game(gtp), seat, by);
	for (int i = 0; i < n; i++)
		gtp_printf(r, "%s%c:%c", i > 0 ? " " : "",
		    yonin_seat_char(seat[i]), yonin_seat_char(by[i]));
	return 0;
}

/*
 * gh-legal FROM: a square ("7g": the moves from it) or a piece letter and
 * '*' ("P*": the drops of that kind).  K* is a piece of the notation with
 * no drops, ever, so it answers empty like a kind missing from the hand;
 * anything else is refused.
 */
static int
gtp_yonin_legal_from(const struct game *g, const char *from,
    struct move *moves, int n, char *err, size_t errlen)
{
	static const char letters[] = "KRGSP";
	static const int kinds[] = {
		YONIN_KING, YONIN_ROOK, YONIN_GOLD, YONIN_SILVER, YONIN_PAWN
	};
	const char	*letter;
	int		 sq = yonin_square_parse(from), kind = YONIN_NONE;
	int		 kept = 0;

	(void)g;
	if (sq < 0) {
		if (from[0] == '\0' || from[1] != '*' || from[2] != '\0' ||
		    (letter = strchr(letters, from[0])) == NULL) {
			snprintf(err, errlen, "not a square (9a to 1i) nor a "
			    "piece and * (K* R* G* S* P*)");
			return -1;
		}
		kind = kinds[letter - letters];
	}
	for (int i = 0; i < n; i++) {
		if (sq >= 0 ? moves[i].from == sq :
		    moves[i].from < 0 && moves[i].piece == kind)
			moves[kept++] = moves[i];
	}
	return kept;
}

static const struct gtp_command gtp_yonin_commands[] = {
	{ "gh-checks", gtp_yonin_checks },
	{ "gh-hands", gtp_yonin_hands },
	{ "gh-eliminated", gtp_yonin_eliminated },
	{ NULL, NULL }
};

const struct gtp_family gtp_family_yonin = {
	"yonin", gtp_yonin_variants, gtp_yonin_commands, gtp_yonin_legal_from
};
