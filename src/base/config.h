/*
 * config.h - the daemon's settings.
 *
 * One struct, filled in three steps: config_defaults() (the embedded
 * defaults), then the file named by -f/--config, or else the default file
 * (CONFIG_FILE_DEFAULT) when it exists (a `key = value` file with #
 * comments; the sample etc/gamehall.conf and gamehall.conf(5) list every
 * key with its default), then the command-line options, which win.
 * Everyone else gets a `const struct config *`; only gamehalld writes to
 * the struct, and only on the loop, when SIGHUP re-reads the file
 * (config_reload copies the settings that may change live).
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
#define CONFIG_USER_MAX 64

/* The file read when no -f/--config is given, if it exists (configure's
 * sysconfdir, /etc with --sysconfdir=/etc). */
#ifndef CONFIG_FILE_DEFAULT
#define CONFIG_FILE_DEFAULT "/etc/gamehall.conf"
#endif

enum log_level {
	LOG_LEVEL_ERROR,
	LOG_LEVEL_WARN,
	LOG_LEVEL_INFO,
	LOG_LEVEL_DEBUG,
};

/* Where log lines go. */
enum log_target {
	LOG_TARGET_STDERR,
	LOG_TARGET_SYSLOG,
};

/* What the command line asks for besides running the hall. */
enum config_action {
	CONFIG_RUN,		/* serve */
	CONFIG_TEST,		/* -t: check the settings, exit 0 or 1 */
	CONFIG_PRINT,		/* -T: print every setting, exit */
};

struct config {
	/* Where things live. */
	char	state_dir[CONFIG_PATH_MAX];	/* "./state"; created (0700) */
	char	host_key[CONFIG_PATH_MAX];	/* "" = STATE/ssh_host_ed25519_key */
	char	database[CONFIG_PATH_MAX];	/* "" = STATE/gamehall.db */
	char	control_socket[CONFIG_PATH_MAX]; /* "" = STATE/control.sock */
	char	control_group[64];		/* "": socket 0600, else 0660 */
	char	locale_dir[CONFIG_PATH_MAX];	/* "" = LOCALE_DIR_DEFAULT, the
						   installed catalogs */

	/* Listening. */
	char	listen[CONFIG_LISTEN_MAX];	/* "0.0.0.0", comma-separated list */
	int	ssh_port;			/* 2222 */
	int	telnet_port;			/* 2323; 0 = no telnet */
	int	backlog;			/* 512 */
	/* What the share line tells friends: `ssh -p PORT -t HOST join CODE`. */
	char	public_host[256];		/* "" = this machine's hostname */
	int	public_port;			/* 0 = ssh_port */

	/* Authentication and pre-auth limits (docs/design.md §5). */
	int	login_grace;			/* 30: seconds to log in */
	int	max_auth_tries;			/* 6 per connection */
	int	max_startups_begin;		/* 10 \ like sshd's MaxStartups */
	int	max_startups_rate;		/* 30  > 10:30:100: unauthenticated */
	int	max_startups_full;		/* 100/ connections, random early drop */
	int	per_source_max_startups;	/* 5 unauthenticated per address,
						 * below max_startups' start */
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

	/* Who runs the hall. */
	char	user[CONFIG_USER_MAX];		/* "": the account to become when
						 * started as root (refused
						 * without it) */

	/* Logging. */
	enum log_level log_level;		/* info */
	enum log_target log;			/* stderr */

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

	/* From the command line only, not settings of the file. */
	char	file[CONFIG_PATH_MAX];		/* the file read; "" = none */
	enum config_action action;		/* run, -t or -T */
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
 * The whole command line: defaults, then -f/--config FILE (or the default
 * file when it exists), then the other options in order.  Returns 0 to
 * run (cfg->action says what), 1 when the program should exit
 * successfully at once (--help, --version printed to stdout), -1 with a
 * message in err on bad usage or a bad file.
 *
 *   -f/--config FILE  --state-dir DIR  --ssh-port N  --telnet-port N
 *   --listen ADDR[,ADDR]  --log-level error|warn|info|debug
 *   -o KEY=VALUE (any file setting)  -d (debug to stderr)  -D (foreground,
 *   which the daemon always is)  -t  -T  --version  --help
 */
int	config_args(struct config *, int argc, char **argv, char *err,
	    size_t errlen);

/* The i-th setting's name (file order of the sample), NULL past the end. */
const char *config_key_name(size_t i);

/* The i-th setting's value as the file would write it. */
void	config_key_value(const struct config *, size_t i, char *buf,
	    size_t len);

/* Whether the i-th setting takes effect when changed while running
 * (SIGHUP); the others need a restart. */
int	config_key_live(size_t i);

/*
 * SIGHUP: copy from fresh the settings that may change live.  The names of
 * those that changed go to live, comma-separated, and the names of those
 * that changed but need a restart to restart (cur keeps its value).
 */
void	config_reload(struct config *cur, const struct config *fresh,
	    char *live, size_t livelen, char *restart, size_t restartlen);

/* host_key / database with the state-dir defaults filled in. */
void	config_host_key_path(const struct config *, char *buf, size_t len);
void	config_database_path(const struct config *, char *buf, size_t len);

/* "error"... <-> enum; -1 if unknown. */
int	config_log_level_parse(const char *);
const char *config_log_level_name(enum log_level);

/* "stderr" | "syslog" <-> enum; -1 if unknown. */
int	config_log_target_parse(const char *);
const char *config_log_target_name(enum log_target);

#endif
