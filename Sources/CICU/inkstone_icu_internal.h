#ifndef INKSTONE_ICU_INTERNAL_H
#define INKSTONE_ICU_INTERNAL_H
/* Shared by the .c files of this target only; never included by Swift. */
#include "inkstone_icu.h"
#include <unicode/utext.h>

/** Where a chunked UText gets its chunks; owned by whoever opened the UText. */
typedef struct inkstone_chunk_text_state {
    inkstone_chunk_fn chunk_fn;
    void *context;
    int64_t length;
    int64_t chunk_requests;
} inkstone_chunk_text_state;

/**
 * Opens a heap UText reading through `state`, which must outlive it and every
 * clone of it (clones are shallow and share `state`).
 */
UText *inkstone_chunk_text_open(inkstone_chunk_text_state *state, UErrorCode *status);

/** Forgets the cached chunk so the next access asks `state` again. */
void inkstone_chunk_text_invalidate(UText *text);

#endif
