import DBusKit
import Glibc

/// A connection to `inkstoned`: over its direct transport (no bus daemon in
/// between) or through the bus, with the destination each call needs.
final class DaemonLink {
    static let busName = "org.inkstone.Inkstone1"
    static let servicePath = "/org/inkstone/Inkstone1"
    static let serviceInterface = "org.inkstone.Inkstone1"
    static let contextInterface = "org.inkstone.InputContext1"

    /// The connection calls go on.
    let connection: Connection
    /// The bus connection kept open while a peer connection is used (nil when none).
    private let bus: Connection?
    /// Whether calls go peer to peer.
    let isDirect: Bool

    /// Connects to the bus at `busAddress` (else the session bus) and, unless
    /// `viaBus`, switches to the daemon's peer-to-peer address when it has one.
    init(busAddress: String?, viaBus: Bool, peerAddress: String?) throws {
        if let peerAddress {
            connection = try Self.open(peerAddress, registerWithBus: false, what: "the peer address \(peerAddress)")
            bus = nil
            isDirect = true
            if let refusal = Self.ping(connection) {
                connection.close()
                throw ClientError.peerRefused(address: peerAddress, refusal)
            }
            return
        }
        let bus = try Self.openBus(busAddress)
        do {
            _ = try bus.call(
                destination: Self.busName, path: Self.servicePath, interface: Self.serviceInterface,
                member: "GetVersion")
        } catch let error as DBusKitError {
            bus.close()
            throw ClientError.noDaemon(address: busAddress, error)
        }
        if !viaBus, let address = Self.peerAddress(on: bus), !address.isEmpty,
            let direct = try? Connection(address: address, registerWithBus: false), Self.ping(direct) == nil
        {
            connection = direct
            self.bus = bus
            isDirect = true
        } else {
            connection = bus
            self.bus = nil
            isDirect = false
        }
    }

    deinit {
        connection.close()
        bus?.close()
    }

    /// The destination calls need: the bus name, or none peer to peer.
    var destination: String? { isDirect ? nil : Self.busName }

    /// Calls `member` and returns the reply (errors thrown as ``DBusKitError``).
    @discardableResult
    func call(
        path: String = servicePath, interface: String = serviceInterface, member: String,
        _ body: (inout MessageWriter) throws -> Void = { _ in }
    ) throws -> Message {
        try connection.call(destination: destination, path: path, interface: interface, member: member, body)
    }

    /// Accepts "3", "context/3" or a full object path of a context (or of a document).
    static func objectPath(_ argument: String) -> String {
        if argument.hasPrefix("/") { return argument }
        if argument.allSatisfy(\.isNumber) { return servicePath + "/context/" + argument }
        return servicePath + "/" + argument
    }

    /// Nil when a peer-to-peer connection answers `Peer.Ping` (authentication passed), else the error.
    private static func ping(_ connection: Connection) -> DBusKitError? {
        do {
            _ = try connection.call(
                destination: nil, path: servicePath, interface: "org.freedesktop.DBus.Peer", member: "Ping",
                timeoutMilliseconds: 5000)
            return nil
        } catch let error as DBusKitError {
            connection.close()
            return error
        } catch {
            connection.close()
            return .failed("\(error)")
        }
    }

    private static func peerAddress(on bus: Connection) -> String? {
        guard
            var reader = try? bus.call(
                destination: busName, path: servicePath, interface: serviceInterface, member: "GetPeerAddress"
            ).reader()
        else { return nil }
        return try? reader.readString()
    }

    private static func openBus(_ explicit: String?) throws -> Connection {
        let environment = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        guard let address = explicit ?? environment, !address.isEmpty else { throw ClientError.noBus }
        return try open(address, registerWithBus: true, what: "the bus at \(address)")
    }

    private static func open(_ address: String, registerWithBus: Bool, what: String) throws -> Connection {
        do {
            return try Connection(address: address, registerWithBus: registerWithBus)
        } catch let error as DBusKitError {
            throw ClientError.unreachable(what: what, error)
        }
    }
}
