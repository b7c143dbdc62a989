#ifndef INKSTONE_CLINUX_SHIM_H
#define INKSTONE_CLINUX_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <signal.h>
#endif
