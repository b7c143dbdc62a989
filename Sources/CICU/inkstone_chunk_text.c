/*
 * A UText over a chunked UTF-16 text (a rope), reading chunks through a
 * callback. Native indexes are UTF-16 offsets, so every chunk is its own
 * native index space (nativeIndexingLimit = chunkLength) and ICU's offset
 * mapping functions are not needed.
 */
#include "inkstone_icu_internal.h"
#include <string.h>

/* A chunk is cut to a window of at most this many units around the index. */
#define INKSTONE_CHUNK_WINDOW (1 << 20)

static const UChar inkstone_empty_units[1] = {0};

/* Stands in for text a misbehaving source failed to deliver: ICU aborts when a
 * text gives out before its nativeLength, so such stretches read as U+FFFD. */
#define INKSTONE_REPLACEMENT_COUNT 64
static const UChar inkstone_replacement_units[INKSTONE_REPLACEMENT_COUNT] = {
    [0 ... INKSTONE_REPLACEMENT_COUNT - 1] = 0xFFFD};

static inkstone_chunk_text_state *state_of(const UText *text) {
    return (inkstone_chunk_text_state *)text->context;
}

static void set_empty_chunk(UText *text, int64_t native_start) {
    text->chunkContents = inkstone_empty_units;
    text->chunkNativeStart = native_start;
    text->chunkNativeLimit = native_start;
    text->chunkLength = 0;
    text->chunkOffset = 0;
    text->nativeIndexingLimit = 0;
}

/* Makes the current chunk a run of U+FFFD around `utf16_offset` (inside the text). */
static void set_replacement_chunk(UText *text, int64_t utf16_offset, int64_t length) {
    int64_t start = utf16_offset - INKSTONE_REPLACEMENT_COUNT / 2;
    if (start + INKSTONE_REPLACEMENT_COUNT > length) start = length - INKSTONE_REPLACEMENT_COUNT;
    if (start < 0) start = 0;
    int64_t limit = start + INKSTONE_REPLACEMENT_COUNT;
    if (limit > length) limit = length;
    text->chunkContents = inkstone_replacement_units;
    text->chunkNativeStart = start;
    text->chunkNativeLimit = limit;
    text->chunkLength = (int32_t)(limit - start);
    text->nativeIndexingLimit = text->chunkLength;
    text->chunkOffset = 0;
}

/*
 * Loads the chunk containing `utf16_offset` (clamped to the text), cut to a
 * window that contains both `utf16_offset - 1` and `utf16_offset` when they
 * are in the chunk. When the source fails or answers with a chunk that does
 * not hold the offset, the text there reads as U+FFFD. Returns false only for
 * an empty text.
 */
static UBool load_chunk(UText *text, int64_t utf16_offset) {
    inkstone_chunk_text_state *state = state_of(text);
    const uint16_t *units = NULL;
    int64_t chunk_start = 0;
    int64_t chunk_length = 0;
    state->chunk_requests += 1;
    if (!state->chunk_fn(state->context, utf16_offset, &units, &chunk_start, &chunk_length) ||
        chunk_length < 0 || chunk_start < 0 || chunk_start + chunk_length > state->length ||
        utf16_offset < chunk_start || utf16_offset > chunk_start + chunk_length ||
        (utf16_offset == chunk_start + chunk_length && utf16_offset < state->length) ||
        (chunk_length > 0 && units == NULL) || (chunk_length == 0 && state->length > 0)) {
        if (state->length == 0) {
            set_empty_chunk(text, 0);
            return false;
        }
        set_replacement_chunk(text, utf16_offset, state->length);
        return true;
    }
    if (chunk_length > INKSTONE_CHUNK_WINDOW) {
        int64_t window_start = utf16_offset - INKSTONE_CHUNK_WINDOW / 2;
        if (window_start < chunk_start) window_start = chunk_start;
        int64_t window_limit = window_start + INKSTONE_CHUNK_WINDOW;
        if (window_limit > chunk_start + chunk_length) window_limit = chunk_start + chunk_length;
        units += window_start - chunk_start;
        chunk_start = window_start;
        chunk_length = window_limit - window_start;
    }
    text->chunkContents = chunk_length > 0 ? units : inkstone_empty_units;
    text->chunkNativeStart = chunk_start;
    text->chunkNativeLimit = chunk_start + chunk_length;
    text->chunkLength = (int32_t)chunk_length;
    text->nativeIndexingLimit = (int32_t)chunk_length;
    text->chunkOffset = 0;
    return true;
}

