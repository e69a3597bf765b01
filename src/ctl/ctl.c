/*
 * ctl.c - the control socket (ctl.h): listen, accept, read command lines
 * with a bufferevent, hand each to the hall (hall_command) and write its
 * reply.  Who asks is the peer's uid (SO_PEERCRED), written to the audit
 * log as "ctl uid N (name)".
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>

#include "screens/buf.h"
#include "src/base/config.h"
#include "src/base/log.h"
#include "src/ctl/ctl.h"
#include "src/hall/hall-sysop.h"

#define CTL_IDLE_SECONDS 60	/* a connection that says nothing goes */

struct ctl_conn {
	struct ctl		*ctl;
	struct bufferevent	*bev;
	char			 actor[96];
	bool			 pending;	/* a reply comes later */
	bool			 closing;	/* close once the output is out */
	bool			 eof;		/* gamehallctl said all it will */
	struct ctl_conn		*next;
};

struct ctl {
	struct event_base	*base;
	struct hall		*hall;
	struct evconnlistener	*listener;
	char			 path[CONFIG_PATH_MAX + 32];
	struct ctl_conn		*conns;
	int			 nconns;
};

static void	ctl_conn_read_cb(struct bufferevent *, void *);

void
ctl_path(const struct config *cfg, char *buf, size_t len)
{
	if (cfg->control_socket[0] != '\0')
		snprintf(buf, len, "%s", cfg->control_socket);
	else
		snprintf(buf, len, "%s/control.sock", cfg->state_dir);
}

static void
ctl_conn_free(struct ctl_conn *cc)
{
	struct ctl_conn	**p;

	for (p = &cc->ctl->conns; *p != NULL; p = &(*p)->next) {
		if (*p == cc) {
			*p = cc->next;
			break;
		}
	}
	cc->ctl->nconns--;
	if (cc->pending)
		hall_command_cancel(cc->ctl->hall, cc);
	bufferevent_free(cc->bev);
	free(cc);
}

/* Close once what was written has gone out. */
static void
ctl_conn_finish(struct ctl_conn *cc)
{
	cc->closing = true;
	bufferevent_disable(cc->bev, EV_READ);
	if (evbuffer_get_length(bufferevent_get_output(cc->bev)) == 0)
		ctl_conn_free(cc);
}

static void
ctl_conn_write_cb(struct bufferevent *bev, void *arg)
{
	struct ctl_conn	*cc = arg;

	if (cc->closing)
		ctl_conn_free(cc);
}

static void
ctl_conn_reply_cb(void *arg, const char *reply, size_t len)
{
	struct ctl_conn	*cc = arg;

	cc->pending = false;
	bufferevent_write(cc->bev, reply, len);
	/* Lines that came while waiting run now. */
	if (!cc->closing)
		ctl_conn_read_cb(cc->bev, cc);
	if (!cc->pending && cc->eof && !cc->closing)
		ctl_conn_finish(cc);
}

static void
ctl_conn_read_cb(struct bufferevent *bev, void *arg)
{
	struct ctl_conn	*cc = arg;
	struct evbuffer	*in = bufferevent_get_input(bev);
	struct buf	 out;
	char		*line;
	size_t		 n;

	while (!cc->pending && !cc->closing &&
	    (line = evbuffer_readln(in, &n, EVBUFFER_EOL_LF)) != NULL) {
		if (n > 0 && line[n - 1] == '\r')
			line[--n] = '\0';
		buf_init(&out);
		if (n >= CTL_LINE_MAX || strlen(line) != n)
			buf_adds(&out, n >= CTL_LINE_MAX ? "error: the line is "
			    "too long\n" : "error: a NUL byte in the line\n");
		else if (hall_command(cc->ctl->hall, cc->actor, line, &out,
		    ctl_conn_reply_cb, cc) == HALL_COMMAND_PENDING)
			cc->pending = true;
		free(line);
		if (out.failed)
			bufferevent_write(bev, "error: out of memory\n", 21);
		else if (out.len > 0)
			bufferevent_write(bev, out.data, out.len);
		buf_free(&out);
	}
	/* No end of line within the bound: refuse, and say why. */
	if (!cc->closing && evbuffer_get_length(in) >= CTL_LINE_MAX) {
		bufferevent_write(bev, "error: the line is too long (at most "
		    "1023 bytes)\n", 46);
		ctl_conn_finish(cc);
	}
}

static void
ctl_conn_event_cb(struct bufferevent *bev, short what, void *arg)
{
	struct ctl_conn	*cc = arg;

	if (what & BEV_EVENT_EOF) {
		/* gamehallctl shut its side: answer what it asked, then
		 * close (a pending reply closes when it has gone). */
		cc->eof = true;
		ctl_conn_read_cb(bev, cc);
		if (cc->closing)
			return;
		if (!cc->pending) {
			ctl_conn_finish(cc);
			return;
		}
		bufferevent_disable(bev, EV_READ);
		return;
	}
	if (what & (BEV_EVENT_ERROR | BEV_EVENT_TIMEOUT))
		ctl_conn_free(cc);
}

