import DBusKit
import InkstoneClient

/// One client of the soak: a bus or a direct (peer-to-peer) connection and the
/// contexts and documents it created.
final class SoakClient {
    let connection: Connection
    /// Whether this is a direct connection (calls carry no destination).
    let isPeer: Bool
    /// Contexts only this client may call (`CreateInputContext`).
    var contexts: [String] = []
    /// Documents this client created.
    var documents: [String] = []

    init(connection: Connection, isPeer: Bool) {
        self.connection = connection
        self.isPeer = isPeer
    }

    var kind: String { isPeer ? "peer" : "bus \(connection.uniqueName ?? "?")" }

    /// The outcome of one call.
    enum Outcome {
        case reply(Message)
        case error(name: String, message: String)
    }

    /// Calls a method and drops every signal that arrived meanwhile.
    func call(
        _ path: String, _ interface: String, _ member: String, timeoutMilliseconds: Int32 = 20_000,
        _ body: (inout MessageWriter) -> Void
    ) -> Outcome {
        defer { dropSignals() }
        do {
            let reply = try connection.call(
                destination: isPeer ? nil : InkstoneNames.busName, path: path, interface: interface, member: member,
                timeoutMilliseconds: timeoutMilliseconds, body)
            return .reply(reply)
        } catch let error as DBusKitError {
            return .error(name: error.name, message: error.message)
        } catch {
            return .error(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
        }
    }

    /// Discards queued incoming messages (signals), so a listener never falls behind.
    func dropSignals() {
        while connection.nextMessage(timeoutMilliseconds: 0) != nil {}
    }
}
