import CSystemd
import Glibc

/// An object (or a subtree of objects) exported on a connection: its interface
/// tables plus the standard `Properties`, `Introspectable` and `Peer`.
///
/// Dispatch answers `UnknownMethod` for members no table declares and
/// `InvalidArgs` for a wrong input signature, both before any handler runs.
public final class ExportedObject: Sendable {
    /// Every interface table by name, the standard ones included.
    public let tables: [String: InterfaceTable]
    /// The tables in the order a call without an interface name searches them,
    /// each with its name as a C string: a call's interface is found by comparing
    /// the message's own bytes, without making a `String` of it.
    private let searchOrder: [(cName: [CChar], table: InterfaceTable)]
    private let mapError: @Sendable (any Error) -> DBusKitError
    private let afterHandler: (@Sendable () -> Void)?
    private let argumentLimits: ArgumentLimits?
    private let introspectionXML: String
    private let lookup: (@Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode)?
    private let observe: (@Sendable (MethodCall, DBusKitError?) -> Void)?

    /// Creates an object from its tables.
    ///
    /// - Parameters:
    ///   - interfaces: the object's own interfaces.
    ///   - introspectionXML: what `Introspect` returns; generated from the tables when nil.
    ///   - mapError: turns errors other than ``DBusKitError`` thrown by handlers into D-Bus errors.
    ///   - afterHandler: runs after every handler, before its reply is sent (e.g. to
    ///     flush signals the call caused, so they precede the reply).
    ///   - argumentLimits: what one call's arguments may carry (checked as handlers read them).
    ///   - lookup: what is at a call's path, given as its bytes (valid during the call), for a live
    ///     tree; nil: an object with no children at every path.
    ///   - observe: told of every call a handler ran, with the error it answered (nil: success), e.g. to log it.
    public init(
        interfaces: [InterfaceTable], introspectionXML: String? = nil,
        mapError: @escaping @Sendable (any Error) -> DBusKitError = { .failed("\($0)") },
        afterHandler: (@Sendable () -> Void)? = nil, argumentLimits: ArgumentLimits? = nil,
        lookup: (@Sendable (UnsafeBufferPointer<UInt8>) -> ObjectNode)? = nil,
        observe: (@Sendable (MethodCall, DBusKitError?) -> Void)? = nil
    ) {
        var tables: [String: InterfaceTable] = [:]
        for table in interfaces { tables[table.name] = table }
        let own = tables
        let xml =
            introspectionXML
            ?? IntrospectionWriter.xml(
                for: Array(own.values) + StandardInterfaces.tables(own: own, introspectionXML: ""))
        for standard in StandardInterfaces.tables(own: own, introspectionXML: xml) {
            tables[standard.name] = standard
        }
        self.tables = tables
        self.introspectionXML = xml
        self.lookup = lookup
        self.observe = observe
        searchOrder = (interfaces.map(\.name) + StandardInterfaces.names).compactMap { name in
            tables[name].map { (Array(name.utf8CString), $0) }
        }
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
        var target: AnyObject?
        if let lookup {
            let node = lookup(Self.pathBytes(of: message))
            if case .found(let object) = node {
                target = object
            } else if answeredFromTree(node, message, on: connection) {
                return
            }
        }
        let member = message.member ?? ""
        let table: InterfaceTable?
        if let requested = sd_bus_message_get_interface(message.raw) {
            table = searchOrder.first { strcmp($0.cName, requested) == 0 }?.table
        } else {
            table = searchOrder.first { $0.table.methods[member] != nil }?.table
        }
        guard let table, let method = table.methods[member] else {
            let requested = message.interface
            let inInterface = requested.map { "in interface '\($0)' " } ?? ""
            let path = message.path ?? "/"
            let error = DBusKitError(
                name: DBusErrorName.unknownMethod,
                message:
                    "No such method '\(member)' \(inInterface)at object path '\(path)' (signature '\(message.signature)')"
            )
            reply(to: message, on: connection, error: error)
            observe?(
                MethodCall(
                    connection: connection, message: message, interface: requested ?? "", member: member,
                    target: target),
                error)
            return
        }
        let call = MethodCall(
            connection: connection, message: message, interface: table.name, member: member, target: target)
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
            case .write(let body): try call.reply(expecting: method.outputSignature, body)
            case .deferred: break
            }
            observe?(call, nil)
        } catch let error as DBusKitError {
            call.reply(error: error)
            observe?(call, error)
        } catch {
            let mapped = mapError(error)
            call.reply(error: mapped)
            observe?(call, mapped)
        }
    }

    /// Answers calls the live tree decides (absent paths, containers, introspection with
    /// children); false when the call goes to the interface tables. A call to an object
    /// without children (every key) is not looked at further.
    private func answeredFromTree(_ node: ObjectNode, _ message: Message, on connection: Connection) -> Bool {
        func isIntrospect() -> Bool {
            message.isMember("Introspect", of: StandardInterfaces.introspectable) && message.hasSignature("")
        }
        switch node {
        case .absent(let error):
            reply(to: message, on: connection, error: error)
        case .container(let children, let error):
            guard isIntrospect() else {
                reply(to: message, on: connection, error: error)
                return true
            }
            replyIntrospection(IntrospectionWriter.xml(for: [], children: children), to: message, on: connection)
        case .object(let children):
            guard !children.isEmpty, isIntrospect() else { return false }
            replyIntrospection(
                IntrospectionWriter.adding(children: children, to: introspectionXML), to: message, on: connection)
        case .found:
            return false
        }
        return true
    }

    /// The call's object path as bytes, read in place (valid while `message` lives): a
    /// lookup parses it without a `String` being made per call.
    private static func pathBytes(of message: Message) -> UnsafeBufferPointer<UInt8> {
        guard let path = sd_bus_message_get_path(message.raw) else {
            let root: StaticString = "/"
            return UnsafeBufferPointer(start: root.utf8Start, count: root.utf8CodeUnitCount)
        }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path))
    }

    private func replyIntrospection(_ xml: String, to message: Message, on connection: Connection) {
        guard !message.noReply, let reply = message.makeReturn() else { return }
        reply.write { $0.append(xml) }
        _ = try? connection.send(reply)
    }

    private func reply(to message: Message, on connection: Connection, error: DBusKitError) {
        guard !message.noReply, let reply = message.makeError(name: error.name, message: error.message) else { return }
        _ = try? connection.send(reply)
    }
}
