/*
 * test-conn.c - the conn contract the hall relies on, over a fake
 * transport: one pending frame at most ("latest screen wins"), `writable`
 * once output drains, input delivered in order under the rate limit,
 * handler callbacks never run inside conn_write/conn_close, `closed`
 * exactly once, farewells after the pending tail, lingering closes.
 *
 * The server is faked here too (the few server_* accessors conn.c uses).
 */
#include <sys/queue.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <arpa/inet.h>

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "src/base/config.h"
#include "src/net/conn.h"
#include "src/base/clock.h"
#include "src/net/limits.h"
#include "src/net/server.h"
#include "src/net/transport.h"

/* ---- the fake server --------------------------------------------- */

static struct event_base	*base;
static struct clock		*mclock;		/* manual: the tests move it */
static struct config		 cfg;
static struct limits		*limits;
static struct conn_list		 conns;
static const struct conn_handler handler;
static int			 hall_arg;

struct event_base *
server_base(const struct server *s)
{
	return base;
}

struct clock *
server_clock(const struct server *s)
{
	return mclock;
}

const struct config *
server_config(const struct server *s)
{
	return &cfg;
}

struct limits *
server_limits(const struct server *s)
{
	return limits;
}

const struct conn_handler *
server_handler(const struct server *s)
{
	return &handler;
}

void *
server_handler_arg(const struct server *s)
{
	return &hall_arg;
}

struct conn_list *
server_conns(struct server *s)
{
	return &conns;
}

/* ---- the fake transport ------------------------------------------ */

struct fake {
	struct conn	*conn;
	unsigned char	 out[1 << 20];
	size_t		 nout;
	size_t		 accept;	/* bytes taken per send call */
	bool		 pending;
	bool		 dead;
	bool		 paused;
	int		 pauses, resumes;
	int		 closes;
	bool		 close_force;
	int		 destroys;
};

static ssize_t
fake_send(void *t, const void *buf, size_t len)
{
	struct fake	*f = t;
	size_t		 n = len < f->accept ? len : f->accept;

	if (f->dead)
		return -1;
	memcpy(f->out + f->nout, buf, n);
	f->nout += n;
	return (ssize_t)n;
}

static bool
fake_pending(void *t)
{
	return ((struct fake *)t)->pending;
}

static void
fake_pause(void *t, bool paused)
{
	struct fake	*f = t;

	f->paused = paused;
	if (paused)
		f->pauses++;
	else
		f->resumes++;
}

static void
fake_close(void *t, bool force)
{
	struct fake	*f = t;

	f->closes++;
	f->close_force = force;
}

static void
fake_destroy(void *t)
{
	((struct fake *)t)->destroys++;
}

static const struct transport_ops fake_ops = {
	fake_send, fake_pending, fake_pause, fake_close, fake_destroy
};

/* ---- the fake hall ----------------------------------------------- */

struct client {
	struct conn	*conn;
	unsigned char	 in[200000];
	size_t		 nin;
	int		 inputs;
	int		 resizes, cols, rows;
	int		 writables;
	int		 closed;
	size_t		 dropped;	/* as the last call said */
	int		 drops;
};

static struct client	 client;
static bool		 in_conn_call;	/* inside conn_write/conn_close */
static bool		 refuse_open;
static int		 opens;

static void *
h_open(void *arg, struct conn *c, const struct conn_info *info)
{
	ck_assert(!in_conn_call);
	ck_assert_ptr_eq(arg, &hall_arg);
	ck_assert_ptr_eq(info, conn_info(c));
	opens++;
	if (refuse_open)
		return NULL;
	client.conn = c;
	return &client;
}

static void
h_input(void *cl, const unsigned char *buf, size_t len)
{
	struct client	*c = cl;

	ck_assert(!in_conn_call);
	ck_assert_uint_gt(len, 0);
	memcpy(c->in + c->nin, buf, len);
	c->nin += len;
	c->inputs++;
}

static void
h_resize(void *cl, int cols, int rows)
{
	struct client	*c = cl;

	ck_assert(!in_conn_call);
	c->resizes++;
	c->cols = cols;
	c->rows = rows;
}

static void
h_writable(void *cl)
{
	struct client	*c = cl;

	ck_assert(!in_conn_call);
	ck_assert(!conn_busy(c->conn));
	c->writables++;
}

static void
h_closed(void *cl)
{
	struct client	*c = cl;

	ck_assert(!in_conn_call);
	c->closed++;
}

static void
h_dropped(void *cl, size_t bytes)
{
	struct client	*c = cl;

	ck_assert(!in_conn_call);
	c->dropped = bytes;
	c->drops++;
}

static const struct conn_handler handler = {
	h_open, h_input, h_resize, h_writable, h_closed, h_dropped
};

