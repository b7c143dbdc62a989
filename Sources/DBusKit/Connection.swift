import CSystemd
import Dispatch
import Glibc
import Synchronization

/// A private sd-bus connection to a bus (or a peer).
///
/// Threads: sd-bus is not thread-safe, so every sd-bus call on the connection and on its
/// messages' references runs under the connection's one lock (``BusLock``). An attached
/// ``EventLoop`` processes the connection on its thread, holding the lock while it
/// dispatches (handlers run there). Other threads may still send (``send(_:)`` takes the
/// lock and wakes the loop to write what the socket did not take); a blocking
/// ``call(_:timeoutMilliseconds:)`` from another thread on an attached connection hops to
/// the loop as an asynchronous call and waits for its reply, so the loop keeps
/// dispatching meanwhile. On a connection attached to no loop, a blocking call holds the
/// lock while it waits (a second thread's call waits its turn), but
/// ``nextMessage(timeoutMilliseconds:)`` waits without it, so one thread can wait for
/// signals while another calls. A handler, run with its connection's lock
/// held, must not wait on a thread that waits for that lock (hop with
/// ``EventLoop/execute(_:)`` instead).
///
/// Writes: in a process that installed a ``WriteGatherer`` (the daemon does), the signals and
/// the reply a method call's dispatch sends leave the socket in one write when they fit (see
/// `dispatchGatheringWrites(_:)`); every other message is written by sd-bus as it is sent.
///
/// Limits: libdbus let a connection cap the largest message and the bytes it buffers;
/// sd-bus has no setter for either. It takes messages up to its fixed maximum (the D-Bus
/// specification's 128 MiB), reads one message per process (see ``EventLoop``), and
/// gives the socket an 8 MiB buffer (see ``outgoingBytes``).
///
/// The connection never exits the process on disconnect (see ``onDisconnected``). Attach
/// it to an ``EventLoop`` to receive method calls, signals and asynchronous replies; an
/// attached loop keeps it alive until ``close()``, so always close connections you are
/// done with.
public final class Connection: @unchecked Sendable {
    /// The sd-bus connection.
    let bus: OpaquePointer
    /// Guards every sd-bus call on ``bus`` and its messages.
    let lock = BusLock()
    /// Bus lifecycle hooks, run on the thread that dispatches (the loop thread).
    let hooks: ConnectionHooks
    private let closed = Atomic<Bool>(false)
    let attachment = Mutex<EventLoop?>(nil)
    let rootFallbackInstalled = Atomic<Bool>(false)
    /// The caller identity of a peer-to-peer connection (see ``peerIdentity``).
    let peerLabel = Mutex<String?>(nil)
    /// The cap on queued outgoing bytes, if any (see ``limitOutgoing(to:onOverflow:onRecovery:)``).
    let backlog = Mutex<OutgoingBacklog?>(nil)
    /// The estimated sizes of the messages sd-bus holds in its write queue, oldest first (under ``lock``).
    var queuedSizes = QueuedSizes()
    /// An upper bound on what the peer has not read, between measurements (under ``lock``).
    var unreadBound = UnreadBound()
    /// What the attached loop keeps for this connection (its thread, under ``lock``).
    var loopState = ConnectionLoopState()
    /// The threads waiting in ``nextMessage(timeoutMilliseconds:)`` (under ``lock``).
    var blockingWaiters = BlockingWaiters()
    /// What a dispatch needs to gather its writes, and what it gathered (under ``lock``).
    var gathering = WriteGathering()
    /// The unique name the bus gave at Hello.
    private let helloName: String?

