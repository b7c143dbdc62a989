import CDBus
import DBusKit

/// A blocking libdbus client for tests.
public final class BusClient: Sendable {
    /// The underlying connection.
    public let connection: Connection

    /// Connects to the bus at `address`.
    public init(address: String) throws {
        connection = try Connection(address: address)
    }

    deinit { connection.close() }

    /// Calls a method and returns the reply (errors thrown as ``DBusKitError``).
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        timeoutMilliseconds: Int32 = 10_000, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        try connection.call(
            destination: destination, path: path, interface: interface, member: member,
            timeoutMilliseconds: timeoutMilliseconds, body)
    }

    /// Calls a method whose reply is one string.
    public func callString(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> String {
        var reader = try MessageReader(try call(destination, path, interface, member, body), expecting: "s")
        return try reader.readString()
    }
}

extension BusClient {
    /// Waits for a signal named `member` (needs a match rule or a unicast signal); nil after `timeout`.
    ///
    /// Checks the queue before blocking, so a signal that already arrived is returned at once.
    public func waitForSignal(member: String, timeout: Duration = .seconds(5)) -> Message? {
        let deadline = monotonicMilliseconds() + Int(timeout.components.seconds) * 1000
            + Int(timeout.components.attoseconds / 1_000_000_000_000_000)
        while true {
            while let raw = dbus_connection_pop_message(connection.raw) {
                let message = Message(owning: raw)
                if message.kind == .signal, message.member == member { return message }
            }
            let remaining = deadline - monotonicMilliseconds()
            guard remaining > 0, connection.isConnected else { return nil }
            _ = dbus_connection_read_write(connection.raw, Int32(min(remaining, 100)))
        }
    }
}
