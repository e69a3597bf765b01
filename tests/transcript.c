/*
 * transcript.c - runs transcript tests (gamehall-engine(6), TRANSCRIPT
 * TESTS) against the real gamehall-engine, spawned per file and spoken to
 * over pipes.
 *
 *	transcript [-e ENGINE] [FILE.gtp...]
 *
 * Without files: every .gtp file in $GAMEHALL_SHARED/testdata (default
 * $top_srcdir/tests/shared, the project's copy of the rule cases) and in
 * $top_srcdir/tests/transcripts.  The engine defaults to
 * $top_builddir/gamehall-engine.  Each failure is printed as FILE:LINE,
 * and at the end which files passed; the exit status is 0 only if all did.
 */
#include <errno.h>
#include <glob.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tests/child-pipe.h"

#define TRANSCRIPT_TIMEOUT_MS 60000

struct engine {
	struct child_pipe pipe;	/* its own line buffer is not used */
	char buf[1 << 16];	/* answers can be long: a perft divide */
	size_t len;
};

struct answer {
	int ok;
	char *text; /* after "=ID" or "?ID", all lines */
};

static int
engine_start(struct engine *e, const char *path)
{
	char *argv[] = { (char *)path, NULL };

	if (child_pipe_start(&e->pipe, argv) != 0) {
		fprintf(stderr, "transcript: cannot run %s: %s\n", path,
		    strerror(errno));
		return -1;
	}
	e->len = 0;
	return 0;
}

/* It sees the end of its input; a moment to exit, then it is killed. */
static void
engine_stop(struct engine *e)
{
	child_pipe_close_input(&e->pipe);
	child_pipe_wait(&e->pipe, 1000);
}

static int
engine_send(struct engine *e, const char *line)
{
	if (child_pipe_send(&e->pipe, line) != 0)
		return -1;
	return child_pipe_send(&e->pipe, "\n");
}

/* One answer: everything up to the empty line that ends it.  Returns 0,
 * or -1 with why in err. */
static int
engine_answer(struct engine *e, struct answer *a, char *err, size_t errlen)
{
	char *end, *t;

	for (;;) {
		struct pollfd pfd = { e->pipe.out, POLLIN, 0 };
		ssize_t n;
		int r;

		e->buf[e->len] = '\0';
		if ((end = strstr(e->buf, "\n\n")) != NULL)
			break;
		if (e->len + 1 >= sizeof e->buf) {
			snprintf(err, errlen, "answer longer than %zu bytes",
			    sizeof e->buf);
			return -1;
		}
		r = poll(&pfd, 1, TRANSCRIPT_TIMEOUT_MS);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			snprintf(err, errlen, "no answer within %d s",
			    TRANSCRIPT_TIMEOUT_MS / 1000);
			return -1;
		}
		n = read(e->pipe.out, e->buf + e->len, sizeof e->buf - 1 - e->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "the engine closed its output");
			return -1;
		}
		e->len += (size_t)n;
	}
	*end = '\0';
	if (e->buf[0] != '=' && e->buf[0] != '?') {
		snprintf(err, errlen, "answer does not start with = or ?: %.60s",
		    e->buf);
		return -1;
	}
	a->ok = e->buf[0] == '=';
	for (t = e->buf + 1; *t >= '0' && *t <= '9'; t++)
		;
	a->text = strdup(t);
	/* Keep what follows (there should be nothing). */
	end += 2;
	e->len -= (size_t)(end - e->buf);
	memmove(e->buf, end, e->len);
	return a->text != NULL ? 0 : -1;
}

/* Whitespace-separated tokens of s (modified in place). */
static int
tokens(char *s, char ***out)
{
	char *save = NULL, **v = NULL;
	int n = 0;

	for (char *t = strtok_r(s, " \t\r\n", &save); t != NULL;
	    t = strtok_r(NULL, " \t\r\n", &save)) {
		char **nv = realloc(v, (size_t)(n + 1) * sizeof *v);

		if (nv == NULL)
			break;
		v = nv;
		v[n++] = t;
	}
	*out = v;
	return n;
}

static int
has_token(char **v, int n, const char *t, char *used)
{
	for (int i = 0; i < n; i++) {
		if ((used == NULL || !used[i]) && strcmp(v[i], t) == 0) {
			if (used != NULL)
				used[i] = 1;
			return 1;
		}
	}
	return 0;
}

/* Does the answer pass the check line?  If not, why in err. */
static int
check(const struct answer *a, const char *line, char *err, size_t errlen)
{
	char kind = line[0], *want_s, *got_s, **want, **got, *used;
	int nwant, ngot, pass = 1;

	if (kind == '?') {
		if (a->ok)
			snprintf(err, errlen, "expected failure, got '=%s'",
			    a->text);
		return !a->ok;
	}
	if (!a->ok) {
		snprintf(err, errlen, "expected success, got '?%s'", a->text);
		return 0;
	}
	want_s = strdup(line + 1);
	got_s = strdup(a->text);
	if (want_s == NULL || got_s == NULL) {
		free(want_s);
		free(got_s);
		snprintf(err, errlen, "out of memory");
		return 0;
	}
	nwant = tokens(want_s, &want);
	ngot = tokens(got_s, &got);
	used = calloc((size_t)ngot + 1, 1);
	for (int i = 0; i < nwant && pass && used != NULL; i++) {
		int found = has_token(got, ngot, want[i],
		    kind == '=' ? used : NULL);

		if (kind == '!' ? found : !found) {
			snprintf(err, errlen, "%s '%s' in the answer:%s",
			    kind == '!' ? "unexpected" : "missing", want[i],
			    a->text);
			pass = 0;
		}
	}
	if (pass && kind == '=' && used != NULL) {
		for (int i = 0; i < ngot && pass; i++) {
			if (!used[i]) {
				snprintf(err, errlen, "unexpected '%s' in the "
				    "answer:%s", got[i], a->text);
				pass = 0;
			}
		}
	}
	if (used == NULL) {
		snprintf(err, errlen, "out of memory");
		pass = 0;
	}
	free(used);
	free(want);
	free(got);
	free(want_s);
	free(got_s);
	return pass;
}