    /// Opens a private connection to `address` and, when `registerWithBus`, says Hello to the bus.
    ///
    /// - Throws: ``DBusKitError`` when the address is unreachable or the Hello fails.
    public init(address: String, registerWithBus: Bool = true) throws {
        try DBusValidation.string(address)
        var opened: OpaquePointer?
        var result = sd_bus_new(&opened)
        guard result >= 0, let opened else { throw DBusKitError.errno(result, "could not create a connection") }
        bus = opened
        hooks = ConnectionHooks(lock: lock)
        result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, registerWithBus ? 1 : 0) }
        if result >= 0 { result = sd_bus_start(bus) }
        var name: UnsafePointer<CChar>?
        // Waits for the Hello reply.
        if result >= 0, registerWithBus { result = sd_bus_get_unique_name(bus, &name) }
        guard result >= 0 else {
            sd_bus_unref(bus)
            throw DBusKitError.errno(result, "could not open a connection to \(address)")
        }
        helloName = name.map { String(cString: $0) }
        hooks.install(on: bus)
    }

    /// Adopts a started server-side bus (one a ``Server`` accepted), taking its reference.
    init(adopting started: OpaquePointer) {
        bus = started
        hooks = ConnectionHooks(lock: lock)
        helloName = nil
        hooks.install(on: bus)
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
        lock.withLock {
            _ = sd_bus_unref(bus)
            blockingWaiters.close()
        }
    }

    /// The unique name the bus gave this connection (e.g. `:1.5`), nil on a peer-to-peer connection.
    public var uniqueName: String? { helloName }

    /// Whether the connection is still open.
    public var isConnected: Bool { lock.withLock { sd_bus_is_open(bus) > 0 } }

    /// Detaches from any loop and closes the connection (what is not written yet is
    /// dropped). Safe to call twice.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let loop = attachment.withLock { loop in
            defer { loop = nil }
            return loop
        }
        loop?.detach(self)
        lock.withLock {
            sd_bus_close(bus)
            // A thread waiting in nextMessage polls the socket without the lock: it ends now.
            blockingWaiters.wake()
        }
        // Handlers often capture this connection: dropping them breaks the cycle so it can be freed.
        hooks.handlers.withLock { $0 = ConnectionHooks.Handlers() }
        hooks.routes.removeAll()
        backlog.withLock { $0 = nil }
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Throws unless `message` belongs to this connection (it was made on it, or received on it).
    private func checkOwnership(_ message: Message) throws(DBusKitError) {
        guard message.lock === lock else {
            throw DBusKitError.failed("a message is sent on the connection that made it")
        }
    }

    /// Queues `message` for sending and returns its serial.
    ///
    /// Safe from any thread; an attached loop writes out what the socket did not take at
    /// once. Throws the message's ``Message/writeFailure`` when a value was refused, and
    /// for a message made on another connection. A signal is dropped (serial 0) while the
    /// outgoing queue is over its cap (see ``limitOutgoing(to:onOverflow:onRecovery:)``).
    @discardableResult
    public func send(_ message: Message) throws -> UInt32 {
        try message.checkWritten()
        try checkOwnership(message)
        let admission = admitsOutgoing(message)
        guard admission != .refused else { return 0 }
        var cookie: UInt64 = 0
        let (result, queued) = lock.withLock { () -> (Int32, Bool) in
            let result = sd_bus_send(bus, message.raw, &cookie)
            guard result >= 0 else { return (result, false) }
            loopState.rearmPending = true
            if admission == .admitted { chargeSent(message) }
            return (result, noteQueued(message))
        }
        guard result >= 0 else { throw DBusKitError.errno(result, "could not send a message") }
        message.markSent()
        if queued, let loop = attachment.withLock({ $0 }) { loop.wakeUnlessLoopThread() }
        return UInt32(truncatingIfNeeded: cookie)
    }

    /// Blocks until everything queued has been written.
    public func flush() { lock.withLock { _ = sd_bus_flush(bus) } }

    /// Sends a method call and blocks until the reply (for clients and tests; never on the loop thread).
    ///
    /// On a connection attached to a running loop, from another thread, the call goes out
    /// from the loop and this thread waits for its reply.
    ///
    /// - Parameter timeoutMilliseconds: -1 for sd-bus's default (25 s).
    /// - Returns: the method return; error replies are thrown as ``DBusKitError``.
    public func call(_ message: Message, timeoutMilliseconds: Int32 = -1) throws -> Message {
        try message.checkWritten()
        try checkOwnership(message)
        if let loop = attachment.withLock({ $0 }), loop.isRunning, !loop.isLoopThread {
            return try callThroughLoop(message, timeoutMilliseconds: timeoutMilliseconds)
        }
        var error = csd_error_null()
        var reply: OpaquePointer?
        let result = lock.withLock {
            defer { wakeBlockingWaitersIfQueued() }
            return sd_bus_call(bus, message.raw, Self.microseconds(timeoutMilliseconds), &error, &reply)
        }
        message.markSent()
        if let thrown = DBusKitError.take(&error) { throw thrown }
        guard result >= 0, let reply else { throw DBusKitError.errno(result, "the call got no reply") }
        return Message(receiving: reply, lock: lock)
    }

    /// An asynchronous call from the loop, waited for on this thread: at most the call's
    /// timeout and 5 s more (a loop stopped before it sent the call never answers).
    private func callThroughLoop(_ message: Message, timeoutMilliseconds: Int32) throws -> Message {
        let outcome = Mutex<Result<Message, DBusKitError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        try call(message, timeoutMilliseconds: timeoutMilliseconds) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let waited = Int(timeoutMilliseconds < 0 ? 25_000 : timeoutMilliseconds) + 5_000
        guard done.wait(timeout: .now() + .milliseconds(waited)) == .success, let result = outcome.withLock({ $0 })
        else {
            throw DBusKitError(name: DBusErrorName.noReply, message: "no reply within \(waited) ms from the loop")
        }
        return try result.get()
    }

    /// Builds and sends a method call, blocking until the reply.
    public func call(
        destination: String?, path: String, interface: String?, member: String,
        timeoutMilliseconds: Int32 = -1, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        let message = try makeMethodCall(destination: destination, path: path, interface: interface, member: member)
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
        try checkOwnership(message)
        let pending = Unmanaged.passRetained(PendingReply(completion, lock: lock)).toOpaque()
        let result = lock.withLock { () -> Int32 in
            var slot: OpaquePointer?
            let result = sd_bus_call_async(
                bus, &slot, message.raw, PendingReply.replied, pending, Self.microseconds(timeoutMilliseconds))
            guard result >= 0, let slot else { return result }
            loopState.rearmPending = true
            // The bus owns the slot from here; its end releases the completion.
            sd_bus_slot_set_destroy_callback(slot, PendingReply.release)
            sd_bus_slot_set_floating(slot, 1)
            sd_bus_slot_unref(slot)
            return result
        }
        guard result >= 0 else {
            Unmanaged<PendingReply>.fromOpaque(pending).release()
            throw DBusKitError.errno(result, "could not queue a method call")
        }
        message.markSent()
    }

    /// sd-bus's timeout for `milliseconds` (0, its default of 25 s, for a negative value).
    private static func microseconds(_ milliseconds: Int32) -> UInt64 {
        milliseconds < 0 ? 0 : UInt64(milliseconds) * 1000
    }
}