/* "ctl uid 1000 (alice)": who is on the other end, for the audit log. */
static void
ctl_actor(int fd, char *buf, size_t len)
{
	struct ucred	 cr;
	socklen_t	 crlen = sizeof cr;
	struct passwd	 pw, *pwp = NULL;
	char		 pwbuf[1024];

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &crlen) != 0) {
		snprintf(buf, len, "ctl");
		return;
	}
	if (getpwuid_r(cr.uid, &pw, pwbuf, sizeof pwbuf, &pwp) == 0 &&
	    pwp != NULL)
		snprintf(buf, len, "ctl uid %u (%s)", (unsigned)cr.uid,
		    pw.pw_name);
	else
		snprintf(buf, len, "ctl uid %u", (unsigned)cr.uid);
}

static void
ctl_accept_cb(struct evconnlistener *lev, evutil_socket_t fd,
    struct sockaddr *sa, int salen, void *arg)
{
	struct ctl	*ctl = arg;
	struct ctl_conn	*cc;
	struct timeval	 idle = { CTL_IDLE_SECONDS, 0 };

	if (ctl->nconns >= CTL_CONNS_MAX || (cc = calloc(1, sizeof *cc)) ==
	    NULL) {
		(void)!write(fd, "error: too many gamehallctl at once\n", 36);
		close(fd);
		return;
	}
	cc->ctl = ctl;
	cc->bev = bufferevent_socket_new(ctl->base, fd, BEV_OPT_CLOSE_ON_FREE);
	if (cc->bev == NULL) {
		close(fd);
		free(cc);
		return;
	}
	ctl_actor(fd, cc->actor, sizeof cc->actor);
	cc->next = ctl->conns;
	ctl->conns = cc;
	ctl->nconns++;
	bufferevent_setcb(cc->bev, ctl_conn_read_cb, ctl_conn_write_cb,
	    ctl_conn_event_cb, cc);
	bufferevent_set_timeouts(cc->bev, &idle, &idle);
	/* A line is read whole or refused: the input never grows past it. */
	bufferevent_setwatermark(cc->bev, EV_READ, 0, CTL_LINE_MAX);
	bufferevent_enable(cc->bev, EV_READ | EV_WRITE);
}

/* A socket file already there: another daemon's (refuse) or a crash's
 * leftover (remove it). */
static int
ctl_stale(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un	 sun;
	struct stat		 st;
	int			 fd, rc;

	if (lstat(path, &st) != 0)
		return 0;
	if (!S_ISSOCK(st.st_mode)) {
		snprintf(err, errlen, "control socket %s: exists and is not a "
		    "socket", path);
		return -1;
	}
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, strlen(path) + 1);	/* checked */
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return 0;
	rc = connect(fd, (struct sockaddr *)&sun, sizeof sun);
	close(fd);
	if (rc == 0) {
		snprintf(err, errlen, "control socket %s: another gamehalld "
		    "answers on it", path);
		return -1;
	}
	unlink(path);
	return 0;
}

struct ctl *
ctl_new(struct event_base *base, struct hall *hall, const struct config *cfg,
    char *err, size_t errlen)
{
	struct ctl		*ctl;
	struct sockaddr_un	 sun;
	struct group		 gr, *grp = NULL;
	char			 grbuf[4096];
	mode_t			 mask;
	int			 fd = -1, rc;

	if ((ctl = calloc(1, sizeof *ctl)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	ctl->base = base;
	ctl->hall = hall;
	ctl_path(cfg, ctl->path, sizeof ctl->path);
	if (strlen(ctl->path) + 1 >= sizeof sun.sun_path) {
		snprintf(err, errlen, "control socket %s: path too long (at "
		    "most %zu bytes)", ctl->path, sizeof sun.sun_path - 1);
		goto fail;
	}
	if (cfg->control_group[0] != '\0' && (getgrnam_r(cfg->control_group,
	    &gr, grbuf, sizeof grbuf, &grp) != 0 || grp == NULL)) {
		snprintf(err, errlen, "control_group: no group %s",
		    cfg->control_group);
		goto fail;
	}
	if (ctl_stale(ctl->path, err, errlen) != 0)
		goto fail;
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, ctl->path, strlen(ctl->path) + 1); /* checked */
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
	    0)) < 0)
		goto fail_errno;
	/* Created with no access for others: never a moment of 0777. */
	mask = umask(0177);
	rc = bind(fd, (struct sockaddr *)&sun, sizeof sun);
	umask(mask);
	if (rc != 0)
		goto fail_errno;
	if (grp != NULL && (chown(ctl->path, (uid_t)-1, grp->gr_gid) != 0 ||
	    chmod(ctl->path, 0660) != 0))
		goto fail_errno;
	ctl->listener = evconnlistener_new(base, ctl_accept_cb, ctl,
	    LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC, 16, fd);
	if (ctl->listener == NULL)
		goto fail_errno;
	log_info("control socket %s (mode %s)", ctl->path, grp != NULL ?
	    "0660" : "0600");
	return ctl;

fail_errno:
	snprintf(err, errlen, "control socket %s: %s", ctl->path,
	    strerror(errno));
	if (fd >= 0) {
		close(fd);
		unlink(ctl->path);
	}
fail:
	free(ctl);
	return NULL;
}

void
ctl_free(struct ctl *ctl)
{
	struct ctl_conn	*cc, *next;

	if (ctl == NULL)
		return;
	for (cc = ctl->conns; cc != NULL; cc = next) {
		next = cc->next;
		ctl_conn_free(cc);
	}
	evconnlistener_free(ctl->listener);
	unlink(ctl->path);
	free(ctl);
}
