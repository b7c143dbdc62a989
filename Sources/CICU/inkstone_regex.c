#include "inkstone_icu.h"
#include <stdio.h>
#include <stdlib.h>
#include <unicode/uregex.h>

struct inkstone_regex {
    URegularExpression *icu;
};

inkstone_regex *inkstone_regex_open(const uint16_t *pattern, int32_t length, char *error, int32_t error_capacity) {
    if (error != NULL && error_capacity > 0) error[0] = 0;
    if (pattern == NULL || length <= 0) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    URegularExpression *icu = uregex_open((const UChar *)pattern, length, 0, &parse, &status);
    if (U_FAILURE(status) || icu == NULL) {
        if (error != NULL && error_capacity > 0) {
            snprintf(error, (size_t)error_capacity, "%s at offset %d", u_errorName(status), (int)parse.offset);
        }
        if (icu != NULL) uregex_close(icu);
        return NULL;
    }
    inkstone_regex *regex = malloc(sizeof *regex);
    if (regex == NULL) {
        uregex_close(icu);
        return NULL;
    }
    regex->icu = icu;
    return regex;
}

void inkstone_regex_close(inkstone_regex *regex) {
    if (regex == NULL) return;
    uregex_close(regex->icu);
    free(regex);
}

int32_t inkstone_regex_find_all(inkstone_regex *regex, const uint16_t *units, int32_t length, int32_t *ranges,
                                int32_t max_matches, int32_t time_limit) {
    if (regex == NULL || length < 0 || (units == NULL && length > 0) || ranges == NULL || max_matches < 0) return -1;
    static const UChar empty = 0;
    UErrorCode status = U_ZERO_ERROR;
    uregex_setTimeLimit(regex->icu, time_limit, &status);
    uregex_setText(regex->icu, length > 0 ? (const UChar *)units : &empty, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t found = 0;
    while (found < max_matches && uregex_findNext(regex->icu, &status)) {
        int32_t start = uregex_start(regex->icu, 0, &status);
        int32_t end = uregex_end(regex->icu, 0, &status);
        if (U_FAILURE(status)) break;
        if (end <= start) continue;
        ranges[2 * found] = start;
        ranges[2 * found + 1] = end;
        found += 1;
    }
    /* Detach the text: the caller's buffer is about to go away. */
    UErrorCode reset = U_ZERO_ERROR;
    uregex_setText(regex->icu, &empty, 0, &reset);
    return U_FAILURE(status) ? -1 : found;
}
