import DBusKit
import Glibc
import InkstoneTestSupport
import Synchronization
import Testing

@Suite struct ServerTests {
    @Test func peerToPeerCallsShareTheLoop() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        var table = InterfaceTable("org.example.Peer")
        table.method("Echo", input: "s", output: "s") { _, reader in .string(try reader.readString()) }
        let object = ExportedObject(interfaces: [table])
        let accepted = Mutex<[Connection]>([])
        let folder = try makeTemporaryDirectory(prefix: "inkstone-p2p")
        let server = try Server(listenAddress: "unix:dir=\(folder)", loop: loop) { connection in
            try? connection.export(object, at: "/org/example/Peer")
            accepted.withLock { $0.append(connection) }
        }
        defer {
            server.disconnect()
            accepted.withLock { connections in for connection in connections { connection.close() } }
        }
        for text in ["first", "二番目"] {
            let client = try Connection(address: server.address, registerWithBus: false)
            defer { client.close() }
            var reader = try client.call(
                destination: nil, path: "/org/example/Peer", interface: "org.example.Peer", member: "Echo"
            ) { $0.append(text) }.reader()
            #expect(try reader.readString() == text)
        }
        #expect(accepted.withLock { $0.count } == 2)
    }

    /// A socket path with characters D-Bus addresses reserve (`,`, `=`, space, `;`) is escaped, and clients reach it.
    @Test func socketPathsAreEscapedInAddresses() throws {
        let loop = try EventLoop()
        try loop.start()
        defer { loop.stop() }
        let base = try makeTemporaryDirectory(prefix: "inkstone-p2p")
        let folder = base + "/a,b=c d;e"
        #expect(mkdir(folder, 0o700) == 0)
        let address = try Server.unixAddress(path: folder + "/s.socket")
        #expect(!address.dropFirst("unix:path=".count).contains(","), "\(address)")
        let accepted = Mutex<[Connection]>([])
        let server = try Server(listenAddress: address, loop: loop) { connection in
            accepted.withLock { $0.append(connection) }
        }
        defer {
            server.disconnect()
            accepted.withLock { connections in for connection in connections { connection.close() } }
        }
        let client = try Connection(address: server.address, registerWithBus: false)
        defer { client.close() }
        #expect(client.isConnected)
        #expect(throws: DBusKitError.self) { try Server.unixAddress(path: "/tmp/a\u{0}b") }
    }
}
