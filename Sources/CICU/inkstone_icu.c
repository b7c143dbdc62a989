#include "inkstone_icu.h"
#include <unicode/uversion.h>
const char *inkstone_icu_version(void) { return U_ICU_VERSION; }
