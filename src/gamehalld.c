/*
 * gamehalld.c - the daemon: settings, store, workers, hall, listeners,
 * one libevent loop, and an orderly shutdown on SIGTERM/SIGINT.
 *
 * Shutdown: stop listening, let the hall say goodbye to its users and
 * close them, close the connections still logging in, then wait (at most
 * a few seconds) for their output to drain before leaving the loop.  The
 * signals are libevent signal events: no work in a signal handler.
 */
#include <sys/stat.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>
#include <libssh/libssh.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "src/base/clock.h"
#include "src/net/conn.h"
#include "src/base/config.h"
#include "src/ctl/ctl.h"
#include "src/hall/hall.h"
#include "src/base/log.h"
#include "src/net/server.h"
#include "src/store/store.h"
#include "src/table/cpujob.h"
#include "src/net/transport.h"
#include "src/base/worker.h"

#define GAMEHALLD_DRAIN_SECONDS 3
#define GAMEHALLD_FAREWELL "The game hall is shutting down to restart: " \
	"games in play are saved and go on when it is back. See you soon!"

struct gamehalld {
	struct event_base	*base;
	struct clock		*clock;
	struct config		 cfg;
	struct store		*store;
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
		log_info("SIGHUP ignored (restart to change settings)");
		return;
	}
	if (d->stopping) {
		log_info("second signal: stopping now");
		event_base_loopbreak(d->base);
		return;
	}
	d->stopping = true;
	log_info("%s: shutting down (%zu connections)", strsignal((int)sig),
	    server_conn_count(d->server));
	server_stop_listening(d->server);
	hall_shutdown(d->hall, GAMEHALLD_FAREWELL);
	conn_close_unopened(server_conns(d->server), GAMEHALLD_FAREWELL);
	d->drain = event_new(d->base, -1, EV_PERSIST, gamehalld_drain_cb, d);
	if (d->drain == NULL || event_add(d->drain, &tv) != 0)
		event_base_loopbreak(d->base);
}

static int
gamehalld_state_dir(const char *dir)
{
	struct stat	 st;

	if (mkdir(dir, 0700) == 0) {
		log_info("created the state directory %s", dir);
		return 0;
	}
	if (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	log_error("state directory %s: %s", dir,
	    errno == EEXIST ? "not a directory" : strerror(errno));
	return -1;
}

int
main(int argc, char **argv)
{
	struct gamehalld	 d;
	char			 err[CONFIG_ERR_LEN + CONFIG_PATH_MAX];
	char			 path[CONFIG_PATH_MAX + 64];
	int			 rc, status = 1;

	memset(&d, 0, sizeof d);
	rc = config_args(&d.cfg, argc, argv, err, sizeof err);
	if (rc > 0)
		return 0;
	if (rc < 0) {
		fprintf(stderr, "gamehalld: %s\n", err);
		return 2;
	}
	log_set_level(d.cfg.log_level);
	log_info("gamehalld %s starting", PACKAGE_VERSION);

	/* A peer that goes away must not kill us with SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	ssh_init();

	d.base = event_base_new();
	if (d.base == NULL) {
		log_error("cannot create the event loop");
		goto out;
	}
	if ((d.clock = clock_new(d.base)) == NULL) {
		log_error("out of memory");
		goto out;
	}
	if (gamehalld_state_dir(d.cfg.state_dir) != 0)
		goto out;
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
	d.server = server_new(d.base, d.clock, &d.cfg, d.store, d.worker,
	    hall_conn_handler(), d.hall, err, sizeof err);
	if (d.server == NULL) {
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
	if (d.store != NULL)
		store_close(d.store);
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
