/*
 * identity.h - who a person is in the hall, apart from how he is connected.
 *
 * An identity is a registered account or a guest.  Clients (connections)
 * point at an identity, and so will seats at tables: a seat belongs to the
 * identity, never to a connection, so the same person comes back to it from
 * a new connection, and one person may have several terminals open.
 *
 * Guests are named "guest-" and four hex digits (more if those run out),
 * random and unique among the names the registry knows.  A guest who
 * connected with an SSH key (an unregistered device key) gets the same
 * identity, and so the same name, every time he comes back with that key
 * while the daemon runs: the registry keeps such identities after their
 * last client leaves (up to IDENTITY_KEYED_MAX of them; the longest unused
 * are forgotten first).  A guest without a key is forgotten when nothing
 * holds him any more.
 *
 * References: every holder (a client, a seat) takes one with
 * identities_user/identities_guest/identity_ref and gives it back with
 * identities_release.  `sessions` counts connected clients only (who is
 * online).
 */
#ifndef SRC_IDENTITY_H
#define SRC_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/queue.h>

#include "src/base/ratelimit.h"

#define IDENTITY_NAME_LEN 65	/* bytes with the NUL (store names: 64) */
#define IDENTITY_KEY_LEN 64	/* a "SHA256:..." fingerprint with the NUL */
#define IDENTITY_RATING_LEN 16
#define IDENTITY_IGNORE_MAX 8	/* people one person ignores */
#define IDENTITY_IGNORE_LEN 24	/* ... by name: accounts have at most 16 */
#define IDENTITY_KEYED_MAX 10000 /* remembered guest device keys */
#define IDENTITY_GUEST_PREFIX "guest-"

enum identity_kind {
	IDENTITY_USER,		/* a registered account */
	IDENTITY_GUEST,
	IDENTITY_CPU,		/* a computer player in a seat */
};

struct identity {
	enum identity_kind kind;
	int64_t		 user;			/* account id; 0 for a guest */
	char		 name[IDENTITY_NAME_LEN];
	char		 key[IDENTITY_KEY_LEN];	/* guest's device key or "" */
	int		 sysop;
	int		 level;			/* IDENTITY_CPU: 1..5 */
	/* What the lobby shows beside the name ("1523", "1500?"), "" when
	 * unknown; the hall fills it from the store. */
	char		 rating[IDENTITY_RATING_LEN];

	unsigned	 refs;		/* holders: clients, seats */
	unsigned	 sessions;	/* connected clients */
	uint64_t	 last_used;	/* registry tick of the last release */

	/* Whose chat this person does not see (/ignore; identity-ignore.c),
	 * for as long as the identity lives. */
	char		 ignored[IDENTITY_IGNORE_MAX][IDENTITY_IGNORE_LEN];
	int		 nignored;

	/* The kinds of board mark the hall has explained to this person
	 * (src/hall/screen-table-marks.c): each is told once. */
	unsigned	 marks_told;

	/* Chat budget: per person, so more terminals do not mean more. */
	struct ratelimit chat_limit;
	bool		 chat_limit_set;

	TAILQ_ENTRY(identity) entry;
	/* The registry's indexes (identity.c): chains of its hash tables by
	 * name, device key and account, and the idle keyed guests oldest
	 * first. */
	struct identity	*next_name, *next_key, *next_user;
	TAILQ_ENTRY(identity) idle_entry;
};

/* Uniform random 32-bit numbers; tests inject their own. */
typedef uint32_t (*identity_random_cb)(void *arg);

struct identities;

/* random NULL = the system's (getrandom). NULL on allocation failure. */
struct identities *identities_new(identity_random_cb random, void *arg);
/* Frees every identity, whatever holds it (at shutdown). */
void	identities_free(struct identities *);

/*
 * The account's identity, created on first use, with a reference taken.
 * An existing one keeps its name (the account's name does not change
 * while it is online).  NULL when out of memory.
 */
struct identity *identities_user(struct identities *, int64_t user,
	    const char *name);

/*
 * A guest: with a device key (`key` non-empty), the guest that key had
 * before if any; otherwise a new guest with a fresh name.  A reference is
 * taken.  NULL when out of memory.
 */
struct identity *identities_guest(struct identities *, const char *key);

/*
 * The name of the guest a device key already has: 1 with it in buf.  For
 * an unknown (or empty) key, 0 with a fresh name in buf - only a
 * suggestion: identities_guest may pick another.
 */
int	identities_guest_name(struct identities *, const char *key,
	    char *buf, size_t len);

/*
 * A computer player of the level (1..5) for one seat: a new identity each
 * time ("CPU (medium)"), never found by name or key, gone when its seat
 * lets it go.
 */
struct identity *identities_cpu(struct identities *, int level,
	    const char *level_name);
void	identity_ref(struct identity *);
/* Give back a reference (NULL is fine). */
void	identities_release(struct identities *, struct identity *);

/* An identity the registry knows, by name ignoring ASCII case, or NULL. */
struct identity *identities_find(struct identities *, const char *name);

/* How many identities the registry holds (for tests and status). */
size_t	identities_count(const struct identities *);

/* Walk them (the order is the registry's). */
struct identity *identities_first(struct identities *);
struct identity *identities_next(struct identity *);

/* 1 if a name starts with the guest prefix (ignoring case): such names
 * cannot be registered. */
int	identity_name_is_guest(const char *name);

/*
 * /ignore (identity-ignore.c): names compared ignoring case.  ignore: 0,
 * or -1 when the list is full or the name too long; unignore: 0, or -1
 * when he was not ignored.
 */
int	identity_ignore(struct identity *, const char *name);
int	identity_unignore(struct identity *, const char *name);
bool	identity_ignores(const struct identity *, const char *name);

#endif
