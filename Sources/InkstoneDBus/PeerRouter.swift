import DBusKit
import Logging

/// Where a message for one peer goes: the connection to send it on, and the
/// destination to put in it (none on a peer-to-peer connection).
struct PeerRoute {
    /// The bus connection, or the peer's own peer-to-peer connection.
    let connection: Connection
    /// The peer's unique bus name; nil on a peer-to-peer connection.
    let destination: String?
}

/// The one place a caller identity becomes an address: every signal and
/// every call the daemon sends to a client is routed here.
///
/// A bus unique name (`:1.5`) goes out on the bus with that destination; a
/// peer-to-peer identity (`p2p:N`) on that peer's own connection with no
/// destination (`p2p:N` is no bus name); anything else —
/// no listener, a closed peer — is dropped with a debug log line.
final class PeerRouter: Sendable {
    private let bus: Connection
    private let peerConnection: @Sendable (String) -> Connection?
    private let logger: Logger

    /// Routes bus names on `bus`, and other identities through `peerConnection`.
    init(bus: Connection, logger: Logger, peerConnection: @escaping @Sendable (String) -> Connection? = { _ in nil }) {
        self.bus = bus
        self.logger = logger
        self.peerConnection = peerConnection
    }

    /// The route to `peer`, nil when there is none (empty, or a peer-to-peer connection that closed).
    func route(to peer: String) -> PeerRoute? {
        if peer.hasPrefix(":") { return PeerRoute(connection: bus, destination: peer) }
        guard !peer.isEmpty, let connection = peerConnection(peer) else { return nil }
        return PeerRoute(connection: connection, destination: nil)
    }

    /// Sends a signal to `peer` only (never broadcast); a failure or a missing route is logged, not thrown.
    /// Returns the signal sent, nil when none was.
    @discardableResult
    func emit(
        to peer: String, path: String, interface: String, member: String,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) -> Message? {
        guard let route = route(to: peer) else {
            if !peer.isEmpty { logger.debug("signal \(member) at \(path) dropped: \(peer) is gone") }
            return nil
        }
        do {
            return try route.connection.emitSignal(
                path: path, interface: interface, member: member, destination: route.destination, body)
        } catch {
            logger.info("signal \(member) at \(path) to \(peer) not sent: \(error)")
            return nil
        }
    }

    /// An unsent signal addressed to `peer` at `path` (checked once here), for
    /// ``emit(copying:to:_:)`` to duplicate; nil when `peer` has no route or a name is invalid.
    func signalTemplate(to peer: String, path: String, interface: String, member: String) -> Message? {
        guard let route = route(to: peer) else {
            if !peer.isEmpty { logger.debug("signal \(member) at \(path) dropped: \(peer) is gone") }
            return nil
        }
        do {
            return try route.connection.makeSignal(
                path: path, interface: interface, member: member, destination: route.destination)
        } catch {
            logger.info("signal \(member) at \(path) to \(peer) not sent: \(error)")
            return nil
        }
    }

    /// Sends `peer` a duplicate of `template` (made by ``signalTemplate(to:path:interface:member:)``
    /// for the same peer) with the arguments `body` writes. A failure or a missing route is
    /// logged, not thrown. Returns the signal sent, nil when none was.
    @discardableResult
    func emit(copying template: Message, to peer: String, _ body: (inout MessageWriter) throws -> Void) -> Message? {
        guard let route = route(to: peer) else {
            if !peer.isEmpty { logger.debug("signal \(template.member ?? "?") dropped: \(peer) is gone") }
            return nil
        }
        do {
            return try route.connection.emitSignal(copying: template, body)
        } catch {
            logger.info("signal \(template.member ?? "?") to \(peer) not sent: \(error)")
            return nil
        }
    }

    /// Calls `member` of `interface` at `path` on `peer` without blocking;
    /// false (and nothing sent) when there is no route or the call cannot be made.
    func call(
        _ peer: String, path: String, interface: String, member: String, timeoutMilliseconds: Int32,
        arguments: (inout MessageWriter) -> Void,
        completion: @escaping @Sendable (Result<Message, DBusKitError>) -> Void
    ) -> Bool {
        guard let route = route(to: peer) else {
            logger.debug("call \(interface).\(member) to \(peer) not made: no route")
            return false
        }
        do {
            let message = try route.connection.makeMethodCall(
                destination: route.destination, path: path, interface: interface, member: member)
            message.write { arguments(&$0) }
            try route.connection.call(message, timeoutMilliseconds: timeoutMilliseconds, completion: completion)
            return true
        } catch {
            logger.info("call \(interface).\(member) to \(peer) at \(path) not made: \(error)")
            return false
        }
    }
}