static enum conn_write_result
write_frame(struct conn *c, const char *text)
{
	enum conn_write_result	r;

	in_conn_call = true;
	r = conn_write(c, text, strlen(text));
	in_conn_call = false;
	return r;
}

static void
close_conn(struct conn *c, const char *farewell)
{
	in_conn_call = true;
	conn_close(c, farewell);
	in_conn_call = false;
}

/* Let ms pass on the manual clock, a millisecond at a time.  Within each
 * millisecond the loop runs until nothing more is due, as the real loop
 * would turn many times in a millisecond. */
static void
spin(int ms)
{
	int	i, turns;

	for (i = 0; i <= ms; i++) {
		turns = 0;
		do
			event_base_loop(base, EVLOOP_NONBLOCK);
		while (clock_advance(mclock, 0) > 0 && ++turns < 10000);
		if (i < ms)
			clock_advance(mclock, 1);
	}
}

static struct fake *fake;

/* A conn from 192.0.2.1, accepted and made ready; the loop not yet run. */
static struct conn *
new_conn(void)
{
	struct sockaddr_in	sin;
	struct conn		*c;

	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons(4242);
	inet_pton(AF_INET, "192.0.2.1", &sin.sin_addr);
	ck_assert_int_eq(limits_accept(limits, (struct sockaddr *)&sin, 0),
	    LIMITS_OK);
	c = conn_new(NULL, &fake_ops, fake, CONN_SSH,
	    (struct sockaddr *)&sin, sizeof sin);
	ck_assert_ptr_nonnull(c);
	fake->conn = c;
	return c;
}

static void
setup(void)
{
	base = event_base_new();
	mclock = clock_new_manual(1000000, 1700000000);
	config_defaults(&cfg);
	limits = limits_new(&cfg, NULL, NULL);
	TAILQ_INIT(&conns);
	memset(&client, 0, sizeof client);
	fake = calloc(1, sizeof *fake);
	fake->accept = SIZE_MAX;
	refuse_open = false;
	opens = 0;
}

static void
teardown(void)
{
	conn_destroy_all(&conns);
	limits_free(limits);
	event_base_free(base);
	clock_free(mclock);
	free(fake);
}

START_TEST(test_open_and_info)
{
	struct conn		*c = new_conn();
	const struct conn_info	*info = conn_info(c);

	ck_assert_str_eq(info->peer, "192.0.2.1");
	ck_assert_int_eq(info->peer_port, 4242);
	ck_assert_int_eq(info->cols, CONN_COLS_DEFAULT);
	ck_assert_int_eq(info->rows, CONN_ROWS_DEFAULT);
	ck_assert(info->passwords_ok);
	/* Not ready: no open, writes refused. */
	spin(0);
	ck_assert_int_eq(opens, 0);
	ck_assert_int_eq(write_frame(c, "x"), CONN_WRITE_REFUSED);

	conn_transport_ready(c);
	ck_assert_int_eq(opens, 0);		/* never synchronously */
	spin(0);
	ck_assert_int_eq(opens, 1);
	ck_assert(conn_is_open(c));
	ck_assert_int_eq(write_frame(c, "hello"), CONN_WRITE_DONE);
	ck_assert_uint_eq(fake->nout, 5);
	ck_assert(!conn_busy(c));
	spin(0);
	ck_assert_int_eq(client.writables, 0);	/* was never busy */
}
END_TEST

START_TEST(test_one_pending_frame)
{
	struct conn	*c = new_conn();

	conn_transport_ready(c);
	spin(0);
	fake->accept = 4;
	ck_assert_int_eq(write_frame(c, "0123456789"), CONN_WRITE_PENDING);
	ck_assert(conn_busy(c));
	ck_assert_uint_eq(fake->nout, 4);

	/* While busy nothing more is taken: the hall draws later. */
	ck_assert_int_eq(write_frame(c, "NEWER FRAME"), CONN_WRITE_REFUSED);
	ck_assert_uint_eq(fake->nout, 4);

	conn_transport_flush(c);		/* 4 more */
	ck_assert_uint_eq(fake->nout, 8);
	ck_assert(conn_busy(c));
	spin(0);
	ck_assert_int_eq(client.writables, 0);

	fake->accept = SIZE_MAX;
	fake->pending = true;	/* all taken, but still in the transport */
	conn_transport_flush(c);
	ck_assert_uint_eq(fake->nout, 10);
	ck_assert(conn_busy(c));
	fake->pending = false;
	conn_transport_flush(c);
	ck_assert(!conn_busy(c));
	ck_assert_int_eq(client.writables, 0);	/* deferred to the loop */
	spin(0);
	ck_assert_int_eq(client.writables, 1);
	ck_assert_int_eq(memcmp(fake->out, "0123456789", 10), 0);

	/* Whole frame taken but queued in the transport: busy too. */
	fake->pending = true;
	ck_assert_int_eq(write_frame(c, "abc"), CONN_WRITE_PENDING);
	ck_assert(conn_busy(c));
	fake->pending = false;
	conn_transport_flush(c);
	spin(0);
	ck_assert_int_eq(client.writables, 2);
}
END_TEST

