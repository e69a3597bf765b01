/*
 * gamehallctl.c - the sysop's command line: one command to the daemon's
 * control socket, its reply printed, exit 0 on "ok", 1 on "error: ...",
 * 2 when the command line is wrong or the daemon cannot be reached.
 *
 *	gamehallctl [--state-dir DIR | -s SOCKET] [--json] COMMAND [ARG...]
 *
 * The reply's records (tab-separated key=value fields, see
 * src/hall/hall-sysop.h) are printed as aligned columns under a header,
 * or with --json as one object: {"ok": true, "message": "...",
 * "records": [{"key": "value", ...}, ...]}.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <config.h>	/* autoconf: PACKAGE_VERSION */

#define GAMEHALLCTL_LINE_MAX 1024	/* the daemon's bound (src/ctl/ctl.h) */
#define GAMEHALLCTL_TIMEOUT_MS 30000
#define GAMEHALLCTL_FIELDS 32

struct gamehallctl_record {
	int	 n;
	char	*key[GAMEHALLCTL_FIELDS];
	char	*value[GAMEHALLCTL_FIELDS];
};

static void
gamehallctl_usage(FILE *f)
{
	fprintf(f,
"usage: gamehallctl [--state-dir DIR | -s SOCKET] [--json] COMMAND [ARG...]\n"
"  --state-dir DIR  the daemon's state directory (./state): DIR/control.sock\n"
"  -s SOCKET        the control socket itself (its control_socket setting)\n"
"  --json           the reply as JSON, for scripts\n"
"Commands: status, who, tables, kick, mute, unmute, ban, unban, bans,\n"
"broadcast, motd, account, sysop, table close, reload, log-level, shutdown,\n"
"audit, reports; `gamehallctl help` asks the daemon for each one's arguments.\n"
"See gamehallctl(8).\n");
}

/* Connect, send the line, read the whole reply (the daemon closes after
 * it).  The reply, malloc'd, or NULL with the reason on stderr. */
static char *
gamehallctl_ask(const char *path, const char *line)
{
	struct sockaddr_un	 sun;
	struct pollfd		 pfd;
	char			*reply = NULL, *p;
	size_t			 len = 0, cap = 0;
	ssize_t			 n;
	int			 fd;

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sun.sun_path) {
		fprintf(stderr, "gamehallctl: %s: path too long\n", path);
		return NULL;
	}
	strcpy(sun.sun_path, path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
	    connect(fd, (struct sockaddr *)&sun, sizeof sun) != 0) {
		fprintf(stderr, "gamehallctl: %s: %s%s\n", path,
		    strerror(errno), errno == ENOENT || errno ==
		    ECONNREFUSED ? " (is gamehalld running? see --state-dir "
		    "and -s)" : "");
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (write(fd, line, strlen(line)) != (ssize_t)strlen(line) ||
	    write(fd, "\n", 1) != 1) {
		fprintf(stderr, "gamehallctl: writing: %s\n", strerror(errno));
		close(fd);
		return NULL;
	}
	shutdown(fd, SHUT_WR);
	for (;;) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, GAMEHALLCTL_TIMEOUT_MS) <= 0) {
			fprintf(stderr, "gamehallctl: no answer from %s\n",
			    path);
			break;
		}
		if (len + 4096 + 1 > cap) {
			cap = cap * 2 + 8192;
			if ((p = realloc(reply, cap)) == NULL)
				break;
			reply = p;
		}
		if ((n = read(fd, reply + len, cap - len - 1)) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "gamehallctl: reading: %s\n",
			    strerror(errno));
			break;
		}
		if (n == 0) {
			close(fd);
			reply[len] = '\0';
			return reply;
		}
		len += (size_t)n;
	}
	close(fd);
	free(reply);
	return NULL;
}

static void
gamehallctl_json_string(const char *s)
{
	putchar('"');
	for (; *s != '\0'; s++) {
		unsigned char	 ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			printf("\\%c", ch);
		else if (ch < 0x20)
			printf("\\u%04x", ch);
		else
			putchar(ch);
	}
	putchar('"');
}

/* Split a record line in place into its fields. */
static void
gamehallctl_record(char *line, struct gamehallctl_record *r)
{
	char	*field, *save = NULL, *eq;

	r->n = 0;
	for (field = strtok_r(line, "\t", &save); field != NULL &&
	    r->n < GAMEHALLCTL_FIELDS; field = strtok_r(NULL, "\t", &save)) {
		eq = strchr(field, '=');
		if (eq != NULL)
			*eq = '\0';
		r->key[r->n] = field;
		r->value[r->n++] = eq != NULL ? eq + 1 : (char *)"";
	}
}

/* Whether two records have the same fields, in the same order. */
static bool
gamehallctl_same_keys(const struct gamehallctl_record *a,
    const struct gamehallctl_record *b)
{
	if (a->n != b->n)
		return false;
	for (int i = 0; i < a->n; i++) {
		if (strcmp(a->key[i], b->key[i]) != 0)
			return false;
	}
	return true;
}

/*
 * Records of one shape as columns as wide as their widest cell, under a
 * header of the keys; a record alone (status, account show) one field a
 * line.
 */
