import ArgumentParser
import CDBus
import InkstoneClient

// Keys typed by the raw libdbus client, so that a key row can be set beside the echo with
// the same client library on both sides of the ratio.

extension RawClient {
    /// `NewInputContext(options)` on the daemon; the new context's path.
    func newInputContext(options: [String]) throws -> String {
        guard
            let call = dbus_message_new_method_call(
                InkstoneNames.busName, InkstoneNames.servicePath, InkstoneNames.serviceInterface, "NewInputContext")
        else { throw ValidationError("no message") }
        defer { dbus_message_unref(call) }
        var arguments = DBusMessageIter()
        var array = DBusMessageIter()
        dbus_message_iter_init_append(call, &arguments)
        _ = dbus_message_iter_open_container(&arguments, CDBUS_TYPE_ARRAY, "s", &array)
        for option in options {
            option.withCString { text in
                var pointer: UnsafePointer<CChar>? = text
                _ = dbus_message_iter_append_basic(&array, CDBUS_TYPE_STRING, &pointer)
            }
        }
        _ = dbus_message_iter_close_container(&arguments, &array)
        let reply = try send(call).reply
        defer { dbus_message_unref(reply) }
        var results = DBusMessageIter()
        var path: UnsafePointer<CChar>?
        guard dbus_message_iter_init(reply, &results) != 0,
            dbus_message_iter_get_arg_type(&results) == CDBUS_TYPE_OBJECT_PATH
        else { throw ValidationError("NewInputContext: no path in the reply") }
        dbus_message_iter_get_basic(&results, &path)
        return path.map { String(cString: $0) } ?? ""
    }

    /// One timed `ProcessKeyEvent` press of `keysym` on `context`, until its reply; the
    /// `Notifications` signal that came before the reply is read with it and dropped after.
    func timeKey(context: String, keysym: UInt32) throws -> UInt64 {
        guard
            let call = dbus_message_new_method_call(
                InkstoneNames.busName, context, InkstoneNames.contextInterface, "ProcessKeyEvent")
        else { throw ValidationError("no message") }
        defer { dbus_message_unref(call) }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(call, &arguments)
        var numbers: [UInt32] = [keysym, 0, 0]
        var isRelease: dbus_bool_t = 0
        var time: UInt32 = 0
        for index in numbers.indices {
            _ = dbus_message_iter_append_basic(&arguments, CDBUS_TYPE_UINT32, &numbers[index])
        }
        _ = dbus_message_iter_append_basic(&arguments, CDBUS_TYPE_BOOLEAN, &isRelease)
        _ = dbus_message_iter_append_basic(&arguments, CDBUS_TYPE_UINT32, &time)
        let elapsed = try self.time(call)
        dropQueued()
        return elapsed
    }
}