START_TEST(test_input_order_and_rate)
{
	struct conn	*c;
	unsigned char	 buf[1900];	/* within twice the burst: kept */
	size_t		 i;

	cfg.input_rate = 10000;		/* bytes/s */
	cfg.input_burst = 1000;
	c = new_conn();
	for (i = 0; i < sizeof buf; i++)
		buf[i] = (unsigned char)(i * 7);
	/* Typed before the hall opened: kept, delivered after open. */
	conn_transport_input(c, buf, 500);
	conn_transport_ready(c);
	spin(0);
	ck_assert_uint_eq(client.nin, 500);
	conn_transport_input(c, buf + 500, sizeof buf - 500);
	spin(0);
	/* Only what the bucket holds went through at once... */
	ck_assert_uint_lt(client.nin, sizeof buf);
	/* ...the rest follows, in order, at about the rate. */
	spin(400);
	ck_assert_uint_eq(client.nin, sizeof buf);
	ck_assert_int_eq(memcmp(client.in, buf, sizeof buf), 0);
}
END_TEST

/*
 * A paste longer than the budget: the queue keeps twice the burst, the
 * rest is dropped and the hall told how much, and reading goes on (a
 * resize behind it is not stuck).  Only a flood stops the reading, until
 * the queue drains.
 */
START_TEST(test_input_paste_dropped)
{
	struct conn	*c;
	unsigned char	*big;

	cfg.input_rate = 1000000;
	cfg.input_burst = 16384;
	c = new_conn();
	conn_transport_ready(c);
	spin(0);
	big = calloc(1, 5 * 1024 * 1024);
	conn_transport_input(c, big, 100000);
	ck_assert(!fake->paused);
	conn_transport_resize(c, 100, 30);
	spin(50);
	ck_assert_uint_eq(client.nin, 2 * 16384);
	ck_assert_uint_eq(client.dropped, 100000 - 2 * 16384);
	ck_assert_int_eq(client.drops, 1);
	ck_assert_int_eq(client.cols, 100);
	/* Another paste is another story: told again, from nothing. */
	conn_transport_input(c, big, 40000);
	spin(50);
	ck_assert_uint_eq(client.dropped, 40000 - 2 * 16384);
	ck_assert_int_eq(client.drops, 2);
	/* A flood: past CONN_FLOOD_MAX dropped, reading stops... */
	conn_transport_input(c, big, 5 * 1024 * 1024);
	ck_assert(fake->paused);
	ck_assert_int_eq(fake->pauses, 1);
	/* ...until the queue has drained. */
	spin(50);
	ck_assert(!fake->paused);
	ck_assert_int_eq(fake->resumes, 1);
	free(big);
}
END_TEST

START_TEST(test_resize)
{
	struct conn	*c = new_conn();

	conn_transport_resize(c, 100, 40);	/* before open: just info */
	conn_transport_ready(c);
	spin(0);
	ck_assert_int_eq(client.resizes, 0);
	ck_assert_int_eq(conn_info(c)->cols, 100);

	/* Coalesced to the latest; 0 keeps; huge is clamped. */
	conn_transport_resize(c, 120, 50);
	conn_transport_resize(c, 0, 60);
	conn_transport_resize(c, 100000, 0);
	ck_assert_int_eq(client.resizes, 0);
	spin(0);
	ck_assert_int_eq(client.resizes, 1);
	ck_assert_int_eq(client.cols, CONN_COLS_MAX);
	ck_assert_int_eq(client.rows, 60);
	conn_transport_resize(c, -1, 100000);
	spin(0);
	ck_assert_int_eq(client.rows, CONN_ROWS_MAX);
	ck_assert_int_eq(client.cols, CONN_COLS_MAX);
	/* The same size again is no event. */
	conn_transport_resize(c, CONN_COLS_MAX, CONN_ROWS_MAX);
	spin(0);
	ck_assert_int_eq(client.resizes, 2);
}
END_TEST

