#ifndef INKSTONE_GATHERED_WRITES_H
#define INKSTONE_GATHERED_WRITES_H
#include <stddef.h>

/*
 * The messages a method call's dispatch sends, written to the socket together.
 *
 * sd-bus writes every message it sends with its own sendmsg(2) and has no way to hold
 * them or to hand back a message's bytes. Each write wakes the peer (the bus daemon), and
 * a key's signals and reply written apiece wake it two or three times: on a machine with
 * few CPUs the bus then runs on the sender's CPU between the writes and delays the reply.
 *
 * This file defines sendmsg(2) for the whole process (the executable's definition comes
 * before the C library's in the dynamic linker's lookup, so sd-bus's calls reach it), so only
 * an executable links it: the daemon, which hands these functions to DBusKit at start-up
 * (WriteGatherer.install); a library never does. Every
 * call goes straight on to the next definition (the C library's), except on a thread that
 * gathers for a socket (inkstone_gather_writes): there, whole messages sd-bus writes to that
 * socket are copied into the thread's buffer and reported written. The call's answer (a
 * method return or error) leaves with them in one send, or else
 * inkstone_release_gathered_writes writes them. Order is kept: what was gathered is written
 * before any other write to the socket passes, and the first write that cannot be gathered
 * (a method call, whose reply may be waited on, a message with unix descriptors or one that
 * does not fit the buffer) ends the gathering: it goes on its own after what was gathered,
 * as does everything after it (sd-bus queues what the socket does not take).
 */

/* The most bytes gathered for one write. */
#define INKSTONE_GATHER_CAPACITY 65536

/* Starts gathering this thread's writes to fd: 1 when it started, 0 when this thread
 * gathers already or its buffer could not be allocated. The caller makes sure the socket
 * has room for twice INKSTONE_GATHER_CAPACITY bytes and that nothing sd-bus queued waits. */
int inkstone_gather_writes(int fd);

/* Stops gathering and writes what is still gathered in one send (waiting for room, should
 * the socket take part only): 0, or -errno when the socket failed. `writes` and `messages` (either may be NULL) are set
 * to the sends that carried this gathering's messages, the one here included, and to how
 * many messages they carried. */
int inkstone_release_gathered_writes(int *writes, int *messages);

#endif
