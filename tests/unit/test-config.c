/*
 * test-config.c - defaults, config_set, the config file, the command line,
 * and the sample etc/gamehall.conf staying in step with the code.
 */
#include <check.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "src/base/config.h"

static char *
write_temp(const char *text)
{
	static char	path[64];
	FILE		*f;
	int		 fd;

	strcpy(path, "/tmp/test-config-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return path;
}

START_TEST(test_defaults)
{
	struct config	cfg;
	char		path[CONFIG_PATH_MAX + 64];

	config_defaults(&cfg);
	ck_assert_str_eq(cfg.state_dir, "./state");
	ck_assert_int_eq(cfg.ssh_port, 2222);
	ck_assert_int_eq(cfg.telnet_port, 2323);
	ck_assert_int_eq(cfg.login_grace, 30);
	ck_assert_int_eq(cfg.max_auth_tries, 6);
	ck_assert_int_eq(cfg.max_startups_begin, 10);
	ck_assert_int_eq(cfg.max_startups_rate, 30);
	ck_assert_int_eq(cfg.max_startups_full, 100);
	ck_assert_int_eq(cfg.backlog, 512);
	ck_assert(!cfg.telnet_passwords);
	ck_assert_int_eq(cfg.log_level, LOG_LEVEL_INFO);
	config_host_key_path(&cfg, path, sizeof path);
	ck_assert_str_eq(path, "./state/ssh_host_ed25519_key");
	config_database_path(&cfg, path, sizeof path);
	ck_assert_str_eq(path, "./state/gamehall.db");
	strcpy(cfg.database, "/var/lib/x.db");
	config_database_path(&cfg, path, sizeof path);
	ck_assert_str_eq(path, "/var/lib/x.db");
}
END_TEST

START_TEST(test_set)
{
	struct config	cfg, before;
	char		err[CONFIG_ERR_LEN];

	config_defaults(&cfg);
	ck_assert_int_eq(config_set(&cfg, "ssh_port", "22", err, sizeof err),
	    0);
	ck_assert_int_eq(cfg.ssh_port, 22);
	ck_assert_int_eq(config_set(&cfg, "telnet_passwords", "yes", err,
	    sizeof err), 0);
	ck_assert(cfg.telnet_passwords);
	ck_assert_int_eq(config_set(&cfg, "log_level", "DEBUG", err,
	    sizeof err), 0);
	ck_assert_int_eq(cfg.log_level, LOG_LEVEL_DEBUG);
	ck_assert_int_eq(config_set(&cfg, "max_startups", "5:50:20", err,
	    sizeof err), 0);
	ck_assert_int_eq(cfg.max_startups_begin, 5);
	ck_assert_int_eq(cfg.max_startups_rate, 50);
	ck_assert_int_eq(cfg.max_startups_full, 20);
	ck_assert_int_eq(config_set(&cfg, "max_startups", "7", err,
	    sizeof err), 0);
	ck_assert_int_eq(cfg.max_startups_begin, 7);
	ck_assert_int_eq(cfg.max_startups_full, 7);

	/* Bad values change nothing and say why. */
	memcpy(&before, &cfg, sizeof cfg);
	ck_assert_int_eq(config_set(&cfg, "ssh_port", "0", err, sizeof err),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "ssh_port"));
	ck_assert_int_eq(config_set(&cfg, "ssh_port", "65536", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "ssh_port", "22x", err, sizeof err),
	    -1);
	ck_assert_int_eq(config_set(&cfg, "ssh_port", "", err, sizeof err),
	    -1);
	ck_assert_int_eq(config_set(&cfg, "ssh_port", " 22", err, sizeof err),
	    -1);
	ck_assert_int_eq(config_set(&cfg, "login_grace", "99999999999", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "telnet_passwords", "maybe", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "log_level", "loud", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "max_startups", "20:30:10", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "max_startups", "1:101:10", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "max_startups", "1:2:3:4", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "state_dir", "a\001b", err,
	    sizeof err), -1);
	ck_assert_int_eq(config_set(&cfg, "no_such_key", "1", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "no_such_key"));
	ck_assert_int_eq(memcmp(&before, &cfg, sizeof cfg), 0);
}
END_TEST

START_TEST(test_string_too_long)
{
	struct config	cfg, before;
	char		err[CONFIG_ERR_LEN], big[CONFIG_PATH_MAX + 10];

	config_defaults(&cfg);
	memcpy(&before, &cfg, sizeof cfg);
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ck_assert_int_eq(config_set(&cfg, "state_dir", big, err, sizeof err),
	    -1);
	ck_assert_int_eq(memcmp(&before, &cfg, sizeof cfg), 0);
	big[CONFIG_PATH_MAX - 1] = '\0';	/* exactly fits */
	ck_assert_int_eq(config_set(&cfg, "state_dir", big, err, sizeof err),
	    0);
	ck_assert_uint_eq(strlen(cfg.state_dir), CONFIG_PATH_MAX - 1);
}
END_TEST

