import ArgumentParser
import DBusKit
import Glibc
import Synchronization

/// A benchmark client of `inkstoned`: one blocking connection (bus or direct), contexts and keys.
final class KeyClient: @unchecked Sendable {
    static let busName = "org.inkstone.Inkstone1"
    static let servicePath = "/org/inkstone/Inkstone1"
    static let serviceInterface = "org.inkstone.Inkstone1"
    static let contextInterface = "org.inkstone.InputContext1"

    let connection: Connection
    /// The bus name for calls on the bus, nil peer to peer.
    let destination: String?

    /// Connects to the bus at `busAddress`; with `direct`, to the daemon's peer-to-peer address instead.
    init(busAddress: String, direct: Bool = false) throws {
        let bus = try Connection(address: busAddress)
        guard direct else {
            connection = bus
            destination = Self.busName
            return
        }
        defer { bus.close() }
        var reader = try bus.call(
            destination: Self.busName, path: Self.servicePath, interface: Self.serviceInterface,
            member: "GetPeerAddress"
        ).reader()
        let address = try reader.readString()
        guard !address.isEmpty else { throw ValidationError("the daemon has no direct transport") }
        connection = try Connection(address: address, registerWithBus: false)
        destination = nil
    }

    deinit { connection.close() }

    /// The unique bus name (nil peer to peer).
    var uniqueName: String? { connection.uniqueName }

    @discardableResult
    func callService(_ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }) throws -> Message {
        try connection.call(
            destination: destination, path: Self.servicePath, interface: Self.serviceInterface, member: member, body)
    }

    @discardableResult
    func callContext(
        _ context: String, _ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        try connection.call(
            destination: destination, path: context, interface: Self.contextInterface, member: member, body)
    }

    /// `NewInputContext(options)`.
    func createContext(_ options: [String]) throws -> String {
        var reader = try callService("NewInputContext") { $0.append(strings: options) }.reader()
        return try reader.readObjectPath()
    }

    /// A document created by this client, shared with `peer`, and a context of this client on it.
    func createSharedDocument(with peer: String, options: [String]) throws -> (document: String, context: String) {
        var reader = try callService("CreateDocument").reader()
        let document = try reader.readObjectPath()
        _ = try connection.call(
            destination: destination, path: document, interface: "org.inkstone.Document1", member: "Share"
        ) { $0.append(peer) }
        let context = try createContext(options + ["document=\(document)"])
        return (document, context)
    }

    /// The `ProcessKeyEvent` call for `keysym` (press).
    func keyMessage(_ context: String, keysym: UInt32, member: String = "ProcessKeyEvent") throws -> Message {
        guard
            let message = Message.methodCall(
                destination: destination, path: context, interface: Self.contextInterface, member: member)
        else { throw ValidationError("no message") }
        message.write { writer in
            writer.append(keysym)
            writer.append(UInt32(0))
            writer.append(UInt32(0))
            writer.append(false)
            writer.append(UInt32(0))
        }
        return message
    }

    /// One timed `ProcessKeyEvent` round trip, in nanoseconds (signals it causes are dropped afterwards).
    func timeKey(_ context: String, keysym: UInt32, member: String = "ProcessKeyEvent") throws -> UInt64 {
        let message = try keyMessage(context, keysym: keysym, member: member)
        let start = RawClient.now()
        _ = try connection.call(message, timeoutMilliseconds: 10_000)
        let elapsed = RawClient.now() - start
        drain()
        return elapsed
    }

    /// Drops every queued incoming message (signals for contexts this client listens to).
    func drain() {
        while connection.nextMessage(timeoutMilliseconds: 0) != nil {}
    }
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
