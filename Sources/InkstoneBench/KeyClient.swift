import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure
import Synchronization

/// A benchmark client of `inkstoned`: one blocking ``InkstoneConnection`` (bus or direct), contexts and keys.
final class KeyClient: @unchecked Sendable {
    /// The typed client.
    let client: InkstoneConnection

    /// Connects to the bus at `busAddress`; with `direct`, to the daemon's peer-to-peer address instead.
    init(busAddress: String, direct: Bool = false) throws {
        let bus = try InkstoneConnection(busAddress: busAddress)
        guard direct else {
            client = bus
            return
        }
        defer { bus.close() }
        client = try bus.connectingDirectly()
    }

    deinit { client.close() }

    /// The underlying connection.
    var connection: Connection { client.connection }

    /// The bus name for calls on the bus, nil peer to peer.
    var destination: String? { client.destination }

    /// The unique bus name (nil peer to peer).
    var uniqueName: String? { client.uniqueName }

    @discardableResult
    func callService(_ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }) throws -> Message {
        try client.call(
            path: InkstoneNames.servicePath, interface: InkstoneNames.serviceInterface, member: member, body)
    }

    @discardableResult
    func callContext(
        _ context: String, _ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        try client.context(at: context).call(member, body)
    }

    /// `NewInputContext(options)`.
    func createContext(_ options: [String]) throws -> String {
        try client.newContext(options).path
    }

    /// A document created by this client, shared with `peer`, and a context of this client on it.
    func createSharedDocument(with peer: String, options: [String]) throws -> (document: String, context: String) {
        let document = try client.createDocument()
        try document.share(with: peer)
        let context = try createContext(options + ["document=\(document.path)"])
        return (document.path, context)
    }

    /// The prepared `ProcessKeyEvent` (or `ProcessKeyEventReporting`) call for `keysym` (press).
    func keyMessage(_ context: String, keysym: UInt32, member: String = "ProcessKeyEvent") throws -> Message {
        try client.context(at: context).keyEventCall(
            KeyPress(keysym: keysym), reporting: member == "ProcessKeyEventReporting")
    }

    /// One timed `ProcessKeyEvent` round trip, in nanoseconds (signals it causes are dropped afterwards).
    func timeKey(_ context: String, keysym: UInt32, member: String = "ProcessKeyEvent") throws -> UInt64 {
        let message = try keyMessage(context, keysym: keysym, member: member)
        let start = MonotonicClock.nanoseconds()
        _ = try connection.call(message, timeoutMilliseconds: 10_000)
        let elapsed = MonotonicClock.nanoseconds() - start
        drain()
        return elapsed
    }

    /// Drops every queued incoming message (signals for contexts this client listens to).
    func drain() { client.discardIncoming() }
}

/// A connection reading (and dropping) its signals on its own thread, as a live view would.
final class SignalDrain: @unchecked Sendable {
    let client: KeyClient
    private let running = Atomic<Bool>(true)
    private let received = Atomic<Int>(0)
    private var thread: PosixThread?

    init(client: KeyClient) {
        self.client = client
    }

    func start() {
        thread = PosixThread.spawn { [self] in
            while running.load(ordering: .relaxed) {
                if client.connection.nextMessage(timeoutMilliseconds: 50) != nil {
                    received.add(1, ordering: .relaxed)
                }
            }
        }
    }

    /// Stops the thread; returns how many messages it read.
    func stop() -> Int {
        running.store(false, ordering: .relaxed)
        thread?.join()
        return received.load(ordering: .relaxed)
    }
}

/// Keysyms typed in turn: `gksrmf` spells 한글 on the Dubeolsik layout; plain letters for the rest.
enum BenchKeys {
    static let hangul: [UInt32] = Array("gksrmf".unicodeScalars.map(\.value))
    static let latin: [UInt32] = Array("inkstone".unicodeScalars.map(\.value))
}
