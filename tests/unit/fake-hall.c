/*
 * fake-hall.c - the fakes under a real hall (see fake-hall.h): the server,
 * whose accessors are all src/net/conn.c asks of it, and a transport per
 * connection that takes every byte at once and shows it on a libvterm
 * screen.
 */
#include <sys/queue.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>
#include <semaphore.h>
#include <vterm.h>

#include "screens/utf8.h"
#include "src/base/clock.h"
#include "src/base/config.h"
#include "src/base/log.h"
#include "src/base/worker.h"
#include "src/hall/hall-int.h"
#include "src/hall/hall.h"
#include "src/net/conn.h"
#include "src/net/limits.h"
#include "src/net/server.h"
#include "src/net/transport.h"
#include "src/store/store.h"
#include "src/table/cpujob.h"
#include "tests/unit/fake-hall.h"

/* How long fake_hall_settle waits: past CLIENT_AMBIENT_MS (150). */
#define FAKE_HALL_SETTLE_MS 200

/* The server of this file: what conn.c reaches through the accessors. */
struct server {
	struct event_base	*base;
	struct clock		*clock;
	struct config		 cfg;
	struct store		*store;
	struct worker		*worker;
	struct limits		*limits;
	struct conn_list	 conns;
	struct hall		*hall;
};

struct fake_hall {
	struct server		 server;
	TAILQ_HEAD(, fake_term)	 terms;
	int			 nterms;	/* for distinct addresses */
	struct cpujob_pool	*cpu;		/* the computer players */
	sem_t			 gate;		/* fake_hall_hold_worker */
	bool			 held;
};

/* ---- the fake server's accessors ----------------------------------------- */

struct event_base *
server_base(const struct server *s)
{
	return s->base;
}

struct clock *
server_clock(const struct server *s)
{
	return s->clock;
}

const struct config *
server_config(const struct server *s)
{
	return &s->cfg;
}

struct store *
server_store(const struct server *s)
{
	return s->store;
}

struct worker *
server_worker(const struct server *s)
{
	return s->worker;
}

struct limits *
server_limits(const struct server *s)
{
	return s->limits;
}

const struct conn_handler *
server_handler(const struct server *s)
{
	return hall_conn_handler();
}

void *
server_handler_arg(const struct server *s)
{
	return s->hall;
}

struct conn_list *
server_conns(struct server *s)
{
	return &s->conns;
}

/* ---- the fake transport -------------------------------------------------- */

static ssize_t
fake_term_send(void *t, const void *buf, size_t len)
{
	struct fake_term	*ft = t;
	size_t			 size;

	ft->sends++;
	if (ft->gone)
		return -1;
	if (ft->stalled)
		return 0;
	if (ft->nout + len > ft->outsize) {
		size = ft->outsize > 0 ? ft->outsize : 65536;
		while (size < ft->nout + len)
			size *= 2;
		ft->out = realloc(ft->out, size);
		ck_assert_ptr_nonnull(ft->out);
		ft->outsize = size;
	}
	memcpy(ft->out + ft->nout, buf, len);
	ft->nout += len;
	vterm_input_write(ft->vt, buf, len);
	return (ssize_t)len;
}

static bool
fake_term_pending(void *t)
{
	return false;
}

static void
fake_term_pause(void *t, bool paused)
{
}

static void
fake_term_close(void *t, bool force)
{
	((struct fake_term *)t)->closes++;
}

static void
fake_term_destroy(void *t)
{
	/* The fake hall frees its terminals itself. */
}

static const struct transport_ops fake_term_ops = {
	fake_term_send, fake_term_pending, fake_term_pause, fake_term_close,
	fake_term_destroy
};

/* ---- the hall ------------------------------------------------------------ */

struct fake_hall	*fh;

static void
fake_hall_setup(void)
{
	fh = fake_hall_new();
}

static void
fake_hall_teardown(void)
{
	fake_hall_free(fh);
	fh = NULL;
}

TCase *
fake_hall_tcase(const char *name)
{
	TCase	*tc = tcase_create(name);

	tcase_add_checked_fixture(tc, fake_hall_setup, fake_hall_teardown);
	/* Real time only for the password hashes, under valgrind too. */
	tcase_set_timeout(tc, 120);
	return tc;
}

