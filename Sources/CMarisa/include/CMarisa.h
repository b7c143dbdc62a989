#ifndef INKSTONE_CMARISA_H
#define INKSTONE_CMARISA_H

// A C view of a MARISA trie (libmarisa, C++), read-only and memory-mapped:
// open, exact lookup, common-prefix and predictive search. No C++ exception
// crosses this boundary: every failure is a return value.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opened trie.
typedef struct inkstone_marisa_trie inkstone_marisa_trie;

/// Called once per key found: the key's bytes, their length, and its id.
typedef void (*inkstone_marisa_visit)(void *context, const char *key, size_t length, uint32_t id);

/// Maps the trie file at `path`; NULL when it cannot be read or is not a MARISA trie.
inkstone_marisa_trie *inkstone_marisa_open(const char *path);

/// Unmaps `trie`.
void inkstone_marisa_close(inkstone_marisa_trie *trie);

/// The number of keys.
size_t inkstone_marisa_size(const inkstone_marisa_trie *trie);

/// The id of the key `query` (`length` bytes), or -1 when it is not in the trie.
int64_t inkstone_marisa_lookup(const inkstone_marisa_trie *trie, const char *query, size_t length);

/// Visits every key that is a prefix of `query`, shortest first; returns how many, or -1 on failure.
int64_t inkstone_marisa_common_prefixes(
    const inkstone_marisa_trie *trie, const char *query, size_t length, void *context, inkstone_marisa_visit visit);

/// Visits every key that starts with `prefix`; returns how many, or -1 on failure.
int64_t inkstone_marisa_predict(
    const inkstone_marisa_trie *trie, const char *prefix, size_t length, void *context, inkstone_marisa_visit visit);

#ifdef __cplusplus
}
#endif

#endif
