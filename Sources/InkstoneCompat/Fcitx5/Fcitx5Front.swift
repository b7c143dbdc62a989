import DBusKit
import InkstoneDBus
import InkstoneEngines
import InkstoneService
import InkstoneText
import Logging

/// The fcitx5 D-Bus frontend: `org.fcitx.Fcitx.InputMethod1` at
/// `/org/freedesktop/portal/inputmethod` (and `/inputmethod`) creates input contexts at
/// `/org/freedesktop/portal/inputcontext/N`, each an ordinary Inkstone context underneath.
///
/// Signals go unicast to the creator, from the connection that owns the names, before the
/// reply of the call that caused them. A context dies with `DestroyIC` or with its
/// creator's connection. Calls from any other peer are refused with
/// `org.inkstone.Error.AccessDenied` (stock fcitx5 silently answers defaults instead;
/// a refusal is visible in logs and changes nothing either way).
///
/// Confined to the daemon's loop thread, as the service is.
final class Fcitx5Front: @unchecked Sendable {
    /// The name a client looks for first, owned by the daemon's connection.
    static let busName = "org.fcitx.Fcitx5"
    /// The name sandboxed applications reach, owned by a connection of its own.
    static let portalName = "org.freedesktop.portal.Fcitx"
    /// The `InputMethod1` interface.
    static let inputMethodInterface = "org.fcitx.Fcitx.InputMethod1"
    /// Where `InputMethod1` lives (the second is the portal's legacy path).
    static let inputMethodPaths = ["/org/freedesktop/portal/inputmethod", "/inputmethod"]
    /// The subtree of input contexts.
    static let contextRoot = "/org/freedesktop/portal/inputcontext"

    /// The front's contexts by Inkstone context id (the last element of their path).
    let clients: CompatClients<Fcitx5Client>
    var logger: Logger { clients.logger }

    init(_ environment: FrontEnvironment) {
        clients = CompatClients(environment, front: "fcitx5")
    }

    /// Exports the input-method objects and the context subtree on `connection`.
    func export(on connection: Connection) throws {
        let inputMethod = clients.exportedObject([inputMethodTable()])
        for path in Self.inputMethodPaths { try connection.export(inputMethod, at: path) }
        try connection.exportSubtree(clients.exportedObject([contextTable()]), under: Self.contextRoot)
    }

    // MARK: InputMethod1

    private func inputMethodTable() -> InterfaceTable {
        var table = InterfaceTable(Self.inputMethodInterface)
        table.method("Version", output: "u") { _, _ in .write { $0.append(UInt32(1)) } }
        table.method("CreateInputContext", input: "a(ss)", output: "oay") { [unowned self] call, reader in
            let pairs = try reader.readArray { element in
                try element.readStruct { fields in (try fields.readString(), try fields.readString()) }
            }
            let program = pairs.last { $0.0 == "program" }?.1 ?? ""
            let client = try clients.create(creator: call.sender, program: program) { compat in
                Fcitx5Client(compat: compat, path: "\(Self.contextRoot)/\(compat.context.id)")
            }
            var uuid = [UInt8](repeating: 0, count: 16)
            var generator = SystemRandomNumberGenerator()
            for index in uuid.indices { uuid[index] = generator.next() }
            return .write { writer in
                writer.append(objectPath: client.path)
                writer.appendArray(of: "y") { array in for byte in uuid { array.append(byte) } }
            }
        }
        return table
    }

    /// The context a call is for; `UnknownObject` when there is none, `AccessDenied` for another peer.
    func client(for call: MethodCall) throws -> Fcitx5Client {
        try clients.client(id: try? ObjectPaths.id(of: call.path, under: Self.contextRoot), for: call)
    }
}

/// One fcitx5 input context: the compatibility context and what the client declared.
final class Fcitx5Client: CompatClient {
    let compat: CompatContext
    let path: String
    /// The context's signals, unicast to its creator.
    let signals: ClientSignals
    /// The capability mask in force.
    var capability: Fcitx5Capability = [] {
        didSet {
            compat.clientCommitsPreedit = capability.contains(.clientUnfocusCommit)
            compat.forwardsUnhandledKeys = capability.contains(.keyEventOrderFix)
        }
    }
    /// Whether the client has used `ProcessKeyEventBatch` (logged once).
    var batches = false
    /// What `SetSupportedCapability` declared (nil: nothing).
    var supported: UInt64?

    init(compat: CompatContext, path: String) {
        self.compat = compat
        self.path = path
        signals = ClientSignals(path: path, interface: Fcitx5Event.interface, destination: compat.creator)
    }

    /// Sends `events` as signals to the creator; a preedit goes only to a client that shows one.
    func emit(_ events: [ClientEvent], on connection: Connection) throws {
        for event in events { try emit(event, on: connection) }
    }

    /// Sends `event` as its signal to the creator, if the client shows it.
    func emit(_ event: ClientEvent, on connection: Connection) throws {
        guard shows(event) else { return }
        try Fcitx5Event.emit(event, through: signals, capability: capability, on: connection)
    }

    /// Whether the client is told about `event`: a preedit only when it shows one inline.
    func shows(_ event: ClientEvent) -> Bool {
        if case .preedit = event { return capability.contains(.preedit) }
        return true
    }
}
