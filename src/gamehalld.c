/*
 * gamehalld.c - the daemon: settings, store, workers, hall, listeners,
 * one libevent loop, and an orderly shutdown on SIGTERM/SIGINT.
 *
 * Start-up order, like sshd's: read the settings; bind the ports (a
 * second daemon on a busy port fails here, before it creates anything on
 * disk); make the state directory; give up root for the configured user;
 * only then open the database and the host key and start the workers.
 * The process never forks: -D is accepted and changes nothing, so the
 * service manager (Type=notify) or the terminal keeps it.
 *
 * SIGHUP re-reads the config file and the command line: settings that
 * are read where they are used change at once, the others are logged as
 * needing a restart (config_key_live says which is which).
 *
 * Shutdown: stop listening, let the hall say goodbye to its users and
 * close them, close the connections still logging in, then wait (at most
 * a few seconds) for their output to drain before leaving the loop.  The
 * signals are libevent signal events: no work in a signal handler.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <libssh/libssh.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "screens/lang.h"
#include "src/base/clock.h"
#include "src/net/conn.h"
#include "src/base/config.h"
#include "src/ctl/ctl.h"
#include "src/hall/hall.h"
#include "src/base/log.h"
#include "src/base/notify.h"
#include "src/base/privilege.h"
#include "src/net/server.h"
#include "src/store/store.h"
#include "src/table/cpujob.h"
#include "src/net/transport.h"
#include "src/base/worker.h"

#define GAMEHALLD_DRAIN_SECONDS 3
#define GAMEHALLD_FAREWELL "The game hall is shutting down to restart: " \
	"games in play are saved and go on when it is back. See you soon!"

struct gamehalld {
	int			 argc;		/* for SIGHUP's re-read */
	char			**argv;
	struct event_base	*base;
	struct clock		*clock;
	struct config		 cfg;
	struct store		*store;
	struct store_checkpoint	*checkpoint;	/* run on a worker */
	struct worker		*worker;
	struct worker		*cpu_worker;
	struct cpujob_pool	*cpu;
	struct hall		*hall;
	struct server		*server;
	struct ctl		*ctl;		/* gamehallctl's socket */
	struct event		*sigterm, *sigint, *sighup, *drain;
	int			 drain_ticks;
	bool			 stopping;
};

static void	gamehalld_reload(struct gamehalld *);

/* A checkpoint of the store's log on a worker: it fsyncs. */
struct gamehalld_checkpoint {
	struct store_checkpoint	*cp;
	int			 rc;
};

static void
gamehalld_checkpoint_run(void *arg)
{
	struct gamehalld_checkpoint	*job = arg;

	job->rc = store_checkpoint_run(job->cp, NULL, NULL);
}

static void
gamehalld_checkpoint_done(void *arg, bool cancelled)
{
	struct gamehalld_checkpoint	*job = arg;

	if (!cancelled && job->rc != STORE_OK)
		log_warn("database: a checkpoint of the log failed");
	store_checkpoint_done(job->cp);
	free(job);
}

static void
gamehalld_checkpoint_due(void *arg)
{
	struct gamehalld		*d = arg;
	struct gamehalld_checkpoint	*job;

	if ((job = calloc(1, sizeof *job)) != NULL) {
		job->cp = d->checkpoint;
		if (worker_submit(d->worker, WORKER_NORMAL,
		    gamehalld_checkpoint_run, gamehalld_checkpoint_done,
		    job) != NULL)
			return;
		free(job);
	}
	/* Asked again by a later commit. */
	store_checkpoint_done(d->checkpoint);
}

static void
gamehalld_drain_cb(evutil_socket_t fd, short what, void *arg)
{
	struct gamehalld	*d = arg;
	size_t			 left = server_conn_count(d->server);

	d->drain_ticks++;
	if (left == 0 || d->drain_ticks >= GAMEHALLD_DRAIN_SECONDS * 10) {
		if (left > 0)
			log_info("%zu connections did not drain in time", left);
		event_base_loopbreak(d->base);
	}
}

