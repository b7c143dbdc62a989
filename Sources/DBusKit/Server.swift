import CDBus
import Glibc
import Synchronization

/// A peer-to-peer D-Bus server (`DBusServer`) whose accepted connections join an ``EventLoop``.
///
/// Only peers of the same user are accepted: EXTERNAL authentication with a
/// unix-user check that admits the server process's own uid and nobody else.
public final class Server: @unchecked Sendable {
    /// The libdbus server.
    public let raw: OpaquePointer
    private let loop: EventLoop
    private let accepted: AcceptHandler

    /// The address of a unix socket at `path`, the path escaped as D-Bus addresses
    /// require (a comma, space or `=` in a folder name would otherwise end or break it).
    public static func unixAddress(path: String) throws -> String {
        try DBusValidation.string(path)
        guard let escaped = dbus_address_escape_value(path) else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not escape \(path)")
        }
        defer { dbus_free(escaped) }
        return "unix:path=" + String(cString: escaped)
    }

    /// Listens on `listenAddress` (e.g. `unix:dir=/run/user/1000`), driven by `loop`.
    ///
    /// - Parameter onConnection: runs on the loop thread with each new connection,
    ///   already attached to the loop; export objects on it there.
    public init(
        listenAddress: String, loop: EventLoop, onConnection: @escaping @Sendable (Connection) -> Void
    ) throws {
        let listening = try DBusKitError.check { error in dbus_server_listen(listenAddress, error) }
        guard let listening else { throw DBusKitError.failed("cannot listen on \(listenAddress)") }
        raw = listening
        self.loop = loop
        accepted = AcceptHandler(loop: loop, onConnection: onConnection)
        _ = dbus_server_set_watch_functions(
            raw, LoopCallbacks.addWatch, LoopCallbacks.removeWatch, LoopCallbacks.toggleWatch,
            loop.retainedContext(), LoopCallbacks.release)
        _ = dbus_server_set_timeout_functions(
            raw, LoopCallbacks.addTimeout, LoopCallbacks.removeTimeout, LoopCallbacks.toggleTimeout,
            loop.retainedContext(), LoopCallbacks.release)
        dbus_server_set_new_connection_function(
            raw,
            { _, rawConnection, context in
                guard let rawConnection, let context else { return }
                Unmanaged<AcceptHandler>.fromOpaque(context).takeUnretainedValue().accept(rawConnection)
            },
            Unmanaged.passRetained(accepted).toOpaque(),
            { context in
                guard let context else { return }
                Unmanaged<AcceptHandler>.fromOpaque(context).release()
            })
        loop.wake()
    }

    deinit {
        disconnect()
        dbus_server_unref(raw)
    }

    /// The address clients connect to (with the GUID libdbus chose).
    public var address: String {
        guard let address = dbus_server_get_address(raw) else { return "" }
        defer { dbus_free(address) }
        return String(cString: address)
    }

    /// Stops listening; accepted connections stay open.
    public func disconnect() {
        guard dbus_server_get_is_connected(raw) != 0 else { return }
        dbus_server_disconnect(raw)
        _ = dbus_server_set_watch_functions(raw, nil, nil, nil, nil, nil)
        _ = dbus_server_set_timeout_functions(raw, nil, nil, nil, nil, nil)
    }
}

/// Wraps and attaches each accepted connection.
private final class AcceptHandler: Sendable {
    let loop: EventLoop
    let onConnection: @Sendable (Connection) -> Void

    init(loop: EventLoop, onConnection: @escaping @Sendable (Connection) -> Void) {
        self.loop = loop
        self.onConnection = onConnection
    }

    func accept(_ raw: OpaquePointer) {
        dbus_connection_set_unix_user_function(
            raw, { _, uid, _ in uid == UInt(getuid()) ? 1 : 0 }, nil, nil)
        let connection = Connection(adopting: raw)
        loop.attach(connection)
        onConnection(connection)
    }
}
