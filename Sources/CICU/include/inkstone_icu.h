#ifndef INKSTONE_ICU_H
#define INKSTONE_ICU_H
/* ICU, hidden: this header exposes no ICU type (see README, "Layout"). */
#include <stdint.h>
/** The ICU version this was built against, e.g. "72.1". */
const char *inkstone_icu_version(void);
#endif