static void
gamehalld_signal_cb(evutil_socket_t sig, short what, void *arg)
{
	struct gamehalld	*d = arg;
	struct timeval		 tv = { 0, 100 * 1000 };

	if (sig == SIGHUP) {
		gamehalld_reload(d);
		return;
	}
	if (d->stopping) {
		log_info("second signal: stopping now");
		event_base_loopbreak(d->base);
		return;
	}
	d->stopping = true;
	notify_send("STOPPING=1");
	log_info("%s: shutting down (%zu connections)", strsignal((int)sig),
	    server_conn_count(d->server));
	server_stop_listening(d->server);
	hall_shutdown(d->hall, GAMEHALLD_FAREWELL);
	conn_close_unopened(server_conns(d->server), GAMEHALLD_FAREWELL);
	d->drain = event_new(d->base, -1, EV_PERSIST, gamehalld_drain_cb, d);
	if (d->drain == NULL || event_add(d->drain, &tv) != 0)
		event_base_loopbreak(d->base);
}

/*
 * The state directory, made (0700) if missing.  Made by root for another
 * user, it is handed to that user, who will own everything in it.
 */
static int
gamehalld_state_dir(const char *dir, const struct privilege *priv)
{
	struct stat	 st;

	if (mkdir(dir, 0700) == 0) {
		if (priv->change && chown(dir, priv->uid, priv->gid) != 0) {
			log_error("state directory %s: chown to %s: %s", dir,
			    priv->name, strerror(errno));
			return -1;
		}
		log_info("created the state directory %s", dir);
		return 0;
	}
	if (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	log_error("state directory %s: %s", dir,
	    errno == EEXIST ? "not a directory" : strerror(errno));
	return -1;
}

/* -T: every setting as in effect, as a config file would say it. */
static void
gamehalld_print_config(const struct config *cfg)
{
	char		 value[CONFIG_PATH_MAX];
	const char	*name;
	size_t		 i;

	if (cfg->file[0] != '\0')
		printf("# settings from %s and the command line\n", cfg->file);
	else
		printf("# built-in defaults and the command line\n");
	for (i = 0; (name = config_key_name(i)) != NULL; i++) {
		config_key_value(cfg, i, value, sizeof value);
		/* No trailing blank after an empty value. */
		printf("%s =%s%s\n", name, value[0] != '\0' ? " " : "",
		    value);
	}
}

/* -t: the settings parsed; also check what start-up would look up. */
static int
gamehalld_test_config(const struct config *cfg)
{
	if (cfg->user[0] != '\0' && getpwnam(cfg->user) == NULL) {
		fprintf(stderr, "gamehalld: user %s: no such user\n",
		    cfg->user);
		return 1;
	}
	return 0;
}

static void
gamehalld_reload(struct gamehalld *d)
{
	struct config	 fresh;
	char		 err[CONFIG_ERR_LEN + CONFIG_PATH_MAX];
	char		 live[1024], restart[1024];

	notify_reloading();
	if (config_args(&fresh, d->argc, d->argv, err, sizeof err) != 0) {
		log_error("SIGHUP: %s; the settings stay as they were", err);
		notify_send("READY=1\nSTATUS=config reload failed");
		return;
	}
	config_reload(&d->cfg, &fresh, live, sizeof live, restart,
	    sizeof restart);
	log_set_level(d->cfg.log_level);
	log_set_target(d->cfg.log);
	log_info("SIGHUP: re-read %s: %s%s", d->cfg.file[0] != '\0' ?
	    d->cfg.file : "no config file (built-in defaults)",
	    live[0] != '\0' ? "changed " : "nothing changed live",
	    live);
	if (restart[0] != '\0')
		log_warn("SIGHUP: changed but kept until a restart: %s",
		    restart);
	notify_send("READY=1\nSTATUS=serving");
}

/* Whether any language but English has its catalog where gettext looks. */
static bool
gamehalld_languages_found(void)
{
	for (int i = 0; i < lang_count(); i++) {
		if (lang_at(i)->domain != NULL && lang_translated(lang_at(i)))
			return true;
	}
	return false;
}

/*
 * The translations: locale_dir, or else the installed ones, or else - a
 * daemon run from its build directory before `make install` - the
 * `locale` directory the build makes beside the program.
 */
static void
gamehalld_languages(const struct config *cfg)
{
	const char	*dir = cfg->locale_dir[0] != '\0' ? cfg->locale_dir :
			    LOCALE_DIR_DEFAULT;
	char		 err[256], missing[64] = "", abs[PATH_MAX];
	char		 exe[PATH_MAX], *slash;
	ssize_t		 n;
	size_t		 at = 0;

	/* gettext reads the catalogs when they are first asked for: a
	 * relative dir must not depend on where the daemon is by then. */
	if (realpath(dir, abs) != NULL)
		dir = abs;

	/* Once, before any thread: lang_open fixes the messages' locale. */
	if (lang_open(dir, err, sizeof err) != 0) {
		log_warn("%s", err);
		return;
	}
	if (cfg->locale_dir[0] == '\0' && !gamehalld_languages_found() &&
	    (n = readlink("/proc/self/exe", exe, sizeof exe - 1)) > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL &&
		    (size_t)(slash - exe) + sizeof "/locale" <= sizeof exe) {
			memcpy(slash, "/locale", sizeof "/locale");
			if (access(exe, F_OK) == 0 &&
			    lang_open(exe, err, sizeof err) == 0 &&
			    gamehalld_languages_found())
				dir = exe;
			else
				(void)lang_open(dir, err, sizeof err);
		}
	}
	for (int i = 0; i < lang_count(); i++) {
		if (!lang_translated(lang_at(i)) && at < sizeof missing)
			at += (size_t)snprintf(missing + at,
			    sizeof missing - at,
			    " %s", lang_at(i)->code);
	}
	if (missing[0] != '\0')
		log_info("languages without a catalog in %s (shown in "
		    "English):%s", dir, missing);
}

