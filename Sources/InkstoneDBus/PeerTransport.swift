import DBusKit
import Glibc
import InkstoneService
import Logging
import Synchronization

/// The direct transport: a peer-to-peer D-Bus socket next to the bus name.
///
/// A client that connects here (announced by `GetPeerAddress`) sees the same
/// objects as on the bus, with no bus daemon in between. The socket lives in
/// `$XDG_RUNTIME_DIR/inkstone/` (else `$TMPDIR/inkstone-<uid>/`, see
/// ``SocketFolder``), a folder of mode 0700 holding an owner-only socket, and
/// the server admits only connections that authenticate (EXTERNAL) as the
/// daemon's own uid. Sockets of daemons that died without closing are removed
/// when the next one starts.
///
/// Peer-to-peer messages carry no sender, so each accepted connection gets an
/// identity `p2p:N` (its ``Connection/peerIdentity``): its contexts are owned
/// by that identity, its signals are sent back on it, and they die with it.
/// A peer that stops reading is disconnected once more than
/// ``ServiceLimits/listenerBacklogBytes`` are queued for it (its contexts die
/// as on a disconnect).
final class PeerTransport: @unchecked Sendable {
    /// The prefix of every peer-to-peer caller identity.
    static let identityPrefix = "p2p:"

    private let server: Server
    private let socketPath: String
    private let table = PeerTable()

    /// Listens in the runtime folder and exports `objects` (path, object, subtree) on every accepted connection.
    init(
        loop: EventLoop, service: InkstoneService, objects: [(path: String, object: ExportedObject, subtree: Bool)],
        logger: Logger
    ) throws {
        let folder = try SocketFolder.prepare()
        for name in SocketFolder.removeStaleSockets(in: folder) {
            logger.info("removed \(folder)/\(name), left by a daemon that is no longer running")
        }
        socketPath = folder + "/" + SocketFolder.socketName(pid: getpid())
        unlink(socketPath)
        let table = self.table
        server = try Server(listenAddress: try Server.unixAddress(path: socketPath), loop: loop) { connection in
            let number = table.accepted.add(1, ordering: .relaxed).newValue
            let identity = Self.identityPrefix + "\(number)"
            connection.peerIdentity = identity
            for entry in objects {
                do {
                    if entry.subtree {
                        try connection.exportSubtree(entry.object, under: entry.path)
                    } else {
                        try connection.export(entry.object, at: entry.path)
                    }
                } catch {
                    logger.error("peer \(identity): cannot export \(entry.path): \(error)")
                }
            }
            table.connections.withLock { $0[identity] = connection }
            // Runs once, whichever comes first: the peer hangs up, or it stops reading.
            let forget: @Sendable () -> Void = {
                guard table.connections.withLock({ $0.removeValue(forKey: identity) }) != nil else { return }
                service.peerVanished(identity)
                connection.close()
            }
            connection.onDisconnected { loop.execute(forget) }
            let backlog = service.limits.listenerBacklogBytes
            connection.limitOutgoing(to: backlog) { queued in
                logger.warning(
                    """
                    peer \(identity) stopped reading (\(queued) bytes queued, limit \(backlog)): \
                    dropping its signals and disconnecting it
                    """)
                loop.execute(forget)
            }
            logger.debug("peer \(identity) connected")
        }
        chmod(socketPath, 0o600)
    }

    /// The address clients pass to `dbus_connection_open` (with the server's GUID).
    var address: String { server.address }

    /// How many peer-to-peer connections are open.
    var connectionCount: Int { table.connections.withLock { $0.count } }

    /// The open connection with caller identity `identity`, if it is a peer-to-peer one.
    func connection(for identity: String) -> Connection? {
        guard identity.hasPrefix(Self.identityPrefix) else { return nil }
        return table.connections.withLock { $0[identity] }
    }

    /// Stops listening, closes every peer connection and removes the socket.
    func close() {
        server.disconnect()
        let open = table.connections.withLock { connections in
            defer { connections = [:] }
            return Array(connections.values)
        }
        for connection in open { connection.close() }
        unlink(socketPath)
    }
}

/// The open peer connections by identity, and how many were ever accepted.
private final class PeerTable: Sendable {
    let connections = Mutex<[String: Connection]>([:])
    let accepted = Atomic<Int>(0)
}

/// The daemon's direct transport, once it listens.
final class PeerSlot: Sendable {
    let transport = Mutex<PeerTransport?>(nil)

    /// The peer-to-peer connection of caller `identity`, if any.
    func connection(for identity: String) -> Connection? {
        transport.withLock { $0 }?.connection(for: identity)
    }
}
