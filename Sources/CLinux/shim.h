#ifndef INKSTONE_CLINUX_SHIM_H
#define INKSTONE_CLINUX_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <signal.h>
#include <spawn.h>

/* epoll flags are enum constants that also exist as macros; give Swift plain
 * typed values. */
static const unsigned int CLINUX_EPOLLIN = EPOLLIN;
static const unsigned int CLINUX_EPOLLOUT = EPOLLOUT;
static const unsigned int CLINUX_EPOLLERR = EPOLLERR;
static const unsigned int CLINUX_EPOLLHUP = EPOLLHUP;
static const int CLINUX_EPOLL_CLOEXEC = EPOLL_CLOEXEC;
static const int CLINUX_EFD_CLOEXEC = EFD_CLOEXEC;
static const int CLINUX_EFD_NONBLOCK = EFD_NONBLOCK;
static const int CLINUX_SFD_CLOEXEC = SFD_CLOEXEC;
static const int CLINUX_SFD_NONBLOCK = SFD_NONBLOCK;

/* Closes every descriptor from `lowfd` up in a spawned child (glibc >= 2.34). */
static inline int clinux_spawn_closefrom(posix_spawn_file_actions_t *actions, int lowfd) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowfd);
}
#endif