/*
 * A session is a socket (a few more for the store and the listeners): the
 * soft limit on open files, often 1024, would cap the hall far below
 * max_sessions.  Raise it to the hard limit, and say when even that is
 * short.
 */
static void
gamehalld_files(const struct config *cfg)
{
	struct rlimit	 rl;
	rlim_t		 want = (rlim_t)cfg->max_sessions + 64;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want)
		log_warn("open files are limited to %llu: fewer than "
		    "max_sessions (%d) can connect (raise LimitNOFILE or "
		    "ulimit -n)", (unsigned long long)rl.rlim_cur,
		    cfg->max_sessions);
}

int
main(int argc, char **argv)
{
	struct gamehalld	 d;
	struct privilege	 priv;
	char			 err[CONFIG_ERR_LEN + CONFIG_PATH_MAX];
	char			 warn[CONFIG_ERR_LEN];
	char			 path[CONFIG_PATH_MAX + 64];
	int			 rc, status = 1;

	memset(&d, 0, sizeof d);
	d.argc = argc;
	d.argv = argv;
	rc = config_args(&d.cfg, argc, argv, err, sizeof err);
	if (rc > 0)
		return 0;
	if (rc < 0) {
		fprintf(stderr, "gamehalld: %s\n", err);
		return d.cfg.action == CONFIG_TEST ? 1 : 2;
	}
	if (d.cfg.action == CONFIG_TEST)
		return gamehalld_test_config(&d.cfg);
	if (d.cfg.action == CONFIG_PRINT) {
		gamehalld_print_config(&d.cfg);
		return 0;
	}
	log_set_level(d.cfg.log_level);
	log_set_target(d.cfg.log);
	log_info("gamehalld %s starting, %s%s", PACKAGE_VERSION,
	    d.cfg.file[0] != '\0' ? "settings from " : "no config file: "
	    "built-in defaults", d.cfg.file);

	/* Refuse root without a user before touching anything. */
	if (privilege_plan(&priv, d.cfg.user, err, sizeof err, warn,
	    sizeof warn) != 0) {
		log_error("%s", err);
		goto out;
	}
	if (warn[0] != '\0')
		log_warn("%s", warn);
	if (!priv.change && geteuid() == 0)
		log_warn("running as root (user = %s)", d.cfg.user);

	gamehalld_files(&d.cfg);
	gamehalld_languages(&d.cfg);
	/* A peer that goes away must not kill us with SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	ssh_init();

	d.base = clock_base_new();
	if (d.base == NULL) {
		log_error("cannot create the event loop");
		goto out;
	}
	if ((d.clock = clock_new(d.base)) == NULL) {
		log_error("out of memory");
		goto out;
	}
	d.server = server_new(d.base, d.clock, &d.cfg, err, sizeof err);
	if (d.server == NULL) {
		log_error("%s", err);
		goto out;
	}
	if (gamehalld_state_dir(d.cfg.state_dir, &priv) != 0)
		goto out;
	if (privilege_drop(&priv, err, sizeof err) != 0) {
		log_error("%s", err);
		goto out;
	}
	if (priv.change)
		log_info("running as %s (uid %lu, gid %lu)", priv.name,
		    (unsigned long)priv.uid, (unsigned long)priv.gid);

	config_database_path(&d.cfg, path, sizeof path);
	d.store = store_open(path, err, sizeof err);
	if (d.store == NULL) {
		log_error("database %s: %s", path, err);
		goto out;
	}
	d.worker = worker_new(d.base, d.cfg.worker_threads);
	if (d.worker == NULL) {
		log_error("cannot start the worker threads");
		goto out;
	}
	d.checkpoint = store_checkpoint_open(d.store, gamehalld_checkpoint_due,
	    &d, err, sizeof err);
	if (d.checkpoint == NULL) {
		log_error("database %s: %s", path, err);
		goto out;
	}
	/* The computer players think on a pool of their own, idle-scheduled,
	 * so that a search never waits a login or delays a frame. */
	d.cpu_worker = worker_new(d.base, d.cfg.worker_threads);
	if (d.cpu_worker != NULL && worker_idle(d.cpu_worker) != 0)
		log_warn("CPU players: idle scheduling refused; they think "
		    "at normal priority");
	d.cpu = d.cpu_worker != NULL ? cpujob_pool_new(d.cpu_worker,
	    (size_t)d.cfg.cpu_hash << 20) : NULL;
	d.hall = hall_new(d.base, d.clock, &d.cfg, d.store, d.worker);
	if (d.cpu == NULL || d.hall == NULL) {
		log_error("cannot create the hall");
		goto out;
	}
	hall_set_cpu(d.hall, d.cpu);
	hall_restore(d.hall);
	if (server_start(d.server, d.store, d.worker, hall_conn_handler(),
	    d.hall, err, sizeof err) != 0) {
		log_error("%s", err);
		goto out;
	}
	if ((d.ctl = ctl_new(d.base, d.hall, &d.cfg, err, sizeof err)) ==
	    NULL) {
		log_error("%s", err);
		goto out;
	}

	d.sigterm = evsignal_new(d.base, SIGTERM, gamehalld_signal_cb, &d);
	d.sigint = evsignal_new(d.base, SIGINT, gamehalld_signal_cb, &d);
	d.sighup = evsignal_new(d.base, SIGHUP, gamehalld_signal_cb, &d);
	if (d.sigterm == NULL || d.sigint == NULL || d.sighup == NULL ||
	    event_add(d.sigterm, NULL) != 0 || event_add(d.sigint, NULL) != 0 ||
	    event_add(d.sighup, NULL) != 0) {
		log_error("cannot install signal events");
		goto out;
	}
	log_info("ready: ssh port %d, telnet %s%.0d, state in %s",
	    d.cfg.ssh_port, d.cfg.telnet_port != 0 ? "port " : "off",
	    d.cfg.telnet_port, d.cfg.state_dir);
	notify_send("READY=1\nSTATUS=serving");

	if (event_base_dispatch(d.base) < 0)
		log_error("the event loop failed");
	else
		status = 0;
	log_info("stopped");

out:
	/* Connections first (their `closed` needs the hall), then the hall,
	 * then what the hall used. */
	server_free(d.server);
	ctl_free(d.ctl);	/* its pending replies name the hall */
	if (d.hall != NULL)
		hall_free(d.hall);
	worker_free(d.worker);
	worker_free(d.cpu_worker);
	cpujob_pool_free(d.cpu);	/* after the searches ended */
	if (d.store != NULL) {
		store_checkpoint_close(d.store, d.checkpoint);	/* idle now */
		store_close(d.store);
	}
	if (d.sigterm != NULL)
		event_free(d.sigterm);
	if (d.sigint != NULL)
		event_free(d.sigint);
	if (d.sighup != NULL)
		event_free(d.sighup);
	if (d.drain != NULL)
		event_free(d.drain);
	if (d.clock != NULL)
		clock_free(d.clock);
	if (d.base != NULL)
		event_base_free(d.base);
	ssh_finalize();
	return status;
}
