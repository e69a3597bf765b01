/*
 * config.h - the daemon's settings.
 *
 * One struct, filled in three steps: config_defaults() (the embedded
 * defaults, which are what `gamehalld` with no arguments runs with), then
 * the file named by --config (a `key = value` file with # comments; the
 * sample etc/gamehall.conf lists every key with its default), then the
 * command-line options, which win.  After that the struct is read-only:
 * everyone gets a `const struct config *`.
 *
 * Times are in seconds unless the name says otherwise.  A limit of 0 means
 * "no limit" only where the comment says so.
 */
#ifndef SRC_CONFIG_H
#define SRC_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define CONFIG_PATH_MAX 1024
#define CONFIG_LISTEN_MAX 256
#define CONFIG_ERR_LEN 256

enum log_level {
	LOG_LEVEL_ERROR,
	LOG_LEVEL_WARN,
	LOG_LEVEL_INFO,
	LOG_LEVEL_DEBUG,
};

struct config {
	/* Where things live. */
	char	state_dir[CONFIG_PATH_MAX];	/* "./state"; created (0700) */
	char	host_key[CONFIG_PATH_MAX];	/* "" = STATE/ssh_host_ed25519_key */
	char	database[CONFIG_PATH_MAX];	/* "" = STATE/gamehall.db */
	char	control_socket[CONFIG_PATH_MAX]; /* "" = STATE/control.sock */
	char	control_group[64];		/* "": socket 0600, else 0660 */

	/* Listening. */
	char	listen[CONFIG_LISTEN_MAX];	/* "0.0.0.0", comma-separated list */
	int	ssh_port;			/* 2222 */
	int	telnet_port;			/* 2323; 0 = no telnet */
	int	backlog;			/* 512 */
	/* What the share line tells friends: `ssh -p PORT -t HOST join CODE`. */
	char	public_host[256];		/* "" = this machine's hostname */
	int	public_port;			/* 0 = ssh_port */

	/* Authentication and pre-auth limits (DESIGN §5). */
	int	login_grace;			/* 30: seconds to log in */
	int	max_auth_tries;			/* 6 per connection */
	int	max_startups_begin;		/* 10 \ like sshd's MaxStartups */
	int	max_startups_rate;		/* 30  > 10:30:100: unauthenticated */
	int	max_startups_full;		/* 100/ connections, random early drop */
	int	per_source_max_startups;	/* 10 unauthenticated per address */
	int	max_conns_per_ip;		/* 20 connections per address; 0 = no cap */
	int	max_sessions;			/* 1000 connections in all */

	/*
	 * Per-source penalties (like sshd's PerSourcePenalties).  A source is
	 * an IPv4 address or an IPv6 /64.  Its penalty is a number of seconds
	 * that runs down in real time; while it is above penalty_min the
	 * source's new connections are refused.
	 */
	int	penalty_authfail;		/* 5 added per failed password */
	int	penalty_grace;			/* 10 added when login grace ran out */
	int	penalty_min;			/* 30 refuse above this */
	int	penalty_max;			/* 600 cap */
	char	penalty_exempt[CONFIG_LISTEN_MAX]; /* "" addresses never penalised */
	int	auth_fail_delay_ms;		/* 1000: a wrong password's answer
						 * waits this long, times the number
						 * of failures on the connection */

	/* Dead peers and stuck output. */
	int	keepalive;			/* 60: TCP keepalive idle; 0 = off */
	int	tcp_user_timeout;		/* 60: unacknowledged output fails */
	int	write_timeout;			/* 300: output stuck this long closes */

	/* Transports. */
	bool	telnet_passwords;		/* false: passwords over telnet refused */

	/* Logging. */
	enum log_level log_level;		/* info */

	/* The hall's limits (used by src/hall*.c). */
	int	input_rate;			/* 4096 bytes/s of keyboard input ... */
	int	input_burst;			/* 16384 ... with this burst (conn.c) */
	int	chat_rate;			/* 20 chat lines per minute ... */
	int	chat_burst;			/* 5 ... with this burst (hall) */
	int	reclaim_grace;			/* 60: a dropped player's seat waits */
	int	max_tables;			/* 500 open tables */
	int	worker_threads;			/* 0 = one per CPU */
	int	cpu_time;			/* 2000 ms a CPU player thinks */
	int	cpu_hash;			/* 16 MB of table per search */
};

/* The embedded defaults. */
void	config_defaults(struct config *);

/*
 * Set one key from its text value (as in the file).  0, or -1 with a
 * message in err ("unknown setting 'x'", "ssh_port: not a port: 'abc'").
 * A bad value changes nothing.
 */
int	config_set(struct config *, const char *key, const char *value,
	    char *err, size_t errlen);

/*
 * Read a config file; each line `key = value`, blank lines and # comments
 * ignored.  0, or -1 with "FILE:LINE: message" in err (the first error
 * stops reading; settings from earlier lines stay applied).
 */
int	config_load(struct config *, const char *path, char *err,
	    size_t errlen);

/*
 * The whole command line: defaults, then --config FILE, then the other
 * options in order.  Returns 0 to run, 1 when the program should exit
 * successfully at once (--help, --version printed to stdout), -1 with a
 * message in err on bad usage.
 *
 *   --config FILE  --state-dir DIR  --ssh-port N  --telnet-port N
 *   --listen ADDR[,ADDR]  --log-level error|warn|info|debug
 *   -o KEY=VALUE (any file setting)  --version  --help
 */
int	config_args(struct config *, int argc, char **argv, char *err,
	    size_t errlen);

/* The i-th setting's name (file order of the sample), NULL past the end. */
const char *config_key_name(size_t i);

/* host_key / database with the state-dir defaults filled in. */
void	config_host_key_path(const struct config *, char *buf, size_t len);
void	config_database_path(const struct config *, char *buf, size_t len);

/* "error"... <-> enum; -1 if unknown. */
int	config_log_level_parse(const char *);
const char *config_log_level_name(enum log_level);

#endif
