#ifndef INKSTONE_CDBUS_SHIM_H
#define INKSTONE_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
