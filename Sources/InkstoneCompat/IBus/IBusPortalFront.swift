import DBusKit
import InkstoneDBus
import InkstoneEngines
import InkstoneService
import InkstoneText
import Logging

/// The IBus portal (`org.freedesktop.portal.IBus`): `org.freedesktop.IBus.Portal` at
/// `/org/freedesktop/IBus` creates input contexts at `/org/freedesktop/IBus/InputContext_N`
/// (`org.freedesktop.IBus.InputContext` and `org.freedesktop.IBus.Service`), each an
/// ordinary Inkstone context underneath. Signals go unicast to the creator before the
/// call's reply; only the creator may call a context (`org.inkstone.Error.AccessDenied`);
/// a context dies with `Destroy` or its creator's connection.
final class IBusPortalFront: @unchecked Sendable {
    /// The portal name.
    static let busNames = ["org.freedesktop.portal.IBus"]
    /// The portal object, and the parent of the contexts.
    static let root = "/org/freedesktop/IBus"
    static let portalInterface = "org.freedesktop.IBus.Portal"
    static let contextInterface = "org.freedesktop.IBus.InputContext"
    static let serviceInterface = "org.freedesktop.IBus.Service"
    /// The last path element of a context, before its number.
    static let contextPrefix = "InputContext_"

    /// The front's contexts by Inkstone context id (the number ending their path).
    let clients: CompatClients<IBusClient>
    var logger: Logger { clients.logger }

    init(_ environment: FrontEnvironment) {
        clients = CompatClients(environment, front: "ibus")
    }

    /// Exports the portal and its contexts (one object for the subtree).
    func export(on connection: Connection) throws {
        try connection.exportSubtree(
            clients.exportedObject([portalTable(), contextTable(), serviceTable()]), under: Self.root)
    }

    private func portalTable() -> InterfaceTable {
        var table = InterfaceTable(Self.portalInterface)
        table.method("CreateInputContext", input: "s", output: "o") { [unowned self] call, reader in
            guard call.path == Self.root else {
                throw DBusKitError(name: DBusErrorName.unknownMethod, message: "CreateInputContext is at \(Self.root)")
            }
            let name = try reader.readString()
            let client = try clients.create(creator: call.sender, program: name) { compat in
                IBusClient(compat: compat, path: "\(Self.root)/\(Self.contextPrefix)\(compat.context.id)")
            }
            return .write { $0.append(objectPath: client.path) }
        }
        return table
    }

    private func serviceTable() -> InterfaceTable {
        var table = InterfaceTable(Self.serviceInterface)
        table.method("Destroy") { [unowned self] call, _ in
            clients.remove(try client(for: call))
            return .empty
        }
        return table
    }

    /// The context a call is for; `UnknownObject` when there is none, `AccessDenied` for another peer.
    func client(for call: MethodCall) throws -> IBusClient {
        let prefix = "\(Self.root)/\(Self.contextPrefix)"
        let id = call.path.hasPrefix(prefix) ? UInt64(call.path.dropFirst(prefix.count)) : nil
        return try clients.client(id: id, for: call)
    }
}

/// One IBus portal input context: the compatibility context and what the client declared.
final class IBusClient: CompatClient {
    /// `IBUS_CAP_PREEDIT_TEXT`, `IBUS_CAP_LOOKUP_TABLE`.
    static let preeditCapability: UInt32 = 1 << 0
    static let lookupTableCapability: UInt32 = 1 << 2
    /// `IBUS_CAP_SURROUNDING_TEXT`.
    static let surroundingTextCapability: UInt32 = 1 << 5

    let compat: CompatContext
    let path: String
    /// The context's signals, unicast to its creator.
    let signals: ClientSignals
    var capabilities: UInt32 = preeditCapability
    /// `ContentType` (purpose, hints).
    var contentType: (purpose: UInt32, hints: UInt32) = (0, 0)

    init(compat: CompatContext, path: String) {
        self.compat = compat
        self.path = path
        signals = ClientSignals(path: path, interface: IBusPortalFront.contextInterface, destination: compat.creator)
    }
}
