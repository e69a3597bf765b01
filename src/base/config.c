/*
 * config.c - defaults, the config file and the command line.
 *
 * Every file setting is one row of config_keys: its name, its kind and
 * where it lives in struct config.  The file, `-o KEY=VALUE` and the
 * long options all go through config_set, so a value is checked the same
 * way wherever it comes from.  A row also says whether the setting may
 * change while the daemon runs: live ones are read where they are used
 * (limits, new connections, the hall), the others were used once at
 * start (sockets, paths, threads, privileges) and need a restart.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "src/base/config.h"

enum config_kind {
	CONFIG_STRING,
	CONFIG_INT,
	CONFIG_BOOL,
	CONFIG_LEVEL,
	CONFIG_TARGET,
	CONFIG_STARTUPS,
};

struct config_key {
	const char	*name;
	enum config_kind kind;
	size_t		 offset;
	size_t		 size;		/* CONFIG_STRING: buffer size */
	int		 min, max;	/* CONFIG_INT */
	int		 live;		/* takes effect on SIGHUP */
};

#define LIVE 1
#define RESTART 0
#define S(f, l) #f, CONFIG_STRING, offsetof(struct config, f), \
	sizeof(((struct config *)0)->f), 0, 0, l
#define I(f, lo, hi, l) #f, CONFIG_INT, offsetof(struct config, f), 0, lo, \
	hi, l
#define B(f, l) #f, CONFIG_BOOL, offsetof(struct config, f), 0, 0, 0, l

static const struct config_key config_keys[] = {
	{ S(state_dir, RESTART) },
	{ S(host_key, RESTART) },
	{ S(database, RESTART) },
	{ S(user, RESTART) },
	{ S(control_socket, RESTART) },
	{ S(control_group, RESTART) },
	{ S(locale_dir, RESTART) },		/* bound once, before threads */
	{ S(listen, RESTART) },
	{ I(ssh_port, 1, 65535, RESTART) },
	{ I(telnet_port, 0, 65535, RESTART) },
	{ I(backlog, 1, 65535, RESTART) },
	{ S(public_host, RESTART) },		/* read when the hall starts */
	{ I(public_port, 0, 65535, LIVE) },
	{ I(login_grace, 1, 3600, LIVE) },
	{ I(max_auth_tries, 1, 100, LIVE) },
	{ "max_startups", CONFIG_STARTUPS, 0, 0, 0, 0, LIVE },
	{ I(per_source_max_startups, 1, 100000, LIVE) },
	{ I(max_conns_per_ip, 0, 100000, LIVE) },
	{ I(max_sessions, 1, 1000000, LIVE) },
	{ I(penalty_authfail, 0, 86400, LIVE) },
	{ I(penalty_grace, 0, 86400, LIVE) },
	{ I(penalty_min, 0, 86400, LIVE) },
	{ I(penalty_max, 0, 86400, LIVE) },
	{ S(penalty_exempt, RESTART) },		/* parsed once by limits_new */
	{ I(auth_fail_delay_ms, 0, 10000, LIVE) },
	{ I(keepalive, 0, 86400, LIVE) },
	{ I(tcp_user_timeout, 0, 86400, LIVE) },
	{ I(write_timeout, 1, 86400, LIVE) },
	{ B(telnet_passwords, LIVE) },
	{ "log", CONFIG_TARGET, offsetof(struct config, log), 0, 0, 0, LIVE },
	{ "log_level", CONFIG_LEVEL, offsetof(struct config, log_level), 0, 0,
	    0, LIVE },
	{ I(input_rate, 1, 100000000, LIVE) },
	{ I(input_burst, 1, 100000000, LIVE) },
	{ I(chat_rate, 1, 100000, LIVE) },
	{ I(chat_burst, 1, 100000, LIVE) },
	{ I(reclaim_grace, 0, 86400, RESTART) },
	{ I(max_tables, 1, 1000000, LIVE) },
	{ I(worker_threads, 0, 256, RESTART) },
	{ I(cpu_time, 50, 60000, RESTART) },	/* handed to the tables once */
	{ I(cpu_hash, 1, 1024, RESTART) },
};

#undef S
#undef I
#undef B
#undef LIVE
#undef RESTART

#define CONFIG_NKEYS (sizeof config_keys / sizeof *config_keys)

static const char *config_level_names[] = { "error", "warn", "info",
	"debug" };
static const char *config_target_names[] = { "stderr", "syslog" };

const char *
config_key_name(size_t i)
{
	if (i >= CONFIG_NKEYS)
		return NULL;
	return config_keys[i].name;
}

