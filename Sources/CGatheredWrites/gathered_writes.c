/* See include/gathered_writes.h. */
#define _GNU_SOURCE
#include "gathered_writes.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <systemd/sd-bus-protocol.h>
#include <time.h>
#include <unistd.h>

/* A thread's gathering: the socket, the bytes gathered and how many messages they hold. */
struct gathering {
    int fd;
    /* Between inkstone_gather_writes and inkstone_release_gathered_writes. */
    int started;
    /* Whether writes are still gathered (a write that could not be ends it). */
    int active;
    size_t count;
    int messages;
    /* The sends of gathered messages since the gathering started, and their messages. */
    int writes;
    int written_messages;
    unsigned char *bytes;
};

static __thread struct gathering current;
static pthread_key_t buffer_key;
static pthread_once_t buffer_key_once = PTHREAD_ONCE_INIT;

typedef ssize_t (*sendmsg_function)(int, const struct msghdr *, int);

static ssize_t sendmsg_by_system_call(int fd, const struct msghdr *message, int flags) {
    return syscall(SYS_sendmsg, fd, message, flags);
}

/* The definition after this one (the C library's, or one preloaded before it). */
static sendmsg_function next_sendmsg(void) {
    static sendmsg_function next;
    sendmsg_function found = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
    if (found) return found;
    found = (sendmsg_function)dlsym(RTLD_NEXT, "sendmsg");
    if (!found) found = sendmsg_by_system_call;
    __atomic_store_n(&next, found, __ATOMIC_RELEASE);
    return found;
}

static void make_buffer_key(void) { pthread_key_create(&buffer_key, free); }

/* The thread's buffer, allocated at first use and freed when the thread exits. */
static unsigned char *buffer(void) {
    if (current.bytes) return current.bytes;
    pthread_once(&buffer_key_once, make_buffer_key);
    unsigned char *bytes = malloc(INKSTONE_GATHER_CAPACITY);
    if (!bytes) return NULL;
    if (pthread_setspecific(buffer_key, bytes) != 0) {
        free(bytes);
        return NULL;
    }
    current.bytes = bytes;
    return bytes;
}

static long long milliseconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000LL + now.tv_nsec / 1000000;
}

/* How long a write of gathered bytes waits for room before it gives the connection up. */
enum { WAIT_MILLISECONDS = 5000 };

/* Writes the gathered bytes in one send: 0, or -errno. The caller checked the socket has
 * room, so it takes them at once; should it take part only, the rest follows as the peer
 * reads, for up to WAIT_MILLISECONDS. Past that, or when the socket fails, the socket is
 * shut down: sd-bus took these messages as written, so the connection must not go on
 * without them (nor the peer read half of one); sd-bus finds it closed at its next read. */
static int write_gathered(struct gathering *gathering) {
    size_t offset = 0;
    long long deadline = -1;
    while (offset < gathering->count) {
        struct iovec part = {gathering->bytes + offset, gathering->count - offset};
        struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
        ssize_t sent = next_sendmsg()(gathering->fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent > 0) {
            offset += (size_t)sent;
            continue;
        }
        int error = sent < 0 ? errno : EPIPE;
        if (error == EINTR) continue;
        if (error == EAGAIN) {
            long long now = milliseconds_now();
            if (deadline < 0) deadline = now + WAIT_MILLISECONDS;
            if (now < deadline) {
                struct pollfd room = {.fd = gathering->fd, .events = POLLOUT};
                poll(&room, 1, (int)(deadline - now));
                continue;
            }
            error = ETIMEDOUT;
        }
        shutdown(gathering->fd, SHUT_RDWR);
        gathering->count = 0;
        gathering->messages = 0;
        return -error;
    }
    if (gathering->messages > 0) {
        gathering->writes += 1;
        gathering->written_messages += gathering->messages;
    }
    gathering->count = 0;
    gathering->messages = 0;
    return 0;
}

int inkstone_gather_writes(int fd) {
    if (current.started || fd < 0 || !buffer()) return 0;
    current.fd = fd;
    current.started = 1;
    current.active = 1;
    current.count = 0;
    current.messages = 0;
    current.writes = 0;
    current.written_messages = 0;
    return 1;
}

int inkstone_release_gathered_writes(int *writes, int *messages) {
    if (!current.started) return 0;
    current.started = 0;
    current.active = 0;
    int result = write_gathered(&current);
    if (writes) *writes = current.writes;
    if (messages) *messages = current.written_messages;
    return result;
}

/* The D-Bus message type a write starts with, or 0. While a gathering is active every
 * write sd-bus makes to the socket is a whole message: it started with nothing queued,
 * and the first write that could not be gathered ended it. */
static int message_type(const struct msghdr *message) {
    if (message->msg_iovlen == 0 || message->msg_iov[0].iov_len < 2) return 0;
    const unsigned char *header = message->msg_iov[0].iov_base;
    return header[0] == 'l' || header[0] == 'B' ? header[1] : 0;
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
    struct gathering *gathering = &current;
    if (gathering->active && fd == gathering->fd) {
        size_t total = 0;
        for (size_t index = 0; index < message->msg_iovlen; index++) total += message->msg_iov[index].iov_len;
        int type = message_type(message);
        if (message->msg_controllen == 0 && total > 0 && type != SD_BUS_MESSAGE_METHOD_CALL &&
            total <= INKSTONE_GATHER_CAPACITY - gathering->count) {
            for (size_t index = 0; index < message->msg_iovlen; index++) {
                memcpy(gathering->bytes + gathering->count, message->msg_iov[index].iov_base,
                       message->msg_iov[index].iov_len);
                gathering->count += message->msg_iov[index].iov_len;
            }
            gathering->messages += 1;
            int answers = type == SD_BUS_MESSAGE_METHOD_RETURN || type == SD_BUS_MESSAGE_METHOD_ERROR;
            if (!answers) return (ssize_t)total;
            /* The call's answer: it and what came before it leave now, not after the
             * dispatch's remaining work; what follows goes through sd-bus as usual. */
            gathering->active = 0;
            int result = write_gathered(gathering);
            if (result < 0) {
                errno = -result;
                return -1;
            }
            return (ssize_t)total;
        }
        /* This write cannot be gathered: what was gathered goes first, and the gathering
         * ends (the socket may fill from here on, and sd-bus queues what it cannot write). */
        gathering->active = 0;
        int result = write_gathered(gathering);
        if (result < 0) {
            errno = -result;
            return -1;
        }
    }
    return next_sendmsg()(fd, message, flags);
}
