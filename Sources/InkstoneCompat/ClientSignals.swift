import DBusKit

/// The signals of one compatibility context, unicast to its creator. Each member's signal
/// is built and checked once (path, interface, member and destination fixed) and
/// duplicated for every send, so a key pays for the signal's arguments only.
///
/// Confined to the daemon's loop thread, as the fronts are.
final class ClientSignals {
    private let path: String
    private let interface: String
    private let destination: String
    private var templates: [String: Message] = [:]

    /// The signals of `interface` at `path`, sent to `destination` only.
    init(path: String, interface: String, destination: String) {
        self.path = path
        self.interface = interface
        self.destination = destination
    }

    /// Sends `member` with the arguments `body` writes on `connection`; throws `InvalidArgs`
    /// for an invalid name or a value the writer refused (nothing is sent then).
    func emit(_ member: String, on connection: Connection, _ body: (inout MessageWriter) throws -> Void = { _ in })
        throws
    {
        try connection.emitSignal(copying: try template(member, on: connection), body)
    }

    /// The unsent signal `member` duplicates, made on `connection` on its first use.
    private func template(_ member: String, on connection: Connection) throws(DBusKitError) -> Message {
        if let template = templates[member] { return template }
        let template = try connection.makeSignal(
            path: path, interface: interface, member: member, destination: destination)
        templates[member] = template
        return template
    }
}
