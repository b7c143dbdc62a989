import DBusKit
import InkstoneClient
import InkstoneTestSupport

extension Soak {
    /// The daemon's memory across `count` connect / create a context / type /
    /// disconnect cycles (alternating the bus and the direct socket): resident
    /// KiB after start-up, after the first 100 cycles (warm) and at the end.
    public static func measureCycles(_ count: Int, daemonPath: String) throws -> (start: Int, warm: Int, end: Int) {
        let session = try SoakSession(daemonPath: daemonPath)
        let start = session.residentKiB
        var warm = start
        for cycle in 0..<count {
            let peer = cycle % 2 == 1
            let client =
                peer
                ? try InkstoneConnection(directAddress: session.peerAddress, timeoutMilliseconds: 10_000)
                : try InkstoneConnection(busAddress: session.bus.address, timeoutMilliseconds: 10_000)
            if let context = try? client.createContext(InputContextOptions(engine: "hangul")) {
                _ = try? context.processKeyNames(["g", "k", "s", "r", "m", "f", "space"])
            }
            client.close()
            if cycle == 99 { warm = session.residentKiB }
        }
        // Let the daemon notice the last disconnects.
        _ = try? InkstoneConnection(busAddress: session.bus.address).status()
        return (start, warm, session.residentKiB)
    }
}
