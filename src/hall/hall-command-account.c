/*
 * hall-command-account.c - the sysop's commands on accounts: show,
 * disable, enable, rename, reset-password (hashed on the worker pool, the
 * reply coming later), and the sysop role.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "src/base/worker.h"
#include "src/hall/hall-int.h"
#include "src/store/password.h"
#include "src/term/clean.h"
#include "src/hall/hall-command-int.h"

/* ---- accounts ------------------------------------------------------------ */

/* A reset password: hashed on the worker pool, then stored, then told. */
struct cmd_reset {
	struct hall	*hall;
	int64_t		 user;
	char		 name[STORE_NAME_MAX + 1];
	char		 actor[STORE_AUDIT_ACTOR_MAX + 1];
	char		 line[HALL_COMMAND_LINE_MAX];
	char		 password[16];
	char		 hash[PASSWORD_HASH_MAX];
	char		 err[PASSWORD_ERR_LEN];
	int		 rc;
	hall_command_cb	 done;
	void		*arg;
	bool		 dropped;	/* the requester went away */
	bool		 orphan;	/* ... and the hall too */
	struct worker_job *job;
	struct cmd_reset *next;
};

static void
cmd_reset_run(void *arg)
{
	struct cmd_reset	*r = arg;

	r->rc = password_hash(r->password, r->hash, sizeof r->hash, r->err,
	    sizeof r->err);
}

static void
cmd_reset_done(void *arg, bool cancelled)
{
	struct cmd_reset	*r = arg, **p;
	struct buf		 out;
	char			 msg[CMD_MSG_LEN];
	bool			 error = true;

	if (r->orphan) {
		explicit_bzero(r->password, sizeof r->password);
		free(r);
		return;
	}
	for (p = hall_sysop_resets(r->hall); *p != NULL; p = &(*p)->next) {
		if (*p == r) {
			*p = r->next;
			break;
		}
	}
	if (cancelled || r->rc != 0)
		snprintf(msg, sizeof msg, "hashing failed: %s", cancelled ?
		    "the hall is stopping" : r->err);
	else if (store_user_set_password(r->hall->store, r->user, r->hash) !=
	    STORE_OK)
		snprintf(msg, sizeof msg, "%s", store_error(r->hall->store));
	else {
		error = false;
		snprintf(msg, sizeof msg, "the password of %s is now %s",
		    r->name, r->password);
		hall_account_changed(r->hall, r->user);
	}
	/* The new password is for the sysop's eyes only, never the logs. */
	cmd_audit(r->hall, r->actor, r->line, "", error, error ? msg :
	    "password reset");
	if (!r->dropped && r->done != NULL) {
		buf_init(&out);
		buf_adds(&out, error ? "error: " : "ok: ");
		buf_adds(&out, msg);
		buf_addc(&out, '\n');
		r->done(r->arg, out.failed ? "error: out of memory\n" :
		    out.data, out.failed ? 21 : out.len);
		buf_free(&out);
	}
	explicit_bzero(r->password, sizeof r->password);
	free(r);
}

void
hall_command_free(struct hall *hall)
{
	struct cmd_reset	*r, *next;

	/* The worker pool outlives the hall: each job ends without it. */
	for (r = *hall_sysop_resets(hall); r != NULL; r = next) {
		next = r->next;
		r->orphan = true;
		worker_cancel(r->job);
	}
	*hall_sysop_resets(hall) = NULL;
}

void
hall_command_cancel(struct hall *hall, void *arg)
{
	for (struct cmd_reset *r = *hall_sysop_resets(hall); r != NULL;
	    r = r->next) {
		if (r->arg == arg)
			r->dropped = true;
	}
}

static void
cmd_reset_password(struct cmd *c, const struct store_user *u)
{
	static const char	 alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
	struct cmd_reset	*r, **list;
	unsigned char		 rnd[12];

	if (c->done == NULL) {
		cmd_error(c, "reset-password answers later: use gamehallctl");
		return;
	}
	if ((r = calloc(1, sizeof *r)) == NULL ||
	    getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) {
		free(r);
		cmd_error(c, "no memory or no randomness: try again");
		return;
	}
	for (size_t i = 0; i < sizeof rnd; i++)
		r->password[i] = alphabet[rnd[i] % (sizeof alphabet - 1)];
	explicit_bzero(rnd, sizeof rnd);
	r->hall = c->hall;
	r->user = u->id;
	snprintf(r->name, sizeof r->name, "%s", u->name);
	snprintf(r->actor, sizeof r->actor, "%s", c->actor);
	snprintf(r->line, sizeof r->line, "%s", c->line);
	r->done = c->done;
	r->arg = c->arg;
	if ((r->job = worker_submit(c->hall->worker, WORKER_URGENT,
	    cmd_reset_run, cmd_reset_done, r)) == NULL) {
		free(r);
		cmd_error(c, "the worker pool is busy: try again");
		return;
	}
	list = hall_sysop_resets(c->hall);
	r->next = *list;
	*list = r;
	c->pending = true;
}

/* The online identity of an account, if it is online. */
static struct identity *
cmd_online(struct hall *hall, int64_t user)
{
	for (struct identity *id = identities_first(hall->ids); id != NULL;
	    id = identities_next(id)) {
		if (id->kind == IDENTITY_USER && id->user == user)
			return id;
	}
	return NULL;
}

