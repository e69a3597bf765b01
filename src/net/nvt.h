/*
 * nvt.h - the telnet protocol for one connection (no sockets).
 *
 * Wraps libtelnet: negotiates ECHO and SGA (character mode, we echo),
 * BINARY both ways (UTF-8), NAWS (window size) and TTYPE (terminal type);
 * strips IAC sequences from input and turns CR LF and CR NUL into CR;
 * escapes 0xFF in output.  Bytes for the socket and everything learnt go
 * out through callbacks, so the tests and the fuzzer can drive it with
 * any bytes at all.
 */
#ifndef SRC_NVT_H
#define SRC_NVT_H

#include <stdbool.h>
#include <stddef.h>

struct nvt_callbacks {
	/* Bytes to write to the socket. */
	void	(*send)(void *arg, const char *buf, size_t len);
	/* What the user typed. */
	void	(*input)(void *arg, const unsigned char *buf, size_t len);
	/* NAWS, clamped to the conn_info bounds (0 fields keep the old). */
	void	(*resize)(void *arg, int cols, int rows);
	/* TTYPE IS: cleaned, lower-cased, never "". */
	void	(*term)(void *arg, const char *term);
	/* The peer broke the protocol beyond repair: close. */
	void	(*error)(void *arg, const char *why);
};

struct nvt;

struct nvt *nvt_new(const struct nvt_callbacks *, void *arg);
void	nvt_free(struct nvt *);

/* Send our opening negotiation. */
void	nvt_start(struct nvt *);

/* Feed bytes read from the socket. */
void	nvt_recv(struct nvt *, const void *buf, size_t len);

/* Send output (0xFF escaped). */
void	nvt_send(struct nvt *, const void *buf, size_t len);

/*
 * The peer answered both NAWS and TTYPE.  A refusal (WONT) is not reported
 * by libtelnet 0.21, so the caller also needs a timer.
 */
bool	nvt_settled(const struct nvt *);

/* The broken flag: after an error nothing more is delivered. */
bool	nvt_broken(const struct nvt *);

#endif
