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

    let service: InkstoneService
    let switcher: EngineSwitch
    let logger: Logger
    private let afterHandler: @Sendable () -> Void
    private var clients: [UInt64: IBusClient] = [:]

    init(
        service: InkstoneService, switcher: EngineSwitch, logger: Logger, afterHandler: @escaping @Sendable () -> Void
    ) {
        self.service = service
        self.switcher = switcher
        self.logger = logger
        self.afterHandler = afterHandler
    }

    /// Exports the portal and its contexts (one object for the subtree).
    func export(on connection: Connection) throws {
        let object = ExportedObject(
            interfaces: [portalTable(), contextTable(), serviceTable()],
            mapError: InkstoneErrorMapping.dbusError(for:), afterHandler: afterHandler,
            argumentLimits: service.limits.argumentLimits)
        try connection.exportSubtree(object, under: Self.root)
    }

    /// A peer left: its contexts are gone from the service already; drop their state.
    func peerVanished(_ peer: String) {
        clients = clients.filter { $0.value.compat.creator != peer }
    }

    private func portalTable() -> InterfaceTable {
        var table = InterfaceTable(Self.portalInterface)
        table.method("CreateInputContext", input: "s", output: "o") { [unowned self] call, reader in
            guard call.path == Self.root else {
                throw DBusKitError(name: DBusErrorName.unknownMethod, message: "CreateInputContext is at \(Self.root)")
            }
            let name = try reader.readString()
            let compat = try CompatContext(service: service, creator: call.sender, program: name, switcher: switcher)
            let path = "\(Self.root)/\(Self.contextPrefix)\(compat.context.id)"
            clients[compat.context.id] = IBusClient(compat: compat, path: path)
            logger.debug("ibus: context \(compat.context.id) created for \(call.sender) (\(name))")
            return .write { $0.append(objectPath: path) }
        }
        return table
    }

    private func serviceTable() -> InterfaceTable {
        var table = InterfaceTable(Self.serviceInterface)
        table.method("Destroy") { [unowned self] call, _ in
            let client = try client(for: call)
            clients[client.compat.context.id] = nil
            service.destroyContext(client.compat.context)
            return .empty
        }
        return table
    }

    /// The context a call is for; `UnknownObject` when there is none, `AccessDenied` for another peer.
    func client(for call: MethodCall) throws -> IBusClient {
        let prefix = "\(Self.root)/\(Self.contextPrefix)"
        guard call.path.hasPrefix(prefix), let id = UInt64(call.path.dropFirst(prefix.count)),
            let client = clients[id]
        else {
            throw DBusKitError(name: DBusErrorName.unknownObject, message: "no input context at \(call.path)")
        }
        guard client.compat.creator == call.sender else {
            throw InkstoneError.accessDenied("input context \(call.path) belongs to another client")
        }
        return client
    }
}

/// One IBus portal input context: the compatibility context and what the client declared.
final class IBusClient {
    /// `IBUS_CAP_PREEDIT_TEXT`, `IBUS_CAP_LOOKUP_TABLE`.
    static let preeditCapability: UInt32 = 1 << 0
    static let lookupTableCapability: UInt32 = 1 << 2
    /// `IBUS_CAP_SURROUNDING_TEXT`.
    static let surroundingTextCapability: UInt32 = 1 << 5

    let compat: CompatContext
    let path: String
    var capabilities: UInt32 = preeditCapability
    var cursorLocation: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// `ContentType` (purpose, hints).
    var contentType: (purpose: UInt32, hints: UInt32) = (0, 0)

    init(compat: CompatContext, path: String) {
        self.compat = compat
        self.path = path
    }
}