static void
cmd_account_show(struct cmd *c, const struct store_user *u)
{
	struct store_key	*k = NULL;
	struct identity		*id = cmd_online(c->hall, u->id);
	size_t			 nk = 0;
	char			 t1[32], t2[32];

	store_key_list(c->hall->store, u->id, &k, &nk);
	cmd_time(t1, sizeof t1, u->created);
	cmd_time(t2, sizeof t2, u->last_seen);
	cmd_field(c, "id", "%lld", (long long)u->id);
	cmd_field(c, "name", "%s", u->name);
	cmd_field(c, "created", "%s", t1);
	cmd_field(c, "last_seen", "%s", t2);
	cmd_field(c, "sysop", "%s", u->sysop ? "yes" : "no");
	cmd_field(c, "disabled", "%s", u->banned ? "yes" : "no");
	cmd_field(c, "password", "%s", u->hash[0] != '\0' ? "yes" : "no");
	cmd_field(c, "keys", "%zu", nk);
	cmd_field(c, "online", "%u", id != NULL ? id->sessions : 0);
	cmd_record_end(c);
	for (size_t i = 0; i < nk; i++) {
		cmd_field(c, "key", "%s", k[i].fingerprint);
		cmd_field(c, "type", "%s", k[i].type);
		cmd_record_end(c);
	}
	free(k);
	cmd_ok(c, "account %s", u->name);
}

void
cmd_account(struct cmd *c)
{
	const char		*usage = "account show|disable|enable|"
	    "reset-password NAME, account disable NAME [REASON], account "
	    "rename NAME NEWNAME";
	struct store_user	 u;
	struct store		*st = c->hall->store;
	const char		*verb;
	char			 why[128];
	int			 n;

	if (!cmd_args(c, 3, 0, usage))
		return;
	verb = c->argv[1];
	if (strcmp(verb, "show") != 0 && strcmp(verb, "disable") != 0 &&
	    strcmp(verb, "enable") != 0 && strcmp(verb, "rename") != 0 &&
	    strcmp(verb, "reset-password") != 0) {
		cmd_error(c, "no such account command: %s: usage: %s", verb,
		    usage);
		return;
	}
	if (!cmd_find_account(c, c->argv[2], &u))
		return;
	if (strcmp(verb, "show") == 0) {
		c->readonly = true;
		if (cmd_args(c, 3, 3, "account show NAME"))
			cmd_account_show(c, &u);
	} else if (strcmp(verb, "disable") == 0) {
		if (!cmd_reason(c, 3))
			return;
		if (store_user_set_banned(st, u.id, 1, c->why) != STORE_OK) {
			cmd_error(c, "%s", store_error(st));
			return;
		}
		n = hall_sysop_kick(c->hall, u.name, c->why[0] != '\0' ?
		    c->why : "your account is disabled");
		cmd_ok(c, "disabled %s (%d session%s closed)", u.name, n,
		    n == 1 ? "" : "s");
	} else if (strcmp(verb, "enable") == 0) {
		if (!cmd_args(c, 3, 3, "account enable NAME"))
			return;
		if (store_user_set_banned(st, u.id, 0, NULL) != STORE_OK)
			cmd_error(c, "%s", store_error(st));
		else
			cmd_ok(c, "enabled %s", u.name);
	} else if (strcmp(verb, "rename") == 0) {
		if (!cmd_args(c, 4, 4, "account rename NAME NEWNAME"))
			return;
		if (clean_name(c->argv[3], why, sizeof why) != 0) {
			cmd_error(c, "not a name: %s (%s)", c->argv[3], why);
			return;
		}
		if (store_user_rename(st, u.id, c->argv[3]) != STORE_OK) {
			cmd_error(c, "%s", store_error(st));
			return;
		}
		cmd_ok(c, "renamed %s to %s%s", u.name, c->argv[3],
		    cmd_online(c->hall, u.id) != NULL ? " (shown from the "
		    "next login)" : "");
	} else {
		if (cmd_args(c, 3, 3, "account reset-password NAME"))
			cmd_reset_password(c, &u);
	}
}

void
cmd_sysop(struct cmd *c)
{
	struct store_user	 u;
	struct identity		*id;
	bool			 grant;

	if (!cmd_args(c, 3, 3, "sysop grant|revoke NAME"))
		return;
	if (strcmp(c->argv[1], "grant") != 0 &&
	    strcmp(c->argv[1], "revoke") != 0) {
		cmd_error(c, "usage: sysop grant|revoke NAME (not %s)",
		    c->argv[1]);
		return;
	}
	grant = c->argv[1][0] == 'g';
	if (!cmd_find_account(c, c->argv[2], &u))
		return;
	if (store_user_set_sysop(c->hall->store, u.id, grant) != STORE_OK) {
		cmd_error(c, "%s", store_error(c->hall->store));
		return;
	}
	/* Online, the role changes at once (the menu opens or closes). */
	if ((id = cmd_online(c->hall, u.id)) != NULL)
		id->sysop = grant;
	hall_account_changed(c->hall, u.id);
	cmd_ok(c, "%s is %s a sysop", u.name, grant ? "now" : "no longer");
}

