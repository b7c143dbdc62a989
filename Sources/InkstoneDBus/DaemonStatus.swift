import DBusKit
import Glibc
import InkstoneMeasure
import InkstoneService
import Synchronization

/// What `GetStatus` and `GetPeerAddress` report: set up by ``Daemon``, read on the loop thread.
public final class DaemonStatus: Sendable {
    private let startNanoseconds = MonotonicClock.nanoseconds()
    private let peerAddressBox = Mutex("")
    private let peerCountBox = Mutex<@Sendable () -> Int>({ 0 })

    /// A status whose uptime starts now.
    public init() {}

    /// The peer-to-peer address ("" when the direct transport is off).
    public var peerAddress: String { peerAddressBox.withLock { $0 } }

    /// Records the direct transport's address and how to count its connections.
    func setPeerTransport(address: String, connectionCount: @escaping @Sendable () -> Int) {
        peerAddressBox.withLock { $0 = address }
        peerCountBox.withLock { $0 = connectionCount }
    }

    /// The `GetStatus` dictionary: version, pid, uptime, object counts (durable documents too), memory and the direct transport.
    func snapshot(service: InkstoneService, version: String) -> [String: DBusValue] {
        let counts = service.counts
        let uptime = Double(MonotonicClock.nanoseconds() - startNanoseconds) / 1e9
        return [
            "version": .string(version),
            "pid": .uint32(UInt32(getpid())),
            "uptime_seconds": .double(uptime),
            "contexts": .uint32(UInt32(counts.contexts)),
            "documents": .uint32(UInt32(counts.documents)),
            "durable_documents": .uint32(UInt32(service.durable.open.count)),
            "rss_bytes": .uint64(ResidentMemory.ofSelf()),
            "peer_address": .string(peerAddress),
            "peer_connections": .uint32(UInt32(peerCountBox.withLock { $0 }())),
        ]
    }
}