static UBool chunk_access(UText *text, int64_t native_index, UBool forward) {
    int64_t length = state_of(text)->length;
    if (native_index < 0) native_index = 0;
    if (native_index > length) native_index = length;
    if (forward) {
        if (native_index < length) {
            if (!(native_index >= text->chunkNativeStart && native_index < text->chunkNativeLimit)) {
                if (!load_chunk(text, native_index)) return false;
            }
            text->chunkOffset = (int32_t)(native_index - text->chunkNativeStart);
            return native_index < text->chunkNativeLimit;
        }
        /* At the end: pin chunkOffset after the last unit and report no text. */
        if (!(text->chunkNativeLimit == length && text->chunkContents != NULL)) {
            if (!load_chunk(text, length)) return false;
        }
        text->chunkOffset = text->chunkLength;
        return false;
    }
    if (native_index > 0) {
        if (!(native_index > text->chunkNativeStart && native_index <= text->chunkNativeLimit)) {
            if (!load_chunk(text, native_index - 1)) return false;
        }
        text->chunkOffset = (int32_t)(native_index - text->chunkNativeStart);
        return native_index > text->chunkNativeStart;
    }
    /* At the start: pin chunkOffset before the first unit and report no text. */
    if (!(text->chunkNativeStart == 0 && text->chunkContents != NULL)) {
        if (!load_chunk(text, 0)) return false;
    }
    text->chunkOffset = 0;
    return false;
}

static UText *chunk_clone(UText *dest, const UText *src, UBool deep, UErrorCode *status) {
    if (U_FAILURE(*status)) return dest;
    if (deep) {
        /* A deep clone would need its own copy of the text; break iterators never ask. */
        *status = U_UNSUPPORTED_ERROR;
        return dest;
    }
    dest = utext_setup(dest, 0, status);
    if (U_FAILURE(*status)) return dest;
    dest->providerProperties = src->providerProperties;
    dest->pFuncs = src->pFuncs;
    dest->context = src->context;
    dest->chunkContents = src->chunkContents;
    dest->chunkNativeStart = src->chunkNativeStart;
    dest->chunkNativeLimit = src->chunkNativeLimit;
    dest->chunkLength = src->chunkLength;
    dest->chunkOffset = src->chunkOffset;
    dest->nativeIndexingLimit = src->nativeIndexingLimit;
    return dest;
}

static int64_t chunk_native_length(UText *text) { return state_of(text)->length; }

static int32_t chunk_extract(UText *text, int64_t native_start, int64_t native_limit, UChar *dest,
                             int32_t dest_capacity, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    if (dest_capacity < 0 || (dest == NULL && dest_capacity > 0) || native_start > native_limit) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int64_t length = state_of(text)->length;
    if (native_start < 0) native_start = 0;
    if (native_limit > length) native_limit = length;
    if (native_start > length) native_start = length;
    int64_t wanted = native_limit - native_start;
    if (wanted > INT32_MAX) {
        *status = U_INDEX_OUTOFBOUNDS_ERROR;
        return 0;
    }
    int64_t copied = 0;
    int64_t offset = native_start;
    while (offset < native_limit && copied < dest_capacity) {
        if (!(offset >= text->chunkNativeStart && offset < text->chunkNativeLimit) && !load_chunk(text, offset)) {
            break;
        }
        int64_t available = text->chunkNativeLimit - offset;
        if (available > native_limit - offset) available = native_limit - offset;
        if (available > dest_capacity - copied) available = dest_capacity - copied;
        memcpy(dest + copied, text->chunkContents + (offset - text->chunkNativeStart), (size_t)available * sizeof(UChar));
        copied += available;
        offset += available;
    }
    chunk_access(text, native_limit, true);
    /* Terminate, preflight and report like ICU's own providers do. */
    if (wanted < dest_capacity) {
        dest[wanted] = 0;
    } else if (wanted == dest_capacity) {
        *status = U_STRING_NOT_TERMINATED_WARNING;
    } else {
        *status = U_BUFFER_OVERFLOW_ERROR;
    }
    return (int32_t)wanted;
}

static void chunk_close(UText *text) {
    /* The state belongs to whoever opened the text; nothing to free here. */
    (void)text;
}

static const UTextFuncs inkstone_chunk_funcs = {
    sizeof(UTextFuncs), 0, 0, 0,
    chunk_clone, chunk_native_length, chunk_access,
    chunk_extract, NULL, NULL,
    NULL, NULL, chunk_close,
    NULL, NULL, NULL,
};

UText *inkstone_chunk_text_open(inkstone_chunk_text_state *state, UErrorCode *status) {
    UText *text = utext_setup(NULL, 0, status);
    if (U_FAILURE(*status)) return NULL;
    text->pFuncs = &inkstone_chunk_funcs;
    text->context = state;
    set_empty_chunk(text, 0);
    text->chunkContents = NULL; /* nothing loaded yet */
    return text;
}

void inkstone_chunk_text_invalidate(UText *text) {
    set_empty_chunk(text, 0);
    text->chunkContents = NULL;
}
