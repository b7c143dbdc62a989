#include "inkstone_icu.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/utrans.h>

struct inkstone_transliterator {
    UTransliterator *icu;
};

inkstone_transliterator *inkstone_transliterator_open(const char *id) {
    if (id == NULL) return NULL;
    UChar uid[128];
    int32_t n = 0;
    for (; id[n] != 0; n++) {
        if (n >= 127 || (unsigned char)id[n] > 0x7F) return NULL; /* ICU ids are ASCII */
        uid[n] = (UChar)id[n];
    }
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *icu = utrans_openU(uid, n, UTRANS_FORWARD, NULL, 0, NULL, &status);
    if (U_FAILURE(status) || icu == NULL) return NULL;
    inkstone_transliterator *t = malloc(sizeof *t);
    if (t == NULL) {
        utrans_close(icu);
        return NULL;
    }
    t->icu = icu;
    return t;
}

void inkstone_transliterator_close(inkstone_transliterator *transliterator) {
    if (transliterator == NULL) return;
    utrans_close(transliterator->icu);
    free(transliterator);
}

int32_t inkstone_transliterate(inkstone_transliterator *transliterator, uint16_t *units, int32_t length,
                               int32_t capacity) {
    if (transliterator == NULL || units == NULL || length < 0 || capacity < length) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t text_length = length;
    int32_t limit = length;
    utrans_transUChars(transliterator->icu, (UChar *)units, &text_length, capacity, 0, &limit, &status);
    if (U_FAILURE(status) || text_length > capacity) return -1;
    return text_length;
}
