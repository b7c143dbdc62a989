import DBusKit
import InkstoneDBus
import InkstoneLayout
import InkstoneService
import InkstoneText
import Logging

/// What every front is given: the service its contexts live in, the engine-switch keys,
/// the log, the hook run after each handler (it sends the coalesced notifications) and the
/// one run for each new Inkstone context (it routes the context's geometry notifications).
struct FrontEnvironment {
    let service: InkstoneService
    let switcher: EngineSwitch
    let logger: Logger
    let afterHandler: @Sendable () -> Void
    let contextCreated: (InputContext) -> Void
}

/// One client context of a front: the compatibility context underneath and what the
/// client's protocol adds.
protocol CompatClient: AnyObject {
    var compat: CompatContext { get }
}

/// The clients of one front by Inkstone context id, and what both fronts do alike with
/// them: make their contexts, find the one a call is for (its creator only), forget them
/// when their creator leaves, and export objects that map errors the same way.
///
/// Confined to the daemon's loop thread, as the service is.
final class CompatClients<Client: CompatClient> {
    let environment: FrontEnvironment
    /// The front's name in log lines (`fcitx5`, `ibus`).
    let front: String
    private var byID: [UInt64: Client] = [:]

    init(_ environment: FrontEnvironment, front: String) {
        self.environment = environment
        self.front = front
    }

    var logger: Logger { environment.logger }

    /// A new compatibility context for `creator`; `make` wraps it into the front's client.
    func create(creator: String, program: String, _ make: (CompatContext) -> Client) throws -> Client {
        let compat = try CompatContext(
            service: environment.service, creator: creator, program: program, switcher: environment.switcher)
        environment.contextCreated(compat.context)
        let client = make(compat)
        byID[compat.context.id] = client
        logger.debug("\(front): context \(compat.context.id) created for \(creator) (\(program))")
        return client
    }

    /// The client with context `id` for `call`: `UnknownObject` when there is none,
    /// `AccessDenied` when the caller is not its creator.
    func client(id: UInt64?, for call: MethodCall) throws -> Client {
        guard let id, let client = byID[id] else {
            throw DBusKitError(name: DBusErrorName.unknownObject, message: "no input context at \(call.path)")
        }
        guard client.compat.creator == call.sender else {
            throw InkstoneError.accessDenied("input context \(call.path) belongs to another client")
        }
        return client
    }

    /// Destroys a client's context.
    func remove(_ client: Client) {
        byID[client.compat.context.id] = nil
        environment.service.destroyContext(client.compat.context)
        logger.debug("\(front): context \(client.compat.context.id) destroyed")
    }

    /// A peer left: its contexts are gone from the service already; drop their state.
    func peerVanished(_ peer: String) {
        byID = byID.filter { $0.value.compat.creator != peer }
    }

    /// Feeds a client's cursor rectangle into its context's geometry; logs where the
    /// candidate anchor moved.
    func setCursorRect(of client: Client, _ rect: LayoutRect, scale: Double) throws {
        if let anchor = try client.compat.setCursorRect(rect, scale: scale) {
            logger.debug("\(front): context \(client.compat.context.id) candidate anchor \(anchor)")
        }
    }

    /// An object serving `interfaces`, with the daemon's error mapping, hook and argument limits.
    func exportedObject(_ interfaces: [InterfaceTable]) -> ExportedObject {
        ExportedObject(
            interfaces: interfaces, mapError: InkstoneErrorMapping.dbusError(for:),
            afterHandler: environment.afterHandler, argumentLimits: environment.service.limits.argumentLimits)
    }
}

extension MessageReader {
    /// Reads a cursor rectangle, `(i x, i y, i width, i height)`, as both protocols send it.
    mutating func readCursorRect() throws -> LayoutRect {
        LayoutRect(
            x: Double(try readInt32()), y: Double(try readInt32()), width: Double(try readInt32()),
            height: Double(try readInt32()))
    }
}
