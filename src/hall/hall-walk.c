/*
 * hall-walk.c - telling a crowd of a change, a slice at a time.
 *
 * A chat line is news to everyone in the lobby, an arrival to everyone
 * online.  Marking ten thousand clients at once is a loop turn of ten
 * thousand frames (a third of a second): whoever waits for a move at a
 * table waits behind it, and an arrival walked every client again each
 * time.  So the hall keeps two walks, each a place in a list of clients
 * that it goes on from:
 *
 * - the chat walk, over the lobby: HALL_WALK_SLICE clients a loop turn,
 *   each marked to draw (client_dirty_ambient: at once, unless his last
 *   frame was under CLIENT_AMBIENT_MS ago); the turns between let the
 *   tables' frames and the sockets through.  Most of those frames are the
 *   crowd's bytes of the step (lobby_frames_catch_up).
 * - the ambient walk, over everyone (or the lobby only, when only the
 *   lobby changed), rationed: HALL_AMBIENT_FPS clients a second, more when
 *   a round would take longer than HALL_AMBIENT_MAX_MS, a slice every
 *   HALL_AMBIENT_WALK_MS.  A change costs the hall nothing per client when
 *   it comes, and everyone sees it within a round.
 *
 * A change that comes while a round is under way makes the walk go round
 * once more when it reaches the end (those it passed showed the older
 * state).  A client that leaves the list is stepped over (hall_walk_gone).
 */
#include "src/base/clock.h"
#include "src/hall/hall-int.h"

/* The client after c in the walk's list. */
static struct client *
hall_walk_after(const struct hall_walk *w, struct client *c)
{
	return w->lobby ? TAILQ_NEXT(c, lobby_entry) : TAILQ_NEXT(c, entry);
}

static struct client *
hall_walk_first(const struct hall_walk *w)
{
	return w->lobby ? TAILQ_FIRST(&w->hall->lobby) :
	    TAILQ_FIRST(&w->hall->clients);
}

/* How many clients a slice marks. */
static unsigned
hall_walk_budget(const struct hall_walk *w)
{
	unsigned	 n, least;

	if (w->lobby)
		return HALL_WALK_SLICE;
	n = HALL_AMBIENT_FPS * HALL_AMBIENT_WALK_MS / 1000;
	least = w->hall->nclients * HALL_AMBIENT_WALK_MS / HALL_AMBIENT_MAX_MS;
	return n > least ? n : least;
}

static void
hall_walk_slice(void *arg)
{
	struct hall_walk	*w = arg;
	struct client		*c;
	unsigned		 budget = hall_walk_budget(w), marked = 0;
	unsigned		 looked = 0;

	/* Those not concerned cost a look each, bounded too. */
	while ((c = w->next) != NULL && marked < budget &&
	    looked < budget * 16) {
		w->next = hall_walk_after(w, c);
		looked++;
		if (!w->lobby && !w->everyone && !c->in_lobby)
			continue;
		client_dirty_ambient(c);
		marked++;
	}
	if (w->next == NULL && w->again) {
		w->again = false;
		w->everyone = w->everyone_again;
		w->everyone_again = false;
		w->next = hall_walk_first(w);
	}
	if (w->next != NULL)
		clock_timer_set(w->timer, w->lobby ? 0 : HALL_AMBIENT_WALK_MS);
	else
		w->everyone = false;
}

int
hall_walk_init(struct hall_walk *w, struct hall *hall, bool lobby)
{
	w->hall = hall;
	w->lobby = lobby;
	w->next = NULL;
	w->again = w->everyone = w->everyone_again = false;
	w->timer = clock_timer_new(hall->clock, hall_walk_slice, w);
	return w->timer != NULL ? 0 : -1;
}

void
hall_walk_free(struct hall_walk *w)
{
	clock_timer_free(w->timer);
	w->timer = NULL;
	w->next = NULL;
}

void
hall_walk_start(struct hall_walk *w, bool everyone)
{
	if (w->next != NULL || clock_timer_pending(w->timer)) {
		/* Under way: round once more for those it passed. */
		w->again = true;
		w->everyone_again |= everyone;
		w->everyone |= everyone;
		return;
	}
	w->everyone = everyone;
	w->next = hall_walk_first(w);
	if (w->next != NULL)
		clock_timer_set(w->timer, w->lobby ? 0 : HALL_AMBIENT_WALK_MS);
}

void
hall_walk_gone(struct hall_walk *w, struct client *c)
{
	if (w->next == c)
		w->next = hall_walk_after(w, c);
}
