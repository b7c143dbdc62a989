import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

/// A loop with a peer-to-peer server and one accepted connection (the first; every one the
/// server accepts is closed with the pair), which exports `object` at ``EchoService/path``
/// when one is given.
final class PeerPair {
    let loop: EventLoop
    let server: Server
    let accepted: Connection
    let client: Connection
    let folder: String
    private let acceptedConnections: @Sendable () -> [Connection]

    init(exporting object: ExportedObject? = nil) throws {
        loop = try EventLoop()
        try loop.start()
        folder = try makeTemporaryDirectory(prefix: "inkstone-peer-pair")
        let box = Mutex<[Connection]>([])
        server = try Server(listenAddress: "unix:dir=\(folder)", loop: loop) { connection in
            if let object { try? connection.export(object, at: EchoService.path) }
            box.withLock { $0.append(connection) }
        }
        acceptedConnections = { box.withLock { $0 } }
        client = try Connection(address: server.address, registerWithBus: false)
        var waited = 0
        while box.withLock({ $0.isEmpty }), waited < 500 {
            _ = client.nextMessage(timeoutMilliseconds: 10)
            waited += 1
        }
        accepted = try #require(box.withLock { $0.first })
        // A round trip completes authentication, so what the server sends is written at once.
        _ = try client.call(destination: nil, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")
    }

    deinit {
        server.disconnect()
        for connection in acceptedConnections() { connection.close() }
        client.close()
        loop.stop()
        rmdir(folder)
    }
}
