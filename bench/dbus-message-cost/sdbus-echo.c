/* The raw echo service of inkstone-bench (org.inkstone.BenchEcho, Echo(s) → s
 * on /), written on sd-bus instead of libdbus: one thread, sd_bus_wait and
 * sd_bus_process, synchronous replies. It answers the same client the same
 * way, so callgrind can compare what one call costs each library
 * (scripts/profile-keys.sh PROGRAM N Echo takes either).
 *   sdbus-echo echo-service --address ADDRESS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

static int check(int result, const char *what) {
    if (result < 0) {
        fprintf(stderr, "%s: %s\n", what, strerror(-result));
        exit(1);
    }
    return result;
}

static int echo(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    (void)userdata;
    (void)error;
    const char *text = NULL;
    int result = sd_bus_message_read_basic(call, 's', &text);
    if (result < 0) return result;
    return sd_bus_reply_method_return(call, "s", text);
}

static const sd_bus_vtable vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Echo", "s", "s", echo, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END,
};

int main(int argc, char **argv) {
    if (argc != 4 || strcmp(argv[1], "echo-service") != 0 || strcmp(argv[2], "--address") != 0) {
        fprintf(stderr, "usage: %s echo-service --address ADDRESS\n", argv[0]);
        return 2;
    }
    sd_bus *bus = NULL;
    check(sd_bus_new(&bus), "sd_bus_new");
    check(sd_bus_set_address(bus, argv[3]), "sd_bus_set_address");
    check(sd_bus_set_bus_client(bus, 1), "sd_bus_set_bus_client");
    check(sd_bus_start(bus), "sd_bus_start");
    check(sd_bus_add_object_vtable(bus, NULL, "/", "org.inkstone.BenchEcho", vtable, NULL), "vtable");
    check(sd_bus_request_name(bus, "org.inkstone.BenchEcho", 0), "request name");
    for (;;) {
        int result = check(sd_bus_process(bus, NULL), "sd_bus_process");
        if (result > 0) continue;
        check(sd_bus_wait(bus, UINT64_MAX), "sd_bus_wait");
    }
}
