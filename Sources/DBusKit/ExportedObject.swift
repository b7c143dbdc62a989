import CDBus

/// An object (or a subtree of objects) exported on a connection: its interface
/// tables plus the standard `Properties`, `Introspectable` and `Peer`.
///
/// Dispatch answers `UnknownMethod` for members no table declares and
/// `InvalidArgs` for a wrong input signature, both before any handler runs.
public final class ExportedObject: Sendable {
    /// Every interface table by name, the standard ones included.
    public let tables: [String: InterfaceTable]
    /// Interfaces in the order a call without an interface name searches them.
    private let searchOrder: [String]
    private let mapError: @Sendable (any Error) -> DBusKitError
    private let afterHandler: (@Sendable () -> Void)?
    private let argumentLimits: ArgumentLimits?

    /// Creates an object from its tables.
    ///
    /// - Parameters:
    ///   - interfaces: the object's own interfaces.
    ///   - introspectionXML: what `Introspect` returns; generated from the tables when nil.
    ///   - mapError: turns errors other than ``DBusKitError`` thrown by handlers into D-Bus errors.
    ///   - afterHandler: runs after every handler, before its reply is sent (e.g. to
    ///     flush signals the call caused, so they precede the reply).
    ///   - argumentLimits: what one call's arguments may carry (checked as handlers read them).
    public init(
        interfaces: [InterfaceTable], introspectionXML: String? = nil,
        mapError: @escaping @Sendable (any Error) -> DBusKitError = { .failed("\($0)") },
        afterHandler: (@Sendable () -> Void)? = nil, argumentLimits: ArgumentLimits? = nil
    ) {
        var tables: [String: InterfaceTable] = [:]
        for table in interfaces { tables[table.name] = table }
        let own = tables
        let xml = introspectionXML ?? IntrospectionWriter.xml(
            for: Array(own.values) + StandardInterfaces.tables(own: own, introspectionXML: ""))
        for standard in StandardInterfaces.tables(own: own, introspectionXML: xml) {
            tables[standard.name] = standard
        }
        self.tables = tables
        searchOrder = interfaces.map(\.name) + StandardInterfaces.names
        self.mapError = mapError
        self.afterHandler = afterHandler
        self.argumentLimits = argumentLimits
    }

    /// Every declared member, the standard interfaces included, sorted.
    public var members: [MemberDescription] {
        tables.values.flatMap(\.members).sorted()
    }

    /// Dispatches a method call to its handler and sends the reply.
    func dispatch(_ message: Message, on connection: Connection) {
        let path = message.path ?? "/"
        let member = message.member ?? ""
        let requested = message.interface
        let table: InterfaceTable?
        if let requested {
            table = tables[requested]
        } else {
            table = searchOrder.lazy.compactMap { self.tables[$0] }.first { $0.methods[member] != nil }
        }
        guard let table, let method = table.methods[member] else {
            let where_ = requested.map { "in interface '\($0)' " } ?? ""
            reply(to: message, on: connection, error: DBusKitError(
                name: DBusErrorName.unknownMethod,
                message: "No such method '\(member)' \(where_)at object path '\(path)' (signature '\(message.signature)')"))
            return
        }
        let call = MethodCall(connection: connection, message: message, path: path, interface: table.name, member: member)
        do {
            var reader = try MessageReader(message, expecting: method.inputSignature)
            reader.limits = argumentLimits
            let outcome: MethodReply
            do {
                outcome = try method.handler(call, &reader)
            } catch {
                afterHandler?()
                throw error
            }
            afterHandler?()
            switch outcome {
            case .empty: call.reply { _ in }
            case .write(let body): try call.reply(body)
            case .deferred: break
            }
        } catch let error as DBusKitError {
            call.reply(error: error)
        } catch {
            call.reply(error: mapError(error))
        }
    }

    private func reply(to message: Message, on connection: Connection, error: DBusKitError) {
        guard !message.noReply, let reply = message.makeError(name: error.name, message: error.message) else { return }
        _ = try? connection.send(reply)
    }
}
