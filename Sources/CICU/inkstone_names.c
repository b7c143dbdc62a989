/* Unicode character names, from ICU's name data. */
#include "inkstone_icu.h"
#include <unicode/uchar.h>

int32_t inkstone_char_name(uint32_t scalar, char *buffer, int32_t capacity) {
    if (buffer == NULL || capacity <= 0 || scalar > 0x10FFFF) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = u_charName((UChar32)scalar, U_UNICODE_CHAR_NAME, buffer, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) return -1;
    return length;
}

int64_t inkstone_char_from_name(const char *name) {
    if (name == NULL) return -1;
    for (const char *p = name; *p != 0; p++) {
        if ((unsigned char)*p > 0x7F) return -1; /* names are ASCII; ICU's invariant-char conversion wants that */
    }
    UErrorCode status = U_ZERO_ERROR;
    UChar32 scalar = u_charFromName(U_UNICODE_CHAR_NAME, name, &status);
    if (U_FAILURE(status) || scalar < 0) return -1;
    return (int64_t)scalar;
}