START_TEST(test_load)
{
	struct config	 cfg;
	char		 err[CONFIG_ERR_LEN];
	char		*path;

	config_defaults(&cfg);
	path = write_temp(
	    "# comment\n"
	    "\n"
	    "   ssh_port=2022   # trailing comment\n"
	    "listen = 127.0.0.1, ::1\n"
	    "telnet_port = 0\n");
	ck_assert_int_eq(config_load(&cfg, path, err, sizeof err), 0);
	ck_assert_int_eq(cfg.ssh_port, 2022);
	ck_assert_int_eq(cfg.telnet_port, 0);
	ck_assert_str_eq(cfg.listen, "127.0.0.1, ::1");
	unlink(path);

	/* The first bad line stops, with file:line in the message. */
	config_defaults(&cfg);
	path = write_temp("ssh_port = 2022\nthis is not a setting\n"
	    "telnet_port = 99\n");
	ck_assert_int_eq(config_load(&cfg, path, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, ":2:"));
	ck_assert_int_eq(cfg.ssh_port, 2022);
	ck_assert_int_eq(cfg.telnet_port, 2323);
	unlink(path);

	path = write_temp("max_auth_tries = lots\n");
	ck_assert_int_eq(config_load(&cfg, path, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "max_auth_tries"));
	unlink(path);

	ck_assert_int_eq(config_load(&cfg, "/nonexistent/gamehall.conf", err,
	    sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent/gamehall.conf"));

	/* A key set twice is refused, naming both lines: which was meant? */
	config_defaults(&cfg);
	path = write_temp("ssh_port = 2022\ntelnet_port = 0\n"
	    "ssh_port = 3033\n");
	ck_assert_int_eq(config_load(&cfg, path, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, ":3: ssh_port is set twice (first "
	    "on line 1)"));
	unlink(path);
}
END_TEST

/* The sample documents every setting, each with its default value. */
START_TEST(test_sample_is_the_defaults)
{
	struct config	 defaults, cfg;
	char		 err[CONFIG_ERR_LEN], path[1024], line[2048];
	const char	*srcdir = getenv("top_srcdir");
	const char	*name;
	FILE		*f;
	size_t		 i;
	bool		 found;

	snprintf(path, sizeof path, "%s/etc/gamehall.conf",
	    srcdir != NULL ? srcdir : ".");
	config_defaults(&defaults);
	config_defaults(&cfg);
	ck_assert_msg(config_load(&cfg, path, err, sizeof err) == 0, "%s",
	    err);
	ck_assert_msg(memcmp(&defaults, &cfg, sizeof cfg) == 0,
	    "the sample's values differ from the built-in defaults");

	for (i = 0; (name = config_key_name(i)) != NULL; i++) {
		f = fopen(path, "r");
		ck_assert_ptr_nonnull(f);
		found = false;
		while (fgets(line, sizeof line, f) != NULL) {
			size_t	n = strlen(name);

			if (strncmp(line, name, n) == 0 &&
			    (line[n] == ' ' || line[n] == '='))
				found = true;
		}
		fclose(f);
		ck_assert_msg(found, "%s is not in the sample", name);
	}
	ck_assert_uint_gt(i, 20);
}
END_TEST

static int
run_args(struct config *cfg, char *err, size_t errlen, ...)
{
	char	*argv[32];
	int	 argc = 0;
	va_list	 ap;

	argv[argc++] = (char *)"gamehalld";
	va_start(ap, errlen);
	while ((argv[argc] = va_arg(ap, char *)) != NULL)
		argc++;
	va_end(ap);
	return config_args(cfg, argc, argv, err, errlen);
}

START_TEST(test_args)
{
	struct config	 cfg;
	char		 err[CONFIG_ERR_LEN + CONFIG_PATH_MAX];
	char		*path;

	ck_assert_int_eq(run_args(&cfg, err, sizeof err, NULL), 0);
	ck_assert_int_eq(cfg.ssh_port, 2222);

	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--state-dir", "/tmp/x",
	    "--ssh-port", "3022", "--telnet-port", "0", "--listen",
	    "127.0.0.1", "--log-level", "warn", NULL), 0);
	ck_assert_str_eq(cfg.state_dir, "/tmp/x");
	ck_assert_int_eq(cfg.ssh_port, 3022);
	ck_assert_int_eq(cfg.telnet_port, 0);
	ck_assert_str_eq(cfg.listen, "127.0.0.1");
	ck_assert_int_eq(cfg.log_level, LOG_LEVEL_WARN);

	/* The file is read first wherever --config stands; options win. */
	path = write_temp("ssh_port = 4022\nlogin_grace = 12\n");
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--ssh-port", "5022",
	    "--config", path, "-o", "penalty_exempt = 127.0.0.1", NULL), 0);
	ck_assert_int_eq(cfg.ssh_port, 5022);
	ck_assert_int_eq(cfg.login_grace, 12);
	ck_assert_str_eq(cfg.penalty_exempt, "127.0.0.1");
	unlink(path);

	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--ssh-port", "x",
	    NULL), -1);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--telnet-port",
	    "2222", NULL), -1);	/* same as ssh */
	ck_assert_ptr_nonnull(strstr(err, "2222"));
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--frobnicate", NULL),
	    -1);
	ck_assert_ptr_nonnull(strstr(err, "--frobnicate"));
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--ssh-port", NULL),
	    -1);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "stray", NULL), -1);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-o", "novalue", NULL),
	    -1);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--config",
	    "/nonexistent.conf", NULL), -1);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-o",
	    "penalty_min=700", NULL), -1);	/* above penalty_max */
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "--version", NULL), 1);
}
END_TEST

