import CDBus
import Glibc
import Synchronization

/// A private libdbus connection to a bus (or a peer), safe to use from any thread.
///
/// The connection never exits the process on disconnect (see
/// ``onDisconnected``). Attach it to an ``EventLoop`` to receive method calls,
/// signals and asynchronous replies; an attached loop keeps it alive until
/// ``close()``, so always close connections you are done with.
public final class Connection: @unchecked Sendable {
    /// The libdbus connection.
    public let raw: OpaquePointer
    /// Bus lifecycle hooks, run on the thread that dispatches (the loop thread).
    let hooks = ConnectionHooks()
    private let closed = Atomic<Bool>(false)
    let attachment = Mutex<EventLoop?>(nil)
    let rootFallbackInstalled = Atomic<Bool>(false)
    /// The caller identity of a peer-to-peer connection (see ``peerIdentity``).
    let peerLabel = Mutex<String?>(nil)
    /// The cap on queued outgoing bytes, if any (see ``limitOutgoing(to:onOverflow:onRecovery:)``).
    let backlog = Mutex<OutgoingBacklog?>(nil)

    /// Opens a private connection to `address` and, when `registerWithBus`, says Hello to the bus.
    ///
    /// - Throws: ``DBusKitError`` when the address is unreachable or the Hello fails.
    public init(address: String, registerWithBus: Bool = true) throws {
        let opened = try DBusKitError.check { error in dbus_connection_open_private(address, error) }
        guard let opened else { throw DBusKitError.failed("could not open a connection to \(address)") }
        raw = opened
        dbus_connection_set_exit_on_disconnect(raw, 0)
        hooks.install(on: raw)
        if registerWithBus {
            do {
                _ = try DBusKitError.check { error in dbus_bus_register(raw, error) }
            } catch {
                close()
                throw error
            }
        }
    }

    /// Adopts a connection libdbus created (e.g. one a ``Server`` accepted), adding a reference.
    init(adopting raw: OpaquePointer) {
        dbus_connection_ref(raw)
        self.raw = raw
        dbus_connection_set_exit_on_disconnect(raw, 0)
        hooks.install(on: raw)
    }

    /// Opens the session bus: `DBUS_SESSION_BUS_ADDRESS` from the environment.
    ///
    /// - Throws: ``DBusKitError`` when the variable is unset or the bus unreachable.
    public static func sessionBus() throws -> Connection {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else {
            throw DBusKitError.failed("DBUS_SESSION_BUS_ADDRESS is not set")
        }
        return try Connection(address: address)
    }

    deinit {
        close()
        dbus_connection_unref(raw)
    }

    /// The unique name the bus gave this connection (e.g. `:1.5`), nil before Hello.
    public var uniqueName: String? {
        dbus_bus_get_unique_name(raw).map { String(cString: $0) }
    }

