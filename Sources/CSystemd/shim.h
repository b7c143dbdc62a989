#ifndef INKSTONE_CSYSTEMD_SHIM_H
#define INKSTONE_CSYSTEMD_SHIM_H
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/sockios.h>

/* sd-bus's type codes are character literals in an anonymous enum and its
 * message types plain enumerators; re-export them as typed constants. */
static const char CSD_TYPE_BYTE = SD_BUS_TYPE_BYTE;
static const char CSD_TYPE_BOOLEAN = SD_BUS_TYPE_BOOLEAN;
static const char CSD_TYPE_INT16 = SD_BUS_TYPE_INT16;
static const char CSD_TYPE_UINT16 = SD_BUS_TYPE_UINT16;
static const char CSD_TYPE_INT32 = SD_BUS_TYPE_INT32;
static const char CSD_TYPE_UINT32 = SD_BUS_TYPE_UINT32;
static const char CSD_TYPE_INT64 = SD_BUS_TYPE_INT64;
static const char CSD_TYPE_UINT64 = SD_BUS_TYPE_UINT64;
static const char CSD_TYPE_DOUBLE = SD_BUS_TYPE_DOUBLE;
static const char CSD_TYPE_STRING = SD_BUS_TYPE_STRING;
static const char CSD_TYPE_OBJECT_PATH = SD_BUS_TYPE_OBJECT_PATH;
static const char CSD_TYPE_SIGNATURE = SD_BUS_TYPE_SIGNATURE;
static const char CSD_TYPE_UNIX_FD = SD_BUS_TYPE_UNIX_FD;
static const char CSD_TYPE_ARRAY = SD_BUS_TYPE_ARRAY;
static const char CSD_TYPE_VARIANT = SD_BUS_TYPE_VARIANT;
static const char CSD_TYPE_STRUCT = SD_BUS_TYPE_STRUCT;
static const char CSD_TYPE_DICT_ENTRY = SD_BUS_TYPE_DICT_ENTRY;

static const unsigned char CSD_MESSAGE_METHOD_CALL = SD_BUS_MESSAGE_METHOD_CALL;
static const unsigned char CSD_MESSAGE_METHOD_RETURN = SD_BUS_MESSAGE_METHOD_RETURN;
static const unsigned char CSD_MESSAGE_METHOD_ERROR = SD_BUS_MESSAGE_METHOD_ERROR;
static const unsigned char CSD_MESSAGE_SIGNAL = SD_BUS_MESSAGE_SIGNAL;

/* The uid of the peer of a connected unix socket (SO_PEERCRED); -1 on failure (errno set). */
static inline int csd_peer_uid(int fd, unsigned int *uid) {
    /* struct ucred without _GNU_SOURCE: pid, uid, gid. */
    unsigned int credentials[3] = {0, 0, 0};
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, credentials, &length) < 0) return -1;
    *uid = credentials[1];
    return 0;
}

/* The bytes written to a socket and not yet read by its peer (SIOCOUTQ), or -1. */
static inline int csd_unread_bytes(int fd) {
    int bytes = 0;
    return ioctl(fd, SIOCOUTQ, &bytes) < 0 ? -1 : bytes;
}

/* A zeroed error (SD_BUS_ERROR_NULL is a compound literal Swift does not import). */
static inline sd_bus_error csd_error_null(void) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    return error;
}

/* The machine id as 32 hexadecimal digits and a NUL, or -errno. */
static inline int csd_machine_id(char out[SD_ID128_STRING_MAX]) {
    sd_id128_t id;
    int result = sd_id128_get_machine(&id);
    if (result < 0) return result;
    sd_id128_to_string(id, out);
    return 0;
}

/* A random 128-bit id as 32 hexadecimal digits and a NUL (a server's GUID), and the id. */
static inline int csd_random_id(sd_id128_t *id, char out[SD_ID128_STRING_MAX]) {
    int result = sd_id128_randomize(id);
    if (result < 0) return result;
    sd_id128_to_string(*id, out);
    return 0;
}
#endif