struct fake_hall *
fake_hall_new(void)
{
	struct fake_hall	*h;
	struct server		*s;
	char			 err[256];

	h = calloc(1, sizeof *h);
	ck_assert_ptr_nonnull(h);
	TAILQ_INIT(&h->terms);
	s = &h->server;
	TAILQ_INIT(&s->conns);
	log_set_level(LOG_LEVEL_ERROR);
	config_defaults(&s->cfg);
	snprintf(s->cfg.public_host, sizeof s->cfg.public_host, "hall.test");
	s->base = event_base_new();
	ck_assert_ptr_nonnull(s->base);
	s->clock = clock_new_manual(1000000, 1700000000);
	ck_assert_ptr_nonnull(s->clock);
	s->limits = limits_new(&s->cfg, NULL, NULL);
	ck_assert_ptr_nonnull(s->limits);
	s->store = store_open(":memory:", err, sizeof err);
	ck_assert_msg(s->store != NULL, "store_open: %s", err);
	s->worker = worker_new(s->base, 1);
	ck_assert_ptr_nonnull(s->worker);
	s->cfg.cpu_time = 100;	/* the computer answers quickly here */
	s->hall = hall_new(s->base, s->clock, &s->cfg, s->store, s->worker);
	ck_assert_ptr_nonnull(s->hall);
	h->cpu = cpujob_pool_new(s->worker, 1 << 20);
	ck_assert_ptr_nonnull(h->cpu);
	hall_set_cpu(s->hall, h->cpu);
	return h;
}

static void
fake_term_free(struct fake_term *ft)
{
	vterm_free(ft->vt);
	free(ft->out);
	free(ft->row);
	free(ft->rowcol);
	free(ft);
}

void
fake_hall_free(struct fake_hall *h)
{
	struct server		*s = &h->server;
	struct fake_term	*ft;

	if (h->held)
		fake_hall_release_worker(h);
	/* `closed` for every conn the hall has, then the hall goes. */
	conn_destroy_all(&s->conns);
	hall_free(s->hall);
	worker_free(s->worker);
	cpujob_pool_free(h->cpu);	/* after the searches ended */
	store_close(s->store);
	limits_free(s->limits);
	event_base_free(s->base);
	clock_free(s->clock);
	while ((ft = TAILQ_FIRST(&h->terms)) != NULL) {
		TAILQ_REMOVE(&h->terms, ft, entry);
		fake_term_free(ft);
	}
	free(h);
}

struct hall *
fake_hall_hall(struct fake_hall *h)
{
	return h->server.hall;
}

/*
 * Within each millisecond the loop runs until nothing more is due, as the
 * real loop turns many times in a millisecond.
 */
void
fake_hall_spin(struct fake_hall *h, int ms)
{
	struct server	*s = &h->server;
	int		 i, turns;

	for (i = 0; i <= ms; i++) {
		turns = 0;
		do
			event_base_loop(s->base, EVLOOP_NONBLOCK);
		while (clock_advance(s->clock, 0) > 0 && ++turns < 10000);
		if (i < ms)
			clock_advance(s->clock, 1);
	}
}

void
fake_hall_settle(struct fake_hall *h)
{
	fake_hall_spin(h, FAKE_HALL_SETTLE_MS);
}

/* The gate job: it holds the one worker thread until posted. */
static void
fake_hall_gate_run(void *arg)
{
	sem_wait(arg);
}

static void
fake_hall_gate_done(void *arg, bool cancelled)
{
	(void)arg;
	(void)cancelled;
}

void
fake_hall_hold_worker(struct fake_hall *h)
{
	ck_assert(!h->held);
	ck_assert_int_eq(sem_init(&h->gate, 0, 0), 0);
	ck_assert_ptr_nonnull(worker_submit(h->server.worker, WORKER_URGENT,
	    fake_hall_gate_run, fake_hall_gate_done, &h->gate));
	h->held = true;
}

void
fake_hall_release_worker(struct fake_hall *h)
{
	ck_assert(h->held);
	sem_post(&h->gate);
	h->held = false;
	fake_hall_wait_worker(h);
	sem_destroy(&h->gate);
}

void
fake_hall_wait_worker(struct fake_hall *h)
{
	struct timespec	ms = { 0, 1000000 };
	int		i;

	/* Real threads, real time: generous for valgrind. */
	for (i = 0; i < 60000 && worker_pending(h->server.worker) > 0; i++) {
		event_base_loop(h->server.base, EVLOOP_NONBLOCK);
		if (worker_pending(h->server.worker) > 0)
			nanosleep(&ms, NULL);
	}
	ck_assert_uint_eq(worker_pending(h->server.worker), 0);
	fake_hall_settle(h);
}

/* ---- terminals ----------------------------------------------------------- */

static void
fake_term_screen_size(struct fake_term *ft, int cols, int rows)
{
	conn_clamp_size(&cols, &rows);
	ft->cols = cols;
	ft->rows = rows;
	vterm_set_size(ft->vt, rows, cols);
}

struct fake_term *
fake_term_connect(struct fake_hall *h, int cols, int rows)
{
	return fake_term_connect_with(h, cols, rows, NULL, NULL);
}

