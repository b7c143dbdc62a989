/* Builds N messages with sd-bus (libsystemd), the same ones as libdbus.c, each
 * sealed (its wire form complete), so callgrind can count the instructions per
 * message. sd-bus makes messages on a bus object: DBUS_SESSION_BUS_ADDRESS
 * must name a bus.
 *   sdbus reply N     a method return carrying one boolean
 *   sdbus signal N    UpdateFormattedPreedit(a(si) i) to one destination
 * Count 0 gives the fixed cost to subtract. */
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

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s reply|signal N\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    int count = atoi(argv[2]);
    sd_bus *bus = NULL;
    check(sd_bus_open_user(&bus), "sd_bus_open_user");
    sd_bus_message *call = NULL;
    check(sd_bus_message_new_method_call(bus, &call, "org.inkstone.Inkstone1",
              "/org/inkstone/Inkstone1/context/1", "org.inkstone.InputContext1", "ProcessKeyEvent"),
        "new call");
    check(sd_bus_message_seal(call, 7, 0), "seal call");
    for (int i = 0; i < count; i++) {
        sd_bus_message *message = NULL;
        if (strcmp(mode, "reply") == 0) {
            check(sd_bus_message_new_method_return(call, &message), "new return");
            check(sd_bus_message_append(message, "b", 1), "append");
        } else if (strcmp(mode, "signal") == 0) {
            check(sd_bus_message_new_signal(bus, &message, "/org/freedesktop/portal/inputcontext/1",
                      "org.fcitx.Fcitx.InputContext1", "UpdateFormattedPreedit"),
                "new signal");
            check(sd_bus_message_set_destination(message, ":1.42"), "destination");
            check(sd_bus_message_append(message, "a(si)i", 1, "\xea\xb0\x80", 8, 3), "append");
        } else {
            fprintf(stderr, "unknown mode %s\n", mode);
            return 2;
        }
        check(sd_bus_message_seal(message, 9 + i, 0), "seal");
        sd_bus_message_unref(message);
    }
    sd_bus_message_unref(call);
    sd_bus_unref(bus);
    puts("done");
    return 0;
}