int
config_key_live(size_t i)
{
	return i < CONFIG_NKEYS && config_keys[i].live;
}

void
config_key_value(const struct config *cfg, size_t i, char *buf, size_t len)
{
	const struct config_key	*k;
	const char		*field;
	int			 v;
	bool			 flag;
	enum log_level		 level;
	enum log_target		 target;

	if (len == 0)
		return;
	*buf = '\0';
	if (i >= CONFIG_NKEYS)
		return;
	k = &config_keys[i];
	field = (const char *)cfg + k->offset;
	switch (k->kind) {
	case CONFIG_STRING:
		snprintf(buf, len, "%s", field);
		break;
	case CONFIG_INT:
		memcpy(&v, field, sizeof v);
		snprintf(buf, len, "%d", v);
		break;
	case CONFIG_BOOL:
		memcpy(&flag, field, sizeof flag);
		snprintf(buf, len, "%s", flag ? "yes" : "no");
		break;
	case CONFIG_LEVEL:
		memcpy(&level, field, sizeof level);
		snprintf(buf, len, "%s", config_log_level_name(level));
		break;
	case CONFIG_TARGET:
		memcpy(&target, field, sizeof target);
		snprintf(buf, len, "%s", config_log_target_name(target));
		break;
	case CONFIG_STARTUPS:
		snprintf(buf, len, "%d:%d:%d", cfg->max_startups_begin,
		    cfg->max_startups_rate, cfg->max_startups_full);
		break;
	}
}

/* Append name to a comma-separated list, as far as it fits. */
static void
config_list_add(char *list, size_t len, const char *name)
{
	size_t	 used = strlen(list);

	if (used + 2 + strlen(name) >= len)
		return;
	snprintf(list + used, len - used, "%s%s", used > 0 ? ", " : "", name);
}

void
config_reload(struct config *cur, const struct config *fresh, char *live,
    size_t livelen, char *restart, size_t restartlen)
{
	char	 was[CONFIG_PATH_MAX], now[CONFIG_PATH_MAX], why[CONFIG_ERR_LEN];
	size_t	 i;

	if (livelen > 0)
		*live = '\0';
	if (restartlen > 0)
		*restart = '\0';
	for (i = 0; i < CONFIG_NKEYS; i++) {
		config_key_value(cur, i, was, sizeof was);
		config_key_value(fresh, i, now, sizeof now);
		if (strcmp(was, now) == 0)
			continue;
		if (!config_keys[i].live) {
			config_list_add(restart, restartlen,
			    config_keys[i].name);
			continue;
		}
		/* The text came from config_key_value, so it parses. */
		if (config_set(cur, config_keys[i].name, now, why,
		    sizeof why) == 0)
			config_list_add(live, livelen, config_keys[i].name);
	}
	snprintf(cur->file, sizeof cur->file, "%s", fresh->file);
}

void
config_defaults(struct config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	strcpy(cfg->state_dir, "./state");
	strcpy(cfg->listen, "0.0.0.0");
	cfg->ssh_port = 2222;
	cfg->telnet_port = 2323;
	cfg->backlog = 512;
	cfg->login_grace = 30;
	cfg->max_auth_tries = 6;
	cfg->max_startups_begin = 10;
	cfg->max_startups_rate = 30;
	cfg->max_startups_full = 100;
	cfg->per_source_max_startups = 5;
	cfg->max_conns_per_ip = 20;
	cfg->max_sessions = 10000;
	cfg->penalty_authfail = 5;
	cfg->penalty_grace = 10;
	cfg->penalty_min = 30;
	cfg->penalty_max = 600;
	cfg->auth_fail_delay_ms = 1000;
	cfg->keepalive = 60;
	cfg->tcp_user_timeout = 60;
	cfg->write_timeout = 300;
	cfg->telnet_passwords = false;
	cfg->log_level = LOG_LEVEL_INFO;
	cfg->input_rate = 4096;
	cfg->input_burst = 16384;
	cfg->chat_rate = 20;
	cfg->chat_burst = 5;
	cfg->reclaim_grace = 60;
	cfg->cpu_time = 2000;
	cfg->cpu_hash = 16;
	cfg->max_tables = 500;
	cfg->worker_threads = 0;
}

