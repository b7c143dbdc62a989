#include "inkstone_icu.h"
#include <unicode/uchar.h>
#include <unicode/uversion.h>

const char *inkstone_icu_version(void) { return U_ICU_VERSION; }

const char *inkstone_unicode_version(void) { return U_UNICODE_VERSION; }
