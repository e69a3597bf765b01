/*
 * hash.h - the hash functions of the daemon's hash tables (identities,
 * tables): FNV-1a over a string, and a multiplicative mix of a 64-bit key
 * (an id, an address) whose high bits index the buckets.
 */
#ifndef SRC_BASE_HASH_H
#define SRC_BASE_HASH_H

#include <stdint.h>

static inline uint32_t
hash_string(const char *s)
{
	uint32_t	 h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static inline uint32_t
hash_u64(uint64_t v)
{
	return (uint32_t)((v * 0x9e3779b97f4a7c15ull) >> 32);
}

#endif