START_TEST(test_close_after_tail)
{
	struct conn	*c = new_conn();

	conn_transport_ready(c);
	spin(0);
	fake->accept = 3;
	ck_assert_int_eq(write_frame(c, "abcdef"), CONN_WRITE_PENDING);
	close_conn(c, "bye");
	close_conn(c, "again");			/* harmless */
	ck_assert_int_eq(fake->closes, 0);	/* tail first */
	ck_assert_int_eq(write_frame(c, "x"), CONN_WRITE_REFUSED);
	fake->accept = SIZE_MAX;
	conn_transport_flush(c);
	ck_assert_uint_eq(fake->nout, 11);
	ck_assert_int_eq(memcmp(fake->out, "abcdefbye\r\n", 11), 0);
	ck_assert_int_eq(fake->closes, 1);
	ck_assert(!fake->close_force);
	spin(0);
	ck_assert_int_eq(client.closed, 0);	/* transport still there */
	conn_transport_gone(c);
	ck_assert_int_eq(client.closed, 0);
	spin(0);
	ck_assert_int_eq(client.closed, 1);
	ck_assert(TAILQ_EMPTY(&conns));
	ck_assert_uint_eq(limits_total(limits), 0);
}
END_TEST

START_TEST(test_close_lingers)
{
	struct conn	*c = new_conn();

	conn_transport_ready(c);
	spin(0);
	fake->accept = 0;			/* the peer stopped reading */
	ck_assert_int_eq(write_frame(c, "frame"), CONN_WRITE_PENDING);
	close_conn(c, NULL);
	spin(1000);
	ck_assert_int_eq(fake->closes, 0);
	spin(1300);
	ck_assert_int_eq(fake->closes, 1);
	ck_assert(fake->close_force);
	conn_transport_gone(c);
	spin(0);
	ck_assert_int_eq(client.closed, 1);
}
END_TEST

START_TEST(test_write_timeout)
{
	struct conn	*c;

	cfg.write_timeout = 1;
	c = new_conn();
	conn_transport_ready(c);
	spin(0);
	fake->pending = true;
	ck_assert_int_eq(write_frame(c, "frame"), CONN_WRITE_PENDING);
	spin(1200);
	ck_assert_int_eq(fake->closes, 1);
	ck_assert(fake->close_force);
	ck_assert(conn_busy(c));
}
END_TEST

START_TEST(test_peer_goes)
{
	struct conn	*c = new_conn();

	conn_transport_ready(c);
	spin(0);
	fake->dead = true;
	ck_assert_int_eq(write_frame(c, "x"), CONN_WRITE_REFUSED);
	conn_transport_gone(c);
	ck_assert(conn_busy(c));
	spin(0);
	ck_assert_int_eq(client.closed, 1);
	ck_assert(TAILQ_EMPTY(&conns));
}
END_TEST

START_TEST(test_open_refused)
{
	struct conn	*c = new_conn();

	refuse_open = true;
	conn_transport_ready(c);
	spin(0);
	ck_assert_int_eq(opens, 1);
	ck_assert_int_eq(fake->closes, 1);
	conn_transport_gone(c);
	spin(0);
	ck_assert_int_eq(client.closed, 0);	/* never had it */
	ck_assert(TAILQ_EMPTY(&conns));
}
END_TEST

START_TEST(test_login_failures)
{
	struct conn	*c;
	int		 i, d, last = 0;

	cfg.max_auth_tries = 4;
	cfg.auth_fail_delay_ms = 100;
	c = new_conn();
	for (i = 1; i < 4; i++) {
		d = conn_login_failed(c);
		ck_assert_int_gt(d, last);	/* growing */
		last = d;
	}
	ck_assert_int_eq(conn_login_failed(c), -1);
	ck_assert_int_eq(limits_penalty(limits, conn_addr(c),
	    clock_ms(mclock)), 4 * cfg.penalty_authfail);
}
END_TEST

START_TEST(test_destroy_all)
{
	struct conn	*c = new_conn();

	conn_transport_ready(c);
	spin(0);
	conn_destroy_all(&conns);
	ck_assert_int_eq(client.closed, 1);
	ck_assert_int_eq(fake->destroys, 1);
	ck_assert(TAILQ_EMPTY(&conns));
}
END_TEST

static Suite *
conn_suite(void)
{
	Suite	*s = suite_create("conn");
	TCase	*tc = tcase_create("conn");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_open_and_info);
	tcase_add_test(tc, test_one_pending_frame);
	tcase_add_test(tc, test_input_order_and_rate);
	tcase_add_test(tc, test_input_paste_dropped);
	tcase_add_test(tc, test_resize);
	tcase_add_test(tc, test_close_after_tail);
	tcase_add_test(tc, test_close_lingers);
	tcase_add_test(tc, test_write_timeout);
	tcase_add_test(tc, test_peer_goes);
	tcase_add_test(tc, test_open_refused);
	tcase_add_test(tc, test_login_failures);
	tcase_add_test(tc, test_destroy_all);
	tcase_set_timeout(tc, 30);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(conn_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
