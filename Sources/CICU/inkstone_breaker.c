/* Break iterators over a chunked text: one ICU UBreakIterator and one UText per breaker. */
#include "inkstone_icu_internal.h"
#include <stdlib.h>
#include <unicode/ubrk.h>

struct inkstone_breaker {
    UBreakIterator *iterator;
    UText *text;
    inkstone_chunk_text_state state;
};

_Static_assert(INKSTONE_BREAK_CHARACTER == UBRK_CHARACTER, "break kinds follow ICU");
_Static_assert(INKSTONE_BREAK_WORD == UBRK_WORD, "break kinds follow ICU");
_Static_assert(INKSTONE_BREAK_LINE == UBRK_LINE, "break kinds follow ICU");
_Static_assert(INKSTONE_BREAK_SENTENCE == UBRK_SENTENCE, "break kinds follow ICU");
_Static_assert(INKSTONE_WORD_NUMBER == UBRK_WORD_NUMBER, "word statuses follow ICU");
_Static_assert(INKSTONE_WORD_LETTER == UBRK_WORD_LETTER, "word statuses follow ICU");
_Static_assert(INKSTONE_WORD_KANA == UBRK_WORD_KANA, "word statuses follow ICU");
_Static_assert(INKSTONE_WORD_IDEO == UBRK_WORD_IDEO, "word statuses follow ICU");
_Static_assert(INKSTONE_WORD_IDEO_LIMIT == UBRK_WORD_IDEO_LIMIT, "word statuses follow ICU");

/* An empty text: the state a breaker is in before its first set_text. */
static int32_t empty_chunk(void *context, int64_t utf16_offset, const uint16_t **units, int64_t *chunk_start,
                           int64_t *chunk_length) {
    (void)context;
    (void)utf16_offset;
    *units = NULL;
    *chunk_start = 0;
    *chunk_length = 0;
    return 1;
}

inkstone_breaker *inkstone_breaker_open(int32_t kind, const char *locale) {
    if (kind < INKSTONE_BREAK_CHARACTER || kind > INKSTONE_BREAK_SENTENCE) return NULL;
    inkstone_breaker *breaker = calloc(1, sizeof(inkstone_breaker));
    if (breaker == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    breaker->iterator = ubrk_open((UBreakIteratorType)kind, locale != NULL ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        free(breaker);
        return NULL;
    }
    breaker->state.chunk_fn = empty_chunk;
    breaker->text = inkstone_chunk_text_open(&breaker->state, &status);
    if (U_FAILURE(status) || breaker->text == NULL) {
        ubrk_close(breaker->iterator);
        free(breaker);
        return NULL;
    }
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    if (U_FAILURE(status)) {
        inkstone_breaker_close(breaker);
        return NULL;
    }
    return breaker;
}

void inkstone_breaker_close(inkstone_breaker *breaker) {
    if (breaker == NULL) return;
    /* The iterator holds a clone of the text that shares `state`: close it first. */
    ubrk_close(breaker->iterator);
    utext_close(breaker->text);
    free(breaker);
}

int32_t inkstone_breaker_set_text(inkstone_breaker *breaker, inkstone_chunk_fn chunk_fn, void *context,
                                  int64_t utf16_length) {
    if (breaker == NULL || chunk_fn == NULL || utf16_length < 0 || utf16_length > INT32_MAX) return -1;
    breaker->state.chunk_fn = chunk_fn;
    breaker->state.context = context;
    breaker->state.length = utf16_length;
    breaker->state.chunk_requests = 0;
    inkstone_chunk_text_invalidate(breaker->text);
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t inkstone_breaker_following(inkstone_breaker *breaker, int32_t utf16_offset) {
    if (breaker == NULL) return -1;
    int32_t boundary = ubrk_following(breaker->iterator, utf16_offset);
    return boundary == UBRK_DONE ? -1 : boundary;
}

int32_t inkstone_breaker_preceding(inkstone_breaker *breaker, int32_t utf16_offset) {
    if (breaker == NULL) return -1;
    int32_t boundary = ubrk_preceding(breaker->iterator, utf16_offset);
    return boundary == UBRK_DONE ? -1 : boundary;
}

int32_t inkstone_breaker_is_boundary(inkstone_breaker *breaker, int32_t utf16_offset) {
    if (breaker == NULL) return 0;
    return ubrk_isBoundary(breaker->iterator, utf16_offset) ? 1 : 0;
}

int32_t inkstone_breaker_rule_status(inkstone_breaker *breaker) {
    if (breaker == NULL) return 0;
    return ubrk_getRuleStatus(breaker->iterator);
}

int64_t inkstone_breaker_chunk_requests(const inkstone_breaker *breaker) {
    return breaker != NULL ? breaker->state.chunk_requests : 0;
}
