/*
 * config.c - defaults, the config file and the command line.
 *
 * Every file setting is one row of config_keys: its name, its kind and
 * where it lives in struct config.  The file, `-o KEY=VALUE` and the
 * long options all go through config_set, so a value is checked the same
 * way wherever it comes from.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */
#include "src/base/config.h"

enum config_kind {
	CONFIG_STRING,
	CONFIG_INT,
	CONFIG_BOOL,
	CONFIG_LEVEL,
	CONFIG_STARTUPS,
};

struct config_key {
	const char	*name;
	enum config_kind kind;
	size_t		 offset;
	size_t		 size;		/* CONFIG_STRING: buffer size */
	int		 min, max;	/* CONFIG_INT */
};

#define S(f) #f, CONFIG_STRING, offsetof(struct config, f), \
	sizeof(((struct config *)0)->f), 0, 0
#define I(f, lo, hi) #f, CONFIG_INT, offsetof(struct config, f), 0, lo, hi
#define B(f) #f, CONFIG_BOOL, offsetof(struct config, f), 0, 0, 0

static const struct config_key config_keys[] = {
	{ S(state_dir) },
	{ S(host_key) },
	{ S(database) },
	{ S(control_socket) },
	{ S(control_group) },
	{ S(listen) },
	{ I(ssh_port, 1, 65535) },
	{ I(telnet_port, 0, 65535) },
	{ I(backlog, 1, 65535) },
	{ S(public_host) },
	{ I(public_port, 0, 65535) },
	{ I(login_grace, 1, 3600) },
	{ I(max_auth_tries, 1, 100) },
	{ "max_startups", CONFIG_STARTUPS, 0, 0, 0, 0 },
	{ I(per_source_max_startups, 1, 100000) },
	{ I(max_conns_per_ip, 0, 100000) },
	{ I(max_sessions, 1, 1000000) },
	{ I(penalty_authfail, 0, 86400) },
	{ I(penalty_grace, 0, 86400) },
	{ I(penalty_min, 0, 86400) },
	{ I(penalty_max, 0, 86400) },
	{ S(penalty_exempt) },
	{ I(auth_fail_delay_ms, 0, 10000) },
	{ I(keepalive, 0, 86400) },
	{ I(tcp_user_timeout, 0, 86400) },
	{ I(write_timeout, 1, 86400) },
	{ B(telnet_passwords) },
	{ "log_level", CONFIG_LEVEL, offsetof(struct config, log_level), 0, 0,
	    0 },
	{ I(input_rate, 1, 100000000) },
	{ I(input_burst, 1, 100000000) },
	{ I(chat_rate, 1, 100000) },
	{ I(chat_burst, 1, 100000) },
	{ I(reclaim_grace, 0, 86400) },
	{ I(max_tables, 1, 1000000) },
	{ I(worker_threads, 0, 256) },
	{ I(cpu_time, 50, 60000) },
	{ I(cpu_hash, 1, 1024) },
};

#undef S
#undef I
#undef B

static const char *config_level_names[] = { "error", "warn", "info",
	"debug" };

const char *
config_key_name(size_t i)
{
	if (i >= sizeof config_keys / sizeof *config_keys)
		return NULL;
	return config_keys[i].name;
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
	cfg->per_source_max_startups = 10;
	cfg->max_conns_per_ip = 20;
	cfg->max_sessions = 1000;
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
	int			 v, a, b, c, level;
	bool			 flag;
	char			 tail;

	for (i = 0; i < sizeof config_keys / sizeof *config_keys; i++) {
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
	int	 lineno = 0, rc = 0;

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
"  --config FILE        read settings from FILE (see etc/gamehall.conf)\n"
"  --state-dir DIR      database and host key directory (./state)\n"
"  --ssh-port N         SSH port (2222)\n"
"  --telnet-port N      telnet port, 0 = no telnet (2323)\n"
"  --listen ADDR[,ADDR] addresses to listen on (0.0.0.0)\n"
"  --log-level LEVEL    error, warn, info or debug (info)\n"
"  -o KEY=VALUE         any setting of the config file\n"
"  --version            print the version and exit\n"
"  --help               print this and exit\n"
"Command-line options override the config file.\n");
}

int
config_args(struct config *cfg, int argc, char **argv, char *err,
    size_t errlen)
{
	static const struct option longopts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "state-dir", required_argument, NULL, 'd' },
		{ "ssh-port", required_argument, NULL, 's' },
		{ "telnet-port", required_argument, NULL, 't' },
		{ "listen", required_argument, NULL, 'l' },
		{ "log-level", required_argument, NULL, 'L' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char	*file = NULL, *key;
	char		 why[CONFIG_ERR_LEN], buf[CONFIG_PATH_MAX + 64], *eq;
	int		 ch, pass;

	config_defaults(cfg);

	/*
	 * Two passes: the file first, whatever its place on the line, then
	 * the options over it.
	 */
	for (pass = 0; pass < 2; pass++) {
		optind = 0;
		opterr = 0;
		while ((ch = getopt_long(argc, argv, ":o:", longopts,
		    NULL)) != -1) {
			if (ch == '?')
				return config_error(err, errlen,
				    "unknown option '%s' (try --help)",
				    argv[optind - 1]);
			if (ch == ':')
				return config_error(err, errlen,
				    "option '%s' needs a value",
				    argv[optind - 1]);
			if (pass == 0) {
				if (ch == 'c')
					file = optarg;
				continue;
			}
			key = NULL;
			switch (ch) {
			case 'c':
				continue;
			case 'd':
				key = "state_dir";
				break;
			case 's':
				key = "ssh_port";
				break;
			case 't':
				key = "telnet_port";
				break;
			case 'l':
				key = "listen";
				break;
			case 'L':
				key = "log_level";
				break;
			case 'V':
				printf("gamehalld %s\n", PACKAGE_VERSION);
				return 1;
			case 'h':
				config_usage(stdout);
				return 1;
			case 'o':
				if (optarg == NULL ||
				    strlen(optarg) >= sizeof buf)
					return config_error(err, errlen,
					    "-o: too long");
				strcpy(buf, optarg);
				eq = strchr(buf, '=');
				if (eq == NULL)
					return config_error(err, errlen,
					    "-o wants KEY=VALUE, not '%s'",
					    optarg);
				*eq = '\0';
				if (config_set(cfg, config_trim(buf),
				    config_trim(eq + 1), why, sizeof why) != 0)
					return config_error(err, errlen,
					    "-o %s", why);
				continue;
			}
			if (config_set(cfg, key, optarg, why, sizeof why) != 0)
				return config_error(err, errlen, "%s", why);
		}
		if (optind < argc)
			return config_error(err, errlen,
			    "unexpected argument '%s' (try --help)",
			    argv[optind]);
		if (pass == 0 && file != NULL &&
		    config_load(cfg, file, err, errlen) != 0)
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