    /// Whether the connection is still open.
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Detaches from any loop and closes the connection. Safe to call twice.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let loop = attachment.withLock { loop in
            defer { loop = nil }
            return loop
        }
        loop?.detach(self)
        dbus_connection_close(raw)
        // Handlers often capture this connection: dropping them breaks the cycle so it can be freed.
        hooks.handlers.withLock { $0 = ConnectionHooks.Handlers() }
        hooks.routes.removeAll()
        backlog.withLock { $0 = nil }
    }

    /// Queues `message` for sending and returns its serial.
    ///
    /// Safe from any thread; an attached loop writes it out promptly. Throws
    /// the message's ``Message/writeFailure`` when a value was refused. A signal
    /// is dropped (serial 0) while the outgoing queue is over its cap (see
    /// ``limitOutgoing(to:onOverflow:onRecovery:)``).
    @discardableResult
    public func send(_ message: Message) throws -> UInt32 {
        try message.checkWritten()
        guard admitsOutgoing(message) else { return 0 }
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, message.raw, &serial) != 0 else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not queue a message")
        }
        return serial
    }

    /// Blocks until everything queued has been written.
    public func flush() { dbus_connection_flush(raw) }

    /// Sends a method call and blocks until the reply (for clients and tests; never on the loop thread).
    ///
    /// - Parameter timeoutMilliseconds: -1 for libdbus's default (25 s).
    /// - Returns: the method return; error replies are thrown as ``DBusKitError``.
    public func call(_ message: Message, timeoutMilliseconds: Int32 = -1) throws -> Message {
        try message.checkWritten()
        let reply = try DBusKitError.check { error in
            dbus_connection_send_with_reply_and_block(raw, message.raw, timeoutMilliseconds, error)
        }
        guard let reply else { throw DBusKitError.failed("no reply") }
        return Message(owning: reply)
    }

    /// Builds and sends a method call, blocking until the reply.
    public func call(
        destination: String?, path: String, interface: String?, member: String,
        timeoutMilliseconds: Int32 = -1, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        let message = try Message.makeMethodCall(
            destination: destination, path: path, interface: interface, member: member)
        try message.write(body)
        return try call(message, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Sends a method call and calls `completion` with the reply (or a `NoReply`/`Disconnected` error).
    ///
    /// The completion runs on the thread that dispatches this connection (its
    /// loop). Called from another thread, the call hops to the attached loop
    /// first and reports send failures through `completion`.
    public func call(
        _ message: Message, timeoutMilliseconds: Int32,
        completion: @escaping @Sendable (Result<Message, DBusKitError>) -> Void
    ) throws {
        if let loop = attachment.withLock({ $0 }), !loop.isLoopThread {
            loop.execute { [self] in
                do {
                    try call(message, timeoutMilliseconds: timeoutMilliseconds, completion: completion)
                } catch let error as DBusKitError {
                    completion(.failure(error))
                } catch {
                    completion(.failure(.failed("\(error)")))
                }
            }
            return
        }
        try message.checkWritten()
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.raw, &pending, timeoutMilliseconds) != 0 else {
            throw DBusKitError(name: DBusErrorName.noMemory, message: "could not queue a method call")
        }
        guard let pending else {
            throw DBusKitError(name: DBusErrorName.disconnected, message: "the connection is closed")
        }
        PendingReply.watch(pending, completion: completion)
    }
}

/// The completion of one asynchronous call, run at most once.
final class PendingReply: @unchecked Sendable {
    let completion: @Sendable (Result<Message, DBusKitError>) -> Void
    let fired = Atomic<Bool>(false)

    init(_ completion: @escaping @Sendable (Result<Message, DBusKitError>) -> Void) {
        self.completion = completion
    }

    func complete(_ pending: OpaquePointer) {
        guard !fired.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard let stolen = dbus_pending_call_steal_reply(pending) else {
            completion(.failure(DBusKitError(name: DBusErrorName.noReply, message: "no reply")))
            return
        }
        let reply = Message(owning: stolen)
        do {
            completion(.success(try reply.throwIfError()))
        } catch let error as DBusKitError {
            completion(.failure(error))
        } catch {
            completion(.failure(.failed("\(error)")))
        }
    }

    /// Sets the notify function on `pending` (consuming the caller's reference).
    static func watch(_ pending: OpaquePointer, completion: @escaping @Sendable (Result<Message, DBusKitError>) -> Void)
    {
        let box = PendingReply(completion)
        let retained = Unmanaged.passRetained(box).toOpaque()
        dbus_pending_call_set_notify(
            pending,
            { pending, userData in
                guard let pending, let userData else { return }
                Unmanaged<PendingReply>.fromOpaque(userData).takeUnretainedValue().complete(pending)
            },
            retained,
            { userData in
                guard let userData else { return }
                Unmanaged<PendingReply>.fromOpaque(userData).release()
            })
        if dbus_pending_call_get_completed(pending) != 0 { box.complete(pending) }
        dbus_pending_call_unref(pending)
    }
}
