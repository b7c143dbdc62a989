/* Builds N messages with libdbus, the way a key's reply and an fcitx5 preedit
 * signal are built, so callgrind can count the instructions per message.
 *   libdbus reply N     a method return carrying one boolean
 *   libdbus signal N    UpdateFormattedPreedit(a(si) i) to one destination
 *   libdbus demarshal N the same signal loaded back from its wire bytes
 * Count 0 gives the fixed cost to subtract. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static DBusMessage *preeditSignal(void) {
    DBusMessage *message = dbus_message_new_signal(
        "/org/freedesktop/portal/inputcontext/1", "org.fcitx.Fcitx.InputContext1",
        "UpdateFormattedPreedit");
    DBusMessageIter top, array, item;
    const char *text = "\xea\xb0\x80";
    dbus_int32_t format = 8, cursor = 3;
    dbus_message_set_destination(message, ":1.42");
    dbus_message_iter_init_append(message, &top);
    dbus_message_iter_open_container(&top, DBUS_TYPE_ARRAY, "(si)", &array);
    dbus_message_iter_open_container(&array, DBUS_TYPE_STRUCT, NULL, &item);
    dbus_message_iter_append_basic(&item, DBUS_TYPE_STRING, &text);
    dbus_message_iter_append_basic(&item, DBUS_TYPE_INT32, &format);
    dbus_message_iter_close_container(&array, &item);
    dbus_message_iter_close_container(&top, &array);
    dbus_message_iter_append_basic(&top, DBUS_TYPE_INT32, &cursor);
    return message;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s reply|signal|demarshal N\n", argv[0]);
        return 2;
    }
    const char *mode = argv[1];
    int count = atoi(argv[2]);
    DBusMessage *call = dbus_message_new_method_call(
        "org.inkstone.Inkstone1", "/org/inkstone/Inkstone1/context/1",
        "org.inkstone.InputContext1", "ProcessKeyEvent");
    dbus_message_set_serial(call, 7);
    dbus_message_set_sender(call, ":1.42");
    DBusMessage *model = preeditSignal();
    dbus_message_set_serial(model, 8);
    char *wire = NULL;
    int wireLength = 0;
    dbus_message_marshal(model, &wire, &wireLength);
    for (int i = 0; i < count; i++) {
        DBusMessage *message = NULL;
        if (strcmp(mode, "reply") == 0) {
            dbus_bool_t handled = TRUE;
            message = dbus_message_new_method_return(call);
            dbus_message_append_args(message, DBUS_TYPE_BOOLEAN, &handled, DBUS_TYPE_INVALID);
            dbus_message_set_serial(message, 9 + i);
        } else if (strcmp(mode, "signal") == 0) {
            message = preeditSignal();
            dbus_message_set_serial(message, 9 + i);
        } else if (strcmp(mode, "demarshal") == 0) {
            DBusError error;
            dbus_error_init(&error);
            message = dbus_message_demarshal(wire, wireLength, &error);
        } else {
            fprintf(stderr, "unknown mode %s\n", mode);
            return 2;
        }
        if (message == NULL) {
            fprintf(stderr, "no message\n");
            return 1;
        }
        dbus_message_unref(message);
    }
    printf("%d wire bytes\n", wireLength);
    dbus_free(wire);
    dbus_message_unref(model);
    dbus_message_unref(call);
    return 0;
}