struct fake_term *
fake_term_connect_with(struct fake_hall *h, int cols, int rows,
    const char *fingerprint, const char *exec)
{
	struct server		*s = &h->server;
	struct fake_term	*ft;
	struct sockaddr_in	 sin;
	struct conn_info	*info;
	char			 addr[32];

	ft = calloc(1, sizeof *ft);
	ck_assert_ptr_nonnull(ft);
	ft->fh = h;
	ft->vt = vterm_new(24, 80);
	ck_assert_ptr_nonnull(ft->vt);
	vterm_set_utf8(ft->vt, 1);
	ft->screen = vterm_obtain_screen(ft->vt);
	vterm_screen_enable_altscreen(ft->screen, 1);
	vterm_screen_reset(ft->screen, 1);
	fake_term_screen_size(ft, cols, rows);
	TAILQ_INSERT_TAIL(&h->terms, ft, entry);

	/* Each terminal from its own address: no per-address cap is met. */
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons(40000 + h->nterms);
	snprintf(addr, sizeof addr, "192.0.2.%d", 1 + h->nterms++ % 250);
	inet_pton(AF_INET, addr, &sin.sin_addr);
	ck_assert_int_eq(limits_accept(s->limits, (struct sockaddr *)&sin, 0),
	    LIMITS_OK);
	ft->conn = conn_new(s, &fake_term_ops, ft, CONN_SSH,
	    (struct sockaddr *)&sin, sizeof sin);
	ck_assert_ptr_nonnull(ft->conn);

	info = conn_info_mutable(ft->conn);
	info->pty = true;
	snprintf(info->term, sizeof info->term, "xterm-256color");
	snprintf(info->lang, sizeof info->lang, "en_US.UTF-8");
	snprintf(info->ssh_user, sizeof info->ssh_user, "test");
	if (fingerprint != NULL) {
		snprintf(info->fingerprint, sizeof info->fingerprint, "%s",
		    fingerprint);
		snprintf(info->key_type, sizeof info->key_type,
		    "ssh-ed25519");
	}
	if (exec != NULL)
		snprintf(info->exec, sizeof info->exec, "%s", exec);
	conn_transport_authenticated(ft->conn);
	conn_transport_resize(ft->conn, cols, rows);
	conn_transport_ready(ft->conn);
	fake_hall_settle(h);
	return ft;
}

struct fake_term *
fake_term_guest(struct fake_hall *h)
{
	struct fake_term	*ft = fake_term_connect(h, 80, 24);
	char			 word[16];	/* the hex digits */

	ck_shows(ft, "Welcome to gamehall");
	fake_term_type(ft, "g");
	ck_shows(ft, "gamehall - Lobby");
	fake_term_title_word(ft, "guest-", word, sizeof word);
	snprintf(ft->name, sizeof ft->name, "guest-%s", word);
	return ft;
}

void
fake_term_input(struct fake_term *ft, const char *keys)
{
	ck_assert_ptr_nonnull(ft->conn);
	conn_transport_input(ft->conn, keys, strlen(keys));
}

void
fake_term_type(struct fake_term *ft, const char *keys)
{
	fake_term_input(ft, keys);
	fake_hall_settle(ft->fh);
}

void
fake_term_resize(struct fake_term *ft, int cols, int rows)
{
	ck_assert_ptr_nonnull(ft->conn);
	fake_term_screen_size(ft, cols, rows);
	conn_transport_resize(ft->conn, cols, rows);
	fake_hall_settle(ft->fh);
}

void
fake_term_stall(struct fake_term *ft, bool stalled)
{
	ft->stalled = stalled;
	if (!stalled && ft->conn != NULL)
		conn_transport_flush(ft->conn);
	fake_hall_settle(ft->fh);
}

void
fake_term_hangup(struct fake_term *ft)
{
	ck_assert_ptr_nonnull(ft->conn);
	ft->gone = true;
	conn_transport_gone(ft->conn);
	ft->conn = NULL;		/* freed by the loop */
	fake_hall_settle(ft->fh);
}

struct client *
fake_term_client(struct fake_term *ft)
{
	struct client	*c;

	if (ft->conn == NULL)
		return NULL;
	/* conn.c keeps its client to itself: find it in the hall's list. */
	TAILQ_FOREACH(c, &ft->fh->server.hall->clients, entry) {
		if (c->conn == ft->conn)
			return c;
	}
	return NULL;
}

void
fake_term_scribble(struct fake_term *ft, const char *bytes)
{
	vterm_input_write(ft->vt, bytes, strlen(bytes));
}

/* ---- reading the screen -------------------------------------------------- */

