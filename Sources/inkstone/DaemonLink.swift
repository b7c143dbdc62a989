import DBusKit
import Glibc
import InkstoneClient

/// A connection to `inkstoned` for the commands: over its direct transport (no
/// bus daemon in between) when it can, else through the bus.
final class DaemonLink {
    /// The typed client calls go through.
    let client: InkstoneConnection
    /// The bus connection kept open while a peer connection is used (nil when none).
    private let bus: InkstoneConnection?

    /// Connects to the bus at `busAddress` (else the session bus) and, unless
    /// `viaBus`, switches to the daemon's peer-to-peer address when it has one.
    init(busAddress: String?, viaBus: Bool, peerAddress: String?) throws {
        if let peerAddress {
            do throws(InkstoneClientError) {
                client = try InkstoneConnection(directAddress: peerAddress)
            } catch  where error.name == DBusErrorName.disconnected {
                // The daemon closed the socket at once: it refuses this user.
                throw ClientError.peerRefused(address: peerAddress, error)
            } catch {
                throw ClientError.unreachable(what: "the peer address \(peerAddress)", error)
            }
            bus = nil
            do throws(InkstoneClientError) {
                try client.ping()
            } catch {
                client.close()
                throw ClientError.peerRefused(address: peerAddress, error)
            }
            return
        }
        let environment = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        guard let address = busAddress ?? environment, !address.isEmpty else { throw ClientError.noBus }
        let bus = try Self.open(what: "the bus at \(address)") { try InkstoneConnection(busAddress: address) }
        do throws(InkstoneClientError) {
            _ = try bus.version()
        } catch {
            bus.close()
            throw ClientError.noDaemon(address: busAddress, error)
        }
        if !viaBus, let direct = try? bus.connectingDirectly(), (try? direct.ping()) != nil {
            client = direct
            self.bus = bus
        } else {
            client = bus
            self.bus = nil
        }
    }

    deinit {
        client.close()
        bus?.close()
    }

    /// Whether calls go peer to peer.
    var isDirect: Bool { client.isDirect }

    /// Accepts "3", "context/3" or a full object path of a context (or of a document).
    static func objectPath(_ argument: String) -> String {
        if argument.hasPrefix("/") { return argument }
        if argument.allSatisfy(\.isNumber) { return InkstoneNames.contextPathPrefix + argument }
        return InkstoneNames.servicePath + "/" + argument
    }

    private static func open(what: String, _ body: () throws -> InkstoneConnection) throws -> InkstoneConnection {
        do {
            return try body()
        } catch let error as InkstoneClientError {
            throw ClientError.unreachable(what: what, error)
        }
    }
}
