#ifndef INKSTONE_CHANGUL_SHIM_H
#define INKSTONE_CHANGUL_SHIM_H
#include <hangul.h>
#endif