/* user, log, -f/-t/-T/-d, the value of every key, and SIGHUP's reload. */
START_TEST(test_run_settings)
{
	struct config	 cfg, fresh;
	char		 err[CONFIG_ERR_LEN + CONFIG_PATH_MAX], value[256];
	char		 live[512], restart[512], *path;
	const char	*name;
	size_t		 i;

	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-f", "/dev/null",
	    NULL), 0);
	ck_assert_str_eq(cfg.file, "/dev/null");
	ck_assert_str_eq(cfg.user, "");
	ck_assert_int_eq(cfg.log, LOG_TARGET_STDERR);
	ck_assert_int_eq(cfg.action, CONFIG_RUN);

	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-f", "/dev/null",
	    "-o", "user=nobody", "-o", "log=syslog", "-T", NULL), 0);
	ck_assert_str_eq(cfg.user, "nobody");
	ck_assert_int_eq(cfg.log, LOG_TARGET_SYSLOG);
	ck_assert_int_eq(cfg.action, CONFIG_PRINT);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-f", "/dev/null",
	    "-o", "log=syslog", "-d", NULL), 0);
	ck_assert_int_eq(cfg.log, LOG_TARGET_STDERR);
	ck_assert_int_eq(cfg.log_level, LOG_LEVEL_DEBUG);
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-o", "log=file",
	    NULL), -1);
	/* A bad file under -t: the action is known, for exit status 1. */
	path = write_temp("bogus = 1\n");
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-t", "-f", path,
	    NULL), -1);
	ck_assert_int_eq(cfg.action, CONFIG_TEST);
	unlink(path);

	/* Every value reads back as itself. */
	ck_assert_int_eq(run_args(&cfg, err, sizeof err, "-f", "/dev/null",
	    "-o", "max_startups=5:50:20", "-o", "telnet_passwords=yes", NULL),
	    0);
	config_defaults(&fresh);
	for (i = 0; (name = config_key_name(i)) != NULL; i++) {
		config_key_value(&cfg, i, value, sizeof value);
		ck_assert_msg(config_set(&fresh, name, value, err,
		    sizeof err) == 0, "%s = %s: %s", name, value, err);
	}
	snprintf(fresh.file, sizeof fresh.file, "%s", cfg.file);
	ck_assert(memcmp(&fresh, &cfg, sizeof cfg) == 0);

	/* Reload: live settings are copied, the others are named. */
	config_defaults(&cfg);
	config_defaults(&fresh);
	fresh.max_tables = 9;
	fresh.log_level = LOG_LEVEL_DEBUG;
	fresh.ssh_port = 3022;
	strcpy(fresh.user, "nobody");
	config_reload(&cfg, &fresh, live, sizeof live, restart,
	    sizeof restart);
	ck_assert_str_eq(live, "log_level, max_tables");
	ck_assert_str_eq(restart, "user, ssh_port");
	ck_assert_int_eq(cfg.max_tables, 9);
	ck_assert_int_eq(cfg.log_level, LOG_LEVEL_DEBUG);
	ck_assert_int_eq(cfg.ssh_port, 2222);
	ck_assert_str_eq(cfg.user, "");
	ck_assert(config_key_live(0) == 0);	/* state_dir */
}
END_TEST

static Suite *
config_suite(void)
{
	Suite	*s = suite_create("config");
	TCase	*tc = tcase_create("config");

	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_set);
	tcase_add_test(tc, test_string_too_long);
	tcase_add_test(tc, test_load);
	tcase_add_test(tc, test_sample_is_the_defaults);
	tcase_add_test(tc, test_args);
	tcase_add_test(tc, test_run_settings);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(config_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