static int
is_check(const char *line)
{
	return line[0] == '=' || line[0] == '~' || line[0] == '!' ||
	    line[0] == '?';
}

/* Run one file; returns the number of failures. */
static int
run_file(const char *engine_path, const char *path)
{
	FILE *f = fopen(path, "r");
	struct engine *e;
	struct answer a = { 0, NULL };
	char *line = NULL, cmd[512] = "", err[1024] = "";
	size_t size = 0;
	int lineno = 0, cmdline = 0, checked = 1, failures = 0, dead = 0;
	ssize_t n;

	if (f == NULL) {
		printf("%s: cannot open: %s\n", path, strerror(errno));
		return 1;
	}
	if ((e = malloc(sizeof *e)) == NULL || engine_start(e, engine_path)) {
		free(e);
		fclose(f);
		return 1;
	}
	while ((n = getline(&line, &size, f)) != -1) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		if (is_check(line)) {
			if (cmdline == 0) {
				printf("%s:%d: check with no command before "
				    "it\n", path, lineno);
				failures++;
				continue;
			}
			checked = 1;
			if (dead)
				continue;
			if (!check(&a, line, err, sizeof err)) {
				printf("%s:%d: %s\n  after %s:%d: %s\n", path,
				    lineno, err, path, cmdline, cmd);
				failures++;
			}
			continue;
		}
		if (!checked && !a.ok && !dead) {
			printf("%s:%d: %s: failed with no check line:%s\n",
			    path, cmdline, cmd, a.text);
			failures++;
		}
		free(a.text);
		a.text = NULL;
		snprintf(cmd, sizeof cmd, "%s", line);
		cmdline = lineno;
		checked = 0;
		if (dead)
			continue;
		if (engine_send(e, line) != 0 ||
		    engine_answer(e, &a, err, sizeof err) != 0) {
			printf("%s:%d: %s: %s\n", path, lineno, line,
			    err[0] != '\0' ? err : "the engine is gone");
			failures++;
			dead = 1;
			a.ok = 0;
		}
		err[0] = '\0';
	}
	if (!checked && !a.ok && !dead && cmdline > 0) {
		printf("%s:%d: %s: failed with no check line:%s\n", path,
		    cmdline, cmd, a.text);
		failures++;
	}
	free(a.text);
	free(line);
	fclose(f);
	engine_stop(e);
	free(e);
	return failures;
}

static int
add_glob(const char *dir, const char *pattern, glob_t *g, int flags)
{
	char buf[8192];
	int n = snprintf(buf, sizeof buf, "%s/%s", dir, pattern);

	if (n < 0 || (size_t)n >= sizeof buf)
		return -1;
	return glob(buf, flags, NULL, g);
}

int
main(int argc, char **argv)
{
	const char *engine = NULL, *env;
	char engine_buf[4096];
	glob_t g;
	char **files;
	int nfiles, failed_files = 0, opt;

	signal(SIGPIPE, SIG_IGN);
	while ((opt = getopt(argc, argv, "e:")) != -1) {
		if (opt == 'e')
			engine = optarg;
		else {
			fprintf(stderr, "usage: transcript [-e ENGINE] "
			    "[FILE.gtp...]\n");
			return 2;
		}
	}
	if (engine == NULL) {
		env = getenv("top_builddir");
		snprintf(engine_buf, sizeof engine_buf, "%s/gamehall-engine",
		    env != NULL ? env : ".");
		engine = engine_buf;
	}
	memset(&g, 0, sizeof g);
	if (optind < argc) {
		files = argv + optind;
		nfiles = argc - optind;
	} else {
		const char *shared = getenv("GAMEHALL_SHARED");
		const char *src = getenv("top_srcdir");
		char dir[4096];

		if (shared != NULL && *shared != '\0')
			snprintf(dir, sizeof dir, "%s/testdata", shared);
		else
			snprintf(dir, sizeof dir, "%s/tests/shared/testdata",
			    src != NULL ? src : ".");
		add_glob(dir, "*.gtp", &g, 0);
		snprintf(dir, sizeof dir, "%s/tests/transcripts",
		    src != NULL ? src : ".");
		add_glob(dir, "*.gtp", &g, GLOB_APPEND);
		files = g.gl_pathv;
		nfiles = (int)g.gl_pathc;
		if (nfiles == 0) {
			fprintf(stderr, "transcript: no transcript files "
			    "found\n");
			return 1;
		}
	}
	{
		int *fails = calloc((size_t)nfiles, sizeof *fails);

		if (fails == NULL)
			return 1;
		for (int i = 0; i < nfiles; i++) {
			fails[i] = run_file(engine, files[i]);
			failed_files += fails[i] > 0;
		}
		printf("\n");
		for (int i = 0; i < nfiles; i++) {
			if (fails[i] == 0)
				printf("PASS %s\n", files[i]);
			else
				printf("FAIL %s (%d failure%s)\n", files[i],
				    fails[i], fails[i] == 1 ? "" : "s");
		}
		printf("%d of %d transcript files passed\n",
		    nfiles - failed_files, nfiles);
		free(fails);
	}
	if (optind >= argc)
		globfree(&g);
	return failed_files > 0;
}
