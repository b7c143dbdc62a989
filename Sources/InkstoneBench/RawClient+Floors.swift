import ArgumentParser
import CDBus
import InkstoneMeasure

// The floors of the key rows: what the raw echo service costs when it also sends one
// signal, measured with the echo's own client library.

extension RawClient {
    /// This connection's unique bus name.
    var uniqueName: String {
        dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// One `EchoSignalTo(observer's name)` call: the time from sending it until `observer` has its
    /// `Echoed` signal, in nanoseconds; then waits for this call's reply.
    func timeSignal(to observer: RawClient) throws -> UInt64 {
        let call = try echoCall("EchoSignalTo", argument: observer.uniqueName)
        defer { dbus_message_unref(call) }
        let start = MonotonicClock.nanoseconds()
        guard dbus_connection_send(connection, call, nil) != 0 else { throw ValidationError("cannot send") }
        dbus_connection_flush(connection)
        try observer.waitForMessage("the Echoed signal") {
            dbus_message_is_signal($0, RawEchoService.name, "Echoed") != 0
        }
        let elapsed = MonotonicClock.nanoseconds() - start
        try waitForMessage("the reply") { dbus_message_get_type($0) == CDBUS_MESSAGE_TYPE_METHOD_RETURN }
        return elapsed
    }

    /// Reads until a message that `matches` arrives, dropping the others (such as `NameAcquired`);
    /// throws after 5 s without one.
    func waitForMessage(_ what: String, matching matches: (OpaquePointer) -> Bool) throws {
        let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
        while MonotonicClock.nanoseconds() < deadline {
            while let message = dbus_connection_pop_message(connection) {
                let found = matches(message)
                dbus_message_unref(message)
                if found { return }
            }
            guard dbus_connection_read_write(connection, 1000) != 0 else { break }
        }
        throw ValidationError("\(what) did not come within 5 s")
    }
}