static void
gamehallctl_group(const struct gamehallctl_record *recs, size_t n)
{
	int	 width[GAMEHALLCTL_FIELDS] = { 0 }, w;

	if (n == 1) {
		for (int i = 0; i < recs[0].n; i++)
			printf("%-12s %s\n", recs[0].key[i], recs[0].value[i]);
		return;
	}
	for (size_t r = 0; r < n; r++) {
		for (int i = 0; i < recs[r].n; i++) {
			w = (int)strlen(recs[r].value[i]);
			if ((int)strlen(recs[r].key[i]) > w)
				w = (int)strlen(recs[r].key[i]);
			if (w > width[i])
				width[i] = w;
		}
	}
	for (int i = 0; i < recs[0].n; i++)
		printf("%-*s%s", i + 1 < recs[0].n ? width[i] : 0,
		    recs[0].key[i], i + 1 < recs[0].n ? "  " : "\n");
	for (size_t r = 0; r < n; r++) {
		for (int i = 0; i < recs[r].n; i++)
			printf("%-*s%s", i + 1 < recs[r].n ? width[i] : 0,
			    recs[r].value[i], i + 1 < recs[r].n ? "  " : "\n");
	}
}

/* Every run of records of one shape as its own table (account show: the
 * account, then its keys). */
static void
gamehallctl_table(const struct gamehallctl_record *recs, size_t n)
{
	size_t	 start = 0;

	for (size_t r = 1; r <= n; r++) {
		if (r < n && gamehallctl_same_keys(&recs[start], &recs[r]))
			continue;
		if (start > 0)
			putchar('\n');
		gamehallctl_group(recs + start, r - start);
		start = r;
	}
}

/* Print the reply; 0 for ok, 1 for an error. */
static int
gamehallctl_print(char *reply, bool json)
{
	struct gamehallctl_record	*recs = NULL, *p;
	size_t				 n = 0;
	char				*line, *save = NULL;
	const char			*last = "error: the daemon said nothing";
	bool				 ok;

	for (line = strtok_r(reply, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "ok", 2) == 0 && (line[2] == '\0' ||
		    line[2] == ':')) {
			last = line;
			break;
		}
		if (strncmp(line, "error: ", 7) == 0) {
			last = line;
			break;
		}
		if ((p = realloc(recs, (n + 1) * sizeof *recs)) == NULL)
			break;
		recs = p;
		gamehallctl_record(line, &recs[n++]);
	}
	ok = strncmp(last, "ok", 2) == 0;
	last += ok ? (last[2] == ':' ? 4 : 2) : 7;
	if (json) {
		printf("{\"ok\": %s, \"message\": ", ok ? "true" : "false");
		gamehallctl_json_string(last);
		printf(", \"records\": [");
		for (size_t r = 0; r < n; r++) {
			printf("%s{", r > 0 ? ", " : "");
			for (int i = 0; i < recs[r].n; i++) {
				printf("%s", i > 0 ? ", " : "");
				gamehallctl_json_string(recs[r].key[i]);
				printf(": ");
				gamehallctl_json_string(recs[r].value[i]);
			}
			printf("}");
		}
		printf("]}\n");
	} else {
		gamehallctl_table(recs, n);
		if (!ok)
			fprintf(stderr, "gamehallctl: %s\n", last);
		else if (*last != '\0')
			printf("%s\n", last);
	}
	free(recs);
	return ok ? 0 : 1;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "state-dir", required_argument, NULL, 'd' },
		{ "socket", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char	*state = "./state", *socket_path = NULL;
	char		 path[4096], line[GAMEHALLCTL_LINE_MAX], *reply;
	size_t		 len = 0;
	bool		 json = false;
	int		 ch, rc;

	/* "+": options stop at the command, whose own start with -- too. */
	while ((ch = getopt_long(argc, argv, "+s:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			state = optarg;
			break;
		case 's':
			socket_path = optarg;
			break;
		case 'j':
			json = true;
			break;
		case 'V':
			printf("gamehallctl %s\n", PACKAGE_VERSION);
			return 0;
		case 'h':
			gamehallctl_usage(stdout);
			return 0;
		default:
			gamehallctl_usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "gamehallctl: no command given\n");
		gamehallctl_usage(stderr);
		return 2;
	}
	for (int i = optind; i < argc; i++) {
		if (strpbrk(argv[i], "\n\r") != NULL) {
			fprintf(stderr, "gamehallctl: argument %d holds a line "
			    "break\n", i - optind + 1);
			return 2;
		}
		rc = snprintf(line + len, sizeof line - len, "%s%s",
		    i > optind ? " " : "", argv[i]);
		if (rc < 0 || (size_t)rc >= sizeof line - len) {
			fprintf(stderr, "gamehallctl: the command is too long "
			    "(at most %d bytes)\n", GAMEHALLCTL_LINE_MAX - 1);
			return 2;
		}
		len += (size_t)rc;
	}
	if (socket_path == NULL) {
		snprintf(path, sizeof path, "%s/control.sock", state);
		socket_path = path;
	}
	if ((reply = gamehallctl_ask(socket_path, line)) == NULL)
		return 2;
	rc = gamehallctl_print(reply, json);
	free(reply);
	return rc;
}
