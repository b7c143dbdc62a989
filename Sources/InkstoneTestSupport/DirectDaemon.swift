import DBusKit
import Glibc
import InkstoneClient
import InkstoneMeasure

/// A private bus with an `inkstoned` whose direct (peer-to-peer) socket lives
/// in a runtime folder of the caller's own; stopped on deinit.
///
/// New tests should talk to it with `InkstoneClient` (``connectClient()``, ``busClient()``).
public final class DirectDaemon {
    /// The runtime folder (`XDG_RUNTIME_DIR` of the daemon).
    public let runtime: String
    /// The private bus.
    public let bus: PrivateBus
    /// The daemon.
    public let daemon: DaemonProcess
    /// What `GetPeerAddress` answered.
    public let peerAddress: String

    /// The daemon's bus name (``InkstoneNames/busName``).
    public static let busName = InkstoneNames.busName
    /// The service object's path (``InkstoneNames/servicePath``).
    public static let servicePath = InkstoneNames.servicePath
    /// The service interface (``InkstoneNames/serviceInterface``).
    public static let serviceInterface = InkstoneNames.serviceInterface

    /// Whether `runtime` was made here (and is removed when the daemon stops).
    private let ownsRuntime: Bool

    /// Starts `executable` (the built `inkstoned` by default) with `arguments`.
    /// With `runtime` nil a new folder under `TMPDIR` is the daemon's
    /// `XDG_RUNTIME_DIR`; `environment`, when given, replaces that setting.
    public init(
        executable: String = builtProduct("inkstoned"), arguments: [String] = [], runtime given: String? = nil,
        environment: [String: String]? = nil
    ) throws {
        runtime = try given ?? makeTemporaryDirectory(prefix: "inkstone-runtime")
        ownsRuntime = given == nil
        bus = try PrivateBus()
        daemon = try DaemonProcess(
            executable: executable, arguments: ["--address", bus.address] + arguments,
            environment: environment ?? ["XDG_RUNTIME_DIR": runtime])
        guard try daemon.waitForName(Self.busName, on: bus.address) else {
            throw TestSupportError("inkstoned did not take \(Self.busName): \(daemon.stderr)")
        }
        let busAddress = bus.address
        peerAddress = try dbusKitErrors { try InkstoneConnection(busAddress: busAddress).peerAddress() }
    }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: .seconds(5))
        if ownsRuntime { _ = try? run(["rm", "-rf", runtime]) }
    }

    /// The socket's path in ``peerAddress``.
    public var socketPath: String { String(peerAddress.dropFirst("unix:path=".count).prefix { $0 != "," }) }

    /// Whether the daemon is still running and answering on the bus.
    public var isAlive: Bool {
        guard daemon.termination == nil, let client = try? InkstoneConnection(busAddress: bus.address) else {
            return false
        }
        return (try? client.version()) != nil
    }

    /// `contexts` from GetStatus.
    public func contextCount() throws -> UInt32? {
        try status()["contexts"].flatMap(\.int64Value).map { UInt32($0) }
    }

    /// A new peer-to-peer connection.
    public func connect() throws -> Connection { try Connection(address: peerAddress, registerWithBus: false) }

    /// A new typed peer-to-peer client.
    public func connectClient() throws(InkstoneClientError) -> InkstoneConnection {
        try InkstoneConnection(directAddress: peerAddress, timeoutMilliseconds: 10_000)
    }

    /// A new typed client on the private bus.
    public func busClient() throws(InkstoneClientError) -> InkstoneConnection {
        try InkstoneConnection(busAddress: bus.address, timeoutMilliseconds: 10_000)
    }

    /// The daemon's resident memory (VmRSS), in bytes.
    public var residentBytes: UInt64 { ResidentMemory.of(pid: daemon.pid) }

    /// `GetStatus`, asked on the bus.
    public func status() throws -> [String: DBusValue] {
        try dbusKitErrors { try busClient().status() }
    }

    /// Waits (up to 10 s) until the daemon has no peer-to-peer connection open; true when it has none.
    public func waitForNoPeers() throws -> Bool {
        for _ in 0..<500 {
            if case .uint32(0)? = try status()["peer_connections"] { return true }
            sleepMilliseconds(20)
        }
        return false
    }
}

extension Connection {
    /// A call with no destination (peer to peer), blocking up to 10 s.
    public func peerCall(
        _ path: String, _ interface: String, _ member: String, _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        try call(destination: nil, path: path, interface: interface, member: member, timeoutMilliseconds: 10_000, body)
    }
}

/// The daemon's memory across direct clients that come and go.
public struct ChurnFigures: Sendable {
    /// Cycles measured (after the warm-up).
    public var cycles: Int
    /// RSS after the warm-up, in bytes.
    public var warmBytes: UInt64
    /// RSS after every cycle, once every peer is gone, in bytes.
    public var finalBytes: UInt64

    /// Growth per cycle after the warm-up, in bytes (negative when memory was given back).
    public var bytesPerCycle: Double { (Double(finalBytes) - Double(warmBytes)) / Double(max(1, cycles)) }
}

extension DirectDaemon {
    /// One cycle: connect directly, create a Hangul context, type a syllable and a space, disconnect.
    public func churnCycle() throws {
        try dbusKitErrors {
            let client = try connectClient()
            defer { client.close() }
            try client.newContext(["engine=hangul"]).processKeyNames(["g", "k", "s", "space"])
        }
    }

    /// Runs `warmUp` cycles, reads RSS, runs `cycles` more, waits until every peer is gone, reads RSS again.
    public func measureChurn(cycles: Int, warmUp: Int) throws -> ChurnFigures {
        for _ in 0..<warmUp { try churnCycle() }
        guard try waitForNoPeers() else { throw TestSupportError("peers stayed connected after the warm-up") }
        let warm = residentBytes
        for _ in 0..<cycles { try churnCycle() }
        guard try waitForNoPeers() else { throw TestSupportError("peers stayed connected") }
        return ChurnFigures(cycles: cycles, warmBytes: warm, finalBytes: residentBytes)
    }
}