/// The completion of one asynchronous call, run once: when its reply (or sd-bus's
/// `NoReply` for a timeout or a connection that hung up) is processed, or with
/// `Disconnected` when the call is dropped unanswered (the connection was closed and freed).
final class PendingReply: @unchecked Sendable {
    let completion: @Sendable (Result<Message, DBusKitError>) -> Void
    let lock: BusLock
    private let completed = Atomic<Bool>(false)

    init(_ completion: @escaping @Sendable (Result<Message, DBusKitError>) -> Void, lock: BusLock) {
        self.completion = completion
        self.lock = lock
    }

    deinit {
        guard !completed.load(ordering: .acquiring) else { return }
        completion(.failure(DBusKitError(name: DBusErrorName.disconnected, message: "the connection was closed")))
    }

    func complete(_ rawReply: OpaquePointer) {
        completed.store(true, ordering: .releasing)
        let reply = Message(retaining: rawReply, lock: lock)
        do {
            completion(.success(try reply.throwIfError()))
        } catch let error as DBusKitError {
            completion(.failure(error))
        } catch {
            completion(.failure(.failed("\(error)")))
        }
    }

    static let replied: sd_bus_message_handler_t = { rawReply, userData, _ in
        guard let rawReply, let userData else { return 0 }
        Unmanaged<PendingReply>.fromOpaque(userData).takeUnretainedValue().complete(rawReply)
        return 1
    }

    static let release: sd_bus_destroy_t = { userData in
        guard let userData else { return }
        Unmanaged<PendingReply>.fromOpaque(userData).release()
    }
}
