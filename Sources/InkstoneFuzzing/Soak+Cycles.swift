import DBusKit
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
            let connection = peer
                ? try Connection(address: session.peerAddress, registerWithBus: false)
                : try Connection(address: session.bus.address)
            let client = SoakClient(connection: connection, isPeer: peer)
            if case .reply(let reply) = client.call(servicePath, "org.inkstone.Inkstone1", "CreateInputContext", {
                $0.append(vardict: ["engine": .string("hangul")])
            }) {
                var reader = reply.reader()
                if let path = try? reader.readObjectPath() {
                    _ = client.call(path, "org.inkstone.InputContext1", "ProcessKeyNames") {
                        $0.append(strings: ["g", "k", "s", "r", "m", "f", "space"])
                    }
                }
            }
            connection.close()
            if cycle == 99 { warm = session.residentKiB }
        }
        // Let the daemon notice the last disconnects.
        _ = try? BusClient(address: session.bus.address).call(
            "org.inkstone.Inkstone1", servicePath, "org.inkstone.Inkstone1", "GetStatus")
        return (start, warm, session.residentKiB)
    }
}
