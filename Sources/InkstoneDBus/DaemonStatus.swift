import DBusKit
import Glibc
import InkstoneService
import Synchronization

/// What `GetStatus` and `GetPeerAddress` report: set up by ``Daemon``, read on the loop thread.
public final class DaemonStatus: Sendable {
    private let startNanoseconds = DaemonStatus.monotonicNanoseconds()
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

    /// The `GetStatus` dictionary: version, pid, uptime, object counts, memory and the direct transport.
    func snapshot(service: InkstoneService, version: String) -> [String: DBusValue] {
        let counts = service.counts
        let uptime = Double(Self.monotonicNanoseconds() - startNanoseconds) / 1e9
        return [
            "version": .string(version),
            "pid": .uint32(UInt32(getpid())),
            "uptime_seconds": .double(uptime),
            "contexts": .uint32(UInt32(counts.contexts)),
            "documents": .uint32(UInt32(counts.documents)),
            "rss_bytes": .uint64(Self.residentBytes()),
            "peer_address": .string(peerAddress),
            "peer_connections": .uint32(UInt32(peerCountBox.withLock { $0 }())),
        ]
    }

    /// VmRSS of this process from `/proc/self/status`, in bytes (0 when unreadable).
    static func residentBytes() -> UInt64 {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("VmRSS:") else { continue }
            let digits = text.dropFirst(6).filter(\.isNumber)
            return (UInt64(String(digits)) ?? 0) * 1024
        }
        return 0
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
