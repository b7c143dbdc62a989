import DBusKit
import Glibc

/// A blocking client connection to `inkstoned`: through a bus (session bus or
/// any bus address) or over the daemon's direct peer-to-peer socket.
///
/// Calls block until the reply or the ``timeoutMilliseconds``; error replies
/// are thrown as ``InkstoneClientError``. Signals that arrive meanwhile are kept
/// in order for ``nextSignal(timeout:)``. One thread may wait in ``nextSignal(timeout:)``
/// while another calls; calls from several threads take turns.
public final class InkstoneConnection: Sendable {
    /// The underlying DBusKit connection.
    public let connection: Connection
    /// The destination calls carry: the daemon's bus name, nil peer to peer.
    public let destination: String?
    /// How long a call waits for its reply, in milliseconds.
    public let timeoutMilliseconds: Int32

    /// The default wait for a reply: 25 s (sd-bus's own default).
    public static let defaultTimeoutMilliseconds: Int32 = 25_000

    /// Connects to the bus at `address` (e.g. `unix:path=/run/user/1000/bus`) and says Hello.
    public init(busAddress address: String, timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds)
        throws(InkstoneClientError)
    {
        connection = try InkstoneClientError.wrapping { try Connection(address: address) }
        destination = InkstoneNames.busName
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Connects peer to peer to the daemon's direct socket at `address` (`unix:path=…`, see ``peerAddress()``).
    public init(directAddress address: String, timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds)
        throws(InkstoneClientError)
    {
        connection = try InkstoneClientError.wrapping { try Connection(address: address, registerWithBus: false) }
        destination = nil
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public static func sessionBus(timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds)
        throws(InkstoneClientError) -> InkstoneConnection
    {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else {
            throw InkstoneClientError(name: DBusErrorName.failed, message: "DBUS_SESSION_BUS_ADDRESS is not set")
        }
        return try InkstoneConnection(busAddress: address, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// A new direct connection to the daemon this bus connection talks to (its `GetPeerAddress`).
    ///
    /// Throws `org.freedesktop.DBus.Error.Failed` when the daemon has no direct transport.
    public func connectingDirectly() throws(InkstoneClientError) -> InkstoneConnection {
        let address = try peerAddress()
        guard !address.isEmpty else {
            throw InkstoneClientError(name: DBusErrorName.failed, message: "the daemon has no direct transport")
        }
        return try InkstoneConnection(directAddress: address, timeoutMilliseconds: timeoutMilliseconds)
    }

    deinit { connection.close() }

    /// Whether calls go peer to peer (no bus in between).
    public var isDirect: Bool { destination == nil }

    /// The unique bus name of this connection (`:1.5`), nil peer to peer.
    public var uniqueName: String? { connection.uniqueName }

    /// Whether the connection is still open.
    public var isConnected: Bool { connection.isConnected }

    /// Closes the connection (safe to call twice).
    public func close() { connection.close() }

    /// A method call to `member` of `interface` at `path`, addressed for this connection, with
    /// the arguments `body` writes: build it once and send it many times with ``call(_:)``.
    public func methodCall(
        path: String, interface: String, member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws(InkstoneClientError) -> Message {
        try InkstoneClientError.wrapping {
            let message = try connection.makeMethodCall(
                destination: destination, path: path, interface: interface, member: member)
            try message.write(body)
            try message.checkWritten()
            return message
        }
    }

    /// Sends a prepared method call (see ``methodCall(path:interface:member:_:)``) and blocks until its reply.
    @discardableResult
    public func call(_ message: Message) throws(InkstoneClientError) -> Message {
        try InkstoneClientError.wrapping { try connection.call(message, timeoutMilliseconds: timeoutMilliseconds) }
    }

    /// Calls `member` of `interface` at `path` with the arguments `body` writes and returns the reply.
    @discardableResult
    public func call(
        path: String, interface: String, member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws(InkstoneClientError) -> Message {
        try call(methodCall(path: path, interface: interface, member: member, body))
    }

    /// Calls a method and decodes every reply argument.
    @discardableResult
    public func callValues(
        path: String, interface: String, member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws(InkstoneClientError) -> [DBusValue] {
        let reply = try call(path: path, interface: interface, member: member, body)
        return try InkstoneClientError.wrapping {
            var reader = reply.reader()
            var values: [DBusValue] = []
            while !reader.isAtEnd { values.append(try reader.readValue()) }
            return values
        }
    }

    /// Calls a method whose reply has the D-Bus signature `signature` and reads it with `read`.
    func call<Result>(
        path: String, interface: String, member: String, replying signature: String,
        _ body: (inout MessageWriter) throws -> Void = { _ in }, read: (inout MessageReader) throws -> Result
    ) throws(InkstoneClientError) -> Result {
        let reply = try call(path: path, interface: interface, member: member, body)
        return try InkstoneClientError.wrapping {
            var reader = try MessageReader(reply, expecting: signature)
            return try read(&reader)
        }
    }

    /// `org.freedesktop.DBus.Peer.Ping` on the service object (peer to peer: whether authentication passed).
    public func ping() throws(InkstoneClientError) {
        try call(path: InkstoneNames.servicePath, interface: InkstoneNames.peerInterface, member: "Ping")
    }
}
