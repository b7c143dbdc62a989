import ArgumentParser
import CDBus
import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure

// The raw libdbus echo baseline every D-Bus figure is divided by, and the
// latency statistics shared by the benchmarks.

/// Median, p90 and p99 (nearest rank, see ``Samples``) of samples in nanoseconds, reported in microseconds.
struct LatencyStats {
    let median: Double
    let p90: Double
    let p99: Double

    init(_ nanoseconds: [UInt64]) {
        let samples = Samples(nanoseconds)
        median = Double(samples.median) / 1000
        p90 = Double(samples.p90) / 1000
        p99 = Double(samples.p99) / 1000
    }

    var row: String { "\(pad(format(median))) \(pad(format(p90))) \(pad(format(p99)))" }
    var json: String { "{\"median_us\": \(format(median)), \"p90_us\": \(format(p90)), \"p99_us\": \(format(p99))}" }
}

/// Two decimals (``twoDecimals(_:)``).
func format(_ value: Double) -> String { twoDecimals(value) }

/// Right-aligns to 8 columns.
func pad(_ text: String) -> String {
    String(repeating: " ", count: max(0, 8 - text.count)) + text
}

/// The echo service, written directly on libdbus: one thread, blocking reads, synchronous replies.
///
/// `Echo(s) → s` is the baseline. `EchoSignal(s) → s` first sends the caller an `Echoed(s)` signal
/// with the same text, then the reply: the least that a call answered with one signal and a reply
/// costs on this bus (the floor of a key whose caller reads one signal before its reply).
/// `EchoSignalTo(s name) → s` sends that signal to the connection `name` instead (the floor of a key
/// that another view hears of).
final class RawEchoService: @unchecked Sendable {
    static let name = "org.inkstone.BenchEcho"
    private let thread: PosixThread

    init(address: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error), dbus_bus_register(connection, &error) != 0
        else { throw ValidationError("echo service: cannot connect") }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard
            dbus_bus_request_name(connection, Self.name, CDBUS_NAME_FLAG_DO_NOT_QUEUE, &error)
                == CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
        else { throw ValidationError("echo service: cannot own \(Self.name)") }
        let handle = RawConnection(raw: connection)
        guard let thread = PosixThread.spawn({ Self.serve(handle) }) else {
            throw ValidationError("echo service: no thread")
        }
        self.thread = thread
    }

    func join() { thread.join() }

    private static func serve(_ handle: RawConnection) {
        let connection = handle.raw
        while dbus_connection_read_write(connection, -1) != 0 {
            while let message = dbus_connection_pop_message(connection) {
                defer { dbus_message_unref(message) }
                // The baseline's test comes first, so that the floors cost the baseline nothing.
                let echo = dbus_message_is_method_call(message, name, "Echo") != 0
                let toCaller = !echo && dbus_message_is_method_call(message, name, "EchoSignal") != 0
                guard echo || toCaller || dbus_message_is_method_call(message, name, "EchoSignalTo") != 0 else {
                    continue
                }
                var arguments = DBusMessageIter()
                var text: UnsafePointer<CChar>?
                if dbus_message_iter_init(message, &arguments) != 0,
                    dbus_message_iter_get_arg_type(&arguments) == CDBUS_TYPE_STRING
                {
                    dbus_message_iter_get_basic(&arguments, &text)
                }
                if !echo, let destination = toCaller ? dbus_message_get_sender(message) : text {
                    sendEchoed(text, to: destination, on: connection)
                }
                guard let reply = dbus_message_new_method_return(message) else { continue }
                var output = DBusMessageIter()
                dbus_message_iter_init_append(reply, &output)
                _ = dbus_message_iter_append_basic(&output, CDBUS_TYPE_STRING, &text)
                _ = dbus_connection_send(connection, reply, nil)
                dbus_message_unref(reply)
            }
        }
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Sends `Echoed(text)` to `destination`; nothing when that is no valid bus name (libdbus would abort).
    private static func sendEchoed(
        _ text: UnsafePointer<CChar>?, to destination: UnsafePointer<CChar>, on connection: OpaquePointer
    ) {
        guard dbus_validate_bus_name(destination, nil) != 0,
            let signal = dbus_message_new_signal("/", name, "Echoed")
        else { return }
        defer { dbus_message_unref(signal) }
        var text = text
        _ = dbus_message_set_destination(signal, destination)
        var output = DBusMessageIter()
        dbus_message_iter_init_append(signal, &output)
        _ = dbus_message_iter_append_basic(&output, CDBUS_TYPE_STRING, &text)
        _ = dbus_connection_send(connection, signal, nil)
    }
}

/// A `DBusConnection*` handed to another thread.
struct RawConnection: @unchecked Sendable {
    let raw: OpaquePointer
}

/// The measuring client, written directly on libdbus; used by one thread at a time.
final class RawClient: @unchecked Sendable {
    let connection: OpaquePointer
    private let payload = "こんにちは hello"

    init(address: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error), dbus_bus_register(connection, &error) != 0
        else { throw ValidationError("client: cannot connect") }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        self.connection = connection
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// One timed `Echo` call (`member` "EchoSignal": the call answered with a signal and the reply,
    /// the signal read with the reply and dropped after).
    func timeEcho(member: String = "Echo") throws -> UInt64 {
        let call = try echoCall(member, argument: payload)
        defer { dbus_message_unref(call) }
        let elapsed = try time(call)
        dropQueued()
        return elapsed
    }

    /// A call of the echo service's `member` with one string argument; the caller releases it.
    func echoCall(_ member: String, argument: String) throws -> OpaquePointer {
        guard let call = dbus_message_new_method_call(RawEchoService.name, "/", RawEchoService.name, member) else {
            throw ValidationError("no message")
        }
        var arguments = DBusMessageIter()
        dbus_message_iter_init_append(call, &arguments)
        argument.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            _ = dbus_message_iter_append_basic(&arguments, CDBUS_TYPE_STRING, &pointer)
        }
        return call
    }

    /// Drops every message already read and queued (signals that came with a reply).
    func dropQueued() {
        while let message = dbus_connection_pop_message(connection) { dbus_message_unref(message) }
    }

    func timeGetVersion() throws -> UInt64 {
        guard
            let call = dbus_message_new_method_call(
                InkstoneNames.busName, InkstoneNames.servicePath, InkstoneNames.serviceInterface, "GetVersion")
        else { throw ValidationError("no message") }
        defer { dbus_message_unref(call) }
        return try time(call)
    }

    /// Sends `call` and blocks for its reply: the time between, in nanoseconds (an error reply throws).
    func time(_ call: OpaquePointer) throws -> UInt64 {
        let (reply, elapsed) = try send(call)
        dbus_message_unref(reply)
        return elapsed
    }

    /// Sends `call` and blocks for its reply, which the caller releases, and the time the
    /// call took in nanoseconds; no reply or an error reply throws.
    func send(_ call: OpaquePointer) throws -> (reply: OpaquePointer, nanoseconds: UInt64) {
        var error = DBusError()
        dbus_error_init(&error)
        let start = MonotonicClock.nanoseconds()
        let reply = dbus_connection_send_with_reply_and_block(connection, call, 5000, &error)
        let elapsed = MonotonicClock.nanoseconds() - start
        guard let reply else {
            let text = error.message.map { String(cString: $0) } ?? "no reply"
            dbus_error_free(&error)
            throw ValidationError("call failed: \(text)")
        }
        guard dbus_message_get_type(reply) != CDBUS_MESSAGE_TYPE_ERROR else {
            dbus_message_unref(reply)
            throw ValidationError("error reply")
        }
        return (reply, elapsed)
    }
}
