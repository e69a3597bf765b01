/*
 * nvt.c - telnet protocol state for one connection, on libtelnet.
 *
 * libtelnet does the option negotiation (RFC 1143 Q method) and IAC
 * parsing; this file decides what we offer, reads NAWS and TTYPE, and
 * cleans the data stream.  Debian's libtelnet 0.21 has no EOL translation,
 * so CR LF / CR NUL -> CR is done here.  It is also built with zlib and
 * starts inflating input as soon as a peer sends SB COMPRESS2, which a
 * server never asked for: that is treated as a protocol error.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libtelnet.h>

#include "src/net/conn.h"
#include "src/net/nvt.h"

#define NVT_IAC_IP 244	/* Interrupt Process: the user's Ctrl-C */

struct nvt {
	telnet_t			*tn;
	const struct nvt_callbacks	*cb;
	void				*arg;
	bool				 cr;	/* last data byte was CR */
	bool				 naws_done;
	bool				 ttype_done;
	bool				 ttype_asked;
	bool				 broken;
	int				 cols, rows;
};

static const telnet_telopt_t nvt_telopts[] = {
	{ TELNET_TELOPT_ECHO, TELNET_WILL, TELNET_DONT },
	{ TELNET_TELOPT_SGA, TELNET_WILL, TELNET_DO },
	{ TELNET_TELOPT_BINARY, TELNET_WILL, TELNET_DO },
	{ TELNET_TELOPT_NAWS, TELNET_WONT, TELNET_DO },
	{ TELNET_TELOPT_TTYPE, TELNET_WONT, TELNET_DO },
	{ -1, 0, 0 }
};

static void
nvt_fail(struct nvt *n, const char *why)
{
	if (n->broken)
		return;
	n->broken = true;
	n->cb->error(n->arg, why);
}

/* Typed bytes: CR LF and CR NUL become CR (also across reads). */
static void
nvt_data(struct nvt *n, const unsigned char *p, size_t len)
{
	unsigned char	 out[512];
	size_t		 i, o = 0;

	for (i = 0; i < len; i++) {
		if (n->cr && (p[i] == '\n' || p[i] == '\0')) {
			n->cr = false;
			continue;
		}
		n->cr = p[i] == '\r';
		out[o++] = p[i];
		if (o == sizeof out) {
			n->cb->input(n->arg, out, o);
			o = 0;
			if (n->broken)
				return;
		}
	}
	if (o > 0)
		n->cb->input(n->arg, out, o);
}

static void
nvt_naws(struct nvt *n, const unsigned char *p, size_t len)
{
	int	 cols, rows;

	n->naws_done = true;
	if (len != 4)
		return;		/* malformed: ignore, keep the old size */
	cols = p[0] << 8 | p[1];
	rows = p[2] << 8 | p[3];
	if (cols == 0)
		cols = n->cols;
	if (rows == 0)
		rows = n->rows;
	/* The bounds conn_info promises. */
	if (cols > CONN_COLS_MAX)
		cols = CONN_COLS_MAX;
	if (rows > CONN_ROWS_MAX)
		rows = CONN_ROWS_MAX;
	if (cols == n->cols && rows == n->rows)
		return;
	n->cols = cols;
	n->rows = rows;
	n->cb->resize(n->arg, cols, rows);
}

static void
nvt_ttype(struct nvt *n, const char *name)
{
	char	 term[CONN_TERM_LEN];
	size_t	 i, o = 0;

	n->ttype_done = true;
	if (name == NULL)
		return;
	/* Printable ASCII only, lower case, bounded. */
	for (i = 0; name[i] != '\0' && o < sizeof term - 1; i++) {
		unsigned char	ch = (unsigned char)name[i];

		if (ch <= 0x20 || ch >= 0x7f)
			continue;
		if (ch >= 'A' && ch <= 'Z')
			ch = (unsigned char)(ch - 'A' + 'a');
		term[o++] = (char)ch;
	}
	term[o] = '\0';
	if (o > 0)
		n->cb->term(n->arg, term);
}

