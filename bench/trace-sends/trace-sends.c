/*
 * An LD_PRELOAD library that records, per process, when D-Bus messages are read
 * and written and when the process sleeps in epoll_wait: CLOCK_MONOTONIC
 * nanoseconds, comparable across processes. scripts/trace-sends.sh runs a
 * benchmark with it and reads the records (see there).
 *
 * Each record: time, event, message type (of the last message a write starts,
 * or of a read that starts a message), and for a read of a method call whether it
 * names ProcessKeyEvent or ProcessKeyEventBatch. Records stay in memory and
 * are written at exit to $TRACE_SENDS_DIR/<comm>-<pid>.trace, one per line.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum event { WRITE_START = 1, WRITE_END = 2, READ = 3, SLEEP = 4, WAKE = 5 };
enum member { OTHER = 0, KEY = 1, KEY_BATCH = 2 };

struct record {
    long long nanoseconds;
    int event;
    int type;
    int member;
};

#define CAPACITY 2000000
static struct record *records;
static int count;
static int pending_type = -1; /* a message header was read; its fields come next */

static long long now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1000000000LL + time.tv_nsec;
}

static void add(int event, int type, int member) {
    if (!records) records = malloc(sizeof(struct record) * CAPACITY);
    if (!records || count >= CAPACITY) return;
    records[count++] = (struct record){now(), event, type, member};
}

static void save(void) {
    const char *folder = getenv("TRACE_SENDS_DIR");
    if (!folder || !records) return;
    char name[64] = "process", path[1024];
    FILE *comm = fopen("/proc/self/comm", "r");
    if (comm) {
        if (fgets(name, sizeof name, comm)) name[strcspn(name, "\n")] = 0;
        fclose(comm);
    }
    snprintf(path, sizeof path, "%s/%s-%d.trace", folder, name, getpid());
    FILE *out = fopen(path, "w");
    if (!out) return;
    for (int i = 0; i < count; i++)
        fprintf(out, "%lld %d %d %d\n", records[i].nanoseconds, records[i].event, records[i].type,
                records[i].member);
    fclose(out);
}

__attribute__((constructor)) static void start(void) { atexit(save); }

/* The message type of D-Bus header bytes (little-endian 'l', then the type), or -1. */
static int message_type(const void *bytes, size_t length) {
    const unsigned char *header = bytes;
    return length >= 12 && header[0] == 'l' ? header[1] : -1;
}

/* The type of the last message that starts in `bytes` (a write may carry several, one after
 * another: inkstoned gathers a call's signals and reply into one), or -1. */
static int last_message_type(const void *bytes, size_t length) {
    const unsigned char *header = bytes;
    int type = -1;
    size_t offset = 0;
    while (offset + 16 <= length && header[offset] == 'l') {
        type = header[offset + 1];
        unsigned int body, fields;
        memcpy(&body, header + offset + 4, 4);
        memcpy(&fields, header + offset + 12, 4);
        offset += 16 + ((fields + 7u) & ~7u) + body;
    }
    return type;
}

static int member_of(const void *bytes, size_t length) {
    if (memmem(bytes, length, "ProcessKeyEventBatch", 20)) return KEY_BATCH;
    if (memmem(bytes, length, "ProcessKeyEvent", 15)) return KEY;
    return OTHER;
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
    static ssize_t (*real)(int, const struct msghdr *, int);
    if (!real) real = dlsym(RTLD_NEXT, "sendmsg");
    int type = message->msg_iovlen > 0 ? last_message_type(message->msg_iov[0].iov_base, message->msg_iov[0].iov_len) : -1;
    add(WRITE_START, type, OTHER);
    ssize_t written = real(fd, message, flags);
    add(WRITE_END, type, OTHER);
    return written;
}

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
    static ssize_t (*real)(int, struct msghdr *, int);
    if (!real) real = dlsym(RTLD_NEXT, "recvmsg");
    ssize_t read = real(fd, message, flags);
    if (read <= 0 || message->msg_iovlen == 0) return read;
    const void *bytes = message->msg_iov[0].iov_base;
    size_t length = (size_t)read < message->msg_iov[0].iov_len ? (size_t)read : message->msg_iov[0].iov_len;
    int type = message_type(bytes, length);
    if (type >= 0 && length == 24 && type == 1) {
        pending_type = type; /* sd-bus reads the fixed header first, then the rest */
    } else if (pending_type >= 0) {
        add(READ, pending_type, member_of(bytes, length));
        pending_type = -1;
    } else if (type >= 0) {
        add(READ, type, member_of(bytes, length));
    }
    return read;
}

int epoll_wait(int epoll, struct epoll_event *events, int maximum, int timeout) {
    static int (*real)(int, struct epoll_event *, int, int);
    if (!real) real = dlsym(RTLD_NEXT, "epoll_wait");
    if (timeout != 0) add(SLEEP, -1, OTHER);
    int ready = real(epoll, events, maximum, timeout);
    if (timeout != 0) add(WAKE, -1, OTHER);
    return ready;
}
