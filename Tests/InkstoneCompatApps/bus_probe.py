#!/usr/bin/python3
"""Asks the owner of each bus name given for Inkstone's own service object, as a
sandboxed application could: it resolves the name to its owner's unique name, then calls
`org.freedesktop.DBus.Properties.Get("org.inkstone.Inkstone1", "Version")` on
`/org/inkstone/Inkstone1` there. Prints one line per name: the name, its owner, and
`answered` or the D-Bus error name.
"""
import sys

from gi.repository import Gio, GLib


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    for name in sys.argv[1:]:
        owner = bus.call_sync(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
            GLib.Variant("(s)", (name,)), GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        try:
            bus.call_sync(
                owner, "/org/inkstone/Inkstone1", "org.freedesktop.DBus.Properties", "Get",
                GLib.Variant("(ss)", ("org.inkstone.Inkstone1", "Version")), None, Gio.DBusCallFlags.NONE, 5000,
                None)
            outcome = "answered"
        except GLib.Error as error:
            outcome = Gio.DBusError.get_remote_error(error) or error.message
        print(name, owner, outcome)


if __name__ == "__main__":
    main()