static void
nvt_event(telnet_t *tn, telnet_event_t *ev, void *arg)
{
	struct nvt	*n = arg;
	unsigned char	 ctrl_c = 0x03;

	if (n->broken && ev->type != TELNET_EV_SEND)
		return;
	switch (ev->type) {
	case TELNET_EV_DATA:
		nvt_data(n, (const unsigned char *)ev->data.buffer,
		    ev->data.size);
		break;
	case TELNET_EV_SEND:
		if (!n->broken)
			n->cb->send(n->arg, ev->data.buffer, ev->data.size);
		break;
	case TELNET_EV_IAC:
		if (ev->iac.cmd == NVT_IAC_IP)
			n->cb->input(n->arg, &ctrl_c, 1);
		break;
	case TELNET_EV_WILL:
		if (ev->neg.telopt == TELNET_TELOPT_TTYPE && !n->ttype_asked) {
			n->ttype_asked = true;
			telnet_ttype_send(tn);
		}
		break;
	case TELNET_EV_WONT:
		if (ev->neg.telopt == TELNET_TELOPT_TTYPE)
			n->ttype_done = true;
		if (ev->neg.telopt == TELNET_TELOPT_NAWS)
			n->naws_done = true;
		break;
	case TELNET_EV_SUBNEGOTIATION:
		if (ev->sub.telopt == TELNET_TELOPT_NAWS)
			nvt_naws(n, (const unsigned char *)ev->sub.buffer,
			    ev->sub.size);
		else if (ev->sub.telopt == TELNET_TELOPT_COMPRESS2)
			nvt_fail(n, "client sent COMPRESS2");
		break;
	case TELNET_EV_TTYPE:
		if (ev->ttype.cmd == TELNET_TTYPE_IS)
			nvt_ttype(n, ev->ttype.name);
		break;
	case TELNET_EV_COMPRESS:
		nvt_fail(n, "client enabled compression");
		break;
	case TELNET_EV_ERROR:
		nvt_fail(n, ev->error.msg != NULL ? ev->error.msg :
		    "telnet protocol error");
		break;
	default:
		/* DO/DONT are answered by libtelnet from nvt_telopts;
		 * warnings, ZMP, ENVIRON, MSSP: nothing to do. */
		break;
	}
}

struct nvt *
nvt_new(const struct nvt_callbacks *cb, void *arg)
{
	struct nvt	*n;

	n = calloc(1, sizeof *n);
	if (n == NULL)
		return NULL;
	n->cb = cb;
	n->arg = arg;
	n->cols = CONN_COLS_DEFAULT;
	n->rows = CONN_ROWS_DEFAULT;
	n->tn = telnet_init(nvt_telopts, nvt_event, 0, n);
	if (n->tn == NULL) {
		free(n);
		return NULL;
	}
	return n;
}

void
nvt_free(struct nvt *n)
{
	if (n == NULL)
		return;
	telnet_free(n->tn);
	free(n);
}

void
nvt_start(struct nvt *n)
{
	telnet_negotiate(n->tn, TELNET_WILL, TELNET_TELOPT_ECHO);
	telnet_negotiate(n->tn, TELNET_WILL, TELNET_TELOPT_SGA);
	telnet_negotiate(n->tn, TELNET_DO, TELNET_TELOPT_SGA);
	telnet_negotiate(n->tn, TELNET_WILL, TELNET_TELOPT_BINARY);
	telnet_negotiate(n->tn, TELNET_DO, TELNET_TELOPT_BINARY);
	telnet_negotiate(n->tn, TELNET_DO, TELNET_TELOPT_NAWS);
	telnet_negotiate(n->tn, TELNET_DO, TELNET_TELOPT_TTYPE);
}

void
nvt_recv(struct nvt *n, const void *buf, size_t len)
{
	if (n->broken || len == 0)
		return;
	telnet_recv(n->tn, buf, len);
}

void
nvt_send(struct nvt *n, const void *buf, size_t len)
{
	if (n->broken || len == 0)
		return;
	telnet_send(n->tn, buf, len);
}

bool
nvt_settled(const struct nvt *n)
{
	return n->naws_done && n->ttype_done;
}

bool
nvt_broken(const struct nvt *n)
{
	return n->broken;
}
