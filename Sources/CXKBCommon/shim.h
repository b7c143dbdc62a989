#ifndef INKSTONE_CXKBCOMMON_SHIM_H
#define INKSTONE_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#endif