const char *
fake_term_row(struct fake_term *ft, int row)
{
	VTermScreenCell	cell;
	VTermPos	pos;
	size_t		len = 0, keep = 0, need, n;
	int		i;

	need = (size_t)ft->cols * VTERM_MAX_CHARS_PER_CELL * 4 + 1;
	if (ft->rowsize < need) {
		ft->row = realloc(ft->row, need);
		ft->rowcol = reallocarray(ft->rowcol, need,
		    sizeof *ft->rowcol);
		ck_assert_ptr_nonnull(ft->row);
		ck_assert_ptr_nonnull(ft->rowcol);
		ft->rowsize = need;
	}
	pos.row = row;
	for (pos.col = 0; row >= 0 && row < ft->rows && pos.col < ft->cols;
	    pos.col++) {
		vterm_screen_get_cell(ft->screen, pos, &cell);
		if (cell.chars[0] == (uint32_t)-1)
			continue;	/* the right half of a wide character */
		if (cell.chars[0] == 0) {
			ft->rowcol[len] = pos.col;
			ft->row[len++] = ' ';
			continue;
		}
		for (i = 0; i < VTERM_MAX_CHARS_PER_CELL &&
		    cell.chars[i] != 0; i++) {
			n = (size_t)utf8_encode(cell.chars[i], ft->row + len);
			while (n-- > 0)
				ft->rowcol[len++] = pos.col;
		}
		keep = len;
	}
	ft->row[keep] = '\0';
	return ft->row;
}

int
fake_term_find(struct fake_term *ft, const char *text)
{
	for (int row = 0; row < ft->rows; row++) {
		if (strstr(fake_term_row(ft, row), text) != NULL)
			return row;
	}
	return -1;
}

void
fake_term_click(struct fake_term *ft, const char *text)
{
	const char	*line, *at = NULL;
	char		 keys[64];
	int		 row, col = 0;

	for (row = 0; row < ft->rows; row++) {
		line = fake_term_row(ft, row);
		if ((at = strstr(line, text)) != NULL) {
			col = ft->rowcol[at - line];
			break;
		}
	}
	ck_screen(ft, at != NULL, "nothing to click");
	/* SGR reports count from 1. */
	snprintf(keys, sizeof keys, "\033[<0;%d;%dM\033[<0;%d;%dm", col + 1,
	    row + 1, col + 1, row + 1);
	fake_term_type(ft, keys);
}

int
fake_term_count(struct fake_term *ft, const char *text)
{
	const char	*at;
	int		 n = 0;

	for (int row = 0; row < ft->rows; row++) {
		at = fake_term_row(ft, row);
		while ((at = strstr(at, text)) != NULL) {
			n++;
			at += strlen(text);
		}
	}
	return n;
}

struct fake_term *
fake_term_to_move(struct fake_term *a, struct fake_term *b)
{
	bool	ma = fake_term_find(a, "you to move") >= 0;
	bool	mb = fake_term_find(b, "you to move") >= 0;

	ck_assert_msg(ma != mb, "exactly one is to move");
	return ma ? a : b;
}

void
fake_term_play(struct fake_term *ft, const char *move)
{
	char	 keys[64];

	snprintf(keys, sizeof keys, ":%s" FAKE_ENTER, move);
	fake_term_type(ft, keys);
}

char *
fake_term_screen(struct fake_term *ft)
{
	char	*s = NULL;
	size_t	 len = 0, n;

	for (int row = 0; row < ft->rows; row++) {
		fake_term_row(ft, row);
		n = strlen(ft->row);
		s = realloc(s, len + n + 2);
		ck_assert_ptr_nonnull(s);
		memcpy(s + len, ft->row, n);
		len += n;
		s[len++] = '\n';
	}
	if (s == NULL)
		s = calloc(1, 1);
	else
		s[len - 1] = '\0';
	return s;
}

void
fake_term_title_word(struct fake_term *ft, const char *prefix, char *out,
    size_t len)
{
	const char	*row = fake_term_row(ft, 0), *at;
	size_t		 n = 0;

	at = strstr(row, prefix);
	ck_screen(ft, at != NULL, "nothing like that on the title bar");
	at += strlen(prefix);
	while (n + 1 < len && (isalnum((unsigned char)at[n]) || at[n] == '-'))
		n++;
	memcpy(out, at, n);
	out[n] = '\0';
}

bool
fake_term_sent(struct fake_term *ft, size_t from, const char *seq)
{
	size_t	n = strlen(seq);

	for (size_t i = from; i + n <= ft->nout; i++) {
		if (memcmp(ft->out + i, seq, n) == 0)
			return true;
	}
	return false;
}
