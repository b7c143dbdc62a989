import DBusKit
import InkstoneClient
import InkstoneMeasure

/// A blocking client for tests: an ``InkstoneClient/InkstoneConnection`` to a bus with
/// the untyped calls older tests use (errors thrown as ``DBusKitError``).
///
/// New tests should use `InkstoneConnection` and its typed proxies directly.
public final class BusClient: Sendable {
    /// The typed client this wraps.
    public let client: InkstoneConnection

    /// The underlying connection.
    public var connection: Connection { client.connection }

    /// Connects to the bus at `address`.
    public init(address: String) throws {
        client = try dbusKitErrors { try InkstoneConnection(busAddress: address, timeoutMilliseconds: 10_000) }
    }

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
        let deadline = MonotonicClock.milliseconds() + timeout.wholeMilliseconds
        while true {
            let remaining = max(0, deadline - MonotonicClock.milliseconds())
            // Nil only at the deadline or when the connection closed.
            guard let message = connection.nextMessage(timeoutMilliseconds: Int32(clamping: remaining)) else {
                return nil
            }
            if message.kind == .signal, message.member == member { return message }
        }
    }
}

/// Runs `body`, turning an ``InkstoneClientError`` into the ``DBusKitError`` of the same name
/// and message (for fixtures whose callers catch `DBusKitError`).
public func dbusKitErrors<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch let error as InkstoneClientError {
        throw error.dbusKitError
    }
}
