/*
 * store-addr.c - addresses and networks for IP bans: parsing, matching,
 * and the canonical text a ban is stored as.  Pure: no database here.
 */
#include <arpa/inet.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/store/store-int.h"

/*
 * Parse "ADDR" or "ADDR/BITS" (IPv4 or IPv6).  An IPv4 address becomes
 * ::ffff:a.b.c.d with 96 added to its prefix, so one comparison serves
 * both families.  0 or -1.
 */
int
store_addr_parse(const char *text, int prefix_ok, struct store_addr *net)
{
	char		 buf[STORE_ADDR_MAX + 1], *slash, *end;
	unsigned char	 v4[4];
	long		 bits = -1;
	int		 max;

	if (strnlen(text, sizeof buf) >= sizeof buf)
		return -1;
	memcpy(buf, text, strlen(text) + 1);
	slash = strchr(buf, '/');
	if (slash != NULL) {
		if (!prefix_ok || !isdigit((unsigned char)slash[1]))
			return -1;
		*slash = '\0';
		bits = strtol(slash + 1, &end, 10);
		if (*end != '\0' || end - (slash + 1) > 3)
			return -1;
	}
	memset(net, 0, sizeof *net);
	if (inet_pton(AF_INET, buf, v4) == 1) {
		max = 32;
		net->addr[10] = net->addr[11] = 0xff;
		memcpy(net->addr + 12, v4, 4);
	} else if (inet_pton(AF_INET6, buf, net->addr) == 1)
		max = 128;
	else
		return -1;
	if (bits > max)
		return -1;
	if (bits < 0)
		bits = max;
	net->bits = (int)bits + 128 - max;
	return 0;
}

/* Whether addr (a full 128-bit address) lies in net. */
int
store_addr_contains(const struct store_addr *net,
    const struct store_addr *addr)
{
	int		 i, full = net->bits / 8, rest = net->bits % 8;
	unsigned char	 mask;

	for (i = 0; i < full; i++) {
		if (net->addr[i] != addr->addr[i])
			return 0;
	}
	if (rest == 0)
		return 1;
	mask = (unsigned char)(0xff << (8 - rest));
	return (net->addr[full] & mask) == (addr->addr[full] & mask);
}

/* Clear host bits and write the canonical text ("192.0.2.0/24"). */
void
store_addr_format(struct store_addr *net, char *buf, size_t len)
{
	static const unsigned char	 mapped[12] = { [10] = 0xff, [11] = 0xff };
	char				 a[INET6_ADDRSTRLEN];
	int				 i, bits, host = 128;

	for (i = 0; i < 16; i++) {
		if (net->bits <= i * 8)
			net->addr[i] = 0;
		else if (net->bits < (i + 1) * 8)
			net->addr[i] &= (unsigned char)(0xff <<
			    ((i + 1) * 8 - net->bits));
	}
	bits = net->bits;
	if (bits >= 96 && memcmp(net->addr, mapped, 12) == 0) {
		inet_ntop(AF_INET, net->addr + 12, a, sizeof a);
		bits -= 96;
		host = 32;
	} else
		inet_ntop(AF_INET6, net->addr, a, sizeof a);
	/* A single host is written without its prefix. */
	if (bits == host)
		snprintf(buf, len, "%s", a);
	else
		snprintf(buf, len, "%s/%d", a, bits);
}