static int
config_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list	 ap;

	if (err != NULL && errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int
config_log_level_parse(const char *s)
{
	size_t	 i;

	for (i = 0; i < sizeof config_level_names / sizeof *config_level_names;
	    i++) {
		if (strcasecmp(s, config_level_names[i]) == 0)
			return (int)i;
	}
	return -1;
}

const char *
config_log_level_name(enum log_level level)
{
	if ((unsigned)level >= sizeof config_level_names /
	    sizeof *config_level_names)
		return "?";
	return config_level_names[level];
}

int
config_log_target_parse(const char *s)
{
	size_t	 i;

	for (i = 0; i < sizeof config_target_names /
	    sizeof *config_target_names; i++) {
		if (strcasecmp(s, config_target_names[i]) == 0)
			return (int)i;
	}
	return -1;
}

const char *
config_log_target_name(enum log_target target)
{
	if ((unsigned)target >= sizeof config_target_names /
	    sizeof *config_target_names)
		return "?";
	return config_target_names[target];
}

/* A whole decimal number within [min, max]. */
static int
config_parse_int(const char *s, int min, int max, int *out)
{
	char	*end;
	long	 v;

	if (*s == '\0' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = (int)v;
	return 0;
}

static int
config_parse_bool(const char *s, bool *out)
{
	static const char	*yes[] = { "yes", "true", "on", "1" };
	static const char	*no[] = { "no", "false", "off", "0" };
	size_t			 i;

	for (i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

int
config_set(struct config *cfg, const char *key, const char *value,
    char *err, size_t errlen)
{
	const struct config_key	*k = NULL;
	char			*field;
	size_t			 i;
	int			 v, a, b, c, level, target;
	bool			 flag;
	char			 tail;

	for (i = 0; i < CONFIG_NKEYS; i++) {
		if (strcmp(config_keys[i].name, key) == 0) {
			k = &config_keys[i];
			break;
		}
	}
	if (k == NULL)
		return config_error(err, errlen, "unknown setting '%s'", key);
	field = (char *)cfg + k->offset;

	switch (k->kind) {
	case CONFIG_STRING:
		if (strlen(value) >= k->size)
			return config_error(err, errlen,
			    "%s: value too long (at most %zu bytes)", key,
			    k->size - 1);
		for (i = 0; value[i] != '\0'; i++) {
			if ((unsigned char)value[i] < 0x20 || value[i] == 0x7f)
				return config_error(err, errlen,
				    "%s: control character in value", key);
		}
		memcpy(field, value, strlen(value) + 1);
		return 0;
	case CONFIG_INT:
		if (config_parse_int(value, k->min, k->max, &v) != 0)
			return config_error(err, errlen,
			    "%s: '%s' is not a number from %d to %d", key,
			    value, k->min, k->max);
		memcpy(field, &v, sizeof v);
		return 0;
	case CONFIG_BOOL:
		if (config_parse_bool(value, &flag) != 0)
			return config_error(err, errlen,
			    "%s: '%s' is not yes or no", key, value);
		memcpy(field, &flag, sizeof flag);
		return 0;
	case CONFIG_LEVEL:
		level = config_log_level_parse(value);
		if (level < 0)
			return config_error(err, errlen,
			    "%s: '%s' is not error, warn, info or debug", key,
			    value);
		cfg->log_level = (enum log_level)level;
		return 0;
	case CONFIG_TARGET:
		target = config_log_target_parse(value);
		if (target < 0)
			return config_error(err, errlen,
			    "%s: '%s' is not stderr or syslog", key, value);
		cfg->log = (enum log_target)target;
		return 0;
	case CONFIG_STARTUPS:
		/* "begin:rate:full" as sshd, or one number (no early drop). */
		if (sscanf(value, "%d:%d:%d%c", &a, &b, &c, &tail) == 3) {
			if (a < 1 || b < 1 || b > 100 || c < a || c > 1000000)
				goto bad_startups;
		} else if (config_parse_int(value, 1, 1000000, &a) == 0) {
			b = 100;
			c = a;
		} else
			goto bad_startups;
		cfg->max_startups_begin = a;
		cfg->max_startups_rate = b;
		cfg->max_startups_full = c;
		return 0;
	bad_startups:
		return config_error(err, errlen,
		    "%s: '%s' is not BEGIN:RATE:FULL (1 <= BEGIN <= FULL, "
		    "RATE 1-100)", key, value);
	}
	return config_error(err, errlen, "%s: bad setting", key);
}

static char *
config_trim(char *s)
{
	char	*end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

int
config_load(struct config *cfg, const char *path, char *err, size_t errlen)
{
	FILE	*f;
	char	 line[2048], why[CONFIG_ERR_LEN], *key, *value, *eq, *hash;
	int	 lineno = 0, rc = 0, first[CONFIG_NKEYS] = { 0 };

	f = fopen(path, "r");
	if (f == NULL)
		return config_error(err, errlen, "%s: %s", path,
		    strerror(errno));
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			rc = config_error(err, errlen, "%s:%d: line too long",
			    path, lineno);
			break;
		}
		/* A # starts a comment anywhere: no value needs one. */
		hash = strchr(line, '#');
		if (hash != NULL)
			*hash = '\0';
		key = config_trim(line);
		if (*key == '\0')
			continue;
		eq = strchr(key, '=');
		if (eq == NULL) {
			rc = config_error(err, errlen,
			    "%s:%d: expected 'key = value'", path, lineno);
			break;
		}
		*eq = '\0';
		key = config_trim(key);
		value = config_trim(eq + 1);
		/* A key given twice is a mistake: which one was meant? */
		for (size_t i = 0; i < CONFIG_NKEYS; i++) {
			if (strcmp(config_keys[i].name, key) != 0)
				continue;
			if (first[i] != 0) {
				snprintf(why, sizeof why, "%s is set twice (first "
				    "on line %d)", key, first[i]);
				rc = config_error(err, errlen, "%s:%d: %s", path,
				    lineno, why);
			}
			first[i] = lineno;
		}
		if (rc != 0)
			break;
		if (config_set(cfg, key, value, why, sizeof why) != 0) {
			rc = config_error(err, errlen, "%s:%d: %s", path,
			    lineno, why);
			break;
		}
	}
	if (rc == 0 && ferror(f))
		rc = config_error(err, errlen, "%s: read error", path);
	fclose(f);
	return rc;
}

static void
config_usage(FILE *f)
{
	fprintf(f,
"usage: gamehalld [options]\n"
"  -f, --config FILE    read settings from FILE (see gamehall.conf(5));\n"
"                       default %s if it exists\n"
"  --state-dir DIR      database and host key directory (./state)\n"
"  --ssh-port N         SSH port (2222)\n"
"  --telnet-port N      telnet port, 0 = no telnet (2323)\n"
"  --listen ADDR[,ADDR] addresses to listen on (0.0.0.0)\n"
"  --log-level LEVEL    error, warn, info or debug (info)\n"
"  -o KEY=VALUE         any setting of the config file\n"
"  -d                   debug: log everything to stderr\n"
"  -D                   stay in the foreground (always so: no fork)\n"
"  -t                   check the settings, print any error, exit 0 or 1\n"
"  -T                   print every setting as in effect, and exit\n"
"  --version            print the version and exit\n"
"  --help               print this and exit\n"
"Command-line options override the config file.\n", CONFIG_FILE_DEFAULT);
}

/* getopt_long's codes for the long options that have no short letter. */
enum config_opt {
	CONFIG_OPT_STATE_DIR = 256,
	CONFIG_OPT_SSH_PORT,
	CONFIG_OPT_TELNET_PORT,
	CONFIG_OPT_LISTEN,
	CONFIG_OPT_LOG_LEVEL,
	CONFIG_OPT_VERSION,
	CONFIG_OPT_HELP,
};

/* -o KEY=VALUE */
static int
config_option(struct config *cfg, const char *arg, char *err, size_t errlen)
{
	char	 buf[CONFIG_PATH_MAX + 64], why[CONFIG_ERR_LEN], *eq;

	if (strlen(arg) >= sizeof buf)
		return config_error(err, errlen, "-o: too long");
	strcpy(buf, arg);
	eq = strchr(buf, '=');
	if (eq == NULL)
		return config_error(err, errlen, "-o wants KEY=VALUE, not '%s'",
		    arg);
	*eq = '\0';
	if (config_set(cfg, config_trim(buf), config_trim(eq + 1), why,
	    sizeof why) != 0)
		return config_error(err, errlen, "-o %s", why);
	return 0;
}

/*
 * The file: the one named, or else the default one if it is there.  A
 * default file that exists but cannot be read is an error, not silently
 * skipped: the sysop meant it to apply.
 */
static int
config_file(struct config *cfg, const char *named, char *err, size_t errlen)
{
	const char	*path = named;

	if (path == NULL) {
		if (access(CONFIG_FILE_DEFAULT, F_OK) != 0)
			return 0;
		path = CONFIG_FILE_DEFAULT;
	}
	if (strlen(path) >= sizeof cfg->file)
		return config_error(err, errlen, "config file name too long");
	if (config_load(cfg, path, err, errlen) != 0)
		return -1;
	snprintf(cfg->file, sizeof cfg->file, "%s", path);
	return 0;
}

int
config_args(struct config *cfg, int argc, char **argv, char *err,
    size_t errlen)
{
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, 'f' },
		{ "state-dir", required_argument, NULL, CONFIG_OPT_STATE_DIR },
		{ "ssh-port", required_argument, NULL, CONFIG_OPT_SSH_PORT },
		{ "telnet-port", required_argument, NULL,
		    CONFIG_OPT_TELNET_PORT },
		{ "listen", required_argument, NULL, CONFIG_OPT_LISTEN },
		{ "log-level", required_argument, NULL, CONFIG_OPT_LOG_LEVEL },
		{ "version", no_argument, NULL, CONFIG_OPT_VERSION },
		{ "help", no_argument, NULL, CONFIG_OPT_HELP },
		{ NULL, 0, NULL, 0 }
	};
	const char	*file = NULL, *key;
	char		 why[CONFIG_ERR_LEN];
	int		 ch, pass;

	config_defaults(cfg);

	/*
	 * Two passes: the file first, whatever its place on the line, then
	 * the options over it.
	 */
	for (pass = 0; pass < 2; pass++) {
		optind = 0;
		opterr = 0;
		while ((ch = getopt_long(argc, argv, ":f:o:dDtT", longopts,
		    NULL)) != -1) {
			if (ch == '?')
				return config_error(err, errlen,
				    "unknown option '%s' (try --help)",
				    argv[optind - 1]);
			if (ch == ':')
				return config_error(err, errlen,
				    "option '%s' needs a value",
				    argv[optind - 1]);
			/* The action is known even if the file turns out
			 * bad: -t must report it with status 1. */
			if (pass == 0) {
				if (ch == 'f')
					file = optarg;
				else if (ch == 't')
					cfg->action = CONFIG_TEST;
				else if (ch == 'T')
					cfg->action = CONFIG_PRINT;
				continue;
			}
			key = NULL;
			switch (ch) {
			case 'f':
			case 't':
			case 'T':
			case 'D':	/* gamehalld never forks */
				continue;
			case 'd':
				cfg->log_level = LOG_LEVEL_DEBUG;
				cfg->log = LOG_TARGET_STDERR;
				continue;
			case CONFIG_OPT_STATE_DIR:
				key = "state_dir";
				break;
			case CONFIG_OPT_SSH_PORT:
				key = "ssh_port";
				break;
			case CONFIG_OPT_TELNET_PORT:
				key = "telnet_port";
				break;
			case CONFIG_OPT_LISTEN:
				key = "listen";
				break;
			case CONFIG_OPT_LOG_LEVEL:
				key = "log_level";
				break;
			case CONFIG_OPT_VERSION:
				printf("gamehalld %s\n", PACKAGE_VERSION);
				return 1;
			case CONFIG_OPT_HELP:
				config_usage(stdout);
				return 1;
			case 'o':
				if (config_option(cfg, optarg, err,
				    errlen) != 0)
					return -1;
				continue;
			}
			if (key == NULL)
				return config_error(err, errlen,
				    "unknown option (try --help)");
			if (config_set(cfg, key, optarg, why, sizeof why) != 0)
				return config_error(err, errlen, "%s", why);
		}
		if (optind < argc)
			return config_error(err, errlen,
			    "unexpected argument '%s' (try --help)",
			    argv[optind]);
		if (pass == 0 && config_file(cfg, file, err, errlen) != 0)
			return -1;
	}
	if (cfg->penalty_max < cfg->penalty_min)
		return config_error(err, errlen,
		    "penalty_max (%d) is below penalty_min (%d)",
		    cfg->penalty_max, cfg->penalty_min);
	if (cfg->ssh_port == cfg->telnet_port)
		return config_error(err, errlen,
		    "ssh_port and telnet_port are both %d", cfg->ssh_port);
	return 0;
}

static void
config_state_path(const struct config *cfg, const char *set,
    const char *name, char *buf, size_t len)
{
	if (*set != '\0')
		snprintf(buf, len, "%s", set);
	else
		snprintf(buf, len, "%s/%s", cfg->state_dir, name);
}

void
config_host_key_path(const struct config *cfg, char *buf, size_t len)
{
	config_state_path(cfg, cfg->host_key, "ssh_host_ed25519_key", buf,
	    len);
}

void
config_database_path(const struct config *cfg, char *buf, size_t len)
{
	config_state_path(cfg, cfg->database, "gamehall.db", buf, len);
}
